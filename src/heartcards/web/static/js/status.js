// One polite live region (role="status") for short messages: "Must be the same rank", "Link copied", errors.

let timer = 0;

export function announce(text, { kind = "info", ms = 3500 } = {}) {
  const region = document.getElementById("status");
  if (!region) return;
  region.textContent = text;
  region.dataset.kind = kind;
  region.classList.add("shown");
  clearTimeout(timer);
  timer = setTimeout(() => {
    region.classList.remove("shown");
    region.textContent = "";
  }, ms);
}
