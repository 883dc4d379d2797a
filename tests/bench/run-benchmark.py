#!/usr/bin/env python3
# run-benchmark.py: the conference-scale benchmark, at each size, in one table
#
# Copyright 2026 The Proceedings authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Slices the corpus (its first N abstracts), then for each size runs
# bench-store (import, bulk tags, searches against the sqlite3 and grep
# floors, exports) and bench-window on the library it made (cold start,
# typing, filters, sort, scrolling, bulk edits in the window, under
# Xvfb).  Prints one table and writes every figure as JSON.
#
#   meson test -C _build --benchmark        (all three sizes)
#   PROCEEDINGS_BENCH_SIZES=1000,10000 meson test -C _build --benchmark

import argparse
import json
import lzma
import os
import shutil
import subprocess
import sys
import tempfile
import time


def log(message):
    print(message, file=sys.stderr, flush=True)


def write_slice(corpus, n, path):
    """The title line and the first n abstracts (all of them when n is None)."""
    count = 0
    with lzma.open(corpus, 'rt', encoding='utf-8') as source, open(path, 'w', encoding='utf-8') as out:
        paragraph = []
        title = None
        for line in source:
            if title is None:
                title = line.rstrip('\n')
                out.write(title + '\n\n')
                continue
            if line.strip():
                paragraph.append(line)
                continue
            if paragraph:
                out.write(''.join(paragraph) + '\n')
                paragraph = []
                count += 1
                if n is not None and count >= n:
                    return count
        if paragraph and (n is None or count < n):
            out.write(''.join(paragraph) + '\n')
            count += 1
    return count


def last_json(output, what):
    for line in reversed(output.strip().splitlines()):
        line = line.strip()
        if line.startswith('{'):
            return json.loads(line)
    raise RuntimeError('%s printed no JSON result' % what)


def run(command, what, env=None, timeout=3600):
    log('$ ' + ' '.join(command))
    started = time.monotonic()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=None, env=env,
                          universal_newlines=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError('%s failed (exit %d)' % (what, done.returncode))
    log('  %s took %.1f s' % (what, time.monotonic() - started))
    return last_json(done.stdout, what)


def window_env(build):
    env = dict(os.environ)
    env.update({
        'GSETTINGS_SCHEMA_DIR': os.path.join(build, 'data'),
        'GSETTINGS_BACKEND': 'memory',
        'PROCEEDINGS_LOCALEDIR': os.path.join(build, 'po'),
        'GSK_RENDERER': 'cairo',
        # The cairo renderer draws without GL, but GTK 4.14 and newer still
        # open EGL at start to learn the dmabuf formats, and under Xvfb that
        # loads Mesa's software rasterizer: 65 to 72 MB of peak RSS and 30 ms
        # of start that no desktop with a GPU driver pays in that form, and
        # that is not the app's.  Measured with GL, the 87k first frame is
        # 137 MB on Debian 13 and 169 MB on Debian testing (README).
        'GDK_DISABLE': 'gl,vulkan,dmabuf',
        'NO_AT_BRIDGE': '1',
        'GTK_A11Y': 'none',
        'LC_ALL': 'C.UTF-8',
    })
    return env


PORTAL_FIRST = ('gdbus call --session --dest org.freedesktop.portal.Desktop'
                ' --object-path /org/freedesktop/portal/desktop'
                ' --method org.freedesktop.portal.Settings.Read org.freedesktop.appearance color-scheme'
                ' >/dev/null 2>&1; "$@"')


