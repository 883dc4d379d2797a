# Sourced by run.sh and test.sh.  Proceedings needs GLib 2.84, GTK 4.18 and
# libadwaita 1.7 (Debian 13).  On an older host (Debian 12, Ubuntu 24.04)
# proceedings_enter_platform re-runs the calling script inside a Debian root
# made once with debootstrap and cached in /var/tmp/proceedings-platform/SUITE;
# the script then installs its packages there with apt, as on a native host.
# The checkout's parent folder (the shared data beside it), HOME and the X
# display are shared with the root, so builds, libraries and windows are the
# host's own.
#   PROCEEDINGS_PLATFORM=trixie|testing   use that root even on a new host
#   PROCEEDINGS_PLATFORM=native           build with the host's libraries
# shellcheck shell=sh

PROCEEDINGS_PLATFORM_CACHE=${PROCEEDINGS_PLATFORM_CACHE:-/var/tmp/proceedings-platform}

# What run.sh installs to build and run the app…
PROCEEDINGS_PACKAGES="meson ninja-build pkg-config gcc libc6-dev
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev libsqlite3-dev sqlite3
  libjson-glib-dev gettext desktop-file-utils appstream
  xvfb xauth dbus dbus-x11 at-spi2-core imagemagick libxtst-dev
  fonts-cantarell fonts-dejavu-core fonts-wqy-microhei adwaita-icon-theme librsvg2-common"
# …and what test.sh adds: bibtool and pandoc check that our BibTeX and CSL-JSON
# exports parse, valgrind runs the units under memcheck (--setup valgrind), and
# locales makes the zh_CN.UTF-8 locale that the Chinese tests start in (since
# glibc 2.39 gettext ignores LANGUAGE under C.UTF-8, as under C).
PROCEEDINGS_TEST_PACKAGES="bibtool pandoc valgrind locales"

# Whether the host has the floor's libraries: Debian 13 or newer (testing and
# unstable carry no VERSION_ID), Ubuntu 25.04 or newer.
proceedings_host_is_new_enough ()
{
  [ -r /etc/os-release ] || return 0
  # shellcheck disable=SC1091
  id=$(. /etc/os-release; echo "${ID:-}")
  version=$(. /etc/os-release; echo "${VERSION_ID:-}")
  case "$id" in
    debian)
      [ -z "$version" ] && return 0
      [ "${version%%.*}" -ge 13 ] ;;
    ubuntu)
      major=${version%%.*}
      minor=${version#*.}
      [ "$major" -gt 25 ] || { [ "$major" -eq 25 ] && [ "${minor#0}" -ge 4 ]; } ;;
    *) return 0 ;;
  esac
}

# The suite to build in, or "native".
proceedings_platform ()
{
  case "${PROCEEDINGS_PLATFORM:-}" in
    "")
      if [ -n "${PROCEEDINGS_IN_PLATFORM:-}" ] || proceedings_host_is_new_enough; then
        echo native
      else
        echo trixie
      fi ;;
    13|trixie) echo trixie ;;
    testing|native) echo "$PROCEEDINGS_PLATFORM" ;;
    *) echo "Unknown platform “$PROCEEDINGS_PLATFORM”: use trixie, testing or native." >&2; return 1 ;;
  esac
}

proceedings_sudo ()
{
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Makes the root of SUITE once: debootstrap's minbase, with the locale and
# the archive the host uses.  The scripts install their own packages in it.
proceedings_make_root ()
{
  suite=$1
  root=$PROCEEDINGS_PLATFORM_CACHE/$suite
  if [ -e "$root/.base-done" ]; then
    [ -e "$root/etc/apt/apt.conf.d/99proceedings-snapshot" ] ||
      echo 'Acquire::Check-Valid-Until "false";' |
        proceedings_sudo tee "$root/etc/apt/apt.conf.d/99proceedings-snapshot" >/dev/null
    return 0
  fi

  missing=""
  for pkg in debootstrap bubblewrap debian-archive-keyring; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
  done
  if [ -n "$missing" ]; then
    proceedings_sudo apt-get update -q
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive proceedings_sudo apt-get install -y -q --no-install-recommends $missing
  fi

  mirror=$(apt-get indextargets --format '$(REPO_URI)' 2>/dev/null | grep -v security | head -1)
  case "$mirror" in
    *debian*) ;;
    *) mirror=http://deb.debian.org/debian ;;
  esac
  echo "Making a Debian $suite root in $root (once; a few minutes)…"
  proceedings_sudo mkdir -p "$PROCEEDINGS_PLATFORM_CACHE"
  proceedings_sudo rm -rf "$root"
  proceedings_sudo debootstrap --variant=minbase --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
    "$suite" "$root" "$mirror"
  # The archive these machines reach can be a snapshot whose Release files
  # have passed their Valid-Until (testing's last a week): apt still checks
  # their signatures, not their age.
  echo 'Acquire::Check-Valid-Until "false";' |
    proceedings_sudo tee "$root/etc/apt/apt.conf.d/99proceedings-snapshot" >/dev/null
  proceedings_sudo touch "$root/.base-done"
}

