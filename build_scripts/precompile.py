"""Byte-compile zips (stdlib zip, wheels) once at build time, cached by content.

Why: the Pyodide npm package ships the standard library and the numpy
wheel as ``.py`` source, and our engine wheel is
source too, so a fresh browser worker compiled every module it imported, in
wasm, on each page open: two thirds of the cold start.  The compiling is done
by Pyodide's own interpreter under Node (``precompile.mjs`` runs
``pyc_zip.py``), so the bytecode matches the interpreter that loads it.

Each output is a pure function of its input bytes, its options and the two
scripts; it is cached under that key in ``.cache/pyc`` and reused only when
its recorded sha256 still matches.  All missing outputs are made in one Node
run (booting Pyodide costs ~2 s).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

__all__ = ["PrecompileError", "Job", "precompile", "sha256_file", "STDLIB_PREFIX", "SITE_PACKAGES_PREFIX"]

HERE = Path(__file__).resolve().parent
SCRIPTS = (HERE / "precompile.mjs", HERE / "pyc_zip.py")
#: where the code will live at run time (the file names tracebacks show)
STDLIB_PREFIX = "/lib/python312.zip/"
SITE_PACKAGES_PREFIX = "/lib/python3.12/site-packages/"
#: cached outputs kept (newest first); older ones are removed
KEEP = 24


class PrecompileError(RuntimeError):
    """Node or Pyodide failed while byte-compiling; the message holds their output."""


@dataclass(frozen=True)
class Job:
    """One zip to compile.

    ``keep_source``: False writes sourceless ``x.pyc`` in place of ``x.py``
    (smallest, for third-party code); True keeps ``x.py`` and adds
    ``__pycache__/x.cpython-312.pyc`` (our engine: tracebacks keep their lines).
    """

    src: Path
    prefix: str
    keep_source: bool = False


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in 1 MiB chunks (the wasm and zips are large)."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _key(job: Job) -> str:
    h = hashlib.sha256(f"{job.src.name}\0{job.prefix}\0{job.keep_source}\0{sha256_file(job.src)}\n".encode())
    for script in SCRIPTS:
        h.update(script.read_bytes())
    return h.hexdigest()[:24]


def _cached(entry: Path, name: str) -> Path | None:
    out, record = entry / name, entry / "sha256"
    if out.exists() and record.exists() and sha256_file(out) == record.read_text().strip():
        return out
    return None


def precompile(jobs: list[Job], cache: Path, runtime: Path, log: Callable[[str], None] = print) -> list[Path]:
    """Return the compiled copy of each job's zip (same file name), from ``cache`` or made now.

    ``runtime``: a folder holding the *verified* Pyodide core files (pyodide.mjs, ...).
    """
    entries = [cache / _key(job) for job in jobs]
    missing = [(job, entry) for job, entry in zip(jobs, entries) if _cached(entry, job.src.name) is None]
    if missing:
        t0 = time.perf_counter()
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp_name:
            tmp = Path(tmp_name)
            spec = [
                [str(job.src), str(tmp / f"{i}" / job.src.name), job.prefix, job.keep_source]
                for i, (job, _entry) in enumerate(missing)
            ]
            for i in range(len(missing)):
                (tmp / f"{i}").mkdir()
            (tmp / "jobs.json").write_text(json.dumps(spec))
            try:
                proc = subprocess.run(
                    ["node", str(HERE / "precompile.mjs"), str(runtime), str(tmp / "jobs.json")],
                    capture_output=True, text=True,
                )
            except FileNotFoundError:
                raise PrecompileError("node is not installed: run ./build_scripts/setup.sh (it installs Node)") from None
            if proc.returncode != 0:
                raise PrecompileError(f"byte-compiling failed: {(proc.stderr or proc.stdout).strip()[-2000:]}")
            report = json.loads(proc.stdout.strip().splitlines()[-1])
            for i, ((job, entry), rep) in enumerate(zip(missing, report)):
                kept = f"; kept as source: {'; '.join(rep['kept_source'])}" if rep["kept_source"] else ""
                log(f"byte-compiled {rep['compiled']} modules of {job.src.name}{kept}")
                made = tmp / f"{i}"
                (made / "sha256").write_text(sha256_file(made / job.src.name) + "\n")
                if entry.exists():
                    shutil.rmtree(entry)
                made.rename(entry)
        log(f"byte-compiling took {time.perf_counter() - t0:.1f} s")
    else:
        log(f"reusing {len(jobs)} byte-compiled zips")
    for old in sorted(cache.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)[KEEP:]:
        if old not in entries:
            shutil.rmtree(old, ignore_errors=True)
    for entry in entries:
        entry.touch()
    return [entry / job.src.name for job, entry in zip(jobs, entries)]
