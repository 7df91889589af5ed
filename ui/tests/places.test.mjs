// Address search on a 360 px phone against the release binary and its built-in
// place data, each behaviour in one language (the languages take turns): the note when nothing matches (with the phone
// number, read out by the live region, never an option), the marker on
// suggestions placed only at their town, and a price request pressed while the
// chosen place's details are still on their way (slowed down here) must not
// report the field as empty.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  LANGS,
  ROUTES,
  TEXTS,
  eventually,
  snapshot,
  useServerAndBrowser,
  visit,
  visitorContext,
  waitForHydration,
  watchPage,
} from "./helpers.mjs";

const PHONE = { width: 360, height: 740 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const text = async (locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

/** Types `typed` into the field `id` and waits for the suggestions answer. */
async function typeAndWait(page, id, typed) {
  await page.locator(`#${id}`).focus();
  const answered = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname === "/api/place-suggestions" && u.searchParams.get("input") === typed;
  });
  await page.keyboard.type(typed);
  const response = await answered;
  assert.equal(response.status(), 200, `suggestions for '${typed}'`);
  return (await response.json()).suggestions;
}

for (const lang of LANGS) {
  describe(`${lang}: address search on a 360 px phone`, () => {
    const t = TEXTS[lang];
    let context;
    let page;
    let watch;

    before(async () => {
      context = await visitorContext(browser, server.baseUrl, lang, { viewport: PHONE });
      context.setDefaultTimeout(10_000);
      page = await context.newPage();
      watch = watchPage(page, server.baseUrl);
    });
    after(async () => {
      await context?.close();
    });

    const fresh = async () => {
      await visit(page, server.baseUrl, ROUTES[lang].reservation, { waitUntil: "load" });
      await waitForHydration(page);
    };

    if (lang === "nl")
      test(
        "nothing found: a note says what to type and offers the phone number; " + "it is announced and is no option",
        async () => {
          await fresh();
          const phone = page.locator("footer a[href^='tel:']").first();
          const phoneHref = await phone.getAttribute("href");
          const phoneText = await text(phone);
          assert.match(phoneText, new RegExp(`^${t.footer.phone}: \\+?[0-9 ]+$`), "the footer's phone link");

          const list = await typeAndWait(page, "departure", "zzzzqx");
          assert.deepEqual(list, [], "the server finds nothing");
          const note = page.locator("#departure-no-match");
          await note.waitFor({ state: "visible" });
          assert.equal(await text(note), `${t.places.noMatch} ${phoneText}`);
          const link = note.locator("a");
          assert.equal(await link.getAttribute("href"), phoneHref, "the note's phone link");
          const status = page.locator(".field.combobox:has(> #departure) [role=status]");
          await eventually(
            "the live region",
            () => text(status),
            (s) => s === `${t.places.noMatch} ${phoneText}`,
          );
          assert.equal(await status.getAttribute("aria-live"), "polite");

          // Not an option: the listbox stays closed and empty, arrows choose nothing.
          const input = page.locator("#departure");
          assert.equal(await input.getAttribute("aria-expanded"), "false");
          assert.equal(await page.locator("#departure-listbox").isHidden(), true);
          assert.equal(await note.getAttribute("role"), null);
          await page.keyboard.press("ArrowDown");
          assert.equal(await input.getAttribute("aria-activedescendant"), null);
          assert.equal(await input.getAttribute("aria-expanded"), "false");
          assert.equal(await page.locator("input[name=departurePlaceId]").inputValue(), "");

          // Fits the phone's width, and Tab reaches the link without closing the note.
          const box = await note.boundingBox();
          assert.ok(
            box && box.x >= 0 && box.x + box.width <= PHONE.width,
            `note within 360 px: ${JSON.stringify(box)}`,
          );
          await snapshot(page, `places-no-match-${lang}.png`);
          await page.keyboard.press("Tab");
          assert.equal(
            await page.evaluate(() => document.activeElement?.getAttribute("href")),
            phoneHref,
            "Tab goes to the phone link",
          );
          await page.waitForTimeout(300);
          assert.equal(await note.isVisible(), true, "the note stays while its link has the focus");

          // Typing something that matches replaces the note by the list.
          await input.fill("");
          await typeAndWait(page, "departure", "Roermond");
          await page.locator("#departure-listbox").waitFor({ state: "visible" });
          assert.equal(await note.count(), 0);
          watch.assertClean(assert);
        },
      );

    if (lang === "de")
      test("a street typed with its town is offered at the town, marked approximate", async () => {
        await fresh();
        const list = await typeAndWait(page, "departure", "Markt Roermond");
        assert.equal(list[0].mainText, "Markt");
        assert.equal(list[0].approximate, true);
        const options = page.locator("#departure-listbox > [role=option]");
        await eventually(
          "options",
          () => options.count(),
          (n) => n === list.length,
        );
        assert.equal(await text(options.nth(0).locator(".approximate")), t.places.approximate);
        const town = list.findIndex((s) => s.id === "g2748000");
        assert.ok(town > 0, `the town itself is offered too: ${JSON.stringify(list)}`);
        assert.equal(await options.nth(town).locator(".approximate").count(), 0, "the town itself is no approximation");
        const box = await options.nth(0).boundingBox();
        assert.ok(box && box.x + box.width <= PHONE.width, `option within 360 px: ${JSON.stringify(box)}`);
        await snapshot(page, `places-approximate-${lang}.png`);

        const details = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/place-details/"));
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Enter");
        const place = await (await details).json();
        assert.equal(place.kind, "address");
        assert.equal(place.approximate, true);
        await eventually(
          "the field after choosing",
          () => page.locator("#departure").inputValue(),
          (v) => v === place.formattedAddress,
        );
        watch.assertClean(assert);
      });

    if (lang === "en")
      test(
        "the price button pressed right after a choice, details still on their way, " + "shows the price and no error",
        async () => {
          await fresh();
          // The destination first, at normal speed.
          await typeAndWait(page, "destination", "schiphol");
          await page.locator("#destination-listbox").waitFor({ state: "visible" });
          const chosen = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/place-details/"));
          await page.keyboard.press("ArrowDown");
          await page.keyboard.press("Enter");
          await chosen;

          // Then the pick-up, with its details held back for 1.5 s.
          let release;
          const held = new Promise((resolve) => (release = resolve));
          await page.route("**/api/place-details/**", async (route) => {
            await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 1_500))]);
            await route.continue();
          });
          await typeAndWait(page, "departure", "roermond");
          await page.locator("#departure-listbox").waitFor({ state: "visible" });
          await page.keyboard.press("ArrowDown");
          const priced = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/places/"), {
            timeout: 5_000,
          });
          const detailed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/place-details/"));
          await page.keyboard.press("Enter");
          await page.getByRole("button", { name: t.form.getPrice, exact: true }).click();

          const response = await priced;
          assert.equal(response.status(), 200);
          assert.match(new URL(response.url()).pathname, /^\/api\/places\/g2748000\/aAMS$/);
          await page.locator(".price-box .amount").waitFor();
          assert.equal(await page.locator("#departure-error").count(), 0, "no error under the pick-up field");
          assert.equal(await page.locator("#destination-error").count(), 0, "no error under the destination field");
          // The price came while the details were still held back.
          assert.equal(await page.locator("input[name=departurePlaceId]").inputValue(), "g2748000");
          release();
          await detailed;
          await page.unroute("**/api/place-details/**");
          await eventually(
            "the pick-up field once the details came",
            () => page.locator("#departure").inputValue(),
            (v) => v.startsWith("Roermond,"),
          );
          assert.equal(await page.locator("input[name=departurePlaceId]").inputValue(), "g2748000");
          assert.equal(await page.locator("#departure-error").count(), 0);
          watch.assertClean(assert);
        },
      );

    if (lang === "de")
      test(
        "answers that come after the visitor moved on change nothing: " +
          "no list over the next field, no place over what was typed",
        async () => {
          await fresh();
          // Suggestions held back until the visitor has left the field.
          let release;
          const held = new Promise((resolve) => (release = resolve));
          await page.route("**/api/place-suggestions**", async (route) => {
            await held;
            await route.continue();
          });
          await page.locator("#departure").focus();
          const asked = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/place-suggestions");
          await page.keyboard.type("schiphol");
          await asked;
          await page.locator("#destination").click();
          await page.waitForTimeout(400); // longer than the list's close after the field is left
          const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/place-suggestions");
          release();
          await answered;
          await page.unroute("**/api/place-suggestions**");
          await page.waitForTimeout(300);
          assert.equal(
            await page.locator("#departure-listbox").isHidden(),
            true,
            "no list opened after the field was left",
          );
          assert.equal(await page.locator("#departure").getAttribute("aria-expanded"), "false");

          // A place chosen, its details held back, and the field typed over meanwhile: the typing stays.
          let releaseDetails;
          const detailsHeld = new Promise((resolve) => (releaseDetails = resolve));
          await page.route("**/api/place-details/**", async (route) => {
            await detailsHeld;
            await route.continue();
          });
          await typeAndWait(page, "destination", "venlo");
          await page.locator("#destination-listbox").waitFor({ state: "visible" });
          const detailed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/place-details/"));
          await page.keyboard.press("ArrowDown");
          await page.keyboard.press("Enter");
          await page.keyboard.type(" Markt");
          const typed = await page.locator("#destination").inputValue();
          releaseDetails();
          await detailed;
          await page.unroute("**/api/place-details/**");
          await page.waitForTimeout(300);
          assert.equal(
            await page.locator("#destination").inputValue(),
            typed,
            "the late details did not overwrite the typing",
          );
          watch.assertClean(assert);
        },
      );
  });
}
