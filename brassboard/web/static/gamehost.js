// Loads a game's UI module (/games/GAME/ui/main.js), mounts it, re-mounts it when the language changes,
// and renders the log and the final scores. A game without a UI module gets a generic one (legal actions
// as buttons and the view as data), so every game is playable from the first day.
import { h, fill, loadStylesheet } from "./dom.js";
import { t as shellT, translator, lang, STRINGS } from "./i18n.js";

const cache = new Map();

export async function loadGameModule(game) {
  if (!cache.has(game)) {
    cache.set(game, import(`/games/${encodeURIComponent(game)}/ui/main.js`).catch((exc) => {
      console.warn(`no UI module for ${game}:`, exc);
      return genericModule();
    }));
  }
  return cache.get(game);
}

/** A game's UI module with its stylesheets loaded: what a board is mounted from (the lobby needs only strings). */
export async function loadGameUi(game) {
  const module = await loadGameModule(game);
  await Promise.all((module.styles || []).map(loadStylesheet));
  return module;
}

export class GameHost {
  /** element: where the board goes; send(action) submits for the current seat. */
  constructor(element, module, { send, seat = null, onHover } = {}) {
    this.element = element;
    this.module = module;
    this.sendAction = send || (() => {});
    this.seat = seat;
    this.onHover = onHover;
    this.last = null;
    this.mounts = 0;   // which mount describes the log: a fresh one (language, seat) redraws it
    this.t = translator(module.strings || {}, STRINGS);
    this.mount();
  }

  mount() {
    this.mounts += 1;
    fill(this.element);
    const host = this;
    const api = {
      send: (action) => host.sendAction(action),
      t: (key, params) => host.t(key, params),
      get lang() { return lang(); },
      get seat() { return host.seat; },
      onHover: this.onHover,
    };
    this.module.mount(this.element, api);
    if (this.last) this.module.update(this.last);
  }

  /** After a language or seat change: a fresh mount, fed the last message. */
  remount(seat = this.seat) {
    this.seat = seat;
    this.mount();
  }

  update(message) {
    this.last = message;
    this.module.update(message);
  }

  status(message) {
    try { return this.module.status ? this.module.status(message) : ""; } catch (exc) { console.error(exc); return ""; }
  }

  describe(entry, seats) {
    let text = "";
    try { text = this.module.describe ? this.module.describe(entry) : ""; } catch (exc) { console.error(exc); }
    if (text) return text;
    const seat = seats && seats.find((s) => s.seat === entry.seat);
    return `${seat && seat.name ? seat.name : "#" + (entry.seat + 1)}: ${entry.action}`;
  }

  /** What followed a move without anyone's choice (a round's end, the next turn's start), in words, or "": the
   * game's describeAfter(entry). The log draws it as a line of its own, not as part of the mover's line. */
  describeAfter(entry) {
    try { return (this.module.describeAfter && this.module.describeAfter(entry)) || ""; } catch (exc) { console.error(exc); return ""; }
  }

  /** The game's run key of a log entry (module.logRun): consecutive entries with one key fold into one line. */
  runKey(entry) {
    try { return (this.module.logRun && this.module.logRun(entry)) || null; } catch (exc) { console.error(exc); return null; }
  }

  /** One line for a folded run (module.describeRun), else how many moves it holds. */
  describeRun(entries, seats) {
    let text = "";
    try { text = this.module.describeRun ? this.module.describeRun(entries) : ""; } catch (exc) { console.error(exc); }
    return text || shellT("match.runMoves", { n: entries.length });
  }

