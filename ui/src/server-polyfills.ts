// Only what the server bundle touches and QuickJS lacks. Kept tiny on purpose.
declare const __hostLog: ((level: string, message: string) => void) | undefined;

const g = globalThis as Record<string, unknown>;

if (typeof g.console === "undefined") {
  const emit = (level: string) => (...args: unknown[]) => {
    if (typeof __hostLog === "function") __hostLog(level, args.map(String).join(" "));
  };
  g.console = { log: emit("info"), info: emit("info"), warn: emit("warn"), error: emit("error"), debug: emit("debug") };
}
