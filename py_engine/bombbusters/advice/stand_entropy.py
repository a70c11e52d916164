"""How much the team does not know about my stands: the entropy of their contents, as teammates see them.

Exact, with no enumeration: my stands plus one unconstrained "rest" stand make
a small DP whose paths are in one-to-one correspondence with my stand's
contents (the rest is whatever is left), so the path entropy is the contents'
entropy: H = log Z + E[sum of log k!] over every block, read off the block
laws.  "a of b" draws add the uncertainty of which candidates were discarded,
uniform given my contents (C(candidates left, discarded) ways), and that part
is taken back out.

Why :class:`HeldLaws`: the starting-token advice asks for the entropy given a
token on each slot, for every value.  The discard part depends on my contents
only through how many candidates my stands hold, so one solve per possible
count (and the slot laws it gives) answers it for every slot and value by
Bayes, where a solve per slot and value was the slow part of the advice.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ..compiler.constraints import Compiled
from ..compiler.problem import Counter
from ..questions.analysis import Analysis, solve_state
from ..solvers.run_entropy import slot_feature_masses, walk_of
from ..solvers.solver import solve
from ..table.errors import InconsistentStateError
from ..table.facts import Fact
from ..table.notation import CUT, Slot, observed
from ..table.players import Player
from ..table.state import GameState

__all__ = ["own_view", "stand_entropy", "HeldLaws", "entropy_given", "entropies_given_sets", "wires_moved"]

_LN2 = math.log(2)


def own_view(state: GameState, turned: dict | None = None) -> GameState:
    """My stands as teammates see them, plus one free stand holding every other wire.

    ``turned``: {(stand, slot): wire} of my turned-around wires, which teammates see (shown cut)."""
    me = state.me
    assert me is not None
    turned = turned or {}
    mine = tuple(tuple(replace(sl, state=CUT, wire=turned[(s, j)]) if (s, j) in turned else observed(sl)
                       for j, sl in enumerate(st)) for s, st in enumerate(state.players[me].stands))
    rest = state.wires.total_in_play - sum(len(st) for st in mine)
    players = (Player(state.players[me].name, mine), Player("rest", ((Slot(),) * rest,) if rest else ()))
    moved = wires_moved(state, me)
    facts = tuple(f for f in (_mine(f, me, moved) for f in state.facts if f.player == me) if f is not None)
    return GameState(players, None, 0, state.wires, facts, None)


def wires_moved(state: GameState, me: int) -> bool:
    """Whether a wire came to or left my stands (Walkie-Talkies, Grappling Hook): then what counts my
    stands as dealt is not what my own view shows."""
    return any((w.src is not None and w.src[0] == me) or w.dst[0] == me for m in state.moves for w in m.wires)


#: facts that count my wires on my stands as dealt (the red and yellow counts, an x-token's count)
_AS_DEALT = ("red_count", "yellow_count", "not_count")


def _mine(fact: Fact, me: int, moved: bool) -> Fact | None:
    """``fact`` of player ``me`` as player 0 of the own view; None for one about wires some of which have
    left my stands (a swap), or one counting my stands as dealt once a wire came or went (``moved``): the
    own view holds no other stand to put them on, nor the record of what moved."""
    if moved and fact.kind in _AS_DEALT:
        return None
    if fact.wires is None:
        return replace(fact, player=0)
    if any(p != me for p, _s, _j in fact.wires):
        return None
    return replace(fact, player=0, wires=tuple((0, s, j) for _p, s, j in fact.wires))


def stand_entropy(view: GameState, an: Analysis | None = None, held: "HeldLaws | None" = None) -> float:
    """Entropy in bits of the contents of player 0's stands in an own-view state (``held``: its
    :class:`HeldLaws`, when made already, whose laws give the discard term)."""
    an = an or solve_state(view)
    discard = held.expected if held is not None else _discard_entropy(view, an)
    return max(0.0, (_path_entropy(an) - discard) / _LN2)


def _path_entropy(an: Analysis) -> float:
    """Entropy in nats of the DP's paths (case included): my contents and which candidates were discarded."""
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
    return h


