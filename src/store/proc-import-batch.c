/* proc-import-batch.c: one import, written to the library in one transaction
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-import-batch"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-abstract-matcher.h"
#include "proc-import-batch-private.h"
#include "proc-store-private.h"

/* A statement that writes papers through the search indexes' triggers
 * opens a savepoint, and FTS5 writes its pending terms at each one: an
 * INSERT per paper made a segment per paper for FTS5 to merge, most of
 * an import's time.  One INSERT … SELECT per STAGE_SIZE papers makes one,
 * as long as their terms fit in FTS5's hashsize (see proc-schema.c,
 * version 7): more papers a statement, fewer segments to merge. */
#define STAGE_SIZE 8000

static const char stage_sql[] =
  "CREATE TEMP TABLE IF NOT EXISTS import_papers ("
  "  id INTEGER PRIMARY KEY, list_id, derived_title, abstract, authors, venue, year, added_at,"
  "  content_hash, doi, url, url_key, citation_key, status, pages, title_key, note,"
  "  note_modified_at, rating, read_state, starred, position, title_derived, entry_type, editors, publisher, names);"
  "CREATE TEMP TABLE IF NOT EXISTS import_links (paper_id, position, url, kind);"
  "DELETE FROM temp.import_papers;"
  "DELETE FROM temp.import_links;";

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

/* One past the largest id, as SQLite itself would give the next paper:
 * nothing else writes papers while the batch holds the transaction. */
static gint64
first_free_id (ProcStore  *store,
               GError    **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;

  if (!(stmt = _proc_store_prepare (store, "SELECT coalesce(max(id), 0) + 1 FROM papers", error)))
    return 0;
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (id == 0)
    _proc_store_set_error (store, error, _("add the paper"));

  return id;
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

  if (!_proc_store_exec (store, stage_sql, error) ||
      (batch->next_id = first_free_id (store, error)) == 0)
    {
      _proc_store_rollback (store);
      return NULL;
    }

  batch->store = g_object_ref (store);
  batch->first_id = batch->next_id;
  batch->matcher = proc_abstract_matcher_new (store, batch->first_id);
  batch->retitled_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  batch->retitled_titles = g_ptr_array_new_with_free_func (g_free);
  _proc_store_defer_checkpoints (store, TRUE);
  batch->next_position = next_position (store, batch->list_id);
  batch->staged_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  batch->tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  batch->tag_order = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (batch->triage_ids); i++)
    batch->triage_ids[i] = g_array_new (FALSE, FALSE, sizeof (gint64));
  batch->watchlist_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  batch->watchlists = g_ptr_array_new ();

  return g_steal_pointer (&batch);
}

