/* test-main-window.c: browsing and annotating with the mouse, in the real window
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>
#include <sqlite3.h>

#include "proc-application.h"
#include "proc-collection-list.h"
#include "proc-paper-ids.h"
#include "proc-paper-row.h"
#include "proc-sidebar-row.h"
#include "proc-tex.h"
#include "dialog-common.h"
#include "synthetic-library.h"
#include "proc-window-private.h"

typedef void (*Scenario) (ProcWindow *window);

static Scenario current_scenario;
static char *library;

/* Lets GTK lay out and draw: what a person would wait for. */
static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
run_scenario_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);

  g_assert_true (PROC_IS_WINDOW (window));
  current_scenario (PROC_WINDOW (window));
  gtk_window_close (window);

  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  g_timeout_add (600, run_scenario_cb, app);
}

static void
run_app (Scenario scenario)
{
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", library, NULL };

  current_scenario = scenario;
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);
}

static ProcStore *
open_store (void)
{
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (library, &error);

  g_assert_no_error (error);
  return store;
}

static guint
sidebar_count (ProcWindow *window,
               const char *label)
{
  GtkWidget *row = proc_sidebar_find_row (window->sidebar, label);

  g_assert_nonnull (row);
  return proc_sidebar_row_get_count (PROC_SIDEBAR_ROW (row));
}

static void
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (PROC_IS_PAPER_ROW (child) && gtk_widget_get_mapped (child) && proc_paper_row_get_paper (PROC_PAPER_ROW (child)))
        g_ptr_array_add (rows, child);
      else
        collect_rows (child, rows);
    }
}

static GPtrArray *
visible_rows (ProcWindow *window)
{
  GPtrArray *rows = g_ptr_array_new ();

  collect_rows (GTK_WIDGET (window->list_view), rows);
  return rows;
}

/* Rows on screen, once the list view has drawn them: under the
 * sanitizers a frame can take a good part of a second. */
static guint
count_rows_shown (ProcWindow *window,
                  guint       expected)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint n = 0;

  do
    {
      g_autoptr(GPtrArray) rows = NULL;

      g_main_context_iteration (NULL, FALSE);
      rows = visible_rows (window);
      n = rows->len;
    }
  while (n != expected && g_get_monotonic_time () < end);

  return n;
}

static ProcPaperRow *
row_for_position (ProcWindow *window,
                  guint       position)
{
  g_autoptr(GPtrArray) rows = visible_rows (window);
  gint64 id = proc_paper_list_get_id (window->papers, position);

  for (guint i = 0; i < rows->len; i++)
    if (proc_paper_get_id (proc_paper_row_get_paper (g_ptr_array_index (rows, i))) == id)
      return g_ptr_array_index (rows, i);

  return NULL;
}

/* Waits for the search entry's delay and the query, up to five seconds. */
static void
search_for (ProcWindow *window,
            const char *text)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  gtk_editable_set_text (GTK_EDITABLE (window->search_entry), text);
  /* A long result's rest comes from a thread (ProcPaperList:complete). */
  while ((g_strcmp0 (proc_paper_list_get_search (window->papers), text) != 0 ||
          !proc_paper_list_get_complete (window->papers)) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  wait_ms (100);
}

static void
select_positions (ProcWindow *window,
                  const guint *positions,
                  guint        n)
{
  GtkSelectionModel *selection = proc_window_get_selection (window);

  gtk_selection_model_unselect_all (selection);
  for (guint i = 0; i < n; i++)
    gtk_selection_model_select_item (selection, positions[i], FALSE);
  wait_ms (50);
}

/* Searches build no rows: GTK 4.8's list view lets a row go with its
 * list item, and the window gives it to the next one, bound to its new
 * paper.  A mark on each row built so far tells them apart from new ones
 * (a new row may take a freed row's address). */
/* Marks the rows the view holds; returns how many. */
static guint
mark_row (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (PROC_IS_PAPER_ROW (child))
        {
          g_object_set_data (G_OBJECT (child), "test-built-before", GINT_TO_POINTER (TRUE));
          n++;
        }
      else
        n += mark_row (child);
    }

  return n;
}

static void
collect_bound_rows (GtkWidget *widget,
                    GPtrArray *rows)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (PROC_IS_PAPER_ROW (child) && proc_paper_row_get_paper (PROC_PAPER_ROW (child)))
        g_ptr_array_add (rows, child);
      else if (!PROC_IS_PAPER_ROW (child))
        collect_bound_rows (child, rows);
    }
}

static void
rows_reused (ProcWindow *window)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint n_papers, n_marked = 0, n_built = 0;

  wait_ms (300);
  n_papers = g_list_model_get_n_items (G_LIST_MODEL (window->papers));
  g_assert_cmpuint (n_papers, ==, 38);
  gtk_search_bar_set_search_mode (window->search_bar, TRUE);

  /* Fewer papers, then all again, twice.  The first time, papers beyond
   * the rows the view kept need rows of their own: built while the rows
   * they replace are still held, to be spare once the change is done. */
  for (guint round = 0; round < 2; round++)
    {
      if (round == 1)
        {
          n_marked = mark_row (GTK_WIDGET (window->list_view));
          for (guint i = 0; i < window->spare_rows->len; i++)
            g_object_set_data (g_ptr_array_index (window->spare_rows, i), "test-built-before", GINT_TO_POINTER (TRUE));
        }
      search_for (window, "github");
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 7);
      search_for (window, "");
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, n_papers);
      wait_ms (200);
    }

  /* The view keeps rows for the papers around those shown (some 30),
   * not for all 38. */
  collect_bound_rows (GTK_WIDGET (window->list_view), rows);
  g_assert_cmpuint (rows->len, >=, 10);
  g_assert_cmpuint (rows->len, <=, n_papers);
  for (guint i = 0; i < n_papers; i++)
    {
      gint64 id = proc_paper_list_get_id (window->papers, i);
      g_hash_table_add (ids, g_memdup2 (&id, sizeof id));
    }

  for (guint i = 0; i < rows->len; i++)
    {
      ProcPaperRow *row = g_ptr_array_index (rows, i);
      ProcPaper *paper = proc_paper_row_get_paper (row);
      gint64 id = proc_paper_get_id (paper);
      g_autofree char *title = proc_tex_to_plain (proc_paper_get_title (paper));

      if (!g_object_get_data (G_OBJECT (row), "test-built-before"))
        n_built++;
      /* Each row shows a paper of the list, none twice. */
      g_assert_true (g_hash_table_remove (ids, &id));
      g_assert_cmpstr (proc_paper_row_get_title_text (row), ==, title);
    }
  /* The second time, every row comes from the view or the spares. */
  g_test_message ("%u rows marked, %u now, %u of them new", n_marked, rows->len, n_built);
  g_assert_cmpuint (n_built, ==, 0);
}

/* A keystroke searches before the next frame, one character too in a
 * library this small; an emptied entry shows every paper at once. */
/* What is ready now, and nothing that waits: each iteration dispatches
 * only sources already due, so a search that waited for a pause in the
 * typing (GtkSearchEntry's own waits 150 ms) would still be waiting when
 * the loop ends, unless the iterations themselves took that long.  No
 * bound in time: under the sanitizers on a loaded machine one frame can
 * take longer than a search would wait, and the test must not fail there. */
