"""Every equipment card in the arena (issue #41 point 3): for each, a seeded game of mission 4 in which
the arena's ``rank`` policy plays it (or, for the instant cards, the referee does as it unlocks), the table after
it checked against what the card says, every player's view checked to allow the true deal, and the
game played on to its end with the arena's truth check."""

from __future__ import annotations

from dataclasses import replace

import pytest
from bombbusters.advice.free_cards import card_uses
from bombbusters.advice.table_edits import set_slots
from bombbusters.arena.run import POLICIES
from bombbusters.arena.cards import FREE_CARDS, INSTANT_CARDS, CardUse
from bombbusters.arena.game import play_on
from bombbusters.arena.referee import Decision
from bombbusters.arena.stats import card_counts, summary
from bombbusters.table.facts import Fact
from bombbusters.table.notation import CUT, INFO
from bombbusters.table.wires import BLUE, RED, colour_of, value_of
from arena_cards_kit import played, start_with, stands_sorted, truth_holds, unlock, used


@pytest.mark.parametrize("card, kind", [("1", "different"), ("12", "same")])
def test_labels_tell_the_table_two_neighbours_differ_or_match(card: str, kind: str) -> None:
    ref, q, u = used(card)
    fact = Fact(kind, q, u.stand, slots=u.slots)
    assert fact in ref.table.facts and fact in ref.view((q + 1) % 4).facts and card in ref.spent
    a, b = (value_of(ref.world[(q, u.stand, j)]) for j in u.slots)
    assert (a == b) == (kind == "same") and u.slots[1] == u.slots[0] + 1
    assert card not in ref.view(q).extra["free_cards"]
    truth_holds(ref)


def test_post_it_shows_one_of_my_blue_wires() -> None:
    ref, q, u = used("4")
    (j,) = u.slots
    sl = ref.table.stand(q, u.stand)[j]
    t = ref.world[(q, u.stand, j)]
    assert sl.state == INFO and sl.wire == t and colour_of(t) == BLUE
    assert ref.view((q + 2) % 4).stand(q, u.stand)[j].wire == t  # a teammate sees it
    truth_holds(ref)


def test_general_radar_every_stand_answers_truly() -> None:
    ref, q, u = used("8")
    v = u.value
    for p, s in ref.table.stand_keys():
        has = any(value_of(ref.world[(p, s, j)]) == v for j, sl in enumerate(ref.table.stand(p, s)) if sl.state != CUT)
        assert Fact("has" if has else "has_not", p, s, v) in ref.table.facts
    truth_holds(ref)


def test_single_wire_label_an_x1_token_on_a_value_once_on_my_stand() -> None:
    ref, q, u = used("2.2")
    (j,) = u.slots
    t = ref.world[(q, u.stand, j)]
    assert ref.table.stand(q, u.stand)[j].multiplicity == 1 and colour_of(t) == BLUE
    assert sum(1 for (p, s, _), w in ref.world.items() if (p, s) == (q, u.stand) and value_of(w) == value_of(t)) == 1
    truth_holds(ref)


def test_walkie_talkies_swap_two_wires_and_the_stands_stay_sorted() -> None:
    ref, q, d = played("2")
    (u,) = d.uses
    assert u.give is not None and u.target is not None
    r = u.target[0]
    gave, got = ref.world[(q, *u.give)], ref.world[u.target]
    sizes = {k: len(ref.table.stand(*k)) for k in ref.table.stand_keys()}
    ref.use(q, d.uses)
    mine = [t for (p, _s, _j), t in ref.world.items() if p == q]
    theirs = [t for (p, _s, _j), t in ref.world.items() if p == r]
    assert got in mine and gave in theirs and {k: len(ref.table.stand(*k)) for k in ref.table.stand_keys()} == sizes
    assert ref.table.moves[-1].kind == "walkie_talkies"
    stands_sorted(ref)
    at = next(k for k, t in ref.world.items() if k[0] == q and t == got and ref.table.stand(*k[:2])[k[2]].state != CUT)
    assert ref.view(q).stand(q, at[1])[at[2]].wire == got  # q sees the wire they got …
    back = next(k for k, t in ref.world.items() if k[0] == r and t == gave and ref.table.dealt().origin[k][0] == q)
    assert ref.view(q).stand(*back[:2])[back[2]].wire == gave  # … and the one they gave away
    assert ref.view((q + 1) % 4 if (q + 1) % 4 != r else (q + 2) % 4).stand(*back[:2])[back[2]].wire is None
    truth_holds(ref)


