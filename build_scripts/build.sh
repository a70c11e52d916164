#!/usr/bin/env bash
# Build site/: web app + self-hosted Pyodide (hash-verified) + engine wheel.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/build_scripts/setup.sh"
exec "$ROOT/.venv/bin/python" "$ROOT/build_scripts/build_site.py" "$@"
