"""The Pyodide memory snapshot the engine worker starts from, made at build time and cached by input.

Why: after the wasm is compiled, a fresh worker spent most of its start-up initialising the Python
interpreter and importing Pyodide's own modules (≈ 0.8 s of the ≈ 2.5 s cold start here).  Pyodide
0.27 can write the interpreter's memory after that work (``makeMemorySnapshot``) and start from it
(``loadPyodide({_loadSnapshot})``).  ``snapshot.mjs`` makes one under Node with the standard-library
modules numpy's and the engine's imports need already imported; numpy itself is loaded after the
restore (a snapshot cannot hold shared libraries).

The snapshot is only valid with the very runtime and stdlib zip it was made from (zipimport keeps
offsets into the zip): its cache key hashes them, and Pyodide refuses a snapshot of another build
(build id check).  The worker falls back to a plain start if the snapshot fails (engine-worker.js).
Python's hash seed and ``random``'s state come from the snapshot: the worker reseeds ``random``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable

from precompile import sha256_file
from site_pack import precompressed

__all__ = ["SnapshotError", "make_snapshot", "memory_length", "sparse", "unsparse"]

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "snapshot.mjs"
#: the runtime files a snapshot depends on (beside the numpy and engine wheels)
RUNTIME = ("pyodide.asm.wasm", "pyodide.asm.js", "pyodide.mjs", "python_stdlib.zip")
#: cached snapshots kept (newest first)
KEEP = 6


#: the sparse file's page: a page of zeros is not written (about 45 % of the interpreter's memory)
PAGE = 4096


def sparse(memory: bytes) -> bytes:
    """``memory`` without its pages of zeros: u32 length, u32 page size, one byte per page (1: written),
    then the written pages in order (the worker's ``unsparseInto`` rebuilds it)."""
    pages = [memory[i:i + PAGE] for i in range(0, len(memory), PAGE)]
    kept = [any(p) for p in pages]
    head = struct.pack("<II", len(memory), PAGE) + bytes(kept)
    return head + b"".join(p for p, k in zip(pages, kept) if k)


def memory_length(path: Path) -> int:
    """The length of the memory a sparse file holds (its first u32): the manifest carries it, so that the
    worker can size the runtime before the file has arrived."""
    with path.open("rb") as f:
        return struct.unpack("<I", f.read(4))[0]


def unsparse(data: bytes) -> bytes:
    """The memory a sparse file holds (for tests; the worker does the same in JavaScript)."""
    length, page = struct.unpack_from("<II", data)
    n = -(-length // page)
    out, at = bytearray(length), 8 + n
    for i, kept in enumerate(data[8:8 + n]):
        if kept:
            chunk = data[at:at + page][: length - i * page]
            out[i * page:i * page + len(chunk)] = chunk
            at += len(chunk)
    return bytes(out)


class SnapshotError(RuntimeError):
    """Node or Pyodide failed while making the snapshot; the message holds their output."""


def _key(pyodide_dir: Path, wheels: list[Path]) -> str:
    h = hashlib.sha256(SCRIPT.read_bytes() + Path(__file__).read_bytes())
    for path in [pyodide_dir / n for n in RUNTIME] + wheels:
        h.update(f"{path.name}\0{sha256_file(path)}\n".encode())
    return h.hexdigest()[:16]


def make_snapshot(pyodide_dir: Path, wheels: list[Path], engine_wheel: Path, cache: Path,
                  log: Callable[[str], None] = print) -> Path:
    """Write ``snapshot-<key>.bin`` (and its compressed copies) into ``pyodide_dir`` (from ``cache`` or made now); return it.

    ``wheels``: the package wheels in ``pyodide_dir`` (their bytes are part of the key);
    ``engine_wheel``: the engine, loaded to learn its standard-library imports."""
    key = _key(pyodide_dir, wheels + [engine_wheel])
    name = f"snapshot-{key}.bin"
    cached = cache / name
    if not cached.exists():
        t0 = time.perf_counter()
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            out = Path(tmp) / name
            try:
                proc = subprocess.run(["node", str(SCRIPT), str(pyodide_dir), str(engine_wheel), str(out)],
                                      capture_output=True, text=True)
            except FileNotFoundError:
                raise SnapshotError("node is not installed: run ./build_scripts/setup.sh (it installs Node)") from None
            if proc.returncode != 0:
                raise SnapshotError(f"the snapshot failed: {(proc.stderr or proc.stdout).strip()[-2000:]}")
            report = json.loads(proc.stdout.strip().splitlines()[-1])
            cached.write_bytes(sparse(out.read_bytes()))
        log(f"memory snapshot: {report['bytes'] / 2**20:.0f} MiB ({cached.stat().st_size / 2**20:.1f} MiB without "
            f"its pages of zeros), {report['modules']} stdlib modules pre-imported, in {time.perf_counter() - t0:.1f} s")
    else:
        log(f"reusing the memory snapshot {name}")
    for old in sorted(cache.glob("snapshot-*.bin"), key=lambda p: p.stat().st_mtime, reverse=True)[KEEP:]:
        old.unlink(missing_ok=True)
    cached.touch()
    shutil.copy2(cached, pyodide_dir / name)
    precompressed(pyodide_dir / name)
    return pyodide_dir / name
