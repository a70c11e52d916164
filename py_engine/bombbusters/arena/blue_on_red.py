"""Mission 11: a number card drawn face up names a blue value whose four wires count as red (cutting
one, or pointing at one, explodes the bomb).  The card says "set it faceup on the back of this mission
card": everyone knows the value, so every view rules out every other value from the start (a card nobody
has seen, the table app's "not seen" reading, plays here too: a playout from such a table draws it).

Why a play and not a deal: the card is drawn apart from the wires, so the deal stays that of any
mission, and the advice's statement of the rule (``advice/hidden_red.py``: every blue value not yet
cut nor ruled out is the card's with the same chance) reads the very ``hidden_red_value`` entry each
view carries here.  The referee knows the card (``Referee.red_value``: a wire of its value is red-like
in every action, detectors included); the table learns a value is *not* the card's when a failure's
info token shows it (had the wire been the card's, the bomb would have exploded; a detector's token
goes on a wire that is not red-like, as the advice reads it), and the card itself when the Stabilizer
saves a cut that pointed only at red-like wires (the first is shown).  Once every other wire is cut,
the four left are the card's: the team reveals them and the bomb is defused; a player whose wires are
all the card's, once the table knows it, reveals them (the card: "they must be the only wires left in
your hand", as red wires are revealed).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..advice.hidden_red import hidden_red_law
from ..advice.table_edits import failure_token, set_slots
from ..table.notation import INFO
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, value_of
from .mission_play import Decide, MissionPlay, cut_count

__all__ = ["HiddenRed"]

#: moves that point at a teammate's wires (their failure shows a wire with an info token)
_POINTING = ("dual_cut", "x_or_y_ray", "double_detector", "triple_detector", "super_detector", "turned_cut")


class HiddenRed(MissionPlay):
    """11: the card's ``value``; ``ruled``: the blue values the table knows are not it (every other one, face up)."""

    def __init__(self, value: int, face_up: bool = False, blue: tuple[int, int] = (1, 12)):
        self.value = value
        self.ruled: set[int] = set(range(blue[0], blue[1] + 1)) - {value} if face_up else set()

    @classmethod
    def from_table(cls, table: GameState, seed: int, value: int | None = None) -> "HiddenRed | None":
        """A playout's card, drawn again from what the table knows (``advice/hidden_red.py``'s law: every
        value not cut nor ruled out alike, apart from the wires), seeded by the playout's world; ``value``:
        that card (the tests' exact sums); None: the table has no hidden card."""
        law = hidden_red_law(table)
        if law is None:
            return None
        if value is None:
            values = sorted(law)
            value = random.Random(seed).choices(values, [law[v] for v in values])[0]
        assert value in law, (value, law)
        play = cls(value)
        raw = table.extra.get("hidden_red_value")
        play.ruled = set(raw.get("ruled_out", [])) if isinstance(raw, dict) else set()
        return play


    def bind(self, ref: Any) -> None:
        ref.red_value = self.value

    def view_extra(self, table: GameState, q: int) -> dict:
        return {"hidden_red_value": {"ruled_out": sorted(self.ruled)}}

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        if self._defused(ref):
            return "played"
        mine = [k for k in ref.uncut(q) if k in ref.seen]
        if mine and self.known(ref) and all(ref.red_like(ref.world[k]) for k in mine):
            return self._reveal(ref, mine)
        return super().turn(ref, q, decide)

    def known(self, ref: Any) -> bool:
        """Whether the table knows the card's value (every other blue value cut or ruled out)."""
        lo, hi = ref.table.wires.blue_range
        return all(v == self.value or v in self.ruled or cut_count(ref.table, v) for v in range(lo, hi + 1))

    def _reveal(self, ref: Any, mine: list) -> str:
        """q's wires are all the card's, which the table knows: q reveals them as red wires are revealed.
        They are shown in place (a value token each) rather than cut: the advice rules out a value with a
        cut wire, and they still count as red when every other wire is cut."""
        shown = {k: failure_token(ref.table.stand(k[0], k[1])[k[2]], ref.world[k], "value") for k in mine
                 if ref.table.stand(k[0], k[1])[k[2]].state != INFO}
        if not shown:
            return "idle"
        ref.table = replace(ref.table, players=set_slots(ref.table, shown))
        return "played"

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        if move is not None and move["kind"] in _POINTING:
            self._shown(ref, move)
        self._defused(ref)

    def _shown(self, ref: Any, m: dict) -> None:
        """What a failed pointing move showed: the token's value is not the card's; only red-like wires
        pointed at (the Stabilizer held): the card's value, shown on the first."""
        p, s = m["player"], m["stand"]
        named = m.get("values") or [m["value"]]
        wires = [ref.world[(p, s, j)] for j in m["slots"]]
        if any(value_of(t) in named for t in wires):
            return  # a success (a red-like hit has already ended the game)
        plain = [t for t in wires if not ref.red_like(t)]
        if not plain:
            lo, hi = ref.table.wires.blue_range
            self.ruled = {v for v in range(lo, hi + 1) if v != self.value}
        elif colour_of(plain[0]) == BLUE:
            self.ruled.add(int(value_of(plain[0])))

    def _defused(self, ref: Any) -> bool:
        """Every wire left counts as red (the card's four): the team reveals them, the bomb is defused."""
        left = ref.uncut()
        if left and all(ref.red_like(ref.world[k]) for k in left):
            ref.outcome = "won"
            return True
        return False
