// Turn clocks in the browser (issue 12): a running clock per seat, drawn from the state message's `clocks`, and the
// lobby's clock presets. The server keeps the time; the page only counts down between its messages.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

/** The lobby's presets: key -> the `clock` of POST /api/matches (null: no clock). */
export const CLOCK_PRESETS = {
  none: null,
  realtime: { per_turn: 120, bank: 600, on_timeout: "bot" },          // 2 min a turn + a 10 min bank
  correspondence: { per_turn: 86400, bank: 0, on_timeout: "bot" },    // a day a turn
};

const LOW_SECONDS = 10;   // a running clock under this is marked (colour and a ⚠ sign, not colour alone)

/** The lobby's clock choice (a select); `form.clock` holds the preset's key. */
export function clockPresetField(form, onChange) {
  const chosen = form.clock in CLOCK_PRESETS ? form.clock : "none";
  return h("label.clockpreset", t("clock.preset"), " ",
    h("select", { id: "clock", onchange: (e) => onChange(e.target.value) },
      Object.keys(CLOCK_PRESETS).map((key) => h("option", { value: key, selected: key === chosen }, t(`clock.preset.${key}`)))));
}

/** The `clock` field of a new match for the chosen preset (undefined: none). */
export function clockOfPreset(key) {
  return CLOCK_PRESETS[key] || undefined;
}

/** "1:05", "12:00", "3:04:05", "2 d 3 h": seconds as a player reads them. */
export function formatSeconds(seconds) {
  const total = Math.max(0, Math.ceil(seconds));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (days >= 1) return `${days} d ${hours} h`;
  const two = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${two(minutes)}:${two(secs)}` : `${minutes}:${two(secs)}`;
}

/** A seat's clock `elapsed` seconds after the message said `entry`: the turn time runs first, then the bank. */
export function clockAfter(entry, elapsed) {
  if (!entry.running) return { turn: entry.turn_left, bank: entry.bank_left };
  const turn = entry.turn_left - elapsed;
  return turn >= 0 ? { turn, bank: entry.bank_left } : { turn: 0, bank: Math.max(0, entry.bank_left + turn) };
}

/** The clocks panel: mount once, then `update(msg)` with every state message. */
export class ClockPanel {
  constructor(container) {
    this.el = h("div.clocks", { id: "clocks", role: "group", "aria-label": t("clock.title"), hidden: true });
    container.append(this.el);
    this.msg = null;
    this.received = 0;
    this.timer = null;
  }

  /** The page's language changed: the panel's own label (its rows are drawn again by every update). */
  relabel() {
    this.el.setAttribute("aria-label", t("clock.title"));
  }

  update(msg) {
    this.msg = msg;
    this.received = performance.now();
    const clocks = msg.clocks || [];
    this.el.hidden = !clocks.length;
    if (!clocks.length) { this.stop(); return; }
    this.draw();
    const running = msg.status === "running" && clocks.some((c) => c.running);
    if (running && !this.timer) this.timer = setInterval(() => this.draw(), 250);
    if (!running) this.stop();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  draw() {
    const msg = this.msg;
    const elapsed = (performance.now() - this.received) / 1000;
    const name = (seat) => { const s = (msg.seats || []).find((x) => x.seat === seat); return (s && s.name) || t("lobby.seat", { n: seat + 1 }); };
    fill(this.el, (msg.clocks || []).map((entry) => {
      const running = entry.running && msg.status === "running";
      const left = running ? clockAfter(entry, elapsed) : { turn: entry.turn_left, bank: entry.bank_left };
      const low = running && left.turn + left.bank < LOW_SECONDS;
      const inBank = running && left.turn <= 0;
      const label = t(running ? "clock.runningLabel" : "clock.label", { name: name(entry.seat),
        turn: formatSeconds(left.turn), bank: formatSeconds(left.bank) });
      return h("span.clock" + (running ? ".running" : "") + (low ? ".low" : "") + (inBank ? ".inbank" : ""),
        { dataset: { seat: entry.seat }, title: label, "aria-label": label },
        h("span.clockname", name(entry.seat)),
        h("span.turnleft", { "aria-hidden": "true" }, (low ? "⚠ " : running ? "◷ " : "") + formatSeconds(left.turn)),
        (msg.clock && msg.clock.bank) || entry.bank_left ? h("span.bankleft", { "aria-hidden": "true" }, "+ " + formatSeconds(left.bank)) : null);
    }));
  }
}
