#!/usr/bin/env python3
"""Native engine benchmark (not a test): prints analysis, ranking and advice times.

Standard states come from build_scripts/bench_states.json; a fill series of
5-player states (fewer and fewer hidden slots, as a game goes on) is dealt
here with a fixed seed.  Run: ``.venv/bin/python build_scripts/bench_engine.py``.
Targets on the 2-core machine: 5p first turn <= 30 ms, 70 wires <= 150 ms,
5p with 12 hidden slots <= 3 ms (analysis); ranking with every detector on
the 5p first turn <= 300 ms; 20,000 sampled worlds of the 5p first turn <= 2 s.  Also timed: the
chance to win, the cards' advice (Radar, Labels) and Compare's slices.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py_engine"))

from bombbusters.advice.indication import indicate_json  # noqa: E402
from bombbusters.advice.moves import ITEMS, moves_json  # noqa: E402
from bombbusters.questions.analysis import clear_recent  # noqa: E402
from bombbusters.questions.report import analyze  # noqa: E402
from bombbusters.table.wires import label  # noqa: E402

sys.path.insert(0, str(ROOT / "build_scripts"))
from hard_states import hard_states  # noqa: E402


def fill_state(hidden: int, seed: int = 7) -> dict:
    """5 players, blue 1-12, me = player 0; cut equal pairs on other stands until ``hidden`` slots remain."""
    rng = random.Random(seed)
    tiles = [10 * n for n in range(1, 13) for _ in range(4)]
    rng.shuffle(tiles)
    sizes = [10, 10, 10, 9, 9]
    stands, i = [], 0
    for n in sizes:
        stands.append(sorted(tiles[i : i + n]))
        i += n
    toks = [["?" + label(t) for t in stands[0]]] + [["?"] * len(s) for s in stands[1:]]
    spots = [(p, j) for p in range(1, 5) for j in range(len(stands[p]))]
    rng.shuffle(spots)
    left = len(spots)
    for p, j in spots:
        if left <= hidden:
            break
        toks[p][j] = label(stands[p][j])
        left -= 1
    return {
        "players": [{"name": f"P{p}", "stands": [" ".join(t)]} for p, t in enumerate(toks)],
        "me": 0,
        "captain": 0,
        "wires": {"blue": [1, 12]},
        "facts": [],
    }


def timed(fn, doc, repeat: int) -> tuple[float, float]:
    """(min, median) ms of whole calls: recent solves are forgotten before each one."""
    fn(doc)  # warm-up
    ts = []
    for _ in range(repeat):
        clear_recent()
        t0 = time.perf_counter()
        fn(doc)
        ts.append((time.perf_counter() - t0) * 1000)
    return min(ts), statistics.median(ts)


def peak_mib(fn, doc) -> float:
    tracemalloc.start()
    fn(doc)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--hard", type=int, default=40, help="how many hard tables (Labels, X wires, x-tokens, yellow, red)")
    ap.add_argument("--earlier", type=Path, help="a checkout of the earlier calculator (CzJLee/Bomb-Busters): "
                    "time it side by side with ours on the same late-game tables, and stop")
    args = ap.parse_args(argv)
    if args.earlier:
        from side_by_side import run

        rows = run(args.earlier, repeat=args.repeat)
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1))
        return 0
    std = json.loads((ROOT / "build_scripts" / "bench_states.json").read_text())["states"]
    states = [(s["name"], s["state"]) for s in std]
    states += [(f"5p-fill-{h}-hidden", fill_state(h)) for h in (30, 20, 12, 6)]
    # mission 11: the hidden red value on the blue-only first turn (moves weigh every candidate value)
    states += [(s["name"] + "-mission11", dict(s["state"], hidden_red_value=True)) for s in std if s["name"] == "5p-blue-first-turn"]
    all_items = list(ITEMS)
    rows = []
    print(f"{'state':32} {'analyze min/med ms':>19} {'peak MiB':>8} {'moves ms':>9} {'advice ms':>9}")
    for name, doc in states:
        a_min, a_med = timed(analyze, doc, args.repeat)
        mem = peak_mib(analyze, doc)
        m_ms = i_ms = None
        if doc.get("me") is not None:
            with_items = dict(doc, available=all_items)
            m_ms = timed(moves_json, with_items, max(1, args.repeat // 3))[0]
            i_ms = timed(indicate_json, doc, max(1, args.repeat // 3))[0]
        rows.append({"name": name, "analyze_min_ms": a_min, "analyze_median_ms": a_med, "peak_mib": mem,
                     "moves_ms": m_ms, "indicate_ms": i_ms})
        fmt = lambda v: f"{v:9.1f}" if v is not None else f"{'-':>9}"  # noqa: E731
        print(f"{name:32} {a_min:9.1f}/{a_med:<9.1f} {mem:8.1f} {fmt(m_ms)} {fmt(i_ms)}")
    rows.append(hard_tables(args.hard))
    first = next(d for n, d in states if n == "5p-blue-first-turn")
    rows.append(sampling(first, max(1, args.repeat // 3)))
    rows.append(looking_ahead(first, max(1, args.repeat // 3)))
    rows.append(playing(first))
    rows.append(card_advice(first))
    rows.append(comparing(first))
    rows.append(explaining([(n, d) for n, d in states if n.startswith("5p-midgame")]))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


def sampling(doc: dict, repeat: int, n: int = 20_000) -> dict:
    """Worlds drawn from the exact posterior (solve included, JSON lists built). Target: 20,000 <= 2 s."""
    from bombbusters.questions.sampler import sample_json

    best, med = timed(lambda d: sample_json(d, n, 1), doc, repeat)
    print(f"sample {n} worlds of the 5p first turn: min {best:.0f} ms, median {med:.0f} ms")
    return {"name": f"sample-{n}", "sample_min_ms": best, "sample_median_ms": med}


def looking_ahead(doc: dict, repeat: int) -> dict:
    """The lookahead of my 10 best moves (Double Detector available). Target: <= 1 s in the worker."""
    from bombbusters.advice.lookahead import lookahead_json

    best, med = timed(lookahead_json, doc, repeat)
    print(f"lookahead of 10 moves on the 5p first turn: min {best:.0f} ms, median {med:.0f} ms")
    return {"name": "lookahead-10", "lookahead_min_ms": best, "lookahead_median_ms": med}


def explaining(named: list[tuple[str, dict]]) -> dict:
    """"Why" for every certain hidden slot of these tables (first three per table): median and worst.
    Target: <= 300 ms."""
    from bombbusters.questions.analysis import solve_state
    from bombbusters.questions.explain import explain
    from bombbusters.table.state import GameState

    times = []
    for name, doc in named:
        state = GameState.from_json(doc)
        an = solve_state(state)
        asked = 0
        for p, s in state.stand_keys():
            for j, sl in enumerate(state.stand(p, s)):
                probs = an.slot_probs(p, s, j) if p != state.me and sl.state == "hidden" else {}
                if asked < 3 and probs and max(probs.values()) == 1.0:
                    t0 = time.perf_counter()
                    explain(state, p, s, j, label(max(probs, key=probs.get)))
                    times.append(((time.perf_counter() - t0) * 1000, f"{name} {p}/{s}/{j}"))
                    asked += 1
    times.sort()
    worst, median = times[-1], times[len(times) // 2][0]
    print(f"explain ({len(times)} certain slots): median {median:.0f} ms, worst {worst[0]:.0f} ms ({worst[1]})")
    return {"name": "explain", "explain_median_ms": median, "explain_worst_ms": worst[0]}


def playing(doc: dict, slice_games: int = 2, slices: int = 5) -> dict:
    """Chance to win on the 5p first turn, asked in slices as the page does: the first slice's time
    (the first estimate; target <= 1 s) and games per second over all slices."""
    from bombbusters.arena.win import win_json

    clear_recent()
    t0 = time.perf_counter()
    win_json(doc, slice_games, 0)
    first_ms = (time.perf_counter() - t0) * 1000
    for k in range(1, slices):
        win_json(doc, slice_games, k)
    per_s = slice_games * slices / (time.perf_counter() - t0)
    print(f"chance to win, 5p first turn: first estimate ({slice_games} games) {first_ms:.0f} ms, {per_s:.1f} games/s")
    return {"name": "win", "win_first_ms": first_ms, "win_games_per_s": per_s}


def card_advice(doc: dict) -> dict:
    """What the General Radar would buy and where the Labels tell most, on the 5p first turn (one call each,
    cold: the page asks them on a tap)."""
    from bombbusters.advice.labels import labels_json
    from bombbusters.advice.radar import radar_json

    clear_recent()
    t0 = time.perf_counter()
    radar_json(doc)
    radar_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    labels_json(doc)
    labels_ms = (time.perf_counter() - t0) * 1000
    print(f"cards, 5p first turn: radar {radar_ms:.0f} ms, labels {labels_ms:.0f} ms")
    return {"name": "cards", "radar_ms": radar_ms, "labels_ms": labels_ms}


def comparing(doc: dict, slices: int = 3) -> dict:
    """My first 3 moves played out on the 5p first turn, one world a slice as the page's Compare asks."""
    from bombbusters.arena.search import search_json

    clear_recent()
    t0 = time.perf_counter()
    for k in range(slices):
        search_json(doc, 1, k)
    per_slice = (time.perf_counter() - t0) * 1000 / slices
    print(f"compare (3 moves × 1 world a slice), 5p first turn: {per_slice:.0f} ms a slice")
    return {"name": "search", "search_slice_ms": per_slice}


