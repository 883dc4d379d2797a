#!/bin/sh
# Installs what the tests need (with apt, when missing), builds, and runs
# every default test suite headless, under Xvfb and a private D-Bus.
#   ./test.sh [MESON-TEST-ARGS…]    e.g. ./test.sh --suite unit
# PROCEEDINGS_SANITIZE=1 ./test.sh runs them under AddressSanitizer and UBSan.
# On a host older than Debian 13 they run in a cached Debian 13 root (see run.sh);
#   ./test.sh --platform testing [ARGS…]   runs them in a Debian testing root: the
#                                           libraries of the current GNOME runtime.
# Suites that take minutes run only when named (the default run reports them as skipped):
#   ./test.sh --suite flatpak        builds, installs and runs the Flatpak
#   ./test.sh --suite reliability    200 SIGKILLs during imports, bulk tags and note saves
#   ./test.sh --suite fuzz           each importer under libFuzzer (clang; 60 s a target)
#   ./test.sh --setup valgrind --suite unit    the units under valgrind memcheck
set -eu
cd "$(dirname "$0")"

if [ "${1:-}" = --platform ]; then
  [ $# -ge 2 ] || { echo "--platform needs trixie, testing or native" >&2; exit 2; }
  export PROCEEDINGS_PLATFORM="$2"
  shift 2
fi
# The Flatpak suite builds in its own runtime (made from Debian testing), so it
# runs on the host whatever the host's libraries are.
if [ "$*" = "--suite flatpak" ] && [ -z "${PROCEEDINGS_IN_PLATFORM:-}" ]; then
  PROCEEDINGS_FLATPAK_TESTS=1 exec flatpak/test-flatpak.sh
fi
. ./.platform/enter.sh
proceedings_enter_platform "$@"

# The tests' own packages (.platform/enter.sh says which and why).
PROCEEDINGS_EXTRA_PACKAGES="$PROCEEDINGS_TEST_PACKAGES" PROCEEDINGS_BUILD_ONLY=1 ./run.sh
if command -v localedef >/dev/null && ! locale -a 2>/dev/null | grep -qix 'zh_CN.utf-\{0,1\}8'; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo localedef -i zh_CN -f UTF-8 zh_CN.UTF-8 ||
    echo "No zh_CN.UTF-8 locale: the tests in Chinese will report a skip." >&2
fi
build=$(proceedings_build_dir)

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
