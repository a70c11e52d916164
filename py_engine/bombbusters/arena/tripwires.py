"""Yellow wires dealt apart and cut only by a mission's special action: 41's tripwires (one at a time)
and 48's three lethal wires (all at once), as the cards' backs say (bdiffuser's ``GAME_RULES.md``).

Why a family: the deal (the yellow wires dealt first, the table knowing how many each player got: a
``yellow_count`` fact) and the choice of *when* to take the action are the same.  The action is a
move no ranking lists, so the play offers it beside the policy's own decision: it is taken when its
worth by the team policy's score (``advice.team.move_score``: chance, red risk, the detonator's cost)
is at least that of the policy's move (ties: the action), or when the player has no other move.  The
wires pointed at are the likeliest yellow ones by the player's own view (the joint chance, exactly).

Readings taken where the cards are silent (docs/arena.md, "Yellow wires dealt apart"):

* 41: a player left with only their own tripwire (and red wires) skips their turn (the card, as
  bdiffuser's OCR transcription reads it and its code plays it: they do not point either; a table where
  every player with wires is left so can never end, and is lost).  A player with other wires points once
  every other player with wires has just skipped in a row (a whole round where nobody else moved the game
  on: what the table sees): else they might cut their last wire and leave the others' tripwires to no one.  The
  random starting tokens are drawn as in 13 and 39 (a yellow one drawn again: the setup rule bars the
  yellow token).  The detonator starts a space from the end, as the card shows (no mistake left).
* 48: a red wire among the three pointed at explodes the bomb (the card lifts no rule on red wires);
  a failure otherwise puts an info token on every wire pointed at and moves the detonator once.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..advice.table_edits import cut_slot, failure_token, set_slots, with_cuts
from ..advice.special_action import action_chances, likeliest
from ..advice.team import move_score
from ..questions.analysis import solve_state
from ..table.notation import CUT
from ..table.wires import BLUE_MAX, RED, YELLOW, colour_of
from .mission_play import Decide, MissionPlay, advance, cut_count, tell_has_not
from .together import AllAtOnce, pointed, random_tokens

__all__ = ["Lethal", "Tripwires"]

_WHY = {41: "tripwires are cut one at a time by the special action (mission 41)",
        48: "the yellow wires are cut all at once by the special action (mission 48)"}


def _yellow(t: Any) -> bool:
    return colour_of(t) == YELLOW


def _special(an: Any, view: Any, picked: list) -> dict:
    """The action as a move the team policy can score (``advice/special_action.py``: the joint law)."""
    return action_chances(an, view.wires.copies(), picked, _yellow, True, view.mistakes_left)


def _worth(ref: Any, q: int, special: dict, d: Any) -> bool:
    """Whether the action is worth at least the policy's move by the team's score (ties: the action)."""
    if d is None or d.move is None:
        return True
    ml = ref.view(q).mistakes_left
    return move_score(special, ml) >= move_score(d.move, ml)


def _uncut(ref: Any, k: tuple) -> bool:
    return ref.table.stand(k[0], k[1])[k[2]].state != CUT


def _last_helper(ref: Any, q: int, d: Any) -> bool:
    """Whether q's move cuts q's last wires while a teammate's tripwire is uncut and no player but its holder
    (and q) has a wire left: then nobody could ever point at it."""
    m = d.move if d is not None else None
    if m is None or len(ref.uncut(q)) > (1 if m["kind"] != "solo_cut" else int(m.get("count", len(m["slots"])))):
        return False
    holders = {k[0] for k, t in ref.world.items() if _yellow(t) and k[0] != q and _uncut(ref, k)}
    return any(not any(ref.uncut(r) for r in range(len(ref.table.players)) if r not in (p, q)) for p in holders)


def _last_of_the_last(table: Any, q: int) -> tuple | None:
    """The wire of the only other player with wires, when it is their last and q's own tripwire is uncut (what
    the table shows: the tripwires were dealt openly, cut wires lie face up): cutting it, q would be left with a
    tripwire nobody may point at."""
    dealt = sum(f.count or 0 for f in table.facts if f.kind == "yellow_count" and f.player == q)
    cut = sum(1 for s in range(len(table.players[q].stands)) for sl in table.stand(q, s)
              if sl.state == CUT and sl.wire is not None and _yellow(sl.wire))
    if dealt - cut <= 0:
        return None
    left = [(p, s, j) for p, s in table.stand_keys() if p != q for j, sl in enumerate(table.stand(p, s)) if sl.state != CUT]
    return left[0] if len(left) == 1 else None


def _only(ref: Any, q: int, test: Any) -> bool:
    """Whether q's uncut wires (that q sees) are all yellow or red, one at least passing ``test``."""
    mine = [t for k, t in ref.seen.items() if k[0] == q and _uncut(ref, k)]
    return bool(mine) and all(_yellow(t) or colour_of(t) == RED for t in mine) and any(test(t) for t in mine)


