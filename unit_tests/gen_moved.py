"""Random TINY games in which wires moved after the deal (Walkie-Talkies, Grappling Hook).

``random_moved_game(rng)`` deals a true game as ``gen`` does, plays 1–3
random moves on it (a receiver files the wire at a random place that keeps
its sorted wires in order; an X wire anywhere), and writes the observer's
view of the table as it is now: tokens on the current stands (x-tokens count
the stand the wire was dealt to), the ``moves`` record, facts about the table
now (has / has not, Labels on wires dealt to one stand, not_value), red counts
of the stands as dealt and has / has not about named wires.  The observer
knows every wire that passed through their hands.
"""

from __future__ import annotations

import random
from typing import Any

import gen
import gen_tokens

__all__ = ["random_moved_game", "moved_states"]


def _file(rng: random.Random, stand: list, wire, typ: dict, xw: set) -> int:
    """A place where the receiver may file ``wire``: its sorted neighbours bound it (X wires go anywhere)."""
    if wire in xw:
        return rng.randrange(len(stand) + 1)
    ok = []
    for i in range(len(stand) + 1):
        left = [typ[o] for o in stand[:i] if o not in xw]
        right = [typ[o] for o in stand[i:] if o not in xw]
        if (not left or left[-1] <= typ[wire]) and (not right or typ[wire] <= right[0]):
            ok.append(i)
    return rng.choice(ok)


def _stands_of(n: int, captain: int, p: int) -> list[int]:
    return [0, 1] if (n == 2 or (n == 3 and p == captain)) else [0]


def random_moved_game(rng: random.Random, n_players: int | None = None, *, n_moves: int | None = None,
                      x_slots: bool | None = None, me: str = "any", max_configs: int = 2000,
                      nano: int = 0) -> dict:
    """``nano``: wires dealt face down to Nano (43) before the players' deal; moves then include taking
    one of them at random (``{"kind": "nano"}``) into a stand no other move touched yet."""
    n = n_players or rng.choice([2, 3, 4, 5])
    captain = rng.randrange(n)
    order = gen.stand_order(n, captain)
    wires, x_stands = gen._small_setup(rng, order, None, False if nano else x_slots, None, max_configs)
    tiles = gen._in_play(rng, wires)
    rng.shuffle(tiles)
    nano = max(0, min(nano, len(tiles) - 2 * len(order)))  # every stand keeps two wires or more
    pile_types, tiles = tiles[:nano], tiles[nano:]
    deal, xs = gen._deal(rng, tiles, order, x_stands)
    stands = {k: [(k[0], k[1], i) for i in range(len(v))] for k, v in deal.items()}
    typ = {(k[0], k[1], i): t for k, v in deal.items() for i, t in enumerate(v)}
    pile = [(-1, 0, i) for i in range(nano)]
    typ.update(zip(pile, pile_types))
    xw = set(xs)
    knows = {o: {o[0]} for o in typ}
    moves: list[dict] = []
    touched: set = set()
    for _ in range(n_moves or rng.choice([1, 1, 2, 3])):
        kind = rng.choice(["walkie_talkies", "grappling_hook"] + ["nano"] * (2 if pile else 0))
        if kind == "nano":
            free = [k for k in stands if k not in touched]
            if not free:
                continue
            key = rng.choice(free)
            wire = pile.pop(rng.randrange(len(pile)))
            pos = _file(rng, stands[key], wire, typ, xw)
            stands[key].insert(pos, wire)
            knows[wire] = {key[0]}
            moves.append({"kind": "nano", "wires": [{"to": [*key, pos]}]})
            continue
        givers = [rng.randrange(n)]
        givers.append(rng.choice([p for p in range(n) if p != givers[0]]))
        if kind == "grappling_hook":
            givers = givers[:1]
        taken = []
        for g in givers:
            options = [s for s in _stands_of(n, captain, g) if len(stands[(g, s)]) >= 2]
            if not options:
                break
            s = rng.choice(options)
            taken.append((g, s, rng.randrange(len(stands[(g, s)]))))
        if len(taken) != len(givers):
            continue
        wires_moved = [(spot, stands[spot[:2]].pop(spot[2])) for spot in taken]
        if kind == "grappling_hook":
            to_players = [rng.choice([p for p in range(n) if p != givers[0]])]
        else:
            to_players = [givers[1], givers[0]]
        record = []
        for (spot, wire), q in zip(wires_moved, to_players):
            r = rng.choice(_stands_of(n, captain, q))
            pos = _file(rng, stands[(q, r)], wire, typ, xw)
            stands[(q, r)].insert(pos, wire)
            knows[wire].add(q)
            touched |= {spot[:2], (q, r)}
            record.append({"from": list(spot), "to": [q, r, pos]})
        moves.append({"kind": kind, "wires": record})
    now = {k: [typ[o] for o in st] for k, st in stands.items()}
    xs_now = {(*k, j) for k, st in stands.items() for j, o in enumerate(st) if o in xw}
    counted_on = {(*k, j): deal.get(o[:2], now[k]) for k, st in stands.items() for j, o in enumerate(st)}
    me_p = None if me == "none" or (me == "any" and rng.random() < 0.3) else rng.randrange(n)
    players, states, _view = gen._observe(rng, n, captain, now, xs_now, me_p, counted_on)
    if me_p is not None:  # wires that passed through my hands: I know them wherever they are
        for k, st in stands.items():
            if k[0] == me_p:
                continue
            toks = _tokens(players[k[0]]["stands"][k[1]])
            for j, o in enumerate(st):
                if me_p in knows[o] and states[(*k, j)] != "cut":
                    core = ("i" if states[(*k, j)] == "info" else "?") + gen_tokens.label(typ[o])
                    toks[j] = ("X" if o in xw else "") + core
            players[k[0]]["stands"][k[1]] = " ".join(toks)
    doc: dict[str, Any] = {"players": players, "me": me_p, "captain": captain, "wires": wires,
                           "facts": _facts(rng, n, captain, now, states, wires, deal, stands, xw),
                           "moves": moves}
    if nano:
        doc["nano"] = nano
    return doc


