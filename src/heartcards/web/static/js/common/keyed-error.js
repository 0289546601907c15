// @ts-check
// The base of both engines' errors, as heartcards/errors.py's KeyedError: a message `key` for the catalogs and the
// `params` that fill it in (plain values), which the edges translate; the message itself is for a developer.
// `quoted` writes an input into such a message.

export class KeyedError extends Error {
  /** The message key for translation; each subclass names its own. */
  key = "error.bad_request";

  /**
   * @param {string} message
   * @param {Record<string, unknown>} [params]
   */
  constructor(message, params = {}) {
    super(message);
    this.name = new.target.name;
    /** @type {Record<string, unknown>} */
    this.params = params;
  }
}

/**
 * A value as a message quotes it: text in quotes, anything else as it is written.
 * @param {unknown} value
 * @returns {string}
 */
export function quoted(value) {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}
