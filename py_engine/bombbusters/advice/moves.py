"""Rank the moves ``me`` can make this turn, with exact odds.

Every probability is a joint one: a detector on several slots is judged on
the block law of the named value on that stand (see design note, section 4)
or, across colours and unsorted slots, by conditioning and re-solving.  No
product of marginals is ever taken.

Assumption (rules are silent): like the Double Detector, a Triple or Super
Detector explodes the bomb only when every wire it points at is red.

Constraint cards and mission rules (the state's ``constraints`` and ``rules``,
see ``constraint_cards.py``): a move they forbid is not ranked; it is listed
apart with the reason, and detectors choose their wires among those left me.

Mission 11 (the state's ``hidden_red_value``, see ``hidden_red.py``): each
blue value may be the hidden red one, with a chance independent of the
wires; a cut explodes when a wire it cuts or points at has that value, so
``p_red`` (the bomb explodes on a red-like wire) adds that risk, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..questions.analysis import Analysis, solve_state
from ..solvers.reruns import both
from ..table.errors import StateError
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import RED, colour_of, value_of, value_order
from .constraint_cards import Rules, failure_steps, move_reason, my_rules, slot_reason
from .hidden_red import hidden_red_law
from .odds import Odds, all_of_type, avoid_chances, best_set, tie
from .rule_marks import mark_move

YELLOW_VALUE = "YELLOW"  # the gameplay value every yellow wire shares

__all__ = ["ITEMS", "available_items", "rank_moves", "moves_json", "moves_state"]

#: usable items a state may list under "available"
ITEMS = ("double_detector", "triple_detector", "super_detector", "x_or_y_ray", "fast_pass")
_COST = {
    "solo_cut": 0, "reveal_red": 0, "dual_cut": 1, "turned_cut": 1, "fast_pass": 2, "x_or_y_ray": 3,
    "double_detector": 4, "triple_detector": 5, "super_detector": 6,
}


def available_items(state: GameState) -> set[str]:
    """Items ``me`` may use now: the state's "available" list (default: the Double Detector)."""
    raw = state.extra.get("available", ["double_detector"])
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise StateError(f"'available' must be a list of item names ({', '.join(ITEMS)}), got {raw!r}", field="available")
    unknown = [x for x in raw if x not in ITEMS]
    if unknown:
        raise StateError(f"available: unknown item {unknown[0]!r} (known: {', '.join(ITEMS)})", field="available")
    return set(raw)


def _move(kind: str, target: tuple | None, slots: list, value, p_success: float, p_red: float,
          mistakes_left: int | None, **extra: Any) -> dict:
    p_adv = max(0.0, 1.0 - p_success - p_red) if p_success < 1.0 else 0.0
    last = mistakes_left is not None and mistakes_left <= 0
    p_success, p_red, p_adv = float(p_success), float(p_red), float(p_adv)
    move = {
        "kind": kind,
        "player": target[0] if target else None,
        "stand": target[1] if target else None,
        "slots": slots,
        "value": value,
        "p_success": p_success,
        "p_red": p_red,
        "p_advance": p_adv,
        "p_explode": p_red + (p_adv if last else 0.0),
        "guaranteed": bool(p_success == 1.0),
    }
    move.update(extra)
    return move


