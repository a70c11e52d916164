"""The protocol: plain JSON in and out (``bridge``, ``commands``) for the worker, and the CLI.

The only door from outside; may import every other package.
"""