static void
run_pending (void)
{
  for (guint i = 0; i < 1000 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
search_at_once (ProcWindow *window)
{
  GtkEditable *entry = GTK_EDITABLE (window->search_entry);
  guint n_papers, n_found;

  wait_ms (300);
  n_papers = g_list_model_get_n_items (G_LIST_MODEL (window->papers));
  gtk_search_bar_set_search_mode (window->search_bar, TRUE);

  gtk_editable_set_text (entry, "git");
  run_pending ();
  g_assert_cmpstr (proc_paper_list_get_search (window->papers), ==, "git");
  n_found = g_list_model_get_n_items (G_LIST_MODEL (window->papers));
  g_assert_cmpuint (n_found, >, 0);
  g_assert_cmpuint (n_found, <, n_papers);

  gtk_editable_set_text (entry, "g");
  run_pending ();
  g_assert_cmpstr (proc_paper_list_get_search (window->papers), ==, "g");

  gtk_editable_set_text (entry, "");
  run_pending ();
  g_assert_cmpstr (proc_paper_list_get_search (window->papers), ==, "");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, n_papers);
}

/* However many papers, the view holds rows for about the thirty around
 * those shown, and a search that replaces them all binds no more: GTK
 * 4.8's list view held 200 and made them all anew at each keystroke.
 * The synthetic papers say "kernels" (even) or "transformers" (odd). */
#define MANY_PAPERS 2000
#define MAX_ROWS_HELD 60

static guint
count_bound_rows (ProcWindow *window)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_bound_rows (GTK_WIDGET (window->list_view), rows);
  return rows->len;
}

/* Whether a row of the list covers the top edge of its view, and
 * whether the paper @id has a row in view. */
static void
check_view (ProcWindow *window,
            gint64      id,
            gboolean   *top_covered,
            gboolean   *id_shown)
{
  g_autoptr(GPtrArray) rows = visible_rows (window);
  int height = gtk_widget_get_height (GTK_WIDGET (window->list_view));

  *top_covered = *id_shown = FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      graphene_rect_t bounds;

      if (!gtk_widget_compute_bounds (row, GTK_WIDGET (window->list_view), &bounds) ||
          bounds.origin.y + bounds.size.height <= 0 || bounds.origin.y >= height)
        continue;
      if (bounds.origin.y <= 0)
        *top_covered = TRUE;
      if (proc_paper_get_id (proc_paper_row_get_paper (PROC_PAPER_ROW (row))) == id)
        *id_shown = TRUE;
    }
}

static void
few_rows_held (ProcWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  gint64 last = g_settings_get_int64 (settings, "last-paper");
  gboolean top_covered, last_shown;
  guint held;

  wait_ms (300);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, MANY_PAPERS);

  /* The paper shown last time, far down, is shown again, with the rows
   * above it drawn: scrolled before it had a size, GTK 4.8's grid view
   * left them blank. */
  g_assert_cmpint (proc_paper_list_find (window->papers, last), ==, MANY_PAPERS * 3 / 4);
  /* Scrolled after the first frame, which the sanitizers slow down, and
   * after the detail's similar papers, looked up for that paper. */
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    do
      {
        g_main_context_iteration (NULL, FALSE);
        check_view (window, last, &top_covered, &last_shown);
      }
    while (!last_shown && g_get_monotonic_time () < end);
  }
  g_assert_true (last_shown);
  g_assert_true (top_covered);
  held = count_bound_rows (window);
  g_test_message ("%u rows held for %u papers", held, MANY_PAPERS);
  g_assert_cmpuint (held, >=, 10);
  g_assert_cmpuint (held, <=, MAX_ROWS_HELD);

  gtk_search_bar_set_search_mode (window->search_bar, TRUE);
  search_for (window, "kernels");
  wait_ms (200);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, MANY_PAPERS / 2);
  g_assert_cmpuint (count_bound_rows (window), <=, MAX_ROWS_HELD);
  g_assert_cmpuint (window->spare_rows->len + count_bound_rows (window), <=, 2 * MAX_ROWS_HELD);
}

/* Sidebar counts, search, the star button, tagging by menu and by drop. */
static void
browse_and_annotate (ProcWindow *window)
{
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(ProcPaper) starred = NULL;
  ProcPaperRow *row;
  gint64 id;
  GtkWidget *tag_row;
  GValue value = G_VALUE_INIT;
  GtkDropTarget *target = NULL;
  g_autoptr(GError) error = NULL;

  wait_ms (300);
  g_assert_cmpuint (sidebar_count (window, "All Papers"), ==, 38);
  g_assert_cmpuint (sidebar_count (window, "Unread"), ==, 38);
  g_assert_cmpuint (sidebar_count (window, "Starred"), ==, 0);
  g_assert_cmpuint (sidebar_count (window, "With Code"), ==, 7);
  g_assert_cmpuint (sidebar_count (window, "ICML 2024 论文列表"), ==, 38);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->list_title), ==, "38 papers");

  /* Search as you type. */
  gtk_search_bar_set_search_mode (window->search_bar, TRUE);
  search_for (window, "github");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 7);
  g_assert_cmpuint (count_rows_shown (window, 7), ==, 7);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->list_title), ==, "7 papers");

  search_for (window, "zzzznothing");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->list_stack), ==, "no-results");
  search_for (window, "");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 38);

  /* The star in a row stars that paper, and does not change the selection. */
  select_positions (window, (guint[]) { 0 }, 1);
  row = row_for_position (window, 2);
  g_assert_nonnull (row);
  id = proc_paper_get_id (proc_paper_row_get_paper (row));
  g_signal_emit_by_name (proc_paper_row_get_star_button (row), "clicked");
  wait_ms (100);
  g_assert_true (gtk_selection_model_is_selected (proc_window_get_selection (window), 0));
  g_assert_false (gtk_selection_model_is_selected (proc_window_get_selection (window), 2));
  store = open_store ();
  starred = proc_store_get_paper (store, id);
  g_assert_true (proc_paper_get_starred (starred));
  g_assert_cmpuint (sidebar_count (window, "Starred"), ==, 1);

  /* Three selected rows, tagged from the context menu's action. */
  select_positions (window, (guint[]) { 1, 3, 5 }, 3);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->list_title), ==, "3 selected");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-tag", "s", "to read"));
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "tag:\"to read\""), ==, 3);
  g_assert_cmpuint (sidebar_count (window, "to read"), ==, 3);

  /* Three other rows, dropped on that tag in the sidebar. */
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 10; i < 13; i++)
    {
      gint64 other = proc_paper_list_get_id (window->papers, i);
      g_array_append_val (ids, other);
    }
  tag_row = proc_sidebar_find_row (window->sidebar, "to read");
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (tag_row);
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
        if (GTK_IS_DROP_TARGET (c))
          target = GTK_DROP_TARGET (c);
      }
  }
  g_assert_nonnull (target);
  g_value_init (&value, PROC_TYPE_PAPER_IDS);
  g_value_set_boxed (&value, ids);
  {
    gboolean accepted = FALSE;
    g_signal_emit_by_name (target, "drop", &value, 5.0, 5.0, &accepted);
    g_assert_true (accepted);
  }
  g_value_unset (&value);
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "tag:\"to read\""), ==, 6);
  g_assert_cmpuint (sidebar_count (window, "to read"), ==, 6);

  /* The same papers dropped on a reading list join it. */
  {
    GtkWidget *list_row;
    GtkDropTarget *list_target = NULL;
    g_autoptr(GListModel) controllers = NULL;
    gboolean accepted = FALSE;

    g_assert_cmpint (proc_store_create_reading_list (store, "Week one", &error), >, 0);
    proc_store_check_external_changes (window->store);
    wait_ms (200);
    list_row = proc_sidebar_find_row (window->sidebar, "Week one");
    g_assert_nonnull (list_row);
    controllers = gtk_widget_observe_controllers (list_row);
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
        if (GTK_IS_DROP_TARGET (c))
          list_target = GTK_DROP_TARGET (c);
      }
    g_assert_nonnull (list_target);
    g_value_init (&value, PROC_TYPE_PAPER_IDS);
    g_value_set_boxed (&value, ids);
    g_signal_emit_by_name (list_target, "drop", &value, 5.0, 5.0, &accepted);
    g_value_unset (&value);
    g_assert_true (accepted);
    wait_ms (100);
    g_assert_cmpuint (proc_store_count (store, "reading-list:\"Week one\""), ==, 3);
    g_assert_cmpuint (sidebar_count (window, "Week one"), ==, 3);
  }

  /* Choosing the tag in the sidebar filters the list. */
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (tag_row)), GTK_LIST_BOX_ROW (tag_row));
  wait_ms (200);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 6);
  g_assert_cmpstr (adw_window_title_get_title (window->list_title), ==, "to read");

  /* Ctrl-click a second tag: the papers that have both. */
  {
    gint64 both[2] = { proc_paper_list_get_id (window->papers, 0), proc_paper_list_get_id (window->papers, 1) };
    GtkWidget *second;

    g_assert_true (proc_store_add_tag (store, both, 2, "vision", &error));
    g_assert_no_error (error);
    proc_store_check_external_changes (window->store);
    wait_ms (200);
    second = proc_sidebar_find_row (window->sidebar, "vision");
    g_assert_nonnull (second);
    gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (second)), GTK_LIST_BOX_ROW (second));
    wait_ms (200);
    g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "tag:\"to read\" tag:\"vision\"");
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 2);
  }
  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (100);
}

