// The lobby: create a match (game, seats, options), list open / running / finished matches, join a seat.
import { h, fill, toast, copyText } from "./dom.js";
import { t, lang } from "./i18n.js";
import { api, tokens, prefs } from "./net.js";
import { loadGameModule } from "./gamehost.js";
import { clockPresetField, clockOfPreset } from "./clock.js";
import { clockBadge } from "./lobbyclock.js";

const moduleStrings = {};   // game id -> the UI module's strings (option texts in the chosen language)

/** A game's own text for key (its UI module's strings), else the fallback from the server. */
function gt(gameId, key, fallback) {
  const table = moduleStrings[gameId];
  for (const code of [lang(), "en"]) {
    const text = table && table[code] && table[code][key];
    if (text) return text;
  }
  return fallback;
}

let games = [];
let root = null;
let created = null;   // the answer of the last POST /api/matches, shown with its links
let lists = {};       // status -> matches
const form = prefs.get("lobby.form", {});

export async function showLobby(element) {
  root = element;
  window.addEventListener("langchange", render);
  render();
  try {
    games = await api("GET", "/api/games");
  } catch (exc) {
    toast(t("lobby.error", { detail: exc.detail }), "error", 10000);
  }
  render();
  refresh();
  setInterval(refresh, 5000);
}

async function refresh() {
  const next = {};
  await Promise.all(["open", "running", "finished"].map(async (status) => {
    try { next[status] = await api("GET", `/api/matches?status=${status}`); } catch { next[status] = lists[status] || []; }
  }));
  // private matches this browser holds seats of are listed nowhere: their summaries come one by one (the latest few)
  const listed = new Set(Object.values(next).flat().map((m) => m.id));
  const missing = tokens.matches().filter((matchId) => !listed.has(matchId)).slice(-20);
  next.held = (await Promise.all(missing.map(async (matchId) => {
    try { return await api("GET", `/api/matches/${encodeURIComponent(matchId)}`); } catch { return null; }
  }))).filter((m) => m);
  lists = next;
  renderLists();
}

function gameOf(id) { return games.find((g) => g.id === id); }

function saveForm() { prefs.set("lobby.form", form); }

function render() {
  if (!root) return;
  // the form is drawn anew on every change (and when a game's texts arrive): keep the field being typed in focused,
  // caret and all, so a re-render never swallows keystrokes
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.field : undefined;
  const caret = key && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  // a disclosure's toggle event comes a task after the click: a re-render in between (a game's texts arriving) would
  // draw it from the stale flag and close it under the player's hand, so the page itself says what is open
  for (const [selector, flag] of [["details.options", "optionsOpen"], ["details.designer", "designOpen"]]) {
    const shown = root.querySelector(selector);
    if (shown) form[flag] = shown.open;
  }
  fill(root, h("div.lobby",
    h("section.card.newmatch", h("h2", t("lobby.new")), created ? createdBox() : null, newMatchForm()),
    h("section.lists", { id: "lists" })));
  renderLists();
  const again = key ? root.querySelector(`[data-field="${key}"]`) : null;
  if (again) {
    again.focus();
    if (caret) again.setSelectionRange(...caret);
  }
}

