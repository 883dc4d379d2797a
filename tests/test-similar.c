/* test-similar.c: the papers closest to a paper, on a real library file
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sqlite3.h>
#include <glib/gstdio.h>

#include "proc-import-batch.h"
#include "proc-importer.h"
#include "proc-similar.h"
#include "proc-store.h"
#include "proc-undo.h"

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
} Library;

/* The 38 ICML 2024 abstracts the app ships. */
static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autofree char *list = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "resources", "lists",
                                            "icml-2024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (list);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  lib->dir = g_dir_make_tmp ("proceedings-similar-XXXXXX", NULL);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);

  report = proc_importer_import_file (lib->store, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 38);
}

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_autofree char *wal = g_strconcat (lib->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (lib->path, "-shm", NULL);

  g_clear_object (&lib->store);
  g_unlink (lib->path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

/* The papers a search finds: the pairs are found by their text, so the
 * test holds whatever ids the import gives them. */
static GArray *
search (Library    *lib,
        const char *query)
{
  g_autoptr(GError) error = NULL;
  GArray *ids = proc_store_query_ids (lib->store, NULL, query, PROC_SORT_ADDED, FALSE, &error);

  g_assert_no_error (error);
  return ids;
}

static GArray *
similar (Library *lib,
         gint64   id,
         guint    limit)
{
  g_autoptr(GError) error = NULL;
  GArray *found = proc_store_find_similar (lib->store, id, limit, &error);

  g_assert_no_error (error);
  g_assert_nonnull (found);
  return found;
}

/* The position of @id among @found, or -1. */
static int
rank_of (GArray *found,
         gint64  id)
{
  for (guint i = 0; i < found->len; i++)
    if (g_array_index (found, ProcSimilarPaper, i).id == id)
      return i;

  return -1;
}

/* Each paper of the pair that @query finds has the other among its
 * first three. */
static void
assert_pair_finds_each_other (Library    *lib,
                              const char *query)
{
  g_autoptr(GArray) pair = search (lib, query);

  g_assert_cmpuint (pair->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      gint64 id = g_array_index (pair, gint64, i);
      gint64 other = g_array_index (pair, gint64, 1 - i);
      g_autoptr(GArray) found = similar (lib, id, PROC_SIMILAR_DEFAULT_LIMIT);
      int rank = rank_of (found, other);

      g_test_message ("%s: paper %" G_GINT64_FORMAT " has paper %" G_GINT64_FORMAT " at rank %d",
                      query, id, other, rank + 1);
      g_assert_cmpint (rank, >=, 0);
      g_assert_cmpint (rank, <, 3);
    }
}

static void
test_conformal_prediction (Library       *lib,
                           gconstpointer  data)
{
  assert_pair_finds_each_other (lib, "\"conformal prediction\"");
}

static void
test_stochastic_block_models (Library       *lib,
                              gconstpointer  data)
{
  assert_pair_finds_each_other (lib, "\"stochastic block model\"");
}

/* For every paper: five others, never itself, none twice, the closest
 * first, a smaller limit the head of a larger one. */
static void
test_every_paper (Library       *lib,
                  gconstpointer  data)
{
  g_autoptr(GArray) all = search (lib, NULL);

  g_assert_cmpuint (all->len, ==, 38);
  for (guint i = 0; i < all->len; i++)
    {
      gint64 id = g_array_index (all, gint64, i);
      g_autoptr(GArray) five = similar (lib, id, 5);
      g_autoptr(GArray) two = similar (lib, id, 2);
      g_autoptr(GArray) none = similar (lib, id, 0);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

      g_assert_cmpuint (five->len, ==, 5);
      g_assert_cmpuint (two->len, ==, 2);
      g_assert_cmpuint (none->len, ==, 0);
      g_assert_cmpint (rank_of (five, id), ==, -1);

      for (guint j = 0; j < five->len; j++)
        {
          ProcSimilarPaper *paper = &g_array_index (five, ProcSimilarPaper, j);

          g_assert_true (g_hash_table_add (seen, &paper->id));
          g_assert_cmpfloat (paper->score, >, 0.0);
          g_assert_cmpfloat (paper->score, <=, 1.0);
          if (j > 0)
            g_assert_cmpfloat (paper->score, <=, g_array_index (five, ProcSimilarPaper, j - 1).score);
          if (j < two->len)
            g_assert_cmpint (paper->id, ==, g_array_index (two, ProcSimilarPaper, j).id);
        }
    }
}

static gint64
add_paper (Library    *lib,
           const char *title,
           const char *abstract)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = proc_import_batch_begin (lib->store, "Added by hand", NULL, &error);
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
  g_autoptr(GArray) ids = NULL;
  ProcImportOutcome outcome;

  g_assert_no_error (error);
  record->derived_title = g_strdup (title);
  record->abstract = g_strdup (abstract);
  g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
  g_assert_no_error (error);
  g_assert_cmpint (outcome, ==, PROC_IMPORT_ADDED);
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  /* The newest paper has the largest id. */
  ids = search (lib, NULL);
  return g_array_index (ids, gint64, ids->len - 1);
}

/* A paper without an abstract is known by its title; a paper whose words
 * no other paper has has no similar papers, which is not an error. */
static void
test_empty_abstract (Library       *lib,
                     gconstpointer  data)
{
  g_autoptr(GArray) conformal = search (lib, "\"conformal prediction\"");
  gint64 titled = add_paper (lib, "Conformal prediction for uncertainty quantification", "");
  gint64 alone = add_paper (lib, "Zyzzyva quokka", "");
  g_autoptr(GArray) found = similar (lib, titled, 5);
  g_autoptr(GArray) nothing = similar (lib, alone, 5);

  g_assert_cmpuint (found->len, ==, 5);
  g_assert_cmpint (rank_of (found, g_array_index (conformal, gint64, 0)), <, 2);
  g_assert_cmpint (rank_of (found, g_array_index (conformal, gint64, 1)), <, 2);
  g_assert_cmpint (rank_of (found, g_array_index (conformal, gint64, 0)), >=, 0);
  g_assert_cmpint (rank_of (found, g_array_index (conformal, gint64, 1)), >=, 0);
  g_assert_cmpuint (nothing->len, ==, 0);
}

/* TeX markup and words every abstract has make no paper similar. */
static void
test_markup_and_stopwords (Library       *lib,
                           gconstpointer  data)
{
  gint64 noise = add_paper (lib, "In this paper",
                            "In this paper we propose a novel method and show that the results "
                            "of our approach are $\\mathbb{R}^{n}$ \\textit{the} \\emph{best}, "
                            "see https://github.com/io.");
  gint64 more_noise = add_paper (lib, "We show",
                                 "We show the method with \\textit{our} $\\mathbb{R}$ results "
                                 "and propose that it is novel: https://www.github.com/io.");
  g_autoptr(GArray) found = similar (lib, noise, 5);

  g_assert_cmpuint (found->len, ==, 0);
  g_clear_pointer (&found, g_array_unref);
  found = similar (lib, more_noise, 5);
  g_assert_cmpuint (found->len, ==, 0);
}

static void
test_unknown_paper (Library       *lib,
                    gconstpointer  data)
{
  g_autoptr(GArray) all = search (lib, NULL);
  const gint64 unknown[] = { 0, -1, g_array_index (all, gint64, all->len - 1) + 1, G_MAXINT64 };

  for (guint i = 0; i < G_N_ELEMENTS (unknown); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) found = proc_store_find_similar (lib->store, unknown[i], 5, &error);

      g_assert_null (found);
      g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
    }
}

