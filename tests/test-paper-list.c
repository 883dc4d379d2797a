/* test-paper-list.c: the lazy list model and what it tells views
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sqlite3.h>

#include "proc-collection-list.h"
#include "proc-paper-list.h"
#include "proc-query.h"
#include "proc-store.h"
#include "synthetic-library.h"

typedef struct
{
  guint calls;
  guint position;
  guint removed;
  guint added;
} ItemsChanged;

static void
items_changed_cb (GListModel   *model,
                  guint         position,
                  guint         removed,
                  guint         added,
                  ItemsChanged *record)
{
  record->calls++;
  record->position = position;
  record->removed = removed;
  record->added = added;
}

static void
test_lazy (void)
{
  g_autoptr(ProcStore) store = synthetic_library_new (10000, NULL);
  g_autoptr(ProcPaperList) list = NULL;
  g_autoptr(ProcPaper) first = NULL;
  g_autoptr(ProcPaper) last = NULL;
  guint before, after_open, after_reads;
  gint64 start;

  before = proc_paper_get_instances_created ();
  start = g_get_monotonic_time ();
  list = proc_paper_list_new (store);
  g_test_message ("opening a list of 10,000 papers took %.1f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  after_open = proc_paper_get_instances_created ();

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 10000);
  g_assert_cmpuint (after_open - before, ==, 0);

  /* Asking for two rows loads their two pages, nothing else. */
  first = g_list_model_get_item (G_LIST_MODEL (list), 0);
  last = g_list_model_get_item (G_LIST_MODEL (list), 9999);
  after_reads = proc_paper_get_instances_created ();
  g_assert_cmpstr (proc_paper_get_title (first), ==, "Paper 00000");
  g_assert_cmpstr (proc_paper_get_title (last), ==, "Paper 09999");
  g_assert_cmpuint (after_reads - after_open, <=, 2 * 64);
  g_test_message ("objects created: %u on open, %u after reading two rows",
                  after_open - before, after_reads - before);

  /* Every row can be read, through the page cache. */
  for (guint i = 0; i < 10000; i++)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (G_LIST_MODEL (list), i);
      g_assert_nonnull (paper);
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (list), 10000));

  /* The sort is SQL's. */
  proc_paper_list_set_sort_key (list, PROC_SORT_TITLE);
  proc_paper_list_set_descending (list, TRUE);
  g_clear_object (&first);
  first = g_list_model_get_item (G_LIST_MODEL (list), 0);
  g_assert_cmpstr (proc_paper_get_title (first), ==, "Paper 09999");

  proc_paper_list_set_search (list, "transformers");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 5000);
}

