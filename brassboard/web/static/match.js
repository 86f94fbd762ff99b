// The match page: live state over WebSocket for every seat this browser holds (hotseat), the game's board,
// a status line, undo, the log and the final scores.
import { h, fill, toast, copyText } from "./dom.js";
import { t, localizeSeats } from "./i18n.js";
import { api, tokens, prefs, Channel } from "./net.js";
import { loadGameUi, GameHost, renderLog, renderScores, atLogEnd } from "./gamehost.js";
import { Announcer } from "./announce.js";
import { mountMoveBox } from "./movebox.js";
import { mountBoardText } from "./boardtext.js";
import { renderInvitePanel } from "./invitepanel.js";
import { AsyncPlay } from "./asyncplay.js";   // clocks, your-turn notices, rematch (issue 12)

let id, els, host = null;
const channels = new Map();   // token (or "" for the spectator) -> Channel
const messages = new Map();   // seat number or "spectator" -> latest state message
const log = new Map();        // version -> log entry
let current = null;           // the seat key shown
let connection = "loading";
let hostPromise = null;
let invite = null;             // the invite of the link this page was opened with (a private match's seat)
let wantedSeat = null;         // the seat chosen in the lobby's list (a public match)
let asyncPlay = null;
let announcer = null, movebox = null, boardText = null;  // issue 17: spoken news, typed moves, the board as text
let undoFrom = null;           // {seat, version}: an undo sent; a state of that seat at an earlier version confirms it
const LOG_MIN_HEIGHT = 240;  // px: below this the log shows too few entries to follow a turn

export function showMatch(element, matchId) {
  id = matchId;
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  if (token) {
    const known = Object.entries(tokens.of(id)).find(([, tok]) => tok === token);
    if (!known) tokens.set(id, "?", token);
    history.replaceState(null, "", `/m/${encodeURIComponent(id)}`);  // the token stays in this browser only
  }
  if (params.get("invite")) {
    invite = params.get("invite");
    prefs.set(`invite.${id}`, invite);  // kept until used: a reload must not lose it
    history.replaceState(null, "", `/m/${encodeURIComponent(id)}`);
  } else {
    invite = prefs.get(`invite.${id}`, null);
  }
  if (params.get("seat") !== null && /^\d+$/.test(params.get("seat"))) wantedSeat = +params.get("seat");
  els = {
    status: h("div.statusline", { id: "status" }, t("match.loading")),  // spoken by the announcer, not live itself
    seats: h("div.seattabs", { id: "seattabs" }),
    undo: h("button.undo", { type: "button", id: "undo", hidden: true, onclick: undo }, "↶ ", t("match.undo")),
    conn: h("span.conn", { id: "conn" }),
    tools: h("div.tools"),
    game: h("div.gamearea", { id: "game" }),
    scores: h("section.card.scorebox", { id: "scores", hidden: true }),
    joinbox: h("div.joinbox", { hidden: true }),
    log: h("ol.log", { id: "log", tabindex: "0", "aria-labelledby": "log-heading" }),  // a scroll box: keyboard users scroll it too
    logTitle: h("h2", { id: "log-heading" }, t("match.log")),
    title: h("h1.sr-only", { id: "match-title" }, t("a11y.matchTitle", { id })),
    boardTitle: h("h2.sr-only", { id: "board-heading" }, t("a11y.board")),
  };
  announcer = new Announcer();
  movebox = mountMoveBox({ send: sendAction, say: (text) => announcer.say(text) });
  boardText = mountBoardText({ matchId: id, seat: () => current, token: () => (typeof current === "number" ? held()[String(current)] : null) });
  movebox.row.append(boardText.element);
  const undoSlot = h("span.undoslot", els.undo);
  const statusbar = h("div.statusbar", els.status, els.seats, undoSlot, els.tools, els.conn);
  // a player deep in a long board (Age of Steam's map, under the game's own sticky bar) still reaches Undo: while
  // the status bar is out of view the same button floats in the window's corner. Its slot keeps the button's size,
  // so nothing on the page moves (a phone's status bar wraps: a shorter bar shifted an open menu under the finger)
  new IntersectionObserver(([seen]) => {
    const floating = !seen.isIntersecting;
    if (floating === els.undo.classList.contains("floating")) return;
    const size = els.undo.getBoundingClientRect();
    undoSlot.style.width = floating && !els.undo.hidden ? `${size.width}px` : "";
    undoSlot.style.height = floating && !els.undo.hidden ? `${size.height}px` : "";
    els.undo.classList.toggle("floating", floating);
  }).observe(statusbar);
  fill(element, h("div.matchpage",
    els.title,
    statusbar,
    (asyncPlay = new AsyncPlay(id)).el,
    els.joinbox,
    els.scores,
    movebox.element,
    h("div.matchbody",
      h("section.boardarea", { "aria-labelledby": "board-heading" }, els.boardTitle, els.game),
      h("aside.sidebar", { "aria-labelledby": "log-heading" }, els.logBox = h("section.card.logbox", els.logTitle, els.log)))),
    announcer.element);
  fitLog(els.logBox);
  renderTools();
  connectAll();
  window.addEventListener("langchange", () => {
    for (const msg of messages.values()) localizeSeats(msg.seats);
    els.logTitle.textContent = t("match.log");
    els.title.textContent = t("a11y.matchTitle", { id });
    els.boardTitle.textContent = t("a11y.board");
    movebox.relabel();
    boardText.relabel();
    els.undo.replaceChildren("↶ ", t("match.undo"));
    if (connection !== "loading") showConnection();  // "live" stayed "verbunden" until the connection changed
    asyncPlay.relabel();
    renderTools();
    if (host) host.remount();
    render();
  });
  const wake = () => { for (const ch of channels.values()) ch.poke(); };
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
  window.addEventListener("online", wake);
}

