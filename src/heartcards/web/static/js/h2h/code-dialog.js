// The "Enter a code" dialog of the home and play pages: a deal code field whose problems (empty, or the server's
// translated reason) are shown in place, so the person can correct the code without losing it.

import { openDialog } from "../common/dialogs.js";
import { element, find } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { errorText } from "../common/report.js";

/**
 * Ask for a deal code and call `open(code)`; the dialog closes when it resolves and shows the error when it
 * throws.
 * @param {(code: string) => Promise<unknown>} open
 */
export function openCodeDialog(open) {
  const form = element("form", "field");
  form.noValidate = true;
  form.innerHTML =
    `<label for="code-input">${t("h2h.ui.code.label")}</label>` +
    `<input id="code-input" type="text" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" ` +
    `placeholder="HH1-N-AAAAAAM" maxlength="40" autofocus aria-describedby="code-error">` +
    `<div class="error" id="code-error" role="status"></div>`;
  const input = find(form, "input", HTMLInputElement);
  const error = find(form, ".error");
  /** @returns {Promise<boolean>} whether the code was opened */
  const submit = async () => {
    error.textContent = "";
    const code = input.value.trim();
    if (!code) {
      error.textContent = t("h2h.ui.code.empty");
      input.focus();
      return false;
    }
    try {
      await open(code);
      return true;
    } catch (problem) {
      error.textContent = errorText(problem, "Opening the code");
      input.focus();
      return false;
    }
  };
  const dialog = openDialog({
    title: t("h2h.ui.code.title"),
    body: form,
    actions: [
      { label: t("ui.action.cancel"), name: "cancel" },
      { label: t("h2h.ui.code.open"), primary: true, name: "open", onClick: submit },
    ],
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await submit()) dialog.close();
  });
  input.focus();
}
