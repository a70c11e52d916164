"""Mission 11 in the arena (``arena/blue_on_red.py``): the number card's four blue wires count as red for
the referee, and each view carries the values the table has ruled out, which the advice reads
(``advice/hidden_red.py``): every other value from the start, the card lying face up.  The card nobody
has seen (the table app's "not seen" reading, which a playout draws) is checked by clearing what the
views rule out.  Checked on seeded games and on moves made by hand."""

from __future__ import annotations

from bombbusters.advice.table_edits import cut_slot, with_cuts
from bombbusters.arena import greedy
from bombbusters.arena.deal import PLAYABLE, deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.referee import Decision, Referee
from bombbusters.table.notation import CUT, INFO
from bombbusters.table.wires import BLUE, colour_of, value_of


def _game(players: int = 4, k: int = 0) -> Referee:
    m = playable(11, players)
    return start_game(deal_game(m, players, 1, k), m)


def _move(kind: str, value, player=None, stand=0, slots=()) -> dict:
    return {"kind": kind, "value": value, "player": player, "stand": stand, "slots": list(slots),
            "p_success": 0.5, "guaranteed": False}


def _spot(ref: Referee, p: int, test) -> tuple:
    return next(k for k, t in sorted(ref.world.items()) if k[0] == p and test(t)
                and ref.table.stand(k[0], k[1])[k[2]].state != CUT)


def test_11_is_played_and_its_card_is_the_deal_s_first_number_card() -> None:
    assert 11 in PLAYABLE
    for players in (2, 3, 4, 5):
        ref = _game(players)
        assert ref.red_value == ref.rules.play.value
        assert ref.view(0).extra["hidden_red_value"] == {"ruled_out": [v for v in range(1, 13) if v != ref.red_value]}
    deal = deal_game(playable(11, 4), 4, 1, 0)
    assert _game(4).red_value == deal.numbers[0]
    two = _game(2)
    assert two.rules.play.no_token == {two.table.captain}  # the card: with 2 players the captain puts no token


def test_11_no_wire_of_the_card_s_value_is_ever_cut_and_a_cut_of_one_explodes() -> None:
    for k in range(4):
        ref = _game(4, k)
        w = ref.red_value
        moves: list = []
        inner = ref.play

        def logged(q, d, inner=inner, moves=moves, ref=ref):
            moves.append((d.move, ref.table))
            inner(q, d)
        ref.play = logged  # type: ignore[method-assign]
        result = play_on(ref, greedy.decide, ref.table.captain)
        assert result.truth_impossible == 0 and result.sure_failures == 0
        tables = [t for _m, t in moves] + [ref.table]
        assert not any(sl.state == CUT and value_of(sl.wire) == w for t in tables for p, s in t.stand_keys()
                       for sl in t.stand(p, s))
        if result.outcome == "exploded":  # the last move pointed at a wire of the card's value (greedy takes the risk)
            last = moves[-1][0]
            assert last["player"] is None or value_of(ref.world[(last["player"], last["stand"], last["slots"][0])]) == w
        if result.outcome == "won":
            assert all(value_of(ref.world[k]) == w for k in ref.uncut())


def test_11_a_failure_shows_a_value_that_is_not_the_card_s_and_every_view_carries_it() -> None:
    ref = _game(4)
    w, play = ref.red_value, ref.rules.play
    play.ruled = set()  # a card nobody has seen
    mine = {value_of(t) for k, t in ref.seen.items() if k[0] == 0 and colour_of(t) == BLUE} - {w}
    target = _spot(ref, 1, lambda t: colour_of(t) == BLUE and value_of(t) != w and value_of(t) not in mine)
    named = sorted(mine - {value_of(ref.world[target])})[0]
    left = ref.mistakes_left
    play.turn(ref, 0, lambda q: Decision(_move("dual_cut", named, 1, target[1], [target[2]])))
    assert ref.outcome is None and ref.mistakes_left == left - 1
    assert ref.table.stand(1, target[1])[target[2]].state == INFO
    for q in range(4):
        assert ref.view(q).extra["hidden_red_value"] == {"ruled_out": [value_of(ref.world[target])]}


