"""Expansion phase, claims: the variable-claims draft, the Speculator's choice of zone, claiming by roll,
permit or choice, the failed roll's diversion, the airship and keeping the independent freighter."""

from __future__ import annotations

from ...engine import Action
from .auction import Auctions
from .core import NEUTRAL, UNCLAIMED, Step


class Claims(Auctions):
    """Claiming zones and the rest of the expansion phase."""

    def _legal_draft(self, p: int, step: Step) -> list[Action]:
        free = [self._name(z) for z, o in enumerate(self.owner) if o == UNCLAIMED]
        actions: list[Action] = []
        if step["own"] and self.players[p].markers > 0:
            actions += [Action("place", z) for z in free]
        if step["neutral"] and self.stock["neutral_markers"] > 0:
            actions += [Action("neutral", z) for z in free]
        return actions

    def _do_draft(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        if action[0] == "place":
            self._put_marker(p, z)
            step["own"] -= 1
            self.emit("claim", player=p, zone=self._name(z), how="set-up draft")
        else:
            self.owner[z] = NEUTRAL
            self.stock["neutral_markers"] -= 1
            step["neutral"] -= 1
            self.emit("claim", player=None, zone=self._name(z), how="set-up draft (neutral)")
        if not self._legal_draft(p, step):
            self._finish_step()

    def _auto_speculation(self, step: Step) -> None:
        holder = self.holder_of("speculator")
        if holder >= 0 and self._speculation_zones():
            self._push_front({"k": "speculate", "p": holder})

    def _speculation_zones(self) -> list[int]:
        free = [z for z, o in enumerate(self.owner) if o == UNCLAIMED]
        return free or [z for z, o in enumerate(self.owner) if o == NEUTRAL]

    def _legal_speculate(self, p: int, step: Step) -> list[Action]:
        return [Action("auction", self._name(z)) for z in self._speculation_zones()]

    def _do_speculate(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self._finish_step()
        self.emit("zone_auction", player=p, zone=self._name(z))
        lady = self._lady_steam()
        self._open_bidding("zone", lady, self._clockwise(lady), zone=z)

    def _legal_claim(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        actions: list[Action] = []
        if pl.markers > 0:
            free = [self._name(z) for z, o in enumerate(self.owner) if o == UNCLAIMED]
            how = "choice" if self.options["claim_by_choice"] else "roll"
            actions += [Action("claim", z, how) for z in free]
            if pl.permits > 0 and self._may_use_permit(p):
                actions += [Action("claim", z, "permit") for z in free]
                actions += [Action("claim", self._name(z), "permit") for z, o in enumerate(self.owner) if o == NEUTRAL]
        actions.append(Action("pass"))
        return actions

    def _do_claim(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        if action[0] == "pass":
            self.emit("pass", player=p, what="claim")
            return
        z, how = self._zone(action[1]), str(action[2])
        if how == "permit":
            self.players[p].permits -= 1
            self._put_marker(p, z)
            self.emit("claim", player=p, zone=self._name(z), how="permit")
        elif how == "choice":
            self._put_marker(p, z)
            self.emit("claim", player=p, zone=self._name(z), how="choice")
        else:
            value = self.roll(p, why=f"claim {self._name(z)}")
            if value >= 4:
                self._put_marker(p, z)
                self.emit("claim", player=p, zone=self._name(z), how="roll")
                return
            options = self.diversions(z)
            if options:
                self._push_front({"k": "divert", "p": p, "zones": [self._name(o) for o in options]})
            else:
                amount = self.fig.costs["failed_claim_compensation"]
                self.players[p].credits += amount
                self._emit_credits("compensation", p, {"credits": amount})

    def _may_use_permit(self, player: int) -> bool:
        # 2013: "Man muss nicht den Ingenieur besitzen"; 2008: only while holding the Constructor card
        return self.fig.edition == "2013" or "engineer" in self.specialists_of(player)

    def diversions(self, zone: int) -> list[int]:
        """After a roll of 1-3: the nearest unclaimed zone in each orthogonal direction from ``zone``."""
        rows, cols = self.fig.rows, self.fig.columns
        r0, c0 = divmod(zone, cols)
        found = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = r0 + dr, c0 + dc
            while 0 <= r < rows and 0 <= c < cols:
                z = r * cols + c
                if self.owner[z] == UNCLAIMED:
                    found.append(z)
                    break
                r, c = r + dr, c + dc
        return sorted(found)

    def _legal_divert(self, p: int, step: Step) -> list[Action]:
        return [Action("divert", z) for z in step["zones"]]

    def _do_divert(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self._put_marker(p, z)
        self.emit("claim", player=p, zone=self._name(z), how="roll (nearest zone)")
        self._finish_step()

    def _legal_airship(self, p: int, step: Step) -> list[Action]:
        return [Action("airship", row) for row in range(1, self.fig.rows + 1)]

    def _do_airship(self, p: int, step: Step, action: Action) -> None:
        self.airship_row = int(action[1])
        self.emit("airship", player=p, row=self.airship_row)
        self._finish_step()

    def _auto_freighter_decision(self, step: Step) -> None:
        holder = self.freighter_holder
        if holder < 0:
            return
        if self.freighter_kept or self.round >= self.fig.rounds:  # never a third round; no round left to keep it for
            self.freighter_released = True
            self.emit("freighter_must_return", player=holder)
            return
        self._push_front({"k": "freighter_keep", "p": holder})

    def _legal_freighter_keep(self, p: int, step: Step) -> list[Action]:
        keep = [Action("keep")] if self.players[p].credits >= self.freighter_deposit else []
        return [*keep, Action("release")]

    def _do_freighter_keep(self, p: int, step: Step, action: Action) -> None:
        if action[0] == "keep":
            # pay the bid again; the deposit goes to the supply as well
            self.players[p].credits -= self.freighter_deposit
            deposit = self.freighter_deposit
            self._emit_credits("freighter_kept", p, {"paid": deposit, "forfeited": deposit})
            self.freighter_deposit = 0
            self.freighter_kept = True
        else:
            self.freighter_released = True
            self.emit("freighter_returned", player=p)
        self._finish_step()