def test_what_a_card_s_choice_told_follows_the_wires_the_card_moves() -> None:
    """A choice's ``told`` facts speak of the table it was made on: a Walkie-Talkies swap carries them with
    the wires (a Label on the wire given away and its neighbour, now on two stands, is dropped; one on two
    wires that stayed sits where they are now), never on the slots' new occupants."""
    ref, q, d = played("2")
    (u,) = d.uses
    assert u.give is not None
    s, j = u.give
    n = len(ref.table.stand(q, s))

    def label(a: int) -> Fact:
        same = value_of(ref.world[(q, s, a)]) == value_of(ref.world[(q, s, a + 1)])
        return Fact("same" if same else "different", q, s, slots=(a, a + 1))

    near = label(j if j + 1 < n else j - 1)
    a = next(a for a in range(n - 2) if a + 1 < j - 1 or a > j + 1)
    far, wires = label(a), (ref.world[(q, s, a)], ref.world[(q, s, a + 1)])
    ref.use(q, (replace(u, told=(near, far)),))
    labels = [f for f in ref.table.facts if f.kind in ("same", "different")]
    assert len(labels) == 1 and labels[0].kind == far.kind and labels[0].player == q, labels
    (b, c) = labels[0].slots
    assert (ref.world[(q, labels[0].stand, b)], ref.world[(q, labels[0].stand, c)]) == wires
    truth_holds(ref)


def test_grappling_hook_takes_a_teammate_s_wire_in_order() -> None:
    ref, q, d = played("11.11")
    (u,) = d.uses
    assert u.target is not None
    taken = ref.world[u.target]
    before = {p: len(ref.table.stand(p, 0)) for p in range(4)}
    ref.use(q, d.uses)
    assert len(ref.table.stand(q, 0)) == before[q] + 1 and len(ref.table.stand(u.target[0], 0)) == before[u.target[0]] - 1
    assert ref.table.moves[-1].kind == "grappling_hook" and taken in [t for k, t in ref.world.items() if k[0] == q]
    stands_sorted(ref)
    truth_holds(ref)


def test_after_a_grappling_hook_the_single_wire_label_leaves_the_stands_it_changed() -> None:
    """Mission 59's impossible truth (campaign, game 34 at 4 players): an x1 put on a stand a hooked wire
    entered, which the engine reads on the stand as dealt.  The team leaves such stands (as the page
    refuses them), the referee refuses them, and a hooked wire's x token is discarded (24's FAQ)."""
    ref, q, d = played("11.11")
    (u,) = d.uses
    assert u.target is not None
    r, rs, rj = u.target
    x2 = replace(ref.table.stand(r, rs)[rj], multiplicity=2, colour=BLUE)
    ref.table = replace(ref.table, players=set_slots(ref.table, {u.target: x2}))
    ref.use(q, d.uses)
    assert all(sl.multiplicity is None for sl in ref.table.stand(q, 0))  # the hooked wire's x2 is gone
    ref.cards = ref.cards + ("2.2",)
    unlock(ref, "2.2")
    for p in (q, r):  # both stands changed: no Single Wire Label on them
        assert not any(x.card == "2.2" for x in card_uses(ref.view(p), None))
    with pytest.raises(AssertionError, match="cannot be read"):
        ref.use(q, (CardUse("2.2", 0, (0,)),))
    truth_holds(ref)


