"""Tank phase: activation (and the 2008 emergency relief), then buying and reorganising tanks, converters,
compressors and freighter upgrades until ``done``."""

from __future__ import annotations

from ...engine import Action
from .claims import Claims
from .core import NO_CONVERTER, Step
from .figures import ENERGY, ORE, QUARTZ, RES_INDEX, RESOURCES, WATER


class TankPhase(Claims):
    """Activation, buying and reorganising."""

    def _auto_tank_phase(self, step: Step) -> None:
        self.phase = "tanks"
        self._push_front(*[{"k": "activate", "p": p} for p in self.order], {"k": "resource_phase"})

    def _has_water_tank(self, p: int) -> bool:
        return any(self.converter[z] == NO_CONVERTER and not self.toppled[z] for z in self.tanks_of(p))

    def _legal_activate(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        if self.fig.edition == "2008" and pl.goods[WATER] == 0 and not self._has_water_tank(p):
            # 2008 emergency relief: a tank must become a water tank (if any can), and 1 water is given
            relief = [Action("relief", self._name(z)) for z in self.tanks_of(p) if not self.toppled[z]]
            return relief or [Action("relief")]
        actions = [Action("activate")] if self._can_pay(p, self.fig.costs["activation"]) else []
        return [*actions, Action("decline")]

    def _do_activate(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        kind = action[0]
        if kind == "activate":
            self._pay(p, self.fig.costs["activation"])
            self.emit("activate", player=p)
            self._push_front({"k": "build", "p": p})
        elif kind == "decline":
            self.emit("decline", player=p)
            if self.fig.edition == "2013":  # 2013: whoever does not activate takes 1 water and ends
                self._gain(p, WATER, 1, "no activation")
        else:
            if len(action) > 1:
                z = self._zone(action[1])
                self._return_converter(z)
                self.emit("relief_converted", player=p, zone=self._name(z))
            self._gain(p, WATER, 1, "emergency relief")

    def _return_converter(self, zone: int) -> None:
        conv = self.converter[zone]
        if conv != NO_CONVERTER:
            self.stock[RESOURCES[conv] + "_converters"] += 1
            self.converter[zone] = NO_CONVERTER

    def _legal_build(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        costs = self.fig.costs
        own = self.zones_of(p)
        empty = [z for z in own if not self.tank[z]]
        tanks = [z for z in own if self.tank[z] and not self.toppled[z]]
        actions: list[Action] = []
        if empty and self.stock["tanks"] > 0:
            if self.market_tanks() > 0 and self._can_pay(p, costs["market_tank"], self.tank_price()):
                actions += [Action("buy-tank", self._name(z)) for z in empty]
            if self._can_pay(p, costs["import_tank"]):
                actions += [Action("import", self._name(z)) for z in empty]
        for res in (QUARTZ, ORE, ENERGY):
            name = RESOURCES[res]
            if self.stock[name + "_converters"] > 0 and pl.credits >= costs["converter"][name]:
                actions += [Action("buy-converter", self._name(z), name) for z in tanks
                            if self.converter[z] != res and self._converter_allowed(z, res)]
        if self.stock["compressors"] > 0 and self._can_pay(p, costs["compressor"]):
            actions += [Action("buy-compressor", self._name(z)) for z in tanks if not self.compressor[z]]
        if self._can_pay(p, costs["freighter_upgrade"]):
            actions += [Action("upgrade", RESOURCES[r]) for r in range(4) if pl.freighter[r] < 4]
        if not self.options["immovable_tanks"]:
            for a in tanks:
                conv = self.converter[a]
                for b in empty:
                    if conv == NO_CONVERTER or self._converter_allowed(b, conv):
                        actions.append(Action("move", self._name(a), self._name(b)))
        for a in tanks:
            conv_a = self.converter[a]
            if conv_a != NO_CONVERTER:
                for b in tanks:
                    conv_b = self.converter[b]
                    if b != a and conv_b != conv_a and self._converter_allowed(b, conv_a) and (
                            conv_b == NO_CONVERTER or self._converter_allowed(a, conv_b)):
                        actions.append(Action("move-converter", self._name(a), self._name(b)))
                actions.append(Action("remove-converter", self._name(a)))
            if self.compressor[a]:
                actions += [Action("move-compressor", self._name(a), self._name(b))
                            for b in tanks if not self.compressor[b]]
        actions.append(Action("done"))
        return actions

    def _do_build(self, p: int, step: Step, action: Action) -> None:
        kind = action[0]
        costs = self.fig.costs
        if kind == "done":
            self.emit("done", player=p)
            self._finish_step()
            return
        if kind in ("buy-tank", "import"):
            z = self._zone(action[1])
            if kind == "buy-tank":
                price = self.tank_price()
                self._pay(p, costs["market_tank"], price)
                self.track -= 1
                self.emit("buy_tank", player=p, zone=self._name(z), price=price)
            else:
                self._pay(p, costs["import_tank"])
                self.emit("import_tank", player=p, zone=self._name(z))
            self.stock["tanks"] -= 1
            self.tank[z] = True
        elif kind == "buy-converter":
            z, res = self._zone(action[1]), RES_INDEX[str(action[2])]
            self._pay(p, {}, costs["converter"][RESOURCES[res]])
            self._return_converter(z)
            self.stock[RESOURCES[res] + "_converters"] -= 1
            self.converter[z] = res
            self.emit("buy_converter", player=p, zone=self._name(z), converter=RESOURCES[res])
        elif kind == "buy-compressor":
            z = self._zone(action[1])
            self._pay(p, costs["compressor"])
            self.stock["compressors"] -= 1
            self.compressor[z] = True
            self.emit("buy_compressor", player=p, zone=self._name(z))
        elif kind == "upgrade":
            res = RES_INDEX[str(action[1])]
            self._pay(p, costs["freighter_upgrade"])
            self.players[p].freighter[res] += 1
            self.emit("upgrade", player=p, resource=RESOURCES[res], to=self.players[p].freighter[res])
        elif kind == "move":
            a, b = self._zone(action[1]), self._zone(action[2])
            self.tank[b], self.converter[b], self.compressor[b] = True, self.converter[a], self.compressor[a]
            self.tank[a], self.converter[a], self.compressor[a] = False, NO_CONVERTER, False
            self.emit("move", player=p, source=self._name(a), target=self._name(b))
        elif kind == "move-converter":
            a, b = self._zone(action[1]), self._zone(action[2])
            self.converter[a], self.converter[b] = self.converter[b], self.converter[a]
            self.emit("move_converter", player=p, source=self._name(a), target=self._name(b))
        elif kind == "remove-converter":
            z = self._zone(action[1])
            self._return_converter(z)
            self.emit("remove_converter", player=p, zone=self._name(z))
        elif kind == "move-compressor":
            a, b = self._zone(action[1]), self._zone(action[2])
            self.compressor[a], self.compressor[b] = False, True
            self.emit("move_compressor", player=p, source=self._name(a), target=self._name(b))
