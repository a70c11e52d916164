"""The team policy: which move a strong team makes, scored by what it does to the chance to win.

Why a score and not the ranking's order: the ranking sorts by the chance of success, so a
one-shot Double Detector at the same chance as a plain cut comes first, and a 1 % red risk weighs
no more than a 1 % chance to move the detonator.  Here each move is worth what it leaves the team:

    score = P(success) + P(detonator moves) x (1 - cost of a mistake) - cost of the item it spends

A red wire ends the game (worth 0); a success is worth 1; a failure that moves the detonator
costs what losing that mistake costs (all of it with none left, less the more remain).  An item
is spent only where its move beats every plain cut by more than the item is worth kept — never
where a plain cut is as good.  Table cards: the Rewinder as soon as the detonator has moved, the
Emergency Batteries once a Double Detector is used, the Stabilizer on a cut whose risk is high.
Nano's value (43: a cut of it takes one of Nano's wires, which must all be cut too; 53, Nano in place
of the detonator: a success moves it on a space, a failure two, a success on the value of its space back
one): a cut of Nano's value is worth ``NANO_VALUE`` more when it succeeds.  Oxygen (44, 49, 63): of two sure
cuts, the one spending more of the tokens at hand goes first.  29: a cut's success costs a mistake with the chance
that the number card put down for the turn is its value (``p_card``).

The costs were tuned in the arena (``docs/arena.md``); every player uses the same policy, from
their own view only (the table and their own wires).
"""

from __future__ import annotations

from ..table.errors import StateError
from ..table.state import GameState

__all__ = ["shown_order", "MISTAKE_COST", "ITEM_COST", "NANO_VALUE", "STABILIZE_AT", "move_score", "takeable", "team_order", "team_choice"]

#: what losing one more mistake costs the team, by mistakes left before it (none left: the bomb)
MISTAKE_COST = (1.0, 0.45, 0.25, 0.15, 0.1)
#: what keeping each item is worth (a one-shot tool spent now is not there for a worse turn)
ITEM_COST = {"double_detector": 0.02, "triple_detector": 0.02, "super_detector": 0.025, "x_or_y_ray": 0.0125,
             "fast_pass": 0.0075}
#: the table cards the policy plays: Rewinder, Emergency Batteries, Stabilizer
TABLE_CARD_IDS = ("6", "7", "9")
#: what a successful cut of Nano's value is worth beyond any other success (53: it saves Nano two spaces, a
#: failure's worth, and every success but these moves Nano on; 43: it brings one of Nano's wires to a stand,
#: and the bomb is lost if any are left when the stands are empty).  In the arena (4 players, 20 games each,
#: seed 1): 0 won without it, 4 at a failure's cost (0.1-0.45), 8 at 0.3, 0.6 and 1.0, 9 at 2.0
NANO_VALUE = 0.5
#: the Stabilizer goes on a cut whose risk (red, or the detonator's cost) is at least this
STABILIZE_AT = 0.15


def _mistake_cost(mistakes_left: int | None) -> float:
    ml = 1 if mistakes_left is None else mistakes_left
    return MISTAKE_COST[min(ml, len(MISTAKE_COST) - 1)]


def _risk(m: dict, mistakes_left: int | None) -> float:
    """What the move may lose: a red wire (everything) or a mistake (its cost)."""
    return m["p_red"] + m["p_advance"] * _mistake_cost(mistakes_left)


def takeable(m: dict) -> bool:
    """Whether a player may take this move: allowed, and a solo cut only when sure to be legal (a player
    cannot try one and see) — in mission 11 a legal one may still be of the hidden red value: a risk taken
    like a dual cut's (a player whose only moves are such cuts must take one: a turn is not passed)."""
    return not m.get("forbidden") and not (m["kind"] == "solo_cut" and not _sure_legal(m))


def _sure_legal(m: dict) -> bool:
    """A solo cut sure to be legal: no copy of its value elsewhere (``p_legal``; a sure cut is legal)."""
    return bool(m["guaranteed"]) or m.get("p_legal", 0.0) >= 1.0 - 1e-12


