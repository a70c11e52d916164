"""``python -m bombbusters``: see :mod:`bombbusters.protocol.cli`."""

import sys

from .protocol.cli import main

sys.exit(main())
