"""A tiny game made of secrets, for the server's leak tests: every turn a player draws a card only they may see
(an event with ``private_to`` and ``secret``), then keeps one card of their hand face down (an action whose notation
names a secret choice). After the last turn every hand is revealed. Registered by the tests that use it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from brassboard.engine import Action, GameInfo, GameState, IllegalAction, Score

TURNS = 3  # per player
SECRET_CARDS = range(100, 200)  # card numbers: easy to find in any text a viewer receives

INFO = GameInfo(id="secret_draw", name="Secret draw", min_players=2, max_players=3, chance=True,
                hidden_information=True, description="A test game of private draws and face-down choices.")


class SecretDrawState(GameState):
    info = INFO

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        super().__init__(players, options, seed)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.kept: list[list[int]] = [[] for _ in range(players)]
        self.turn = 0
        self.drawn = False

    def active_players(self) -> list[int]:
        return [] if self.is_over() else [self.turn % self.num_players]

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.active_players():
            return []
        if not self.drawn:
            return [Action("draw")]
        return [Action("keep", card) for card in self.hands[player]]

    def is_over(self) -> bool:
        return self.turn >= TURNS * self.num_players

    def scores(self) -> list[Score]:
        return [Score(sum(kept), {"kept": sum(kept)}) for kept in self.kept]

    def _apply(self, player: int, action: Action) -> None:
        if action not in self.legal_actions(player):
            raise IllegalAction("draw first, then keep a card of your hand")
        if action.kind == "draw":
            card = SECRET_CARDS[self.rng.randint(0, len(SECRET_CARDS) - 1)]
            self.hands[player].append(card)
            self.drawn = True
            self.emit("draw", player=player, card=card, private_to=player, secret=["card"], chance=True)
            return
        card = int(action.args[0])
        self.hands[player].remove(card)
        self.kept[player].append(card)
        self.emit("keep", player=player, card=card, private_to=player, secret=["card"])
        self.drawn = False
        self.turn += 1
        if self.is_over():
            self.emit("reveal", kept=[list(kept) for kept in self.kept], reveal=True)

    @classmethod
    def notation_view(cls, action: Action, actor: int, viewer: int | None) -> str:
        return str(action) if viewer == actor or action.kind != "keep" else "keep ?"

    def view(self, player: int | None) -> dict[str, Any]:
        over = self.is_over()
        return {"turn": self.turn, "drawn": self.drawn,
                "hands": [hand if over or seat == player else len(hand) for seat, hand in enumerate(self.hands)],
                "kept": [kept if over or seat == player else len(kept) for seat, kept in enumerate(self.kept)]}

    def to_dict(self) -> dict[str, Any]:
        return {**self._base_dict(), "hands": [list(h) for h in self.hands], "kept": [list(k) for k in self.kept],
                "turn": self.turn, "drawn": self.drawn}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SecretDrawState:
        state = cls.__new__(cls)
        state._restore_base(data)
        state.hands = [list(h) for h in data["hands"]]
        state.kept = [list(k) for k in data["kept"]]
        state.turn = data["turn"]
        state.drawn = data["drawn"]
        return state


STATE_CLASS = SecretDrawState