def test_coffee_mug_ends_the_turn_and_names_who_plays_next() -> None:
    for k in range(30):
        ref = start_with("11", k)
        ref.dd_used.update(range(4))  # Double Detectors used: the first move is a doubtful dual cut
        q = ref.table.captain
        deciders: list[int] = []
        decisions: list[Decision] = []

        def policy(view, an):
            deciders.append(view.me)
            decisions.append(POLICIES["rank"](view, an))
            return decisions[-1]

        r = play_on(ref, policy, q)
        if decisions[0].before == ("11",):
            nxt = decisions[0].pass_to
            assert nxt not in (None, q) and deciders[:2] == [q, nxt] and decisions[0].move is None
            assert deciders[2] == (nxt + 1) % 4  # then clockwise from the one named
            assert r.cards["11"] == (True, True, True) and r.truth_impossible == 0
            return
    raise AssertionError("rank never plays the Coffee Mug first in 30 deals")


def test_false_bottom_brings_two_more_cards_into_play_when_two_yellows_are_cut() -> None:
    ref = start_with("Y", 0, reserve=("8", "1", "4"))
    assert ref.cards == ("Y",)
    ref.instants()
    assert ref.cards == ("Y", "8", "1") and ref.reserve == ("4",) and "Y" in ref.spent and ref.in_play == ["Y", "8", "1"]
    unlock(ref, "8")
    assert "8" in ref.view(0).extra["free_cards"]
    r = play_on(ref, POLICIES["rank"], 0)
    assert r.cards["Y"] == (True, True, True) and r.cards["8"][:2] == (True, True) and r.truth_impossible == 0


def test_emergency_drop_turns_every_used_card_face_up() -> None:
    ref = start_with("4", 0, others=("3.3",))
    q = ref.table.captain
    ref.use(q, (CardUse("4", *next((s, (j,)) for (p, s, j), t in sorted(ref.world.items())
                                   if p == q and colour_of(t) == BLUE and ref.table.stand(p, s)[j].state == "hidden")),))
    assert "4" in ref.spent and "4" not in ref.usable_cards(q)
    unlock(ref, "3.3")
    ref.instants()
    assert ref.spent == {"3.3"} and "4" in ref.usable_cards(q) and ref.used == {"4", "3.3"}
    truth_holds(ref)


def test_disintegrator_cuts_every_wire_of_a_drawn_value() -> None:
    ref = start_with("10.10", 3)
    cut_before = {k for k in ref.world if ref.table.stand(*k[:2])[k[2]].state == CUT}
    ref.instants()
    newly = {k for k in ref.world if ref.table.stand(*k[:2])[k[2]].state == CUT} - cut_before
    values = {value_of(ref.world[k]) for k in newly}
    (v,) = values  # mission 4 holds four of every blue value 1-12, none cut yet but the four 10s
    assert "10.10" in ref.spent and len(newly) == 4 and v != 10
    assert all(ref.table.stand(*k[:2])[k[2]].state == CUT for k, t in ref.world.items() if value_of(t) == v)
    assert all(Fact("has_not", p, None, v) in ref.table.facts for p in range(4))
    truth_holds(ref)


@pytest.mark.parametrize("card", ["2.2", "3.3", "9.9", "10.10", "11.11"])
def test_a_double_numbered_card_needs_all_four_wires_of_its_value_cut(card: str) -> None:
    """Rule sticker C: two cut wires of its value unlock a card, but a double-numbered one needs four."""
    ref = start_with("4", 0, others=(card,))
    q = ref.table.captain
    for more in (2, 1):  # two cut, then three
        unlock(ref, card, more)
        assert not ref.unlocked(card) and card not in ref.usable_cards(q)
    ref.instants()
    assert card not in ref.spent
    unlock(ref, card)
    assert ref.unlocked(card)
    assert card in (ref.usable_cards(q) if card in ("2.2", "9.9", "11.11") else INSTANT_CARDS)


