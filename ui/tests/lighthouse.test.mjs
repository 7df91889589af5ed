// Lighthouse (mobile preset) once on each kind of page: accessibility, best
// practices and SEO at their budgets, no layout shift and no render-blocking
// script. These do not depend on how busy the machine is, so this file runs
// next to the other browser suites. The performance score does, and it is a
// speed target: `scripts/lighthouse.sh` measures it (median of five runs on an
// idle machine); this test only prints it.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LANDINGS, ROUTES, repoDir } from "./helpers.mjs";
import { scores, startLighthouse, weakAudits } from "./lighthouse-kit.mjs";

const BUDGET = { accessibility: 100, "best-practices": 96, seo: 100 };
const PAGES = {
  home: ROUTES.nl.home,
  reservation: ROUTES.de.reservation,
  contact: ROUTES.en.contact,
  landing: LANDINGS.nl.landingAirport,
};

let lighthouse;
before(async () => {
  lighthouse = await startLighthouse();
});
after(async () => {
  await lighthouse?.stop();
});

describe("Lighthouse, one run per page", () => {
  for (const [name, path] of Object.entries(PAGES)) {
    test(`${name} (${path})`, { timeout: 120_000 }, async () => {
      const lhr = await lighthouse.run(path);
      mkdirSync(join(repoDir, "test-output"), { recursive: true });
      writeFileSync(join(repoDir, "test-output", `lighthouse-${name}.json`), JSON.stringify(lhr));
      const got = scores(lhr);
      console.log(`${name}: ${JSON.stringify(got)} (performance not checked here: scripts/lighthouse.sh)`);
      const weak = weakAudits(lhr).join(", ");
      for (const [category, budget] of Object.entries(BUDGET)) {
        assert.ok(
          got[category] >= budget,
          `${category} ${got[category]} < ${budget}; audits below full marks: ${weak}`,
        );
      }
      // The message names what moved: a shift seen once in a loaded full run could not be reproduced alone.
      const shifts = JSON.stringify(lhr.audits["layout-shifts"]?.details?.items ?? []).slice(0, 2000);
      assert.equal(lhr.audits["cumulative-layout-shift"].numericValue, 0, `layout shift: ${shifts}`);
      // The one small stylesheet may block the first paint; no script may.
      const blocking = (lhr.audits["render-blocking-resources"].details?.items ?? [])
        .map((i) => i.url)
        .filter((u) => !new URL(u).pathname.endsWith(".css"));
      assert.deepEqual(blocking, [], "render-blocking resources other than the stylesheet");
    });
  }
});
