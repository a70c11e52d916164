"""``python -m bombbusters``: see :mod:`bombbusters.cli`."""

import sys

from .cli import main

sys.exit(main())
