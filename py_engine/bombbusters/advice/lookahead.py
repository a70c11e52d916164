"""One-turn lookahead: every outcome of a move, its exact chance, and the table it leads to.

Why: the ranking in ``moves.py`` stops at the next cut.  Players ask "if this
works, what can we cut next?" and "is the detector worth spending here?".
For each of my moves this lists what the table can learn — a success and
the wire it cuts, a failure and the info token it shows, an explosion — with
the exact chance of each, and, for each outcome, the sure cuts it opens.

The outcomes and their exact chances are ``outcomes.py``'s.  Conventions where
the rules leave the choice to the teammate (stated in the README): when several
pointed wires match, the leftmost is cut; after a failed detector the token goes
on the leftmost pointed wire that is not red.  The table after an outcome is
the one the table app records: the cut wires, the token, "has" (the cutter
holds the named value) and "none of these is the value" where the token does not
show it (a detector, even/odd and x-tokens).

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
from typing import Any

from ..questions.analysis import Analysis, solve_state
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, value_of
from .moves import ITEMS, rank_moves
from .outcomes import Outcome, outcomes
from .team import shown_order, team_order
from .sure_cuts import count_sure, new_sure, sure_cuts

__all__ = ["DEFAULT_TOP", "Outcome", "lookahead", "lookahead_json"]

#: how many of the ranked moves get a lookahead unless all are asked for
DEFAULT_TOP = 10


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
        an = self.an if o.solved is None else o.solved
        conds = _simplified(an, list(o.conds)) if o.solved is None else []
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
    ranked = shown_order(team_order(rank_moves(state, an), state))
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
        for o in outcomes(state, an, move, last):
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
