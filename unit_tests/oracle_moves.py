"""The brute-force oracle's moved wires: the recorded moves (swaps, Nano's takes) played on a dealt table.

Why apart: oracle.py enumerates deals; which tables a deal becomes once the moves are played, and with
what likelihood, is a question of its own (written, like the oracle, from the rules only)."""

from __future__ import annotations

from builtins import enumerate as _benum
from fractions import Fraction

from bombbusters.table.state import GameState

__all__ = ["PILE", "dealt_spots", "play_moves", "replay"]

SlotKey = tuple[int, int, int]  # (player, stand, slot)
StandKey = tuple[int, int]
#: Nano's pile, as a stand of hidden wires
PILE: StandKey = (-1, 0)


def replay(state: GameState, stands: dict[StandKey, list]) -> dict[StandKey, list]:
    """Play the recorded moves on lists of items (pop each wire given, insert it where it was filed);
    a wire taken from Nano is the pile's first (:func:`play_moves` picks it at random)."""
    for m in state.moves:
        taken = [(w, stands[PILE].pop(0) if w.src is None else stands[w.src[:2]].pop(w.src[2]))
                 for w in sorted(m.wires, key=lambda w: -w.src[2] if w.src else 0)]
        for w, item in sorted(taken, key=lambda x: x[0].dst[2]):
            stands[w.dst[:2]].insert(w.dst[2], item)
    return stands


def dealt_spots(state: GameState) -> tuple[dict[StandKey, int], dict[SlotKey, SlotKey]]:
    """Dealt stand sizes, and where the wire of every dealt slot sits now (the record replayed on lists)."""
    sizes = {k: len(state.stand(*k)) for k in state.stand_keys()}
    if state.extra.get("nano"):
        sizes[PILE] = state.extra["nano"]
    for m in reversed(state.moves):
        for w in m.wires:
            sizes[w.dst[:2]] -= 1
            if w.src is not None:
                sizes[w.src[:2]] += 1
    stands = replay(state, {k: [(*k, i) for i in range(n)] for k, n in sizes.items()})
    return sizes, {o: (*k, j) for k, st in stands.items() if k != PILE for j, o in _benum(st)}


def play_moves(state: GameState, dealt: dict[StandKey, tuple[int, ...]], unsorted: set[SlotKey]):
    """Every table the moves may leave, with its likelihood: [(types now, Fraction)].

    Each stand is a list of (dealt slot, type); a filed wire must leave the
    receiving stand's sorted wires (not the X ones) in order.  A wire taken
    from Nano is any of the pile's, alike; the taker files it at any place
    that keeps the order alike, so the recorded place has likelihood
    1 / (the places it might have gone).
    """
    def in_order(stand: list) -> bool:
        seq = [t for o, t in stand if o not in unsorted]
        return all(a <= b for a, b in zip(seq, seq[1:]))

    out: list = []

    def rec(i: int, stands: dict[StandKey, list], lik: Fraction) -> None:
        if i == len(state.moves):
            out.append(({(*k, j): t for k, st in stands.items() if k != PILE for j, (_o, t) in _benum(st)}, lik))
            return
        m = state.moves[i]
        if m.kind == "nano":
            (w,) = m.wires
            pile = stands[PILE]
            for pick in range(len(pile)):
                new = {k: list(v) for k, v in stands.items()}
                item = new[PILE].pop(pick)
                st = new[w.dst[:2]]
                places = sum(in_order(st[:j] + [item] + st[j:]) for j in range(len(st) + 1))
                st.insert(w.dst[2], item)
                if in_order(st):
                    rec(i + 1, new, lik * Fraction(1, len(pile) * places))
            return
        new = {k: list(v) for k, v in stands.items()}
        taken = [(w, new[w.src[:2]].pop(w.src[2])) for w in sorted(m.wires, key=lambda w: -w.src[2])]
        for w, item in sorted(taken, key=lambda x: x[0].dst[2]):
            new[w.dst[:2]].insert(w.dst[2], item)
        if all(item[0] in unsorted or in_order(new[w.dst[:2]]) for w, item in taken):
            rec(i + 1, new, lik)

    rec(0, {k: [((*k, i), t) for i, t in _benum(ts)] for k, ts in dealt.items()}, Fraction(1))
    return out
