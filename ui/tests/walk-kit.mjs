// What the walks on an emulated slow phone share: Chrome DevTools' "Slow 3G" preset with a 4×
// slower CPU (Lighthouse's mobile setting), optionally with the form's script held back (what
// comes before hydration), the keys of a datetime-local field as this Chromium takes them, and a
// visitor whose taps and keys are counted (the figures issue reports quote).
import assert from "node:assert/strict";
import { visit, waitForHydration } from "./helpers.mjs";

/** How long one step may take on the slow phone (a page load is 5–8 s there). */
export const SLOW = 60_000;

/** A locator's text with its white space as one reads it. */
export const text = async (locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

/** Slow 3G and a 4× slower CPU on `page`; resolves to the two ends: `fast()` lifts them. */
export async function slowPhone(page) {
  const cdp = await page.context().newCDPSession(page);
  const network = (latency, throughput) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency,
      downloadThroughput: throughput,
      uploadThroughput: throughput,
    });
  await cdp.send("Network.enable");
  await network(2000, ((500 * 1024) / 8) * 0.8);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return {
    fast: async () => {
      await network(0, -1);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    },
  };
}

/**
 * The slow phone with the form's script (React and the form) held back until `release()`, so a
 * tap comes before hydration by construction, not by timing. `fast()` ends the emulation.
 */
export async function slowPhoneHeld(page) {
  const { fast } = await slowPhone(page);
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\/assets\/client-[a-z]+-[a-z]{2}\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release, fast };
}

/** Whether the performance mark `name` (`form-usable`, `form-interactive`) was set. */
export const marked = (page, name) => page.evaluate((n) => performance.getEntriesByName(n).length > 0, name);

/** Waits until the form has taken over from the server's markup (its `form-interactive` mark). */
export function formInteractive(page) {
  return page.waitForFunction(() => performance.getEntriesByName("form-interactive").length > 0, null, {
    timeout: SLOW,
    polling: 20,
  });
}

/** `path` of `baseUrl` opened on the slow phone, once its form is interactive; its visitor's walk. */
export async function openSlow(page, baseUrl, path) {
  await slowPhone(page);
  page.setDefaultTimeout(SLOW);
  await visit(page, baseUrl, path, { waitUntil: "load", timeout: SLOW });
  await waitForHydration(page, SLOW);
  return new Walk(page);
}

/** Whether this Chromium's datetime-local fields take the day before the month (its own locale's order). */
let dayFirst;
async function takesDayFirst(context) {
  if (dayFirst === undefined) {
    const probe = await context.newPage();
    await probe.setContent('<input id="p" type="datetime-local">');
    await probe.focus("#p");
    await probe.keyboard.type("01022030");
    await probe.keyboard.press("Tab");
    await probe.keyboard.type("1330");
    dayFirst = (await probe.inputValue("#p")).startsWith("2030-02-01");
    await probe.close();
  }
  return dayFirst;
}

/**
 * Types `YYYY-MM-DDTHH:MM` into the focused datetime-local field `#id` as a person does: the
 * date's digits, Tab past the year (which could take more digits), the time's, and AM/PM where
 * the clock has 12 hours. Returns the number of keys pressed.
 */
export async function typeDateTime(page, id, value) {
  const [, y, m, d, hh, mm] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  const date = (await takesDayFirst(page.context())) ? `${d}${m}${y}` : `${m}${d}${y}`;
  await page.keyboard.type(date);
  await page.keyboard.press("Tab");
  await page.keyboard.type(`${hh}${mm}`);
  let keys = date.length + 1 + 4;
  if (!(await page.inputValue(`#${id}`))) {
    await page.keyboard.type(Number(hh) < 12 ? "A" : "P");
    keys += 1;
  }
  return keys;
}

/** A visitor on `page` whose taps and keys are counted, and the rounds a form refused. */
export class Walk {
  constructor(page) {
    this.page = page;
    this.taps = 0;
    this.keys = 0;
    this.refusals = 0;
  }

  /** One tap on `locator`. */
  async tap(locator) {
    await locator.click();
    this.taps += 1;
  }

  /** A tap on field `#id` and `text` typed into it. */
  async type(id, text) {
    await this.tap(this.page.locator(`#${id}`));
    await this.page.keyboard.type(text);
    this.keys += [...text].length;
  }

  /** Field `#id` emptied (all of it selected and deleted: a tap and a key) and `text` typed. */
  async retype(id, text) {
    await this.tap(this.page.locator(`#${id}`));
    await this.page.keyboard.press("ControlOrMeta+A");
    await this.page.keyboard.press("Delete");
    this.keys += 1;
    await this.page.keyboard.type(text);
    this.keys += [...text].length;
  }

  /**
   * The datetime-local field `#id` tapped and `value` typed (focused at its first part, as a tap
   * on its label does: a tap on the field lands on the part under the finger); a value it held is
   * cleared first, one key (the picker's Clear).
   */
  async dateTime(id, value) {
    const field = this.page.locator(`#${id}`);
    if (await field.inputValue()) {
      await field.fill("");
      this.keys += 1;
    }
    await field.focus();
    // Chromium refocuses the part last edited: the arrows lead back to the first (not counted).
    for (let part = 0; part < 6; part += 1) await this.page.keyboard.press("ArrowLeft");
    this.taps += 1;
    this.keys += await typeDateTime(this.page, id, value);
    assert.equal(await this.page.inputValue(`#${id}`), value, `#${id} as typed`);
  }

  /** `typed` into the address field `#id` and the suggestion whose main text is `main` tapped. */
  async choose(id, typed, main) {
    await this.type(id, typed);
    const option = this.page
      .locator(`#${id}-listbox > [role=option]`)
      .filter({ has: this.page.locator(".main", { hasText: new RegExp(`^${main}$`) }) });
    await this.tap(option);
    await this.page.waitForFunction((name) => document.querySelector(`input[name=${name}]`)?.value, `${id}PlaceId`);
  }

  /** "N taps + M keys" and the refused rounds, as the notes quote them. */
  toString() {
    const rounds = this.refusals ? `, ${this.refusals} refused round${this.refusals > 1 ? "s" : ""}` : "";
    return `${this.taps} taps + ${this.keys} keys${rounds}`;
  }
}