def _my_subs(an: Analysis) -> tuple[list[int], int]:
    """Player 0's sub-stands in the compiled view and how many slots they have."""
    comp = an.compiled
    mine = [x for (p, _s), smap in comp.stands.items() if p == 0 for x in smap.subs]
    return mine, sum(comp.cases[0].substands[x].n for x in mine)


def _held_law(an: Analysis, mask: np.ndarray) -> list[np.ndarray]:
    """Each case's law of how many of my slots hold a type of ``mask`` (zeros for a case that does not count)."""
    mine, size = _my_subs(an)
    laws = []
    for w, prob in zip(an.weights, an.compiled.cases):
        if w == 0:
            laws.append(np.zeros(size + 1))
            continue
        ctr = Counter(tuple(mine), mask, "slots", size, "free")
        sol = solve(replace(prob, counters=prob.counters + [ctr]), blocks=False)
        laws.append(np.asarray(sol.counter_law).reshape(-1, size + 1).sum(axis=0))
    return laws


def _group_terms(view: GameState, an: Analysis):
    """Per "a of b" draw: (its candidates as a type mask, each case's law of the count my stands hold,
    log C(candidates left, discarded) for each count)."""
    comp = an.compiled
    _mine, size = _my_subs(an)
    for g in view.wires.groups():
        cands = set(g.candidate_types())
        mask = np.array([t in cands for t in comp.types], dtype=bool)
        held_known = sum(1 for (p, _s), st in comp.known.items() if p == 0 for sl in st if sl.wire in cands)
        log_c = np.zeros(size + 1)
        for held in range(size + 1):
            left = len(cands) - held - held_known
            if left >= g.discarded:
                log_c[held] = math.lgamma(left + 1) - math.lgamma(g.discarded + 1) - math.lgamma(left - g.discarded + 1)
        yield mask, _held_law(an, mask), log_c


def _discard_entropy(view: GameState, an: Analysis) -> float:
    """E[log C(candidates left, discarded)] per "a of b" draw: the part of the path that is not my stand."""
    total = 0.0
    for _mask, laws, log_c in _group_terms(view, an):
        law = sum(w * c for w, c in zip(an.weights, laws))
        total += float(np.dot(law, log_c))
    return total


class HeldLaws:
    """The discard term of :func:`stand_entropy` given one slot's types, for every slot and types at once.

    Per "a of b" draw: P(my stands hold h candidates) and the view's analysis given h (one solve per
    case and count that can happen); then P(h | slot j holds a type of A) by Bayes."""

    def __init__(self, view: GameState, an: Analysis) -> None:
        mine, size = _my_subs(an)
        self.groups: list[tuple[np.ndarray, dict[int, tuple[float, Analysis]]]] = []
        self.expected = 0.0  # the discard term with no slot given: :func:`_discard_entropy`'s
        for mask, laws, log_c in _group_terms(view, an):
            self.expected += float(np.dot(sum(w * c for w, c in zip(an.weights, laws)), log_c))
            given: dict[int, tuple[float, Analysis]] = {}
            for h in range(size + 1):
                kept, sols, ws = [], [], []
                for w, sol, prob, law in zip(an.weights, an.solutions, an.compiled.cases, laws):
                    if w == 0 or law[h] <= 0:
                        continue
                    p2 = replace(prob, counters=prob.counters + [Counter(tuple(mine), mask, "slots", h, "eq")])
                    s2 = solve(p2)
                    if s2.log_z > -math.inf:
                        kept.append(p2)
                        sols.append(s2)
                        ws.append(w * law[h])
                if sols:
                    q = float(sum(ws))
                    comp = Compiled(an.compiled.types, kept, an.compiled.stands, an.compiled.known)
                    given[h] = (q, Analysis(an.state, comp, sols, np.array(ws) / q, an.log_z + math.log(q)))
            self.groups.append((log_c, given))

    def discard(self, s: int, j: int, allowed: frozenset) -> float:
        """E[log C(candidates left, discarded) | slot j of my stand s holds a type of ``allowed``], summed
        over the draws (nats)."""
        total = 0.0
        for log_c, given in self.groups:
            num = den = 0.0
            for h, (q, a) in given.items():
                row = a.slot_probs(0, s, j)
                p = q * sum(row.get(t, 0.0) for t in allowed)
                num += p * log_c[h]
                den += p
            if den > 0:
                total += num / den
        return total


