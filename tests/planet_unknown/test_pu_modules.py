"""The modules' set-up and options: sides dealt and chosen, fixed sides, civ ranks that run out; random games on
every planet and with dealt boards at 1, 3 and 6 players, with the game's invariants (pu_invariants.py)."""

from __future__ import annotations

import pytest
from pu_helpers import game, with_items
from pu_invariants import play_random

from brassboard.engine import IllegalAction, new_game
from brassboard.engine.options import OptionError
from brassboard.games.planet_unknown.figures import figures
from brassboard.games.planet_unknown.rules import CLAIM, INFO, OBJECTIVES, TILES
from brassboard.games.planet_unknown.setup import PLAYABLE_CORPORATIONS, SPECIAL_PLANETS

FIG = figures()


def test_the_options_are_declared_with_their_choices() -> None:
    specs = {spec.name: spec for spec in INFO.options}
    assert specs["planets"].choices == ("standard", "asymmetric")
    assert specs["corporations"].choices == ("standard", "asymmetric")
    assert specs["planet"].choices == ("", "KSB-4156", "Arashi", "Cerberus", "Charybdis", "Gaia", "K-273", "K'Aax",
                                       "Lacuna", "Oblivion", "Pajitnov", "Persephone", "Petra", "Tartarus")
    assert specs["corporation"].choices == ("", *PLAYABLE_CORPORATIONS)


@pytest.mark.parametrize("options", [{"planet": "Tatarus"}, {"planets": "special"}, {"corporation": "Nobody"}])
def test_unknown_boards_are_refused_naming_the_option(options: dict[str, str]) -> None:
    with pytest.raises(OptionError, match=repr(next(iter(options)))):
        new_game("planet_unknown", 2, 0, options)


def test_a_fixed_planet_gives_every_seat_that_side_without_a_choice() -> None:
    state = game(3, planet="K'Aax")
    assert [c.planet_name for c in state.corps] == ["K'Aax"] * 3
    assert state.phase != OBJECTIVES
    assert all(c.lifepods == FIG.planets["K'Aax"].lifepods for c in state.corps)


def test_asymmetric_planets_deal_different_boards_and_each_player_chooses_a_side() -> None:
    state = game(6, 11, planets="asymmetric")
    dealt = [c.dealt[0] for c in state.corps]
    assert len(set(dealt)) == 6 and set(dealt) <= set(SPECIAL_PLANETS)
    assert state.phase == OBJECTIVES and state.active_players() == list(range(6))
    assert [str(a) for a in state.legal_actions(0)] == ["side planet standard", "side planet special"]
    with pytest.raises(IllegalAction, match="side planet\\|corporation standard\\|special"):
        state.apply(0, "side planet mine")
    for p in range(6):
        state.apply(p, "side planet special" if p % 2 else "side planet standard")
    # every side turned up at once when the last player has chosen
    assert [c.planet_name for c in state.corps] == [
        "KSB-4156", dealt[1], "KSB-4156", dealt[3], "KSB-4156", dealt[5]]
    assert state.phase != OBJECTIVES
    assert state.corps[1].lifepods == FIG.planets[dealt[1]].lifepods


def test_the_side_choice_sits_beside_the_private_objectives() -> None:
    state = game(2, 3, planets="asymmetric", private_objectives=True)
    assert {a.kind for a in state.legal_actions(0)} == {"side", "drop"}
    state.apply(0, "side planet special")
    assert {a.kind for a in state.legal_actions(0)} == {"drop"}


def test_civ_decks_hold_players_plus_one_per_rank() -> None:
    for players in (2, 3, 6):
        state = game(players, planets="asymmetric")
        assert [len(pile) for pile in state.civ_piles] == [players + 1] * 4


def test_an_empty_civ_rank_gives_no_card_and_is_logged() -> None:
    state = game(2)
    corp = with_items(state, 0, ["civ", 2])
    state.civ_piles[1] = []  # rank 2 is used up
    events = state.apply(0, "done")
    assert [(e["player"], e["rank"]) for e in events if e["type"] == "civ_none"] == [(0, 2)]
    assert corp.offer == [] and not corp.pending and state.phase != CLAIM


@pytest.mark.parametrize("planet", sorted(FIG.planets))
def test_random_games_on_every_planet_keep_the_invariants(planet: str) -> None:
    for players, seed in ((1, 1), (3, 2)):
        state = play_random(players, seed, {"planet": planet, "events": True}, views_every=40, replay=True)
        assert {c.planet_name for c in state.corps} == {planet}


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_games_with_dealt_boards_keep_the_invariants(players: int) -> None:
    for seed in range(2):
        state = play_random(players, 100 + seed, {"planets": "asymmetric", "corporations": "asymmetric",
                                                 "private_objectives": True}, views_every=40, replay=True)
        assert all(c.dealt[0] for c in state.corps)


def test_the_tiles_phase_follows_the_choices() -> None:
    state = game(1, 5, planets="asymmetric")
    state.apply(0, "side planet special")
    state.apply(0, "drop 1")
    assert state.phase == TILES and state.corps[0].planet_name == state.corps[0].dealt[0]
    with_items(state, 0)


