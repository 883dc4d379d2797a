#!/bin/bash
# Builds a Flatpak runtime and SDK from Debian testing's own packages, exports it to a local
# repository and installs it (--user) as org.example.Debian//testing: the GNOME runtime cannot be
# downloaded on the project's machines, and Debian testing carries the library versions of the
# current one (GNOME 51: GTK 4.24, libadwaita 1.10, GLib 2.90, json-glib 1.10, SQLite 3.53).
# Cached: a second run with the runtime installed does nothing. The runtime carries a hash of
# what it is made from (the suite, the package list, RECIPE below and flatpak/appstream-compose);
# when that changes it is
# made again, from the cached debootstrap base. A runtime of another branch (the Debian 12 one of
# earlier versions) is uninstalled, with any app built on it.
#   WORK=DIR FLATPAK_USER_DIR=DIR flatpak/make-local-runtime.sh
# Needs root (debootstrap), flatpak, debootstrap, bubblewrap and debian-archive-keyring;
# test-flatpak.sh installs them.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-/var/tmp/proceedings-flatpak}
RT_ID=org.example.Debian
RT_BRANCH=testing
SUITE=testing
REMOTE=proceedings-local-runtime
# Bump when the steps below change what goes into the runtime.
RECIPE=1
PKGS="libgtk-4-1 libadwaita-1-0 libsqlite3-0 libjson-glib-1.0-0 gcc libc6-dev pkg-config meson
  ninja-build libgtk-4-dev libadwaita-1-dev libsqlite3-dev libjson-glib-dev gettext itstool
  libglib2.0-bin desktop-file-utils appstream appstream-compose shared-mime-info fontconfig
  fonts-adwaita fonts-dejavu-core fonts-cantarell fonts-wqy-microhei locales adwaita-icon-theme
  hicolor-icon-theme librsvg2-common libgl1-mesa-dri"
# shellcheck disable=SC2086
HASH=$( { echo "suite $SUITE recipe $RECIPE"; printf '%s\n' $PKGS | sort -u; cat "$HERE/appstream-compose"; } \
       | sha256sum | cut -d' ' -f1)
# Inside the runtime (files/ is its /usr).
STAMP=share/$RT_ID/recipe.sha256

deployed=$(flatpak --user info --show-location "$RT_ID//$RT_BRANCH" 2>/dev/null || true)
if [ -n "$deployed" ] && [ "$(cat "$deployed/files/$STAMP" 2>/dev/null)" = "$HASH" ]; then
  exit 0
fi
if [ -n "$deployed" ]; then
  echo "The runtime $RT_ID//$RT_BRANCH was made from another package list or recipe: making it again."
fi

# Other branches of the local runtime (org.example.Debian//12 until now) and the apps on them.
for ref in $(flatpak --user list --app --columns=application,runtime 2>/dev/null \
             | awk -v id="$RT_ID/" -v br="$RT_BRANCH" 'index($2, id) == 1 && $2 !~ ("/" br "$") {print $1}'); do
  flatpak --user uninstall -y --noninteractive "$ref"
done
for ref in $(flatpak --user list --runtime --columns=ref 2>/dev/null \
             | awk -v id="$RT_ID/" -v br="$RT_BRANCH" 'index($1, id) == 1 && $1 !~ ("/" br "$")'); do
  flatpak --user uninstall -y --noninteractive "$ref"
done
# The Debian 12 runtime's build folders, from before the runtime had a folder of its own.
rm -rf "$WORK/sdkroot" "$WORK/rt" "$WORK/repo"

# The host's Debian mirror, if it names one.
# shellcheck disable=SC2016
MIRROR=$(apt-get indextargets --format '$(REPO_URI)' 2>/dev/null | grep -v security | grep debian | head -1 || true)
MIRROR=${MIRROR:-http://deb.debian.org/debian}
DIR=$WORK/runtime-$RT_BRANCH
BASE=$DIR/base
ROOT=$DIR/root
REPO=$DIR/repo
mkdir -p "$DIR"
in_root () {
  bwrap --bind "$ROOT" / --proc /proc --dev /dev --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --cap-add ALL --setenv DEBIAN_FRONTEND noninteractive --setenv PATH /usr/sbin:/usr/bin:/sbin:/bin \
    --setenv LC_ALL C.UTF-8 "$@"
}

if [ ! -e "$BASE/.base-done" ]; then
  rm -rf "$BASE"
  # minbase: debootstrap cannot resolve "A | B" dependencies; apt inside can.
  debootstrap --variant=minbase --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
    "$SUITE" "$BASE" "$MIRROR"
  touch "$BASE/.base-done"
fi
# The runtime is made in a copy, so that it holds the package list and nothing left from an
# older one.
rm -rf "$ROOT"
cp -a "$BASE" "$ROOT"
# The archive these machines reach can be a snapshot whose Release has passed its Valid-Until
# date; its signature is still checked.
in_root apt-get update -q -o Acquire::Check-Valid-Until=false
in_root apt-get dist-upgrade -y -q --no-install-recommends
# shellcheck disable=SC2086
in_root apt-get install -y -q --no-install-recommends $PKGS
in_root apt-get clean
printf 'en_US.UTF-8 UTF-8\nzh_CN.UTF-8 UTF-8\n' > "$ROOT/etc/locale.gen"
in_root locale-gen
# For flatpak-builder 1.2 (Debian 12's), which runs a program Debian testing no longer has.
[ -e "$ROOT/usr/bin/appstream-compose" ] || install -m 755 "$HERE/appstream-compose" "$ROOT/usr/bin/appstream-compose"
mkdir -p "$ROOT/usr/share/$RT_ID"
# shellcheck disable=SC2016
in_root dpkg-query -W -f '${Package} ${Version}\n' > "$ROOT/usr/share/$RT_ID/packages"
echo "$HASH" > "$ROOT/usr/$STAMP"

# The runtime's files are the root's /usr, with its /etc moved in as /usr/etc.
rm -f "$ROOT/etc/resolv.conf" "$ROOT/etc/hostname" "$ROOT/etc/machine-id" "$ROOT/etc/mtab"
mv "$ROOT/etc" "$ROOT/usr/etc"
echo /app/lib > "$ROOT/usr/etc/ld.so.conf.d/00-flatpak-app.conf"
cat > "$ROOT/metadata" <<META
[Runtime]
name=$RT_ID
runtime=$RT_ID/x86_64/$RT_BRANCH
sdk=$RT_ID/x86_64/$RT_BRANCH
META
rm -rf "$REPO"
flatpak build-export --runtime --files=usr "$REPO" "$ROOT" "$RT_BRANCH"
flatpak build-update-repo "$REPO"
rm -rf "$ROOT"
flatpak --user remote-add --if-not-exists --no-gpg-verify "$REMOTE" "file://$REPO"
flatpak --user remote-modify --url="file://$REPO" "$REMOTE"
flatpak --user install -y --noninteractive --or-update "$REMOTE" "$RT_ID//$RT_BRANCH"