/** Keep the log's box inside the window, wherever the page is scrolled: its newest entries are at its bottom. The
 *  sidebar only sticks once the page is scrolled down to it; before that its top sits below the status bar (and on a
 *  1280×800 screen a fixed height ran a hundred pixels past the window's bottom). */
function fitLog(box) {
  let queued = false;
  const gone = new AbortController();
  const fit = () => {
    queued = false;
    if (!box.isConnected) { gone.abort(); observer.disconnect(); return; }  // the page shows something else now
    if (getComputedStyle(box.parentElement).position !== "sticky") { box.style.maxHeight = ""; return; }
    const top = Math.max(box.getBoundingClientRect().top, 0);
    const list = box.querySelector("ol.log");
    const atEnd = list && atLogEnd(list);
    box.style.maxHeight = `${Math.max(LOG_MIN_HEIGHT, window.innerHeight - top - 12)}px`;
    if (atEnd) list.scrollTop = list.scrollHeight;  // a shorter box keeps showing the newest entries
  };
  const later = () => { if (!queued) { queued = true; requestAnimationFrame(fit); } };
  window.addEventListener("scroll", later, { passive: true, signal: gone.signal });
  window.addEventListener("resize", later, { signal: gone.signal });
  const observer = new ResizeObserver(later);
  observer.observe(box.closest(".matchpage") || document.body);  // what is above the log grew or shrank
  later();
}

function held() {
  // {seat: token}; seat "?" for a link token whose seat the server has not named yet
  return tokens.of(id);
}

function connectAll() {
  const wanted = new Set(Object.values(held()));
  for (const [token, ch] of channels) if (!wanted.has(token) && token !== "") { ch.close(); channels.delete(token); }
  if (!wanted.size) wanted.add("");
  else if (channels.has("")) { channels.get("").close(); channels.delete(""); messages.delete("spectator"); }
  for (const token of wanted) {
    if (channels.has(token)) continue;
    channels.set(token, new Channel(id, token || null, onMessage, (state, event) => onStatus(token, state, event)));
  }
}

