// Finding the elements a page's shell must have. A missing one is a broken shell, so it fails loudly at once
// instead of as a null later; the result is typed for the check (`tsc --checkJs`). And writing text and attributes
// only when they change: the browser invalidates style or layout on every write, even of the same value.
// And making elements, a table of figures that reads as cards on a phone among them.

/**
 * The element under `root` matching `selector`, of type `type`.
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => E} [type]
 * @returns {E}
 */
export function find(root, selector, type) {
  const el = root.querySelector(selector);
  const wanted = type ?? HTMLElement;
  if (!(el instanceof wanted)) throw new Error(`missing element: ${selector}`);
  return /** @type {E} */ (el);
}

/**
 * The element with id `id`.
 * @param {string} id
 */
export function byId(id) {
  return find(document, `#${id}`);
}

/**
 * The element an event happened on, as an Element (events from text nodes or the window give null).
 * @param {Event} event
 */
export function eventElement(event) {
  return event.target instanceof Element ? event.target : null;
}

/**
 * Give `el` the text `text` unless it has it already.
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Give `el` the attribute `name` = `value` unless it has it already.
 * @param {Element} el
 * @param {string} name
 * @param {string} value
 */
export function setAttribute(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * A new element `tag`, with the classes `className` and the text `text` when given.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * A table of figures that reads as cards on a phone (`table.deals.cards` in common.css): a heading row of `labels`,
 * then `moreHeadings` (their HTML), and `addRow`, which appends a row of `texts` whose cells after the first carry
 * their column's label (drawn over the figure on a phone). Returns the table and `addRow`.
 * @param {string[]} labels
 * @param {string} [moreHeadings]
 */
export function cardsTable(labels, moreHeadings = "") {
  const table = element("table", "deals cards");
  const head = labels.map((label) => `<th scope="col">${label}</th>`).join("");
  table.innerHTML = `<thead><tr>${head}${moreHeadings}</tr></thead><tbody></tbody>`;
  const body = find(table, "tbody", HTMLTableSectionElement);
  /** @param {string[]} texts */
  const addRow = (texts) => {
    const row = body.insertRow();
    texts.forEach((text, column) => {
      const cell = row.insertCell();
      cell.textContent = text;
      if (column > 0) cell.dataset.label = labels[column];
    });
    return row;
  };
  return { table, addRow };
}
