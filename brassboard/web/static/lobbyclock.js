// The lobby's match lists say whether a match is played on a clock (issue 12, async play): a badge with the time a
// turn and the bank ("◷ 2 min + 10 min"), its tooltip and accessible name in words, and what happens when time runs
// out. A match without a clock gets no badge.
import { h } from "./dom.js";
import { translator } from "./i18n.js";

export const STRINGS = {
  en: {
    "lobbyclock.badge": "◷ {turn}", "lobbyclock.badgeBank": "◷ {turn} + {bank}",
    "lobbyclock.title": "Clock: {turn} a turn, bank {bank}; {then}",
    "lobbyclock.bot": "when both run out, a bot moves for the player", "lobbyclock.forfeit": "when both run out, the player forfeits",
    "lobbyclock.d": "{n} d", "lobbyclock.h": "{n} h", "lobbyclock.min": "{n} min", "lobbyclock.s": "{n} s", "lobbyclock.none": "none",
  },
  de: {
    "lobbyclock.badge": "◷ {turn}", "lobbyclock.badgeBank": "◷ {turn} + {bank}",
    "lobbyclock.title": "Bedenkzeit: {turn} je Zug, Reserve {bank}; {then}",
    "lobbyclock.bot": "sind beide abgelaufen, zieht ein Bot für den Spieler", "lobbyclock.forfeit": "sind beide abgelaufen, gibt der Spieler auf",
    "lobbyclock.d": "{n} Tg.", "lobbyclock.h": "{n} Std.", "lobbyclock.min": "{n} Min.", "lobbyclock.s": "{n} s", "lobbyclock.none": "keine",
  },
};
const t = translator(STRINGS);

/** A duration in its largest whole unit, as the presets name it: "24 h", "2 min", "90 s"; days from two days on
 * ("3 d", "2 d 6 h"). */
export function duration(seconds) {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  if (s >= 2 * 86400 && s % 3600 === 0) {
    const d = Math.floor(s / 86400), hours = (s % 86400) / 3600;
    return hours ? `${t("lobbyclock.d", { n: d })} ${t("lobbyclock.h", { n: hours })}` : t("lobbyclock.d", { n: d });
  }
  if (s >= 3600 && s % 3600 === 0) return t("lobbyclock.h", { n: s / 3600 });
  if (s >= 60 && s % 60 === 0) return t("lobbyclock.min", { n: s / 60 });
  return t("lobbyclock.s", { n: s });
}

/** The badge of a match's clock (`clock` of the match summary: {per_turn, bank, on_timeout}), or null. */
export function clockBadge(clock) {
  if (!clock || !(clock.per_turn || clock.bank)) return null;
  const turn = duration(clock.per_turn), bank = clock.bank ? duration(clock.bank) : t("lobbyclock.none");
  const title = t("lobbyclock.title", { turn, bank, then: t(clock.on_timeout === "forfeit" ? "lobbyclock.forfeit" : "lobbyclock.bot") });
  const text = clock.bank ? t("lobbyclock.badgeBank", { turn, bank }) : t("lobbyclock.badge", { turn });
  return [h("span.badge.clocked", { title, dataset: { onTimeout: clock.on_timeout || "bot" },
    style: { textTransform: "none", background: "#dde8f6" } }, text), " "];
}