def median(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def get(result, *path):
    for key in path:
        if result is None:
            return None
        if isinstance(key, int):
            result = result[key] if isinstance(result, list) and len(result) > key else None
        else:
            result = result.get(key) if isinstance(result, dict) else None
    return result


def fmt(value, unit):
    if value is None:
        return '–'
    if unit == 'MB':
        return '%.1f MB' % value
    if unit == 's':
        return '%.2f s' % value if value < 10 else '%.1f s' % value
    if unit == 'ms':
        return '%.1f ms' % value if value < 100 else '%.0f ms' % value
    if unit == 'x':
        return '%.1f×' % value
    return str(value)


def rows_of(results):
    """(label, unit, target, [value per size])"""
    def each(fn):
        return [fn(r) for r in results]

    def search_ratio(r):
        ratios = []
        for entry in get(r, 'store', 'search') or []:
            # CPU time: the shell's wall clock counts whole milliseconds.
            store, floor = entry.get('store_cpu_ms_median'), entry.get('sqlite3_cpu_ms_median')
            if store is not None and floor:
                ratios.append(store / floor)
        return median(ratios)

    rows = [
        ('papers', '', '', each(lambda r: get(r, 'store', 'papers'))),
        ('import', 's', '≤ 5 s at 87k', each(lambda r: get(r, 'store', 'import_s'))),
        # The same abstracts inserted, nothing derived (bench-store.c, import-floor.py).
        ('  floor: C, INSERT … SELECT per 8,000', 's', '', each(lambda r: get(r, 'store', 'import_floor_c_s'))),
        ('  floor: C, plain INSERTs', 's', '', each(lambda r: get(r, 'store', 'import_floor_c_plain_s'))),
        ('  floor: plain INSERTs in Python', 's', '', each(lambda r: get(r, 'store', 'import_floor_python_s'))),
        # The import leaves its pages in the WAL; the library's close (in the
        # window, a worker) copies them into the file.
        ('  then the WAL into the file, at close', 's', '', each(lambda r: get(r, 'store', 'close_s'))),
        ('library on disk', 'MB', '', each(lambda r: (get(r, 'store', 'library_bytes') or 0) / 1e6 or None)),
        ('cold start to first frame (session portal running)', 'ms', '≤ 500 ms', each(lambda r: get(r, 'window', 'cold_start_ms'))),
        ('peak RSS at first frame', 'MB', '≤ 150 MB', each(lambda r: get(r, 'window', 'peak_rss_mb_first_frame'))),
        ('peak RSS at the end', 'MB', '', each(lambda r: get(r, 'window', 'peak_rss_mb_end'))),
        ('keystroke to model, median', 'ms', '≤ 16 ms', each(lambda r: get(r, 'window', 'typing', 'median_ms'))),
        ('keystroke to model, p95', 'ms', '≤ 50 ms', each(lambda r: get(r, 'window', 'typing', 'p95_ms'))),
        ('  from the 2nd character, median', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'later_characters', 'median_ms'))),
        ('  from the 2nd character, p95', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'later_characters', 'p95_ms'))),
        ('  the 1st character, median', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'first_character', 'median_ms'))),
        ('  of which SQL, p95', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'sql_p95_ms'))),
        ('search in the store, median of queries', 'ms', '', each(lambda r: median(
            [e.get('store_ms_median') for e in get(r, 'store', 'search') or []]))),
        ('search in the store, slowest query', 'ms', '', each(lambda r: max(
            [e.get('store_ms_median') or 0 for e in get(r, 'store', 'search') or []] or [0]) or None)),
        ('same MATCH in sqlite3 (CPU), median of queries', 'ms', '', each(lambda r: median(
            [e.get('sqlite3_cpu_ms_median') for e in get(r, 'store', 'search') or []]))),
        ('store ÷ sqlite3 (CPU), median of queries', 'x', '≤ 2×', each(search_ratio)),
        ('grep -c over the file, median', 'ms', '', each(lambda r: median(
            [e.get('grep_ms') for e in get(r, 'store', 'search') or []]))),
        # 200 papers at random, one after the other on one store.
        ('similar papers, p50', 'ms', '< 50 ms', each(lambda r: get(r, 'store', 'similar', 'p50_ms'))),
        ('similar papers, p95', 'ms', '< 50 ms', each(lambda r: get(r, 'store', 'similar', 'p95_ms'))),
        ('similar papers, max', 'ms', '< 50 ms', each(lambda r: get(r, 'store', 'similar', 'max_ms'))),
    ]
    for name in ('tag', 'unread', 'starred', 'all'):
        rows.append(('filter to model: %s' % name, 'ms', '', each(lambda r, name=name: next(
            (f.get('model_ms') for f in get(r, 'window', 'filters') or []
             if name in str(f.get('filter', '')).lower()), None))))
    rows += [
        ('sort change to model, slowest', 'ms', '', each(lambda r: max(
            [s.get('model_ms') or 0 for s in get(r, 'window', 'sort') or []] or [0]) or None)),
        ('scroll frames, p95', 'ms', '< 16 ms', each(lambda r: get(r, 'window', 'scroll', 'p95_ms'))),
        ('scroll frames, max', 'ms', '< 16 ms', each(lambda r: get(r, 'window', 'scroll', 'max_ms'))),
        ('scroll frames over 16 ms', '', '0', each(lambda r: get(r, 'window', 'scroll', 'over_16ms'))),
        ('triage: decision to next card, median', 'ms', '≤ 100 ms', each(lambda r: get(r, 'window', 'triage', 'decide', 'median_ms'))),
        ('triage: decision to next card, max', 'ms', '', each(lambda r: get(r, 'window', 'triage', 'decide', 'max_ms'))),
        ('triage: decision to its frame, median', 'ms', '', each(lambda r: get(r, 'window', 'triage', 'decide_frame', 'median_ms'))),
        ('window: select all', 'ms', '', each(lambda r: get(r, 'window', 'bulk', 'select_all_ms'))),
        ('window: tag all', 'ms', '≤ 1 s', each(lambda r: get(r, 'window', 'bulk', 'tag_ms'))),
        ('window: undo the tag', 'ms', '≤ 1 s', each(lambda r: get(r, 'window', 'bulk', 'undo_ms'))),
        ('store: tag all, undoable', 's', '≤ 1 s', each(lambda r: get(r, 'store', 'tag_all_undoable_s'))),
        ('store: undo it', 's', '≤ 1 s', each(lambda r: get(r, 'store', 'undo_tag_s'))),
    ]
    formats = []
    for r in results:
        for e in get(r, 'store', 'export') or []:
            if e.get('format') not in formats:
                formats.append(e.get('format'))
    for name in formats:
        rows.append(('export 10,000: %s' % name, 's', '', each(lambda r, name=name: next(
            (e.get('seconds') for e in get(r, 'store', 'export') or [] if e.get('format') == name), None))))
    return rows


