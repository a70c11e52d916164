"""Compilation: a checked table becomes the DP's problem (masks, block rules, counters, stand states).

Why apart from the solvers: the problem types (``problem``) are the one contract between what the
table says and how it is counted; a new kind of fact changes this package only.
May import: ``table``.
"""
