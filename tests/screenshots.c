/* screenshots.c: renders the main views to PNG, for people and the metainfo
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by `meson compile -C _build screenshots` under Xvfb; writes
 * _build/screenshots/NAME.png.  Each view is the real window on a
 * throw-away library holding the bundled ICML 2024 list.
 */

#include "config.h"

#include <locale.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "proc-application.h"
#include "proc-export-dialog.h"
#include "proc-preferences-window.h"
#include "proc-window-private.h"

static const char *out_dir;
static char *library;
static void (*current_scenes) (ProcWindow *window);

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
shoot (gpointer    widget,
       const char *name)
{
  GtkWidget *window = widget;
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_strdup_printf ("%s/%s.png", out_dir, name);
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));

  wait_ms (500);
  paintable = gtk_widget_paintable_new (window);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_to_node (snapshot);
  if (node == NULL)
    g_error ("Nothing to render for %s", name);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    g_error ("Could not write %s", path);
  g_print ("%s\n", path);
}

static void
select_position (ProcWindow *window,
                 guint       position)
{
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (window->selection), position, TRUE);
}

/* The outermost scrolled window on screen: the status page of the stack's
 * other page has one too. */
static GtkScrolledWindow *
find_scrolled (GtkWidget *root)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (GTK_IS_SCROLLED_WINDOW (root))
    return GTK_SCROLLED_WINDOW (root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkScrolledWindow *found = find_scrolled (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The detail of a paper on conformal prediction, scrolled down to its
 * Similar Papers, which come a moment after the paper. */
static void
similar_scene (ProcWindow *window,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (window->store, NULL, "\"conformal prediction\"",
                                                PROC_SORT_ADDED, FALSE, &error);
  GtkScrolledWindow *scrolled;
  GtkAdjustment *adjustment;
  int position;

  if (ids == NULL || ids->len == 0)
    g_error ("No paper on conformal prediction: %s", error ? error->message : "");

  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (300);
  position = proc_paper_list_find (window->papers, g_array_index (ids, gint64, 0));
  select_position (window, position);
  gtk_widget_activate_action (GTK_WIDGET (window->list_view), "list.scroll-to-item", "u", position);
  wait_ms (600);

  scrolled = find_scrolled (GTK_WIDGET (window->detail_view));
  adjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  shoot (window, name);
}

static void
library_scenes (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  gint64 ids[4];

  wait_ms (300);

  /* A library someone has started on: a few stars, tags, a note. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    ids[i] = proc_paper_list_get_id (window->papers, i * 2 + 1);
  proc_store_set_starred (window->store, ids, 2, TRUE, &error);
  proc_store_add_tag (window->store, ids, 3, "to read", &error);
  proc_store_add_tag (window->store, &ids[1], 2, "efficiency", &error);
  proc_store_set_rating (window->store, &ids[1], 1, 4, &error);
  proc_store_set_read_state (window->store, &ids[2], 1, PROC_READ_STATE_READING, &error);
  proc_store_set_note (window->store, ids[1],
                       "Compare with the LoRA baseline; the memory numbers in Table 2 look too good.", &error);
  if (error != NULL)
    g_error ("%s", error->message);

  proc_sidebar_select_query (window->sidebar, "");
  select_position (window, 3);
  shoot (window, "list-with-detail");

  gtk_search_bar_set_search_mode (window->search_bar, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (window->search_entry), "graph");
  wait_ms (300);
  select_position (window, 0);
  shoot (window, "search");
  gtk_editable_set_text (GTK_EDITABLE (window->search_entry), "");
  gtk_search_bar_set_search_mode (window->search_bar, FALSE);

  proc_sidebar_select_query (window->sidebar, "tag:\"to read\"");
  wait_ms (300);
  select_position (window, 0);
  shoot (window, "tag-filter");

  /* A reading list, in an order of its own, and a new one still empty. */
  {
    gint64 order[5];
    gint64 list;

    proc_sidebar_select_query (window->sidebar, "");
    wait_ms (300);

    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      order[i] = proc_paper_list_get_id (window->papers, (guint[]) { 12, 3, 20, 7, 30 }[i]);
    if (!(list = proc_store_create_reading_list (window->store, "Before the poster session", &error)) ||
        !proc_store_add_to_reading_list (window->store, list, order, G_N_ELEMENTS (order), &error) ||
        !proc_store_create_reading_list (window->store, "Follow up", &error))
      g_error ("%s", error->message);

    proc_sidebar_select_collection (window->sidebar, PROC_COLLECTION_KIND_READING_LIST, list);
    wait_ms (300);
    select_position (window, 1);
    shoot (window, "reading-list");

    proc_sidebar_select_query (window->sidebar, "reading-list:\"Follow up\"");
    wait_ms (300);
    shoot (window, "reading-list-empty");
  }

  similar_scene (window, "similar-papers");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (300);
  select_position (window, 3);
  shoot (window, "dark");
  similar_scene (window, "similar-papers-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  /* The paper the narrow window opens on, as before these scenes. */
  select_position (window, 3);

  {
    GtkWidget *preferences = proc_preferences_window_new (GTK_WINDOW (window));

    gtk_window_present (GTK_WINDOW (preferences));
    wait_ms (1000);
    shoot (preferences, "preferences");
    gtk_window_destroy (GTK_WINDOW (preferences));
  }

  {
    g_autoptr(GListModel) toplevels = NULL;
    gint64 list_id = proc_store_create_reading_list (window->store, "Efficient fine-tuning", &error);

    proc_store_add_to_reading_list (window->store, list_id, ids, 3, &error);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL);
    toplevels = g_object_ref (gtk_window_get_toplevels ());
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWidget) dialog = g_list_model_get_item (toplevels, i);

        if (!PROC_IS_EXPORT_DIALOG (dialog))
          continue;
        proc_export_dialog_select_papers (PROC_EXPORT_DIALOG (dialog), "reading-list:Efficient fine-tuning");
        wait_ms (1000);
        shoot (dialog, "export-dialog");
        gtk_window_destroy (GTK_WINDOW (dialog));
        break;
      }
  }
}

