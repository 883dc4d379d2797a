/* test-window.c: the real window, on a new library, under a display
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "proc-application.h"
#include "proc-paper-row.h"
#include "proc-window.h"

typedef struct
{
  guint n_items;
  guint n_rows_shown;
  char *subtitle;
  char *first_row_title;
  gboolean empty_page_shown;
} Seen;

static Seen seen;

static void
collect (GtkWidget *widget)
{
  /* The list's header says how many papers there are. */
  if (ADW_IS_WINDOW_TITLE (widget) && seen.subtitle == NULL &&
      adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget)) != NULL &&
      *adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget)) != '\0')
    seen.subtitle = g_strdup (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget)));

  if (PROC_IS_PAPER_ROW (widget) && gtk_widget_get_mapped (widget))
    {
      ProcPaper *paper = proc_paper_row_get_paper (PROC_PAPER_ROW (widget));

      seen.n_rows_shown++;
      if (paper != NULL && proc_paper_get_id (paper) == 1)
        seen.first_row_title = g_strdup (proc_paper_get_title (paper));
    }

  if (ADW_IS_STATUS_PAGE (widget) && gtk_widget_get_mapped (widget))
    seen.empty_page_shown = TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect (child);
}

static gboolean
inspect_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);

  static guint tries;

  g_assert_true (PROC_IS_WINDOW (window));
  g_clear_pointer (&seen.subtitle, g_free);
  g_clear_pointer (&seen.first_row_title, g_free);
  seen.n_rows_shown = 0;
  seen.empty_page_shown = FALSE;
  seen.n_items = g_list_model_get_n_items (G_LIST_MODEL (proc_window_get_papers (PROC_WINDOW (window))));
  collect (GTK_WIDGET (window));

  /* Papers but no rows drawn yet: a slow (sanitizer) build; look again. */
  if (seen.n_items > 0 && seen.n_rows_shown == 0 && ++tries < 20)
    return G_SOURCE_CONTINUE;

  tries = 0;
  g_application_quit (G_APPLICATION (app));
  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  /* Give the list view frames to lay out its rows. */
  g_timeout_add (1000, inspect_cb, app);
}

static guint wanted_items;

/* Waits until the list holds the papers a background import adds. */
static gboolean
poll_items_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);
  static guint tries;

  if (PROC_IS_WINDOW (window) &&
      (g_list_model_get_n_items (G_LIST_MODEL (proc_window_get_papers (PROC_WINDOW (window)))) == wanted_items ||
       ++tries > 100))
    {
      g_timeout_add (500, inspect_cb, app);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static void
window_added_waiting_cb (GtkApplication *app,
                         GtkWindow      *window)
{
  g_timeout_add (100, poll_items_cb, app);
}

static void
run_app_with (const char *library,
              const char *file)
{
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", (char *) library, (char *) file, NULL };

  g_signal_connect (app, "window-added",
                    file ? G_CALLBACK (window_added_waiting_cb) : G_CALLBACK (window_added_cb),
                    NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), file ? 4 : 3, argv), ==, 0);
}

static void
run_app (const char *library)
{
  run_app_with (library, NULL);
}

static void
clear_seen (void)
{
  g_clear_pointer (&seen.subtitle, g_free);
  g_clear_pointer (&seen.first_row_title, g_free);
  memset (&seen, 0, sizeof seen);
}

/* The first start on an empty library shows the bundled ICML 2024 list. */
static void
test_first_start_shows_bundled_list (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-window-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (dir, "library.db", NULL);

  clear_seen ();
  run_app (library);

  g_assert_cmpuint (seen.n_items, ==, 38);
  g_assert_cmpstr (seen.subtitle, ==, "38 papers");
  g_assert_cmpuint (seen.n_rows_shown, >=, 5);
  g_assert_nonnull (seen.first_row_title);
  g_assert_false (seen.empty_page_shown);
  g_test_message ("%u rows on screen; the first reads “%s”", seen.n_rows_shown, seen.first_row_title);
}

/* A library the user emptied stays empty, with a way to import. */
static void
test_emptied_library_stays_empty (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-window-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GArray) ids = NULL;

  clear_seen ();
  run_app (library);
  g_assert_cmpuint (seen.n_items, ==, 38);

  store = proc_store_open (library, &error);
  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_true (proc_store_delete_papers (store, (gint64 *) (gpointer) ids->data, ids->len, &error));
  g_clear_object (&store);

  clear_seen ();
  run_app (library);
  g_assert_cmpuint (seen.n_items, ==, 0);
  g_assert_cmpstr (seen.subtitle, ==, "0 papers");
  g_assert_true (seen.empty_page_shown);
  g_assert_cmpuint (seen.n_rows_shown, ==, 0);
}

/* `proceedings FILE` opens the window and imports FILE into it. */
static void
test_open_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-window-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (dir, "library.db", NULL);
  g_autofree char *file = g_build_filename (dir, "workshop.txt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;

  g_assert_true (g_file_set_contents (file,
                                      "Workshop on Kangaroos\n\n"
                                      "We propose HopNet, a model of marsupial locomotion.\n\n"
                                      "Pouch dynamics are studied at scale for the first time.\n",
                                      -1, NULL));
  clear_seen ();
  wanted_items = 40;
  run_app_with (library, file);

  g_assert_cmpuint (seen.n_items, ==, 40);
  g_assert_cmpstr (seen.subtitle, ==, "40 papers");

  store = proc_store_open (library, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_count (store, "list:\"Workshop on Kangaroos\""), ==, 2);
  g_assert_cmpuint (proc_store_count (store, "HopNet"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-home-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *cache = g_build_filename (home, ".cache", NULL);

  /* A throw-away home, so no test touches a real library.  Not
   * G_TEST_OPTION_ISOLATE_DIRS: that also hides XDG_DATA_DIRS, and with it
   * the icon theme and the MIME database GTK needs to draw. */
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/window/first-start-shows-bundled-list", test_first_start_shows_bundled_list);
  g_test_add_func ("/window/emptied-library-stays-empty", test_emptied_library_stays_empty);
  g_test_add_func ("/window/open-file", test_open_file);

  return g_test_run ();
}
