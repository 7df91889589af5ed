import { useEffect, useRef, useState } from "react";
import { useLatest } from "./useLatest";
import { useTranslation } from "./i18n";
import { apiPath, postJson } from "./api";
import { API_PATHS, LIMITS, type Lang, type PhoneCheckRequest, type PhoneReading } from "./contract";
import { describedBy, TextField } from "./Field";

/** How long typing pauses before the number is read. */
const PAUSE_MS = 700;
const READING_ID = "phone-reading";

/**
 * The phone field, and under it the number as the server reads it
 * ("+31 6 12345678 (Nederland)"): a number typed without its country code may
 * be read in another country than the visitor meant, and this is the moment to
 * see it. The server reads it (its numbering tables are far too big to send to
 * phones) when typing pauses and when the field is left; sending still decides.
 * That the number is no valid one is said only once the field is left, not
 * while it is typed.
 */
export function PhoneField({
  lang,
  value,
  error,
  hint,
  onChange,
}: {
  lang: Lang;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [reading, setReading] = useState<PhoneReading & { for: string }>();
  const [left, setLeft] = useState(false);
  const asked = useRef("");
  const typed = value.trim();

  const read = (number: string) => {
    if (!number || asked.current === number) return;
    asked.current = number;
    const request: PhoneCheckRequest = { phone: number };
    void postJson<PhoneReading>(apiPath(API_PATHS.phoneCheck, { language: lang }), request).then((answer) => {
      // A failed call says nothing: the number is checked again on sending.
      if (answer.ok) setReading({ ...answer.data, for: number });
      else if (asked.current === number) asked.current = "";
    });
  };

  const readTyped = useLatest(() => read(typed));
  useEffect(() => {
    const timer = setTimeout(readTyped, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, readTyped]);

  const current = reading?.for === typed ? reading : undefined;
  // A message under the field after sending says it already.
  const text = current?.shown ?? (left && !error ? current?.error : undefined) ?? "";
  const ids = [describedBy("phone", hint, error), text ? READING_ID : ""].filter(Boolean).join(" ");
  return (
    <TextField
      id="phone"
      type="tel"
      label={t("form.phone")}
      hint={hint}
      error={error}
      autoComplete="tel"
      maxLength={LIMITS.phone}
      value={value}
      aria-describedby={ids || undefined}
      onChange={(e) => {
        setLeft(false);
        onChange(e.target.value);
      }}
      onBlur={() => {
        setLeft(true);
        read(typed);
      }}
    >
      <p className="hint phone-reading" id={READING_ID} role="status">
        {text}
      </p>
    </TextField>
  );
}
