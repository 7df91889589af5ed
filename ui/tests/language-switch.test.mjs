// Switching language on the reservation page: a visitor who has typed something
// is asked before the page is left; declining stays, accepting switches and
// stores the preference. Without typed input there is no question.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertShows, useServerAndBrowser, visit, waitForHydration, watchPage } from "./helpers.mjs";

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

async function reservationPage(path, locale) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const watch = watchPage(page, server.baseUrl);
  await visit(page, server.baseUrl, path);
  await waitForHydration(page);
  return { context, page, watch };
}

// One direction: the question is the same mechanism in every language, and
// its sentence comes from the locale files, whose keys are the same in all three.
const cases = [
  { from: "/reserveren", to: "/reservieren", flag: "de", locale: "nl-NL", question: "Wilt u de pagina vernieuwen?" },
];

for (const { from, to, flag, locale, question } of cases) {
  test(`typed input on ${from}: declining the question stays, accepting switches to ${to}`, async () => {
    const { context, page, watch } = await reservationPage(from, locale);
    await page.fill("#name", "Jan");

    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.click(`a[data-lang=${flag}]`);
    await page.waitForTimeout(300);
    assert.equal(asked, question);
    await assertShows(page, server.baseUrl, from); // declined: still on the page
    assert.equal(await page.inputValue("#name"), "Jan", "typed input kept");
    assert.equal(
      (await context.cookies()).find((c) => c.name === "lang"),
      undefined,
      "no preference stored",
    );

    page.once("dialog", (dialog) => void dialog.accept());
    await Promise.all([page.waitForURL(`**${to}`), page.click(`a[data-lang=${flag}]`)]);
    await assertShows(page, server.baseUrl, to, flag);
    assert.equal((await context.cookies()).find((c) => c.name === "lang")?.value, flag);
    watch.assertClean(assert);
    await context.close();
  });
}

test("without typed input the language switches without a question", async () => {
  const { context, page } = await reservationPage("/reserveren", "nl-NL");
  let asked = false;
  page.on("dialog", (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await Promise.all([page.waitForURL("**/reservation"), page.click("a[data-lang=en]")]);
  await assertShows(page, server.baseUrl, "/reservation", "en");
  assert.equal(asked, false);
  await context.close();
});
