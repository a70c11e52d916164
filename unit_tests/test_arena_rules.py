"""The mission's table rules in the arena (``arena/table_rules.py``): the fragile captain (14, 28),
failures with no token and Double Detectors never spent (58), rules played without (25, 42) — each
applied by the referee, told to the players' views as the page tells the advice, and played in whole
games with the truth check."""

from __future__ import annotations

from dataclasses import replace

import pytest
from bombbusters.advice.table_edits import cut_slot, set_slots, shown_on, with_cuts
from bombbusters.advice.constraint_cards import move_reason, my_rules
from bombbusters.advice.moves import rank_moves
from bombbusters.advice.team import MISTAKE_COST, team_order
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena import greedy
from bombbusters.arena.game import play_on, rules_of, start_game
from bombbusters.arena.referee import Decision, Referee
from bombbusters.advice.indication import indicate_json
from bombbusters.arena.tokens import false_tokens, place_false_tokens
from bombbusters.arena.run import arena
from bombbusters.arena.win import Equipment, playout_referee
from bombbusters.questions.analysis import solve_state
from bombbusters.questions.sampler import sample_deals
from bombbusters.table.facts import Fact
from bombbusters.table.notation import CUT, INFO
from bombbusters.table.errors import StateError
from bombbusters.table.wires import colour_of, value_of


def _failing_cut(ref: Referee, q: int) -> dict:
    """A dual cut by q on a teammate's uncut blue wire naming a value q holds and that wire is not."""
    mine = {value_of(t) for k, t in ref.world.items() if k[0] == q and colour_of(t) == "blue"}
    for (p, s, j), t in sorted(ref.world.items()):
        if p != q and colour_of(t) == "blue" and ref.table.stand(p, s)[j].state != CUT:
            v = next((v for v in sorted(mine) if v != value_of(t)), None)
            if v is not None:
                return {"kind": "dual_cut", "player": p, "stand": s, "slots": [j], "value": v, "p_success": 0.5,
                        "guaranteed": False}
    raise AssertionError("no failing cut on this deal")


@pytest.mark.parametrize("mission", [14, 28])
def test_a_fragile_captain_s_failure_explodes_and_their_advice_counts_no_mistake(mission: int) -> None:
    m = playable(mission, 4)
    d = deal_game(m, 4, 1, 0)
    ref = Referee(d.table, d.world, rules_of(m), ("9",) + d.cards)
    cap = ref.table.captain
    assert ref.view(cap).mistakes_left == 0 and ref.view((cap + 1) % 4).mistakes_left == ref.mistakes_left == 3
    nines = [k for k, t in d.world.items() if t == 90][:2]  # the Stabilizer unlocked: not for the captain
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, 90) for k in nines})
    if mission == 14:
        assert "9" in ref.view((cap + 1) % 4).extra["cards"] and "9" not in ref.view(cap).extra["cards"]
    other = (cap + 1) % 4
    ref.play(other, Decision(_failing_cut(ref, other)))
    assert ref.outcome is None and ref.mistakes_left == 2  # a teammate's failure moves the detonator
    ref.play(cap, Decision(_failing_cut(ref, cap)))
    assert ref.outcome == "exploded"


def test_mission_58_failures_show_nothing_and_double_detectors_stay() -> None:
    m = playable(58, 4)
    d = deal_game(m, 4, 2, 0)
    ref = Referee(d.table, d.world, rules_of(m), d.cards)
    view = ref.view(0)
    assert view.extra["failure_tokens"] is False and view.extra["double_detector"] == "unlimited"
    move = _failing_cut(ref, 0)
    ref.play(0, Decision(move))
    p, s, j = move["player"], move["stand"], move["slots"][0]
    assert ref.table.stand(p, s)[j] == d.table.stand(p, s)[j]  # no token on the wire
    assert Fact("not_value", p, s, move["value"], (j,)) in ref.table.facts and ref.mistakes_left == 2
    view = ref.view(1)
    dd = next(m2 for m2 in rank_moves(view, solve_state(view)) if m2["kind"] == "double_detector")
    # the advice spends nothing on it: the move scores its chance with no item cost
    keep = 1 - MISTAKE_COST[view.mistakes_left]
    assert team_order([dd], view)[0]["score"] == round(dd["p_success"] + dd["p_advance"] * keep, 12)
    assert team_order([dd], replace(view, extra={}))[0]["score"] < round(dd["p_success"] + dd["p_advance"] * keep, 12)
    ref.play(1, Decision(dd))
    assert "double_detector" in ref.items(1)  # never spent


def test_the_win_request_s_playouts_play_by_the_same_rules() -> None:
    d = deal_game(playable(58, 4), 4, 1, 0)
    table = replace(d.table, extra={"failure_tokens": False, "double_detector": "unlimited"})
    eq = Equipment({"captain_fragile": True, "double_detector": "unlimited"}, 4)
    ref = playout_referee(table, d.world, 3, eq)
    assert ref.view(0).mistakes_left == 0 and ref.view(1).mistakes_left == 3
    assert ref.rules.shown_on(2, 0) == "none" and ref.view(1).extra["double_detector"] == "unlimited"
    ref.dd_used.add(1)
    assert "double_detector" in ref.items(1)
    with pytest.raises(StateError, match="double_detector must be one of"):
        Equipment({"double_detector": "sometimes"}, 4)


