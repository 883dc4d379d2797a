#!/bin/bash
# Runs each fuzz target (the importers', the key phrases') under libFuzzer (clang, ASan, UBSan) for a set time, over a
# copy of its seed corpus (plus slices of ../shared when it is there), and fails when one crashes,
# leaks, hangs or breaks an invariant; the input that did it is kept in the work folder.
#   PROCEEDINGS_FUZZ_TESTS=1 tests/fuzz/run-fuzzers.sh [TARGET…]
# PROCEEDINGS_FUZZ_SECONDS (60): seconds per target.  PROCEEDINGS_FUZZ_BUILD (_build-fuzz in the
# source folder): the clang build.  PROCEEDINGS_FUZZ_WORK (that build's fuzz-work): corpora, logs,
# crashes.  Run by `PROCEEDINGS_FUZZ_TESTS=1 ./test.sh --suite fuzz`; skipped (77) otherwise.
set -euo pipefail
if [ "${PROCEEDINGS_FUZZ_TESTS:-0}" != 1 ]; then
  echo "skipped: run PROCEEDINGS_FUZZ_TESTS=1 ./test.sh --suite fuzz"
  exit 77
fi

SRC=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${PROCEEDINGS_FUZZ_BUILD:-$SRC/_build-fuzz}
WORK=${PROCEEDINGS_FUZZ_WORK:-$BUILD/fuzz-work}
SECONDS_PER_TARGET=${PROCEEDINGS_FUZZ_SECONDS:-60}
SHARED=${PROCEEDINGS_SHARED_DIR:-$SRC/../shared}
if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=(bibtex ris csv csl-json paper-copilot conference-list document import key-phrases)
fi

# clang and its fuzzer runtime: libclang-rt-N-dev for the clang there is (Debian 12: 14).
need_install () {
  command -v clang >/dev/null || return 0
  local lib
  lib=$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null || true)
  [ -f "$lib" ] || [ -n "$(find "$(clang -print-resource-dir)" -name 'libclang_rt.fuzzer*.a' 2>/dev/null | head -1)" ] || return 0
  return 1
}
if need_install; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends clang
  major=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "libclang-rt-$major-dev" ||
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "libclang-common-$major-dev"
fi

if [ ! -f "$BUILD/build.ninja" ]; then
  CC=clang meson setup "$BUILD" "$SRC" -Dfuzzing=true -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debugoptimized >/dev/null
fi
meson compile -C "$BUILD" "${targets[@]/#/fuzz-}" >/dev/null

# Slices of the real-world lists, when ../shared is there: the first entries of each.
add_shared_seeds () {
  local target=$1 dir=$2
  [ -d "$SHARED/realworld" ] || return 0
  case $target in
    bibtex|import)
      for f in "$SHARED"/realworld/*.bib; do
        [ -f "$f" ] && head -c 6000 "$f" > "$dir/shared-$(basename "$f")"
      done ;;
    paper-copilot)
      for f in "$SHARED"/realworld/*.json; do
        [ -f "$f" ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); json.dump(d[:5],sys.stdout,ensure_ascii=False,indent=1)' "$f" > "$dir/shared-$(basename "$f")"
      done ;;
    conference-list|key-phrases)
      for f in "$SHARED"/seeds/*.txt; do
        [ -f "$f" ] && head -c 8000 "$f" > "$dir/shared-$(basename "$f")"
      done ;;
  esac
}

# ASan's and UBSan's options for libFuzzer: stop at the first finding, keep leaks fatal.
export ASAN_OPTIONS="detect_odr_violation=0:abort_on_error=1:detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export G_DEBUG=gc-friendly
unset MALLOC_CHECK_

mkdir -p "$WORK"
failed=()
summary=()
for target in "${targets[@]}"; do
  corpus=$WORK/corpus-$target
  artifacts=$WORK/artifacts-$target/
  log=$WORK/$target.log
  mkdir -p "$corpus" "$artifacts"
  if [ "$target" = import ]; then
    for d in "$SRC"/tests/fuzz/corpus/*/; do
      [ "$(basename "$d")" = key-phrases ] || cp -n "$d"* "$corpus"/ 2>/dev/null || true
    done
  else
    cp -n "$SRC/tests/fuzz/corpus/$target/"* "$corpus"/
  fi
  add_shared_seeds "$target" "$corpus"

  set +e
  "$BUILD/tests/fuzz/fuzz-$target" "$corpus" \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts" >"$log" 2>&1
  status=$?
  set -e

  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\).*DONE.*/\1/p' "$log" | tail -1)
  cov=$(sed -n 's/^#[0-9]*.*DONE *cov: \([0-9]*\).*/\1/p' "$log" | tail -1)
  if [ $status -ne 0 ]; then
    failed+=("$target")
    summary+=("$target: FAILED after ${execs:-?} executions; input kept in $artifacts; log $log")
    grep -m1 -A25 -E 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error|invariant violated' "$log" >&2 || tail -30 "$log" >&2
  else
    summary+=("$target: ${execs:-?} executions in ${SECONDS_PER_TARGET} s, coverage ${cov:-?}, no finding")
  fi
done

printf '%s\n' "${summary[@]}"
[ ${#failed[@]} -eq 0 ]
