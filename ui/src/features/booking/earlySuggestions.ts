// The address suggestions before React. On a slow phone the page is painted seconds before
// the form's script (React and the form, 75 KB) has arrived; this small script arrives with the
// stylesheet and makes the two address fields suggest places meanwhile, in the same list the
// React combobox (AddressCombobox.tsx) shows later. A tap chooses; the chosen place is handed to
// the form at hydration (shared/prehydration.ts), when this script steps back and puts the
// server's markup back. Without JavaScript the form asks the server instead (the price button).
import { apiPath, getJson, newSessionToken } from "../../shared/api";
import { API_PATHS, LIMITS, type Suggestion, type Suggestions } from "../../shared/contract";
import { HYDRATE_EVENT, type Handover } from "../../shared/prehydration";

const DEBOUNCE_MS = 250;
const ENDS = ["departure", "destination"] as const;

function option(id: string, index: number, suggestion: Suggestion, choose: () => void): HTMLLIElement {
  const li = document.createElement("li");
  li.id = `${id}-option-${index}`;
  li.setAttribute("role", "option");
  li.setAttribute("aria-selected", "false");
  const main = document.createElement("span");
  main.className = "main";
  main.textContent = suggestion.mainText;
  const secondary = document.createElement("span");
  secondary.className = "secondary";
  secondary.textContent = suggestion.secondaryText;
  li.append(main, " ", secondary);
  // Chosen on the touch itself (focus stays in the field), before anything else can happen.
  li.addEventListener("mousedown", (event) => {
    event.preventDefault();
    choose();
  });
  return li;
}

/** Suggests places in `root`'s address fields until the form is hydrated. */
export function startEarlySuggestions(root: HTMLElement) {
  const lang = document.documentElement.lang;
  const chosen: Handover["places"] = {};
  const stops: (() => void)[] = [];
  for (const id of ENDS) {
    const input = root.querySelector<HTMLInputElement>(`input#${id}`);
    const list = root.querySelector<HTMLUListElement>(`#${id}-listbox`);
    const placeId = root.querySelector<HTMLInputElement>(`input[type=hidden][name=${id}PlaceId]`);
    if (!input || !list) continue;
    const serverPlaceId = placeId?.value;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    let session: string | null = null;
    const show = (items: Suggestion[]) => {
      list.replaceChildren(
        ...items.map((s, index) =>
          option(id, index, s, () => {
            input.value = s.mainText;
            chosen[id] = {
              id: s.id,
              formattedAddress: s.mainText,
              displayName: s.mainText,
              kind: s.kind,
              approximate: s.approximate,
            };
            if (placeId) placeId.value = s.id;
            show([]);
          }),
        ),
      );
      list.hidden = items.length === 0;
      input.setAttribute("aria-expanded", String(items.length > 0));
    };
    const onInput = () => {
      delete chosen[id];
      if (placeId && serverPlaceId !== undefined) placeId.value = serverPlaceId;
      clearTimeout(timer);
      const text = input.value;
      if (text.trim().length < LIMITS.searchMinChars) return show([]);
      session ??= newSessionToken();
      const query = { input: text, lang, session };
      timer = setTimeout(async () => {
        const request = ++latest;
        const answer = await getJson<Suggestions>(apiPath(API_PATHS.placeSuggestions, {}, query));
        if (request === latest) show(answer.ok ? (answer.data.suggestions ?? []) : []);
      }, DEBOUNCE_MS);
    };
    // Escape closes the list, and forgets a search still waiting or under way.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      clearTimeout(timer);
      latest++;
      show([]);
    };
    // Leaving the field does too: a late answer must not open a list over the next field
    // (a tap on an option keeps the focus here: see `option`).
    const onBlur = () => {
      clearTimeout(timer);
      latest++;
      show([]);
    };
    input.addEventListener("input", onInput);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("blur", onBlur);
    stops.push(() => {
      input.removeEventListener("input", onInput);
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("blur", onBlur);
      clearTimeout(timer);
      latest++;
      show([]);
      if (placeId && serverPlaceId !== undefined) placeId.value = serverPlaceId;
    });
  }
  root.addEventListener(
    HYDRATE_EVENT,
    (event) => {
      for (const stop of stops) stop();
      Object.assign((event as CustomEvent<Handover>).detail.places, chosen);
    },
    { once: true },
  );
}
