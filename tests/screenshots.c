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
#include <sqlite3.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "dialog-common.h"
#include "proc-application.h"
#include "proc-export-dialog.h"
#include "proc-importer.h"
#include "proc-preferences-dialog.h"
#include "proc-paper-list.h"
#include "proc-statistics-window.h"

#include "proc-suggested-tags.h"
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

static void triage_scenes (ProcWindow *window);
static void watchlist_scenes (ProcWindow *window);
static void dialog_scenes (ProcWindow *window,
                           const char *prefix);

static guint
find_position (ProcWindow *window,
               const char *abstract_start)
{
  GListModel *papers = G_LIST_MODEL (window->papers);

  for (guint i = 0; i < g_list_model_get_n_items (papers); i++)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (papers, i);

      if (g_str_has_prefix (proc_paper_get_abstract (paper), abstract_start))
        return i;
    }

  g_error ("No paper starts with “%s”", abstract_start);
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
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

/* The detail pane scrolled down to the paper's tags and the tags it
 * suggests: a tag of the library first ("Gaussian process", which the
 * abstract has in the plural), then its key phrases. */
static void
suggested_tags_scene (ProcWindow *window,
                      const char *name)
{
  GtkWidget *tags = find_widget (GTK_WIDGET (window->detail_view), PROC_TYPE_SUGGESTED_TAGS);
  GtkWidget *scrolled = gtk_widget_get_ancestor (tags, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  graphene_point_t point;

  /* In the content's coordinates, which do not move as it scrolls: the
   * suggestions near the bottom, the abstract above them. */
  wait_ms (300);
  if (!gtk_widget_compute_point (tags, gtk_viewport_get_child (GTK_VIEWPORT (viewport)),
                                 &GRAPHENE_POINT_INIT (0, 0), &point))
    g_error ("The suggested tags are not in the detail pane");
  gtk_adjustment_set_value (adjustment, point.y + gtk_widget_get_height (tags) + 120 -
                                        gtk_adjustment_get_page_size (adjustment));
  shoot (window, name);
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

  {
    gint64 gaussian[2];
    gint64 tag_id;

    proc_sidebar_select_query (window->sidebar, "");
    wait_ms (300);
    gaussian[0] = proc_paper_list_get_id (window->papers, find_position (window, "Deep kernel learning"));
    gaussian[1] = proc_paper_list_get_id (window->papers, find_position (window, "Conformal prediction"));
    if (!(tag_id = proc_store_create_tag (window->store, "Gaussian process", "#3584e4", &error)) ||
        !proc_store_add_tag (window->store, &gaussian[1], 1, "Gaussian process", &error) ||
        !proc_store_add_tag (window->store, &gaussian[0], 1, "kernels", &error))
      g_error ("%s", error->message);
    select_position (window, find_position (window, "Deep kernel learning"));
    suggested_tags_scene (window, "suggested-tags");

    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
    suggested_tags_scene (window, "suggested-tags-dark");
  }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

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
    AdwDialog *preferences;

    /* Over the window, as Ctrl+, shows them. */
    gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL);
    preferences = dialog_wait_shown (PROC_TYPE_PREFERENCES_DIALOG);
    wait_ms (1000);
    shoot (window, "preferences");
    adw_dialog_force_close (preferences);
  }

  {
    gint64 list_id = proc_store_create_reading_list (window->store, "Efficient fine-tuning", &error);
    AdwDialog *dialog;

    proc_store_add_to_reading_list (window->store, list_id, ids, 3, &error);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL);
    dialog = dialog_wait_shown (PROC_TYPE_EXPORT_DIALOG);
    proc_export_dialog_select_papers (PROC_EXPORT_DIALOG (dialog), "reading-list:Efficient fine-tuning");
    wait_ms (1000);
    shoot (window, "export-dialog");
    adw_dialog_force_close (dialog);
  }

  triage_scenes (window);
  watchlist_scenes (window);
  dialog_scenes (window, "");
}

/* Part of the way through the conference: the card, then a view with
 * nothing left to decide. */
