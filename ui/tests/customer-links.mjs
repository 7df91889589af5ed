// What the manage-page tests share: a ride booked over the API, the links in its mails, and a
// 360 × 740 phone to open them on (manage.test.mjs, book-again.test.mjs).
import assert from "node:assert/strict";
import { decoded, mailOf } from "./mails.mjs";
import { dutchDateTime, visit, visitorContext } from "./helpers.mjs";

export const LANG = "en";

let booked = 0;

/** Books a ride in English over the API (each at another time, with `more` fields); returns the reference. */
export async function book(server, more = {}) {
  booked += 1;
  const response = await fetch(`${server.baseUrl}/api/reservation/${LANG}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Anna de Wit",
      email: "anna@example.com",
      phone: "06 12345678",
      passengerAmount: "2",
      departure: "Markt 1, Roermond",
      destination: "Schiphol",
      dateTime: dutchDateTime(3, `11:${10 + booked}`),
      language: LANG,
      ...more,
    }),
  });
  assert.equal(response.status, 200);
  return /R-[A-Z0-9]{6}/.exec((await response.json()).message)[0];
}

/** Path and query of the first link to `pathStart` in the `kind` mail of `reference`. */
export async function linkIn(server, kind, reference, pathStart) {
  const text = decoded(await mailOf(server, kind, reference));
  const match = new RegExp(
    `https://www\\.taxiroermond\\.example(${pathStart}[^\\s"<>]*?\\?expires=\\d+&(?:amp;)?sig=[A-Za-z0-9_-]+)`,
  ).exec(text);
  assert.ok(match, `a ${pathStart} link in the ${kind} mail of ${reference}`);
  return match[1].replace("&amp;", "&");
}

/** Opens `path` on a 360 × 740 phone (`options`: the context's, e.g. without JavaScript). */
export async function open(browser, server, path, options = {}) {
  const context = await visitorContext(browser, server.baseUrl, LANG, {
    bypassCSP: true,
    viewport: { width: 360, height: 740 },
    ...options,
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const response = await visit(page, server.baseUrl, path, { lang: LANG });
  return { page, response, close: () => context.close() };
}
