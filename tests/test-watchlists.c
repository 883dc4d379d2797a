/* test-watchlists.c: saved queries with live counts, on a real library file
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "proc-collection-list.h"
#include "proc-import-batch.h"
#include "proc-paper-record.h"
#include "proc-statistics.h"
#include "proc-store.h"
#include "proc-undo.h"

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  guint n_changed;
  guint last_change;
} Library;

static const char * const abstracts_2024[] = {
  "We study conformal prediction under distribution shift and give coverage guarantees.",
  "Calibration of deep networks is revisited with temperature scaling.",
  "Diffusion models generate images by denoising; we speed up sampling.",
  "A graph neural network for molecules, trained with reinforcement learning (RL).",
  "Stochastic block models and community detection with privacy.",
};

static const char * const abstracts_2025[] = {
  "Conformal prediction sets for large language models.",
  "Faster diffusion sampling with distillation.",
  "Urban planning with URL embeddings.",
};

static void
import (ProcStore          *store,
        const char         *list,
        const char * const *abstracts,
        guint               n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = proc_import_batch_begin (store, list, NULL, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();

      record->derived_title = g_strndup (abstracts[i], 40);
      record->abstract = g_strdup (abstracts[i]);
      g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);
}

static void
changed_cb (ProcStore *store,
            guint      change,
            Library   *lib)
{
  lib->n_changed++;
  lib->last_change = change;
}

static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  lib->dir = g_dir_make_tmp ("proceedings-watchlists-XXXXXX", NULL);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);
  import (lib->store, "ICML 2024", abstracts_2024, G_N_ELEMENTS (abstracts_2024));
  g_signal_connect (lib->store, "changed", G_CALLBACK (changed_cb), lib);
}

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_autofree char *wal = g_strconcat (lib->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (lib->path, "-shm", NULL);

  g_clear_object (&lib->store);
  g_remove (lib->path);
  g_remove (wal);
  g_remove (shm);
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

/* What the file says, through a connection of its own. */
static char *
raw_text (Library    *lib,
          const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  GString *out = g_string_new (NULL);

  g_assert_cmpint (sqlite3_open_v2 (lib->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%s%s", out->len ? "|" : "", (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return g_string_free (out, FALSE);
}

static ProcCollection *
find (ProcCollectionList *list,
      const char         *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(ProcCollection) item = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (g_strcmp0 (proc_collection_get_name (item), name) == 0)
        return item;
    }

  return NULL;
}

/* Saved, counted in the sidebar's model, found again after a restart. */
static void
test_create_and_count (Library       *lib,
                       gconstpointer  data)
{
  g_autoptr(ProcCollectionList) watchlists = proc_collection_list_new (lib->store, PROC_COLLECTION_KIND_WATCHLIST);
  g_autoptr(GError) error = NULL;
  g_autofree char *rows = NULL;
  g_auto(GStrv) words = NULL;
  ProcCollection *uq;
  gint64 id;

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (watchlists)), ==, 0);
  g_assert_null (proc_store_dup_watched_query (lib->store));

  id = proc_store_create_watchlist (lib->store, "  Uncertainty ", "\"conformal prediction\" OR calibration", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpuint (lib->last_change, ==, PROC_STORE_CHANGE_WATCHLISTS);
  g_assert_true (proc_store_create_watchlist (lib->store, "Diffusion", "diffusion", &error) > 0);
  g_assert_no_error (error);

  rows = raw_text (lib, "SELECT name || ':' || query FROM watchlists ORDER BY id");
  g_assert_cmpstr (rows, ==, "Uncertainty:\"conformal prediction\" OR calibration|Diffusion:diffusion");

  /* Sorted by name, each with its count and its query. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (watchlists)), ==, 2);
  uq = find (watchlists, "Uncertainty");
  g_assert_nonnull (uq);
  g_assert_cmpuint (proc_collection_get_count (uq), ==, 2);
  g_assert_cmpuint (proc_collection_get_count (find (watchlists, "Diffusion")), ==, 1);
  {
    g_autoptr(ProcCollection) first = g_list_model_get_item (G_LIST_MODEL (watchlists), 0);
    g_autofree char *query = proc_collection_dup_query (uq);

    g_assert_cmpstr (proc_collection_get_name (first), ==, "Diffusion");
    g_assert_cmpstr (query, ==, "\"conformal prediction\" OR calibration");
    g_assert_cmpuint (proc_store_count (lib->store, query), ==, 2);
  }

  words = proc_store_dup_watched_words (lib->store);
  g_assert_cmpstrv (words, ((const char * const[]) { "conformal prediction", "calibration", "diffusion", NULL }));

  /* The counts follow the papers: a tag, an import. */
  g_assert_true (proc_store_add_tag (lib->store, (gint64[]) { 5 }, 1, "calibration", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (proc_collection_get_count (uq), ==, 3);
  import (lib->store, "ICML 2025", abstracts_2025, G_N_ELEMENTS (abstracts_2025));
  g_assert_cmpuint (proc_collection_get_count (uq), ==, 4);
  g_assert_cmpuint (proc_collection_get_count (find (watchlists, "Diffusion")), ==, 2);

  /* Next year's conference, sorted by the watchlists as it came in. */
  {
    g_autofree char *watched = proc_store_dup_watched_query (lib->store);
    g_autofree char *in_2025 = g_strconcat (watched, "\nlist:\"ICML 2025\"", NULL);

    g_assert_cmpuint (proc_store_count (lib->store, in_2025), ==, 2);
  }

  /* Another connection: the same watchlists. */
  g_clear_object (&lib->store);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);
  {
    g_autoptr(ProcCollectionList) again = proc_collection_list_new (lib->store, PROC_COLLECTION_KIND_WATCHLIST);
    g_autofree char *query = proc_collection_dup_query (find (again, "Uncertainty"));

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (again)), ==, 2);
    g_assert_cmpuint (proc_collection_get_count (find (again, "Uncertainty")), ==, 4);
    g_assert_cmpstr (query, ==, "\"conformal prediction\" OR calibration");
  }
}

