#!/bin/sh
# Installs what Proceedings needs (with apt, when missing), builds it into
# _build, installs it inside _build/install, and opens it.  The first start
# fills a new library with the ICML 2024 list.
#   ./run.sh [ARGS…]    ARGS go to proceedings, e.g. ./run.sh --library /tmp/x.db
# test.sh reuses the set-up with PROCEEDINGS_BUILD_ONLY=1; PROCEEDINGS_SANITIZE=1
# builds with AddressSanitizer and UBSan in _build-sanitize instead;
# PROCEEDINGS_EXTRA_PACKAGES names more packages to install (test.sh's tools).
# On a host older than Debian 13 all of it happens in a cached Debian 13 root
# (.platform/enter.sh); PROCEEDINGS_PLATFORM=testing uses Debian testing's.
set -eu
cd "$(dirname "$0")"
. ./.platform/enter.sh
proceedings_enter_platform "$@"

PROCEEDINGS_PACKAGES="$PROCEEDINGS_PACKAGES ${PROCEEDINGS_EXTRA_PACKAGES:-}"

PROCEEDINGS_BUILD_DIR=${PROCEEDINGS_BUILD_DIR:-$(proceedings_build_dir)}
if [ "${PROCEEDINGS_SANITIZE:-0}" = 1 ]; then
  PROCEEDINGS_MESON_ARGS="-Db_sanitize=address,undefined -Db_lundef=false"
else
  PROCEEDINGS_MESON_ARGS=""
fi
PROCEEDINGS_PREFIX="$(pwd)/$PROCEEDINGS_BUILD_DIR/install"

proceedings_install_packages ()
{
  missing=""
  for pkg in $PROCEEDINGS_PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing="$missing $pkg"
    fi
  done
  [ -z "$missing" ] && return 0

  echo "Installing:$missing"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $missing
}

proceedings_setup ()
{
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "This script installs packages with apt (Debian 13, Ubuntu 25.04 or newer; older ones build in a Debian 13 root)." >&2
  else
    proceedings_install_packages
  fi

  # A build folder configured elsewhere (the host, another root) starts again.
  platform="${PROCEEDINGS_IN_PLATFORM:-native}"
  if [ -f "$PROCEEDINGS_BUILD_DIR/build.ninja" ] &&
     [ "$(cat "$PROCEEDINGS_BUILD_DIR/.platform" 2>/dev/null)" != "$platform" ]; then
    rm -rf "$PROCEEDINGS_BUILD_DIR"
  fi
  if [ ! -f "$PROCEEDINGS_BUILD_DIR/build.ninja" ]; then
    # shellcheck disable=SC2086
    meson setup "$PROCEEDINGS_BUILD_DIR" --prefix="$PROCEEDINGS_PREFIX" $PROCEEDINGS_MESON_ARGS
    echo "$platform" > "$PROCEEDINGS_BUILD_DIR/.platform"
  fi
  meson compile -C "$PROCEEDINGS_BUILD_DIR"
}

# Installs into the build folder, so translations, icons and the settings
# schema are found as in a real installation, without touching /usr.
proceedings_install_locally ()
{
  meson install -C "$PROCEEDINGS_BUILD_DIR" --quiet >/dev/null
}

proceedings_setup
proceedings_install_locally
[ "${PROCEEDINGS_BUILD_ONLY:-0}" = 1 ] && exit 0

exec env XDG_DATA_DIRS="$PROCEEDINGS_PREFIX/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
  "$PROCEEDINGS_PREFIX/bin/proceedings" "$@"
