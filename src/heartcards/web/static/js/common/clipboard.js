// Copying text for the person: the Clipboard API, or the older copy command where that is refused (plain http on a
// phone); says whether it worked so the page can show the text instead.

import { reportFallback } from "./report.js";

/**
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    reportFallback("Copying with the Clipboard API (the older copy command is tried)", error);
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    const copied = typeof document.execCommand === "function" && document.execCommand("copy");
    field.remove();
    return copied;
  }
}
