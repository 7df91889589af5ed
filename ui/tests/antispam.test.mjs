// Anti-spam as a visitor meets it: the honeypot field is never seen or reached,
// and a form sent faster than a person can type is refused with a kind request
// to send again (which then works). The server here keeps a minimum fill time.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { TEXTS, eventually, useServerAndBrowser, visit, waitForHydration } from "./helpers.mjs";

// Far beyond what opening and filling the form takes here, even with other suites
// running beside this one (about 3 s): the first send must fall inside it.
const MIN_FILL_SECONDS = 10;
const TIMEOUT = { timeout: 40_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]), {
  env: { TAXI_MIN_FILL_SECONDS: String(MIN_FILL_SECONDS) },
});

async function openPage(path, viewport = { width: 360, height: 740 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await visit(page, server.baseUrl, path);
  await waitForHydration(page);
  return { page, close: () => context.close() };
}

/** When the server started the form's clock: the time (ms) in its signed `form_opened` cookie. */
async function formOpenedAt(page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "form_opened");
  assert.ok(cookie, "the form page set its form_opened cookie");
  return Number(cookie.value.split(".")[0]);
}

const mailCount = () => {
  try {
    return readdirSync(join(server.dataDir, "maildir", "new")).length;
  } catch {
    return 0;
  }
};

describe("honeypot", () => {
  for (const path of ["/reserveren", "/reservieren?mode=whatsapp", "/contact-us"]) {
    test(
      `${path}: the extra field is off-screen, hidden from assistive technology and never reached by Tab`,
      TIMEOUT,
      async () => {
        const { page, close } = await openPage(path);
        try {
          const trap = page.locator("#website");
          assert.equal(await trap.count(), 1);
          const box = await trap.boundingBox();
          assert.ok(!box || box.x + box.width <= 0 || box.y + box.height <= 0, `off-screen: ${JSON.stringify(box)}`);
          const wrapper = page.locator(".field-website");
          assert.equal(await wrapper.getAttribute("aria-hidden"), "true");
          assert.equal(await trap.getAttribute("tabindex"), "-1");
          assert.equal(await trap.getAttribute("autocomplete"), "off");
          const classes = await trap.evaluate((el) => {
            const names = [];
            for (let e = el; e && e.tagName !== "FORM"; e = e.parentElement)
              names.push(e.className, e.id, e.getAttribute("name") ?? "");
            return names.join(" ");
          });
          assert.doesNotMatch(
            classes,
            /honey|trap|spam|bot|hidden|hp\b/i,
            `no telltale names on the field or around it: ${classes}`,
          );

          // Tab from the top of the page to the send button: the field is skipped.
          await page.locator("body").click({ position: { x: 1, y: 1 } });
          const visited = [];
          for (let i = 0; i < 60; i++) {
            await page.keyboard.press("Tab");
            const id = await page.evaluate(
              () =>
                document.activeElement?.id ||
                document.activeElement?.getAttribute("type") ||
                document.activeElement?.tagName,
            );
            visited.push(id);
            if (id === "submit") break;
          }
          assert.ok(visited.includes("submit"), `reached the send button: ${visited.join(", ")}`);
          assert.ok(!visited.includes("website"), `never focused: ${visited.join(", ")}`);
        } finally {
          await close();
        }
      },
    );
  }
});

describe("minimum fill time", () => {
  test(
    "en: a contact form sent at machine speed asks to send again, keeps the text, and the second try is accepted",
    TIMEOUT,
    async () => {
      const { page, close } = await openPage("/contact-us");
      try {
        const t = TEXTS.en;
        const before = mailCount();
        const message = {
          name: "Quick Typist",
          email: "quick@example.com",
          subject: "Fast",
          message: "Typed by a robot-fast hand",
        };
        for (const [field, text] of Object.entries(message)) await page.fill(`#${field}`, text);
        await page.locator("form button[type=submit]").click();
        // Whichever answer comes, so a send that missed the window fails at once and says so.
        const answer = page.locator("form .error-text, form .success-box").first();
        await answer.waitFor();
        const openedAt = await formOpenedAt(page);
        assert.equal(
          (await answer.textContent()).trim(),
          t.api.tooFast,
          `refused as too fast (${Date.now() - openedAt} ms after opening)`,
        );
        for (const [field, text] of Object.entries(message))
          assert.equal(await page.inputValue(`#${field}`), text, `#${field} kept`);
        assert.equal(mailCount(), before, "nothing sent");

        // The server counts from the time in its cookie: send again once the minimum has passed.
        await page.waitForTimeout(Math.max(0, openedAt + MIN_FILL_SECONDS * 1000 - Date.now()));
        await page.locator("form button[type=submit]").click();
        await page.locator(".success-box").waitFor();
        assert.equal((await page.locator(".success-box p").textContent()).trim(), t.api.contactReceived);
        await eventually("two mails", mailCount, (n) => n >= before + 2);
      } finally {
        await close();
      }
    },
  );
});
