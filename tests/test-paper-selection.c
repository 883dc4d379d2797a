/* test-paper-selection.c: the paper list's selection, kept as ids
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs with GOBJECT_DEBUG=instance-count (tests/meson.build), so that
 * g_type_get_instance_count() tells how many papers are loaded.
 */

#include "config.h"

#include <gtk/gtk.h>

#include "proc-paper-list.h"
#include "proc-paper-selection.h"
#include "proc-store.h"
#include "synthetic-library.h"

#define N_PAPERS 5000

typedef struct
{
  GArray *calls;          /* guint triples: position, removed, added */
  guint n_items_seen;     /* n-items as each call found it */
  gboolean item_past_end; /* get_item() answered beyond n-items */
} ChangeLog;

static void
selection_items_changed_cb (GListModel *model,
                            guint       position,
                            guint       removed,
                            guint       added,
                            ChangeLog  *log)
{
  guint call[3] = { position, removed, added };
  g_autoptr(GObject) past_end = NULL;

  g_array_append_vals (log->calls, call, 3);
  log->n_items_seen = g_list_model_get_n_items (model);
  past_end = g_list_model_get_item (model, log->n_items_seen);
  log->item_past_end |= past_end != NULL;
}

static guint
papers_alive (void)
{
  return g_type_get_instance_count (PROC_TYPE_PAPER);
}

static gint64
id_at (ProcPaperList *papers,
       guint          position)
{
  return proc_paper_list_get_id (papers, position);
}

/* A synthetic library of N_PAPERS papers, its paper list and the
 * selection over it. */
typedef struct
{
  char *dir;
  ProcStore *store;
  ProcPaperList *papers;
  ProcPaperSelection *selection;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->store = synthetic_library_new (N_PAPERS, &fixture->dir);
  fixture->papers = proc_paper_list_new (fixture->store);
  fixture->selection = proc_paper_selection_new (fixture->papers);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->selection);
  g_clear_object (&fixture->papers);
  g_clear_object (&fixture->store);
  synthetic_library_remove (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
}

/* Select all, a search that keeps some of the selection, and back: the
 * selection follows the papers by id and never loads one. */
static void
test_selection_follows_ids (Fixture       *fixture,
                            gconstpointer  data)
{
  ProcPaperList *papers = fixture->papers;
  ProcPaperSelection *selection = fixture->selection;
  GtkSelectionModel *model = GTK_SELECTION_MODEL (selection);
  g_autoptr(GtkBitset) selected = NULL;
  gint64 kept, dropped;
  int position;

  g_assert_cmpuint (papers_alive (), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, N_PAPERS);

  gtk_selection_model_select_all (model);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, N_PAPERS);
  g_assert_cmpuint (papers_alive (), ==, 0);

  /* Half the papers say "transformers": half the selection stays. */
  proc_paper_list_set_search (papers, "transformers");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, N_PAPERS / 2);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, N_PAPERS / 2);
  g_assert_cmpuint (papers_alive (), ==, 0);

  /* Back to all: the papers the search hid are no longer selected. */
  proc_paper_list_set_search (papers, NULL);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, N_PAPERS / 2);
  selected = gtk_selection_model_get_selection (model);
  for (guint i = 0; i < N_PAPERS; i += 97)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (G_LIST_MODEL (selection), i);
      gboolean says_transformers = strstr (proc_paper_get_abstract (paper), "transformers") != NULL;

      g_assert_cmpint (gtk_bitset_contains (selected, i), ==, says_transformers);
    }
  g_clear_pointer (&selected, gtk_bitset_unref);

  /* One paper selected, a search that keeps it and one that drops it. */
  gtk_selection_model_unselect_all (model);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 0);
  kept = id_at (papers, 3001);    /* Paper 03001: transformers */
  dropped = id_at (papers, 3002); /* Paper 03002: kernels */
  gtk_selection_model_select_item (model, 3001, TRUE);
  proc_paper_list_set_search (papers, "transformers");
  position = proc_paper_list_find (papers, kept);
  g_assert_cmpint (position, >=, 0);
  g_assert_true (gtk_selection_model_is_selected (model, position));
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 1);

  proc_paper_list_set_search (papers, NULL);
  position = proc_paper_list_find (papers, dropped);
  gtk_selection_model_select_item (model, position, TRUE);
  proc_paper_list_set_search (papers, "transformers");
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 0);
  proc_paper_list_set_search (papers, NULL);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 0);

}

/* A large replacement reaches views as two changes, each consistent;
 * a small one as one. */
