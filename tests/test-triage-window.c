/* test-triage-window.c: triaging a conference one card at a time, in the real window
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <adwaita.h>
#include <sqlite3.h>

#include "proc-paper-row.h"
#include "proc-tex.h"
#include "window-common.h"

static char *
decision_of (gint64 id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT triage || '/' || (triaged_at IS NOT NULL)"
                                          " FROM papers WHERE id = %" G_GINT64_FORMAT, id);

  return raw_text (sql);
}

static GtkWidget *
triage_child (ProcWindow *window,
              const char *id)
{
  GtkWidget *child = find_by_id (GTK_WIDGET (window->triage_view), id);

  g_assert_nonnull (child);
  return child;
}

static const char *
label_text (ProcWindow *window,
            const char *id)
{
  return gtk_label_get_text (GTK_LABEL (triage_child (window, id)));
}

/* A key of the card, as its shortcut controller sees it. */
static void
press_key (ProcWindow *window,
           guint       keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window->triage_view));
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, 0);

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
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                           GTK_WIDGET (window->triage_view),
                                                           gtk_shortcut_get_arguments (shortcut)));
              wait_ms (100);
              return;
            }
        }
    }

  g_error ("No shortcut for key %u", keyval);
}

/* The header bar's toggle of the list pane, as a click reaches it. */
static GtkWidget *
find_toggle (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_TOGGLE_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "win.triage-mode") == 0)
        return child;
      if ((found = find_toggle (child)) != NULL)
        return found;
    }

  return NULL;
}

static char *
plain_title (ProcWindow *window,
             gint64      id)
{
  g_autoptr(ProcPaper) paper = proc_store_get_paper (window->store, id);

  g_assert_nonnull (paper);
  return proc_tex_to_plain (proc_paper_get_title (paper));
}

static void
assert_card (ProcWindow *window,
             gint64      id)
{
  g_autofree char *title = plain_title (window, id);

  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (triage_child (window, "stack"))), ==, "card");
  g_assert_cmpstr (label_text (window, "title_label"), ==, title);
  g_assert_cmpint (proc_paper_get_id (proc_triage_view_get_paper (window->triage_view)), ==, id);
}

static ProcPaperRow *
find_row (GtkWidget *widget,
          gint64     id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      ProcPaperRow *found;

      if (PROC_IS_PAPER_ROW (child) && proc_paper_row_get_paper (PROC_PAPER_ROW (child)) != NULL &&
          proc_paper_get_id (proc_paper_row_get_paper (PROC_PAPER_ROW (child))) == id)
        return PROC_PAPER_ROW (child);
      if ((found = find_row (child, id)) != NULL)
        return found;
    }

  return NULL;
}

/* The badge a row shows for its decision, or NULL without one. */
static const char *
row_badge (ProcWindow *window,
           gint64      id)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  ProcPaperRow *row;
  GtkWidget *badge;

  /* Rows are built at the list's next frame. */
  while ((row = find_row (GTK_WIDGET (window->list_view), id)) == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  g_assert_nonnull (row);
  badge = find_by_id (GTK_WIDGET (row), "triage_badge");
  g_assert_nonnull (badge);
  return gtk_widget_get_visible (badge) ? gtk_label_get_text (GTK_LABEL (badge)) : NULL;
}

static gint64 first_ids[5];

/* Keep, skip and maybe by button and by key; each reaches the library at
 * once, the card moves on, Undo brings the paper back to the card. */
