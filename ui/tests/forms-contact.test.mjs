// The contact form with JavaScript, end to end in a real browser (Debian's
// Chromium through playwright-core) against the release binary: a complete
// message, its thanks and its two mails; an empty message stopped with the
// errors, the browser's and the server's in one round. Without JavaScript it is
// in forms-nojs.test.mjs; what the forms tests share in forms-kit.mjs. One
// server and one browser for the whole file.
// Run from ui/: npm test. Screenshots of failures go to <repo>/test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { LANGS, ROUTES, TEXTS, eventually, snapshot } from "./helpers.mjs";
import {
  TIMEOUT,
  assertErrors,
  assertOnly,
  fmt,
  goto,
  mailbox,
  submitButton,
  unique,
  useFormsServer,
  value,
  waitForMails,
  withPage,
} from "./forms-kit.mjs";

/** A message word for word, not read from the locale files. */
const SUBJECT_REQUIRED = {
  nl: "Vul een onderwerp in.",
  de: "Bitte geben Sie einen Betreff ein.",
  en: "Enter a subject.",
};

useFormsServer();

describe("contact form with JavaScript", () => {
  for (const lang of ["de"]) {
    test(
      `${lang}: a complete message is accepted, the thanks take the form's place in view and the staff gets a mail`,
      TIMEOUT,
      () =>
        withPage(`contact-${lang}`, lang, {}, async ({ page, watch }) => {
          const t = TEXTS[lang];
          const id = unique();
          const message = {
            name: `Anna ${id}`,
            email: `anna.${id}@example.com`,
            phone: "06-12345678",
            subject: `Vraag ${id}`,
            message: "Regel één\nRegel twee & meer",
          };
          await goto(page, ROUTES[lang].contact);
          for (const [field, text] of Object.entries(message)) await page.fill(`#${field}`, text);
          const posted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/contact/${lang}`);
          await submitButton(page).click();
          assert.equal((await posted).status(), 200);

          const box = page.locator(".success-box");
          await box.waitFor();
          assert.equal((await box.locator("h2").textContent()).trim(), t.contact.success.heading);
          assert.equal((await box.locator("p").textContent()).trim(), t.api.contactReceived);
          // As the booking's: in view and focused, in the form's place (no emptied fields to puzzle over).
          await eventually(
            "the thanks focused",
            () => page.evaluate(() => document.activeElement?.id),
            (id) => id === "contact-result",
          );
          assert.ok(
            await box.evaluate((el) => {
              const r = el.getBoundingClientRect();
              return r.top >= 0 && r.bottom <= innerHeight;
            }),
            "in view",
          );
          assert.equal(await page.locator("#message").count(), 0, "the form gave way to the thanks");
          assert.equal(await page.locator(".error-summary, .field-error, .error-text").count(), 0, "no errors");
          await box.getByRole("link", { name: t.contact.success.another }).click();
          assert.equal(await value(page, "#message"), "", "another message starts empty");

          const mails = await waitForMails(
            `contact mails for ${message.email}`,
            (m) => m.headers["reply-to"]?.[0]?.includes(message.email) || m.header("delivered-to") === message.email,
            2,
          );
          assert.deepEqual(
            mails.map((m) => m.kind).sort(),
            ["contact-ack", "staff-contact"],
            `contact mails: ${mails.map((m) => m.file)}`,
          );
          const staff = mails.find((m) => m.kind === "staff-contact");
          const staffLang = staff.header("content-language");
          assert.ok(LANGS.includes(staffLang), `staff mail language ${staffLang}`);
          assert.equal(
            staff.header("subject"),
            fmt(TEXTS[staffLang].mail.staffContact.subject, message),
            "staff contact subject",
          );
          assert.deepEqual(
            mailbox(staff.header("reply-to")),
            { name: "", address: message.email },
            "staff Reply-To: the address only",
          );
          const ack = mails.find((m) => m.kind === "contact-ack");
          assert.deepEqual(
            mailbox(ack.header("to")),
            { name: "", address: message.email },
            "acknowledgement To: the address only",
          );
          assert.equal(ack.header("delivered-to"), message.email);
          assert.equal(ack.header("content-language"), lang);
          const reference = /\bC-[A-Z0-9]{6}\b/.exec(ack.header("subject"))?.[0];
          assert.ok(reference, `a reference in the acknowledgement's subject "${ack.header("subject")}"`);
          assert.ok(staff.raw.includes(reference), "the staff mail has the same reference");
          assertOnly(watch, {}, ROUTES[lang].contact);
        }),
    );
  }
  for (const lang of ["nl"]) {
    test(`${lang}: an empty message is stopped with the summary focused and inline messages`, TIMEOUT, () =>
      withPage(`contact-errors-${lang}`, lang, {}, async ({ page, watch }) => {
        const v = TEXTS[lang].validation;
        await goto(page, ROUTES[lang].contact);
        const textarea = page.locator("textarea#message");
        assert.equal(await textarea.getAttribute("rows"), "8", "message rows");
        assert.equal(await textarea.getAttribute("maxlength"), "500", "message maxlength");
        assert.equal(
          (await page.locator("#message-hint").textContent()).trim(),
          fmt(TEXTS[lang].form.charactersMax, { max: 500 }),
        );

        // A phone number only the server can tell is none: its error comes in the same round as
        // the browser's (issue 55: they came in two).
        await page.fill("#phone", "12");
        await submitButton(page).click();
        assert.equal(v.subjectRequired, SUBJECT_REQUIRED[lang]);
        await assertErrors(page, lang, {
          name: v.nameRequired,
          email: v.emailRequired,
          phone: v.phone,
          subject: v.subjectRequired,
          message: v.messageRequired,
        });
        assert.deepEqual(
          ((await textarea.getAttribute("aria-describedby")) ?? "").split(/\s+/),
          ["message-hint", "message-error"],
          "the textarea is described by its hint and its error",
        );
        assert.equal(await value(page, "#phone"), "12", "typed phone kept");
        assert.equal(
          watch.requests.filter((r) => r.includes("/api/contact/")).length,
          1,
          "the server is asked too, and refuses",
        );

        // Fixing two fields and sending again updates the summary (and focuses it again).
        await page.fill("#phone", "0475 123456");
        await page.fill("#name", "Anna");
        await page.locator("body").click({ position: { x: 1, y: 1 } });
        await submitButton(page).click();
        await eventually(
          "three errors left",
          () => page.locator(".error-summary li").count(),
          (n) => n === 3,
        );
        await assertErrors(page, lang, {
          email: v.emailRequired,
          subject: v.subjectRequired,
          message: v.messageRequired,
        });
        await snapshot(page, `forms-${lang}-contact-empty.png`);
        const refused = `/api/contact/${lang}`;
        assertOnly(watch, { rejected: [refused, refused] }, ROUTES[lang].contact);
      }),
    );
  }
});
