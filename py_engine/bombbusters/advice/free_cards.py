"""The team's rule for the free cards (Labels, Post-it, General Radar, Single Wire Label, Walkie-Talkies,
Grappling Hook, Coffee Mug): when a player plays one and what they choose with it.  One statement serves
*My best cuts* (``moves``' ``free_card``, :func:`free_card_json`) and the arena (``arena/card_play.py``
wraps the ``rank`` and ``advice`` policies with it); the ``win`` request's playouts keep the plain
team policy.

Why a plain rule: the moves ranking and the team policy value only the cards that cut (items) or act
on the detonator (table cards); what an information card or a swap is worth is measured per card in
the arena (``docs/arena.md``), not scored here.  So:

* **When.** A free card usable by the actor (face up, unlocked, unspent) is played as soon as the
  policy's move is not sure (both take a sure move whenever there is one) — a sure cut needs no help,
  and a card kept is a card that may help later —, one at
  a time, in the order Label ≠, Label =, Post-it, General Radar, Single Wire Label, Walkie-Talkies,
  Grappling Hook; the actor then decides again on the table the card leaves (which may now hold a
  sure cut).  The **Coffee Mug** ends the actor's turn instead of a move whose chance is below
  ``COFFEE_BELOW`` (no sure move, no card left to try): the next player is the teammate holding the
  most uncut wires (ties: clockwise from the actor), who has the most ways to find a cut.
* **What.**  Each choice tells the team no more than the facts read from it (every player knows the
  rule; the engine counts every deal that fits the facts alike): a Label goes where it tells the
  teammates the most among the pairs it fits (``advice/labels.py``: every pair a Label may take —
  never a turned-around or X wire, a pair already labelled, both cut, nor two wires dealt to different
  stands, which the engine cannot follow — ranked by the bits it would tell, worked out from the stands
  as teammates see them), and each pair ranked above it is read as not fitting (``CardUse.told``: a
  Label of the other kind on it).  The Post-it goes where the starting-token
  advice ranks the mission's token first, with what that choice tells (``token_choice_facts``, value,
  parity and x-tokens; none where the actor's tokens are false or absent: 17, 52, 58).  The General Radar asks the
  blue value the public table has seen fewest copies of (cut or shown by a token; ties: the lowest).
  The Single Wire Label goes on a blue wire whose value is once on its stand (uncut first, leftmost;
  not on a stand with a turned-around wire, whose value its owner cannot see, nor on one a wire left or
  entered: its x1 counts the stand as dealt, as the table app says) — its choice is not read.
  Walkie-Talkies: the actor and the next teammate clockwise who can each give their leftmost uncut wire
  in order; the Grappling Hook takes the leftmost uncut wire in order of the teammate with the most of
  them; neither where the mission's tokens count a value on its stand (24, 40: ``_counted``).

Why by position for the swaps: a wire chosen by its place on the public table tells nothing of its
value, which is what the engine assumes of a wire that changes stands (``table/transfers.py``), so
its odds stay exact.  ``unit_tests/test_card_choices.py`` checks each reading over every hand of a small
table.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Callable

from ..table.errors import StateError
from ..table.facts import Fact
from ..table.notation import CUT, HIDDEN
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, value_of
from .indication import TOKEN_KINDS, rank_indications, token_choice_facts
from .labels import label_advice
from .table_edits import shown_on

__all__ = ["COFFEE_BELOW", "FREE_CARDS", "CardUse", "card_uses", "coffee", "free_card_json", "free_card_play"]

#: card id -> name: played by a player at any time (the Coffee Mug: on their turn, which it ends), in the
#: order the rule tries them
FREE_CARDS = {"1": "Label ≠", "12": "Label =", "4": "Post-it", "8": "General Radar", "2.2": "Single Wire Label",
              "2": "Walkie-Talkies", "11.11": "Grappling Hook", "11": "Coffee Mug"}


@dataclass(frozen=True)
class CardUse:
    """One play of a free card by the acting player ``q``: what the card asks them to choose.

    ``stand``/``slots``: q's own stand and slots (Labels: two neighbours; Post-it, Single Wire Label:
    one); ``value``: the number asked (General Radar); ``give``: q's wire given away (Walkie-Talkies:
    (stand, slot)); ``target``: a teammate's wire (player, stand, slot) — the one they give back
    (Walkie-Talkies) or the one taken (Grappling Hook); ``player``: who plays next (Coffee Mug);
    ``told``: what the choice itself tells every player who knows the rule that made it, as facts the
    referee adds beside the card's own (this module: a Label on the first pair that fits says the
    pairs before it do not); ``bits``: what the choice tells the teammates of the actor's stand (Labels,
    Post-it), ``unseen``: the copies of the asked value the table has not seen (General Radar) — what
    *My best cuts* says the card buys; the referee reads neither."""

    card: str
    stand: int = 0
    slots: tuple[int, ...] = ()
    value: int | None = None
    give: tuple[int, int] | None = None
    target: tuple[int, int, int] | None = None
    player: int | None = None
    told: tuple[Fact, ...] = ()
    bits: float | None = field(default=None, compare=False)
    unseen: int | None = field(default=None, compare=False)


#: the Coffee Mug passes the turn instead of a move less likely than this to succeed
COFFEE_BELOW = 0.5


def _free(view: GameState) -> list[str]:
    """The view's ``free_cards`` (the free cards its player may play now), checked."""
    free = view.extra.get("free_cards") or []
    if not isinstance(free, list) or not all(c in FREE_CARDS for c in free):
        raise StateError(f"'free_cards' must list the free cards usable now ({', '.join(FREE_CARDS)}), got {free!r}",
                         field="free_cards")
    return free


