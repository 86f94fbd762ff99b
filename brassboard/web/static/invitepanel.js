// The creator's invite panel on the match page: each open seat's invite link with a copy button, and who has joined.
// The invites come only from this browser (the lobby keeps the create answer's links under `invites.ID`): the
// server sends them to nobody else, so another seat or a spectator never sees a panel, nor a secret.
import { h, fill, toast, copyText, loadStylesheet } from "./dom.js";
import { t, lang } from "./i18n.js";
import { prefs, tokens } from "./net.js";

let box = null;
let shownFor = null;

/** Draw (or hide) the panel after `anchor` for the state message `msg` of match `matchId`. */
export function renderInvitePanel(anchor, msg, matchId) {
  if (!box || shownFor !== matchId) {
    box = h("section.card.invitepanel", { id: "invitepanel", "aria-labelledby": "invitetitle", hidden: true });
    shownFor = matchId;
  }
  if (!box.isConnected) anchor.after(box);
  loadStylesheet("/static/invitepanel.css");
  const invites = prefs.get(`invites.${matchId}`, null) || {};
  const invited = new Set(Object.keys(invites));
  const everyoneIn = (msg.seats || []).every((s) => s.kind !== "open" || s.taken);
  const dismissed = everyoneIn && prefs.get(`invites.hidden.${matchId}`, false);
  if (!invited.size || msg.status === "finished" || dismissed) { box.hidden = true; return; }
  // a redraw with nothing new (every move sends a state message) must not take away a field or button in focus
  const drawn = JSON.stringify([lang(), msg.status, (msg.seats || []).map((s) => [s.kind, s.taken, s.name]), invites]);
  if (!box.hidden && box.dataset.drawn === drawn) return;
  box.hidden = false;
  box.dataset.drawn = drawn;
  const held = tokens.of(matchId);
  const rows = (msg.seats || []).map((seat) => seatRow(seat, invites[String(seat.seat)], String(seat.seat) in held));
  fill(box,
    h("h2", { id: "invitetitle" }, t("invite.title")),
    h("p.muted", everyoneIn ? t("invite.allJoined") : t("invite.howto")),
    h("ul.invites", rows),
    everyoneIn ? h("button", { type: "button", id: "invitehide", onclick: () => {
      prefs.set(`invites.hidden.${matchId}`, true);
      box.hidden = true;
    } }, t("invite.hide")) : null);
}

function seatRow(seat, path, mine) {
  const label = h("span.inviteseat", t("lobby.seat", { n: seat.seat + 1 }));
  const attrs = { dataset: { seat: seat.seat, state: stateOf(seat, path) } };
  if (seat.kind === "open" && !seat.taken && path) {
    const url = new URL(path, location.origin).href;
    const field = h("input.link", { readonly: true, value: url, "aria-label": t("invite.linkFor", { n: seat.seat + 1 }),
      onclick: (e) => e.target.select() });
    const copy = h("button.primary", { type: "button", "aria-label": t("invite.copyFor", { n: seat.seat + 1 }),
      onclick: async () => { if (await copyText(url)) toast(t("lobby.copied"), "ok", 2000); } }, t("lobby.copy"));
    return h("li.waiting", attrs, label, h("span.invitestate", t("invite.waiting")), field, copy);
  }
  const who = seat.name || (seat.kind.startsWith("bot") ? t("seat.bot", { kind: seat.kind.slice(4) }) : t("seat.human"));
  const state = seat.kind === "open" && seat.taken ? h("strong.joined", "✓ ", t("invite.joined"))
    : seat.kind === "open" ? h("span.muted", t("seat.free"))
      : seat.kind.startsWith("bot") ? h("span.muted", t("common.bot")) : h("span.muted", mine ? t("common.you") : t("seat.human"));
  return h("li", attrs, label, state, h("span.invitename", who));
}

function stateOf(seat, path) {
  if (seat.kind !== "open") return seat.kind.startsWith("bot") ? "bot" : "human";
  if (seat.taken) return "joined";
  return path ? "waiting" : "open";
}
