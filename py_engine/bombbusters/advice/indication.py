"""Starting-token advice: how much each token placement tells the team about my stand.

Information gain = H(my stand's contents) - H(contents | the token), in bits,
where the distribution is the one teammates can form from the setup and the
public tokens on *my* stands (tokens on other stands are not counted: their
effect on my stand goes through the whole pool and is left out by design; the
output says so under "basis").

Exact, with no enumeration: my stands plus one unconstrained "rest" stand make
a small DP whose paths are in one-to-one correspondence with my stand's
contents (the rest is whatever is left), so the path entropy is the contents'
entropy: H = log Z + E[sum of log k!] over every block, read off the block
laws.  "a of b" draws add the uncertainty of which candidates were discarded,
uniform given my contents, and that part is taken back out.

Turned-around wires (missions 38, 56, 64): teammates see mine and I do not,
so the gain is theirs averaged over what my turned wires may be (their law to
me); an x-token is not offered then, since its count needs those wires too.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from typing import Any

import numpy as np

from ..compiler.problem import Counter
from ..questions.analysis import Analysis, solve_state
from ..solvers.solver import solve
from ..table.errors import InconsistentStateError, StateError
from ..table.facts import Fact
from ..table.notation import CUT, HIDDEN, INFO, Slot, observed, slot_letter
from ..table.players import Player
from ..table.state import GameState
from ..table.wires import BLUE, RED, colour_of, label, number_of, value_of

__all__ = ["TOKEN_KINDS", "placed_token", "stand_entropy", "rank_indications", "token_choice_facts", "forget_gains", "indicate_json"]

TOKEN_KINDS = ("value", "even_odd", "multiplicity")
_LN2 = math.log(2)


def _own_view(state: GameState, turned: dict | None = None) -> GameState:
    """My stands as teammates see them, plus one free stand holding every other wire.

    ``turned``: {(stand, slot): wire} of my turned-around wires, which teammates see (shown cut)."""
    me = state.me
    assert me is not None
    turned = turned or {}
    mine = tuple(tuple(replace(sl, state=CUT, wire=turned[(s, j)]) if (s, j) in turned else observed(sl)
                       for j, sl in enumerate(st)) for s, st in enumerate(state.players[me].stands))
    rest = state.wires.total_in_play - sum(len(st) for st in mine)
    players = (Player(state.players[me].name, mine), Player("rest", ((Slot(),) * rest,) if rest else ()))
    facts = tuple(replace(f, player=0) for f in state.facts if f.player == me)
    return GameState(players, None, 0, state.wires, facts, None)


def stand_entropy(view: GameState, an: Analysis | None = None) -> float:
    """Entropy in bits of the contents of player 0's stands in an own-view state."""
    an = an or solve_state(view)
    lg = [math.lgamma(k + 1) for k in range(64)]
    h = 0.0
    for w, sol in zip(an.weights, an.solutions):
        if w == 0:
            continue
        e_logk = 0.0
        for blocks in sol.blocks:  # type: ignore[union-attr]
            for J in blocks:
                e_logk += float((J * np.array(lg[: J.shape[1]])[None, :]).sum())
        h += w * (sol.log_z + e_logk) - w * math.log(w)
    h -= _discard_entropy(view, an)
    return max(0.0, h / _LN2)


def _discard_entropy(view: GameState, an: Analysis) -> float:
    """E[log C(candidates left, discarded)] per "a of b" draw: the part of the path that is not my stand."""
    total = 0.0
    comp = an.compiled
    mine = [x for (p, _s), smap in comp.stands.items() if p == 0 for x in smap.subs]
    for g in view.wires.groups():
        cands = set(g.candidate_types())
        mask = np.array([t in cands for t in comp.types], dtype=bool)
        held_known = sum(1 for (p, _s), st in comp.known.items() if p == 0 for sl in st if sl.wire in cands)
        size = sum(comp.cases[0].substands[x].n for x in mine)
        law = np.zeros(size + 1)
        for w, prob in zip(an.weights, comp.cases):
            if w == 0:
                continue
            ctr = Counter(tuple(mine), mask, "slots", size, "free")
            sol = solve(replace(prob, counters=prob.counters + [ctr]), blocks=False)
            marg = np.asarray(sol.counter_law)
            law += w * (marg.reshape(-1, size + 1).sum(axis=0))
        for held, q in enumerate(law):
            if q > 0:
                left = len(cands) - held - held_known
                total += q * (math.lgamma(left + 1) - math.lgamma(g.discarded + 1) - math.lgamma(left - g.discarded + 1))
    return total


