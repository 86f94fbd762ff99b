"""(Re)generate the Planet Unknown golden replays in ``tests/planet_unknown/golden/`` — deliberately.

A golden replay is one complete recorded match (options, seed, every action) with the final state it must reach;
``test_pu_golden.py`` replays each record and fails if the final state, the scores or the winners drift. When a
change is meant to alter play (a rules fix, a figure in ``data/*.toml``), regenerate and review the diff in the
same commit:

    .venv/bin/python tests/planet_unknown/pu_make_golden.py            # rewrite every golden file
    .venv/bin/python tests/planet_unknown/pu_make_golden.py --check    # report drift, write nothing (exit 1)

One match per player count (1-6) and eleven with the modules (dealt boards; Tartarus; Gaia; Republic on Petra; Flux on
K'Aax; Horizon on Lacuna; Cosmos on Tartarus; Oasis on K-273; Jump Drive on Arashi;
Wormhole Corp on Cerberus; Makeshift on Persephone), played by greedy bots seeded with
``brassboard.bots.seat_seed``; the 1-player match is the solo game (events always on), the 3- and 5-player ones
use events and private objectives. Players act
in the order of ``active_players()``, the lowest seat first. The test replays the stored actions and never runs a
bot, so a change of the bot does not touch the golden files until they are regenerated.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from brassboard.bots import make_bot, seat_seed
from brassboard.engine import GameState, Match, MatchRecord

GAME = "planet_unknown"
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class Spec:
    name: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)


SPECS: tuple[Spec, ...] = (
    Spec("1p_solo", 1, 4156),
    Spec("2p", 2, 4157),
    Spec("3p_events_private", 3, 4158, {"events": True, "private_objectives": True}),
    Spec("4p", 4, 4159),
    Spec("5p_events_private", 5, 4160, {"events": True, "private_objectives": True}),
    Spec("6p", 6, 4161),
    # the modules: dealt special planets chosen by the bots, and one planet for every seat
    Spec("3p_dealt_planets", 3, 4162, {"planets": "asymmetric", "corporations": "asymmetric", "events": True}),
    Spec("2p_tartarus", 2, 4163, {"planet": "Tartarus"}),
    Spec("4p_gaia_private", 4, 4164, {"planet": "Gaia", "private_objectives": True}),
    Spec("3p_republic_events", 3, 4165, {"corporation": "Republic", "planet": "Petra", "events": True}),
    Spec("2p_flux_kaax", 2, 4166, {"corporation": "Flux Industries", "planet": "K'Aax"}),
    Spec("3p_horizon_lacuna", 3, 4167, {"corporation": "Horizon Group", "planet": "Lacuna", "events": True}),
    Spec("2p_cosmos_tartarus", 2, 4168, {"corporation": "Cosmos Inc", "planet": "Tartarus"}),
    Spec("2p_oasis_k273", 2, 4169, {"corporation": "Oasis Ultd.", "planet": "K-273"}),
    Spec("3p_jump_drive_arashi", 3, 4170, {"corporation": "Jump Drive", "planet": "Arashi", "events": True}),
    Spec("2p_wormhole_cerberus", 2, 4171, {"corporation": "Wormhole Corp", "planet": "Cerberus", "events": True}),
    Spec("2p_makeshift_persephone", 2, 4172, {"corporation": "Makeshift", "planet": "Persephone", "events": True}),
)


def state_hash(state: GameState) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


def path_of(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.json"


def generate(spec: Spec) -> dict[str, Any]:
    bots = [make_bot("greedy", GAME, seat_seed(spec.seed, seat)) for seat in range(spec.players)]
    match = Match(GAME, spec.players, spec.seed, spec.options)
    while not match.state.is_over():
        player = match.state.active_players()[0]
        match.apply(player, bots[player].choose(match.state, player))
    match.record.meta = {"generator": "tests/planet_unknown/pu_make_golden.py", "policy": "greedy",
                         "golden": spec.name}
    state = match.state
    return {
        "record": match.record.to_dict(),
        "actions": len(match.record.actions),
        "scores": [s.to_dict() for s in state.scores()],
        "winners": state.winners(),
        "final_state_sha256": state_hash(state),
        "final_state": json.loads(state.to_json()),
    }


def replay(data: dict[str, Any]) -> Match:
    return Match.replay(MatchRecord.from_dict(data["record"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only these specs")
    parser.add_argument("--check", action="store_true", help="report drift; write nothing")
    args = parser.parse_args(argv)
    drift = 0
    for spec in SPECS:
        if args.names and spec.name not in args.names:
            continue
        data = generate(spec)
        path = path_of(spec.name)
        text = json.dumps(data, indent=1, sort_keys=True) + "\n"
        same = path.exists() and path.read_text(encoding="utf-8") == text
        if args.check:
            print(f"{spec.name}: {'ok' if same else 'DRIFT'}")
            drift += not same
        else:
            GOLDEN_DIR.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{spec.name}: {data['actions']} actions, scores {[s['total'] for s in data['scores']]}")
    return 1 if drift else 0


if __name__ == "__main__":
    sys.exit(main())