static void
triage_scenes (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  static const ProcTriage decisions[] = { PROC_TRIAGE_KEEP, PROC_TRIAGE_SKIP, PROC_TRIAGE_SKIP, PROC_TRIAGE_MAYBE };
  gint64 ids[14];

  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (300);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    ids[i] = proc_paper_list_get_id (window->papers, i);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (!proc_store_set_triage (window->store, &ids[i], 1, decisions[i % G_N_ELEMENTS (decisions)], &error))
      g_error ("%s", error->message);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.triage-mode", NULL);
  wait_ms (300);
  shoot (window, "triage");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  wait_ms (300);
  shoot (window, "triage-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  proc_sidebar_select_query (window->sidebar, "is:skipped");
  wait_ms (300);
  if (!proc_store_set_triage (window->store, ids, 3, PROC_TRIAGE_KEEP, &error))
    g_error ("%s", error->message);
  proc_sidebar_select_query (window->sidebar, "tag:\"to read\"");
  wait_ms (300);
  shoot (window, "triage-done");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.triage-mode", NULL);
  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (300);
}

/* Two watchlists: one selected, its words in blue in the rows and the
 * detail; then the dialog that makes one from a search. */
static void
watchlist_scenes (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  AdwDialog *dialog;
  gint64 id;

  if (!(id = proc_store_create_watchlist (window->store, "Uncertainty",
                                          "\"conformal prediction\" OR calibration OR uncertainty", &error)) ||
      !proc_store_create_watchlist (window->store, "Graphs", "graph OR \"stochastic block\"", &error))
    g_error ("%s", error->message);

  proc_sidebar_select_collection (window->sidebar, PROC_COLLECTION_KIND_WATCHLIST, id);
  wait_ms (300);
  select_position (window, 0);
  shoot (window, "watchlist");

  proc_sidebar_select_query (window->sidebar, "");
  gtk_search_bar_set_search_mode (window->search_bar, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (window->search_entry), "diffusion OR denoising");
  wait_ms (300);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-watchlist", NULL);
  /* The dialog is drawn in the window, over the list it watches. */
  dialog = dialog_wait_shown (ADW_TYPE_ALERT_DIALOG);
  wait_ms (500);
  shoot (window, "watchlist-new");
  adw_dialog_force_close (dialog);
  gtk_editable_set_text (GTK_EDITABLE (window->search_entry), "");
  gtk_search_bar_set_search_mode (window->search_bar, FALSE);
}

/* Shoots the window with the dialog @action opened over it, then closes
 * the dialog. */
static void
dialog_scene (ProcWindow *window,
              const char *action,
              GType       type,
              const char *name)
{
  AdwDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  dialog = dialog_wait_shown (type);
  wait_ms (700);
  shoot (window, name);
  adw_dialog_force_close (dialog);
  wait_ms (300);
}

/* The dialogs over the window (in a narrow one, bottom sheets), light and
 * dark: to look at, not for the metainfo. */
static void
dialog_scenes (ProcWindow *window,
               const char *prefix)
{
  g_autofree char *name = NULL;
  GtkWidget *shortcuts;

  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (300);
  select_position (window, 1);
  wait_ms (300);

  for (guint dark = 0; dark <= 1; dark++)
    {
      const char *shade = dark ? "-dark" : "";

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT);
      wait_ms (300);

      g_free (name);
      name = g_strdup_printf ("%sdialog-new-tag%s", prefix, shade);
      dialog_scene (window, "win.new-tag", ADW_TYPE_ALERT_DIALOG, name);
      g_free (name);
      name = g_strdup_printf ("%sdialog-watchlist%s", prefix, shade);
      dialog_scene (window, "win.new-watchlist", ADW_TYPE_ALERT_DIALOG, name);
      g_free (name);
      name = g_strdup_printf ("%sdialog-preferences%s", prefix, shade);
      dialog_scene (window, "app.preferences", PROC_TYPE_PREFERENCES_DIALOG, name);
      g_free (name);
      name = g_strdup_printf ("%sdialog-export%s", prefix, shade);
      dialog_scene (window, "win.export", PROC_TYPE_EXPORT_DIALOG, name);
      g_free (name);
      name = g_strdup_printf ("%sdialog-about%s", prefix, shade);
      dialog_scene (window, "app.about", ADW_TYPE_ABOUT_DIALOG, name);
    }

  /* Check Library, done; the second page of the preferences. */
  {
    AdwDialog *preferences;

    gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL);
    preferences = dialog_wait_shown (PROC_TYPE_PREFERENCES_DIALOG);
    adw_preferences_dialog_set_visible_page_name (ADW_PREFERENCES_DIALOG (preferences), "library");
    wait_ms (700);
    g_free (name);
    name = g_strdup_printf ("%sdialog-preferences-library-dark", prefix);
    shoot (window, name);
    adw_dialog_force_close (preferences);
  }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  wait_ms (300);

  /* A file that is not text. */
  {
    g_autofree char *path = g_build_filename (g_get_home_dir (), "not-a-list.txt", NULL);
    static const char contents[] = "A list\n\nAn abstract\0with a NUL byte.\n";
    g_autoptr(GFile) file = g_file_new_for_path (path);
    AdwDialog *dialog;

    if (!g_file_set_contents (path, contents, sizeof contents - 1, NULL))
      g_error ("Could not write %s", path);
    proc_window_import_files (window, &file, 1);
    dialog = dialog_wait_shown (ADW_TYPE_ALERT_DIALOG);
    wait_ms (700);
    g_free (name);
    name = g_strdup_printf ("%sdialog-import-refused", prefix);
    shoot (window, name);
    adw_dialog_force_close (dialog);
    wait_ms (300);
  }

  /* The keyboard shortcuts: a dialog from libadwaita 1.8 on, a window of
   * its own before. */
  gtk_widget_activate_action (GTK_WIDGET (window), "app.shortcuts", NULL);
  shortcuts = shortcuts_wait_shown (GTK_WINDOW (window));
  wait_ms (700);
  g_free (name);
  name = g_strdup_printf ("%sdialog-shortcuts", prefix);
  shoot (ADW_IS_DIALOG (shortcuts) ? GTK_WIDGET (window) : shortcuts, name);
  shortcuts_close (shortcuts);
}