def _turned_laws(state: GameState) -> list[tuple[float, dict]]:
    """[(P, {(stand, slot): wire})]: what my turned-around wires I cannot see may be, each with its chance to
    me (one case with nothing when I have none).  Teammates see them, so the advice is averaged over them."""
    me = state.me
    assert me is not None
    spots = [(s, j) for s, st in enumerate(state.players[me].stands) for j, sl in enumerate(st)
             if sl.turned and sl.wire is None and sl.state != CUT]
    out: list[tuple[float, dict]] = []

    def walk(an: Analysis, i: int, p: float, fixed: dict) -> None:
        if i == len(spots):
            out.append((p, fixed))
            return
        s, j = spots[i]
        for t, q in sorted(an.slot_probs(me, s, j).items()):
            if q <= 0:
                continue
            q2, given = an.conditioned([(me, s, j, frozenset([t]))]) if i + 1 < len(spots) else (q, an)
            if given is not None and q2 > 0:
                walk(given, i + 1, p * q2, {**fixed, (s, j): t})

    walk(solve_state(state, reuse=True), 0, 1.0, {})
    return out


def _token_types(kind: str, tok: Slot, every) -> frozenset | None:
    """The wire types a slot may hold once the token is on it, for a value or parity token (what it says
    alone: the slot's other tokens the solved view already holds); None for an x-token, whose count
    rule is not one slot's types."""
    if kind == "value":
        return frozenset([tok.wire]) if tok.wire is not None else None
    if kind == "even_odd":
        return frozenset(t for t in every if colour_of(t) == BLUE and (number_of(t) % 2 == 0) == (tok.parity == "even"))
    return None


def _token(kind: str, slot: Slot, stand: tuple[Slot, ...]) -> tuple[Slot, str] | None:
    """(the slot as teammates see it with the token added, the token's text); None: not allowed there.

    Tokens already on the slot stay: the new one only adds what it shows.
    """
    after = placed_token(kind, slot, stand)
    if after is None:
        return None
    if kind == "value":
        text = "i" + (label(after.wire) if after.wire is not None else "Y")
    elif kind == "even_odd":
        text = "E" if after.parity == "even" else "O"
    else:
        text = f"{after.multiplicity}x"
    return after, text


def placed_token(kind: str, slot: Slot, stand: tuple[Slot, ...]) -> Slot | None:
    """The slot as teammates see it once my token of this kind is on it (None: not allowed there)."""
    t = slot.wire
    if t is None or slot.state != HIDDEN or colour_of(t) == RED:
        return None
    seen = observed(slot)
    if kind == "value":  # the rules put a starting token on a blue wire only (setup, step 6), whatever its kind
        return replace(seen, state=INFO, wire=t, colour=None) if colour_of(t) == BLUE else None
    if kind == "even_odd":
        if colour_of(t) != BLUE or seen.parity is not None:
            return None
        return replace(seen, parity="even" if number_of(t) % 2 == 0 else "odd")
    count = sum(1 for sl in stand if sl.wire is not None and value_of(sl.wire) == value_of(t))
    if colour_of(t) != BLUE or count > 3 or seen.multiplicity is not None:
        return None
    return replace(seen, multiplicity=count)


def _gain(cases: list, bases: list, views: list, s: int, j: int, tok, allowed) -> tuple[float, float]:
    """(bits the team gains about my stands, bits left) with token ``tok`` on my slot (s, j), averaged over
    what my turned-around wires may be (``cases``: (weight, my view))."""
    gain = after = 0.0
    for (w, view), h, an in zip(cases, bases, views):
        stands = list(view.players[0].stands)
        stands[s] = stands[s][:j] + (tok,) + stands[s][j + 1 :]
        players = (Player(view.players[0].name, tuple(stands)), view.players[1])
        # a value or parity token only narrows the slot: on the dense grid, the view's own
        # grid conditioned (no new layout); a sparse walk is solved afresh as cheaply
        given = None
        if allowed is not None and not an.on_sparse_walk:
            given = an.conditioned([(0, s, j, allowed)])[1]
        h_after = stand_entropy(replace(view, players=players), given)
        after += w * h_after
        gain += w * max(0.0, h - h_after)
    return gain, after


