// @ts-check
// How both engines read text input, by Python's rules, so that the browser's engines take and refuse the same moves,
// codes and actions as the server's: `str.strip()` / `str.split()` whitespace, `str.upper()`, and the Unicode
// digits that `re`'s `\d` and `int()` accept.

/** The characters `str.isspace()` is true for (Unicode White_Space plus the ASCII separators 0x1C–0x1F). */
const WHITESPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const STRIP = new RegExp(`^[${WHITESPACE}]+|[${WHITESPACE}]+$`, "g");
const SPLIT = new RegExp(`[${WHITESPACE}]+`);
const DIGIT = /^\p{Nd}$/u;

/**
 * `text.strip()` as Python does it.
 * @param {string} text
 * @returns {string}
 */
export function pyStrip(text) {
  return text.replace(STRIP, "");
}

/**
 * `text.split()` as Python does it: words between runs of whitespace, none for blank text.
 * @param {string} text
 * @returns {string[]}
 */
export function pySplit(text) {
  const stripped = pyStrip(text);
  return stripped ? stripped.split(SPLIT) : [];
}

/**
 * `text.strip().upper()`: how codes and moves are normalised before they are matched.
 * @param {string} text
 * @returns {string}
 */
export function cleaned(text) {
  return pyStrip(text).toUpperCase();
}

/** A pattern fragment for one character that `re`'s `\d` matches (any Unicode decimal digit). */
export const DIGIT_PATTERN = "\\p{Nd}";

/**
 * `int(digits)` for a string of Unicode decimal digits: each digit's value is its distance from the start of its
 * run of ten (every Unicode digit run starts at zero).
 * @param {string} digits
 * @returns {number}
 */
export function pyInt(digits) {
  let value = 0;
  for (const char of digits) {
    const code = /** @type {number} */ (char.codePointAt(0));
    let start = code;
    while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    value = value * 10 + ((code - start) % 10);
  }
  return value;
}
