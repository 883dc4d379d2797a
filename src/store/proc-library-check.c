/* proc-library-check.c: Check Library, the full check Preferences runs on demand, and its repair
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-library-check"

#include "config.h"

#include <sqlite3.h>
#include <glib/gi18n.h>

#include "proc-backup.h"
#include "proc-library-check.h"

#define MAX_PROBLEMS 5
#define FULL_FTS_CHECK_MAX 20000

void
proc_library_check_free (ProcLibraryCheck *check)
{
  if (check == NULL)
    return;

  g_clear_pointer (&check->problems, g_ptr_array_unref);
  g_free (check);
}

static int
check_progress_cb (void *data)
{
  return g_cancellable_is_cancelled (data);
}

/* Adds each row of @sql, its columns joined, as a problem: "ok" is none. */
static gboolean
collect_problems (sqlite3           *db,
                  const char        *sql,
                  ProcLibraryCheck  *check)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return FALSE;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      GString *row = g_string_new (NULL);

      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        {
          const char *text = (const char *) sqlite3_column_text (stmt, i);

          if (i > 0)
            g_string_append_c (row, ' ');
          g_string_append (row, text ? text : "NULL");
        }

      if (g_str_equal (row->str, "ok") || check->problems->len >= MAX_PROBLEMS)
        g_string_free (row, TRUE);
      else if (sqlite3_column_count (stmt) == 4)
        {
          /* foreign_key_check: table, rowid (NULL WITHOUT ROWID), parent, constraint */
          const char *table = (const char *) sqlite3_column_text (stmt, 0);
          const char *parent = (const char *) sqlite3_column_text (stmt, 2);

          if (sqlite3_column_type (stmt, 1) == SQLITE_NULL)
            g_ptr_array_add (check->problems,
                             g_strdup_printf (_("a row of %s refers to a missing row of %s"), table, parent));
          else
            g_ptr_array_add (check->problems,
                             g_strdup_printf (_("row %s of %s refers to a missing row of %s"),
                                              (const char *) sqlite3_column_text (stmt, 1), table, parent));
          g_string_free (row, TRUE);
        }
      else
        g_ptr_array_add (check->problems, g_string_free (row, FALSE));
    }
  sqlite3_finalize (stmt);

  return rc == SQLITE_DONE;
}

/**
 * proc_library_check:
 *
 * What Preferences' Check Library runs, through a connection of its own:
 * PRAGMA integrity_check, PRAGMA foreign_key_check and FTS5's
 * integrity-check of each search index (which compares the index with
 * its table; it writes nothing but takes the write lock for its length).
 *
 * Returns: (transfer full) (nullable): the papers counted and the first
 *   problems found; %NULL when the library could not be read at all
 */
