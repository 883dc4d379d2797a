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
# Xvfb), bench-bare-window (a bare libadwaita window's cold start, the
# floor for the app's) and bench-window --import (the slice imported
# through the window into an empty library).  Prints one table and writes
# every figure as JSON: one entry per size under "results" (see assemble).
#
#   meson test -C _build --benchmark        (1000, 10000 and all)
#   PROCEEDINGS_BENCH_SIZES=1000,10000 meson test -C _build --benchmark
#   PROCEEDINGS_BENCH_SIZES=10x ...         the corpus ten times: 874,670 papers

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


def parse_size(size):
    """(first n abstracts or None for all, copies of them): '1000', 'all', '10x'."""
    if size == 'all':
        return None, 1
    if size.endswith('x'):
        return None, int(size[:-1])
    return int(size), 1


# A copy's mark, at the end of each of its abstracts.  The library keeps one
# paper per abstract: the content hash is the folded abstract alone (see
# proc_content_hash()), so a copy with another venue or year would be the
# same papers again, and the conference-list format has neither.  A few
# words of its own make each copy's abstracts other papers, and leave the
# derived titles, the words searched and the import's path as they are.
def copy_mark(copy):
    return '' if copy == 0 else ' (Copy %d of the corpus.)' % (copy + 1)


def write_copies(corpus, copies, path):
    """The title line and every abstract, @copies times, each copy marked."""
    with lzma.open(corpus, 'rt', encoding='utf-8') as source:
        title = source.readline().rstrip('\n')
        paragraphs = [p.strip('\n') for p in source.read().split('\n\n')]
    paragraphs = [p for p in paragraphs if p.strip()]
    with open(path, 'w', encoding='utf-8') as out:
        out.write(title + '\n\n')
        for copy in range(copies):
            mark = copy_mark(copy)
            for paragraph in paragraphs:
                out.write(paragraph + mark + '\n\n')
    return len(paragraphs) * copies


def write_slice(corpus, n, path, copies=1):
    """The title line and the first n abstracts (all of them when n is None)."""
    if copies > 1:
        return write_copies(corpus, copies, path)
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


BARE_RUNS = 3


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


def yes_no(value):
    return None if value is None else ('yes' if value else 'no')


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
        return '%.2f×' % value if value < 2 else '%.1f×' % value
    return str(value)


def first_present(result, *paths):
    """The value at the first of @paths that @result has, else None."""
    for path in paths:
        value = get(result, *path)
        if value is not None:
            return value
    return None