function onStatus(token, state, event) {
  if (state === "closed") {
    const reason = (event && event.reason) || "";
    if (token) {
      for (const [seat, tok] of Object.entries(held())) if (tok === token) tokens.forget(id, seat);
      channels.delete(token);
      toast(t("match.forbidden") + (reason ? ` (${reason})` : ""), "error", 8000);
      connectAll();
    } else if (!messages.size) {
      fill(els.status, t("match.notFound", { id }));
    }
  }
  const states = [...channels.values()].map((ch) => (ch.open ? "open" : ch.closed ? "closed" : "retry"));
  connection = states.every((s) => s === "open") ? "open" : states.some((s) => s === "retry") ? "retry" : "closed";
  showConnection();
}

function showConnection() {
  els.conn.className = "conn " + connection;
  els.conn.textContent = t(connection === "open" ? "match.connected" : connection === "retry" ? "match.reconnecting" : "match.offline");
}

function onMessage(msg, channel) {
  if (msg.type === "error") {
    undoFrom = null;
    const key = { illegal: "match.illegal", stale: "match.stale", forbidden: "match.forbidden" }[msg.error] || "match.error";
    const text = t(key, { detail: msg.detail || msg.error });
    announcer.say(text);  // spoken once by the live region; the toast and the move box's line are for the eyes
    if (msg.error !== "stale") movebox.refused(text);
    toast(text, msg.error === "stale" ? "info" : "error", 7000, { quiet: true });
    if (msg.error === "stale") channel.send({ type: "sync" });
    return;
  }
  if (msg.type !== "state") return;
  localizeSeats(msg.seats);
  if (msg.seat !== null && msg.seat !== undefined && channel.token) tokens.set(id, msg.seat, channel.token);
  const key = msg.seat === null || msg.seat === undefined ? "spectator" : msg.seat;
  if (undoFrom && key === undoFrom.seat && msg.version < undoFrom.version) {
    undoFrom = null;  // the board simply went back a step: say so, once
    announcer.say(t("match.undone"));
    toast(t("match.undone"), "ok", 3000, { quiet: true });
  }
  messages.set(key, msg);
  mergeLog(msg);
  const keys = [...messages.keys()];
  if (current === null || !messages.has(current)) {
    const remembered = prefs.get(`seat.${id}`);
    current = keys.includes(remembered) ? remembered : keys[0];
  }
  // hotseat: follow the turn to the seat that must act now
  if (typeof key === "number" && msg.active && msg.active.includes(key) && current !== key) {
    const shown = messages.get(current);
    const shownActive = shown && shown.version >= msg.version && shown.active && shown.active.includes(current);
    if (!shownActive) {
      current = key;
      // quiet: the live region already says whose turn it is
      if (humanSeatsHeld() > 1) toast(t("match.passDevice", { name: seatName(msg, key) }), "info", 3000, { quiet: true });
    }
  }
  if (!hostPromise) {
    hostPromise = loadGameUi(msg.game).then((module) => {
      host = new GameHost(els.game, module, { send: sendAction, seat: typeof current === "number" ? current : null });
      render();
    });
  }
  render();
}

function humanSeatsHeld() { return [...messages.keys()].filter((k) => typeof k === "number").length; }

function mergeLog(msg) {
  for (const entry of msg.log || []) log.set(entry.version, entry);
  // an undo moved the match back: entries beyond its version are gone
  // (an entry's version is the one its action was made on: it made version + 1)
  for (const version of [...log.keys()]) if (version >= msg.version) log.delete(version);
}

function seatName(msg, seat) {
  const s = (msg.seats || []).find((x) => x.seat === seat);
  return (s && s.name) || t("lobby.seat", { n: seat + 1 });
}

function render() {
  const msg = messages.get(current);
  if (!msg) return;
  if (host) {
    const seat = typeof current === "number" ? current : null;
    if (host.seat !== seat) host.remount(seat);
    host.update(msg);
  }
  renderStatus(msg);
  renderSeatTabs(msg);
  els.undo.hidden = !msg.can_undo;
  renderJoin(msg);
  renderInvitePanel(els.joinbox, msg, id);  // the creator's invite links and who has joined (invitepanel.js)
  if (host) {
    const entries = [...log.values()].sort((a, b) => a.version - b.version);
    renderLog(els.log, entries, host, msg.seats);
    renderScores(els.scores, msg, host);
    speak(msg, entries);
  }
  asyncPlay.update(msg, current, held());
  const mayAct = typeof current === "number" && msg.status === "running" && (msg.active || []).includes(current);
  const why = msg.status === "finished" ? "over" : typeof current === "number" ? "waiting" : "watching";
  movebox.update(mayAct ? msg.legal || [] : [], mayAct, why);
  boardText.update(msg.version);
}