static void
test_items_changed_under_filter (void)
{
  g_autoptr(ProcStore) store = synthetic_library_new (20, NULL);
  g_autoptr(ProcPaperList) all = proc_paper_list_new (store);
  g_autoptr(ProcPaperList) starred = proc_paper_list_new (store);
  g_autoptr(ProcPaperList) tagged = proc_paper_list_new (store);
  g_autoptr(GError) error = NULL;
  ItemsChanged s = { 0 }, t = { 0 }, a = { 0 };
  gint64 ids[20];

  for (guint i = 0; i < 20; i++)
    ids[i] = proc_paper_list_get_id (all, i);

  proc_paper_list_set_filter (starred, "is:starred");
  proc_paper_list_set_filter (tagged, "tag:later");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (starred)), ==, 0);

  g_signal_connect (starred, "items-changed", G_CALLBACK (items_changed_cb), &s);
  g_signal_connect (tagged, "items-changed", G_CALLBACK (items_changed_cb), &t);
  g_signal_connect (all, "items-changed", G_CALLBACK (items_changed_cb), &a);

  /* Starring papers 3 and 7 inserts them, in order, into is:starred. */
  g_assert_true (proc_store_set_starred (store, &ids[7], 1, TRUE, &error));
  g_assert_cmpuint (s.calls, ==, 1);
  g_assert_cmpuint (s.position, ==, 0);
  g_assert_cmpuint (s.removed, ==, 0);
  g_assert_cmpuint (s.added, ==, 1);
  g_assert_true (proc_store_set_starred (store, &ids[3], 1, TRUE, &error));
  g_assert_cmpuint (s.calls, ==, 2);
  g_assert_cmpuint (s.position, ==, 0);
  g_assert_cmpuint (s.added, ==, 1);
  g_assert_cmpint (proc_paper_list_get_id (starred, 0), ==, ids[3]);
  g_assert_cmpint (proc_paper_list_get_id (starred, 1), ==, ids[7]);

  /* Neither the unfiltered list nor the tag view changed membership. */
  g_assert_cmpuint (a.calls, ==, 0);
  g_assert_cmpuint (t.calls, ==, 0);

  /* Unstarring 3 removes exactly position 0. */
  g_assert_true (proc_store_set_starred (store, &ids[3], 1, FALSE, &error));
  g_assert_cmpuint (s.calls, ==, 3);
  g_assert_cmpuint (s.position, ==, 0);
  g_assert_cmpuint (s.removed, ==, 1);
  g_assert_cmpuint (s.added, ==, 0);

  /* Tagging three papers adds them to tag:later. */
  g_assert_true (proc_store_add_tag (store, (gint64[]) { ids[2], ids[7], ids[9] }, 3, "later", &error));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (tagged)), ==, 3);
  g_assert_cmpuint (t.calls, ==, 1);
  g_assert_cmpuint (t.added, ==, 3);
  g_assert_cmpuint (s.calls, ==, 3);

  /* Deleting paper 7 removes it from every view that showed it. */
  g_assert_true (proc_store_delete_papers (store, &ids[7], 1, &error));
  g_assert_cmpuint (s.calls, ==, 4);
  g_assert_cmpuint (s.position, ==, 0);
  g_assert_cmpuint (s.removed, ==, 1);
  g_assert_cmpuint (t.calls, ==, 2);
  g_assert_cmpuint (t.position, ==, 1);
  g_assert_cmpuint (t.removed, ==, 1);
  g_assert_cmpuint (t.added, ==, 0);
  g_assert_cmpuint (a.calls, ==, 1);
  g_assert_cmpuint (a.position, ==, 7);
  g_assert_cmpuint (a.removed, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (all)), ==, 19);

  /* A rating changes nobody's membership or order: no signal. */
  g_assert_true (proc_store_set_rating (store, &ids[2], 1, 5, &error));
  g_assert_cmpuint (a.calls, ==, 1);
  g_assert_cmpuint (t.calls, ==, 2);
}

static void
test_collections (void)
{
  g_autoptr(ProcStore) store = synthetic_library_new (10, NULL);
  g_autoptr(ProcCollectionList) tags = proc_collection_list_new (store, PROC_COLLECTION_KIND_TAG);
  g_autoptr(ProcCollectionList) lists = proc_collection_list_new (store, PROC_COLLECTION_KIND_LIST);
  g_autoptr(ProcPaperList) all = proc_paper_list_new (store);
  g_autoptr(ProcCollection) synthetic = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *query = NULL;
  ProcCollection *later;
  gint64 ids[3];

  for (guint i = 0; i < 3; i++)
    ids[i] = proc_paper_list_get_id (all, i);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (tags)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (lists)), ==, 1);
  synthetic = g_list_model_get_item (G_LIST_MODEL (lists), 0);
  g_assert_cmpstr (proc_collection_get_name (synthetic), ==, "Synthetic");
  g_assert_cmpuint (proc_collection_get_count (synthetic), ==, 10);

  g_assert_true (proc_store_add_tag (store, ids, 3, "later", &error));
  g_assert_true (proc_store_add_tag (store, ids, 1, "Attention", &error));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (tags)), ==, 2);
  later = proc_collection_list_lookup (tags, "later");
  g_assert_cmpuint (proc_collection_get_count (later), ==, 3);

  /* Case-insensitive order: Attention before later. */
  {
    g_autoptr(ProcCollection) first = g_list_model_get_item (G_LIST_MODEL (tags), 0);
    g_assert_cmpstr (proc_collection_get_name (first), ==, "Attention");
  }

  /* Counts follow edits and deletes in place. */
  g_assert_true (proc_store_delete_papers (store, &ids[1], 1, &error));
  g_assert_cmpuint (proc_collection_get_count (later), ==, 2);
  g_assert_cmpuint (proc_collection_get_count (synthetic), ==, 9);

  query = proc_collection_dup_query (later);
  g_assert_cmpuint (proc_store_count (store, query), ==, 2);
}

