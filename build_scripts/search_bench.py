#!/usr/bin/env python3
"""The search against the one-step team policy, on the same deals (issue 43's measure; not a test).

    .venv/bin/python build_scripts/search_bench.py --rows 40:5,24:5 --games 150 --seed 9 [--jobs 2]

Why paired: both policies play every deal with the same starting tokens (``arena_many``), so their
difference per game is measured on the same cards and its standard error is far smaller than either
win rate's.  Each row is written to ``--out`` (JSON, one entry per mission:players:seed:games) as soon
as it ends, so a run cut short keeps what it finished; a row already there is not played again.
Printed per row: games won by each, the paired difference ± its standard error, truth and sure
failures for both, seconds per game.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_engine"))
sys.path.insert(0, str(ROOT / "build_scripts"))

from arena_stages import paired  # noqa: E402
from bombbusters.arena.run import arena_many  # noqa: E402

POLICIES = ("onestep", "search")


def play_row(mission: int, players: int, games: int, seed: int, jobs: int) -> dict:
    """Both policies on the same ``games`` deals: their summaries and the paired difference."""
    t0 = time.perf_counter()
    got = arena_many(mission, players, games, seed, POLICIES, jobs, progress=lambda t: print(t, flush=True))
    wins = {p: got[p]["results"] for p in POLICIES}
    mean, se = paired(wins["search"], wins["onestep"])
    return {"mission": mission, "players": players, "games": games, "seed": seed,
            "won": {p: sum(wins[p]) for p in POLICIES}, "search_minus_onestep": mean, "se": se,
            "truth_impossible": {p: got[p]["truth_impossible"] for p in POLICIES},
            "sure_failures": {p: got[p]["sure_failures"] for p in POLICIES},
            "seconds_per_game": (time.perf_counter() - t0) / games}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="40:5,24:5", help="mission:players,…")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "search.json")
    args = ap.parse_args(argv)
    done = json.loads(args.out.read_text()) if args.out.exists() else {}
    for row in args.rows.split(","):
        mission, players = map(int, row.split(":"))
        key = f"{mission}:{players}:{args.seed}:{args.games}"
        if key not in done:
            done[key] = play_row(mission, players, args.games, args.seed, args.jobs)
            args.out.write_text(json.dumps(done, indent=1) + "\n")
        r = done[key]
        print(f"mission {mission}, {players} players, seed {args.seed}, {args.games} games: onestep "
              f"{r['won']['onestep']}, search {r['won']['search']} won; search − onestep "
              f"{r['search_minus_onestep'] * 100:+.1f} ± {r['se'] * 100:.1f} points; truth impossible "
              f"{r['truth_impossible']}, sure failures {r['sure_failures']}; {r['seconds_per_game']:.1f} s a game",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