@dataclass
class _Turn:
    """What every kind of move needs to know about ``me``'s turn."""

    state: GameState
    an: Analysis
    odds: "Odds"
    items: set
    mine: list  # my uncut slots whose wire I see
    my_values: list  # the values I may name (every non-red value I hold)
    turned: list  # (stand, slot) of my uncut turned-around wires I cannot see (missions 38, 56, 64)
    targets: list[tuple[int, int]]  # teammates' stands
    rules: Rules  # my constraint cards and the mission's rules on values and wires
    hidden: dict | None  # mission 11: P(each blue value is the hidden red one)
    known: dict  # (stand, slot) -> wire of my turned-around wires the table leaves certain (:func:`_known_turned`)

    def uncut(self, p: int, s: int) -> list[int]:
        return [j for j, sl in enumerate(self.state.stand(p, s)) if sl.state != CUT]

    def stand_wires(self, p: int, s: int) -> list[int]:
        """The uncut slots a Super Detector points at: the whole stand but the wires equipment ignores (X wires:
        20, 35 — "X wires ignore all equipment", so the card reads the rest; it was left forbidden)."""
        stand = self.state.stand(p, s)
        return [j for j in self.uncut(p, s) if not stand[j].unsorted]

    def pointable(self, p: int, s: int) -> list[int]:
        """The uncut slots my constraint cards and the mission let me point a detector at."""
        return [j for j in self.uncut(p, s) if slot_reason(self.rules, self.state, p, s, j, equipment=True) is None]

    def h(self, v) -> float:
        """P(value v is mission 11's hidden red value)."""
        return self.hidden.get(v, 0.0) if self.hidden else 0.0

    def single(self, p: int, s: int, j: int, good: set) -> tuple[float, float]:
        """(P(success), P(explode on a red-like wire)) of naming ``good`` at one slot; with a hidden red
        value in play, success needs the value to be good and not the hidden one."""
        if not self.hidden:
            return self.odds.single(p, s, j, good)
        pv = self.odds.values(p, s, j)
        succ = sum(q * (1.0 - self.h(v)) for v, q in pv.items() if v in good)
        red = pv.get("RED", 0.0) + sum(q * self.h(v) for v, q in pv.items())
        return succ, red

    def group_risk(self, p: int, s: int, slots: list[int], v, succ: float, all_red: float) -> tuple[float, float]:
        """The same for a detector naming v on these slots (``succ``: P(one holds a v); ``all_red``: P(all red)):
        it explodes when it cuts a v that is the hidden value, or when every wire it points at is red or
        of the hidden value; each candidate value w needs P(all in red or w), exactly (``p_all``).
        Without a hidden red value: (succ, all_red) as they are."""
        if not self.hidden:
            return succ, all_red
        red_types = self.an.types_of("RED")
        risk = self.h(v) * (succ + all_red)
        for w, hw in (self.hidden or {}).items():
            if w == v or not hw:
                continue
            if min(self.odds.values(p, s, j).get("RED", 0.0) + self.odds.values(p, s, j).get(w, 0.0) for j in slots) > 0:
                no_red = all(self.odds.values(p, s, j).get("RED", 0.0) == 0.0 for j in slots)
                one = all_of_type(self.an, p, s, slots, w) if no_red else None
                risk += hw * (one if one is not None else self.an.p_all([(p, s, j, red_types | self.an.types_of(w)) for j in slots]))
        return succ * (1.0 - self.h(v)), risk

    @property
    def ml(self) -> int | None:
        """Mistakes left, counted in failures of mine (constraint L: a failure costs two)."""
        ml = self.state.mistakes_left
        return None if ml is None else ml - (failure_steps(self.rules) - 1)


def rank_moves(state: GameState, an: Analysis | None = None) -> list[dict]:
    """Every move ``me`` can make now, best first: guaranteed, then success, then lower risk.

    A move my constraint cards forbid carries ``forbidden`` (the card's reason);
    :func:`moves_json` lists those apart."""
    if state.me is None:
        raise StateError("moves are for one player: set 'me' to the player whose turn it is", field="me")
    an = an or solve_state(state)
    me = state.me
    mine = [sl for st in state.players[me].stands for sl in st if sl.state != CUT and sl.wire is not None]
    turned = [(s, j) for s, st in enumerate(state.players[me].stands) for j, sl in enumerate(st)
              if sl.state != CUT and sl.wire is None]
    my_values = sorted({value_of(sl.wire) for sl in mine if colour_of(sl.wire) != "red"}, key=value_order)  # type: ignore[arg-type]
    known = _known_turned(an, me, turned)
    turn = _Turn(state, an, Odds(an), set(available_items(state)), mine, my_values, turned,
                 [(p, s) for p, s in state.stand_keys() if p != me], my_rules(state), hidden_red_law(state), known)
    moves = (_single_slot_moves(turn) + _detector_moves(turn) + _super_detector_moves(turn) + _own_moves(turn)
             + _turned_moves(turn))
    for m in moves:
        if m["kind"] == "turned_cut":  # a failed cut of my turned-around wire explodes the bomb
            m["p_advance"], m["p_explode"] = 0.0, 1.0 - m["p_success"]
        if m["kind"] == "solo_cut":
            m["p_advance"], m["p_explode"] = 0.0, m["p_red"]
        why = move_reason(turn.rules, state, m)
        if why:
            m["forbidden"] = why
        mark_move(turn.rules, turn.ml, m)
    moves.sort(key=lambda m: ("costs_mistake" in m, not m["guaranteed"], m["kind"] == "turned_cut", -tie(m["p_success"]),
                              tie(m["p_explode"]), _COST[m["kind"]], m["player"] if m["player"] is not None else -1,
                              m["stand"] or 0, m["slots"]))
    return moves


