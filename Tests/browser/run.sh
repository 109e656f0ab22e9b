#!/usr/bin/env bash
# Writes the bundled study's HTML report with `thumblab demo` and checks it in headless
# Chromium (check_report.py): no console errors, no network requests, every figure drawn
# and named, every table captioned; screenshots go to .build/browser-check/.
# Without chromium (which .ci/run installs) it says so and skips the check; it makes its
# Python venv with websocket-client when missing. Any other failure fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=.build/browser-check
if ! command -v chromium >/dev/null; then
    echo "Browser check SKIPPED: chromium is not installed (apt-get install chromium; .ci/run installs it)." >&2
    exit 0
fi
mkdir -p "$work"
if ! [ -x "$work/venv/bin/python" ]; then python3 -m venv "$work/venv"; fi
if ! "$work/venv/bin/python" -c "import websocket" 2>/dev/null; then
    "$work/venv/bin/pip" install -q websocket-client
fi
swift build --product thumblab
rm -rf "$work/demo"
"$(swift build --show-bin-path)/thumblab" demo --out "$work/demo" >/dev/null
timeout 180 "$work/venv/bin/python" Tests/browser/check_report.py "$work/demo/report.html" "$work/report.png"
