// Every page in every language at 360, 768 and 1280 px: three layout checks
// (and, with TAXI_SCREENSHOTS=1, a full-page screenshot into test-output/screenshots/):
// no horizontal overflow, no text clipped by its box, nothing overlapping the
// header (and nothing in the header overlapping each other).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { LANDINGS, LANGS, PAGES, ROUTES, missingPath, snapshot, useServerAndBrowser, visit, visitorContext, waitForHydration } from "./helpers.mjs";

const WIDTHS = [360, 768, 1280];

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/**
 * Runs in the page. Returns the problems found, as readable strings. Elements
 * hidden on purpose (aria-hidden subtrees, visually-hidden texts, closed
 * listboxes) are skipped: they are not meant to be seen.
 */
function findLayoutProblems() {
  const problems = [];
  const describe = (el) => {
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}${text ? ` "${text}"` : ""}`;
  };
  const meantToBeSeen = (el) => {
    if (el.closest("[aria-hidden=true], .visually-hidden, [hidden]")) return false;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden" || Number(style.opacity) === 0) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const width = document.documentElement.clientWidth;

  // 1. Horizontal overflow: the page scrolls sideways.
  if (document.documentElement.scrollWidth > width + 1) {
    const wide = [...document.querySelectorAll("body *")].filter((el) => meantToBeSeen(el) && el.getBoundingClientRect().right > width + 1);
    problems.push(`page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport: ${wide.slice(0, 3).map(describe).join(", ")}`);
  }

  // 2. Clipped text: an element holding text that does not fit its clipping box,
  //    or text running out of the viewport.
  for (const el of document.querySelectorAll("body *")) {
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!ownText || !meantToBeSeen(el)) continue;
    const style = getComputedStyle(el);
    const clipsX = !["visible"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    const clipsY = !["visible"].includes(style.overflowY);
    if ((clipsX && el.scrollWidth > el.clientWidth + 1) || (clipsY && el.scrollHeight > el.clientHeight + 1)) {
      problems.push(`text clipped: ${describe(el)} (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
    }
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.left < -1 || r.right > width + 1) problems.push(`text outside the viewport: ${describe(el)} (${Math.round(r.left)}…${Math.round(r.right)})`);
    }
  }

  // 3. The header: nothing from the page on top of it (at the top of the page),
  //    and its own links, buttons and images apart from each other.
  const header = document.querySelector("body > header, #root > header, header");
  if (header) {
    const h = header.getBoundingClientRect();
    const overlaps = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    for (const el of document.querySelectorAll("main *, footer *")) {
      if (meantToBeSeen(el) && overlaps(el.getBoundingClientRect(), h)) problems.push(`overlaps the header: ${describe(el)}`);
    }
    const items = [...header.querySelectorAll("a, button, img, svg, select, input")].filter(meantToBeSeen);
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        if (items[i].contains(items[j]) || items[j].contains(items[i])) continue;
        if (overlaps(items[i].getBoundingClientRect(), items[j].getBoundingClientRect())) {
          problems.push(`header items overlap: ${describe(items[i])} and ${describe(items[j])}`);
        }
      }
    }
  } else {
    problems.push("no header");
  }
  return problems;
}

const VIEWS = [...PAGES.map((name) => ({ name, path: (lang) => ROUTES[lang][name] })),
  ...Object.keys(LANDINGS.nl).map((name) => ({ name, path: (lang) => LANDINGS[lang][name] })),
  { name: "whatsapp", path: (lang) => `${ROUTES[lang].reservation}?mode=whatsapp` },
  { name: "error", path: missingPath },
];

describe("layout at phone, tablet and desktop widths", () => {
  for (const lang of LANGS) {
    for (const view of VIEWS) {
      test(`${lang} ${view.name}`, { timeout: 60_000 }, async () => {
        const context = await visitorContext(browser, server.baseUrl, lang, { viewport: { width: WIDTHS[0], height: 800 } });
        const page = await context.newPage();
        try {
          await visit(page, server.baseUrl, view.path(lang), { lang });
          if (["reservation", "contact", "whatsapp"].includes(view.name)) await waitForHydration(page);
          const found = [];
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await snapshot(page, `layout-${lang}-${view.name}-${width}.png`);
            found.push(...(await page.evaluate(findLayoutProblems)).map((p) => `${width}px: ${p}`));
          }
          assert.deepEqual(found, []);
        } finally {
          await context.close();
        }
      });
    }
  }

  test("the checks can fail: a planted wide, clipped and overlapping element is found", async () => {
    // Inline styles for the planted elements: the site's CSP would refuse them.
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    try {
      await visit(page, server.baseUrl, ROUTES.nl.prices);
      await page.evaluate(() => {
        document.querySelector("main").insertAdjacentHTML(
          "afterbegin",
          '<p style="width:500px">wide</p><p style="width:40px;overflow:hidden;white-space:nowrap">clipped text here</p><p style="position:absolute;top:0;left:0">on the header</p>',
        );
      });
      const found = (await page.evaluate(findLayoutProblems)).join("\n");
      assert.match(found, /page is \d+px wide/);
      assert.match(found, /text clipped: p "clipped text here"/);
      assert.match(found, /overlaps the header: p "on the header"/);
    } finally {
      await context.close();
    }
  });
});
