"""Advice: ranked moves, starting tokens, constraint cards and mission rules, one turn ahead, playouts.

May import: ``missions``, ``questions``, ``solvers``, ``compiler``, ``table``.
"""
