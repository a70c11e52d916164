"""What a mission's rules add to a ranked move beyond its chances, for the team's score to weigh: a cut that moves
the detonator whatever happens (56, 64), Nano's value (43, 53), the oxygen it spends (44, 49, 63), the chance the
number card put down for the turn is its value (29).

Why a module of its own: each is a rule of the table read off ``Rules`` (``constraint_cards.py``), not a chance the
solver counts; the ranking (``moves.py``) marks the moves, the team policy (``team.py``) prices the marks.
"""

from __future__ import annotations

from .constraint_cards import Rules

__all__ = ["mark_move"]


def mark_move(rules: Rules, mistakes_left: int | None, m: dict) -> None:
    """Add to move ``m`` what the rules say of it (``costs_mistake``, ``nano_value``, ``oxygen``, ``p_card``)."""
    _costly(rules, mistakes_left, m)
    if rules.nano_value is not None and m["kind"] != "x_or_y_ray" and m["value"] == rules.nano_value[0]:
        m["nano_value"] = rules.nano_value[1]  # 43, 53: a cut of Nano's value
    _oxygen(rules, m)
    if m.get("value") in rules.card_risk and m["kind"] not in ("x_or_y_ray", "reveal_red"):
        m["p_card"] = rules.card_risk[m["value"]][0]  # 29: its success moves the detonator if the card is it


def _oxygen(rules: Rules, m: dict) -> None:
    """44, 49, 63: what the move spends of the oxygen at hand (``oxygen``: [tokens, at hand]): of two sure cuts the
    team takes the dearer first (``team.py``)."""
    if rules.oxygen is None:
        return
    at_hand, costs = rules.oxygen
    named = m.get("values") or [m.get("value")]
    spent = max((costs.get(v, 0) for v in named), default=0)
    if spent:
        m["oxygen"] = [spent, at_hand]


def _costly(rules: Rules, mistakes_left: int | None, m: dict) -> None:
    """A dual cut on a wire the mission makes costly (56, 64: a teammate's turned-around wire) moves the
    detonator whatever happens: ``costs_mistake`` says why, and it ranks after every free move."""
    if m["kind"] not in ("dual_cut", "turned_cut") or not rules.costly:
        return
    why = next((rules.costly[k] for j in m["slots"] if (k := (m["player"], m["stand"], j)) in rules.costly), None)
    if why is None:
        return
    m["costs_mistake"] = why
    m["p_advance"] = 1.0 - m["p_explode"]
    if mistakes_left is not None and mistakes_left <= 0:
        m["p_explode"], m["p_advance"] = 1.0, 0.0
