"""The command line (python -m bombbusters): files and stdin, indented output, bad input named on one line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from bombbusters.advice.indication import indicate_json
from bombbusters.advice.moves import moves_json
from bombbusters.questions.report import analyze
from test_bridge_cli import BAD_TOKEN, ENGINE, IMPOSSIBLE, ROOT, STATE


def cli(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=ENGINE)
    return subprocess.run(
        [sys.executable, "-m", "bombbusters", *args],
        input=stdin, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("cli")
    paths = {}
    for name, content in {
        "state.json": json.dumps(STATE),
        "bad_token.json": json.dumps(BAD_TOKEN),
        "impossible.json": json.dumps(IMPOSSIBLE),
        "invalid.json": '{"players": [',
        "array.json": "[1, 2, 3]",
    }.items():
        p = d / name
        p.write_text(content, encoding="utf-8")
        paths[name] = str(p)
    paths["missing"] = str(d / "does-not-exist.json")
    paths["dir"] = str(d)
    return paths


def _one_line_error(proc: subprocess.CompletedProcess, *needles: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def test_cli_analyze_file(files):
    proc = cli("analyze", files["state.json"])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(json.dumps(analyze(STATE)))


def test_cli_analyze_stdin_with_indent():
    proc = cli("analyze", "-", "--indent", "2", stdin=json.dumps(STATE))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") > 5
    assert json.loads(proc.stdout) == json.loads(json.dumps(analyze(STATE)))


def test_cli_moves_and_indicate(files):
    proc = cli("moves", files["state.json"])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(json.dumps(moves_json(STATE)))
    proc = cli("indicate", "-", stdin=json.dumps(STATE))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(json.dumps(indicate_json(STATE)))


def test_cli_bad_token(files):
    _one_line_error(cli("analyze", files["bad_token.json"]), "NotationError", "'q7'", "Bob", "slot C")


def test_cli_impossible_state(files):
    _one_line_error(cli("moves", files["impossible.json"]), "InconsistentStateError")


def test_cli_unreadable_file(files):
    _one_line_error(cli("analyze", files["missing"]), "cannot read", "does-not-exist.json")
    _one_line_error(cli("analyze", files["dir"]), "cannot read")


def test_cli_invalid_json(files):
    _one_line_error(cli("analyze", files["invalid.json"]), "not valid JSON")
    _one_line_error(cli("indicate", "-", stdin="{nope"), "not valid JSON", "'-'")


def test_cli_not_an_object(files):
    _one_line_error(cli("analyze", files["array.json"]), "StateError", "object")


def test_cli_in_process_matches(files, capsys):
    """``cli.main`` in-process: same exit codes, for quick checks without a subprocess."""
    from bombbusters.protocol import cli as cli_mod

    assert cli_mod.main(["analyze", files["state.json"]]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(analyze(STATE)))
    assert cli_mod.main(["moves", files["bad_token.json"]]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: NotationError: ") and err.count("\n") == 1


def test_cli_moves_with_every_item(files):
    """Regression: numpy.bool_ in super_detector moves made 'moves' crash with a traceback (exit 1)."""
    proc = cli("moves", "-", stdin=json.dumps({**STATE, "available": ["super_detector"]}))
    assert proc.returncode == 0, proc.stderr[-300:]
    json.loads(proc.stdout)
