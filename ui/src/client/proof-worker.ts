// The proof-of-work solver's worker: ALTCHA's own (`altcha-lib`), deriving keys with the
// browser's PBKDF2 (Web Crypto), counting from the offset `client/proof.ts` gives it.
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { handler } from "altcha-lib/workers/shared";

handler({ deriveKey });
