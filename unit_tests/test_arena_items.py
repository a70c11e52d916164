"""The items and table cards in the arena (issue #41 point 3, continued from test_arena_cards.py): each
played as the card says by the policy, then the game's truth check; Labels only on wires of one stand and
read in full; mission 10's free turns with a card played."""

from __future__ import annotations

from dataclasses import replace

import pytest
from bombbusters.advice.table_edits import cut_slot, with_cuts
from bombbusters.arena.run import POLICIES
from bombbusters.arena.game import play_on
from bombbusters.arena.referee import Decision, Referee
from bombbusters.questions.analysis import solve_state
from bombbusters.table.notation import CUT
from bombbusters.table.wires import value_of
from arena_cards_kit import start_with, truth_holds


def _item_played(card: str, d: Decision, before: dict, ref: Referee, q: int) -> None:
    """What the card says of the move or table card ``d`` that q just played (``before``: the table just before)."""
    m = d.move
    assert card in ref.spent
    if card in ("3", "5", "10", "9.9"):
        assert m is not None and m["kind"] == {"3": "triple_detector", "5": "super_detector", "10": "x_or_y_ray",
                                               "9.9": "fast_pass"}[card]
    if card == "3":
        assert len(m["slots"]) == 3 and len({m["player"]} - {q}) == 1
    if card == "5":
        stand = ref.table.stand(m["player"], m["stand"])
        assert sorted(m["slots"]) == [j for j, sl in enumerate(stand) if before["uncut"].get((m["player"], m["stand"], j))]
    if card == "10":
        assert len(m["values"]) == 2 and len(m["slots"]) == 1
    if card == "9.9":
        cut = [k for k, t in ref.world.items() if k[0] == q and before["uncut"].get(k) and value_of(t) == m["value"]
               and ref.table.stand(*k[:2])[k[2]].state == CUT]
        assert len(cut) == 2
    if card == "6":
        assert ref.mistakes_left == min(ref.start_mistakes, before["mistakes"] + 1)
    if card == "7":
        assert len(before["dd_used"] - ref.dd_used) == min(2, len(before["dd_used"]))
    if card == "9":
        assert ref.outcome != "exploded" and ref.mistakes_left == before["mistakes"]  # a failure costs nothing


@pytest.mark.parametrize("card", ["3", "5", "10", "9.9", "6", "7", "9"])
def test_items_and_table_cards_are_played_as_the_card_says(card: str) -> None:
    """The four items (``rank``) and three table cards (``advice``) in games set up to want them: every
    Double Detector used (Emergency Batteries brings two back), one mistake made (Rewinder), one left
    (Stabilizer)."""
    policy = POLICIES["advice"] if card in ("6", "7", "9") else POLICIES["rank"]
    for k in range(12):
        ref = start_with(card, k)
        ref.dd_used.update(range(4) if card != "7" else (1, 2, 3))
        if card in ("6", "9"):
            ref.table = replace(ref.table, mistakes_left=ref.start_mistakes - 2)
        played: list = []
        plain = ref.play

        def play(q: int, d: Decision, ref=ref, plain=plain, played=played) -> None:
            uncut = {k: ref.table.stand(*k[:2])[k[2]].state != CUT for k in ref.world}
            before = {"mistakes": ref.mistakes_left, "dd_used": set(ref.dd_used), "uncut": uncut}
            if card in ("6", "7") and card in d.before:
                plain(q, Decision(None, d.before))
                _item_played(card, d, before, ref, q)
                played.append(d)
                return plain(q, replace(d, before=()))
            plain(q, d)
            if not played and (card in d.before or card in ref.spent):
                if card != "9" or (ref.taken and not ref.taken[-1][1]):  # the Stabilizer shows on a failure
                    _item_played(card, d, before, ref, q)
                    played.append(d)

        ref.play = play  # type: ignore[method-assign]
        r = play_on(ref, policy, ref.table.captain)
        assert r.truth_impossible == 0 and r.sure_failures == 0
        if played:
            return
    raise AssertionError(f"card {card} never played in 12 games")


def test_no_label_on_two_wires_dealt_to_different_stands():
    """Mission 5, 5 players, seed 1, game 9: a swap put a teammate's wire beside one of the actor's, and the
    card rule once put a Label ≠ on them, which the engine cannot follow (a RuleError stopped the campaign)."""
    from bombbusters.arena.run import play_one

    results = play_one((5, 5, ("rank", "advice"), 1, 9))
    assert all(r.truth_impossible == 0 and r.sure_failures == 0 for r in results)


def test_mission_10_a_card_played_while_the_team_chooses_who_snips_does_not_leave_a_stale_move() -> None:
    """Mission 10, 4 players, seed 1, game 18 (the campaign's): while each player decided whether to say
    "Snip!", a later one played a free card and changed the table; the move chosen had been decided on the
    table before it and, called sure there, failed (1 sure failure with the old turn; 0 now)."""
    from bombbusters.arena.run import play_one

    (r,) = play_one((10, 4, ("rank",), 1, 18))
    assert r.sure_failures == 0 and r.truth_impossible == 0


def test_a_label_that_fits_no_pair_is_read_every_pair_is_of_the_other_kind() -> None:
    """The rule plays a Label on the first pair it fits; one that fits none is passed over, which the team
    reads: each pair it may take is of the other kind (a Label = passed over: they all differ)."""
    from bombbusters.advice.free_cards import free_card_play

    for k in range(60):
        ref = start_with("12", k)
        q = ref.table.captain
        mine = [ref.world[(q, 0, j)] for j in range(len(ref.table.stand(q, 0)))]
        runs = [j for j in range(len(mine)) if (j and mine[j - 1] == mine[j]) or (j + 1 < len(mine) and mine[j + 1] == mine[j])]
        ref.table = with_cuts(ref.table, {(q, 0, j): cut_slot(ref.table, (q, 0, j), mine[j]) for j in runs})  # as if cut
        ref.dd_used.update(range(4))
        view = ref.view(q)
        d = POLICIES["rank"](view, solve_state(view))
        if d.move is None or d.move.get("guaranteed"):
            continue
        uses, passed = free_card_play(view, d.move)
        assert not any(u.card == "12" for u in uses)
        assert passed and all(f.kind == "different" and f.player == q for f in passed)
        assert d.told == passed or (uses and set(passed) <= set(uses[0].told))
        ref.play(q, d)
        assert set(passed) <= set(ref.table.facts)
        truth_holds(ref)
        return
    raise AssertionError("no deal of 60 where the captain's Label = fits no pair")