static gboolean
stage_links (ProcImportBatch        *batch,
             gint64                  paper_id,
             const ProcPaperRecord  *record,
             GError                **error)
{
  sqlite3_stmt *stmt;

  if (record->links == NULL || record->links->len == 0)
    return TRUE;

  if (!(stmt = _proc_store_prepare (batch->store,
                                    "INSERT INTO temp.import_links (paper_id, position, url, kind) VALUES (?, ?, ?, ?)",
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

static gboolean
run_step (ProcImportBatch  *batch,
          const char       *sql,
          const char       *doing,
          GError          **error)
{
  sqlite3_stmt *stmt = _proc_store_prepare (batch->store, sql, error);

  return stmt != NULL && _proc_store_step_done (batch->store, stmt, error, doing);
}

/* The staged papers, their links and their places in the list reach the
 * library, each table in one statement and in the file's order. */
gboolean
_proc_import_batch_flush_staged (ProcImportBatch  *batch,
                                 GError          **error)
{
  if (batch->n_staged == 0)
    return TRUE;

  if (!run_step (batch,
                 "INSERT INTO papers (id, list_id, derived_title, abstract, authors, venue, year,"
                 " added_at, content_hash, doi, url, url_key, citation_key, status, pages,"
                 " title_key, note, note_modified_at, rating, read_state, starred, title_derived,"
                 " entry_type, editors, publisher, names)"
                 " SELECT id, list_id, derived_title, abstract, authors, venue, year,"
                 " added_at, content_hash, doi, url, url_key, citation_key, status, pages,"
                 " title_key, note, note_modified_at, rating, read_state, starred, title_derived,"
                 " entry_type, editors, publisher, names"
                 " FROM temp.import_papers ORDER BY id",
                 _("add the paper"), error) ||
      !run_step (batch,
                 "INSERT INTO paper_links (paper_id, position, url, kind)"
                 " SELECT paper_id, position, url, kind FROM temp.import_links ORDER BY rowid",
                 _("save the paper’s links"), error) ||
      !run_step (batch,
                 "INSERT INTO list_papers (list_id, paper_id, position)"
                 " SELECT list_id, id, position FROM temp.import_papers ORDER BY id",
                 _("add the paper to its list"), error) ||
      !run_step (batch, "DELETE FROM temp.import_papers", _("add the paper"), error) ||
      !run_step (batch, "DELETE FROM temp.import_links", _("add the paper"), error))
    return FALSE;

  batch->n_staged = 0;
  g_hash_table_remove_all (batch->staged_keys);
  return TRUE;
}

/* What a file tells of a paper beyond its text, as parameters ?1 to ?15
 * of both the statement that stages a new paper and the one that merges
 * a paper already in the library. */
#define N_RECORD_FIELDS 15

static void
bind_record_fields (sqlite3_stmt          *stmt,
                    const ProcPaperRecord *record,
                    const ProcRecordKeys      *keys)
{
  sqlite3_bind_text (stmt, 1, record->venue, -1, SQLITE_TRANSIENT);
  if (record->year > 0)
    sqlite3_bind_int (stmt, 2, record->year);
  sqlite3_bind_text (stmt, 3, keys->doi, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, keys->url_key ? record->url : NULL, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 5, keys->url_key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 6, record->citation_key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 7, record->status, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 8, record->pages, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 9, keys->title_key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 10, CLAMP (record->rating, 0, 5));
  sqlite3_bind_int (stmt, 11, record->read_state >= 0 && record->read_state <= 2 ? record->read_state : 0);
  sqlite3_bind_int (stmt, 12, record->starred == 1);
  sqlite3_bind_text (stmt, 13, record->entry_type, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 14, record->editors, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 15, record->publisher, -1, SQLITE_TRANSIENT);
}

static gboolean
stage_paper (ProcImportBatch        *batch,
             const ProcPaperRecord  *record,
             const ProcRecordKeys       *keys,
             gint64                 *paper_id,
             GError                **error)
{
  ProcStore *store = batch->store;
  const char *values[4];
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (store,
                                    "INSERT INTO temp.import_papers (venue, year, doi, url, url_key, citation_key,"
                                    " status, pages, title_key, rating, read_state, starred,"
                                    " entry_type, editors, publisher,"
                                    " id, list_id, derived_title, abstract, authors, added_at, content_hash,"
                                    " note, note_modified_at, position, title_derived, names)"
                                    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
                                    " ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27)",
                                    error)))
    return FALSE;

  bind_record_fields (stmt, record, keys);
  sqlite3_bind_int64 (stmt, N_RECORD_FIELDS + 1, batch->next_id);
  sqlite3_bind_int64 (stmt, N_RECORD_FIELDS + 2, batch->list_id);
  sqlite3_bind_text (stmt, N_RECORD_FIELDS + 3, record->derived_title ? record->derived_title : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, N_RECORD_FIELDS + 4, record->abstract ? record->abstract : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, N_RECORD_FIELDS + 5, record->authors ? record->authors : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, N_RECORD_FIELDS + 6, batch->added_at);
  sqlite3_bind_text (stmt, N_RECORD_FIELDS + 7, keys->content_hash, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, N_RECORD_FIELDS + 8, record->note ? record->note : "", -1, SQLITE_TRANSIENT);
  if (record->note != NULL && *record->note != '\0')
    sqlite3_bind_int64 (stmt, N_RECORD_FIELDS + 9, batch->added_at);
  sqlite3_bind_int64 (stmt, N_RECORD_FIELDS + 10, batch->next_position);
  sqlite3_bind_int (stmt, N_RECORD_FIELDS + 11, record->title_derived != FALSE);
  sqlite3_bind_text (stmt, N_RECORD_FIELDS + 12, proc_names_serialize (record->names), -1, g_free);

  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _proc_store_set_error (store, error, _("add the paper"));

  *paper_id = batch->next_id++;
  batch->next_position++;
  batch->n_added++;
  batch->n_staged++;

  _proc_import_key_values (keys, values);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    if (values[i] != NULL)
      g_hash_table_add (batch->staged_keys, g_strconcat (_proc_import_key_kinds[i], values[i], NULL));

  return stage_links (batch, *paper_id, record, error);
}

/* Links the paper does not have yet go after those it has. */
static gboolean
add_missing_links (ProcImportBatch        *batch,
                   gint64                  paper_id,
                   const ProcPaperRecord  *record,
                   GError                **error)
{
  sqlite3_stmt *stmt;

  if (record->links->len == 0)
    return TRUE;

  if (!(stmt = _proc_store_prepare (batch->store,
                                    "INSERT INTO paper_links (paper_id, position, url, kind)"
                                    " SELECT ?1, coalesce((SELECT max(position) + 1 FROM paper_links WHERE paper_id = ?1), 0), ?2, ?3"
                                    " WHERE NOT EXISTS (SELECT 1 FROM paper_links WHERE paper_id = ?1 AND url = ?2)",
                                    error)))
    return FALSE;

  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);
      int rc;

      sqlite3_bind_int64 (stmt, 1, paper_id);
      sqlite3_bind_text (stmt, 2, link->url, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 3, proc_link_kind_to_string (link->kind), -1, SQLITE_STATIC);
      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (batch->store, error, _("save the paper’s links"));
    }

  return TRUE;
}

