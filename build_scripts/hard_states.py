"""Hard 5-player tables for the benchmark: Labels, X wires, x-tokens, yellow and red together.

Why: these are the tables that once hit "too many Label/x-token
combinations"; the benchmark prints the worst analysis time over them.
Every table is a real deal seen by player 0, so each is consistent.
Run ``python build_scripts/hard_states.py N`` to print N of them as JSON.
"""

from __future__ import annotations

import json
import random
import sys

__all__ = ["hard_game", "hard_state", "hard_states"]


def _label(t: int) -> str:
    n, c = divmod(t, 10)
    return {0: str(n), 1: f"Y{n}", 5: f"R{n}"}[c]


def _value(t: int):
    """Gameplay value: the blue number, or "Y" / "R" (all yellows alike, all reds alike)."""
    return t // 10 if t % 10 == 0 else {1: "Y", 5: "R"}[t % 10]


def hard_state(seed: int) -> dict:
    """The state document of :func:`hard_game`."""
    return hard_game(seed)[0]


def hard_game(seed: int) -> tuple[dict, list[list[str]]]:
    """One table and the wires really dealt (labels per stand, slot by slot): 5 players, blue 1-12, yellow "3 of 4" or 2, red "1 of 2" or 2, up to 4 Labels,
    X wires on 1-2 stands, x-tokens on a few hidden slots, some wires cut."""
    rng = random.Random(seed)
    yel = rng.sample(range(1, 12), 4)
    red = rng.sample(range(1, 12), 2)
    if rng.random() < 0.5:
        ywires: dict | list = {"of": sorted(yel), "keep": 3}
        ykept = rng.sample(yel, 3)
    else:
        ywires = ykept = sorted(yel[:2])
    if rng.random() < 0.5:
        rwires: dict | list = {"of": sorted(red), "keep": 1}
        rkept = rng.sample(red, 1)
    else:
        rwires = rkept = sorted(red)
    tiles = [10 * n for n in range(1, 13) for _ in range(4)] + [10 * n + 1 for n in ykept] + [10 * n + 5 for n in rkept]
    rng.shuffle(tiles)
    hands: list[list[int]] = [[] for _ in range(5)]
    for i, t in enumerate(tiles):
        hands[i % 5].append(t)
    x_players = set(rng.sample(range(1, 5), rng.randint(1, 2)))
    stands = [sorted(h[:-1]) + [h[-1]] if p in x_players else sorted(h) for p, h in enumerate(hands)]
    cut_p = rng.choice([0.15, 0.3, 0.45])
    toks: list[list[str]] = []
    for p, st in enumerate(stands):
        row = []
        for j, t in enumerate(st):
            x = "X" if p in x_players and j == len(st) - 1 else ""
            if p == 0:
                row.append(f"{x}?{_label(t)}")
            elif rng.random() < cut_p:
                row.append(f"{x}{_label(t)}")
            elif t % 10 != 5 and not x and rng.random() < 0.12:
                m = sum(_value(u) == _value(t) for u in st)
                row.append(f"{x}{m}x" if m <= 3 else f"{x}?")
            else:
                row.append(f"{x}?" if x else "?")
        toks.append(row)
    facts = []
    for _ in range(rng.randint(2, 4)):
        p = rng.randrange(1, 5)
        a = rng.randrange(len(stands[p]) - 1)
        same = _value(stands[p][a]) == _value(stands[p][a + 1])
        facts.append({"kind": "same" if same else "different", "player": p, "stand": 0, "slots": [a, a + 1]})
    doc = {
        "players": [{"name": f"P{p}", "stands": [" ".join(r)]} for p, r in enumerate(toks)],
        "me": 0,
        "captain": 0,
        "wires": {"blue": [1, 12], "yellow": ywires, "red": rwires},
        "facts": facts,
    }
    return doc, [[_label(t) for t in st] for st in stands]


def hard_states(n: int, seed: int = 0) -> list[dict]:
    return [hard_state(seed * 1000 + i) for i in range(n)]


if __name__ == "__main__":
    print(json.dumps(hard_states(int(sys.argv[1]) if len(sys.argv) > 1 else 5)))
