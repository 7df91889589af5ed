import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiPath, getJson, newSessionToken } from "../api";
import { API_PATHS, LIMITS, type Lang, type PlaceDetails, type Suggestion, type Suggestions } from "../contract";
import { describedBy, FieldMessages } from "./Field";

interface Props {
  id: "departure" | "destination";
  label: string;
  lang: Lang;
  text: string;
  place: PlaceDetails | null;
  error?: string;
  onText: (text: string) => void;
  onChoose: (place: PlaceDetails) => void;
}

const DEBOUNCE_MS = 250;

/**
 * WAI-ARIA 1.2 combobox with a listbox popup. It enhances a plain text input:
 * the server renders the same input, so the form works before (and without) JavaScript.
 */
export function AddressCombobox({ id, label, lang, text, place, error, onText, onChoose }: Props) {
  const { t } = useTranslation();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const session = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const listId = `${id}-listbox`;
  const hint = t("form.addressHint");

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (input: string) => {
    clearTimeout(timer.current);
    if (input.trim().length < LIMITS.searchMinChars) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    session.current ??= newSessionToken();
    const token = session.current;
    timer.current = setTimeout(async () => {
      const request = ++latest.current;
      setStatus(t("form.loadingSuggestions"));
      const answer = await getJson<Suggestions>(apiPath(API_PATHS.placeSuggestions, {}, { input, lang, session: token }));
      if (request !== latest.current) return; // a newer search is under way
      const list = answer.ok ? (answer.data.suggestions ?? []) : [];
      setSuggestions(list);
      setActive(-1);
      setOpen(list.length > 0);
      setStatus(list.length ? t("form.suggestionsCount", { count: list.length }) : t("form.noSuggestions"));
    }, DEBOUNCE_MS);
  };

  const choose = async (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onText(suggestion.mainText);
    const query = { lang, ...(session.current ? { session: session.current } : {}) };
    session.current = null; // the details call ends the session; the next search starts a new one
    const answer = await getJson<PlaceDetails>(apiPath(API_PATHS.placeDetails, { id: suggestion.id }, query));
    if (answer.ok && answer.data.id) {
      onText(answer.data.formattedAddress);
      onChoose({ id: answer.data.id, formattedAddress: answer.data.formattedAddress, displayName: answer.data.displayName });
    } else {
      setStatus(answer.data.errorMessage ?? t("api.placeNotFound"));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open && suggestions.length) setOpen(true);
      setActive((i) => (suggestions.length ? (i + 1) % suggestions.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (suggestions.length ? (i <= 0 ? suggestions.length - 1 : i - 1) : -1));
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      void choose(suggestions[active]);
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  return (
    <div className={error ? "field combobox has-error" : "field combobox"}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        name={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={LIMITS.searchMaxChars}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        value={text}
        onChange={(event) => {
          onText(event.target.value);
          search(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <input type="hidden" name={`${id}PlaceId`} value={place?.id ?? ""} />
      <ul id={listId} role="listbox" aria-label={label} className="suggestions" hidden={!open}>
        {suggestions.map((s, index) => (
          <li
            key={s.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void choose(s)}
          >
            <span className="main">{s.mainText}</span> <span className="secondary">{s.secondaryText}</span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
