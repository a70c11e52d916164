"""The table after a move: cut slots, info tokens, the facts a cut pins, the detonator.

Why apart: the one-turn-ahead view and the playouts both write tables that could follow a move,
and both must write them exactly as the table app records them.
"""

from __future__ import annotations

from dataclasses import replace

from ..table.facts import Fact
from ..table.notation import CUT, HIDDEN, INFO, Slot
from ..table.players import Player
from ..table.state import GameState, pin_facts
from ..table.wires import BLUE, RED, YELLOW, colour_of, parity_of, value_of
from .hidden_red import hidden_red_law

__all__ = ["After", "REPLACING_KINDS", "cut_own", "cut_slot", "failure_facts", "failure_kind", "failure_token",
           "one_of_facts", "passed_facts", "red_facts", "set_slots", "shown_on", "stand_count", "with_cuts"]

#: token kinds that replace info tokens for the whole mission, the tokens a failure places included
#: (21 and 33: even/odd; 24 and 40: x1/x2/x3): the table learns only the wire's parity or count
REPLACING_KINDS = ("even_odd", "multiplicity")


_DETECTORS = {"double_detector", "triple_detector", "super_detector"}


def set_slots(state: GameState, changes: dict[tuple[int, int, int], Slot]) -> tuple[Player, ...]:
    """The players with these slots changed.  A stand no change touches stays the same tuple, so the
    compiler's per-stand readings (kept by identity) still serve it."""
    touched = {(p, s) for p, s, _j in changes}
    players = []
    for p, pl in enumerate(state.players):
        stands = tuple(
            tuple(changes.get((p, s, j), sl) for j, sl in enumerate(st)) if (p, s) in touched else st
            for s, st in enumerate(pl.stands)
        )
        players.append(Player(pl.name, stands))
    return tuple(players)


def cut_slot(state: GameState, spot: tuple[int, int, int], t: int | None) -> Slot:
    """The slot at ``spot`` cut, showing wire t; its other tokens (X, x-token, even/odd) stay."""
    return replace(state.stand(spot[0], spot[1])[spot[2]], state=CUT, wire=t, colour=None, not_value=None)


def failure_kind(tokens: object, failure_tokens: bool = True) -> str:
    """What a failure places under a mission's rules: "value" (the blue number, or the yellow token),
    "even_odd", "multiplicity" (the mission's kind replaces info tokens) or "none" (mission 58)."""
    if not failure_tokens:
        return "none"
    return str(tokens) if tokens in REPLACING_KINDS else "value"


def shown_on(extra: dict, target: int, captain: int) -> str:
    """What a failure on player ``target``'s wire shows, by the rules a view carries (``extra``): a false
    token of the value said where that player's tokens are false (``false_tokens``: "captain", 17, or
    "all", 52) — nothing beyond "not that value", as no token —, else :func:`failure_kind`."""
    liars = extra.get("false_tokens")
    if liars == "all" or (liars == "captain" and target == captain):
        return "none"
    return failure_kind(extra.get("tokens"), extra.get("failure_tokens") is not False)


def failure_token(slot: Slot, t: int, kind: str, count: int | None = None) -> Slot:
    """``slot`` after a failure on its wire ``t`` placed the token of ``kind`` (:func:`failure_kind`):
    the blue number or yellow; its parity; its count on the stand (``count``, cut wires included) with
    the colour, since a yellow wire would have got the yellow token; or nothing.  A red wire gets none."""
    if kind == "none" or colour_of(t) == RED:
        return slot
    blue = colour_of(t) == BLUE
    if kind == "value" or not blue:
        return replace(slot, state=INFO, wire=t if blue else None, colour=None if blue else YELLOW)
    if kind == "even_odd":
        return replace(slot, parity=parity_of(t))
    if kind != "multiplicity" or not count:
        raise ValueError(f"a failure token of kind {kind!r} (count {count!r}) is not one the table places")
    return replace(slot, colour=BLUE, multiplicity=count)


def stand_count(wires: dict, p: int, s: int, value) -> int:
    """How many wires of gameplay ``value`` stand (p, s) holds, cut ones included (an x-token's count);
    ``wires``: the wire at each spot of the stand."""
    return sum(1 for (a, b, _j), t in wires.items() if (a, b) == (p, s) and value_of(t) == value)


def failure_facts(kind: str, p: int, s: int, slots: list | tuple, named: list, token: Slot) -> tuple[Fact, ...]:
    """What a failure tells beyond its token and the cutter's "has": a detector's pointed wires are
    none of the value said; so is the wire of a dual cut or X-or-Y Ray when its token does not
    show the value (even/odd, x-tokens, no token) — and with no token, it is not red either (it did
    not explode; the table app records the same)."""
    if kind in _DETECTORS:
        said = [named[0]]
    elif token.state == INFO:
        said = []
    else:
        bare = token.parity is None and token.multiplicity is None
        said = list(named) + (["RED"] if bare and "RED" not in named else [])
    return tuple(Fact("not_value", p, s, v, tuple(sorted(slots))) for v in said)


