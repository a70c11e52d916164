"""Random TINY Bomb Busters games, from a seeded ``random.Random``.

``random_game(rng, ...)`` deals a true game (sorted stands, optional X slots
holding the last wire dealt to the stand) and writes an observer's view of
it as a state document that ``GameState.from_json`` accepts: the observer's
own stands as ``?N`` / cut tokens, other stands mostly hidden with cuts, info
tokens, colours, even/odd, x1/x2/x3, false tokens and X tokens, plus true
facts (has / has_not with and without stand, same / different, red_count).

``states(...)`` wraps the generator as a hypothesis strategy; documents no
deal fits are ``gen_inconsistent.py``'s.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gen_tokens import (
    blue as _blue, colour as _colour, other_token as _other_token, own_token as _own_token,
    red as _red, value as _value, yellow as _yellow,
)
from gen_counts import hidden_configs as _hidden_configs, total as _total

__all__ = [
    "Game",
    "random_game",
    "random_state",
    "seeded_states",
    "states",
    "stand_order",
]

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve"]


@dataclass
class Game:
    """A generated game: the document, and the truth behind it."""

    doc: dict
    deal: dict[tuple[int, int], list[int]]  # (player, stand) -> type per slot
    x_slots: set[tuple[int, int, int]] = field(default_factory=set)
    in_play: list[int] = field(default_factory=list)
    view: dict[tuple[int, int, int], "SlotView"] = field(default_factory=dict)


@dataclass(frozen=True)
class SlotView:
    """How one slot was written: its token, hidden/cut/info, and the type it shows the observer."""

    token: str
    state: str
    known: int | None  # the type the observer knows (own wire, cut, numbered info)


def stand_order(n_players: int, captain: int) -> list[tuple[int, int]]:
    """Stands in dealing order, starting from the captain, one stand per player per round."""
    players = [(captain + i) % n_players for i in range(n_players)]
    order = [(p, 0) for p in players]
    if n_players == 2:
        order += [(p, 1) for p in players]
    elif n_players == 3:
        order.append((captain, 1))
    return order


# --------------------------------------------------------------------------
# setup


def _random_wires(rng: random.Random, n_stands: int, max_tiles: int, groups: bool | None) -> dict:
    """A wires document with at least n_stands and at most max_tiles wires in play."""
    while True:
        nb = rng.choice([1, 1, 2, 2, 2, 3]) if max_tiles >= 12 else rng.choice([1, 1, 2])
        lo = rng.randint(1, 13 - nb)
        hi = lo + nb - 1
        doc: dict[str, Any] = {"blue": [lo, hi]}
        total = 4 * nb
        near = list(range(max(1, lo - 1), min(11, hi + 1) + 1))
        use_groups = rng.random() < 0.35 if groups is None else groups
        colours = ["yellow", "red"]
        rng.shuffle(colours)
        group_done = False
        for colour in colours:
            room = max_tiles - total
            if room <= 0:
                break
            r = rng.random()
            if use_groups and not group_done and (r < 0.6 or colour == colours[-1]):
                b = rng.choice([2, 2, 3])
                a = rng.randint(1, b - 1)
                known_n = rng.choice([0, 0, 1]) if room - a >= 1 else 0
                nums = rng.sample(near if len(near) >= b + known_n else list(range(1, 12)), b + known_n)
                known, cands = sorted(nums[:known_n]), sorted(nums[known_n:])
                if a + known_n > room:
                    continue
                g: dict[str, Any] = {"of": cands, "keep": a}
                if known:
                    g["known"] = known
                doc[colour] = g
                total += a + known_n
                group_done = True
            elif r < 0.55:
                k = min(rng.choice([1, 1, 2]), room)
                pool = near if len(near) >= k else list(range(1, 12))
                doc[colour] = sorted(rng.sample(pool, k))
                total += k
        if use_groups and not group_done:
            continue
        if n_stands <= total <= max_tiles:
            return doc


def _in_play(rng: random.Random, wires: dict) -> list[int]:
    lo, hi = wires["blue"]
    tiles = [_blue(n) for n in range(lo, hi + 1) for _ in range(4)]
    for colour, make in (("yellow", _yellow), ("red", _red)):
        g = wires.get(colour)
        if g is None:
            continue
        if isinstance(g, list):
            tiles += [make(n) for n in g]
        else:
            tiles += [make(n) for n in g.get("known", [])]
            tiles += [make(n) for n in rng.sample(g["of"], g["keep"])]
    return tiles


# --------------------------------------------------------------------------
# the game


def random_game(
    rng: random.Random,
    n_players: int | None = None,
    *,
    groups: bool | None = None,
    x_slots: bool | None = None,
    facts: bool | None = None,
    me: str = "any",
    max_tiles: int | None = None,
    max_configs: int | None = 3000,
    fact_kinds: tuple[str, ...] | None = None,
    max_facts: int = 3,
) -> Game:
    """A random tiny game and an observer's view of it.

    ``groups`` / ``x_slots`` / ``facts``: force the "a of b" draws, X slots or
    facts on (True) or off (False); None lets the generator choose.
    ``me``: "any", "none" (a spectator: me is None) or "player".
    ``max_configs``: redraw the setup while a table with every slot hidden
    would have more configurations than this (keeps brute force fast).
    ``fact_kinds`` / ``max_facts``: draw facts of these kinds only, up to this many.
    """
    n = n_players or rng.choice([2, 3, 4, 5])
    captain = rng.randrange(n)
    order = stand_order(n, captain)
    wires, x_stands = _small_setup(rng, order, groups, x_slots, max_tiles, max_configs)
    tiles = _in_play(rng, wires)
    deal, xs = _deal(rng, tiles, order, x_stands)
    if me == "none" or (me == "any" and rng.random() < 0.25):
        me_p = None
    else:
        me_p = rng.randrange(n)
    players, states, view = _observe(rng, n, captain, deal, xs, me_p)
    doc: dict[str, Any] = {
        "players": players,
        "me": me_p,
        "captain": captain,
        "wires": wires,
        "facts": [],
        "mistakes_left": rng.randint(0, n),
    }
    use_facts = rng.random() < 0.5 if facts is None else facts
    if use_facts:
        for _ in range(rng.randint(1, max_facts)):
            f = _random_fact(rng, n, captain, deal, states, wires, fact_kinds)
            if f is not None:
                doc["facts"].append(f)
    return Game(doc, deal, xs, sorted(tiles), view)


def _small_setup(rng, order, groups, x_slots, max_tiles, max_configs) -> tuple[dict, set]:
    """Wires and X stands, redrawn while a fully hidden table has more than ``max_configs`` configurations."""
    n_stands = len(order)
    if max_tiles is None:
        max_tiles = {4: 12, 5: 11}[n_stands]
    use_x = rng.random() < 0.3 if x_slots is None else x_slots
    for _ in range(1000):
        wires = _random_wires(rng, n_stands, max_tiles, groups)
        total = _total(wires)
        sizes = [total // n_stands + (i < total % n_stands) for i in range(n_stands)]
        x_stands = {k for k in order if use_x and rng.random() < 0.75}
        if max_configs is None or _hidden_configs(wires, sizes, [k in x_stands for k in order]) <= max_configs:
            return wires, x_stands
    raise RuntimeError("no setup small enough")  # pragma: no cover - the limits above always leave small setups


def _deal(rng, tiles: list[int], order, x_stands: set) -> tuple[dict, set]:
    """Shuffle and deal round the table; an X stand keeps its last wire unsorted at the far right."""
    rng.shuffle(tiles)
    n_stands = len(order)
    dealt: dict[tuple[int, int], list[int]] = {k: [] for k in order}
    for i, t in enumerate(tiles):
        dealt[order[i % n_stands]].append(t)
    deal: dict[tuple[int, int], list[int]] = {}
    xs: set[tuple[int, int, int]] = set()
    for key, got in dealt.items():
        if key in x_stands:
            deal[key] = sorted(got[:-1]) + [got[-1]]
            xs.add((key[0], key[1], len(got) - 1))
        else:
            deal[key] = sorted(got)
    return deal, xs


def _observe(
    rng, n: int, captain: int, deal: dict, xs: set, me_p: int | None, counted_on: dict | None = None
) -> tuple[list, dict, dict]:
    """The observer's view: every stand as tokens, each slot's state, what the table shows of it.

    ``counted_on``: (player, stand, slot) -> the stand an x-token there counts
    (the stand the wire was dealt to, when wires moved since); default its own.
    """
    profile = {
        "cut": rng.choice([0.0, 0.1, 0.2, 0.35]),
        "info": rng.choice([0.0, 0.1, 0.2]),
        "colour": rng.choice([0.0, 0.1, 0.25]),
        "indicator": rng.choice([0.0, 0.15, 0.35]),
    }
    own_cut = rng.choice([0.0, 0.2, 0.4])
    players = []
    states: dict[tuple[int, int, int], str] = {}
    view: dict[tuple[int, int, int], SlotView] = {}
    for p in range(n):
        stands = []
        for s in range(2 if (n == 2 or (n == 3 and p == captain)) else 1):
            types = deal[(p, s)]
            toks = []
            for j, t in enumerate(types):
                is_x = (p, s, j) in xs
                if p == me_p:
                    counted = (counted_on or {}).get((p, s, j), types)
                    tok, st = _own_token(rng, t, is_x, counted, own_cut)
                    public = t
                else:
                    tok, st = _other_token(rng, t, is_x, (counted_on or {}).get((p, s, j), types), profile)
                    public = t if st == "cut" or (st == "info" and not tok.lower().endswith("iy")) else None
                states[(p, s, j)] = st
                view[(p, s, j)] = SlotView(tok, st, public)
                toks.append(tok)
            sep = rng.choice([" ", " ", ", ", "  "])
            stands.append(sep.join(toks))
        players.append({"name": NAMES[p], "stands": stands})
    return players, states, view


def _uncut_values(deal, states, p: int, stands: list[int]) -> set:
    return {
        _value(t)
        for s in stands
        for j, t in enumerate(deal[(p, s)])
        if states[(p, s, j)] != "cut"
    }


def _random_fact(rng, n, captain, deal, states, wires, kinds=None) -> dict | None:
    kind = rng.choice(kinds or ["has", "has_not", "has_not", "same", "different", "red_count", "yellow_count", "not_value"])
    p = rng.randrange(n)
    n_stands = 2 if (n == 2 or (n == 3 and p == captain)) else 1
    stand = rng.randrange(n_stands)
    with_stand = n_stands == 1 and rng.random() < 0.3 or n_stands == 2 and rng.random() < 0.5
    stands = [stand] if with_stand else list(range(n_stands))
    fact: dict[str, Any] = {"kind": kind, "player": p}
    per_stand = ("same", "different", "red_count", "yellow_count", "not_value", "not_count")
    if with_stand or kind in per_stand:
        if kind in per_stand and n_stands == 1 and rng.random() < 0.5:
            pass  # stand may be left out for a one-stand player
        else:
            fact["stand"] = stand
    if kind == "has":
        vals = sorted(_uncut_values(deal, states, p, stands), key=str)
        if not vals:
            return None
        fact["value"] = rng.choice(vals)
        if isinstance(fact["value"], str) and rng.random() < 0.3:
            fact["value"] = fact["value"].lower()
    elif kind == "has_not":
        lo, hi = wires["blue"]
        cand = list(range(max(1, lo - 1), min(12, hi + 1) + 1)) + ["YELLOW", "RED"]
        held = _uncut_values(deal, states, p, stands)
        vals = [v for v in cand if v not in held]
        if not vals:
            return None
        fact["value"] = rng.choice(vals)
    elif kind in ("same", "different"):
        types = deal[(p, stand)]
        if len(types) < 2:
            return None
        if rng.random() < 0.6:
            a = rng.randrange(len(types) - 1)
            b = a + 1
        else:
            a, b = rng.sample(range(len(types)), 2)
        same = _value(types[a]) == _value(types[b])
        fact["kind"] = "same" if same else "different"
        fact["slots"] = [a, b]
    elif kind == "not_value":  # a failed detector: none of the pointed slots holds the value named
        types = deal[(p, stand)]
        slots = sorted(rng.sample(range(len(types)), min(len(types), rng.choice([1, 2, 3]))))
        held = {_value(types[j]) for j in slots}
        lo, hi = wires["blue"]
        vals = [v for v in list(range(lo, hi + 1)) + ["YELLOW", "RED"] if v not in held]
        if not vals:
            return None
        fact["value"] = rng.choice(vals)
        fact["slots"] = slots
    elif kind == "not_count":  # an advised x-token placed elsewhere: these slots hold no blue wire of that count
        types = deal[(p, stand)]
        slots = sorted(rng.sample(range(len(types)), min(len(types), rng.choice([1, 2, 3]))))
        counts = {[_value(x) for x in types].count(_value(types[j])) for j in slots if _colour(types[j]) == "blue"}
        left = [m for m in (1, 2, 3, 4) if m not in counts]
        if not left:
            return None
        fact["count"] = rng.choice(left)
        fact["slots"] = slots
    else:
        colour = "red" if kind == "red_count" else "yellow"
        fact["count"] = sum(_colour(t) == colour for t in deal[(p, stand)])
    return fact


def random_state(rng: random.Random, n_players: int | None = None, **kw: Any) -> dict:
    """Just the state document of :func:`random_game`."""
    return random_game(rng, n_players, **kw).doc


def seeded_states(base: int, count: int, **kw: Any):
    """(seed, state document) for seeds base .. base + count - 1, observed by a player: the batches the
    oracle tests walk, each document named by its seed when a check fails."""
    for i in range(count):
        yield base + i, random_state(random.Random(base + i), me="player", **kw)


def states(n_players: int | None = None, **kw: Any):
    """Hypothesis strategy: state documents from seeds (shrinks toward seed 0)."""
    from hypothesis import strategies as st

    return st.integers(min_value=0, max_value=2**32 - 1).map(
        lambda seed: random_state(random.Random(seed), n_players, **kw)
    )