class Tripwires(MissionPlay):
    """41: each player's tripwire is cut only by a teammate pointing at it: a yellow wire is cut and the
    detonator goes back a space; another wire gets its info token and the detonator moves; a red wire
    explodes the bomb."""

    def __init__(self, seed: str):
        self.rng = random.Random(f"{seed}:tokens")
        self.skips = 0  # the turns skipped in a row (by players left with only their own tripwire)

    def doc(self) -> dict:
        """The public state a playout remakes the play from: the turns skipped in a row."""
        return {"kind": "tripwires", "skips": self.skips}

    @classmethod
    def from_doc(cls, doc: dict, players: int, seed: int) -> "Tripwires":
        play = cls(str(seed))
        play.skips = int(doc["skips"])
        return play

    def setup(self, ref: Any) -> None:
        ref.table = replace(ref.table, mistakes_left=0)  # the card: the detonator a space from the end
        random_tokens(ref, self.rng)
        self.no_token = frozenset(range(len(ref.table.players)))

    def rules(self, table: Any, q: int) -> dict:
        out: dict = {"no_values": [{"value": "YELLOW", "why": _WHY[41]}]}
        last = _last_of_the_last(table, q)
        if last is not None:  # cut, it would leave q's own tripwire to no one: q cuts something else
            out["locked"] = [{"player": last[0], "stand": last[1], "slot": last[2],
                              "why": "their last wire: cut, it would leave your tripwire to no one (mission 41)"}]
        return out

    def target(self, ref: Any, q: int) -> tuple[tuple | None, dict]:
        """The teammate's wire q points at (the likeliest yellow one by q's view; then the least likely
        red; then the first) and the action as a move; None when no teammate's tripwire is left."""
        if not any(_yellow(t) and k[0] != q and _uncut(ref, k) for k, t in ref.world.items()):
            return None, {}
        view = ref.view(q)
        an = solve_state(view, reuse=True)
        spots = [(p, s, j) for p, s in view.stand_keys() if p != q for j, sl in enumerate(view.stand(p, s))
                 if sl.state != CUT]
        k = likeliest(an, spots, _yellow, 1)[0]
        return k, _special(an, view, [k])

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        others = [p for p in range(len(ref.table.players)) if p != q and ref.uncut(p)]
        stuck = bool(others) and self.skips >= len(others)  # everyone else with wires has just skipped in a row
        if _only(ref, q, _yellow):  # only their own tripwire (and red wires): the card says they skip their turn
            self.skips += 1  # everyone sees the skip: after a whole round of them, someone else must point
            # a player skips only so (a rule the team knows): they hold no blue wire
            tell_has_not(ref, q, [v for v in range(1, BLUE_MAX + 1) if cut_count(ref.table, v) < 4])
            return "idle"
        self.skips = 0
        d = decide(q)  # free cards it plays (a wire moved, a slot cut) change the table: the target is read after
        k, special = self.target(ref, q)
        # the others are left with only their own tripwires, or this move cuts my last wires while a tripwire
        # is left that nobody else could point at (a player with no wire takes no turn): point now
        if k is not None and (stuck or _last_helper(ref, q, d) or _worth(ref, q, special, d)):
            self.act(ref, k, special["p_success"])
            return "played"
        return super().turn(ref, q, lambda _p: d)

    def act(self, ref: Any, k: tuple, chance: float) -> None:
        """The special action on wire k."""
        t = ref.world[k]
        ref.taken.append((chance, _yellow(t)))
        if _yellow(t):
            ref.table = replace(with_cuts(ref.table, {k: cut_slot(ref.table, k, t)}), mistakes_left=ref.mistakes_left + 1)
            return
        if chance >= 1.0 - 1e-9:
            ref.sure_failures += 1
        if colour_of(t) == RED:
            ref.outcome = "exploded"
            return
        token = failure_token(ref.table.stand(k[0], k[1])[k[2]], t, ref.rules.shown_on(k[0], ref.table.captain))
        ref.table = replace(ref.table, players=set_slots(ref.table, {k: token}))
        advance(ref)


