"""Mission 34, the weakest link: one hidden player keeps to a hidden constraint card (A-E) until the
team finds them out or they cannot play.

Why a play of its own: the card binds one player whom the others do not know, so each view carries
only what its player knows (``mission_play`` per player: their own card, and the weakest link's
card only to the weakest link), and the ``win`` playouts draw the hidden player and card among those
the public record allows.  Readings taken where the card leaves a choice (docs/arena.md,
"Constraint cards"):

* a player guesses only when sure: when one (player, card) alone fits every value each teammate has
  named so far (and the card is not their own), which is then right;
* the weakest link who cannot play under their card: the detonator moves two spaces, every card is
  discarded (no personal equipment for the rest of the game), and they then play their turn freely.
"""

from __future__ import annotations

import random
from typing import Any

from ..advice.constraint_cards import Rules, value_reason
from ..table.state import GameState
from .constraint_play import ConstraintPlay, shuffled
from .mission_play import advance

__all__ = ["Weakest", "candidates"]

_CARDS = "ABCDE"


def candidates(named: dict, me: int, own: str, players: int) -> list[tuple[int, str]]:
    """The (player, card) pairs player ``me`` (holding card ``own``, not the weakest link) finds possible:
    the card is not theirs and allows every value that player has named while the cards were hidden."""
    return [(p, c) for p in range(players) if p != me for c in _CARDS if c != own
            and all(value_reason(Rules(cards=(c,)), v) is None for v in named.get(p, ()))]


class Weakest(ConstraintPlay):
    """34: ``weak`` keeps to ``dealt[weak]`` while ``state`` is "hidden"; "revealed": a right guess
    freed everyone (personal equipment usable); "discarded": the weakest link could not play."""

    def __init__(self, weak: int, dealt: dict[int, str], state: str = "hidden", named: dict | None = None) -> None:
        super().__init__()
        self.weak, self.dealt, self.state = weak, dict(dealt), state
        self.named: dict[int, list] = {p: [] for p in self.dealt}
        self.named.update({int(p): list(vs) for p, vs in (named or {}).items()})

    @classmethod
    def deal(cls, players: int, seed: Any) -> "Weakest":
        cards = shuffled(seed, _CARDS, "34")
        return cls(random.Random(f"{seed}:34 captain").randrange(players), dict(enumerate(cards[:players])))

    def bind(self, ref: Any) -> None:
        if self.state != "revealed":  # character cards face down (or discarded): no personal equipment
            ref.dd_used |= set(range(len(ref.table.players)))

    def constraints(self, table: GameState, q: int) -> list[str]:
        return [self.dealt[self.weak]] if self.state == "hidden" and q == self.weak else []

    def turn(self, ref: Any, q: int, decide: Any) -> str:
        if self.state == "hidden" and q != self.weak:
            self._guess(ref, q)
            if ref.outcome is not None:
                return "played"
        return super().turn(ref, q, decide)

    def _guess(self, ref: Any, q: int) -> None:
        fits = candidates(self.named, q, self.dealt[q], len(ref.table.players))
        if len(fits) != 1:
            return
        if fits[0] == (self.weak, self.dealt[self.weak]):
            self.state = "revealed"
            ref.dd_used.clear()
        else:
            advance(ref)

    def relieve(self, ref: Any, q: int) -> bool:
        if self.state != "hidden" or q != self.weak:
            return False
        advance(ref)
        if ref.outcome is None:
            advance(ref)
        self.state = "discarded"
        return True

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        if self.state == "hidden" and move is not None and move["kind"] != "reveal_red":
            self.named[q] += [v for v in (move.get("values") or [move["value"]]) if isinstance(v, int)]

    def doc(self) -> dict:
        return {"kind": "weakest", "state": self.state, "named": {str(p): vs for p, vs in self.named.items()}}

    def doc_for(self, q: int) -> dict:
        return {**self.doc(), "me": q, "own": self.dealt[q], "weak": self.dealt[q] if q == self.weak else None}

    @classmethod
    def from_doc(cls, doc: dict, players: int, seed: int) -> "Weakest":
        """A playout's weakest link: the viewer if they are, else a (player, card) drawn among those the
        record allows; the other cards drawn from the rest."""
        me, own, rng = int(doc["me"]), str(doc["own"]), random.Random(seed)
        named = {int(p): list(vs) for p, vs in doc["named"].items()}
        weak, card = (me, own) if doc["weak"] or doc["state"] != "hidden" else rng.choice(candidates(named, me, own, players))
        rest = [c for c in _CARDS if c not in (own, card)]
        rng.shuffle(rest)
        dealt = {me: own, weak: card}
        for p in range(players):
            if p not in dealt:
                dealt[p] = rest.pop()
        return cls(weak, dealt, str(doc["state"]), named)
