// A flood costs the flooder (issue 41, item 2), in a real browser against the release binary:
// the booking form sent without JavaScript books in normal times; once the site has accepted
// more than `proof_of_work.free_submissions` (here 1, so that a few bookings make a flood), a
// visitor with JavaScript still books, the solver (a script of its own, loaded when the visitor
// starts filling in) solving the challenge in workers, and solving a new one when the level rose
// while they typed; without JavaScript the form then says what to do and keeps the answers.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { ROUTES, TEXTS, dutchDateTime, eventually } from "./helpers.mjs";
import {
  TIMEOUT,
  fillBooking,
  fmt,
  goto,
  submitButton,
  unique,
  url,
  useFormsServer,
  value,
  waitForMails,
  withPage,
} from "./forms-kit.mjs";

// Every visitor and the flood here come from one address: without the limit of challenges per
// client (`proof-refused.test.mjs` checks it).
useFormsServer({
  env: { TAXI_PROOF_FREE_SUBMISSIONS: "1" },
  configToml: "[proof_of_work]\nchallenges_per_minute = 0\nnetwork_challenges_per_minute = 0\n",
});

const PHONE = { nl: "0475 00 00 00", de: "+31 475 00 00 00", en: "+31 475 00 00 00" };

/** The level the server asks now (0: none). */
async function level() {
  const { challenge } = await (await fetch(url("/api/challenge"))).json();
  return challenge?.parameters.data.level ?? 0;
}

/** A contact message sent as a flooder would, solving the challenge natively (altcha-lib in Node). */
async function flood(i) {
  const { challenge } = await (await fetch(url("/api/challenge"))).json();
  const altcha = challenge
    ? Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString(
        "base64",
      )
    : "";
  const message = {
    name: "Flood",
    email: `flood.${unique()}@example.org`,
    phone: "",
    subject: "Flood",
    message: `Flood ${i} ${unique()}`,
    altcha,
  };
  const response = await fetch(url("/api/contact/en"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(message),
  });
  assert.equal(response.status, 200, `flood message ${i}: ${await response.text()}`);
}

/** Until the server asks at least `wanted`. */
async function floodTo(wanted) {
  for (let i = 0; (await level()) < wanted; i++) {
    assert.ok(i < 40, `the level rises to ${wanted} as the site accepts posts`);
    await flood(i);
  }
}

const booking = (lang) => {
  const id = unique();
  return {
    name: `Proof ${lang} ${id}`,
    email: `proof.${lang}.${id}@example.com`,
    phone: "+31 6 12345678",
    passengers: 2,
    dateTime: dutchDateTime(3),
    payment: "cash",
  };
};

/** The reservation page opened with a route (the server looks the places up), filled in without JavaScript. */
async function fillWithoutScript(page, ride) {
  await goto(page, `${ROUTES.nl.reservation}?from=Roermond&to=Schiphol`, { hydrate: false });
  await page.fill("#pickupStreet", "Markt 1");
  await page.fill("#dateTime", ride.dateTime);
  await page.fill("#passengerAmount", String(ride.passengers));
  await page.fill("#name", ride.name);
  await page.fill("#email", ride.email);
}

/** Sends the filled-in form with JavaScript; the answers of the reservation API, in order. */
async function send(page, lang, answers) {
  const done = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/reservation/${lang}` && r.status() !== 428,
  );
  page.on(
    "response",
    (r) =>
      new URL(r.url()).pathname === `/api/reservation/${lang}` &&
      answers.push({ status: r.status(), sent: JSON.parse(r.request().postData()) }),
  );
  await submitButton(page).click();
  return done;
}

describe("the proof of work", () => {
  test("nl: in normal times the booking form sent without JavaScript books", TIMEOUT, () =>
    withPage("proof-nojs-normal", "nl", { javaScriptEnabled: false }, async ({ page }) => {
      assert.equal(await level(), 0, "no flood yet");
      const ride = booking("nl");
      await fillWithoutScript(page, ride);
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response.status(), 200, "booked without a proof");
      await page.locator(".success-box").waitFor();
      await waitForMails("the booking's mails", (m) => m.raw.includes(ride.email), 1);
    }),
  );

  test("en: under a flood the visitor's browser solves the challenge and books", TIMEOUT, () =>
    withPage("proof-flood", "en", {}, async ({ page, watch }) => {
      await floodTo(1);
      const asked = await level();
      const ride = booking("en");
      await goto(page, ROUTES.en.reservation);
      assert.equal(
        watch.requests.filter((r) => r.includes("/assets/proof")).length,
        0,
        "the solver is not loaded on a visit",
      );
      await fillBooking(page, "en", ride);
      await eventually(
        "the solver loaded once the visitor started",
        () => watch.requests.filter((r) => /\/assets\/proof\.[\w-]+\.js$/.test(r)).length,
        (n) => n === 1,
      );
      const answers = [];
      const response = await send(page, "en", answers);
      assert.equal(response.status(), 200, `answer: ${await response.text()}`);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200],
        "the first post carried a proof the server took",
      );
      const proof = JSON.parse(Buffer.from(answers[0].sent.altcha, "base64").toString());
      assert.equal(proof.challenge.parameters.data.level, asked, "of the level asked");
      // Any count from 0 to the level's top (drawn uniformly); the server's 200 says it was the one.
      assert.ok(
        Number.isInteger(proof.solution.counter) && proof.solution.counter >= 0,
        `solved by counting: ${proof.solution.counter}`,
      );
      await page.locator(".success-box").waitFor();
      await waitForMails("the booking's mails", (m) => m.raw.includes(ride.email), 2);
    }),
  );

  test("de: when the flood grew while the visitor typed, the browser solves again and books", TIMEOUT, () =>
    withPage("proof-flood-grew", "de", {}, async ({ page }) => {
      await floodTo(1);
      const ride = booking("de");
      await goto(page, ROUTES.de.reservation);
      const challenged = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/challenge");
      await fillBooking(page, "de", ride);
      const first = (await (await challenged).json()).challenge.parameters.data.level;
      await floodTo(first + 1);
      const answers = [];
      const response = await send(page, "de", answers);
      assert.equal(response.status(), 200, `answer: ${await response.text()}`);
      assert.deepEqual(
        answers.map((a) => a.status),
        [428, 200],
        "refused with the old level's proof, then booked",
      );
      const levels = answers.map(
        (a) => JSON.parse(Buffer.from(a.sent.altcha, "base64").toString()).challenge.parameters.data.level,
      );
      assert.deepEqual(levels, [first, await level()]);
      await page.locator(".success-box").waitFor();
    }),
  );

  test("nl: under a flood the form sent without JavaScript says what to do and keeps the answers", TIMEOUT, () =>
    withPage("proof-nojs-flood", "nl", { javaScriptEnabled: false }, async ({ page }) => {
      await floodTo(1);
      const ride = booking("nl");
      await fillWithoutScript(page, ride);
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response.status(), 428);
      const text = (await page.locator(".error-text").textContent()).trim();
      assert.equal(text, fmt(TEXTS.nl.api.proofNeedsScript, { phone: PHONE.nl }));
      assert.equal(await value(page, "#name"), ride.name, "the answers are kept");
      assert.equal(await value(page, "#email"), ride.email);
      assert.equal(await value(page, "#pickupStreet"), "Markt 1");
      assert.equal(await page.locator(".success-box").count(), 0);
    }),
  );
});
