"""The solvers: value-major DP over the stands (numpy), its plain-Python walks for late tables
(``sparse``, ``worlds``), conditioned reruns, and the slow Fraction path kept for tests (``exact``).

May import: ``compiler``, ``table``.
"""
