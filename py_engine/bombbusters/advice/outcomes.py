"""Every outcome of one of my moves with its exact chance and the table it leads to.

Why apart from the lookahead: the outcomes are the rules of a cut (a success cuts the leftmost
matching wire, a failure puts its token on the leftmost pointed wire that is not red, a red wire
explodes), written as the table app records them; the lookahead reads what each one opens.
Chances are exact joint laws (``Analysis.p_all``: the pointed slots together, never a product of
marginals).  A failure shows what the mission's token shows: the value (or yellow), its parity, its
count on the stand, or nothing beyond "not that value" (no token; a false token) — ``table_edits.shown_on``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..questions.analysis import Analysis, solve_or_none
from ..table.state import GameState
from ..table.wires import BLUE, RED, YELLOW, colour_of, label, value_of
from .hidden_red import hidden_red_law
from .table_edits import After, cut_slot, shown_on, with_cuts

__all__ = ["Outcome", "chance", "outcomes"]


@dataclass
class Outcome:
    kind: str  # "success" | "failure" | "explode" | "not_allowed"
    p: float
    slot: tuple[int, int, int] | None = None  # the wire cut, or the one showing the token
    wire: int | None = None  # what it shows (None: a yellow token, colour only)
    shows: str | None = None
    state: GameState | None = None  # the table as recorded after it (None: the bomb exploded)
    #: what the recorded table adds to my knowledge, as slot conditions (my own cut wire and the
    #: "has" fact tell me nothing new): my view after it is my view now given these
    conds: tuple = ()
    #: my view after it, where no slot conditions say it (an x-token's count): solved whole
    solved: Analysis | None = None


def chance(an: Analysis, conds: list) -> float:
    """P(every condition): one slot's is its marginal, several need their joint law — unless one
    of them never holds (0) or some always hold (left out)."""
    live = []
    for c in conds:
        probs = an.slot_probs(*c[:3])
        if not any(u in c[3] for u, q in probs.items() if q > 0):
            return 0.0
        if any(u not in c[3] for u, q in probs.items() if q > 0):
            live.append(c)
    if len(live) == 1:
        cp, cs, cj, allowed = live[0]
        return float(sum(q for u, q in an.slot_probs(cp, cs, cj).items() if u in allowed))
    return an.p_all(live) if live else 1.0


def outcomes(state: GameState, an: Analysis, move: dict, last: bool) -> list[Outcome]:
    """Every outcome of ``move`` with its exact chance (explosion: what the others leave)."""
    kind = move["kind"]
    after = After(state, move)
    hidden: dict = hidden_red_law(state) or {}
    out: list[Outcome] = []

    if "costs_mistake" in move:  # a teammate's turned-around wire (56, 64): the detonator moves whatever happens
        if last:
            return [Outcome("explode", 1.0)]
        out = outcomes(state, an, {k: v for k, v in move.items() if k != "costs_mistake"}, last)
        for o in out:
            if o.kind == "success" and o.state is not None and o.state.mistakes_left is not None:
                o.state = replace(o.state, mistakes_left=o.state.mistakes_left - 1)
        return out
    if kind == "turned_cut":
        return _turned_outcomes(state, an, move)
    if kind in ("solo_cut", "fast_pass", "reveal_red"):
        return _own_outcomes(after, move)
    p, s = move["player"], move["stand"]
    slots = list(move["slots"])
    good = set(move.get("values") or [move["value"]])
    types = sorted(t for t in state.wires.copies())
    good_types = frozenset(t for t in types if value_of(t) in good)
    not_good = frozenset(types) - good_types
    before: list = []  # conditions on the slots left of the current one
    for j in slots:
        for t in sorted(an.slot_probs(p, s, j)):
            if t not in good_types:
                continue
            q = chance(an, before + [(p, s, j, frozenset([t]))]) * (1.0 - hidden.get(value_of(t), 0.0))
            if q > 0:
                out.append(Outcome("success", q, (p, s, j), t, label(t), after.success((p, s, j), t, value_of(t)),
                                   ((p, s, j, frozenset([t])),)))
        before = before + [(p, s, j, not_good)]
    # failure: no slot matches; the token goes on the leftmost pointed wire that is not red
    out += _failures(an, after, (p, s, slots), types, good_types, hidden)
    if last:  # a failure on the last mistake explodes: its chance joins the explosion below
        out = [o for o in out if o.kind != "failure"]
    return _and_explosion(out)


def _failures(an: Analysis, after: After, pointed: tuple, types: list, good_types: frozenset,
              hidden: dict) -> list[Outcome]:
    """The failures of a cut naming none of the pointed wires' values: the token goes on the leftmost
    pointed wire that is not red, one outcome per token it may show — the value, or where the mission's
    kind replaces info tokens its parity or its count on the stand — (with a hidden red value, less the
    chance that every pointed wire is red-like: that explodes)."""
    p, s, slots = pointed
    red_types = frozenset(t for t in types if colour_of(t) == RED)
    not_good = frozenset(types) - good_types
    kind = shown_on(after.state.extra, p, after.state.captain)
    out: list[Outcome] = []
    reds: list = []
    for i, j in enumerate(slots):
        rest = [(p, s, x, not_good) for x in slots[i + 1:]]
        if kind == "multiplicity":
            out += _count_failures(an, after, (p, s, j), reds, rest, types, not_good)
            reds = reds + [(p, s, j, red_types)]
            continue
        shown: dict = {}
        for t in sorted(an.slot_probs(p, s, j)):
            if t in good_types or t in red_types:
                continue
            key = _shown_key(t, kind)
            q = chance(an, reds + [(p, s, j, frozenset([t]))] + rest)
            if q > 0 and hidden:  # every pointed wire red or of the hidden value: it explodes
                w = value_of(t)
                hw = hidden.get(w, 0.0)
                if hw:
                    like = red_types | an.types_of(w)
                    q -= hw * chance(an, reds + [(p, s, j, frozenset([t]))] + [(p, s, x, (like & not_good) | red_types) for x in slots[i + 1:]])
            if q > 0:
                prev = shown.get(key)
                shown[key] = (t, q + (prev[1] if prev else 0.0))
        for key, (t, q) in shown.items():
            seen = frozenset(u for u in types if _shown_key(u, kind) == key) - good_types - red_types
            conds = ((p, s, j, seen),) + tuple((p, s, x, not_good) for x in slots if x != j)
            token = after.failure((p, s, j), t)
            out.append(Outcome("failure", q, (p, s, j), t if kind == "value" and colour_of(t) == BLUE else None,
                               key, token, conds))
        reds = reds + [(p, s, j, red_types)]
    if kind == "none" and out:  # no token: the table cannot tell where it would have gone, one outcome
        single = len(slots) == 1  # a lone wire that did not explode is not red (a detector's may be)
        conds = tuple((p, s, x, not_good - red_types if single else not_good) for x in slots)
        out = [Outcome("failure", sum(o.p for o in out), (p, s, slots[0]), None, "-",
                       after.failure((p, s, slots[0]), min(not_good)), conds)]
    return out


def _shown_key(t: int, kind: str) -> str:
    """What a failure's token on wire t shows (the ``shows`` of its outcome): the blue number, its parity
    ("E"/"O") under even/odd tokens, "Y" for a yellow wire, or "-" where failures place no token (58)."""
    if kind == "none":
        return "-"
    if colour_of(t) == YELLOW:
        return "Y"
    if kind == "even_odd" and colour_of(t) == BLUE:
        return "E" if value_of(t) % 2 == 0 else "O"
    return label(t)


def _count_failures(an: Analysis, after: After, spot: tuple, reds: list, rest: list, types: list,
                    not_good: frozenset) -> list[Outcome]:
    """Failures whose x-token goes on ``spot`` (the pointed wires left of it red: ``reds``; right of it not
    the value: ``rest``): one outcome per
    count the token may show ("1x"…"4x"), and the yellow token.  A count is no condition on one slot,
    so each outcome's table is solved whole: its chance is its deals over the deals now (times the
    chance, on it, that the wires left of the spot are red)."""
    p, s, j = spot
    out: list[Outcome] = []
    yellow = frozenset(t for t in types if colour_of(t) == YELLOW) & not_good
    probs = an.slot_probs(p, s, j)
    if any(probs.get(t, 0.0) > 0 for t in yellow):
        t = min(yellow)
        conds = ((p, s, j, yellow),) + tuple((p, s, x, not_good) for x in after.move["slots"] if x != j)
        q = chance(an, reds + [(p, s, j, yellow)] + rest)
        if q > 0:
            out.append(Outcome("failure", q, spot, None, "Y", after.failure(spot, t), conds))
    blues = sorted(t for t in not_good if colour_of(t) == BLUE and probs.get(t, 0.0) > 0)
    if not blues:
        return out
    for k in range(1, 5):
        state = after.failure(spot, blues[0], k)
        an_k = solve_or_none(state)
        if an_k is None:
            continue
        q = math.exp(an_k.log_z - an.log_z)  # its table says "not the value" of every pointed wire
        if reds:  # the token went here: the wires left of it are red (the table does not show that)
            q *= an_k.conditioned(sorted(reds, key=lambda c: c[:3]))[0]
        if q > 0:
            out.append(Outcome("failure", q, spot, None, f"{k}x", state, solved=an_k))
    return out


def _own_outcomes(after: After, move: dict) -> list[Outcome]:
    """A solo cut, Fast Pass or revealing my reds: it cuts my own wires (nothing new to me), explodes on
    a red, or — a solo cut a teammate could still answer — is not allowed."""
    kind = move["kind"]
    st = after.success(None, None, move["value"], 2 if kind == "fast_pass" else None)
    out = [Outcome("success", move["p_success"], state=st)]
    if move["p_red"] > 0:
        out.append(Outcome("explode", move["p_red"]))
    rest = 1.0 - move["p_success"] - move["p_red"]
    if kind == "solo_cut" and rest > 1e-12:  # a teammate still holds one: the cut is not allowed
        out.append(Outcome("not_allowed", rest))
    return out


def _and_explosion(out: list[Outcome]) -> list[Outcome]:
    """The outcomes and, when they leave any chance over, the explosion that takes it."""
    boom = max(0.0, 1.0 - sum(o.p for o in out))
    return out + [Outcome("explode", boom)] if boom > 1e-12 else out


def _turned_outcomes(state: GameState, an: Analysis, move: dict) -> list[Outcome]:
    """Cutting my own turned-around wire against a teammate's: a success for each pair of wires (theirs,
    mine) of the named value, both cut face up (I learn mine); any other pair explodes the bomb."""
    me = state.me
    assert me is not None
    p, s, j = move["player"], move["stand"], move["slots"][0]
    ms, mj = move["mine"]
    out: list[Outcome] = []
    for t in sorted(an.slot_probs(p, s, j)):
        for u in sorted(an.slot_probs(me, ms, mj)):
            if value_of(t) != move["value"] or value_of(u) != move["value"]:
                continue
            conds = ((p, s, j, frozenset([t])), (me, ms, mj, frozenset([u])))
            q = chance(an, list(conds))
            if q > 0:
                after = with_cuts(state, {(p, s, j): cut_slot(state, (p, s, j), t), (me, ms, mj): cut_slot(state, (me, ms, mj), u)})
                out.append(Outcome("success", q, (p, s, j), t, label(t), after, conds))
    return _and_explosion(out)
