// Layout checks that run inside the page (passed to page.evaluate), shared by
// the every-page test and its planted-fault test.

/**
 * Runs in the page. Returns the problems found, as readable strings. Elements
 * hidden on purpose (aria-hidden subtrees, visually-hidden texts, closed
 * listboxes) are skipped: they are not meant to be seen.
 */
export function findLayoutProblems() {
  const problems = [];
  const describe = (el) => {
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const id = el.id ? `#${el.id}` : "";
    const classes =
      el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ""}`;
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
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => meantToBeSeen(el) && el.getBoundingClientRect().right > width + 1,
    );
    const what = wide.slice(0, 3).map(describe).join(", ");
    problems.push(`page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport: ${what}`);
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
      const [content, box] = [`${el.scrollWidth}×${el.scrollHeight}`, `${el.clientWidth}×${el.clientHeight}`];
      problems.push(`text clipped: ${describe(el)} (${content} in ${box})`);
    }
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.left < -1 || r.right > width + 1)
        problems.push(`text outside the viewport: ${describe(el)} (${Math.round(r.left)}…${Math.round(r.right)})`);
    }
  }

  // 3. The header: nothing from the page on top of it (at the top of the page),
  //    and its own links, buttons and images apart from each other.
  const header = document.querySelector("body > header, #root > header, header");
  if (header) {
    const h = header.getBoundingClientRect();
    const overlaps = (a, b) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    for (const el of document.querySelectorAll("main *, footer *")) {
      if (meantToBeSeen(el) && overlaps(el.getBoundingClientRect(), h))
        problems.push(`overlaps the header: ${describe(el)}`);
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

/**
 * Runs in the page. Words broken in the middle: a word made of letters only may
 * wrap inside itself only when it is wider than the block it lives in (e.g. a
 * very long compound); else a break inside a short word like "Toesla|g" is a
 * layout defect. Table cells do not count as that block: their width is what
 * goes wrong.
 */
export function findBrokenWords() {
  const describe = (el) => {
    const classes = el.className ? ` class="${String(el.className.baseVal ?? el.className).trim()}"` : "";
    return `<${el.tagName.toLowerCase()}${classes}>`;
  };
  const canvas = document.createElement("canvas").getContext("2d");
  const brokenWords = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(".visually-hidden, script, style") || el.getClientRects().length === 0) continue;
    let block = el;
    while (block.parentElement && /^(inline|table)/.test(getComputedStyle(block).display)) block = block.parentElement;
    const style = getComputedStyle(block);
    const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const match of node.data.matchAll(/\p{L}+/gu)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      );
      if (lines.size < 2) continue;
      canvas.font = getComputedStyle(el).font;
      if (canvas.measureText(match[0]).width <= room) brokenWords.push(`"${match[0]}" in ${describe(el)}`);
    }
  }
  return brokenWords;
}

/**
 * Runs in the page. Tap targets under 44 × 44 px on a phone: buttons, links
 * and form controls, each measured with the label that wraps it (a radio's
 * label is its target). Links inside running text are exempt (WCAG 2.5.5),
 * and so are targets hidden on purpose (the skip link until focused).
 */
export function findSmallTapTargets() {
  const small = [];
  for (const el of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary")) {
    if (el.closest("[aria-hidden=true], .visually-hidden, [hidden], .website-field") || el.name === "website") continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const inText =
      el.tagName === "A" &&
      style.display === "inline" &&
      el.parentElement &&
      /^(P|LI|DD|SPAN|STRONG|EM)$/.test(el.parentElement.tagName);
    if (inText) continue;
    const target = el.closest("label") ?? el;
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom < 0) continue; // off screen on purpose (the skip link)
    if (r.width < 43.5 || r.height < 43.5) {
      const text = (el.textContent || el.getAttribute("aria-label") || el.name || "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 30);
      small.push(`${el.tagName.toLowerCase()} "${text}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return small;
}

/**
 * Runs in the page. Where the form's error summary is: whether it is the first thing in `main`,
 * GOV.UK's place for it (nothing before it but the elements holding it, as a form page's island
 * root; the skip link is before `main`), what comes first instead, and its box in the page.
 */
export function errorSummaryPlace() {
  const summary = document.getElementById("error-summary-title")?.closest(".error-summary");
  if (!summary) return null;
  let first = document.querySelector("main");
  while (first && first !== summary && first.firstElementChild) first = first.firstElementChild;
  const box = summary.getBoundingClientRect();
  return {
    first: first === summary,
    instead: `${first?.tagName.toLowerCase()} "${(first?.textContent ?? "").trim().slice(0, 40)}"`,
    top: Math.round(box.top + window.scrollY),
    bottom: Math.round(box.bottom + window.scrollY),
  };
}
