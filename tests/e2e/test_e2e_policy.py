"""No browser: the human policy of the Planet Steam browser test, played on the engine against the same bots.

The browser test relies on its seed reaching every phase it checks (a raised bid, a claim and a failed roll, a tank
and a converter bought, production, a buy, a sell and a pass at the exchange, both certificates) in the first
rounds; this test says so in a fraction of a second, so a rules or bot change that moves the game elsewhere shows
here first, with a clear message, instead of as a puzzling browser failure.
"""

from __future__ import annotations

import pytest
from e2e_policy import RICH_ROUNDS, SEATS, SEED, choose, simple_choice

from brassboard.bots import make_bot, seat_seed
from brassboard.engine import new_game

pytestmark = pytest.mark.e2e


def test_the_seed_of_the_browser_game_reaches_every_phase() -> None:
    state = new_game("planet_steam", len(SEATS), seed=SEED)
    bots = {seat: make_bot(kind.removeprefix("bot:"), "planet_steam", seat_seed(SEED, seat))
            for seat, kind in enumerate(SEATS) if kind.startswith("bot:")}
    rich: set[str] = set()
    raised = human = 0
    while not state.is_over():
        seat = state.active_players()[0]
        if seat in bots:
            state.apply(seat, bots[seat].choose(state, seat))
            continue
        view = state.view(seat)
        legal = [str(action) for action in state.legal_actions(seat)]
        action = choose(view, legal, seat)
        assert action in legal
        human += 1
        if view["round"] <= RICH_ROUNDS:
            step = view["agenda"][0]
            rich.add(action.split(" ")[0] + ("-trade" if step["k"] == "trade" else ""))
            if action.startswith("bid ") and action != simple_choice(legal):
                raised += 1
        state.apply(seat, action)
    wanted = {"upgrade", "bid", "claim", "divert", "activate", "buy-tank", "buy-converter", "done", "produce",
              "buy-trade", "sell-trade", "pass-trade", "buy-permit", "buy-quarters"}
    assert wanted <= rich, f"seed {SEED} no longer reaches {sorted(wanted - rich)} in rounds 1-{RICH_ROUNDS}"
    assert raised >= 1
    assert 60 < human < 150
