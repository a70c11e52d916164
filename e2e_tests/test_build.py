"""The site build: hash checks fail loudly, the cache is reused only when verified,
and the built site is self-consistent (no browser needed)."""

from __future__ import annotations

import gzip
import hashlib
import json
import zipfile

import build_site  # noqa: E402  (build_scripts/ is on sys.path via conftest)
import page_scripts  # noqa: E402
import pyc_zip  # noqa: E402
import snapshot as snapshot_mod  # noqa: E402
import pytest
import zstandard
from conftest import ROOT

#: how a browser unpacks each compressed copy a server may send
UNPACK = {".zst": lambda b: zstandard.ZstdDecompressor().decompress(b), ".gz": gzip.decompress}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def downloads(tmp_path, monkeypatch):
    monkeypatch.setattr(build_site, "CACHE", tmp_path)
    monkeypatch.setattr(build_site, "DOWNLOADS", tmp_path / "downloads")
    return tmp_path / "downloads"


def test_download_with_wrong_hash_is_refused(downloads):
    def fake_download(dest):
        (dest / "thing.tgz").write_bytes(b"tampered")

    with pytest.raises(build_site.BuildError, match="SHA256 MISMATCH"):
        build_site.fetch_verified("thing.tgz", _sha(b"genuine"), fake_download)
    assert not (downloads / "thing.tgz").exists(), "an unverified archive must not stay in the cache"


def test_cache_is_reused_only_when_verified(downloads):
    calls = []

    def fake_download(dest):
        calls.append(1)
        (dest / "thing.tgz").write_bytes(b"genuine")

    good = _sha(b"genuine")
    path = build_site.fetch_verified("thing.tgz", good, fake_download)
    assert path.read_bytes() == b"genuine" and len(calls) == 1
    build_site.fetch_verified("thing.tgz", good, fake_download)
    assert len(calls) == 1, "a verified cached file must be reused"
    path.write_bytes(b"corrupted")
    build_site.fetch_verified("thing.tgz", good, fake_download)
    assert len(calls) == 2 and path.read_bytes() == b"genuine", "a corrupted cache must be fetched again"


def test_built_site_is_consistent(site_dir):
    manifest = json.loads((site_dir / "build.json").read_text())
    for rel in manifest["files"]:
        if rel not in ("./", "build.json"):
            assert (site_dir / rel).is_file(), rel
    # the wheel URL carries the wheel's own hash, and the wheel holds the bridge
    wheel = site_dir / manifest["wheel_url"]
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert digest == manifest["wheel_sha256"] and digest[:16] in manifest["wheel_url"]
    with zipfile.ZipFile(wheel) as zf:
        assert "bombbusters/protocol/bridge.py" in zf.namelist()
    # every Pyodide package wheel matches pyodide-lock.json
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["version"] == build_site.PYODIDE_VERSION
    for name in build_site.PYODIDE_PACKAGES:
        entry = lock["packages"][name]
        data = (site_dir / "pyodide" / entry["file_name"]).read_bytes()
        assert _sha(data) == entry["sha256"], name
    # the service worker's cache name is the build id
    sw = (site_dir / "sw.js").read_text()
    assert "__BUILD__" not in sw and manifest["build_id"] in sw
    # the pages start the worker from their head, with no request for the script that starts it
    early = (ROOT / "web" / page_scripts.EARLY).read_text()
    for page in page_scripts.PAGES:
        html = (site_dir / page).read_text()
        assert page_scripts.EARLY not in html and early in html, page
    assert page_scripts.EARLY not in manifest["files"] and not (site_dir / page_scripts.EARLY).exists()
    # each page's entry holds its modules (no import left), a source map beside it; the modules it took in
    # are still served but not kept offline, and every module a page loads is kept
    for entry in page_scripts.ENTRIES.values():
        bundle = (site_dir / entry).read_text()
        assert not any(t.startswith(("import ", "export ")) for t in bundle.splitlines()), entry
        assert bundle.rstrip().endswith(f"//# sourceMappingURL={entry.split('/')[-1]}.map")
        assert entry in manifest["files"] and f"{entry}.map" not in manifest["files"]
    assert "table/hand.js" not in manifest["files"] and (site_dir / "table/hand.js").exists()
    assert "export function" in (site_dir / "table/hand.js").read_text()
    # the worker has the manifest built in (but its file list): its downloads start without build.json
    worker = (site_dir / page_scripts.WORKER).read_text()
    assert worker.count(page_scripts.WORKER_PLACEHOLDER) == 0
    line = next(t for t in worker.splitlines() if t.startswith("const BUILT_IN_MANIFEST = "))
    built_in = json.loads(line.removeprefix("const BUILT_IN_MANIFEST = ").removesuffix(";"))
    assert built_in == {k: v for k, v in manifest.items() if k != "files"}
    # package.json pins exactly the Pyodide the build uses
    pkg = json.loads((ROOT / "package.json").read_text())
    assert pkg["dependencies"]["pyodide"] == build_site.PYODIDE_VERSION


