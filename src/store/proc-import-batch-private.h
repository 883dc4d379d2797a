/* proc-import-batch-private.h: an import's state, shared by the files that write and find papers
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-abstract-matcher.h"
#include "proc-import-batch.h"
#include "proc-store-private.h"

G_BEGIN_DECLS

/* The transaction stays open from begin to commit, so an import that
 * fails halfway (bad bytes on line 90,000, a cancel) leaves nothing
 * behind; freeing an uncommitted batch rolls it back. */
struct _ProcImportBatch
{
  ProcStore *store;
  gint64 list_id;
  gint64 next_position;
  gint64 added_at;
  guint n_added;
  guint n_merged;
  gboolean committed;
  /* The file's tags, written at the commit, each in one statement (see
   * _proc_store_run_for_ids()): tag name → GArray of paper ids. */
  GHashTable *tags;
  GPtrArray *tag_order;         /* the names, first seen first */
  /* New papers wait in temporary tables and reach the library STAGE_SIZE
   * at a time, each table in one statement (see flush_staged()).  They
   * get their ids now, so tags and lists can name them. */
  gint64 next_id;
  guint n_staged;
  GHashTable *staged_keys;      /* "kind:key" of each staged paper */
  /* Matching (see find_paper()): the authorless papers stored before the
   * import, read on the first record that needs them. */
  gint64 first_id;
  ProcAbstractMatcher *matcher;
  guint n_similar;
  /* The papers whose derived title the file's official one replaced, and
   * those derived titles, for the import's undo. */
  GArray *retitled_ids;
  GPtrArray *retitled_titles;
  /* Triage decisions and watchlists from the file (our own exports carry
   * them), written at the commit: the paper ids of each decision, and
   * the watchlists by name, first seen first. */
  GArray *triage_ids[4];
  GPtrArray *watchlists;        /* the names, first seen first (owned by watchlist_names) */
  GHashTable *watchlist_names;  /* name → query */
};

/* The kinds of key, in their order of trust: same DOI, same page, same
 * abstract, same title and first author. */
extern const char * const _proc_import_key_kinds[4];

void     _proc_import_key_values         (const ProcRecordKeys   *keys,
                                          const char             *values[4]);
gboolean _proc_import_batch_flush_staged (ProcImportBatch        *batch,
                                          GError                **error);
gboolean _proc_import_batch_is_staged    (ProcImportBatch        *batch,
                                          const ProcRecordKeys   *keys);
gint64   _proc_import_batch_find_paper   (ProcImportBatch        *batch,
                                          const ProcPaperRecord  *record,
                                          const ProcRecordKeys   *keys,
                                          ProcRecordKeys         *disambiguated,
                                          GError                **error);

G_END_DECLS
