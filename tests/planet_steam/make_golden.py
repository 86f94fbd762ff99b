"""(Re)generate the Planet Steam golden replays in ``tests/planet_steam/golden/`` — deliberately.

A golden replay is one complete recorded match (the ``MatchRecord``: options, seed and every action) together with
the final state it must reach. ``test_golden.py`` replays each record and fails if the final state, the scores or the
winners drift. That is the point: any change of the rules that alters a played match shows up there.

When a change is *meant* to alter play (a rules fix, a new figure in ``data/board.toml``, a change of move
generation), regenerate and review the diff of the golden files in the same commit:

    .venv/bin/python tests/planet_steam/make_golden.py            # rewrite every golden file
    .venv/bin/python tests/planet_steam/make_golden.py 2p 5p      # only these
    .venv/bin/python tests/planet_steam/make_golden.py --check    # report drift, write nothing (exit 1 on drift)

The matches are played by the greedy bot (``brassboard.games.planet_steam.bots.BOTS["greedy"]``, seats seeded with
``brassboard.bots.seat_seed``) where it exists, else by the seeded mixed random players of ``play_policies``; one
extra match plays the 2008 edition with every option on by the mixed random players. The policy only chooses the
actions when generating: the test replays the stored actions and never runs a bot, so a change of the bot does not
touch the golden files until they are regenerated.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(HERE))

from play_policies import ALL_ON, GAME, Chooser, seat_policies  # noqa: E402

from brassboard.bots import game_bots, seat_seed  # noqa: E402
from brassboard.engine import GameState, Match, MatchRecord  # noqa: E402

GOLDEN_DIR = HERE / "golden"


@dataclass(frozen=True)
class Spec:
    name: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    policy: str = "greedy"  # "greedy" (falls back to "mixed" without the bot) or "mixed"


SPECS: tuple[Spec, ...] = (
    Spec("2p", 2, 20132),
    Spec("3p", 3, 20133),
    Spec("4p", 4, 20134),
    Spec("5p", 5, 20135),
    Spec("3p_2008_all_options", 3, 2008, {**ALL_ON, "edition": "2008", "river_neutrals": 2}, "mixed"),
)


def state_hash(state: GameState) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


def seats_for(spec: Spec) -> tuple[str, list[Chooser]]:
    bots = game_bots(GAME)
    if spec.policy == "greedy" and "greedy" in bots:
        return "greedy", [bots["greedy"](seat_seed(spec.seed, seat)) for seat in range(spec.players)]
    return "mixed", seat_policies(spec.seed, spec.players)


def generate(spec: Spec) -> dict[str, Any]:
    """Play the spec's match and return the golden file's content."""
    policy, seats = seats_for(spec)
    match = Match(GAME, spec.players, spec.seed, spec.options)
    while not match.state.is_over():
        (player,) = match.state.active_players()
        match.apply(player, seats[player].choose(match.state, player))
    match.record.meta = {"generator": "tests/planet_steam/make_golden.py", "policy": policy, "golden": spec.name}
    state = match.state
    # a player that changes the state it is shown (instead of a clone) would record a match no replay reproduces
    replayed = Match.replay(MatchRecord.from_json(match.record.to_json())).state
    if replayed.to_json() != state.to_json():
        raise SystemExit(f"{spec.name}: the recorded match does not replay to the played final state; "
                         f"does the {policy} player change the state it is given?")
    return {
        "name": spec.name,
        "policy": policy,
        "record": match.record.to_dict(),
        "actions": len(match.record.actions),
        "scores": [score.to_dict() for score in state.scores()],
        "winners": state.winners(),
        "final_state_sha256": state_hash(state),
        "final_state": json.loads(state.to_json()),
    }


def replay(data: dict[str, Any]) -> Match:
    return Match.replay(MatchRecord.from_dict(data["record"]))


def path_of(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.json"


_SCALAR_LIST = re.compile(r'\[\n((?:[ ]*(?:-?\d+|"(?:[^"\\\n]|\\.)*"|true|false|null),?\n)+)[ ]*\]')


def dump(data: dict[str, Any]) -> str:
    """Indented JSON with every list of plain values on one line (one action per line: readable diffs)."""
    text = json.dumps(data, indent=1, sort_keys=True)
    text = _SCALAR_LIST.sub(lambda m: "[" + " ".join(line.strip() for line in m.group(1).splitlines()) + "]", text)
    return text + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help=f"golden files to regenerate (default all: {[s.name for s in SPECS]})")
    parser.add_argument("--check", action="store_true", help="only report which golden files would change")
    args = parser.parse_args(argv)
    known = {spec.name: spec for spec in SPECS}
    unknown = [name for name in args.names if name not in known]
    if unknown:
        parser.error(f"unknown golden names {unknown}; known: {sorted(known)}")
    drift = 0
    GOLDEN_DIR.mkdir(exist_ok=True)
    for spec in SPECS:
        if args.names and spec.name not in args.names:
            continue
        text = dump(generate(spec))
        path = path_of(spec.name)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            print(f"{spec.name}: unchanged")
            continue
        drift += 1
        if args.check:
            print(f"{spec.name}: WOULD CHANGE ({path})")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{spec.name}: written ({path})")
    return 1 if args.check and drift else 0


if __name__ == "__main__":
    raise SystemExit(main())
