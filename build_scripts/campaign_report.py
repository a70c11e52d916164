"""docs/campaign.md and docs/campaign.png from the cells of docs/campaign.json (build_scripts/campaign.py).

Why a heatmap: some 150 cells (missions × player counts) are more than a bar chart can show; one panel
per policy, the same colours for the same win rate, and the cells not played yet left grey, so a
player sees at a glance which missions are hard and where the advice wins them more often.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from arena_bench import POLICY_NAMES, merged_calibration
from bombbusters.arena.table_rules import UNSIMULATED

__all__ = ["card_totals", "provenance", "write_report"]


def _pct(x: float) -> str:
    return f"{x * 100:.0f}"


def _table(rows: list[dict]) -> str:
    head = ("| mission | greedy | rank | advice | advice − greedy | advice − rank | advice − onestep | advice lost by "
            "(bomb / detonator / stuck) | played without | commit, date |")
    lines = [head, "|" + "---|" * 10]
    for c in rows:
        won = [f"{_pct(c[p]['p'])} ± {_pct(c[p]['se'])}" for p in POLICY_NAMES]
        diffs = [f"{c[k][0] * 100:+.0f} ± {c[k][1] * 100:.0f}" if k in c else _same(c) for k in
                 ("advice-greedy", "advice-rank", "advice-onestep")]
        a = c["advice"]
        lost = f"{a['explosions']} / {a['detonator_losses']} / {a['stuck']}"
        # the arena's text (one rule per mission); a cell played before the arena named it: the rule as named now
        without = a.get("played_without") or UNSIMULATED.get(int(c["mission"])) or "–"
        if isinstance(without, list):
            without = ", ".join(without)
        lines.append(f"| {c['mission']} | " + " | ".join(won + diffs) + f" | {lost} | {without} | {c['commit']}, {c.get('played', '?')[:10]} |")
    return "\n".join(lines)


def provenance(cells: list[dict]) -> str:
    """When and on what the cells were played: the figures (seconds a cell, even the rules played) are those of
    a date and a machine.  A cell saved before cells recorded them has the date of the commit that saved it."""
    if not cells:
        return ""
    days = sorted(c.get("played", "?")[:10] for c in cells)
    machines: dict[str, int] = {}
    for c in cells:
        machines[c.get("machine") or ""] = machines.get(c.get("machine") or "", 0) + 1
    named = "; ".join(f"{m} ({n} cells)" for m, n in sorted(machines.items()) if m)
    unread = machines.get("", 0)
    from_git = sum(c.get("played_from") == "git" for c in cells)
    text = f"Played from {days[0]} to {days[-1]} (each cell's date in its row"
    text += f"; for the {from_git} cells saved before a cell recorded its own, the date of the commit that saved it)" \
        if from_git else ")"
    text += f". Machine: {named}" if named else ". Machine:"
    if unread:
        text += (f"{'; ' if named else ' '}{unread} cells played before a cell recorded its machine, in this "
                 "project's sittings on machines of one kind (2 cores, 24 GiB; not read at the time)")
    commits = sorted({c.get("commit", "?") for c in cells})
    text += (f". One run: every cell played with the code of commit {commits[0]}" if len(commits) == 1
             else f". Played with the code of {len(commits)} commits (each cell's in its row)")
    return text + "."


def _same(cell: dict) -> str:
    """advice − onestep where only advice was played: "=" (they decide alike there), or "to play again" for a
    cell of a mission where the search may think that was played before advice searched (its advice is onestep)."""
    from campaign import searches

    return "to play again" if searches(cell["mission"], cell["players"]) else "="


def card_totals(cells: list[dict]) -> dict[str, dict[str, int]]:
    """Per card id, the advice games it lay in play, was unlocked and was used, summed over cells."""
    out: dict[str, dict[str, int]] = {}
    for c in cells:
        for card, counts in (c["advice"].get("cards") or {}).items():
            tot = out.setdefault(card, {})
            for k, v in counts.items():
                tot[k] = tot.get(k, 0) + v
    return dict(sorted(out.items(), key=lambda kv: (float(kv[0]) if kv[0].replace(".", "").isdigit() else 99, kv[0])))


def _z(b: dict) -> float:
    return (b["observed"] - b["predicted"]) / b["se"] if b["n"] and b["se"] else 0.0


def _bins_table(bins: dict[str, list[dict]]) -> str:
    """One row per bin, each policy's moves, predicted %, observed % and z side by side."""
    head = "| chance | " + " | ".join(f"{p}: moves | predicted % | observed % | z" for p in POLICY_NAMES) + " |"
    rule = "|---|" + "---|---|---|---|" * len(POLICY_NAMES)
    first = bins[POLICY_NAMES[0]]
    rows = [f"| {first[i]['lo']:.1f}–{first[i]['hi']:.1f} | " + " | ".join(
        f"{b['n']} | {b['predicted'] * 100:.1f} | {b['observed'] * 100:.1f} | {_z(b):+.1f}" if b["n"]
        else "0 | – | – | –" for b in (bins[p][i] for p in POLICY_NAMES)) + " |" for i in range(len(first))]
    return "\n".join([head, rule, *rows])


