"""One-turn lookahead: every outcome of a move, its exact chance, and the table it leads to.

Why: the ranking in ``moves.py`` stops at the next cut.  Players ask "if this
works, what can we cut next?" and "is the detector worth spending here?".
For each of my moves this lists what the table can learn — a success and
the wire it cuts, a failure and the info token it shows, an explosion — with
the exact chance of each, and, for each outcome, the sure cuts it opens.

Outcome chances are exact joint laws (``Analysis.p_all``: the pointed slots
together, never a product of marginals).  Conventions where the rules leave
the choice to the teammate (stated in the README): when several pointed
wires match, the leftmost is cut; after a failed detector the info token goes
on the leftmost pointed wire that is not red.  The table after an outcome is
the one the table app records: the cut wires, the token, "has" (the cutter
holds the named value) and, for a detector, "none of these is the value".

**Sure cuts.**  Mine: teammates' slots whose value is certain to me and that I
hold, plus values I may cut solo for sure.  A teammate's: slots (not theirs)
whose value is certain from the table alone — what every player sees —,
each counted with the chance, to me, that the teammate holds that value.
**Score** (what the ranking of the lookahead uses):

    score = P(success) + E[new sure cuts] - P(explode) * cuts_left

in one unit, dual cuts: a success is one cut now, each new sure cut one more
the team makes later at no risk, and an explosion loses every cut still to
make (``cuts_left``: uncut wires on the table, halved).  So a move that
teaches (a failure whose token makes slots certain) can beat a slightly
likelier cut that teaches nothing, and any explosion risk weighs heavily.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, replace
from typing import Any

from ..questions.analysis import Analysis, solve_state
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import BLUE, RED, YELLOW, colour_of, label, value_of
from .hidden_red import hidden_red_law
from .moves import ITEMS, rank_moves
from .team import team_order
from .sure_cuts import count_sure, new_sure, sure_cuts
from .table_edits import After, cut_slot, with_cuts

__all__ = ["DEFAULT_TOP", "Outcome", "lookahead", "lookahead_json"]

#: how many of the ranked moves get a lookahead unless all are asked for
DEFAULT_TOP = 10


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


def _chance(an: Analysis, conds: list) -> float:
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


def _outcomes(state: GameState, an: Analysis, move: dict, last: bool) -> list[Outcome]:
    """Every outcome of ``move`` with its exact chance (explosion: what the others leave)."""
    kind = move["kind"]
    after = After(state, move)
    hidden: dict = hidden_red_law(state) or {}
    out: list[Outcome] = []

    if "costs_mistake" in move:  # a teammate's turned-around wire (56, 64): the detonator moves whatever happens
        if last:
            return [Outcome("explode", 1.0)]
        out = _outcomes(state, an, {k: v for k, v in move.items() if k != "costs_mistake"}, last)
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
            q = _chance(an, before + [(p, s, j, frozenset([t]))]) * (1.0 - hidden.get(value_of(t), 0.0))
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
    """The failures of a cut naming none of the pointed wires' values: the info token goes on the leftmost
    pointed wire that is not red, one outcome per value it may show (with a hidden red value, less the
    chance that every pointed wire is red-like: that explodes)."""
    p, s, slots = pointed
    red_types = frozenset(t for t in types if colour_of(t) == RED)
    not_good = frozenset(types) - good_types
    out: list[Outcome] = []
    reds: list = []
    for i, j in enumerate(slots):
        rest = [(p, s, x, not_good) for x in slots[i + 1:]]
        shown: dict = {}
        for t in sorted(an.slot_probs(p, s, j)):
            if t in good_types or t in red_types:
                continue
            key = t if colour_of(t) == BLUE else "Y"
            q = _chance(an, reds + [(p, s, j, frozenset([t]))] + rest)
            if q > 0 and hidden:  # every pointed wire red or of the hidden value: it explodes
                w = value_of(t)
                hw = hidden.get(w, 0.0)
                if hw:
                    like = red_types | an.types_of(w)
                    q -= hw * _chance(an, reds + [(p, s, j, frozenset([t]))] + [(p, s, x, (like & not_good) | red_types) for x in slots[i + 1:]])
            if q > 0:
                prev = shown.get(key)
                shown[key] = (t, q + (prev[1] if prev else 0.0))
        for t, q in shown.values():
            blue = colour_of(t) == BLUE
            seen = frozenset([t]) if blue else frozenset(x for x in types if colour_of(x) == YELLOW)
            conds = ((p, s, j, seen),) + tuple((p, s, x, not_good) for x in slots if x != j)
            out.append(Outcome("failure", q, (p, s, j), t if blue else None, label(t) if blue else "Y",
                               after.failure((p, s, j), t), conds))
        reds = reds + [(p, s, j, red_types)]
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
            q = _chance(an, list(conds))
            if q > 0:
                after = with_cuts(state, {(p, s, j): cut_slot(state, (p, s, j), t), (me, ms, mj): cut_slot(state, (me, ms, mj), u)})
                out.append(Outcome("success", q, (p, s, j), t, label(t), after, conds))
    return _and_explosion(out)


def _simplified(an: Analysis, conds: list) -> list:
    """The conditions without those the others already imply on a sorted run: a slot right of one
    that holds a type >= m cannot hold a type below m (and a slot left of one <= m none above), so
    after a failed detector naming v whose token shows w at its left slot, "the right slot is not
    v" is implied when v < w — and the outcome shares its analysis with the plain cut's failure."""
    comp = an.compiled
    order = {u: i for i, u in enumerate(comp.types)}
    owned = an.owned_x()

    def where(c):
        if (c[0], c[1]) not in comp.stands:
            return None
        sub, pos = comp.stands[(c[0], c[1])].where[c[2]]
        return None if sub in owned else (sub, pos)

    def support(c) -> set:
        return {u for u, q in an.slot_probs(*c[:3]).items() if q > 0}

    def implied(c, d) -> bool:
        wc, wd = where(c), where(d)
        if wc is None or wd is None or wc[0] != wd[0] or wc[1] == wd[1]:
            return False
        outside = [order[u] for u in support(c) - set(c[3]) if u in order]
        bound = [order[u] for u in d[3] if u in order]
        if not outside or not bound:
            return not outside
        if wc[1] > wd[1]:  # c right of d: its type is at least d's smallest
            return max(outside) < min(bound)
        return min(outside) > max(bound)  # c left of d: at most d's largest

    kept = list(conds)
    for c in list(kept):
        if any(implied(c, d) for d in kept if d is not c):
            kept.remove(c)
    return kept