def print_table(results):
    rows = rows_of(results)
    header = ['', 'target'] + ['%s papers' % fmt(get(r, 'store', 'papers'), '') for r in results]
    lines = [[label, target] + [fmt(v, unit) for v in values] for label, unit, target, values in rows]
    widths = [max(len(str(line[i])) for line in lines + [header]) for i in range(len(header))]
    print('| ' + ' | '.join(h.ljust(w) for h, w in zip(header, widths)) + ' |')
    print('|' + '|'.join('-' * (w + 2) for w in widths) + '|')
    for line in lines:
        print('| ' + ' | '.join(str(c).ljust(w) for c, w in zip(line, widths)) + ' |')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--build-dir', required=True)
    parser.add_argument('--corpus', required=True)
    parser.add_argument('--json', required=True)
    parser.add_argument('--sizes', default=os.environ.get('PROCEEDINGS_BENCH_SIZES', '1000,10000,all'))
    args = parser.parse_args()

    build = os.path.abspath(args.build_dir)
    bench_store = os.path.join(build, 'tests', 'bench', 'bench-store')
    bench_window = os.path.join(build, 'tests', 'bench', 'bench-window')
    if not os.path.exists(args.corpus):
        log('The corpus %s is missing' % args.corpus)
        return 1
    for tool in ('xvfb-run', 'dbus-run-session', 'sqlite3', 'grep'):
        if shutil.which(tool) is None:
            log('%s is missing: install it (./test.sh installs what the benchmark needs)' % tool)
            return 1

    results = []
    with tempfile.TemporaryDirectory(prefix='proceedings-bench-') as scratch:
        for size in args.sizes.split(','):
            n = None if size == 'all' else int(size)
            work = os.path.join(scratch, 'papers-%s' % size)
            os.mkdir(work)
            slice_path = os.path.join(scratch, 'slice-%s.txt' % size)
            papers = write_slice(args.corpus, n, slice_path)
            log('== %d papers ==' % papers)
            result = {'size': papers}
            result['store'] = run([bench_store, slice_path, work], 'bench-store')
            # A desktop session has its portal running before an app starts; a
            # fresh bus starts it on the app's first call (300 to 500 ms here),
            # so the driver asks it once first, from another process: the cold
            # start counts from bench-window's own process start.
            result['window'] = run(['xvfb-run', '-a', '-s', '-screen 0 1400x900x24', 'dbus-run-session', '--',
                                    'sh', '-c', PORTAL_FIRST, 'sh', bench_window,
                                    os.path.join(work, 'library.db')],
                                   'bench-window', env=window_env(build))
            results.append(result)
            os.unlink(slice_path)
            shutil.rmtree(work)

    with open(args.json, 'w', encoding='utf-8') as out:
        json.dump({'machine': os.uname().nodename, 'cores': os.cpu_count(), 'results': results}, out, indent=1)
    print_table(results)
    print('\nEvery figure: %s' % args.json)
    return 0


if __name__ == '__main__':
    sys.exit(main())
