#!/bin/bash
# Builds a Flatpak runtime and SDK from Debian 12's own packages, exports it to a local
# repository and installs it (--user) as org.example.Debian//12: the GNOME runtime cannot be
# downloaded on the project's machines, and this one has what the app needs to build and run.
# Cached: a second run with the runtime installed does nothing.
#   WORK=DIR FLATPAK_USER_DIR=DIR flatpak/make-local-runtime.sh
set -euo pipefail
WORK=${WORK:-/var/tmp/proceedings-flatpak}
RT_ID=org.example.Debian
RT_BRANCH=12
SUITE=bookworm

if flatpak --user info "$RT_ID//$RT_BRANCH" >/dev/null 2>&1; then
  exit 0
fi

MIRROR=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null | awk -v s="$SUITE" '$2 == s {print $1; exit}')
MIRROR=${MIRROR:-http://deb.debian.org/debian}
PKGS="libgtk-4-1 libadwaita-1-0 libsqlite3-0 libjson-glib-1.0-0 gcc libc6-dev pkg-config meson
  ninja-build libgtk-4-dev libadwaita-1-dev libsqlite3-dev libjson-glib-dev gettext itstool
  libglib2.0-bin desktop-file-utils appstream appstream-util shared-mime-info fontconfig
  fonts-dejavu-core fonts-cantarell fonts-wqy-microhei locales adwaita-icon-theme
  hicolor-icon-theme librsvg2-common libgl1-mesa-dri"

mkdir -p "$WORK"
ROOT=$WORK/sdkroot
in_root () {
  bwrap --bind "$ROOT" / --proc /proc --dev /dev --tmpfs /tmp --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --setenv DEBIAN_FRONTEND noninteractive --setenv PATH /usr/sbin:/usr/bin:/sbin:/bin --setenv LC_ALL C.UTF-8 "$@"
}

if [ ! -e "$ROOT/.base-done" ]; then
  rm -rf "$ROOT"
  # minbase: debootstrap cannot resolve "A | B" dependencies; apt inside can.
  debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR"
  touch "$ROOT/.base-done"
fi
in_root apt-get update -q
# shellcheck disable=SC2086
in_root apt-get install -y -q --no-install-recommends $PKGS
in_root apt-get clean
printf 'en_US.UTF-8 UTF-8\nzh_CN.UTF-8 UTF-8\n' > "$ROOT/etc/locale.gen"
in_root locale-gen

# files/ is the runtime's /usr, files/etc its /etc.
rm -rf "$WORK/rt"
mkdir "$WORK/rt"
cp -a "$ROOT/usr" "$WORK/rt/files"
cp -a "$ROOT/etc" "$WORK/rt/files/etc"
rm -f "$WORK/rt/files/etc/resolv.conf" "$WORK/rt/files/etc/hostname" "$WORK/rt/files/etc/machine-id" "$WORK/rt/files/etc/mtab"
echo /app/lib > "$WORK/rt/files/etc/ld.so.conf.d/00-flatpak-app.conf"
cat > "$WORK/rt/metadata" <<META
[Runtime]
name=$RT_ID
runtime=$RT_ID/x86_64/$RT_BRANCH
sdk=$RT_ID/x86_64/$RT_BRANCH
META
flatpak build-export --runtime --files=files "$WORK/repo" "$WORK/rt" "$RT_BRANCH"
flatpak build-update-repo "$WORK/repo"
flatpak --user remote-add --if-not-exists --no-gpg-verify proceedings-local-runtime "file://$WORK/repo"
flatpak --user install -y --noninteractive --or-update proceedings-local-runtime "$RT_ID//$RT_BRANCH"
