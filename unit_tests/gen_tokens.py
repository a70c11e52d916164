"""Tokens for the generated tables: the wire types' labels and the tokens a slot may show (true ones).

Why apart: gen.py deals and observes whole tables; what one slot may show is its own small concern.  The
wire types' encoding (10n, 10n+1, 10n+5) is written here again rather than imported from the engine's
table/wires.py, as gen.py always had it: the generated tables do not lean on the code they test."""

from __future__ import annotations

import random

__all__ = ["blue", "yellow", "red", "colour", "label", "value", "own_token", "other_token", "indicator"]


def blue(n: int) -> int:
    return 10 * n


def yellow(n: int) -> int:
    return 10 * n + 1


def red(n: int) -> int:
    return 10 * n + 5


def colour(t: int) -> str:
    return {0: "blue", 1: "yellow", 5: "red"}[t % 10]


def label(t: int) -> str:
    c = colour(t)
    return str(t // 10) if c == "blue" else ("Y" if c == "yellow" else "R") + str(t // 10)


def value(t: int) -> int | str:
    c = colour(t)
    return t // 10 if c == "blue" else c.upper()


def maybe_case(rng: random.Random, token: str) -> str:
    r = rng.random()
    if r < 0.08:
        return token.lower()
    if r < 0.12:
        return token.upper()
    return token


def own_token(rng: random.Random, t: int, is_x: bool, stand_types: list[int], p_cut: float) -> tuple[str, str]:
    """A slot on the observer's stand, the wire always written: (token, state)."""
    r = rng.random()
    if r < p_cut:
        core, state = label(t), "cut"
    elif r < p_cut + 0.08 and colour(t) != "red":
        core, state = "i" + label(t), "info"
    else:
        core, state = "?" + label(t), "hidden"
    ind = "X" if is_x else indicator(rng, t, stand_types, 0.15, state == "cut")
    return maybe_case(rng, ind + core), state


def indicator(rng: random.Random, t: int, stand_types: list[int], p: float, cut: bool = False) -> str:
    """A true indicator token for type t (or none).

    No false token on a cut blue wire: '!6' + '5' would read as '!65' (see
    test_notation.test_false_token_on_cut_blue_wire_round_trips).
    """
    if rng.random() >= p:
        return ""
    col = colour(t)
    options = []
    if col == "blue":
        options.append("E" if (t // 10) % 2 == 0 else "O")
    if col != "red":
        m = sum(value(u) == value(t) for u in stand_types)
        if m <= 3:
            options.append(f"{m}x")
        nums = [n for n in range(1, 13) if not (col == "blue" and n == t // 10)]
        near = [n for n in nums if abs(n - t // 10) <= 2]
        if not (cut and col == "blue"):
            options.append("!" + str(rng.choice(near or nums)))
    return rng.choice(options) if options else ""


def other_token(
    rng: random.Random, t: int, is_x: bool, stand_types: list[int], profile: dict
) -> tuple[str, str]:
    """A slot on a teammate's stand: (token, state) with state hidden / cut / info."""
    col = colour(t)
    r = rng.random()
    state = "hidden"
    if r < profile["cut"]:
        core, state = label(t), "cut"
    elif r < profile["cut"] + profile["info"] and col != "red":
        state = "info"
        if col == "yellow":
            core = "iY" if rng.random() < 0.7 else "i" + label(t)
        else:
            core = "i" + label(t)
    else:
        core = "?"
    prefix = ""
    if state == "hidden" and rng.random() < profile["colour"]:
        prefix = col[0]
    ind = "X" if is_x else indicator(rng, t, stand_types, profile["indicator"], state == "cut")
    if core == "?" and ind and rng.random() < 0.6:
        core = ""
    return maybe_case(rng, prefix + ind + core), state
