// What this browser remembers about Hearts tables, in localStorage: the secret seat token per table (with the route
// of the server that seated it) and the display name. (The table settings live in ../settings.js with Heart to
// Heart's.) Private mode without storage still works for the page's lifetime.

import { keysStartingWith, readItem, writeItem } from "../common/storage.js";

const TOKEN_PREFIX = "hc_hearts_token_";
const SEAT_PREFIX = "hc_hearts_seat_";
const ROUTE_PREFIX = "hc_hearts_route_";
const NAME_KEY = "hc_hearts_name";

/** @typedef {{token: string, seat: number | null}} HeldSeat */

/**
 * The seat this browser holds at a table, or null. The token is stored as it is, under hc_hearts_token_<id>.
 * @param {string} tableId
 * @returns {HeldSeat | null}
 */
export function loadSeat(tableId) {
  const token = readItem(TOKEN_PREFIX + tableId);
  if (!token) return null;
  const seat = Number.parseInt(readItem(SEAT_PREFIX + tableId) ?? "", 10);
  return { token, seat: seat >= 0 && seat <= 3 ? seat : null };
}

/**
 * @param {string} tableId
 * @param {string} token
 * @param {number | null | undefined} seat
 * @param {string | null} [route] the seating answer's `route`: where the table's socket goes first
 */
export function saveSeat(tableId, token, seat, route) {
  writeItem(TOKEN_PREFIX + tableId, token);
  writeItem(SEAT_PREFIX + tableId, seat === null || seat === undefined ? null : String(seat));
  if (route !== undefined) writeItem(ROUTE_PREFIX + tableId, route);
}

/**
 * The route of the server that ran the table when this browser was seated, or null (the socket finds it).
 * @param {string} tableId
 */
export function loadRoute(tableId) {
  return readItem(ROUTE_PREFIX + tableId);
}

/** @param {string} tableId */
export function forgetSeat(tableId) {
  writeItem(TOKEN_PREFIX + tableId, null);
  writeItem(SEAT_PREFIX + tableId, null);
  writeItem(ROUTE_PREFIX + tableId, null);
}

export function loadName() {
  return readItem(NAME_KEY) || "";
}

/** @param {string} name */
export function saveName(name) {
  writeItem(NAME_KEY, name.trim().slice(0, 24));
}

/** The ids of the tables this browser holds a seat at. */
export function seatTables() {
  return keysStartingWith(TOKEN_PREFIX).map((key) => key.slice(TOKEN_PREFIX.length));
}
