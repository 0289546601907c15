// Failures the page carries on without (a background fetch, a picture, the service worker, the clipboard, storage)
// still say what happened: on the console, as a warning when the network or the browser refused (expected there:
// the page works without the server and syncs later, copies another way, keeps values in memory) and as an error
// otherwise, which the browser tests watch for. A failure shown to the person as "something went wrong" is written
// to the console too (`errorText`).

import { ApiError } from "./api.js";
import { t } from "./i18n.js";

/** The browser's refusals a page expects now and then: no permission, no storage, the person cancelling. */
const REFUSALS = new Set(["NotAllowedError", "SecurityError", "QuotaExceededError", "AbortError"]);

/**
 * Whether `error` is the network's: the browser is offline, or the request never reached the server.
 * @param {unknown} error
 */
export function isNetworkFailure(error) {
  return navigator.onLine === false || (error instanceof ApiError && error.status === 0);
}

/**
 * Whether `error` is the network's or a refusal of the browser's (a permission, storage, a cancelled sheet).
 * @param {unknown} error
 */
function isExpected(error) {
  return isNetworkFailure(error) || (error instanceof DOMException && REFUSALS.has(error.name));
}

/**
 * Say that `what` failed and the page went on without it.
 * @param {string} what
 * @param {unknown} error
 */
export function reportFallback(what, error) {
  const message = `${what} failed; the page carries on without it:`;
  if (isExpected(error)) console.warn(message, error);
  else console.error(message, error);
}

/**
 * What to tell the person about a failure of `what`: the server's message, or "something went wrong", which is a
 * bug and written to the console as an error.
 * @param {unknown} error
 * @param {string} what
 * @returns {string}
 */
export function errorText(error, what) {
  if (error instanceof ApiError) return error.message;
  console.error(`${what} failed:`, error);
  return t("ui.error.unexpected");
}