def test_x_wires_are_dealt_last_far_right_and_no_equipment_points_at_them() -> None:
    """Mission 20: the last wire dealt to each stand sits at its far right, unsorted, under an X token; no
    equipment (the Double Detector included) may point at it, as the page tells the advice."""
    m = playable(20, 4)
    d = deal_game(m, 4, 3, 0)
    ref = Referee(d.table, d.world, rules_of(m), d.cards)
    for p in range(4):
        st = d.table.stand(p, 0)
        assert [sl.unsorted for sl in st] == [False] * (len(st) - 1) + [True]
        sorted_part = [d.world[(p, 0, j)] for j in range(len(st) - 1)]
        assert sorted_part == sorted(sorted_part)
    view = ref.view(0)
    locked = {(x["player"], x["slot"]) for x in view.extra["rules"]["locked"] if x["equipment_only"]}
    assert locked == {(p, len(d.table.stand(p, 0)) - 1) for p in range(4)}
    rules = my_rules(view)
    x = len(d.table.stand(1, 0)) - 1
    dd = {"kind": "double_detector", "player": 1, "stand": 0, "slots": [x - 1, x], "value": 5}
    assert "X wires" in (move_reason(rules, view, dd) or "")
    assert move_reason(rules, view, {**dd, "kind": "dual_cut", "slots": [x]}) is None  # a plain cut may
    moves = rank_moves(view, solve_state(view))
    assert not [m2 for m2 in moves if m2.get("player") is not None and m2["kind"] != "dual_cut" and not m2.get("forbidden")
                and any((m2["player"], j) in locked for j in m2["slots"])]
    # the Super Detector reads the rest of the stand ("X wires ignore all equipment"): it was left forbidden
    sup = rank_moves(replace(view, extra={**view.extra, "available": ["super_detector"]}), solve_state(view))
    sup = [m2 for m2 in sup if m2["kind"] == "super_detector"]
    assert sup and all(not m2.get("forbidden") and m2["slots"] == list(range(len(d.table.stand(m2["player"], 0)) - 1))
                       for m2 in sup), sup


@pytest.mark.parametrize("mission,players", [(14, 4), (28, 5), (58, 4), (25, 4), (42, 5), (20, 4), (50, 4), (10, 5), (17, 4),
                                              (52, 5)])
def test_missions_with_these_rules_are_played_with_the_truth_check(mission: int, players: int) -> None:
    out = arena(mission, players, 3, seed=4, policy="greedy", jobs=1, progress=lambda _t: None)
    assert out["games"] == 3 and out["truth_impossible"] == 0 and out["sure_failures"] == 0, out
    if mission in (25, 42, 50, 10):
        assert any(w in out.get("played_without", "") for w in ("talk", "timer", "forgets nothing", "circus acts"))
    else:
        assert "played_without" not in out


def test_mission_10_the_surest_player_snips_never_twice_in_a_row() -> None:
    """Mission 10: turns in any order; each player decides from their own view and the likeliest move is
    played, never by the player who just played while a teammate still has a wire."""
    m = playable(10, 4)
    ref = start_game(deal_game(m, 4, 5, 0), m)
    actors: list = []
    play = ref.play
    ref.play = lambda q, d: (actors.append((q, [p for p in range(4) if p != q and ref.uncut(p)])), play(q, d))[1]
    result = play_on(ref, greedy.decide, ref.table.captain)
    assert result.truth_impossible == 0 and len(actors) > 10
    for (a, others), (b, _o) in zip(actors, actors[1:]):
        assert a != b or not others, actors
    assert [a for a, _o in actors[:8]] != [(ref.table.captain + i) % 4 for i in range(8)]  # not merely clockwise


