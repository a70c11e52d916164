"""``python -m bombbusters arena``: a series of games of one mission with one policy.

Why games by index: game k is dealt from (seed, k) alone, so every policy meets the same deals
and ``--jobs`` (games spread over processes) changes no result.
"""

from __future__ import annotations

import sys
import time
from typing import Callable

from ..table.errors import StateError
from . import advice, greedy, rank
from .deal import deal_game, playable
from .game import GameResult, Policy, play_game
from .stats import summary

__all__ = ["POLICIES", "arena", "play_one"]

#: policy name -> decide(view, analysis)
POLICIES: dict[str, Policy] = {"greedy": greedy.decide, "rank": rank.decide, "advice": advice.decide}


def play_one(args: tuple[int, int, str, int, int]) -> GameResult:
    """Game k of (mission, players, policy, seed): what a worker process runs."""
    mission, players, policy, seed, k = args
    m = playable(mission, players)
    return play_game(deal_game(m, players, seed, k), m, POLICIES[policy])


def arena(mission: int, players: int, games: int, seed: int = 1, policy: str = "advice", jobs: int = 1,
          progress: Callable[[str], None] | None = None) -> dict:
    """Play ``games`` games and sum them up (see :func:`.stats.summary`)."""
    if policy not in POLICIES:
        raise StateError(f"unknown policy {policy!r} (known: {', '.join(POLICIES)})", field="policy")
    for name, value in (("games", games), ("jobs", jobs)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise StateError(f"{name} must be a whole number ≥ 1, got {value!r}", field=name)
    playable(mission, players)  # a mission the arena cannot play is refused before any game
    say = progress or (lambda text: print(text, file=sys.stderr, flush=True))
    tasks = [(mission, players, policy, seed, k) for k in range(games)]
    results: list[GameResult] = []
    t0 = time.perf_counter()
    step = max(1, games // 20)

    def note(r: GameResult) -> None:
        results.append(r)
        if len(results) % step == 0 or len(results) == games:
            won = sum(x.won for x in results)
            say(f"arena: mission {mission}, {players} players, {policy}: {len(results)}/{games} games, "
                f"{won} won, {time.perf_counter() - t0:.1f} s")

    if jobs == 1:
        for t in tasks:
            note(play_one(t))
    else:
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap(play_one, tasks, chunksize=max(1, min(8, games // (4 * jobs)))):
                note(r)
    return {"mission": mission, "players": players, "policy": policy, "seed": seed, **summary(results)}
