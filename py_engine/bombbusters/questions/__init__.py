"""Questions asked of a solved table: slot laws, conditioned chances, who holds what, the deal count,
why a slot is certain, why a table is impossible, exact draws of the deal.

May import: ``solvers``, ``compiler``, ``table``.
"""
