#!/usr/bin/env python3
# import-floor.py: the import's floor in Python, for bench-store
#
# Copyright 2026 The Proceedings authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   import-floor.py SLICE_FILE LIBRARY
#
# Inserts the abstracts of SLICE_FILE (a conference list: a title line,
# then paragraphs) into LIBRARY, an empty library the store made, so that
# the schema, indexes, triggers and FTS5 settings are the store's own:
# plain INSERTs in one transaction, nothing derived (no title, no hash: a
# counter stands in for the unique content hash).  Prints the seconds
# taken, from reading the file to the commit, and then the papers.

import sys
import sqlite3
import time


def abstracts(path):
    with open(path, encoding='utf-8') as source:
        source.readline()
        paragraph = []
        for line in source:
            line = line.strip()
            if line:
                paragraph.append(line)
            elif paragraph:
                yield ' '.join(paragraph)
                paragraph = []
        if paragraph:
            yield ' '.join(paragraph)


def main():
    slice_path, library = sys.argv[1:3]
    db = sqlite3.connect(library, isolation_level=None)
    # The store's connection settings (proc-store.c); the WAL is left for
    # the close to copy, as an import leaves it.
    db.execute('PRAGMA synchronous = FULL')
    db.execute('PRAGMA foreign_keys = ON')
    db.execute('PRAGMA cache_size = -65536')
    db.execute('PRAGMA wal_autocheckpoint = 0')

    started = time.monotonic()
    db.execute('BEGIN IMMEDIATE')
    list_id = db.execute("INSERT INTO lists (name, source, imported_at) VALUES ('floor', 'floor', 0)").lastrowid
    added_at = int(time.time())
    n = 0
    for abstract in abstracts(slice_path):
        paper_id = db.execute('INSERT INTO papers (list_id, derived_title, abstract, added_at, content_hash,'
                              ' title_derived) VALUES (?, \'\', ?, ?, ?, 1)',
                              (list_id, abstract, added_at, str(n))).lastrowid
        db.execute('INSERT INTO list_papers (list_id, paper_id, position) VALUES (?, ?, ?)',
                   (list_id, paper_id, n))
        n += 1
    db.execute('COMMIT')
    seconds = time.monotonic() - started
    db.close()

    print('%.3f' % seconds)
    print('%d papers in %.2f s' % (n, seconds), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
