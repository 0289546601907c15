// @ts-check
// Python's text rules where the engine's inputs and messages depend on them, so both engines read and quote the
// same characters the same way: `str.strip()` / `str.split()` whitespace, `str.upper()`, the Unicode digits that
// `re`'s `\d` and `int()` accept, and `repr()` of a string (error messages quote the input with it).

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

const NOT_PRINTABLE = /^[\p{C}\p{Z}]$/u;

/**
 * One character as `repr()` writes it inside quotes.
 * @param {string} char
 * @param {string} quote
 * @returns {string}
 */
function reprChar(char, quote) {
  if (char === quote || char === "\\") return `\\${char}`;
  if (char === "\t") return "\\t";
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  const code = /** @type {number} */ (char.codePointAt(0));
  if (char !== " " && (code < 0x20 || code === 0x7f || NOT_PRINTABLE.test(char))) {
    if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
    if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, "0")}`;
    return `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return char;
}

/**
 * `repr(text)`: single quotes unless the text holds a single quote and no double quote.
 * @param {string} text
 * @returns {string}
 */
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const char of text) body += reprChar(char, quote);
  return quote + body + quote;
}
