#!/usr/bin/env python3
"""Truncated playouts against whole ones, on the same deals (issue 43's search; a measurement, not a test).

Why: a search that compares my first moves by playing the game out (``arena/search.py``) costs a whole
game of the team policy per world and move (≈ 20 decisions of ≈ 10 ms native), far over the page's
budget.  A playout stopped after ``d`` decisions and scored by a value estimate of the table it reached
costs ``d`` decisions, and its score is a chance, not a 0/1 outcome: fewer worlds may do.  This measures
both sides on the arena's own close calls (where the search policy would play out: the team policy's
first two moves within ``CLOSE`` of each other, neither sure):

1. each close call's first ``TOP`` moves are played on the same ``--worlds`` worlds drawn from the actor's
   exact posterior, then the team policy to the end (``compare_moves``'s playouts), recording at every
   decision what the table then shows (its features, below) and at the end whether the team won;
2. the value estimate is a logistic fit of "won" on the features at decision ``d``, on the close calls of
   the first half of the games; on the other half, each move's truncated estimate (the fit at ``d``, or
   the outcome where the game ended sooner) is set against its whole playouts' on the same worlds. Per
   close call and move, the paired difference (the move less the team policy's first) both ways: the
   slope of the whole playouts' on the truncated ones' over the close calls (1: the truncated difference
   is the whole one's expectation; 0: it says nothing of it), their correlation (bounded by the whole
   playouts' own noise), and the spread of a paired difference over the worlds, truncated against whole
   (under 1: fewer worlds give the same precision), at the share of the decisions each depth costs.

The features are what the table shows the team and the drawn world decides (the playouts' referee
knows it): mistakes left, uncut wires, uncut wires whose value a token shows, uncut values;
with ``--public``, what the engine makes of the public table as well (the share of uncut
wires it is sure of, their mean bits).  Usage::

    .venv/bin/python build_scripts/truncation_probe.py --mission 40 --players 5 --games 30 --seed 3
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_engine"))

from bombbusters.advice.moves import rank_moves  # noqa: E402
from bombbusters.advice.team import takeable, team_choice  # noqa: E402
from bombbusters.arena import advice  # noqa: E402
from bombbusters.arena.deal import deal_game, playable  # noqa: E402
from bombbusters.arena.game import play_game, play_on  # noqa: E402
from bombbusters.arena.leaf_value import features  # noqa: E402
from bombbusters.arena.referee import Decision  # noqa: E402
from bombbusters.arena.search import first_then_team  # noqa: E402
from bombbusters.arena.search_policy import TOP, close_call, searched  # noqa: E402
from bombbusters.arena.win import Equipment, playout_referee, playout_start  # noqa: E402
from bombbusters.questions.analysis import solve_state  # noqa: E402
from bombbusters.questions.sampler import sample_deals  # noqa: E402
from bombbusters.table.state import GameState  # noqa: E402

DEPTHS = (1, 2, 4, 6, 8, 12)
#: also the engine's reading of the public table at the depths measured (``--public``)
PUBLIC = False


def close_calls(mission: int, players: int, games: int, seed: int, per_game: int) -> list[tuple[int, GameState]]:
    """(game, the actor's view) at the first ``per_game`` close calls of each game the team policy plays."""
    m = playable(mission, players)
    out: list[tuple[int, GameState]] = []
    for k in range(games):
        seen: list[GameState] = []

        def watch(view: GameState, an) -> Decision:
            ranked, _move, _before = team_choice(view, rank_moves(view, an))
            order = [x for x in ranked if takeable(x)][:TOP]
            if len(seen) < per_game and close_call(order):
                seen.append(view)
            return advice.decide(view, an)

        play_game(deal_game(m, players, seed, k), m, watch, check_truth=False)
        out += [(k, v) for v in seen]
    return out


Run = tuple[int, int, dict[int, list[float]]]


def play_out(view: GameState, worlds: int) -> tuple[list[dict], list[list[Run]], float]:
    """The close call's first moves, each played on the same worlds to the end: per move, per world,
    (won, the decisions after the move, the features after ``d`` of them for each depth measured); and
    the seconds per decision."""
    state, seed = searched(view)
    ranked, _m, _b = team_choice(state, rank_moves(state, solve_state(state, reuse=True)))
    moves = [x for x in ranked if takeable(x)][:TOP]
    table, first, mistakes = playout_start(state)
    eq = Equipment(state.extra.get("equipment"), len(state.players))
    runs: list[list[Run]] = [[] for _ in moves]
    decisions, t0 = 0, time.perf_counter()
    for i, world in enumerate(sample_deals(state, worlds, seed)):
        for c, move in enumerate(moves):
            ref = playout_referee(table, world, mistakes, eq, draw=worlds * seed + i + 1)
            first_then = first_then_team(view.me, move)
            seen: list[list[float]] = []

            def record(v: GameState, an, ref=ref, seen=seen, first_then=first_then) -> Decision:
                seen.append(features(ref, PUBLIC and len(seen) - 1 in DEPTHS))  # (seen[0]: my move)
                return first_then(v, an)

            won = play_on(ref, record, first, check_truth=False).won
            after = seen[1:]  # after my move
            runs[c].append((int(won), len(after), {d: after[d] for d in DEPTHS if d < len(after)}))
            decisions += len(seen)
    return moves, runs, (time.perf_counter() - t0) / max(1, decisions)


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Weights of P(won) = 1 / (1 + exp(-x·w)) by Newton's method (a small ridge keeps it finite)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def estimate(run: Run, d: int, w: np.ndarray | None) -> float:
    """A playout's score at depth d: the fit on the table after d decisions, or the outcome if it ended."""
    won, n, feats = run
    if w is None or n <= d:
        return float(won)
    return float(1 / (1 + math.exp(-np.dot(feats[d], w))))


def report(calls: list[tuple[int, list, list, float]], games: int, test_calls: list | None = None) -> None:
    """Fit on the first half of the games, compare on the second (see the module's docstring); with
    ``test_calls``, fit on ``calls`` and compare on those."""
    train = [c for c in calls if c[0] < games // 2] if test_calls is None else calls
    test = [c for c in calls if c[0] >= games // 2] if test_calls is None else test_calls
    per_decision = sum(c[3] for c in calls) / len(calls)
    whole = np.mean([r[1] for c in test for runs in c[2] for r in runs])
    print(f"\n{len(calls)} close calls ({len(train)} to fit, {len(test)} to compare), "
          f"{per_decision * 1000:.1f} ms a decision native, {whole:.1f} decisions after the move on average")
    print("depth  cost  slope of whole on truncated (± se)  corr   se of a paired difference: truncated / whole")
    for d in DEPTHS:
        xs = np.array([r[2][d] for c in train for runs in c[2] for r in runs if r[1] > d])
        ys = np.array([r[0] for c in train for runs in c[2] for r in runs if r[1] > d], dtype=float)
        w = fit_logistic(xs, ys) if len(ys) > 10 else None
        da, db, ratios = [], [], []
        for c in test:
            base_t = [estimate(r, d, w) for r in c[2][0]]
            base_f = [float(r[0]) for r in c[2][0]]
            for runs in c[2][1:]:
                t = np.array([estimate(r, d, w) for r in runs]) - base_t
                f = np.array([float(r[0]) for r in runs]) - base_f
                da.append(t.mean())
                db.append(f.mean())
                if f.std() > 0:
                    ratios.append(t.std() / f.std())
        x, y = np.array(da), np.array(db)
        slope, se = _slope(x, y)
        corr = float(np.corrcoef(x, y)[0, 1]) if x.std() > 0 and y.std() > 0 else float("nan")
        cost = np.mean([min(d, r[1]) / max(1, r[1]) for c in test for runs in c[2] for r in runs])
        fit = "" if w is None else "  fit: " + " ".join(f"{x:+.2f}" for x in w)
        print(f"{d:5d}  {cost:4.0%}  {slope:14.2f} ± {se:4.2f}{'':17s}  {corr:5.2f}  {np.median(ratios):.2f}{fit}")


def _slope(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Least-squares slope of y on x (with an intercept) and its standard error."""
    if len(x) < 3 or x.std() == 0:
        return float("nan"), float("nan")
    xc = x - x.mean()
    b = float(xc @ (y - y.mean()) / (xc @ xc))
    resid = y - y.mean() - b * xc
    return b, float(math.sqrt(resid @ resid / (len(x) - 2) / (xc @ xc)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mission", type=int, default=40)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--per-game", type=int, default=2, help="close calls kept per game")
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--public", action="store_true", help="features from the engine's public analysis too")
    ap.add_argument("--save", type=Path, help="write the playouts' records to this JSON file")
    ap.add_argument("--fit", type=Path, nargs="+", help="no games: one fit on the first half of each saved "
                    "file's games, compared on each file's second half and on all of them")
    args = ap.parse_args(argv)
    if args.fit:
        return fit_saved(args.fit)
    global PUBLIC
    PUBLIC = args.public
    t0 = time.perf_counter()
    found = close_calls(args.mission, args.players, args.games, args.seed, args.per_game)
    print(f"mission {args.mission}, {args.players} players, seed {args.seed}: {len(found)} close calls in "
          f"{args.games} games ({time.perf_counter() - t0:.0f} s)", flush=True)
    calls = []
    for n, (k, view) in enumerate(found):
        moves, runs, per = play_out(view, args.worlds)
        calls.append((k, moves, runs, per))
        print(f"  {n + 1}/{len(found)} game {k}: " + ", ".join(f"{sum(r[0] for r in rs)}/{len(rs)}" for rs in runs),
              flush=True)
    report(calls, args.games)
    if args.save:
        head = {k: getattr(args, k) for k in ("mission", "players", "games", "seed", "worlds", "public")}
        args.save.write_text(json.dumps(dict(head, calls=[[k, runs, per] for k, _m, runs, per in calls])))
    return 0


def fit_saved(paths: list[Path]) -> int:
    """One fit over several saved probes (each file's first half of games), judged on each file's second
    half and on all second halves together: does one value estimate serve every mission?"""
    train: list = []
    tests: list[tuple[str, list]] = []
    for path in paths:
        doc = json.loads(path.read_text())
        calls = [(k, None, [[(r[0], r[1], {int(d): f for d, f in r[2].items()}) for r in runs] for runs in moves],
                  per) for k, moves, per in doc["calls"]]
        train += [c for c in calls if c[0] < doc["games"] // 2]
        tests.append((f"mission {doc['mission']}, {doc['players']} players", [c for c in calls if c[0] >= doc["games"] // 2]))
    for name, test in tests + [("all", [c for _n, t in tests for c in t])]:
        print(f"\n== judged on {name}")
        report(train, 0, test)
    return 0


if __name__ == "__main__":
    sys.exit(main())
