#!/bin/sh
# Installs what the tests need (with apt, when missing), builds, and runs
# every default test suite headless, under Xvfb and a private D-Bus.
#   ./test.sh [MESON-TEST-ARGS…]    e.g. ./test.sh --suite unit
# PROCEEDINGS_SANITIZE=1 ./test.sh runs them under AddressSanitizer and UBSan.
# Suites that take minutes run only when named (the default run reports them as skipped):
#   ./test.sh --suite flatpak        builds, installs and runs the Flatpak
#   ./test.sh --suite reliability    200 SIGKILLs during imports, bulk tags and note saves
#   ./test.sh --suite fuzz           each importer under libFuzzer (clang; 60 s a target)
#   ./test.sh --setup valgrind --suite unit    the units under valgrind memcheck
set -eu
cd "$(dirname "$0")"

# bibtool and pandoc check that our BibTeX and CSL-JSON exports parse; valgrind
# runs the units under memcheck (--setup valgrind).
PROCEEDINGS_EXTRA_PACKAGES="bibtool pandoc valgrind" PROCEEDINGS_BUILD_ONLY=1 ./run.sh
if [ "${PROCEEDINGS_SANITIZE:-0}" = 1 ]; then build=_build-sanitize; else build=_build; fi

# The long suites run only when asked for by name.
for arg in "$@"; do
  case "$arg" in
    flatpak) export PROCEEDINGS_FLATPAK_TESTS=1 ;;
    reliability) export PROCEEDINGS_RELIABILITY_TESTS=1 ;;
    fuzz) export PROCEEDINGS_FUZZ_TESTS=1 ;;
  esac
done

exec xvfb-run -a -s "-screen 0 1280x1024x24" \
  dbus-run-session -- \
  meson test -C "$build" --print-errorlogs "$@"