static void
narrow_scenes (ProcWindow *window)
{
  shoot (window, "narrow");
}

static void
empty_scenes (ProcWindow *window)
{
  shoot (window, "empty-library");
}

static gboolean
run_scenes_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);

  current_scenes (PROC_WINDOW (window));
  gtk_window_close (window);
  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  g_timeout_add (800, run_scenes_cb, app);
}

static void
run (const char *path,
     void      (*scenes) (ProcWindow *))
{
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", (char *) path, NULL };

  current_scenes = scenes;
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_application_run (G_APPLICATION (app), 3, argv);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-screenshots-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename (home, "empty.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (argc != 2 && !(argc == 3 && g_str_equal (argv[2], "--this-language-only")))
    {
      g_printerr ("usage: %s OUTPUT-FOLDER\n", argv[0]);
      return 2;
    }

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PROCEEDINGS_LOCALEDIR") ? g_getenv ("PROCEEDINGS_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  out_dir = argv[1];
  g_mkdir_with_parents (out_dir, 0755);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  library = g_build_filename (home, "library.db", NULL);

  settings = g_settings_new (APP_ID);
  g_settings_set_int (settings, "window-width", 1280);
  g_settings_set_int (settings, "window-height", 800);
  run (library, library_scenes);

  /* An empty library: the bundled list was imported once, then removed. */
  {
    g_autoptr(ProcStore) store = proc_store_open (empty, &error);
    if (store == NULL || !proc_store_set_meta (store, "bundled-list-imported", "1", &error))
      g_error ("%s", error->message);
  }
  run (empty, empty_scenes);

  /* A phone-sized window opens folded on the list. */
  g_settings_set_int (settings, "window-width", 360);
  g_settings_set_int (settings, "window-height", 720);
  run (library, narrow_scenes);

  /* The same views in Chinese, in OUTPUT-FOLDER/zh_CN, by a new process:
   * gettext reads the language once. */
  if (argc == 2)
    {
      g_autofree char *zh_dir = g_build_filename (out_dir, "zh_CN", NULL);
      g_auto(GStrv) env = g_get_environ ();
      const char *child_argv[] = { argv[0], zh_dir, "--this-language-only", NULL };
      int status = 0;

      env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
      env = g_environ_setenv (env, "LANGUAGE", "zh_CN", TRUE);
      if (!g_spawn_sync (NULL, (char **) child_argv, env, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                         NULL, NULL, &status, &error) ||
          !g_spawn_check_wait_status (status, &error))
        g_error ("The Chinese screenshots failed: %s", error->message);
    }

  return 0;
}