/* Delete, then Undo: every annotation is back. */
static void
delete_and_undo (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcPaper) paper = NULL;
  gint64 id = proc_paper_list_get_id (window->papers, 4);
  gint64 reading_list;

  g_assert_true (proc_store_set_note (store, id, "Check the ablation in section 5.", &error));
  g_assert_true (proc_store_set_starred (store, &id, 1, TRUE, &error));
  g_assert_true (proc_store_add_tag (store, &id, 1, "baseline", &error));
  reading_list = proc_store_create_reading_list (store, "Monday", &error);
  g_assert_true (proc_store_add_to_reading_list (store, reading_list, &id, 1, &error));
  proc_store_check_external_changes (window->store);
  wait_ms (200);

  select_positions (window, (guint[]) { 4 }, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  wait_ms (200);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 37);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 37);
  g_assert_cmpuint (proc_store_count (store, "reading-list:Monday"), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 38);
  paper = proc_store_get_paper (store, id);
  g_assert_nonnull (paper);
  g_assert_cmpstr (proc_paper_get_note (paper), ==, "Check the ablation in section 5.");
  g_assert_true (proc_paper_get_starred (paper));
  g_assert_true (proc_paper_has_tag (paper, "baseline"));
  g_assert_cmpuint (proc_store_count (store, "reading-list:Monday"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "ablation"), ==, 1);
  g_assert_cmpint (proc_paper_list_get_id (window->papers, 4), ==, id);
}

static GtkWidget *find_widget_now (GtkWidget  *widget,
                                   GType       type,
                                   const char *css_class_of_parent);

/* Waits for the widget to be mapped: a frame or two after a selection. */
static GtkWidget *
find_widget (GtkWidget  *widget,
             GType       type,
             const char *css_class_of_parent)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GtkWidget *found;

  while (!(found = find_widget_now (widget, type, css_class_of_parent)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  return found;
}

static GtkWidget *
find_widget_now (GtkWidget  *widget,
                 GType       type,
                 const char *css_class_of_parent)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) && gtk_widget_get_mapped (child) &&
          (css_class_of_parent == NULL || gtk_widget_has_css_class (widget, css_class_of_parent)))
        return child;
      if ((found = find_widget_now (child, type, css_class_of_parent)))
        return found;
    }

  return NULL;
}

/* Removing a tag in the detail and clearing a note are undone too. */
static void
detail_edits_undo (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GError) error = NULL;
  gint64 id = proc_paper_list_get_id (window->papers, 6);
  GtkWidget *remove_button;
  GtkTextView *note_view;
  GtkTextBuffer *buffer;

  g_assert_true (proc_store_add_tag (store, &id, 1, "keeper", &error));
  g_assert_true (proc_store_set_note (store, id, "A note worth keeping.", &error));
  proc_store_check_external_changes (window->store);
  select_positions (window, (guint[]) { 6 }, 1);
  wait_ms (300);

  remove_button = find_widget (GTK_WIDGET (window->detail_view), GTK_TYPE_BUTTON, "tag-chip");
  g_assert_nonnull (remove_button);
  g_signal_emit_by_name (remove_button, "clicked");
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "tag:keeper"), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "tag:keeper"), ==, 1);

  note_view = GTK_TEXT_VIEW (find_widget (GTK_WIDGET (window->detail_view), GTK_TYPE_TEXT_VIEW, NULL));
  g_assert_nonnull (note_view);
  buffer = gtk_text_view_get_buffer (note_view);
  gtk_text_buffer_set_text (buffer, "", -1);
  g_assert_true (proc_detail_view_save_note (window->detail_view));
  g_assert_cmpuint (proc_store_count (store, "has:note"), ==, 1);   /* the one from delete-and-undo */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "worth"), ==, 1);
}

static GObject *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type) &&
          (!GTK_IS_GESTURE_SINGLE (controller) ||
           gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_SECONDARY))
        return controller;
    }

  return NULL;
}

/* The dialog that asks for a name, over the window. */
static AdwAlertDialog *
find_dialog (void)
{
  return ADW_ALERT_DIALOG (dialog_wait_shown (ADW_TYPE_ALERT_DIALOG));
}

/* Types @name in the dialog's entry and clicks its accepting button. */
static void
answer_name (AdwAlertDialog *dialog,
             const char     *name)
{
  gtk_editable_set_text (GTK_EDITABLE (adw_alert_dialog_get_extra_child (dialog)), name);
  alert_dialog_respond (dialog, "ok");
}

/* Opens the row's context menu as a right-click does, and closes it as
 * choosing an item does, so the item's action then runs as it would. */
