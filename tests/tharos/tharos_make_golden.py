"""(Re)generate the Tharos golden replays in ``tests/tharos/golden/`` — deliberately.

Each file holds a full match (players, seed, every action in notation) played by the greedy bot in every seat and
the final state it reached; ``test_tharos_golden.py`` replays the actions and fails on any drift. Regenerate only
when a change is meant to alter play, and review the diff:

    PYTHONPATH=$PWD .venv/bin/python tests/tharos/tharos_make_golden.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
SPECS = {"2p": (2, 2021), "3p": (3, 2022), "4p": (4, 2023)}


def generate(players: int, seed: int) -> dict[str, Any]:
    from brassboard.bots import seat_seed
    from brassboard.engine import new_game
    from brassboard.games.tharos.bots import GreedyBot

    state = new_game("tharos", players, seed)
    bots = [GreedyBot(seat_seed(seed, p)) for p in range(players)]
    actions: list[list[Any]] = []
    while not state.is_over():
        p = state.active_players()[0]
        action = bots[p].choose(state, p)
        state.apply(p, action)
        actions.append([p, str(action)])
    final = state.to_json()
    return {"players": players, "seed": seed, "actions": actions,
            "scores": [s.to_dict() for s in state.scores()], "final_state": json.loads(final),
            "final_state_sha256": hashlib.sha256(final.encode()).hexdigest()}


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, (players, seed) in SPECS.items():
        data = generate(players, seed)
        (GOLDEN_DIR / f"{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(name, len(data["actions"]), "actions", [s["total"] for s in data["scores"]])


if __name__ == "__main__":
    sys.exit(main())
