// The statistics pages' figures (both games'): a label over a value in a `.number` box, named by `data-stat` for
// the tests.

/**
 * One figure: its label and value.
 * @param {string} label
 * @param {string} value
 * @param {string} name its data-stat
 * @returns {HTMLElement}
 */
export function numberBox(label, value, name) {
  const box = document.createElement("div");
  box.className = "number";
  box.dataset.stat = name;
  const labelLine = document.createElement("div");
  labelLine.className = "label";
  labelLine.textContent = label;
  const valueLine = document.createElement("div");
  valueLine.className = "value";
  valueLine.textContent = value;
  box.append(labelLine, valueLine);
  return box;
}
