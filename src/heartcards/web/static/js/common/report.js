// Failures the page carries on without (a background fetch, a picture, the service worker) still say what happened:
// on the console, as a warning when the device is offline (expected there: the page works without the server and
// syncs later) and as an error otherwise, which the browser tests watch for.

import { ApiError } from "./api.js";

/**
 * Whether `error` is the network's: the browser is offline, or the request never reached the server.
 * @param {unknown} error
 */
export function isNetworkFailure(error) {
  return navigator.onLine === false || (error instanceof ApiError && error.status === 0);
}

/**
 * Say that `what` failed and the page went on without it.
 * @param {string} what
 * @param {unknown} error
 */
export function reportFallback(what, error) {
  const message = `${what} failed; the page carries on without it:`;
  if (isNetworkFailure(error)) console.warn(message, error);
  else console.error(message, error);
}
