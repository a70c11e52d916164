"""The yellow and red numbers drawn at the table, read into the engine's ``"wires"`` object.

Why apart from the presets: this is where what the players typed meets what the card deals, and
every mismatch must come back as a message naming the colour and what was expected.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..table.errors import StateError
from ..table.wires import COLOUR_MAX

__all__ = ["ColourNumbers", "colour_wires", "numbers_needed"]

#: numbers entered for one colour: a flat list (known first, then the drawn
#: candidates) or, to avoid relying on order, {"known": [...], "of": [...]}
ColourNumbers = Sequence[int] | Mapping[str, Sequence[int]] | None


def numbers_needed(count: int, of: int | None, known: int) -> int:
    """How many numbers of one colour the players read off the table."""
    return known + (count if of is None else of)


def colour_wires(mission: str, colour: str, counts: tuple[int, int | None, int], fixed: tuple[int, ...],
                 numbers: ColourNumbers) -> Any:
    """One colour's part of the engine's ``"wires"``: the numbers drawn at the table checked against
    the preset's spec (``counts``: how many in play, drawn of how many, known beside the draw) and the
    numbers printed on its card (``fixed``); ``mission`` names it in the messages."""
    count, of, known = counts
    where = f"wires.{colour}"
    if isinstance(numbers, Mapping):
        extra = set(numbers) - {"known", "of"}
        if extra:
            raise StateError(f"{colour} numbers: unknown field(s) {sorted(extra)}", field=where)
        known_nums = _number_list(colour, numbers.get("known") or [])
        cands = _number_list(colour, numbers.get("of") or [])
    else:
        nums = _number_list(colour, numbers or [])
        split = known if of is not None else len(nums)
        known_nums, cands = nums[:split], nums[split:]
    _check_distinct(colour, known_nums + cands)
    if fixed and not known_nums + cands:
        return sorted(fixed)
    if fixed and sorted(known_nums + cands) != sorted(fixed):
        raise StateError(
            f"{mission} plays {colour} {', '.join(map(str, fixed))} "
            f"(printed on the card), got {known_nums + cands}",
            field=where,
        )
    need = numbers_needed(count, of, known)
    shape = _describe(count, of, known)
    if len(known_nums) + len(cands) != need:
        got = known_nums + cands
        raise StateError(
            f"{mission} needs {need} {colour} number"
            f"{'' if need == 1 else 's'} ({shape}), got {len(got)}: {got}",
            field=where,
        )
    if of is None:
        if isinstance(numbers, Mapping) and cands:
            raise StateError(
                f"{mission}: {colour} is {shape}, not drawn; "
                f"give them as a list or under 'known'",
                field=where,
            )
        return sorted(known_nums + cands) or None
    if len(known_nums) != known or len(cands) != of:
        raise StateError(
            f"{mission}: {colour} is {shape}; give {known} known and "
            f"{of} drawn {colour} numbers, got {len(known_nums)} known and {len(cands)} drawn",
            field=where,
        )
    group: dict[str, Any] = {"of": sorted(cands), "keep": count}
    if known:
        group["known"] = sorted(known_nums)
    return group

def _describe(count: int, of: int | None, known: int) -> str:
    if count + known == 0:
        return "none in this mission"
    if of is None:
        return f"{count} dealt"
    return (f"{known} known + " if known else "") + f"{count} of {of} drawn"

def _number_list(colour: str, numbers: Any) -> list[int]:
    if isinstance(numbers, (str, bytes)) or not isinstance(numbers, Sequence):
        raise StateError(f"{colour} numbers must be a list like [4, 7], got {numbers!r}", field=f"wires.{colour}")
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= COLOUR_MAX:
            raise StateError(
                f"{n!r} is not a {colour} wire number (1-{COLOUR_MAX})", field=f"wires.{colour}"
            )
    return list(numbers)

def _check_distinct(colour: str, numbers: list[int]) -> None:
    seen = {n for n in numbers if numbers.count(n) > 1}
    if seen:
        raise StateError(
            f"{colour} number{'s' if len(seen) > 1 else ''} {sorted(seen)} given twice: "
            f"each {colour} wire exists once",
            field=f"wires.{colour}",
        )