/* A title the file gives (not one it derived) replaces the one the
 * library derived from the abstract, never a title the user gave; the
 * derived one is kept for the import's undo. */
static gboolean
replace_derived_title (ProcImportBatch        *batch,
                       gint64                  paper_id,
                       const ProcPaperRecord  *record,
                       GError                **error)
{
  ProcStore *store = batch->store;
  g_autofree char *derived = NULL;
  sqlite3_stmt *stmt;
  int rc;

  if (record->title_derived || record->derived_title == NULL || *record->derived_title == '\0')
    return TRUE;

  if (!(stmt = _proc_store_prepare (store, "SELECT derived_title FROM papers"
                                           " WHERE id = ? AND title_derived = 1 AND user_title IS NULL", error)))
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, paper_id);
  if ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    derived = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _proc_store_set_error (store, error, _("update the paper"));
  if (derived == NULL)
    return TRUE;

  /* With the authors, so that the search index takes the paper once. */
  if (!(stmt = _proc_store_prepare (store, "UPDATE papers SET derived_title = ?2, title_derived = 0,"
                                           " authors = CASE WHEN authors = '' THEN coalesce(?3, '') ELSE authors END"
                                           " WHERE id = ?1", error)))
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, paper_id);
  sqlite3_bind_text (stmt, 2, record->derived_title, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, record->authors, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _proc_store_set_error (store, error, _("update the paper"));

  g_array_append_val (batch->retitled_ids, paper_id);
  g_ptr_array_add (batch->retitled_titles, g_steal_pointer (&derived));
  return TRUE;
}

/* A paper the library has already keeps every annotation it has; the
 * file only fills what is empty (a missing DOI, no note yet, no rating)
 * and adds its tags. */
