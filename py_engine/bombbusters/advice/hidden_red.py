"""Mission 11: one blue value, on a number card nobody has seen, counts as red.

Why this is exact without touching the deal: the card is drawn apart from the
wires and nobody has looked at it, so no choice at the table depends on it;
what the table shows about it is only which values are *not* it — every value
with a cut wire (cutting one would have exploded the bomb), and the values the
state's ``hidden_red_value.ruled_out`` lists (say, a wire shown by an info
token after a failed cut: pointing at one of the card's wires would have
exploded the bomb too, and a detector's token goes on a wire that is not
red-like).  Each remaining blue value is the
card's with the same chance, independently of the wires.
"""

from __future__ import annotations

from typing import Any

from ..table.errors import StateError
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, value_of

__all__ = ["hidden_red_law"]


def hidden_red_law(state: GameState) -> dict[int, float] | None:
    """{blue value: P(it is the hidden red value)}, or None when the mission has none."""
    raw: Any = state.extra.get("hidden_red_value")
    if raw is None or raw is False:
        return None
    ruled: list = []
    if isinstance(raw, dict) and set(raw) <= {"ruled_out"} and isinstance(raw.get("ruled_out", []), list):
        ruled = raw.get("ruled_out", [])
    elif raw is not True:
        raise StateError(
            f"'hidden_red_value' must be true or {{\"ruled_out\": [values]}}, got {raw!r}", field="hidden_red_value"
        )
    lo, hi = state.wires.blue_range
    for v in ruled:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise StateError(f"hidden_red_value.ruled_out: {v!r} is not a blue value in play ({lo}-{hi})",
                             field="hidden_red_value")
    cut = {
        value_of(sl.wire)
        for pl in state.players for st in pl.stands for sl in st
        if sl.state == CUT and sl.wire is not None and colour_of(sl.wire) == BLUE
    }
    left = [v for v in range(lo, hi + 1) if v not in cut and v not in ruled]
    if not left:
        raise StateError(
            "hidden_red_value: every blue value has a cut wire or is ruled out, but one of them is the hidden red value",
            field="hidden_red_value",
        )
    return {v: 1.0 / len(left) for v in left}