static void
right_click (GtkWidget *row)
{
  GObject *click = find_controller (row, GTK_TYPE_GESTURE_CLICK);

  g_assert_nonnull (click);
  g_signal_emit_by_name (click, "released", 1, 5.0, 5.0);
  wait_ms (100);
  for (GtkWidget *child = gtk_widget_get_first_child (row); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      gtk_popover_popdown (GTK_POPOVER (child));
  wait_ms (100);
}

/* Right-click a tag: rename it, colour it, delete it and undo. */
static void
tag_menu (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GError) error = NULL;
  GtkWidget *row;
  AdwAlertDialog *dialog;

  wait_ms (200);
  row = proc_sidebar_find_row (window->sidebar, "to read");
  g_assert_nonnull (row);

  right_click (row);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.tag-colour", "s", "#e01b24"));
  wait_ms (100);
  {
    g_autoptr(ProcCollectionList) tags = proc_collection_list_new (store, PROC_COLLECTION_KIND_TAG);
    g_assert_cmpstr (proc_collection_get_colour (proc_collection_list_lookup (tags, "to read")), ==, "#e01b24");
  }

  right_click (row);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.rename-tag", NULL));
  wait_ms (200);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  answer_name (dialog, "must read");
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "tag:\"must read\""), ==, 6);
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "must read"));

  row = proc_sidebar_find_row (window->sidebar, "must read");
  right_click (row);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.delete-tag", NULL));
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "tag:\"must read\""), ==, 0);
  g_assert_null (proc_sidebar_find_row (window->sidebar, "must read"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  g_assert_cmpuint (proc_store_count (store, "tag:\"must read\""), ==, 6);
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "must read"));

  /* All the while the list showed what it showed: all papers. */
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "");
}

/* Reading lists.  Ids in a list's order, as the window shows them and as
 * the library holds them. */
static char *
shown_ids (ProcWindow *window)
{
  GString *out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (window->papers));

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? " " : "", proc_paper_list_get_id (window->papers, i));

  return g_string_free (out, FALSE);
}

static char *
stored_ids (ProcStore  *store,
            const char *filter)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (store, filter, NULL, PROC_SORT_ADDED, FALSE, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? " " : "", g_array_index (ids, gint64, i));

  return g_string_free (out, FALSE);
}

#define assert_order(window, store, filter, expected) G_STMT_START { \
  g_autofree char *shown_ = shown_ids (window); \
  g_autofree char *stored_ = stored_ids (store, filter); \
  g_assert_cmpstr (shown_, ==, expected); \
  g_assert_cmpstr (stored_, ==, expected); \
} G_STMT_END

static char *
ids_text (const gint64 *ids,
          guint         n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? " " : "", ids[i]);

  return g_string_free (out, FALSE);
}

static void
show_sidebar_row (ProcWindow *window,
                  const char *label)
{
  GtkWidget *row = proc_sidebar_find_row (window->sidebar, label);

  g_assert_nonnull (row);
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
  wait_ms (200);
}

static gboolean
focus_in_list (ProcWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == GTK_WIDGET (window->list_view) ||
                           gtk_widget_is_ancestor (focus, GTK_WIDGET (window->list_view)));
}

/* Presses a key of the paper list as its shortcut controller sees it. */
static void
press_list_key (ProcWindow      *window,
                guint            keyval,
                GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window->list_view));
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, modifiers);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            {
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                            GTK_WIDGET (window->list_view), gtk_shortcut_get_arguments (shortcut));
              wait_ms (200);
              return;
            }
        }
    }

  g_error ("No shortcut for key %u with modifiers %x", keyval, modifiers);
}

/* The row of @position once the list view has drawn it. */
static ProcPaperRow *
wait_for_row (ProcWindow *window,
              guint       position)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  ProcPaperRow *row;

  while (!(row = row_for_position (window, position)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  return row;
}

static GtkDropTarget *
row_drop_target (ProcPaperRow *row)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (row));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }

  return NULL;
}

/* Drops @id on the row at @position, in its upper or lower half. */
static gboolean
drop_on_row (ProcWindow *window,
             guint       position,
             gint64      id,
             gboolean    lower)
{
  ProcPaperRow *row = wait_for_row (window, position);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  GtkDropTarget *target;
  GValue value = G_VALUE_INIT;
  GdkDragAction action = 0;
  gboolean accepted = FALSE;
  double y;

  g_assert_nonnull (row);
  target = row_drop_target (row);
  g_assert_nonnull (target);
  y = lower ? gtk_widget_get_height (GTK_WIDGET (row)) - 2.0 : 2.0;

  /* Hovering marks the edge the paper goes to. */
  g_signal_emit_by_name (target, "motion", 5.0, y, &action);
  if (action != 0)
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), lower ? "drop-below" : "drop-above"));

  g_array_append_val (ids, id);
  g_value_init (&value, PROC_TYPE_PAPER_IDS);
  g_value_set_boxed (&value, ids);
  g_signal_emit_by_name (target, "drop", &value, 5.0, y, &accepted);
  g_value_unset (&value);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "drop-above"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "drop-below"));
  wait_ms (200);

  g_assert_true ((action != 0) == accepted);
  return accepted;
}

/* The menu item of @action in @model or its sections and submenus, with
 * its label. */
static gboolean
menu_has (GMenuModel  *model,
          const char  *action,
          char       **label)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_strcmp0 (name, action) == 0)
        {
          if (label != NULL)
            g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", label);
          return TRUE;
        }

      while (g_menu_link_iter_get_next (links, NULL, &link))
        {
          gboolean found = menu_has (link, action, label);

          g_object_unref (link);
          if (found)
            return TRUE;
        }
    }

  return FALSE;
}

/* Opens the paper's context menu and hands back its model. */
static GMenuModel *
paper_menu (ProcWindow *window,
            guint       position)
{
  ProcPaperRow *row = wait_for_row (window, position);
  GMenuModel *model = NULL;

  g_assert_nonnull (row);
  _proc_window_show_context_menu (window, GTK_WIDGET (row), 5.0, 5.0);
  wait_ms (100);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (row)); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER_MENU (child))
      {
        model = g_object_ref (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (child)));
        gtk_popover_popdown (GTK_POPOVER (child));
      }
  wait_ms (100);
  g_assert_nonnull (model);

  return model;
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if ((GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), text) == 0) ||
        has_label (child, text))
      return TRUE;

  return FALSE;
}

/* A toast saying @text, within five seconds. */
static gboolean
toast_shown (ProcWindow *window,
             const char *text)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!has_label (GTK_WIDGET (window->toast_overlay), text) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  return has_label (GTK_WIDGET (window->toast_overlay), text);
}

static gint64 deadline_ids[4];

