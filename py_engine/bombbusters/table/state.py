"""The game state document: players, stands, wires in play, and facts.

The same JSON object serves the web page, the share URL and the CLI, so
``GameState.from_json`` is the one place that checks it and names the field
at fault; the solver only ever sees a state that passed these checks.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import BombBustersError, NotationError, RuleError, StateError
from .facts import COUNT_KINDS, Fact, parse_fact
from .notation import CUT, Slot, format_stand, observed, parse_stand, slot_letter
from .players import Player, stand_name, stands_held
from .transfers import Dealt, Move, parse_moves, replay
from .wires import (
    WireSetup,
    colour_of,
    label,
)

__all__ = ["GameState", "check_rules", "slot_name", "fact_wires", "pin_facts", "nano_dealt"]

@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...]
    me: int | None
    captain: int = 0
    wires: WireSetup = WireSetup()
    facts: tuple[Fact, ...] = ()
    mistakes_left: int | None = None
    extra: dict = field(default_factory=dict, compare=False)
    moves: tuple[Move, ...] = ()  # wires that changed stands, in the order they moved (transfers.py)

    # ---- convenience -------------------------------------------------------
    def stand_keys(self) -> list[tuple[int, int]]:
        return [(p, s) for p, pl in enumerate(self.players) for s in range(len(pl.stands))]

    def stand(self, player: int, stand: int) -> tuple[Slot, ...]:
        return self.players[player].stands[stand]

    def public(self) -> "GameState":
        """The table as every teammate sees it: nobody's hidden wires."""
        players = tuple(
            Player(p.name, tuple(tuple(observed(s) for s in st) for st in p.stands)) for p in self.players
        )
        return GameState(players, None, self.captain, self.wires, self.facts, self.mistakes_left, dict(self.extra),
                         self.moves)

    def dealt(self) -> Dealt:
        """The deal behind the table (dealt sizes, where each wire came from, order relations); cached."""
        cached = self.__dict__.get("_dealt")
        if cached is None:
            sizes = {k: len(self.stand(*k)) for k in self.stand_keys()}
            xs = {(p, s, j) for p, s in self.stand_keys() for j, sl in enumerate(self.stand(p, s)) if sl.unsorted or sl.turned}
            cached = replay(self.moves, sizes, [pl.name for pl in self.players], xs, nano_dealt(self))
            object.__setattr__(self, "_dealt", cached)
        return cached

    # ---- JSON --------------------------------------------------------------
    def to_json(self) -> dict:
        doc: dict[str, Any] = {
            "players": [
                {"name": p.name, "stands": [format_stand(st) for st in p.stands]} for p in self.players
            ],
            "me": self.me,
            "captain": self.captain,
            "wires": self.wires.to_json(),
            "facts": [f.to_json() for f in self.facts],
        }
        if self.mistakes_left is not None:
            doc["mistakes_left"] = self.mistakes_left
        if self.moves:
            doc["moves"] = [m.to_json() for m in self.moves]
        doc.update(self.extra)
        return doc

    @staticmethod
    def from_json(doc: Any) -> "GameState":
        if not isinstance(doc, dict):
            raise StateError(f"the state must be a JSON object with 'players', got {type(doc).__name__}")
        players_doc = doc.get("players")
        if not isinstance(players_doc, list) or not 2 <= len(players_doc) <= 5:
            raise StateError("'players' must be a list of 2 to 5 players", field="players")
        n = len(players_doc)
        captain = _index(doc.get("captain", 0), n, "captain")
        me_doc = doc.get("me")
        me = None if me_doc is None else _index(me_doc, n, "me")
        players = []
        for p, pdoc in enumerate(players_doc):
            if not isinstance(pdoc, dict):
                raise StateError(f"players[{p}] must be an object with 'name' and 'stands'", player=p)
            name = pdoc.get("name", f"Player {p + 1}")
            if not isinstance(name, str):
                raise StateError(f"players[{p}].name must be text, got {name!r}", player=p)
            name = name.strip() or f"Player {p + 1}"
            stands_doc = pdoc.get("stands")
            if isinstance(stands_doc, str):
                stands_doc = [stands_doc]
            want = stands_held(n, p, captain)
            if not isinstance(stands_doc, list) or len(stands_doc) != want:
                raise RuleError(
                    f"{name} must have {want} stand{'s' if want > 1 else ''} with {n} players"
                    + (" (the captain holds two)" if n == 3 else ""),
                    player=p,
                )
            stands = []
            for s, text in enumerate(stands_doc):
                try:
                    stands.append(parse_stand(text))
                except NotationError as exc:
                    raise NotationError(
                        f"{stand_name(name, s, want)}: {exc}", player=p, stand=s, **_slot_loc(exc)
                    ) from None
            players.append(Player(name, tuple(stands)))
        wires = WireSetup.from_json(doc.get("wires"))
        mistakes = doc.get("mistakes_left")
        if mistakes is not None and (isinstance(mistakes, bool) or not isinstance(mistakes, int) or mistakes < 0):
            raise StateError(f"mistakes_left must be a whole number ≥ 0, got {mistakes!r}", field="mistakes_left")
        facts_doc = doc.get("facts", [])
        if not isinstance(facts_doc, list):
            raise StateError("'facts' must be a list", field="facts")
        known_keys = {"players", "me", "captain", "wires", "facts", "mistakes_left", "moves"}
        extra = {k: v for k, v in doc.items() if k not in known_keys}
        moves = parse_moves(doc.get("moves"), n)
        state = GameState(tuple(players), me, captain, wires, (), mistakes, extra, moves)
        state.dealt()  # names a move that points at a slot that was not there
        facts = tuple(parse_fact(state.players, i, f) for i, f in enumerate(facts_doc))
        state = GameState(tuple(players), me, captain, wires, facts, mistakes, extra, moves)
        check_rules(state)
        return state


