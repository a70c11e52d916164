"""One arena game's deal: the mission's wires with their drawn yellow and red numbers, dealt
clockwise from the captain (with X tokens, each stand's last wire at its far right, unsorted), and the
equipment cards drawn face up.

Why game k comes from (seed, k) alone: two policies are then compared on the very same deals
(paired), and spreading games over processes changes no result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..missions.preset import MISSIONS, NANO_WIRES, Mission, get_mission
from ..table.errors import StateError
from ..table.notation import Slot
from ..table.facts import Fact
from ..table.players import Player, stands_held
from .plays import PLAYS
from ..table.state import GameState
from ..missions.preset import colour_max
from ..table.wires import BLUE, BLUE_MAX, RED, YELLOW, WireSetup, blue, colour_of, red, yellow

__all__ = ["Deal", "PLAYABLE", "deal_game", "playable", "refusal"]

World = dict  # (player, stand, slot) -> wire type

#: missions whose card carries a rule the arena does not play (timer, talk, number cards, …): why
_CARD_RULES = {
    54: "its oxygen (each player's own, one more a value validated) and the red wires that enter the game later",
    66: "a bunker board of constraint cards whose rules are not known in full",
}


def refusal(m: Mission) -> str | None:
    """Why the arena cannot play mission m by its rules (None: it can)."""
    if m.number in _CARD_RULES:
        return _CARD_RULES[m.number]
    played = m.number in PLAYS  # its number cards or special rules are played (plays.py)
    checks = [
        (m.hidden_red_value and not played, "a hidden red value (number card)"), (m.nano and not played, "Nano's wires"),
        (m.number_cards and not played, "number cards"), (m.constraints and not played, "constraint cards"),
        (m.special and not played, "special cutting rules"), (m.yellow_dealt and not played, "yellow wires dealt apart"),
        ((m.open_red_deal or m.random_info_token) and not played, "red wires dealt openly and random info tokens"),
        (m.false_tokens and not m.false_by, "false info tokens"), (m.absent_tokens and not played, "absent-value tokens"),
    ]
    return next((why for flag, why in checks if flag), None)


def _playable() -> tuple[int, ...]:
    return tuple(n for n, m in sorted(MISSIONS.items()) if refusal(m) is None)


#: the missions the arena plays
PLAYABLE = _playable()


def playable(number: int, players: int) -> Mission:
    """Mission ``number`` as dealt to ``players``, or a StateError naming why the arena cannot play it."""
    m = get_mission(number)
    why = refusal(m)
    if why is not None:
        raise StateError(f"the arena cannot play mission {number} ({m.name}): {why}; it plays missions "
                         f"{', '.join(map(str, PLAYABLE))}", field="mission")
    if players not in m.allowed:
        raise StateError(f"mission {number} is played by {', '.join(map(str, m.allowed))} players, not {players}",
                         field="players")
    return m.for_players(players)


@dataclass(frozen=True)
class Deal:
    """What the arena alone knows (``world``) and the table every player sees at the start."""

    table: GameState  # every wire hidden, no token yet
    world: World
    cards: tuple[str, ...]  # equipment face up, in the order drawn
    numbers: tuple[int, ...] = ()  # the 12 number cards, shuffled (the missions that use them take them in order)
    seed: str = ""  # what the game's later draws (a number deck shuffled again) are seeded with
    reserve: tuple[str, ...] = ()  # the rest of the pile, face down, in order (False Bottom draws from it)


def _colour(rng: random.Random, m: Mission, colour: str) -> tuple[list[int], dict | list | None]:
    """(the numbers in play, the engine's spec of the colour) for one colour's draw."""
    count, of, known = m._specs()[colour]
    fixed = m.fixed(colour)
    if fixed:
        return list(fixed), sorted(fixed)
    if count + known == 0:
        return [], None
    drawn = rng.sample(range(1, colour_max(m.blue) + 1), known + (of or count))
    known_nums, cands = sorted(drawn[:known]), sorted(drawn[known:])
    if of is None:
        return known_nums + cands, sorted(known_nums + cands)
    kept = rng.sample(cands, count)
    spec: dict = {"of": cands, "keep": count}
    if known:
        spec["known"] = known_nums
    return known_nums + kept, spec


def deal_game(m: Mission, players: int, seed: int, k: int) -> Deal:
    """Game k of a seeded series: the wires drawn and dealt, the equipment drawn face up."""
    rng = random.Random(f"arena:{seed}:{k}")
    ys, yspec = _colour(rng, m, YELLOW)
    rs, rspec = _colour(rng, m, RED)
    lo, hi = m.blue
    wires = [blue(n) for n in range(lo, hi + 1) for _ in range(4)] + [yellow(n) for n in ys] + [red(n) for n in rs]
    rng.shuffle(wires)
    nano = NANO_WIRES[players] if m.nano else 0
    wires = wires[nano:]  # 43: dealt face down to Nano first (its pile: the wires no stand holds)
    doc_wires: dict = {"blue": [lo, hi]}
    if yspec:
        doc_wires[YELLOW] = yspec
    if rspec:
        doc_wires[RED] = rspec
    captain = 0
    keys = [(p, s) for p in range(players) for s in range(stands_held(players, p, captain))]
    hands: dict = {key: [] for key in keys}
    xs = _blue_x(rng, wires, keys) if m.x_blue else {}
    reds, facts = _reds_first(rng, wires, keys, players) if m.open_red_deal else ({}, ())
    if m.yellow_dealt:  # 41, 48: the yellow wires dealt first, sorted in with the rest like 13's reds
        reds, facts = _yellows_first(rng, wires, keys, players, m.yellow_dealt)
    for i, t in enumerate(wires):  # one wire at a time, clockwise from the captain's stand(s)
        hands[keys[i % len(keys)]].append(t)
    for key, t in xs.items():  # 35: the blue X wire dealt first goes to the far right
        hands[key].append(t)
    for key, ts in reds.items():  # 13: the red wires dealt first (41, 48: the yellow ones), sorted in with the rest
        hands[key].extend(ts)
    world, slots = _lay_out(m, keys, hands, rng, captain)
    stands = {p: tuple(slots[(q, s)] for q, s in keys if q == p) for p in range(players)}
    table = GameState(tuple(Player(f"P{p + 1}", tuple(stands[p])) for p in range(players)), None, captain,
                      WireSetup.from_json(doc_wires), facts, players - 1, {"nano": nano} if nano else {})
    pile = list(m.equipment)
    rng.shuffle(pile)
    numbers = list(range(1, BLUE_MAX + 1))
    rng.shuffle(numbers)  # drawn after the rest, so the deals of the other missions stay as they were
    return Deal(table, world, tuple(pile[:players]), tuple(numbers), f"arena:{seed}:{k}", tuple(pile[players:]))


def _dealt_first(rng: random.Random, wires: list, keys: list, colour: str, takers: list[int],
                 alternate: bool) -> tuple[dict, list[int]]:
    """The wires of ``colour`` taken out of ``wires`` and dealt first, one to each of ``takers`` in turn: a
    taker with two stands puts theirs on a random one, but with ``alternate`` (2 players) the captain fills
    their two stands in turn.  Returns (stand -> its wires, how many each player got)."""
    first = [t for t in wires if colour_of(t) == colour]
    for t in first:
        wires.remove(t)
    got: dict = {}
    counts = [0] * (max(q for q, _s in keys) + 1)
    for i, t in enumerate(first):
        p = takers[i % len(takers)]
        stands = [s for q, s in keys if q == p]
        s = counts[p] % len(stands) if alternate and p == 0 else stands[rng.randrange(len(stands))]
        got.setdefault((p, s), []).append(t)
        counts[p] += 1
    return got, counts


def _reds_first(rng: random.Random, wires: list, keys: list, players: int) -> tuple[dict, tuple]:
    """13: the red wires dealt first, one to each player from the captain, clockwise (2 players: the
    captain's two on their two stands; a player's one red on a random stand of theirs when they hold
    two), taken out of ``wires``.  Everyone sees which stand each goes to (the stands' lengths would tell
    it anyway), so every stand gets its ``red_count`` fact."""
    got, _counts = _dealt_first(rng, wires, keys, RED, list(range(players)), players == 2)
    return got, tuple(Fact("red_count", p, s, count=len(got.get((p, s), []))) for p, s in keys)


def _yellows_first(rng: random.Random, wires: list, keys: list, players: int, scheme: str) -> tuple[dict, tuple]:
    """41, 48: the yellow wires taken out of ``wires`` and dealt first: "one_each" (41: one per player, none
    to the captain with 5), "captain_first" (48: one per player from the captain; 2 players: the captain's
    two, one on each stand).  A player with two stands puts theirs on a random one; the table knows how
    many each player (48's captain with 2 players: each stand) got."""
    takers = list(range(1, players)) if scheme == "one_each" and players == 5 else list(range(players))
    pair = scheme == "captain_first" and players == 2
    got, counts = _dealt_first(rng, wires, keys, YELLOW, takers, pair)
    if pair:
        facts = tuple(Fact("yellow_count", 0, s, count=len(got.get((0, s), []))) for q, s in keys if q == 0)
        return got, facts + (Fact("yellow_count", 1, None, count=counts[1]),)
    return got, tuple(Fact("yellow_count", p, None, count=counts[p]) for p in range(players))


def _blue_x(rng: random.Random, wires: list, keys: list) -> dict:
    """Mission 35: one blue wire dealt face down to each stand before the others (taken out of ``wires``)."""
    xs = {}
    for key in keys:
        blues = [i for i, t in enumerate(wires) if colour_of(t) == BLUE]
        xs[key] = wires.pop(blues[rng.randrange(len(blues))])
    return xs


def _lay_out(m: Mission, keys: list, hands: dict, rng: random.Random, captain: int) -> tuple[World, dict]:
    """Each stand's wires in their slots, and its slots as the table shows them: sorted; with X tokens the
    last wire dealt at the far right, unsorted (20); wires turned around unseen, each a random one of the
    stand's (38: the captain's far right; 56: every player's; 64: also the far left of their first stand,
    the lower of the two at the left — with two stands, the FAQ: one from each, the lower far left of the
    first, the higher far right of the second)."""
    world: World = {}
    slots: dict = {}
    last_stand = {p: s for p, s in keys}
    for (p, s), ts in hands.items():
        rest, left, right = list(ts), [], []
        if m.x_tokens:
            right = [rest.pop()]
        if s == last_stand[p] and (m.turned in ("each", "ends") or (m.turned == "captain" and p == captain)):
            right = [rest.pop(rng.randrange(len(rest)))]
        if m.turned == "ends" and s == 0:
            left = [rest.pop(rng.randrange(len(rest)))]
        for j, t in enumerate(left + sorted(rest) + right):
            world[(p, s, j)] = t
        end = Slot(unsorted=True, colour=BLUE if m.x_blue else None) if m.x_tokens else Slot(turned=True)
        slots[(p, s)] = (Slot(turned=True),) * len(left) + (Slot(),) * len(rest) + (end,) * len(right)
    if m.turned == "ends":  # the lower of a player's two far left, the higher far right
        for p, s in last_stand.items():
            a, b = (p, 0, 0), (p, s, len(hands[(p, s)]) - 1)
            if world[a] > world[b]:
                world[a], world[b] = world[b], world[a]
    return world, slots