/* A list shown in its order whatever the sort; moved by keys and drops. */
static void
reading_list_order (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GError) error = NULL;
  g_autofree char *order = NULL;
  const char *filter = "reading-list:\"Deadline\"";
  gint64 list, *d = deadline_ids;
  char *expected;

  wait_ms (200);
  for (guint i = 0; i < 4; i++)
    d[i] = proc_paper_list_get_id (window->papers, (guint[]) { 5, 2, 9, 0 }[i]);
  list = proc_store_create_reading_list (store, "Deadline", &error);
  g_assert_true (proc_store_add_to_reading_list (store, list, d, 4, &error));
  g_assert_no_error (error);
  proc_store_check_external_changes (window->store);
  wait_ms (200);

  show_sidebar_row (window, "Deadline");
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, filter);
  g_assert_cmpstr (adw_window_title_get_title (window->list_title), ==, "Deadline");
  g_assert_cmpuint (count_rows_shown (window, 4), ==, 4);
  order = ids_text (d, 4);
  assert_order (window, store, filter, order);

  /* The sort key is for the other views; the list keeps its order. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.sort-key", "s", "title"));
  wait_ms (100);
  assert_order (window, store, filter, order);

  /* Alt+Up and Alt+Down move the selected paper; it stays selected and
   * the list keeps the keyboard focus. */
  select_positions (window, (guint[]) { 2 }, 1);
  gtk_widget_grab_focus (GTK_WIDGET (window->list_view));
  wait_ms (100);
  g_assert_true (focus_in_list (window));
  press_list_key (window, GDK_KEY_Up, GDK_ALT_MASK);
  expected = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                              d[0], d[2], d[1], d[3]);
  assert_order (window, store, filter, expected);
  g_free (expected);
  g_assert_true (gtk_selection_model_is_selected (proc_window_get_selection (window), 1));
  g_assert_true (focus_in_list (window));
  g_assert_true (toast_shown (window, "Moved 1 paper in “Deadline”"));

  press_list_key (window, GDK_KEY_Down, GDK_ALT_MASK);
  press_list_key (window, GDK_KEY_Down, GDK_ALT_MASK);
  expected = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                              d[0], d[1], d[3], d[2]);
  assert_order (window, store, filter, expected);
  /* At the end already: nothing moves. */
  press_list_key (window, GDK_KEY_Down, GDK_ALT_MASK);
  assert_order (window, store, filter, expected);
  g_free (expected);
  g_assert_true (gtk_selection_model_is_selected (proc_window_get_selection (window), 3));

  /* Ctrl+Z, three times: the order it had. */
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  assert_order (window, store, filter, order);

  /* Dropped on the upper half of the first row: before it; on the lower
   * half of the last: after it, at the end. */
  g_assert_true (drop_on_row (window, 0, d[3], FALSE));
  expected = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                              d[3], d[0], d[1], d[2]);
  assert_order (window, store, filter, expected);
  g_free (expected);
  g_assert_true (drop_on_row (window, 3, d[0], TRUE));
  expected = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                              d[3], d[1], d[2], d[0]);
  assert_order (window, store, filter, expected);
  g_free (expected);
  g_assert_true (gtk_selection_model_is_selected (proc_window_get_selection (window), 3));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  assert_order (window, store, filter, order);

  /* Ranked by a search, or in another view, the rows take no drop. */
  gtk_search_bar_set_search_mode (window->search_bar, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.sort-key", "s", "relevance"));
  search_for (window, "the");
  g_assert_null (proc_paper_list_get_reading_list (window->papers));
  if (g_list_model_get_n_items (G_LIST_MODEL (window->papers)) > 1)
    g_assert_false (drop_on_row (window, 0, proc_paper_list_get_id (window->papers, 1), FALSE));
  search_for (window, "");
  gtk_search_bar_set_search_mode (window->search_bar, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.sort-key", "s", "added"));
  assert_order (window, store, filter, order);

  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (200);
  g_assert_false (drop_on_row (window, 0, proc_paper_list_get_id (window->papers, 3), FALSE));
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 38);
}

/* Remove from Reading List: in the menu only while a list is shown;
 * undone, the papers are back where they were. */
static void
reading_list_remove (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GMenuModel) all_menu = NULL;
  g_autoptr(GMenuModel) list_menu = NULL;
  g_autofree char *order = ids_text (deadline_ids, 4);
  g_autofree char *expected = NULL;
  const char *filter = "reading-list:\"Deadline\"";

  wait_ms (200);
  all_menu = paper_menu (window, 0);
  g_assert_false (menu_has (all_menu, "win.remove-from-reading-list", NULL));
  g_assert_false (menu_has (all_menu, "win.move-up", NULL));

  show_sidebar_row (window, "Deadline");
  g_assert_cmpuint (count_rows_shown (window, 4), ==, 4);
  list_menu = paper_menu (window, 1);
  g_assert_true (menu_has (list_menu, "win.remove-from-reading-list", NULL));
  g_assert_true (menu_has (list_menu, "win.move-up", NULL));
  g_assert_true (menu_has (list_menu, "win.move-down", NULL));

  select_positions (window, (guint[]) { 1, 2 }, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-from-reading-list", NULL));
  wait_ms (200);
  expected = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT, deadline_ids[0], deadline_ids[3]);
  assert_order (window, store, filter, expected);
  g_assert_cmpuint (sidebar_count (window, "Deadline"), ==, 2);
  g_assert_true (toast_shown (window, "Removed 2 papers from “Deadline”"));
  /* The papers themselves stay in the library. */
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 38);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  assert_order (window, store, filter, order);
  g_assert_cmpuint (sidebar_count (window, "Deadline"), ==, 4);

  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (100);
}

/* Right-click a reading list: rename it (not to a name taken), delete it
 * and undo, while it is shown. */
static void
reading_list_menu (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GError) error = NULL;
  g_autofree char *order = ids_text (deadline_ids, 4);
  AdwAlertDialog *dialog;
  GtkWidget *row;

  wait_ms (200);
  g_assert_cmpint (proc_store_create_reading_list (store, "Later", &error), >, 0);
  proc_store_check_external_changes (window->store);
  wait_ms (200);
  show_sidebar_row (window, "Deadline");
  select_positions (window, (guint[]) { 2 }, 1);

  /* Renamed while shown: still shown, the same paper selected. */
  right_click (proc_sidebar_find_row (window->sidebar, "Deadline"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.rename-reading-list", NULL));
  wait_ms (200);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (adw_alert_dialog_get_extra_child (dialog))), ==, "Deadline");
  answer_name (dialog, "Zebra papers");
  wait_ms (300);
  g_assert_cmpint (proc_store_lookup_reading_list (store, "Zebra papers"), >, 0);
  g_assert_cmpint (proc_store_lookup_reading_list (store, "Deadline"), ==, 0);
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "Zebra papers"));
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "reading-list:\"Zebra papers\"");
  g_assert_cmpstr (adw_window_title_get_title (window->list_title), ==, "Zebra papers");
  assert_order (window, store, "reading-list:\"Zebra papers\"", order);
  g_assert_true (gtk_selection_model_is_selected (proc_window_get_selection (window), 2));
  g_assert_true (toast_shown (window, "Renamed reading list “Deadline” to “Zebra papers”"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (300);
  g_assert_cmpint (proc_store_lookup_reading_list (store, "Deadline"), >, 0);
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "reading-list:\"Deadline\"");
  assert_order (window, store, "reading-list:\"Deadline\"", order);

  /* A name another list has: refused, and the toast says why. */
  right_click (proc_sidebar_find_row (window->sidebar, "Deadline"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.rename-reading-list", NULL));
  wait_ms (200);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  answer_name (dialog, "later");
  wait_ms (200);
  g_assert_true (toast_shown (window, "There is already a reading list “Later”"));
  g_assert_cmpint (proc_store_lookup_reading_list (store, "Deadline"), >, 0);
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "reading-list:\"Deadline\"");

  /* Deleted while shown: All Papers; Undo brings the list, its order and
   * the view back. */
  row = proc_sidebar_find_row (window->sidebar, "Deadline");
  right_click (row);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.delete-reading-list", NULL));
  wait_ms (200);
  g_assert_cmpint (proc_store_lookup_reading_list (store, "Deadline"), ==, 0);
  g_assert_null (proc_sidebar_find_row (window->sidebar, "Deadline"));
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 38);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 38);
  g_assert_true (toast_shown (window, "Deleted reading list “Deadline”"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (300);
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "Deadline"));
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "reading-list:\"Deadline\"");
  assert_order (window, store, "reading-list:\"Deadline\"", order);
  g_assert_cmpuint (sidebar_count (window, "Deadline"), ==, 4);

  /* Deleted while another entry is shown: that stays shown. */
  proc_sidebar_select_query (window->sidebar, "is:unread");
  wait_ms (100);
  right_click (proc_sidebar_find_row (window->sidebar, "Later"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.delete-reading-list", NULL));
  wait_ms (200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (200);
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "Later"));
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "is:unread");

  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (100);
}

