#!/usr/bin/env python3
# test-benchmark-json.py: the benchmark's JSON keeps its keys
#
# Copyright 2026 The Proceedings authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   test-benchmark-json.py RUN_BENCHMARK_PY
#
# Feeds run-benchmark.py's assembly made-up outputs of bench-store,
# bench-window, bench-bare-window and bench-window --import, as they print
# them, and checks each key a reader of benchmark.json relies on, its value
# where the input had one and null where not, and that the table shows the
# rows.  Also writes a 3-abstract corpus ten times over and checks that the
# copies differ.  TAP output.

import importlib.util
import io
import json
import lzma
import os
import sys
import tempfile

checks = []


def check(ok, what):
    checks.append((bool(ok), what))


def path_value(entry, path):
    value = entry
    for key in path.split('.'):
        if not isinstance(value, dict) or key not in value:
            raise KeyError(path)
        value = value[key]
    return value


def has_path(entry, path):
    try:
        path_value(entry, path)
        return True
    except KeyError:
        return False


# Every entry under "results" has these, null or not.
REQUIRED = [
    'size', 'size_name',
    'store.papers', 'store.search',
    'window.typing.p95_ms', 'window.typing.frames_over_16ms',
    'window.cold_start_ms', 'window.peak_rss_mb_first_frame',
    'window.bare_window_first_frame_ms', 'window.cold_start_vs_bare',
    'import.seconds', 'import.floor_c_seconds', 'import.floor_python_seconds', 'import.window',
]

STORE = ('{"papers": 874670, "rejected": 0, "import_s": 95.250, "close_s": 1.5, "library_bytes": 4000000000,'
         ' "import_floor_c_s": 12.5, "import_floor_python_s": 40.25,'
         ' "search": [{"query": "transformer", "store_cpu_ms_median": 30.0, "sqlite3_cpu_ms_median": 20.0},'
         ' {"query": "protein", "store_cpu_ms_median": 9.0, "sqlite3_cpu_ms_median": 6.0}]}')
WINDOW = ('{"papers": 874670, "cold_start_ms": 520.00, "peak_rss_mb_first_frame": 150.50,'
          ' "typing": {"keystrokes": 200, "median_ms": 9.0, "p95_ms": 41.5, "frames_over_16ms": 7}}')
BARE = ['{"first_frame_ms": 400.00, "first_frame_from_main_ms": 300.0, "peak_rss_mb_first_frame": 50.0}',
        '{"first_frame_ms": 420.00, "first_frame_from_main_ms": 320.0, "peak_rss_mb_first_frame": 51.0}',
        '{"first_frame_ms": 410.00, "first_frame_from_main_ms": 310.0, "peak_rss_mb_first_frame": 50.5}']
IMPORT = ('{"cold_start_empty_ms": 300, "import": {"seconds": 120.5, "papers": 874670, "interval_max_ms": 80.0,'
          ' "interval_p95_ms": 17.0, "frames_over_100ms": 0, "progress_moved": true}}')