static void
decide_and_undo (ProcWindow *window)
{
  GtkWidget *toggle = find_toggle (GTK_WIDGET (window->list_pane));
  g_autofree char *decision = NULL;

  wait_ms (200);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 38);
  for (guint i = 0; i < G_N_ELEMENTS (first_ids); i++)
    first_ids[i] = proc_paper_list_get_id (window->papers, i);
  g_assert_cmpuint (sidebar_count (window, "To Triage"), ==, 38);
  g_assert_cmpuint (sidebar_count (window, "Kept"), ==, 0);

  g_assert_nonnull (toggle);
  click (toggle);
  g_assert_true (gtk_stack_get_visible_child (window->mode_stack) == GTK_WIDGET (window->triage_view));
  g_assert_true (g_settings_get_boolean (window_test_settings (), "triage-mode"));
  assert_card (window, first_ids[0]);
  g_assert_cmpstr (label_text (window, "progress_label"), ==, "0 / 38 triaged");
  g_assert_cmpstr (label_text (window, "position_label"), ==, "All Papers · 1 of 38 left");
  g_assert_true (gtk_widget_has_focus (triage_child (window, "keep_button")));

  click (triage_child (window, "keep_button"));
  decision = decision_of (first_ids[0]);
  g_assert_cmpstr (decision, ==, "1/1");
  g_clear_pointer (&decision, g_free);
  assert_card (window, first_ids[1]);
  g_assert_cmpstr (label_text (window, "progress_label"), ==, "1 / 38 triaged");
  g_assert_cmpfloat_with_epsilon (gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (triage_child (window, "progress_bar"))),
                                  1.0 / 38, 1e-9);
  g_assert_true (has_label (GTK_WIDGET (window->toast_overlay), "Kept 1 paper"));
  g_assert_cmpuint (sidebar_count (window, "Kept"), ==, 1);
  g_assert_cmpuint (sidebar_count (window, "To Triage"), ==, 37);

  press_key (window, GDK_KEY_s);
  decision = decision_of (first_ids[1]);
  g_assert_cmpstr (decision, ==, "3/1");
  g_clear_pointer (&decision, g_free);
  assert_card (window, first_ids[2]);

  click (triage_child (window, "maybe_button"));
  decision = decision_of (first_ids[2]);
  g_assert_cmpstr (decision, ==, "2/1");
  g_clear_pointer (&decision, g_free);
  assert_card (window, first_ids[3]);
  g_assert_cmpstr (label_text (window, "progress_label"), ==, "3 / 38 triaged");
  g_assert_cmpuint (sidebar_count (window, "Maybe"), ==, 1);
  g_assert_cmpuint (sidebar_count (window, "Skipped"), ==, 1);

  /* Undo takes the maybe back, in the file too, and shows its paper. */
  click (triage_child (window, "undo_button"));
  decision = decision_of (first_ids[2]);
  g_assert_cmpstr (decision, ==, "0/0");
  g_clear_pointer (&decision, g_free);
  assert_card (window, first_ids[2]);
  g_assert_cmpstr (label_text (window, "progress_label"), ==, "2 / 38 triaged");
  g_assert_cmpuint (sidebar_count (window, "Maybe"), ==, 0);

  /* Passing a paper by decides nothing. */
  click (triage_child (window, "next_button"));
  assert_card (window, first_ids[3]);
  press_key (window, GDK_KEY_Left);
  assert_card (window, first_ids[2]);
  g_assert_false (gtk_widget_get_sensitive (triage_child (window, "previous_button")));
  decision = decision_of (first_ids[2]);
  g_assert_cmpstr (decision, ==, "0/0");
  g_clear_pointer (&decision, g_free);

  press_key (window, GDK_KEY_2);
  assert_card (window, first_ids[3]);
  press_key (window, GDK_KEY_k);
  assert_card (window, first_ids[4]);
  g_assert_cmpuint (sidebar_count (window, "Kept"), ==, 2);
  g_assert_cmpuint (sidebar_count (window, "Maybe"), ==, 1);
}

/* The card follows the view: a sidebar entry, a search; in Maybe it goes
 * over the maybes again, until none is left. */
