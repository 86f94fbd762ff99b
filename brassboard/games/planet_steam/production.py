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
        # One action chooses the whole production: which tanks stand idle. The list holds one choice per distinct
        # outcome (see production_choices); apply accepts any other valid choice too (production_refusal).
        return [self.production_action(self._name(z) for z in idle) for idle in self.production_choices(p)]

    def production_choices(self, p: int) -> list[tuple[int, ...]]:
        """One idle set per distinct result of ``p``'s production whose energy ``p`` holds, fewest idle first.

        A production changes nothing but ``p``'s goods (energy paid, then each resource's output put on the
        freighters, the excess lost; nothing remembers which tanks ran), so idle sets that leave the same goods
        are one choice: idling either end of a row of two plain ore tanks, or idling any water tank when the water
        freighter is full anyway. Listing every subset would be 2^t actions; this lists each result once,
        represented by an idle set with the fewest tanks (ties go to tanks earlier in board order). The output adds
        up over clusters (standing tanks linked through neighbours that make the same resource: synergy never
        crosses a cluster's edge), so each cluster's subsets are enumerated on their own and the clusters'
        (energy, output) combined, dropping any that needs more energy than held; the goods each leaves decide.
        """
        held = self.players[p].goods[ENERGY]
        # Output beyond a freighter's room is lost, so it is cut there while combining (fewer combinations). Not for
        # energy (paying energy makes room), nor with the independent freighter: its room is shared by all goods
        # and grows when energy stored on it is paid.
        cap = [self.room(p, r) if r != ENERGY and p != self.freighter_holder else None for r in range(4)]
        # (energy, goods made by resource) -> the idle tanks that give it
        choices: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {(0, (0, 0, 0, 0)): ()}
        for cluster in self._production_clusters(p):
            res = self.output(cluster[0])
            outcomes = self._cluster_outcomes(cluster).items()
            combined: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
            for (energy, made), idle in choices.items():
                for (cluster_energy, cluster_made), cluster_idle in outcomes:
                    if energy + cluster_energy > held:
                        continue  # producing more never costs less energy, so this branch is out for good
                    total = list(made)
                    total[res] += cluster_made
                    limit = cap[res]
                    if limit is not None and total[res] > limit:
                        total[res] = limit
                    _keep_fewest(combined, (energy + cluster_energy, tuple(total)), idle + cluster_idle)
            choices = combined
        results: dict[tuple[int, ...], tuple[int, ...]] = {}
        for (energy, made), idle in choices.items():
            _keep_fewest(results, self.goods_after_production(p, energy, made), idle)
        return sorted((tuple(sorted(idle)) for idle in results.values()), key=lambda idle: (len(idle), idle))

    def goods_after_production(self, p: int, energy: int, total: Iterable[int]) -> tuple[int, ...]:
        """``p``'s goods after paying ``energy`` and producing ``total`` (by resource), as ``_do_produce`` stores
        them: energy paid first, then each resource in turn put on the freighters, the excess lost."""
        goods = self.players[p].goods[:]
        goods[ENERGY] -= energy
        for r, amount in enumerate(total):
            goods[r] += min(amount, self.room(p, r, goods))
        return tuple(goods)

    def _production_clusters(self, p: int) -> list[list[int]]:
        """``p``'s standing tanks grouped by neighbourhood with the same output (each group in board order)."""
        standing = self.standing_tanks(p)
        left = set(standing)
        clusters: list[list[int]] = []
        for z in standing:
            if z not in left:
                continue
            left.discard(z)
            res = self.output(z)
            cluster, frontier = [z], [z]
            while frontier:
                for nb in self.fig.neighbours[frontier.pop()]:
                    if nb in left and self.output(nb) == res:
                        left.discard(nb)
                        cluster.append(nb)
                        frontier.append(nb)
            clusters.append(sorted(cluster))
        return clusters

    def _cluster_outcomes(self, cluster: list[int]) -> dict[tuple[int, int], tuple[int, ...]]:
        """(energy, goods made) of every idle subset of one cluster, each with its first idle set by size."""
        outcomes: dict[tuple[int, int], tuple[int, ...]] = {}
        for size in range(len(cluster) + 1):
            for idle in combinations(cluster, size):
                running = [z for z in cluster if z not in idle]
                # base 1 a tank, synergy (group size - 1) for each connected group, +1 for a compressor or the
                # airship's row: the same sum as production(), counted without its report
                made = 2 * len(running) - self._groups(running)
                made += sum(1 for z in running if self.compressor[z])
                if self.airship_row:
                    made += sum(1 for z in running if self.fig.row_of(z) == self.airship_row)
                energy = sum(1 for z in running if self._needs_energy(z))
                outcomes.setdefault((energy, made), idle)
        return outcomes

    def _groups(self, tanks: list[int]) -> int:
        """How many connected groups ``tanks`` (of one cluster, so one resource) form."""
        left, groups = set(tanks), 0
        for z in tanks:
            if z not in left:
                continue
            groups += 1
            left.discard(z)
            frontier = [z]
            while frontier:
                for nb in self.fig.neighbours[frontier.pop()]:
                    if nb in left:
                        left.discard(nb)
                        frontier.append(nb)
        return groups

    def production_refusal(self, p: int, action: Action) -> str:
        """Why ``action`` is not a production choice ``p`` may make now; "" when it is.

        Any valid idle set is allowed, not only the listed representative of its outcome: the browser sends the
        tanks a player toggled. Valid: ``produce``, or ``produce idle`` naming standing tanks of ``p`` once each in
        board order, leaving producing no more tanks than the energy held can run.
        """
        if action[0] != "produce":
            return "production is 'produce' (every tank) or 'produce idle ZONE …' (those tanks stand idle)"
        if len(action) > 1 and action[1] != "idle":
            return "production is 'produce' (every tank) or 'produce idle ZONE …' (those tanks stand idle)"
        if len(action) == 2:
            return "name the tanks to idle: 'produce idle ZONE …'"
        standing = [self._name(z) for z in self.standing_tanks(p)]
        names = [str(a) for a in action[2:]]
        stray = [n for n in names if n not in standing]
        if stray:
            return (f"{', '.join(stray)}: not a tank of yours that can produce "
                    f"(yours: {', '.join(standing) or 'none'})")
        if names != [n for n in standing if n in names]:
            ordered = " ".join(n for n in standing if n in names)
            return f"name each idle tank once, in board order: 'produce idle {ordered}'"
        energy = self.production(p, self.producing(p, self.idled_by(action)))["energy"]
        held = self.players[p].goods[ENERGY]
        if energy > held:
            return f"the producing tanks need {energy} energy and you hold {held}: idle some tanks"
        return ""

    def _do_produce(self, p: int, step: Step, action: Action) -> None:
        idle = self.idled_by(action)
        result = self.production(p, self.producing(p, idle))
        self.players[p].goods[ENERGY] -= result["energy"]  # energy is paid before anything is produced
        self.emit("production", player=p, idle=[self._name(z) for z in idle], **result)
        for r in range(4):
            if result["total"][r]:
                self._gain(p, r, result["total"][r], "production")
        self._finish_step()


def _keep_fewest(best: dict[Any, tuple[int, ...]], key: Any, idle: tuple[int, ...]) -> None:
    """Record ``idle`` for ``key`` unless a set with fewer tanks (or as few, earlier in board order) is there."""
    known = best.get(key)
    if known is None or len(idle) < len(known) or (len(idle) == len(known) and sorted(idle) < sorted(known)):
        best[key] = idle