function newMatchForm() {
  if (!games.length) return h("p.muted", "…");
  const game = gameOf(form.game) || games.find((g) => g.id === "planet_steam") || games[0];
  form.game = game.id;
  if (!(game.id in moduleStrings)) {
    moduleStrings[game.id] = null;
    loadGameModule(game.id).then((module) => { moduleStrings[game.id] = module.strings || {}; render(); });
  }
  const players = Math.min(game.max_players, Math.max(game.min_players, form.players || Math.min(4, game.max_players)));
  form.players = players;
  // the seat choices are this game's (GET /api/games names its bots): a seat left on a bot the game lacks (e.g.
  // greedy after switching to tic-tac-toe) takes the game's default bot, so every select shows what will be sent
  const kinds = seatKinds(game);
  const defaultBot = kinds.includes("bot:greedy") ? "bot:greedy" : kinds[2];
  form.seats = (form.seats || []).slice(0, players).map((kind) => (kinds.includes(kind) ? kind : defaultBot));
  while (form.seats.length < players) form.seats.push(form.seats.length === 0 ? "human" : defaultBot);
  form.names = (form.names || []).slice(0, players);
  form.options = form.options && form.options.__game === game.id ? form.options : { __game: game.id };

  const gameSelect = h("select", { id: "game", onchange: (e) => { form.game = e.target.value; form.options = null; saveForm(); render(); } },
    games.map((g) => h("option", { value: g.id, selected: g.id === game.id }, g.name)));
  const playerSelect = h("select", { id: "players", onchange: (e) => { form.players = +e.target.value; saveForm(); render(); } },
    range(game.min_players, game.max_players).map((n) => h("option", { value: n, selected: n === players }, String(n))));

  const seatRows = form.seats.map((kind, i) => h("tr",
    h("th", t("lobby.seat", { n: i + 1 })),
    h("td", h("select", { "aria-label": t("lobby.seat", { n: i + 1 }), class: "seat-kind", dataset: { seat: i },
      onchange: (e) => { form.seats[i] = e.target.value; saveForm(); render(); } },
    kinds.map((k) => h("option", { value: k, selected: k === kind },
      k === "human" ? t("lobby.kind.human") : k === "open" ? t("lobby.kind.open") : botLabel(game, k.slice(4)))))),
    h("td", kind === "human" ? h("input", { type: "text", placeholder: t("lobby.name"), value: form.names[i] || "", maxlength: 40, dataset: { field: `name-${i}` },
      oninput: (e) => { form.names[i] = e.target.value; saveForm(); } }) : null)));
  const humans = form.seats.filter((k) => k === "human").length;

  // the variants a player chooses, and apart from them (closed) the tables of printed figures a designer may change
  const isTable = (opt) => typeof opt.default === "object" && opt.default !== null && !opt.choices;
  const optionRows = (game.options || []).filter((opt) => !isTable(opt)).map((opt) => optionField(game.id, opt));
  const designRows = (game.options || []).filter(isTable).map((opt) => optionField(game.id, opt));
  if (designRows.length) {
    optionRows.push(h("details.designer", { open: !!form.designOpen, ontoggle: (e) => { form.designOpen = e.target.open; saveForm(); } },
      h("summary", t("lobby.designer")), h("p.muted", t("lobby.designerNote")), designRows));
  }
  return h("form.stack", { onsubmit: (e) => { e.preventDefault(); create(game); } },
    h("div.row", h("label", t("lobby.game"), " ", gameSelect), h("label", t("lobby.players"), " ", playerSelect)),
    game.description ? h("p.muted", gt(game.id, "game.description", game.description)) : null,
    h("table.seats", h("tbody", seatRows)),
    humans > 1 ? h("p.note", t("lobby.hotseat")) : null,
    h("label.opt.public", h("input", { type: "checkbox", id: "public", checked: !!form.public,
      onchange: (e) => { form.public = e.target.checked; saveForm(); } }), " ", t("lobby.public")),
    clockPresetField(form, (key) => { form.clock = key; saveForm(); }),
    optionRows.length ? h("details.options", { open: !!form.optionsOpen, ontoggle: (e) => { form.optionsOpen = e.target.open; saveForm(); } },
      h("summary", t("lobby.options")), h("div.optlist", optionRows),
      h("label.opt", h("span.optname", t("lobby.seed")), h("input", { type: "number", id: "seed", value: form.seed ?? "", min: 0, dataset: { field: "seed" },
        oninput: (e) => { form.seed = e.target.value; saveForm(); } }))) : null,
    h("div.row", h("button.primary", { type: "submit", id: "create" }, t("lobby.create"))));
}

/** A bot's name in the seat list: its difficulty level where GET /api/games maps one to it (e.g. "Bot: Hard (mcts-strong)"). */
function botLabel(game, kind) {
  const level = (game.levels || []).find((l) => l.bot === kind);
  if (level) return t("lobby.kind.level", { level: t(`lobby.level.${level.level}`), kind });
  // a bot outside the levels says how strong it is where we measured it (plain mcts: docs/bots.md), not its name alone
  const known = t(`lobby.kind.bot.${kind}`, { kind });
  return known === `lobby.kind.bot.${kind}` ? t("lobby.kind.bot", { kind }) : known;
}

/** The seat kinds a game offers: a human here, an open seat, and one per bot the server names for the game — the
 *  difficulty levels first, easiest to hardest, then any other bot (e.g. plain mcts) in the server's order. */