class _Tables:
    """My view after each outcome (my view now given its conditions), each worked out once."""

    def __init__(self, state: GameState, an: Analysis):
        self.an = an
        self.now = sure_cuts(state, an)

    def get(self, o: Outcome) -> tuple | None:
        """(analysis after, sure cuts after) of an outcome; None if no deal fits it.

        The conditioned analysis is cached by its conditions (``Analysis.conditioned``), so moves
        that can end alike (a failure showing 5 on one slot, whatever was named) share it; it
        reads the table after the outcome, where the wires it cut are cut."""
        assert o.state is not None
        an = self.an
        conds = _simplified(an, list(o.conds))
        if conds:
            p, an2 = self.an.conditioned(sorted(conds, key=lambda c: c[:3]))
            if an2 is None or p == 0.0:
                return None
            an = an2
        an = copy.copy(an)
        an.state = o.state
        return an, sure_cuts(o.state, an)


def _item_note(move: dict, plain: list[dict]) -> str | None:
    """Say when an item buys nothing over a plain dual cut on one of its slots, naming the same value."""
    if move["kind"] not in ITEMS or move["kind"] == "fast_pass":
        return None
    best = [m for m in plain if m["player"] == move["player"] and m["stand"] == move["stand"]
            and m["slots"][0] in move["slots"] and m["value"] in (move.get("values") or [move["value"]])]
    if not best:
        return None
    top = max(best, key=lambda m: (m["p_success"], -m["p_explode"]))
    if top["p_success"] >= move["p_success"] - 1e-12 and top["p_explode"] <= move["p_explode"] + 1e-12:
        return (f"no better than a plain dual cut on slot {top['slots'][0] + 1} naming {top['value']}: keep the item")
    return None


