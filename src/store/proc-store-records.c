/* proc-store-records.c: papers read out of the library as records, for exports
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store-records"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-store-private.h"
#include "proc-store-records.h"

/* Tags and links come joined into one column each, so a whole export is
 * one query: unit separators between items, a record separator between
 * a link's kind and its URL (neither can be typed into a tag or a URL). */
#define ITEM_SEPARATOR "\x1f"
#define FIELD_SEPARATOR "\x1e"

static const char records_sql[] =
  "SELECT p.id, coalesce(p.user_title, p.derived_title), p.abstract, p.authors, p.venue, p.year,"
  " p.doi, p.url, p.citation_key, p.status, p.pages, p.note, p.rating, p.read_state, p.starred,"
  " (SELECT group_concat(name, char(31)) FROM"
  "   (SELECT t.name FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
  "    WHERE pt.paper_id = p.id ORDER BY t.name COLLATE NOCASE)),"
  " (SELECT group_concat(kind || char(30) || url, char(31)) FROM"
  "   (SELECT kind, url FROM paper_links WHERE paper_id = p.id ORDER BY position)),"
  " p.entry_type, p.editors, p.publisher, p.triage, p.names"
  " FROM temp.export_ids e JOIN papers p ON p.id = e.paper_id"
  " ORDER BY e.position";

static char *
dup_column (sqlite3_stmt *stmt,
            int           column)
{
  const char *text = (const char *) sqlite3_column_text (stmt, column);

  return text != NULL && *text != '\0' ? g_strdup (text) : NULL;
}

/* A watchlist and the papers its query finds now. */
typedef struct
{
  char *name;
  char *query;
  GHashTable *ids;
} Watched;

static void
watched_free (gpointer data)
{
  Watched *watched = data;

  g_free (watched->name);
  g_free (watched->query);
  g_clear_pointer (&watched->ids, g_hash_table_unref);
  g_free (watched);
}

/* Every watchlist with its papers, so each record can say which hold it:
 * one query a watchlist, not one a paper. */
static GPtrArray *
read_watchlists (ProcStore  *self,
                 GError    **error)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (watched_free);
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self, "SELECT name, query FROM watchlists ORDER BY name COLLATE NOCASE, id", error)))
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      Watched *watched = g_new0 (Watched, 1);

      watched->name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      watched->query = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      watched->ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      g_ptr_array_add (all, watched);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _proc_store_set_error (self, error, _("read the papers to export"));
      return NULL;
    }

  for (guint i = 0; i < all->len; i++)
    {
      Watched *watched = g_ptr_array_index (all, i);
      g_autoptr(GArray) ids = proc_store_query_ids (self, watched->query, NULL, PROC_SORT_ADDED, FALSE, error);

      if (ids == NULL)
        return NULL;
      for (guint j = 0; j < ids->len; j++)
        g_hash_table_add (watched->ids, g_memdup2 (&g_array_index (ids, gint64, j), sizeof (gint64)));
    }

  return g_steal_pointer (&all);
}

static ProcPaperRecord *
read_record (sqlite3_stmt *stmt)
{
  ProcPaperRecord *record = proc_paper_record_new ();
  const char *joined;

  record->id = sqlite3_column_int64 (stmt, 0);
  record->derived_title = dup_column (stmt, 1);
  record->abstract = dup_column (stmt, 2);
  record->authors = dup_column (stmt, 3);
  record->venue = dup_column (stmt, 4);
  record->year = sqlite3_column_int (stmt, 5);
  record->doi = dup_column (stmt, 6);
  record->url = dup_column (stmt, 7);
  record->citation_key = dup_column (stmt, 8);
  record->status = dup_column (stmt, 9);
  record->pages = dup_column (stmt, 10);
  record->note = dup_column (stmt, 11);
  record->rating = sqlite3_column_int (stmt, 12);
  record->read_state = sqlite3_column_int (stmt, 13);
  record->starred = sqlite3_column_int (stmt, 14);
  record->entry_type = dup_column (stmt, 17);
  record->editors = dup_column (stmt, 18);
  record->publisher = dup_column (stmt, 19);

  if ((joined = (const char *) sqlite3_column_text (stmt, 15)) != NULL)
    {
      g_auto(GStrv) tags = g_strsplit (joined, ITEM_SEPARATOR, -1);

      for (guint i = 0; tags[i] != NULL; i++)
        g_ptr_array_add (record->tags, g_steal_pointer (&tags[i]));
    }

  if ((joined = (const char *) sqlite3_column_text (stmt, 16)) != NULL)
    {
      g_auto(GStrv) links = g_strsplit (joined, ITEM_SEPARATOR, -1);

      for (guint i = 0; links[i] != NULL; i++)
        {
          g_auto(GStrv) parts = g_strsplit (links[i], FIELD_SEPARATOR, 2);

          if (parts[0] != NULL && parts[1] != NULL)
            proc_paper_record_add_link (record, parts[1], proc_link_kind_from_string (parts[0]));
        }
    }

  record->triage = sqlite3_column_int (stmt, 20);

  /* The authors in parts; none for papers imported before they were kept */
  {
    g_autoptr(GPtrArray) names = proc_names_deserialize ((const char *) sqlite3_column_text (stmt, 21));

    g_ptr_array_extend_and_steal (record->names, g_steal_pointer (&names));
  }

  return record;
}

