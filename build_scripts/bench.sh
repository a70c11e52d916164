#!/usr/bin/env bash
# Browser benchmark: cold start and per-state analysis time in the worker vs native.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./build_scripts/setup.sh --browser
.venv/bin/python build_scripts/build_site.py
exec .venv/bin/python build_scripts/bench_browser.py "$@"
