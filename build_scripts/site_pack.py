"""Pack a wheel's run-time files into one gzipped blob the engine worker writes straight into Pyodide's
file system (engine-worker.js ``installPack``).

Why: ``pyodide.loadPackage`` unzips the wheel with Python's zipfile inside wasm (≈ 0.3 s for numpy)
only after the runtime has started, then loads every shared library of the package, used or not
(numpy.random, fft and the test modules: a third of numpy's wasm).  The pack is fetched while the
runtime starts (served gzipped where the server can: ``precompressed``), its files are written by JavaScript,
and each shared library is loaded when Python first imports it (a worker may compile wasm
synchronously).  Files no program imports (C headers, static libraries, stubs) are left out.

Format: 4-byte little-endian length n, n bytes of JSON ``[[path, size], ...]`` (paths relative to
site-packages), then the files' bytes in that order; the same wheel always gives the same bytes.
"""

from __future__ import annotations

import gzip
import json
import struct
import zipfile
from pathlib import Path

from precompile import sha256_file

__all__ = ["LEFT_OUT", "make_pack", "precompressed", "read_pack"]

#: file endings no import reads
LEFT_OUT = (".h", ".a", ".pyi", ".pxd", ".c", ".cpp", ".pc")


def precompressed(path: Path) -> Path:
    """Write ``path.gz`` beside ``path`` (no timestamp: same bytes, same file), for servers that send it
    as ``Content-Encoding: gzip`` (serve_site.py does): the browser's network process ungzips it, off the
    worker's thread; a server that does not sends the file itself."""
    out = path.with_name(path.name + ".gz")
    out.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
    return out


def make_pack(wheel: Path, out_dir: Path) -> Path:
    """Write ``<wheel name>-<sha256[:16]>.pack`` of ``wheel``'s run-time files (and its ``.gz``) into ``out_dir``."""
    with zipfile.ZipFile(wheel) as zf:
        infos = [i for i in zf.infolist() if not i.is_dir() and not i.filename.endswith(LEFT_OUT)]
        blobs = [zf.read(i) for i in infos]
    index = json.dumps([[i.filename, len(b)] for i, b in zip(infos, blobs)], separators=(",", ":")).encode()
    tmp = out_dir / "pack.tmp"
    tmp.write_bytes(struct.pack("<I", len(index)) + index + b"".join(blobs))
    target = out_dir / f"{wheel.name.split('-')[0]}-{sha256_file(tmp)[:16]}.pack"
    tmp.rename(target)
    precompressed(target)
    return target


def read_pack(path: Path) -> dict[str, bytes]:
    """The files of a pack (path -> bytes): what the worker writes, for tests."""
    raw = path.read_bytes()
    (n,) = struct.unpack_from("<I", raw)
    out, at = {}, 4 + n
    for name, size in json.loads(raw[4:at]):
        out[name] = raw[at:at + size]
        at += size
    return out
