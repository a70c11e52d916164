"""Wires that changed stands after the deal: Walkie-Talkies, the Grappling Hook and Nano's wires (43).

Why a module of its own: the deal is uniform over *physical deals before any
wire moved*, so the engine works on the stands as they were dealt.  Replaying
the recorded moves tells, for every slot of the table as it is now, which
dealt slot its wire came from, and for every wire filed into a stand, the
neighbours it was filed between — its value lies between theirs (an order
relation the solver keeps on its joint state).  The choice of which wire to
give tells nothing more.

A move in the state document::

    {"kind": "walkie_talkies",                 # or "grappling_hook" (one wire)
     "wires": [{"from": [player, stand, slot],  # on the stands just before the move
                "to":   [player, stand, slot]}, # on the stands just after it
               ...]}
    {"kind": "nano", "wires": [{"to": [player, stand, slot]}]}   # a wire taken from Nano's pile

Nano (mission 43) is dealt ``nano`` wires face down; a player takes one at
random, unseen by the others, and files it in order.  Moving a uniformly
random wire of a pile into a stand leaves the deal uniform over the deals
with the new sizes, and where it was filed says nothing more (a taker files
a wire equal to others at any of their places alike).  So a taken wire
counts as *dealt* to the stand that took it, and Nano's pile is what is left:
no order relation, no extra state.  That holds while the stand holds exactly
the wires dealt to it; a take into a stand a wire already left or entered is
refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import StateError
from .notation import slot_letter

__all__ = ["Transfer", "Move", "MOVE_KINDS", "Dealt", "parse_moves", "replay"]

#: move kind -> (how many wires move, its name in messages)
MOVE_KINDS = {"walkie_talkies": (2, "Walkie-Talkies"), "grappling_hook": (1, "Grappling Hook"), "nano": (1, "Nano")}

Spot = tuple[int, int, int]  # (player, stand, slot)
Origin = tuple[int, int, int]  # (player, stand, slot) as dealt


@dataclass(frozen=True)
class Transfer:
    src: Spot | None  # where the wire was just before the move (None: Nano's pile)
    dst: Spot  # where it is just after

    def to_json(self) -> dict:
        return {"to": list(self.dst)} if self.src is None else {"from": list(self.src), "to": list(self.dst)}


@dataclass(frozen=True)
class Move:
    kind: str
    wires: tuple[Transfer, ...]

    def to_json(self) -> dict:
        return {"kind": self.kind, "wires": [w.to_json() for w in self.wires]}


@dataclass
class Dealt:
    """The deal behind the table: dealt sizes, where each wire now sits, and the order relations."""

    sizes: dict[tuple[int, int], int]  # (player, stand) -> wires dealt to it
    origin: dict[Spot, Origin]  # slot now -> the dealt slot of its wire
    order: list[tuple[Origin, Origin]] = field(default_factory=list)  # (a, b): a's type <= b's type
    touched: set[tuple[int, int]] = field(default_factory=set)  # stands a wire left or entered
    nano_left: int = 0  # wires still in Nano's pile (43)
    from_nano: dict[tuple[int, int], int] = field(default_factory=dict)  # stand -> wires it took from Nano


def _spot(v: Any, where: str, n_players: int) -> Spot:
    if (
        not isinstance(v, list)
        or len(v) != 3
        or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
        or v[0] >= n_players
    ):
        raise StateError(f"{where} must be [player, stand, slot] (whole numbers, player < {n_players}), got {v!r}")
    return (v[0], v[1], v[2])


def parse_moves(doc: Any, n_players: int) -> tuple[Move, ...]:
    """The ``moves`` list of a state document, checked for shape (the slots are checked by :func:`replay`)."""
    if doc is None:
        return ()
    if not isinstance(doc, list):
        raise StateError("'moves' must be a list", field="moves")
    out = []
    for i, m in enumerate(doc):
        where = f"moves[{i}]"
        if not isinstance(m, dict) or not isinstance(m.get("kind"), str) or m["kind"] not in MOVE_KINDS:
            raise StateError(f"{where}: 'kind' must be one of {', '.join(MOVE_KINDS)}", field="moves", move=i)
        unknown = set(m) - {"kind", "wires"}
        if unknown:
            raise StateError(f"{where}: unknown field(s) {sorted(unknown)}", field="moves", move=i)
        count, name = MOVE_KINDS[m["kind"]]
        wires = m.get("wires")
        if not isinstance(wires, list) or len(wires) != count:
            raise StateError(f"{where} ({name}): 'wires' must list {count} wire{'s' * (count > 1)}", field="moves", move=i)
        ts = []
        for k, w in enumerate(wires):
            if m["kind"] == "nano":
                if not isinstance(w, dict) or set(w) != {"to"}:
                    raise StateError(f"{where}.wires[{k}] must be {{'to': [...]}} (the slot the wire was filed into)",
                                     field="moves", move=i)
                ts.append(Transfer(None, _spot(w["to"], f"{where}.wires[{k}].to", n_players)))
                continue
            if not isinstance(w, dict) or set(w) != {"from", "to"}:
                raise StateError(f"{where}.wires[{k}] must be {{'from': [...], 'to': [...]}}", field="moves", move=i)
            src = _spot(w["from"], f"{where}.wires[{k}].from", n_players)
            dst = _spot(w["to"], f"{where}.wires[{k}].to", n_players)
            if src[0] == dst[0]:
                raise StateError(f"{where} ({name}): a wire goes to another player", field="moves", move=i)
            ts.append(Transfer(src, dst))
        if count == 2 and (ts[0].src[0] != ts[1].dst[0] or ts[1].src[0] != ts[0].dst[0]):  # type: ignore[index]
            raise StateError(f"{where} ({name}): two players each give one wire to the other", field="moves", move=i)
        out.append(Move(m["kind"], tuple(ts)))
    return tuple(out)


def replay(moves: tuple[Move, ...], sizes_now: dict[tuple[int, int], int], names: list[str],
           unsorted_now: set[Spot] = frozenset(), nano: int = 0) -> Dealt:  # type: ignore[assignment]
    """Undo the moves to find the dealt sizes, then replay them on the dealt slots.

    ``unsorted_now``: slots now carrying an X token (an unsorted wire is
    filed anywhere, so it neither bounds nor is bounded by its neighbours).
    ``nano``: wires dealt to Nano; a wire taken from it counts as dealt to
    the stand that took it (see the module's docstring).
    Raises StateError naming the move and slot when a move points at a slot
    that did not exist at that moment.
    """
    sizes, from_nano = _dealt_sizes(moves, sizes_now, names, nano)
    # a wire is a token until the end: ("d", stand, i) dealt there, ("n", move) taken from Nano
    stands: dict[tuple[int, int], list] = {k: [("d", k, i) for i in range(n)] for k, n in sizes.items()}
    own = {k: list(st) for k, st in stands.items()}  # each stand's dealt wires, in dealt (sorted) order
    filed: list[tuple[list, tuple]] = []  # (the stand just after, the wire filed into it)
    touched: set[tuple[int, int]] = set()
    for i, m in enumerate(moves):
        if m.kind == "nano":
            key = _take_from_nano(i, m, stands, own, touched, unsorted_now, names)
            sizes[key] += 1
        else:
            filed += _hand_over(i, m, stands, touched, names)
    dealt_at = {tok: (*key, d) for key, order in own.items() for d, tok in enumerate(order)}
    origin = {(*key, j): dealt_at[tok] for key, st in stands.items() for j, tok in enumerate(st)}
    x_wires = {dealt_at[stands[s[:2]][s[2]]] for s in unsorted_now if s in origin}
    taken = sum(from_nano.values())
    return Dealt(sizes, origin, _order_pairs(filed, dealt_at, x_wires), touched, nano - taken, from_nano)


def _dealt_sizes(moves: tuple[Move, ...], sizes_now: dict[tuple[int, int], int], names: list[str],
                 nano: int) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """(each stand's size as dealt, the wires each stand took from Nano): the moves undone, last first."""
    sizes = dict(sizes_now)
    from_nano: dict[tuple[int, int], int] = {}
    for i, m in enumerate(reversed(moves)):
        at = len(moves) - 1 - i
        for w in m.wires:
            for key, d in ((w.dst[:2], -1), (None if w.src is None else w.src[:2], +1)):
                if key is None:
                    continue
                if key not in sizes:
                    raise StateError(f"moves[{at}] ({_name(m)}): {names[key[0]]} has no stand {key[1] + 1}",
                                     field="moves", move=at)
                sizes[key] += d
                if sizes[key] < 0:
                    raise StateError(f"moves[{at}] ({_name(m)}): more wires leave {names[key[0]]}'s stand than it "
                                     "holds", field="moves", move=at)
            if w.src is None:
                from_nano[w.dst[:2]] = from_nano.get(w.dst[:2], 0) + 1
    taken = sum(from_nano.values())
    if taken > nano:
        raise StateError(f"moves: {taken} wire{'s' * (taken != 1)} taken from Nano, who was dealt {nano}",
                         field="moves")
    return sizes, from_nano


def _take_from_nano(i: int, m: Move, stands: dict, own: dict, touched: set, unsorted_now: set[Spot],
                    names: list[str]) -> tuple[int, int]:
    """Move i, a wire taken from Nano, filed into its stand (which holds exactly its dealt wires, so now and
    dealt orders agree); returns the stand."""
    (w,) = m.wires
    key, j = w.dst[:2], w.dst[2]
    st = stands[key]
    if j > len(st):
        raise StateError(f"moves[{i}] (Nano): {names[key[0]]} has no slot {slot_letter(j)} just after it",
                         field="moves", move=i)
    if key in touched:
        raise StateError(f"moves[{i}] (Nano): a wire taken from Nano into {names[key[0]]}'s stand after a "
                         "wire left or entered that stand is not modelled", field="moves", move=i)
    if any(x[:2] == key for x in unsorted_now):
        raise StateError(f"moves[{i}] (Nano): a wire taken from Nano into {names[key[0]]}'s stand, which "
                         "holds an X or turned-around wire, is not modelled", field="moves", move=i)
    token = ("n", i)
    own[key].insert(j, token)
    st.insert(j, token)
    return key


def _hand_over(i: int, m: Move, stands: dict, touched: set, names: list[str]) -> list[tuple[list, tuple]]:
    """Move i, wires that change stands: each taken from its slot, then filed at its new one; returns
    (the stand just after, the wire filed into it) for each."""
    taken_now = []
    for w in sorted(m.wires, key=lambda w: -w.src[2]):  # type: ignore[index]
        assert w.src is not None
        st = stands[w.src[:2]]
        if w.src[2] >= len(st):
            raise StateError(f"moves[{i}] ({_name(m)}): {names[w.src[0]]} has no slot {slot_letter(w.src[2])} "
                             "just before it", field="moves", move=i)
        taken_now.append((w, st.pop(w.src[2])))
    for w, wire in sorted(taken_now, key=lambda x: x[0].dst[2]):
        st = stands[w.dst[:2]]
        if w.dst[2] > len(st):
            raise StateError(f"moves[{i}] ({_name(m)}): {names[w.dst[0]]} has no slot {slot_letter(w.dst[2])} "
                             "just after it", field="moves", move=i)
        st.insert(w.dst[2], wire)
        touched |= {w.src[:2], w.dst[:2]}  # type: ignore[index]
    return [(list(stands[w.dst[:2]]), wire) for w, wire in taken_now]


def _order_pairs(filed: list[tuple[list, tuple]], dealt_at: dict, x_wires: set) -> list[tuple[Origin, Origin]]:
    """A filed wire lies between its sorted neighbours of that moment: (a, b) pairs, a <= b (X wires: none)."""
    order: list[tuple[Origin, Origin]] = []
    for st, tok in filed:
        wire = dealt_at[tok]
        if wire in x_wires:
            continue
        sorted_part = [dealt_at[o] for o in st if dealt_at[o] not in x_wires]
        j = sorted_part.index(wire)
        if j > 0:
            order.append((sorted_part[j - 1], wire))
        if j + 1 < len(sorted_part):
            order.append((wire, sorted_part[j + 1]))
    return order


def _name(m: Move) -> str:
    return MOVE_KINDS[m.kind][1]