static guint
count_missing_items (GListModel *model)
{
  guint missing = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (model, i);

      missing += paper == NULL;
    }

  return missing;
}

/* A deleted paper's words left in the search index, as crash-safety-long
 * once found: a search in All Papers, which trusts the index, names the
 * paper until its page is loaded; then the list runs the query again,
 * confirming each paper, and tells the view that the row went. */
static void
test_stale_search_index (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(ProcStore) store = synthetic_library_new (200, &dir);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(ProcPaperList) list = NULL;
  g_autoptr(GError) error = NULL;
  ItemsChanged record = { 0 };
  sqlite3 *db;

  g_clear_object (&store);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "DROP TRIGGER papers_fts_delete;"
                                     " DELETE FROM papers WHERE derived_title = 'Paper 00003'",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  store = proc_store_open (path, &error);
  g_assert_no_error (error);

  list = proc_paper_list_new (store);
  proc_paper_list_set_search (list, "transformers");
  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), &record);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 100);
  g_assert_cmpuint (count_missing_items (G_LIST_MODEL (list)), ==, 1);
  g_assert_cmpuint (record.calls, ==, 0);

  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (record.calls, ==, 1);
  g_assert_cmpuint (record.position, ==, 1);
  g_assert_cmpuint (record.removed, ==, 1);
  g_assert_cmpuint (record.added, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 99);
  g_assert_cmpuint (count_missing_items (G_LIST_MODEL (list)), ==, 0);

  /* The next searches confirm each paper from the start. */
  proc_paper_list_set_search (list, "problem");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 199);
  g_assert_cmpuint (count_missing_items (G_LIST_MODEL (list)), ==, 0);

  g_clear_object (&list);
  g_clear_object (&store);
  synthetic_library_remove (dir);
}

/* --- In the background: the first ids at once, the rest from a thread --- */

/* 2,000 papers: the 1,000 odd ones say "transformers", the even ones
 * "kernels"; either search chooses more than the first ids (256). */
#define BACKGROUND_PAPERS 2000
#define FIRST_IDS 256

typedef struct
{
  ItemsChanged changes;
  guint n_complete;       /* notify::complete */
  guint n_search;         /* notify::search */
} Watch;

static void
complete_cb (GObject    *object,
             GParamSpec *pspec,
             Watch      *watch)
{
  watch->n_complete++;
}

static void
search_cb (GObject    *object,
           GParamSpec *pspec,
           Watch      *watch)
{
  watch->n_search++;
}

static ProcPaperList *
background_list_new (ProcStore *store,
                     Watch     *watch)
{
  ProcPaperList *list = proc_paper_list_new (store);

  proc_paper_list_set_background (list, TRUE);
  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), &watch->changes);
  g_signal_connect (list, "notify::complete", G_CALLBACK (complete_cb), watch);
  g_signal_connect (list, "notify::search", G_CALLBACK (search_cb), watch);
  return list;
}

static void
async_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* 200 ms of the main loop: long enough for a thread's result that
 * should have been dropped to arrive, had it been let through. */
static void
let_stale_results_arrive (void)
{
  for (guint i = 0; i < 20; i++)
    {
      g_usleep (10000);
      while (g_main_context_iteration (NULL, FALSE));
    }
}

/* proc_store_query_ids_async(), waited for. */
static GArray *
query_ids_on_thread (ProcStore        *store,
                     const ProcQuery  *filter,
                     const ProcQuery  *search,
                     ProcSortKey       sort_key,
                     gboolean          descending,
                     GCancellable     *cancellable,
                     GError          **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  proc_store_query_ids_async (store, filter, search, sort_key, descending, cancellable, async_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return proc_store_query_ids_finish (store, result, error);
}

static void
wait_complete (ProcPaperList *list)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!proc_paper_list_get_complete (list) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (proc_paper_list_get_complete (list));
}

