import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../shared/i18n";
import { apiPath, getJson, newSessionToken } from "../../shared/api";
import { useCompany } from "../../shared/company";
import {
  API_PATHS,
  LIMITS,
  type Lang,
  type PlaceDetails,
  type PlacesProviderName,
  type Suggestion,
  type Suggestions,
} from "../../shared/contract";
import { describedBy, FieldMessages } from "../../shared/Field";

interface Props {
  id: "departure" | "destination" | "via";
  label: string;
  lang: Lang;
  /** Google's suggestions are shown with its attribution (its terms, for results without a map). */
  placesProvider: PlacesProviderName;
  text: string;
  place: PlaceDetails | null;
  error?: string;
  /** Places the typed text may mean (the server would not guess): asked as a question. */
  choices?: Suggestion[];
  /** The id the choice takes when links open the page there. */
  choiceAnchor?: string;
  onText: (text: string) => void;
  onChoose: (place: PlaceDetails) => void;
  /** Whether the last search found nothing (so "choose from the list" would mislead). */
  onEmptyList?: (empty: boolean) => void;
  /** Text typed before hydration, the field still focused: search for it as if typed now. */
  resume?: boolean;
  /** The place the question's radio buttons chose before hydration: chosen now. */
  answered?: Suggestion;
}

const DEBOUNCE_MS = 250;
/** Room the list needs under the input: about five options. */
const LIST_ROOM_PX = 240;

/**
 * On a phone the on-screen keyboard takes the lower half: a field low on the
 * screen would open its list under the keyboard. When there is not room for
 * the list below the input in the visible part of the page, the field scrolls
 * to the top of it.
 */
function keepRoomBelow(field: HTMLElement | null) {
  if (!field) return;
  const view = window.visualViewport;
  const [top, height] = view ? [view.offsetTop, view.height] : [0, window.innerHeight];
  const rect = field.getBoundingClientRect();
  const input = field.querySelector("input");
  const below = top + height - (input ?? field).getBoundingClientRect().bottom;
  if (below < LIST_ROOM_PX && rect.top - top > 8) window.scrollBy({ top: rect.top - top - 8 });
}

/**
 * WAI-ARIA 1.2 combobox with a listbox popup. It enhances a plain text input:
 * the server renders the same input, so the form works before (and without) JavaScript.
 * When nothing matches, a note below the input (not an option) says what to type
 * instead and offers the phone number; the live region reads it out. The note is
 * part of the page, not a popup: it pushes what follows down instead of covering
 * it (the price button under the destination), and it stays when the field loses
 * the focus, so nothing moves under a finger on its way to that button. It goes
 * when the text changes, on Escape, or while the field shows an error (the price
 * button's answer to nothing found says the same).
 */
