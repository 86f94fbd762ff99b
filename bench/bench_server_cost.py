"""What a replay request and the lobby's match list cost the server, on this tree and (``--before DIR``) on another
checkout of Brassboard, e.g. the main branch before issue 11. Prints figures; never asserts a timing.

    .venv/bin/python bench/bench_server_cost.py [--before /path/to/old/checkout] [--matches 500] [--requests 200]
                                                [--json]

Both trees are measured the same way, each in a subprocess of its own (PYTHONPATH set to the tree), through the
server's core (:class:`MatchService` on a temporary SQLite file, no HTTP):

  replay  a hotseat Planet Steam match (4 players, seed 7) played by random legal actions to its end, then
          ``replay(match, at)``: the latest position (what a polling client asks for), the same again, and positions
          drawn at random. ms per request, mean and p95, and the actions the rules applied per request.
  list    ``--matches`` public tic-tac-toe matches with an open seat; ``list_matches`` of one page of 100 (the
          lobby's request), of all of them at once (limit 500), and of all of them page by page (100 a page).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(matches: int, requests: int) -> dict[str, Any]:
    """Runs inside the tree being measured (imported from PYTHONPATH)."""
    import inspect

    from brassboard.engine import GameState, new_game
    from brassboard.server.db import make_engine, upgrade
    from brassboard.server.service import MatchService
    from brassboard.server.store import Store

    applied = 0
    original = GameState.apply

    def counting(state: GameState, player: int, action: Any) -> Any:
        nonlocal applied
        applied += 1
        return original(state, player, action)

    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.sqlite'}")
        upgrade(engine)
        store = Store(engine)
        service = MatchService(store)
        private = "visibility" in inspect.signature(service.create).parameters

        def create(game: str, seats: list[str], seed: int | None) -> str:
            extra = ("public",) if private else ()
            match_id: str = service.create(game, len(seats), seats, None, seed, None, *extra)["id"]
            return match_id

        # ----- replay -----
        match_id = create("planet_steam", ["human"] * 4, 7)
        state = new_game("planet_steam", 4, 7)
        rng = random.Random(7)
        version = 0
        while not state.is_over() and version < 2000:
            seat = rng.choice(state.active_players())
            action = str(rng.choice(state.legal_actions(seat)))
            state.apply(seat, action)
            service.act(match_id, seat, action, version)
            version += 1
        GameState.apply = counting  # type: ignore[method-assign]
        results: dict[str, Any] = {"actions": version}

        def timed(positions: list[int | None]) -> dict[str, float]:
            nonlocal applied
            gc.collect()  # each series starts with no garbage of the set-up to collect (in both trees alike)
            times, counts = [], []
            for at in positions:
                applied = 0
                start = time.perf_counter()
                service.replay(match_id, at)
                times.append((time.perf_counter() - start) * 1000)
                counts.append(applied)
            return {"mean_ms": statistics.fmean(times), "p95_ms": percentile(times, 0.95),
                    "applied_per_request": statistics.fmean(counts)}

        results["replay_latest_first"] = timed([None])
        results["replay_latest_again"] = timed([None] * requests)
        picks = random.Random(1)
        results["replay_random_at"] = timed([picks.randrange(version + 1) for _ in range(requests)])
        GameState.apply = original  # type: ignore[method-assign]

        # ----- listing -----
        for _ in range(matches):
            create("tictactoe", ["human", "open"], None)

        def listing(limit: int, cursor: str | None) -> tuple[list[Any], str | None]:
            answer = service.list_matches("open", limit, *((cursor,) if private else ()))
            if isinstance(answer, tuple):
                return answer[0], answer[1]
            return answer, None

        def timed_list(how: str) -> dict[str, float]:
            gc.collect()
            times = []
            for _ in range(max(5, requests // 10)):
                start = time.perf_counter()
                if how == "page":
                    listing(100, None)
                elif how == "all":
                    listing(500, None)
                else:
                    cursor: str | None = None
                    seen = 0
                    while True:
                        page, cursor = listing(100, cursor)
                        seen += len(page)
                        if cursor is None or not private:
                            break
                times.append((time.perf_counter() - start) * 1000)
            return {"mean_ms": statistics.fmean(times), "p95_ms": percentile(times, 0.95)}

        results["list_page_of_100"] = timed_list("page")
        results["list_500_at_once"] = timed_list("all")
        results["list_500_by_pages"] = timed_list("pages") if private else None
        store.close()
        engine.dispose()
    return results


def run_tree(tree: Path, matches: int, requests: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import bench_server_cost as b; "
            "print(json.dumps(b.measure(int(sys.argv[2]), int(sys.argv[3]))))")
    done = subprocess.run([sys.executable, "-c", code, str(Path(__file__).resolve().parent), str(matches),
                           str(requests)], env=env, capture_output=True, text=True, check=False, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, help="another checkout to measure first (e.g. main before issue 11)")
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    trees = ([("before", args.before.resolve())] if args.before else []) + [("after", HERE)]
    results = {name: run_tree(tree, args.matches, args.requests) for name, tree in trees}
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"Planet Steam, 4 players, seed 7: {results['after']['actions']} actions; {args.matches} open matches\n")
    print(f"{'request':<24}" + "".join(f"{name + ' ms mean':>17}{'p95':>9}{'actions':>9}" for name, _ in trees))
    for key in ("replay_latest_first", "replay_latest_again", "replay_random_at", "list_page_of_100",
                "list_500_at_once", "list_500_by_pages"):
        row = f"{key:<24}"
        for name, _ in trees:
            figures = results[name].get(key)
            if figures is None:
                row += f"{'—':>17}{'':>9}{'':>9}"
                continue
            row += f"{figures['mean_ms']:>17.2f}{figures['p95_ms']:>9.2f}"
            row += f"{figures['applied_per_request']:>9.0f}" if "applied_per_request" in figures else f"{'':>9}"
        print(row)


if __name__ == "__main__":
    main()
