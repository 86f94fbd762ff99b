// Async play on the match page (issue 12): clocks, "your turn" notices, the rematch, and timeouts and forfeits made
// readable in the log. match.js makes one AsyncPlay, puts its element under the status bar and calls update() after
// each render; everything else lives here and in clock.js, notices.js and rematch.js.
import { h, loadStylesheet } from "./dom.js";
import { t } from "./i18n.js";
import { ClockPanel } from "./clock.js";
import { TurnNotices, NoticeControl } from "./notices.js";
import { RematchBox } from "./rematch.js";

export class AsyncPlay {
  constructor(matchId) {
    loadStylesheet("/static/asyncplay.css");
    this.el = h("div.asyncbar", { id: "asyncbar" });
    this.clocks = new ClockPanel(this.el);
    this.forfeits = h("span.forfeits", { id: "forfeits", hidden: true });
    this.el.append(this.forfeits);
    this.notices = new TurnNotices(matchId);
    this.control = new NoticeControl(this.el, matchId);
    this.rematch = new RematchBox(this.el, matchId);
  }

  /** After the page drew `msg` for `seat` (a number, or "spectator"); `held` is {seat: token} of this browser. */
  update(msg, seat, held) {
    const number = typeof seat === "number" ? seat : null;
    this.clocks.update(msg);
    for (const key of Object.keys(held || {})) {
      if (key !== "?") this.notices.update(msg, +key);
    }
    this.notices.update(msg, number);   // the seat shown sets the title's mark last
    const over = msg.status === "finished";   // nothing left to be told about
    this.control.update(over ? null : number, number === null || over ? null : (held || {})[String(number)]);
    this.rematch.update(msg, held);
    const names = (msg.forfeits || []).map((s) => seatName(msg, s));
    this.forfeits.hidden = !names.length;
    this.forfeits.textContent = names.length ? t("clock.forfeits", { names: names.join(", ") }) : "";
    this.markLog(msg);
  }

  /** The page's language changed: what is drawn once (the clocks' label, the notices menu) is named again; the
   *  rest redraws with the next update. */
  relabel() {
    this.clocks.relabel();
    this.control.relabel();
  }

  /** A badge on each log entry the server played for a seat out of time. */
  markLog(msg) {
    const list = document.getElementById("log");
    if (!list) return;
    for (const entry of msg.log || []) {
      const kinds = (entry.events || []).map((e) => e.type);
      if (!kinds.includes("timeout")) continue;
      const item = list.querySelector(`li[data-version="${entry.version}"]`);
      if (!item || item.querySelector(".timeoutmark")) continue;
      const text = t(kinds.includes("forfeit") ? "clock.forfeitLog" : "clock.timeoutLog", { name: seatName(msg, entry.seat) });
      item.classList.add("timeout");
      (item.querySelector(".text") || item).prepend(h("span.timeoutmark", "◷ ", text));
    }
  }
}

function seatName(msg, seat) {
  const s = (msg.seats || []).find((x) => x.seat === seat);
  return (s && s.name) || t("lobby.seat", { n: seat + 1 });
}
