#!/usr/bin/env bash
# The cluster (npm run cluster, npm run test:cluster) puts Debian's HAProxy in front of the servers;
# install it where it is missing (CI and fresh machines run as root).
set -euo pipefail
HAPROXY="${HAPROXY_PATH:-/usr/sbin/haproxy}"
if [ -x "$HAPROXY" ]; then exit 0; fi
echo "HAProxy not found at $HAPROXY; installing Debian's haproxy package..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# The package's own service stays stopped: the cluster script runs its own haproxy with its own config.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy >/dev/null
if command -v systemctl >/dev/null && systemctl is-active -q haproxy 2>/dev/null; then
  $SUDO systemctl stop haproxy || true
fi
"$HAPROXY" -v | sed -n 1p  # sed reads it all: head would end it early (SIGPIPE, exit 141 under pipefail)
