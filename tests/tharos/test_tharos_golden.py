"""Golden replays for 2-4 players: recorded greedy matches whose final state must not drift without a deliberate
change (regenerate with ``PYTHONPATH=$PWD .venv/bin/python tests/tharos/tharos_make_golden.py``, review the diff)."""

from __future__ import annotations

import hashlib
import json

import pytest
from tharos_make_golden import GOLDEN_DIR, SPECS

from brassboard.engine import Action, new_game


@pytest.mark.parametrize("name", sorted(SPECS))
def test_tharos_golden_replay(name: str) -> None:
    data = json.loads((GOLDEN_DIR / f"{name}.json").read_text(encoding="utf-8"))
    state = new_game("tharos", data["players"], data["seed"])
    for player, notation in data["actions"]:
        state.apply(player, Action.parse(notation))
    assert state.is_over()
    assert [s.to_dict() for s in state.scores()] == data["scores"]
    assert json.loads(state.to_json()) == data["final_state"]
    assert hashlib.sha256(state.to_json().encode()).hexdigest() == data["final_state_sha256"]