def card_uses(view: GameState, move: dict | None) -> tuple[CardUse, ...]:
    """The free card the rule plays now (at most one), or none while the policy's move is sure."""
    return free_card_play(view, move)[0]


def free_card_play(view: GameState, move: dict | None) -> tuple[tuple[CardUse, ...], tuple[Fact, ...]]:
    """(the free card the rule plays now, at most one; what the usable cards it passed over tell).

    Why the second: a card is passed over only where its choice fits nowhere, which the team, knowing
    the rule, reads — a Label that fits no pair says every pair it may take is of the other kind.  The
    facts go with the card played (its ``told``), and are returned besides for a decision with none."""
    free = _free(view)
    if not free or (move is not None and move.get("guaranteed")):
        return (), ()
    passed: tuple[Fact, ...] = ()
    for card in FREE_CARDS:
        if card in free and card in _CHOICE:
            use = _CHOICE[card](view)
            if use is not None:
                return (replace(use, told=passed + use.told),), passed
            if card in ("1", "12"):
                passed += _unfit_label(view, card == "12")
    return (), passed


def _unfit_label(view: GameState, same: bool) -> tuple[Fact, ...]:
    """A Label that fits no pair it may take: each of them is of the other kind."""
    me = view.me
    assert me is not None
    return tuple(Fact("different" if same else "same", me, r["stand"], slots=tuple(r["slots"]))
                 for r in label_advice(view, same))


def coffee(view: GameState, move: dict | None) -> int | None:
    """Who the Coffee Mug names, when the rule plays it instead of ``move`` (None: it does not)."""
    if "11" not in _free(view) or move is None or move.get("guaranteed") \
            or move.get("p_success", 1.0) >= COFFEE_BELOW:
        return None
    me, n = view.me, len(view.players)
    assert me is not None
    left = {p: len(_uncut(view, p)) for p in range(n) if p != me}
    order = [(me + i) % n for i in range(1, n)]
    best = max(order, key=lambda p: (left[p], -order.index(p)))
    return best if left[best] else None


def _uncut(view: GameState, p: int, movable: bool = False) -> list[tuple[int, int, int]]:
    return [(p, s, j) for s in range(len(view.players[p].stands)) for j, sl in enumerate(view.stand(p, s))
            if sl.state != CUT and not (movable and (sl.turned or sl.unsorted))]


def _label(same: bool) -> Callable[[GameState], CardUse | None]:
    def choose(view: GameState) -> CardUse | None:
        me = view.me
        assert me is not None
        ranked = label_advice(view, same)  # every pair it may go on, by the bits it would tell: a public order
        first = next((i for i, r in enumerate(ranked) if r["fits"]), None)
        if first is None:
            return None
        # every pair ranked above did not fit: its wires match (Label ≠) or differ (Label =)
        told = tuple(Fact("different" if same else "same", me, r["stand"], slots=tuple(r["slots"])) for r in ranked[:first])
        return CardUse("12" if same else "1", ranked[first]["stand"], tuple(ranked[first]["slots"]), told=told,
                       bits=ranked[first]["bits"])
    return choose


