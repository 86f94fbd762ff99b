// Tic-tac-toe in the browser: the smallest UI module of the protocol in docs/api.md.
// mount(element, api) once; update(message) on every state; strings; optional status(message) and describe(entry).
import { boardKeys } from "/static/boardkeys.js";

export const strings = {
  en: { "score.result": "Result", "ttt.turn": "{name} ({mark}) to move.", "ttt.won": "{name} ({mark}) wins.", "ttt.draw": "Draw.", "ttt.marks": "marks {cell}",
    "ttt.board": "Tic-tac-toe board: columns a to c, rows 1 to 3", "ttt.cellEmpty": "cell {cell}, empty", "ttt.cellMarked": "cell {cell}, {mark}",
    "ttt.cellWinning": "cell {cell}, {mark}, in the winning line" },
  de: { "score.result": "Ergebnis", "game.description": "Drei in einer Reihe auf einem 3×3-Feld. Das Referenzspiel und der Benchmark-Maßstab der Engine.",
    "option.first_player.label": "Startspieler", "option.first_player": "Welcher Spieler zuerst zieht und X spielt.", "ttt.turn": "{name} ({mark}) ist am Zug.", "ttt.won": "{name} ({mark}) gewinnt.", "ttt.draw": "Unentschieden.", "ttt.marks": "setzt auf {cell}",
    "ttt.board": "Tic-Tac-Toe-Feld: Spalten a bis c, Reihen 1 bis 3", "ttt.cellEmpty": "Feld {cell}, leer", "ttt.cellMarked": "Feld {cell}, {mark}",
    "ttt.cellWinning": "Feld {cell}, {mark}, in der Siegreihe" },
};

let api = null, grid = null, last = null, keys = null;
const COLUMNS = "abc";
const cells = new Map();  // cell name -> its button, made once so the keyboard focus survives each update

function t(key, params) {
  let text = api && api.t ? api.t(key, params) : key;
  if (text === key) {
    text = (strings[api && api.lang] || strings.en)[key] || strings.en[key] || key;
    if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  }
  return text;
}

function name(message, seat) {
  const s = (message.seats || []).find((x) => x.seat === seat);
  return (s && s.name) || `#${seat + 1}`;
}

function mark(view, seat) { return seat === view.first_player ? "X" : "O"; }

export function mount(element, a) {
  api = a;
  cells.clear();
  // a group of nine buttons (not an ARIA grid, which would need rows of gridcells); the arrow keys move between them
  grid = document.createElement("div");
  grid.className = "ttt-grid";
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", t("ttt.board"));
  grid.style.cssText = "display:grid;grid-template-columns:repeat(3,96px);grid-template-rows:repeat(3,96px);gap:6px;" +
    "background:#2b2420;padding:6px;border-radius:10px;width:max-content;margin:1em auto;";
  for (let row = 3; row >= 1; row--) {
    for (const column of COLUMNS) {
      const cell = column + row;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.cell = cell;
      button.dataset.key = cell;
      button.addEventListener("click", () => { if (button.dataset.action) api.send(button.dataset.action); });
      cells.set(cell, button);
      grid.append(button);
    }
  }
  element.append(grid);
  keys = boardKeys(grid, { selector: "button[data-cell]" });
}

export function update(message) {
  last = message;
  const view = message.view;
  const legal = new Set(message.legal || []);
  const won = winningLine(view);
  // view.rows[0] is row 3 (the top row as people draw it)
  view.rows.forEach((line, i) => {
    const row = 3 - i;
    [...line].forEach((symbol, c) => {
      const cell = COLUMNS[c] + row;
      const action = `mark ${cell}`;
      const playable = legal.has(action);
      const button = cells.get(cell);
      button.dataset.action = playable ? action : "";
      // aria-disabled, not disabled: a taken cell stays reachable by the arrow keys and is read with its mark
      button.setAttribute("aria-disabled", String(!playable));
      button.textContent = symbol === "." ? "" : symbol;
      button.setAttribute("aria-label", t(symbol === "." ? "ttt.cellEmpty" : "ttt.cellMarked", { cell, mark: symbol }));
      button.style.cssText = "font:700 56px/1 'DejaVu Sans',sans-serif;border:0;border-radius:6px;display:flex;" +
        "align-items:center;justify-content:center;background:" + (playable ? "#fffdf8" : "#efe7da") + ";color:" +
        (symbol === "X" ? "#b3261e" : "#0b4f8a") + ";cursor:" + (playable ? "pointer" : "default") + ";opacity:1";
      delete button.dataset.win;
      if (won.has(cell)) {
        button.dataset.win = "1";
        button.style.background = "#ffd86b";
        button.style.boxShadow = "inset 0 0 0 4px #7a5516";
        button.setAttribute("aria-label", t("ttt.cellWinning", { cell, mark: symbol }));  // told, not only coloured
      }
    });
  });
  keys.refresh();
}

/** The cells of the winner's line (empty before the end or in a draw): the view's rows, top row first. */
function winningLine(view) {
  if (view.winner === null || view.winner === undefined) return new Set();
  const at = (cell) => view.rows[3 - +cell[1]][COLUMNS.indexOf(cell[0])];
  const lines = ["a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3", "a3 b2 c1"].map((l) => l.split(" "));
  const line = lines.find((cells) => cells.every((cell) => at(cell) === mark(view, view.winner)));
  return new Set(line || []);
}

export function status(message) {
  const view = message.view;
  if (view.over) {
    return view.winner === null || view.winner === undefined ? t("ttt.draw") : t("ttt.won", { name: name(message, view.winner), mark: mark(view, view.winner) });
  }
  return t("ttt.turn", { name: name(message, view.to_move), mark: mark(view, view.to_move) });
}

export function describe(entry) {
  const cell = entry.action.split(" ")[1];
  const seats = last ? last.seats : [];
  const who = (seats.find((s) => s.seat === entry.seat) || {}).name || `#${entry.seat + 1}`;
  return `${who}: ${t("ttt.marks", { cell })}`;
}
