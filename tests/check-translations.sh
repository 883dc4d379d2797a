#!/bin/sh
# Fails when a file with translatable strings is missing from po/POTFILES.in,
# when POTFILES.in names a file that does not exist, or when a translation
# has untranslated or fuzzy entries or fails msgfmt --check.
set -eu
cd "$1"
status=0

listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d')
for f in $(grep -rlIE '(^|[^A-Za-z0-9_])(_|N_|C_)\(|translatable="yes"|<summary>' src resources data 2>/dev/null | sort); do
  if ! printf '%s\n' "$listed" | grep -qxF "$f"; then
    echo "not ok: $f has translatable strings but is not in po/POTFILES.in"
    status=1
  fi
done
for f in $listed; do
  [ -f "$f" ] || { echo "not ok: po/POTFILES.in names $f, which does not exist"; status=1; }
done

for lang in $(cat po/LINGUAS); do
  stats=$(msgfmt --check --statistics -o /dev/null "po/$lang.po" 2>&1) || {
    echo "not ok: po/$lang.po fails msgfmt --check: $stats"; status=1; continue; }
  case "$stats" in
    *untranslated*|*fuzzy*) echo "not ok: po/$lang.po: $stats"; status=1 ;;
    *) echo "po/$lang.po: $stats" ;;
  esac
  # Every message of the sources must be in the translation.
  pot=$(mktemp)
  xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=g_dngettext:2,3 \
    -o "$pot" $(printf '%s\n' "$listed" | grep '\.c$') 2>/dev/null
  # The interface definitions' strings too (xgettext reads GtkBuilder files).
  xgettext --from-code=UTF-8 -j -o "$pot" $(printf '%s\n' "$listed" | grep '\.ui$') 2>/dev/null
  missing=$(msgcmp --use-untranslated "po/$lang.po" "$pot" 2>&1 | grep -c 'this message is used but not defined' || true)
  rm -f "$pot"
  if [ "$missing" != 0 ]; then
    echo "not ok: po/$lang.po lacks $missing messages of the sources; update it from the template"
    status=1
  fi
done

exit $status
