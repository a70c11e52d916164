"""Counting the generated tables: how many tiles a wire set has, and how many configurations a table
with every slot hidden has (gen.py keeps brute force within reach by it).

Why apart: counting is combinatorics the dealing code only asks for a number."""

from __future__ import annotations

import functools
import math

__all__ = ["total", "hidden_configs"]


def total(wires: dict) -> int:
    lo, hi = wires["blue"]
    total = 4 * (hi - lo + 1)
    for colour in ("yellow", "red"):
        g = wires.get(colour)
        if isinstance(g, list):
            total += len(g)
        elif isinstance(g, dict):
            total += len(g.get("known", [])) + g["keep"]
    return total


def hidden_configs(wires: dict, sizes: list[int], x_flags: list[bool]) -> int:
    """Configurations of a table where every slot is hidden (a size estimate for brute force)."""
    lo, hi = wires["blue"]
    fixed = [4] * (hi - lo + 1)
    draws = []
    for colour in ("yellow", "red"):
        g = wires.get(colour)
        if isinstance(g, list):
            fixed += [1] * len(g)
        elif isinstance(g, dict):
            fixed += [1] * len(g.get("known", []))
            draws.append(math.comb(len(g["of"]), g["keep"]))
            fixed += [1] * g["keep"]  # every kept subset has the same shape
    caps: list[int] = []
    for size, x in zip(sizes, x_flags):
        caps += [size - 1, 1] if x else [size]
    return ways(tuple(fixed), 0, tuple(caps)) * math.prod(draws)


@functools.lru_cache(maxsize=100_000)
def ways(copies: tuple[int, ...], i: int, free: tuple[int, ...]) -> int:
    """Ways to split copies[i:] over groups with these free places (each group sorted)."""
    if i == len(copies):
        return 0 if any(free) else 1
    return sum(
        ways(copies, i + 1, tuple(f - k for f, k in zip(free, split)))
        for split in splits(copies[i], free)
    )


def splits(c: int, free: tuple[int, ...]):
    if not free:
        if c == 0:
            yield ()
        return
    for k in range(min(c, free[0]) + 1):
        for rest in splits(c - k, free[1:]):
            yield (k,) + rest