export function AddressCombobox({
  id,
  label,
  lang,
  placesProvider,
  text,
  place,
  error,
  choices,
  choiceAnchor,
  onText,
  onChoose,
  onEmptyList,
  resume,
  answered,
}: Props) {
  const { t } = useTranslation();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const [noMatch, setNoMatch] = useState(false);
  const company = useCompany();
  const session = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  /** Counts choices and typing: a place's details that arrive after either are stale. */
  const choosing = useRef(0);
  const listId = `${id}-listbox`;
  const fieldRef = useRef<HTMLDivElement>(null);
  const hint = t("form.addressHint");

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (input: string) => {
    clearTimeout(timer.current);
    if (input.trim().length < LIMITS.searchMinChars) {
      setSuggestions([]);
      setOpen(false);
      setNoMatch(false);
      return;
    }
    session.current ??= newSessionToken();
    const token = session.current;
    timer.current = setTimeout(async () => {
      const request = ++latest.current;
      setStatus(t("form.loadingSuggestions"));
      const answer = await getJson<Suggestions>(
        apiPath(API_PATHS.placeSuggestions, {}, { input, lang, session: token }),
      );
      if (request !== latest.current) return; // a newer search is under way
      const list = answer.ok ? (answer.data.suggestions ?? []) : [];
      setSuggestions(list);
      setActive(-1);
      setOpen(list.length > 0);
      if (list.length > 0) keepRoomBelow(fieldRef.current);
      // An answer that failed is no "nothing found": the form's own errors cover it.
      setNoMatch(answer.ok && list.length === 0);
      onEmptyList?.(answer.ok && list.length === 0);
      setStatus(
        list.length
          ? t("form.suggestionsCount", { count: list.length })
          : answer.ok
            ? noMatchText()
            : t("form.noSuggestions"),
      );
    }, DEBOUNCE_MS);
  };

  useEffect(() => {
    if (resume) search(text);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the text handed over at hydration
  }, [resume]);

  const noMatchText = () =>
    [t("places.noMatch"), company ? `${t("footer.phone")}: ${company.phoneDisplay}` : ""].join(" ").trim();

  /** Forgets a search still waiting or under way: its answer must not open the list again. */
  const dropPendingSearch = () => {
    clearTimeout(timer.current);
    latest.current++;
  };

  const choose = async (suggestion: Suggestion) => {
    dropPendingSearch();
    const choice = ++choosing.current;
    setOpen(false);
    setActive(-1);
    // The choice counts at once (the server resolves the id itself when pricing or
    // booking): a price request before the details arrive must not find the field empty.
    onText(suggestion.mainText);
    onChoose({
      id: suggestion.id,
      formattedAddress: suggestion.mainText,
      displayName: suggestion.mainText,
      approximate: suggestion.approximate,
    });
    const query = { lang, ...(session.current ? { session: session.current } : {}) };
    session.current = null; // the details call ends the session; the next search starts a new one
    const answer = await getJson<PlaceDetails>(apiPath(API_PATHS.placeDetails, { id: suggestion.id }, query));
    if (choice !== choosing.current) return; // typed over, or another place chosen meanwhile
    if (answer.ok && answer.data.id) {
      const { id, formattedAddress, displayName, kind, approximate } = answer.data;
      onText(formattedAddress);
      onChoose({ id, formattedAddress, displayName, kind, approximate });
    } else {
      setStatus(answer.data.errorMessage ?? t("api.placeNotFound"));
    }
  };

  useEffect(() => {
    if (answered) void choose(answered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer handed over at hydration
  }, [answered]);

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
      dropPendingSearch();
      setStatus(""); // neither "loading" nor a count of a list no longer shown
      if (open || noMatch) {
        event.preventDefault();
        setOpen(false);
        setNoMatch(false);
        setActive(-1);
      }
    }
  };

  return (
    <div className={error ? "field combobox has-error" : "field combobox"} ref={fieldRef}>
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
          choosing.current++;
          onText(event.target.value);
          search(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() =>
          setTimeout(() => {
            // A search still under way must not open the list over the next field.
            dropPendingSearch();
            setOpen(false);
          }, 150)
        }
      />
      {!place && choices?.length ? (
        <PlaceChoice
          id={choiceAnchor ?? `${id}-choice`}
          name={`${id}PlaceId`}
          choices={choices}
          onChoose={(s) => void choose(s)}
        />
      ) : (
        <input type="hidden" name={`${id}PlaceId`} value={place?.id ?? ""} />
      )}
      <div className="suggestions-popup">
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
              {s.approximate && (
                <>
                  {" "}
                  <span className="approximate">{t("places.approximate")}</span>
                </>
              )}
            </li>
          ))}
        </ul>
        {/* Shown while the list is (styles.css), so also under the early suggestions before hydration. */}
        {placesProvider === "google" && <p className="google-attribution">{t("places.googleAttribution")}</p>}
      </div>
      {noMatch && !error && (
        <p className="no-match" id={`${id}-no-match`}>
          {t("places.noMatch")}{" "}
          {company && (
            <a href={company.phoneHref}>
              {t("footer.phone")}: {company.phoneDisplay}
            </a>
          )}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/**
 * The places typed text may mean, as radio buttons carrying the place id: with
 * JavaScript a choice takes effect at once; without, the form posts the id.
 */
function PlaceChoice({
  id,
  name,
  choices,
  onChoose,
}: {
  id: string;
  name: string;
  choices: Suggestion[];
  onChoose: (s: Suggestion) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="place-choice" id={id} tabIndex={-1}>
      <legend>{t("funnel.choosePlace")}</legend>
      {choices.map((s) => (
        <label key={s.id} className="radio">
          {/* A click, not a change: a radio checked before hydration fires no change when tapped again. */}
          <input type="radio" name={name} value={s.id} onClick={() => onChoose(s)} />
          <span>
            <span className="main">
              {s.mainText}
              {s.kind === "locality" && ` (${t("places.town")})`}
            </span>{" "}
            <span className="secondary">{s.secondaryText}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