  /** The results of chance a log entry carries (its events marked `chance`), in words: the game's own
   * describeChance(entry) where it has one, else each such event's kind and public fields. */
  chance(entry, seats) {
    try {
      if (this.module.describeChance) return this.module.describeChance(entry) || [];
    } catch (exc) { console.error(exc); }
    const name = (seat) => { const s = seats && seats.find((x) => x.seat === seat); return (s && s.name) || "#" + (seat + 1); };
    return (entry.events || []).filter((event) => event && event.chance).map((event) => {
      const fields = Object.entries(event)
        .filter(([key]) => !CHANCE_META.has(key))
        .map(([key, value]) => `${key.replace(/_/g, " ")} ${Array.isArray(value) ? value.map(chanceValue).join(", ") : chanceValue(value)}`);
      const what = [String(event.type || "").replace(/_/g, " "), ...fields].filter(Boolean).join(", ");
      return shellT("announce.chance", { who: typeof event.player === "number" ? name(event.player) + ": " : "", what });
    });
  }
}

const CHANCE_META = new Set(["type", "chance", "player", "private_to", "secret", "reveal", "why"]);
const chanceValue = (value) => (value !== null && typeof value === "object" ? JSON.stringify(value) : String(value));

/** Whether the log `list` is scrolled to (within a line of) its newest entries: it then follows new ones. */
export const atLogEnd = (list) => list.scrollHeight - list.scrollTop - list.clientHeight < 40;

/** What each log list shows: its runs' signatures and their elements (and how many it holds, to notice a list
 * changed by another hand), and whether it follows the newest entries. */
const drawnLogs = new WeakMap();
/** Each entry's signature (what its line is drawn from), computed once per entry object. */
const entrySignatures = new WeakMap();

/** The log: newest at the bottom, each entry readable, its notation small.
 *
 * It is redrawn on every state, and a long game holds hundreds of moves: the lines already drawn are kept and only
 * what changed is drawn (new moves, a run that grew, moves taken back). A new language or mount redraws it all.
 * `keep: false` redraws it all every time (the replay marks its lines after drawing them). */
export function renderLog(list, entries, host, seats, { keep = true } = {}) {
  const item = (entry) => {
    const move = h("li", { dataset: { version: entry.version, seat: entry.seat } },
      h("span.v", { title: `#${entry.version + 1}` }, String(entry.version + 1)),
      h("span.text", host.describe(entry, seats)),
      h("code.notation", entry.action));
    // what the move set going (a round's end, its income and costs) is nobody's move: its own line, after the move's
    const after = host.describeAfter(entry);
    return after ? [move, h("li.after", { dataset: { after: entry.version } }, h("span.v", { "aria-hidden": "true" }, "↳"), h("span.text", after))] : [move];
  };
  const context = `${lang()}|${host.mounts}|${JSON.stringify((seats || []).map((seat) => seat && seat.name))}`;
  const runs = logRuns(entries, host);
  const signatures = runs.map((run) => (run.length < MIN_LOG_RUN ? "" : "run ") + run.map(entrySignature).join("\n"));
  let drawn = drawnLogs.get(list);
  if (!drawn) {
    drawn = { context: null, signatures: [], elements: [], count: 0, follow: true, scrollQueued: false, ownTop: Infinity };
    drawnLogs.set(list, drawn);
    // the list follows the newest entries while the reader keeps it scrolled to its end (read on scrolling, so
    // that a redraw never has to ask the layout where the list stands); the scroll event of our own scroll to the
    // end comes a frame later, when more lines may have come: it does not count as the reader scrolling away
    list.addEventListener("scroll", () => {
      drawn.follow = atLogEnd(list) || list.scrollTop >= drawn.ownTop - 1;
    }, { passive: true });
  }
  const kept = keep && drawn.context === context && list.childElementCount === drawn.count;
  let same = 0;
  if (kept) {
    while (same < runs.length && same < drawn.signatures.length && signatures[same] === drawn.signatures[same]) same += 1;
    if (same === runs.length && same === drawn.signatures.length) return;  // nothing new
  }
  // which runs are open is read from the page before anything is redrawn (not from toggle events, which come a
  // task after the click): a run the reader opened stays open
  const open = new Set([...list.querySelectorAll("li.run > details[open]")].map((d) => Number(d.parentElement.dataset.run)));
  if (kept) {
    for (const elements of drawn.elements.slice(same)) for (const element of elements) element.remove();
  } else {
    fill(list);
  }
  // a run of like moves the game names (Planet Steam's one-credit raises) folds into one line that opens to the
  // moves, so a long auction does not push the round's real events out of the box
  const added = runs.slice(same).map((run) => {
    if (run.length < MIN_LOG_RUN) return run.flatMap(item);
    const first = run[0].version, last = run[run.length - 1].version;
    return [h("li.run", { dataset: { run: first } },
      h("details", { open: open.has(first) },
        h("summary", h("span.v", `${first + 1}–${last + 1}`), h("span.text", host.describeRun(run, seats))),
        h("ol.runlist", run.flatMap(item))))];
  });
  list.append(...added.flat());
  drawn.context = context;
  drawn.signatures = signatures;
  drawn.elements = [...drawn.elements.slice(0, same), ...added];
  drawn.count = list.childElementCount;
  // to the end at the next frame, not now: asking for the list's height here would lay the page out once per state
  // (states come faster than frames while bots play), where the frame lays it out once
  if (drawn.follow && !drawn.scrollQueued) {
    drawn.scrollQueued = true;
    requestAnimationFrame(() => {
      drawn.scrollQueued = false;
      if (!drawn.follow) return;
      list.scrollTop = list.scrollHeight;
      drawn.ownTop = list.scrollTop;
    });
  }
}

