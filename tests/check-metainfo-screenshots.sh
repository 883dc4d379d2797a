#!/bin/sh
# Fails when the metainfo names a screenshot that is not in data/screenshots (software centres
# fetch them from the repository), or names none.
set -eu
cd "$1"
metainfo=data/io.github.proceedings.Proceedings.metainfo.xml.in
status=0
images=$(grep -o 'data/screenshots/[^<]*' "$metainfo" || true)
[ -n "$images" ] || { echo "not ok: $metainfo names no screenshot"; exit 1; }
for f in $images; do
  if [ -f "$f" ]; then echo "ok: $f"; else echo "not ok: $metainfo names $f, which is not in the repository"; status=1; fi
done
exit $status