def hard_tables(n: int) -> dict:
    """The worst and median analysis (fastest of 3 runs each) over n hard 5-player tables. Target: worst <= 300 ms."""
    times, moves = [], []
    for i, doc in enumerate(hard_states(n)):
        times.append((timed(analyze, doc, 3)[0], i))
        if doc.get("me") is not None:  # and the ranking with every item (fastest of 2)
            moves.append((timed(moves_json, dict(doc, available=list(ITEMS)), 2)[0], i))
    times.sort()
    moves.sort()
    worst, median = times[-1], times[len(times) // 2][0]
    print(f"hard tables ({n}: up to 4 Labels, X wires, x-tokens, yellow and red): "
          f"median {median:.1f} ms, worst {worst[0]:.1f} ms (hard_state({worst[1]}))")
    out = {"name": f"hard-{n}", "analyze_median_ms": median, "analyze_worst_ms": worst[0], "worst_seed": worst[1]}
    if moves:
        print(f"  moves with every item on them: median {moves[len(moves) // 2][0]:.1f} ms, "
              f"worst {moves[-1][0]:.1f} ms (hard_state({moves[-1][1]}))")
        out.update(moves_median_ms=moves[len(moves) // 2][0], moves_worst_ms=moves[-1][0], moves_worst_seed=moves[-1][1])
    return out


if __name__ == "__main__":
    sys.exit(main())
