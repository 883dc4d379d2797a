/* proc-store-watchlists.c: saved queries of the words a person watches for
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-query.h"
#include "proc-store-private.h"

/* A watchlist is a name and a query of the search language, such as
 * `"conformal prediction" OR calibration`.  Nothing else is stored: the
 * papers are whatever the query finds now, so a list imported next year
 * is sorted into the watchlists as it arrives. */

/* The watchlist named @name, case aside, and its name as stored. */
static gint64
lookup_watchlist (ProcStore   *self,
                  const char  *name,
                  char       **stored_name)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;

  if (!(stmt = _proc_store_prepare (self, "SELECT id, name FROM watchlists WHERE name = ? COLLATE NOCASE"
                                          " ORDER BY id LIMIT 1", NULL)))
    return 0;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      id = sqlite3_column_int64 (stmt, 0);
      *stored_name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
    }
  sqlite3_reset (stmt);

  return id;
}

/* The name and query as stored, or FALSE with @error set. */
static gboolean
check_watchlist (ProcStore   *self,
                 const char  *name,
                 const char  *query,
                 gint64       editing,
                 char       **name_out,
                 char       **query_out,
                 GError     **error)
{
  g_autofree char *normalized = NULL;
  g_autofree char *words = NULL;
  g_autoptr(ProcQuery) parsed = NULL;
  g_autofree char *taken = NULL;
  gint64 existing;

  if (!(normalized = _proc_store_normalize_name (name, _("A watchlist needs a name"), error)) ||
      !(words = _proc_store_normalize_name (query, _("A watchlist needs words to watch for"), error)))
    return FALSE;

  parsed = proc_query_parse (words);
  if (proc_query_is_empty (parsed))
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("“%s” has no words to watch for"), words);
      return FALSE;
    }

  existing = lookup_watchlist (self, normalized, &taken);
  if (existing != 0 && existing != editing)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("There is already a watchlist “%s”"), taken);
      return FALSE;
    }

  *name_out = g_steal_pointer (&normalized);
  *query_out = g_steal_pointer (&words);
  return TRUE;
}

static gboolean
end_edit (ProcStore  *self,
          gboolean    done,
          GError    **error)
{
  if (done && _proc_store_commit (self, error))
    {
      proc_store_emit_changed (self, PROC_STORE_CHANGE_WATCHLISTS);
      return TRUE;
    }

  _proc_store_rollback (self);
  return FALSE;
}

/**
 * proc_store_create_watchlist:
 * @name: what the sidebar calls it
 * @query: the words to watch for, in the search language
 *
 * Returns: the new watchlist's id, or 0 with @error set and nothing written
 */
gint64
proc_store_create_watchlist (ProcStore   *self,
                             const char  *name,
                             const char  *query,
                             GError     **error)
{
  g_autofree char *stored_name = NULL;
  g_autofree char *stored_query = NULL;
  sqlite3_stmt *stmt;
  gint64 id = 0;

  g_return_val_if_fail (PROC_IS_STORE (self), 0);

  if (!_proc_store_begin (self, error))
    return 0;

  if (check_watchlist (self, name, query, 0, &stored_name, &stored_query, error) &&
      (stmt = _proc_store_prepare (self, "INSERT INTO watchlists (name, query, created_at) VALUES (?, ?, ?)", error)))
    {
      sqlite3_bind_text (stmt, 1, stored_name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 2, stored_query, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 3, g_get_real_time () / G_USEC_PER_SEC);
      if (_proc_store_step_done (self, stmt, error, _("create the watchlist")))
        id = sqlite3_last_insert_rowid (_proc_store_get_db (self));
    }

  return end_edit (self, id != 0, error) ? id : 0;
}

/* Whether watchlist @id exists; else @error says it went. */
static gboolean
check_exists (ProcStore  *self,
              gint64      id,
              GError    **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self, "SELECT 1 FROM watchlists WHERE id = ?", error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);

  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc != SQLITE_DONE)
    return _proc_store_set_error (self, error, _("find the watchlist"));

  g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
               _("The watchlist is no longer in the library"));
  return FALSE;
}

/**
 * proc_store_update_watchlist:
 *
 * Renames watchlist @id and sets its words, in one transaction.
 */
gboolean
proc_store_update_watchlist (ProcStore   *self,
                             gint64       id,
                             const char  *name,
                             const char  *query,
                             GError     **error)
{
  g_autofree char *stored_name = NULL;
  g_autofree char *stored_query = NULL;
  sqlite3_stmt *stmt;
  gboolean done = FALSE;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error))
    return FALSE;

  if (check_exists (self, id, error) &&
      check_watchlist (self, name, query, id, &stored_name, &stored_query, error) &&
      (stmt = _proc_store_prepare (self, "UPDATE watchlists SET name = ?, query = ? WHERE id = ?", error)))
    {
      sqlite3_bind_text (stmt, 1, stored_name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 2, stored_query, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 3, id);
      done = _proc_store_step_done (self, stmt, error, _("change the watchlist"));
    }

  return end_edit (self, done, error);
}

/* Without its transaction, for ProcUndo. */
gboolean
_proc_store_write_delete_watchlist (ProcStore  *self,
                                    gint64      id,
                                    GError    **error)
{
  sqlite3_stmt *stmt;

  if (!check_exists (self, id, error) ||
      !(stmt = _proc_store_prepare (self, "DELETE FROM watchlists WHERE id = ?", error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, id);
  return _proc_store_step_done (self, stmt, error, _("delete the watchlist"));
}

gboolean
proc_store_delete_watchlist (ProcStore  *self,
                             gint64      id,
                             GError    **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error))
    return FALSE;

  return end_edit (self, _proc_store_write_delete_watchlist (self, id, error), error);
}

/**
 * proc_store_dup_watched_query:
 *
 * Returns: (nullable): one query for the papers of any watchlist, or
 *   %NULL when there is none.  OR binds loosest, so the watchlists'
 *   queries joined by it keep their own meaning.
 */
char *
proc_store_dup_watched_query (ProcStore *self)
{
  g_autoptr(GString) joined = g_string_new (NULL);
  sqlite3_stmt *stmt;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  if (!(stmt = _proc_store_prepare (self, "SELECT query FROM watchlists ORDER BY id", NULL)))
    return NULL;

  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (joined, "%s%s", joined->len ? " OR " : "",
                            (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);

  return joined->len ? g_string_free (g_steal_pointer (&joined), FALSE) : NULL;
}

/**
 * proc_store_dup_watched_words:
 *
 * Returns: (transfer full): the words of every watchlist, as the views
 *   mark them (an empty array when there are none)
 */
char **
proc_store_dup_watched_words (ProcStore *self)
{
  g_autofree char *watched = NULL;
  g_autoptr(ProcQuery) query = NULL;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  watched = proc_store_dup_watched_query (self);
  query = proc_query_parse (watched);
  return proc_query_dup_terms (query);
}