def check_rules(state: GameState) -> None:
    """Raise a :class:`RuleError` naming the first entry the rules forbid."""
    pool = state.wires.copies()
    for p, pl in enumerate(state.players):
        for s, st in enumerate(pl.stands):
            where = stand_name(pl.name, s, len(pl.stands))
            for j, slot in enumerate(st):
                if slot.wire is not None and slot.wire not in pool:
                    raise RuleError(
                        f"{where}, slot {slot_letter(j)}: wire {label(slot.wire)} is not in play in this setup",
                        player=p, stand=s, slot=j,
                    )
                if slot.colour is not None and slot.wire is None and not any(
                    colour_of(t) == slot.colour for t in pool
                ):
                    raise RuleError(
                        f"{where}, slot {slot_letter(j)}: there are no {slot.colour} wires in this setup",
                        player=p, stand=s, slot=j,
                    )
                if slot.not_value is not None and not (
                    state.wires.blue_range[0] <= slot.not_value <= state.wires.blue_range[1]
                ):
                    pass  # a false token naming an absent value says nothing; allowed
                if p == state.me and slot.wire is None and not slot.turned:
                    raise RuleError(
                        f"{where}, slot {slot_letter(j)}: this is your own stand, so enter the wire "
                        f"(e.g. '?7' for an uncut 7), not {str(slot)!r}",
                        player=p, stand=s, slot=j,
                    )
    _check_sizes(state)
    for (p, s, j), (p0, s0, _i0) in state.dealt().origin.items():  # the wires that moved
        slot = state.stand(p, s)[j]
        if (p0, s0) != (p, s) and slot.turned:
            raise RuleError(f"{slot_name(state, p, s, j)}: a turned-around wire (T) stays on its stand; it cannot be "
                            "given or taken", player=p, stand=s, slot=j)
        if p0 == state.me and p != state.me and slot.wire is None:
            raise RuleError(
                f"{slot_name(state, p, s, j)} holds a wire you gave away: enter its value (e.g. '?7'), "
                "you saw it", player=p, stand=s, slot=j,
            )
    shown = Counter(slot.wire for pl in state.players for st in pl.stands for slot in st if slot.wire is not None)
    for t, k in shown.items():
        if k > pool.get(t, 0):
            places: list[dict[str, Any]] = [
                {"kind": "slot", "player": p, "stand": s, "slot": j,
                 "text": f"{stand_name(pl.name, s, len(pl.stands))} slot {slot_letter(j)}"}
                for p, pl in enumerate(state.players)
                for s, st in enumerate(pl.stands)
                for j, slot in enumerate(st)
                if slot.wire == t
            ]
            raise RuleError(
                f"only {pool[t]} wire{'s' if pool[t] > 1 else ''} {label(t)} exist, but {k} are entered: "
                + ", ".join(x["text"] for x in places), entries=places
            )

