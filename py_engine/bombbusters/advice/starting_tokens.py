"""Teammates' starting value, parity or x-tokens read as the advice's choice: what the slot they picked says.

Why: a team that places the starting token the page advises shows more than the token's face (the
other slots would have told less, see ``indication.token_choice_facts``); left out, the chances
drift from what happens (docs/arena.md, calibration).  The page sends the slots of those tokens as
``starting_tokens`` when the player says their team places the advised tokens; every request reads
them through :func:`with_starting_tokens`, so the heatmap, the moves and the playouts see the same
facts.  Only the choice is read, never a hand: what the facts say holds for any hand that would have
put the token there.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ..questions.analysis import FACTS_FROM_TOKENS, solve_state
from ..table.errors import InconsistentStateError, StateError
from ..table.facts import Fact
from ..table.notation import CUT, INFO, Slot, slot_letter
from ..table.players import Player
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, label, parity_of
from .indication import token_choice_facts
from .token_gains import forget_gains

__all__ = ["STARTING_TOKENS", "forget_readings", "starting_token_facts", "with_starting_tokens"]

#: the state document's key: [[player, stand, slot], …] of teammates' starting value (even/odd, x) tokens
STARTING_TOKENS = "starting_tokens"
#: the rebuilt table at the token's moment (and the token) -> the facts its choice tells
_READ: dict[str, tuple[Fact, ...]] = {}
#: facts public from the deal on (open red deal, yellow dealt one each): the advice had them too
_SETUP_FACTS = ("red_count", "yellow_count")


def forget_readings() -> None:
    """Drop every cached reading and gain table: a benchmark times a game's first request as a page meets it."""
    _READ.clear()
    forget_gains()


def _where(state: GameState, p: int, s: int, j: int) -> str:
    two = len(state.players[p].stands) > 1
    return f"{state.players[p].name}'s starting token at {slot_letter(j)}" + (f" of stand {s + 1}" if two else "")


def _face(state: GameState, sl: Slot, where: str, player: int, stand: int, slot: int) -> tuple[str, object]:
    """(the token kind the table's mission places, what this starting token shows: a value, a parity, a count);
    refused by name where the slot shows no such token."""
    shown = state.extra.get("tokens")
    kind = shown if shown in ("even_odd", "multiplicity") else "value"
    blue = sl.wire is not None and colour_of(sl.wire) == BLUE
    if kind == "even_odd" and (sl.parity is not None or (sl.state == CUT and blue)):
        return kind, sl.parity or parity_of(sl.wire)  # type: ignore[arg-type]
    if kind == "multiplicity" and sl.multiplicity is not None:
        return kind, sl.multiplicity
    if kind == "value" and sl.state in (INFO, CUT) and blue:
        return kind, sl.wire
    shows = {"even_odd": "even/odd token (a starting parity token, or its blue wire cut)",
             "multiplicity": "x-token (x1, x2, x3)"}.get(kind, "blue value (a starting value token, or its wire cut)")
    raise StateError(f"{where}: the slot shows no {shows}", player=player, stand=stand, slot=slot)


def _shown(sl: Slot) -> str:
    """What a starting token's slot shows, in an error message: its wire, or its parity token."""
    if sl.wire is not None:
        return label(sl.wire)
    return f"{sl.multiplicity}x token" if sl.multiplicity is not None else f"{sl.parity} token"


