// Closed dates and the times Send would refuse, as a visitor on a 360 px phone meets them: the
// form pages name the next closure and the answer hours; a pick-up on a closed day is refused
// under the date field with the company's own message before Send (nothing is posted), and a
// return before the outward ride under the return field, without a round-trip price. The rules
// stay on the server; the form asks it while the times are picked. Each language in turn.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  ROUTES,
  pricedToSchiphol,
  TEXTS,
  assertAccessible,
  dutchDateTime,
  eventually,
  onPhone as phone,
  useServerAndBrowser,
  visit,
  waitForHydration,
} from "./helpers.mjs";

const TIMEOUT = { timeout: 60_000 };
const day = (ahead) => dutchDateTime(ahead).slice(0, 10);
const CLOSED = {
  nl: "Wegens familieomstandigheden rijden wij dan niet.",
  de: "Wegen eines Familienfests fahren wir dann nicht.",
  en: "We are closed for a family celebration.",
};
const CLOSURE = { from: `${day(3)}T00:00`, until: `${day(5)}T00:00` };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]), {
  configToml:
    `[[booking.closed]]\nfrom = "${CLOSURE.from}"\nuntil = "${CLOSURE.until}"\n` +
    `message = { nl = "${CLOSED.nl}", de = "${CLOSED.de}", en = "${CLOSED.en}" }\n`,
});

/** A 360 × 740 phone of a visitor of `lang`; `run(page, posts)` with the POSTs it made. */
const onPhone = (lang, run) =>
  phone(browser, server.baseUrl, lang, { viewport: { width: 360, height: 740 } }, (page) => {
    const posts = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    return run(page, posts);
  });

const errorOf = (page, id) => page.locator(`#${id}-error`);

test("nl: a pick-up on a closed day is refused under the date before Send, with the company's message", TIMEOUT, () =>
  onPhone("nl", async (page, posts) => {
    await visit(page, server.baseUrl, ROUTES.nl.reservation);
    const note = page.locator(".closure-note");
    assert.match(await note.textContent(), /^Gesloten van .+: Wegens familieomstandigheden rijden wij dan niet\.$/);
    await waitForHydration(page);
    await page.fill("#dateTime", `${day(4)}T10:00`);
    await errorOf(page, "dateTime").waitFor();
    assert.equal((await errorOf(page, "dateTime").textContent()).trim(), CLOSED.nl);
    assert.equal(await page.locator("#dateTime").getAttribute("aria-invalid"), "true");
    assert.match(await page.locator("#dateTime").getAttribute("aria-describedby"), /dateTime-error/);
    await assertAccessible(page, "nl closed day refused");
    // `until` is open again: the message goes as soon as the time is fixed.
    await page.fill("#dateTime", CLOSURE.until);
    await eventually(
      "the message gone",
      () => errorOf(page, "dateTime").count(),
      (n) => n === 0,
    );
    assert.deepEqual(posts, [], "nothing was sent");
  }),
);

test("en: a return before the outward ride is refused before Send and not priced", TIMEOUT, () =>
  onPhone("en", async (page, posts) => {
    const amount = await pricedToSchiphol(page, server.baseUrl);
    await page.fill("#dateTime", `${day(2)}T10:00`);
    await page.fill("#returnDateTime", `${day(2)}T09:00`);
    await errorOf(page, "returnDateTime").waitFor();
    assert.equal(
      (await errorOf(page, "returnDateTime").textContent()).trim(),
      TEXTS.en.funnel.validation.returnBeforePickup,
    );
    // The ride back may have been asked for before the refusal came: its price goes with it.
    await eventually(
      "no ride back and no total for a return Send would refuse",
      () => amount.count(),
      (n) => n === 1,
    );
    assert.equal(await page.locator(".price-total").count(), 0, "no total");
    await page.fill("#returnDateTime", `${day(2)}T18:00`);
    await eventually(
      "the ride back priced",
      () => amount.count(),
      (n) => n === 3,
    );
    assert.equal(await errorOf(page, "returnDateTime").count(), 0, "the message went");
    // A return on a closed day: the company's message under the return field.
    await page.fill("#returnDateTime", `${day(3)}T18:00`);
    await eventually(
      "the closure under the return",
      async () => (await errorOf(page, "returnDateTime").count()) && errorOf(page, "returnDateTime").textContent(),
      (text) => text && text.trim() === CLOSED.en,
    );
    assert.equal(await errorOf(page, "dateTime").count(), 0, "the outward ride is open");
    assert.deepEqual(
      posts.filter((u) => !new URL(u).pathname.startsWith("/api/place")),
      [],
      "nothing was sent",
    );
  }),
);

test("de: the contact and reservation pages name the next closure and the answer hours", TIMEOUT, () =>
  onPhone("de", async (page) => {
    const answers = TEXTS.de.service.answers
      .replace("{{from}}", "06:00")
      .replace("{{until}}", "23:00")
      .replace("{{minutes}}", "30");
    for (const path of [ROUTES.de.contact, ROUTES.de.reservation]) {
      await visit(page, server.baseUrl, path);
      const notes = page.locator(".service-notes p");
      assert.deepEqual(
        (await notes.allTextContents()).map((s) => s.trim().replace(/^Geschlossen von .+: /, "")),
        [CLOSED.de, answers],
        path,
      );
      await assertAccessible(page, `de ${path} service notes`);
    }
  }),
);
