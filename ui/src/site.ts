// The little every page needs, without React: on pages with a form, ask before a
// language switch throws typed input away. (The server stores the chosen language:
// each flag's link carries it.)

function hasTypedInput(form: Element): boolean {
  return Array.from(form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")).some(
    (field) => !["radio", "checkbox", "hidden", "submit", "button"].includes(field.type) && field.value.trim() !== "",
  );
}

document.addEventListener("click", (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-lang]");
  if (!link || event.defaultPrevented) return;
  const guarded = document.querySelector("[data-confirm-leave]");
  if (guarded && hasTypedInput(guarded) && !window.confirm(guarded.getAttribute("data-confirm-leave") ?? "")) {
    event.preventDefault();
  }
});

// A flag's link carries the choice (`?lang=`) for the server to store; the address
// bar then shows the page's own URL, the one to bookmark and share.
const query = new URLSearchParams(location.search);
if (query.has("lang")) {
  query.delete("lang");
  const rest = query.toString();
  history.replaceState(history.state, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
}