def _even(sizes: list[int], total: int) -> bool:
    """Do ``sizes`` share ``total`` wires as evenly as a deal one at a time does?"""
    q, r = divmod(total, len(sizes))
    return q > 0 and sorted(sizes, reverse=True) == sorted([q + 1] * r + [q] * (len(sizes) - r), reverse=True)


def _dealt_first_splits(state: GameState) -> list[Counter]:
    """The wires the table's red_count / yellow_count facts say were dealt before the rest (13's reds, 41 and
    48's yellows), per stand: one split per way a two-stand player's count (no stand named) may sit."""
    fixed: Counter = Counter()
    free: dict[int, int] = {}
    for f in state.facts:
        if f.kind not in COUNT_KINDS or not f.count:
            continue
        if f.stand is not None or len(state.players[f.player].stands) == 1:
            fixed[(f.player, f.stand or 0)] += f.count
        else:
            free[f.player] = free.get(f.player, 0) + f.count
    splits: list[Counter] = [fixed]
    for p, n in free.items():
        splits = [s + Counter({(p, 0): k, (p, 1): n - k}) for s in splits for k in range(n + 1)]
    return splits


def _check_sizes(state: GameState) -> None:
    """The stands as dealt hold the wires in play, shared as evenly as the deal shares them, once the wires dealt
    first (counted by red_count / yellow_count facts: 13, 41, 48) are set apart."""
    deal = state.dealt()
    dealt = {k: n - deal.from_nano.get(k, 0) for k, n in deal.sizes.items()}
    sizes = [dealt[k] for k in state.stand_keys()]
    total = state.wires.total_in_play - nano_dealt(state)
    q, r = divmod(total, len(sizes))
    first_ok = any(_even([dealt[k] - split[k] for k in state.stand_keys()], total - sum(split.values()))
                   for split in _dealt_first_splits(state) if split)
    if not (_even(sizes, total) or first_ok):
        detail = ", ".join(
            f"{stand_name(pl.name, s, len(pl.stands))}: {dealt[(p, s)]}"
            for p, pl in enumerate(state.players)
            for s in range(len(pl.stands))
        )
        want = f"{q + 1} or {q}" if r else f"{q}"
        moved = " (before the moved wires)" if state.moves else ""
        nano = f" ({nano_dealt(state)} were dealt to Nano)" if nano_dealt(state) else ""
        raise RuleError(
            f"{total} wires dealt{nano} over {len(sizes)} stands give {want} wires per stand "
            f"({r} stand{'s' if r != 1 else ''} with {q + 1}); entered{moved}: {detail}"
        )


def nano_dealt(state: GameState) -> int:
    """Wires dealt face down to Nano (mission 43: the state's ``nano``, 0 without it), checked."""
    n = state.extra.get("nano", 0)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 12:
        raise StateError(f"'nano' must be the number of wires dealt to Nano (0-12), got {n!r}", field="nano")
    return n


def fact_wires(state: GameState, fact: Fact) -> tuple[tuple[int, int, int], ...]:
    """The wires a has / has-not fact speaks of: its own list, else the player's uncut wires now (on its
    stand, if it names one) but their turned-around ones, which they cannot see."""
    if fact.wires is not None:
        return fact.wires
    stands = [fact.stand] if fact.stand is not None else range(len(state.players[fact.player].stands))
    return tuple((fact.player, s, j) for s in stands for j, sl in enumerate(state.stand(fact.player, s))
                 if sl.state != CUT and not sl.turned)


def pin_facts(state: GameState, players: set[int]) -> tuple[Fact, ...]:
    """The facts, with has / has-not of these players pinned to the wires they speak of now (as the
    table app records them), so they keep saying what they said once those wires change: cut, or
    left blank by a "why"."""
    return tuple(replace(f, wires=fact_wires(state, f)) if f.kind in ("has", "has_not") and f.wires is None
                 and f.player in players else f for f in state.facts)


def slot_name(state: GameState, player: int, stand: int, slot: int) -> str:
    pl = state.players[player]
    return f"{stand_name(pl.name, stand, len(pl.stands))} slot {slot_letter(slot)}"


def _slot_loc(exc: BombBustersError) -> dict:
    return {"slot": exc.location.get("slot")} if "slot" in exc.location else {}


def _index(v: Any, n: int, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise StateError(f"'{name}' must be a player index 0-{n - 1}, got {v!r}", field=name)
    return v
