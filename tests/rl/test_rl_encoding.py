"""The encodings: stable hashing, the exact tic-tac-toe planes, hashed action features and the adapter hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from brassboard import rl
from brassboard.engine import Action
from brassboard.rl import encoders
from brassboard.rl.encoders import game_encoder, game_max_actions
from brassboard.rl.hashing import TokenHasher


def test_token_hashing_is_pinned() -> None:
    # the buckets of a few tokens, fixed forever: a change here silently changes every trained model's input
    hasher = TokenHasher(4096)
    assert [hasher.slot(token) for token in ("phase=bid", "holdings/1/credits", "@seat=0")] == [
        PINNED["phase=bid"], PINNED["holdings/1/credits"], PINNED["@seat=0"]]


PINNED = {"phase=bid": (1771, -1.0), "holdings/1/credits": (1729, 1.0), "@seat=0": (1453, 1.0)}


def test_hashing_encoder_reads_paths_and_values_in_any_key_order() -> None:
    encoder = rl.HashingEncoder(64)
    view = {"phase": "bid", "credits": [3, None], "over": False, "round": 2}
    reordered = {"round": 2, "over": False, "credits": [3, None], "phase": "bid"}
    encoded = encoder.encode(view, 0)
    assert encoded.dtype == np.float32 and encoded.shape == (64,)
    assert np.array_equal(encoded, encoder.encode(reordered, 0))
    hasher = TokenHasher(64)
    expected = np.zeros(64)
    for token, value in (("@seat=0", 1), ("phase=bid", 1), ("credits#", 2), ("credits/0", 3),
                         ("credits/1=null", 1), ("round", 2)):
        bucket, sign = hasher.slot(token)
        expected[bucket] += sign * value
    assert np.allclose(encoded, expected)
    assert not np.array_equal(encoded, encoder.encode({**view, "round": 3}, 0))


def test_tictactoe_planes_are_seen_from_the_observer() -> None:
    env = rl.env("tictactoe")
    env.reset()
    env.step(env.slot_of("player_0", "mark a1"))
    env.step(env.slot_of("player_1", "mark b2"))
    own, other, empty = env.observe("player_0")["observation"].reshape(3, 9)
    assert own.tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert other.tolist() == [0, 0, 0, 0, 1, 0, 0, 0, 0]
    assert empty.sum() == 7
    own1, other1, _ = env.observe("player_1")["observation"].reshape(3, 9)
    assert np.array_equal(own1, other) and np.array_equal(other1, own)


def test_action_features_describe_each_slot() -> None:
    featurizer = rl.ActionFeaturizer(32)
    bid5, bid6 = featurizer.features(Action("bid", 5)), featurizer.features(Action("bid", 6))
    assert bid5.shape == (32,) and not np.array_equal(bid5, bid6)
    assert np.array_equal(bid5, rl.ActionFeaturizer(32).features(Action("bid", 5)))  # stable across instances
    env = rl.env("planet_steam", players=2, action_feature_size=32)
    env.reset()
    agent = env.agent_selection
    features = env.observe(agent)["action_features"]
    for slot, action in env.legal_slots(agent).items():
        assert np.array_equal(features[slot], featurizer.features(action))
    assert "action_features" not in rl.env("planet_steam", action_feature_size=0).observation_space("player_0").spaces


def test_a_fixed_action_space_has_no_action_features_unless_asked() -> None:
    # a fixed codec's slot always holds the same action: features would be a constant
    assert "action_features" not in rl.env("tictactoe").observation_space("player_0").spaces
    assert "action_features" in rl.env("planet_steam").observation_space("player_0").spaces
    env = rl.env("tictactoe", action_feature_size=8)
    env.reset()
    features = env.observe(env.agent_selection)["action_features"]
    assert features.shape == (9, 8) and features.any()


def test_generic_encoding_can_be_chosen_for_any_game(race: str) -> None:
    env = rl.env("tictactoe", max_actions=16, observation_size=128)
    assert env.action_space("player_0").n == 16
    assert env.observation_space("player_0")["observation"].shape == (128,)
    assert game_max_actions("planet_unknown", 1024) == 2048 and game_max_actions("planet_steam", 1024) == 1024
    assert game_encoder(race, 2, {}) is None  # a game without its own encoder: the hashing encoder serves it


class CountingEncoder:
    low, high, shape = 0.0, 100.0, (1,)

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        return np.array([len(view)], dtype=np.float32)


def test_a_registered_encoder_and_codec_take_precedence(race: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # registrations last for the process: keep this test's to itself
    monkeypatch.setattr(encoders, "_ENCODERS", {})
    monkeypatch.setattr(encoders, "_CODECS", {})
    rl.register_observation_encoder(race, lambda players, options: CountingEncoder())
    rl.register_action_codec(race, lambda players, options: rl.FixedActionCodec(
        [Action("step", 1), Action("step", 2)]))
    env = rl.env(race, players=2)
    env.reset()
    observation = env.observe("player_0")
    assert observation["observation"].tolist() == [3.0]
    assert observation["action_mask"].tolist() == [1, 1]
    assert env.legal_slots("player_0") == {0: Action("step", 1), 1: Action("step", 2)}


def test_feature_rows_of_a_legal_list_equal_each_actions_features() -> None:
    featurizer = rl.ActionFeaturizer(8)
    first = [Action("bid", n) for n in range(300)]  # more than the table's first allocation: it grows
    assert np.array_equal(featurizer.rows(first), np.stack([featurizer.features(a) for a in first]))
    mixed = [Action("pass"), first[7], Action("claim", "C4", "roll"), first[7]]
    assert np.array_equal(featurizer.rows(mixed), np.stack([rl.ActionFeaturizer(8).features(a) for a in mixed]))
