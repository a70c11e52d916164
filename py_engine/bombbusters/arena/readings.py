"""What a player's move tells the team beyond its outcome, where the team's rule for it is known.

Why a module of its own: the engine counts every deal that fits the facts alike, so a choice that
depends on the chooser's wires and is not written down as facts lets the arena's players know more
than the engine counts (docs/arena.md, *Calibration and what the engine assumes*).  Here: every policy
of the arena takes a sure move whenever it has one (``rank`` and the team policy score a sure cut
highest, ``greedy`` ranks by chance), so a move that is not sure says the player had none — in
particular, they hold no value a teammate's uncut wire they could have cut surely is.
"""

from __future__ import annotations

from ..advice.constraint_cards import move_reason, my_rules
from ..table.facts import Fact
from ..table.kept import Kept, doc_key
from ..questions.analysis import Analysis, solve_state
from ..table.notation import CUT, INFO, Slot
from ..table.state import GameState
from ..table.wires import YELLOW, value_of

__all__ = ["PublicLaws", "no_sure_facts", "public_laws"]


class PublicLaws:
    """The public table's law of every uncut slot by gameplay value: what :func:`no_sure_facts` reads of its
    analysis, kept without the analysis."""

    def __init__(self, table: GameState, an: Analysis) -> None:
        self.rows = {(p, s, j): an.value_probs(p, s, j) for p, s in table.stand_keys()
                     for j, sl in enumerate(table.stand(p, s)) if sl.state != CUT}

    def value_probs(self, p: int, s: int, j: int) -> dict:
        return self.rows[(p, s, j)]


#: public table -> its laws: the playouts of one close call reach the same public tables again and again
#: (about two in five of a mission-40 game's readings)
_LAWS: "Kept[PublicLaws]" = Kept(64)


def public_laws(public: GameState) -> PublicLaws:
    """The public table's :class:`PublicLaws` (one solve, kept for the same table)."""
    return _LAWS.get(doc_key(public), lambda: PublicLaws(public, solve_state(public)))


def no_sure_facts(view: GameState, public: "Analysis | PublicLaws | None" = None) -> tuple[Fact, ...]:
    """What "I had no sure move" tells of ``view``'s player: none of their uncut wires they see holds a value
    a teammate's uncut wire surely is — shown by its info token or, with ``public`` (the public table's
    analysis), certain from the table alone — where they may dual cut it: had they held one, that cut
    was sure in their view too, and they would have taken it.  Sound, not complete: a cut made sure only
    by the player's own wires is not read.  () where a sure move may rank below another (Nano's value in
    43 and 53; a hidden red value, 11, whose cut may explode; 29's card put down, whose value a sure cut may be)."""
    q = view.me
    assert q is not None
    rules = my_rules(view)
    if rules.nano_value is not None or rules.card_risk or "hidden_red_value" in view.extra:
        return ()
    values: set = set()
    for p, s in view.stand_keys():
        if p == q:
            continue
        for j, sl in enumerate(view.stand(p, s)):
            if sl.state == CUT or sl.turned or (p, s, j) in rules.costly:
                continue
            v = _sure_value(sl, public.value_probs(p, s, j) if public is not None else None)
            move = {"kind": "dual_cut", "player": p, "stand": s, "slots": [j], "value": v}
            if v is not None and move_reason(rules, view, move) is None:
                values.add(v)
    facts = []
    for s, st in enumerate(view.players[q].stands):
        mine = tuple(j for j, sl in enumerate(st) if sl.state != CUT and not sl.turned)
        if mine:
            facts += [Fact("not_value", q, s, v, mine) for v in sorted(values, key=str)]
    return tuple(facts)


def _sure_value(sl: Slot, law: dict | None) -> int | str | None:
    """The gameplay value an uncut slot surely holds: its info token's, or the only one ``law`` allows."""
    if sl.state == INFO:
        return value_of(sl.wire) if sl.wire is not None else ("YELLOW" if sl.colour == YELLOW else None)
    if law is None:
        return None
    sure = [v for v, pr in law.items() if pr >= 1.0 - 1e-9]
    return sure[0] if sure and sure[0] != "RED" else None
