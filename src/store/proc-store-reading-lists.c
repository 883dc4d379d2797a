/* proc-store-reading-lists.c: the store's reading lists: named, ordered, edited in one transaction each
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-store-private.h"

/* Reading lists.  Their names are compared without regard to (ASCII)
 * case, as the query language compares them, so that `reading-list:NAME`
 * always means one list; the papers of a list are in the order of their
 * positions, ties broken by id, the order the paper list shows. */

/**
 * proc_store_lookup_reading_list:
 *
 * Returns: the id of the reading list named @name, case aside, or 0
 */
gint64
proc_store_lookup_reading_list (ProcStore  *self,
                                const char *name)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;

  g_return_val_if_fail (PROC_IS_STORE (self), 0);

  if (name == NULL ||
      !(stmt = _proc_store_prepare (self, "SELECT id FROM reading_lists WHERE name = ? COLLATE NOCASE"
                                          " ORDER BY id LIMIT 1", NULL)))
    return 0;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  return id;
}

/* Returns: (nullable): the name of reading list @id as stored, or %NULL */
char *
_proc_store_dup_reading_list_name (ProcStore *self,
                                   gint64     id)
{
  sqlite3_stmt *stmt;
  char *name = NULL;

  if (!(stmt = _proc_store_prepare (self, "SELECT name FROM reading_lists WHERE id = ?", NULL)))
    return NULL;

  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);

  return name;
}

/* The name @name would be stored as, or %NULL with @error set when it
 * cannot be the name of list @renaming (0 for a new list). */
static char *
check_reading_list_name (ProcStore   *self,
                         const char  *name,
                         gint64       renaming,
                         GError     **error)
{
  g_autofree char *normalized = NULL;
  gint64 existing;

  if (!(normalized = _proc_store_normalize_name (name, _("A reading list needs a name"), error)))
    return NULL;

  /* The sidebar shows a list through the query language, whose quoted
   * values cannot hold a quote. */
  if (strchr (normalized, '"') != NULL)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("A reading list’s name cannot contain a double quote (\")"));
      return NULL;
    }

  existing = proc_store_lookup_reading_list (self, normalized);
  if (existing != 0 && existing != renaming)
    {
      g_autofree char *taken = _proc_store_dup_reading_list_name (self, existing);

      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("There is already a reading list “%s”"), taken);
      return NULL;
    }

  return g_steal_pointer (&normalized);
}

static gboolean
check_reading_list (ProcStore  *self,
                    gint64      reading_list_id,
                    GError    **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self, "SELECT 1 FROM reading_lists WHERE id = ?", error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, reading_list_id);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);

  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc != SQLITE_DONE)
    return _proc_store_set_error (self, error, _("find the reading list"));

  g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
               _("The reading list is no longer in the library"));
  return FALSE;
}

/* Returns: the new list's id, or 0 with @error set */
gint64
_proc_store_write_create_reading_list (ProcStore   *self,
                                       const char  *name,
                                       GError     **error)
{
  g_autofree char *normalized = NULL;
  sqlite3_stmt *stmt;

  if (!(normalized = check_reading_list_name (self, name, 0, error)) ||
      !(stmt = _proc_store_prepare (self, "INSERT INTO reading_lists (name, created_at) VALUES (?, ?)", error)))
    return 0;

  sqlite3_bind_text (stmt, 1, normalized, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, g_get_real_time () / G_USEC_PER_SEC);
  if (!_proc_store_step_done (self, stmt, error, _("create the reading list")))
    return 0;

  return sqlite3_last_insert_rowid (_proc_store_get_db (self));
}

/* New items go to the end, in the order given; papers already in the
 * list stay where they are. */
gboolean
_proc_store_write_add_to_reading_list (ProcStore     *self,
                                       gint64         reading_list_id,
                                       const gint64  *ids,
                                       guint          n_ids,
                                       GError       **error)
{
  return check_reading_list (self, reading_list_id, error) &&
         _proc_store_run_for_ids (self,
                                  /* The new ones at the end, in the order given, each once. */
                                  "INSERT INTO reading_list_items (reading_list_id, paper_id, position)"
                                  " SELECT ?1, value, row_number () OVER (ORDER BY first) - 1"
                                  "   + coalesce((SELECT max(position) + 1 FROM reading_list_items WHERE reading_list_id = ?1), 0)"
                                  " FROM (SELECT value, min(key) AS first FROM json_each(?2) GROUP BY value)"
                                  " WHERE value IN (SELECT id FROM papers)"
                                  "   AND value NOT IN (SELECT paper_id FROM reading_list_items WHERE reading_list_id = ?1)",
                                  ids, n_ids, reading_list_id, _("add papers to the reading list"), error);
}