def _single_slot_moves(turn: _Turn) -> list[dict]:
    """Dual cuts and X-or-Y rays, one slot at a time."""
    odds, ml, my_values = turn.odds, turn.ml, turn.my_values
    moves: list[dict] = []
    for p, s in turn.targets:
        for j in turn.uncut(p, s):
            pv = odds.values(p, s, j)
            for v in my_values:
                if not pv.get(v):  # no deal puts v here: the cut cannot succeed
                    continue
                succ, red = turn.single(p, s, j, {v})
                if succ > 0:
                    moves.append(_move("dual_cut", (p, s), [j], v, succ, red, ml))
            if "x_or_y_ray" in turn.items and len(my_values) >= 2:
                pair = sorted(my_values, key=lambda v: (-pv.get(v, 0.0), value_order(v)))[:2]
                succ, red = turn.single(p, s, j, set(pair))
                if succ > 0:
                    moves.append(_move("x_or_y_ray", (p, s), [j], None, succ, red, ml,
                                       values=sorted(pair, key=value_order)))
    return moves


def _detector_moves(turn: _Turn) -> list[dict]:
    """Double and Triple Detectors: the best slot set per (stand, value).  Both name a blue value only: yellow
    and red wires have no number, so no detector names them (the rulebook's FAQ, as bdiffuser transcribes it)."""
    an, odds, ml = turn.an, turn.odds, turn.ml
    picks = []
    for kind, size in (("double_detector", 2), ("triple_detector", 3)):
        if kind not in turn.items:
            continue
        for p, s in turn.targets:
            js = turn.pointable(p, s)
            if len(js) < size:
                continue
            laws = [odds.values(p, s, j) for j in js]
            for v in turn.my_values:
                if v == YELLOW_VALUE or not any(law.get(v) for law in laws):
                    continue  # (no deal puts a v on these slots: no set may hold one)
                best = best_set(an, laws, p, s, js, size, v, an.types_of(v))
                if best is not None:
                    picks.append((kind, p, s, v, best[0], list(best[2])))
    reds = _all_red(turn, [(p, s, combo) for _, p, s, _, _, combo in picks])
    moves: list[dict] = []
    for (kind, p, s, v, fail, combo), p_red in zip(picks, reds):
        succ = 1.0 - fail if fail > 0 else 1.0
        succ, p_red = turn.group_risk(p, s, combo, v, succ, p_red)
        moves.append(_move(kind, (p, s), combo, v, succ, p_red, ml))
    return moves


def _all_red(turn: _Turn, sets: list[tuple[int, int, list[int]]]) -> list[float]:
    """P(every slot of each set is red): what makes a detector explode (0 unless each slot may be red)."""
    red_types = turn.an.types_of("RED")
    keys = [(p, s, tuple(sorted(js))) for p, s, js in sets]
    # each set once: the detectors' best sets for different values are often the same slots
    asks = list(dict.fromkeys(k for k in keys if all(turn.odds.values(k[0], k[1], j).get("RED", 0.0) > 0 for j in k[2])))
    answers = dict(zip(asks, turn.an.p_all_many([[(p, s, j, red_types) for j in js] for p, s, js in asks])))
    return [answers.get(k, 0.0) for k in keys]


