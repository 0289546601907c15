// The statistics pages' figures (both games'): a label over a value in a `.number` box, named by `data-stat` for
// the tests.

import { element } from "./dom.js";

/**
 * One figure: its label and value.
 * @param {string} label
 * @param {string} value
 * @param {string} name its data-stat
 * @returns {HTMLElement}
 */
export function numberBox(label, value, name) {
  const box = element("div", "number");
  box.dataset.stat = name;
  const labelLine = element("div", "label");
  labelLine.textContent = label;
  const valueLine = element("div", "value");
  valueLine.textContent = value;
  box.append(labelLine, valueLine);
  return box;
}
