// A night request for an early ride, as a visitor on a 360 px phone meets it:
// with the answer hours set so that "now" is outside them, a pick-up before the
// promised answer gets the server's note under the time field with the company's
// number as a call link, drawn and announced as a warning (an alert with a bold
// label in a framed box, its text and link in contrast, axe satisfied); a later
// pick-up none. In all three languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LANGS,
  ROUTES,
  TEXTS,
  assertAccessible,
  useServerAndBrowser,
  visit,
  visitorContext,
  waitForHydration,
} from "./helpers.mjs";

const TIMEOUT = { timeout: 60_000 };

/** Local time in the company's zone, `minutes` from now, as the picker writes it. */
function localIn(minutes) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Amsterdam",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** `HH:MM` of a minute of the day. */
const clock = (minute) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/**
 * The answer hours and the early ride, pinned once for the whole run so that they hold at any hour:
 * "now" is before the answer hours, the ride before the promised answer (30 minutes into them), and
 * the ride and the answer on one day, so the note names the answer's time alone. Until 21:30 the
 * hours start 90 minutes from now; later they would cross midnight, so they are tomorrow's from
 * 01:30 and the ride tomorrow at 01:00 (a run that passes midnight meanwhile still finds "now"
 * before them).
 */
function nightRide(now = localIn(0)) {
  const [date, time] = now.split("T");
  const [h, m] = time.split(":").map(Number);
  const minute = h * 60 + m;
  if (minute + 150 < 24 * 60) {
    return {
      pickup: `${date}T${clock(minute + 60)}`,
      from: clock(minute + 90),
      until: clock(minute + 150),
      answerBy: clock(minute + 120),
    };
  }
  const tomorrow = new Date(`${date}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return { pickup: `${tomorrow.toISOString().slice(0, 10)}T01:00`, from: "01:30", until: "02:30", answerBy: "02:00" };
}

let server;
let browser;
const NIGHT = nightRide();
useServerAndBrowser((s, b) => ([server, browser] = [s, b]), {
  configToml: `[mail]\nanswer_within_minutes = 30\nanswer_from = "${NIGHT.from}"\nanswer_until = "${NIGHT.until}"\n`,
});

/** WCAG contrast of two computed `rgb(…)` colours. */
function contrast(a, b) {
  const luminance = (rgb) => {
    const [r, g, b] = rgb
      .match(/\d+(\.\d+)?/g)
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

for (const lang of LANGS) {
  test(
    `${lang}: a pick-up before the promised answer shows a warning with a call link; a later one does not`,
    TIMEOUT,
    async () => {
      const context = await visitorContext(browser, server.baseUrl, lang, {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        await visit(page, server.baseUrl, ROUTES[lang].reservation);
        await waitForHydration(page);
        const note = page.locator(".pickup-note");
        assert.equal(await note.getAttribute("role"), "alert", "announced as a warning, present before it is filled");
        const plain = await note.evaluate((el) => getComputedStyle(el).backgroundColor);
        await page.fill("#dateTime", NIGHT.pickup);
        const expected = TEXTS[lang].funnel.beforeAnswer.replace("{{answerBy}}", NIGHT.answerBy);
        await note.getByText(expected, { exact: false }).waitFor();
        assert.equal(await note.locator("strong").textContent(), TEXTS[lang].funnel.beforeAnswerLabel);
        const call = note.getByRole("link");
        assert.match(await call.getAttribute("href"), /^tel:\+31/);
        // Drawn as a warning: a framed, tinted box, not a line of ordinary text.
        const style = await note.evaluate((el) => {
          const s = getComputedStyle(el);
          const link = getComputedStyle(el.querySelector("a"));
          const label = getComputedStyle(el.querySelector("strong"));
          return {
            background: s.backgroundColor,
            color: s.color,
            border: s.borderLeftColor,
            left: parseFloat(s.borderLeftWidth),
            weight: Number(label.fontWeight),
            link: link.color,
            width: el.getBoundingClientRect().width,
          };
        });
        assert.notEqual(style.background, plain, `tinted: ${JSON.stringify(style)}`);
        assert.ok(style.left >= 4 && style.weight >= 600, JSON.stringify(style));
        assert.ok(contrast(style.color, style.background) >= 7, `text ${JSON.stringify(style)}`);
        assert.ok(contrast(style.link, style.background) >= 4.5, `link ${JSON.stringify(style)}`);
        assert.ok(contrast(style.border, "rgb(255, 255, 255)") >= 3, `frame ${JSON.stringify(style)}`);
        assert.ok(style.width <= 360, `fits the phone: ${style.width}`);
        await assertAccessible(page, `${lang} night warning`);
        await page.fill("#dateTime", localIn(2 * 24 * 60));
        await page.waitForFunction(() => document.querySelector(".pickup-note")?.textContent === "");
      } finally {
        await context.close();
      }
    },
  );
}