# Runs SCRIPT ARGS… inside the root of SUITE, from this checkout.
proceedings_run_in_root ()
{
  suite=$1
  shift
  root=$PROCEEDINGS_PLATFORM_CACHE/$suite
  here=$(pwd)
  parent=$(dirname "$here")
  set -- --bind "$root" / \
    --bind "$parent" "$parent" \
    --proc /proc --dev /dev --ro-bind /sys /sys --perms 1777 --tmpfs /tmp \
    --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --setenv PROCEEDINGS_IN_PLATFORM "$suite" \
    --setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --chdir "$here" "$@"
  # The window shows on the host's display; the library stays in the host's HOME.
  [ -d /tmp/.X11-unix ] && set -- --bind /tmp/.X11-unix /tmp/.X11-unix "$@"
  [ -n "${XAUTHORITY:-}" ] && [ -e "$XAUTHORITY" ] && set -- --ro-bind "$XAUTHORITY" "$XAUTHORITY" "$@"
  if [ -n "${HOME:-}" ] && [ -d "$HOME" ] && [ "$HOME" != / ]; then
    case "$here/" in
      "$HOME"/*) ;;
      *) set -- --bind "$HOME" "$HOME" "$@" ;;
    esac
  fi
  [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -d "$XDG_RUNTIME_DIR" ] && set -- --bind "$XDG_RUNTIME_DIR" "$XDG_RUNTIME_DIR" "$@"
  # Root inside the root installs its packages as on a host.  Another user
  # has them installed by sudo first, then runs as themselves.
  if [ "$(id -u)" -eq 0 ]; then
    exec bwrap --cap-add ALL "$@"
  fi
  missing=""
  for pkg in $PROCEEDINGS_PACKAGES $PROCEEDINGS_TEST_PACKAGES; do
    dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}' "$pkg" 2>/dev/null |
      grep -q "install ok installed" || missing="$missing $pkg"
  done
  bwrap --ro-bind "$root" / --proc /proc --dev /dev --unshare-user locale -a 2>/dev/null |
    grep -qix 'zh_CN.utf-\{0,1\}8' || missing="$missing zh_CN.UTF-8"
  [ -n "$missing" ] && sudo bwrap --bind "$root" / --proc /proc --dev /dev --perms 1777 --tmpfs /tmp \
    --ro-bind /etc/resolv.conf /etc/resolv.conf --cap-add ALL \
    --setenv PATH /usr/sbin:/usr/bin:/sbin:/bin --setenv DEBIAN_FRONTEND noninteractive \
    sh -c "apt-get update -q && apt-get install -y -q --no-install-recommends $PROCEEDINGS_PACKAGES $PROCEEDINGS_TEST_PACKAGES &&
           { locale -a | grep -qix 'zh_CN.utf-\{0,1\}8' || localedef -i zh_CN -f UTF-8 zh_CN.UTF-8; }"
  exec bwrap --unshare-user --uid "$(id -u)" --gid "$(id -g)" "$@"
}

# Re-runs the calling script ("$0" ARGS…) in the platform's root when it needs one.
proceedings_enter_platform ()
{
  platform=$(proceedings_platform) || exit 2
  if [ "$platform" = native ] || [ "${PROCEEDINGS_IN_PLATFORM:-}" = "$platform" ]; then
    return 0
  fi
  proceedings_make_root "$platform"
  proceedings_run_in_root "$platform" "$0" "$@"
}

# The build folder of this platform: _build (the floor, Debian 13, or a new
# host's own libraries), _build-testing; with the sanitizers, -sanitize after.
proceedings_build_dir ()
{
  case "${PROCEEDINGS_IN_PLATFORM:-}" in
    testing) dir=_build-testing ;;
    *) dir=_build ;;
  esac
  [ "${PROCEEDINGS_SANITIZE:-0}" = 1 ] && dir=$dir-sanitize
  echo "$dir"
}
