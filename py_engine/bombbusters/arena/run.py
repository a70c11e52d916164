"""``python -m bombbusters arena``: a series of games of one mission with one policy.

Why games by index: game k is dealt from (seed, k) alone, so every policy meets the same deals
and ``--jobs`` (games spread over processes) changes no result.
"""

from __future__ import annotations

import copy
import sys
import time
from typing import Callable

from ..table.errors import StateError
from . import advice, greedy, rank, search_policy
from .card_play import playing_cards
from .deal import deal_game, playable
from .game import GameResult, Policy, play_on, start_game
from .stats import summary
from .table_rules import UNSIMULATED

__all__ = ["POLICIES", "arena", "arena_many", "play_one"]

#: policy name -> decide(view, analysis); ``rank``, ``advice`` and ``onestep`` also play the free cards
#: (``advice/free_cards.py``).  ``advice`` is the page's advice: the team policy with its close calls thought
#: ahead where the estimate holds (``search_policy.py``; ``search`` names the same); ``onestep`` the team
#: policy alone (``advice.py``).  Where the search does not think (a clear call, or a table unlike those its
#: estimate was fitted on) the two decide alike.
POLICIES: dict[str, Policy] = {"greedy": greedy.decide, "rank": playing_cards(rank.decide),
                               "advice": playing_cards(search_policy.decide), "onestep": playing_cards(advice.decide)}
POLICIES["search"] = POLICIES["advice"]


def play_one(args: tuple[int, int, tuple[str, ...], int, int]) -> list[GameResult]:
    """Game k of (mission, players, seed) played by each policy: what a worker process runs.  The
    starting tokens are placed once (every policy places the advised ones), then each policy plays
    on its own copy of the table."""
    mission, players, policies, seed, k = args
    m = playable(mission, players)
    start = start_game(deal_game(m, players, seed, k), m)
    return [play_on(copy.deepcopy(start), POLICIES[p], start.table.captain) for p in policies]


def arena(mission: int, players: int, games: int, seed: int = 1, policy: str = "advice", jobs: int = 1,
          progress: Callable[[str], None] | None = None) -> dict:
    """Play ``games`` games and sum them up (see :func:`.stats.summary`)."""
    return arena_many(mission, players, games, seed, (policy,), jobs, progress)[policy]


def arena_many(mission: int, players: int, games: int, seed: int = 1, policies: tuple[str, ...] = ("advice",),
               jobs: int = 1, progress: Callable[[str], None] | None = None) -> dict[str, dict]:
    """Each policy's :func:`arena` on the same games, each deal and its starting tokens made once."""
    for policy in policies:
        if policy not in POLICIES:
            raise StateError(f"unknown policy {policy!r} (known: {', '.join(POLICIES)})", field="policy")
    for name, value in (("games", games), ("jobs", jobs)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise StateError(f"{name} must be a whole number ≥ 1, got {value!r}", field=name)
    playable(mission, players)  # a mission the arena cannot play is refused before any game
    say = progress or (lambda text: print(text, file=sys.stderr, flush=True))
    tasks = [(mission, players, tuple(policies), seed, k) for k in range(games)]
    results: list[list[GameResult]] = []
    t0 = time.perf_counter()
    step = max(1, games // 20)
    names = "+".join(policies)

    def note(r: list[GameResult]) -> None:
        results.append(r)
        if len(results) % step == 0 or len(results) == games:
            won = ", ".join(str(sum(x[i].won for x in results)) for i in range(len(policies)))
            say(f"arena: mission {mission}, {players} players, {names}: {len(results)}/{games} games, "
                f"{won} won, {time.perf_counter() - t0:.1f} s")

    if jobs == 1:
        for t in tasks:
            note(play_one(t))
    else:
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap(play_one, tasks, chunksize=max(1, min(8, games // (4 * jobs)))):
                note(r)
    without = {"played_without": UNSIMULATED[mission]} if mission in UNSIMULATED else {}
    return {p: {"mission": mission, "players": players, "policy": p, "seed": seed, **without,
                **summary([r[i] for r in results])} for i, p in enumerate(policies)}
