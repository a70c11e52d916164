"""The table as entered: wire types and the pool, the stand notation, the state document and its facts.

Why a stage of its own: everything else reads a table, nothing here reads anything else.
May import: nothing of ``bombbusters`` outside this package.
"""
