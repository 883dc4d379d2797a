#!/bin/sh
# Installs what the tests need (with apt, when missing), builds, and runs
# every default test suite headless, under Xvfb and a private D-Bus.
#   ./test.sh [MESON-TEST-ARGS…]    e.g. ./test.sh --suite unit
# PROCEEDINGS_SANITIZE=1 ./test.sh runs them under AddressSanitizer and UBSan.
set -eu
cd "$(dirname "$0")"

# bibtool and pandoc check that our BibTeX and CSL-JSON exports parse.
PROCEEDINGS_EXTRA_PACKAGES="bibtool pandoc" PROCEEDINGS_BUILD_ONLY=1 ./run.sh
if [ "${PROCEEDINGS_SANITIZE:-0}" = 1 ]; then build=_build-sanitize; else build=_build; fi

exec xvfb-run -a -s "-screen 0 1280x1024x24" \
  dbus-run-session -- \
  meson test -C "$build" --print-errorlogs "$@"