static GtkWidget *
find_statistics_window (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);

      if (PROC_IS_STATISTICS_WINDOW (toplevel))
        return toplevel;
    }

  g_error ("The statistics window did not open");
}

/* Tags the papers that a search finds, as someone sorting by topic would. */
static void
tag_search (ProcWindow *window,
            const char *search,
            const char *tag,
            const char *colour)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (window->store, NULL, search, PROC_SORT_ADDED, FALSE, &error);
  gint64 tag_id;

  if (ids == NULL ||
      !(tag_id = proc_store_create_tag (window->store, tag, colour, &error)) ||
      !proc_store_add_tag (window->store, (const gint64 *) (gpointer) ids->data, ids->len, tag, &error))
    g_error ("%s", error->message);
}

/* A week and a half of triage: some days many decisions, some none, most
 * papers skipped, some kept, a few left for later. */
static void
triage_days (ProcWindow *window)
{
  static const guint per_day[] = { 40, 95, 0, 130, 110, 60, 0, 0, 85, 70 };
  guint n_days = G_N_ELEMENTS (per_day);
  g_autoptr(GRand) rand = g_rand_new_with_seed (2024);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (window->store, NULL, NULL, PROC_SORT_TITLE, FALSE, &error);
  guint position = 0;
  sqlite3 *db;

  if (ids == NULL)
    g_error ("%s", error->message);

  if (sqlite3_open (proc_store_get_path (window->store), &db) != SQLITE_OK)
    g_error ("Could not open the library: %s", sqlite3_errmsg (db));
  sqlite3_busy_timeout (db, 5000);

  for (guint day = 0; day < n_days; day++)
    {
      g_autoptr(GDateTime) morning = g_date_time_add_days (now, (int) day - (int) n_days + 1);

      for (guint i = 0; i < per_day[day] && position < ids->len; i++, position++)
        {
          gint64 id = g_array_index (ids, gint64, position);
          double draw = g_rand_double (rand);
          ProcTriage triage = draw < 0.24 ? PROC_TRIAGE_KEEP : draw < 0.38 ? PROC_TRIAGE_MAYBE : PROC_TRIAGE_SKIP;
          g_autofree char *sql = NULL;

          if (!proc_store_set_triage (window->store, &id, 1, triage, &error))
            g_error ("%s", error->message);
          sql = g_strdup_printf ("UPDATE papers SET triaged_at = %" G_GINT64_FORMAT " WHERE id = %" G_GINT64_FORMAT,
                                 g_date_time_to_unix (morning) - 3600 * 4 + i * 60, id);
          if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
            g_error ("%s", sqlite3_errmsg (db));
        }
    }

  sqlite3_close (db);
  proc_store_check_external_changes (window->store);
}

