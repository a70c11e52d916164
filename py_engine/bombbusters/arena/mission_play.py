"""A mission's rules that change with the game (number cards, oxygen, cutting orders): one object
per game, read by the referee's turns, every player's view and the ``win`` playouts alike.

Why one object: a rule such as "the b wires only after two a wires" must forbid the same moves in
the view the advice ranks (the ``rules`` entries the table app sends: ``only_values``,
``no_values``, ``locked``), in the referee's check of each move and in the playouts.  Each family
of rules is a subclass in its own module (``number_cards.py``, ``special_cuts.py``,
``oxygen.py``); the referee and the turns' loop call only the hooks below.

Hooks: :meth:`MissionPlay.rules` (what binds player q now), :meth:`MissionPlay.turn` (one whole
turn: the default decides, checks the move against the rules, plays it and calls
:meth:`MissionPlay.after`; :meth:`MissionPlay.idle` when no move is left), :meth:`MissionPlay.setup`
(before the starting tokens), :meth:`MissionPlay.unlocked` (when an equipment card is usable),
:meth:`MissionPlay.view_extra` (what else every view carries), :meth:`MissionPlay.doc_for` (the
public state a view carries, with what that player alone knows), :meth:`MissionPlay.constraints` (the
constraint cards binding a player).  What a rule reveals reaches the table as facts (``has_not``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..advice.constraint_cards import move_reason, my_rules
from ..advice.indication import placed_token
from ..advice.table_edits import passed_facts, set_slots
from ..table.errors import RuleError
from ..table.facts import Fact
from ..table.notation import CUT, HIDDEN
from ..table.state import GameState
from ..table.wires import value_of

__all__ = ["MissionPlay", "Decide", "advance", "cut_count", "expected_count", "hand_values", "likeliest", "only_red",
           "tell_has_not", "token_on_value", "value_of_move"]

#: the turns' loop hands a play this: player -> their decision (None: no deal fits their view)
Decide = Callable[[int], Any]


def cut_count(table: GameState, value: Any) -> int:
    """How many wires of gameplay ``value`` are cut on the table."""
    return sum(1 for p, s in table.stand_keys() for sl in table.stand(p, s)
               if sl.state == CUT and sl.wire is not None and value_of(sl.wire) == value)


def hand_values(ref: Any, q: int) -> list:
    """The gameplay values of player q's uncut wires that q sees (their turned-around ones aside)."""
    return [value_of(t) for k, t in ref.seen.items() if k[0] == q and ref.table.stand(k[0], k[1])[k[2]].state != CUT]


def only_red(ref: Any, q: int) -> bool:
    """Whether q's uncut wires are all red (q may reveal them)."""
    vs = hand_values(ref, q)
    return bool(vs) and all(v == "RED" for v in vs)


def advance(ref: Any) -> None:
    """The detonator moves a space (the bomb is lost if it had no space left)."""
    if ref.mistakes_left <= 0:
        ref.outcome = "detonator"
    else:
        ref.table = replace(ref.table, mistakes_left=ref.mistakes_left - 1)


def tell_has_not(ref: Any, q: int, values: Any) -> None:
    """The table learns q holds none of ``values`` (a skipped turn says so), as "has not" facts."""
    ref.tell(tuple(Fact("has_not", q, None, v) for v in sorted(values)))


def token_on_value(ref: Any, q: int, v: Any) -> None:
    """A value token v that q places (22's gifts, 13's and 39's random tokens): on q's leftmost hidden
    wire of value v, or beside the stand ("has not") when q has no uncut wire of it left.  The rule is
    known, so the table reads it: q's hidden wires left of the token (all of them, when no token is
    placed) are not v."""
    spot = next((k for k, t in sorted(ref.seen.items()) if k[0] == q and value_of(t) == v
                 and ref.table.stand(k[0], k[1])[k[2]].state == HIDDEN), None)
    if spot is None and not any(k[0] == q and value_of(t) == v and ref.table.stand(k[0], k[1])[k[2]].state != CUT
                                for k, t in ref.seen.items()):
        tell_has_not(ref, q, (v,))
        return
    told = passed_facts(ref.table, ref.seen, q, v, spot, (HIDDEN,))
    if spot is not None:
        st = ref.view(q).stand(q, spot[1])
        token = placed_token("value", st[spot[2]], st)
        if token is not None:
            ref.table = replace(ref.table, players=set_slots(ref.table, {spot: token}))
    ref.tell(told)


