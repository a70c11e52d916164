"""The referee: the one who knows the deal, answers each move by the rules and keeps the table.

Why apart from the policies: a player decides from their own view only (:func:`view_of`); the
referee alone reads ``world``.  It keeps what a real table keeps: the cut wires and info tokens,
the facts a failure tells everyone, the detonator, the equipment cards face up (each usable once two
wires of its number are cut, then spent) and who has used their Double Detector.

The mission's rules on Double Detectors, equipment, the fragile captain and failure tokens are
``table_rules.py``'s.  Rules the rulebook leaves to the owner's choice: a detector that cuts picks the leftmost matching
wire; a failed detector's info token goes on the leftmost non-red wire it pointed at; a Triple or
Super Detector explodes only when every wire it points at is red (as the moves' odds assume).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from ..questions.sampler import sample_deals
from ..table.errors import RuleError
from ..table.facts import Fact
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import RED, colour_of, value_of
from ..advice.table_edits import (cut_own, cut_slot, failure_facts, failure_token, passed_facts, red_facts, set_slots,
                                  stand_count, with_cuts)
from .card_effects import BEFORE, FREE, INSTANT
from .cards import ENGINE_ITEMS, FREE_CARDS, INSTANT_CARDS, TABLE_CARDS, CardUse, card_value, cuts_to_unlock
from .readings import no_sure_facts, public_laws
from .table_rules import TableRules

__all__ = ["Decision", "Referee", "view_of"]

World = dict
_DETECTORS = ("double_detector", "triple_detector", "super_detector")


@dataclass
class Decision:
    """What a player does: free cards (``uses``: played at once, then the player decides again on
    the table they leave), or on their turn table cards first (``before``: Rewinder, Emergency
    Batteries, Stabilizer, Coffee Mug by card id; ``pass_to``: who the Coffee Mug names), then one
    move of the moves ranking (None: none is possible)."""

    move: dict | None
    before: tuple[str, ...] = ()
    uses: tuple[CardUse, ...] = ()
    pass_to: int | None = None
    told: tuple[Fact, ...] = ()  # what the decision tells beyond its move (a free card passed over)
    read: bool = True  # made by the team's rule, which the table reads (False: a move a search tries)


def view_of(table: GameState, world: World, q: int, extra: dict | None = None) -> GameState:
    """The table as player q sees it: the public table, q's own wires (and any wire q gave away) but
    their turned-around ones, and the teammates' turned-around wires; ``me`` = q."""
    origin = table.dealt().origin
    changes = {}
    for p, s in table.stand_keys():
        for j, sl in enumerate(table.stand(p, s)):
            mine = p == q or (origin.get((p, s, j), (p, s, j))[0] == q)
            if mine != sl.turned and sl.state != CUT and sl.wire is None:
                changes[(p, s, j)] = replace(sl, wire=world[(p, s, j)], colour=None)
    return replace(table, players=set_slots(table, changes), me=q, extra=dict(extra or {}))


