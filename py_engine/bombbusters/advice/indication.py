"""Starting-token advice: how much each token placement tells the team about my stand.

Information gain = H(my stand's contents) - H(contents | the token), in bits,
where the distribution is the one teammates can form from the setup and the
public tokens on *my* stands (tokens on other stands are not counted: their
effect on my stand goes through the whole pool and is left out by design; the
output says so under "basis").  The entropies are exact (``stand_entropy``).

Turned-around wires (missions 38, 56, 64): teammates see mine and I do not,
so the gain is theirs averaged over what my turned wires may be (their law to
me); an x-token is not offered then, since its count needs those wires too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..questions.analysis import Analysis, solve_state
from ..table.errors import StateError
from ..table.facts import Fact
from ..table.notation import CUT, HIDDEN, INFO, Slot, observed, slot_letter
from ..table.state import GameState
from ..table.wires import BLUE, RED, colour_of, label, parity_of, value_of
from .false_tokens import rank_false_tokens
from .stand_entropy import own_view, wires_moved
from .hidden_red import hidden_red_law
from .token_gains import FACED, X_COUNTS, gain, token_types, view_gains

__all__ = ["TOKEN_KINDS", "placed_token", "rank_indications", "token_choice_facts", "indicate_json"]

TOKEN_KINDS = ("value", "even_odd", "multiplicity")


def _turned_laws(state: GameState) -> list[tuple[float, dict]]:
    """[(P, {(stand, slot): wire})]: what my turned-around wires I cannot see may be, each with its chance to
    me (one case with nothing when I have none).  Teammates see them, so the advice is averaged over them."""
    me = state.me
    assert me is not None
    spots = [(s, j) for s, st in enumerate(state.players[me].stands) for j, sl in enumerate(st)
             if sl.turned and sl.wire is None and sl.state != CUT]
    out: list[tuple[float, dict]] = []

    def walk(an: Analysis, i: int, p: float, fixed: dict) -> None:
        if i == len(spots):
            out.append((p, fixed))
            return
        s, j = spots[i]
        for t, q in sorted(an.slot_probs(me, s, j).items()):
            if q <= 0:
                continue
            q2, given = an.conditioned([(me, s, j, frozenset([t]))]) if i + 1 < len(spots) else (q, an)
            if given is not None and q2 > 0:
                walk(given, i + 1, p * q2, {**fixed, (s, j): t})

    walk(solve_state(state, reuse=True), 0, 1.0, {})
    return out


def _token(kind: str, slot: Slot, stand: tuple[Slot, ...]) -> tuple[Slot, str] | None:
    """(the slot as teammates see it with the token added, the token's text); None: not allowed there.

    Tokens already on the slot stay: the new one only adds what it shows.
    """
    after = placed_token(kind, slot, stand)
    if after is None:
        return None
    if kind == "value":
        text = "i" + (label(after.wire) if after.wire is not None else "Y")
    elif kind == "even_odd":
        text = "E" if after.parity == "even" else "O"
    else:
        text = f"{after.multiplicity}x"
    return after, text


def placed_token(kind: str, slot: Slot, stand: tuple[Slot, ...]) -> Slot | None:
    """The slot as teammates see it once my token of this kind is on it (None: not allowed there)."""
    t = slot.wire
    if t is None or slot.state != HIDDEN or colour_of(t) == RED:
        return None
    seen = observed(slot)
    if kind == "value":  # the rules put a starting token on a blue wire only (setup, step 6), whatever its kind
        return replace(seen, state=INFO, wire=t, colour=None) if colour_of(t) == BLUE else None
    if kind == "even_odd":
        if colour_of(t) != BLUE or seen.parity is not None:
            return None
        return replace(seen, parity=parity_of(t))
    count = sum(1 for sl in stand if sl.wire is not None and value_of(sl.wire) == value_of(t))
    if colour_of(t) != BLUE or count not in X_COUNTS or seen.multiplicity is not None:
        return None
    return replace(seen, multiplicity=count)


def _known_red(state: GameState) -> int | None:
    """11 with the number card known (face up): its value, whose wires count as red — no token goes on a red wire."""
    law = hidden_red_law(state)
    return next(iter(law)) if law and len(law) == 1 else None


def rank_indications(state: GameState, kinds: tuple[str, ...] = TOKEN_KINDS) -> dict:
    """For each token kind, every slot of mine where it may go, ranked by information gain."""
    if state.me is None:
        raise StateError("token advice is for one player: set 'me'", field="me")
    for k in kinds:
        if k not in TOKEN_KINDS:
            raise StateError(f"unknown token kind {k!r} (known: {', '.join(TOKEN_KINDS)})", field="tokens")
    solve_state(state, reuse=True)  # an impossible table is reported on what was entered, not on a trial token
    laws = _turned_laws(state)
    blind = bool(laws[0][1])  # I hold a turned-around wire I cannot see
    cases = [(w, own_view(state, shown)) for w, shown in laws]
    per = [view_gains(view) for _w, view in cases]  # each case's view solved once, its token gains kept
    views, bases, helds = [g.an for g in per], [g.base for g in per], [g.held for g in per]
    base = sum(w * h for (w, _v), h in zip(cases, bases))
    me = state.me
    out: dict[str, Any] = {
        "entropy_bits": float(base),
        "basis": "the setup and the public tokens on your own stands (tokens on other stands not counted)"
        + ("; averaged over your turned-around wires, which your teammates see" if blind else ""),
    }
    every = state.wires.copies()
    red = _known_red(state)  # (11, read once: its wires take no token)
    for kind in kinds:
        ranked: list[dict[str, Any]] = []
        if kind == "multiplicity" and blind:  # its count needs every wire of mine, the turned ones too
            out[kind] = ranked
            continue
        for s, st in enumerate(state.players[me].stands):
            for j, slot in enumerate(st):
                placed = None if red is not None and slot.wire is not None and value_of(slot.wire) == red else _token(kind, slot, st)
                if placed is None:
                    continue
                tok, text = placed
                if kind in FACED:
                    got: list[tuple[float, float]] = []
                    for g in per:
                        x = g.get(kind, s, j, _face(kind, tok))
                        assert x is not None  # my own wire is where it is, whatever my turned-around ones are
                        got.append(x)
                    gained = sum(w * x[0] for (w, _v), x in zip(cases, got))
                    after = sum(w * x[1] for (w, _v), x in zip(cases, got))
                else:
                    gained, after = gain(cases, bases, views, helds, s, j, tok, token_types(kind, tok, every))
                ranked.append(
                    {
                        "stand": s,
                        "slot": j,
                        "letter": slot_letter(j),
                        "wire": label(slot.wire),  # type: ignore[arg-type]
                        "token": text,
                        "gain_bits": float(gained),
                        "resolved": float(gained / base) if base > 0 else 0.0,
                        "remaining_bits": float(after),
                    }
                )
        # equal gains reached by sums in another order (sparse walk or dense grid) rank alike
        ranked.sort(key=lambda r: (-round(r["gain_bits"], 9), r["stand"], r["slot"]))
        out[kind] = ranked
    return out


def _face(kind: str, tok: Slot) -> object:
    """What a value, parity or x-token shows: the wire, "even" / "odd", or the count."""
    return tok.wire if kind == "value" else tok.multiplicity if kind == "multiplicity" else tok.parity


def token_choice_facts(state: GameState, stand: int, slot: int, kind: str = "value", face: object = None
                       ) -> tuple[Fact, ...]:
    """What a starting value, parity or x-token put where this advice ranks first says beyond its face, as facts.

    Why it can be read exactly: a token's gain is worked out from my stands as teammates see them, so
    anyone can tell, for every other slot of my stands and every face a token there could show (a blue
    value; even or odd; a count), whether it would have ranked above the chosen one (more bits, or as many
    and earlier in the ranking's order: stand, then slot).  Had it, the advice would have picked it: so
    that slot does not hold that face ("not_value" of each blue value it covers; "not_count": no blue wire
    its stand holds that many times).  Without these, a player who follows the advice shows the team more
    than the engine counts (docs/arena.md, calibration).  ``state``: the table just before the token,
    ``me`` the player placing it; () where the gain is not public (turned-around wires I cannot see) or
    the slot takes no such token.  ``face``: what the token shows, when the slot's wire is not on the
    table (a teammate's token)."""
    me = state.me
    assert me is not None
    if face is None:
        st = state.players[me].stands[stand]
        tok = placed_token(kind, st[slot], st)
        if tok is None:  # a starting token goes on a blue wire only
            return ()
        face = _face(kind, tok)
    red = _known_red(state)  # (11: a wire of the card's value takes no token, whatever it would tell)
    if kind not in FACED or _turned_laws(state)[0][1] or (kind == "multiplicity" and wires_moved(state, me)) or (
            red is not None and kind != "value"):
        return ()  # (an x-token counts my stand as dealt, which my own view no longer shows)
    gains = view_gains(own_view(state))
    got = gains.get(kind, stand, slot, face)
    assert got is not None
    best = round(got[0], 9)
    faces = gains.faces(kind)
    barred: dict[tuple[int, Any], list[int]] = {}
    for (s, j, face), g in sorted(gains.ranked_gains(kind).items(), key=lambda kv: (kv[0][:2], str(kv[0][2]))):
        # a wire of any colour: a blue one that told more would have won
        if (s, j) != (stand, slot) and (g > best or (g == best and (s, j) < (stand, slot))):
            for v in [face] if kind == "multiplicity" else sorted({value_of(t) for t in faces[face]} - {red}):
                barred.setdefault((s, v), []).append(j)
    if kind == "multiplicity":
        return tuple(Fact("not_count", me, s, slots=tuple(js), count=m) for (s, m), js in sorted(barred.items()))
    return tuple(Fact("not_value", me, s, v, tuple(js)) for (s, v), js in sorted(barred.items()))


def indicate_json(doc: Any) -> dict:
    """Bridge/CLI entry: token advice for the state's ``me`` (kinds from "tokens" if given; "false": the two
    false tokens of 17's captain and of everyone in 52, ``advice/false_tokens.py``)."""
    state = GameState.from_json(doc)
    variant = state.extra.get("tokens")
    if variant == "false":
        return {"false": rank_false_tokens(state), "basis": "the public table: your wires as your teammates see them"}
    kinds: tuple[str, ...] = TOKEN_KINDS if variant in (None, "all") else (variant,)
    if variant == "none":
        kinds = ()
    return rank_indications(state, kinds)
