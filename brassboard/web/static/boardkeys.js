// Keyboard play on a board (squares, hexes, fields, cards): the arrow keys move a cursor over the board's targets,
// Enter or Space activates the target under the cursor exactly as a click would (so a board needs no second code
// path), Escape cancels, and other keys go to the board (e.g. R/F to turn and flip a tile). The cursor is a roving
// tabindex: Tab enters the board once and leaves it again, so there is no keyboard trap.
//
// Boards re-render on every update, so targets are looked up by selector each time and the cursor is remembered by
// a stable key (by default the element's data-key), not by element.

/**
 * @param {Element} container the board's root element (HTML or SVG)
 * @param {object} options
 *   selector: CSS selector of the targets inside container (default "[data-key]")
 *   keyOf(el): the stable key of a target (default el.dataset.key)
 *   onCancel(): Escape was pressed
 *   onKey(event, el): any other key while a target has focus; return true if handled
 *   onFocus(el): the cursor moved onto el (e.g. show the same preview as on hover)
 *   move(el, key): optional; the target an arrow key leads to from el (null: stay), for grids whose neighbours the
 *     screen geometry does not give (a hex map's columns); undefined: the nearest target in that direction
 * @returns {{refresh(): void, focus(key?: string): void, current(): string|null, destroy(): void}}
 */
export function boardKeys(container, options = {}) {
  const selector = options.selector || "[data-key]";
  const keyOf = options.keyOf || ((el) => el.dataset.key);
  let currentKey = null;

  const targets = () => [...container.querySelectorAll(selector)].filter((el) => !el.closest("[hidden]"));
  const byKey = (key) => targets().find((el) => keyOf(el) === key) || null;

  function refresh() {
    const all = targets();
    let chosen = all.find((el) => keyOf(el) === currentKey) || all[0] || null;
    for (const el of all) {
      el.setAttribute("tabindex", el === chosen ? "0" : "-1");
      el.dataset.cursor = "";
      if (!el.hasAttribute("role")) el.setAttribute("role", "button");
    }
    if (chosen) currentKey = keyOf(chosen);
  }

  function moveTo(el) {
    if (!el) return;
    for (const other of targets()) other.setAttribute("tabindex", "-1");
    el.setAttribute("tabindex", "0");
    currentKey = keyOf(el);
    el.focus({ preventScroll: false });
  }

  /** The nearest target from `from` in a direction: ahead along the axis, small sideways offset weighed double. */
  function nearest(from, dx, dy) {
    const a = centre(from);
    let best = null, bestScore = Infinity;
    for (const el of targets()) {
      if (el === from) continue;
      const b = centre(el);
      const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
      if (along <= 0.5) continue;
      const aside = Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx);
      const score = along + 2 * aside;
      if (score < bestScore) { best = el; bestScore = score; }
    }
    return best;
  }

  const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  function onKeydown(event) {
    const el = event.target.closest ? event.target.closest(selector) : null;
    if (!el || !container.contains(el)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const direction = DIRECTIONS[event.key];
    if (direction) {
      // a board with its own grid (hexes) may name the next target; undefined falls back to the nearest on screen
      const named = options.move ? options.move(el, event.key) : undefined;
      moveTo(named !== undefined ? named : nearest(el, direction[0], direction[1]));
    } else if (event.key === "Home" || event.key === "End") {
      const all = targets();
      moveTo(event.key === "Home" ? all[0] : all[all.length - 1]);
    } else if (event.key === "Enter" || event.key === " ") {
      el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    } else if (event.key === "Escape") {
      if (!options.onCancel) return;
      options.onCancel();
    } else if (!(options.onKey && options.onKey(event, el))) {
      return;
    }
    event.preventDefault();
  }

  function onFocusin(event) {
    const el = event.target.closest ? event.target.closest(selector) : null;
    if (!el || !container.contains(el)) return;
    currentKey = keyOf(el);
    if (options.onFocus) options.onFocus(el);
  }

  container.addEventListener("keydown", onKeydown);
  container.addEventListener("focusin", onFocusin);
  refresh();
  return {
    refresh,
    focus(key) { moveTo(key === undefined ? byKey(currentKey) || targets()[0] : byKey(key)); },
    current: () => currentKey,
    destroy() {
      container.removeEventListener("keydown", onKeydown);
      container.removeEventListener("focusin", onFocusin);
    },
  };
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}
