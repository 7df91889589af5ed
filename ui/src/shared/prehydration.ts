// Text typed into the server-rendered form before React took it over. On a slow
// phone the form is visible seconds before the bundle has run; hydration would
// otherwise put the server's (empty) values back. The client entry starts the
// watch before hydrating; the form takes what was typed once it has mounted.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const typed = new Map<string, string>();
let watched: HTMLElement | null = null;

function isField(target: EventTarget | null): target is Field {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function record(target: EventTarget | null) {
  if (!isField(target) || !target.name || target.type === "hidden") return;
  if (target instanceof HTMLInputElement && (target.type === "radio" || target.type === "checkbox")) {
    if (target.checked) typed.set(target.name, target.value);
    return;
  }
  typed.set(target.name, target.value);
}

function changedFromServer(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

const onEvent = (event: Event) => record(event.target);

/** Remembers what was typed so far in `root`'s forms, and what is typed until the form mounts. */
export function watchTyping(root: HTMLElement) {
  root.querySelectorAll<Field>("input, textarea, select").forEach((field) => {
    if (changedFromServer(field)) record(field);
  });
  root.addEventListener("input", onEvent, true);
  root.addEventListener("change", onEvent, true);
  watched = root;
}

/** What was typed before hydration, by field name; ends the watch. */
export function takeTyped(): Record<string, string> {
  watched?.removeEventListener("input", onEvent, true);
  watched?.removeEventListener("change", onEvent, true);
  watched = null;
  const out = Object.fromEntries(typed);
  typed.clear();
  return out;
}