function seatKinds(game) {
  const bots = game.bots && game.bots.length ? game.bots : ["random"];
  const levels = (game.levels || []).map((l) => l.bot);
  const rank = (bot) => (levels.includes(bot) ? levels.indexOf(bot) : levels.length);
  const ordered = [...bots].sort((a, b) => rank(a) - rank(b));  // a stable sort: the rest keep their order
  return ["human", "open", ...ordered.map((bot) => "bot:" + bot)];
}

/** A choice as the select shows it: an empty string is "none" (e.g. no fixed planet), not a blank line. */
function choiceLabel(choice) {
  return choice === "" ? t("lobby.choiceNone") : String(choice);
}

function optionField(gameId, opt) {
  const value = opt.name in form.options ? form.options[opt.name] : opt.default;
  const set = (v) => { form.options[opt.name] = v; saveForm(); };
  let input;
  if (opt.choices) {
    input = h("select", { onchange: (e) => set(opt.choices[+e.target.value]) },
      opt.choices.map((c, i) => h("option", { value: i, selected: c === value }, choiceLabel(c))));
  } else if (typeof opt.default === "boolean") {
    input = h("input", { type: "checkbox", checked: !!value, onchange: (e) => set(e.target.checked) });
  } else if (typeof opt.default === "number") {
    const [min, max] = opt.range || [undefined, undefined];
    input = h("input", { type: "number", value, step: 1, min, max, oninput: (e) => set(e.target.value === "" ? opt.default : +e.target.value) });
  } else if (typeof opt.default === "object") {
    input = h("textarea", { rows: 2, spellcheck: false, value: JSON.stringify(value), class: "json",
      oninput: (e) => set({ __json: e.target.value }) });
    if (value && value.__json !== undefined) input.value = value.__json;
  } else {
    input = h("input", { type: "text", value, oninput: (e) => set(e.target.value) });
  }
  const shown = typeof opt.default === "boolean" ? t(opt.default ? "common.yes" : "common.no")
    : typeof opt.default === "object" ? JSON.stringify(opt.default) : choiceLabel(opt.default);
  const description = gt(gameId, `option.${opt.name}`, opt.description);
  return h("label.opt", { title: description, dataset: { option: opt.name } },
    h("span.optname", gt(gameId, `option.${opt.name}.label`, opt.name.replace(/_/g, " "))), input,
    h("span.optdesc", description, " ", h("em", t("lobby.default", { value: shown }))));
}

async function create(game) {
  if (!form.seats.some((k) => k === "human" || k === "open")) { toast(t("lobby.needHuman"), "error"); return; }
  const options = {};
  for (const opt of game.options || []) {
    if (!(opt.name in form.options)) continue;
    let value = form.options[opt.name];
    if (value && value.__json !== undefined) {
      try { value = JSON.parse(value.__json || "{}"); } catch { toast(t("lobby.badJson", { name: opt.name }), "error"); return; }
    }
    if (JSON.stringify(value) !== JSON.stringify(opt.default)) options[opt.name] = value;
  }
  const body = { game: game.id, players: form.players, seats: form.seats, options,
    visibility: form.public ? "public" : "private" };
  // only typed human names; null lets the server keep its defaults (e.g. "Bot 2 (random)")
  const names = form.seats.map((k, i) => (k === "human" && form.names[i] && form.names[i].trim() ? form.names[i].trim() : null));
  if (names.some((n) => n)) body.names = names;
  if (form.seed !== undefined && form.seed !== "") body.seed = +form.seed;
  if (clockOfPreset(form.clock)) body.clock = clockOfPreset(form.clock);
  try {
    created = await api("POST", "/api/matches", body);
  } catch (exc) {
    toast(t("match.error", { detail: exc.detail }), "error", 10000);
    return;
  }
  for (const seat of created.seats || []) if (seat.token) tokens.set(created.id, seat.seat, seat.token);
  // the invites stay in this browser too: the match page's links menu offers them while their seats are open
  if (created.links && created.links.invites) prefs.set(`invites.${created.id}`, created.links.invites);
  toast(t("lobby.created", { id: created.id }), "ok");
  // a match with no seat left for anyone else: go straight there
  if (!form.seats.includes("open")) { location.href = `/m/${encodeURIComponent(created.id)}`; return; }
  render();
  refresh();
}


