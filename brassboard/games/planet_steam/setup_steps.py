"""Set-up: the start player's roll, the set-up freighter upgrades and (variable claims) river neutral markers."""

from __future__ import annotations

from ...engine import Action
from .core import NEUTRAL, UNCLAIMED, StateCore, Step
from .figures import RES_INDEX, RESOURCES


class SetupSteps(StateCore):
    """Set-up steps."""

    def _roll_start_player(self) -> int:
        contenders = list(range(self.num_players))
        while True:
            rolls = {p: self.roll(p, why="start player") for p in contenders}
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
            if len(contenders) == 1:
                self.emit("start_player", player=contenders[0])
                return contenders[0]

    def _river_neutral_count(self) -> int:
        agreed = self.options["river_neutrals"]
        if agreed != "roll":
            return int(agreed)
        value = self.roll(self.start_player, why="neutral river markers")
        limit = {2: 3, 3: 4}.get(self.num_players, 5)  # 2p: 1-3, 3p: 1-4, 4-5p: 1-5 place that many; else none
        return value if value <= limit else 0

    def _legal_setup_upgrade(self, p: int, step: Step) -> list[Action]:
        return [Action("upgrade", r) for r in RESOURCES]

    def _do_setup_upgrade(self, p: int, step: Step, action: Action) -> None:
        res = RES_INDEX[str(action[1])]
        self.players[p].freighter[res] = 2
        self.emit("upgrade", player=p, resource=RESOURCES[res], to=2, why="set-up")
        self._finish_step()

    def _legal_river_neutral(self, p: int, step: Step) -> list[Action]:
        return [Action("neutral", self._name(z)) for z in sorted(self.fig.rivers) if self.owner[z] == UNCLAIMED]

    def _do_river_neutral(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self.owner[z] = NEUTRAL
        self.stock["neutral_markers"] -= 1
        self.emit("claim", player=None, zone=self._name(z), how="neutral river marker")
        step["left"] -= 1
        if step["left"] == 0 or not self._legal_river_neutral(p, step):
            self._finish_step()