def lookahead(state: GameState, top: int | None = DEFAULT_TOP) -> list[dict]:
    """The lookahead of my best ``top`` moves in the order *My best cuts* lists them (the team policy's;
    None: all of them), best score first; ``rank`` is the move's place in that list."""
    an = solve_state(state, reuse=True)
    ranked = team_order(rank_moves(state, an), state)
    plain = [m for m in ranked if m["kind"] == "dual_cut"]
    chosen = ranked if top is None else ranked[:top]
    tables = _Tables(state, an)
    now = tables.now
    uncut = sum(1 for p, s in state.stand_keys() for sl in state.stand(p, s) if sl.state != CUT)
    cuts_left = math.ceil(uncut / 2)
    last = state.mistakes_left is not None and state.mistakes_left <= 0
    out = []
    for rank, move in enumerate(chosen):
        entries = []
        exp_sure = exp_new = 0.0
        for o in _outcomes(state, an, move, last):
            entry: dict[str, Any] = {"kind": o.kind, "p": float(o.p), "slot": list(o.slot) if o.slot else None, "shows": o.shows}
            if o.state is not None:
                solved = tables.get(o)
                if solved is None:  # a table no deal fits: the outcome cannot happen (its chance is ~0)
                    continue
                then = solved[1]
                mine_n, team_n = count_sure(then)
                new_mine, new_team = new_sure(now, then)
                new = new_mine + sum(new_team.values())
                entry.update({
                    "mistakes_left": o.state.mistakes_left,
                    "sure_cuts": {"me": mine_n, "teammates": [{"player": q, "expected": x} for q, x in sorted(team_n.items())]},
                    "new_sure_cuts": new,
                    "new_sure_cuts_by": {"me": new_mine,
                                         "teammates": [{"player": q, "expected": x} for q, x in sorted(new_team.items())]},
                    "validated": _validated(state, o.state),
                })
                exp_sure += o.p * (mine_n + sum(team_n.values()))
                exp_new += o.p * new
            entries.append(entry)
        p_boom = sum(e["p"] for e in entries if e["kind"] == "explode")
        score = move["p_success"] + exp_new - p_boom * cuts_left
        row = {"move": move, "rank": rank, "outcomes": entries, "expected_sure_cuts": exp_sure,
               "expected_new_sure_cuts": exp_new, "score": score}
        note = _item_note(move, plain)
        if note:
            row["item_note"] = note
        out.append(row)
    out.sort(key=lambda r: (-round(r["score"], 12), r["rank"]))  # equal scores to rounding keep the moves' order
    return out


def _validated(before: GameState, after: GameState) -> list:
    """Blue values whose every wire is cut after the outcome and not before."""
    def done(st: GameState) -> set:
        cut: dict = {}
        for pl in st.players:
            for stand in pl.stands:
                for sl in stand:
                    if sl.state == CUT and sl.wire is not None and colour_of(sl.wire) == BLUE:
                        cut[value_of(sl.wire)] = cut.get(value_of(sl.wire), 0) + 1
        return {v for v, n in cut.items() if n >= 4}
    return sorted(done(after) - done(before))


def lookahead_json(doc: Any, top: int = DEFAULT_TOP) -> dict:
    """``{"moves": [...], "sure_cuts_now": ...}``: the lookahead of the best ``top`` moves (0: all)."""
    state = GameState.from_json(doc)
    return {"moves": lookahead(state, top or None), "sure_cuts_now": _now_json(state)}


def _now_json(state: GameState) -> dict:
    an = solve_state(state, reuse=True)
    mine, team = sure_cuts(state, an)
    return {"me": len(mine), "teammates": [{"player": q, "expected": float(sum(d.values()))} for q, d in sorted(team.items())]}