function linkRow(label, path) {
  const url = new URL(path, location.origin).href;
  return h("li", h("span.linklabel", label), h("input.link", { readonly: true, value: url, onclick: (e) => e.target.select() }),
    h("button", { type: "button", onclick: async () => { if (await copyText(url)) toast(t("lobby.copied"), "ok", 2000); } }, t("lobby.copy")));
}

function createdBox() {
  const links = created.links || {};
  const seatLinks = links.seats || {};
  return h("div.created",
    h("h3", t("lobby.created", { id: created.id })),
    h("p", t("lobby.links")),
    h("ul.links",
      Object.entries(seatLinks).map(([seat, path]) => {
        const info = (created.seats || []).find((s) => String(s.seat) === seat) || {};
        return linkRow(t("lobby.seatLink", { n: +seat + 1, name: info.name || info.kind || "" }), path);
      }),
      Object.entries(links.invites || {}).map(([seat, path]) => linkRow(t("lobby.inviteLink", { n: +seat + 1 }), path)),
      linkRow(t("lobby.spectatorLink"), links.spectator || `/m/${created.id}`)),
    h("a.button.primary", { href: `/m/${encodeURIComponent(created.id)}` }, t("lobby.go")));
}

function renderLists() {
  const box = root && root.querySelector("#lists");
  if (!box) return;
  const mine = new Set(tokens.matches());
  const all = [...(lists.open || []), ...(lists.running || []), ...(lists.finished || []), ...(lists.held || [])];
  const held = all.filter((m) => mine.has(m.id) && m.status !== "finished");
  fill(box,
    held.length ? listCard(t("lobby.mine"), held, "mine") : null,
    listCard(t("lobby.open"), lists.open || [], "open"),
    listCard(t("lobby.running"), lists.running || [], "running"),
    listCard(t("lobby.finished"), finishedWithMine(all).slice(0, 20), "finished"));
}

/** The public finished matches and this browser's own private ones, the most recently changed first. */
function finishedWithMine(all) {
  const seen = new Set();
  return all.filter((m) => m.status === "finished" && !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0));
}

function listCard(title, matches, kind) {
  return h("section.card", { dataset: { list: kind } }, h("h2", title),
    matches.length ? h("ul.matches", matches.map((m) => matchItem(m, kind))) : h("p.muted", t("lobby.none")));
}

function matchItem(m, kind) {
  const game = gameOf(m.game);
  const held = tokens.of(m.id);
  const seats = (m.seats || []).map((s) => h("span.seat" + (s.kind === "open" && !s.taken ? ".free" : "") + (s.kind.startsWith("bot") ? ".bot" : ""),
    { title: seatKind(s) }, s.name || seatKind(s), s.kind.startsWith("bot") && !/bot/i.test(s.name || "") ? h("small", ` · ${t("common.bot")}`) : null,
    Object.keys(held).includes(String(s.seat)) ? ` (${t("common.you")})` : ""));
  const actions = [];
  if (Object.keys(held).length && m.status !== "finished") actions.push(h("a.button.primary", { href: `/m/${m.id}` }, t("lobby.resume")));
  if (m.status === "open") {
    // the match page takes the seat (with a name field there, no browser prompt)
    for (const s of m.seats || []) {
      if (s.kind === "open" && !s.taken) {
        actions.push(h("a.button.join", { href: `/m/${encodeURIComponent(m.id)}?seat=${s.seat}` }, t("lobby.join", { n: s.seat + 1 })));
      }
    }
  }
  if (m.status !== "finished") actions.push(h("a.button", { href: `/m/${m.id}` }, t("lobby.watch")));
  actions.push(h("a.button", { href: `/m/${m.id}/replay` }, t("lobby.replay")));
  return h("li.match",
    h("div.matchhead", h("strong", game ? game.name : m.game), " ", h("code", m.id), " ",
      h("span.badge." + m.status, t("status." + m.status)), " ",
      m.seeded ? [h("span.badge.seeded", { title: t("lobby.seededTitle") }, t("common.seeded")), " "] : null,
      clockBadge(m.clock),
      h("span.muted", t("lobby.v", { v: m.version }))),
    h("div.matchseats", seats), h("div.matchactions", actions));
}

function seatKind(s) {
  if (s.kind.startsWith("bot")) return t("seat.bot", { kind: s.kind.slice(4) });
  if (s.kind === "open") return s.taken ? t("seat.taken") : t("seat.free");
  return t("seat.human");
}

function range(a, b) { const out = []; for (let i = a; i <= b; i++) out.push(i); return out; }