def _super_detector_moves(turn: _Turn) -> list[dict]:
    """The Super Detector: a whole stand at once."""
    if "super_detector" not in turn.items:
        return []
    an, ml = turn.an, turn.ml
    stands = [(p, s, turn.stand_wires(p, s)) for p, s in turn.targets]
    stands = [x for x in stands if x[2]]
    reds = _all_red(turn, stands)
    values = [v for v in turn.my_values if v != YELLOW_VALUE]
    # P(no v among the stand's uncut wires): a blue value's is read off its block law, no rerun
    nones = avoid_chances(an, [(p, s, js, an.types_of(v)) for p, s, js in stands for v in values])
    moves: list[dict] = []
    for i, ((p, s, js), all_red) in enumerate(zip(stands, reds)):
        for v, none in zip(values, nones[i * len(values) : (i + 1) * len(values)]):
            if none < 1.0:
                succ, red = turn.group_risk(p, s, js, v, 1.0 - none if none > 0 else 1.0, all_red)
                moves.append(_move("super_detector", (p, s), js, v, succ, red, ml))
    return moves


def _known_turned(an: Analysis, me: int, turned: list) -> dict:
    """My turned-around wires whose wire the table leaves certain (every other copy placed): I know them as well
    as those I see, so a solo cut takes them and they may be revealed red (38, 56, 64: the card lets me cut
    mine with a regular cut; without this a hand of such wires alone could never be played)."""
    known = {}
    for s, j in turned:
        types = [t for t, p in an.slot_probs(me, s, j).items() if p > 0]
        if len(types) == 1:
            known[(s, j)] = types[0]
    return known


def _own_moves(turn: _Turn) -> list[dict]:
    """Moves on my own stand: solo cuts (my turned-around wires the table leaves certain included), Fast Pass,
    revealing my red wires."""
    state, ml = turn.state, turn.ml
    me = state.me
    assert me is not None
    moves: list[dict] = []
    at: dict = {}  # value -> my uncut slots whose wire shows it (``mine``, with their places; a known turned one)
    for s, st in enumerate(state.players[me].stands):
        for j, sl in enumerate(st):
            if sl.state != CUT and (sl.wire is not None or (s, j) in turn.known):
                at.setdefault(value_of(sl.wire if sl.wire is not None else turn.known[(s, j)]), []).append([s, j])
    values = sorted(set(turn.my_values) | {value_of(w) for w in turn.known.values() if colour_of(w) != RED}, key=value_order)
    for v, legal in zip(values, _none_elsewhere(turn, values)):
        held = len(at.get(v, ()))
        if legal > 0:
            moves.append(_move("solo_cut", None, at.get(v, []), v, legal * (1.0 - turn.h(v)), turn.h(v), ml,
                               p_legal=float(legal), count=held))
        seen = sum(1 for s, j in at.get(v, ()) if (s, j) not in turn.known)  # no equipment on a turned-around wire
        if "fast_pass" in turn.items and seen >= 2:
            moves.append(_move("fast_pass", None, [], v, 1.0 - turn.h(v), turn.h(v), ml, count=2))
    visible = [sl.wire for sl in turn.mine]
    red_turned = [[s, j] for s, j in turn.turned if _surely_red(turn.an, me, s, j)]  # the ones I do not see
    # 13: a hand of reds alone does the special action, never a reveal (the card)
    may_reveal = ((state.extra.get("rules") or {}).get("special_action") or {}).get("kind") != "reds"
    if may_reveal and (visible or red_turned) and len(red_turned) == len(turn.turned) and all(colour_of(w) == RED for w in visible):
        moves.append(_move("reveal_red", None, red_turned, "RED", 1.0, 0.0, ml, count=len(visible) + len(red_turned)))
    elif may_reveal and visible and not turn.turned and all(turn.h(value_of(w)) >= 1.0 - 1e-12 for w in visible):
        # 11: every wire I hold is of the card's value, which the table knows: revealed as red wires are
        moves.append(_move("reveal_red", None, [], "RED", 1.0, 0.0, ml, count=len(visible)))
    return moves