function entrySignature(entry) {
  let signature = entrySignatures.get(entry);
  if (signature === undefined) {
    signature = `${entry.version} ${entry.seat} ${entry.action} ${JSON.stringify(entry.events || [])}`;
    entrySignatures.set(entry, signature);
  }
  return signature;
}

/** Runs shorter than this are listed move by move. */
const MIN_LOG_RUN = 4;

/** The entries cut into runs: consecutive entries the game gives one run key, else each alone. */
function logRuns(entries, host) {
  const runs = [];
  let key = null;
  for (const entry of entries) {
    const next = host.runKey(entry);
    if (next !== null && next === key) runs[runs.length - 1].push(entry);
    else runs.push([entry]);
    key = next;
  }
  return runs;
}

/** The final scores: one column per seat, one row per category of the breakdown. */
export function renderScores(box, message, host) {
  const scores = message.scores;
  if (!scores) { fill(box); box.hidden = true; return; }
  box.hidden = false;
  const seats = message.seats || scores.map((_, i) => ({ seat: i }));
  const winners = new Set(message.winners || []);
  const keys = [];
  for (const s of scores) for (const key of Object.keys(s.breakdown || {})) if (!keys.includes(key)) keys.push(key);
  const name = (i) => (seats[i] && seats[i].name) || `#${i + 1}`;
  const label = (key) => { const text = host.t("score." + key); return text === "score." + key ? key.replace(/_/g, " ") : text; };
  const win = [...winners].map(name).join(", ");
  fill(box,
    h("h3", shellT("match.scores")),
    win ? h("p.winners", shellT(winners.size > 1 ? "match.winnersMany" : "match.winners", { names: win })) : null,
    h("table.scores",
      h("thead", h("tr", h("th"), scores.map((_, i) => h("th" + (winners.has(i) ? ".win" : ""), { dataset: { seat: i } }, name(i))))),
      h("tbody",
        keys.map((key) => h("tr", h("th", label(key)), scores.map((s) => h("td", String((s.breakdown || {})[key] ?? 0))))),
        h("tr.total", h("th", shellT("match.total")), scores.map((s, i) => h("td" + (winners.has(i) ? ".win" : ""), String(s.total)))))));
}

/** For games without a UI module: the legal actions as buttons and the view as data. */
function genericModule() {
  let root, api;
  return {
    strings: {},
    mount(element, a) { api = a; root = h("div.generic"); element.append(root); },
    update(message) {
      const legal = message.legal || [];
      fill(root,
        legal.length ? h("div.generic-actions", h("h3", shellT("match.actions")),
          legal.map((action) => h("button", { type: "button", onclick: () => api.send(action) }, action))) : null,
        h("details", { open: true }, h("summary", shellT("match.view")), h("pre", JSON.stringify(message.view, null, 1))));
    },
  };
}