def test_every_corporation_matches_the_reference_quick_facts() -> None:
    # reference §6: rovers, civ milestones (ranks), tech milestones, rover movement beyond the top
    facts = {name: (c.rovers, [(p, v) for p, at in enumerate(c.benefits[0]) for b, v in at if b == "civ"],
                    sorted(c.tech_positions.values()), c.rover_overflow_move)
             for name, c in FIG.corporations.items()}
    uc_civ = [(3, 1), (6, 2), (10, 3), (14, 4)]
    uc_tech = [3, 5, 7, 10, 14]
    assert facts == {
        "Universal Coalition": (2, uc_civ, uc_tech, 4), "Cosmos Inc": (1, uc_civ, uc_tech, 3),
        "Flux Industries": (2, uc_civ, uc_tech, 3), "Horizon Group": (4, uc_civ, uc_tech, 5),
        "Jump Drive": (1, uc_civ, [], 3), "Makeshift": (2, uc_civ, uc_tech, 3), "Oasis Ultd.": (2, uc_civ, uc_tech, 3),
        "Republic": (1, [(2, 1), (4, 2), (6, 2), (8, 3), (10, 3), (12, 4), (14, 4)], uc_tech, 3),
        "Wormhole Corp": (2, uc_civ, uc_tech, 3)}
    # Jump Drive's tech medals fall as the tracker rises: 0, then 5 / 3 / 2 / 1 (reference §4.4)
    assert FIG.corporations["Jump Drive"].medal_at[4] == (0, 5, 5, 5, 5, 5, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1)
    # Oasis' water medal at position 11 follows the artwork (9), not BGA's code (8): ruling R8
    assert FIG.corporations["Oasis Ultd."].medal_at[1][11] == 9


def test_a_chosen_side_stays_secret_until_every_player_has_chosen() -> None:
    from brassboard.engine.game import redact_event

    state = game(3, 4, planets="asymmetric")
    events = state.apply(0, "side planet special")
    assert state.corps[0].planet_name == "KSB-4156"  # still face down
    assert state.view(0)["players"][0]["chosen"] == ["special", ""]
    assert "chosen" not in state.view(1)["players"][0]
    assert state.view(1)["players"][0]["planet"] == "KSB-4156"
    side = next(e for e in events if e["type"] == "side")
    assert "side" not in redact_event(side, 1) and redact_event(side, 0)["side"] == "special"
    state.apply(1, "side planet standard")
    events = state.apply(2, "side planet special")
    boards = next(e for e in events if e["type"] == "boards")
    dealt = [c.dealt[0] for c in state.corps]
    assert boards["planets"] == [dealt[0], "KSB-4156", dealt[2]]
    assert [c.planet_name for c in state.corps] == boards["planets"]


def test_determinize_draws_the_secret_sides_of_the_others_anew() -> None:
    from brassboard.engine import Rng

    state = game(3, 4, planets="asymmetric")
    state.apply(0, "side planet special")
    state.apply(1, "side planet special")
    seen = set()
    for seed in range(12):
        world = state.clone()
        world.determinize(2, Rng(seed))
        assert world.view(2) == state.view(2)
        assert world.corps[2].chosen == ["", ""] and world.corps[0].dealt == state.corps[0].dealt
        seen.add(world.corps[0].chosen[0])
    assert seen == {"standard", "special"}
    own = state.clone()
    own.determinize(0, Rng(3))
    assert own.corps[0].chosen == ["special", ""]


def test_the_rl_observation_carries_each_seats_planet_and_corporation() -> None:
    from brassboard import rl
    from brassboard.rl.encoders.planet_unknown import CELLS, CORPORATIONS, NUMBERS, PLANES, PLANETS

    env = rl.env("planet_unknown", players=2, seed=3, options={"planet": "Tartarus"})
    env.reset()
    observation = env.observe("player_0")["observation"]
    width = len(PLANETS) + len(CORPORATIONS)
    numbers = observation[2 * PLANES * CELLS: 2 * (PLANES * CELLS + NUMBERS)].reshape(2, NUMBERS)
    depot = 2  # each seat's numbers end with its planet and corporation one-hots, then its depot's two stack sizes
    for seat in (0, 1):  # (docs/rl.md)
        sides = numbers[seat, NUMBERS - depot - width: NUMBERS - depot]
        assert sides[PLANETS.index("Tartarus")] == 1 and sides[:len(PLANETS)].sum() == 1
        assert sides[len(PLANETS) + CORPORATIONS.index("Universal Coalition")] == 1 and sides[len(PLANETS):].sum() == 1


def test_the_text_render_shows_the_planet_and_the_corporations_tracks() -> None:
    state = game(1, 0, planet="Tartarus", corporation="Flux Industries")
    state.apply(0, "flux water")
    text = state.render_text(0)
    assert "planet Tartarus (complexity 3)" in text and "chasm" in text
    row_1 = next(line for line in text.splitlines() if line.startswith(" 1  "))
    assert row_1.count("|") == 1  # the chasm between x 5 and 6 in row 1
    assert "corporation Flux Industries (complexity 3, 2 rovers)" in text
    water = next(line for line in text.splitlines() if line.strip().startswith("water*"))
    assert water.split()[1:5] == ["[.]", ".", "1m", "SYN"]
    assert "then mv3" in text  # the rover track past its top


@pytest.mark.parametrize(("corporation", "planet"), [("Cosmos Inc", "Tartarus"), ("Flux Industries", "Persephone"),
                                                     ("Oasis Ultd.", "Pajitnov"), ("Republic", "K'Aax"),
                                                     ("Horizon Group", "Arashi")])
def test_mutated_module_actions_are_refused_and_change_nothing(corporation: str, planet: str) -> None:
    import random

    from pu_invariants import mutate

    from brassboard.engine import Match

    rng = random.Random(3)
    match = Match("planet_unknown", 2, 9, {"corporation": corporation, "planet": planet, "events": True})
    refused = 0
    while not match.state.is_over():
        player = rng.choice(match.state.active_players())
        legal = match.state.legal_actions(player)
        wrong = mutate(rng.choice(legal), rng)
        if wrong not in legal:
            before = match.state.to_json()
            with pytest.raises(IllegalAction) as refusal:
                match.state.apply(player, wrong)
            assert refusal.value.reason
            assert match.state.to_json() == before
            refused += 1
        match.apply(player, rng.choice(legal))
    assert refused > 30
