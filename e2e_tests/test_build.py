"""The site build: hash checks fail loudly, the cache is reused only when verified,
and the built site is self-consistent (no browser needed)."""

from __future__ import annotations

import hashlib
import json
import zipfile

import pytest

from conftest import ROOT

import build_site  # noqa: E402  (build_scripts/ is on sys.path via conftest)


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
        assert "bombbusters/bridge.py" in zf.namelist()
    # every Pyodide package wheel matches pyodide-lock.json
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["version"] == build_site.PYODIDE_VERSION
    for name in ("numpy", "micropip", "packaging"):
        entry = lock["packages"][name]
        data = (site_dir / "pyodide" / entry["file_name"]).read_bytes()
        assert _sha(data) == entry["sha256"], name
    # the service worker's cache name is the build id
    sw = (site_dir / "sw.js").read_text()
    assert "__BUILD__" not in sw and manifest["build_id"] in sw
    # package.json pins exactly the Pyodide the build uses
    pkg = json.loads((ROOT / "package.json").read_text())
    assert pkg["dependencies"]["pyodide"] == build_site.PYODIDE_VERSION
