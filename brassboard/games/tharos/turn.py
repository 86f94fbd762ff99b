"""The flow of a match: steps of a turn (Durchgang) and of a round end, player-turns, decisions, dispatch.

``board.step`` walks ``prep`` (reveal the attack card, draw) -> ``roll`` -> ``actions`` (player-turns in turn
order until all have passed) -> ``attack`` -> ``cleanup_offer`` -> ``cleanup`` -> next turn's ``prep``, or after
the fourth turn ``round_end`` (damage) -> ``medals`` -> ``round_over`` -> next round, or ``over``.

Decisions (``board.pending``) interrupt any step; the head decision's player alone acts. A player-turn in the
action phase: free moves (converter, plugin ``free``) and at most one action card, then one action (or pass); after
the action an action card may still follow (then ``done``). A card played before the action must be followed by
an action: pass is then offered only when no action is possible at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action, IllegalAction

from . import board_actions as ba
from . import dice as d
from .attack import resolve_attack
from .figures import CELL_NAMES, CELL_OF
from .hooks import HOOKS
from .round_end import apply_damage, damage_actions, finish_round, resolve_damage

if TYPE_CHECKING:
    from .rules import TharosState
    from .state import Guild

PASS = Action("pass")
DONE = Action("done")
DRAW = Action("draw")
ROLL = Action("roll")
MEDAL_TAKE = Action("medal", "take")
MEDAL_KEEP = Action("medal", "keep")
AUTO_DECISIONS = frozenset({"keep", "discard", "damage", "give", "prep", "drawn", "cleanup"})
"""Core decisions taken automatically when they leave exactly one choice."""
BOARD_KINDS = frozenset({"money", "cards", "tile", "reroll", "land", "explore", "buy", "mine", "build", "defend"})
DECISION_KINDS = {
    "keep": "a card drawn with Große Auswahl",
    "discard": "the hand limit of 3",
    "medal": "the combat medal at a round end",
    "damage": "round-end damage",
    "give": "a guild tile for a lost attack",
    "draw": "the preparation, before the draw",
    "roll": "the preparation, after the draw",
}
WINDOW_OF_DECISION = {"prep": "prep", "drawn": "drawn", "cleanup": "cleanup"}
CLOSE_OF_DECISION = {"prep": DRAW, "drawn": ROLL, "cleanup": DONE}


def order(state: TharosState) -> list[int]:
    """Players in turn order from the start player."""
    n = state.num_players
    return [(state.board.start_player + i) % n for i in range(n)]


# ----- legal actions --------------------------------------------------------------------------------------------
def card_plays(state: TharosState, p: int, window: str) -> list[Action]:
    out: list[Action] = []
    for card in sorted(set(state.guilds[p].hand)):
        gen = HOOKS.card_actions.get(card)
        if gen is not None:
            out += gen(state, p, window)
    return out


def main_actions(state: TharosState, p: int) -> list[Action]:
    """Every action (in the rules' sense) ``p`` may take now: the board's and the plugins' (cards, buildings)."""
    out = ba.board_actions(state, p)
    for gen in HOOKS.main:
        out += gen(state, p)
    bound = state.guilds[p].turn_flags.get("bound")
    if bound is not None:  # cards 8, 16, 26: the coming action must use this die
        die = next((x for x in state.guilds[p].active if d.die_id(x) == bound), None)
        if die is not None:
            tok = d.token(die)
            out = [a for a in out if "dice" in a and tok in a[a.index("dice") + 1:]]
    if state.guilds[p].turn_flags and HOOKS.action_filter:
        kept = [a for a in out if all(f(state, p, a) for f in HOOKS.action_filter)]
        if kept:
            out = kept
    return out


def decision_actions(state: TharosState, p: int, head: list[object]) -> list[Action]:
    kind = str(head[1])
    g = state.guilds[p]
    if kind in WINDOW_OF_DECISION:
        return [*card_plays(state, p, WINDOW_OF_DECISION[kind]), CLOSE_OF_DECISION[kind]]
    if kind == "keep":
        return [Action("keep", c) for c in sorted(set(state.board.drawn))]
    if kind == "discard":
        return [Action("discard", c) for c in sorted(set(g.hand))]
    if kind == "medal":
        return [MEDAL_TAKE, MEDAL_KEEP]
    if kind == "damage":
        return damage_actions(state, p, str(head[2]))
    if kind == "give":
        return [Action("give", s) for s in state.tile_sources(p)]
    gen = HOOKS.decisions.get(kind)
    return list(gen(state, p)) if gen is not None else []


def legal(state: TharosState, p: int) -> list[Action]:
    board = state.board
    if board.pending:
        head = board.pending[0]
        return decision_actions(state, p, head) if head[0] == p else []
    if board.step != "actions" or board.current != p:
        return []
    g = state.guilds[p]
    if g.acted:
        return [*card_plays(state, p, "after"), DONE]
    mains = main_actions(state, p)
    out = list(mains)
    if not g.card_played:
        out += card_plays(state, p, "before")
    out += ba.gen_convert(state, p)
    for gen in HOOKS.free:
        out += gen(state, p)
    if not (g.card_played or "bound" in g.turn_flags) or not mains:  # a card or the Steam Dyer binds an action
        out.append(PASS)
    return out


# ----- applying ---------------------------------------------------------------------------------------------------
def canonical(action: Action) -> Action:
    """The one notation of an action: dice after ``dice`` in token order (colour w, y, r, g, b, then pips), the
    landscapes of ``explore`` and the dice of ``reroll`` sorted likewise; anything unreadable stays as written."""
    parts = list(action)
    try:
        if "dice" in parts:
            at = parts.index("dice")
            parts[at + 1:] = sorted(parts[at + 1:], key=lambda t: d.parse_token(t))
            end = at
        else:
            end = len(parts)
        if action.kind == "reroll":
            parts[1:end] = sorted(parts[1:end], key=lambda t: d.parse_token(t))
        elif action.kind == "explore":
            parts[1:end] = sorted(parts[1:end], key=lambda t: CELL_OF[str(t)])
        elif action.kind == "convert" and len(parts) > 2 and parts[1] == "flip":
            parts[2:] = sorted(parts[2:], key=lambda t: d.parse_token(t))
    except (IllegalAction, KeyError):
        return action
    result = Action(*parts)
    plugin = HOOKS.canonical.get(action.kind)
    return plugin(result) if plugin is not None else result


def apply(state: TharosState, p: int, action: Action) -> None:
    """Apply a legal action; for an illegal one find the rule it breaks on a clone and raise, state unchanged."""
    legal_now = state._legal.get(p)
    if legal_now is None:
        legal_now = state.legal_actions(p)
    if action not in legal_now:
        action = canonical(action)
        if action not in legal_now:
            raise IllegalAction(reason(state, p, action))
    dispatch(state, p, action)


def reason(state: TharosState, p: int, action: Action) -> str:
    trial = state.clone()
    try:
        dispatch(trial, p, action)
    except IllegalAction as exc:
        return exc.reason
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        return f"cannot read {str(action)!r}: {exc}"
    return f"{str(action)!r} is not allowed now ({situation(state, p)})"


def situation(state: TharosState, p: int) -> str:
    board = state.board
    if board.pending:
        head = board.pending[0]
        return f"player {head[0]} must decide: {head[1]}"
    g = state.guilds[p]
    if g.acted:
        return "the action is taken: an action card may follow, or done"
    if g.card_played:
        return "an action card was played: an action must follow (no pass)"
    return f"round {board.round}, turn {board.turn}, player {board.current} to act"


def dispatch(state: TharosState, p: int, action: Action) -> None:
    board = state.board
    kind = action.kind
    g = state.guilds[p]
    if board.pending:
        head = board.pending[0]
        if head[0] != p:
            raise IllegalAction(f"player {head[0]} must decide first ({head[1]})")
        _decide(state, p, action, str(head[1]))
        return
    if kind in DECISION_KINDS:
        raise IllegalAction(f"{kind!r} answers a decision ({DECISION_KINDS[kind]}); none is due now")
    if board.step != "actions" or board.current != p:
        raise IllegalAction(f"it is not player {p}'s turn")
    if kind in ("pass", "done") and action.args:
        raise IllegalAction(f"{kind} takes no arguments")
    if g.acted and kind not in ("play", "done"):
        raise IllegalAction("the action of this turn is taken: only an action card or done may follow")
    if kind == "pass":
        if g.card_played and main_actions(state, p):
            raise IllegalAction("a card played before the action must be followed by an action: no pass")
        if "bound" in g.turn_flags and main_actions(state, p):
            raise IllegalAction("the Steam Dyer dyed a die for the coming action: an action must follow, no pass")
        g.passed = True
        state.emit("pass", player=p)
        end_player_turn(state)
    elif kind == "done":
        if not g.acted:
            raise IllegalAction("done ends a turn after its action; to stop acting this turn, pass")
        end_player_turn(state)
    elif kind == "convert":
        ba.apply_convert(state, p, action)
    elif kind == "play":
        play_card(state, p, action, "after" if g.acted else "before")
    elif kind in BOARD_KINDS:
        _start_action(g)
        ba.apply_board_action(state, p, action)
        _end_action(state, p, action)
    elif kind in HOOKS.handlers:
        main = all(action not in gen(state, p) for gen in HOOKS.free)  # listing the few free moves is cheap
        if main:
            _start_action(g)
        HOOKS.handlers[kind](state, p, action)
        if main:
            _end_action(state, p, action)
    else:
        raise IllegalAction(f"unknown action {kind!r}")


def _start_action(g: Guild) -> None:
    g.cards_new = []  # cards activated by an earlier action become usable


def _end_action(state: TharosState, p: int, action: Action) -> None:
    g = state.guilds[p]
    g.acted = True
    g.turn_flags.pop("bound", None)
    g.turn_flags.pop("t3:double_money", None)  # card 24 doubles only the action it is played with (T3)
    for hook in HOOKS.on_action:
        hook(state, p, action)


def card_window(state: TharosState, p: int) -> str:
    """The window an action card of ``p`` would be played in now (see hooks.py), or "" if none."""
    board = state.board
    if board.pending:
        head = board.pending[0]
        return WINDOW_OF_DECISION.get(str(head[1]), "") if head[0] == p else ""
    if board.step == "actions" and board.current == p:
        return "after" if state.guilds[p].acted else "before"
    return ""


def play_card(state: TharosState, p: int, action: Action, window: str) -> None:
    g = state.guilds[p]
    card = action.args[0] if action.args else None
    if not isinstance(card, int) or card not in g.hand:
        raise IllegalAction(f"action card {card} is not in player {p}'s hand")
    if window in ("before", "after") and g.card_played:
        raise IllegalAction("one action card per action")
    handler = HOOKS.card_handlers.get(card)
    if handler is None:
        raise IllegalAction(f"action card {card} cannot be played")
    g.hand.remove(card)
    state.emit("card_played", player=p, card=card, args=[str(a) for a in action.args[1:]])
    kept = handler(state, p, action)
    if not kept:
        state.board.action_discard.append(card)
    if window in ("before", "after"):
        g.card_played = True


def _decide(state: TharosState, p: int, action: Action, kind: str) -> None:
    board = state.board
    g = state.guilds[p]
    if kind in WINDOW_OF_DECISION:
        if action == CLOSE_OF_DECISION[kind]:
            state.pop(p, kind)
            if kind == "prep":
                draw_for(state, p)
        elif action.kind == "play":
            play_card(state, p, action, WINDOW_OF_DECISION[kind])
        else:
            raise IllegalAction(f"now {kind}: play an action card or {CLOSE_OF_DECISION[kind]}")
    elif kind == "keep":
        card = action.args[0] if action.args else None
        if action.kind != "keep" or card not in board.drawn:
            raise IllegalAction(f"keep one of the drawn cards ({len(board.drawn)})")
        state.pop(p, kind)
        board.drawn.remove(card)
        board.action_discard += board.drawn
        board.drawn = []
        state.gain_action_card(p, int(str(card)))
    elif kind == "discard":
        card = action.args[0] if action.args else None
        if action.kind != "discard" or card not in g.hand:
            raise IllegalAction("discard one card of your hand (hand limit 3)")
        state.pop(p, kind)
        g.hand.remove(card)
        board.action_discard.append(int(str(card)))
        state.emit("card_discarded", player=p, card=card, private_to=p, secret=["card"])
    elif kind == "medal":
        if action not in (MEDAL_TAKE, MEDAL_KEEP):
            raise IllegalAction("medal take (4 combat points for a combat medal) or medal keep")
        state.pop(p, kind)
        if action == MEDAL_TAKE:
            g.combat_points -= state.fig.medal_points
            state.add_medal(p, 0)
    elif kind == "damage":
        head = board.pending[0]
        apply_damage(state, p, str(head[2]), action)
        state.pop(p, kind)
    elif kind == "give":
        source = action.args[0] if action.args else None
        if action.kind != "give" or source not in state.tile_sources(p):
            raise IllegalAction("give the guild tile from one of your landscapes or player cards")
        column = int(board.pending[0][2])
        state.pop(p, kind)
        state.take_tile(p, str(source))
        board.attack_tiles[column] |= 1 << p
    elif action.kind in BOARD_KINDS:  # a plugin decision offering a board action (Notariat, free field use)
        state.pop(p, kind)
        ba.apply_board_action(state, p, action, reuse=True)
    elif action.kind in HOOKS.handlers:
        HOOKS.handlers[action.kind](state, p, action)
    else:
        raise IllegalAction(f"{action.kind!r} does not answer the {kind} decision")


def end_player_turn(state: TharosState) -> None:
    board = state.board
    g = state.guilds[board.current]
    g.acted = False
    g.card_played = False
    n = state.num_players
    for step in range(1, n + 1):
        nxt = (board.current + step) % n
        if not state.guilds[nxt].passed:
            board.current = nxt
            return
    board.step = "attack"


# ----- the steps ----------------------------------------------------------------------------------------------------
def advance(state: TharosState) -> None:
    """Run the automatic parts of the game until a player must act (or the game is over)."""
    board = state.board
    while True:
        if board.pending:
            head = board.pending[0]
            p = int(head[0])
            acts = decision_actions(state, p, head)
            if not acts:
                board.pending.pop(0)
                continue
            if len(acts) == 1 and head[1] in AUTO_DECISIONS:
                state._push_at = 0
                dispatch(state, p, acts[0])
                continue
            return
        step = board.step
        if step == "prep":
            start_turn(state)
        elif step == "roll":
            roll_all(state)
        elif step == "actions":
            g = state.guilds[board.current]
            if g.passed or (g.acted and (g.card_played or not card_plays(state, board.current, "after"))):
                end_player_turn(state)
            else:
                return
        elif step == "attack":
            resolve_attack(state, order(state))
            board.step = "cleanup_offer"
        elif step == "cleanup_offer":
            for p in order(state):
                if card_plays(state, p, "cleanup"):
                    state.queue(p, "cleanup")
            board.step = "cleanup"
        elif step == "cleanup":
            cleanup(state)
        elif step == "round_end":
            resolve_damage(state, order(state))
            board.step = "medals"
        elif step == "medals":
            for p in order(state):
                if state.guilds[p].combat_points >= state.fig.medal_points:
                    state.queue(p, "medal")
            board.step = "round_over"
        elif step == "round_over":
            finish_round(state)
        else:
            return


def start_turn(state: TharosState) -> None:
    """Preparation: reveal the attack card into the leftmost free column; everyone draws dice."""
    board = state.board
    card = board.attack_deck.pop()
    board.attack_row.append(card)
    board.attack_tiles.append(0)
    value = state.fig.attack_values[card]
    state.emit("attack_card", round=board.round, turn=board.turn, column=len(board.attack_row), value=value,
               landscape=CELL_NAMES[board.target()], strength=value + board.round, reveal=True)
    for p in order(state):
        if card_plays(state, p, "prep"):
            state.queue(p, "prep")
        else:
            draw_for(state, p)
    board.step = "roll"


def draw_for(state: TharosState, p: int) -> None:
    n = state.fig.draw
    for hook in HOOKS.draw_count:
        n = hook(state, p, n)
    state.draw_dice(p, n)
    for after in HOOKS.after_draw:
        after(state, p)
    if card_plays(state, p, "drawn"):
        state.push(p, "drawn")


def roll_all(state: TharosState) -> None:
    """Every drawn die is rolled; the action phase begins with the start player."""
    board = state.board
    for p in order(state):
        g = state.guilds[p]
        for i, die in enumerate(g.active):
            if d.pips(die) == 0:
                g.active[i] = die | state.roll_die()
        g.passed = False
        state.emit("rolled", player=p, dice=[d.token(x) for x in g.active], chance=True)
    board.current = board.start_player
    board.step = "actions"


def cleanup(state: TharosState) -> None:
    """Dice to the discard, money off the cards, per-turn marks cleared; the start player passes left."""
    board = state.board
    for g in state.guilds:
        for die in (*g.active, *g.placed):
            if d.die_id(die) < d.VIRTUAL:
                g.discard.append(d.die_id(die))
        g.discard.sort()
        g.active, g.placed, g.placed_on = [], [], []
        g.fields = {}
        g.field_extra = 0
        g.combat = 0
        g.sure_defence = False
        g.cards_used, g.cards_new, g.buildings_used = [], [], []
        g.passed = g.converter_used = g.acted = g.card_played = False
        g.turn_flags = {}
    board.start_player = (board.start_player + 1) % state.num_players
    board.current = board.start_player
    if board.turn < 4:
        board.turn += 1
        board.step = "prep"
    else:
        board.step = "round_end"
        board.damage_column = 0
