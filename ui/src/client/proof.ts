// The proof-of-work solver (issue 41: a flood costs the flooder), a script of its own that the
// form pages load only once the visitor starts filling in (`shared/proof.ts`), so it costs no
// first visit anything. It asks the server for a challenge; while many bookings arrive there is
// one, and workers (`proof-worker.ts`, ALTCHA's solver from `altcha-lib`) find the count that
// solves it, in the background while the visitor types. In normal times there is none, and the
// post carries no proof. The solution also goes into the forms' hidden field, for a form that
// is sent before React took it over.
import { solveChallengeWorkers } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { API_PATHS, PROOF_FIELD, type Failure, type ProofChallenge } from "../shared/contract";
import type { Proof, ProofSolver } from "../shared/proof";

/** The worker script's URL, filled in by build.mjs (content-hashed). */
declare const PROOF_WORKER: string;

async function fetchAndSolve(): Promise<Proof> {
  const response = await fetch(API_PATHS.challenge, { headers: { Accept: "application/json" }, cache: "no-store" });
  // This network had its share of challenges: the server's words (with when to try again) are the answer.
  if (response.status === 429) return { refused: (await response.json()) as Failure };
  if (!response.ok) return "";
  const { challenge } = (await response.json()) as ProofChallenge;
  if (!challenge) return "";
  const solution = await solveChallengeWorkers({
    challenge: challenge as Challenge,
    // Each worker tries every n-th count; a phone's cores share the work.
    concurrency: Math.min(navigator.hardwareConcurrency || 2, 8),
    createWorker: () => new Worker(PROOF_WORKER),
  });
  if (!solution) return "";
  const proof = btoa(JSON.stringify({ challenge, solution }));
  document.querySelectorAll<HTMLInputElement>(`input[name="${PROOF_FIELD}"]`).forEach((field) => (field.value = proof));
  return proof;
}

let next: Promise<Proof> | null = null;
const solving = () => fetchAndSolve().catch(() => "");

const solver: ProofSolver = {
  // Started at once: by the time the form is sent, the proof is usually ready.
  prepare: () => void (next ??= solving()),
  take: () => {
    const proof = next ?? solving();
    next = null;
    return proof;
  },
};
(window as unknown as { __taxiProof?: ProofSolver }).__taxiProof = solver;
solver.prepare();
