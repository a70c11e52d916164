"""Stand notation: every documented token, round trips, case, and readable errors."""

from __future__ import annotations

import re

import pytest
from bombbusters.table.errors import NotationError
from bombbusters.table.notation import (
    CUT,
    HIDDEN,
    INFO,
    Slot,
    format_slot,
    format_stand,
    parse_slot,
    parse_stand,
    slot_letter,
)
from bombbusters.table.state import GameState
from bombbusters.table.wires import (
    BLUE,
    RED,
    YELLOW,
    blue,
    colour_of,
    label,
    number_of,
    parse_label,
    red,
    yellow,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

# token -> (slot, canonical form)
DOCUMENTED = {
    "?": (Slot(), "?"),
    "?7": (Slot(HIDDEN, blue(7)), "?7"),
    "?12": (Slot(HIDDEN, blue(12)), "?12"),
    "?Y4": (Slot(HIDDEN, yellow(4)), "?Y4"),
    "?R11": (Slot(HIDDEN, red(11)), "?R11"),
    "7": (Slot(CUT, blue(7)), "7"),
    "1": (Slot(CUT, blue(1)), "1"),
    "Y4": (Slot(CUT, yellow(4)), "Y4"),
    "R5": (Slot(CUT, red(5)), "R5"),
    "i8": (Slot(INFO, blue(8)), "i8"),
    "iY": (Slot(INFO, None, YELLOW), "iY"),
    "iY3": (Slot(INFO, yellow(3)), "iY3"),
    "b?": (Slot(colour=BLUE), "b?"),
    "y?": (Slot(colour=YELLOW), "y?"),
    "r?": (Slot(colour=RED), "r?"),
    "E": (Slot(parity="even"), "E"),
    "O": (Slot(parity="odd"), "O"),
    "E?": (Slot(parity="even"), "E"),
    "E?4": (Slot(HIDDEN, blue(4), parity="even"), "E?4"),
    "O3": (Slot(CUT, blue(3), parity="odd"), "O3"),
    "Ei6": (Slot(INFO, blue(6), parity="even"), "Ei6"),
    "bE": (Slot(colour=BLUE, parity="even"), "bE"),
    "1x": (Slot(multiplicity=1), "1x"),
    "2x7": (Slot(CUT, blue(7), multiplicity=2), "2x7"),
    "3x?9": (Slot(HIDDEN, blue(9), multiplicity=3), "3x?9"),
    "2xiY": (Slot(INFO, None, YELLOW, multiplicity=2), "2xiY"),
    "y2x": (Slot(colour=YELLOW, multiplicity=2), "y2x"),
    "X": (Slot(unsorted=True), "X"),
    "X?": (Slot(unsorted=True), "X"),
    "X5": (Slot(CUT, blue(5), unsorted=True), "X5"),
    "XR2": (Slot(CUT, red(2), unsorted=True), "XR2"),
    "X?Y3": (Slot(HIDDEN, yellow(3), unsorted=True), "X?Y3"),
    "Xi4": (Slot(INFO, blue(4), unsorted=True), "Xi4"),
    "rX": (Slot(colour=RED, unsorted=True), "rX"),
    "!3": (Slot(not_value=3), "!3"),
    "!12": (Slot(not_value=12), "!12"),
    "!3?4": (Slot(HIDDEN, blue(4), not_value=3), "!3?4"),
    "!3i4": (Slot(INFO, blue(4), not_value=3), "!3i4"),
    "!3Y3": (Slot(CUT, yellow(3), not_value=3), "!3Y3"),
    "y!3": (Slot(colour=YELLOW, not_value=3), "y!3"),
}


@pytest.mark.parametrize("token", sorted(DOCUMENTED))
def test_documented_tokens(token):
    slot, canonical = DOCUMENTED[token]
    assert parse_slot(token) == slot
    assert format_slot(slot) == canonical
    assert parse_slot(canonical) == slot
    assert str(slot) == canonical


@pytest.mark.parametrize("token", sorted(DOCUMENTED))
def test_case_insensitive(token):
    slot, _ = DOCUMENTED[token]
    assert parse_slot(token.lower()) == slot
    assert parse_slot(token.upper()) == slot
    assert parse_slot(token.swapcase()) == slot


def test_stand_separators():
    want = (Slot(), Slot(CUT, blue(3)), Slot(), Slot(INFO, blue(8)))
    for text in ["? 3 ? i8", "?,3,?,i8", "  ?  3,  ?, i8  ", "?\t3\n?  I8"]:
        assert parse_stand(text) == want
    assert format_stand(want) == "? 3 ? i8"


def test_slot_properties():
    assert parse_slot("7").is_cut and not parse_slot("i7").is_cut
    assert parse_slot("7").public_wire == blue(7)
    assert parse_slot("i7").public_wire == blue(7)
    assert parse_slot("?7").public_wire is None
    assert parse_slot("iY").public_wire is None
    assert slot_letter(0) == "A" and slot_letter(25) == "Z"


@pytest.mark.parametrize(
    "t", [blue(n) for n in range(1, 13)] + [yellow(n) for n in range(1, 12)] + [red(n) for n in range(1, 12)]
)
def test_labels_round_trip(t):
    assert parse_label(label(t)) == t
    assert parse_label(label(t).lower()) == t


# --------------------------------------------------------------------------
# errors

BAD = [
    "??", "13", "0", "Y12", "R0", "?13", "?Y0", "i", "i13", "iR3", "b", "y3?", "bY3", "E3", "O?4", "rE",
    "yE", "r1x", "r!3", "R1x", "E2x", "X!3", "!13", "!0", "yi3", "biY", "ri4", "ri", "x?13", "5x", "1x?R2",
    "#", "?-1", "E!", "ii3", "3?", "!", "Y", "R", "?Y", "iYY", "r!3?4", "E?R3", "b?Y3", "y?4",
]


@pytest.mark.parametrize("token", BAD)
def test_bad_token_raises_naming_token_and_slot(token):
    with pytest.raises(NotationError) as exc:
        parse_stand(f"? ? {token} ?")
    assert isinstance(exc.value, ValueError)
    msg = str(exc.value)
    assert repr(token) in msg, msg
    assert "slot C" in msg, msg
    assert exc.value.location.get("slot") == 2


def test_bad_token_in_state_names_player_and_stand():
    doc = {
        "players": [{"name": "Ann", "stands": ["? ?", "? ?"]}, {"name": "Bob", "stands": ["? ?", "? zz"]}],
        "me": None,
        "wires": {"blue": [1, 2]},
    }
    with pytest.raises(NotationError) as exc:
        GameState.from_json(doc)
    msg = str(exc.value)
    assert "Bob (stand 2)" in msg and "'zz'" in msg and "slot B" in msg
    assert exc.value.location == {"player": 1, "stand": 1, "slot": 1}


def test_empty_stand():
    with pytest.raises(NotationError):
        parse_stand("  ")
    with pytest.raises(NotationError):
        parse_stand(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_slot("")


def test_false_token_on_cut_blue_wire_round_trips():
    # A false token placed at setup stays on the wire after it is cut: '!6:5'.
    for slot in (Slot(CUT, blue(5), not_value=6), Slot(CUT, blue(2), not_value=1)):
        assert parse_slot(format_slot(slot)) == slot
    assert format_slot(Slot(CUT, blue(5), not_value=6)) == "!6:5"
    assert parse_slot("!12").not_value == 12 and parse_slot("!12").state == "hidden"


# --------------------------------------------------------------------------
# property tests


def _types(colours=(BLUE, YELLOW, RED)):
    out = []
    if BLUE in colours:
        out.append(st.integers(1, 12).map(blue))
    if YELLOW in colours:
        out.append(st.integers(1, 11).map(yellow))
    if RED in colours:
        out.append(st.integers(1, 11).map(red))
    return st.one_of(out)


@st.composite
def valid_slots(draw):
    """Any slot the notation can write: one indicator at most, tokens consistent with the wire."""
    state = draw(st.sampled_from([HIDDEN, CUT, INFO]))
    colour = None
    if state == CUT:
        wire = draw(_types())
    elif state == INFO:
        wire = draw(st.one_of(st.none(), _types((BLUE, YELLOW))))
        if wire is None:
            colour = YELLOW
    else:
        wire = draw(st.one_of(st.none(), _types()))
        if wire is None:
            colour = draw(st.sampled_from([None, BLUE, YELLOW, RED]))
    col = colour_of(wire) if wire is not None else colour
    indicator = draw(st.sampled_from(["none", "parity", "multiplicity", "not_value", "unsorted"]))
    parity = multiplicity = not_value = None
    unsorted = False
    if indicator == "parity" and col in (None, BLUE):
        parity = (
            ("even" if number_of(wire) % 2 == 0 else "odd") if wire is not None
            else draw(st.sampled_from(["even", "odd"]))
        )
    elif indicator == "multiplicity" and col != RED:
        multiplicity = draw(st.integers(1, 3))
    elif indicator == "not_value" and col != RED:
        not_value = draw(st.integers(1, 12))
        assume(wire is None or wire != blue(not_value))
        # known bug (test_false_token_on_cut_blue_wire_round_trips): '!6' then cut '5' reads '!65'
        assume(not (state == CUT and col == BLUE))
    elif indicator == "unsorted":
        unsorted = True
    return Slot(state, wire, colour, parity, multiplicity, not_value, unsorted)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.lists(valid_slots(), min_size=1, max_size=10))
def test_round_trip(slots):
    slots = tuple(slots)
    text = format_stand(slots)
    assert parse_stand(text) == slots
    assert format_stand(parse_stand(text)) == text
    assert parse_stand(text.lower()) == slots
    assert parse_stand(text.upper()) == slots
    assert parse_stand(text.replace(" ", ", ")) == slots


@st.composite
def token_texts(draw):
    """Token-like text from the grammar's pieces, valid or not, in any case."""
    n = st.integers(0, 13).map(str)
    colour = draw(st.sampled_from(["", "", "b", "y", "r"]))
    ind = draw(st.sampled_from(["", "", "E", "O", "1x", "2x", "3x", "X", "!"]))
    if ind == "!":
        ind += draw(n)
    core = draw(
        st.sampled_from(["", "?", "?N", "?YN", "?RN", "N", "YN", "RN", "iN", "iY", "iYN"])
    ).replace("N", draw(n))
    text = colour + ind + core
    assume(text)
    return "".join(c.upper() if draw(st.booleans()) else c.lower() for c in text)


@settings(max_examples=600, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.lists(token_texts(), min_size=1, max_size=6))
def test_format_is_a_fixed_point(tokens):
    text = " ".join(tokens)
    try:
        slots = parse_stand(text)
    except NotationError as exc:
        # an unreadable stand names a slot and quotes a token that is in the text
        assert re.search(r"slot [A-F]", str(exc))
        assert any(repr(t) in str(exc) for t in tokens)
        return
    canon = format_stand(slots)
    assert parse_stand(canon) == slots
    assert format_stand(parse_stand(canon)) == canon