def move_score(m: dict, mistakes_left: int | None, free: frozenset = frozenset()) -> float:
    """The move's worth to the team (see the module's docstring); a solo cut not sure to be legal: 0 (one sure
    to be legal but maybe of 11's hidden red value: its chance, as any cut's).
    ``free``: items a use does not spend (mission 58's Double Detectors), which cost nothing."""
    if m["kind"] == "solo_cut" and not _sure_legal(m):
        return 0.0
    keep = 1.0 - _mistake_cost(mistakes_left)
    costly = "costs_mistake" in m  # missions 56, 64: the detonator moves whatever happens
    failed = m["p_advance"] - (m["p_success"] if costly else 0.0)  # a costly move's p_advance counts its success too
    score = m["p_success"] + max(0.0, failed) * keep
    if costly:  # and its success costs a mistake: never above a free sure cut
        score *= keep
    if "p_card" in m:  # 29: a success of the value on the card put down for my turn moves the detonator too
        score -= m["p_success"] * m["p_card"] * _mistake_cost(mistakes_left)
    if "nano_value" in m:  # 43: a cut of Nano's value takes one of its wires; 53: it takes Nano back a space
        score += m["p_success"] * NANO_VALUE
    return score - (0.0 if m["kind"] in free else ITEM_COST.get(m["kind"], 0.0))


def team_order(moves: list[dict], state: GameState) -> list[dict]:
    """The allowed moves, best first by the team's score (``score`` added to each); the ranking's
    order breaks ties, so equal moves stay as the ranking lists them.  Under constraint card L a failure moves the
    detonator two spaces: the mistakes left count in failures, as the ranking's risks do."""
    ml = state.mistakes_left
    if ml is not None and "L" in state.extra.get("constraints", []):
        ml = max(0, ml - 1)
    free = frozenset(["double_detector"]) if state.extra.get("double_detector") == "unlimited" else frozenset()
    scored = [dict(m, score=round(move_score(m, ml, free), 12)) for m in moves if not m.get("forbidden")]
    return [m for _i, m in sorted(enumerate(scored), key=lambda im: (-im[1]["score"], _spent(im[1]), im[0]))]


def _spent(m: dict) -> int:
    """What orders equally sure cuts in 44, 49 and 63: the dearer in oxygen first (its tokens at hand now go back
    to the reserve at the captain's turn, pass to a teammate, or pay for a later turn's cheaper cut; in the arena,
    100 deals of seed 9 at 3, 4 and 5 players each: docs/arena.md)."""
    return -m["oxygen"][0] if m["guaranteed"] and "oxygen" in m else 0


_DETECTORS = ("double_detector", "triple_detector", "super_detector")


def shown_order(order: list[dict], move: dict | None = None) -> list[dict]:
    """The team's order as *My best cuts* shows it (and the lookahead points into): a sure detector on wires one of
    which a sure dual cut of the same value takes, or a sure X-or-Y Ray on a wire a sure dual cut of one of its values
    takes, is left out — the same cut at the price of the item, which the team never plays (``move``, the team's
    pick, always stays)."""
    sure = {(m["player"], m["stand"], m["slots"][0], m["value"]) for m in order if m["kind"] == "dual_cut" and m["guaranteed"]}

    def dominated(m: dict) -> bool:
        if m is move or not m["guaranteed"] or m["kind"] not in _DETECTORS + ("x_or_y_ray",):
            return False
        values = m.get("values", []) if m["kind"] == "x_or_y_ray" else [m["value"]]
        return any((m["player"], m["stand"], j, v) in sure for j in m["slots"] for v in values)

    return [m for m in order if not dominated(m)]


def _table_cards(state: GameState) -> tuple[list[str], int | None]:
    """The state's ``cards`` (table cards usable now) and ``start_mistakes``, checked."""
    cards = state.extra.get("cards", [])
    if not isinstance(cards, list) or not all(c in TABLE_CARD_IDS for c in cards):
        raise StateError(f"'cards' must list the table cards usable now ({', '.join(TABLE_CARD_IDS)}), got {cards!r}",
                         field="cards")
    start = state.extra.get("start_mistakes")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or start < 0):
        raise StateError(f"'start_mistakes' must be a whole number ≥ 0, got {start!r}", field="start_mistakes")
    used = state.extra.get("used_detectors", [])
    if not isinstance(used, list) or not all(isinstance(p, int) and not isinstance(p, bool) for p in used):
        raise StateError(f"'used_detectors' must list players, got {used!r}", field="used_detectors")
    return cards, start


def team_choice(state: GameState, moves: list[dict]) -> tuple[list[dict], dict | None, list[str]]:
    """(the allowed moves in the team's order, the move the team makes, the table cards to play first
    by id) on ``state`` (my view; its ``cards``: the Rewinder "6", Emergency Batteries "7", Stabilizer "9"
    usable now)."""
    order = team_order(moves, state)
    move = next((m for m in order if takeable(m)), None)
    cards, start = _table_cards(state)
    before = []
    if "6" in cards and start is not None and state.mistakes_left is not None and state.mistakes_left < start:
        before.append("6")
    if "7" in cards and state.extra.get("used_detectors"):
        before.append("7")
    if move is not None and "9" in cards and not move["guaranteed"] and _risk(move, state.mistakes_left) >= STABILIZE_AT:
        before.append("9")
    return order, move, before