@dataclass
class Referee:
    """One game in progress."""

    table: GameState
    world: World
    rules: TableRules
    cards: tuple[str, ...] = ()
    spent: set = field(default_factory=set)
    dd_used: set = field(default_factory=set)
    start_mistakes: int = 0
    outcome: str | None = None  # "won", "exploded", "detonator", "stuck"
    taken: list = field(default_factory=list)  # (predicted chance, succeeded) of every move with a chance
    sure_failures: int = 0
    reserve: tuple[str, ...] = ()  # the equipment pile left face down (False Bottom draws from it)
    next_player: int | None = None  # who plays next, named by a Coffee Mug (read by the turns' loop)
    red_value: int | None = None  # 11: the blue value whose wires count as red (the hidden number card)

    def __post_init__(self) -> None:
        self.start_mistakes = max(self.start_mistakes, self.table.mistakes_left or 0)
        self.seen = self._own_picks()
        self.rng = random.Random(repr(sorted(self.world.items())))  # the Disintegrator's draw, by the deal
        self.used: set[str] = set()  # every card played or triggered in this game (the arena's ``cards``)
        self.in_play: list[str] = list(self.cards)

    @property
    def mistakes_left(self) -> int:
        return self.table.mistakes_left or 0

    # ---- what a player may use ------------------------------------------------------------
    def usable_cards(self, q: int) -> list[str]:
        """Card ids face up, unlocked (wires of their number cut) and not spent, that q may use."""
        if self.rules.captain_no_equipment and q == self.table.captain:
            return []
        return [c for c in self.cards if c not in self.spent and c not in INSTANT_CARDS and self.unlocked(c)
                and not self.rules.card_barred(self.table, q, c)]

    def unlocked(self, card: str) -> bool:
        """Whether two wires of the card's number (False Bottom: two yellows; a double-numbered card: all
        four) are cut, or what the mission's play says instead (12: a number card's value too; 15, 23:
        revealed unlocked)."""
        twice = self._cut_values()[card_value(card)] >= cuts_to_unlock(card)
        return twice if self.rules.play is None else self.rules.play.unlocked(self, card, twice)

    def red_like(self, t: int) -> bool:
        """Whether wire ``t`` counts as red: a red wire, or (11) one of the hidden card's value."""
        return colour_of(t) == RED or (self.red_value is not None and value_of(t) == self.red_value)

    def _cut_values(self) -> Counter:
        """How many wires of each gameplay value (a number, YELLOW, RED) are cut."""
        return Counter(value_of(sl.wire) for p, s in self.table.stand_keys() for sl in self.table.stand(p, s)
                       if sl.state == CUT and sl.wire is not None)

    def items(self, q: int, usable: list[str] | None = None) -> list[str]:
        """The moves ranking's items q may use now (its ``available``); ``usable``: q's usable cards, if known."""
        out = ["double_detector"] if self.rules.may_detect(q, self.table.captain, self.dd_used) else []
        return out + [ENGINE_ITEMS[c] for c in (self.usable_cards(q) if usable is None else usable) if c in ENGINE_ITEMS]

    def view(self, q: int) -> GameState:
        """Player q's view with what they may use: ``available`` items and the table ``cards``."""
        usable = self.usable_cards(q)
        cap = self.table.captain
        cards = self.rules.table_cards(q, cap, [c for c in usable if c in TABLE_CARDS])
        view = view_of(self.table, self.world, q, {**self.rules.view_extra(self.table, q), "available": self.items(q, usable),
                                                   "cards": cards, "used_detectors": sorted(self.dd_used),
                                                   "free_cards": [c for c in usable if c in FREE_CARDS],
                                                   "start_mistakes": self.start_mistakes})
        return replace(view, mistakes_left=self.rules.mistakes_seen(q, cap, self.mistakes_left))

    def redraw(self, seed: int) -> None:
        """Every wire only its owner sees drawn again from the exact posterior of the public table, hands
        included (``build_scripts/calibration_probe.py --fresh-deal``).  Why: the deal then tells nothing
        the table does not, so the chances given must hold whatever the players' choices told before —
        the engine's exactness over whole games, apart from what choices carry (docs/arena.md)."""
        turned = any(sl.turned for p, s in self.table.stand_keys() for sl in self.table.stand(p, s))
        if self.rules.play is not None or self.red_value is not None or turned:
            raise RuleError("a deal drawn again knows the wires only: not for a mission with cards, a hidden "
                            "red value or turned-around wires")
        drawn = sample_deals(replace(self.table, me=None), 1, seed)[0]
        for k in self.world:
            sl = self.table.stand(k[0], k[1])[k[2]]
            if sl.state != CUT and sl.public_wire is None:
                self.world[k] = drawn[k]
        self.seen = self._own_picks()

    def _own_picks(self) -> dict:
        """What a player may pick to cut of their own: their wires, but their turned-around ones."""
        return {k: t for k, t in self.world.items() if not self.table.stand(k[0], k[1])[k[2]].turned}

    def uncut(self, q: int | None = None) -> list:
        return [k for k in self.world if (q is None or k[0] == q) and self.table.stand(k[0], k[1])[k[2]].state != CUT]

    # ---- playing a turn -------------------------------------------------------------------
    def play(self, q: int, d: Decision) -> None:
        """Carry out q's decision on the table (sets ``outcome`` when it loses the game; a game won —
        no wire left — is seen by the turns' loop, :func:`.game.play_on`, which plays free cards
        first and lets the player decide again; a driver that does not gets them played here)."""
        if d.uses:
            self.use(q, d.uses)
        self.tell(d.told)
        if d.read and ((d.move is not None and not d.move.get("guaranteed")) or "11" in d.before):  # no sure move
            view = self.view(q)
            self.tell(no_sure_facts(view, public_laws(view.public())))
        stabilized = False
        for c in d.before:
            assert c in self.usable_cards(q), (c, "not usable")
            self._spend(c)
            stabilized = BEFORE[c](self, q, d.pass_to) or stabilized
        m = d.move
        if m is None:
            return
        kind = m["kind"]
        card = next((c for c, name in ENGINE_ITEMS.items() if name == kind), None)
        if kind == "double_detector":
            if self.rules.detector_spent:
                self.dd_used.add(q)
        elif card is not None:
            self._spend(card)
        if kind in ("solo_cut", "fast_pass", "reveal_red"):
            self._own_cut(q, m)
        else:
            self._dual(q, m, stabilized)
        self.instants()

    def use(self, q: int, uses: tuple[CardUse, ...]) -> None:
        """Player q plays these free cards, in order (each must be usable by q), then any card they
        unlocked acts.  What the choice told (``told``) speaks of the table it was made on, so it is told
        before the card acts: a card that moves wires then carries those facts with the wires."""
        for u in uses:
            assert u.card in FREE and u.card in self.usable_cards(q), (u.card, "not usable")
            self._spend(u.card)
            self.tell(u.told)
            FREE[u.card](self, q, u)
        self.instants()

    def tell(self, facts: tuple[Fact, ...]) -> None:
        """Add the facts the table does not hold yet (a card passed over is read each time it is)."""
        new = tuple(f for f in dict.fromkeys(facts) if f not in self.table.facts)
        if new:
            self.table = replace(self.table, facts=self.table.facts + new)

    def instants(self) -> None:
        """Every instant card face up, unspent and unlocked acts, until none is left (a Disintegrator's
        cuts may unlock another; an Emergency Drop turns the used ones face up again)."""
        while True:
            ready = [c for c in self.cards if c in INSTANT and c not in self.spent and self.unlocked(c)]
            if not ready:
                return
            self._spend(ready[0])
            before = len(self.cards)
            INSTANT[ready[0]](self)
            self.in_play += list(self.cards[before:])

    def _spend(self, card: str) -> None:
        self.spent.add(card)
        self.used.add(card)

    def card_record(self) -> dict[str, tuple[bool, bool, bool]]:
        """Per card that lay in play in this game: (in play, unlocked, used)."""
        return {c: (True, self.unlocked(c), c in self.used) for c in self.in_play}

    def _own_cut(self, q: int, m: dict) -> None:
        v = m["value"]
        if self.red_value is not None and v == self.red_value:  # 11: the hidden card's value counts as red
            self._record(m, False)
            self.outcome = "exploded"
            return
        # a turned-around wire of q's the table leaves certain (38, 56, 64) is q's to cut with the rest: the move names it
        named = {(q, s, j) for s, j in m["slots"]} if m["kind"] in ("solo_cut", "reveal_red") else set()
        if m["kind"] == "solo_cut":
            elsewhere = [k for k in self.uncut() if (k[0] != q or (k not in self.seen and k not in named))
                         and value_of(self.world[k]) == v]
            self._record(m, not elsewhere)
            if elsewhere:  # the engine said it was legal: a bug, counted; the move is not made
                return
        wires = {**self.seen, **{k: self.world[k] for k in named}} if named - self.seen.keys() else self.seen
        changes = cut_own(self.table, wires, q, "RED" if m["kind"] == "reveal_red" else v,
                          2 if m["kind"] == "fast_pass" else None)
        told = passed_facts(self.table, self.seen, q, v, min(changes)) if m["kind"] == "fast_pass" and changes else ()
        self.table = with_cuts(self.table, changes)
        self.tell(told)

    def _record(self, m: dict, ok: bool) -> None:
        self.taken.append((m["p_success"], ok))
        if m["guaranteed"] and not ok:
            self.sure_failures += 1

    def _dual(self, q: int, m: dict, stabilized: bool) -> None:
        """A dual cut, X-or-Y Ray, detector or cut of my turned-around wire: cut on success; else
        token, facts and detonator (a teammate's turned-around wire moves it whatever happens)."""
        p, s = m["player"], m["stand"]
        named = m.get("values") or [m["value"]]
        hits = sorted(j for j in m["slots"] if value_of(self.world[(p, s, j)]) in named)
        own = (q, *m["mine"]) if m["kind"] == "turned_cut" else None
        ok = bool(hits) and (own is None or value_of(self.world[own]) == m["value"])
        if ok and self.red_like(self.world[(p, s, hits[0])]):  # 11: a wire of the hidden card's value cut
            self._record(m, False)
            self.outcome = "exploded"
            return
        self._record(m, ok)
        if own is not None and not ok:  # my turned-around wire was not the value: the bomb explodes
            self.outcome = "exploded"
            return
        if "costs_mistake" in m:
            if self.mistakes_left <= 0:
                self.outcome = "detonator"
                return
            if ok:
                self.table = replace(self.table, mistakes_left=self.mistakes_left - 1)
        if ok:
            spot = (p, s, hits[0])
            t = self.world[spot]
            mine = {own: cut_slot(self.table, own, self.world[own])} if own else cut_own(self.table, self.seen, q, value_of(t), 1)
            told = () if own or not mine else passed_facts(self.table, self.seen, q, value_of(t), min(mine))  # my leftmost
            passed = tuple(j for j in m["slots"] if j < hits[0])  # the owner cuts the leftmost hit: these are not v
            if passed and m["kind"] in _DETECTORS:
                told += (Fact("not_value", p, s, m["value"], passed),)
            self.table = with_cuts(self.table, {spot: cut_slot(self.table, spot, t), **mine})
            self.tell(told)
            return
        self._failure(q, m, named, stabilized)

    def _failure(self, q: int, m: dict, named: list, stabilized: bool) -> None:
        p, s = m["player"], m["stand"]
        wires = [self.world[(p, s, j)] for j in m["slots"]]
        red = [self.red_like(t) for t in wires]
        all_red = all(red)
        if self.rules.fragile(q, self.table.captain):  # 14, 28: the captain's failure explodes, Stabilizer or not
            self.outcome = "exploded"
            return
        if all_red and not stabilized:
            self.outcome = "exploded"
            return
        facts = tuple(Fact("has", q, None, v) for v in named)
        if all_red and colour_of(wires[0]) == RED:  # stabilized: the red wire is cut, nothing explodes
            spot = (p, s, m["slots"][0])
            if m["kind"] in _DETECTORS:
                facts += (Fact("not_value", p, s, m["value"], tuple(m["slots"])),)
            self.table = replace(with_cuts(self.table, {spot: cut_slot(self.table, spot, wires[0])}),
                                 facts=self.table.facts + facts)
            return
        # the token on a wire that is not red-like (11 stabilized, all of the hidden value: the first one is shown)
        j = next((j for j, r in zip(m["slots"], red) if not r), m["slots"][0])
        passed = m["slots"][:m["slots"].index(j)]
        if passed and all(colour_of(self.world[(p, s, i)]) == RED for i in passed):
            facts += red_facts(self.table, p, s, passed)  # the wires the token passed over are red: the rule is known
        spot = (p, s, j)
        ml = self.mistakes_left
        if not stabilized:
            if ml <= 0:
                self.outcome = "detonator"
                return
            ml -= 1
        t = self.world[spot]
        kind = self.rules.shown_on(p, self.table.captain, self.table, q)
        token = failure_token(self.table.stand(p, s)[j], t, kind, stand_count(self.world, p, s, value_of(t)))
        facts += failure_facts(m["kind"], p, s, m["slots"], named, token)
        self.table = replace(self.table, players=set_slots(self.table, {spot: token}),
                             facts=self.table.facts + facts, mistakes_left=ml)