def assemble(size_name, papers, store, window, bare_runs=None, window_import=None):
    """One size's entry under "results".  These keys are always there, None
    when a program did not measure them (test-benchmark-json.py checks):

      size, size_name, store.papers, store.search[] (store_cpu_ms_median,
      sqlite3_cpu_ms_median), window.typing.p95_ms,
      window.typing.frames_over_16ms, window.cold_start_ms,
      window.peak_rss_mb_first_frame, window.bare_window_first_frame_ms,
      window.cold_start_vs_bare, import.seconds, import.floor_c_seconds,
      import.floor_python_seconds, import.window (bench-window --import's
      figures, or None)
    """
    store = dict(store or {})
    window = dict(window or {})
    store.setdefault('papers', None)
    store.setdefault('search', [])
    for entry in store['search']:
        entry.setdefault('store_cpu_ms_median', None)
        entry.setdefault('sqlite3_cpu_ms_median', None)

    typing = dict(window.get('typing') or {})
    typing.setdefault('p95_ms', None)
    # bench_typing's count of the frames that took over 16 ms, by whichever
    # name it gives it.
    typing['frames_over_16ms'] = first_present(
        typing, ('frames_over_16ms',), ('frame_over_16ms',), ('over_16ms',), ('frames', 'over_16ms'))
    window['typing'] = typing
    window.setdefault('cold_start_ms', None)
    window.setdefault('peak_rss_mb_first_frame', None)

    bare = [b.get('first_frame_ms') for b in bare_runs or [] if b and b.get('first_frame_ms', -1) >= 0]
    window['bare_window_first_frame_ms'] = median(bare)
    window['bare_window'] = {'first_frame_ms_runs': bare,
                             'peak_rss_mb_first_frame': median(
                                 [b.get('peak_rss_mb_first_frame') for b in bare_runs or [] if b])}
    cold, floor = window['cold_start_ms'], window['bare_window_first_frame_ms']
    window['cold_start_vs_bare'] = cold / floor if cold is not None and floor else None

    return {
        'size': papers,
        'size_name': size_name,
        'store': store,
        'window': window,
        'import': {
            'seconds': store.get('import_s'),
            'floor_c_seconds': store.get('import_floor_c_s'),
            'floor_python_seconds': store.get('import_floor_python_s'),
            'window': get(window_import, 'import'),
        },
    }


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
        ('import', 's', '≤ 5 s at 87k', each(lambda r: get(r, 'import', 'seconds'))),
        # The same abstracts inserted, nothing derived (bench-store.c, import-floor.py).
        ('  floor: C, INSERT … SELECT per 8,000, as the store writes', 's', '', each(lambda r: get(r, 'import', 'floor_c_seconds'))),
        ('  import ÷ that floor', 'x', '≤ 1.0×', each(lambda r: (get(r, 'import', 'seconds') / get(r, 'import', 'floor_c_seconds'))
                                                       if get(r, 'import', 'seconds') and get(r, 'import', 'floor_c_seconds') else None)),
        ('  floor: C, plain INSERTs', 's', '', each(lambda r: get(r, 'store', 'import_floor_c_plain_s'))),
        ('  floor: plain INSERTs in Python', 's', '', each(lambda r: get(r, 'import', 'floor_python_seconds'))),
        ('import in the window', 's', '', each(lambda r: get(r, 'import', 'window', 'seconds'))),
        ('  frames while importing, p95 apart', 'ms', '', each(lambda r: get(r, 'import', 'window', 'interval_p95_ms'))),
        ('  frames while importing, longest apart', 'ms', '≤ 100 ms', each(lambda r: get(r, 'import', 'window', 'interval_max_ms'))),
        ('  frames over 100 ms apart', '', '0', each(lambda r: get(r, 'import', 'window', 'frames_over_100ms'))),
        ('  progress bar moved', '', 'yes', each(lambda r: yes_no(get(r, 'import', 'window', 'progress_moved')))),
        ('  done to the rows drawn', 'ms', '', each(lambda r: get(r, 'import', 'window', 'done_to_rows_ms'))),
        ('  longest frame from done to the rows', 'ms', '', each(lambda r: get(r, 'import', 'window', 'done_to_rows_max_interval_ms'))),
        # The import leaves its pages in the WAL; the library's close (in the
        # window, a worker) copies them into the file.
        ('  then the WAL into the file, at close', 's', '', each(lambda r: get(r, 'store', 'close_s'))),
        ('library on disk', 'MB', '', each(lambda r: (get(r, 'store', 'library_bytes') or 0) / 1e6 or None)),
        ('cold start to first frame (session portal running)', 'ms', '≤ 500 ms', each(lambda r: get(r, 'window', 'cold_start_ms'))),
        ('bare libadwaita window, first frame', 'ms', '', each(lambda r: get(r, 'window', 'bare_window_first_frame_ms'))),
        ('cold start ÷ bare window', 'x', '≤ 1.3×', each(lambda r: get(r, 'window', 'cold_start_vs_bare'))),
        ('peak RSS at first frame', 'MB', '≤ 150 MB', each(lambda r: get(r, 'window', 'peak_rss_mb_first_frame'))),
        ('peak RSS at the end', 'MB', '', each(lambda r: get(r, 'window', 'peak_rss_mb_end'))),
        ('keystroke to model, median', 'ms', '≤ 16 ms', each(lambda r: get(r, 'window', 'typing', 'median_ms'))),
        ('keystroke to model, p95', 'ms', '≤ 16 ms at 87k, ≤ 50 at 870k', each(lambda r: get(r, 'window', 'typing', 'p95_ms'))),
        ('  from the 2nd character, median', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'later_characters', 'median_ms'))),
        ('  from the 2nd character, p95', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'later_characters', 'p95_ms'))),
        ('  the 1st character, median', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'first_character', 'median_ms'))),
        ('  the 1st character, p95', 'ms', '≤ 16 ms at 87k', each(lambda r: get(r, 'window', 'typing', 'first_character', 'p95_ms'))),
        ('  of which SQL, p95', 'ms', '', each(lambda r: get(r, 'window', 'typing', 'sql_p95_ms'))),
        ('  frames over 16 ms while typing', '', '0', each(lambda r: get(r, 'window', 'typing', 'frames_over_16ms'))),
        ('  frames while typing, p95 / max', '', '', each(lambda r: '%s / %s' % (fmt(get(r, 'window', 'typing', 'frames_p95_ms'), 'ms'),
                                                                                   fmt(get(r, 'window', 'typing', 'frames_max_ms'), 'ms')))),
        ('  the same in the main thread\'s CPU time: over 16 ms', '', '', each(lambda r: get(r, 'window', 'typing', 'frames_cpu_over_16ms'))),
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