static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        return child;
      if ((found = find_action_button (child, action)))
        return found;
    }

  return NULL;
}

/* The heading's "+" with no reading list at all, the empty list's page,
 * and a new list from the selection, in the order shown. */
static void
reading_list_create (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GMenuModel) menu = NULL;
  g_autofree char *label = NULL;
  g_autofree char *expected = NULL;
  AdwAlertDialog *dialog;
  GtkWidget *add;
  gint64 first, second;
  sqlite3 *raw;

  /* No reading list left: the heading and its button stay. */
  g_assert_cmpint (sqlite3_open (library, &raw), ==, SQLITE_OK);
  sqlite3_busy_timeout (raw, 5000);
  g_assert_cmpint (sqlite3_exec (raw, "PRAGMA foreign_keys = ON; DELETE FROM reading_lists", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
  proc_store_check_external_changes (window->store);
  wait_ms (300);
  g_assert_null (proc_sidebar_find_row (window->sidebar, "Deadline"));
  add = find_action_button (GTK_WIDGET (window->sidebar), "sidebar.new-reading-list");
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_get_mapped (add));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (add), ==, "New Reading List");

  g_signal_emit_by_name (add, "clicked");
  wait_ms (200);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  answer_name (dialog, "Fresh");
  wait_ms (300);
  g_assert_cmpint (proc_store_lookup_reading_list (store, "Fresh"), >, 0);
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "reading-list:\"Fresh\"");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->list_stack), ==, "empty-reading-list");
  g_assert_nonnull (strstr (adw_status_page_get_description (window->empty_reading_list_page), "“Fresh”"));
  g_assert_true (toast_shown (window, "Created reading list “Fresh”"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (300);
  g_assert_cmpint (proc_store_lookup_reading_list (store, "Fresh"), ==, 0);
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->list_stack), ==, "papers");

  /* Two papers, selected bottom first: the list has them in the order shown. */
  first = proc_paper_list_get_id (window->papers, 1);
  second = proc_paper_list_get_id (window->papers, 3);
  select_positions (window, (guint[]) { 3, 1 }, 2);
  menu = paper_menu (window, 1);
  g_assert_true (menu_has (menu, "win.new-reading-list", &label));
  g_assert_cmpstr (label, ==, "New Reading List from _Selection…");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-reading-list", NULL));
  wait_ms (200);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  answer_name (dialog, "Picked");
  wait_ms (300);
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "reading-list:\"Picked\"");
  expected = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT, first, second);
  assert_order (window, store, "reading-list:\"Picked\"", expected);
  g_assert_true (gtk_selection_model_is_selected (proc_window_get_selection (window), 0));
  g_assert_true (gtk_selection_model_is_selected (proc_window_get_selection (window), 1));
  g_assert_true (toast_shown (window, "Created reading list “Picked” with 2 papers"));

  /* Left in the library for the screenshots of a later run; All Papers shown. */
  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (100);
  g_assert_no_error (error);
}

/* A note typed in the detail is there after the window closed and opened. */
static void
type_note (ProcWindow *window)
{
  GtkTextView *note_view;

  select_positions (window, (guint[]) { 8 }, 1);
  wait_ms (300);
  note_view = GTK_TEXT_VIEW (find_widget (GTK_WIDGET (window->detail_view), GTK_TYPE_TEXT_VIEW, NULL));
  g_assert_nonnull (note_view);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (note_view), "Typed just before closing.", -1);
  /* No wait for the autosave: closing the window must save it. */
}

static void
check_note (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  GtkTextView *note_view;
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  g_assert_cmpuint (proc_store_count (store, "\"typed just before closing\""), ==, 1);
  wait_ms (300);
  /* The last paper shown comes back with its note. */
  note_view = GTK_TEXT_VIEW (find_widget (GTK_WIDGET (window->detail_view), GTK_TYPE_TEXT_VIEW, NULL));
  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (note_view), &start, &end);
  text = gtk_text_buffer_get_text (gtk_text_view_get_buffer (note_view), &start, &end, FALSE);
  g_assert_cmpstr (text, ==, "Typed just before closing.");
}

/* A long import shows its progress, and Cancel leaves nothing behind. */
static void
import_progress_and_cancel (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autofree char *path = g_build_filename (g_get_home_dir (), "big.txt", NULL);
  g_autoptr(GString) text = g_string_new ("A big synthetic list\n\n");
  g_autoptr(GFile) file = NULL;
  guint before = proc_store_count (store, NULL);
  double seen_fraction = 0;
  gboolean revealed = FALSE;
  gint64 end;

  for (guint i = 0; i < 60000; i++)
    g_string_append_printf (text, "Synthetic abstract number %u studies a problem of size %u with care.\n\n", i, i * 7);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  file = g_file_new_for_path (path);

  proc_window_import_files (window, &file, 1);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end && (seen_fraction < 0.05 || !revealed))
    {
      g_main_context_iteration (NULL, FALSE);
      revealed |= gtk_revealer_get_reveal_child (window->import_revealer);
      seen_fraction = gtk_progress_bar_get_fraction (window->import_progress);
    }
  g_assert_true (revealed);
  g_assert_cmpfloat (seen_fraction, >, 0.0);
  g_test_message ("progress reached %.0f%% before Cancel", seen_fraction * 100);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-import", NULL));
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end && window->import_cancellable != NULL)
    g_main_context_iteration (NULL, FALSE);
  wait_ms (300);

  g_assert_null (window->import_cancellable);
  g_assert_false (gtk_revealer_get_reveal_child (window->import_revealer));
  /* Cancelled on purpose: no dialog says the import failed. */
  g_assert_null (dialog_find_shown (ADW_TYPE_DIALOG));
  g_assert_cmpuint (proc_store_count (store, NULL), ==, before);
  g_assert_cmpuint (proc_store_count (store, "list:\"A big synthetic list\""), ==, 0);
}

/* The keyboard shortcuts, from the menu's action and Ctrl+?: the dialog of
 * this platform's libadwaita, listing the paper list's keys. */
static void
keyboard_shortcuts (ProcWindow *window)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, "app.shortcuts");
  g_auto(GStrv) overlay_accels = gtk_application_get_accels_for_action (app, "win.show-help-overlay");
  GtkWidget *shortcuts;

  /* Ctrl+? is the menu item's, and no other action's. */
  g_assert_cmpstrv (accels, ((const char *[]) { "<Control>question", NULL }));
  g_assert_cmpuint (g_strv_length (overlay_accels), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.shortcuts", NULL));
  shortcuts = shortcuts_wait_shown (GTK_WINDOW (window));
  g_assert_true (has_label (shortcuts, "Rate from none to five stars"));
  g_assert_true (has_label (shortcuts, "Next and previous paper, deciding nothing"));
  shortcuts_close (shortcuts);
}

/* A file that is not text: the dialog names it and why, Close closes it,
 * and nothing of it reached the library. */
