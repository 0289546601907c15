// One polite live region (role="status") for short messages: "Must be the same rank", "Link copied", errors.

let timer = 0;

/**
 * Show `text` for `ms` milliseconds; `kind` "error" styles it as one.
 * @param {string} text
 * @param {{kind?: "info" | "error", ms?: number}} [options]
 */
export function announce(text, { kind = "info", ms = 3500 } = {}) {
  const region = document.getElementById("status");
  if (!region) return;
  region.textContent = text;
  region.dataset.kind = kind;
  region.classList.add("shown");
  clearTimeout(timer);
  timer = window.setTimeout(() => {
    region.classList.remove("shown");
    region.textContent = "";
  }, ms);
}
