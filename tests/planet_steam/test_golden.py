"""Golden replays: recorded Planet Steam matches whose final state must not drift without a deliberate change.

Each ``golden/<name>.json`` holds a full ``MatchRecord`` (options, seed, every action) and the final state, scores
and winners it produced. The test replays the record through ``Match`` and compares. If a rules change is meant to
alter play, regenerate with ``.venv/bin/python tests/planet_steam/make_golden.py`` and review the diff (see that
script's docstring).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from make_golden import GOLDEN_DIR, SPECS, path_of, replay, state_hash

from brassboard import MatchRecord, state_from_json

REGENERATE = "if the change is deliberate, run: .venv/bin/python tests/planet_steam/make_golden.py"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path_of(name).read_text(encoding="utf-8"))
    return data


def test_golden_files_match_the_generator_specs() -> None:
    on_disk = sorted(p.stem for p in GOLDEN_DIR.glob("*.json"))
    assert on_disk == sorted(spec.name for spec in SPECS), REGENERATE


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_golden_match_replays_to_the_recorded_final_state(spec: Any) -> None:
    data = load(spec.name)
    record = MatchRecord.from_dict(data["record"])
    assert record.game == "planet_steam"
    assert record.players == spec.players and record.seed == spec.seed
    assert len(record.actions) == data["actions"]
    match = replay(data)
    state = match.state
    assert state.is_over(), f"{spec.name}: the recorded actions no longer end the game; {REGENERATE}"
    assert [s.to_dict() for s in state.scores()] == data["scores"], f"{spec.name}: scores drifted; {REGENERATE}"
    assert state.winners() == data["winners"], f"{spec.name}: winners drifted; {REGENERATE}"
    assert json.loads(state.to_json()) == data["final_state"], f"{spec.name}: final state drifted; {REGENERATE}"
    assert state_hash(state) == data["final_state_sha256"], f"{spec.name}: final state drifted; {REGENERATE}"
    # the record the replay keeps is the stored one, and the final state survives its own JSON round trip
    assert match.record.actions == record.actions
    assert state_from_json(state.to_json()).to_json() == state.to_json()


def test_golden_matches_cover_every_player_count_and_both_editions() -> None:
    players = {spec.players for spec in SPECS}
    editions = {spec.options.get("edition", "2013") for spec in SPECS}
    assert players == {2, 3, 4, 5}
    assert editions == {"2013", "2008"}
    for spec in SPECS:
        data = load(spec.name)
        assert data["record"]["options"]["edition"] == spec.options.get("edition", "2013")