static void
import_refused (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autofree char *path = g_build_filename (g_get_home_dir (), "binary.txt", NULL);
  static const char contents[] = "A list\n\nAn abstract\0with a NUL byte.\n";
  g_autoptr(GFile) file = NULL;
  guint before = proc_store_count (store, NULL);
  AdwAlertDialog *dialog;

  g_assert_true (g_file_set_contents (path, contents, sizeof contents - 1, NULL));
  file = g_file_new_for_path (path);
  proc_window_import_files (window, &file, 1);

  dialog = ADW_ALERT_DIALOG (dialog_wait_shown (ADW_TYPE_ALERT_DIALOG));
  g_assert_true (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)) == ADW_DIALOG (dialog));
  g_assert_cmpstr (adw_alert_dialog_get_heading (dialog), ==, "Could Not Import the Paper List");
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (dialog), "binary.txt:3: the file contains a NUL byte"));
  alert_dialog_respond (dialog, "close");
  g_assert_null (dialog_find_shown (ADW_TYPE_DIALOG));
  g_assert_cmpuint (proc_store_count (store, NULL), ==, before);
}

/* The window's list, once the model has caught up: whether a row shows @title. */
static gboolean
list_shows_title (ProcWindow *window,
                  const char *title)
{
  GListModel *model = G_LIST_MODEL (window->papers);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (model, i);

      if (g_strcmp0 (proc_paper_get_title (paper), title) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
wait_for_title (ProcWindow *window,
                const char *title,
                gboolean    shown)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (list_shows_title (window, title) != shown && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return list_shows_title (window, title) == shown;
}

/* PMLR's records of the bundled list's papers, imported through the
 * window: no paper is added, the list shows the official titles, and the
 * toast's Undo gives back the titles derived from the abstracts. */
static void
official_titles (ProcWindow *window)
{
  static const char official[] = "I/O Complexity of Attention, or How Optimal is FlashAttention?";
  g_autoptr(ProcStore) store = open_store ();
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", "bibtex",
                                            "icml2024-seed-pmlr.bib", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *derived = NULL;
  g_autofree char *label = NULL;
  guint before = proc_store_count (store, NULL);
  guint n_derived = 0;
  sqlite3_stmt *stmt = NULL;
  sqlite3 *raw;

  g_assert_cmpint (sqlite3_open (library, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (raw,
                                       "SELECT (SELECT derived_title FROM papers WHERE abstract LIKE 'Attention is at the heart%'),"
                                       " (SELECT count(*) FROM papers WHERE title_derived = 1 AND user_title IS NULL)",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  derived = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  n_derived = sqlite3_column_int (stmt, 1);
  sqlite3_finalize (stmt);
  sqlite3_close (raw);
  g_assert_nonnull (derived);
  g_assert_cmpuint (n_derived, >, 30);
  g_assert_true (list_shows_title (window, derived));

  proc_window_import_files (window, &file, 1);
  label = g_strdup_printf ("Gave %u papers their official titles", n_derived);
  g_assert_true (toast_shown (window, label));
  g_assert_true (wait_for_title (window, official, TRUE));
  g_assert_false (list_shows_title (window, derived));
  g_assert_cmpuint (proc_store_count (store, NULL), ==, before);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (wait_for_title (window, derived, TRUE));
  g_assert_false (list_shows_title (window, official));
  g_assert_cmpuint (proc_store_count (store, NULL), ==, before);
}

/* Settings: sort and the last sidebar entry and paper come back. */
static gint64 remembered_paper;

static void
change_settings (ProcWindow *window)
{
  g_autoptr(ProcStore) store = open_store ();
  g_autoptr(GError) error = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.sort-key", "s", "title"));
  proc_sidebar_select_query (window->sidebar, "has:code");
  wait_ms (200);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 7);
  select_positions (window, (guint[]) { 2 }, 1);
  remembered_paper = proc_paper_list_get_id (window->papers, 2);
}

static void
check_settings (ProcWindow *window)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (proc_window_get_selection (window));

  g_assert_cmpint (proc_paper_list_get_sort_key (window->papers), ==, PROC_SORT_TITLE);
  g_assert_cmpstr (proc_sidebar_get_filter (window->sidebar), ==, "has:code");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 7);
  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 1);
  g_assert_cmpint (proc_paper_list_get_id (window->papers, gtk_bitset_get_nth (selected, 0)), ==, remembered_paper);

  /* Back to defaults for the tests after. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.sort-key", "s", "added"));
  proc_sidebar_select_query (window->sidebar, "");
}

static void
collect_action_rows (GtkWidget *root,
                     GPtrArray *rows)
{
  if (ADW_IS_ACTION_ROW (root))
    g_ptr_array_add (rows, root);

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    collect_action_rows (c, rows);
}

/* The detail's row of Similar Papers for @paper, once the rows came. */
static GtkWidget *
similar_row_for (ProcWindow *window,
                 gint64      id)
{
  g_autoptr(ProcPaper) paper = proc_store_get_paper (window->store, id);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();

      wait_ms (20);
      collect_action_rows (GTK_WIDGET (window->detail_view), rows);
      for (guint i = 0; i < rows->len; i++)
        if (gtk_widget_get_mapped (g_ptr_array_index (rows, i)) &&
            g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), proc_paper_get_title (paper)) == 0)
          return g_ptr_array_index (rows, i);
    }

  return NULL;
}

static gint64
selected_id (ProcWindow *window)
{
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (window);

  return ids->len == 1 ? g_array_index (ids, gint64, 0) : 0;
}

/* A similar paper chosen in the detail: the list selects it when it has
 * it; when it does not, the list stays as it is, with nothing selected,
 * and the detail shows the paper until a row is chosen. */
static void
similar_papers (ProcWindow *window)
{
  GtkSelectionModel *selection = proc_window_get_selection (window);
  g_autoptr(GArray) pair = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *row;
  gint64 first, second;
  int position;

  proc_sidebar_select_query (window->sidebar, "");
  search_for (window, "");
  pair = proc_store_query_ids (window->store, NULL, "\"conformal prediction\"", PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pair->len, ==, 2);
  first = g_array_index (pair, gint64, 0);
  second = g_array_index (pair, gint64, 1);

  /* In the list: selected there, and so shown. */
  position = proc_paper_list_find (window->papers, first);
  g_assert_cmpint (position, >=, 0);
  gtk_selection_model_select_item (selection, position, TRUE);
  row = similar_row_for (window, second);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_activate (row));
  wait_ms (100);
  g_assert_cmpint (selected_id (window), ==, second);
  g_assert_cmpint (proc_paper_get_id (proc_detail_view_get_paper (window->detail_view)), ==, second);

  /* Not in the list: shown in the detail, the list as it was. */
  search_for (window, "factuality");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 1);
  g_assert_cmpint (proc_paper_list_get_id (window->papers, 0), ==, first);
  gtk_selection_model_select_item (selection, 0, TRUE);
  row = similar_row_for (window, second);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_activate (row));
  wait_ms (100);
  g_assert_cmpint (selected_id (window), ==, 0);
  g_assert_cmpint (proc_paper_get_id (proc_detail_view_get_paper (window->detail_view)), ==, second);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->search_entry)), ==, "factuality");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 1);

  /* It stays through an edit and another search... */
  g_assert_true (proc_store_set_starred (window->store, &second, 1, TRUE, &error));
  g_assert_no_error (error);
  search_for (window, "conformal factuality");
  wait_ms (100);
  g_assert_cmpint (proc_paper_get_id (proc_detail_view_get_paper (window->detail_view)), ==, second);
  g_assert_true (proc_store_set_starred (window->store, &second, 1, FALSE, &error));

  /* ...until a row is chosen. */
  gtk_selection_model_select_item (selection, 0, TRUE);
  wait_ms (100);
  g_assert_cmpint (proc_paper_get_id (proc_detail_view_get_paper (window->detail_view)), ==, first);

  /* Deleted while shown outside the list, it leaves the detail. */
  row = similar_row_for (window, second);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_activate (row));
  wait_ms (100);
  g_assert_cmpint (proc_paper_get_id (proc_detail_view_get_paper (window->detail_view)), ==, second);
  undo = proc_store_delete_papers_undoable (window->store, &second, 1, &error);
  g_assert_no_error (error);
  wait_ms (100);
  g_assert_null (proc_detail_view_get_paper (window->detail_view));
  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);

  search_for (window, "");
}

