// The move box (issue 17): type an action in the game's notation and play it with Enter, without the board. It
// completes from the legal actions the server sent with the state (`legal`), lists the matching ones as you type (an
// ARIA combobox with a listbox: arrow keys choose, Enter plays, Escape closes), and says in words why an entry it
// cannot play (illegal, ambiguous, not your turn) was refused, changing nothing. A compound turn is a sequence of
// legal actions: each step's new list arrives with the next state. `/` focuses the box from anywhere but a text field.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const SHOWN = 40;      // options listed at once (the rest: "and N more")
const NAMED = 5;       // actions named in a refusal
// why a seat cannot play now: the refusal's words, and the box's placeholder
const WHY_NOT = { waiting: "movebox.notYourTurn", over: "movebox.over", watching: "movebox.watching" };
const PLACEHOLDER = { waiting: "movebox.placeholderWait", over: "movebox.placeholderOver", watching: "movebox.placeholderWatch" };

/** Lower case, single spaces: how entries and actions are compared. */
export function normalise(text) {
  return String(text || "").trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The legal actions an entry matches: word by word, each typed word the start of the action's word at that place
 * ("m b" matches "mark b2"); if none match so, those containing the entry (two letters or more) anywhere.
 */
export function matching(entry, legal) {
  const typed = normalise(entry);
  if (!typed) return [...legal];
  const words = typed.split(" ");
  const byWords = legal.filter((action) => {
    const parts = normalise(action).split(" ");
    return words.length <= parts.length && words.every((word, i) => parts[i].startsWith(word));
  });
  if (byWords.length || typed.length < 2) return byWords;  // a single letter anywhere would match nearly everything
  return legal.filter((action) => normalise(action).includes(typed));
}

/**
 * The action an entry plays, or why it plays none: {action} or {error}. An entry plays the action it names exactly,
 * or the one action it matches; more than one is ambiguous, none is illegal.
 */
export function resolve(entry, legal, canAct, why = "waiting") {
  const typed = normalise(entry);
  if (!canAct) return { error: t(WHY_NOT[why] || WHY_NOT.waiting) };
  if (!typed) return { error: t("movebox.empty") };
  const exact = legal.find((action) => normalise(action) === typed);
  if (exact) return { action: exact };
  const found = matching(entry, legal);
  if (found.length === 1) return { action: found[0] };
  const some = (list) => list.slice(0, NAMED).join("; ") + (list.length > NAMED ? "; …" : "");
  if (found.length > 1) return { error: t("movebox.ambiguous", { entry: entry.trim(), n: found.length, some: some(found) }) };
  return { error: t("movebox.illegal", { entry: entry.trim(), some: some(legal) }) };
}

/**
 * mountMoveBox({send, say}) -> {element, input, update(legal, canAct), focus(), relabel()}
 * send(action): play it for the seat shown; say(text): the page's announcement (errors are spoken there).
 */
export function mountMoveBox({ send, say }) {
  let legal = [], canAct = false, why = "waiting", shown = [], active = -1;
  const input = h("input.moveinput", {
    id: "movebox-input", type: "text", role: "combobox", autocomplete: "off", spellcheck: "false",
    "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": "movebox-list",
    "aria-describedby": "movebox-hint movebox-message",
  });
  const list = h("ul.movelist", { id: "movebox-list", role: "listbox", hidden: true });
  const heading = h("h2", { id: "movebox-heading" });
  const label = h("label", { for: "movebox-input" });
  const hint = h("span.movehint.muted", { id: "movebox-hint" });
  const message = h("p.movemessage", { id: "movebox-message" });
  const playButton = h("button.primary", { type: "button", id: "movebox-play", onclick: () => play() });
  const element = h("section.card.movebox", { id: "actions", "aria-labelledby": "movebox-heading" },
    heading, h("div.moverow", label, h("div.combo", input, list), playButton, hint), message);

  function relabel() {
    heading.textContent = t("movebox.heading");
    label.textContent = t("movebox.label");
    fill(hint, t("movebox.hintBefore"), h("kbd", "/"), t("movebox.hintAfter"));
    playButton.textContent = t("movebox.play");
    list.setAttribute("aria-label", t("movebox.options"));
    placeholder();
  }

  function placeholder() {
    input.placeholder = canAct && legal.length ? t("movebox.placeholder", { example: legal[0] })
      : t(PLACEHOLDER[why] || PLACEHOLDER.waiting);
  }

  function open(yes) {
    list.hidden = !yes;
    input.setAttribute("aria-expanded", String(yes));
    if (!yes) { active = -1; input.removeAttribute("aria-activedescendant"); }
  }

  function choose(index) {
    active = index;
    [...list.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === index)));
    const chosen = list.children[index];
    if (chosen && chosen.id) {
      input.setAttribute("aria-activedescendant", chosen.id);
      chosen.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function renderOptions() {
    shown = canAct ? matching(input.value, legal) : [];
    const visible = shown.slice(0, SHOWN);
    fill(list, visible.map((action, i) => h("li.moveoption", {
      id: `movebox-option-${i}`, role: "option", "aria-selected": "false", dataset: { action },
      onmousedown: (event) => event.preventDefault(),  // the input keeps the focus
      onclick: () => playAction(action),
    }, action)), shown.length > SHOWN ? h("li.moremoves.muted", { role: "presentation" }, t("movebox.more", { n: shown.length - SHOWN })) : null);
    const wanted = document.activeElement === input && input.value.trim() !== "" && visible.length > 0;
    open(wanted);
    if (wanted && visible.length === 1) choose(0);
  }

  function tell(text, kind) {
    message.textContent = text || "";
    message.className = "movemessage" + (kind ? " " + kind : "");
  }

  function refuse(text) {
    tell(text, "error");
    say(text);
  }

  function playAction(action) {
    if (!canAct || !legal.includes(action)) { refuse(resolve(action, legal, canAct, why).error || t("movebox.notYourTurn")); return; }
    tell(t("movebox.sent", { action }), "ok");
    input.value = "";
    open(false);
    send(action);
  }

  function play() {
    const chosen = active >= 0 && !list.hidden ? shown[active] : null;
    if (chosen) { playAction(chosen); return; }
    const answer = resolve(input.value, legal, canAct, why);
    if (answer.error) refuse(answer.error);
    else playAction(answer.action);
  }

  input.addEventListener("input", () => { tell(""); renderOptions(); });
  input.addEventListener("focus", () => { if (input.value.trim()) renderOptions(); });
  input.addEventListener("blur", () => open(false));
  input.addEventListener("keydown", (event) => {
    const count = Math.min(shown.length, SHOWN);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!canAct || !count) return;
      if (list.hidden) { renderOptions(); open(true); }
      const step = event.key === "ArrowDown" ? 1 : -1;
      choose(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      play();
    } else if (event.key === "Escape") {
      if (!list.hidden) { event.preventDefault(); open(false); }
      else if (input.value) { event.preventDefault(); input.value = ""; tell(""); }
    } else if (event.key === "Tab" && !event.shiftKey && !list.hidden && active >= 0) {
      // Tab completes the chosen option into the box (and focus stays for Enter)
      event.preventDefault();
      input.value = shown[active];
      shown = matching(input.value, legal);
      open(false);  // closed: the next Tab leaves the box (no trap)
    }
  });

  // `/` from anywhere but a field where it is typed
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || !element.isConnected) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return;
    event.preventDefault();
    input.focus();
  });

  relabel();
  return {
    element,
    /** Where a companion control (the board as text) joins the box's row. */
    row: element.querySelector(".moverow"),
    input,
    relabel,
    focus() { input.focus(); },
    /** The server refused what was sent (the page's live region speaks it): shown beside the box as well. */
    refused(text) { tell(text, "error"); },
    /** A new state: the legal actions of the seat shown, whether it may act now, and if not why not
     * ("waiting" for others, "over", "watching": a spectator). */
    update(actions, mayAct, reason = "waiting") {
      const changed = mayAct !== canAct || actions.length !== legal.length || actions.some((a, i) => a !== legal[i]);
      legal = [...actions];
      canAct = mayAct;
      why = reason;
      placeholder();
      if (changed) {
        if (message.classList.contains("ok")) tell("");
        renderOptions();
      }
    },
  };
}