ProcLibraryCheck *
proc_library_check (const char    *library_path,
                    GCancellable  *cancellable,
                    GError       **error)
{
  /* Comparing an index with its table (rank 1) takes 17 s for papers_fts
   * at 87,000 papers, all of it holding the write lock the window's edits
   * wait 5 s for; the index's own consistency takes a quarter of that. */
  static const char * const fts_checks[][2] = {
    { "INSERT INTO papers_fts(papers_fts) VALUES ('integrity-check')",
      "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)" },
    { "INSERT INTO notes_fts(notes_fts) VALUES ('integrity-check')",
      "INSERT INTO notes_fts(notes_fts) VALUES ('integrity-check')" },
    { "INSERT INTO tags_fts(tags_fts, rank) VALUES ('integrity-check', 1)",
      "INSERT INTO tags_fts(tags_fts, rank) VALUES ('integrity-check', 1)" },
    { "INSERT INTO cjk_fts(cjk_fts) VALUES ('integrity-check')",
      "INSERT INTO cjk_fts(cjk_fts, rank) VALUES ('integrity-check', 1)" },
  };
  g_autoptr(ProcLibraryCheck) check = g_new0 (ProcLibraryCheck, 1);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc;

  check->problems = g_ptr_array_new_with_free_func (g_free);

  if ((rc = sqlite3_open_v2 (library_path, &db, SQLITE_OPEN_READWRITE, NULL)) != SQLITE_OK)
    {
      g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_FAILED,
                   _("Could not open the library “%s”: %s"), library_path,
                   db ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_busy_timeout (db, 5000);
  if (cancellable != NULL)
    sqlite3_progress_handler (db, 1000, check_progress_cb, cancellable);

  if (!collect_problems (db, "PRAGMA integrity_check", check) && check->problems->len == 0)
    g_ptr_array_add (check->problems, g_strdup (sqlite3_errmsg (db)));

  /* The rest reads through the tables: only worth it on a sound file. */
  if (check->problems->len == 0)
    {
      if (!collect_problems (db, "PRAGMA foreign_key_check", check))
        g_ptr_array_add (check->problems, g_strdup (sqlite3_errmsg (db)));

      if (sqlite3_prepare_v2 (db, "SELECT count(*) FROM papers", -1, &stmt, NULL) == SQLITE_OK &&
          sqlite3_step (stmt) == SQLITE_ROW)
        check->n_papers = sqlite3_column_int (stmt, 0);
      sqlite3_finalize (stmt);

      for (guint i = 0; i < G_N_ELEMENTS (fts_checks) && check->problems->len == 0; i++)
        if (sqlite3_exec (db, fts_checks[i][check->n_papers <= FULL_FTS_CHECK_MAX], NULL, NULL, NULL) != SQLITE_OK)
          {
            /* Translators: %s is SQLite's description of what is wrong */
            g_ptr_array_add (check->problems, g_strdup_printf (_("the search index: %s"), sqlite3_errmsg (db)));
            /* Everything else passed: the index can be built anew. */
            check->index_damaged = sqlite3_errcode (db) == SQLITE_CORRUPT_VTAB ||
                                   (sqlite3_errcode (db) & 0xff) == SQLITE_CORRUPT;
          }
    }

  sqlite3_close (db);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  return g_steal_pointer (&check);
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  ProcLibraryCheck *check = proc_library_check (task_data, cancellable, &error);

  if (check != NULL)
    g_task_return_pointer (task, check, (GDestroyNotify) proc_library_check_free);
  else
    g_task_return_error (task, error);
}

void
proc_library_check_async (const char          *library_path,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, proc_library_check_async);
  g_task_set_task_data (task, g_strdup (library_path), g_free);
  g_task_run_in_thread (task, check_thread);
}

ProcLibraryCheck *
proc_library_check_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * proc_library_rebuild_search_index:
 *
 * Builds the four search indexes anew from what they index, in one
 * transaction, through a connection of its own: FTS5's rebuild reads
 * papers (papers_fts), tags (tags_fts), cjk_text (cjk_fts) and
 * notes_fts's own rows,
 * which triggers keep whole even when the index beside them is not.
 * Nothing but the indexes changes.  What Check Library offers when the
 * only problem it found is in an index.
 *
 * Returns: whether the indexes were rebuilt
 */
gboolean
proc_library_rebuild_search_index (const char  *library_path,
                                   GError     **error)
{
  sqlite3 *db = NULL;
  int rc;

  if ((rc = sqlite3_open_v2 (library_path, &db, SQLITE_OPEN_READWRITE, NULL)) == SQLITE_OK)
    {
      sqlite3_busy_timeout (db, 5000);
      rc = sqlite3_exec (db,
                         "BEGIN IMMEDIATE;"
                         "INSERT INTO papers_fts(papers_fts) VALUES ('rebuild');"
                         "INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');"
                         "INSERT INTO tags_fts(tags_fts) VALUES ('rebuild');"
                         "INSERT INTO cjk_fts(cjk_fts) VALUES ('rebuild');"
                         "COMMIT;",
                         NULL, NULL, NULL);
    }

  if (rc != SQLITE_OK)
    {
      /* Translators: %s is SQLite's explanation */
      g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_FAILED,
                   _("Could not rebuild the search index: %s"),
                   db ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
      if (db != NULL)
        sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
    }

  sqlite3_close (db);
  return rc == SQLITE_OK;
}

static void
rebuild_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;

  if (proc_library_rebuild_search_index (task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
proc_library_rebuild_search_index_async (const char          *library_path,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, proc_library_rebuild_search_index_async);
  g_task_set_task_data (task, g_strdup (library_path), g_free);
  g_task_run_in_thread (task, rebuild_thread);
}

gboolean
proc_library_rebuild_search_index_finish (GAsyncResult  *result,
                                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