/** The live region's news after a state is shown: others' actions, chance, and whose turn it is. */
function speak(msg, entries) {
  const mine = typeof current === "number" && msg.status === "running" && (msg.active || []).includes(current);
  let turn = els.status.querySelector("span") ? els.status.querySelector("span").textContent : "";
  if (mine) turn = t("match.yourTurn") + ". " + turn;
  announcer.update({
    version: msg.version, entries, mine: current, turn,
    describe: (entry) => host.describe(entry, msg.seats),
    after: (entry) => host.describeAfter(entry),
    chance: (entry) => host.chance(entry, msg.seats),
  });
}

function renderStatus(msg) {
  const mine = typeof current === "number" && (msg.active || []).includes(current);
  const names = (msg.active || []).map((s) => seatName(msg, s)).join(", ");
  let text;
  if (msg.status === "finished") {
    const winners = (msg.winners || []).map((s) => seatName(msg, s)).join(", ");
    text = t("match.over") + (winners ? " " + t((msg.winners || []).length > 1 ? "match.winnersMany" : "match.winners", { names: winners }) : "");
  } else if (msg.status === "open") {
    const open = (msg.seats || []).filter((s) => s.kind === "open" && !s.taken).map((s) => s.seat + 1).join(", ");
    text = t("match.waitingSeats", { seats: open });
  } else {
    text = (host && host.status(msg)) || t("match.waiting", { names });
  }
  fill(els.status,
    mine && msg.status === "running" ? h("strong.yourturn", t("match.yourTurn")) : null,
    h("span", text),
    msg.seeded ? [" ", h("span.badge.seeded", { id: "seeded", title: t("lobby.seededTitle") }, t("common.seeded"))] : null);
  els.status.classList.toggle("mine", mine);
  els.status.dataset.version = String(msg.version);   // the version of the shown state (a hook for tests)
  document.title = (mine ? "● " : "") + (msg.game || "Brassboard") + " · " + id;
}

function renderSeatTabs(msg) {
  const keys = [...messages.keys()].filter((k) => typeof k === "number").sort((a, b) => a - b);
  if (!keys.length) { fill(els.seats, h("span.muted", t("match.spectator"))); return; }
  if (keys.length === 1) { fill(els.seats, h("span.muted", t("match.you", { name: seatName(msg, keys[0]) }))); return; }
  fill(els.seats, h("span.muted", t("match.hotseat")), keys.map((seat) => {
    const active = (msg.active || []).includes(seat);
    return h("button.seattab" + (seat === current ? ".on" : "") + (active ? ".active" : ""), {
      type: "button", dataset: { seat }, title: active ? t("match.active") : "",
      onclick: () => { current = seat; prefs.set(`seat.${id}`, seat); boardText.reset(); render(); },
    }, seatName(msg, seat), active ? " ●" : "");
  }));
}

function renderTools() {
  const menu = h("details.linksmenu", h("summary", t("match.links")), h("div.linkspanel", { id: "linkspanel" }));
  menu.addEventListener("toggle", () => { if (menu.open) renderLinks(menu.querySelector("#linkspanel")); });
  fill(els.tools, menu, h("a.button", { href: `/m/${encodeURIComponent(id)}/replay` }, t("match.replay")));
}

