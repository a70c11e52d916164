"""The mission table: every mission's deal, equipment and table rules, 1–66.

Why data apart from ``missions.py``: that module says what a preset *is*
(and turns the numbers drawn at the table into the engine's wires); this one
is the transcription, row by row, checked against the public sources listed
in the README ("Missions").  A row reads like the mission card: the usual
deal, then what changes with 2 (or 3, 5) players.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ROWS", "spec", "campaign_equipment", "new_characters"]

_SPEC_RE = re.compile(r"^(?:(\d+)\s*\+\s*)?(\d+)(?:\s+of\s+(\d+))?$")

#: equipment 1–12, the yellow False Bottom, and the double-numbered cards
_STANDARD = tuple(str(i) for i in range(1, 13))
_DOUBLE = ("2.2", "3.3", "9.9", "10.10", "11.11")

#: missions where False Bottom joins the pile (rule sticker A on the card)
_STICKER_A = {9, 10, 11, 12, 14, 16, 19, 20, 22, 27, 28, 30, 35, 36, 39, 41, 42, 46, 48, 50, 52, 66}


def spec(text: str) -> tuple[int, int | None, int, tuple[int, ...]]:
    """"2", "2 of 3", "2 + 2 of 3" or "=5,6,7,8" (numbers printed on the card)
    -> (count, of, known, fixed numbers)."""
    text = text.strip()
    if text.startswith("="):
        nums = tuple(int(x) for x in text[1:].split(","))
        return len(nums), None, 0, nums
    m = _SPEC_RE.match(text)
    if not m:
        raise ValueError(f"bad colour spec {text!r}")
    known, count, of = m.group(1), m.group(2), m.group(3)
    return int(count), (int(of) if of else None), int(known or 0), ()


def campaign_equipment(number: int, without: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The equipment pile of a mission: none in training 1–2, 1–12 from mission 3 (training 3
    leaves out 2, 11 and 12), False Bottom where sticker A says so, the double-numbered
    cards from mission 55 (sticker C); minus the cards the mission discards."""
    if number <= 2:
        pool: tuple[str, ...] = ()
    elif number == 3:
        pool = tuple(e for e in _STANDARD if e not in ("2", "11", "12"))
    else:
        pool = _STANDARD + (("Y",) if number in _STICKER_A else ()) + (_DOUBLE if number >= 55 else ())
    return tuple(e for e in pool if e not in without)


#: the new characters (rule sticker B, missions 31 on: a non-captain may take one instead of their Double Detector),
#: each with its personal equipment: E1 General Radar, E2 Walkie-Talkies, E3 Triple Detector, E4 X or Y Ray
_CHARACTERS = ("E1", "E2", "E3", "E4")
#: missions whose card says not to use the new character with the X or Y Ray
_NO_E4 = {44, 45, 47, 49, 51, 54, 59, 63, 65}


def new_characters(number: int) -> tuple[str, ...]:
    """The new characters a mission lets non-captains take: none before 31 nor in 58 ("do not use new characters")."""
    if number < 31 or number == 58:
        return ()
    return tuple(c for c in _CHARACTERS if not (c == "E4" and number in _NO_E4))


def _m(number: int, title: str, red: str = "0", yellow: str = "0", **rules: Any) -> dict[str, Any]:
    return {"number": number, "title": title, "red": red, "yellow": yellow, **rules}


