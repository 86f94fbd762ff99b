"""Resource phase, production: which tanks produce, their energy cost and output with synergy, compressors
and the airship."""

from __future__ import annotations

from collections.abc import Iterable
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
        steps: list[Step] = [{"k": "produce", "p": p, "idle": []} for p in self.order
                             if any(not self.toppled[z] for z in self.tanks_of(p))]
        steps.append({"k": "exchange"})
        self._push_front(*steps)

    def producing(self, p: int, step: Step) -> list[int]:
        idle = {self._zone(z) for z in step["idle"]}
        return [z for z in self.tanks_of(p) if not self.toppled[z] and z not in idle]

    def _legal_produce(self, p: int, step: Step) -> list[Action]:
        using = self.producing(p, step)
        actions = [Action("idle", self._name(z)) for z in using]
        actions += [Action("use", z) for z in step["idle"]]
        if self.production(p, using)["energy"] <= self.players[p].goods[ENERGY]:
            actions.append(Action("produce"))
        return actions

    def _do_produce(self, p: int, step: Step, action: Action) -> None:
        kind = action[0]
        if kind == "idle":
            step["idle"].append(str(action[1]))
            return
        if kind == "use":
            step["idle"].remove(str(action[1]))
            return
        result = self.production(p, self.producing(p, step))
        self.players[p].goods[ENERGY] -= result["energy"]  # energy is paid before anything is produced
        self.emit("production", player=p, **result)
        for r in range(4):
            if result["total"][r]:
                self._gain(p, r, result["total"][r], "production")
        self._finish_step()
