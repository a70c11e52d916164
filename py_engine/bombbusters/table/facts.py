"""What the table learnt that is not a token on a slot (facts), and how a fact of the state
document is read and checked.

Why apart from the state: a fact names players, stands and slots, so reading one needs the
players and nothing else; each check names the fact (its index) that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .errors import StateError
from .players import Player
from .wires import parse_value, value_of

__all__ = ["COUNT_KINDS", "FACT_KINDS", "Fact", "parse_fact", "value_matches"]

FACT_KINDS = ("has", "has_not", "same", "different", "red_count", "yellow_count", "not_value", "not_count")
#: facts that count the wires of one colour a stand was dealt
COUNT_KINDS = {"red_count": "RED", "yellow_count": "YELLOW"}


def value_matches(t: int, value: int | str) -> bool:
    """Does wire type ``t`` have gameplay value ``value`` (a number, YELLOW or RED)?"""
    return value_of(t) == value


@dataclass(frozen=True)
class Fact:
    """Something the table learnt that is not a token on a slot.

    has / has_not: the player (or one stand of theirs) holds / does not hold an
    uncut wire of ``value`` (failed dual cuts, General Radar, "I have none"
    tokens).  same / different: two slots of one stand share / do not share a
    gameplay value (Label = / Label ≠; all yellows count as one value, all reds
    too).  red_count / yellow_count: how many red (yellow) wires a stand was
    dealt (open red deal; yellow wires dealt one per player: without a
    stand, over all of the player's stands).
    not_value: none of these slots of one stand has gameplay ``value`` (a failed
    Double/Triple/Super Detector or X-or-Y Ray).
    not_count: none of these slots holds a blue wire whose value its stand was dealt exactly ``count``
    times — what an x-token put on that slot would have shown (a teammate's advised x-token placed
    elsewhere: see ``advice.indication.token_choice_facts``).
    has / has_not may name ``wires`` (player, stand, slot) on the table as it is
    now: the wires the player held uncut when it was learnt, which may since be
    cut or moved (default: the player's uncut wires now).
    """

    kind: str
    player: int
    stand: int | None = None
    value: int | str | None = None
    slots: tuple[int, ...] = ()
    count: int | None = None
    wires: tuple[tuple[int, int, int], ...] | None = None

    def to_json(self) -> dict:
        doc: dict[str, Any] = {"kind": self.kind, "player": self.player}
        if self.stand is not None:
            doc["stand"] = self.stand
        if self.value is not None:
            doc["value"] = self.value
        if self.slots:
            doc["slots"] = list(self.slots)
        if self.count is not None:
            doc["count"] = self.count
        if self.wires is not None:
            doc["wires"] = [list(w) for w in self.wires]
        return doc

#: the fields each kind of fact may carry (besides kind, player, stand)
_FIELDS = {
    "has": {"value", "wires"}, "has_not": {"value", "wires"}, "same": {"slots"}, "different": {"slots"},
    "red_count": {"count"}, "yellow_count": {"count"}, "not_value": {"value", "slots"},
    "not_count": {"count", "slots"},
}


def parse_fact(players: Sequence[Player], i: int, doc: Any) -> Fact:
    """Fact ``i`` of the state document, checked against the players and their stands."""
    where = f"facts[{i}]"
    if not isinstance(doc, dict):
        raise StateError(f"{where} must be an object with 'kind' and 'player'", fact=i)
    kind = doc.get("kind")
    if kind not in FACT_KINDS:
        raise StateError(f"{where}: unknown kind {kind!r} (known: {', '.join(FACT_KINDS)})", fact=i)
    unknown = set(doc) - ({"kind", "player", "stand"} | _FIELDS[kind])
    if unknown:
        raise StateError(f"{where} ({kind}): unknown field(s) {sorted(unknown)}", fact=i)
    p = doc.get("player")
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(players):
        raise StateError(f"{where}: unknown player {p!r}", fact=i)
    s = _stand(players[p], kind, doc.get("stand"), where, i)
    if kind in ("has", "has_not"):
        wires = _wires(players, doc["wires"], where, i) if "wires" in doc else None
        return Fact(kind, p, s, _value(doc, where, i), wires=wires)
    if kind in COUNT_KINDS:
        c = doc.get("count")
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise StateError(f"{where}: count must be a whole number ≥ 0, got {c!r}", fact=i)
        return Fact(kind, p, s, count=c)
    stand = players[p].stands[s]  # type: ignore[index]
    raw = doc.get("slots")
    slots: list = raw if isinstance(raw, list) else []
    if kind in ("not_value", "not_count"):
        if not (_slot_list(slots, len(stand)) and slots and len(set(slots)) == len(slots)):
            raise StateError(f"{where} ({kind}): slots must be distinct slot indices 0-{len(stand) - 1} of that stand, "
                             f"got {raw!r}", fact=i)
        if kind == "not_count":
            c = doc.get("count")
            if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 4:
                raise StateError(f"{where} (not_count): count must be 1-4 (an x-token's count), got {c!r}", fact=i)
            return Fact(kind, p, s, slots=tuple(sorted(slots)), count=c)
        return Fact(kind, p, s, _value(doc, where, i), slots=tuple(sorted(slots)))
    if not (_slot_list(slots, len(stand)) and len(slots) == 2 and slots[0] != slots[1]):
        raise StateError(f"{where} ({kind}): slots must be two different slot indices 0-{len(stand) - 1} of that stand, "
                         f"got {raw!r}", fact=i)
    if any(stand[j].turned for j in slots):
        raise StateError(f"{where} ({kind}): a Label never goes on a turned-around wire (T): its owner cannot see it", fact=i)
    return Fact(kind, p, s, slots=tuple(sorted(slots)))


def _stand(player: Player, kind: str, s: Any, where: str, i: int) -> int | None:
    """The fact's stand: as given, or the player's only one where the kind needs one."""
    n_stands = len(player.stands)
    needs_stand = kind in ("same", "different", "not_value", "not_count", "red_count")
    if s is None and (needs_stand or kind == "yellow_count"):
        if n_stands == 1:
            s = 0
        elif needs_stand:
            raise StateError(f"{where} ({kind}): say which stand of {player.name}", fact=i)
    if s is not None and (isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n_stands):
        raise StateError(f"{where}: {player.name} has no stand {s!r}", fact=i)
    return s


def _value(doc: dict, where: str, i: int) -> int | str:
    try:
        return parse_value(doc.get("value"))
    except StateError as exc:
        raise StateError(f"{where}: {exc}", fact=i) from None


def _slot_list(slots: list, size: int) -> bool:
    """Slot indices of a stand of ``size`` slots."""
    return all(isinstance(j, int) and not isinstance(j, bool) and 0 <= j < size for j in slots)


def _wires(players: Sequence[Player], doc: Any, where: str, i: int) -> tuple[tuple[int, int, int], ...]:
    """A fact's ``wires``: distinct [player, stand, slot] of the table as it is now."""
    ok = isinstance(doc, list) and all(
        isinstance(w, list) and len(w) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in w)
        and 0 <= w[0] < len(players) and 0 <= w[1] < len(players[w[0]].stands)
        and 0 <= w[2] < len(players[w[0]].stands[w[1]])
        for w in doc
    )
    if not ok or len({tuple(w) for w in doc}) != len(doc):
        raise StateError(f"{where}: 'wires' must list distinct [player, stand, slot] of the table, got {doc!r}", fact=i)
    return tuple(sorted(tuple(w) for w in doc))  # type: ignore[misc]
