// localStorage that never throws: in a private window without storage, values last for the page's lifetime (which
// the console is told once).

import { reportFallback } from "./report.js";

/** @type {Map<string, string>} */
const memory = new Map();
let toldOnce = false;

/**
 * Say once that the browser refused its storage and values now last for the page's lifetime.
 * @param {unknown} error
 */
function inMemory(error) {
  if (!toldOnce) reportFallback("Keeping values in localStorage (they last for this page only)", error);
  toldOnce = true;
}

/**
 * The stored text under `key`, or null.
 * @param {string} key
 * @returns {string | null}
 */
export function readItem(key) {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    inMemory(error);
    return memory.get(key) ?? null;
  }
}

/**
 * Store `value` under `key`; null removes it.
 * @param {string} key
 * @param {string | null} value
 */
export function writeItem(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    inMemory(error);
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

/**
 * The JSON value stored under `key`, or null when there is none or it does not parse.
 * @param {string} key
 * @returns {unknown}
 */
export function readJson(key) {
  try {
    return JSON.parse(readItem(key) ?? "null");
  } catch (error) {
    reportFallback(`Reading the stored ${key}`, error);
    return null;
  }
}

/**
 * Every stored key that starts with `prefix`.
 * @param {string} prefix
 * @returns {string[]}
 */
export function keysStartingWith(prefix) {
  /** @type {string[]} */
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(prefix)) keys.push(key);
    }
  } catch (error) {
    inMemory(error);
    for (const key of memory.keys()) if (key.startsWith(prefix)) keys.push(key);
  }
  return keys;
}
