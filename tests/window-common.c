/* window-common.c: what the window tests of triage and watchlists share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "proc-application.h"
#include "proc-sidebar-row.h"
#include "window-common.h"

static WindowScenario current_scenario;
static char *home;
static char *library;
static GSettings *settings;

/* A throw-away home, its library holding the bundled ICML 2024 list
 * from the first start on; not G_TEST_OPTION_ISOLATE_DIRS, which hides
 * the icon theme along with XDG_DATA_DIRS. */
void
window_test_init (int          *argc,
                  char       ***argv,
                  const char   *name)
{
  g_autofree char *template = g_strdup_printf ("proceedings-%s-XXXXXX", name);
  g_autofree char *data = NULL;
  g_autofree char *config = NULL;
  g_autofree char *cache = NULL;

  home = g_dir_make_tmp (template, NULL);
  data = g_build_filename (home, ".local", "share", NULL);
  config = g_build_filename (home, ".config", NULL);
  cache = g_build_filename (home, ".cache", NULL);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  library = g_build_filename (home, "library.db", NULL);

  g_test_init (argc, argv, NULL);
  settings = g_settings_new (APP_ID);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (!g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_remove (path);
}

/* The throw-away home goes, library and all. */
void
window_test_finish (void)
{
  g_clear_object (&settings);
  remove_tree (home);
  g_clear_pointer (&home, g_free);
  g_clear_pointer (&library, g_free);
}

/* The next start fills a new library with the bundled list again. */
void
window_test_reset_library (void)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", ".open" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strconcat (library, suffixes[i], NULL);

      g_remove (path);
    }
}

const char *
window_test_library (void)
{
  return library;
}

GSettings *
window_test_settings (void)
{
  return settings;
}

static gboolean
run_scenario_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);

  g_assert_true (PROC_IS_WINDOW (window));
  /* The paper shown last time is shown again first: a click before that
   * would be undone by it. */
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (PROC_WINDOW (window)->restore_scroll_source != 0 && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
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

/* The real application on the shared library, its window given to @scenario. */
void
window_test_run (WindowScenario scenario)
{
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", library, NULL };

  current_scenario = scenario;
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);
}

/* Lets GTK lay out and draw: what a person would wait for. */
void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* What the library file holds, through a connection of its own: the
 * rows' first columns, joined by "|". */
char *
raw_text (const char *sql)
{
  GString *out = g_string_new (NULL);
  sqlite3 *db;
  sqlite3_stmt *stmt;

  g_assert_cmpint (sqlite3_open_v2 (library, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%s%s", out->len ? "|" : "",
                            sqlite3_column_type (stmt, 0) == SQLITE_NULL ? "NULL"
                            : (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return g_string_free (out, FALSE);
}

/* A template's child, by the id it has in its .ui file. */
GtkWidget *
find_by_id (GtkWidget  *widget,
            const char *id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (child)), id) == 0)
        return child;
      if ((found = find_by_id (child, id)) != NULL)
        return found;
    }

  return NULL;
}

gboolean
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
gboolean
toast_shown (ProcWindow *window,
             const char *text)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!has_label (GTK_WIDGET (window->toast_overlay), text) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  return has_label (GTK_WIDGET (window->toast_overlay), text);
}

guint
sidebar_count (ProcWindow *window,
               const char *label)
{
  GtkWidget *row = proc_sidebar_find_row (window->sidebar, label);

  g_assert_nonnull (row);
  return proc_sidebar_row_get_count (PROC_SIDEBAR_ROW (row));
}

/* A button, as a click reaches it: only when it can be clicked. */
void
click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  wait_ms (100);
}

/* Types @text in the search entry and waits for the list to search it,
 * however slowly (the sanitizers). */
void
search_for (ProcWindow *window,
            const char *text)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_editable_set_text (GTK_EDITABLE (window->search_entry), text);
  /* A long result's rest comes from a thread (ProcPaperList:complete). */
  while ((g_strcmp0 (proc_paper_list_get_search (window->papers), text) != 0 ||
          !proc_paper_list_get_complete (window->papers)) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  wait_ms (100);
}

/* A right-click on @widget, as its secondary-button gesture sees it. */
void
right_click (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_SECONDARY)
        {
          g_signal_emit_by_name (controller, "released", 1, 5.0, 5.0);
          wait_ms (100);
          return;
        }
    }

  g_error ("No right-click on %s", G_OBJECT_TYPE_NAME (widget));
}
