// Who the page shows things to. The server names the player in the `hc_identity` cookie (a digest of the player id,
// which itself stays out of reach in an HttpOnly cookie), and the device remembers the last identity it saw. When
// another one comes (a cleared cookie, a sign-out, an erased account, a session ended from another device), what the
// device kept of the previous player is dropped before any page reads it: their games, seats, name and device games
// (everything in localStorage but the device's settings and the daily deals' codes), and the service worker's cache
// (`identity-check.js` runs the check first on every page). Signing in keeps them: the guest's games join the
// account on the server too.

import { reportFallback } from "./report.js";
import { readItem, writeItem } from "./storage.js";

const COOKIE = "hc_identity";
export const KNOWN_KEY = "heartcards.identity";
/** What localStorage keeps for the device whoever plays: the settings (and their older key), the daily deals' codes. */
const DEVICE_KEYS = new Set([KNOWN_KEY, "heartcards.settings", "hc_hearts_settings"]);
const DEVICE_PREFIXES = ["heartcards.h2h.daily."];

/**
 * The identity the server last named in `cookies` (`document.cookie`), or "" when none does (cookies cleared, or
 * refused).
 * @param {string} cookies
 */
export function namedIdentity(cookies) {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=");
  }
  return "";
}

/**
 * Whether the device's data belongs to another player than `current`: an identity was known and another one (or
 * none) is named now. Nothing known (a first visit) or nobody known (cookies were cleared) is no change: what the
 * device holds then was made by whoever plays now.
 * @param {string | null} known
 * @param {string} current
 */
export function identityChanged(known, current) {
  return Boolean(known) && known !== current;
}

/**
 * The keys of what a player left in `storage`: all but the device's own.
 * @param {Pick<Storage, "length" | "key">} storage
 */
export function personalKeys(storage) {
  /** @type {string[]} */
  const keys = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !DEVICE_KEYS.has(key) && !DEVICE_PREFIXES.some((prefix) => key.startsWith(prefix))) keys.push(key);
  }
  return keys;
}

/** Asks the service worker, if there is one, to drop its cache and store the app again. */
function renewWorkerCache() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: "identity-changed" }))
    .catch((error) => reportFallback("Asking the service worker to store the app again", error));
}

/** Compare the named identity with the one the device last saw; on a change, forget the previous player's data. */
export function checkIdentity() {
  const current = namedIdentity(document.cookie);
  const known = readItem(KNOWN_KEY);
  if (identityChanged(known, current)) {
    try {
      for (const key of personalKeys(localStorage)) localStorage.removeItem(key);
    } catch (error) {
      // no localStorage here (a private window): the previous page's memory held it, and it is gone
      reportFallback("Forgetting the previous player's data in localStorage", error);
    }
    renewWorkerCache();
  }
  if (known !== current) writeItem(KNOWN_KEY, current);
}

/**
 * After signing in: the account is the device's player from now on, and what the device holds stays (the guest's
 * games joined the account). The worker's cache is renewed all the same.
 */
export function adoptIdentity() {
  const current = namedIdentity(document.cookie);
  if (readItem(KNOWN_KEY) === current) return;
  writeItem(KNOWN_KEY, current);
  renewWorkerCache();
}
