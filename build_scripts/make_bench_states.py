#!/usr/bin/env python3
"""Write build_scripts/bench_states.json: the standard states for the native and browser benchmarks.

A tiny seeded dealer: deal the wires in play at random, sort every stand by
sort value (blue n = n.0, Yn = n.1, Rn = n.5), write my stand as ``?N`` tokens
and the others as ``?``.  Mid-game states also cut some pairs of equal wires
(dual cuts, shown as ``N`` on both stands) and place info tokens (``iN``) on
blue wires.  Re-running with the same seed gives the same file.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent / "bench_states.json"
SEED = 20240611


def label(w: tuple[str, int]) -> str:
    colour, n = w
    return {"b": "", "y": "Y", "r": "R"}[colour] + str(n)


def sort_value(w: tuple[str, int]) -> float:
    colour, n = w
    return n + {"b": 0.0, "y": 0.1, "r": 0.5}[colour]


def deal(rng: random.Random, sizes: list[int], blue_hi: int, yellow: list[int], red: list[int]):
    wires = [("b", n) for n in range(1, blue_hi + 1) for _ in range(4)]
    wires += [("y", n) for n in yellow] + [("r", n) for n in red]
    if sum(sizes) != len(wires):
        raise ValueError(f"stand sizes {sizes} add to {sum(sizes)}, but {len(wires)} wires are in play")
    rng.shuffle(wires)
    stands, k = [], 0
    for size in sizes:
        stands.append(sorted(wires[k : k + size], key=sort_value))
        k += size
    return stands


def tokens(stand, mine: bool, marks: dict[int, str]) -> str:
    out = []
    for i, w in enumerate(stand):
        if i in marks:
            out.append(marks[i])
        else:
            out.append(f"?{label(w)}" if mine else "?")
    return " ".join(out)


def make_state(rng, n_players, stand_owner, sizes, *, blue_hi=12, yellow=(), red=(), wires_doc=None,
               me=0, captain=0, cuts=0, infos=0, mistakes_left=3):
    """stand_owner[i] = player of stand i (a player's stands are consecutive)."""
    stands = deal(rng, sizes, blue_hi, list(yellow), list(red))
    marks: list[dict[int, str]] = [dict() for _ in stands]
    # Dual cuts: the same wire value on two different stands, both cut.
    done = 0
    tries = 0
    while done < cuts and tries < 10000:
        tries += 1
        a, b = rng.sample(range(len(stands)), 2)
        ia = rng.randrange(len(stands[a]))
        w = stands[a][ia]
        if w[0] == "r" or ia in marks[a]:
            continue
        options = [j for j, x in enumerate(stands[b]) if x == w and j not in marks[b]]
        if not options:
            continue
        ib = rng.choice(options)
        marks[a][ia] = label(w)
        marks[b][ib] = label(w)
        done += 1
    # Info tokens on uncut blue wires of other players' stands.
    placed = 0
    tries = 0
    while placed < infos and tries < 10000:
        tries += 1
        s = rng.randrange(len(stands))
        if me is not None and stand_owner[s] == me:
            continue
        i = rng.randrange(len(stands[s]))
        w = stands[s][i]
        if w[0] != "b" or i in marks[s]:
            continue
        marks[s][i] = f"i{w[1]}"
        placed += 1
    players = [{"name": name, "stands": []} for name in ["Ann", "Bob", "Cid", "Dee", "Eve"][:n_players]]
    for s, stand in enumerate(stands):
        p = stand_owner[s]
        players[p]["stands"].append(tokens(stand, p == me, marks[s]))
    wires = wires_doc if wires_doc is not None else {"blue": [1, blue_hi]}
    return {
        "players": players,
        "me": me,
        "captain": captain,
        "wires": wires,
        "facts": [],
        "mistakes_left": mistakes_left,
    }


def main() -> None:
    rng = random.Random(SEED)
    states = []

    def add(name, description, state):
        states.append({"name": name, "description": description, "state": state})

    add("5p-blue-first-turn", "5 players, 48 blue wires, first turn; me (Ann, captain) holds 10",
        make_state(rng, 5, [0, 1, 2, 3, 4], [10, 10, 10, 9, 9]))
    y4, r3 = [2, 5, 8, 10], [3, 7, 11]
    add("5p-4yellow-3red", "5 players, 48 blue + 4 yellow + 3 red = 55 wires, 11 each",
        make_state(rng, 5, [0, 1, 2, 3, 4], [11] * 5, yellow=y4, red=r3,
                   wires_doc={"blue": [1, 12], "yellow": y4, "red": r3}))
    all11 = list(range(1, 12))
    add("5p-all-70", "5 players, all 70 wires (11 yellow, 11 red), 14 each",
        make_state(rng, 5, [0, 1, 2, 3, 4], [14] * 5, yellow=all11, red=all11,
                   wires_doc={"blue": [1, 12], "yellow": all11, "red": all11}))
    add("4p-blue-48", "4 players, 48 blue wires, 12 each",
        make_state(rng, 4, [0, 1, 2, 3], [12] * 4))
    add("3p-captain-two-stands", "3 players, the captain has two stands: 4 stands of 12",
        make_state(rng, 3, [0, 0, 1, 2], [12] * 4))
    add("2p-four-stands", "2 players with two stands each: 4 stands of 12",
        make_state(rng, 2, [0, 0, 1, 1], [12] * 4))
    add("5p-midgame-cuts-info", "5 players, blue only, mid-game: 8 dual cuts and 5 info tokens",
        make_state(rng, 5, [0, 1, 2, 3, 4], [10, 10, 10, 9, 9], cuts=8, infos=5, mistakes_left=2))
    # Mid-game with uncertain colours: 2 of 3 yellow and 1 of 2 red are in play.
    yof, rof = [2, 6, 9], [4, 8]
    kept_y = sorted(rng.sample(yof, 2))
    kept_r = sorted(rng.sample(rof, 1))
    add("5p-midgame-yellow-red-of", "5 players, 2-of-3 yellow, 1-of-2 red, mid-game: 6 dual cuts, 4 info tokens",
        make_state(rng, 5, [0, 1, 2, 3, 4], [11, 10, 10, 10, 10], yellow=kept_y, red=kept_r, cuts=6, infos=4,
                   wires_doc={"blue": [1, 12], "yellow": {"of": yof, "keep": 2}, "red": {"of": rof, "keep": 1}},
                   mistakes_left=2))
    add("5p-public-view", "5 players, blue only, public view (me = null), 4 dual cuts and 5 info tokens",
        make_state(rng, 5, [0, 1, 2, 3, 4], [10, 10, 10, 9, 9], me=None, cuts=4, infos=5))
    doc = {
        "about": "Standard states for the engine benchmarks (native and browser). "
                 "Generated by build_scripts/make_bench_states.py with a fixed seed; edit that script, not this file.",
        "seed": SEED,
        "states": states,
    }
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {len(states)} states to {OUT}")


if __name__ == "__main__":
    main()