def test_false_tokens_at_setup_and_after_a_failure_17_and_52() -> None:
    """17: the captain places 2 false tokens (never on red: the slot shows "!v"), the others a value token;
    a failure on the captain's wire shows a false token of the value said — nothing more than "not that
    value" —, on another wire the real value.  52: everyone's 2 false tokens may point at a red wire, so
    each is a fact "not v" that leaves red open."""
    m = playable(17, 4)
    d = deal_game(m, 4, 6, 0)
    ref = start_game(d, m)
    cap = ref.table.captain
    fakes = [(j, sl.not_value) for j, sl in enumerate(ref.table.stand(cap, 0)) if sl.not_value is not None]
    assert len(fakes) == 2 and all(colour_of(d.world[(cap, 0, j)]) != "red" and value_of(d.world[(cap, 0, j)]) != v
                                   for j, v in fakes)
    assert not [sl for sl in ref.table.stand(cap, 0) if sl.state == INFO]
    assert all(sum(sl.state == INFO for sl in ref.table.stand(p, 0)) == 1 for p in range(4) if p != cap)
    assert ref.view(1).extra["false_tokens"] == "captain"
    assert shown_on(ref.view(1).extra, cap, cap) == "none" and shown_on(ref.view(1).extra, 2, cap) == "value"
    other = (cap + 1) % 4
    move = _failing_cut(ref, other)  # a value q holds, said on the captain's first blue wire that is not it
    j = next(j for j, sl in enumerate(ref.table.stand(cap, 0)) if sl.state != CUT
             and colour_of(d.world[(cap, 0, j)]) == "blue" and value_of(d.world[(cap, 0, j)]) != move["value"])
    ref.play(other, Decision({**move, "player": cap, "stand": 0, "slots": [j]}))
    assert ref.table.stand(cap, 0)[j].state != INFO and ref.mistakes_left == 2
    assert {Fact("not_value", cap, 0, move["value"], (j,)), Fact("not_value", cap, 0, "RED", (j,))} <= set(ref.table.facts)
    m52 = playable(52, 4)
    ref52 = start_game(deal_game(m52, 4, 6, 0), m52)
    facts = [f for f in ref52.table.facts if f.kind == "not_value"]
    assert all(sum(f.player == p for f in facts) >= 2 for p in range(4))  # the tokens, and what their choice tells
    assert all(value_of(ref52.world[(f.player, f.stand, f.slots[0])]) != f.value for f in facts)
    assert not [sl for p in range(4) for sl in ref52.table.stand(p, 0) if sl.state == INFO or sl.not_value]


@pytest.mark.parametrize("mission,k", [(17, 0), (17, 1), (17, 15), (52, 0), (52, 1)])  # 17, deal 15: a red wire passed over
def test_the_false_tokens_choice_is_read_in_full(mission: int, k: int) -> None:
    """The false tokens (17, 52) go where a known rule puts them, so the table reads what the choice tells
    (``tokens.false_tokens``).  Read in full and no more: every deal the public table then allows — drawn
    exactly — would have made the very same choice, and the real deal is among them."""
    m = playable(mission, 4)
    d = deal_game(m, 4, 11, k)
    by = m.false_by
    ref = Referee(d.table, d.world, rules_of(m, d), d.cards)
    place_false_tokens(ref, by)
    public = replace(ref.table, me=None, extra={})
    an = solve_state(public)
    assert all(an.slot_probs(*key).get(t, 0) > 0 for key, t in d.world.items())
    for world in sample_deals(public, 12, seed=k):
        other = Referee(d.table, world, rules_of(m, d), d.cards)
        place_false_tokens(other, by)
        assert other.table.players == ref.table.players and set(other.table.facts) == set(ref.table.facts)


@pytest.mark.parametrize("mission,k", [(17, 0), (17, 15), (52, 1)])
def test_the_page_advises_the_false_tokens_the_arena_places(mission: int, k: int) -> None:
    """The page's false-token advice (``advice/false_tokens.py``, asked from my own view through "indicate")
    ranks first the two tokens the arena's rule places: the same rule, on the same public table."""
    m = playable(mission, 4)
    d = deal_game(m, 4, 11, k)
    ref = Referee(d.table, d.world, rules_of(m, d), d.cards)
    q = ref.table.captain
    placed, _told = false_tokens(ref, q, on_red=m.false_by == "all")
    rows = indicate_json({**ref.view(q).to_json(), "tokens": "false"})["false"]
    assert [(r["stand"], r["slot"], r["token"]) for r in rows[:2]] == [(s, j, f"!{v}") for s, j, v in placed]
    assert all(r["p"] >= rows[i + 1]["p"] for i, r in enumerate(rows[:-1]))
    assert mission == 52 or all(colour_of(d.world[(q, r["stand"], r["slot"])]) != "red" for r in rows)
    # the first token placed (17: on the slot; 52: a fact), the ranking is the same: both come from one table
    (s, j, v), view = placed[0], ref.view(q)
    if mission == 17:
        view = replace(view, players=set_slots(view, {(q, s, j): replace(view.stand(q, s)[j], not_value=v)}))
    else:
        view = replace(view, facts=view.facts + (Fact("not_value", q, s, v, (j,)),))
    assert indicate_json({**view.to_json(), "tokens": "false"})["false"] == rows


def test_17_the_captain_has_no_double_detector_nor_equipment_card() -> None:
    """17: the Captain card goes back to the box (no Double Detector) and the captain uses no equipment card; the
    others keep both — as the table app reads it (its ``ddDealt``)."""
    m = playable(17, 4)
    d = deal_game(m, 4, 1, 0)
    ref = Referee(d.table, d.world, rules_of(m), d.cards)
    cap = ref.table.captain
    assert "double_detector" not in ref.items(cap) and "double_detector" in ref.items((cap + 1) % 4)
    assert "double_detector" not in ref.view(cap).extra["available"]
