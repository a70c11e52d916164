"""Stand notation: one token per slot, our "FEN" for tile stands.

Token grammar (case-insensitive), as in the earlier calculator::

    [colour b|y|r] [indicator E | O | 1x | 2x | 3x | 4x | X | T | !N] core
    core:  ?  |  ?N ?YN ?RN (hidden, known to the observer)
           N  YN  RN        (cut)
           iN  iY  iYN      (info token: uncut, value public)

The core may be left out after a colour or indicator (``E``, ``1x``, ``X``,
``T``, ``!3`` are hidden slots).  ``T`` marks a turned-around wire (missions 38,
56, 64): its owner cannot see it, the teammates can; a player's ``T`` wires
are sorted among themselves only (``T? 2 5 T?`` : left <= right).  A false token on a cut blue wire is written with a
colon, ``!3:5``, since ``!35`` would read as "not 35".  ``format_stand(parse_stand(s))`` is canonical and
``parse_stand`` of it gives the same slots back.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import Sequence

from .errors import NotationError
from .wires import BLUE, RED, YELLOW, blue, colour_of, label, number_of, parse_label

__all__ = [
    "HIDDEN",
    "CUT",
    "INFO",
    "Slot",
    "parse_slot",
    "format_slot",
    "parse_stand",
    "format_stand",
    "slot_letter",
]

HIDDEN, CUT, INFO = "hidden", "cut", "info"


@dataclass(frozen=True)
class Slot:
    """One position of a tile stand and every token the table shows on it.

    ``wire`` is the exact type when known to the observer (cut, info with a
    number, or the observer's own ``?N``); ``colour`` a colour known without
    the type (``y?``, ``iY``).  Tokens: ``parity`` ("even"/"odd"),
    ``multiplicity`` (1-4: copies of this slot's value on the stand, cut ones
    included), ``not_value`` (a false info token: not blue N), ``unsorted`` (X),
    ``turned`` (T: a wire turned around, seen by everyone but its owner).
    """

    state: str = HIDDEN
    wire: int | None = None
    colour: str | None = None
    parity: str | None = None
    multiplicity: int | None = None
    not_value: int | None = None
    unsorted: bool = False
    turned: bool = False

    @property
    def is_cut(self) -> bool:
        return self.state == CUT

    @property
    def public_wire(self) -> int | None:
        """The type every player can see (cut, or an info token with its number)."""
        return self.wire if self.state != HIDDEN else None

    @property
    def known_wire(self) -> int:
        """The type of a slot whose wire is known (every slot of a stand outside the DP)."""
        assert self.wire is not None, "known_wire of a slot whose wire is not known"
        return self.wire

    def __str__(self) -> str:
        return format_slot(self)


_TOKEN_RE = re.compile(
    r"""^
    (?P<col>[byr](?=[?eoxti!]|[1-4]x))?
    (?P<ind>[eo]|[1-4]x|x|t|!(?P<nv>\d{1,2}))?
    :?
    (?P<core>
        i(?:y(?P<iyn>\d{1,2})?|(?P<in>\d{1,2}))
      | \?(?P<hw>[yr]?\d{1,2})?
      | (?P<cw>[yr]?\d{1,2})
    )?
    $""",
    re.IGNORECASE | re.VERBOSE,
)
_COLOUR_LETTER = {"b": BLUE, "y": YELLOW, "r": RED}
_LETTER_OF_COLOUR = {v: k for k, v in _COLOUR_LETTER.items()}


def slot_letter(index: int) -> str:
    """0 -> "A": the letter the table uses for a slot."""
    return chr(ord("A") + index) if index < 26 else f"#{index + 1}"


def _where(position: int | None) -> str:
    return "" if position is None else f" at slot {slot_letter(position)}"


def parse_slot(token: str, position: int | None = None) -> Slot:
    """Read one token; the error quotes it and names its slot.

    Tokens repeat (a table is mostly ``?`` and a few cut values) and a slot
    is immutable, so each token is read once; an error is read again to name
    its slot."""
    try:
        return _read_token(token)
    except NotationError:
        return _read(token, position)


@functools.lru_cache(maxsize=2048)
def _read_token(token: str) -> Slot:
    return _read(token, None)


def _read(token: str, position: int | None) -> Slot:
    m = _TOKEN_RE.match(token)
    if not m or not token or (m.group("core") is None and not (m.group("col") or m.group("ind"))):
        raise NotationError(f"cannot read token {token!r}{_where(position)}", slot=position, token=token)
    try:
        state, wire, colour = HIDDEN, None, None
        if m.group("col"):
            colour = _COLOUR_LETTER[m.group("col").lower()]
        core = m.group("core") or ""
        if core[:1].lower() == "i":
            state = INFO
            if m.group("in"):
                wire = parse_label(m.group("in"))
            elif m.group("iyn"):
                wire = parse_label("Y" + m.group("iyn"))
            else:
                colour = _merge_colour(colour, YELLOW, token, position)
        elif core.startswith("?"):
            wire = parse_label(m.group("hw")) if m.group("hw") else None
        elif core:
            state, wire = CUT, parse_label(m.group("cw"))
        if wire is not None and colour is not None:
            _merge_colour(colour, colour_of(wire), token, position)
            colour = None
        parity = multiplicity = not_value = None
        unsorted = turned = False
        ind = (m.group("ind") or "").lower()
        if ind in ("e", "o"):
            parity = "even" if ind == "e" else "odd"
        elif ind.endswith("x") and len(ind) == 2:
            multiplicity = int(ind[0])
        elif ind == "x":
            unsorted = True
        elif ind == "t":
            turned = True
        elif ind.startswith("!"):
            not_value = number_of(parse_label(m.group("nv")))
        slot = Slot(state, wire, colour, parity, multiplicity, not_value, unsorted, turned)
    except NotationError as exc:
        raise NotationError(f"token {token!r}{_where(position)}: {exc}", slot=position, token=token) from None
    problem = slot_problem(slot)
    if problem:
        raise NotationError(f"token {token!r}{_where(position)}: {problem}", slot=position, token=token)
    return slot


def _merge_colour(a: str | None, b: str, token: str, position: int | None) -> str:
    if a is not None and a != b:
        raise NotationError(f"token {token!r}{_where(position)} says both {a} and {b}", slot=position, token=token)
    return b


def slot_problem(slot: Slot) -> str | None:
    """Why the tokens on one slot contradict each other (None if they do not)."""
    colour = colour_of(slot.wire) if slot.wire is not None else slot.colour
    if slot.turned and (slot.state == INFO or slot.colour is not None):
        return "a turned-around wire (T) carries no token: its teammates see it, its owner cannot"
    if slot.parity is not None:
        if colour in (YELLOW, RED):
            return f"an even/odd token only goes on a blue wire, not {colour}"
        if slot.wire is not None and (number_of(slot.wire) % 2 == 0) != (slot.parity == "even"):
            return f"wire {label(slot.wire)} is not {slot.parity}"
    if slot.multiplicity is not None and colour == RED:
        return "an x1/x2/x3 token is never placed on a red wire"
    if slot.not_value is not None:
        if colour == RED:
            return "a false info token is never placed on a red wire"
        if slot.wire is not None and slot.wire == blue(slot.not_value):
            return f"the false token says 'not {slot.not_value}' on wire {label(slot.wire)}"
    return None


def format_slot(slot: Slot) -> str:
    """Canonical token: colour only when the wire does not imply it; core '?' dropped after a token."""
    parts = []
    if slot.colour is not None and slot.wire is None and not (slot.state == INFO and slot.colour == YELLOW):
        parts.append(_LETTER_OF_COLOUR[slot.colour])
    if slot.parity is not None:
        parts.append("E" if slot.parity == "even" else "O")
    if slot.multiplicity is not None:
        parts.append(f"{slot.multiplicity}x")
    if slot.unsorted:
        parts.append("X")
    if slot.turned:
        parts.append("T")
    if slot.not_value is not None:
        parts.append(f"!{slot.not_value}")
    if slot.state == CUT:
        if slot.not_value is not None and slot.wire is not None and colour_of(slot.wire) == BLUE:
            parts.append(":")  # '!3:5' (not 3, cut 5), else '!35' would read as "not 35"
        parts.append(label(slot.wire))  # type: ignore[arg-type]
    elif slot.state == INFO:
        parts.append("i" + (label(slot.wire) if slot.wire is not None else "Y"))
    elif slot.wire is not None:
        parts.append("?" + label(slot.wire))
    elif len(parts) <= 1 and not (parts and parts[0] not in ("b", "y", "r")):
        parts.append("?")
    return "".join(parts)


def parse_stand(text: str) -> tuple[Slot, ...]:
    """Read a whole stand: tokens separated by spaces or commas.

    A stand's text is read once: the same text gives the same (immutable) tuple, request after
    request, which the compiler uses to keep an unchanged stand's arrays."""
    if not isinstance(text, str):
        raise NotationError(f"a stand must be a text like '? 3 ? i8', got {text!r}")
    return _read_stand(text)


@functools.lru_cache(maxsize=1024)
def _read_stand(text: str) -> tuple[Slot, ...]:
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise NotationError("the stand is empty: enter one token per slot, e.g. '? 3 ? i8'")
    return tuple(parse_slot(tok, i) for i, tok in enumerate(tokens))


def format_stand(slots: Sequence[Slot]) -> str:
    return " ".join(format_slot(s) for s in slots)


def observed(slot: Slot) -> Slot:
    """The slot as a teammate sees it: an uncut wire's type is hidden unless an info token shows it."""
    if slot.state == HIDDEN and slot.wire is not None:
        return replace(slot, wire=None)
    return slot
