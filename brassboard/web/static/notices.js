// "Your turn" notices in the browser (issue 12): a desktop notification when the tab is hidden (Notification API,
// once permission was given), the tab title marked while it is your turn, and a control that registers a webhook
// (or mailto:) for your seat with the server (POST /api/matches/ID/notify), which tells you even with the tab closed.
import { h, fill, toast } from "./dom.js";
import { t } from "./i18n.js";
import { api, prefs } from "./net.js";

const MARK = "● ";

/** Watches state messages: notifies when a held seat's turn begins, keeps the title's mark. */
export class TurnNotices {
  constructor(matchId) {
    this.matchId = matchId;
    this.mine = new Map();   // seat -> whether it was that seat's turn in its last message
  }

  update(msg, seat) {
    const mine = msg.status === "running" && typeof seat === "number" && (msg.active || []).includes(seat);
    const was = this.mine.get(seat);
    this.mine.set(seat, mine);
    markTitle(mine);
    if (mine && was === false) this.notify(msg, seat);
  }

  notify(msg, seat) {
    if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
    const s = (msg.seats || []).find((x) => x.seat === seat);
    try {
      const notice = new Notification(t("notice.title"), {
        body: t("notice.body", { name: (s && s.name) || t("lobby.seat", { n: seat + 1 }), game: String(msg.game || "").replace(/_/g, " "), n: msg.version }),
        tag: `brassboard-${this.matchId}`, icon: "/static/favicon.svg" });
      notice.onclick = () => { window.focus(); notice.close(); };
    } catch { /* some browsers allow notifications only from a service worker: the title still marks the turn */ }
  }
}

/** The tab title starts with ● while it is your turn (and not otherwise). */
export function markTitle(mine) {
  const title = document.title;
  if (mine && !title.startsWith(MARK)) document.title = MARK + title;
  else if (!mine && title.startsWith(MARK)) document.title = title.slice(MARK.length);
}

/** The "notify me" menu of the seat shown: desktop notifications and the seat's webhook / e-mail. */
export class NoticeControl {
  constructor(container, matchId) {
    this.matchId = matchId;
    this.seat = null;
    this.token = null;
    this.panel = h("div.noticepanel");
    this.summary = h("summary", t("notice.menu"));
    this.el = h("details.noticemenu", { id: "noticemenu", hidden: true }, this.summary, this.panel);
    this.el.addEventListener("toggle", () => { if (this.el.open) this.draw(); });
    container.append(this.el);
  }

  relabel() {
    this.summary.textContent = t("notice.menu");
    if (this.el.open) this.draw();
  }

  update(seat, token) {
    this.el.hidden = typeof seat !== "number" || !token;
    if (seat === this.seat && token === this.token) return;
    this.seat = seat;
    this.token = token;
    if (this.el.open) this.draw();
  }

  draw() {
    const key = `notify.${this.matchId}.${this.seat}`;
    const input = h("input.noticeurl", { type: "url", id: "noticeurl", value: prefs.get(key, "") || "", maxlength: 2000,
      placeholder: "https://…/webhook  ·  mailto:you@example.org", "aria-label": t("notice.url") });
    const save = async (url) => {
      try {
        await api("POST", `/api/matches/${encodeURIComponent(this.matchId)}/notify`, { seat: this.seat, url }, this.token);
        prefs.set(key, url || "");
        if (!url) input.value = "";
        toast(t(url ? "notice.saved" : "notice.removed"), "ok", 3000);
      } catch (exc) {
        toast(t("match.error", { detail: exc.detail }), "error", 8000);
      }
    };
    const canAsk = "Notification" in window && Notification.permission === "default";
    const state = !("Notification" in window) ? "notice.desktopUnsupported"
      : Notification.permission === "granted" ? "notice.desktopOn"
      : Notification.permission === "denied" ? "notice.desktopDenied" : null;
    fill(this.panel,
      canAsk ? h("button", { type: "button", id: "noticedesktop", onclick: async () => {
        await Notification.requestPermission();
        this.draw();
      } }, t("notice.desktopAsk")) : h("p.muted", t(state)),
      h("form.noticeform", { onsubmit: (e) => { e.preventDefault(); save(input.value.trim() || null); } },
        h("label", { for: "noticeurl" }, t("notice.url")), input,
        h("p.muted", t("notice.urlHelp")),
        h("div.row", h("button.primary", { type: "submit", id: "noticesave" }, t("notice.save")),
          h("button", { type: "button", onclick: () => save(null) }, t("notice.remove")))));
  }
}
