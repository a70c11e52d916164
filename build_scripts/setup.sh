#!/usr/bin/env bash
# Install what is missing, idempotently: .venv with the Python tools and the
# engine (editable), npm packages, and with --browser Debian's Chromium, Firefox ESR, WebKitGTK's
# WebDriver and Xvfb (the browser tests' engines).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WANT_BROWSER=0
for arg in "$@"; do
  case "$arg" in
    --browser) WANT_BROWSER=1 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

say() { echo "[setup] $*"; }

SUDO=""
if [[ "$(id -u)" != 0 ]]; then SUDO="sudo"; fi
APT_PACKAGES=()
if [[ "$WANT_BROWSER" == 1 ]]; then
  # The browser tests' engines: Chromium (Playwright), Firefox ESR (WebDriver BiDi, its own), WebKitGTK
  # (WebKitWebDriver + MiniBrowser, which needs an X server: Xvfb). Each is installed when its binary is missing.
  [[ -x /usr/bin/chromium ]] || APT_PACKAGES+=(chromium)
  [[ -x /usr/bin/firefox-esr ]] || APT_PACKAGES+=(firefox-esr)
  [[ -x /usr/bin/WebKitWebDriver ]] || APT_PACKAGES+=(webkit2gtk-driver)
  [[ -x /usr/bin/Xvfb ]] || APT_PACKAGES+=(xvfb)
fi
# Node runs npm and, at build time, Pyodide itself (byte-compiling; Pyodide 0.27 needs Node >= 18).
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then APT_PACKAGES+=(nodejs npm); fi
if (( ${#APT_PACKAGES[@]} )); then
  say "installing Debian packages: ${APT_PACKAGES[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${APT_PACKAGES[@]}"
fi
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
if (( NODE_MAJOR < 18 )); then
  echo "[setup] ERROR: Node $(node --version) is too old; the build runs Pyodide 0.27 under Node >= 18" >&2
  exit 1
fi

if [[ ! -x .venv/bin/python ]]; then
  say "creating .venv"
  python3 -m venv .venv
fi
STAMP=.venv/.bombbusters-setup
WANT="$(cat build_scripts/requirements-dev.txt pyproject.toml | sha256sum | cut -c1-64)"
if [[ "$(cat "$STAMP" 2>/dev/null || true)" != "$WANT" ]]; then
  say "installing Python tools into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -r build_scripts/requirements-dev.txt
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-build-isolation --no-deps -e .
  echo "$WANT" > "$STAMP"
fi

NPM_STAMP=node_modules/.bombbusters-setup
NPM_WANT="$(cat package.json package-lock.json | sha256sum | cut -c1-64)"
if [[ "$(cat "$NPM_STAMP" 2>/dev/null || true)" != "$NPM_WANT" ]]; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$NPM_WANT" > "$NPM_STAMP"
fi
