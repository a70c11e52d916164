"""Exact probability engine for the board game Bomb Busters.

The engine answers, for one player's point of view, "what is on every stand I
cannot see?" exactly, by value-major dynamic programming over sorted stands.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