def print_table(results, out=None):
    out = out or sys.stdout
    rows = rows_of(results)
    header = ['', 'target'] + ['%s papers' % fmt(get(r, 'store', 'papers'), '') for r in results]
    lines = [[label, target] + [fmt(v, unit) for v in values] for label, unit, target, values in rows]
    widths = [max(len(str(line[i])) for line in lines + [header]) for i in range(len(header))]
    print('| ' + ' | '.join(h.ljust(w) for h, w in zip(header, widths)) + ' |', file=out)
    print('|' + '|'.join('-' * (w + 2) for w in widths) + '|', file=out)
    for line in lines:
        print('| ' + ' | '.join(str(c).ljust(w) for c, w in zip(line, widths)) + ' |', file=out)


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
    bench_bare_window = os.path.join(build, 'tests', 'bench', 'bench-bare-window')
    if not os.path.exists(args.corpus):
        log('The corpus %s is missing' % args.corpus)
        return 1
    for tool in ('xvfb-run', 'dbus-run-session', 'sqlite3', 'grep'):
        if shutil.which(tool) is None:
            log('%s is missing: install it (./test.sh installs what the benchmark needs)' % tool)
            return 1

    results = []
    xvfb = ['xvfb-run', '-a', '-s', '-screen 0 1400x900x24', 'dbus-run-session', '--', 'sh', '-c', PORTAL_FIRST, 'sh']
    with tempfile.TemporaryDirectory(prefix='proceedings-bench-') as scratch:
        for size in args.sizes.split(','):
            n, copies = parse_size(size)
            work = os.path.join(scratch, 'papers-%s' % size)
            os.mkdir(work)
            slice_path = os.path.join(scratch, 'slice-%s.txt' % size)
            papers = write_slice(args.corpus, n, slice_path, copies)
            log('== %d papers ==' % papers)
            store = run([bench_store, slice_path, work], 'bench-store')
            # A desktop session has its portal running before an app starts; a
            # fresh bus starts it on the app's first call (300 to 500 ms here),
            # so the driver asks it once first, from another process: the cold
            # start counts from bench-window's own process start.  The bare
            # window runs the same way, just before, three times.
            bare = []
            for _ in range(BARE_RUNS):
                try:
                    bare.append(run(xvfb + [bench_bare_window], 'bench-bare-window', env=window_env(build)))
                except RuntimeError as error:
                    log(str(error))
            window = run(xvfb + [bench_window, os.path.join(work, 'library.db')],
                         'bench-window', env=window_env(build))
            # The slice again, through the window's own import, into a new
            # library: the progress bar and the frames while it runs.
            window_import = run(xvfb + [bench_window, '--import', slice_path,
                                        os.path.join(work, 'window-import.db')],
                                'bench-window --import', env=window_env(build), timeout=4 * 3600)
            results.append(assemble(size, papers, store, window, bare, window_import))
            os.unlink(slice_path)
            shutil.rmtree(work)

    with open(args.json, 'w', encoding='utf-8') as out:
        json.dump({'machine': os.uname().nodename, 'cores': os.cpu_count(), 'results': results}, out, indent=1)
    print_table(results)
    print('\nEvery figure: %s' % args.json)
    return 0


if __name__ == '__main__':
    sys.exit(main())
