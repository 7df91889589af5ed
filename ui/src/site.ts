// The little every page needs, without React: remember the chosen language, and on
// pages with a form ask before a language switch throws typed input away.
const YEAR_SECONDS = 365 * 24 * 3600;

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
    return;
  }
  // Over HTTPS the preference travels only over HTTPS, like the server's own cookie.
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `lang=${link.dataset.lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
});
