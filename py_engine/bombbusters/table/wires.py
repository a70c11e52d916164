"""Wire types and the pool of wires a mission puts in play.

A wire type is an ``int`` sort key ``10*n + c`` with ``c`` = 0 (blue), 1
(yellow, sorted at n.1) or 5 (red, n.5): integer order is the stand order, so
the solver can walk types in sort order without floats.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Iterable

from .errors import NotationError, StateError

__all__ = [
    "BLUE",
    "YELLOW",
    "RED",
    "COLOURS",
    "blue",
    "yellow",
    "red",
    "colour_of",
    "number_of",
    "value_of",
    "parity_of",
    "value_order",
    "label",
    "parse_label",
    "parse_value",
    "value_label",
    "ColourGroup",
    "WireSetup",
]

BLUE, YELLOW, RED = "blue", "yellow", "red"
COLOURS = (BLUE, YELLOW, RED)
_OFFSET = {BLUE: 0, YELLOW: 1, RED: 5}
_COLOUR_OF_OFFSET = {0: BLUE, 1: YELLOW, 5: RED}
BLUE_MAX = 12
COLOUR_MAX = 11


def blue(n: int) -> int:
    return 10 * n


def yellow(n: int) -> int:
    return 10 * n + 1


def red(n: int) -> int:
    return 10 * n + 5


def colour_of(t: int) -> str:
    return _COLOUR_OF_OFFSET[t % 10]


def number_of(t: int) -> int:
    return t // 10


def value_of(t: int) -> int | str:
    """Gameplay value: the blue number, or ``"YELLOW"`` / ``"RED"``."""
    c = colour_of(t)
    return number_of(t) if c == BLUE else c.upper()


def parity_of(t: int) -> str:
    """What an even/odd token on blue wire ``t`` shows: ``"even"`` or ``"odd"``."""
    return "even" if number_of(t) % 2 == 0 else "odd"


def label(t: int) -> str:
    """``"7"``, ``"Y4"``, ``"R5"``: the key used in JSON results."""
    c = colour_of(t)
    n = number_of(t)
    return str(n) if c == BLUE else ("Y" if c == YELLOW else "R") + str(n)


_LABEL_RE = re.compile(r"^([YR]?)(\d{1,2})$", re.IGNORECASE)


def parse_label(text: str) -> int:
    """Inverse of :func:`label` (case-insensitive)."""
    m = _LABEL_RE.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise NotationError(f"{text!r} is not a wire label (expected e.g. '7', 'Y4', 'R5')")
    prefix, n = m.group(1).upper(), int(m.group(2))
    if prefix == "":
        if not 1 <= n <= BLUE_MAX:
            raise NotationError(f"blue wire {text!r} out of range 1-{BLUE_MAX}")
        return blue(n)
    if not 1 <= n <= COLOUR_MAX:
        raise NotationError(f"wire {text!r} out of range 1-{COLOUR_MAX}")
    return yellow(n) if prefix == "Y" else red(n)


def parse_value(v: Any) -> int | str:
    """A gameplay value from JSON: ``1..12``, ``"YELLOW"`` or ``"RED"``."""
    if isinstance(v, bool):
        raise StateError(f"{v!r} is not a wire value (expected 1-12, 'YELLOW' or 'RED')")
    if isinstance(v, int) and 1 <= v <= BLUE_MAX:
        return v
    if isinstance(v, str):
        s = v.strip().upper()
        if s in ("YELLOW", "RED"):
            return s
        if s.isdigit() and 1 <= int(s) <= BLUE_MAX:
            return int(s)
    raise StateError(f"{v!r} is not a wire value (expected 1-12, 'YELLOW' or 'RED')")


def value_label(v: int | str) -> str:
    return str(v)


@dataclass(frozen=True)
class ColourGroup:
    """Yellow or red wires of one mission: some known, plus an optional "keep a of b" draw."""

    colour: str
    known: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()
    keep: int = 0

    @property
    def in_play(self) -> int:
        return len(self.known) + self.keep

    @property
    def discarded(self) -> int:
        return len(self.candidates) - self.keep

    def types(self) -> list[int]:
        """Every type of this colour that may be in play (known and candidates)."""
        make = yellow if self.colour == YELLOW else red
        return [make(n) for n in sorted(set(self.known) | set(self.candidates))]

    def candidate_types(self) -> list[int]:
        """The types of the "a of b" draw: only these can end up discarded."""
        make = yellow if self.colour == YELLOW else red
        return [make(n) for n in self.candidates]

    def to_json(self) -> Any:
        if not self.candidates:
            return list(self.known) if self.known else None
        doc: dict[str, Any] = {"of": list(self.candidates), "keep": self.keep}
        if self.known:
            doc["known"] = list(self.known)
        return doc

    @staticmethod
    def from_json(colour: str, doc: Any) -> "ColourGroup":
        where = f"wires.{colour}"
        if doc is None or doc == [] or doc == 0:
            return ColourGroup(colour)
        known: Iterable[Any] = ()
        cands: Iterable[Any] = ()
        keep: Any = 0
        if isinstance(doc, list):
            known = doc
        elif isinstance(doc, dict):
            unknown = set(doc) - {"known", "of", "keep"}
            if unknown:
                raise StateError(f"{where}: unknown field(s) {sorted(unknown)}", field=where)
            known = doc.get("known", [])
            cands = doc.get("of", [])
            keep = doc.get("keep", 0)
            if not isinstance(known, list) or not isinstance(cands, list):
                raise StateError(f"{where}: 'known' and 'of' must be lists of numbers", field=where)
        else:
            raise StateError(
                f"{where} must be a list like [4, 7] or {{\"of\": [2, 3, 9], \"keep\": 2}}, got {doc!r}",
                field=where,
            )
        nums = []
        for n in list(known) + list(cands):
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= COLOUR_MAX:
                raise StateError(f"{where}: {n!r} is not a {colour} wire number 1-{COLOUR_MAX}", field=where)
            nums.append(n)
        if len(set(nums)) != len(nums):
            raise StateError(f"{where}: a {colour} wire is listed twice in {doc!r}", field=where)
        if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= len(list(cands)):
            raise StateError(
                f"{where}: keep must be a whole number from 0 to {len(list(cands))}, got {keep!r}", field=where
            )
        return ColourGroup(colour, tuple(sorted(known)), tuple(sorted(cands)), keep)


@functools.lru_cache(maxsize=64)
def _copies(setup: "WireSetup") -> dict[int, int]:
    lo, hi = setup.blue_range
    pool = {blue(n): 4 for n in range(lo, hi + 1)}
    for group in (setup.yellow, setup.red):
        for t in group.types():
            pool[t] = 1
    return dict(sorted(pool.items()))


def value_order(value) -> tuple:
    """Sort key of gameplay values: blue numbers first, then "RED", "YELLOW"."""
    return (isinstance(value, str), value)


@functools.lru_cache(maxsize=64)
def _values(setup: "WireSetup") -> tuple:
    return tuple(sorted({value_of(t) for t in _copies(setup)}, key=value_order))


@functools.lru_cache(maxsize=256)
def _types_of(setup: "WireSetup", value) -> frozenset:
    return frozenset(t for t in _copies(setup) if value_of(t) == value)


@dataclass(frozen=True)
class WireSetup:
    """Which wires a mission deals: blue range (4 copies each), yellow and red groups."""

    blue_range: tuple[int, int] = (1, 12)
    yellow: ColourGroup = ColourGroup(YELLOW)
    red: ColourGroup = ColourGroup(RED)

    @property
    def total_in_play(self) -> int:
        lo, hi = self.blue_range
        return 4 * (hi - lo + 1) + self.yellow.in_play + self.red.in_play

    def copies(self) -> dict[int, int]:
        """Copies of every type that may be in play (candidates count 1 each), in type order: a fresh
        dict (callers take wires out of it) of one made once per setup (every request asks it)."""
        return dict(_copies(self))

    def values(self) -> tuple:
        """The gameplay values that may be in play: blue numbers, then "RED", "YELLOW" (made once per setup)."""
        return _values(self)

    def types_of(self, value) -> frozenset:
        """Every wire type that may be in play of gameplay ``value`` (a number, "YELLOW", "RED"); made once
        per setup and value (the moves ask it per slot and value)."""
        return _types_of(self, value)

    def groups(self) -> list[ColourGroup]:
        """The "a of b" draws, each of which adds a hidden discard pile."""
        return [g for g in (self.yellow, self.red) if g.candidates and g.discarded > 0]

    def to_json(self) -> dict:
        doc: dict[str, Any] = {"blue": list(self.blue_range)}
        for name, group in ((YELLOW, self.yellow), (RED, self.red)):
            j = group.to_json()
            if j is not None:
                doc[name] = j
        return doc

    @staticmethod
    def from_json(doc: Any) -> "WireSetup":
        if doc is None:
            return WireSetup()
        if not isinstance(doc, dict):
            raise StateError(f"'wires' must be an object like {{\"blue\": [1, 12]}}, got {doc!r}", field="wires")
        unknown = set(doc) - {"blue", "yellow", "red"}
        if unknown:
            raise StateError(f"wires: unknown field(s) {sorted(unknown)}", field="wires")
        rng = doc.get("blue", [1, 12])
        if (
            not isinstance(rng, list)
            or len(rng) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in rng)
            or not 1 <= rng[0] <= rng[1] <= BLUE_MAX
        ):
            raise StateError(f"wires.blue must be [low, high] within 1-12, got {rng!r}", field="wires.blue")
        return WireSetup(
            (rng[0], rng[1]),
            ColourGroup.from_json(YELLOW, doc.get("yellow")),
            ColourGroup.from_json(RED, doc.get("red")),
        )
