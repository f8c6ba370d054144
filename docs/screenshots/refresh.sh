#!/usr/bin/env bash
# Refreshes the screenshots of the designer page (docs/SERVE.md) from the browser test, which
# drives Debian's Chromium (apt-get install chromium) over the DevTools protocol.
set -euo pipefail
cd "$(dirname "$0")/../.."
PARSHEET_SCREENSHOTS="$PWD/docs/screenshots" cargo test --release --locked -p parsheet --test serve
ls -l docs/screenshots/*.png