static void
add_watchlists (ProcPaperRecord *record,
                GPtrArray       *watchlists)
{
  for (guint i = 0; i < watchlists->len; i++)
    {
      Watched *watched = g_ptr_array_index (watchlists, i);

      if (g_hash_table_contains (watched->ids, &record->id))
        proc_paper_record_add_watchlist (record, watched->name, watched->query);
    }
}

static gboolean
fill_ids (ProcStore     *self,
          const gint64  *ids,
          guint          n_ids,
          GError       **error)
{
  sqlite3_stmt *stmt;

  /* A temporary table lives in the connection's own temp database: filling
   * it writes nothing to the library and wakes no other window. */
  if (!_proc_store_exec (self, "CREATE TEMP TABLE IF NOT EXISTS export_ids ("
                               " position INTEGER PRIMARY KEY, paper_id INTEGER NOT NULL);"
                               "DELETE FROM temp.export_ids", error))
    return FALSE;

  if (!(stmt = _proc_store_prepare (self, "INSERT INTO temp.export_ids (position, paper_id) VALUES (?, ?)", error)))
    return FALSE;

  for (guint i = 0; i < n_ids; i++)
    {
      int rc;

      sqlite3_bind_int64 (stmt, 1, i);
      sqlite3_bind_int64 (stmt, 2, ids[i]);
      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (self, error, _("read the papers to export"));
    }

  return TRUE;
}

/**
 * proc_store_read_records:
 * @ids: the papers, in the order the records should come
 * @func: called once per paper still in the library
 *
 * Reads the papers in one query inside one read transaction, so an export
 * sees one state of the library even while another window writes, and
 * holds one record at a time.
 */
gboolean
proc_store_read_records (ProcStore       *self,
                         const gint64    *ids,
                         guint            n_ids,
                         ProcRecordFunc   func,
                         gpointer         user_data,
                         GCancellable    *cancellable,
                         GError         **error)
{
  g_autoptr(GPtrArray) watchlists = NULL;
  sqlite3_stmt *stmt;
  gboolean ok = TRUE;
  int rc;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  /* A deferred transaction: it reads one snapshot without taking the
   * write lock, so edits in another window go on meanwhile. */
  if (!_proc_store_exec (self, "BEGIN", error))
    return FALSE;

  if (!(watchlists = read_watchlists (self, error)) ||
      !fill_ids (self, ids, n_ids, error) ||
      !(stmt = _proc_store_prepare (self, records_sql, error)))
    {
      _proc_store_rollback (self);
      return FALSE;
    }

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autoptr(ProcPaperRecord) record = read_record (stmt);

      add_watchlists (record, watchlists);

      if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
          !func (record, user_data, error))
        {
          ok = FALSE;
          break;
        }
    }

  if (ok && rc != SQLITE_DONE)
    ok = _proc_store_set_error (self, error, _("read the papers to export"));

  sqlite3_reset (stmt);
  _proc_store_exec (self, "DELETE FROM temp.export_ids", NULL);
  _proc_store_rollback (self);

  return ok;
}

/**
 * proc_store_find_collection:
 * @table: "tags", "lists" or "reading_lists"
 *
 * Returns: the id of the tag, list or reading list named @name (tags
 *   ignore case), or 0
 */
gint64
proc_store_find_collection (ProcStore  *self,
                            const char *table,
                            const char *name)
{
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt;
  gint64 id = 0;

  g_return_val_if_fail (PROC_IS_STORE (self), 0);
  g_return_val_if_fail (g_str_equal (table, "tags") || g_str_equal (table, "lists") ||
                        g_str_equal (table, "reading_lists"), 0);

  sql = g_strdup_printf ("SELECT id FROM %s WHERE name = ?", table);
  if (!(stmt = _proc_store_prepare (self, sql, NULL)))
    return 0;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  return id;
}

/**
 * proc_store_collection_ids:
 * @table: "tags", "lists" or "reading_lists"
 *
 * Returns: (transfer full) (element-type gint64): the papers of a tag (by
 *   title), a list or a reading list (in their own order)
 */
GArray *
proc_store_collection_ids (ProcStore   *self,
                           const char  *table,
                           gint64       id,
                           GError     **error)
{
  const char *sql;
  sqlite3_stmt *stmt;
  GArray *ids;
  int rc;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  if (g_str_equal (table, "reading_lists"))
    sql = "SELECT paper_id FROM reading_list_items WHERE reading_list_id = ? ORDER BY position, paper_id";
  else if (g_str_equal (table, "lists"))
    sql = "SELECT paper_id FROM list_papers WHERE list_id = ? ORDER BY position, paper_id";
  else if (g_str_equal (table, "tags"))
    sql = "SELECT p.id FROM paper_tags pt JOIN papers p ON p.id = pt.paper_id WHERE pt.tag_id = ?"
          " ORDER BY coalesce(p.user_title, p.derived_title) COLLATE NOCASE, p.id";
  else
    g_return_val_if_reached (NULL);

  if (!(stmt = _proc_store_prepare (self, sql, error)))
    return NULL;

  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_bind_int64 (stmt, 1, id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 paper_id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, paper_id);
    }
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    {
      g_array_unref (ids);
      _proc_store_set_error (self, error, _("read the papers to export"));
      return NULL;
    }

  return ids;
}