def _tokens(text: str) -> list[str]:
    return [t for t in text.replace(",", " ").split() if t]


def _facts(rng, n, captain, now, states, wires, deal, stands, xw) -> list[dict]:
    """True facts about the table now, red counts as dealt, and has / has not about named wires."""
    out: list[dict] = []
    no_colours = "yellow" not in wires and "red" not in wires
    for _ in range(rng.randint(0, 3)):
        r = rng.random()
        if r < 0.5:
            f = gen._random_fact(rng, n, captain, now, states, wires,
                                 ["has", "has_not", "not_value", "same", "different"])
            if f is None:
                continue
            if f["kind"] in ("same", "different"):
                s = f.get("stand", 0)
                a, b = (stands[(f["player"], s)][j] for j in f["slots"])
                if a[:2] != b[:2] and not (f["kind"] == "same" and no_colours and not {a, b} & xw):
                    continue
            out.append(f)
        elif r < 0.65:
            p = rng.randrange(n)
            s = rng.choice(_stands_of(n, captain, p))
            out.append({"kind": "red_count", "player": p, "stand": s,
                        "count": sum(gen._colour(t) == "red" for t in deal[(p, s)])})
        else:
            spots = [(*k, j) for k, st in stands.items() for j in range(len(st))]
            chosen = rng.sample(spots, rng.randint(1, min(4, len(spots))))
            values = {gen._value(now[c[:2]][c[2]]) for c in chosen}
            if rng.random() < 0.5:
                out.append({"kind": "has", "player": chosen[0][0], "value": rng.choice(sorted(values, key=str)),
                            "wires": [list(c) for c in chosen]})
            else:
                lo, hi = wires["blue"]
                cands = [v for v in list(range(lo, hi + 1)) + ["YELLOW", "RED"] if v not in values]
                if cands:
                    out.append({"kind": "has_not", "player": chosen[0][0], "value": rng.choice(cands),
                                "wires": [list(c) for c in chosen]})
    return out


def moved_states(n_players: int | None = None, **kw: Any):
    """Hypothesis strategy: state documents with moved wires, from seeds."""
    from hypothesis import strategies as st

    return st.integers(min_value=0, max_value=2**32 - 1).map(
        lambda seed: random_moved_game(random.Random(seed), n_players, **kw)
    )
