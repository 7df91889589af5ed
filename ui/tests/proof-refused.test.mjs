// Challenges cost the server a derivation, so while a proof is asked each client and network gets
// a few a minute (`proof_of_work.challenges_per_minute`, here 1). A visitor whose challenge is
// refused (429) is told to wait, with the phone, and the form is not sent without a proof only to
// be refused again: the refusal costs their form-post budget nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS } from "./helpers.mjs";
import { TIMEOUT, goto, submitButton, unique, url, useFormsServer, withPage } from "./forms-kit.mjs";

useFormsServer({
  env: { TAXI_PROOF_FREE_SUBMISSIONS: "1" },
  configToml: "[proof_of_work]\nchallenges_per_minute = 1\nnetwork_challenges_per_minute = 1\n",
});

const message = () => {
  const id = unique();
  return {
    name: `Anna ${id}`,
    email: `anna.${id}@example.com`,
    phone: "",
    subject: `Vraag ${id}`,
    message: `Rijdt u ook 's nachts? ${id}`,
  };
};

/** Posts contact messages without a proof until the server asks one (free_submissions = 1). */
async function raiseTheLevel() {
  for (let i = 0; ; i++) {
    assert.ok(i < 5, "a proof is asked after the free posts");
    const response = await fetch(url("/api/contact/en"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(message()),
    });
    if (response.status === 428) return;
    assert.equal(response.status, 200, await response.text());
  }
}

test("en: a challenge refused is the answer, and the form is not sent without a proof", TIMEOUT, () =>
  withPage("proof-refused", "en", {}, async ({ page }) => {
    await raiseTheLevel();
    // This address's one challenge of the minute.
    const first = await (await fetch(url("/api/challenge"))).json();
    assert.ok(first.challenge, "a challenge while a proof is asked");

    const posts = [];
    page.on("request", (r) => new URL(r.url()).pathname === "/api/contact/en" && posts.push(r.method()));
    const challenges = [];
    page.on("response", (r) => new URL(r.url()).pathname === "/api/challenge" && challenges.push(r.status()));
    await goto(page, ROUTES.en.contact);
    for (const [field, text] of Object.entries(message())) await page.fill(`#${field}`, text);
    await submitButton(page).click();
    const alert = page.locator(".error-text[role=alert]");
    await alert.waitFor();
    const [before, after] = TEXTS.en.api.tooManyRequests.split("{{phone}}");
    const said = (await alert.innerText()).trim();
    assert.ok(
      said.startsWith(before) && said.endsWith(after) && /\d/.test(said),
      `the server's words, with the phone: ${said}`,
    );
    assert.ok(challenges.length >= 1 && challenges.every((s) => s === 429), `challenges: ${challenges}`);
    assert.deepEqual(posts, [], "no post without a proof");
  }),
);