def test_every_card_s_games_are_counted_in_the_arena_s_output() -> None:
    ref = start_with("1", 0, others=("6",))
    r = play_on(ref, POLICIES["rank"], 0)
    counts = card_counts([r, r])
    assert counts["1"] == {"in_play": 2, "unlocked": 2, "used": 2} and counts["6"]["in_play"] == 2
    assert summary([r])["cards"]["1"] == {"in_play": 1, "unlocked": 1, "used": 1}


def test_the_rule_keeps_free_cards_while_a_sure_move_is_at_hand() -> None:
    from bombbusters.advice.free_cards import card_uses

    view = start_with("8", 0).view(0)
    assert card_uses(view, {"guaranteed": True, "kind": "dual_cut", "p_success": 1.0}) == ()
    assert card_uses(view, {"guaranteed": False, "kind": "dual_cut", "p_success": 0.4})[0].card == "8"
    assert set(FREE_CARDS) >= {"1", "12", "4", "8", "2.2", "2", "11.11", "11"} and RED == "red"


def test_facts_follow_the_wires_a_swap_moves() -> None:
    """Labels and has-facts on the stands a swap touches follow their wires (a Label split over two
    stands is dropped), so every fact stays true of the true deal."""
    ref, q, d = played("2")
    facts = []
    for p, s in ref.table.stand_keys():
        st = ref.table.stand(p, s)
        for j in range(len(st) - 1):
            same = value_of(ref.world[(p, s, j)]) == value_of(ref.world[(p, s, j + 1)])
            facts.append(Fact("same" if same else "different", p, s, slots=(j, j + 1)))
        facts.append(Fact("has", p, None, value_of(ref.world[(p, s, 0)])))
    ref.table = replace(ref.table, facts=tuple(facts))
    ref.use(q, d.uses)
    assert 0 < len([f for f in ref.table.facts if f.kind in ("same", "different")]) < len(facts) - 4
    for f in ref.table.facts:
        if f.kind in ("same", "different"):
            a, b = (value_of(ref.world[(f.player, f.stand, j)]) for j in f.slots)
            assert (a == b) == (f.kind == "same"), f
        else:
            wires = f.wires or [k for k in ref.world if k[0] == f.player]
            assert any(value_of(ref.world[w]) == f.value for w in wires), f
    truth_holds(ref)


def test_general_radar_leaves_x_wires_out() -> None:
    """20, 35: no equipment counts an X wire, the General Radar neither: a stand whose only wire of the value is
    its X wire answers "no", a fact that names its other wires (the engine keeps the X wire's law), and the deal
    stays possible in every view."""
    from bombbusters.arena.card_effects import FREE
    from bombbusters.arena.deal import deal_game, playable
    from bombbusters.arena.game import start_game

    m = playable(20, 5)
    for k in range(40):
        ref = start_game(deal_game(m, 5, 3, k), m)
        x = {(p, s): j for p, s in ref.table.stand_keys() for j, sl in enumerate(ref.table.stand(p, s)) if sl.unsorted}
        found = [(p, s, value_of(ref.world[(p, s, j)])) for (p, s), j in x.items() if colour_of(ref.world[(p, s, j)]) == BLUE
                 and sum(value_of(ref.world[(p, s, i)]) == value_of(ref.world[(p, s, j)]) for i in range(len(ref.table.stand(p, s)))) == 1]
        if found:
            break
    p, s, v = found[0]
    FREE["8"](ref, 0, CardUse("8", value=v))
    fact = next(f for f in ref.table.facts if f.kind in ("has", "has_not") and (f.player, f.stand) == (p, s))
    assert fact.kind == "has_not" and (p, s, x[(p, s)]) not in fact.wires and len(fact.wires) == len(ref.table.stand(p, s)) - 1
    truth_holds(ref)
    assert ref.view((p + 1) % 5).facts == ref.table.facts