static gboolean
merge_paper (ProcImportBatch        *batch,
             gint64                  paper_id,
             const ProcPaperRecord  *record,
             const ProcRecordKeys       *keys,
             GError                **error)
{
  ProcStore *store = batch->store;
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (store,
                                    "UPDATE papers SET"
                                    " venue = coalesce(venue, ?1), year = coalesce(year, ?2),"
                                    " doi = coalesce(doi, ?3),"
                                    " url_key = CASE WHEN url IS NULL THEN ?5 ELSE url_key END,"
                                    " url = coalesce(url, ?4),"
                                    " citation_key = coalesce(citation_key, ?6), status = coalesce(status, ?7),"
                                    " pages = coalesce(pages, ?8),"
                                    " title_key = coalesce(title_key, ?9),"
                                    " rating = CASE WHEN rating = 0 THEN ?10 ELSE rating END,"
                                    " read_state = CASE WHEN read_state = 0 THEN ?11 ELSE read_state END,"
                                    " starred = max(starred, ?12),"
                                    " entry_type = coalesce(entry_type, ?13), editors = coalesce(editors, ?14),"
                                    " publisher = coalesce(publisher, ?15)"
                                    " WHERE id = ?16",
                                    error)))
    return FALSE;

  bind_record_fields (stmt, record, keys);
  sqlite3_bind_int64 (stmt, N_RECORD_FIELDS + 1, paper_id);

  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _proc_store_set_error (store, error, _("update the paper"));

  if (sqlite3_changes (_proc_store_get_db (store)) > 0)
    batch->n_merged++;

  /* Apart, so that the search indexes (whose triggers watch the authors
   * and the note) are touched only for a paper that had none. */
  if (record->note != NULL && *record->note != '\0')
    {
      if (!(stmt = _proc_store_prepare (store, "UPDATE papers SET note = ?2, note_modified_at = ?3"
                                               " WHERE id = ?1 AND note = ''", error)))
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, paper_id);
      sqlite3_bind_text (stmt, 2, record->note, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 3, batch->added_at);
      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (store, error, _("update the paper"));
    }

  if (!replace_derived_title (batch, paper_id, record, error))
    return FALSE;

  if (record->authors != NULL && *record->authors != '\0')
    {
      if (!(stmt = _proc_store_prepare (store, "UPDATE papers SET authors = ?2 WHERE id = ?1 AND authors = ''", error)))
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, paper_id);
      sqlite3_bind_text (stmt, 2, record->authors, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (store, error, _("update the paper"));
    }

  /* The names in parts, for a paper that has none yet and the same
   * authors: a paper imported before they were kept gets them. */
  if (record->authors != NULL && record->names->len > 0)
    {
      if (!(stmt = _proc_store_prepare (store, "UPDATE papers SET names = ?3"
                                               " WHERE id = ?1 AND names = '' AND authors = ?2", error)))
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, paper_id);
      sqlite3_bind_text (stmt, 2, record->authors, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 3, proc_names_serialize (record->names), -1, g_free);
      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (store, error, _("update the paper"));
    }

  return add_missing_links (batch, paper_id, record, error);
}

/* Tags whose names the library cannot take (empty once trimmed, too
 * long) are left out rather than failing the whole import. */
static void
add_tags (ProcImportBatch        *batch,
          gint64                  paper_id,
          const ProcPaperRecord  *record)
{
  for (guint i = 0; i < record->tags->len; i++)
    {
      g_autofree char *name = _proc_store_normalize_tag_name (g_ptr_array_index (record->tags, i), NULL);
      GArray *ids;

      if (name == NULL)
        continue;

      if (!(ids = g_hash_table_lookup (batch->tags, name)))
        {
          ids = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_ptr_array_add (batch->tag_order, name);
          g_hash_table_insert (batch->tags, g_steal_pointer (&name), ids);
        }
      g_array_append_val (ids, paper_id);
    }
}

static gboolean
write_tags (ProcImportBatch  *batch,
            GError          **error)
{
  for (guint i = 0; i < batch->tag_order->len; i++)
    {
      const char *name = g_ptr_array_index (batch->tag_order, i);
      GArray *ids = g_hash_table_lookup (batch->tags, name);

      if (!_proc_store_write_add_tag (batch->store, (const gint64 *) (gpointer) ids->data, ids->len, name, error))
        return FALSE;
    }

  return TRUE;
}

