"""Nano the robot (43, 53, 59): a token on a track of the values 1-12 whose moves the turns decide,
as the mission cards' backs say (bdiffuser's ``GAME_RULES.md`` transcription and card data).

Why one module: the three cards read one track, and each becomes what the table app sends (the
``nano`` count, ``only_values`` entries, the detonator as ``mistakes_left``), so the advice ranks only
legal moves, the referee checks each move against the same entries and the ``win`` playouts rebuild
the play from the view's ``mission_play``.  Readings and the choices made for the players
(docs/arena.md, "Nano"):

* 43: Nano starts on 1 and moves a space at the end of every turn (a Coffee Mug's too), turning
  around at 12 and at 1.  A player whose action cuts wires of Nano's value takes a wire of Nano's
  pile at random and files it (:mod:`.nano_take`); Nano's wires must be cut too, so once no player
  holds a wire while Nano still has some, nobody can act and the bomb is lost (``stuck``).  In the
  arena the team leaves the Walkie-Talkies unused: a later take into a stand a swap touched is one
  the engine and the table app cannot follow.  2 players: the captain's starting token is drawn at
  random (:func:`.together.random_tokens`).
* 53: no detonator; Nano starts before 1 and, after a cut action, moves +1 (success), -1 (success on
  its value), +2 (failure); on 12 the bomb explodes (counted as the detonator's).  Revealing red
  wires and a Coffee Mug are no cut action: Nano stays.  The views' ``mistakes_left`` is how many
  failures Nano can take; on 11 only a successful cut of an 11 keeps the bomb whole, so 11 is then
  the one value allowed (a player without one loses).  The views' ``nano_value`` names the value of
  Nano's space, which the team policy prefers (``advice/team.py``); in 43 too, while Nano holds wires.
* 59: the 12 number cards in a line, Nano on the 7 facing the longer side; a player cuts the value
  under Nano or a value ahead of it (Nano moves there), else skips: the detonator moves, Nano turns
  around and the table learns they hold none of those values.  After a cut the player turns Nano
  towards the side with more values still to cut (then: as it was), a choice every teammate could
  make from the table alone.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from ..table.notation import CUT
from ..table.state import GameState, nano_dealt
from ..table.wires import BLUE_MAX, value_of
from .mission_play import Decide, MissionPlay, advance, cut_count, hand_values, only_red, tell_has_not
from .nano_take import nano_pile, take_from_nano
from .together import random_tokens

__all__ = ["NanoDetonator", "NanoRescue", "NanoTrack", "nano_from_doc"]


def _cut_values(table: GameState) -> Counter:
    return Counter(value_of(sl.wire) for p, s in table.stand_keys() for sl in table.stand(p, s)
                   if sl.state == CUT and sl.wire is not None)


class _Cuts(MissionPlay):
    """A play that reads what a turn's action cut: the values cut and whether a cut action failed."""

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        self._before = (_cut_values(ref.table), len(ref.taken))
        return super().turn(ref, q, decide)

    def cut_now(self, ref: Any) -> set:
        """The gameplay values this turn's action cut."""
        return set(_cut_values(ref.table) - self._before[0])

    def failed(self, ref: Any, move: dict | None) -> bool:
        """Whether this turn's cut action failed (a reveal of red wires is no cut action)."""
        if move is None or move["kind"] == "reveal_red":
            return False
        return len(ref.taken) > self._before[1] and not ref.taken[-1][1]


class NanoTrack(_Cuts):
    """43: Nano on the track 1-12 and back, its pile of face-down wires (see the module's docstring)."""

    def __init__(self, players: int, seed: str):
        self.players, self.space, self.step = players, 1, 1
        self.rng = random.Random(f"{seed}:nano")

    def doc(self) -> dict:
        return {"kind": "nano_track", "space": self.space, "step": self.step}

    def setup(self, ref: Any) -> None:
        self.bind(ref)
        if self.players == 2:  # 43, 2 players: the captain draws their starting token at random
            cap = ref.table.captain
            random_tokens(ref, self.rng, frozenset(range(self.players)) - {cap})
            self.no_token = frozenset({cap})

    def bind(self, ref: Any) -> None:
        ref.spent.add("2")  # the Walkie-Talkies stay unused (see the module's docstring)

    def rules(self, table: Any, q: int) -> dict:
        left = nano_dealt(table) - sum(m.kind == "nano" for m in table.moves)
        if left <= 0:
            return {}
        why = f"Nano is on {self.space}: cutting a {self.space} takes one of its {left} wires (mission 43)"
        return {"nano_value": {"value": self.space, "why": why}}

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        if move is not None and self.space in self.cut_now(ref) and nano_pile(ref.table, ref.world):
            ref.table, ref.world = take_from_nano(ref.table, ref.world, q, self.rng)
            ref.seen = {k: t for k, t in ref.world.items() if not ref.table.stand(k[0], k[1])[k[2]].turned}
        if self.space + self.step not in range(1, BLUE_MAX + 1):
            self.step = -self.step
        self.space += self.step
        if not ref.uncut() and nano_pile(ref.table, ref.world):
            ref.outcome = "stuck"  # Nano's wires left and no one holds a wire: no one can act


