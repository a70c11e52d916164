"""Mission presets: every row of the game-facts table, wires() into WireSetup, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bombbusters.missions.preset import (
    CONSTRAINT_SCHEMES,
    DOUBLE_DETECTOR_MODES,
    EQUIPMENT,
    MISSIONS,
    TOKEN_VARIANTS,
    Mission,
    all_missions_json,
    get_mission,
    setup_json,
)
from bombbusters.table.errors import StateError
from bombbusters.table.wires import WireSetup

# Every mission's deal for every player count it allows, from the public mission data
# (unit_tests/data/mission_setups.json, see its "about"); the presets are typed separately.
SOURCE = json.loads((Path(__file__).parent / "data" / "mission_setups.json").read_text())["missions"]
#: where the presets knowingly differ (README, "Missions"): mission 54's 11 reds wait in a pile, not dealt
DEVIATIONS = {(54, pc): {"red": None} for pc in (2, 3, 4, 5)}


def expected(n: int, players: int) -> dict:
    return {**SOURCE[str(n)][str(players)], **DEVIATIONS.get((n, players), {})}


def spec_of(m: Mission, colour: str) -> dict | None:
    """A preset's colour in the source's form: {"count"[, "of"]}, {"fixed": [...]} or None."""
    count, of, known = m._specs()[colour]
    if count + known == 0:
        return None
    fixed = m.yellow_fixed if colour == "yellow" else m.red_fixed
    if fixed:
        return {"fixed": list(fixed)}
    assert known == 0  # no card prints "k + a of b"
    return {"count": count} if of is None else {"count": count, "of": of}


#: a custom setup with known wires beside a draw ("2 + 2 of 3" red): no preset has one
KNOWN_RED = Mission(99, "Custom", red_count=2, red_of=3, red_known=2)

FULL = [str(i) for i in range(1, 13)]


def numbers_for(m: Mission) -> tuple[list[int], list[int]]:
    """Distinct drawn numbers of the right count (yellows from 1 up, reds from 11 down), or the printed ones."""
    ys = list(m.yellow_fixed) or list(range(1, m.numbers_needed("yellow") + 1))
    return ys, list(m.red_fixed) or list(range(11, 11 - m.numbers_needed("red"), -1))


def test_missions_1_to_66_exactly():
    assert sorted(MISSIONS) == list(range(1, 67)) == sorted(map(int, SOURCE))
    assert [d["number"] for d in all_missions_json()] == list(range(1, 67))
    for n, m in MISSIONS.items():
        assert get_mission(n) is m and m.number == n


@pytest.mark.parametrize("n", range(1, 67))
def test_each_player_count_deals_its_wires(n):
    """The preset deals the source's wires with 2, 3, 4 and 5 players (where the mission can be played)."""
    mission = get_mission(n)
    assert list(mission.allowed) == sorted(map(int, SOURCE[str(n)]))
    listed = setup_json(mission)["players"]
    assert sorted(listed) == sorted(SOURCE[str(n)])
    for players in mission.allowed:
        want = expected(n, players)
        m = mission.for_players(players)
        assert list(m.blue) == want["blue"], (n, players)
        for colour in ("yellow", "red"):
            assert spec_of(m, colour) == want[colour], (n, players, colour)
        blue = 4 * (want["blue"][1] - want["blue"][0] + 1)
        in_play = sum(0 if w is None else w.get("count", len(w.get("fixed", []))) for w in (want["red"], want["yellow"]))
        assert listed[str(players)]["wires_in_play"] == m.wires_in_play == blue + in_play
        ynum, rnum = numbers_for(m)
        setup = WireSetup.from_json(m.wires(ynum, rnum))
        assert setup.total_in_play == m.wires_in_play
        assert setup.to_json() == m.wires(ynum, rnum)


def test_titles_are_plain():
    assert get_mission(1).title == "Training 1"
    assert get_mission(8).title == "Training 8"
    assert get_mission(9).title == "Mission 9"
    assert get_mission(30).title == "Mission 30"


