"""What a value, parity or x-token on each hidden slot of one public own view would tell, kept per view.

Why a table of every slot and every face: the ranking asks for my real wires, but reading a teammate's
choice (``indication.token_choice_facts``) asks, for every other slot, what each face the token could
have shown there would have told, on the same view and with identical floats.  Where the view's cases
walk (``stand_entropy.entropies_given_sets``; X slots included, each a run of its own) one pass gives every
slot and face of a value or parity token; elsewhere (Labels, counts, order facts), and for an x-token (whose
count is no set of types), each is solved as asked.
"""

from __future__ import annotations

from dataclasses import replace

from ..questions.analysis import solve_state
from ..table.errors import InconsistentStateError, StateError
from ..table.kept import Kept, doc_text
from ..table.notation import HIDDEN, INFO, Slot
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, parity_of
from .stand_entropy import HeldLaws, entropies_given_sets, entropy_given, stand_entropy

__all__ = ["FACED", "WALKED", "X_COUNTS", "ViewGains", "forget_gains", "gain", "token_types", "view_gains"]

#: token kinds whose face is one of a few sets of types (a value, a parity): one walk gives them all
WALKED = ("value", "even_odd")
#: token kinds tabled per face (an x-token's face: its count), which a teammate's choice is read against
FACED = WALKED + ("multiplicity",)
#: the counts an x-token may show (a blue wire with four copies on the stand takes none: ``placed_token``)
X_COUNTS = (1, 2, 3)


def token_types(kind: str, tok: Slot, every) -> frozenset | None:
    """The wire types a slot may hold once the token is on it, for a value or parity token (what it says
    alone: the slot's other tokens the solved view already holds); None for an x-token, whose count
    rule is not one slot's types."""
    if kind == "value":
        return frozenset([tok.wire]) if tok.wire is not None else None
    if kind == "even_odd":
        return frozenset(t for t in every if colour_of(t) == BLUE and parity_of(t) == tok.parity)
    return None


def gain(cases: list, bases: list, views: list, helds: list, s: int, j: int, tok, allowed) -> tuple[float, float]:
    """(bits the team gains about my stands, bits left) with token ``tok`` on my slot (s, j), averaged over
    what my turned-around wires may be (``cases``: (weight, my view))."""
    got = after = 0.0
    for (w, view), h, an, held in zip(cases, bases, views, helds):
        h_after = entropy_given(view, an, held, s, j, tok, allowed)
        after += w * h_after
        got += w * max(0.0, h - h_after)
    return got, after


class ViewGains:
    """One own view (no turned-around wires) solved once, and per token kind the gain of each face on each
    hidden slot it may go on, worked out as first asked and kept."""

    def __init__(self, view: GameState) -> None:
        self.view = view
        self.an = solve_state(view)
        self.held = HeldLaws(view, self.an)
        self.base = stand_entropy(view, self.an, self.held)
        self.blues = sorted(t for t in set(view.wires.copies()) if colour_of(t) == BLUE)
        self.known: dict[str, dict[tuple[int, int, object], tuple[float, float] | None]] = {}

    def faces(self, kind: str) -> dict[object, frozenset]:
        """Each face a token of ``kind`` may show, with the types it leaves its slot."""
        if kind == "value":
            return {t: frozenset([t]) for t in self.blues}
        if kind == "multiplicity":  # a count, no set of types: the blue types it may mark, all of them
            return {m: frozenset(self.blues) for m in X_COUNTS}
        return {p: frozenset(t for t in self.blues if parity_of(t) == p) for p in ("even", "odd")}

    def _spots(self, kind: str) -> list[tuple[int, int]]:
        """My hidden slots a token of ``kind`` may go on (a parity or x-token: one that shows none yet)."""
        return [(s, j) for s, st in enumerate(self.view.players[0].stands) for j, sl in enumerate(st)
                if sl.state == HIDDEN and (kind != "even_odd" or sl.parity is None)
                and (kind != "multiplicity" or sl.multiplicity is None)]

    def _table(self, kind: str) -> dict:
        known = self.known.get(kind)
        if known is None:
            known = self.known[kind] = {}
            faces = self.faces(kind)
            if kind not in WALKED:
                return known
            left = entropies_given_sets(self.an, self.held, faces)  # every slot and face in one walk
            if left is not None:
                for s, j in self._spots(kind):
                    for face in faces:
                        h = left.get((s, j, face))
                        known[(s, j, face)] = None if h is None else (max(0.0, self.base - h), h)
        return known

    def get(self, kind: str, s: int, j: int, face) -> tuple[float, float] | None:
        """(gain, bits left) of a token of ``kind`` showing ``face`` on my slot (s, j); None: it cannot."""
        known = self._table(kind)
        key = (s, j, face)
        if key not in known:
            sl = self.view.players[0].stands[s][j]
            tok = (replace(sl, state=INFO, wire=face, colour=None) if kind == "value" else
                   replace(sl, multiplicity=face) if kind == "multiplicity" else replace(sl, parity=face))
            try:
                known[key] = gain([(1.0, self.view)], [self.base], [self.an], [self.held], s, j, tok,
                                  token_types(kind, tok, self.blues))
            except (StateError, InconsistentStateError):
                known[key] = None
            self.an.__dict__.pop("_cond_cache", None)  # each slot and face is asked once: keep the floats only
        return known[key]

    def ranked_gains(self, kind: str) -> dict[tuple[int, int, object], float]:
        """Gain (bits, rounded as the ranking rounds) of every face on every slot a token of ``kind`` may go
        on, where it can be."""
        out = {}
        for s, j in self._spots(kind):
            for face in self.faces(kind):
                g = self.get(kind, s, j, face)
                if g is not None:
                    out[(s, j, face)] = round(g[0], 9)
        return out


#: own-view key -> its gains; see :func:`view_gains` (a player with turned-around wires has a view per case)
_GAINS: "Kept[ViewGains]" = Kept(32)


def forget_gains() -> None:
    """Drop the kept gain tables (a benchmark's cold first request)."""
    _GAINS.clear()


def view_gains(view: GameState) -> ViewGains:
    """The token gains of an own view, kept: the view is the setup seen from outside (a stand's length, the
    wires, public tokens), alike for every player of a given stand length."""
    doc = view.to_json()
    doc["players"][0]["name"] = ""  # whose stand it is does not change what a token there tells
    return _GAINS.get(doc_text(doc), lambda: ViewGains(view))