def test_11_pointing_at_a_wire_of_the_card_s_value_or_cutting_it_solo_explodes() -> None:
    ref = _game(4)
    w = ref.red_value
    target = next(k for k, t in sorted(ref.world.items()) if k[0] != 0 and value_of(t) == w)
    other = next(v for v in range(1, 13) if v != w)
    ref.rules.play.turn(ref, 0, lambda q: Decision(_move("dual_cut", other, target[0], target[1], [target[2]])))
    assert ref.outcome == "exploded"
    ref = _game(4)
    ref.rules.play.turn(ref, 0, lambda q: Decision(_move("solo_cut", ref.red_value)))
    assert ref.outcome == "exploded"


def test_11_the_bomb_is_defused_once_only_the_card_s_wires_are_left_and_a_known_card_is_revealed() -> None:
    ref = _game(4)
    w, play = ref.red_value, ref.rules.play
    play.ruled = set()  # a card nobody has seen: the table learns it
    rest = [k for k in ref.world if value_of(ref.world[k]) != w]
    holder = next(k[0] for k in ref.world if value_of(ref.world[k]) == w)
    keep = [k for k in rest if k[0] != holder]  # the holder is left with the card's wires only
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in rest if k[0] == holder})
    assert play.known(ref) is False or not keep
    play.ruled = set(range(1, 13)) - {w}  # the table knows the card: the holder reveals their wires
    assert play.turn(ref, holder, lambda q: None) == "played" and ref.outcome is None
    assert all(ref.table.stand(k[0], k[1])[k[2]].state == INFO for k in ref.uncut(holder))
    assert play.turn(ref, holder, lambda q: None) == "idle"
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in keep})
    assert play.turn(ref, 0, lambda q: None) == "played" and ref.outcome == "won"


def test_11_the_stabilizer_on_a_wire_of_the_card_s_value_shows_it_and_so_the_card() -> None:
    ref = _game(4)
    w, play = ref.red_value, ref.rules.play
    target = next(k for k, t in sorted(ref.world.items()) if k[0] != 0 and value_of(t) == w
                  and ref.table.stand(k[0], k[1])[k[2]].state != INFO)
    other = next(v for v in range(1, 13) if v != w)
    move = _move("dual_cut", other, target[0], target[1], [target[2]])
    left = ref.mistakes_left
    ref._dual(0, move, True)  # the Stabilizer held: nothing explodes, the detonator stays
    play.after(ref, 0, move)
    assert ref.outcome is None and ref.mistakes_left == left
    assert ref.table.stand(target[0], target[1])[target[2]].state == INFO  # shown, not cut
    assert play.known(ref) and w not in ref.view(1).extra["hidden_red_value"]["ruled_out"]


def test_a_legal_solo_cut_that_may_be_the_hidden_red_is_a_move_a_player_may_take() -> None:
    """A player holding every wire left of two values, one of which the card may make red, must still act (a
    turn is not passed): the solo cut sure to be legal is taken at its chance; one not sure to be legal never."""
    from bombbusters.advice.team import takeable, team_choice

    def solo(v: int, p_legal: float) -> dict:
        return {"kind": "solo_cut", "player": None, "stand": None, "slots": [[0, 0]], "value": v, "p_success": 0.5 * p_legal,
                "p_red": 0.5, "p_advance": 0.0, "p_explode": 0.5, "guaranteed": False, "p_legal": p_legal, "count": 4}
    view = _game(2).view(0)
    sure_legal, maybe = solo(2, 1.0), solo(12, 0.7)
    assert takeable(sure_legal) and not takeable(maybe)
    _order, move, _before = team_choice(view, [maybe, sure_legal])
    assert move is not None and move["value"] == 2 and move["score"] == 0.5
    assert team_choice(view, [maybe])[1] is None


def test_11_the_card_face_up_no_starting_token_nor_advised_cut_goes_to_a_wire_of_its_value() -> None:
    """The card lies face up: its value's wires count as red from the deal — no starting token on one (the
    rules: none on a red wire), no cut of it advised, and every game by the advice truthful."""
    from bombbusters.arena import advice
    for k in range(3):
        ref = _game(4, k)
        w = ref.red_value
        assert not any(sl.state == INFO and sl.wire is not None and value_of(sl.wire) == w
                       for p, s in ref.table.stand_keys() for sl in ref.table.stand(p, s))
        result = play_on(ref, advice.decide, ref.table.captain)
        assert result.truth_impossible == 0 and result.sure_failures == 0
        assert result.outcome != "exploded" or ref.mistakes_left is not None
