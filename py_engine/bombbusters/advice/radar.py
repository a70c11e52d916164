"""What the General Radar would buy me: for each blue value I hold, my best cut with it now and once
every stand has answered whether it holds one (the ``radar`` request).

Why per value and by my cut with it: the card asks the whole table one value ("who has a 7?") and every
stand answers yes or no; what I can do with the answer is a dual cut naming that value, which I must
hold.  The answers are joint (the four 7s are somewhere), so each pattern of yes/no over my teammates'
stands is weighed by its exact chance, and my best cut with the value is read given that pattern — all
from joint chances of slot conditions (:func:`radar_value`).  No product of per-stand chances is taken.
"""

from __future__ import annotations

from typing import Any

from ..questions.analysis import Analysis, solve_state
from .constraint_cards import my_rules, value_reason
from ..table.errors import StateError
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, value_of

__all__ = ["radar_advice", "radar_json", "radar_value", "radar_wires"]


def radar_wires(state: GameState, p: int, s: int) -> tuple[tuple[int, int, int], ...]:
    """The wires a stand's General Radar answer speaks of: its uncut ones its owner sees in order — not a
    turned-around wire (unseen: 38, 56, 64) nor an X wire, which no equipment counts (20, 35)."""
    return tuple((p, s, j) for j, sl in enumerate(state.stand(p, s)) if sl.state != CUT and not sl.turned and not sl.unsorted)


def _subsets(items: list) -> list[tuple]:
    return [tuple(x for k, x in enumerate(items) if mask >> k & 1) for mask in range(1 << len(items))]


def radar_value(state: GameState, v: int, an: Analysis | None = None) -> dict:
    """My best cut with ``v`` now, and its mean once the Radar has asked ``v`` (each pattern of answers
    weighed by its exact chance); ``sure``: the chance the answers leave me a sure cut with it.

    How, exactly and fast: a stand answering "no" is a condition on its slots (none holds ``v``), so every
    chance needed is a joint one of slot conditions (``Analysis.p_all``), and a pattern with "yes" answers
    comes by inclusion–exclusion over the stands that answered yes: P(Y yes, N no) = Σ_{T ⊆ Y} (−1)^|T|
    P(N ∪ T all no).  Likewise P(slot j holds v, Y yes, N no), its stand's "yes" given by the slot."""
    an = an or solve_state(state, reuse=True)
    me = state.me
    types = frozenset(state.wires.copies())
    is_v = frozenset(t for t in types if value_of(t) == v)
    no_v = types - is_v
    stands = [(p, s) for p, s in state.stand_keys() if p != me]
    asked = {k: [j for _p, _s, j in radar_wires(state, *k)] for k in stands}
    in_answer = {(*k, j) for k in stands for j in asked[k]}
    spots = [(k, j) for k in stands for j, sl in enumerate(state.stand(*k)) if sl.state != CUT]
    chances = an.p_all_many([[(*k, j, is_v)] for k, j in spots])
    now = max(chances, default=0.0)
    # the wires that may hold v (no other can be my best cut, whatever the answers)
    targets = [(k, j, (*k, j) in in_answer) for (k, j), pr in zip(spots, chances) if pr > 0]  # counted: in its stand's answer
    subsets = _subsets(stands)
    none = lambda group: [(p, s, j, no_v) for p, s in group for j in asked[(p, s)]]  # noqa: E731
    questions = [none(g) for g in subsets]
    questions += [[(*k, j, is_v)] + none(g) for k, j, counted in targets for g in subsets if not (counted and k in g)]
    answers = iter(an.p_all_many(questions))
    q = {g: next(answers) for g in subsets}
    r = {(k, j, g): next(answers) for k, j, counted in targets for g in subsets if not (counted and k in g)}
    after = sure = total = 0.0
    for yes in subsets:
        no = tuple(k for k in stands if k not in yes)
        chance = sum((-1) ** len(t) * q[tuple(k for k in stands if k in no or k in t)] for t in _subsets(list(yes)))
        if chance <= 1e-15:
            continue
        best = 0.0
        for k, j, counted in targets:
            if counted and k in no:
                continue
            free = [x for x in yes if not (counted and x == k)]
            joint = sum((-1) ** len(t) * r[(k, j, tuple(x for x in stands if x in no or x in t))] for t in _subsets(free))
            best = max(best, joint / chance)
        total += chance
        after += chance * best
        sure += chance * (best >= 1.0 - 1e-9)
    return {"value": v, "now": now, "after": after, "sure": sure, "total": total}


def radar_advice(state: GameState) -> dict:
    """:func:`radar_value` for every blue value I hold uncut and may cut (my constraint cards, the mission's rules: 61's
    walkthrough was told what asking a 1 would buy under a card of even values only), the most the Radar adds first."""
    me = state.me
    if me is None:
        raise StateError("the Radar's advice is for one player: set 'me'", field="me")
    an = solve_state(state, reuse=True)
    rules = my_rules(state)
    held = sorted({int(value_of(sl.wire)) for s in range(len(state.players[me].stands)) for sl in state.stand(me, s)
                   if sl.state != CUT and sl.wire is not None and colour_of(sl.wire) == BLUE
                   and value_reason(rules, int(value_of(sl.wire))) is None})
    rows = [radar_value(state, v, an) for v in held]
    for r in rows:
        del r["total"]
    rows.sort(key=lambda r: (-(r["after"] - r["now"]), r["value"]))
    return {"values": rows}


def radar_json(doc: Any) -> dict:
    """Bridge/CLI entry: :func:`radar_advice` on a state document."""
    return radar_advice(GameState.from_json(doc))