/* A bad name or query is refused with a reason, and nothing is written. */
static void
test_refused (Library       *lib,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *rows = NULL;
  gint64 id = proc_store_create_watchlist (lib->store, "RL", "RL", &error);

  g_assert_no_error (error);
  lib->n_changed = 0;

  g_assert_cmpint (proc_store_create_watchlist (lib->store, "  ", "diffusion", &error), ==, 0);
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "A watchlist needs a name");
  g_clear_error (&error);
  g_assert_cmpint (proc_store_create_watchlist (lib->store, "Empty", " ", &error), ==, 0);
  g_assert_cmpstr (error->message, ==, "A watchlist needs words to watch for");
  g_clear_error (&error);
  g_assert_cmpint (proc_store_create_watchlist (lib->store, "Dashes", "- \"", &error), ==, 0);
  g_assert_cmpstr (error->message, ==, "“- \"” has no words to watch for");
  g_clear_error (&error);
  g_assert_cmpint (proc_store_create_watchlist (lib->store, "rl", "reinforcement", &error), ==, 0);
  g_assert_cmpstr (error->message, ==, "There is already a watchlist “RL”");
  g_clear_error (&error);
  g_assert_false (proc_store_update_watchlist (lib->store, id + 100, "X", "x", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (proc_store_create_watchlist (lib->store, "Bad", "\xff\xfe", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_cmpuint (lib->n_changed, ==, 0);
  rows = raw_text (lib, "SELECT name || ':' || query FROM watchlists");
  g_assert_cmpstr (rows, ==, "RL:RL");

  /* Its own name, in another case, is no conflict. */
  g_assert_true (proc_store_update_watchlist (lib->store, id, "rl", "RL OR \"reinforcement learning\"", &error));
  g_assert_no_error (error);
  g_free (rows);
  rows = raw_text (lib, "SELECT name || ':' || query FROM watchlists");
  g_assert_cmpstr (rows, ==, "rl:RL OR \"reinforcement learning\"");
}

/* Deleting is undone with the same id, name, words and date. */
static void
test_delete_undo (Library       *lib,
                  gconstpointer  data)
{
  g_autoptr(ProcCollectionList) watchlists = proc_collection_list_new (lib->store, PROC_COLLECTION_KIND_WATCHLIST);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 id = proc_store_create_watchlist (lib->store, "Diffusion", "diffusion OR denoising", &error);

  g_assert_no_error (error);
  before = raw_text (lib, "SELECT id || ':' || name || ':' || query || ':' || created_at FROM watchlists");

  undo = proc_store_delete_watchlist_undoable (lib->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Deleted watchlist “Diffusion”");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (watchlists)), ==, 0);
  after = raw_text (lib, "SELECT count(*) FROM watchlists");
  g_assert_cmpstr (after, ==, "0");

  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_free (after);
  after = raw_text (lib, "SELECT id || ':' || name || ':' || query || ':' || created_at FROM watchlists");
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (watchlists)), ==, 1);
  g_assert_cmpuint (lib->last_change, ==, PROC_STORE_CHANGE_WATCHLISTS);

  /* Gone twice: the second delete says so. */
  g_assert_true (proc_store_delete_watchlist (lib->store, id, &error));
  g_assert_false (proc_store_delete_watchlist (lib->store, id, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
}

/* Queries on lines of their own each narrow: OR stays inside its line. */
static void
test_query_lines (Library       *lib,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  ProcLibraryCounts counts;

  g_assert_true (proc_store_set_triage (lib->store, (gint64[]) { 1, 3 }, 2, PROC_TRIAGE_KEEP, &error));
  g_assert_true (proc_store_set_triage (lib->store, (gint64[]) { 2 }, 1, PROC_TRIAGE_SKIP, &error));
  g_assert_no_error (error);

  /* On one line, OR binds loosest: 1, 2, or a kept 3. */
  g_assert_cmpuint (proc_store_count (lib->store, "conformal OR calibration OR diffusion is:kept"), ==, 3);
  g_assert_cmpuint (proc_store_count (lib->store, "conformal OR calibration\nis:kept"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib->store, "conformal OR calibration\nis:untriaged"), ==, 0);
  g_assert_cmpuint (proc_store_count (lib->store, "\n\nconformal OR calibration OR diffusion\n-is:skipped\n"), ==, 2);

  ids = proc_store_query_ids (lib->store, "conformal OR diffusion OR graph\nis:kept", "prediction OR sampling",
                              PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 1), ==, 3);

  g_assert_true (proc_store_count_library (lib->store, &counts, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_UNTRIAGED], ==, 2);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_KEEP], ==, 2);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_MAYBE], ==, 0);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_SKIP], ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Library, NULL, library_set_up, func, library_tear_down)
  ADD ("/watchlists/create-and-count", test_create_and_count);
  ADD ("/watchlists/refused", test_refused);
  ADD ("/watchlists/delete-undo", test_delete_undo);
  ADD ("/watchlists/query-lines", test_query_lines);
#undef ADD

  return g_test_run ();
}
