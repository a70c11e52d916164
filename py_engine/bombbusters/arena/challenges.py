"""Doctor Nope's challenge cards (55, 60): one face up per player; each one completed is discarded and
moves the detonator back a space.

Why a play: a challenge's condition reads the table (stands, validation tokens) and the last turns,
which the referee, and the ``win`` playouts through the view's ``mission_play``, follow alike.
Readings taken where the cards are terse (docs/arena.md, "Challenge cards"):

* the detonator starts one space before the skull (one more failure loses: the space every
  challenge card shows, by the public card data) and never goes back beyond its usual start;
* a turn's "cut" of a value (2, 7) is a cut that succeeds; a failure, a reveal of red wires or the
  red-wire challenge breaks a run; a Fast Pass counts as a solo cut (5);
* 6: a wire is isolated when it has a wire on each side and both are cut; 10: a stand's two end wires
  are uncut; 9: at least 6 uncut blue wires, all odd; 8: the first two values validated are the two
  numbers, in either order;
* 1 ("cut a teammate's wire, saying it is red"): a player does it, instead of their action, only
  when their view makes a teammate's wire red for sure.  The teams otherwise play as usual.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from ..advice.table_edits import cut_slot, with_cuts
from ..questions.analysis import solve_state
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import BLUE, RED, colour_of, value_of
from .constraint_play import shuffled, validated
from .mission_play import Decide, MissionPlay, cut_count

__all__ = ["Challenges", "completed"]


def _stands(table: GameState, world: dict) -> list[list[tuple[bool, Any]]]:
    """Every stand as (cut, wire) per slot (the wire: the referee's, or the playout's world)."""
    return [[(sl.state == CUT, world.get((p, s, j))) for j, sl in enumerate(table.stand(p, s))]
            for p, s in table.stand_keys()]


def _runs(stand: list) -> list[int]:
    runs, n = [], 0
    for cut, _t in stand + [(True, None)]:
        if cut:
            if n:
                runs.append(n)
            n = 0
        else:
            n += 1
    return runs


def _isolated(stand: list) -> int:
    return sum(1 for j in range(1, len(stand) - 1) if not stand[j][0] and stand[j - 1][0] and stand[j + 1][0])


def _all_odd(stand: list) -> bool:
    blues = [value_of(t) for cut, t in stand if not cut and t is not None and colour_of(t) == BLUE]
    return len(blues) >= 6 and all(v % 2 for v in blues)


def _ends_kept(stand: list) -> bool:
    return len(stand) >= 2 and sum(c for c, _t in stand) >= 7 and not stand[0][0] and not stand[-1][0]


def completed(card: int, table: GameState, world: dict, events: list, validations: list, targets: list) -> bool:
    """Whether challenge ``card`` (1-10) is fulfilled now; ``events``: the last turns as (kind, value cut
    or None); ``validations``: the values validated, in order."""
    stands = _stands(table, world)
    values = [v for _k, v in events]
    if card == 1:
        return bool(events) and events[-1][0] == "red"
    if card == 2:
        return len(values) >= 4 and all(isinstance(v, int) and v % 2 == 0 for v in values[-4:])
    if card == 3:
        return any(_runs(st) and all(r == 2 for r in _runs(st)) for st in stands)
    if card == 4:
        return len(validations) >= 3 and sum(validations[:3]) == 18
    if card == 5:
        return len(events) >= 2 and all(k == "solo" for k, _v in events[-2:])
    if card == 6:
        return any(_isolated(st) >= 5 for st in stands)
    if card == 7:
        last = values[-3:]
        return (len(last) == 3 and all(isinstance(v, int) for v in last)
                and (last[1] - last[0]) == (last[2] - last[1]) and abs(last[1] - last[0]) == 1)
    if card == 8:
        return len(validations) >= 2 and set(validations[:2]) == set(targets)
    if card == 9:
        return any(_all_odd(st) for st in stands)
    if card == 10:
        return any(_ends_kept(st) for st in stands)
    raise ValueError(f"challenge cards are 1-10, not {card!r}")


class Challenges(MissionPlay):
    """55, 60: ``active`` challenge cards face up (8 with its two number cards, ``targets``)."""

    def __init__(self, active: list[int], targets: list[int], cap: int, events: Any = (), validations: Any = ()):
        self.active, self.targets, self.cap = list(active), list(targets), cap
        self.events, self.validations = list(events), list(validations)

    @classmethod
    def dealt(cls, players: int, seed: Any) -> "Challenges":
        cards = [int(c) for c in shuffled(seed, [str(c) for c in range(1, 11)], "challenges")[:players]]
        return cls(cards, sorted(int(v) for v in shuffled(seed, [str(v) for v in range(1, 13)], "challenge 8")[:2]),
                   players - 1)

    def setup(self, ref: Any) -> None:
        ref.table = replace(ref.table, mistakes_left=0)
        self._resolve(ref)

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        if 1 in self.active and self._red_cut(ref, q):
            return "played"
        self._before = Counter(value_of(sl.wire) for p, s in ref.table.stand_keys() for sl in ref.table.stand(p, s)
                               if sl.state == CUT and sl.wire is not None)
        return super().turn(ref, q, decide)

    def _red_cut(self, ref: Any, q: int) -> bool:
        """Challenge 1: a teammate's wire q's view makes red for sure is cut, saying "it is red"."""
        if not any(k[0] != q and colour_of(ref.world[k]) == RED for k in ref.uncut()):
            return False  # no red wire left on a teammate's stand: no view can be sure of one
        an = solve_state(ref.view(q))
        spot = next((k for k in sorted(ref.uncut()) if k[0] != q and ref.table.stand(k[0], k[1])[k[2]].wire is None
                     and sum(pr for t, pr in an.slot_probs(*k).items() if colour_of(t) == RED) >= 1.0 - 1e-12), None)
        if spot is None:
            return False
        ok = colour_of(ref.world[spot]) == RED
        ref.taken.append((1.0, ok))
        if not ok:
            ref.sure_failures += 1
            ref.outcome = "exploded"
            return True
        ref.table = with_cuts(ref.table, {spot: cut_slot(ref.table, spot, ref.world[spot])})
        self.events = (self.events + [("red", None)])[-4:]
        self._resolve(ref)
        return True

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        kind = move["kind"] if move else None
        v = move.get("value") if move else None
        done = isinstance(v, int) and cut_count(ref.table, v) > self._before.get(v, 0)
        event = ("solo" if kind in ("solo_cut", "fast_pass") and done else "cut" if done else "other",
                 v if done else None)
        self.events = (self.events + [event])[-4:]
        self._resolve(ref)

    def _resolve(self, ref: Any) -> None:
        self.validations += sorted(validated(ref.table) - set(self.validations))
        won = [c for c in self.active if completed(c, ref.table, ref.world, self.events, self.validations, self.targets)]
        if won:
            self.active = [c for c in self.active if c not in won]
            ref.table = replace(ref.table, mistakes_left=min(self.cap, ref.mistakes_left + len(won)))

    def doc(self) -> dict:
        return {"kind": "challenges", "active": self.active, "targets": self.targets, "cap": self.cap,
                "events": [list(e) for e in self.events], "validations": self.validations}

    @classmethod
    def from_doc(cls, doc: dict) -> "Challenges":
        return cls(list(doc["active"]), list(doc["targets"]), int(doc["cap"]),
                   [tuple(e) for e in doc["events"]], list(doc["validations"]))
