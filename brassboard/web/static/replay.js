// The replay viewer: the public view after any number of actions, stepped, scrubbed or played at a chosen speed;
// the whole log, each move a link to the board after it; at the end the final scores with their breakdown.
import { h, fill, toast, loadStylesheet } from "./dom.js";
import { t, localizeSeats } from "./i18n.js";
import { api, prefs } from "./net.js";
import { loadGameUi, GameHost, renderLog, renderScores } from "./gamehost.js";

let id, summary, host, els, total = 0, at = 0, timer = null, loading = 0, last = null;
let fullLog = [];   // every entry up to `total` (the answer at the end): the log shows them all, later ones dimmed
const SPEEDS = [0.5, 1, 2, 4, 8];
const STEP_MS = 700;  // one move per 0.7 s at 1×
let speed = SPEEDS.includes(prefs.get("replay.speed", 1)) ? prefs.get("replay.speed", 1) : 1;

export async function showReplay(element, matchId) {
  id = matchId;
  els = {
    title: h("h1.replaytitle"),
    controls: h("div.replaycontrols"),
    position: h("span.position", { "aria-live": "polite" }),  // a reader hears where a step or the scrubber led
    scrub: h("input.scrub", { type: "range", min: 0, max: 0, value: 0, id: "scrub", "aria-label": t("replay.scrub") }),
    game: h("div.gamearea", { id: "game" }),
    log: h("ol.log.replaylog", { id: "log" }),
    aheadTitle: h("h4.aheadtitle", { id: "logaheadtitle", hidden: true }),
    ahead: h("ol.log.replaylog.ahead", { id: "logahead", "aria-labelledby": "logaheadtitle" }),
    logTitle: h("h3"),
    logHint: h("p.muted.loghint"),
    status: h("div.statusline", { id: "status", role: "status" }),
    scores: h("section.card.scorebox", { id: "scores", hidden: true }),
  };
  loadStylesheet("/static/replay.css");
  els.scrub.addEventListener("input", () => go(+els.scrub.value));
  // the log up to the shown move (as on the match page), then the later moves: one scroll box for both
  els.logScroll = h("div.logscroll", els.log, els.aheadTitle, els.ahead);
  // a click anywhere on a log entry shows the board after that move (its button does the same for the keyboard)
  els.logScroll.addEventListener("click", (e) => {
    const entry = e.target.closest && e.target.closest("li[data-version]");
    if (entry && !e.target.closest("button.jump")) go(+entry.dataset.version + 1);
  });
  fill(element, h("div.matchpage.replay",
    h("div.statusbar", els.title, els.controls, els.position),
    h("div.replayscrub", els.scrub),
    els.status,
    els.scores,
    h("div.matchbody", els.game, h("aside.sidebar", h("section.card.logbox", els.logTitle, els.logHint, els.logScroll)))));
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented) return;  // a board's own keyboard cursor (boardkeys.js) took the key
    if (e.target.closest && e.target.closest("input,textarea,select") && e.target !== els.scrub) return;
    if (e.key === "ArrowLeft") { e.preventDefault(); go(at - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); go(at + 1); }
    if (e.key === "Home") go(0);
    if (e.key === "End") go(total);
  });
  window.addEventListener("langchange", () => {
    if (summary) localizeSeats(summary.seats);
    labels();
    if (host) host.remount();
    if (last) show(last);
  });
  try {
    summary = await api("GET", `/api/matches/${encodeURIComponent(id)}`);
  } catch (exc) {
    fill(els.status, exc.status === 404 ? t("match.notFound", { id }) : t("match.error", { detail: exc.detail }));
    return;
  }
  localizeSeats(summary.seats);  // the log's names; show() names the shown state's seats (again on a language change)
  const module = await loadGameUi(summary.game);
  host = new GameHost(els.game, module, { seat: null });
  labels();
  const wanted = new URLSearchParams(location.search).get("at");
  if (wanted !== null && +wanted !== summary.version) await loadFullLog();
  await go(wanted === null ? summary.version : +wanted, true);
  // a running match grows: keep the end within reach
  setInterval(async () => {
    try {
      const fresh = await api("GET", `/api/matches/${encodeURIComponent(id)}`);
      if (fresh.version !== total) {
        const follow = at === total;
        total = fresh.version;
        els.scrub.max = total;
        if (follow) go(total); else { await loadFullLog(); labels(); if (last) show(last); }
      }
    } catch { /* keep the last one */ }
  }, 5000);
}

/** The log of every move so far (the answer at the end has it), so moves after the shown one stay clickable. */
async function loadFullLog() {
  try {
    const data = await api("GET", `/api/matches/${encodeURIComponent(id)}/replay`);
    if ((data.log || []).length >= fullLog.length) fullLog = data.log || [];
  } catch { /* the log up to the shown move is still there */ }
}

