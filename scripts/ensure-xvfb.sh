#!/usr/bin/env bash
# The phone benches (npm run bench -- web) draw Chromium on a virtual display, as a phone draws on
# its screen (bench/display.ts); install Debian's Xvfb where it is missing (fresh machines run as root).
set -euo pipefail
XVFB="${XVFB_PATH:-/usr/bin/Xvfb}"
if [ -x "$XVFB" ]; then exit 0; fi
echo "Xvfb not found at $XVFB; installing Debian's xvfb package..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq xvfb >/dev/null
test -x "$XVFB"
