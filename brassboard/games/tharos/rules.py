"""Tharos (Bernd Scholz, Spielworxx 2021): dice-bag building on the planet Tharos, 2-4 players.

Four rounds of four turns (Durchgänge). Each turn: an attack card is revealed, every player draws five dice from
their bag and rolls them, then players take one action at a time in turn order until all have passed; the attack is
resolved for everyone; clean-up. After four turns the round ends with damage for lost attacks and the combat-medal
exchange. Final scoring after round four.

This module holds the state class and the helpers every rules module and card plugin uses; the flow is in
``turn.py``, the player board in ``board_actions.py``, the attack in ``attack.py``, round ends in
``round_end.py``, scoring in ``scoring.py``. Card modules plug in through ``hooks.py``.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any

from brassboard.engine import Action, GameInfo, GameState, IllegalAction, OptionSpec, Rng, Score

from . import hooks, turn
from .figures import CELL_NAMES, CELL_OF, FIGURE_LIMITS, LETTERS, MEDALS, Figures, figures, raw_data
from .setup import new_board, new_guild
from .state import Board, Guild

INFO = GameInfo(
    id="tharos",
    name="Tharos",
    min_players=2,
    max_players=4,
    chance=True,
    hidden_information=True,
    options=(
        OptionSpec("figures", {}, "Overrides of the DESIGN figures (a table deep-merged over data/game.toml; "
                                  "the card files under player_cards / buildings / action_cards).",
                   # the DESIGN shapes and mine sets of action cards 32-38 vary in length: action_card_data checks them
                   schema=raw_data, own_checks=("action_cards.design",), limits=FIGURE_LIMITS),
    ),
    description="Dice-bag building: explore landscapes, build mines and public buildings, fend off attacks.",
)


def _load_plugins() -> None:
    for name in hooks.PLUGIN_MODULES:
        module = f"{__package__}.{name}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)


class TharosState(GameState):
    info = INFO

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        super().__init__(players, options, seed)
        self.fig: Figures = figures(self.options["figures"])
        self.board: Board = new_board(self)
        self.guilds: list[Guild] = [new_guild(self) for _ in range(players)]
        self._legal: dict[int, list[Action]] = {}
        self._push_at = 0
        turn.advance(self)

    # ----- the protocol -------------------------------------------------------------------------------------
    def active_players(self) -> list[int]:
        board = self.board
        if board.pending:
            return [board.pending[0][0]]
        if board.step == "actions":
            return [board.current]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        cached = self._legal.get(player)
        if cached is None:
            cached = turn.legal(self, player) if player in self.active_players() else []
            self._legal[player] = cached
        return list(cached)

    def is_over(self) -> bool:
        return self.board.step == "over"

    def _apply(self, player: int, action: Action) -> None:
        self._push_at = 0
        turn.apply(self, player, action)
        self._legal = {}
        turn.advance(self)
        self._legal = {}

    def scores(self) -> list[Score]:
        from .scoring import score

        return [score(self, p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        from .scoring import tie_break

        best = max(tie_break(self, p) for p in range(self.num_players))
        return [p for p in range(self.num_players) if tie_break(self, p) == best]

    # ----- serialisation --------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = self._base_dict()
        data["board"] = self.board.to_dict()
        data["guilds"] = [g.to_dict() for g in self.guilds]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TharosState:
        state = cls.__new__(cls)
        state._restore_base(data)
        state.fig = figures(state.options["figures"])
        state.board = Board.from_dict(data["board"])
        state.guilds = [Guild.from_dict(g) for g in data["guilds"]]
        state._legal = {}
        state._push_at = 0
        return state

    def clone(self) -> TharosState:
        state = TharosState.__new__(TharosState)
        state.num_players = self.num_players
        state.options = self.options
        state.seed = self.seed
        state.rng = self.rng.copy()
        state._events = []
        state.fig = self.fig
        state.board = self.board.copy()
        state.guilds = [g.copy() for g in self.guilds]
        state._legal = {}
        state._push_at = 0
        return state

    # ----- views ----------------------------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    @classmethod
    def printed_figures(cls) -> dict[str, Any]:
        from .view import static_figures

        return static_figures()

    def render_text(self, player: int | None = None) -> str:
        from .text import render

        return render(self, player)

    def determinize(self, observer: int, rng: Rng) -> None:
        """Re-deal what ``observer`` cannot see: other hands, the decks, drawn cards (determinize.py, T5)."""
        from .determinize import determinize

        determinize(self, observer, rng)
        self._legal = {}

    @classmethod
    def notation_view(cls, action: Action, actor: int, viewer: int | None) -> str:
        """``keep`` and ``discard`` name a secret card: others see only that a card was kept or discarded."""
        if viewer != actor and action.kind in ("keep", "discard") and action.args:
            return action.kind
        return str(action)

    # ----- helpers for rules modules and card plugins -----------------------------------------------------------
    def push(self, player: int, kind: str, *data: Any) -> None:
        """A decision ``player`` must take next: before older decisions, after others pushed by the same action."""
        self.board.pending.insert(self._push_at, [player, kind, *data])
        self._push_at += 1

    def queue(self, player: int, kind: str, *data: Any) -> None:
        """A decision after every pending one (round-end damage, in order)."""
        self.board.pending.append([player, kind, *data])

    def pop(self, player: int, kind: str) -> list[Any]:
        """Remove the due decision, which must be ``player``'s ``kind``; returns its data."""
        head = self.board.pending[0] if self.board.pending else None
        if head is None or head[0] != player or head[1] != kind:
            raise IllegalAction(f"no {kind} decision of player {player} is due")
        self.board.pending.pop(0)
        self._push_at = max(0, self._push_at - 1)
        return head[2:]

    def pay(self, player: int, jars: int) -> None:
        g = self.guilds[player]
        if jars > g.money:
            raise IllegalAction(f"this costs {jars} jars; player {player} has {g.money}")
        g.money -= jars

    def gain_money(self, player: int, jars: int) -> None:
        self.guilds[player].money += jars

    def add_medal(self, player: int, medal: int, n: int = 1) -> None:
        self.guilds[player].medals[medal] += n
        self.emit("medal", player=player, medal=MEDALS[medal], n=n)

    def remove_medal(self, player: int, medal: int, n: int = 1) -> int:
        g = self.guilds[player]
        removed = min(n, g.medals[medal])
        g.medals[medal] -= removed
        return removed

    def tile_sources(self, player: int, exclude: str = "") -> list[str]:
        """Where ``player`` may take a placed guild tile from when all 12 are placed: landscapes, then player cards
        (never attack cards or buildings); ``exclude`` names the destination."""
        bit = 1 << player
        sources = [CELL_NAMES[c] for c in range(16) if self.board.guild_on[c] & bit and CELL_NAMES[c] != exclude]
        g = self.guilds[player]
        sources += [card for card in g.cards_active if g.card_tiles.get(card, 0) and card != exclude]
        return sources

    def check_tile_source(self, player: int, source: str | None, exclude: str = "") -> None:
        g = self.guilds[player]
        if g.guild > 0:
            if source is not None:
                raise IllegalAction("guild tiles are left in supply: take one from there (no 'from')")
            return
        if source is None:
            raise IllegalAction("all 12 guild tiles are placed: name a landscape or player card to take one from")
        if source not in self.tile_sources(player, exclude):
            raise IllegalAction(f"no guild tile of player {player} to take from {source}")

    def take_tile(self, player: int, source: str | None) -> None:
        """Take a guild tile for placing: from supply, or (all 12 placed) from ``source``."""
        g = self.guilds[player]
        if source is None:
            g.guild -= 1
            return
        if source in CELL_OF:
            self.board.guild_on[CELL_OF[source]] &= ~(1 << player)
        else:
            g.card_tiles[source] -= 1
        self.emit("tile_moved", player=player, source=source)

    def return_tile(self, player: int) -> None:
        self.guilds[player].guild += 1

    def draw_action_card(self) -> int | None:
        """The top action card; an empty deck is refilled by shuffling the discard pile. None if both are empty."""
        board = self.board
        if not board.action_deck:
            if not board.action_discard:
                return None
            board.action_deck = board.action_discard
            board.action_discard = []
            self.rng.shuffle(board.action_deck)
            self.emit("action_deck_shuffled", chance=True)
        return board.action_deck.pop()

    def gain_action_card(self, player: int, card: int) -> None:
        """Put ``card`` into the hand; a fourth card makes the player discard one (hand limit 3)."""
        g = self.guilds[player]
        g.hand.append(card)
        self.emit("card_gained", player=player, card=card, private_to=player, secret=["card"])
        if len(g.hand) > self.fig.player["hand_limit"]:
            self.push(player, "discard")

    def card_window(self, player: int) -> str:
        """before | after | prep | drawn | cleanup: when ``player`` would play an action card now ("" if never)."""
        return turn.card_window(self, player)

    def roll_die(self) -> int:
        return self.rng.randint(1, 6)

    def draw_dice(self, player: int, n: int) -> list[int]:
        """Draw ``n`` dice at random from the bag (refilled from the discard when empty) into the active dice,
        unrolled (pips 0); returns their ids."""
        from .dice import encode

        g = self.guilds[player]
        drawn: list[int] = []
        for _ in range(n):
            if not g.bag:
                if not g.discard:
                    break
                g.bag = sorted(g.discard)
                g.discard = []
                self.emit("bag_refilled", player=player)
            die = g.bag.pop(self.rng.below(len(g.bag)))
            drawn.append(die)
            g.active.append(encode(die, LETTERS.index(self.fig.die_colours[die]), 0))
        self.emit("dice_drawn", player=player, dice=[self.fig.die_colours[d] for d in drawn], chance=True)
        return drawn


STATE_CLASS = TharosState
_load_plugins()