def rank_indications(state: GameState, kinds: tuple[str, ...] = TOKEN_KINDS) -> dict:
    """For each token kind, every slot of mine where it may go, ranked by information gain."""
    if state.me is None:
        raise StateError("token advice is for one player: set 'me'", field="me")
    for k in kinds:
        if k not in TOKEN_KINDS:
            raise StateError(f"unknown token kind {k!r} (known: {', '.join(TOKEN_KINDS)})", field="tokens")
    solve_state(state, reuse=True)  # an impossible table is reported on what was entered, not on a trial token
    laws = _turned_laws(state)
    blind = bool(laws[0][1])  # I hold a turned-around wire I cannot see
    cases = [(w, _own_view(state, shown)) for w, shown in laws]
    views = [solve_state(view) for _w, view in cases]
    bases = [stand_entropy(view, an) for (_w, view), an in zip(cases, views)]
    base = sum(w * h for (w, _v), h in zip(cases, bases))
    me = state.me
    out: dict[str, Any] = {
        "entropy_bits": float(base),
        "basis": "the setup and the public tokens on your own stands (tokens on other stands not counted)"
        + ("; averaged over your turned-around wires, which your teammates see" if blind else ""),
    }
    every = state.wires.copies()
    for kind in kinds:
        ranked: list[dict[str, Any]] = []
        if kind == "multiplicity" and blind:  # its count needs every wire of mine, the turned ones too
            out[kind] = ranked
            continue
        for s, st in enumerate(state.players[me].stands):
            for j, slot in enumerate(st):
                placed = _token(kind, slot, st)
                if placed is None:
                    continue
                tok, text = placed
                gain, after = _gain(cases, bases, views, s, j, tok, _token_types(kind, tok, every))
                ranked.append(
                    {
                        "stand": s,
                        "slot": j,
                        "letter": slot_letter(j),
                        "wire": label(slot.wire),  # type: ignore[arg-type]
                        "token": text,
                        "gain_bits": float(gain),
                        "resolved": float(gain / base) if base > 0 else 0.0,
                        "remaining_bits": float(after),
                    }
                )
        # equal gains reached by sums in another order (sparse walk or dense grid) rank alike
        ranked.sort(key=lambda r: (-round(r["gain_bits"], 9), r["stand"], r["slot"]))
        out[kind] = ranked
    return out


#: own-view key -> {(slot, blue type): gain or None}; see :func:`_value_gains`
_GAINS: dict[str, dict[tuple[int, int], float | None]] = {}
_GAINS_KEPT = 64


def forget_gains() -> None:
    """Drop the cached gain tables (a benchmark's cold first request)."""
    _GAINS.clear()


def _value_gains(view: GameState, stand: int) -> dict[tuple[int, int], float | None]:
    """Gain (bits, rounded as the ranking rounds) of a value token of each blue type on each hidden slot
    of my stand ``stand`` in an own view; None where that value cannot be there.  Cached: the view is
    the setup seen from outside (a stand's length, the wires, public tokens), alike for every player of
    a given stand length and for game after game of one mission."""
    doc = view.to_json()
    doc["players"][0]["name"] = ""  # whose stand it is does not change what a token there tells
    key = json.dumps([doc, stand], sort_keys=True)
    table = _GAINS.get(key)
    if table is not None:
        return table
    cases, an = [(1.0, view)], solve_state(view)
    bases = [stand_entropy(view, an)]
    blues = sorted(t for t in set(view.wires.copies()) if colour_of(t) == BLUE)
    table = {}
    for j, sl in enumerate(view.players[0].stands[stand]):
        if sl.state != HIDDEN:
            continue
        for t in blues:
            tok = replace(sl, state=INFO, wire=t, colour=None)
            try:
                table[(j, t)] = round(_gain(cases, bases, [an], stand, j, tok, frozenset([t]))[0], 9)
            except (StateError, InconsistentStateError):  # the value cannot be there at all
                table[(j, t)] = None
    if len(_GAINS) >= _GAINS_KEPT:
        _GAINS.clear()
    _GAINS[key] = table
    return table


def token_choice_facts(state: GameState, stand: int, slot: int) -> tuple[Fact, ...]:
    """What a starting value token put where this advice ranks first says beyond its face, as facts.

    Why it can be read exactly: a value token's gain is worked out from my stands as teammates see
    them, so anyone can tell, for every other slot of my stands and every blue value, whether a token
    there would have ranked above the chosen one (more bits, or as many and earlier in the ranking's
    order: stand, then slot).  Had it, the advice would have picked it: so that slot does not hold that
    value ("not_value").  Without these, a player who follows the advice shows the team more than the
    engine counts (docs/arena.md, calibration).  ``state``: the table just before the token, ``me`` the
    player placing it; () where the gain is not public (turned-around wires I cannot see) or the slot
    holds no blue wire."""
    me = state.me
    assert me is not None
    wire = state.players[me].stands[stand][slot].wire
    if wire is None or colour_of(wire) != BLUE:
        return ()
    if _turned_laws(state)[0][1]:
        return ()
    view = _own_view(state)
    best = _value_gains(view, stand)[(slot, wire)]
    assert best is not None
    barred: dict[tuple[int, int | str], list[int]] = {}
    for s in range(len(view.players[0].stands)):
        for (j, t), g in sorted(_value_gains(view, s).items()):  # a wire of any colour: a blue one that told more would have won
            if (s, j) != (stand, slot) and g is not None and (g > best or (g == best and (s, j) < (stand, slot))):
                barred.setdefault((s, value_of(t)), []).append(j)
    return tuple(Fact("not_value", me, s, v, tuple(js)) for (s, v), js in sorted(barred.items()))


def indicate_json(doc: Any) -> dict:
    """Bridge/CLI entry: token advice for the state's ``me`` (kinds from "tokens" if given)."""
    state = GameState.from_json(doc)
    variant = state.extra.get("tokens")
    kinds: tuple[str, ...] = TOKEN_KINDS if variant in (None, "all") else (variant,)
    if variant == "none":
        kinds = ()
    return rank_indications(state, kinds)