def main():
    spec = importlib.util.spec_from_file_location('run_benchmark', sys.argv[1])
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    # As the driver reads them: the last JSON line of each program's output.
    store = bench.last_json('progress\n' + STORE + '\n', 'bench-store')
    window = bench.last_json(WINDOW, 'bench-window')
    bare = [bench.last_json(b, 'bench-bare-window') for b in BARE]
    window_import = bench.last_json(IMPORT, 'bench-window --import')

    full = json.loads(json.dumps(bench.assemble('10x', 874670, store, window, bare, window_import)))
    for path in REQUIRED:
        check(has_path(full, path), 'full outputs: %s is there' % path)
    if all(has_path(full, p) for p in REQUIRED):
        check(full['size'] == 874670 and full['size_name'] == '10x', 'size and its name')
        check(full['store']['papers'] == 874670, 'store.papers')
        check(full['import']['seconds'] == 95.25, 'import.seconds is store.import_s')
        check(full['import']['floor_c_seconds'] == 12.5, 'import.floor_c_seconds is store.import_floor_c_s')
        check(full['import']['floor_python_seconds'] == 40.25,
              'import.floor_python_seconds is store.import_floor_python_s')
        check(full['window']['typing']['frames_over_16ms'] == 7, 'window.typing.frames_over_16ms')
        check(full['window']['typing']['p95_ms'] == 41.5, 'window.typing.p95_ms')
        check(full['window']['bare_window_first_frame_ms'] == 410.0, 'the bare window: the median of its runs')
        check(abs(full['window']['cold_start_vs_bare'] - 520.0 / 410.0) < 1e-9, 'cold start ÷ bare window')
        check(full['import']['window']['interval_max_ms'] == 80.0, 'import.window from bench-window --import')
        check([e['store_cpu_ms_median'] for e in full['store']['search']] == [30.0, 9.0] and
              [e['sqlite3_cpu_ms_median'] for e in full['store']['search']] == [20.0, 6.0],
              'store.search[] keeps both CPU medians')

    # Older programs: no floors, no frame count, no bare window, no import run.
    bare_store = {k: v for k, v in store.items() if not k.startswith('import_floor')}
    bare_window = dict(window, typing={k: v for k, v in window['typing'].items() if k != 'frames_over_16ms'})
    partial = json.loads(json.dumps(bench.assemble('1000', 1000, bare_store, bare_window)))
    for path in REQUIRED:
        check(has_path(partial, path), 'partial outputs: %s is there' % path)
    if all(has_path(partial, p) for p in REQUIRED):
        for path in ('import.floor_c_seconds', 'import.floor_python_seconds', 'window.typing.frames_over_16ms',
                     'window.bare_window_first_frame_ms', 'window.cold_start_vs_bare', 'import.window'):
            check(path_value(partial, path) is None, 'partial outputs: %s is null' % path)

    table = io.StringIO()
    bench.print_table([full, partial], table)
    text = table.getvalue()
    for label, value in (('import', '95.2 s'), ('floor: C, INSERT … SELECT per 8,000, as the store writes', '12.5 s'), ('import ÷ that floor', '7.6×'),
                         ('bare libadwaita window, first frame', '410 ms'), ('cold start ÷ bare window', '1.27×'),
                         ('frames over 16 ms while typing', '7'), ('frames while importing, longest apart', '80.0 ms'),
                         ('progress bar moved', 'yes')):
        cells = next((l.split('|')[1:-1] for l in text.splitlines() if l.split('|')[1:2] and
                      l.split('|')[1].strip() == label), [])
        check(len(cells) == 4 and cells[2].strip() == value, 'the table shows “%s” as %s' % (label, value))

    # The 10× slice: every copy's abstracts differ from the others'.
    with tempfile.TemporaryDirectory() as scratch:
        corpus = os.path.join(scratch, 'corpus.txt.xz')
        with lzma.open(corpus, 'wt', encoding='utf-8') as out:
            out.write('A corpus\n\nFirst abstract,\nwrapped.\n\nSecond abstract.\n\nThird abstract.\n')
        path = os.path.join(scratch, 'slice.txt')
        written = bench.write_slice(corpus, None, path, bench.parse_size('10x')[1])
        with open(path, encoding='utf-8') as f:
            text = f.read()
        paragraphs = [p for p in text.split('\n\n') if p.strip()]
        check(written == 30 and len(paragraphs) == 31, '10x: 30 abstracts after the title (%d)' % written)
        check(len(set(paragraphs[1:])) == 30, '10x: no two abstracts alike')
        check(paragraphs[1] == 'First abstract,\nwrapped.', '10x: the first copy as the corpus has it')
        check(bench.parse_size('all') == (None, 1) and bench.parse_size('1000') == (1000, 1),
              'sizes: all and 1000')

    print('1..%d' % len(checks))
    for i, (ok, what) in enumerate(checks, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', i, what))
    return 0 if all(ok for ok, _ in checks) else 1


if __name__ == '__main__':
    sys.exit(main())
