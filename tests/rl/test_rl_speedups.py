"""The RL speed-ups change nothing a learner or a replay sees: the environments' shortcuts against the plain way."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from brassboard import rl
from brassboard.engine import Action, GameState, game_info, games, new_game
from brassboard.rl.actions import FixedActionCodec, LegalListCodec, action_sort_key
from brassboard.rl.core import default_players
from brassboard.rl.encoders import game_encoder, state_encoding
from brassboard.rl.encoders.tictactoe import TicTacToeEncoder


@pytest.mark.parametrize("game_id", games())
def test_an_aec_episode_replays_in_the_engine_with_apply(game_id: str) -> None:
    # the env applies a slot's action quietly (apply_quiet): the engine's checked apply must reach the same states
    env = rl.env(game_id, seed=4)
    env.reset()
    replay = new_game(game_id, env.settings.players, 4, env.settings.options)
    rng = np.random.default_rng(4)
    for step, agent in enumerate(env.agent_iter()):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if step >= 250:
            break
        slot = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        action = env.legal_slots(agent)[slot]
        env.step(slot)
        replay.apply(rl.aec.seat_of(agent), action)
        assert replay.to_json() == env.game_state.to_json(), f"step {step}: {action}"



def random_games(game_id: str, players: int, seeds: range, options: dict[str, Any] | None = None
                 ) -> Iterator[tuple[GameState, int]]:
    """(state, player to act) at every step of random games, the state changed in place as an env changes it."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = new_game(game_id, players, seed, options)
        while not state.is_over():
            player = state.active_players()[0]
            yield state, player
            state.apply(player, chooser.choice(state.legal_actions(player)))


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"hidden_credits": True})])
def test_planet_steams_incremental_encoding_equals_a_fresh_one_of_the_view(players: int,
                                                                          options: dict[str, Any]) -> None:
    # one encoder for two games played in turns, every seat observing: what it keeps of one observer's last
    # encoding must never leak into the next (another game, another seat, another step)
    encoder = game_encoder("planet_steam", players, options)
    fresh = game_encoder("planet_steam", players, options)
    assert encoder is not None and fresh is not None
    fast = state_encoding(encoder)
    assert fast is not None
    first = random_games("planet_steam", players, range(0, 2), options)
    second = random_games("planet_steam", players, range(10, 12), options)
    compared = 0
    for (state, actor), (other, other_actor) in zip(first, second, strict=False):
        for seat in (actor, (actor + 1) % players):
            assert np.array_equal(fast(state, seat), fresh.encode(state.view(seat), seat))
        assert np.array_equal(fast(other, other_actor), fresh.encode(other.view(other_actor), other_actor))
        compared += 1
    assert compared > 300


def test_planet_steams_encoding_is_a_fresh_array_each_time() -> None:
    encoder = game_encoder("planet_steam", 2, {})
    assert encoder is not None
    state = new_game("planet_steam", 2, 3)
    first = encoder.encode_state(state, 0)  # type: ignore[attr-defined]
    first[:] = -7.0  # a caller may change what it was given
    assert np.array_equal(encoder.encode_state(state, 0), encoder.encode(state.view(0), 0))  # type: ignore[attr-defined]


def reference_assignment(legal: list[Action], size: int) -> tuple[Action, ...]:
    """The legal-list codec's order by its definition: sorted by action_sort_key (stable), cut at ``size``."""
    return tuple(sorted(legal, key=action_sort_key)[:size])


@pytest.mark.parametrize("game_id", games())
def test_the_legal_list_codec_places_actions_as_its_definition_says(game_id: str) -> None:
    codec = LegalListCodec(2048)
    shuffler = random.Random(1)
    players = default_players(game_info(game_id))
    for state, player in itertools.islice(random_games(game_id, players, range(1)), 150):
        legal = state.legal_actions(player)
        assignment = codec.assign(legal)
        assert assignment.actions == reference_assignment(legal, 2048)
        assert assignment.slots == tuple(range(len(legal))) and assignment.contiguous
        shuffled = list(legal)
        shuffler.shuffle(shuffled)  # the same actions in another order (a new list: the memo is keyed by order)
        assert codec.assign(shuffled).actions == assignment.actions


def test_the_legal_list_codec_keeps_one_instance_of_each_action() -> None:
    # a game builds new action objects each time; the memos must not keep each list's own copies
    codec = LegalListCodec(64)
    first = codec.assign([Action("bid", 5), Action("pass")])
    again = codec.assign([Action("pass"), Action("bid", 5), Action("bid", 10)])
    assert first.actions == (Action("bid", 5), Action("pass"))
    assert again.actions == (Action("bid", 5), Action("bid", 10), Action("pass"))
    assert again.actions[0] is first.actions[0] and again.actions[2] is first.actions[1]


def test_the_legal_list_codec_orders_actions_no_text_can_order() -> None:
    huge = 1 << 70  # beyond order_text's 64 bits: the tuples' own order is used
    codec = LegalListCodec(8)
    legal = [Action("bid", huge), Action("bid", 3), Action("bid", -huge)]
    assert codec.assign(legal).actions == (Action("bid", -huge), Action("bid", 3), Action("bid", huge))


def test_the_fixed_codec_keeps_its_own_action_objects() -> None:
    codec = FixedActionCodec([Action("mark", cell) for cell in ("a1", "b1", "c1")])
    assignment = codec.assign([Action("mark", "c1"), Action("mark", "a1")])
    assert assignment.slots == (0, 2)
    assert assignment.actions[0] is codec.actions[0] and assignment.actions[1] is codec.actions[2]


class WithoutStateKey:
    """Tic-tac-toe's encoder without its state key: every observation built afresh (the reference)."""

    def __init__(self) -> None:
        self.inner = TicTacToeEncoder()
        self.shape, self.low, self.high = self.inner.shape, self.inner.low, self.inner.high

    def encode(self, view: Any, player: int) -> Any:
        return self.inner.encode(view, player)


def test_observations_kept_per_state_key_equal_fresh_ones() -> None:
    # tic-tac-toe keeps whole observations per (observer, mover, cells) key: a key that confused two positions
    # would hand out the wrong planes or mask
    keyed = rl.env("tictactoe", seed=2)
    fresh = rl.env("tictactoe", seed=2, observation_encoder=WithoutStateKey())
    rng = np.random.default_rng(2)
    keys = set()
    for _ in range(250):
        keyed.reset()
        fresh.reset()
        for agent in keyed.agent_iter():
            assert agent == fresh.agent_selection
            for observer in keyed.possible_agents:
                if observer in keyed.agents:
                    seen, expected = keyed.observe(observer), fresh.observe(observer)
                    assert seen.keys() == expected.keys()
                    for part in seen:
                        assert np.array_equal(seen[part], expected[part]), (observer, part)
            observation, _, terminated, truncated, _ = keyed.last()
            keys.add(TicTacToeEncoder().state_key(keyed.game_state, keyed.possible_agents.index(agent)))
            slot = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            keyed.step(slot)
            fresh.step(slot)
    assert len(keys) > 1000  # many positions met, so the keys were put to the test