static void
follow_the_view (ProcWindow *window)
{
  g_autofree char *decision = NULL;
  GtkWidget *done;

  wait_ms (200);
  /* The mode was kept from the last run. */
  g_assert_true (gtk_stack_get_visible_child (window->mode_stack) == GTK_WIDGET (window->triage_view));
  assert_card (window, first_ids[4]);
  g_assert_cmpstr (label_text (window, "progress_label"), ==, "4 / 38 triaged");

  g_assert_true (proc_sidebar_select_query (window->sidebar, "is:maybe"));
  wait_ms (100);
  assert_card (window, first_ids[2]);
  g_assert_cmpstr (label_text (window, "progress_label"), ==, "1 / 1 triaged");
  g_assert_cmpstr (label_text (window, "position_label"), ==, "Maybe · 1 of 1 left");
  /* Still a maybe: the card goes round to the first maybe, itself. */
  press_key (window, GDK_KEY_m);
  decision = decision_of (first_ids[2]);
  g_assert_cmpstr (decision, ==, "2/1");
  g_clear_pointer (&decision, g_free);
  assert_card (window, first_ids[2]);
  click (triage_child (window, "keep_button"));
  decision = decision_of (first_ids[2]);
  g_assert_cmpstr (decision, ==, "1/1");
  done = triage_child (window, "done_page");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (triage_child (window, "stack"))), ==, "done");
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (done)), ==, "Nothing Left to Triage");
  g_assert_cmpstr (adw_status_page_get_description (ADW_STATUS_PAGE (done)), ==, "This view has no papers");
  g_assert_false (gtk_widget_get_sensitive (triage_child (window, "keep_button")));

  /* A search narrows the card's papers as it narrows the list. */
  g_assert_true (proc_sidebar_select_query (window->sidebar, ""));
  search_for (window, "stochastic block");
  {
    static const char *match = " FROM papers WHERE id IN (SELECT rowid FROM papers_fts"
                               " WHERE papers_fts MATCH '\"stochastic block\"')";
    g_autofree char *count_sql = g_strconcat ("SELECT count(*)", match, NULL);
    g_autofree char *decided_sql = g_strconcat ("SELECT count(*)", match, " AND triage <> 0", NULL);
    g_autofree char *n_match = raw_text (count_sql);
    g_autofree char *n_decided = raw_text (decided_sql);
    g_autofree char *expected = g_strdup_printf ("%s / %s triaged", n_decided, n_match);
    g_autofree char *abstract = NULL;
    g_autofree char *n_skipped = NULL;
    g_autofree char *n_left = NULL;

    g_assert_cmpint (atoi (n_match), >=, 2);
    g_assert_cmpint (atoi (n_match) - atoi (n_decided), >=, 1);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, atoi (n_match));
    g_assert_cmpstr (label_text (window, "progress_label"), ==, expected);
    abstract = g_utf8_strdown (proc_paper_get_abstract (proc_triage_view_get_paper (window->triage_view)), -1);
    g_assert_nonnull (strstr (abstract, "stochastic block"));

    while (gtk_widget_get_sensitive (triage_child (window, "skip_button")))
      press_key (window, GDK_KEY_3);

    g_free (n_decided);
    n_decided = raw_text (decided_sql);
    g_assert_cmpstr (n_decided, ==, n_match);
    g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (triage_child (window, "stack"))), ==, "done");
    g_assert_cmpstr (adw_status_page_get_description (ADW_STATUS_PAGE (done)), ==,
                     "Every paper in this view has a decision");
    n_skipped = raw_text ("SELECT count(*) FROM papers WHERE triage = 3");
    n_left = raw_text ("SELECT count(*) FROM papers WHERE triage = 0");
    g_assert_cmpuint (sidebar_count (window, "Skipped"), ==, atoi (n_skipped));
    g_assert_cmpuint (sidebar_count (window, "To Triage"), ==, atoi (n_left));
  }
  search_for (window, "");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (triage_child (window, "stack"))), ==, "card");

  /* Leaving the mode shows the list again. */
  click (find_toggle (GTK_WIDGET (window->triage_view)));
  g_assert_true (gtk_stack_get_visible_child (window->mode_stack) == GTK_WIDGET (window->browse_view));
  g_assert_false (g_settings_get_boolean (window_test_settings (), "triage-mode"));
  g_assert_cmpuint (sidebar_count (window, "Kept"), ==, 3);

  /* The list shows each decision on its row: its first rows, at the top. */
  wait_ms (200);
  gtk_adjustment_set_value (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (window->list_view)), 0);
  g_assert_cmpstr (row_badge (window, first_ids[0]), ==, "Kept");
  g_assert_cmpstr (row_badge (window, first_ids[1]), ==, "Skipped");
  g_assert_cmpstr (row_badge (window, first_ids[2]), ==, "Kept");
  g_assert_cmpstr (row_badge (window, first_ids[3]), ==, "Kept");
  {
    g_autofree char *untriaged = raw_text ("SELECT min(id) FROM papers WHERE triage = 0");

    g_assert_null (row_badge (window, g_ascii_strtoll (untriaged, NULL, 10)));
  }
}

static void
test_decide_and_undo (void)
{
  window_test_run (decide_and_undo);
}

static void
test_follow_the_view (void)
{
  window_test_run (follow_the_view);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  window_test_init (&argc, &argv, "triage");

  /* In order: the second starts from what the first decided. */
  g_test_add_func ("/triage-window/decide-and-undo", test_decide_and_undo);
  g_test_add_func ("/triage-window/follow-the-view", test_follow_the_view);

  status = g_test_run ();
  window_test_finish ();
  return status;
}
