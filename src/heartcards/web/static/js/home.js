// The home page: continue the running game, start a new one, the daily deal, or open a code.

import { ApiError, api } from "./api.js";
import { startPage } from "./chrome.js";
import { openDialog } from "./dialogs.js";
import { t } from "./i18n.js";
import { loadSettings } from "./settings.js";
import { announce } from "./status.js";

async function start(spec) {
  const view = await api.newGame(spec);
  window.location.assign(`/play/${view.code}`);
}

function codeDialog() {
  const form = document.createElement("form");
  form.className = "field";
  form.innerHTML =
    `<label for="code-input">${t("ui.code.label")}</label>` +
    `<input id="code-input" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="HH1-N-AAAAAAM" maxlength="40">` +
    `<div class="error" role="status"></div>`;
  const input = form.querySelector("input");
  const error = form.querySelector(".error");
  const submit = async () => {
    try {
      await start({ code: input.value.trim() });
      return true;
    } catch (problem) {
      error.textContent = problem instanceof ApiError ? problem.message : t("ui.error.unexpected");
      return false;
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  openDialog({
    title: t("ui.code.title"),
    body: form,
    actions: [
      { label: t("ui.action.cancel"), name: "cancel" },
      { label: t("ui.code.open"), primary: true, name: "open", onClick: submit },
    ],
  });
  input.focus();
}

async function main() {
  await startPage("home", "ui.title.home");
  const root = document.getElementById("home");
  const guard = (work) => () => work().catch((error) => announce(error.message || String(error), { kind: "error" }));
  root.querySelector('[data-role="new"]').addEventListener(
    "click",
    guard(() => start({ mode: loadSettings().dealMode })),
  );
  root.querySelector('[data-role="daily"]').addEventListener("click", guard(() => start({ daily: true })));
  root.querySelector('[data-role="code"]').addEventListener("click", codeDialog);
  try {
    const current = await api.currentGame();
    const link = root.querySelector('[data-role="continue"]');
    link.href = `/play/${current.code}`;
    link.hidden = false;
    root.querySelector('[data-role="new"]').classList.remove("primary");
  } catch {
    /* no running game */
  }
  document.body.dataset.ready = "true";
}

main();