static void
test_replacement_in_two_changes (Fixture       *fixture,
                                 gconstpointer  data)
{
  ProcPaperList *papers = fixture->papers;
  ProcPaperSelection *selection = fixture->selection;
  ChangeLog log = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, FALSE };
  const guint *call;

  g_signal_connect (selection, "items-changed", G_CALLBACK (selection_items_changed_cb), &log);

  /* Half the rows go, in the middle of the list: two changes. */
  proc_paper_list_set_search (papers, "transformers");
  g_assert_cmpuint (log.calls->len, ==, 6);
  call = (const guint *) (gpointer) log.calls->data;
  g_assert_cmpuint (call[0], ==, call[3]);
  g_assert_cmpuint (call[0] + call[1], ==, N_PAPERS);     /* all the old rows from there go */
  g_assert_cmpuint (call[2], ==, 0);
  g_assert_cmpuint (call[4], ==, 0);
  g_assert_cmpuint (call[3] + call[5], ==, N_PAPERS / 2); /* then all the new ones come */
  g_assert_cmpuint (log.n_items_seen, ==, N_PAPERS / 2);
  g_assert_false (log.item_past_end);

  /* A search with a few results: one change. */
  g_array_set_size (log.calls, 0);
  proc_paper_list_set_search (papers, "problem 4321");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 1);
  g_assert_cmpuint (log.calls->len, ==, 3);
  call = (const guint *) (gpointer) log.calls->data;
  g_assert_cmpuint (call[0], ==, 0);
  g_assert_cmpuint (call[1], ==, N_PAPERS / 2);
  g_assert_cmpuint (call[2], ==, 1);
  g_assert_false (log.item_past_end);

  g_array_unref (log.calls);
}

/* The GtkSelectionModel calls a list view makes, with their signals. */
static void
selection_changed_cb (GtkSelectionModel *model,
                      guint              position,
                      guint              n_items,
                      guint             *range)
{
  range[0] = position;
  range[1] = n_items;
}

static void
test_selection_model_calls (Fixture       *fixture,
                            gconstpointer  data)
{
  ProcStore *store = fixture->store;
  ProcPaperList *papers = fixture->papers;
  ProcPaperSelection *selection = fixture->selection;
  GtkSelectionModel *model = GTK_SELECTION_MODEL (selection);
  guint range[2] = { 0, 0 };

  g_signal_connect (selection, "selection-changed", G_CALLBACK (selection_changed_cb), range);

  gtk_selection_model_select_item (model, 10, TRUE);
  g_assert_cmpuint (range[0], ==, 10);
  g_assert_cmpuint (range[1], ==, 1);

  /* Shift-click: 10 to 20, keeping 10. */
  gtk_selection_model_select_range (model, 10, 11, FALSE);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 11);
  g_assert_cmpuint (range[0], ==, 11);
  g_assert_cmpuint (range[1], ==, 10);

  /* Ctrl-click on 15 unselects it alone. */
  gtk_selection_model_unselect_item (model, 15);
  g_assert_false (gtk_selection_model_is_selected (model, 15));
  g_assert_true (gtk_selection_model_is_selected (model, 14));
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 10);

  /* A click elsewhere selects that one alone and tells the whole span. */
  gtk_selection_model_select_item (model, 40, TRUE);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 1);
  g_assert_cmpuint (range[0], ==, 10);
  g_assert_cmpuint (range[1], ==, 31);

  /* Selecting what is selected changes nothing and says nothing. */
  range[0] = range[1] = G_MAXUINT;
  gtk_selection_model_select_item (model, 40, TRUE);
  g_assert_cmpuint (range[0], ==, G_MAXUINT);

  /* Past the end: nothing. */
  gtk_selection_model_select_item (model, N_PAPERS + 5, FALSE);
  g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 1);
  g_assert_false (gtk_selection_model_is_selected (model, N_PAPERS + 5));

  /* The papers a deletion took are no longer selected; the others stay. */
  gtk_selection_model_select_range (model, 0, 3, TRUE);
  {
    g_autoptr(GError) error = NULL;
    gint64 first = id_at (papers, 0);
    gint64 third = id_at (papers, 2);

    g_assert_true (proc_store_delete_papers (store, &first, 1, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (proc_paper_selection_get_count (selection), ==, 2);
    g_assert_cmpint (id_at (papers, 1), ==, third);
    g_assert_true (gtk_selection_model_is_selected (model, 0));
    g_assert_true (gtk_selection_model_is_selected (model, 1));
    g_assert_false (gtk_selection_model_is_selected (model, 2));
  }

}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/paper-selection/follows-ids", Fixture, NULL,
              fixture_set_up, test_selection_follows_ids, fixture_tear_down);
  g_test_add ("/paper-selection/replacement-in-two-changes", Fixture, NULL,
              fixture_set_up, test_replacement_in_two_changes, fixture_tear_down);
  g_test_add ("/paper-selection/selection-model-calls", Fixture, NULL,
              fixture_set_up, test_selection_model_calls, fixture_tear_down);

  return g_test_run ();
}