def _worst(bins: dict[str, list[dict]]) -> str:
    return ", ".join(f"{p} **{max((abs(_z(b)) for b in bins[p]), default=0.0):.1f}**" for p in POLICY_NAMES)


def _truth(cells: list[dict]) -> str:
    every = [c[p] for c in cells for p in POLICY_NAMES]
    games = sum(r["games"] for r in every)
    bins = {p: merged_calibration([c[p] for c in cells]) for p in POLICY_NAMES}
    with_first = [c for c in cells if "calibration_first" in c[POLICY_NAMES[0]]]
    first = {p: merged_calibration([{"calibration": c[p]["calibration_first"]} for c in with_first])
             for p in POLICY_NAMES}
    return f"""Over the {games} games played so far (every policy): the real deal called impossible
**{sum(r['truth_impossible'] for r in every)}** times; a move called sure that failed
**{sum(r['sure_failures'] for r in every)}** times.

**Calibration**: the chances given for the moves taken against what happened, for each policy apart
(the three play the same deals, and often the same first moves: pooled, one outcome would count up to
three times and the standard errors would come out too small); z = (observed − predicted) / se, se the
observed share's standard error if the chances are right. The engine's chances are exact for a deal
uniform given the table; a player's choices also depend on their hand (which value they named at which
wire, whether they had a sure cut), so later moves may succeed a little more or less often than given
(docs/arena.md, *Calibration and what the engine assumes*).

Each game's **first move** with a chance ({len(with_first)} cells record it), before any teammate's
move has said anything: largest |z| {_worst(first)}.

{_bins_table(first)}

**Every move**: largest |z| {_worst(bins)}. Past the first move the bins also hold what the players' own
choices tell beyond the table (a teammate who passed over a good target for a value likely holds none of it),
which the engine does not read: with the hidden wires drawn again from the public table before each decision
the lean goes (`build_scripts/calibration_probe.py --fresh-deal`; docs/arena.md, "what the choices tell").

{_bins_table(bins)}"""


def _cards(cells: list[dict]) -> str:
    totals = card_totals(cells)
    if not totals:
        return "No cell played so far recorded its cards."
    keys = sorted({k for v in totals.values() for k in v})
    lines = ["| card | " + " | ".join(keys) + " |", "|---|" + "---|" * len(keys)]
    lines += [f"| {card} | " + " | ".join(str(v.get(k, 0)) for k in keys) + " |" for card, v in totals.items()]
    return "\n".join(lines)


def _since(cells: list[dict], rev: str) -> str:
    bins = {p: merged_calibration([c[p] for c in cells]) for p in POLICY_NAMES}
    return f"""**Every move, the {len(cells)} cells played since the arena reads the rules' own choices** (commit
{rev}: a cut takes the cutter's leftmost wire of the value, a move not sure says its player held no value a
teammate's wire surely is, the false tokens of 17 and 52, 22's absent values, 51's token, a Label passed
over, the skips of 41, 44, 47 and 49; docs/arena.md): largest |z| {_worst(bins)}.

{_bins_table(bins)}"""