static void
statistics_scenes (ProcWindow *window)
{
  GtkWidget *statistics;

  wait_ms (300);

  /* Before any decision: the charts say what they will show. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-statistics", NULL);
  statistics = find_statistics_window ();
  wait_ms (700);
  shoot (statistics, "statistics-start");

  /* ICML 2019 too, when ../shared has it: hundreds of decisions. */
  {
    const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
    g_autofree char *path = g_build_filename (shared ? shared : "../shared", "realworld", "icml2019.bib", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(ProcImportReport) report = NULL;
    g_autoptr(GError) error = NULL;

    if (g_file_query_exists (file, NULL) &&
        !(report = proc_importer_import_file (window->store, file, NULL, &error)))
      g_error ("%s", error->message);
  }

  tag_search (window, "reinforcement", "reinforcement learning", "#3584e4");
  tag_search (window, "graph", "graphs", "#33d17a");
  tag_search (window, "adversarial", "adversarial robustness", "#e01b24");
  tag_search (window, "bandit", "bandits", "#ff7800");
  tag_search (window, "variational", "variational methods", "#9141ac");
  tag_search (window, "privacy", "privacy", "#986a44");
  tag_search (window, "theorem", "theory", "");
  tag_search (window, "language", "language", "#f6d32d");
  tag_search (window, "causal", "causality", "#2ec27e");
  tag_search (window, "bayesian", "Bayesian methods", "#1c71d8");
  tag_search (window, "federated", "federated learning", "");
  tag_search (window, "transformer", "组会精读", "#c061cb");
  triage_days (window);
  wait_ms (1000);
  shoot (statistics, "statistics");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  wait_ms (300);
  shoot (statistics, "statistics-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  gtk_window_destroy (GTK_WINDOW (statistics));
}

static void
empty_statistics_scenes (ProcWindow *window)
{
  GtkWidget *statistics;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-statistics", NULL);
  statistics = find_statistics_window ();
  wait_ms (700);
  shoot (statistics, "statistics-empty-library");
  gtk_window_destroy (GTK_WINDOW (statistics));
}

static void
narrow_scenes (ProcWindow *window)
{
  GtkWidget *statistics;

  shoot (window, "narrow");

  /* Triage on a phone: the card alone, its buttons in reach. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.triage-mode", NULL);
  wait_ms (300);
  shoot (window, "narrow-triage");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.triage-mode", NULL);
  wait_ms (300);

  /* The statistics on a phone: the charts one under another. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-statistics", NULL);
  statistics = find_statistics_window ();
  gtk_window_set_default_size (GTK_WINDOW (statistics), 360, 720);
  wait_ms (700);
  shoot (statistics, "statistics-narrow");
  gtk_window_destroy (GTK_WINDOW (statistics));

  dialog_scenes (window, "narrow-");
}

static void
empty_scenes (ProcWindow *window)
{
  shoot (window, "empty-library");
  empty_statistics_scenes (window);
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

  if (argc != 2 && !(argc == 3 && g_str_equal (argv[2], "--this-variant-only")))
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
  run (library, statistics_scenes);

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

  /* The same views in Chinese and in the dark style, each by a new process
   * (gettext reads the language once): OUTPUT-FOLDER/dark, zh_CN and
   * zh_CN/dark. */
  if (argc == 2)
    {
      static const struct {
        const char *folder;
        const char *locale;     /* NULL: the tests' own */
        const char *scheme;     /* NULL: the light style */
      } variants[] = {
        { "dark", NULL, "prefer-dark" },
        /* In a Chinese locale: glibc 2.39 and newer ignore LANGUAGE under C.UTF-8. */
        { "zh_CN", "zh_CN.UTF-8", NULL },
        { "zh_CN/dark", "zh_CN.UTF-8", "prefer-dark" },
      };

      for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
        {
          g_autofree char *dir = g_build_filename (out_dir, variants[i].folder, NULL);
          g_auto(GStrv) env = g_get_environ ();
          const char *child_argv[] = { argv[0], dir, "--this-variant-only", NULL };
          int status = 0;

          if (variants[i].locale != NULL)
            {
              env = g_environ_setenv (env, "LC_ALL", variants[i].locale, TRUE);
              env = g_environ_unsetenv (env, "LANGUAGE");
            }
          if (variants[i].scheme != NULL)
            env = g_environ_setenv (env, "ADW_DEBUG_COLOR_SCHEME", variants[i].scheme, TRUE);
          if (!g_spawn_sync (NULL, (char **) child_argv, env, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                             NULL, NULL, &status, &error) ||
              !g_spawn_check_wait_status (status, &error))
            g_error ("The %s screenshots failed: %s", variants[i].folder, error->message);
        }
    }

  return 0;
}
