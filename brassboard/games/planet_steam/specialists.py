"""The specialist cards: what a card gives when taken (Engineer, Banker, bonus, trading-order
markers) and the optional price manipulation and sabotage cards."""

from __future__ import annotations

from ...engine import Action
from .core import Step
from .figures import QUARTZ, RES_INDEX, RESOURCES
from .setup_steps import SetupSteps

MANIPULATION = {"weak": (0, 3), "moderate": (4, 4), "strong": (8, 5)}  # cost in credits, steps


class SpecialistCards(SetupSteps):
    """What the specialist and optional cards do."""

    def _take_card(self, player: int, card: int, first: bool, last: bool) -> None:
        self.cards[player] = card
        number, specialists = self.fig.cards[card]
        self.emit("card", player=player, number=number, specialists=list(specialists))
        follow: list[Step] = []
        if "engineer" in specialists:
            if self.stock["building_permits"] > 0:
                follow.append({"k": "engineer", "p": player})
            else:
                self._engineer_credits(player)
        if "banker" in specialists:
            follow.append({"k": "banker", "p": player})  # the banker upgrades before taking the bonus
        follow.append({"k": "bonus_pick", "p": player})
        if self.options["variable_trading_order"] and self._free_markers():
            follow.append({"k": "order", "p": player, "left": 2 if self.num_players == 2 else 1})
        if first and self.options["price_manipulation"]:
            follow.append({"k": "manipulate", "p": player, "mode": "", "left": 0, "dirs": {}})
            self.manipulator = player
        if last and self.round > 1 and self.options["sabotage"]:
            follow.append({"k": "sabotage", "p": player})
        self._push_front(*follow)

    def _engineer_credits(self, player: int) -> None:
        amount = self.fig.costs["engineer_credits"]
        self.players[player].credits += amount
        self._emit_credits("engineer", player, {"credits": amount}, took="credits")

    def _legal_engineer(self, p: int, step: Step) -> list[Action]:
        return [Action("engineer", "permit"), Action("engineer", "credits")]

    def _do_engineer(self, p: int, step: Step, action: Action) -> None:
        if action[1] == "permit":
            self.stock["building_permits"] -= 1
            self.players[p].permits += 1
            self.emit("engineer", player=p, took="permit")
        else:
            self._engineer_credits(p)
        self._finish_step()

    def _legal_banker(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        ups = [Action("banker", "upgrade", RESOURCES[r]) for r in range(4) if pl.freighter[r] < 4]
        return ups + [Action("banker", "take", r) for r in RESOURCES]

    def _do_banker(self, p: int, step: Step, action: Action) -> None:
        res = RES_INDEX[str(action[2])]
        if action[1] == "upgrade":
            self.players[p].freighter[res] += 1
            self.emit("upgrade", player=p, resource=RESOURCES[res], to=self.players[p].freighter[res], why="banker")
        else:  # from the general supply: the exchange's supply is not touched
            self._gain(p, res, 1, "banker")
        self._finish_step()

    def _auto_bonus_pick(self, step: Step) -> None:
        kinds = [r for r in range(4) if self.bonus[r]]
        if len(kinds) == 1:
            self._take_bonus(step["p"], kinds[0])
        elif kinds:
            self._push_front({"k": "bonus", "p": step["p"]})

    def _legal_bonus(self, p: int, step: Step) -> list[Action]:
        return [Action("bonus", RESOURCES[r]) for r in range(4) if self.bonus[r]]

    def _do_bonus(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        self._take_bonus(p, RES_INDEX[str(action[1])])

    def _take_bonus(self, player: int, res: int) -> None:
        self.bonus[res] = 0
        if self.room(player, res) > 0 or self.fig.edition == "2008":  # 2008: the excess goes to the IPF
            self._gain(player, res, 1, "bonus")
        else:  # 2013: the only time a supply rises outside trading: the freighter was full
            self._set_supply(res, self.supply[res] + 1)
            self.emit("bonus_returned", player=player, resource=RESOURCES[res])

    def _free_markers(self) -> list[int]:
        return [m for m in (1, 2, 3, 4) if m not in self.trade_markers.values()]

    def _legal_order(self, p: int, step: Step) -> list[Action]:
        free_res = [r for r in RESOURCES if r not in self.trade_markers]
        return [Action("order", m, r) for m in self._free_markers() for r in free_res]

    def _do_order(self, p: int, step: Step, action: Action) -> None:
        self.trade_markers[str(action[2])] = int(action[1])
        self.emit("trade_marker", player=p, marker=action[1], resource=action[2])
        step["left"] -= 1
        if step["left"] == 0 or not self._free_markers():
            self._finish_step()

    def _legal_manipulate(self, p: int, step: Step) -> list[Action]:
        if not step["mode"]:
            credits = self.players[p].credits
            return [Action("manipulate", m) for m, (cost, _) in MANIPULATION.items() if credits >= cost]
        actions = []
        dirs: dict[str, str] = step["dirs"]
        for r, name in enumerate(RESOURCES):
            if r == QUARTZ and step["mode"] != "strong":
                continue
            if step["mode"] == "weak" and dirs and name not in dirs:
                continue
            scale = self.fig.scales[r]
            for direction, can in (("up", self.price[r] < scale.price_max), ("down", self.price[r] > scale.price_min)):
                if can and dirs.get(name, direction) == direction and step["left"] > 0:
                    actions.append(Action("shift", name, direction))
        if dirs or not actions:  # the card must be used: at least one shift where any is possible
            actions.append(Action("done"))
        return actions

    def _do_manipulate(self, p: int, step: Step, action: Action) -> None:
        if action[0] == "manipulate":
            cost, steps = MANIPULATION[str(action[1])]
            step["mode"], step["left"] = action[1], steps
            self.players[p].credits -= cost
            self._emit_credits("manipulation", p, {"paid": cost}, mode=action[1])
        elif action[0] == "shift":
            name, direction = str(action[1]), str(action[2])
            step["dirs"][name] = direction
            step["left"] -= 1
            self._adjust_price(RES_INDEX[name], 1 if direction == "up" else -1)
        else:
            self._finish_step()

    def _legal_sabotage(self, p: int, step: Step) -> list[Action]:
        targets = [q for q in range(self.num_players) if q != p and any(not self.toppled[z] for z in self.tanks_of(q))]
        return [Action("sabotage", q) for q in targets] or [Action("pass")]

    def _do_sabotage(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        self.saboteur = p
        if action[0] == "pass":
            self.emit("sabotage", player=p, target=None, why="no opponent has a tank")
            return
        target = int(action[1])
        self.emit("sabotage", player=p, target=target)
        self._push_front({"k": "topple", "p": target})

    def _legal_topple(self, p: int, step: Step) -> list[Action]:
        return [Action("topple", self._name(z)) for z in self.tanks_of(p) if not self.toppled[z]]

    def _do_topple(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self.toppled[z] = True
        self.sabotaged_zone = z
        self.emit("toppled", player=p, zone=self._name(z))
        self._finish_step()