def entropy_given(view: GameState, an: Analysis, held: HeldLaws, s: int, j: int, tok: Slot,
                  allowed: frozenset | None) -> float:
    """Bits left about my stands once slot j of my stand s shows ``tok``.

    ``allowed``: the types the token leaves that slot (a value or parity token), so the view's analysis
    is conditioned rather than solved again (on the dense grid; a sparse walk is solved afresh as cheaply)
    and the discard term read off ``held``; None (an x-token): the view with the token solved afresh."""
    stands = list(view.players[0].stands)
    stands[s] = stands[s][:j] + (tok,) + stands[s][j + 1 :]
    after = replace(view, players=(Player(view.players[0].name, tuple(stands)), view.players[1]))
    if allowed is None:
        return stand_entropy(after)
    given = an.conditioned([(0, s, j, allowed)])[1] if not an.on_sparse_walk else solve_state(after)
    if given is None:
        raise InconsistentStateError(f"no deal puts {sorted(allowed)} at slot {j} of stand {s}")
    return max(0.0, (_path_entropy(given) - held.discard(s, j, allowed)) / _LN2)


def entropies_given_sets(an: Analysis, held: HeldLaws, sets: dict) -> dict[tuple[int, int, object], float] | None:
    """Bits left about my stands given that a slot holds a type of a set, every slot of mine and every set
    of ``sets`` ({face: types}) at once: {(stand, slot, face): bits}, a set no deal puts there absent; what
    :func:`entropy_given` gives for a value or parity token, one slot and set at a time.  None where a
    case cannot be walked (Labels, counters, order relations, x-tokens: ``run_entropy.walkable``).

    The conditioned mixture's path entropy, per case c of weight w_c: w'_c = w_c P_c / P, and
    H = sum of w'_c (log Z_c + log P_c + E_c[log k! terms ; slot in set] / P_c) - w'_c log w'_c, where
    P_c and the expectation sum over the set's types (disjoint events)."""
    where = {(s, j): at for (p, s), smap in an.compiled.stands.items() if p == 0 for j, at in smap.where.items()}
    want: dict[int, set[int]] = {}
    for sub, pos in where.values():
        want.setdefault(sub, set()).add(pos)
    cases = []
    for w, sol, prob in zip(an.weights.tolist(), an.solutions, an.compiled.cases):
        if w > 0:
            walk = walk_of(prob, sol.engine)
            if walk is None:
                return None
            cases.append((w, sol.log_z, slot_feature_masses(walk, want)))
    index = {typ: ti for ti, typ in enumerate(an.compiled.types)}
    out: dict[tuple[int, int, object], float] = {}
    for (s, j), (sub, pos) in where.items():
        for face, types in sets.items():
            parts = []
            for w, lz, masses in cases:
                got = [m for t in types if t in index and (m := masses.get((index[t], sub, pos)))]
                pc, ef = sum(m[0] for m in got), sum(m[1] for m in got)
                if pc > 0:
                    parts.append((w, lz, pc, ef))
            if not parts:
                continue
            total = sum(w * pc for w, _lz, pc, _ef in parts)
            h = 0.0
            for w, lz, pc, ef in parts:
                wc = w * pc / total
                h += wc * (lz + math.log(pc) + ef / pc) - wc * math.log(wc)
            out[(s, j, face)] = max(0.0, (h - held.discard(s, j, types)) / _LN2)
    return out