/* The others keep their positions, and so their order. */
gboolean
_proc_store_write_remove_from_reading_list (ProcStore     *self,
                                            gint64         reading_list_id,
                                            const gint64  *ids,
                                            guint          n_ids,
                                            GError       **error)
{
  return check_reading_list (self, reading_list_id, error) &&
         _proc_store_run_for_ids (self, "DELETE FROM reading_list_items WHERE reading_list_id = ?1 AND paper_id IN " PROC_STORE_IDS,
                                  ids, n_ids, reading_list_id, _("remove papers from the reading list"), error);
}

typedef struct
{
  gint64 paper_id;
  gint64 position;
} Item;

/* Takes the papers among @ids that are in the list out of its order and
 * puts them back, in the order of @ids, just before @before (0: at the
 * end); then numbers the whole list 0, 1, 2… and writes the positions
 * that changed.  Moving papers before one of themselves puts them before
 * the next paper that does not move: where they are, as a block. */
gboolean
_proc_store_write_move_in_reading_list (ProcStore     *self,
                                        gint64         reading_list_id,
                                        const gint64  *ids,
                                        guint          n_ids,
                                        gint64         before,
                                        GError       **error)
{
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (Item));
  g_autoptr(GHashTable) members = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) moving = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) block = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int rc;

  if (!check_reading_list (self, reading_list_id, error) ||
      !(stmt = _proc_store_prepare (self, "SELECT paper_id, position FROM reading_list_items"
                                          " WHERE reading_list_id = ? ORDER BY position, paper_id", error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, reading_list_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      Item item = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1) };
      g_array_append_val (items, item);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _proc_store_set_error (self, error, _("reorder the reading list"));

  /* The array is complete: pointers into it stay valid. */
  for (guint i = 0; i < items->len; i++)
    g_hash_table_insert (members, &g_array_index (items, Item, i).paper_id, &g_array_index (items, Item, i));

  for (guint i = 0; i < n_ids; i++)
    if (g_hash_table_contains (members, &ids[i]) && g_hash_table_add (moving, (gpointer) &ids[i]))
      g_array_append_val (block, ids[i]);

  if (before != 0 && !g_hash_table_contains (members, &before))
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                   _("The paper to move them before is no longer in the reading list"));
      return FALSE;
    }

  if (before != 0 && g_hash_table_contains (moving, &before))
    {
      guint i = (Item *) g_hash_table_lookup (members, &before) - (Item *) (gpointer) items->data;

      while (i < items->len && g_hash_table_contains (moving, &g_array_index (items, Item, i).paper_id))
        i++;
      before = i < items->len ? g_array_index (items, Item, i).paper_id : 0;
    }

  for (guint i = 0; i < items->len; i++)
    {
      gint64 id = g_array_index (items, Item, i).paper_id;

      if (id == before)
        g_array_append_vals (order, block->data, block->len);
      if (!g_hash_table_contains (moving, &id))
        g_array_append_val (order, id);
    }
  if (before == 0)
    g_array_append_vals (order, block->data, block->len);

  if (!(stmt = _proc_store_prepare (self, "UPDATE reading_list_items SET position = ?1"
                                          " WHERE reading_list_id = ?2 AND paper_id = ?3", error)))
    return FALSE;

  for (guint i = 0; i < order->len; i++)
    {
      gint64 id = g_array_index (order, gint64, i);
      const Item *item = g_hash_table_lookup (members, &id);

      if (item->position == (gint64) i)
        continue;

      sqlite3_bind_int64 (stmt, 1, i);
      sqlite3_bind_int64 (stmt, 2, reading_list_id);
      sqlite3_bind_int64 (stmt, 3, id);
      if (!_proc_store_step_done (self, stmt, error, _("reorder the reading list")))
        return FALSE;
    }

  return TRUE;
}

