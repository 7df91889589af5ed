// Mails as the server stored them in its Maildir (no SMTP server in the
// browser tests), read the way a mail program shows them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eventually } from "./helpers.mjs";

/** A mail's text with quoted-printable and base64 parts decoded. */
export function decoded(raw) {
  const qp = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from(m[1], "base64").toString("utf8"));
  return [qp, ...base64].join("\n");
}

/** Decodes RFC 2047 encoded words (`=?utf-8?b?...?=`, `=?utf-8?q?...?=`) in a header value. */
export function decodeWords(value) {
  const word = /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/;
  return value
    .replace(new RegExp(`(${word.source})\\s+(?==\\?)`, "g"), "$1") // blanks between encoded words vanish
    .replace(new RegExp(word.source, "g"), (_, charset, encoding, text) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(
              text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

/** A header of a raw mail (folded lines joined), its encoded words decoded; "" when it has none. */
export function headerOf(raw, name) {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n([ \t])/g, "$1");
  const line = head.split(/\r?\n/).find((l) => l.slice(0, l.indexOf(":")).trim().toLowerCase() === name.toLowerCase());
  return line ? decodeWords(line.slice(line.indexOf(":") + 1).trim()) : "";
}

/** The mail of `kind` (its Message-ID's part: `staff-booking`, `customer-answer`, …) about `reference`, raw. */
export function mailOf(server, kind, reference) {
  const dir = join(server.dataDir, "maildir", "new");
  return eventually(
    `the ${kind} mail of ${reference}`,
    () =>
      readdirSync(dir, { withFileTypes: true })
        .filter((f) => f.name.includes(kind))
        .map((f) => readFileSync(join(dir, f.name), "utf8"))
        .find((raw) => decoded(raw).includes(reference)),
    (raw) => raw !== undefined,
    8_000,
  );
}

/** The HTML part of a raw mail (CRLF or LF line ends), decoded as UTF-8. */
export function htmlPart(raw) {
  const [, headers, body] =
    /Content-Type: text\/html[^]*?(Content-Transfer-Encoding: \S+)\r?\n\r?\n([^]*?)\r?\n--/.exec(raw);
  if (/base64/i.test(headers)) return Buffer.from(body, "base64").toString("utf8");
  const text = body.replace(/=\r?\n/g, "");
  const bytes = [];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
