"""The arena: whole games dealt and played by the rules, each player deciding from their own view.

May import: ``advice``, ``missions``, ``questions``, ``solvers``, ``compiler``, ``table``.
"""