class Lethal(AllAtOnce):
    """48: the three yellow wires cut only all at once (by anyone with 4-5 players, else by a player
    holding one); a failure puts an info token on every wire pointed at and moves the detonator once; a
    red wire among them explodes the bomb."""

    def __init__(self, players: int, seed: str):
        super().__init__(48, _yellow, 3, "YELLOW", seed)
        self.anyone = players >= 4

    def setup(self, ref: Any) -> None:
        self.bind(ref)  # the usual starting tokens

    def rules(self, table: Any, q: int) -> dict:
        return {} if self.done else {"no_values": [{"value": "YELLOW", "why": _WHY[48]}]}

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        may = self.may(ref, q)
        if may and _only(ref, q, _yellow):  # nothing else to cut
            self.act(ref, q)
            return "played"
        d = decide(q)
        may = self.may(ref, q)  # free cards q played may have moved a yellow wire
        if may and _worth(ref, q, self.offer(ref, q), d):
            self.act(ref, q)
            return "played"
        return MissionPlay.turn(self, ref, q, lambda _p: d)

    def may(self, ref: Any, q: int) -> bool:
        """Whether q may take the action now (with 2-3 players, only a player holding a lethal wire)."""
        return not self.done and (self.anyone or any(_yellow(t) for k, t in ref.seen.items() if k[0] == q and _uncut(ref, k)))

    def offer(self, ref: Any, q: int) -> dict:
        """The action q would take, as a move the team policy scores (its joint chances, exactly)."""
        _own, picked, _chance = self.pointing(ref, q)
        view = ref.view(q)
        return _special(solve_state(view, reuse=True), view, picked)

    def pointing(self, ref: Any, q: int) -> tuple[list, list, float]:
        """(q's own yellow wires, the teammates' wires q points at, their chance read wire by wire)."""
        return pointed(ref, q, self.test, self.count)

    def act(self, ref: Any, q: int) -> None:
        """The special action: the three cut; else a red one explodes, or tokens and one detonator space."""
        own, picked, _chance = self.pointing(ref, q)
        chance = self.offer(ref, q)["p_success"]
        ok = all(_yellow(ref.world[k]) for k in picked)
        ref.taken.append((chance, ok))
        if ok:
            ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in own + picked})
            self.done = True
            return
        if chance >= 1.0 - 1e-9:
            ref.sure_failures += 1
        if any(colour_of(ref.world[k]) == RED for k in picked):
            ref.outcome = "exploded"
            return
        tokens = {k: failure_token(ref.table.stand(k[0], k[1])[k[2]], ref.world[k],
                                   ref.rules.shown_on(k[0], ref.table.captain)) for k in own + picked}
        ref.table = replace(ref.table, players=set_slots(ref.table, tokens))
        advance(ref)