/* A decision the file gives is noted for the commit; "untriaged" is no
 * decision and never replaces one. */
static void
add_annotations (ProcImportBatch        *batch,
                 gint64                  paper_id,
                 const ProcPaperRecord  *record)
{
  if (record->triage > 0 && record->triage < (int) G_N_ELEMENTS (batch->triage_ids))
    g_array_append_val (batch->triage_ids[record->triage], paper_id);

  for (guint i = 0; i < record->watchlists->len; i++)
    {
      const ProcRecordWatchlist *watchlist = g_ptr_array_index (record->watchlists, i);
      char *name;

      if (g_hash_table_contains (batch->watchlist_names, watchlist->name))
        continue;
      name = g_strdup (watchlist->name);
      g_hash_table_insert (batch->watchlist_names, name, g_strdup (watchlist->query));
      g_ptr_array_add (batch->watchlists, name);
    }
}

/* A paper keeps the decision it has: the file's fills an untriaged one,
 * as the file's rating fills only a paper without one. */
static gboolean
write_annotations (ProcImportBatch  *batch,
                   GError          **error)
{
  sqlite3_stmt *stmt;

  for (guint triage = 1; triage < G_N_ELEMENTS (batch->triage_ids); triage++)
    {
      GArray *ids = batch->triage_ids[triage];

      if (ids->len == 0)
        continue;
      if (!(stmt = _proc_store_prepare (batch->store,
                                        "UPDATE papers SET triage = ?2, triaged_at = ?3 WHERE id = ?1 AND triage = 0",
                                        error)))
        return FALSE;
      for (guint i = 0; i < ids->len; i++)
        {
          int rc;

          sqlite3_bind_int64 (stmt, 1, g_array_index (ids, gint64, i));
          sqlite3_bind_int (stmt, 2, triage);
          sqlite3_bind_int64 (stmt, 3, batch->added_at);
          rc = sqlite3_step (stmt);
          sqlite3_reset (stmt);
          if (rc != SQLITE_DONE)
            return _proc_store_set_error (batch->store, error, _("update the paper"));
        }
    }

  /* A watchlist the library has by that name (case aside) stays as it is. */
  if (batch->watchlists->len > 0)
    {
      if (!(stmt = _proc_store_prepare (batch->store,
                                        "INSERT INTO watchlists (name, query, created_at) SELECT ?1, ?2, ?3"
                                        " WHERE NOT EXISTS (SELECT 1 FROM watchlists WHERE name = ?1 COLLATE NOCASE)",
                                        error)))
        return FALSE;
      for (guint i = 0; i < batch->watchlists->len; i++)
        {
          const char *name = g_ptr_array_index (batch->watchlists, i);
          int rc;

          sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
          sqlite3_bind_text (stmt, 2, g_hash_table_lookup (batch->watchlist_names, name), -1, SQLITE_TRANSIENT);
          sqlite3_bind_int64 (stmt, 3, batch->added_at);
          rc = sqlite3_step (stmt);
          sqlite3_reset (stmt);
          if (rc != SQLITE_DONE)
            return _proc_store_set_error (batch->store, error, _("create the watchlist"));
        }
    }

  return TRUE;
}

/**
 * proc_import_batch_add:
 * @outcome: (out) (optional): whether the paper was new or already there
 *
 * Adds a paper unless the library has it already (same DOI, page,
 * abstract, or title and first author); a paper already there keeps all
 * its annotations, gains the file's tags and joins the list.
 */
gboolean
proc_import_batch_add (ProcImportBatch        *batch,
                       const ProcPaperRecord  *record,
                       ProcImportOutcome      *outcome,
                       GError                **error)
{
  g_auto(ProcRecordKeys) keys = { NULL, };

  g_return_val_if_fail (batch != NULL && !batch->committed, FALSE);

  proc_record_keys_init (&keys, record);
  return proc_import_batch_add_keyed (batch, record, &keys, outcome, error);
}

