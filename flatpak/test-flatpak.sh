#!/bin/bash
# The app as users install it: builds the project's manifest (with the local Debian runtime in
# place of org.gnome.Platform, which cannot be downloaded here), installs it with
# `flatpak --user install`, runs it under Xvfb with a throw-away HOME on a paper list given on
# the command line, in English and in Chinese, takes screenshots, and checks that the papers
# were imported into a library inside the sandbox's data directory and nowhere else.
#   flatpak/test-flatpak.sh [SCREENSHOT-FOLDER]
# Run by `./test.sh --suite flatpak`; skipped (77) in the default suites.
set -euo pipefail
if [ "${PROCEEDINGS_FLATPAK_TESTS:-0}" != 1 ]; then
  echo "skipped: run ./test.sh --suite flatpak"
  exit 77
fi

SRC=$(cd "$(dirname "$0")/.." && pwd)
WORK=${PROCEEDINGS_FLATPAK_WORK:-/var/tmp/proceedings-flatpak}
OUT=${1:-$WORK/screenshots}
APP=io.github.proceedings.Proceedings
# The installation lives in the cache, so the runtime is built once.
export FLATPAK_USER_DIR=$WORK/flatpak
mkdir -p "$WORK" "$OUT"
# The throw-away homes of the last run, kept until now for a look after a failure.
rm -rf "$WORK"/home-*

# Two packages are only recommended, and apt leaves them out here:
# elfutils, whose eu-strip flatpak-builder runs on the binary, and
# xdg-desktop-portal, whose document portal forwards the list into the
# sandbox ("Can't get document portal mount path" without it).
missing=""
for pkg in flatpak flatpak-builder elfutils xdg-desktop-portal debootstrap debian-archive-keyring bubblewrap xvfb xauth x11-utils imagemagick dbus sqlite3 python3 fuse3; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -q
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
fi

seconds () { date +%s; }
start=$(seconds)
WORK=$WORK "$SRC/flatpak/make-local-runtime.sh"
runtime_done=$(seconds)
# The libraries the app is built and run with.
versions=$(flatpak --user info --show-location org.example.Debian//testing)/files/share/org.example.Debian/packages
awk '$1 ~ /^(libgtk-4-1|libadwaita-1-0|libglib2.0-0t64|libjson-glib-1.0-0|libsqlite3-0|gcc|meson)$/ {printf "%s %s  ", $1, $2} END {print ""}' "$versions"

# The project's manifest with only the runtime swapped and the source being this checkout.
python3 - "$SRC" "$WORK/local.json" <<'PY'
import json, sys
src, out = sys.argv[1], sys.argv[2]
manifest = json.load(open(f"{src}/flatpak/io.github.proceedings.Proceedings.json"))
manifest["runtime"] = manifest["sdk"] = "org.example.Debian"
manifest["runtime-version"] = "testing"
manifest["modules"][-1]["sources"] = [{"type": "dir", "path": src,
                                       "skip": ["_build", "_build-sanitize", ".git"]}]
json.dump(manifest, open(out, "w"), indent=2)
PY
flatpak-builder --user --install --force-clean --disable-rofiles-fuse \
  --state-dir="$WORK/fb-state" "$WORK/appbuild" "$WORK/local.json" > "$WORK/build.log" 2>&1 \
  || { tail -30 "$WORK/build.log"; exit 1; }
built=$(seconds)

printf 'Kangaroo Workshop\n\nWe propose HopNet, a model of marsupial locomotion at scale.\n\nPouch dynamics are studied in detail here for the first time.\n' \
  > "$WORK/kangaroo.txt"

uid=$(id -u)
# The document portal, which forwards the file into the sandbox, wants the usual runtime dir.
mkdir -p "/run/user/$uid"
chmod 700 "/run/user/$uid"

status=0
for lang in en zh_CN; do
  # In the language's own locale (the runtime has en_US.UTF-8 and zh_CN.UTF-8): glibc 2.39 and
  # newer ignore LANGUAGE under C.UTF-8, so LC_ALL=C.UTF-8 LANGUAGE=zh_CN would show English.
  locale=$lang.UTF-8
  [ "$lang" = en ] && locale=en_US.UTF-8
  home=$(mktemp -d "$WORK/home-XXXXXX")
  library="$home/.var/app/$APP/data/proceedings/library.db"
  # HOME and XDG_RUNTIME_DIR are set before the private D-Bus starts, so the portals agree.
  HOME=$home XDG_RUNTIME_DIR=/run/user/$uid LC_ALL=C.UTF-8 LANGUAGE='' \
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- bash -c '
    flatpak run --env=LC_ALL='"$locale"' --file-forwarding '"$APP"' @@ '"$WORK/kangaroo.txt"' @@ > "'"$home"'/app.log" 2>&1 &
    for i in $(seq 1 120); do
      n=$(sqlite3 "'"$library"'" "SELECT count(*) FROM papers" 2>/dev/null || echo 0)
      [ "$n" = 40 ] && break
      sleep 0.5
    done
    sleep 3
    xwininfo -root -tree | grep -q "\"Proceedings\"" && echo window > "'"$home"'/window-seen"
    import -window root "'"$OUT/flatpak-$lang.png"'"
    flatpak kill '"$APP"' 2>/dev/null || true
    sleep 1
    fusermount3 -u "/run/user/'"$uid"'/doc" 2>/dev/null || fusermount -u "/run/user/'"$uid"'/doc" 2>/dev/null || true
  '

  papers=$(sqlite3 "$library" "SELECT count(*) FROM papers" 2>/dev/null || echo 0)
  workshop=$(sqlite3 "$library" "SELECT count(*) FROM list_papers lp JOIN lists l ON l.id = lp.list_id WHERE l.name = 'Kangaroo Workshop'" 2>/dev/null || echo 0)
  libraries=$(find "$home" -name 'library.db' | wc -l)
  if [ "$papers" = 40 ] && [ "$workshop" = 2 ] && [ "$libraries" = 1 ] && [ -e "$home/window-seen" ]; then
    echo "ok: $lang: the window showed; 40 papers (2 from the file) in $library, the only library"
  else
    echo "not ok: $lang: papers=$papers workshop=$workshop libraries=$libraries window=$([ -e "$home/window-seen" ] && echo yes || echo no)"
    tail -20 "$home/app.log" || true
    status=1
  fi
done
ran=$(seconds)

echo "runtime $((runtime_done - start)) s, build and install $((built - runtime_done)) s, two runs $((ran - built)) s"
echo "screenshots: $OUT/flatpak-en.png $OUT/flatpak-zh_CN.png"
exit $status
