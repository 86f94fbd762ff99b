"""Golden replays: recorded Planet Unknown matches (1-6 players) whose final state must not drift.

If a rules change is meant to alter play, regenerate with ``.venv/bin/python tests/planet_unknown/pu_make_golden.py``
and review the diff (see that script's docstring).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pu_make_golden import GOLDEN_DIR, SPECS, Spec, path_of, replay, state_hash

from brassboard import MatchRecord, state_from_json

REGENERATE = "if the change is deliberate, run: .venv/bin/python tests/planet_unknown/pu_make_golden.py"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path_of(name).read_text(encoding="utf-8"))
    return data


def test_golden_files_match_the_specs_and_cover_every_player_count() -> None:
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.json")) == sorted(s.name for s in SPECS), REGENERATE
    assert {s.players for s in SPECS} == {1, 2, 3, 4, 5, 6}
    assert any(s.options.get("planets") == "asymmetric" for s in SPECS)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_golden_match_replays_to_the_recorded_final_state(spec: Spec) -> None:
    data = load(spec.name)
    record = MatchRecord.from_dict(data["record"])
    assert record.game == "planet_unknown" and record.players == spec.players and record.seed == spec.seed
    assert len(record.actions) == data["actions"]
    state = replay(data).state
    assert state.is_over(), f"{spec.name}: the recorded actions no longer end the game; {REGENERATE}"
    assert [s.to_dict() for s in state.scores()] == data["scores"], f"{spec.name}: scores drifted; {REGENERATE}"
    assert state.winners() == data["winners"], f"{spec.name}: winners drifted; {REGENERATE}"
    assert json.loads(state.to_json()) == data["final_state"], f"{spec.name}: final state drifted; {REGENERATE}"
    assert state_hash(state) == data["final_state_sha256"]
    assert state_from_json(state.to_json()).to_json() == state.to_json()