# ---------------------------------------------------------------- byte-compiling


def _src(pkg: str) -> dict:
    """A tiny wheel-like zip; each test imports its own package name."""
    files = {
        f"{pkg}/__init__.py": "from .mod import answer\n",
        f"{pkg}/mod.py": "def answer():\n    return 42\n",
        f"{pkg}/data.txt": "not code",
    }
    record = "".join(f"{n},{pyc_zip._record_hash(t.encode())},{len(t)}\n" for n, t in files.items())
    return {**files, f"{pkg}-1.0.dist-info/RECORD": record}


def _zip(path, files):
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return path


def _record_ok(zf, pkg):
    import base64
    import csv
    import io

    rows = list(csv.reader(io.StringIO(zf.read(f"{pkg}-1.0.dist-info/RECORD").decode())))
    listed = {r[0] for r in rows}
    for name, digest, size in rows:
        if digest:
            data = zf.read(name)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={want}" and int(size) == len(data), name
    return listed


def test_sourceless_zip_imports_without_any_source(tmp_path, monkeypatch):
    import importlib

    src = _zip(tmp_path / "in.zip", _src("bbpyc_a"))
    report = pyc_zip.convert(str(src), str(tmp_path / "out.zip"), "/lib/x/")
    assert report == {"compiled": 2, "kept_source": []}
    with zipfile.ZipFile(tmp_path / "out.zip") as zf:
        names = set(zf.namelist())
        assert not any(n.endswith(".py") for n in names)
        assert {"bbpyc_a/__init__.pyc", "bbpyc_a/mod.pyc", "bbpyc_a/data.txt"} <= names
        assert _record_ok(zf, "bbpyc_a") == {"bbpyc_a/__init__.pyc", "bbpyc_a/mod.pyc", "bbpyc_a/data.txt"}
    monkeypatch.syspath_prepend(str(tmp_path / "out.zip"))
    pkg = importlib.import_module("bbpyc_a")
    assert pkg.answer() == 42 and pkg.__file__.endswith("bbpyc_a/__init__.pyc")
    assert pkg.mod.answer.__code__.co_filename == "/lib/x/bbpyc_a/mod.py"


