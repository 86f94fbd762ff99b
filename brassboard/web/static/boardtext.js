// "Describe the board" (issue 17): the text picture of the state the CLI prints, for the seat shown (its own hidden
// information and nobody else's: the server renders it for the token's seat, GET /api/matches/ID/text). A toggle
// shows it; while shown it follows the game, and the focus moves to it so a screen reader reads it at once.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./net.js";

/** mountBoardText({matchId, token(), seat()}) -> {element, relabel(), update(version)} */
export function mountBoardText({ matchId, token, seat }) {
  let shownVersion = null, ticket = 0;
  const button = h("button.describe", { type: "button", id: "describe", "aria-expanded": "false", "aria-controls": "boardtext" });
  const text = h("pre.boardtext", { id: "boardtext", tabindex: "-1", hidden: true });
  const element = h("div.describebox", button, text);

  async function load(focus) {
    const mine = ++ticket;
    const query = typeof seat() === "number" ? `?seat=${seat()}` : "";
    try {
      const answer = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/text${query}`, undefined, token() || undefined);
      if (mine !== ticket) return;
      shownVersion = answer.version;
      text.setAttribute("aria-label", t("boardtext.label", { n: answer.version }));
      fill(text, answer.text);
    } catch (exc) {
      if (mine !== ticket) return;
      fill(text, t("match.error", { detail: exc.detail }));
    }
    if (focus) text.focus();
  }

  function relabel() {
    button.textContent = text.hidden ? t("boardtext.show") : t("boardtext.hide");
  }

  button.addEventListener("click", () => {
    text.hidden = !text.hidden;
    button.setAttribute("aria-expanded", String(!text.hidden));
    relabel();
    if (!text.hidden) load(true);
  });

  relabel();
  return {
    element,
    relabel,
    /** A new state was shown: refresh the text if it is open and older. */
    update(version) { if (!text.hidden && version !== shownVersion) load(false); },
    /** Another seat is shown: its text differs. */
    reset() { shownVersion = null; if (!text.hidden) load(false); },
  };
}
