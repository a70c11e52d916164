"""Number cards that also decide who cuts: 51 ("Sir/Ma'am" names who cuts the card's value) and 45
(the first to say "Snip!" cuts it), as the mission cards' backs say.

Why apart from ``number_cards.py``: here the card changes who acts, so the play runs the whole turn.
The choices the cards leave to players, made as a teammate would (docs/arena.md, "Number cards"):

* 51: Sir/Ma'am names themselves if they hold the value, else the teammate their own view gives the
  most wires of it (then: the nearest on their left); a named player without the value puts the
  info token on their wire the table finds least likely to be what it is (the table also learns
  "has not").
* 45: every player who holds the value volunteers in their head; the one whose move is likeliest to
  work says "Snip!" first (a sure move first; then clockwise from the captain).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..advice.indication import placed_token
from ..advice.table_edits import set_slots
from ..questions.analysis import solve_state
from ..table.facts import Fact
from ..table.notation import CUT, HIDDEN
from ..table.wires import BLUE_MAX, RED, colour_of, value_of
from .mission_play import (Decide, MissionPlay, advance, cut_count, expected_count, hand_values, likeliest, only_red,
                           tell_has_not)

__all__ = ["Guess", "Radar", "Sir", "Volunteers"]


class _Deck(MissionPlay):
    """A face-down deck of number cards: a card whose 4 wires are cut is discarded; an empty deck is
    made again of the cards left, shuffled.  ``current``: (who must cut, the value) during a cut."""

    def __init__(self, numbers: tuple, seed: str, number: int):
        self.deck, self.number = list(numbers), number
        self.rng = random.Random(f"{seed}:numbers")
        self.current: tuple[int | None, int] | None = None

    def doc(self) -> dict:  # the deck's order is hidden: the playouts shuffle it again
        return {"kind": "deck", "mission": self.number, "deck": sorted(self.deck),
                "current": list(self.current) if self.current else None}

    def rules(self, table: Any, q: int) -> dict:
        if self.current is None or self.current[0] not in (None, q):
            return {}
        return {"only_values": {"values": [self.current[1]], "why": f"the number card's value (mission {self.number})"}}

    def flip(self, table: Any) -> int | None:
        """The next card's value (None: every value's wires are cut)."""
        live = [v for v in range(1, BLUE_MAX + 1) if cut_count(table, v) < 4]
        self.deck = [v for v in self.deck if v in live]
        if not self.deck:
            self.deck = live
            self.rng.shuffle(self.deck)
        return self.deck.pop(0) if self.deck else None

    def cut(self, ref: Any, who: int, v: int, d: Any) -> str:
        """``who`` plays decision ``d`` on value v (checked against the card)."""
        if d is None:
            return "stuck"
        if d.move is None and not d.before:
            return "idle"
        self.check(ref, who, d.move)
        ref.play(who, d)
        return "played"


class Sir(_Deck):
    """51: the active player flips the top card and names who cuts its value (even themselves); the
    named player cuts it, or, without the value, puts an info token and moves the detonator.  The
    detonator starts a space further back; with 2 players the captain puts no starting token.  A
    player with only red wires at the start of their turn reveals them."""

    def setup(self, ref: Any) -> None:
        ref.table = replace(ref.table, mistakes_left=ref.mistakes_left + 1)

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        if only_red(ref, q):
            return super().turn(ref, q, decide)
        v = self.flip(ref.table)
        if v is None:
            return "idle"
        who = self._name(ref, q, v)
        if v not in hand_values(ref, who):
            self._token(ref, who)
            if who != q:
                tell_has_not(ref, who, [v])
            advance(ref)
            return "played"
        self.current = (who, v)
        try:
            return self.cut(ref, who, v, decide(who))
        finally:
            self.current = None

    def _name(self, ref: Any, q: int, v: int) -> int:
        """q names themselves when they hold v; else (the table learns "q has not v") the teammate the public
        table expects to hold most wires of v (then: the nearest clockwise) — a choice from the public
        table, so it tells no more."""
        if v in hand_values(ref, q):
            return q
        tell_has_not(ref, q, [v])
        an = solve_state(replace(ref.table, me=None, extra={}))
        n = len(ref.table.players)
        able = [p for p in range(n) if p != q and ref.uncut(p)]
        return max(able, key=lambda p: (expected_count(an, ref.table, p, v), -((p - q) % n))) if able else q

    def _token(self, ref: Any, who: int) -> None:
        """The named player's info token: on their wire whose value the table finds least likely (it
        tells the team the most; then: the first), red wires aside.  The rule is known, so the table reads
        it: none of their other hidden wires holds a value the table found as unlikely there (earlier
        wires: or as likely), red aside — ``not_value`` facts."""
        public = solve_state(replace(ref.table, me=None, extra={}))
        spots = [((s, j), public.value_probs(who, s, j)) for (p, s, j) in sorted(ref.world) if p == who
                 and ref.table.stand(p, s)[j].state == HIDDEN and not ref.table.stand(p, s)[j].turned]
        mine = [((s, j), law, value_of(ref.world[(who, s, j)])) for (s, j), law in spots
                if colour_of(ref.world[(who, s, j)]) != RED]
        if not mine:
            return
        (s, j), _law, x = min(mine, key=lambda m: m[1][m[2]])  # the first of the least likely
        c = _law[x]
        told = []
        for (sk, jk), law in spots:
            if (sk, jk) != (s, j):
                out = [u for u, pr in law.items() if u != "RED" and (pr < c or (pr == c and (sk, jk) < (s, j)))]
                told += [Fact("not_value", who, sk, u, (jk,)) for u in sorted(out, key=str)]
        st = ref.view(who).stand(who, s)
        token = placed_token("value", st[j], st)
        if token is not None:
            ref.table = replace(ref.table, players=set_slots(ref.table, {(who, s, j): token}))
        ref.tell(tuple(told))


class Volunteers(_Deck):
    """45: the captain flips the top card; the first to say "Snip!" cuts its value (turns in no fixed
    order).  A player with only red wires says "Snip!" to reveal them first."""

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        n = len(ref.table.players)
        order = [(ref.table.captain + i) % n for i in range(n)]
        red = next((p for p in order if only_red(ref, p)), None)
        if red is not None:
            return MissionPlay.turn(self, ref, red, decide)
        v = self.flip(ref.table)
        if v is None:
            return "idle"
        holders = [p for p in order if v in hand_values(ref, p)]
        self.current = (None, v)
        try:
            who, d = likeliest(ref, holders, decide)
            return "idle" if who is None else self.cut(ref, who, v, d)
        finally:
            self.current = None


def radar(ref: Any, v: int) -> tuple:
    """The table's facts with the General Radar's answers on v, stand by stand.  No wire ever joins a
    stand in 18, so an earlier "has not" v of a stand implies the new one, and the new "has" v implies
    every earlier one: those are dropped, which keeps the facts few and tells the engine the same."""
    facts = list(ref.table.facts)
    for p, s in ref.table.stand_keys():
        held = any(k[:2] == (p, s) and value_of(t) == v and ref.table.stand(p, s)[k[2]].state != CUT
                   for k, t in ref.world.items())
        same = [f for f in facts if f.player == p and f.stand == s and f.value == v and f.kind in ("has", "has_not")]
        if held:
            facts = [f for f in facts if not (f in same and f.kind == "has")] + [Fact("has", p, s, v)]
        elif not any(f.kind == "has_not" for f in same):
            facts.append(Fact("has_not", p, s, v))
    return tuple(facts)


class Radar(Sir):
    """18: no starting token; each turn the active player flips the top card, the General Radar asks
    everyone (each stand apart) whether they hold a blue wire of its value — "has" / "has not" facts for
    every stand — and the active player names who cuts it: themselves if they hold it, else the holder
    their view gives the most wires of it (the radar's answers are in that view)."""

    def setup(self, ref: Any) -> None:
        """The detonator as usual (18 moves it nowhere)."""
        self.bind(ref)

    def bind(self, ref: Any) -> None:
        """The General Radar face up serves the turns alone, never played beside them as an equipment card (the
        card: "always usable" within each turn's flow) — in a playout too."""
        ref.spent.add("8")

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        if only_red(ref, q):
            return MissionPlay.turn(self, ref, q, decide)
        v = self.flip(ref.table)
        if v is None:
            return "idle"
        ref.table = replace(ref.table, facts=radar(ref, v))
        who = self._name(ref, q, v)
        self.current = (who, v)
        try:
            return self.cut(ref, who, v, decide(who))
        finally:
            self.current = None


class Guess(MissionPlay):
    """29: number cards dealt face down (2 each, 3 to the captain's right), the rest a deck.  Before each
    turn the nearest player on the right with a card puts one face down; the active player plays as usual;
    the card is shown, and if they have just cut a wire of its value the detonator moves; they take it.
    A card whose 4 wires are cut is discarded; a player down to one card draws until they get a value
    still to cut; with one value left to cut, the cards are all discarded; a player with no wire puts their
    cards under the deck.  The card put down is, by that player's own view, the value the active player
    is least likely to hold (then: the lowest).  The playouts know what the table knows of the hands (the
    cards seen taken, how many unseen: ``doc``) and draw the rest again."""

    def __init__(self, numbers: tuple, players: int, captain: int = 0):
        ns, n = list(numbers), players
        self.hands: dict[int, list[int]] = {}
        for i in range(n):
            p = (captain + i) % n
            take = 3 if p == (captain - 1) % n else 2
            self.hands[p], ns = ns[:take], ns[take:]
        self.deck = ns
        # what the table knows of each hand: the cards it saw a player take, and how many others they hold
        self.known: dict[int, list[int]] = {p: [] for p in self.hands}
        self.unseen: dict[int, int] = {p: len(h) for p, h in self.hands.items()}
        #: while a card lies face down: (the active player, who put it down, their hand as the table knew it then)
        self.down: tuple | None = None

    def doc(self) -> dict:
        """The hands as the table knows them (the cards seen taken, how many unseen), the deck's size."""
        return {"kind": "guess", "known": {str(p): list(v) for p, v in self.known.items()},
                "unseen": {str(p): n for p, n in self.unseen.items()}, "deck": len(self.deck)}

    def doc_for(self, q: int) -> dict:
        return {**self.doc(), "me": q, "mine": list(self.hands[q])}

    @classmethod
    def from_doc(cls, doc: dict, players: int, seed: int) -> "Guess":
        """A playout's play: my hand as I hold it, the cards the table saw each teammate take, and their
        unseen cards and the deck drawn again among the values no one has seen, seeded."""
        play = cls((), players)
        me, mine = int(doc["me"]), list(doc["mine"])
        play.known = {int(p): list(v) for p, v in doc["known"].items()}
        play.unseen = {int(p): int(n) for p, n in doc["unseen"].items()}
        seen = set(mine) | {v for vs in play.known.values() for v in vs}
        pool = [v for v in range(1, BLUE_MAX + 1) if v not in seen]
        random.Random(seed).shuffle(pool)
        for p in range(players):
            if p == me:
                play.hands[p] = mine
                continue
            take = min(play.unseen[p], len(pool))
            play.hands[p], pool = play.known[p] + pool[:take], pool[take:]
        play.deck = pool[: int(doc["deck"])]
        return play

    def rules(self, table: Any, q: int) -> dict:
        """On q's turn, the chance the card put down for it is each value (``card_risk``), by what q knows: the
        cards the table saw the player on the right take are in their hand, the others they hold are any of the
        values still in play no one has seen taken and q does not hold; which one they put down, q cannot tell
        (every card of their hand alike)."""
        if self.down is None or self.down[0] != q:
            return {}
        _q, r, known, unseen = self.down
        size = len(known) + unseen
        live = [v for v in range(1, BLUE_MAX + 1) if cut_count(table, v) < 4]
        seen = set(self.hands[q]) | {v for p, vs in self.known.items() if p != r for v in vs} | set(known)
        pool = [v for v in live if v not in seen]
        risk = {v: known.count(v) / size for v in set(known)}
        for v in pool:
            risk[v] = risk.get(v, 0.0) + unseen / len(pool) / size
        why = "the number card put down for this turn may be a {} (mission 29: its cut then moves the detonator)"
        return {"card_risk": [{"value": v, "p": round(p, 9), "why": why.format(v)} for v, p in sorted(risk.items()) if p > 0]}

    def _gone(self, p: int, card: int) -> None:
        """Player p's ``card`` left their hand face up: seen taken before, or one of their unseen cards."""
        if card in self.known[p]:
            self.known[p].remove(card)
        else:
            self.unseen[p] -= 1

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        self._tidy(ref)
        n = len(ref.table.players)
        r = next((p for p in ((q - i) % n for i in range(1, n)) if self.hands[p]), None)
        card = self._pick(ref, r, q) if r is not None else None
        if card is not None and r is not None:
            self.down = (q, r, list(self.known[r]), self.unseen[r])  # r's hand as the table knew it
            self.hands[r].remove(card)
            self._gone(r, card)
        before = cut_count(ref.table, card) if card is not None else 0
        done = super().turn(ref, q, decide)
        self.down = None
        if card is not None and done != "stuck":
            if ref.outcome is None and cut_count(ref.table, card) > before:
                advance(ref)
            self.hands[q].append(card)
            self.known[q].append(card)
        self._tidy(ref)
        return done

    def _pick(self, ref: Any, r: int, q: int) -> int:
        an = solve_state(ref.view(r))
        return min(self.hands[r], key=lambda v: (expected_count(an, ref.table, q, v), v))

    def _tidy(self, ref: Any) -> None:
        live = {v for v in range(1, BLUE_MAX + 1) if cut_count(ref.table, v) < 4}
        if len(live) <= 1:
            live = set()
        for p, hand in self.hands.items():
            for v in [v for v in hand if v not in live]:  # discarded face up
                self._gone(p, v)
            hand[:] = [v for v in hand if v in live]
            if not ref.uncut(p):  # under the deck: the table forgets which (the deck is drawn unseen)
                self.deck += hand
                hand.clear()
                self.known[p], self.unseen[p] = [], 0
        self.deck = [v for v in self.deck if v in live]
        for p, hand in self.hands.items():
            if len(hand) == 1 and ref.uncut(p) and self.deck:
                hand.append(self.deck.pop(0))
                self.unseen[p] += 1
