"""Where my Label = or Label ≠ tells my teammates the most: the ``labels`` request.

Why bits: a Label says two neighbouring wires of mine share a value (=) or do not (≠); what that is worth
is what my teammates then know of my stands — the exact entropy of my stands as they see them
(``stand_entropy``, the measure of the starting-token advice), before and with the Label.  Only a pair
the card fits may take it (I know my wires); each is ranked by the bits it tells.

Why the ranking is public: each pair's bits are worked out from my stands as teammates see them, *as if*
the Label fitted it, so anyone can rank every pair; a player who puts the Label on the first pair that
fits in that order tells that the pairs ranked above it do not fit (``told``: a Label of the other kind
on each), as the team's rule for free cards reads it (``advice/free_cards.py``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..questions.analysis import solve_or_none
from ..table.errors import StateError
from ..table.facts import Fact
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import value_of
from .stand_entropy import own_view, stand_entropy

__all__ = ["label_pairs", "label_advice", "labels_json"]


def label_pairs(state: GameState) -> list[tuple[int, int, bool]]:
    """(stand, left slot, whether both wires match) for each pair of my neighbours a Label may go on: both
    wires mine and seen by me, in order (no turned-around or X wire), not both cut, dealt to the same stand
    (a wire that came by a swap is not followed by a Label), not labelled already."""
    me = state.me
    assert me is not None
    done = {(f.player, f.stand, f.slots) for f in state.facts if f.kind in ("same", "different")}
    origin = state.dealt().origin if state.moves else {}
    out = []
    for s, st in enumerate(state.players[me].stands):
        for j in range(len(st) - 1):
            a, b = st[j], st[j + 1]
            if a.wire is None or b.wire is None or a.turned or b.turned or a.unsorted or b.unsorted:
                continue
            if origin and origin[(me, s, j)][:2] != origin[(me, s, j + 1)][:2]:
                continue
            if (a.state == CUT) + (b.state == CUT) < 2 and (me, s, (j, j + 1)) not in done:
                out.append((s, j, value_of(a.wire) == value_of(b.wire)))
    return out


def label_advice(state: GameState, same: bool) -> list[dict]:
    """Every pair a Label = (``same``) or ≠ may go on, each with the bits it would tell my teammates were it
    placed there (``fits``: whether the card fits it), the most first (ties: stand, then slot)."""
    if state.me is None:
        raise StateError("the Labels' advice is for one player: set 'me'", field="me")
    view = own_view(state)
    base = stand_entropy(view)
    kind = "same" if same else "different"
    rows: list[dict[str, Any]] = []
    for s, j, match in label_pairs(state):
        labelled = replace(view, facts=view.facts + (Fact(kind, 0, s, slots=(j, j + 1)),))
        an = solve_or_none(labelled)  # no explanation sought, no recent solve pushed out by a what-if
        if an is None:  # the table rules that Label out there: the card cannot fit it either
            continue
        after = stand_entropy(labelled, an)
        rows.append({"stand": s, "slots": [j, j + 1], "bits": round(max(0.0, base - after), 9), "fits": match == same})
    rows.sort(key=lambda r: (-r["bits"], r["stand"], r["slots"][0]))
    return rows


def labels_json(doc: Any) -> dict:
    """Bridge/CLI entry: for Label = and ≠, the pairs of mine each fits, the most it tells first."""
    state = GameState.from_json(doc)
    return {k: [r for r in label_advice(state, k == "same") if r.pop("fits")] for k in ("same", "different")}
