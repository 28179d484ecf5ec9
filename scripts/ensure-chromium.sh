#!/usr/bin/env bash
# Browser tests drive Debian's Chromium at /usr/bin/chromium, never a downloaded browser.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium." >&2
echo "Install it as root with: apt-get install chromium   (Debian/Ubuntu), then run npm test again." >&2
exit 1