#: 53: Nano's last space, where the bomb explodes
_END = 12


class NanoDetonator(_Cuts):
    """53: Nano in place of the detonator (see the module's docstring)."""

    def __init__(self) -> None:
        self.space = 0

    def doc(self) -> dict:
        return {"kind": "nano_detonator", "space": self.space}

    def bind(self, ref: Any) -> None:
        ref.table = replace(ref.table, mistakes_left=self.failures_left())

    def failures_left(self) -> int:
        """How many failures in a row Nano takes (+2 each) before it reaches 12."""
        return max(0, (_END - 1 - self.space) // 2)

    def rules(self, table: Any, q: int) -> dict:
        out: dict = {}
        if self.space >= 1:  # before 1 Nano shows no value
            out["nano_value"] = {"value": self.space, "why": f"Nano is on {self.space}: cutting a {self.space} takes "
                                f"it back a space (mission 53)"}
        if self.space == _END - 1:
            why = f"Nano is on {_END - 1}: any other cut action takes it to {_END} (mission 53)"
            out["only_values"] = {"values": [_END - 1], "why": why}
        return out

    def idle(self, ref: Any, q: int) -> bool:
        if self.space == _END - 1:  # no 11 to cut: whatever they cut, Nano reaches 12
            ref.outcome = "detonator"
        return self.space == _END - 1

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        if move is None or move["kind"] == "reveal_red":
            return
        if self.failed(ref, move):
            self.space += 2
        else:
            self.space += -1 if self.space in self.cut_now(ref) else 1
        if self.space >= _END:
            ref.outcome = "detonator"
            return
        self.bind(ref)


class NanoRescue(MissionPlay):
    """59: Nano on the line of number cards picks the values to cut (see the module's docstring)."""

    def __init__(self, line: list[int]):
        self.line = list(line)
        self.at = self.line.index(7)
        self.facing = 1 if len(self.line) - 1 - self.at > self.at else -1

    def doc(self) -> dict:
        return {"kind": "nano_rescue", "line": self.line, "at": self.at, "facing": self.facing}

    def ahead(self, table: Any) -> list[int]:
        """The face-up values under Nano and ahead of it (a card whose 4 wires are cut is face down)."""
        cards = self.line[self.at:] if self.facing > 0 else self.line[self.at::-1]
        return [v for v in cards if cut_count(table, v) < 4]

    def rules(self, table: Any, q: int) -> dict:
        why = "the value under Nano or a value ahead of it (mission 59)"
        return {"only_values": {"values": sorted(self.ahead(table)), "why": why}}

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        ahead = self.ahead(ref.table)
        if not only_red(ref, q) and not set(hand_values(ref, q)) & set(ahead):
            # the card: "they skip their turn, advance the detonator dial 1 space, and rotate Nano 180°"
            # (bdiffuser's OCR transcription and its code; an older transcription had them play on after it)
            tell_has_not(ref, q, ahead)
            advance(ref)
            self.facing = -self.facing
            return "played"
        return super().turn(ref, q, decide)

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        v = None if move is None else move.get("value")
        if not isinstance(v, int):
            return
        self.at = self.line.index(v)
        left = sum(cut_count(ref.table, w) < 4 for w in self.line[:self.at])
        right = sum(cut_count(ref.table, w) < 4 for w in self.line[self.at + 1:])
        if left != right:
            self.facing = 1 if right > left else -1


def _space(doc: dict, low: int, high: int) -> int:
    """Nano's space in a ``mission_play`` document, checked (53: 0 is before 1)."""
    space = doc.get("space")
    if isinstance(space, bool) or not isinstance(space, int) or not low <= space <= high:
        raise ValueError(f"mission_play: Nano's space must be a whole number {low}-{high}"
                         f"{' (0: before 1)' if low == 0 else ''}, got {space!r}")
    return space


def nano_from_doc(doc: dict, players: int, seed: int = 0) -> MissionPlay | None:
    """A playout's Nano play from a view's ``mission_play`` (None: not a Nano doc)."""
    kind = doc.get("kind")
    play: Any
    if kind == "nano_track":
        step = doc.get("step")
        if step not in (1, -1) or isinstance(step, bool):
            raise ValueError(f"mission_play: Nano's step must be 1 (up the track) or -1 (down), got {step!r}")
        play = NanoTrack(players, str(seed))
        play.space, play.step = _space(doc, 1, BLUE_MAX), step
    elif kind == "nano_detonator":
        play = NanoDetonator()
        play.space = _space(doc, 0, _END - 1)
    elif kind == "nano_rescue":
        play = NanoRescue(list(doc["line"]))
        play.at, play.facing = int(doc["at"]), int(doc["facing"])
    else:
        return None
    return play