function renderLinks(panel) {
  const rows = [];
  const add = (label, path) => {
    const url = new URL(path, location.origin).href;
    rows.push(h("li", h("div.linklabel", label), h("input.link", { readonly: true, value: url, onclick: (e) => e.target.select() }),
      h("button", { type: "button", onclick: async () => { if (await copyText(url)) toast(t("lobby.copied"), "ok", 2000); } }, t("lobby.copy"))));
  };
  add(t("match.spectatorLink"), `/m/${encodeURIComponent(id)}`);
  for (const [seat, token] of Object.entries(held())) {
    if (seat !== "?") add(t("match.seatLink", { n: +seat + 1 }), `/m/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`);
  }
  // the creator's invites, for the seats still open
  const latest = [...messages.values()].pop();
  const free = new Set(((latest && latest.seats) || []).filter((s) => s.kind === "open" && !s.taken).map((s) => String(s.seat)));
  for (const [seat, path] of Object.entries(prefs.get(`invites.${id}`, {}) || {})) {
    if (free.has(seat)) add(t("match.inviteLink", { n: +seat + 1 }), path);
  }
  fill(panel, h("ul.links", rows));
}

function renderJoin(msg) {
  const open = (msg.seats || []).filter((s) => s.kind === "open" && !s.taken);
  const holding = Object.keys(held()).length > 0;
  if (!open.length || holding || msg.status === "finished") { els.joinbox.hidden = true; return; }
  els.joinbox.hidden = false;
  const typed = els.joinbox.querySelector("#joinname");
  const nameField = h("input", { type: "text", id: "joinname", maxlength: 40, placeholder: t("lobby.yourName"),
    "aria-label": t("lobby.yourName"), value: typed ? typed.value : (prefs.get("lobby.form", {}).myName || "") });
  let buttons;
  if (invite) {
    buttons = [h("button.primary", { type: "button", id: "joininvite", onclick: () => join(null, nameField.value) }, t("match.joinInvite"))];
  } else if (msg.visibility === "private") {
    fill(els.joinbox, h("p.muted", t("match.privateNoInvite")));
    return;
  } else {
    const shown = open.filter((s) => wantedSeat === null || s.seat === wantedSeat);
    buttons = (shown.length ? shown : open).map((s) => h("button.primary", { type: "button", dataset: { seat: s.seat },
      onclick: () => join(s.seat, nameField.value) }, t("match.join", { n: s.seat + 1 })));
  }
  if (typed && document.activeElement === typed) return;  // a redraw must not take the field from someone typing
  fill(els.joinbox, h("label", t("lobby.yourName"), " ", nameField), buttons);
}

async function join(seat, typedName) {
  const name = (typedName || "").trim();
  if (name) prefs.set("lobby.form", { ...prefs.get("lobby.form", {}), myName: name });
  const body = { ...(seat !== null ? { seat } : {}), ...(invite ? { invite } : {}), ...(name ? { name } : {}) };
  try {
    const answer = await api("POST", `/api/matches/${encodeURIComponent(id)}/join`, body);
    if (invite) { prefs.set(`invite.${id}`, null); invite = null; }
    tokens.set(id, answer.seat, answer.token);
    current = answer.seat;
    connectAll();
  } catch (exc) {
    toast(t("match.error", { detail: exc.detail }), "error");
  }
}

function channelFor(seat) {
  const token = held()[String(seat)];
  return token ? { token, channel: channels.get(token) } : { token: null, channel: null };
}

async function sendAction(action) {
  const seat = current;
  const msg = messages.get(seat);
  if (typeof seat !== "number" || !msg) return;
  await submit("action", { type: "action", seat, action, version: msg.version }, `/api/matches/${encodeURIComponent(id)}/actions`, { seat, action, version: msg.version });
}

async function undo() {
  const seat = current;
  const msg = messages.get(seat);
  if (typeof seat !== "number" || !msg) return;
  undoFrom = { seat, version: msg.version };
  await submit("undo", { type: "undo", seat, version: msg.version }, `/api/matches/${encodeURIComponent(id)}/undo`, { seat, version: msg.version });
}

async function submit(kind, wsMessage, path, body) {
  const { token, channel } = channelFor(body.seat);
  if (!token) { toast(t("match.forbidden"), "error"); return; }
  if (channel && channel.open) { channel.send(wsMessage); return; }
  try {
    const state = await api("POST", path, body, token);
    if (state && state.type === "state") onMessage(state, channel || { token, send() {} });
  } catch (exc) {
    onMessage({ type: "error", error: exc.error, detail: exc.detail }, channel || { send() {} });
  }
}
