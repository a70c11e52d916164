#!/usr/bin/env python3
"""Each card's worth to the advice: the same deals with the card face up, the policy using it and leaving
it, paired (issue 43's per-card measure; not a test).

    .venv/bin/python build_scripts/card_bench.py --mission 4 --players 5 --games 100 --seed 5 [--cards 1,8] [--jobs 2]

Why paired and why "leaving": a card face up changes nothing but the choices it offers, so the two arms
play every deal from the same table and starting tokens — one the arena's ``advice`` (the team policy
with the free cards of ``advice/free_cards.py``), the other the same policy shown a view without that card
(not among its items, table cards or free cards) — and the difference per deal says what using the card
bought.  The card is put face up in place of the first card drawn where the deal did not draw it; the
instant cards (False Bottom, Emergency Drop, Disintegrator) act by themselves and are not measured.
Each card's row is written to ``--out`` as soon as it ends (a row already there is not played again).
Printed per card: the games it was used in, won using and leaving it, the paired difference ± its
standard error.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_engine"))
sys.path.insert(0, str(ROOT / "build_scripts"))

from arena_stages import paired  # noqa: E402
from bombbusters.arena.cards import CARD_NAMES, ENGINE_ITEMS, INSTANT_CARDS  # noqa: E402
from bombbusters.arena.deal import Deal, deal_game, playable  # noqa: E402
from bombbusters.arena.game import GameResult, Policy, play_on, start_game  # noqa: E402
from bombbusters.arena.run import POLICIES  # noqa: E402

POLICY = "advice"


def leaving(policy: Policy, card: str) -> Policy:
    """``policy`` shown views without ``card``: not an item it may use, a table card nor a free card."""
    item = ENGINE_ITEMS.get(card)

    def decide(view, an):  # type: ignore[no-untyped-def]
        ex = dict(view.extra)
        for key in ("cards", "free_cards"):
            if key in ex:
                ex[key] = [c for c in ex[key] if c != card]
        if item and "available" in ex:
            ex["available"] = [i for i in ex["available"] if i != item]
        return policy(replace(view, extra=ex), an)
    return decide


def with_card(d: Deal, card: str) -> Deal:
    """Deal ``d`` with ``card`` face up: in place of the first card drawn, where it was not drawn."""
    if card in d.cards:
        return d
    return replace(d, cards=(card,) + d.cards[1:], reserve=tuple(c for c in d.reserve if c != card))


def both_arms(mission: int, players: int, seed: int, k: int, card: str) -> tuple[GameResult, GameResult]:
    """Deal k with ``card`` face up, played by the policy using it and leaving it, from the same start."""
    m = playable(mission, players)
    start = start_game(with_card(deal_game(m, players, seed, k), card), m)
    using = play_on(copy.deepcopy(start), POLICIES[POLICY], start.table.captain)
    return using, play_on(copy.deepcopy(start), leaving(POLICIES[POLICY], card), start.table.captain)


def play_deal(args: tuple[int, int, int, int, str]) -> tuple[bool, bool, bool]:
    """(won using, won leaving, used) on deal k: what a worker process runs."""
    card = args[-1]
    using, left = both_arms(*args)
    return using.won, left.won, bool(using.cards.get(card, (False, False, False))[2])


def play_card(mission: int, players: int, games: int, seed: int, card: str, jobs: int) -> dict:
    t0 = time.perf_counter()
    tasks = [(mission, players, seed, k, card) for k in range(games)]
    if jobs == 1:
        rows = [play_deal(t) for t in tasks]
    else:
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            rows = pool.map(play_deal, tasks, chunksize=max(1, games // (4 * jobs)))
    using, left, used = ([int(r[i]) for r in rows] for i in range(3))
    mean, se = paired(using, left)
    return {"mission": mission, "players": players, "games": games, "seed": seed, "card": card,
            "name": CARD_NAMES[card], "used": sum(used), "won_using": sum(using), "won_leaving": sum(left),
            "using_minus_leaving": mean, "se": se, "seconds_per_game": (time.perf_counter() - t0) / (2 * games)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mission", type=int, default=4)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--cards", default="", help="card ids, comma-separated (default: every card the mission deals "
                                                "but the instant ones)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "cards.json")
    args = ap.parse_args(argv)
    m = playable(args.mission, args.players)
    cards = args.cards.split(",") if args.cards else [c for c in m.equipment if c not in INSTANT_CARDS]
    for c in cards:
        if c not in m.equipment:
            ap.error(f"card {c!r} is not in mission {args.mission}'s pile ({', '.join(m.equipment)})")
    done = json.loads(args.out.read_text()) if args.out.exists() else {}
    for c in cards:
        key = f"{args.mission}:{args.players}:{args.seed}:{args.games}:{c}"
        if key not in done:
            done[key] = play_card(args.mission, args.players, args.games, args.seed, c, args.jobs)
            args.out.write_text(json.dumps(done, indent=1) + "\n")
        r = done[key]
        print(f"{c:>5} {r['name']:<20} used in {r['used']:>3} of {r['games']}; won using {r['won_using']}, leaving "
              f"{r['won_leaving']}: {100 * r['using_minus_leaving']:+.1f} ± {100 * r['se']:.1f} points "
              f"({r['seconds_per_game']:.1f} s a game)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