def red_facts(state: GameState, p: int, s: int, slots: list | tuple) -> tuple[Fact, ...]:
    """These slots hold red wires, as facts: none of them holds any other gameplay value in play (the
    arena's referee puts a failed detector's token on the first pointed wire that is not red, so the
    wires it passed over are red — the table reads it, as the rule is known)."""
    return one_of_facts(state, p, s, slots, {"RED"})


def one_of_facts(state: GameState, p: int, s: int, slots: list | tuple, keep: set) -> tuple[Fact, ...]:
    """These slots hold one of the gameplay values ``keep``, as facts: none of them holds any other value
    in play ("not_value" facts, which the engine reads as masks)."""
    values = sorted({value_of(t) for t in state.wires.copies()} - set(keep), key=str)
    return tuple(Fact("not_value", p, s, v, tuple(sorted(slots))) for v in values) if slots else ()


def cut_own(table: GameState, wires: dict, q: int, value, count: int | None = None) -> dict:
    """Changes cutting player q's uncut wires of gameplay ``value``, leftmost first (``count`` of
    them; None: all); ``wires``: the wire at each spot, where known."""
    changes: dict = {}
    for s in range(len(table.players[q].stands)):
        for j, sl in enumerate(table.stand(q, s)):
            t = wires.get((q, s, j))
            if sl.state != CUT and t is not None and value_of(t) == value and (count is None or len(changes) < count):
                changes[(q, s, j)] = cut_slot(table, (q, s, j), t)
    return changes


def passed_facts(table: GameState, wires: dict, q: int, value, first: tuple[int, int, int] | None,
                 states: tuple[str, ...] = (HIDDEN, INFO)) -> tuple[Fact, ...]:
    """What a "leftmost first" rule tells when it took q's wire ``first`` of ``value`` (None: it found
    none): q's wires in ``states`` left of it (earlier stands first; all of them for None), among those q
    sees (``wires``), are not ``value``.  The rules: :func:`cut_own` cuts the leftmost uncut wires of the
    value; a value token goes on the leftmost hidden one (``arena/mission_play.token_on_value``).  The team
    knows them, so the arena's players read them; without it the engine kept that value open there (the
    neighbour left of a wire cut from a pair) where the real deal cannot have it."""
    passed: dict[int, list[int]] = {}
    for s in range(len(table.players[q].stands)):
        for j, sl in enumerate(table.stand(q, s)):
            if (first is None or (q, s, j) < first) and sl.state in states and (q, s, j) in wires:
                passed.setdefault(s, []).append(j)
    return tuple(Fact("not_value", q, s, value, tuple(js)) for s, js in passed.items())


def with_cuts(table: GameState, changes: dict) -> GameState:
    """The table with these slots changed (cuts), its "has"/"has not" facts pinned first."""
    return replace(table, players=set_slots(table, changes), facts=pin_facts(table, {spot[0] for spot in changes}))


class After:
    """Builds the table after an outcome of one move (cuts, token, facts, detonator)."""

    def __init__(self, state: GameState, move: dict):
        self.state, self.move = state, move
        me = state.me
        assert me is not None
        named = move.get("values") or ([move["value"]] if move["value"] is not None else [])
        self.named = named
        self.facts = tuple(Fact("has", me, None, v) for v in named if v != "RED")
        self.mine = {(me, s, j): sl.wire for s, st in enumerate(state.players[me].stands) for j, sl in enumerate(st)}

    def success(self, spot: tuple[int, int, int] | None, t: int | None, v, count: int | None = 1) -> GameState:
        """The target cut (if any) and ``count`` of my wires of value v (None: all of them)."""
        changes = {spot: cut_slot(self.state, spot, t)} if spot is not None and t is not None else {}
        changes.update(cut_own(self.state, self.mine, self.state.me, v, count))  # type: ignore[arg-type]
        return with_cuts(self.state, changes)

    def failure(self, spot: tuple[int, int, int], t: int, count: int | None = None) -> GameState:
        """The table after a failure whose token went on ``spot``, wire ``t`` (what the view's rules say it
        shows: :func:`shown_on`; ``count``: an x-token's count)."""
        st = self.state
        kind = shown_on(st.extra, spot[0], st.captain)
        token = failure_token(st.stand(spot[0], spot[1])[spot[2]], t, kind, count)
        facts = st.facts + self.facts + failure_facts(self.move["kind"], spot[0], spot[1], self.move["slots"],
                                                      self.named, token)
        ml = st.mistakes_left - 1 if st.mistakes_left is not None else None
        extra = dict(st.extra)
        if hidden_red_law(st) and token.state == INFO and token.wire is not None:  # a shown blue value is not the hidden red one
            raw = extra.get("hidden_red_value")
            ruled = list(raw.get("ruled_out", [])) if isinstance(raw, dict) else []
            extra["hidden_red_value"] = {"ruled_out": sorted(set(ruled) | {value_of(t)})}
        return replace(st, players=set_slots(st, {spot: token}), facts=facts, mistakes_left=ml, extra=extra)
