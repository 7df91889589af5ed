// The form pages' side of the proof of work (issue 41): a few lines in the island that load the
// solver, a script of its own (`client/proof.ts`), once the visitor starts filling in, and hand
// its proof to a post. While the server asks for none, the proof is "" and nothing waits.
import { postJson, type ApiAnswer } from "./api";
import { PROOF_FIELD, type Failure } from "./contract";

/** A proof, or the server's refusal to make a challenge now (429: this network had its share). */
export type Proof = string | { refused: Failure };

/** What the solver script puts on `window.__taxiProof`. */
export interface ProofSolver {
  /** Fetches a challenge and solves it, unless that is under way or done. */
  prepare(): void;
  /** The proof for the next post ("" when none is asked), used up by taking it. */
  take(): Promise<Proof>;
}

/** The solver script's URL, filled in by build.mjs (content-hashed). */
declare const PROOF_SOLVER: string;

let loading: Promise<ProofSolver | null> | null = null;

/** Loads the solver (once), which starts solving at once. */
export function loadProofSolver(): Promise<ProofSolver | null> {
  loading ??= new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = PROOF_SOLVER;
    script.async = true;
    script.onload = () => resolve((window as unknown as { __taxiProof?: ProofSolver }).__taxiProof ?? null);
    script.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.appendChild(script);
  });
  return loading;
}

async function proof(): Promise<Proof> {
  const solver = await loadProofSolver();
  return solver ? solver.take() : "";
}

/**
 * Posts a form with its proof. When the server asks for one (428: many posts arrive, or the one
 * sent was of a lower level or used), a new one is solved and the form sent again, twice at most.
 * A challenge refused (429) is the answer: sending without a proof would only be refused too.
 */
export async function postWithProof<T>(url: string, body: Record<string, unknown>): Promise<ApiAnswer<T>> {
  for (let round = 0; ; round++) {
    const sent = await proof();
    if (typeof sent !== "string") return { ok: false, status: 429, data: sent.refused as ApiAnswer<T>["data"] };
    const answer = await postJson<T>(url, { ...body, [PROOF_FIELD]: sent });
    if (answer.status !== 428 || round === 2) return answer;
  }
}