class MissionPlay:
    """The hooks' defaults: no rule; a subclass states one family's rules."""

    #: players who place no starting info token: the game sets it (``tokens.captain_skips``) before
    #: :meth:`setup`, which may add to it (random or absent tokens in place of the chosen ones)
    no_token: frozenset = frozenset()

    def setup(self, ref: Any) -> None:
        """Before the starting tokens (e.g. the detonator's starting space)."""
        self.bind(ref)

    def bind(self, ref: Any) -> None:
        """Tie the play to its referee's deal (a playout's play is made from a view, then bound)."""

    def rules(self, table: GameState, q: int) -> dict:
        """The ``rules`` entries binding player q now (merged into q's view)."""
        return {}

    def doc(self) -> dict:
        """The rule's public state, carried in every view (``mission_play``) for the playouts."""
        return {}

    def doc_for(self, q: int) -> dict:
        """What player q's view carries as ``mission_play``: the public state and what q alone knows
        (34: their own constraint card)."""
        return self.doc()

    def constraints(self, table: GameState, q: int) -> list[str]:
        """The constraint cards (letters A-L) binding player q now (their view's ``constraints``)."""
        return []

    def view_extra(self, table: GameState, q: int) -> dict:
        """Top-level entries player q's view carries beside ``rules`` (11: ``hidden_red_value``)."""
        return {}

    def unlocked(self, ref: Any, card: str, twice: bool) -> bool:
        """Whether equipment ``card`` is usable (``twice``: the usual rule holds, two wires of its number
        cut, all four for a double-numbered card; 12 adds a number card's value, 15 and 23 unlock the cards they reveal)."""
        return twice

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        """Player q's turn: "played", "idle" (nothing happened) or "stuck" (no deal fits a view)."""
        d = decide(q)
        if d is None:
            return "stuck"
        if d.move is None and not d.before:
            return "played" if self.idle(ref, q) else "idle"
        self.check(ref, q, d.move)
        ref.play(q, d)
        if ref.outcome is None:
            self.after(ref, q, d.move)
        return "played"

    def idle(self, ref: Any, q: int) -> bool:
        """Player q has no legal move: whether that costs something (True: the turn counts)."""
        return False

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        """After q's move was played (``move`` None: table cards only)."""

    def check(self, ref: Any, q: int, move: dict | None) -> None:
        """A move the rules forbid is an engine or policy bug: refused loudly."""
        if move is None:
            return
        view = ref.view(q)
        why = move_reason(my_rules(view), view, move)
        if why:
            raise RuleError(f"player {q} made a move the mission forbids ({why}): {move}")


def value_of_move(move: dict | None) -> Any:
    """The gameplay value a move names (None: none, or a reveal of red wires)."""
    if move is None or move["kind"] == "reveal_red":
        return None
    return move.get("value")


def expected_count(an: Any, table: GameState, p: int, v: Any) -> float:
    """How many uncut wires of value v player p holds, on average, by the analysis ``an`` of some view."""
    return sum(pr for s in range(len(table.players[p].stands)) for j, sl in enumerate(table.stand(p, s))
               if sl.state != CUT for t, pr in an.slot_probs(p, s, j).items() if value_of(t) == v)


def likeliest(ref: Any, players: list[int], decide: Decide) -> tuple[int | None, Any]:
    """(player, decision) of the one among ``players`` whose move is likeliest to work (a sure one first, then
    the highest chance; ties: the first), as when the team lets the surest go (10's "Snip!", 45's volunteers);
    (p, None) for the first player no deal fits; (None, None) with no player.  Deciding plays a player's free
    cards at once (``game._Checks.decide``), which changes the table: the chosen decision, if it was made
    on an older table, is made again — its chances (a sure cut's too) held only there."""
    best: tuple = (-1.0, None, None, None)
    for p in players:
        d = decide(p)
        if d is None:
            return p, None
        m = d.move
        key = -0.5 if m is None else (2.0 if m.get("guaranteed") else m.get("p_success", 0.0))
        if key > best[0]:
            best = (key, p, d, ref.table)
    _key, p, d, table = best
    return p, (d if p is None or table is ref.table else decide(p))
