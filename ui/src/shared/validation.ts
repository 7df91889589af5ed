// The client-side rules the forms share, and nothing more: the server checks everything again
// and its messages are the ones that count.
import type { TFunction } from "./i18n";
import { LIMITS } from "./contract";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkRequired(t: TFunction, value: string, key: string): string | undefined {
  return value.trim() === "" ? t(key) : undefined;
}

export function checkLength(t: TFunction, value: string, max: number): string | undefined {
  return [...value].length > max ? t("validation.tooLong", { max }) : undefined;
}

export function checkEmail(t: TFunction, value: string): string | undefined {
  return (
    checkRequired(t, value, "validation.emailRequired") ??
    checkLength(t, value, LIMITS.email) ??
    (EMAIL.test(value.trim()) ? undefined : t("validation.email"))
  );
}

export function checkName(t: TFunction, value: string): string | undefined {
  return checkRequired(t, value, "validation.nameRequired") ?? checkLength(t, value, LIMITS.name);
}

/** Drops the undefined entries. `Field`: the names a form may have errors under (its request's). */
export function compact<Field extends string>(
  errors: Partial<Record<Field, string | undefined>>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => e[1] !== undefined));
}
