// The match page's one polite live region (issue 17): a screen reader hears whose turn it is, each other player's
// action as the log writes it, the result of chance the log entry carries, and the errors of the player's own moves.
// It says each thing once: what the page already showed (the log on arrival, the same state again after a
// reconnect or a resync) is not read again.
import { h } from "./dom.js";

const KEPT = 6;  // the last few lines stay in the region (a late listener can still read them)

export class Announcer {
  constructor() {
    this.element = h("div.sr-only", { id: "announce", "aria-live": "polite", "aria-atomic": "false", "aria-relevant": "additions" });
    this.heard = null;     // log versions below this are announced (or were already shown when the page opened)
    this.turn = null;      // the last turn announcement, so an unchanged turn is not repeated
  }

  /** Add a line to the region (assistive technology reads additions of a polite region when it is idle). */
  say(text) {
    if (!text) return;
    this.element.append(h("p", text));
    while (this.element.childElementCount > KEPT) this.element.firstElementChild.remove();
  }

  /**
   * After a state is shown: the new log entries (other seats' actions, chance), then the turn if it changed.
   * entries: the merged log, oldest first; mine: the seat shown (its own actions are not read back);
   * describe(entry): the log's words; after(entry): what followed the move by itself (a round's end: read for the
   * seat's own moves too); chance(entry): the chance results' words; turn: the status to announce.
   */
  update({ version, entries, mine, describe, after = () => "", chance, turn }) {
    if (this.heard === null) {
      this.heard = version;  // the page just opened: the log is on screen, only the turn is news
    } else {
      if (version < this.heard) this.heard = version;  // an undo took moves back
      for (const entry of entries) {
        if (entry.version < this.heard) continue;
        if (entry.seat !== mine) this.say(describe(entry));
        // what the move set going comes before the entry's chance: Tharos' last pass carries the next turn's dice
        this.say(after(entry));
        for (const line of chance(entry)) this.say(line);
      }
      this.heard = Math.max(this.heard, version);
    }
    if (turn && turn !== this.turn) this.say(turn);
    this.turn = turn;
  }
}