def _postit(view: GameState) -> CardUse | None:
    me = view.me
    assert me is not None
    kind = shown_on(view.extra, me, view.captain)
    if kind not in TOKEN_KINDS:
        return None
    ranked = rank_indications(view, (kind,))[kind]
    if not ranked:
        return None
    s, j = ranked[0]["stand"], ranked[0]["slot"]
    sl = view.stand(me, s)[j]
    if sl.turned or sl.unsorted or sl.parity is not None or sl.multiplicity is not None:
        return None  # the advice's first slot is one the card does not take: the rule leaves the card
    told = token_choice_facts(view, s, j, kind)  # what its place tells: a value, a parity or a count ruled out
    return CardUse("4", s, (j,), told=told, bits=ranked[0]["gain_bits"])


def _radar(view: GameState) -> CardUse | None:
    lo, hi = view.wires.blue_range
    placed: dict = {}
    for p, s in view.stand_keys():
        for sl in view.stand(p, s):
            if sl.wire is not None and colour_of(sl.wire) == BLUE and sl.state != HIDDEN:
                placed[value_of(sl.wire)] = placed.get(value_of(sl.wire), 0) + 1
    unknown = {v: 4 - placed.get(v, 0) for v in range(lo, hi + 1)}
    v = max(unknown, key=lambda v: (unknown[v], -v))
    return CardUse("8", value=v, unseen=unknown[v]) if unknown[v] > 0 else None


def _single_wire(view: GameState) -> CardUse | None:
    me = view.me
    assert me is not None
    fits = []
    moved = view.dealt().touched  # stands a wire left or entered: the engine reads them as dealt no more
    for s, st in enumerate(view.players[me].stands):
        if any(sl.turned for sl in st) or (me, s) in moved:
            continue
        values = [value_of(sl.wire) for sl in st if sl.wire is not None]
        for j, sl in enumerate(st):
            if sl.wire is not None and colour_of(sl.wire) == BLUE and not sl.unsorted and sl.multiplicity is None \
                    and values.count(value_of(sl.wire)) == 1:
                fits.append((sl.state == CUT, s, j))
    if not fits:
        return None
    _cut, s, j = min(fits)
    return CardUse("2.2", s, (j,))


def _counted(view: GameState) -> bool:
    """Whether the mission's tokens count a wire's value on its stand (24, 40): a swap is then left, as an
    x-token a failure puts on a stand a swap changed counts the stand as it is, which the engine reads on
    the stand as dealt (a limit of the engine: the table does not say when a token was placed)."""
    return view.extra.get("tokens") == "multiplicity"


def _walkie(view: GameState) -> CardUse | None:
    me, n = view.me, len(view.players)
    assert me is not None
    if _counted(view):
        return None
    mine = _uncut(view, me, movable=True)
    partner = next((p for p in ((me + i) % n for i in range(1, n)) if _uncut(view, p, movable=True)), None)
    if not mine or partner is None:
        return None
    return CardUse("2", give=mine[0][1:], target=_uncut(view, partner, movable=True)[0])


def _hook(view: GameState) -> CardUse | None:
    me, n = view.me, len(view.players)
    assert me is not None
    if _counted(view):
        return None
    order = [(me + i) % n for i in range(1, n)]
    best = max(order, key=lambda p: (len(_uncut(view, p, movable=True)), -order.index(p)))
    wires = _uncut(view, best, movable=True)
    return CardUse("11.11", target=wires[0]) if wires else None


_CHOICE = {"1": _label(False), "12": _label(True), "4": _postit, "8": _radar, "2.2": _single_wire,
           "2": _walkie, "11.11": _hook}


def free_card_json(view: GameState, move: dict | None) -> dict | None:
    """The free card the team's rule plays now on my view, before ``move`` (the team's move), as *My best
    cuts* shows it: the card, its choice and what it buys; or the Coffee Mug's pass in place of ``move``
    (``pass_to``, with the chance of the move it saves me); None: the rule plays no free card."""
    uses = card_uses(view, move)
    if uses:
        use = uses[0]
        # the fields as they are (asdict would copy every told fact only for it to be dropped)
        got = ((f.name, getattr(use, f.name)) for f in fields(use) if f.name != "told")
        out = {k: list(v) if isinstance(v, tuple) else v for k, v in got if v is not None}
        return {**out, "name": FREE_CARDS[use.card], "told": len(use.told)}
    nxt = coffee(view, move)
    if nxt is None:
        return None
    assert move is not None
    return {"card": "11", "name": FREE_CARDS["11"], "pass_to": nxt, "p_move": move["p_success"],
            "below": COFFEE_BELOW}