def write_report(doc: dict, todo: list[tuple[int, int]], out: Path,
                 since: tuple[str, Callable[[dict], bool]] | None = None) -> None:
    """campaign.md and campaign.png for the cells played so far (``todo``: every cell of the campaign);
    ``since``: (a commit, whether a cell was played at it or later) — those cells' calibration apart."""
    cells = [doc["cells"][f"{m}-{n}"] for m, n in todo if f"{m}-{n}" in doc["cells"]]
    missing = [f"{m} ({n}p)" for m, n in todo if f"{m}-{n}" not in doc["cells"]]
    parts = [f"""# The campaign in the arena

Made by `.venv/bin/python build_scripts/campaign.py --games {doc['games']} --seed {doc['seed']}` (resumable:
each cell is saved as it ends, in `campaign.json`). Every cell is a mission at a player count it allows;
greedy, rank and advice play the same {doc['games']} deals (how the arena and the policies work:
[arena.md](arena.md)). Won % ± one standard error; the differences are paired (per-game differences,
their standard error). *advice* is the page's advice: the team policy, thinking ahead at its close calls
where its estimate was fitted (x-token missions); there the one-step team policy (*onestep*) plays the same
deals too, elsewhere the two decide alike by construction ("="). **{len(cells)} of {len(todo)} cells played.**

{provenance(cells)}

![won % by mission and player count](campaign.png)
"""]
    for n in sorted({c["players"] for c in cells}):
        parts.append(f"## {n} players\n\n" + _table([c for c in cells if c["players"] == n]))
    if cells:
        parts.append("## Truth and calibration\n\n" + _truth(cells))
        recent = [c for c in cells if since is not None and since[1](c)]
        if since is not None and recent:
            parts.append(_since(recent, since[0]))
        parts.append("## Cards (advice's games)\n\n" + _cards(cells))
    failed = doc.get("failed", {})
    if failed:  # the bug a cell met, until the cell is played through (its last full play, if any, stays above)
        parts.append("## Stopped on an error\n\n" + "\n".join(f"- {k} (at {v['commit']}): {v['error']}"
                                                           for k, v in sorted(failed.items())))
    parts.append("## Not played yet\n\n" + (", ".join(missing) if missing else "None: every cell is played."))
    (out / "campaign.md").write_text("\n\n".join(parts) + "\n")
    if cells:
        plot(cells, todo, out / "campaign.png")


def plot(cells: list[dict], todo: list[tuple[int, int]], path: Path) -> None:
    """One heatmap panel per policy: a row per mission of the campaign, a column per player count; grey
    where the cell is not played yet, a dash where the mission does not allow that count."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    missions = sorted({m for m, _ in todo})
    counts = [2, 3, 4, 5]
    fig, axes = plt.subplots(1, len(POLICY_NAMES), figsize=(2.3 * len(POLICY_NAMES) + 1, 0.24 * len(missions) + 1.6),
                             sharey=True)
    for ax, pol in zip(axes, POLICY_NAMES):
        grid = np.full((len(missions), len(counts)), np.nan)
        for c in cells:
            grid[missions.index(c["mission"]), counts.index(c["players"])] = c[pol]["p"] * 100
        im = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=100, aspect="auto")
        ax.set_facecolor("#d9d9d9")
        for (i, j), v in np.ndenumerate(grid):
            allowed = (missions[i], counts[j]) in todo
            text = f"{v:.0f}" if not np.isnan(v) else ("" if allowed else "–")
            ax.text(j, i, text, ha="center", va="center", fontsize=6.5)
        ax.set_xticks(range(len(counts)), [f"{n}p" for n in counts])
        ax.set_title(pol)
    axes[0].set_yticks(range(len(missions)), [str(m) for m in missions], fontsize=7)
    axes[0].set_ylabel("mission")
    fig.colorbar(im, ax=list(axes), label="games won %", shrink=0.6)
    fig.suptitle("Games won %, the same deals for every policy (grey: not played yet; –: not a player count "
                 "of the mission)", x=0.02, y=1.0, ha="left", va="bottom", fontsize=9)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
