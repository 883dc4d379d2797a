/* proc-store-search.c: which papers a query chooses, and in which order
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "proc-query.h"
#include "proc-store-private.h"

/* The statements that proc-query.c builds, run here: on the store's own
 * connection, with its cached statements, or on the reader of a thread
 * (see proc_store_query_ids_async()), prepared for the one run. */
typedef struct
{
  ProcStore *store;       /* its connection and cached statements, or NULL */
  sqlite3 *db;
} Connection;

static sqlite3_stmt *
prepare (Connection  *conn,
         const char  *sql,
         GError     **error)
{
  sqlite3_stmt *stmt = NULL;

  if (conn->store != NULL)
    return _proc_store_prepare (conn->store, sql, error);

  if (sqlite3_prepare_v2 (conn->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                   /* Translators: the first %s is an action, the second SQLite's explanation */
                   _("Could not %s: %s"), _("search the library"), sqlite3_errmsg (conn->db));
      sqlite3_finalize (stmt);
      return NULL;
    }

  return stmt;
}

static void
release (Connection   *conn,
         sqlite3_stmt *stmt)
{
  if (stmt == NULL)
    return;

  if (conn->store != NULL)
    sqlite3_reset (stmt);
  else
    sqlite3_finalize (stmt);
}

static gboolean
fail (Connection  *conn,
      int          rc,
      GError     **error)
{
  if (rc == SQLITE_INTERRUPT)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                         "The search was cancelled");
  else if (conn->store != NULL)
    _proc_store_set_error (conn->store, error, _("search the library"));
  else
    g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                 /* Translators: the first %s is an action, the second SQLite's explanation */
                 _("Could not %s: %s"), _("search the library"), sqlite3_errmsg (conn->db));

  return FALSE;
}

