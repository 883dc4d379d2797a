/* test-watchlists-window.c: watchlists made, shown, marked and kept, in the real window
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gstdio.h>

#include "proc-sidebar-row.h"
#include "proc-utils.h"
#include "dialog-common.h"
#include "window-common.h"

/* The alert dialog shown over the window, once it is: not one answered
 * before. */
static AdwAlertDialog *
open_dialog (void)
{
  AdwAlertDialog *dialog = ADW_ALERT_DIALOG (dialog_wait_shown (ADW_TYPE_ALERT_DIALOG));

  g_assert_null (g_object_get_data (G_OBJECT (dialog), "test-answered"));
  g_object_set_data (G_OBJECT (dialog), "test-answered", GINT_TO_POINTER (TRUE));
  return dialog;
}

/* The dialog's entries, in their order: words, then name. */
static GtkEditable *
dialog_entry (AdwAlertDialog *dialog,
              guint           n)
{
  GtkWidget *box = adw_alert_dialog_get_extra_child (dialog);
  guint i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_ENTRY (child) && i++ == n)
      return GTK_EDITABLE (child);

  g_error ("No entry %u in the dialog", n);
}

static void
respond (AdwAlertDialog *dialog,
         const char     *response)
{
  alert_dialog_respond (dialog, response);
  wait_ms (100);
}

static gboolean
label_says (AdwAlertDialog *dialog,
            const char     *text)
{
  return has_label (adw_alert_dialog_get_extra_child (dialog), text);
}

static guint
count_of (const char *where)
{
  g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM papers WHERE %s", where);
  g_autofree char *n = raw_text (sql);

  return atoi (n);
}

/* A search becomes a watchlist: the sidebar shows it with its count, the
 * list its papers, the detail and the card its words in colour. */
static void
watch_a_search (ProcWindow *window)
{
  const char *words = "\"conformal prediction\" OR \"stochastic block\"";
  guint expected = count_of ("abstract LIKE '%conformal prediction%' OR abstract LIKE '%stochastic block%'");
  g_autofree char *finds = g_strdup_printf ("Finds %u papers in the library", expected);
  g_autofree char *stored = NULL;
  g_autofree char *abstract = NULL;
  AdwAlertDialog *dialog;
  GtkWidget *row;

  wait_ms (200);
  g_assert_cmpint (expected, >=, 4);
  gtk_search_bar_set_search_mode (window->search_bar, TRUE);
  search_for (window, words);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, expected);

  click (find_by_id (GTK_WIDGET (window), "watch_button"));
  dialog = open_dialog ();
  g_assert_cmpstr (adw_alert_dialog_get_heading (dialog), ==, "New Watchlist");
  g_assert_cmpstr (gtk_editable_get_text (dialog_entry (dialog, 0)), ==, words);
  g_assert_cmpstr (gtk_editable_get_text (dialog_entry (dialog, 1)), ==, "conformal prediction, stochastic block");
  g_assert_true (label_says (dialog, finds));

  /* The count follows the words as they are typed; no words, no watchlist. */
  gtk_editable_set_text (dialog_entry (dialog, 0), "");
  g_assert_false (adw_alert_dialog_get_response_enabled (dialog, "save"));
  g_assert_false (gtk_widget_is_sensitive (alert_dialog_button (dialog, "save")));
  gtk_editable_set_text (dialog_entry (dialog, 0), words);
  g_assert_true (label_says (dialog, finds));
  gtk_editable_set_text (dialog_entry (dialog, 1), "Uncertainty and graphs");
  respond (dialog, "save");

  stored = raw_text ("SELECT name || ':' || query FROM watchlists");
  g_assert_cmpstr (stored, ==, "Uncertainty and graphs:\"conformal prediction\" OR \"stochastic block\"");
  row = proc_sidebar_find_row (window->sidebar, "Uncertainty and graphs");
  g_assert_nonnull (row);
  g_assert_cmpuint (sidebar_count (window, "Uncertainty and graphs"), ==, expected);
  g_assert_true (gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, words);
  g_assert_cmpstr (proc_paper_list_get_filter (window->papers), ==, words);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->search_entry)), ==, "");
  search_for (window, "");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, expected);

  /* The detail marks the words in blue. */
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (window->selection), 0, TRUE);
  wait_ms (200);
  abstract = g_utf8_strdown (gtk_label_get_label (GTK_LABEL (find_by_id (GTK_WIDGET (window->detail_view),
                                                                            "abstract_label"))), -1);
  {
    g_autofree char *open = g_utf8_strdown (PROC_WATCHED_OPEN, -1);

    g_assert_nonnull (strstr (abstract, open));
  }
  g_assert_true (strstr (abstract, "conformal prediction</span>") != NULL ||
                 strstr (abstract, "stochastic block</span>") != NULL);

  /* So does the triage card; the watchlist is a view to triage. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.triage-mode", NULL));
  wait_ms (200);
  {
    g_autofree char *card = g_utf8_strdown (gtk_label_get_label (GTK_LABEL (find_by_id (GTK_WIDGET (window->triage_view),
                                                                                          "abstract_label"))), -1);
    g_autofree char *progress = g_strdup_printf ("0 / %u triaged", expected);

    g_assert_nonnull (strstr (card, "</span>"));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_by_id (GTK_WIDGET (window->triage_view), "progress_label"))),
                     ==, progress);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.triage-mode", NULL));
  wait_ms (100);
}

/* Edited from its menu: new words, a new count, the list follows. */
static void
edit_from_the_menu (ProcWindow *window)
{
  GtkWidget *row;
  AdwAlertDialog *dialog;
  guint expected = count_of ("abstract LIKE '%conformal prediction%'");
  g_autofree char *stored = NULL;

  wait_ms (200);
  row = proc_sidebar_find_row (window->sidebar, "Uncertainty and graphs");
  g_assert_nonnull (row);
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
  wait_ms (100);

  right_click (row);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.edit-watchlist", NULL));
  dialog = open_dialog ();
  g_assert_cmpstr (adw_alert_dialog_get_heading (dialog), ==, "Edit Watchlist");
  g_assert_cmpstr (gtk_editable_get_text (dialog_entry (dialog, 1)), ==, "Uncertainty and graphs");
  gtk_editable_set_text (dialog_entry (dialog, 0), "\"conformal prediction\"");
  /* Editing, the name stays as it was. */
  g_assert_cmpstr (gtk_editable_get_text (dialog_entry (dialog, 1)), ==, "Uncertainty and graphs");
  gtk_editable_set_text (dialog_entry (dialog, 1), "Conformal");
  respond (dialog, "save");

  stored = raw_text ("SELECT name || ':' || query FROM watchlists");
  g_assert_cmpstr (stored, ==, "Conformal:\"conformal prediction\"");
  g_assert_cmpuint (sidebar_count (window, "Conformal"), ==, expected);
  g_assert_cmpstr (proc_paper_list_get_filter (window->papers), ==, "\"conformal prediction\"");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, expected);

  /* A second watchlist may not take its name. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-watchlist", NULL));
  dialog = open_dialog ();
  gtk_editable_set_text (dialog_entry (dialog, 0), "diffusion");
  gtk_editable_set_text (dialog_entry (dialog, 1), "conformal");
  /* Enter in an entry saves, as the Create button does. */
  {
    g_autoptr(AdwDialog) held = g_object_ref (ADW_DIALOG (dialog));

    g_signal_emit_by_name (gtk_editable_get_delegate (dialog_entry (dialog, 1)), "activate");
    dialog_wait_closed (held);
  }
  g_assert_true (toast_shown (window, "There is already a watchlist “Conformal”"));
  g_free (stored);
  stored = raw_text ("SELECT count(*) FROM watchlists");
  g_assert_cmpstr (stored, ==, "1");
}

