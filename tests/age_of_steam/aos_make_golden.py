"""(Re)generate the Age of Steam golden replays in ``tests/age_of_steam/golden/`` — deliberately.

Each file holds a full match (players, seed, every action in notation) played by the greedy bot in every seat and
the final state it reached; ``test_aos_golden.py`` replays the actions and fails on any drift. Regenerate only when
a change is meant to alter play, and review the diff:

    .venv/bin/python tests/age_of_steam/aos_make_golden.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
SPECS = {"3p": (3, 2002), "4p": (4, 2003), "5p": (5, 2004), "6p": (6, 2005)}


def generate(players: int, seed: int) -> dict[str, Any]:
    from brassboard.bots import seat_seed
    from brassboard.engine import new_game
    from brassboard.games.age_of_steam.bots import GreedyBot

    state = new_game("age_of_steam", players, seed)
    bots = [GreedyBot(seat_seed(seed, p)) for p in range(players)]
    actions: list[list[Any]] = []
    while not state.is_over():
        (p,) = state.active_players()
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
        print(name, len(data["actions"]), "actions")


if __name__ == "__main__":
    sys.exit(main())
