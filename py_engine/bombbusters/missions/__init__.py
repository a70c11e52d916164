"""The campaign's missions: what a preset is (``preset``) and the rows of all of them (``catalog``).

May import: ``table``.
"""
