// The replay viewer: the public view after any number of actions, stepped or scrubbed.
import { h, fill, toast } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./net.js";
import { loadGameModule, GameHost, renderLog } from "./gamehost.js";

let id, summary, host, els, total = 0, at = 0, timer = null, loading = 0, last = null;

export async function showReplay(element, matchId) {
  id = matchId;
  els = {
    title: h("h1.replaytitle"),
    controls: h("div.replaycontrols"),
    position: h("span.position", { "aria-live": "polite" }),  // a reader hears where a step or the scrubber led
    scrub: h("input.scrub", { type: "range", min: 0, max: 0, value: 0, id: "scrub", "aria-label": t("replay.scrub") }),
    game: h("div.gamearea", { id: "game" }),
    log: h("ol.log", { id: "log" }),
    logTitle: h("h3"),
    status: h("div.statusline"),
  };
  els.scrub.addEventListener("input", () => go(+els.scrub.value));
  fill(element, h("div.matchpage.replay",
    h("div.statusbar", els.title, els.controls, els.position),
    h("div.replayscrub", els.scrub),
    els.status,
    h("div.matchbody", els.game, h("aside.sidebar", h("section.card.logbox", els.logTitle, els.log)))));
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented) return;  // a board's own keyboard cursor (boardkeys.js) took the key
    if (e.target.closest && e.target.closest("input,textarea,select") && e.target !== els.scrub) return;
    if (e.key === "ArrowLeft") { e.preventDefault(); go(at - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); go(at + 1); }
    if (e.key === "Home") go(0);
    if (e.key === "End") go(total);
  });
  window.addEventListener("langchange", () => { labels(); if (host) host.remount(); if (last) show(last); });
  try {
    summary = await api("GET", `/api/matches/${encodeURIComponent(id)}`);
  } catch (exc) {
    fill(els.status, exc.status === 404 ? t("match.notFound", { id }) : t("match.error", { detail: exc.detail }));
    return;
  }
  const module = await loadGameModule(summary.game);
  host = new GameHost(els.game, module, { seat: null });
  labels();
  const wanted = new URLSearchParams(location.search).get("at");
  await go(wanted === null ? summary.version : +wanted, true);
  // a running match grows: keep the end within reach
  setInterval(async () => {
    try {
      const fresh = await api("GET", `/api/matches/${encodeURIComponent(id)}`);
      if (fresh.version !== total) { const follow = at === total; total = fresh.version; els.scrub.max = total; if (follow) go(total); else labels(); }
    } catch { /* keep the last one */ }
  }, 5000);
}

function labels() {
  els.title.textContent = t("replay.title", { id });
  els.logTitle.textContent = t("match.log");
  const button = (key, label, onclick) => h("button", { type: "button", title: t(key), "aria-label": t(key), onclick, dataset: { go: key } }, label);
  fill(els.controls,
    button("replay.first", "⇤", () => go(0)),
    button("replay.prev", "◀", () => go(at - 1)),
    h("button", { type: "button", id: "play", onclick: togglePlay }, timer ? "‖ " + t("replay.pause") : "▶ " + t("replay.play")),
    button("replay.next", "▶", () => go(at + 1)),
    button("replay.last", "⇥", () => go(total)),
    h("a.button", { href: `/m/${encodeURIComponent(id)}` }, t("replay.toMatch")));
  els.position.textContent = at === 0 ? t("replay.start") + ` (0 / ${total})` : t("replay.position", { n: at, total });

  els.scrub.setAttribute("aria-label", t("replay.scrub"));
}

function togglePlay() {
  if (timer) { clearInterval(timer); timer = null; }
  else {
    if (at >= total) go(0);
    timer = setInterval(() => { if (at >= total) togglePlay(); else go(at + 1); }, 700);
  }
  labels();
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
  const message = {
    type: "state", match: id, game: summary.game, version: data.version, status: summary.status,
    seat: null, seats: summary.seats, active: [], view: data.view, legal: [], can_undo: false,
    log: data.log || [], scores: null, replay: true,
  };
  host.update(message);
  fill(els.status, host.status({ ...message, active: activeOf(data) }) || "");
  els.status.dataset.version = String(data.version);
  renderLog(els.log, [...(data.log || [])].sort((a, b) => a.version - b.version), host, summary.seats);
}

function activeOf(data) { return data.active || []; }