def test_token_variants_and_flags():
    """Read off the mission cards (rulebook text), apart from the table that the presets are typed from."""
    special = {
        11: {"hidden_red_value": True},
        14: {"captain_fragile": True},
        28: {"captain_fragile": True, "captain_no_equipment": True},
        13: {"open_red_deal": True, "random_info_token": True},
        17: {"false_tokens": True, "captain_no_equipment": True},  # Rhett uses no equipment card
        20: {"x_tokens": True},
        22: {"absent_tokens": True},
        35: {"x_tokens": True, "x_blue": True, "special": ["x_after_yellow"]},
        39: {"random_info_token": True},
        41: {"random_info_token": True, "yellow_dealt": "one_each", "special": ["yellow_special"]},
        44: {"special": ["oxygen_reserve"]},  # take oxygen from the reserve by depth; it comes back at the captain's turn
        46: {"special": ["sevens_last"]},
        48: {"yellow_dealt": "captain_first", "special": ["yellow_special"]},
        52: {"false_tokens": True},
        49: {"special": ["oxygen_gift"]},  # give a teammate as many oxygen tokens as the value cut
        54: {"special": ["oxygen_own"]},
        53: {"special": ["nano_detonator"]},  # Nano replaces the detonator: +1 a success, -1 on its value, +2 a failure
        55: {"special": ["challenges"]},  # a completed challenge card moves the detonator back a space
        60: {"special": ["challenges"]},  # the same challenge cards (bdiffuser's GAME_RULES.md, mission 60)
        63: {"special": ["oxygen_pass"]},  # put as many oxygen tokens as the value in the reserve; pass the rest on
        58: {"failure_tokens": False},
        38: {"turned": "captain"},
        56: {"turned": "each"},
        64: {"turned": "ends"},
    }
    tokens = {18: "none", 21: "even_odd", 24: "multiplicity", 33: "even_odd", 40: "multiplicity", 58: "none"}
    detectors = {17: "captain_disabled", 27: "disabled", 28: "captain_disabled", 58: "unlimited"}  # 17: the Captain card back in the box; 58: never spent
    numbers = {9: "sequence", 16: "sequence", 36: "sequence", 26: "pick", 45: "pick", 51: "pick", 65: "pick",
               47: "sum", 39: "noble", 23: "noble", 62: "detonator", 29: "guess", 59: "line"}
    constraints = {31: "chosen", 32: "deck", 34: "weakest_link", 37: "deck", 57: "per_value", 61: "ring", 66: "bunker"}
    defaults = {"x_tokens": False, "false_tokens": False, "absent_tokens": False, "open_red_deal": False,
                "random_info_token": False, "hidden_red_value": False, "x_blue": False, "yellow_dealt": "",
                "failure_tokens": True, "captain_fragile": False, "captain_no_equipment": False, "turned": ""}
    for n, m in MISSIONS.items():
        assert m.tokens == tokens.get(n, "value"), n
        assert m.double_detector == detectors.get(n, "all"), n
        assert m.constraints == constraints.get(n, ""), n
        assert m.number_cards == numbers.get(n, "") == setup_json(m)["number_cards"], n
        for flag, default in defaults.items():
            assert getattr(m, flag) == special.get(n, {}).get(flag, default), (n, flag)
        assert list(m.special) == special.get(n, {}).get("special", []), n
        assert setup_json(m)["special"] == list(m.special)
        assert m.tokens in TOKEN_VARIANTS and m.double_detector in DOUBLE_DETECTOR_MODES
        assert m.constraints in CONSTRAINT_SCHEMES
        d = setup_json(m)
        assert all(d[flag] == getattr(m, flag) for flag in defaults)


