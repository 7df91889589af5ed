// Only what the server bundle touches and QuickJS lacks. Kept tiny on purpose.
declare const __hostLog: ((level: string, message: string) => void) | undefined;

const g = globalThis as Record<string, unknown>;

if (typeof g.console === "undefined") {
  const emit =
    (level: string) =>
    (...args: unknown[]) => {
      if (typeof __hostLog === "function") __hostLog(level, args.map(String).join(" "));
    };
  g.console = { log: emit("info"), info: emit("info"), warn: emit("warn"), error: emit("error"), debug: emit("debug") };
}

// i18next picks plural forms with Intl.PluralRules, which QuickJS lacks. nl, de and en share the
// CLDR cardinal rule: "one" for exactly 1, "other" otherwise.
if (typeof g.Intl === "undefined") {
  class PluralRules {
    select(n: number) {
      return n === 1 ? "one" : "other";
    }
    resolvedOptions() {
      return { pluralCategories: ["one", "other"] };
    }
  }
  g.Intl = { PluralRules };
}
