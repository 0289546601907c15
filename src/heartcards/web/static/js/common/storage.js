// localStorage that never throws: in a private window without storage, values last for the page's lifetime.

/** @type {Map<string, string>} */
const memory = new Map();

/**
 * The stored text under `key`, or null.
 * @param {string} key
 * @returns {string | null}
 */
export function readItem(key) {
  try {
    return localStorage.getItem(key);
  } catch {
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
  } catch {
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
  } catch {
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
  } catch {
    for (const key of memory.keys()) if (key.startsWith(prefix)) keys.push(key);
  }
  return keys;
}