static gboolean
step_id (sqlite3_stmt *stmt,
         gint64       *id,
         int          *rc)
{
  *rc = sqlite3_step (stmt);
  if (*rc != SQLITE_ROW)
    return FALSE;

  *id = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Two lists of ids in the same order, merged (see
 * proc_query_statement_new_ids()); at most @limit of them, 0 for all. */
static GArray *
run_merged (Connection               *conn,
            const ProcQueryStatement *statement,
            guint                     limit,
            GError                  **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *text_stmt = NULL, *annotated_stmt = NULL;
  gboolean in_text, in_annotated, descending = statement->descending;
  gint64 text_id = 0, annotated_id = 0;
  int text_rc, annotated_rc;
  gboolean ok;

  if (!(text_stmt = prepare (conn, statement->sql, error)) ||
      !(annotated_stmt = prepare (conn, statement->merge_sql, error)))
    {
      release (conn, text_stmt);
      return NULL;
    }

  proc_query_bind_params (text_stmt, 1, statement->params);
  proc_query_bind_params (annotated_stmt, 1, statement->merge_params);

  in_text = step_id (text_stmt, &text_id, &text_rc);
  in_annotated = step_id (annotated_stmt, &annotated_id, &annotated_rc);
  while ((in_text || in_annotated) && (limit == 0 || ids->len < limit))
    {
      gint64 id;

      if (in_text && in_annotated && text_id == annotated_id)
        {
          id = text_id;
          in_text = step_id (text_stmt, &text_id, &text_rc);
          in_annotated = step_id (annotated_stmt, &annotated_id, &annotated_rc);
        }
      else if (in_text && (!in_annotated || (text_id < annotated_id) != descending))
        {
          id = text_id;
          in_text = step_id (text_stmt, &text_id, &text_rc);
        }
      else
        {
          id = annotated_id;
          in_annotated = step_id (annotated_stmt, &annotated_id, &annotated_rc);
        }
      g_array_append_val (ids, id);
    }

  /* Stopped at the limit, a statement may still have rows. */
  ok = (text_rc == SQLITE_DONE || text_rc == SQLITE_ROW) &&
       (annotated_rc == SQLITE_DONE || annotated_rc == SQLITE_ROW);
  if (!ok)
    fail (conn, text_rc != SQLITE_DONE && text_rc != SQLITE_ROW ? text_rc : annotated_rc, error);

  release (conn, text_stmt);
  release (conn, annotated_stmt);

  return ok ? g_steal_pointer (&ids) : NULL;
}

static GArray *
run_ids (Connection               *conn,
         const ProcQueryStatement *statement,
         guint                     limit,
         GError                  **error)
{
  g_autofree char *limited = NULL;
  GArray *ids;
  sqlite3_stmt *stmt;
  gint64 id;
  int rc;

  if (statement->merge_sql != NULL)
    return run_merged (conn, statement, limit, error);

  /* The first rows of the same order: ties are broken by id. */
  if (limit > 0)
    limited = g_strdup_printf ("%s LIMIT %u", statement->sql, limit);

  if (!(stmt = prepare (conn, limited ? limited : statement->sql, error)))
    return NULL;

  proc_query_bind_params (stmt, 1, statement->params);

  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  while (step_id (stmt, &id, &rc))
    g_array_append_val (ids, id);

  if (rc != SQLITE_DONE)
    {
      fail (conn, rc, error);
      g_clear_pointer (&ids, g_array_unref);
    }
  release (conn, stmt);

  return ids;
}

static ProcQuery *
parse_or_null (const char *text)
{
  return text != NULL && *text != '\0' ? proc_query_parse (text) : NULL;
}

/**
 * proc_store_dup_ordering_reading_list:
 * @filter: (nullable): the sidebar's query
 * @search: (nullable): the search entry's
 *
 * See proc_query_dup_ordering_reading_list().
 *
 * Returns: (nullable): the name of the reading list whose order
 *   proc_store_query_ids() gives, or %NULL when it sorts by @sort_key
 */
char *
proc_store_dup_ordering_reading_list (const char  *filter,
                                      const char  *search,
                                      ProcSortKey  sort_key)
{
  g_autoptr(ProcQuery) filter_query = parse_or_null (filter);
  g_autoptr(ProcQuery) search_query = parse_or_null (search);

  return proc_query_dup_ordering_reading_list (filter_query, search_query, sort_key);
}

/**
 * proc_store_query_ids_for:
 * @filter: (nullable): a query that chooses the set of papers (the sidebar)
 * @search: (nullable): a query typed in the search entry
 * @limit: at most this many ids, the first ones; 0 for all
 *
 * Runs the queries in SQL and returns only the ids, in order: papers are
 * loaded when a view asks for them.
 *
 * Returns: (transfer full) (element-type gint64): the ids
 */
GArray *
proc_store_query_ids_for (ProcStore        *self,
                          const ProcQuery  *filter,
                          const ProcQuery  *search,
                          ProcSortKey       sort_key,
                          gboolean          descending,
                          guint             limit,
                          GError          **error)
{
  g_autoptr(ProcQueryStatement) statement = NULL;
  Connection conn = { self, NULL };

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  conn.db = _proc_store_get_db (self);
  statement = proc_query_statement_new_ids (filter, search, sort_key, descending,
                                            _proc_store_trusts_search_index (self));
  return run_ids (&conn, statement, limit, error);
}

/**
 * proc_store_query_ids:
 * @filter: (nullable): a query that chooses the set of papers (the sidebar)
 * @search: (nullable): a query typed in the search entry
 *
 * Each may hold several queries, one a line, that must all match.
 * Parses both and runs proc_store_query_ids_for().
 *
 * Returns: (transfer full) (element-type gint64): the ids
 */
GArray *
proc_store_query_ids (ProcStore    *self,
                      const char   *filter,
                      const char   *search,
                      ProcSortKey   sort_key,
                      gboolean      descending,
                      GError      **error)
{
  g_autoptr(ProcQuery) filter_query = parse_or_null (filter);
  g_autoptr(ProcQuery) search_query = parse_or_null (search);

  return proc_store_query_ids_for (self, filter_query, search_query, sort_key, descending, 0, error);
}

/* A long query stops at the next check once cancelled: the next
 * keystroke's query is then not queued behind a stale one. */
static int
progress_cb (void *data)
{
  return g_cancellable_is_cancelled (data);
}

static void
query_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  ProcStore *self = source_object;
  ProcQueryStatement *statement = task_data;
  g_autoptr(GError) error = NULL;
  Connection conn = { NULL, NULL };
  GArray *ids = NULL;

  if (!(conn.db = _proc_store_lock_reader (self, &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (!g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      if (cancellable != NULL)
        sqlite3_progress_handler (conn.db, 1000, progress_cb, cancellable);
      ids = run_ids (&conn, statement, 0, &error);
      sqlite3_progress_handler (conn.db, 0, NULL, NULL);
    }
  _proc_store_unlock_reader (self);

  if (ids != NULL)
    g_task_return_pointer (task, ids, (GDestroyNotify) g_array_unref);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/**
 * proc_store_query_ids_async:
 * @filter: (nullable): a query that chooses the set of papers
 * @search: (nullable): a query typed in the search entry
 * @cancellable: (nullable): stops the query, even halfway
 *
 * proc_store_query_ids_for() on a thread, with a read-only connection of
 * its own (WAL lets it read beside the store's), so that the main thread
 * goes on drawing.  It sees the library as last committed.
 */
void
proc_store_query_ids_async (ProcStore           *self,
                            const ProcQuery     *filter,
                            const ProcQuery     *search,
                            ProcSortKey          sort_key,
                            gboolean             descending,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ProcQueryStatement *statement;

  g_return_if_fail (PROC_IS_STORE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, proc_store_query_ids_async);
  /* The query's own cancellation is checked as it runs. */
  g_task_set_return_on_cancel (task, FALSE);

  statement = proc_query_statement_new_ids (filter, search, sort_key, descending,
                                            _proc_store_trusts_search_index (self));
  g_task_set_task_data (task, statement, (GDestroyNotify) proc_query_statement_free);
  g_task_run_in_thread (task, query_thread);
}

/**
 * proc_store_query_ids_finish:
 *
 * Returns: (transfer full) (element-type gint64): the ids, or %NULL with
 *   @error set (%G_IO_ERROR_CANCELLED when cancelled)
 */
GArray *
proc_store_query_ids_finish (ProcStore     *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Counts in SQL the papers a query matches: the sidebar's numbers. */
guint
proc_store_count (ProcStore  *self,
                  const char *query)
{
  g_autoptr(ProcQuery) parsed = parse_or_null (query);
  g_autoptr(ProcQueryStatement) statement = NULL;
  sqlite3_stmt *stmt;
  guint count = 0;

  g_return_val_if_fail (PROC_IS_STORE (self), 0);

  statement = proc_query_statement_new_count (parsed);
  if (!(stmt = _proc_store_prepare (self, statement->sql, NULL)))
    return 0;

  proc_query_bind_params (stmt, 1, statement->params);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    count = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);

  return count;
}