/* The list's ids are exactly what the store's own query gives. */
static void
assert_ids_are (ProcPaperList *list,
                ProcStore     *store,
                const char    *search)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (store, NULL, search, PROC_SORT_ADDED, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, ids->len);
  for (guint i = 0; i < ids->len; i++)
    g_assert_cmpint (proc_paper_list_get_id (list, i), ==, g_array_index (ids, gint64, i));
}

static void
test_background_rest_arrives (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(ProcStore) store = synthetic_library_new (BACKGROUND_PAPERS, &dir);
  Watch watch = { 0 };
  g_autoptr(ProcPaperList) list = background_list_new (store, &watch);

  g_assert_true (proc_paper_list_get_complete (list));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, BACKGROUND_PAPERS);

  /* At once: the first ids, the search notified, the list not complete. */
  proc_paper_list_set_search (list, "kernels");
  g_assert_cmpuint (watch.n_search, ==, 1);
  g_assert_false (proc_paper_list_get_complete (list));
  g_assert_cmpuint (watch.n_complete, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, FIRST_IDS);
  g_assert_cmpuint (watch.changes.calls, ==, 1);
  /* Paper 0 says "kernels" and stays; all the others after it go. */
  g_assert_cmpuint (watch.changes.position, ==, 1);
  g_assert_cmpuint (watch.changes.removed, ==, BACKGROUND_PAPERS - 1);
  g_assert_cmpuint (watch.changes.added, ==, FIRST_IDS - 1);

  /* Then the rest, appended by one change. */
  wait_complete (list);
  g_assert_cmpuint (watch.n_complete, ==, 2);
  g_assert_cmpuint (watch.changes.calls, ==, 2);
  g_assert_cmpuint (watch.changes.position, ==, FIRST_IDS);
  g_assert_cmpuint (watch.changes.removed, ==, 0);
  g_assert_cmpuint (watch.changes.added, ==, BACKGROUND_PAPERS / 2 - FIRST_IDS);
  assert_ids_are (list, store, "kernels");
  g_assert_cmpint (proc_paper_list_find (list, proc_paper_list_get_id (list, 999)), ==, 999);
  g_assert_cmpuint (watch.n_search, ==, 1);

  /* A search with fewer papers than the first ids is complete at once. */
  proc_paper_list_set_search (list, "\"problem 1999\"");
  g_assert_true (proc_paper_list_get_complete (list));
  assert_ids_are (list, store, "\"problem 1999\"");

  g_clear_object (&list);
  g_clear_object (&store);
  synthetic_library_remove (dir);
}

/* The next keystroke cancels the query still on the thread: its ids never
 * reach the list, and only the last search's rest is appended. */
static void
test_background_stale_cancelled (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(ProcStore) store = synthetic_library_new (BACKGROUND_PAPERS, &dir);
  Watch watch = { 0 };
  g_autoptr(ProcPaperList) list = background_list_new (store, &watch);
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;

  proc_paper_list_set_search (list, "kernels");
  proc_paper_list_set_search (list, "transformers");
  g_assert_cmpuint (watch.changes.calls, ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, FIRST_IDS);

  wait_complete (list);
  /* Let a stale result, had it been let through, arrive too. */
  let_stale_results_arrive ();
  g_assert_cmpuint (watch.changes.calls, ==, 3);
  g_assert_cmpuint (watch.changes.position, ==, FIRST_IDS);
  g_assert_cmpuint (watch.changes.added, ==, BACKGROUND_PAPERS / 2 - FIRST_IDS);
  assert_ids_are (list, store, "transformers");

  /* The store's thread stops a query cancelled before it runs. */
  g_cancellable_cancel (cancelled);
  ids = query_ids_on_thread (store, NULL, NULL, PROC_SORT_TITLE, FALSE, cancelled, &error);
  g_assert_null (ids);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  g_clear_object (&list);
  g_clear_object (&store);
  synthetic_library_remove (dir);
}

