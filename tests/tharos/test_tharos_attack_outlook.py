"""The view's attack outlook (``attack.outlook``): what the turn's open attack would do to each guild if it were
resolved now — the page warns a player who is about to pass into a lost attack from these figures, so they must be
exactly what ``resolve_attack`` then does."""

from __future__ import annotations

import random

from tharos_helpers import new_state, put_mine, put_tile, set_converter, set_dice

from brassboard.engine import new_game
from brassboard.games.tharos import turn
from brassboard.games.tharos.attack import outlook, strength
from brassboard.games.tharos.rules import TharosState
from brassboard.games.tharos.view import build_view


def _resolved(state: TharosState) -> dict[int, dict[str, object]]:
    """What resolving the attack now does to each player (on a copy): its defended / attack_lost event."""
    copy = state.clone()
    assert isinstance(copy, TharosState)
    copy._events = []
    turn.resolve_attack(copy, turn.order(copy))
    return {e["player"]: e for e in copy._events if e["type"] in ("defended", "attack_lost")}


def test_the_outlook_names_the_defence_the_strength_and_what_a_loss_costs() -> None:
    state = new_state(2, seed=1)
    set_converter(state, "A1", "none")
    target = "ABCD"[len(state.board.attack_row) - 1] + "1"
    set_converter(state, target, "none")
    put_mine(state, 0, target)
    put_tile(state, 0, target)
    set_dice(state, 1, "r6 r6")
    g = state.guilds[1]
    g.placed, g.placed_on = list(g.active), ["attack"] * len(g.active)
    g.active = []
    seen = outlook(state, 0)
    assert seen == {"landscape": target, "defence": 0, "converter": 0, "strength": strength(state), "sure": False,
                    "holds": False, "loss": {"card_tile": True, "give": False, "tile": True, "mine": True}}
    other = outlook(state, 1)
    assert other is not None and other["defence"] == 12 and other["holds"] and not other["loss"]["mine"]
    # the view carries it for every guild
    view = build_view(state, 0)
    assert view["guilds"][0]["attack"] == seen and view["guilds"][1]["attack"] == other
    lost = _resolved(state)[0]
    assert lost["type"] == "attack_lost" and lost["lost_mine"] and lost["lost_tile"] and lost["tile_on_card"]


def test_the_outlook_counts_the_combat_converter_the_attack_takes_by_itself() -> None:
    state = new_state(2, seed=1)
    target = "ABCD"[len(state.board.attack_row) - 1] + "1"
    set_converter(state, target, "combat2")
    seen = outlook(state, 0)
    assert seen is not None and seen["converter"] == 2 and seen["defence"] == 2
    assert _resolved(state)[0]["defence"] == 2
    state.guilds[0].converter_used = True
    seen = outlook(state, 0)
    assert seen is not None and seen["converter"] == 0 and seen["defence"] == 0


def test_no_outlook_once_the_attack_is_resolved() -> None:
    state = new_state(2, seed=1)
    state.board.step = "cleanup"
    assert outlook(state, 0) is None and build_view(state, 0)["guilds"][0]["attack"] is None


def test_the_outlook_foretells_the_resolution_in_random_games() -> None:
    """Wherever an attack is open in random games, resolving it on a copy does what the outlook said."""
    checked = 0
    for seed in range(6):
        state = new_game("tharos", 2 + seed % 3, seed)
        assert isinstance(state, TharosState)
        rng = random.Random(seed)
        while not state.is_over() and state.board.round <= 2:
            if state.board.step == "actions" and not state.board.pending:
                outcome = _resolved(state)
                for p in range(state.num_players):
                    seen = outlook(state, p)
                    assert seen is not None
                    event = outcome[p]
                    assert seen["holds"] == (event["type"] == "defended"), (seed, p, seen, event)
                    assert seen["defence"] == event["defence"] and seen["strength"] == event["strength"]
                    if event["type"] == "attack_lost":
                        loss = seen["loss"]
                        assert (loss["tile"], loss["mine"], loss["card_tile"]) == (
                            event["lost_tile"], event["lost_mine"], event["tile_on_card"]), (seed, p, seen, event)
                    checked += 1
            p = state.active_players()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert checked > 500, checked
