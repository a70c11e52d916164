"""The arena's calibration with less or more chosen by the players: what docs/arena.md's
"Calibration and what the engine assumes" rests on, reproducible.

    .venv/bin/python build_scripts/calibration_probe.py --tokens none --moves 1 --games 3000
    .venv/bin/python build_scripts/calibration_probe.py --tokens random --policy greedy --moves 12 --games 1500
    .venv/bin/python build_scripts/calibration_probe.py --tokens none --policy greedy --games 1000
    .venv/bin/python build_scripts/calibration_probe.py --tokens advice --games 1000   # also random, middle; --seed 5
    .venv/bin/python build_scripts/calibration_probe.py --tokens advice --ignore-choice --games 1000 --seed 5
    .venv/bin/python build_scripts/calibration_probe.py --mission 27 --policy greedy --games 1000 --seed 1 [--fresh-deal]

Why: the engine's chances are exact for a deal uniform given the table, but a player's choices (where
the starting token goes, which value at which wire) also depend on their hand, so in the arena the
moves' outcomes may drift from the chances given.  This plays arena games (mission 4, 5 players by
default) with starting tokens from the page's advice, on a random blue wire (a seeded draw that looks
at no value), on the blue wire nearest the stand's middle (a rule by position), or none, with one
policy; keeps the first ``--moves`` moves with a chance of each game (all of them by default) and
prints the calibration bins with z = (observed − predicted) / se, and over whole games the win rate.
An advised value token's choice is read as the arena reads it (``token_choice_facts``) unless
``--ignore-choice``.  ``--fresh-deal``: before every decision the wires only their owner sees are drawn
again from the exact posterior of the public table (``Referee.redraw``), so the deal tells nothing the
table does not: the bins then measure the engine alone over whole games, and the gap to the same games
without it is what the players' choices told (docs/arena.md, "What the choices tell").
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_engine"))

from bombbusters.advice.indication import placed_token  # noqa: E402
from bombbusters.arena.deal import deal_game, playable  # noqa: E402
from bombbusters.arena.game import play_game  # noqa: E402
from bombbusters.arena.run import POLICIES  # noqa: E402
from bombbusters.arena.stats import calibration  # noqa: E402
from bombbusters.arena.tokens import advised_token  # noqa: E402

TOKENS = ("advice", "random", "middle", "none")


def _spots(view, kind: str) -> list[tuple[int, int]]:
    """The slots of mine where a starting token of this kind may go (the advice's own test: ``placed_token``)."""
    me = view.me
    return [(s, j) for s in range(len(view.players[me].stands)) for j, sl in enumerate(view.stand(me, s))
            if placed_token(kind, sl, view.stand(me, s)) is not None]


def random_blue(view, kind: str, rng: random.Random) -> tuple[int, int] | None:
    """A uniformly drawn slot of mine where the token may go (a blue wire): the draw reads no value."""
    spots = _spots(view, kind)
    return rng.choice(spots) if spots else None


def middle_blue(view, kind: str) -> tuple[int, int] | None:
    """The blue wire nearest the middle of my first stand: a rule by position that reads no value."""
    spots = _spots(view, kind)
    mid = (len(view.stand(view.me, 0)) - 1) / 2
    return min(spots, key=lambda sj: (sj[0], abs(sj[1] - mid), sj[1])) if spots else None


def one_game(args: tuple) -> tuple[list, bool]:
    """(the (chance given, succeeded) of game k's first moves, whether the game was won)."""
    mission, players, policy, tokens, moves, seed, k, read, fresh = args
    m = playable(mission, players)
    if tokens == "none":
        m = replace(m, tokens="none")
    choose = {"random": partial(random_blue, rng=random.Random(f"probe:{seed}:{k}")),
              "middle": middle_blue}.get(tokens, advised_token)
    r = play_game(deal_game(m, players, seed, k), m, POLICIES[policy], check_truth=read, choose=choose, moves=moves,
                  read_choice=read, redraw=seed * 100_003 + k if fresh else None)
    assert not r.truth_impossible, "a fact read from a token choice ruled out the real deal"
    return (r.taken if moves is None else r.taken[:moves]), r.won


def pooled_z(taken: list) -> float:
    """Σ (succeeded − given) over √Σ given·(1 − given), over the moves given less than 99.9 %: one figure for
    a lean the bins share (the sure moves left out, as they carry no variance)."""
    kept = [(p, ok) for p, ok in taken if p < 0.999]
    var = sum(p * (1 - p) for p, _ok in kept)
    return sum(ok - p for p, ok in kept) / math.sqrt(var) if var else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mission", type=int, default=4)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--policy", default="advice", choices=sorted(POLICIES))
    ap.add_argument("--tokens", default="advice", choices=TOKENS)
    ap.add_argument("--moves", type=int, default=None, help="keep each game's first MOVES moves with a chance")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ignore-choice", action="store_true",
                    help="advised value tokens add only their face, not what their choice tells (the arena's "
                         "rule before token_choice_facts: the figures docs/arena.md gives for it)")
    ap.add_argument("--fresh-deal", action="store_true",
                    help="draw the hidden wires again from the public table before every decision")
    args = ap.parse_args()
    tasks = [(args.mission, args.players, args.policy, args.tokens, args.moves, args.seed, k, not args.ignore_choice,
              args.fresh_deal) for k in range(args.games)]
    t0 = time.perf_counter()
    if args.jobs == 1:
        games = [one_game(task) for task in tasks]
    else:
        from multiprocessing import get_context

        with get_context("spawn").Pool(args.jobs) as pool:
            games = list(pool.imap(one_game, tasks, chunksize=8))
    taken = [t for got, _won in games for t in got]
    bins, brier = calibration(taken)
    won = sum(w for _got, w in games) / len(games)
    print(f"mission {args.mission}, {args.players} players, tokens {args.tokens}"
          f"{' (choice ignored)' if args.ignore_choice else ''}, policy {args.policy}"
          f"{', fresh deal each decision' if args.fresh_deal else ''}, "
          f"{args.games} games (seed {args.seed}), first {args.moves or 'all'} moves: {len(taken)} moves, "
          f"Brier {brier:.4f}, {time.perf_counter() - t0:.0f} s"
          + ("" if args.moves else f"; won {won * 100:.1f} ± {math.sqrt(won * (1 - won) / len(games)) * 100:.1f} %"))
    print("| chance | moves | predicted % | observed % | se % | z |\n|---|---|---|---|---|---|")
    for b in bins:
        if b["n"]:
            z = (b["observed"] - b["predicted"]) / b["se"] if b["se"] else 0.0
            print(f"| {b['lo']:.1f}–{b['hi']:.1f} | {b['n']} | {b['predicted'] * 100:.1f} | {b['observed'] * 100:.1f} | "
                  f"{b['se'] * 100:.1f} | {z:+.1f} |")
    worst = max((abs((b["observed"] - b["predicted"]) / b["se"]) for b in bins if b["n"] and b["se"]), default=0.0)
    pooled = pooled_z(taken)
    print(f"all moves given under 99.9 %: z {pooled:+.2f}")
    print(json.dumps({"moves": len(taken), "worst_abs_z": round(worst, 2), "pooled_z": round(pooled, 2),
                      "brier": round(brier, 5),
                      "results": [int(w) for _got, w in games]}))


if __name__ == "__main__":
    main()