/* On the thread's connection, the same ids as on the store's own. */
static void
test_background_thread_query (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(ProcStore) store = synthetic_library_new (BACKGROUND_PAPERS, &dir);
  g_autoptr(ProcQuery) filter = proc_query_parse ("-\"problem 3\"");
  g_autoptr(ProcQuery) search = proc_query_parse ("transformers");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GArray) expected = NULL;

  expected = proc_store_query_ids_for (store, filter, search, PROC_SORT_TITLE, TRUE, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (expected->len, ==, BACKGROUND_PAPERS / 2 - 1);

  ids = query_ids_on_thread (store, filter, search, PROC_SORT_TITLE, TRUE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, expected->len);
  g_assert_cmpmem (ids->data, ids->len * sizeof (gint64), expected->data, expected->len * sizeof (gint64));

  g_clear_object (&store);
  synthetic_library_remove (dir);
}

/* An edit while the rest loads queries all of it at once: the list is
 * complete and right, and the cancelled thread's ids never arrive. */
static void
test_background_edit_while_loading (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(ProcStore) store = synthetic_library_new (BACKGROUND_PAPERS, &dir);
  Watch watch = { 0 };
  g_autoptr(ProcPaperList) list = background_list_new (store, &watch);
  g_autoptr(GError) error = NULL;
  gint64 last;
  guint calls;

  proc_paper_list_set_search (list, "kernels");
  g_assert_false (proc_paper_list_get_complete (list));
  last = proc_paper_list_get_id (list, FIRST_IDS - 1);

  g_assert_true (proc_store_delete_papers (store, &last, 1, &error));
  g_assert_no_error (error);
  g_assert_true (proc_paper_list_get_complete (list));
  assert_ids_are (list, store, "kernels");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, BACKGROUND_PAPERS / 2 - 1);

  calls = watch.changes.calls;
  let_stale_results_arrive ();
  g_assert_cmpuint (watch.changes.calls, ==, calls);

  g_clear_object (&list);
  g_clear_object (&store);
  synthetic_library_remove (dir);
}

/* A word of two letters being typed has no FTS5 prefix index: it runs on
 * the thread alone, and the list keeps its papers, and notifies the
 * search, until the new ones arrive. */
static void
test_background_short_prefix (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(ProcStore) store = synthetic_library_new (BACKGROUND_PAPERS, &dir);
  Watch watch = { 0 };
  g_autoptr(ProcPaperList) list = background_list_new (store, &watch);
  g_autoptr(ProcQuery) query = proc_query_parse ("ke");
  g_autoptr(ProcQuery) longer = proc_query_parse ("ker");
  g_autoptr(ProcQuery) one = proc_query_parse ("k");

  g_assert_true (proc_query_has_unindexed_prefix (query));
  g_assert_true (proc_query_has_unindexed_prefix (longer));
  g_assert_false (proc_query_has_unindexed_prefix (one));

  proc_paper_list_set_query (list, query);
  g_assert_cmpstr (proc_paper_list_get_search (list), ==, "ke");
  g_assert_true (proc_paper_list_get_query (list) == query);
  g_assert_false (proc_paper_list_get_complete (list));
  g_assert_cmpuint (watch.changes.calls, ==, 0);
  g_assert_cmpuint (watch.n_search, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, BACKGROUND_PAPERS);

  wait_complete (list);
  g_assert_cmpuint (watch.n_search, ==, 1);
  g_assert_cmpuint (watch.changes.calls, ==, 1);
  assert_ids_are (list, store, "ke");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, BACKGROUND_PAPERS / 2);

  g_clear_object (&list);
  g_clear_object (&store);
  synthetic_library_remove (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/paper-list/lazy", test_lazy);
  g_test_add_func ("/paper-list/items-changed-under-filter", test_items_changed_under_filter);
  g_test_add_func ("/paper-list/collections", test_collections);
  g_test_add_func ("/paper-list/stale-search-index", test_stale_search_index);
  g_test_add_func ("/paper-list/background/rest-arrives", test_background_rest_arrives);
  g_test_add_func ("/paper-list/background/stale-cancelled", test_background_stale_cancelled);
  g_test_add_func ("/paper-list/background/thread-query", test_background_thread_query);
  g_test_add_func ("/paper-list/background/edit-while-loading", test_background_edit_while_loading);
  g_test_add_func ("/paper-list/background/short-prefix", test_background_short_prefix);

  return g_test_run ();
}
