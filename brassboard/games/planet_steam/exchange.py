"""Resource phase, the exchange: trading resource by resource in trading order, price bands, and certificates
(building permits, luxury quarters)."""

from __future__ import annotations

from ...engine import Action
from .core import Step
from .figures import ENERGY, ORE, QUARTZ, RES_INDEX, RESOURCES, WATER
from .production import Production


class Exchange(Production):
    """The exchange and certificates."""

    def trading_order(self) -> list[int]:
        if self.options["variable_trading_order"] and self.trade_markers:
            marked = sorted(RES_INDEX[r] for r in self.trade_markers)
            unmarked = [r for r in range(4) if r not in marked]
            by_marker = sorted(marked, key=lambda r: self.trade_markers[RESOURCES[r]])
            return by_marker + unmarked
        return [QUARTZ, ORE, WATER, ENERGY]

    def _auto_exchange(self, step: Step) -> None:
        self.phase = "exchange"
        steps = [{"k": "trade", "p": p, "r": r} for r in self.trading_order() for p in self.order]
        steps += [{"k": "certificate", "p": p} for p in self.order]
        steps.append({"k": "end_phase"})
        self._push_front(*steps)

    def _legal_trade(self, p: int, step: Step) -> list[Action]:
        r = step["r"]
        name = RESOURCES[r]
        price = self.price[r]
        most = min(self.supply[r], self.players[p].credits // price)
        actions = [Action("buy", name, k) for k in range(1, most + 1)]
        actions += [Action("sell", name, k) for k in range(1, self.players[p].goods[r] + 1)]
        actions.append(Action("pass"))
        return actions

    def _do_trade(self, p: int, step: Step, action: Action) -> None:
        r = step["r"]
        kind = action[0]
        price = self.price[r]
        if kind == "buy":
            k = int(action[2])
            self.players[p].credits -= k * price
            self.supply[r] -= k
            self.emit("buy", player=p, resource=RESOURCES[r], amount=k, price=price)
            self._gain(p, r, k, "bought")  # beyond capacity allowed: the excess is lost
        elif kind == "sell":
            k = int(action[2])
            self.players[p].goods[r] -= k
            self.players[p].credits += k * price
            self._set_supply(r, self.supply[r] + k)
            self.emit("sell", player=p, resource=RESOURCES[r], amount=k, price=price)
        else:
            self.emit("pass", player=p, what=RESOURCES[r])
        band = self.fig.scales[r].band(self.supply[r])
        self.emit("band", resource=RESOURCES[r], supply=self.supply[r], band=band.name, adjustment=band.adjustment)
        self._adjust_price(r, band.adjustment)  # after every turn, a pass included
        self._finish_step()

    def _legal_certificate(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        costs = self.fig.costs
        actions = []
        if self.stock["building_permits"] > 0 and self._can_pay(p, costs["building_permit"]):
            actions.append(Action("buy-permit"))
        if pl.permits > 0:
            actions.append(Action("sell-permit"))
        if self.stock["luxury_quarters"] > 0 and self._can_pay(p, costs["luxury_quarters"]):
            actions.append(Action("buy-quarters"))
        actions.append(Action("pass"))
        return actions

    def _do_certificate(self, p: int, step: Step, action: Action) -> None:
        pl = self.players[p]
        costs = self.fig.costs
        kind = action[0]
        if kind == "buy-permit":
            self._pay(p, costs["building_permit"])
            self.stock["building_permits"] -= 1
            pl.permits += 1
        elif kind == "sell-permit":
            pl.permits -= 1  # a sold permit leaves the game
            pl.credits += costs["permit_sale"]
        elif kind == "buy-quarters":
            self._pay(p, costs["luxury_quarters"])
            self.stock["luxury_quarters"] -= 1
            pl.luxury_quarters += 1
        self.emit("certificate", player=p, action=kind)
        self._finish_step()
