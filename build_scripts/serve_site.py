#!/usr/bin/env python3
"""Serve site/ on 127.0.0.1 with correct MIME types (wasm, mjs) and no caching surprises.

Used by ./build_scripts/serve.sh, the e2e test fixture and the browser benchmark.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import socket
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".md": "text/markdown; charset=utf-8",
}


# the compressed copies a browser may be sent, preferred first
ENCODINGS = (("zstd", ".zst"), ("gzip", ".gz"))


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def end_headers(self) -> None:
        # Revalidate everything: the wheel URL is content-addressed and the
        # service worker keeps the offline copy, so this costs nothing.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        """A file with a compressed copy beside it (site_pack.precompressed: ``.zst``, ``.gz``) goes compressed
        to a browser that accepts the encoding (zstd first: it unpacks in half gzip's time), as its
        ``Content-Encoding``: the browser's network process unpacks it."""
        path = Path(self.translate_path(self.path))
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in ENCODINGS:
            packed = path.with_name(path.name + suffix)
            if encoding in accepted and path.is_file() and packed.is_file():
                break
        else:
            return super().send_head()
        body = packed.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.end_headers()
        return body

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(site: Path, port: int = 0, verbose: bool = False) -> SiteServer:
    """A server bound to 127.0.0.1 (port 0 = a free one); call serve_forever() or start()."""
    if not (site / "index.html").exists():
        raise FileNotFoundError(f"{site}/index.html missing: build the site first (./build_scripts/build.sh)")
    handler = functools.partial(SiteHandler, directory=str(site))
    server = SiteServer(("127.0.0.1", port), handler)
    server.verbose = verbose
    return server


def start_in_thread(site: Path, port: int = 0) -> tuple[SiteServer, str]:
    server = make_server(site, port)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def start_in_process(site: Path) -> tuple[subprocess.Popen, str]:
    """A server in its own process (as serve.sh runs it), on a free port; returns it and its URL."""
    port = free_port(0)
    proc = subprocess.Popen([sys.executable, __file__, "--site", str(site), "--port", str(port)],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    if "Serving" not in line:
        proc.kill()
        raise RuntimeError(f"the site server did not start: {line!r}")
    return proc, line.split(" at ")[1].split()[0]


def free_port(preferred: int) -> int:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", preferred))
            return preferred
        except OSError:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8000, help="preferred port (a free one is used if taken)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    server = make_server(args.site.resolve(), free_port(args.port), args.verbose)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving {args.site} at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
