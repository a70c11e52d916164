"""The arena's figures over a series of games: win rate with its standard error, how games were
lost, the truth checks, and the calibration of the chances given for the moves taken.

Why calibration by bins: if the engine's chances are exact, the moves it gave 70–80 % succeed
70–80 % of the time; each bin's standard error says how far chance alone may take it.
"""

from __future__ import annotations

import math
from typing import Iterable

from .game import GameResult

__all__ = ["BINS", "calibration", "card_counts", "summary"]

BINS = 10


def calibration(taken: Iterable[tuple[float, bool]]) -> tuple[list[dict], float]:
    """(the bins of predicted chance with predicted and observed success, the Brier score)."""
    sums = [[0, 0.0, 0, 0.0] for _ in range(BINS)]  # n, sum predicted, successes, sum p(1-p)
    brier, total = 0.0, 0
    for p, ok in taken:
        b = sums[min(BINS - 1, int(p * BINS))]
        b[0] += 1
        b[1] += p
        b[2] += int(ok)
        b[3] += p * (1 - p)
        brier += (p - ok) ** 2
        total += 1
    bins = []
    for i, (n, sp, k, var) in enumerate(sums):
        bins.append({"lo": i / BINS, "hi": (i + 1) / BINS, "n": n,
                     "predicted": sp / n if n else None, "observed": k / n if n else None,
                     # the observed share's standard error if the predictions are right
                     "se": math.sqrt(var) / n if n else None})
    return bins, (brier / total if total else 0.0)


def card_counts(results: Iterable[GameResult]) -> dict[str, dict[str, int]]:
    """Per equipment card id: in how many games it lay in play (dealt face up, or brought in by False
    Bottom), was unlocked (wires of its number cut), was used (played, or acted by itself)."""
    out: dict[str, dict[str, int]] = {}
    for r in results:
        for card, flags in r.cards.items():
            row = out.setdefault(card, {"in_play": 0, "unlocked": 0, "used": 0})
            for name, flag in zip(("in_play", "unlocked", "used"), flags):
                row[name] += int(flag)
    return dict(sorted(out.items(), key=lambda kv: (kv[0] == "Y", [int(x) for x in kv[0].split(".") if x.isdigit()])))


def summary(results: list[GameResult]) -> dict:
    """Everything the arena prints but the mission, players and policy."""
    n = len(results)
    wins = sum(r.won for r in results)
    p = wins / n if n else 0.0
    bins, brier = calibration(t for r in results for t in r.taken)
    return {
        "games": n,
        "wins": wins,
        "p": p,
        "se": math.sqrt(p * (1 - p) / n) if n else 0.0,
        "explosions": sum(r.outcome == "exploded" for r in results),
        "detonator_losses": sum(r.outcome == "detonator" for r in results),
        "stuck": sum(r.outcome == "stuck" for r in results),
        "mean_turns": sum(r.turns for r in results) / n if n else 0.0,
        "truth_impossible": sum(r.truth_impossible for r in results),
        "sure_failures": sum(r.sure_failures for r in results),
        "calibration": bins,
        "calibration_first": calibration(r.taken[0] for r in results if r.taken)[0],
        "brier": brier,
        "cards": card_counts(results),
        "results": [int(r.won) for r in results],
    }