def test_equipment_campaign_and_exclusions():
    """The pile: 1-12 from mission 3, False Bottom where the card has sticker A, the double-numbered
    cards from 55 (sticker C; not in 41: its card has stickers A and B only, bdiffuser's OCR transcription), minus
    each card's "if equipment N is drawn, discard it"."""
    exclusions = {
        10: {"11"}, 20: {"2"}, 26: {"10"}, 27: {"7"}, 35: {"2"}, 41: {"Y"}, 44: {"10"}, 45: {"10", "11"},
        46: {"7"}, 47: {"10"}, 49: {"10"}, 50: {"10"}, 51: {"10"}, 52: {"1", "12"}, 53: {"6", "9"}, 54: {"10"}, 57: {"10.10"},  # 57: "Equipment 10 (Disintegrator)": the card named is 10.10
        58: {"4", "7"}, 59: {"10"}, 63: {"10"}, 65: {"10"},
    }
    sticker_a = {9, 10, 11, 12, 14, 16, 19, 20, 22, 27, 28, 30, 35, 36, 39, 41, 42, 46, 48, 50, 52, 66}
    double = ["2.2", "3.3", "9.9", "10.10", "11.11"]
    assert get_mission(1).equipment == get_mission(2).equipment == get_mission(39).equipment == ()
    assert list(get_mission(3).equipment) == [e for e in FULL[:10] if e != "2"]
    assert get_mission(18).equipment == ("8",)
    for n, m in MISSIONS.items():
        assert all(e in EQUIPMENT for e in m.equipment)
        if n < 4 or n in (18, 39):
            continue
        pool = FULL + (["Y"] if n in sticker_a else []) + (double if n >= 55 else [])
        assert list(m.equipment) == [e for e in pool if e not in exclusions.get(n, set())], n


def test_notes_carry_special_rules():
    assert "15-minute" in get_mission(10).notes
    assert "General Radar" in get_mission(18).notes
    assert "X token" in get_mission(20).notes
    assert "face-down deck of 7" in get_mission(23).notes
    assert "counts as red" in get_mission(11).notes.replace("count as red", "counts as red")
    assert "sound file" in get_mission(19).notes and "not followed" in get_mission(42).notes
    assert all(m.name for m in MISSIONS.values())


def test_printed_numbers_need_no_draw():
    m = get_mission(46)
    assert setup_json(m)["yellow"]["fixed"] == [5, 6, 7, 8]
    assert m.wires() == {"blue": [1, 12], "yellow": [5, 6, 7, 8]}
    assert m.wires([8, 7, 6, 5]) == m.wires()
    with pytest.raises(StateError, match="printed on the card"):
        m.wires([1, 2, 3, 4])


def test_setup_json_shape():
    d = setup_json(get_mission(8))
    assert d["blue"] == [1, 12]
    assert d["yellow"] == {"count": 2, "of": 3, "known": 0, "in_play": 2, "numbers_needed": 3}
    assert d["red"] == {"count": 1, "of": 2, "known": 0, "in_play": 1, "numbers_needed": 2}
    assert d["wires_in_play"] == 51
    assert setup_json(get_mission(1))["yellow"] is None
    assert setup_json(get_mission(2))["yellow"]["of"] is None
    assert setup_json(KNOWN_RED)["red"] == {
        "count": 2, "of": 3, "known": 2, "in_play": 4, "numbers_needed": 5,
    }
    for d in all_missions_json():
        assert json.loads(json.dumps(d)) == d
        assert isinstance(d["equipment"], list)


def test_wires_examples():
    m8 = get_mission(8)
    doc = m8.wires([9, 2, 5], [7, 3])
    assert doc == {"blue": [1, 12], "yellow": {"of": [2, 5, 9], "keep": 2}, "red": {"of": [3, 7], "keep": 1}}
    assert WireSetup.from_json(doc).total_in_play == 48 + 1 + 2 == 51
    assert get_mission(4).wires([7, 4], [2]) == {"blue": [1, 12], "yellow": [4, 7], "red": [2]}
    assert get_mission(1).wires([], []) == {"blue": [1, 6]}
    assert get_mission(1).wires() == {"blue": [1, 6]}
    # known reds first, then the three candidates; or the explicit mapping form
    flat = KNOWN_RED.wires([], [6, 1, 9, 4, 2])
    assert flat["red"] == {"known": [1, 6], "of": [2, 4, 9], "keep": 2}
    assert KNOWN_RED.wires(None, {"known": [6, 1], "of": [9, 4, 2]}) == flat
    assert WireSetup.from_json(flat).total_in_play == 52
    assert get_mission(5).wires({"of": [1, 2, 3]}, {"known": [5]})["yellow"] == {"of": [1, 2, 3], "keep": 2}