gboolean
_proc_store_write_rename_reading_list (ProcStore   *self,
                                       gint64       reading_list_id,
                                       const char  *name,
                                       GError     **error)
{
  g_autofree char *normalized = NULL;
  sqlite3_stmt *stmt;

  if (!check_reading_list (self, reading_list_id, error) ||
      !(normalized = check_reading_list_name (self, name, reading_list_id, error)) ||
      !(stmt = _proc_store_prepare (self, "UPDATE reading_lists SET name = ? WHERE id = ?", error)))
    return FALSE;

  sqlite3_bind_text (stmt, 1, normalized, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, reading_list_id);
  return _proc_store_step_done (self, stmt, error, _("rename the reading list"));
}

/* Its items go with it through ON DELETE CASCADE. */
gboolean
_proc_store_write_delete_reading_list (ProcStore  *self,
                                       gint64      reading_list_id,
                                       GError    **error)
{
  return check_reading_list (self, reading_list_id, error) &&
         _proc_store_run_for_ids (self, "DELETE FROM reading_lists WHERE id IN " PROC_STORE_IDS,
                                  &reading_list_id, 1, 0, _("delete the reading list"), error);
}

/* Ends the transaction of a reading-list edit and tells the views. */
static gboolean
end_reading_list_edit (ProcStore  *self,
                       gboolean    done,
                       GError    **error)
{
  if (!_proc_store_end_edit (self, done, error))
    return FALSE;

  proc_store_emit_changed (self, PROC_STORE_CHANGE_READING_LISTS);
  return TRUE;
}

/**
 * proc_store_create_reading_list:
 *
 * Returns: the new list's id, or 0 with @error set: the name is empty,
 *   or another list has it (case aside)
 */
gint64
proc_store_create_reading_list (ProcStore   *self,
                                const char  *name,
                                GError     **error)
{
  gint64 id;

  g_return_val_if_fail (PROC_IS_STORE (self), 0);

  if (!_proc_store_begin (self, error))
    return 0;

  id = _proc_store_write_create_reading_list (self, name, error);
  if (!end_reading_list_edit (self, id != 0, error))
    return 0;

  return id;
}

gboolean
proc_store_add_to_reading_list (ProcStore     *self,
                                gint64         reading_list_id,
                                const gint64  *ids,
                                guint          n_ids,
                                GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);

  return _proc_store_begin (self, error) &&
         end_reading_list_edit (self, _proc_store_write_add_to_reading_list (self, reading_list_id,
                                                                             ids, n_ids, error), error);
}

gboolean
proc_store_remove_from_reading_list (ProcStore     *self,
                                     gint64         reading_list_id,
                                     const gint64  *ids,
                                     guint          n_ids,
                                     GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);

  return _proc_store_begin (self, error) &&
         end_reading_list_edit (self, _proc_store_write_remove_from_reading_list (self, reading_list_id,
                                                                                  ids, n_ids, error), error);
}

/**
 * proc_store_move_in_reading_list:
 * @ids: the papers to move, in the order they are to have
 * @before_paper_id: the paper of the list to put them before, or 0 to put
 *   them at the end
 *
 * Reorders the list in one transaction, numbering its positions anew.
 * Papers of @ids that are not in the list are left out.
 */
gboolean
proc_store_move_in_reading_list (ProcStore     *self,
                                 gint64         reading_list_id,
                                 const gint64  *ids,
                                 guint          n_ids,
                                 gint64         before_paper_id,
                                 GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);

  return _proc_store_begin (self, error) &&
         end_reading_list_edit (self, _proc_store_write_move_in_reading_list (self, reading_list_id, ids, n_ids,
                                                                              before_paper_id, error), error);
}

gboolean
proc_store_rename_reading_list (ProcStore   *self,
                               gint64       reading_list_id,
                               const char  *name,
                               GError     **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  return _proc_store_begin (self, error) &&
         end_reading_list_edit (self, _proc_store_write_rename_reading_list (self, reading_list_id,
                                                                             name, error), error);
}

gboolean
proc_store_delete_reading_list (ProcStore  *self,
                                gint64      reading_list_id,
                                GError    **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  return _proc_store_begin (self, error) &&
         end_reading_list_edit (self, _proc_store_write_delete_reading_list (self, reading_list_id, error), error);
}