/**
 * proc_import_batch_add_keyed:
 * @keys: @record's, from proc_record_keys_init()
 *
 * proc_import_batch_add() for a record whose keys are worked out already
 * (an import computes them on its reading thread).
 */
gboolean
proc_import_batch_add_keyed (ProcImportBatch        *batch,
                             const ProcPaperRecord  *record,
                             const ProcRecordKeys   *keys,
                             ProcImportOutcome      *outcome,
                             GError                **error)
{
  ProcStore *store = batch->store;
  g_auto(ProcRecordKeys) disambiguated = { NULL, };
  sqlite3_stmt *stmt;
  gint64 paper_id = 0;
  int rc;

  g_return_val_if_fail (batch != NULL && !batch->committed, FALSE);
  g_return_val_if_fail (keys != NULL, FALSE);

  /* The same paper twice in one file: the first one goes in first. */
  if (_proc_import_batch_is_staged (batch, keys) && !_proc_import_batch_flush_staged (batch, error))
    return FALSE;

  if ((paper_id = _proc_import_batch_find_paper (batch, record, keys, &disambiguated, error)) < 0)
    return FALSE;
  if (disambiguated.content_hash != NULL)
    keys = &disambiguated;

  if (outcome != NULL)
    *outcome = paper_id != 0 ? PROC_IMPORT_PRESENT : PROC_IMPORT_ADDED;

  if (paper_id == 0)
    {
      if (!stage_paper (batch, record, keys, &paper_id, error))
        return FALSE;
      add_tags (batch, paper_id, record);
      add_annotations (batch, paper_id, record);
      return batch->n_staged < STAGE_SIZE || _proc_import_batch_flush_staged (batch, error);
    }

  if (!merge_paper (batch, paper_id, record, keys, error))
    return FALSE;
  proc_abstract_matcher_forget (batch->matcher, paper_id);

  add_tags (batch, paper_id, record);
  add_annotations (batch, paper_id, record);

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

  if (!_proc_import_batch_flush_staged (batch, error) ||
      !write_tags (batch, error) ||
      !write_annotations (batch, error) ||
      !_proc_store_commit (batch->store, error))
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
  if (batch->store != NULL)
    _proc_store_defer_checkpoints (batch->store, FALSE);

  g_clear_object (&batch->store);
  g_clear_pointer (&batch->tags, g_hash_table_unref);
  g_clear_pointer (&batch->tag_order, g_ptr_array_unref);
  g_clear_pointer (&batch->staged_keys, g_hash_table_unref);
  g_clear_pointer (&batch->matcher, proc_abstract_matcher_free);
  g_clear_pointer (&batch->retitled_ids, g_array_unref);
  g_clear_pointer (&batch->retitled_titles, g_ptr_array_unref);

  for (guint i = 0; i < G_N_ELEMENTS (batch->triage_ids); i++)
    g_clear_pointer (&batch->triage_ids[i], g_array_unref);
  g_clear_pointer (&batch->watchlists, g_ptr_array_unref);
  g_clear_pointer (&batch->watchlist_names, g_hash_table_unref);
  g_free (batch);
}

/**
 * proc_import_batch_get_n_similar:
 *
 * Returns: how many records were known by an abstract at least
 *   %PROC_MATCH_THRESHOLD alike (and not by their keys)
 */
guint
proc_import_batch_get_n_similar (ProcImportBatch *batch)
{
  return batch->n_similar;
}

/**
 * proc_import_batch_get_retitled:
 * @titles: (out) (element-type utf8): the derived titles they had
 *
 * Returns: (element-type gint64): the papers whose derived title the
 *   file's official title replaced
 */
GArray *
proc_import_batch_get_retitled (ProcImportBatch  *batch,
                                GPtrArray       **titles)
{
  *titles = batch->retitled_titles;
  return batch->retitled_ids;
}
