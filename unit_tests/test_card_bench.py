"""The per-card measure's two arms (build_scripts/card_bench.py): the card face up in both, used by one
and never by the other, from the same table."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

from card_bench import both_arms  # noqa: E402


def test_the_leaving_arm_never_plays_the_card_the_using_arm_plays() -> None:
    for card in ("8", "3"):  # a free card (General Radar) and an item (Triple Detector)
        used = left_used = 0
        for k in range(4):
            using, left = both_arms(4, 5, 5, k, card)
            assert using.cards[card][0] and left.cards[card][0]  # face up in both
            used += using.cards[card][2]
            left_used += left.cards[card][2]
        assert used > 0 and left_used == 0, (card, used, left_used)