/* A deleted paper is no one's similar paper, and has none; undoing the
 * deletion brings it back among them. */
static void
test_deleted (Library       *lib,
              gconstpointer  data)
{
  g_autoptr(GArray) pair = search (lib, "\"conformal prediction\"");
  gint64 kept = g_array_index (pair, gint64, 0);
  gint64 deleted = g_array_index (pair, gint64, 1);
  g_autoptr(GArray) before = similar (lib, kept, 5);
  g_autoptr(GArray) after = NULL;
  g_autoptr(GArray) restored = NULL;
  g_autoptr(GArray) gone = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (rank_of (before, deleted), >=, 0);

  undo = proc_store_delete_papers_undoable (lib->store, &deleted, 1, &error);
  g_assert_no_error (error);
  after = similar (lib, kept, 5);
  g_assert_cmpuint (after->len, ==, 5);
  g_assert_cmpint (rank_of (after, deleted), ==, -1);

  gone = proc_store_find_similar (lib->store, deleted, 5, &error);
  g_assert_null (gone);
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  restored = similar (lib, kept, 5);
  g_assert_cmpint (rank_of (restored, deleted), ==, rank_of (before, deleted));
}

/* A search index that still names a deleted paper (see
 * test-paper-list.c) does not bring it back as a similar paper. */
static void
test_stale_index (Library       *lib,
                  gconstpointer  data)
{
  g_autoptr(GArray) pair = search (lib, "\"stochastic block model\"");
  gint64 kept = g_array_index (pair, gint64, 0);
  gint64 deleted = g_array_index (pair, gint64, 1);
  g_autofree char *sql = g_strdup_printf ("DROP TRIGGER papers_fts_delete;"
                                          " DELETE FROM papers WHERE id = %" G_GINT64_FORMAT, deleted);
  g_autoptr(GArray) found = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  g_clear_object (&lib->store);
  g_assert_cmpint (sqlite3_open (lib->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);

  found = similar (lib, kept, 5);
  g_assert_cmpuint (found->len, ==, 5);
  g_assert_cmpint (rank_of (found, deleted), ==, -1);
}

/* Papers imported later are found too: what the store keeps between two
 * papers follows the library. */
static void
test_follows_library (Library       *lib,
                      gconstpointer  data)
{
  g_autoptr(GArray) private = search (lib, "\"stochastic block\" private");
  gint64 id = g_array_index (private, gint64, 0);
  g_autoptr(GArray) before = similar (lib, id, 5);
  g_autoptr(GArray) after = NULL;
  gint64 added;

  g_assert_cmpuint (private->len, ==, 1);
  added = add_paper (lib, "Community recovery in stochastic block models",
                     "We study exact community recovery in stochastic block models (SBMs) under "
                     "edge differential privacy, and give private algorithms that match the recovery "
                     "thresholds of the non-private setting for asymmetric and censored SBMs.");
  after = similar (lib, id, 5);

  g_assert_cmpint (rank_of (before, added), ==, -1);
  g_assert_cmpint (rank_of (after, added), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, func) \
  g_test_add ("/similar/" path, Library, NULL, library_set_up, func, library_tear_down)

  ADD ("conformal-prediction", test_conformal_prediction);
  ADD ("stochastic-block-models", test_stochastic_block_models);
  ADD ("every-paper", test_every_paper);
  ADD ("empty-abstract", test_empty_abstract);
  ADD ("markup-and-stopwords", test_markup_and_stopwords);
  ADD ("unknown-paper", test_unknown_paper);
  ADD ("deleted", test_deleted);
  ADD ("stale-index", test_stale_index);
  ADD ("follows-library", test_follows_library);

#undef ADD

  return g_test_run ();
}
