"""Expansion phase, auctions: round start, bonus resources, the specialist auction, every bidding round
(specialist, Speculator's zone, independent freighter) and the player order that follows."""

from __future__ import annotations

from ...engine import Action
from .core import Step
from .figures import RESOURCES
from .specialists import SpecialistCards


class Auctions(SpecialistCards):
    """Round start and the auctions."""

    def _auto_round_start(self, step: Step) -> None:
        self.phase = "expansion"
        self.emit("round", round=self.round, start_player=self.start_player)
        steps: list[Step] = []
        if self.options["independent_freighter"]:
            if self.freighter_released:
                self._release_freighter()
            if self.freighter_holder < 0:
                steps.append({"k": "freighter_auction"})
        steps += [{"k": "place_bonus"}, {"k": "specialist_auction"}]
        self._push_front(*steps)

    def _release_freighter(self) -> None:
        holder = self.freighter_holder
        self._emit_credits("freighter_released", holder, {"forfeited": self.freighter_deposit})
        self.freighter_holder = -1
        self.freighter_deposit = 0
        self.freighter_kept = False
        self.freighter_released = False
        pl = self.players[holder]
        for r in range(4):  # goods that only fitted on the independent freighter are lost
            excess = pl.goods[r] - self.capacity(holder, r)
            if excess > 0:
                pl.goods[r] -= excess
                self.emit("lose", player=holder, resource=RESOURCES[r], amount=excess, why="freighter released")

    def _auto_freighter_auction(self, step: Step) -> None:
        self._open_bidding("freighter", self.start_player, self._clockwise(self.start_player))

    def _auto_place_bonus(self, step: Step) -> None:
        for r in range(4):
            if self.supply[r] >= 1:
                self.supply[r] -= 1
                self.bonus[r] = 1
        self.emit("bonus_placed", bonus=[RESOURCES[r] for r in range(4) if self.bonus[r]])

    def _auto_specialist_auction(self, step: Step) -> None:
        grant = self.fig.costs["auction_grant"]
        for p, pl in enumerate(self.players):
            if pl.credits == 0:
                pl.credits += grant
                self._emit_credits("grant", p, {"credits": grant})
        self.cards = [-1] * self.num_players
        self.opener = self.start_player
        self._push_front({"k": "specialist_round"})

    def _auto_specialist_round(self, step: Step) -> None:
        without = [p for p in self._clockwise(self.opener) if self.cards[p] < 0]
        if not without:
            self._push_front({"k": "specialist_auction_end"})
            return
        if self.cards[self.opener] >= 0:
            self.opener = without[0]
        if len(without) == 1:
            # the last player takes the last card for the minimum bid of 1 credit
            self._win_specialist(without[0], min(1, self.players[without[0]].credits), alone=True)
            return
        self._open_bidding("specialist", self.opener, [p for p in self._clockwise(self.opener) if self.cards[p] < 0])

    def _open_bidding(self, what: str, opener: int, bidders: list[int], zone: int = -1) -> None:
        step: Step = {"k": "bid", "what": what, "bidders": bidders, "high": 0, "leader": -1, "passed": [],
                      "zone": zone, "opener": opener, "p": opener}
        self._push_front(step)
        self._next_bidder(step, start_at=0)

    def max_bid(self, player: int, step: Step) -> int:
        pl = self.players[player]
        if step["what"] == "zone":
            if pl.markers <= 0:
                return 0
            if "speculator" in self.specialists_of(player) and self.fig.edition == "2013":
                return 2 * pl.credits  # pays half, rounded up (2008: "bids have to be payable immediately")
        return pl.credits

    def _next_bidder(self, step: Step, start_at: int) -> None:
        """Hand the turn to the next bidder who can still raise, or settle the bidding."""
        bidders = step["bidders"]
        count = len(bidders)
        for i in range(count):
            p = bidders[(start_at + i) % count]
            if p == step["leader"] or p in step["passed"]:
                continue
            reason = self._passed_without_asking(p, step)
            if reason:
                step["passed"].append(p)  # cannot raise: out of this bidding round
                self.emit("pass", player=p, what=step["what"], why=reason)
                continue
            step["p"] = p
            return
        self.agenda.remove(step)
        self._settle_bidding(step)

    def _settle_bidding(self, step: Step) -> None:
        winner, bid = step["leader"], step["high"]
        what = step["what"]
        if winner < 0:
            self.emit("no_bids", what=what)
            if what == "specialist":  # cannot happen after the 2-credit grant; keep the auction moving anyway
                self._win_specialist(step["bidders"][0], 0)
            return
        if what == "specialist":
            self._win_specialist(winner, bid)
        elif what == "zone":
            pay = -(-bid // 2) if "speculator" in self.specialists_of(winner) else bid
            self.players[winner].credits -= pay
            self._put_marker(winner, step["zone"])
            self._emit_credits("zone_won", winner, {"paid": pay}, zone=self._name(step["zone"]), bid=bid)
        else:
            self.players[winner].credits -= bid
            self.freighter_holder = winner
            self.freighter_deposit = bid
            self.freighter_kept = False
            self._emit_credits("freighter_won", winner, {"deposit": bid})

    def _passed_without_asking(self, p: int, step: Step) -> str:
        """Why ``p`` drops out of the bidding without being asked ("": ``p`` is asked).

        A player who cannot raise is passed automatically, with the public reason. With ``hidden_credits`` a
        short purse is that player's secret: they are asked like anyone else and can only pass, so the table sees
        an ordinary pass (an automatic one would say, by its reason or by coming inside another player's move,
        that their credits are short). No claim marker left is public, so that pass stays automatic.
        """
        if step["what"] == "zone" and self.players[p].markers <= 0:
            return "no claim marker left"
        if not self.options["hidden_credits"] and self.max_bid(p, step) <= step["high"]:
            return "cannot bid more"
        return ""

    def _legal_bid(self, p: int, step: Step) -> list[Action]:
        top = self.max_bid(p, step)
        actions = [Action("bid", amount) for amount in range(step["high"] + 1, top + 1)]
        # only the opener may not pass (before any bid), unless they cannot bid at all (hidden credits: asked anyway)
        if step["leader"] >= 0 or p != step["opener"] or not actions:
            actions.append(Action("pass"))
        return actions

    def _do_bid(self, p: int, step: Step, action: Action) -> None:
        if action[0] == "pass":
            step["passed"].append(p)
            self.emit("pass", player=p, what=step["what"])
        else:
            step["high"] = int(action[1])
            step["leader"] = p
            self.emit("bid", player=p, amount=step["high"], what=step["what"])
        self._next_bidder(step, start_at=step["bidders"].index(p) + 1)

    def _win_specialist(self, player: int, bid: int, alone: bool = False) -> None:
        """``alone``: the last player without a card takes it for the minimum bid, with no auction held."""
        self.players[player].credits -= bid
        taken = sum(1 for c in self.cards if c >= 0)
        first = taken == 0
        last = taken == self.num_players - 1
        self._emit_credits("auction_won", player, {"bid": bid}, **({"alone": True} if alone else {}))
        self._push_front({"k": "pick", "p": player, "first": first, "last": last}, {"k": "specialist_round"})
        free = self._free_cards()
        if len(free) == 1:  # a single card left: no choice to make
            self.agenda.pop(0)
            self._take_card(player, free[0], first, last)

    def _free_cards(self) -> list[int]:
        return [i for i in range(len(self.fig.cards)) if i not in self.cards]

    def _legal_pick(self, p: int, step: Step) -> list[Action]:
        return [Action("take", self.fig.cards[i][0]) for i in self._free_cards()]

    def _do_pick(self, p: int, step: Step, action: Action) -> None:
        card = next(i for i, c in enumerate(self.fig.cards) if c[0] == action[1])
        self._finish_step()
        self._take_card(p, card, step["first"], step["last"])

    def _auto_specialist_auction_end(self, step: Step) -> None:
        for r in range(4):
            if self.bonus[r]:
                self.bonus[r] = 0
                self._set_supply(r, self.supply[r] + 1)
                self.emit("bonus_returned", player=None, resource=RESOURCES[r], why="not taken")
        if self.options["variable_trading_order"]:
            free = self._free_markers()
            free_res = [r for r in RESOURCES if r not in self.trade_markers]
            if len(free) == 1 and len(free_res) == 1:  # 3 players: the last marker fills the last number
                self.trade_markers[free_res[0]] = free[0]
        self.order = sorted(range(self.num_players), key=lambda q: self.fig.cards[self.cards[q]][0])
        # from now on Lady Steam's holder is the start player: of every phase, and of the next round's auction
        self.start_player = self._lady_steam()
        self.emit("player_order", order=list(self.order), start_player=self.start_player)  # a snapshot
        steps: list[Step] = []
        if self.options["variable_claims"] and self.round == 1:
            first = self._lady_steam()
            extra = 2 if self.num_players < 5 else 1
            for p in self.order + self.order[::-1]:
                steps.append({"k": "draft", "p": p, "own": 1, "neutral": extra if p == first else 1})
        steps.append({"k": "speculation"})
        steps += [{"k": "claim", "p": p} for p in self.order]
        captain = self.holder_of("airship_captain")
        if captain >= 0:
            steps.append({"k": "airship", "p": captain})
        if self.options["independent_freighter"]:
            steps.append({"k": "freighter_decision"})
        steps.append({"k": "tank_phase"})
        self._push_front(*steps)
