"""End phase and scoring: returned manipulation credits, sabotage compensation, market tank production,
the next round or the game's end, and final wealth."""

from __future__ import annotations

from ...engine import Score
from .core import Step
from .exchange import Exchange
from .figures import ENERGY, ORE, RESOURCES


class EndPhase(Exchange):
    """End phase and scores."""

    def _auto_end_phase(self, step: Step) -> None:
        self.phase = "end"
        if self.manipulator >= 0:
            number = self.fig.cards[self.cards[self.manipulator]][0]
            self.players[self.manipulator].credits += number
            self._emit_credits("manipulation_returned", self.manipulator, {"credits": number})
            self.manipulator = -1
        if self.saboteur >= 0:
            z = self.sabotaged_zone
            if z >= 0:
                owner = self.owner[z]
                self.toppled[z] = False
                value = self.roll(owner, why="sabotage compensation")
                self.players[owner].credits += 2 * value
                self._emit_credits("sabotage_compensation", owner, {"credits": 2 * value}, zone=self._name(z))
            self.saboteur, self.sabotaged_zone = -1, -1
        self._produce_market_tanks()
        if self.round >= self.fig.rounds:
            self.game_over = True
            self.phase = "over"
            self.agenda = []
            self.emit("game_over", scores=[s.to_dict() for s in self.scores()], winners=self.winners())
            return
        self.round += 1
        self.cards = [-1] * self.num_players
        self.order = []
        self.airship_row = 0
        self.trade_markers = {}
        self._push_front({"k": "round_start"})

    def _produce_market_tanks(self) -> None:
        shortage = [r for r in (ORE, ENERGY) if self.supply[r] == 0]
        if shortage:
            for r in shortage:
                self._adjust_price(r, self.fig.costs["end_phase_shortage_steps"])
            self.emit("tank_production", made=0, shortage=[RESOURCES[r] for r in shortage])
            return
        made = min(self.supply[ORE], self.supply[ENERGY], self.fig.tank_track_max - self.track)
        self.supply[ORE] -= made
        self.supply[ENERGY] -= made
        self.track += made
        self.emit("tank_production", made=made, track=self.track)

    def scores(self) -> list[Score]:
        result = []
        scoring = self.fig.scoring
        for p, pl in enumerate(self.players):
            breakdown = {"credits": pl.credits}
            for r, name in enumerate(RESOURCES):
                breakdown[name] = pl.goods[r] * self.price[r]
            zones = self.zones_of(p)
            with_tank = sum(1 for z in zones if self.tank[z])
            if self.fig.edition == "2008":
                breakdown["zones_with_tank"] = with_tank * scoring["zone_with_tank"]
                breakdown["zones_without_tank"] = (len(zones) - with_tank) * scoring["zone_without_tank"]
            else:
                breakdown["zones"] = len(zones) * scoring["zone"]
                breakdown["tanks"] = with_tank * scoring["tank"]
            breakdown["compressors"] = sum(1 for z in zones if self.compressor[z]) * scoring["compressor"]
            breakdown["luxury_quarters"] = pl.luxury_quarters * scoring["luxury_quarters"]
            result.append(Score(sum(breakdown.values()), breakdown))
        return result
