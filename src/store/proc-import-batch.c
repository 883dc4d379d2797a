/* proc-import-batch.c: one import, written to the library in one transaction
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-import-batch"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-import-batch.h"
#include "proc-store-private.h"

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
  gboolean committed;
};

static gint64
find_or_create_list (ProcStore   *store,
                     const char  *name,
                     const char  *source,
                     gint64       now,
                     GError     **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;

  if (!(stmt = _proc_store_prepare (store, "SELECT id FROM lists WHERE name = ?", error)))
    return 0;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (id != 0)
    return id;

  if (!(stmt = _proc_store_prepare (store, "INSERT INTO lists (name, source, imported_at) VALUES (?, ?, ?)", error)))
    return 0;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, source, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, now);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      sqlite3_reset (stmt);
      _proc_store_set_error (store, error, _("create the list"));
      return 0;
    }
  sqlite3_reset (stmt);

  return sqlite3_last_insert_rowid (_proc_store_get_db (store));
}

static gint64
next_position (ProcStore *store,
               gint64     list_id)
{
  sqlite3_stmt *stmt;
  gint64 position = 0;

  stmt = _proc_store_prepare (store, "SELECT coalesce(max(position) + 1, 0) FROM list_papers WHERE list_id = ?", NULL);
  if (stmt == NULL)
    return 0;

  sqlite3_bind_int64 (stmt, 1, list_id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    position = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  return position;
}

/**
 * proc_import_batch_begin:
 * @list_name: the list the papers belong to; an existing list of that
 *   name is extended, so importing a file again adds nothing new
 * @source: (nullable): where the list came from (a path), for the user
 */
ProcImportBatch *
proc_import_batch_begin (ProcStore   *store,
                         const char  *list_name,
                         const char  *source,
                         GError     **error)
{
  g_autofree ProcImportBatch *batch = NULL;

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (list_name != NULL, NULL);

  batch = g_new0 (ProcImportBatch, 1);
  batch->added_at = g_get_real_time () / G_USEC_PER_SEC;

  if (!_proc_store_begin (store, error))
    return NULL;

  if (!(batch->list_id = find_or_create_list (store, list_name, source, batch->added_at, error)))
    {
      _proc_store_rollback (store);
      return NULL;
    }

  batch->store = g_object_ref (store);
  batch->next_position = next_position (store, batch->list_id);

  return g_steal_pointer (&batch);
}

static gboolean
insert_links (ProcImportBatch        *batch,
              gint64                  paper_id,
              const ProcPaperRecord  *record,
              GError                **error)
{
  sqlite3_stmt *stmt;

  if (record->links == NULL || record->links->len == 0)
    return TRUE;

  if (!(stmt = _proc_store_prepare (batch->store,
                                    "INSERT INTO paper_links (paper_id, position, url, kind) VALUES (?, ?, ?, ?)",
                                    error)))
    return FALSE;

  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);

      sqlite3_bind_int64 (stmt, 1, paper_id);
      sqlite3_bind_int (stmt, 2, i);
      sqlite3_bind_text (stmt, 3, link->url, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 4, proc_link_kind_to_string (link->kind), -1, SQLITE_STATIC);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          sqlite3_reset (stmt);
          return _proc_store_set_error (batch->store, error, _("save the paper’s links"));
        }
      sqlite3_reset (stmt);
    }

  return TRUE;
}

/**
 * proc_import_batch_add:
 * @outcome: (out) (optional): whether the paper was new or already there
 *
 * Adds a paper unless the library has it already (same content hash); a
 * paper already there keeps all its annotations and joins the list.
 */
gboolean
proc_import_batch_add (ProcImportBatch        *batch,
                       const ProcPaperRecord  *record,
                       ProcImportOutcome      *outcome,
                       GError                **error)
{
  ProcStore *store = batch->store;
  g_autofree char *hash = NULL;
  sqlite3_stmt *stmt;
  gint64 paper_id = 0;
  int rc;

  g_return_val_if_fail (batch != NULL && !batch->committed, FALSE);

  hash = proc_paper_record_dup_content_hash (record);

  if (!(stmt = _proc_store_prepare (store, "SELECT id FROM papers WHERE content_hash = ?", error)))
    return FALSE;
  sqlite3_bind_text (stmt, 1, hash, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    paper_id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  if (outcome != NULL)
    *outcome = paper_id != 0 ? PROC_IMPORT_PRESENT : PROC_IMPORT_ADDED;

  if (paper_id == 0)
    {
      if (!(stmt = _proc_store_prepare (store,
                                        "INSERT INTO papers (list_id, derived_title, abstract, authors,"
                                        " venue, year, added_at, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                        error)))
        return FALSE;

      sqlite3_bind_int64 (stmt, 1, batch->list_id);
      sqlite3_bind_text (stmt, 2, record->derived_title ? record->derived_title : "", -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 3, record->abstract ? record->abstract : "", -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 4, record->authors ? record->authors : "", -1, SQLITE_TRANSIENT);
      if (record->venue != NULL)
        sqlite3_bind_text (stmt, 5, record->venue, -1, SQLITE_TRANSIENT);
      if (record->year > 0)
        sqlite3_bind_int (stmt, 6, record->year);
      sqlite3_bind_int64 (stmt, 7, batch->added_at);
      sqlite3_bind_text (stmt, 8, hash, -1, SQLITE_TRANSIENT);

      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (store, error, _("add the paper"));

      paper_id = sqlite3_last_insert_rowid (_proc_store_get_db (store));
      batch->n_added++;

      if (!insert_links (batch, paper_id, record, error))
        return FALSE;
    }

  if (!(stmt = _proc_store_prepare (store,
                                    "INSERT OR IGNORE INTO list_papers (list_id, paper_id, position) VALUES (?, ?, ?)",
                                    error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, batch->list_id);
  sqlite3_bind_int64 (stmt, 2, paper_id);
  sqlite3_bind_int64 (stmt, 3, batch->next_position);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _proc_store_set_error (store, error, _("add the paper to its list"));

  if (sqlite3_changes (_proc_store_get_db (store)) > 0)
    batch->next_position++;

  return TRUE;
}

gboolean
proc_import_batch_commit (ProcImportBatch  *batch,
                          GError          **error)
{
  g_return_val_if_fail (batch != NULL && !batch->committed, FALSE);

  if (!_proc_store_commit (batch->store, error))
    {
      _proc_store_rollback (batch->store);
      return FALSE;
    }

  batch->committed = TRUE;
  proc_store_emit_changed (batch->store, PROC_STORE_CHANGE_ALL);
  return TRUE;
}

void
proc_import_batch_free (ProcImportBatch *batch)
{
  if (batch == NULL)
    return;

  if (!batch->committed && batch->store != NULL)
    _proc_store_rollback (batch->store);

  g_clear_object (&batch->store);
  g_free (batch);
}
