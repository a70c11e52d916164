#!/usr/bin/env bash
# Install what is missing, build site/ and serve it on 127.0.0.1 (prints the URL).
# Usage: ./build_scripts/serve.sh [--port 8000]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/build_scripts/setup.sh"
"$ROOT/.venv/bin/python" "$ROOT/build_scripts/build_site.py"
exec "$ROOT/.venv/bin/python" "$ROOT/build_scripts/serve_site.py" "$@"
