"""Byte-compile the ``.py`` files of a zip (the stdlib zip or a wheel).

Why: the Pyodide npm package ships the standard library and the numpy
wheel as ``.py`` source, so a fresh worker compiles
every module it imports, in wasm, on each page open (about two thirds of the
cold start).  Byte-compiling once at build time removes that work.

This file is run *inside Pyodide* (by ``precompile.mjs`` under Node) so the
bytecode comes from the very interpreter that will load it: same magic
number, same marshal format.  The ``.pyc`` are "unchecked hash" pycs: no
timestamps, so an unchanged input gives a byte-identical output (stable
build id).  Either sourceless (``x.pyc`` replaces ``x.py``: the import system
loads it without a source) or, with ``keep_source``, beside the source in
``__pycache__`` (tracebacks keep their lines).

A wheel's ``RECORD`` is rewritten to list the ``.pyc`` with hash and size.  A
file that does not compile keeps its source (and is reported).
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import zipfile
from importlib import _bootstrap_external  # type: ignore[attr-defined]

__all__ = ["convert", "main"]


def _pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _rewrite_record(text: str, pycs: dict[str, tuple[str, bytes]], keep_source: bool) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in csv.reader(io.StringIO(text)):
        if row and row[0] in pycs:
            name, data = pycs[row[0]]
            pyc_row = [name, _record_hash(data), str(len(data))]
            if keep_source:
                writer.writerow(row)
            row = pyc_row
        writer.writerow(row)
    return out.getvalue()


def convert(src: str, dst: str, prefix: str, keep_source: bool = False) -> dict:
    """Write ``dst``: ``src`` with every ``.py`` compiled; code filenames start with ``prefix``."""
    entries: list[tuple[zipfile.ZipInfo, str, bytes]] = []
    pycs: dict[str, tuple[str, bytes]] = {}  # source name -> (pyc name, pyc bytes)
    kept: list[str] = []
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if name.endswith(".py"):
                try:
                    pyc = _pyc(data, prefix + name)
                except SyntaxError as exc:
                    kept.append(f"{name}: {exc.msg}")
                else:
                    if keep_source:
                        pycs[name] = (importlib.util.cache_from_source(name), pyc)
                        entries.append((info, name, data))
                    else:
                        pycs[name] = (name + "c", pyc)
                    name, data = pycs[name]
            entries.append((info, name, data))
    with zipfile.ZipFile(dst, "w") as zout:
        for info, name, data in entries:
            if name.endswith(".dist-info/RECORD"):
                data = _rewrite_record(data.decode(), pycs, keep_source).encode()
            out = zipfile.ZipInfo(name, info.date_time)
            out.external_attr = info.external_attr
            out.compress_type = zipfile.ZIP_DEFLATED if data else zipfile.ZIP_STORED
            zout.writestr(out, data)
    return {"compiled": len(pycs), "kept_source": kept}


def main(jobs: list[list]) -> list[dict]:
    """Run :func:`convert` for each ``[src, dst, prefix, keep_source]``."""
    return [convert(src, dst, prefix, keep_source) for src, dst, prefix, keep_source in jobs]
