// Rematch (issue 12): on a finished match, "play again" makes the rematch (POST /api/matches/ID/rematch); once it
// exists every player's page offers "join the rematch", which takes that player's seat in it with their own token.
import { h, fill, toast } from "./dom.js";
import { t } from "./i18n.js";
import { api, tokens } from "./net.js";

export class RematchBox {
  constructor(container, matchId) {
    this.matchId = matchId;
    this.el = h("div.rematch", { id: "rematch", hidden: true });
    this.busy = false;
    container.append(this.el);
  }

  update(msg, held) {
    if (msg.status !== "finished") { this.el.hidden = true; return; }
    this.el.hidden = false;
    const mine = Object.entries(held || {}).filter(([seat]) => seat !== "?");
    const next = msg.rematch;
    const nextHeld = next ? Object.keys(tokens.of(next)).length > 0 : false;
    let body;
    if (next && (nextHeld || !mine.length)) {
      body = h("a.button.primary", { href: `/m/${encodeURIComponent(next)}`, id: "gorematch" },
        t(nextHeld ? "rematch.go" : "rematch.watch"));
    } else if (mine.length) {
      body = h("button.primary", { type: "button", id: next ? "joinrematch" : "playagain", disabled: this.busy,
        onclick: () => this.ask(mine) }, t(next ? "rematch.join" : "rematch.playAgain"));
    } else {
      body = null;
    }
    fill(this.el, next && !nextHeld && mine.length ? h("span", t("rematch.offered"), " ") : null, body);
  }

  /** Ask with each distinct token held (hotseat: the first makes the rematch, the others take their seats). */
  async ask(held) {
    this.busy = true;
    let target = null;
    try {
      for (const token of [...new Set(held.map(([, tok]) => tok))]) {
        let answer;
        try {
          answer = await api("POST", `/api/matches/${encodeURIComponent(this.matchId)}/rematch`, undefined, token);
        } catch (exc) {
          if (exc.status === 409 && exc.error === "taken") continue;   // this seat has its link already
          throw exc;
        }
        target = answer.id;
        for (const seat of answer.seats || []) if (seat.token) tokens.set(answer.id, seat.seat, seat.token);
      }
    } catch (exc) {
      toast(t("match.error", { detail: exc.detail }), "error", 8000);
    } finally {
      this.busy = false;
    }
    if (target) location.href = `/m/${encodeURIComponent(target)}`;
  }
}
