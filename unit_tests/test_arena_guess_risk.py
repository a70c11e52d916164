"""Mission 29's card put down for each turn, as the active player weighs it (``rules.card_risk``): the chance that
card is each value, from what they know (the cards seen taken, their own); a sure cut of a value that may be on the
card ranks after one that cannot be."""

from __future__ import annotations

from bombbusters.advice import team
from bombbusters.arena import advice
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.number_turns import Guess
from bombbusters.advice.constraint_cards import my_rules


def test_the_card_put_down_is_never_ruled_out_and_the_chances_add_up() -> None:
    for players, seed in ((2, 1), (4, 2)):
        m = playable(29, players)
        ref = start_game(deal_game(m, players, seed, 0), m)
        play = ref.rules.play
        assert isinstance(play, Guess)
        picked: list[int] = []
        pick, checked = play._pick, [0]

        def spy(ref_, r, q, pick=pick, picked=picked):
            picked.append(pick(ref_, r, q))
            return picked[-1]

        def decide(view, an, checked=checked, picked=picked):
            risk = my_rules(view).card_risk
            if picked and play.down is not None and play.down[0] == view.me:
                assert risk.get(picked[-1], (0.0,))[0] > 0, (picked[-1], risk)  # the truth is never ruled out
                assert abs(sum(p for p, _why in risk.values()) - 1) < 1e-6, risk
                assert not set(risk) & set(play.hands[view.me]) - set(play.known[play.down[1]])  # mine are not theirs
                checked[0] += 1
            else:
                assert not risk
            return advice.decide(view, an)

        play._pick = spy  # type: ignore[method-assign]
        play_on(ref, decide, ref.table.captain)
        assert checked[0] >= 5, checked


def test_a_sure_cut_that_may_be_the_card_s_value_ranks_after_one_that_cannot() -> None:
    sure = {"kind": "dual_cut", "player": 1, "stand": 0, "slots": [0], "value": 5, "p_success": 1.0, "p_advance": 0.0,
            "p_red": 0.0, "p_explode": 0.0, "guaranteed": True}
    risky = dict(sure, slots=[1], value=9, p_card=0.5)
    for left in (0, 1, 3):
        assert team.move_score(risky, left) < team.move_score(sure, left) == 1.0
    # a risky cut whose value cannot be on the card beats a sure one that may be, with one mistake left
    maybe = dict(sure, p_success=0.9, p_advance=0.1, guaranteed=False, value=3)
    assert team.move_score(maybe, 1) > team.move_score(dict(risky, p_card=0.4), 1)


def test_a_bad_card_risk_is_refused_by_name() -> None:
    import pytest
    from bombbusters.table.errors import StateError
    from bombbusters.table.state import GameState

    doc = {"players": [{"name": n, "stands": [s]} for n, s in zip(("Ann", "Bob", "Cat", "Dan"), ("?5 ?6 ?7 ?8", "? ? ? ?", "? ? ? ?", "? ? ? ?"))], "me": 0, "captain": 0,
           "wires": {"blue": [5, 8]}, "facts": [], "rules": {"card_risk": [{"value": 5, "p": 1.5}]}}
    with pytest.raises(StateError, match=r"card_risk: .* must give the chance \(0 to 1\)"):
        my_rules(GameState.from_json(doc))
