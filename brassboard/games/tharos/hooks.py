"""The interface through which the card modules plug into the Tharos core.

The core (T1) owns the flow of a turn, the player board, attacks and round ends. Player cards and buildings (T2,
``player_cards.py`` / ``buildings.py``) and action cards (T3, ``action_cards*.py``) register here when imported
(``rules.py`` imports every module named in :data:`PLUGIN_MODULES` that exists). Registration is module-level and
the same for every match; per-match data lives in the state (``Guild.flags`` / ``Guild.turn_flags`` for plugin
data, keys prefixed with the owner, e.g. ``"t3:double_money"``).

Rules for every hook:

- generators return :class:`Action` values (atomic, text notation ``kind arg arg ...``, dice as ``dice w3 r5``
  at the end, see ``dice.py``) and must be cheap: they run on every legal-action listing;
- the core applies an action only when it is in the legal list (after putting dice tokens into their canonical
  order); for an illegal action it runs the dispatch on a *clone* just to read the handler's
  :class:`IllegalAction` reason, so the real state is never touched — handlers should still raise a reason that
  names the rule when something does not fit;
- randomness only through ``state.rng`` (``state.roll_die``); events through ``state.emit``; secrets with
  ``private_to`` / ``secret`` (engine convention).

Windows (``window`` argument of card generators):

``before``  the player's turn in the action phase, before the action (``not guild.acted``)
``after``   after the action, before ``done`` (``guild.acted``)
``prep``    the preparation, before the player draws dice (cards 1, 22)
``drawn``   the preparation, after the draw, before the roll (card 9; the drawn dice show pips 0)
``cleanup`` the clean-up, before the dice go to the discard (card 22)

At most one action card per player-turn (``guild.card_played``; the core enforces it and never offers a card at
``before`` when passing would follow: a card is always followed by an action or, after the action, by ``done``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from brassboard.engine import Action

if TYPE_CHECKING:
    from .rules import TharosState

ActionGen = Callable[["TharosState", int], Iterable[Action]]
"""(state, player) -> actions."""
Handler = Callable[["TharosState", int, Action], None]
"""(state, player, action): apply; raise IllegalAction naming the rule when the action does not fit."""
CardGen = Callable[["TharosState", int, str], Iterable[Action]]
"""(state, player, window) -> ``play <card> ...`` actions of one action card."""
CardHandler = Callable[["TharosState", int, Action], bool | None]
"""(state, player, action) for ``play <card> ...``. The core has already taken the card out of the hand (a refused
play only ever runs on a clone). Return True when the handler has put the card somewhere itself (card 22 lying out);
otherwise the core puts it on the discard pile."""
Amount = Callable[["TharosState", int, int], int]
"""(state, player, amount) -> modified amount."""
PlayerHook = Callable[["TharosState", int], None]
"""(state, player) -> None, may change the state and push decisions."""

PLUGIN_MODULES: tuple[str, ...] = ("player_cards", "buildings", "action_cards")
"""Modules of this package imported by rules.py so that they register (missing ones are skipped)."""


class Hooks:
    """All registered extensions. One instance, :data:`HOOKS`."""

    def __init__(self) -> None:
        self.main: list[ActionGen] = []
        """Generators of *actions* (each takes the player's action of this player-turn): activating and using
        player cards, using public buildings. Called only when the player may take an action now."""
        self.free: list[ActionGen] = []
        """Generators of moves that are not an action, offered throughout the player's own turn (before and after
        the action), e.g. Rumblepoke's permanent effect. Converter use is the core's (kind ``convert``)."""
        self.handlers: dict[str, Handler] = {}
        """Action kind -> handler, for every kind a generator of ``main``, ``free`` or ``decisions`` returns.
        After a ``main`` handler the core marks the action done (``guild.acted``) and ends or continues the
        player-turn; ``free`` and decision handlers leave the turn as it is."""
        self.decisions: dict[str, ActionGen] = {}
        """Pending decision kind -> generator of its actions. A plugin pushes a decision with
        ``state.push(player, kind, *data)`` and its handler pops it with ``state.pop(player, kind)``. While a
        decision is pending, only its player acts and only its actions are legal. A generator that returns
        nothing makes the core drop the decision."""
        self.card_actions: dict[int, CardGen] = {}
        """Action card id -> generator of its ``play <id> ...`` actions for a window."""
        self.card_handlers: dict[int, CardHandler] = {}
        self.much_money: list[Amount] = []
        """Jars of "Viel Geld" after the core's sum-capped-at-8 (Banker +2 up to 10; card 24 doubles)."""
        self.draw_count: list[Amount] = []
        """Dice drawn in the preparation (5; Dampfdruckanlage 6)."""
        self.after_draw: list[PlayerHook] = []
        """After a player's preparation draw, before the roll (Dampfdruckanlage pushes its set-aside decision)."""
        self.defence: list[Callable[[TharosState, int], int]] = []
        """Extra defence at the attack beyond ``guild.combat`` and the red field (none in the printed cards: cards
        add to ``guild.combat`` directly; kept for effects that depend on the attack itself)."""
        self.on_action: list[Callable[[TharosState, int, Action], None]] = []
        """Called after each action of a player-turn (core board kinds and plugin ``main`` kinds; not ``play``,
        ``done``, free moves or decisions): cards played with an action drop their turn flags here."""
        self.action_filter: list[Callable[[TharosState, int, Action], bool]] = []
        """Applied to the player's actions (core and ``main``) only while ``guild.turn_flags`` is non-empty: an
        action stays legal when every filter returns True. If nothing would remain, the filters are ignored."""
        self.canonical: dict[str, Callable[[Action], Action]] = {}
        """Action kind -> the one notation of an action whose arguments may be written in any order (landscapes,
        tiles); called after the core has sorted the dice after ``dice``. Must return unreadable input unchanged."""
        self.final_points: list[Callable[[TharosState, int], dict[str, int]]] = []
        """Extra breakdown entries of the final scoring (none in the printed game)."""

    def register(self, kind: str, handler: Handler) -> None:
        if kind in self.handlers and self.handlers[kind] is not handler:
            raise ValueError(f"action kind {kind!r} is registered twice")
        self.handlers[kind] = handler

    def register_card(self, card: int, actions: CardGen, handler: CardHandler) -> None:
        self.card_actions[card] = actions
        self.card_handlers[card] = handler

    def register_decision(self, kind: str, actions: ActionGen, handler: Handler | None = None,
                          action_kinds: Iterable[str] = ()) -> None:
        """A decision kind, its generator, and (optionally) the handler for the action kinds it offers."""
        self.decisions[kind] = actions
        if handler is not None:
            for action_kind in action_kinds:
                self.register(action_kind, handler)


HOOKS = Hooks()

CORE_KINDS: frozenset[str] = frozenset({
    "money", "cards", "tile", "reroll", "land", "explore", "buy", "mine", "build", "defend", "pass", "done",
    "convert", "play", "keep", "discard", "medal", "damage", "give", "draw", "roll",
})
"""Action kinds the core handles; plugins must not register these."""