/* What a person sees of the window: which of its three panes are shown,
 * once the pages' transition has ended, however long the frames take
 * (seconds at times under the sanitizers). */
static void
assert_panes (ProcWindow *window,
              gboolean    sidebar,
              gboolean    list,
              gboolean    detail)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end &&
         (gtk_widget_get_mapped (GTK_WIDGET (window->sidebar_pane)) != sidebar ||
          gtk_widget_get_mapped (GTK_WIDGET (window->list_pane)) != list ||
          gtk_widget_get_mapped (GTK_WIDGET (window->detail_pane)) != detail))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_mapped (GTK_WIDGET (window->sidebar_pane)), ==, sidebar);
  g_assert_cmpint (gtk_widget_get_mapped (GTK_WIDGET (window->list_pane)), ==, list);
  g_assert_cmpint (gtk_widget_get_mapped (GTK_WIDGET (window->detail_pane)), ==, detail);
}

static void
narrow (ProcWindow *window)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!adw_navigation_split_view_get_collapsed (window->browse_view) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_test_message ("narrow window: %d px", gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_true (adw_navigation_split_view_get_collapsed (window->outer_view));
  g_assert_true (adw_navigation_split_view_get_collapsed (window->browse_view));
  g_assert_true (gtk_widget_get_width (GTK_WIDGET (window)) <= 400);
  assert_panes (window, FALSE, TRUE, FALSE);

  /* Collapsed, choosing a sidebar entry shows its papers, Enter the detail. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  assert_panes (window, TRUE, FALSE, FALSE);
  proc_sidebar_select_query (window->sidebar, "is:unread");
  assert_panes (window, FALSE, TRUE, FALSE);
  g_assert_cmpstr (adw_navigation_page_get_title (window->list_pane), ==, "Unread");
  g_signal_emit_by_name (window->list_view, "activate", 0);
  assert_panes (window, FALSE, FALSE, TRUE);
  proc_sidebar_select_query (window->sidebar, "");
}

static void
test_browse_and_annotate (void)
{
  run_app (browse_and_annotate);
}

static void
test_rows_reused (void)
{
  run_app (rows_reused);
}

/* Its own library, then back to the one the tests share. */
static void
test_few_rows_held (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  char *shared = library;
  ProcStore *store = synthetic_library_new (MANY_PAPERS, &dir);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);

  g_assert_no_error (error);
  g_settings_set_int64 (settings, "last-paper", g_array_index (ids, gint64, MANY_PAPERS * 3 / 4));
  g_object_unref (store);
  path = g_build_filename (dir, "library.db", NULL);
  library = path;
  run_app (few_rows_held);
  library = shared;
  g_settings_reset (settings, "last-paper");
  synthetic_library_remove (dir);
}

static void
test_search_at_once (void)
{
  run_app (search_at_once);
}

static void
test_delete_and_undo (void)
{
  run_app (delete_and_undo);
}

static void
test_detail_edits_undo (void)
{
  run_app (detail_edits_undo);
}

static void
test_tag_menu (void)
{
  run_app (tag_menu);
}

static void
test_reading_list_order (void)
{
  run_app (reading_list_order);
}

static void
test_reading_list_remove (void)
{
  run_app (reading_list_remove);
}

static void
test_reading_list_menu (void)
{
  run_app (reading_list_menu);
}

static void
test_reading_list_create (void)
{
  run_app (reading_list_create);
}

static void
test_note_survives_restart (void)
{
  run_app (type_note);
  run_app (check_note);
}

static void
test_import_progress_and_cancel (void)
{
  run_app (import_progress_and_cancel);
}

static void
test_keyboard_shortcuts (void)
{
  run_app (keyboard_shortcuts);
}

static void
test_import_refused (void)
{
  run_app (import_refused);
}

static void
test_official_titles (void)
{
  run_app (official_titles);
}

static void
test_settings_restored (void)
{
  run_app (change_settings);
  run_app (check_settings);
}

static void
test_similar_papers (void)
{
  run_app (similar_papers);
}

/* The window opens at the size it was closed at: 360 px here. */
static void
test_narrow (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_set_int (settings, "window-width", 360);
  g_settings_set_int (settings, "window-height", 640);
  run_app (narrow);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-home-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *cache = g_build_filename (home, ".cache", NULL);

  /* A throw-away home; not G_TEST_OPTION_ISOLATE_DIRS, which hides the
   * icon theme and MIME database along with XDG_DATA_DIRS. */
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  library = g_build_filename (home, "library.db", NULL);

  g_test_init (&argc, &argv, NULL);

  /* In order: each starts from the library the one before left. */
  g_test_add_func ("/main-window/browse-and-annotate", test_browse_and_annotate);
  g_test_add_func ("/main-window/rows-reused", test_rows_reused);
  g_test_add_func ("/main-window/few-rows-held", test_few_rows_held);
  g_test_add_func ("/main-window/search-at-once", test_search_at_once);
  g_test_add_func ("/main-window/delete-and-undo", test_delete_and_undo);
  g_test_add_func ("/main-window/detail-edits-undo", test_detail_edits_undo);
  g_test_add_func ("/main-window/tag-menu", test_tag_menu);
  g_test_add_func ("/main-window/reading-list-order", test_reading_list_order);
  g_test_add_func ("/main-window/reading-list-remove", test_reading_list_remove);
  g_test_add_func ("/main-window/reading-list-menu", test_reading_list_menu);
  g_test_add_func ("/main-window/reading-list-create", test_reading_list_create);
  g_test_add_func ("/main-window/note-survives-restart", test_note_survives_restart);
  g_test_add_func ("/main-window/import-progress-and-cancel", test_import_progress_and_cancel);
  g_test_add_func ("/main-window/import-refused", test_import_refused);
  g_test_add_func ("/main-window/keyboard-shortcuts", test_keyboard_shortcuts);
  g_test_add_func ("/main-window/settings-restored", test_settings_restored);
  g_test_add_func ("/main-window/similar-papers", test_similar_papers);
  g_test_add_func ("/main-window/narrow", test_narrow);
  /* Last: it gives the papers their authors and links. */
  g_test_add_func ("/main-window/official-titles", test_official_titles);

  return g_test_run ();
}