def test_kept_source_wheel_loads_its_pycache(tmp_path, monkeypatch):
    import importlib
    import sys

    src = _zip(tmp_path / "in.whl", _src("bbpyc_b"))
    pyc_zip.convert(str(src), str(tmp_path / "out.whl"), "/site/", keep_source=True)
    with zipfile.ZipFile(tmp_path / "out.whl") as zf:
        tag = sys.implementation.cache_tag
        sources = {"bbpyc_b/__init__.py", "bbpyc_b/mod.py"}
        cached = {f"bbpyc_b/__pycache__/__init__.{tag}.pyc", f"bbpyc_b/__pycache__/mod.{tag}.pyc"}
        assert sources | cached <= set(zf.namelist())
        assert _record_ok(zf, "bbpyc_b") >= sources | cached
        zf.extractall(tmp_path / "site")
    # The pyc is an unchecked-hash pyc: it is what runs even if the source beside it changes.
    (tmp_path / "site" / "bbpyc_b" / "mod.py").write_text("def answer():\n    return 0\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    assert importlib.import_module("bbpyc_b").answer() == 42


def test_a_file_that_does_not_compile_keeps_its_source(tmp_path):
    src = _zip(tmp_path / "in.zip", {"ok.py": "x = 1\n", "bad.py": "def (:\n"})
    report = pyc_zip.convert(str(src), str(tmp_path / "out.zip"), "/")
    assert report["compiled"] == 1 and report["kept_source"][0].startswith("bad.py")
    with zipfile.ZipFile(tmp_path / "out.zip") as zf:
        assert set(zf.namelist()) == {"ok.pyc", "bad.py"}


def test_site_ships_bytecode(site_dir):
    """What the browser loads is compiled: no .py left in the stdlib zip and the package
    wheels, and the engine wheel has a pyc for each module beside its source."""
    pyodide = site_dir / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    zips = [pyodide / "python_stdlib.zip"] + [pyodide / lock["packages"][n]["file_name"] for n in build_site.PYODIDE_PACKAGES]
    for path in zips:
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
        assert not [n for n in names if n.endswith(".py")], path.name
        assert sum(n.endswith(".pyc") for n in names) > 10, path.name
    manifest = json.loads((site_dir / "build.json").read_text())
    with zipfile.ZipFile(site_dir / manifest["wheel_url"]) as zf:
        names = set(zf.namelist())
    sources = {n for n in names if n.endswith(".py")}
    assert "bombbusters/protocol/bridge.py" in sources
    for name in sources:
        folder, _, base = name.rpartition("/")
        assert f"{folder}/__pycache__/{base[:-3]}.cpython-312.pyc" in names, name


def test_precompile_cache_is_reused_only_when_verified(site_dir, tmp_path):
    """Node + Pyodide compile a zip once; the cached output is reused while its hash holds."""
    import precompile

    src = _zip(tmp_path / "tiny.zip", _src("bbpyc_c"))
    cache, logs = tmp_path / "cache", []
    job = precompile.Job(src, precompile.SITE_PACKAGES_PREFIX)
    (first,) = precompile.precompile([job], cache, site_dir / "pyodide", log=logs.append)
    assert any("byte-compiled 2 modules of tiny.zip" in line for line in logs), logs
    with zipfile.ZipFile(first) as zf:
        pyc = zf.read("bbpyc_c/mod.pyc")
    assert pyc[:4] == bytes.fromhex("cb0d0d0a"), "bytecode of Python 3.12 (Pyodide 0.27), not the host's"

    logs.clear()
    (again,) = precompile.precompile([job], cache, site_dir / "pyodide", log=logs.append)
    assert again == first and logs == ["reusing 1 byte-compiled zips"]

    first.write_bytes(b"corrupted")
    logs.clear()
    (fixed,) = precompile.precompile([job], cache, site_dir / "pyodide", log=logs.append)
    assert any("byte-compiled 2 modules" in line for line in logs), logs
    with zipfile.ZipFile(fixed) as zf:
        assert zf.read("bbpyc_c/mod.pyc") == pyc  # same input, byte-identical output


def test_packs_and_snapshot_are_what_the_worker_needs(site_dir):
    """Each pack holds exactly its wheel's run-time files, byte for byte, and build.json names every
    pack with its hash; the snapshot is shipped and listed for the service worker."""
    import site_pack  # noqa: E402

    manifest = json.loads((site_dir / "build.json").read_text())
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    wheels = [site_dir / "pyodide" / lock["packages"][n]["file_name"] for n in build_site.PYODIDE_PACKAGES]
    pairs = list(zip(manifest["packs"] + [manifest["wheel_pack"]], wheels + [site_dir / manifest["wheel_url"]]))
    assert len(pairs) == len(wheels) + 1
    for pack, wheel in pairs:
        path = site_dir / pack["url"]
        assert _sha(path.read_bytes()) == pack["sha256"] and pack["url"] in manifest["files"]
        with zipfile.ZipFile(wheel) as zf:
            wanted = {i.filename: zf.read(i) for i in zf.infolist()
                      if not i.is_dir() and not i.filename.endswith(site_pack.LEFT_OUT)}
        assert site_pack.read_pack(path) == wanted, wheel.name
    assert any(n.endswith(".so") for n in site_pack.read_pack(site_dir / manifest["packs"][0]["url"]))
    snapshot = site_dir / manifest["snapshot_url"]
    assert manifest["snapshot_url"] in manifest["files"]
    memory = snapshot_mod.unsparse(snapshot.read_bytes())
    assert len(memory) >= 16 * 2**20 and len(memory) > snapshot.stat().st_size  # pages of zeros left out
    assert manifest["snapshot_bytes"] == len(memory)  # the worker sizes the runtime by it before the file is in
    # what a server may send in place of a big file is that file compressed, and is not precached twice
    for rel in [manifest["snapshot_url"], *(p["url"] for p in manifest["packs"]), "pyodide/pyodide.asm.wasm"]:
        for suffix in site_pack.COMPRESSED:
            assert UNPACK[suffix]((site_dir / (rel + suffix)).read_bytes()) == (site_dir / rel).read_bytes()
            assert rel + suffix not in manifest["files"]
        # a browser unpacks zstd only with a window of at most 8 MiB
        assert zstandard.get_frame_parameters((site_dir / (rel + ".zst")).read_bytes()).window_size <= 2**23


def test_sparse_snapshot_round_trips():
    page = snapshot_mod.PAGE
    memory = bytes(page) + bytes(range(256)) * 40 + bytes(3 * page) + b"tail" + bytes(page - 7) + b"end"
    data = snapshot_mod.sparse(memory)
    assert snapshot_mod.unsparse(data) == memory and len(data) < len(memory)


def test_server_sends_the_compressed_file_to_a_browser_that_accepts_it(site_dir):
    import urllib.request

    import serve_site  # noqa: E402

    rel = json.loads((site_dir / "build.json").read_text())["packs"][0]["url"]
    server, url = serve_site.start_in_thread(site_dir)
    try:
        for accept, encoding in (("gzip, deflate, br, zstd", "zstd"), ("gzip, deflate, br", "gzip"),
                                 ("identity", None)):
            req = urllib.request.Request(url + rel, headers={"Accept-Encoding": accept})
            with urllib.request.urlopen(req) as res:
                body, got = res.read(), res.headers.get("Content-Encoding")
            assert got == encoding
            assert (UNPACK[{"zstd": ".zst", "gzip": ".gz"}[got]](body) if got else body) == (site_dir / rel).read_bytes()
    finally:
        server.shutdown()
        server.server_close()
