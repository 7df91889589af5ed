// Small JSON helpers for the API calls. Every answer is read as JSON; a network
// failure or a non-JSON body becomes `{ ok: false }`.
import type { Failure, Invalid } from "./contract";

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  /** The answer, or on failure field errors or an error message. */
  data: T & Partial<Invalid & Failure>;
}

/** A route pattern of `API_PATHS` with its `{name}` parameters filled in. */
export function apiPath(pattern: string, params: Record<string, string> = {}, query?: Record<string, string>): string {
  const path = pattern.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

/** A call that has not answered by then (a phone in a tunnel) fails, so no button stays disabled. */
const TIMEOUT_MS = 30_000;

async function call<T>(url: string, init?: RequestInit): Promise<ApiAnswer<T>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const headers = { Accept: "application/json", ...(init?.headers ?? {}) };
    const response = await fetch(url, { ...init, headers, signal: abort.signal });
    const data = (await response.json().catch(() => ({}))) as ApiAnswer<T>["data"];
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: {} as ApiAnswer<T>["data"] };
  } finally {
    clearTimeout(timer);
  }
}

export const getJson = <T>(url: string) => call<T>(url);

export const postJson = <T>(url: string, body: unknown) =>
  call<T>(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** A new token for one address search session (Places API billing). */
export function newSessionToken(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
}
