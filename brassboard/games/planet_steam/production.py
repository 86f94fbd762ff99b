"""Resource phase, production: which tanks produce, their energy cost and output with synergy, compressors
and the airship."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from ...engine import Action
from .core import Step
from .figures import ENERGY
from .tanks import TankPhase


class Production(TankPhase):
    """Production."""

    def production(self, player: int, using: Iterable[int]) -> dict[str, Any]:
        """What the given tanks of ``player`` would produce: energy cost, output and its sources."""
        used = sorted(z for z in set(using)
                      if self.owner[z] == player and self.tank[z] and not self.toppled[z])
        used_set = set(used)
        energy = sum(1 for z in used if self._needs_energy(z))
        base = [0, 0, 0, 0]
        synergy = [0, 0, 0, 0]
        compressor = [0, 0, 0, 0]
        airship = [0, 0, 0, 0]
        seen: set[int] = set()
        groups: list[list[str]] = []
        for z in used:
            res = self.output(z)
            base[res] += 1
            if self.compressor[z]:
                compressor[res] += 1
            if self.airship_row and self.fig.row_of(z) == self.airship_row:
                airship[res] += 1
            if z in seen:
                continue
            group, frontier = [z], [z]
            seen.add(z)
            while frontier:
                cur = frontier.pop()
                for nb in self.fig.neighbours[cur]:
                    if nb in used_set and nb not in seen and self.output(nb) == res:
                        seen.add(nb)
                        group.append(nb)
                        frontier.append(nb)
            synergy[res] += len(group) - 1
            if len(group) > 1:
                groups.append(sorted(self._name(g) for g in group))
        total = [base[r] + synergy[r] + compressor[r] + airship[r] for r in range(4)]
        return {"energy": energy, "base": base, "synergy": synergy, "compressor": compressor,
                "airship": airship, "total": total, "groups": groups, "tanks": [self._name(z) for z in used]}

    def _auto_resource_phase(self, step: Step) -> None:
        self.phase = "production"
        steps: list[Step] = [{"k": "produce", "p": p} for p in self.order if self.standing_tanks(p)]
        steps.append({"k": "exchange"})
        self._push_front(*steps)

    def standing_tanks(self, p: int) -> list[int]:
        """The tanks of ``p`` that can produce this round (a sabotaged one cannot), in board order."""
        return [z for z in self.tanks_of(p) if not self.toppled[z]]

    def producing(self, p: int, idle: Iterable[int] = ()) -> list[int]:
        """The tanks that produce when ``p`` idles the zones ``idle``."""
        idle_set = set(idle)
        return [z for z in self.standing_tanks(p) if z not in idle_set]

    @staticmethod
    def production_action(idle_names: Iterable[str]) -> Action:
        """The one production action: ``produce`` (every tank) or ``produce idle A1 C3`` (zones in board order)."""
        names = list(idle_names)
        return Action("produce", "idle", *names) if names else Action("produce")

    def idled_by(self, action: Action) -> list[int]:
        """The zones a production action idles (``produce idle A1 C3`` -> A1, C3)."""
        return [self._zone(name) for name in action[2:]]

    def _legal_produce(self, p: int, step: Step) -> list[Action]:
        # One action chooses the whole production: which tanks stand idle (any of them, fewest first, each set in
        # board order); a set is legal when the energy of the tanks left producing is in hand.
        tanks = self.standing_tanks(p)
        needs = {z: self._needs_energy(z) for z in tanks}
        energy_needed = sum(needs.values())
        energy_held = self.players[p].goods[ENERGY]
        actions: list[Action] = []
        for size in range(len(tanks) + 1):
            for idle in combinations(tanks, size):
                if energy_needed - sum(needs[z] for z in idle) <= energy_held:
                    actions.append(self.production_action(self._name(z) for z in idle))
        return actions

    def _do_produce(self, p: int, step: Step, action: Action) -> None:
        idle = self.idled_by(action)
        result = self.production(p, self.producing(p, idle))
        self.players[p].goods[ENERGY] -= result["energy"]  # energy is paid before anything is produced
        self.emit("production", player=p, idle=[self._name(z) for z in idle], **result)
        for r in range(4):
            if result["total"][r]:
                self._gain(p, r, result["total"][r], "production")
        self._finish_step()