function labels() {
  els.title.textContent = t("replay.title", { id });
  els.logTitle.textContent = t("match.log");
  els.logHint.textContent = t("replay.logHint");
  els.aheadTitle.textContent = t("replay.ahead");
  const button = (key, label, onclick) => h("button", { type: "button", title: t(key), "aria-label": t(key), onclick, dataset: { go: key } }, label);
  fill(els.controls,
    button("replay.first", "⇤", () => go(0)),
    button("replay.prev", "◀", () => go(at - 1)),
    h("button", { type: "button", id: "play", onclick: togglePlay }, timer ? "‖ " + t("replay.pause") : "▶ " + t("replay.play")),
    button("replay.next", "▶", () => go(at + 1)),
    button("replay.last", "⇥", () => go(total)),
    h("label.replayspeed", t("replay.speed"), " ", h("select", { id: "speed", onchange: (e) => setSpeed(+e.target.value) },
      SPEEDS.map((x) => h("option", { value: x, selected: x === speed }, `${x}×`)))),
    h("a.button", { href: `/m/${encodeURIComponent(id)}` }, t("replay.toMatch")));
  els.position.textContent = at === 0 ? t("replay.start") + ` (0 / ${total})` : t("replay.position", { n: at, total });

  els.scrub.setAttribute("aria-label", t("replay.scrub"));
}

function togglePlay() {
  if (timer) { clearInterval(timer); timer = null; }
  else {
    if (at >= total) go(0);
    startTimer();
  }
  labels();
}

function startTimer() {
  timer = setInterval(() => { if (at >= total) togglePlay(); else go(at + 1); }, STEP_MS / speed);
}

function setSpeed(value) {
  speed = SPEEDS.includes(value) ? value : 1;
  prefs.set("replay.speed", speed);
  if (timer) { clearInterval(timer); startTimer(); }  // a running autoplay goes on at the new pace
}

async function go(n, first = false) {
  if (!first && total) n = Math.max(0, Math.min(total, n));
  if (!first && n === at && last) return;
  const ticket = ++loading;
  let data;
  try {
    data = await api("GET", `/api/matches/${encodeURIComponent(id)}/replay?at=${Math.max(0, n)}`);
  } catch (exc) {
    toast(t("match.error", { detail: exc.detail }), "error");
    return;
  }
  if (ticket !== loading) return;  // a later request overtook this one
  total = data.total;
  at = data.version;
  els.scrub.max = total;
  els.scrub.value = at;
  history.replaceState(null, "", `/m/${encodeURIComponent(id)}/replay?at=${at}`);
  show(data);
  labels();
}

function show(data) {
  last = data;
  if (data.version === data.total || (data.log || []).length > fullLog.length) fullLog = data.log || [];
  const message = {
    type: "state", match: id, game: summary.game, version: data.version, status: summary.status,
    seat: null, seats: localizeSeats(data.seats || summary.seats), active: [], view: data.view, legal: [], can_undo: false,
    log: data.log || [], scores: data.scores || null, winners: data.winners || null, replay: true,
  };
  host.update(message);
  fill(els.status, host.status({ ...message, active: activeOf(data) }) || "");
  els.status.dataset.version = String(data.version);
  renderScores(els.scores, message, host);  // the breakdown once the shown state is the game's end
  showLog(data.version);
}

/** The moves up to the shown one in #log (the last marked), the later ones in #logahead; each jumps to the board
 *  after it. */
function showLog(version) {
  const entries = [...(fullLog.length >= version ? fullLog : last.log || [])].sort((a, b) => a.version - b.version);
  const done = entries.filter((entry) => entry.version < version);
  const ahead = entries.filter((entry) => entry.version >= version);
  renderLog(els.log, done, host, summary.seats, { keep: false });  // its lines are marked below, after drawing
  renderLog(els.ahead, ahead, host, summary.seats, { keep: false });
  els.aheadTitle.hidden = !ahead.length;
  els.ahead.hidden = !ahead.length;
  let current = null;
  for (const item of els.logScroll.querySelectorAll("li[data-version]")) {
    const after = +item.dataset.version + 1;
    const number = item.querySelector(".v");
    const jump = h("button.jump", { type: "button", "aria-label": t("replay.jump", { n: after }), onclick: () => go(after) },
      number ? number.textContent : String(after));
    if (number) number.replaceWith(jump); else item.prepend(jump);
    if (after === version) { item.classList.add("current"); jump.setAttribute("aria-current", "step"); current = item; }
  }
  if (current) {
    const run = current.closest("li.run > details");
    if (run) run.open = true;  // the shown move folded into a run of raises: open the run
    // keep the shown move in sight inside the log's scroll box, without moving the page
    const box = els.logScroll.getBoundingClientRect();
    const row = current.getBoundingClientRect();
    if (row.top < box.top || row.bottom > box.bottom) els.logScroll.scrollTop += row.top - box.top - box.height / 2;
  }
}

function activeOf(data) { return data.active || []; }