# players: {count: (red, yellow)} where the card deals other wires for that many players
ROWS: list[dict[str, Any]] = [
    _m(1, "Training, day 1", blue=(1, 6), notes="no equipment"),
    _m(2, "Training, day 2", yellow="2", blue=(1, 8), notes="no equipment"),
    _m(3, "Training, day 3", red="1", blue=(1, 10), notes="equipment from here on (not 2, 11, 12 in this one)"),
    _m(4, "First day in the field", red="1", yellow="2", players={2: ("1", "4")}),
    _m(5, "Second day in the field", red="1", yellow="2 of 3", players={2: ("2", "2 of 3")}),
    _m(6, "Third day in the field", red="1", yellow="4", players={2: ("2", "4")}),
    _m(7, "Last day of class", red="1 of 2", players={2: ("1 of 3", "0")}),
    _m(8, "Final exam", red="1 of 2", yellow="2 of 3", players={2: ("1 of 3", "4")}),
    _m(9, "A sense of priorities", red="1", yellow="2", players={2: ("2", "4")},
       number_cards="sequence",
       notes="number cards + sequence card: some values must be cut in order"),
    _m(10, "A rough patch", red="1", yellow="4", without=("11",), free_turns=True,
       notes="15-minute timer (12 with 2 players); turns in any order (\"Snip!\"), never the same player twice "
       "in a row"),
    _m(11, "Blue on red", yellow="2", players={2: ("0", "4")}, hidden_red_value=True, captain_no_token_2p=True,
       notes="a number card set face up on the mission card: its 4 blue wires count as red (cutting or "
       "pointing at one explodes the bomb; revealed as red wires are, once they are all a player holds)"),
    _m(12, "Wrapped in red tape", red="1", yellow="4", players={2: ("2", "4")},
       notes="each equipment card also waits for the cut of its number card's value"),
    _m(13, "Red alert", red="3", open_red_deal=True, random_info_token=True, captain_no_token_2p=True,
       notes="reds dealt openly one at a time from the captain (everyone knows who holds how many); "
       "each player draws a random info token: placed on a matching wire, or beside the stand "
       "meaning \"I have none\""),
    _m(14, "High-risk bomb disposal expert", red="2", yellow="2 of 3", players={2: ("3", "4")}, captain_fragile=True,
       notes="the intern — the captain — whose failed cut explodes the bomb; no Stabilizer for them"),
    _m(15, "Mission in Novosibirsk", red="1 of 3", players={2: ("2 of 3", "0")},
       notes="number cards lock the equipment"),
    _m(16, "Time to reprioritize", red="1", yellow="2 of 3", players={2: ("2", "4")},
       number_cards="sequence",
       notes="number cards + sequence card: some values must be cut in order"),
    _m(17, "Rhett Herrings", red="2 of 3", players={2: ("3", "0")}, false_tokens=True, false_by="captain",
       captain_no_equipment=True, double_detector="captain_disabled",
       notes="the captain places 2 false info tokens (not on red); a failure on their wires places a false "
       "token of the value said; they use no equipment card, and no Double Detector (their Captain card goes back "
       "to the box)"),
    _m(18, "Bat-helping-hand", red="2", players={2: ("3", "0")}, tokens="none", only=("8",),
       notes="General Radar only; no starting info tokens; the active player names who cuts"),
    _m(19, "In the belly of the beast", red="1", yellow="2 of 3",
       notes="a sound file plays through the mission (not followed here: the wires play as usual)"),
    _m(20, "The big bad wolf", red="2", yellow="2", players={2: ("2 of 3", "4")}, x_tokens=True, without=("2",),
       notes="one X token per stand: the last wire dealt is unsorted at the far right (any colour); "
       "no Walkie-Talkies"),
    _m(21, "Death by haggis", red="1 of 2", players={2: ("2", "0")}, tokens="even_odd",
       notes="even/odd tokens replace info tokens"),
    _m(22, "Negative impressions", red="1", yellow="4", players={2: ("3", "4")}, absent_tokens=True, token_pass=True,
       notes="each player places 2 tokens of values they do NOT hold beside their stand; once 2 yellow wires "
       "are cut, each player from the captain gives a token to their left neighbour (on a wire of its value, "
       "else beside the stand)"),
    _m(23, "Defusing in Fordwich", red="1 of 3", players={2: ("2 of 3", "0")}, number_cards="noble",
       equipment_after_special=True,
       notes="the 4 wires of the face-up number card's value are cut together by a special action (a wrong wire "
       "explodes the bomb); equipment: a face-down deck of 7, its top card discarded each round until the action, "
       "then the cards left face up, all usable"),
    _m(24, "Tally ho", red="2", players={2: ("3", "0")}, tokens="multiplicity",
       notes="x1/x2/x3/x4 tokens replace info tokens at setup, on failures and on a Post-it: how many wires of "
       "that value the stand holds, cut ones included (x2-x4 on any of them; never on red); a Post-it's may go in front "
       "of a cut wire"),
    _m(25, "The better to hear you with", red="2", players={2: ("3", "0")}, notes="no numbers may be spoken"),
    _m(26, "Speaking of the wolf", red="2", players={2: ("3", "0")}, without=("10",),
       number_cards="pick",
       notes="12 number cards: each turn flip one and cut that value; no X-or-Y Ray"),
    _m(27, "Playing with wire", red="1", yellow="4", double_detector="disabled", without=("7",),
       captain_no_token_2p=True,
       notes="no character cards (no Double Detector); no Emergency Batteries; once two yellow wires are cut, as "
       "many info tokens as players are drawn face up and, from the captain, each player takes one (on a wire of "
       "its value, else beside the stand: I have none)"),
    _m(28, "Captain careless", red="2", yellow="4", players={2: ("3", "4")}, double_detector="captain_disabled",
       captain_fragile=True, captain_no_equipment=True,
       notes="the captain has no character card and no equipment, and their failed dual cut explodes the bomb"),
    _m(29, "Guessing game", red="3", captain_no_token_2p=True, number_cards="guess",
       notes="number cards dealt to players: before each turn one is put down face down; shown after the turn, "
       "it moves the detonator if the active player has just cut a wire of its value"),
    _m(30, "Speed mission", red="1 of 2", yellow="4", sound_rounds=True,
       notes="12 number cards; a sound file times the rounds: a card's value to cut within seconds (a miss: "
       "detonator +1, or the active player tells whether they hold a drawn value), the yellow wires each player "
       "has left made public, then only three values"),
    _m(31, "With one hand tied", red="2 of 3", constraints="chosen",
       notes="each player picks one constraint card A-E and keeps to it until they cannot"),
    _m(32, "Pranks-a-plenty", red="2", players={2: ("3", "0")}, constraints="deck",
       notes="one visible constraint card (A-L) binds everyone; the captain may replace it each turn"),
    _m(33, "What happens in Vegas", red="2 of 3", players={2: ("3", "0")}, tokens="even_odd",
       notes="even/odd tokens replace info tokens"),
    _m(34, "The weakest link", red="1", allowed=(3, 4, 5), constraints="weakest_link",
       notes="one hidden player (the weakest link) keeps to a hidden constraint card A-E; "
       "no personal equipment while the characters are hidden"),
    _m(35, "No link, single wire", red="2 of 3", yellow="4", players={2: ("3", "4")}, x_tokens=True,
       x_blue=True, without=("2",), special=("x_after_yellow",),
       notes="each stand's X wire is a blue wire dealt face down first, at the far right; it may be cut "
       "only after the 4 yellow wires, and no equipment works on it; no Walkie-Talkies"),
    _m(36, "Panic under the palm trees", red="1 of 3", yellow="2", players={2: ("2 of 3", "4")},
       number_cards="sequence",
       notes="5 number cards in a line: their values must be cut in the sequence card's order"),
    _m(37, "Joker's gone wild", red="2", players={2: ("3", "0")}, constraints="deck",
       notes="one visible constraint card (A-L) binds everyone; replaced each time a value's 4 wires are cut"),
    _m(38, "Knit a wire, purl a wire", red="2", players={2: ("3", "0")}, turned="captain",
       notes="the captain turns one of their wires around unseen at the far right: only they may cut it, "
       "without equipment, and a failure explodes the bomb"),
    _m(39, "The 4 noble wires", red="2 of 3", yellow="4", players={2: ("3", "4")}, only=(), random_info_token=True,
       number_cards="noble",
       notes="no equipment; the 4 wires of a number card's value are cut together by a special action"),
    _m(40, "Hard to die", red="3", tokens="multiplicity", captain_no_token_2p=True,
       notes="x1/x2/x3/x4 tokens replace info tokens at setup, on failures and on "
       "a Post-it: how many wires of that value the stand holds, cut ones included; a Post-it's may go in front "
       "of a cut wire"),
    _m(41, "Latin bombshell", red="1 of 3", yellow="4", players={2: ("2 of 3", "2"), 3: ("1 of 3", "3")},
       without=("Y",), random_info_token=True, yellow_dealt="one_each", special=("yellow_special",),
       detonator="end",
       notes="False Bottom is discarded if drawn; one yellow tripwire dealt face down "
       "to each player (none to the captain with 5); tripwires are cut one by one by a special action, a "
       "success moving the detonator back a space; a player with only their own tripwire (and red wires) "
       "left skips their turn; the detonator starts a space from the end"),
    _m(42, "Join the circus", red="1 of 3", yellow="4", notes="timed by a sound file (not followed here: the wires play as usual)"),
    _m(43, "Nano the robot", red="3", nano=True,
       notes="Nano is dealt wires face down (5 with 2 players, 4 with 3 or 4, 3 with 5); a player who cuts the "
       "value of Nano's space takes one at random into their hand (record it as \"Nano's wire\"); the page moves "
       "Nano along its track from the turns recorded"),
    _m(44, "Underwater pressure", red="1 of 3", without=("10",), special=("oxygen_reserve",),
       notes="oxygen tokens from one reserve pay for each cut by depth; all go back at the captain's turn"),
    _m(45, "Seeking volunteers", red="2", players={2: ("3", "0")}, without=("10", "11"),
       number_cards="pick",
       notes="a number card names the value to cut; the first to say \"snip\" cuts it"),
    _m(46, "Secret agent", yellow="=5,6,7,8", without=("7",), special=("sevens_last",), captain_no_token_2p=True,
       notes="yellow 5, 6, 7 and 8; the four 7s are cut last, all at once"),
    _m(47, "Calculate the odds", red="2 of 3", players={2: ("3", "0")}, without=("10",),
       number_cards="sum",
       notes="each cut's value is the sum or difference of two number cards"),
    _m(48, "Lethal wires 3", red="2", yellow="3", players={2: ("3", "3")}, yellow_dealt="captain_first",
       special=("yellow_special",),
       notes="the 3 yellow wires are dealt one per player from the captain (2 players: 2 to the captain) "
       "and cut all at once by a special action"),
    _m(49, "Message in a bottle", red="2", players={2: ("3", "0")}, without=("10",), special=("oxygen_gift",),
       notes="oxygen tokens: give a teammate the value of the wire you cut"),
    _m(50, "The blackest sea", red="2", yellow="2", players={2: ("3", "4")}, without=("10",),
       notes="memory mode: tokens go beside the stand (a token there says the stand holds that value)"),
    _m(51, "Your (un)lucky day", red="1", players={2: ("2", "0")}, without=("10",), captain_no_token_2p=True,
       number_cards="pick", detonator="back",
       notes="a number card names the value to cut and who is asked; the detonator starts a space further back"),
    _m(52, "Dirty double-crossers", red="3", players={2: ("3", "4")}, without=("1", "12"), false_tokens=True,
       false_by="all",
       notes="every info token is false (\"this wire is not that value\"): 2 each at setup, and on a failed cut"),
    _m(53, "Nano nano", red="2", players={2: ("3", "0")}, without=("6", "9"), special=("nano_detonator",),
       notes="Nano replaces the detonator"),
    _m(54, "Attack of Rabbit the Red", red="0", without=("10",), special=("oxygen_own",),
       notes="the 11 red wires wait in a face-down pile, not dealt (not modelled once they enter); "
       "each player's own oxygen tokens pay for their cuts by depth, one more for each validated value"),
    _m(55, "Doctor Nope's challenge", red="2", players={2: ("2 of 3", "0")}, special=("challenges",), detonator="end",
       notes="challenge cards: each one completed moves the detonator back a space; the detonator starts a "
       "space from the end"),
    _m(56, "Tripwires", red="2 of 3", players={2: ("3", "0")}, turned="each",
       notes="each player turns one wire around unseen at the far right; its owner cuts it with a plain cut (no "
       "equipment; a failure explodes the bomb); a teammate may cut it too, but the detonator then moves a space"),
    _m(57, "An impossible mission", red="1", players={2: ("2", "0")}, without=("10.10",), constraints="per_value",
       notes="each validated value brings its constraint card (A-L, one paired with each number card), which binds everyone"),
    _m(58, "Double and/or nothing", red="2", players={2: ("3", "0")}, without=("4", "7"), tokens="none",
       failure_tokens=False, double_detector="unlimited",
       notes="no info tokens at all (a failed cut tells nothing more); Double Detectors never run out"),
    _m(59, "Nano to the rescue", red="2 of 3", players={2: ("3", "0")}, without=("10",), number_cards="line",
       notes="Nano on a line of the 12 number cards picks the values to cut: the one under it or one ahead"),
    _m(60, "Yep, it's Doctor Nope", red="2 of 3", players={2: ("3", "0")}, special=("challenges",), detonator="end",
       notes="challenge cards: each one completed moves the detonator back a space; the detonator starts a "
       "space from the end"),
    _m(61, "Sharing is caring", red="1", players={2: ("2", "0")}, constraints="ring",
       notes="constraint cards A-E pass around the table"),
    _m(62, "Armageddon roulette", red="2", players={2: ("3", "0")}, number_cards="detonator", detonator="end",
       notes="number cards face up, one per player: the detonator starts a space from the end (no mistake to spare), and goes back a "
       "space each time the 4 wires of one of their values are cut"),
    _m(63, "Positively titanic", red="2", players={2: ("3", "0")}, without=("10",), special=("oxygen_pass",),
       notes="oxygen pays for each cut, as many tokens as its value, passed from player to player"),
    _m(64, "Return of the tripwires", red="1", players={2: ("2", "0")}, turned="ends",
       notes="each player turns two wires around unseen at the ends of the stand (with two stands: two in all, "
       "the lower far left of the first, the higher far right of the second); their owner cuts them with plain cuts "
       "(no equipment; a failure explodes the bomb); a teammate may cut one too, but the detonator then moves a space"),
    _m(65, "Hand-me-downs", red="3", allowed=(3, 4, 5), without=("10",),
       number_cards="pick",
       notes="each cut must match one of your number cards"),
    _m(66, "The final countdown", red="2", yellow="2", constraints="bunker",
       notes="a bunker board of constraint cards A-E steers the cuts; yellow wires only when told"),
]