/* Next year's list, imported: its watched papers are counted in, and
 * the toast says how many of it the watchlists hold. */
static void
import_next_year (ProcWindow *window)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-next-year-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "icml-2025.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *text = "ICML 2025\n\n"
                     "We study conformal prediction for large language models and bound its coverage.\n\n"
                     "A new optimizer for transformers that halves the memory of Adam.\n\n"
                     "Split conformal prediction under label shift, with finite-sample guarantees.\n";
  guint before;
  gint64 end;

  wait_ms (200);
  before = sidebar_count (window, "Conformal");
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  proc_window_import_files (window, &file, 1);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end && sidebar_count (window, "Conformal") == before)
    g_main_context_iteration (NULL, FALSE);

  g_assert_cmpuint (sidebar_count (window, "Conformal"), ==, before + 2);
  g_assert_true (toast_shown (window, "icml-2025.txt: 3 papers added, 0 already in the library, 0 skipped; "
                                      "2 of them on your watchlists"));

  g_remove (path);
  g_rmdir (dir);
}

/* Deleted from its menu, and back with Undo. */
static void
delete_and_undo (ProcWindow *window)
{
  GtkWidget *row;
  g_autofree char *before = raw_text ("SELECT id || name || query || created_at FROM watchlists");
  g_autofree char *after = NULL;

  wait_ms (200);
  row = proc_sidebar_find_row (window->sidebar, "Conformal");
  right_click (row);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->sidebar), "sidebar.delete-watchlist", NULL));
  wait_ms (100);
  g_assert_null (proc_sidebar_find_row (window->sidebar, "Conformal"));
  after = raw_text ("SELECT count(*) FROM watchlists");
  g_assert_cmpstr (after, ==, "0");
  g_assert_true (toast_shown (window, "Deleted watchlist “Conformal”"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (100);
  g_free (after);
  after = raw_text ("SELECT id || name || query || created_at FROM watchlists");
  g_assert_cmpstr (after, ==, before);
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "Conformal"));
}

static void
test_watch_a_search (void)
{
  window_test_run (watch_a_search);
}

static void
test_edit_from_the_menu (void)
{
  window_test_run (edit_from_the_menu);
}

static void
test_import_next_year (void)
{
  window_test_run (import_next_year);
}

static void
test_delete_and_undo (void)
{
  window_test_run (delete_and_undo);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  window_test_init (&argc, &argv, "watchlists");

  /* In order: each starts from the library the one before left. */
  g_test_add_func ("/watchlists-window/watch-a-search", test_watch_a_search);
  g_test_add_func ("/watchlists-window/edit-from-the-menu", test_edit_from_the_menu);
  g_test_add_func ("/watchlists-window/import-next-year", test_import_next_year);
  g_test_add_func ("/watchlists-window/delete-and-undo", test_delete_and_undo);

  status = g_test_run ();
  window_test_finish ();
  return status;
}
