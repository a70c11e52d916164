"""The command line when the reader of its output goes away early (``python -m bombbusters ... | head -1``):
it ends quietly, with no traceback, and exit code 141 (128 + SIGPIPE, as a shell reports it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from bombbusters.protocol.cli import EXIT_READER_GONE
from test_bridge_cli import ENGINE, ROOT, STATE

#: worlds to sample: their indented JSON (~0.8 MB) is far more than a pipe holds (64 KiB on Linux), so the
#: CLI is still writing when the reader closes, and its next write meets the closed pipe
WORLDS = 2000
RUN = {"env": dict(os.environ, PYTHONPATH=ENGINE), "cwd": ROOT}


def _sample(tmp_path) -> list[str]:
    """The command line asking for WORLDS sampled worlds of a small table, indented."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE), encoding="utf-8")
    return [sys.executable, "-m", "bombbusters", "sample", str(state), "--n", str(WORLDS), "--indent", "2"]


def test_cli_ends_quietly_when_its_reader_closes_the_pipe(tmp_path):
    proc = subprocess.Popen(_sample(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, **RUN)
    try:
        first = proc.stdout.readline()
        proc.stdout.close()  # as `head -1` does once it has its line
        err = proc.stderr.read()
        code = proc.wait(timeout=120)
    finally:
        proc.kill()
    assert first == b"{\n"
    assert err == b"", err.decode(errors="replace")[-800:]
    assert code == EXIT_READER_GONE


def test_cli_read_to_the_end_still_exits_0(tmp_path):
    """The same output read whole: every world, and exit 0 (the quiet ending is only for a closed pipe)."""
    proc = subprocess.run(_sample(tmp_path), check=False, capture_output=True, timeout=120, **RUN)
    assert proc.returncode == 0 and proc.stderr == b""
    assert len(json.loads(proc.stdout)["worlds"]) == WORLDS