@pytest.mark.parametrize(
    "n, yellow, red, words",
    [
        (8, [1, 2], [3, 4], ["mission 8", "3 yellow numbers", "2 of 3", "got 2"]),
        (8, [1, 2, 3], [4], ["2 red numbers", "1 of 2", "got 1"]),
        (4, [1, 2, 3], [5], ["2 yellow numbers", "2 dealt"]),
        (1, [3], [], ["mission 1", "0 yellow numbers", "none in this mission"]),
        (3, [], [], ["1 red number ", "got 0"]),
        (4, [4, 4], [1], ["yellow", "[4]", "twice"]),
        (4, [1, 12], [1], ["12", "yellow wire number", "1-11"]),
        (4, [0, 1], [1], ["0", "1-11"]),
        (4, [1, True], [2], ["True", "yellow"]),
        (4, "12", [2], ["yellow numbers must be a list"]),
        (99, [], [1, 2, 3, 4], ["5 red numbers", "2 known + 2 of 3"]),
        (99, [], {"known": [1], "of": [2, 3, 4, 5]}, ["1 known and 4 drawn", "2 known and 3 drawn"]),
        (99, [], {"known": [1, 2], "off": [3]}, ["unknown field", "off"]),
        (4, {"of": [1, 2]}, [3], ["2 dealt, not drawn"]),
    ],
)
def test_bad_numbers_raise_state_error(n, yellow, red, words):
    with pytest.raises(StateError) as info:
        (KNOWN_RED if n == 99 else get_mission(n)).wires(yellow, red)
    msg = str(info.value)
    for w in words:
        assert w in msg, (w, msg)
    assert info.value.location["field"].startswith("wires.")


@pytest.mark.parametrize("bad", [0, 67, -1, 99, "8", 8.0, True, None])
def test_get_mission_out_of_range(bad):
    with pytest.raises(StateError) as info:
        get_mission(bad)
    msg = str(info.value)
    assert repr(bad) in msg and "1-66" in msg
    assert isinstance(info.value, ValueError)


def test_mission_is_frozen():
    m = get_mission(5)
    with pytest.raises(AttributeError):
        m.red_count = 3  # type: ignore[misc]


def test_mission_43_deals_wires_to_nano_by_player_count():
    """2 players: 5 wires to Nano; 3-4: 4; 5: 3 (the card); no other preset deals to Nano."""
    from bombbusters.missions.preset import all_missions_json

    for m in all_missions_json():
        got = {n: d.get("nano") for n, d in m["players"].items()}
        want = {"2": 5, "3": 4, "4": 4, "5": 3} if m["number"] == 43 else {n: None for n in m["players"]}
        assert got == want, (m["number"], got)


def test_false_bottom_only_where_yellow_wires_are_dealt():
    """Rule sticker A puts False Bottom in the pile of a mission with yellow wires: 52 deals them with 2 players only
    (bdiffuser's setup adds it per deal), so its pile with 3-5 players has none; the UI gets the pile per count."""
    m = get_mission(52)
    assert "Y" in m.for_players(2).equipment
    assert all("Y" not in m.for_players(n).equipment for n in (3, 4, 5))
    assert "Y" not in setup_json(m)["players"]["4"]["equipment"] and "Y" in setup_json(m)["players"]["2"]["equipment"]
    for n, mission in MISSIONS.items():  # everywhere else the pile is the same at every count
        if n != 52:
            assert {tuple(mission.for_players(k).equipment) for k in mission.allowed} == {mission.equipment}, n


def test_new_characters_from_mission_31():
    """Rule sticker B: from 31 a non-captain may take E1-E4 instead of the Double Detector; 58 uses none; the
    missions that discard the X or Y Ray's character (44, 45, 47, 49, 51, 54, 59, 63, 65) offer E1-E3."""
    assert all(not get_mission(n).characters for n in range(1, 31))
    assert setup_json(get_mission(37))["characters"] == ["E1", "E2", "E3", "E4"]
    assert get_mission(58).characters == ()
    assert [n for n in range(31, 67) if get_mission(n).characters == ("E1", "E2", "E3")] == [44, 45, 47, 49, 51, 54, 59, 63, 65]
