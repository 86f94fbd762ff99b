"""Random legal Planet Steam games to the end, with the rules' invariants checked after every action.

Every player count (2-5) x both editions x option sets (defaults, each option alone, a few together, a box short of
components, cheap components) plays seeded games with mixed random players (see ``play_policies``). After each action:

* nothing negative: credits, goods, markers, permits, quarters; freighter classes 1-4;
* goods fit the freighters (the independent freighter's 3 extra for its holder, any mix);
* exchange prices and supplies on their scales; the tank track within 0..max; bonus resources 0 or 1;
* components conserved: tanks, each converter kind, compressors, each colour's markers, neutral markers,
  luxury quarters; building permits (stock + held + used for claims + sold) equal the initial figure;
* tanks only on players' zones; converters, compressors and sabotage only on tanks; advanced rules respected
  (immovable tanks never leave a zone, river restriction);
* scores equal the sum of their breakdown; exactly one player active until the end, none after; non-active players
  have no legal action; legal actions have no duplicates; events are JSON;
* the round advances one by one through the phases in order; the game ends after the figures' number of rounds;
  die rolls are chance events.

(The checks live in ``invariants.py``, out of pytest's assertion rewriting, which would slow this hot loop.)

Every few actions the state survives a JSON round trip and a clone (and the copy offers the same actions); at the
end the record (seed + actions) replays through ``Match`` to the identical final JSON.

Separately, from sampled states every legal action applies (and keeps the invariants), and actions built by mutating
legal ones (other zones, amounts, resources, kinds) are refused with ``IllegalAction`` and change nothing.

``pytest --soak`` plays many more seeds of each case.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import accepted
from invariants import Invariants, play_checked
from play_policies import (
    EVERY_KIND,
    GAME,
    option_sets,
    play,
    seat_policies,
    states_along,
    with_edition,
)

from brassboard import IllegalAction, new_game, state_from_json
from brassboard.engine import Action, GameState

PLAYER_COUNTS = (2, 3, 4, 5)
EDITIONS = ("2013", "2008")
OPTION_SETS = option_sets()

GAMES_PER_CASE = 8
"""Seeds per (edition, option set, player count) in the default run: 2 x 21 x 4 cases -> 1344 games."""
SOAK_GAMES_PER_CASE = 150
"""Seeds per case with ``--soak``: 25 200 games."""
REPLAY_EVERY = 3
"""Every this many games of a case (the first included) also replays its record through ``Match``."""


def case_seed(*parts: object) -> int:
    """A stable seed for one test case (so each case plays its own games)."""
    return zlib.crc32(repr(parts).encode()) % 100_000


CASES = [
    pytest.param(edition, name, players, id=f"{edition}-{name}-{players}p")
    for edition in EDITIONS for name in OPTION_SETS for players in PLAYER_COUNTS
]


def run_case(edition: str, name: str, players: int, games: int) -> None:
    options = with_edition(OPTION_SETS[name], edition)
    base = case_seed(edition, name, players)
    for index, seed in enumerate(range(base, base + games)):
        play_checked(players, options, seed, replay=index % REPLAY_EVERY == 0)


@pytest.mark.parametrize(("edition", "name", "players"), CASES)
def test_random_games_keep_the_invariants(edition: str, name: str, players: int) -> None:
    run_case(edition, name, players, GAMES_PER_CASE)


@pytest.mark.soak
@pytest.mark.parametrize(("edition", "name", "players"), CASES)
def test_soak_random_games_keep_the_invariants(edition: str, name: str, players: int) -> None:
    run_case(edition, name, players, SOAK_GAMES_PER_CASE)


# ----- every action kind turns up -----------------------------------------------------------------------------------
def test_the_mixed_players_reach_every_action_kind() -> None:
    """The random games are only worth their invariants if they exercise every rule: every kind gets played."""
    seen: set[str] = set()
    for edition in EDITIONS:
        for name in ("all_on", "cheap_components", "scarce_all_on"):
            options = with_edition(OPTION_SETS[name], edition)
            for players in PLAYER_COUNTS:
                for seed in range(3):
                    _, record = play(players, options, 1000 + seed)
                    seen.update(notation.split(" ")[0] for _, notation in record)
    missing = set(EVERY_KIND) - seen
    assert not missing, f"never played: {sorted(missing)}"
    assert seen <= set(EVERY_KIND), f"unknown kinds played: {sorted(seen - set(EVERY_KIND))}"


# ----- sampled states: all legal actions apply; mutated ones are refused ------------------------------------------
SAMPLE_EVERY = 19
"""Every this many decision states of a game is a sample."""

SAMPLE_CASES = [
    pytest.param(edition, name, players, id=f"{edition}-{name}-{players}p")
    for edition in EDITIONS for name in ("default", "all_on", "scarce_all_on", "cheap_all_on", "variable_claims_5")
    for players in PLAYER_COUNTS
]


def sampled_states(edition: str, name: str, players: int, games: int = 2) -> Iterator[GameState]:
    options = with_edition(OPTION_SETS[name], edition)
    base = case_seed("sample", edition, name, players)
    for seed in range(base, base + games):
        for index, state in enumerate(states_along(players, options, seed)):
            if index % SAMPLE_EVERY == 0 and not state.is_over():
                yield state


@pytest.mark.parametrize(("edition", "name", "players"), SAMPLE_CASES)
def test_every_legal_action_applies(edition: str, name: str, players: int) -> None:
    picker = random.Random(case_seed("legal", edition, name, players))
    for state in sampled_states(edition, name, players):
        (player,) = state.active_players()
        legal = state.legal_actions(player)
        chosen = legal if len(legal) <= 40 else [*legal[:10], *picker.sample(legal, 20), *legal[-10:]]
        before = state.to_json()
        for action in chosen:
            child = state.clone()
            checker = Invariants(child)
            events = child.apply(player, action)
            checker.check(child, events)
            # the same action as notation gives the same result
            again = state_from_json(before)
            assert again.apply(player, str(action)) == events
            assert again.to_json() == child.to_json()
        assert state.to_json() == before


ZONE_NAMES = [f"{c}{r}" for r in range(1, 8) for c in "ABCDEF"]
WORDS = ["permit", "credits", "roll", "choice", "upgrade", "take", "up", "down", "weak", "moderate", "strong",
         "quartz", "ore", "water", "energy", "gold", "Z9"]


def mutations(action: Action, picker: random.Random) -> Iterator[Action]:
    """Near misses of a legal action: other arguments, one argument fewer or more, another kind."""
    kind, args = action.kind, list(action.args)
    for i, arg in enumerate(args):
        if isinstance(arg, int):
            replacements: list[int | str] = [arg + 1, arg - 1, 0, -1, 10_000, str(arg) + "x"]
        elif arg in ZONE_NAMES:
            replacements = [*picker.sample(ZONE_NAMES, 6), arg.lower()]
        else:
            replacements = [*picker.sample(WORDS, 5), arg.upper(), 1]
        for new in replacements:
            yield Action(kind, *args[:i], new, *args[i + 1:])
    if args:
        yield Action(kind, *args[:-1])
    yield Action(kind, *args, "C4")
    yield Action(kind, *args, 1)
    for other in picker.sample(EVERY_KIND, 6):
        yield Action(other, *args)


@pytest.mark.parametrize(("edition", "name", "players"), SAMPLE_CASES)
def test_actions_not_legal_are_refused_and_change_nothing(edition: str, name: str, players: int) -> None:
    picker = random.Random(case_seed("illegal", edition, name, players))
    tried = 0
    for state in sampled_states(edition, name, players):
        (player,) = state.active_players()
        legal = state.legal_actions(player)
        before = state.to_json()
        candidates: list[Action] = []
        for action in picker.sample(legal, min(len(legal), 8)):
            # (a production idle set off the list but valid is accepted: the list holds one set per result)
            candidates += [m for m in mutations(action, picker) if not accepted(state, player, m)]
        for candidate in picker.sample(candidates, min(len(candidates), 40)):
            with pytest.raises(IllegalAction) as caught:
                state.apply(player, candidate)
            assert caught.value.reason.strip(), f"empty reason for '{candidate}'"
            assert caught.value.action == candidate
            assert state.to_json() == before, f"'{candidate}' changed the state"
            tried += 1
        assert state.legal_actions(player) == legal  # a refused action leaves the cached actions intact
        # the notation text of the same candidates is refused alike
        for candidate in candidates[:5]:
            with pytest.raises(IllegalAction):
                state.apply(player, str(candidate))
        assert state.to_json() == before
    assert tried > 100


# ----- hidden credits -------------------------------------------------------------------------------------------------
def seats_in_view(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The per-player holdings in a view: the one list of dicts that carry credits."""
    found = [value for value in view.values()
             if isinstance(value, list) and value and all(isinstance(v, dict) and "credits" in v for v in value)]
    assert len(found) == 1, "a view holds one list of players' holdings"
    return found[0]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_views_hide_other_players_credits_only_with_hidden_credits(players: int) -> None:
    for hidden in (False, True):
        options = {"hidden_credits": hidden}
        seats = seat_policies(77, players)
        state = new_game(GAME, players, 77, options)
        steps = 0
        while not state.is_over():
            if steps % 37 == 0:
                for viewer in [None, *range(players)]:
                    view = state.view(viewer)
                    json.dumps(view)
                    assert "rng" not in view and "seed" not in view
                    for p, data in enumerate(seats_in_view(view)):
                        visible = not hidden or p == viewer
                        assert data["credits"] == (state.players[p].credits if visible else None)  # type: ignore[attr-defined]
            (player,) = state.active_players()
            state.apply(player, seats[player].choose(state, player))
            steps += 1


def test_the_list_of_legal_actions_belongs_to_the_caller() -> None:
    """Bots sort, filter and pop the lists they are given; that must never change what the rules allow."""
    for state in sampled_states("2013", "all_on", 3, games=1):
        (player,) = state.active_players()
        legal = state.legal_actions(player)
        keep = list(legal)
        legal.reverse()
        legal.pop()
        legal.append(Action("fly", "C4"))
        assert state.legal_actions(player) == keep
        state.apply(player, keep[-1])
