// Modal dialogs built on <dialog> (focus stays inside, Escape closes). A dialog exists in the DOM only while open,
// so [role="dialog"] always means "a dialog the player sees".

import { element } from "./dom.js";
import { t } from "./i18n.js";

let counter = 0;

/**
 * A button of a dialog; its `onClick` may return (or resolve to) false to keep the dialog open.
 * @typedef {object} DialogAction
 * @property {string} label
 * @property {string} [name] its data-action
 * @property {boolean} [primary]
 * @property {boolean} [danger] an action that cannot be taken back (drawn as such, and not focused on opening)
 * @property {(button: HTMLButtonElement) => unknown} [onClick]
 */
/** @typedef {{element: HTMLDialogElement, close: () => void}} OpenDialog */

/**
 * Open a dialog. `body` is a Node or text.
 * @param {object} options
 * @param {string} options.title
 * @param {Node | string} [options.body]
 * @param {DialogAction[]} [options.actions]
 * @param {string} [options.className]
 * @param {(() => void) | null} [options.onClose]
 * @param {boolean} [options.dismissible] whether Escape closes it
 * @returns {OpenDialog}
 */
export function openDialog({ title, body, actions = [], className = "", onClose = null, dismissible = true }) {
  counter += 1;
  const dialog = document.createElement("dialog");
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.className = `dialog ${className}`.trim();
  const titleId = `dialog-title-${counter}`;
  dialog.setAttribute("aria-labelledby", titleId);
  const heading = document.createElement("h2");
  heading.id = titleId;
  heading.textContent = title;
  dialog.appendChild(heading);
  const content = element("div", "dialog-body");
  if (body instanceof Node) content.appendChild(body);
  else if (body) {
    const p = document.createElement("p");
    p.textContent = body;
    content.appendChild(p);
  }
  dialog.appendChild(content);
  const bar = element("div", "dialog-actions");
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    onClose?.();
  };
  for (const action of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = action.primary ? "button primary" : action.danger ? "button danger" : "button";
    button.textContent = action.label;
    if (action.name) button.dataset.action = action.name;
    button.addEventListener("click", async () => {
      const keep = await action.onClick?.(button);
      if (keep !== false) close();
    });
    bar.appendChild(button);
  }
  dialog.appendChild(bar);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    if (dismissible) close();
  });
  dialog.addEventListener("close", () => close());
  document.body.appendChild(dialog);
  dialog.showModal();
  const primary = bar.querySelector(".primary") || bar.querySelector("button:not(.danger)");
  const first = dialog.querySelector("[autofocus]") || primary;
  // Focused where it stands, the dialog still open at its top: a long one (the settings, on a phone) scrolled down
  // to its last button and hid its own title.
  if (first instanceof HTMLElement) first.focus({ preventScroll: true });
  return { element: dialog, close };
}

export function dialogOpen() {
  return document.querySelector("dialog[open]") !== null;
}

/**
 * Ask before an action: resolves true once the person presses `action`, false when they cancel (or press Escape).
 * With `danger` the action cannot be taken back: Cancel is the button focused, so Enter does not take it.
 * @param {{title: string, body: string, action: string, danger?: boolean}} words
 * @returns {Promise<boolean>}
 */
export function confirmed({ title, body, action, danger = false }) {
  return new Promise((resolve) => {
    let yes = false;
    openDialog({
      title,
      body,
      actions: [
        { label: t("ui.action.cancel"), name: "cancel" },
        { label: action, name: "confirm", primary: !danger, danger, onClick: () => (yes = true) },
      ],
      onClose: () => resolve(yes),
    });
  });
}
