#!/usr/bin/env bash
# Writes the bundled study's HTML report with `thumblab demo` and checks it in headless
# Chromium (check_report.py): no console errors, no network requests, every figure drawn
# and named, every table captioned; screenshots go to .build/browser-check/.
# Installs chromium and python3-venv when missing (as root, or through sudo); where
# chromium cannot be installed it says so and skips the check. Any other failure fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=.build/browser-check
as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo -n); fi
export DEBIAN_FRONTEND=noninteractive
if ! command -v chromium >/dev/null; then
    if ! { "${as_root[@]}" apt-get update -qq && "${as_root[@]}" apt-get install -y -qq chromium; }; then
        echo "Browser check SKIPPED: chromium is not installed and apt-get could not install it." >&2
        exit 0
    fi
fi
mkdir -p "$work"
if ! [ -x "$work/venv/bin/python" ] && ! python3 -m venv "$work/venv" >/dev/null 2>&1; then
    "${as_root[@]}" apt-get install -y -qq python3-venv
    python3 -m venv "$work/venv"
fi
if ! "$work/venv/bin/python" -c "import websocket" 2>/dev/null; then
    "$work/venv/bin/pip" install -q websocket-client
fi
swift build --product thumblab
rm -rf "$work/demo"
"$(swift build --show-bin-path)/thumblab" demo --out "$work/demo" >/dev/null
timeout 180 "$work/venv/bin/python" Tests/browser/check_report.py "$work/demo/report.html" "$work/report.png"
