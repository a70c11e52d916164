"""Side-by-side timing against the earlier public calculator (CzJLee/Bomb-Busters), on the same tables.

Why a mode of the benchmark and not a test: the earlier calculator is never
downloaded by the build or the tests; given the path of a checkout, this
deals 5-player late-game tables (blue only, and with 2 yellow + 1 red), writes
each in both notations, and times, in one run:

- laws: its ``build_solver`` + ``compute_position_probabilities`` against our
  ``analyze_state`` (which also gives holdings and the deal count), and against
  our slot laws alone (``solve_state`` + ``slots_json``: what its function returns);
- moves: the same plus its ``rank_all_moves`` with the Double Detector,
  against our ``moves_state`` with the Double Detector (solve included; the reply also
  gives the holdings), and against our ranking alone (``solve_state`` + ``rank_moves``:
  what its function returns).

On both sides the table is read before the clock starts (its ``GameState`` is
built outside its functions; ours is read from the state document afresh for
each run), and our reading time is printed beside: it is what a request adds.

Its numbers are not compared: its weighting differs (design note, section 1).
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
import time
from pathlib import Path

from bombbusters.advice.moves import moves_state, rank_moves
from bombbusters.questions.analysis import clear_recent, solve_state
from bombbusters.questions.report import analyze_state, slots_json
from bombbusters.table.state import GameState
from bombbusters.table.wires import label

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve"]


def deal(hidden: int, yellow: list[int], red: list[int], seed: int) -> tuple[list[list[str]], dict]:
    """Five stands as dealt (captain first gets the extra wires), then cuts on the other stands until
    ``hidden`` of their slots are left; reds stay uncut.  Returns (tokens per stand, our state document)."""
    rng = random.Random(seed)
    tiles = [10 * n for n in range(1, 13) for _ in range(4)] + [10 * n + 1 for n in yellow] + [10 * n + 5 for n in red]
    rng.shuffle(tiles)
    sizes = [len(tiles) // 5 + (1 if i < len(tiles) % 5 else 0) for i in range(5)]
    stands, i = [], 0
    for n in sizes:
        stands.append(sorted(tiles[i:i + n]))
        i += n
    toks = [["?" + label(t) for t in stands[0]]] + [["?"] * len(s) for s in stands[1:]]
    spots = [(p, j) for p in range(1, 5) for j in range(len(stands[p])) if stands[p][j] % 10 != 5]
    rng.shuffle(spots)
    left = sum(len(s) for s in stands[1:])
    for p, j in spots:
        if left <= hidden:
            break
        toks[p][j] = label(stands[p][j])
        left -= 1
    wires: dict = {"blue": [1, 12]}
    if yellow:
        wires["yellow"] = yellow
    if red:
        wires["red"] = red
    doc = {"players": [{"name": NAMES[p], "stands": [" ".join(t)]} for p, t in enumerate(toks)],
           "me": 0, "captain": 0, "wires": wires, "facts": [], "mistakes_left": 3}
    return toks, doc


def _earlier(path: Path):
    sys.path.insert(0, str(path))
    import bomb_busters as bb  # type: ignore[import-not-found]
    import compute_probabilities as cp  # type: ignore[import-not-found]

    return bb, cp


def _their_game(bb, toks: list[list[str]], yellow: list[int], red: list[int]):
    stands = [bb.TileStand.from_string(" ".join(t), num_tiles=len(t)) for t in toks]
    return bb.GameState.from_partial_state(
        player_names=NAMES, stands=stands, mistakes_remaining=3,
        character_cards=[bb.create_double_detector() for _ in range(5)], history=bb.TurnHistory(),
        active_player_index=0, captain=0, yellow_wires=yellow, red_wires=red,
    )


def _best(fn, repeat: int, setup=lambda: None) -> float:
    """Best time of ``fn(setup())`` in ms, ``setup`` outside the clock."""
    fn(setup())
    best = float("inf")
    for _ in range(repeat):
        clear_recent()
        arg = setup()
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            fn(arg)
        best = min(best, (time.perf_counter() - t0) * 1000)
    return best


#: the earlier calculator's own mid-game example (examples/calculate_gamestate.py): 5 players, Y4 Y7 R4
EXAMPLE = ([["1", "2", "?4", "iY4", "?6", "?7", "?8", "?8", "9", "11", "12"], "1 3 ? ? ? 8 9 ? ? 12".split(),
            "2 3 ? ? i7 8 9 ? ? 12".split(), "2 3 ? ? i6 ? ? 9 ? 11".split(), "1 ? ? 3 ? ? ? ? ? 12".split()],
           [4, 7], [4])


def _example_doc() -> dict:
    toks, yellow, red = EXAMPLE
    return {"players": [{"name": NAMES[p], "stands": [" ".join(t)]} for p, t in enumerate(toks)],
            "me": 0, "captain": 0, "wires": {"blue": [1, 12], "yellow": yellow, "red": red}, "facts": [],
            "mistakes_left": 3}


def run(path: Path, repeat: int = 5, hidden: tuple[int, ...] = (1, 2, 4, 6, 8, 12, 16, 20), seed: int = 7) -> list[dict]:
    """Print and return the side-by-side table."""
    bb, cp = _earlier(path)
    dd = {cp.EquipmentType.DOUBLE_DETECTOR}
    rows = []
    print(f"\nSide by side with the earlier calculator at {path} (best of {repeat}, ms; ratio = ours / its; "
          "the table read before the clock on both sides, ours beside):")
    print(f"  {'5 players':34} {'its laws':>9} {'our laws':>9} {'ratio':>6} {'slot laws':>9} {'ratio':>6} "
          f"{'its moves':>10} {'our moves':>10} {'ratio':>6} {'ranking':>8} {'ratio':>6} {'our read':>9}")
    cases = [(f"{h} hidden, {setup}", *deal(h, yellow, red, seed + h), yellow, red)
             for setup, yellow, red in (("blue only", [], []), ("2 yellow + 1 red", [4, 7], [4])) for h in hidden]
    cases.append(("its example (21 hidden, Y4 Y7 R4)", EXAMPLE[0], _example_doc(), EXAMPLE[1], EXAMPLE[2]))
    for name, toks, doc, yellow, red in cases:
        game = _their_game(bb, toks, yellow, red)

        def their_laws(_):
            ctx, memo = cp.build_solver(game, 0, show_progress=False)
            return cp.compute_position_probabilities(game, 0, ctx, memo)

        def their_moves(_):
            ctx, memo = cp.build_solver(game, 0, show_progress=False)
            probs = cp.compute_position_probabilities(game, 0, ctx, memo)
            return cp.rank_all_moves(game, 0, probs, ctx, memo, include_equipment=dd)

        with_dd = dict(doc, available=["double_detector"])
        row = {"state": name,
               "its_laws_ms": _best(their_laws, repeat),
               "our_laws_ms": _best(analyze_state, repeat, lambda: GameState.from_json(doc)),
               "our_slot_laws_ms": _best(lambda st: slots_json(st, solve_state(st)), repeat,
                                         lambda: GameState.from_json(doc)),
               "its_moves_ms": _best(their_moves, repeat),
               "our_moves_ms": _best(moves_state, repeat, lambda: GameState.from_json(with_dd)),
               "our_ranking_ms": _best(lambda st: rank_moves(st, solve_state(st, reuse=True)), repeat,
                                       lambda: GameState.from_json(with_dd)),
               "our_read_ms": _best(GameState.from_json, repeat, lambda: doc)}
        rows.append(row)
        print(f"  {row['state']:34} {row['its_laws_ms']:9.2f} {row['our_laws_ms']:9.2f} "
              f"{row['our_laws_ms'] / row['its_laws_ms']:6.2f} {row['our_slot_laws_ms']:9.2f} "
              f"{row['our_slot_laws_ms'] / row['its_laws_ms']:6.2f} {row['its_moves_ms']:10.2f} "
              f"{row['our_moves_ms']:10.2f} {row['our_moves_ms'] / row['its_moves_ms']:6.2f} "
              f"{row['our_ranking_ms']:8.2f} {row['our_ranking_ms'] / row['its_moves_ms']:6.2f} {row['our_read_ms']:9.2f}")
    return rows
