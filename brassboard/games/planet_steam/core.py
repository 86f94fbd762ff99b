"""Planet Steam's state: its fields, the players' holdings and the helpers every phase uses.

The rules are split by phase, each a layer over the one before, in the order a round runs (a later phase may use
an earlier one's helpers): ``setup_steps`` → ``specialists`` → ``auction`` → ``claims`` → ``tanks`` →
``production`` → ``exchange`` → ``end_phase``; ``rules.PlanetSteamState`` adds set-up, the agenda dispatch and
serialisation on top. A step kind ``k`` is handled by ``_legal_k`` / ``_do_k`` (decisions) or ``_auto_k``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...engine import Action, GameState
from .figures import ENERGY, ORE, QUARTZ, RES_INDEX, RESOURCES, WATER, Figures

UNCLAIMED, UNAVAILABLE, NEUTRAL = -1, -2, -3
NO_CONVERTER = -1
Step = dict[str, Any]


class Player:
    """One player's holdings. ``freighter`` holds each freighter's class (1-4) by resource number."""

    __slots__ = ("credits", "freighter", "goods", "luxury_quarters", "markers", "permits")

    def __init__(self, credits: int, goods: Iterable[int], markers: int) -> None:
        self.credits = credits
        self.goods = list(goods)
        self.freighter = [1, 1, 1, 1]
        self.permits = 0
        self.luxury_quarters = 0
        self.markers = markers

    def to_dict(self) -> dict[str, Any]:
        return {"credits": self.credits, "goods": list(self.goods), "freighter": list(self.freighter),
                "permits": self.permits, "luxury_quarters": self.luxury_quarters, "markers": self.markers}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Player:
        player = cls(data["credits"], data["goods"], data["markers"])
        player.freighter = list(data["freighter"])
        player.permits = data["permits"]
        player.luxury_quarters = data["luxury_quarters"]
        return player

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.credits = self.credits
        other.goods = self.goods[:]
        other.freighter = self.freighter[:]
        other.permits = self.permits
        other.luxury_quarters = self.luxury_quarters
        other.markers = self.markers
        return other


# The state's fields by how they copy; to_dict, from_dict and clone all read these, so none can forget one.
# (players -> "holdings" and the agenda are copied by hand.)


class StateCore(GameState):
    """The fields of a Planet Steam state (set in ``rules.PlanetSteamState.__init__``) and shared helpers."""

    fig: Figures
    owner: list[int]               # by zone: seat, UNCLAIMED, UNAVAILABLE or NEUTRAL
    tank: list[bool]
    converter: list[int]           # by zone: resource number or NO_CONVERTER
    compressor: list[bool]
    toppled: list[bool]            # sabotaged this round
    players: list[Player]
    stock: dict[str, int]          # the general stock of limited components and certificates
    price: list[int]
    supply: list[int]
    bonus: list[int]
    track: int
    round: int
    phase: str
    start_player: int
    cards: list[int]               # index into fig.cards held this round
    order: list[int]               # player order of this round (by card number)
    opener: int                    # who opens the next specialist bidding round
    airship_row: int               # 0: not placed
    trade_markers: dict[str, int]  # variable trading order: resource -> marker number
    manipulator: int               # holder of the price manipulation card
    saboteur: int                  # holder of the sabotage card
    sabotaged_zone: int
    freighter_holder: int          # independent freighter
    freighter_deposit: int
    freighter_kept: bool
    freighter_released: bool
    game_over: bool
    agenda: list[Step]
    _legal_cache: tuple[int, list[Action]] | None

    def _push_front(self, *steps: Step) -> None:
        self.agenda[0:0] = list(steps)

    def _finish_step(self) -> None:
        self.agenda.pop(0)

    def _clockwise(self, first: int) -> list[int]:
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    def _name(self, zone: int) -> str:
        return self.fig.zone_names[zone]

    def _zone(self, token: object) -> int:
        return self.fig.zone_names.index(str(token))

    def specialists_of(self, player: int) -> tuple[str, ...]:
        card = self.cards[player]
        return self.fig.cards[card][1] if card >= 0 else ()

    def holder_of(self, specialist: str) -> int:
        for p in range(self.num_players):
            if specialist in self.specialists_of(p):
                return p
        return -1

    def _lady_steam(self) -> int:
        holder = self.holder_of("lady_steam")
        return holder if holder >= 0 else self.order[0]

    def capacity(self, player: int, res: int) -> int:
        return self.fig.capacity[res][self.players[player].freighter[res] - 1]

    def _independent_free(self, player: int, goods: list[int] | None = None) -> int:
        if player != self.freighter_holder:
            return 0
        held = self.players[player].goods if goods is None else goods
        used = sum(max(0, held[r] - self.capacity(player, r)) for r in range(4))
        return self.fig.independent_capacity - used

    def room(self, player: int, res: int, goods: list[int] | None = None) -> int:
        """How many more of ``res`` the player's freighters can hold (holding ``goods``, default: what they hold)."""
        held = self.players[player].goods if goods is None else goods
        return max(0, self.capacity(player, res) - held[res]) + self._independent_free(player, held)

    def _emit_credits(self, type_: str, player: int, amounts: dict[str, int], **data: Any) -> None:
        """An event with the credits ``player`` pays or receives (``amounts``, by field name).

        With ``hidden_credits`` those amounts are ``player``'s secret (the engine's ``private_to`` / ``secret``
        convention): the others learn what happened, not for how much, so no event they receive adds up to a
        purse. Bids stay public (the table hears them), and so do market prices.
        """
        if self.options["hidden_credits"]:
            data.update(private_to=player, secret=sorted(amounts))
        self.emit(type_, player=player, **data, **amounts)

    def _gain(self, player: int, res: int, amount: int, why: str) -> int:
        """Put goods on the player's freighters; what does not fit goes back to the general supply (lost)."""
        stored = min(amount, self.room(player, res))
        self.players[player].goods[res] += stored
        self.emit("gain", player=player, resource=RESOURCES[res], amount=stored, lost=amount - stored, why=why)
        return stored

    def _pay(self, player: int, cost: Mapping[str, int], extra_credits: int = 0) -> None:
        pl = self.players[player]
        for key, amount in cost.items():
            if key == "credits":
                pl.credits -= amount
            else:
                pl.goods[RES_INDEX[key]] -= amount
        pl.credits -= extra_credits

    def _can_pay(self, player: int, cost: Mapping[str, int], extra_credits: int = 0) -> bool:
        pl = self.players[player]
        credits = extra_credits + cost.get("credits", 0)
        if pl.credits < credits:
            return False
        return all(pl.goods[RES_INDEX[k]] >= v for k, v in cost.items() if k != "credits")

    def _put_marker(self, player: int, zone: int) -> None:
        if self.owner[zone] == NEUTRAL:
            self.stock["neutral_markers"] += 1
        self.owner[zone] = player
        self.players[player].markers -= 1

    def _adjust_price(self, res: int, steps: int) -> None:
        scale = self.fig.scales[res]
        old = self.price[res]
        self.price[res] = max(scale.price_min, min(scale.price_max, old + steps))
        if self.price[res] != old:
            self.emit("price", resource=RESOURCES[res], old=old, new=self.price[res])

    def _set_supply(self, res: int, value: int) -> None:
        self.supply[res] = max(0, min(self.fig.scales[res].supply_max, value))

    def tank_price(self) -> int:
        return self.fig.tank_price[self.track] if self.track > 0 else 0

    def market_tanks(self) -> int:
        """Tanks for sale: the track's count, unless fewer tank pieces are left in the general stock."""
        return min(self.track, self.stock["tanks"])

    def zones_of(self, player: int) -> list[int]:
        return [z for z, o in enumerate(self.owner) if o == player]

    def tanks_of(self, player: int) -> list[int]:
        return [z for z, o in enumerate(self.owner) if o == player and self.tank[z]]

    def output(self, zone: int) -> int:
        conv = self.converter[zone]
        return WATER if conv == NO_CONVERTER else conv

    def _needs_energy(self, zone: int) -> bool:
        conv = self.converter[zone]
        if conv == ENERGY:
            return False
        return not (conv == NO_CONVERTER and zone in self.fig.free_water_zones)

    def _converter_allowed(self, zone: int, res: int) -> bool:
        return not (self.options["river_restriction"] and zone in self.fig.rivers and res in (QUARTZ, ORE))