def starting_token_facts(state: GameState, player: int, stand: int, slot: int) -> tuple[Fact, ...]:
    """The facts of ``player``'s starting token on (stand, slot) — a value, or even/odd or a count where the
    mission shows parity or x-tokens (``tokens``) —, read as the advice's first choice.

    The table at that moment is rebuilt from what it showed then: the player's stands, every slot
    hidden (their length is the deal's), the setup's public facts on them, and the token's face."""
    if not (0 <= player < len(state.players) and 0 <= stand < len(state.players[player].stands)
            and 0 <= slot < len(state.players[player].stands[stand])):
        raise StateError(f"starting token [{player}, {stand}, {slot}]: no such slot on the table", field=STARTING_TOKENS)
    where = _where(state, player, stand, slot)
    kind, face = _face(state, state.stand(player, stand)[slot], where, player, stand, slot)
    if any(x.unsorted or x.turned for st in state.players[player].stands for x in st):
        raise StateError(f"{where}: a stand with an X or a turned-around wire; the advice's choice is not read there",
                         player=player, stand=stand, slot=slot)
    players = []
    for p, pl in enumerate(state.players):
        stands = [tuple(Slot() for _ in st) for st in pl.stands]
        if p == player and kind == "value":
            stands[stand] = stands[stand][:slot] + (Slot(wire=face),) + stands[stand][slot + 1 :]  # type: ignore[arg-type]
        players.append(Player(pl.name, tuple(stands)))
    facts = tuple(f for f in state.facts if f.player == player and f.kind in _SETUP_FACTS)
    then = GameState(tuple(players), player, state.captain, state.wires, facts, None)
    key = json.dumps([then.to_json(), stand, slot, kind, face], sort_keys=True)
    if key not in _READ:  # every request of a game asks again: the page's heatmap, moves, playouts
        if len(_READ) >= 256:
            _READ.clear()
        _READ[key] = token_choice_facts(then, stand, slot, kind, face)
    return _READ[key]


def _spots(doc: dict) -> list[tuple[int, int, int]]:
    spots = doc[STARTING_TOKENS]
    ok = isinstance(spots, list) and all(
        isinstance(x, list) and len(x) == 3 and all(isinstance(i, int) and not isinstance(i, bool) for i in x) for x in spots)
    if not ok:
        raise StateError(f"'{STARTING_TOKENS}' must be a list of [player, stand, slot], got {str(spots)[:60]}",
                         field=STARTING_TOKENS)
    players = [x[0] for x in spots]
    twice = sorted({p for p in players if players.count(p) > 1})
    if twice:
        raise StateError(f"'{STARTING_TOKENS}': player {twice[0]} has more than one starting token (each places one)",
                         field=STARTING_TOKENS)
    return [(p, s, j) for p, s, j in spots]


def with_starting_tokens(doc: Any) -> Any:
    """The state document with the facts its teammates' starting tokens tell (``starting_tokens`` read
    and dropped); any other document as it is.  My own token is skipped: I see my wires.

    Refused by name: a token that no hand fitting the table would have put there (a teammate who did
    not follow the advice), which would otherwise make the table impossible or its chances wrong."""
    if not isinstance(doc, dict) or STARTING_TOKENS not in doc:
        return doc
    spots = _spots(doc)
    rest = {k: v for k, v in doc.items() if k != STARTING_TOKENS}
    state = GameState.from_json(rest)
    told: list[Fact] = []
    for p, s, j in spots:
        if p != state.me:
            told.extend(starting_token_facts(state, p, s, j))
    if not told:
        return rest
    facts = list(rest.get("facts", []))
    out = {**rest, "facts": facts + [f.to_json() for f in told],
           FACTS_FROM_TOKENS: list(range(len(facts), len(facts) + len(told)))}
    try:
        solve_state(replace(state, facts=state.facts + tuple(told)), reuse=True)  # the request that follows reuses it
    except InconsistentStateError:
        solve_state(state, reuse=True)  # impossible without them too: the table's own message says why
        who = ", ".join(f"{_where(state, p, s, j)} ({_shown(state.stand(p, s)[j])})" for p, s, j in spots if p != state.me)
        raise StateError(f"read as the advised starting tokens, {who} fit no deal with the rest of the table: "
                         "a teammate put theirs elsewhere (turn off \"my team places the advised starting tokens\")",
                         field=STARTING_TOKENS) from None
    return out