def _surely_red(an: Analysis, me: int, s: int, j: int) -> bool:
    """Whether my turned-around wire (s, j) is red whatever it is: with red wires drawn "X of Y", the table may
    leave its red value open but not its colour — the last wire of a game, every other one cut, is such a one."""
    return all(colour_of(t) == RED for t, p in an.slot_probs(me, s, j).items() if p > 0)  # type: ignore[arg-type]


def _none_elsewhere(turn: _Turn, values: list) -> list[float]:
    """For each value v: P(no uncut wire of v on the teammates' stands nor on my turned-around wires),
    a solo cut's legality."""
    an, me = turn.an, turn.state.me
    assert me is not None
    others = [(p, s) for p, s in turn.state.stand_keys() if p != me]
    maps = an.forbids_none_each(others, values)
    unknown = [x for x in turn.turned if x not in turn.known]  # (a known one of v is mine to cut with the rest)
    if unknown:  # and none on my turned-around wires: every one of them holds another value
        every = frozenset(turn.state.wires.copies())
        maps = [both(none, an.forbids_all([(me, s, j, every - an.types_of(v)) for s, j in unknown]))
                for v, none in zip(values, maps)]
    return an.chances(maps)


def _turned_moves(turn: _Turn) -> list[dict]:
    """Cutting my own turned-around wire (missions 38, 56, 64): a dual cut with it as my wire, no equipment.

    I name v on a teammate's wire without seeing mine: it works only if both are v, and a failure explodes
    the bomb.  Per wire of mine and value: the teammate's slot likeliest to match, by P(mine is v) x P(that
    slot is v | mine is v), on the analysis conditioned on mine being v.
    """
    state, an, ml = turn.state, turn.an, turn.ml
    me = state.me
    moves: list[dict] = []
    for s, j in turn.turned:
        values = {value_of(t) for t, q in an.slot_probs(me, s, j).items() if q > 0 and colour_of(t) != RED}  # type: ignore[arg-type]
        for v in sorted(values, key=value_order):
            q, cond = an.conditioned([(me, s, j, an.types_of(v))])  # type: ignore[list-item]
            if q == 0 or cond is None:
                continue
            best = None
            odds = Odds(cond)
            for p, s2 in turn.targets:
                for j2 in turn.uncut(p, s2):
                    if slot_reason(turn.rules, state, p, s2, j2) is not None:
                        continue
                    succ, _red = odds.single(p, s2, j2, {v})
                    if succ > 0 and (best is None or tie(succ) > tie(best[0])):
                        best = (succ, p, s2, j2)
            if best is not None:
                succ, p, s2, j2 = best
                moves.append(_move("turned_cut", (p, s2), [j2], v, q * succ, 0.0, ml, mine=[s, j]))
    return moves


def moves_json(doc: Any, limit: int | None = None) -> dict:
    """Bridge/CLI entry: ranked moves plus who holds what, for the state's ``me``."""
    return moves_state(GameState.from_json(doc), limit)


def moves_state(state: GameState, limit: int | None = None) -> dict:
    """:func:`moves_json` on a state already read: the allowed moves in the team policy's order, each
    with its ``score``; ``cards_first``: the table cards the policy plays before its move; ``free_card``:
    the free card the team's rule plays before it, or the Coffee Mug in its place (``free_cards.py``; the
    state's ``free_cards``: those I may play now); ``policy``: what made the order."""
    from ..questions.holdings import holdings_json
    from .free_cards import free_card_json
    from .special_action import special_json
    from .team import move_score, shown_order, team_choice

    an = solve_state(state, reuse=True)
    ranked = rank_moves(state, an)
    legal, move, first = team_choice(state, ranked)
    legal = shown_order(legal, move)
    forbidden = [m for m in ranked if "forbidden" in m]
    special = special_json(state, an)
    if special is not None:  # its score beside the team's move: the team takes it when it scores at least as well
        special["score"] = move_score(special, state.mistakes_left)
        special["best"] = bool(special["must"] or move is None or special["score"] >= move_score(move, state.mistakes_left))
    return {"special": special, "moves": legal[:limit] if limit else legal, "forbidden": forbidden[:limit] if limit else forbidden,
            "cards_first": first, "free_card": free_card_json(state, move), "policy": "team",
            "holdings": holdings_json(state, an)}
