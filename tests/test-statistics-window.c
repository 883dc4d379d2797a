/* test-statistics-window.c: the statistics window, opened from the main window, drawn and kept up to date
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "proc-application.h"
#include "proc-statistics.h"
#include "proc-statistics-window.h"
#include "proc-store-private.h"
#include "window-common.h"

/* GNOME's palette, as the charts use it (see proc-charts.c). */
#define KEPT_LIGHT 0x2ec27e
#define KEPT_DARK 0x33d17a
#define MAYBE_LIGHT 0xe5a50a
#define TAG_RED 0xe01b24
#define ACCENT_LIGHT 0x3584e4

static GArray *
all_ids (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  GArray *ids = proc_store_query_ids (window->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);

  g_assert_no_error (error);
  return ids;
}

static void
set_triage (ProcWindow   *window,
            GArray       *ids,
            ProcTriage    triage,
            const guint  *positions,
            guint         n)
{
  g_autoptr(GError) error = NULL;
  gint64 chosen[16];

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (chosen));
  for (guint i = 0; i < n; i++)
    chosen[i] = g_array_index (ids, gint64, positions[i]);
  g_assert_true (proc_store_set_triage (window->store, chosen, n, triage, &error));
  g_assert_no_error (error);
}

/* As another program (or an earlier day) would have written it. */
static void
raw_exec (const char *sql)
{
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open (window_test_library (), &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

static void
set_triaged_at (GArray      *ids,
                const guint *positions,
                guint        n,
                int          day,
                int          hour)
{
  g_autoptr(GDateTime) time = g_date_time_new_local (2024, 6, day, hour, 0, 0);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *sql = g_strdup_printf ("UPDATE papers SET triaged_at = %" G_GINT64_FORMAT
                                              " WHERE id = %" G_GINT64_FORMAT,
                                              g_date_time_to_unix (time), g_array_index (ids, gint64, positions[i]));
      raw_exec (sql);
    }
}

static ProcStatisticsWindow *
find_statistics_window (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());
  ProcStatisticsWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (PROC_IS_STATISTICS_WINDOW (toplevel))
        {
          g_assert_null (found);
          found = PROC_STATISTICS_WINDOW (toplevel);
        }
    }

  return found;
}

static ProcStatisticsWindow *
open_statistics (ProcWindow *window)
{
  ProcStatisticsWindow *statistics;

  g_assert_null (find_statistics_window ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-statistics", NULL));
  statistics = find_statistics_window ();
  g_assert_nonnull (statistics);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (statistics)) == GTK_WINDOW (window));
  wait_ms (300);

  return statistics;
}

static void
collect_widgets (GtkWidget *widget,
                 GType      type,
                 GPtrArray *found)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        g_ptr_array_add (found, child);
      collect_widgets (child, type, found);
    }
}

/* The charts, in reading order: progress, tags, phrases. */
static GPtrArray *
charts (ProcStatisticsWindow *statistics)
{
  GPtrArray *areas = g_ptr_array_new ();

  collect_widgets (GTK_WIDGET (proc_statistics_window_get_view (statistics)), GTK_TYPE_DRAWING_AREA, areas);
  return areas;
}

/* The kept papers' phrases as the store counts them, described as the
 * chart should describe them: "In the titles … of the 3 kept papers: a,
 * 3 papers; b, 2 papers; …".  Which phrases they are is the extractor's
 * business (tests/test-key-phrases.c). */
static char *
expected_phrases (ProcWindow *window,
                  guint       n_kept)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) phrases = proc_store_count_key_phrases (window->store, PROC_TRIAGE_KEEP, 10, NULL, NULL, &error);
  GString *expected = g_string_new (NULL);

  g_assert_no_error (error);
  g_assert_cmpuint (phrases->len, >, 0);
  g_string_append_printf (expected, "In the titles and abstracts of the %u kept papers: ", n_kept);
  for (guint i = 0; i < phrases->len; i++)
    {
      ProcPhraseCount *phrase = g_ptr_array_index (phrases, i);

      g_string_append_printf (expected, "%s%s, %u paper%s", i > 0 ? "; " : "",
                              phrase->phrase, phrase->n_papers, phrase->n_papers == 1 ? "" : "s");
    }
  g_string_append (expected, ".");

  return g_string_free (expected, FALSE);
}

/* Waits until the chart describes itself as @expected to a screen reader. */
static void
assert_description (GtkWidget  *area,
                    const char *expected)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  g_autofree char *mismatch = NULL;

  while ((mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (area),
                                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                         expected)) != NULL &&
         g_get_monotonic_time () < end)
    {
      g_clear_pointer (&mismatch, g_free);
      g_main_context_iteration (NULL, FALSE);
    }

  if (mismatch != NULL)
    g_error ("The chart's description is not “%s”: %s", expected, mismatch);
}

typedef struct
{
  guchar *data;    /* premultiplied BGRA, as cairo */
  int width;
  int height;
} Pixels;

static void
pixels_free (Pixels *pixels)
{
  g_free (pixels->data);
  g_free (pixels);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Pixels, pixels_free)

/* What the chart draws now, through GTK's own renderer, once it has drawn
 * a frame: under the sanitizers that takes a while. */
static Pixels *
render (GtkWidget *area)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  Pixels *pixels = g_new0 (Pixels, 1);

  wait_ms (200);
  do
    {
      g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (area);
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

      g_main_context_iteration (NULL, FALSE);
      pixels->width = gtk_widget_get_width (area);
      pixels->height = gtk_widget_get_height (area);
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), pixels->width, pixels->height);
      node = gtk_snapshot_to_node (snapshot);
    }
  while (node == NULL && g_get_monotonic_time () < end);

  g_assert_nonnull (node);
  g_assert_cmpint (pixels->width, >, 100);
  g_assert_cmpint (pixels->height, >=, 20);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (area)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, pixels->width, pixels->height));
  pixels->data = g_malloc ((gsize) pixels->width * pixels->height * 4);
  gdk_texture_download (texture, pixels->data, pixels->width * 4);

  return pixels;
}

/* Pixels of colour @rgb, at any opacity, give or take rounding. */
static guint
count_colour (const Pixels *pixels,
              guint32       rgb)
{
  int want[3] = { (rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff };
  guint n = 0;

  for (int i = 0; i < pixels->width * pixels->height; i++)
    {
      const guchar *p = pixels->data + i * 4;
      int alpha = p[3];
      int got[3];

      if (alpha < 64)
        continue;
      got[0] = p[2] * 255 / alpha;
      got[1] = p[1] * 255 / alpha;
      got[2] = p[0] * 255 / alpha;
      if (ABS (got[0] - want[0]) <= 4 && ABS (got[1] - want[1]) <= 4 && ABS (got[2] - want[2]) <= 4)
        n++;
    }

  return n;
}

/* Renders the chart until its pixels of @rgb are between @at_least and
 * @at_most, for ten seconds at most: a redraw follows a change by a frame. */
static Pixels *
render_until (GtkWidget *area,
              guint32    rgb,
              guint      at_least,
              guint      at_most)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  Pixels *pixels = render (area);

  while ((count_colour (pixels, rgb) < at_least || count_colour (pixels, rgb) > at_most) &&
         g_get_monotonic_time () < end)
    {
      pixels_free (pixels);
      pixels = render (area);
    }

  return pixels;
}

static guint
count_drawn (const Pixels *pixels)
{
  guint n = 0;

  for (int i = 0; i < pixels->width * pixels->height; i++)
    n += pixels->data[i * 4 + 3] > 0;

  return n;
}

static char *
today_long (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%B %-d, %Y");
}

/* Decisions on two days of June, two tags; then the window. */
static void
open_and_draw_scenario (ProcWindow *window)
{
  g_autoptr(GArray) ids = all_ids (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) areas = NULL;
  g_autoptr(Pixels) progress = NULL;
  g_autoptr(Pixels) tags = NULL;
  g_autoptr(Pixels) phrases = NULL;
  g_autofree char *phrases_description = NULL;
  ProcStatisticsWindow *statistics;
  gint64 methods[5];

  g_assert_cmpuint (ids->len, ==, 38);
  set_triage (window, ids, PROC_TRIAGE_KEEP, (guint[]) { 0, 1, 2 }, 3);
  set_triage (window, ids, PROC_TRIAGE_MAYBE, (guint[]) { 3, 4 }, 2);
  set_triage (window, ids, PROC_TRIAGE_SKIP, (guint[]) { 5, 6, 7, 8 }, 4);
  set_triaged_at (ids, (guint[]) { 0, 1, 5, 6 }, 4, 3, 10);
  set_triaged_at (ids, (guint[]) { 2, 3, 4, 7, 8 }, 5, 5, 15);
  proc_store_check_external_changes (window->store);

  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    methods[i] = g_array_index (ids, gint64, i);
  g_assert_cmpint (proc_store_create_tag (window->store, "methods", "#e01b24", &error), >, 0);
  g_assert_true (proc_store_add_tag (window->store, methods, 5, "methods", &error));
  g_assert_true (proc_store_add_tag (window->store, &methods[3], 2, "to read", &error));
  g_assert_no_error (error);

  statistics = open_statistics (window);
  areas = charts (statistics);
  g_assert_cmpuint (areas->len, ==, 3);

  assert_description (g_ptr_array_index (areas, 0),
                      "9 of 38 papers triaged (23%): 3 kept, 2 maybe, 4 skipped. "
                      "Decided on 2 days, from June 3, 2024 to June 5, 2024.");
  assert_description (g_ptr_array_index (areas, 1),
                      "2 tags in use: methods, 5 papers; to read, 2 papers.");
  phrases_description = expected_phrases (window, 3);
  assert_description (g_ptr_array_index (areas, 2), phrases_description);

  /* Drawn: the kept and maybe bands, the tag's bar in its own red, the
   * phrases' bars in blue. */
  progress = render (g_ptr_array_index (areas, 0));
  g_assert_cmpuint (count_drawn (progress), >, 2000);
  g_assert_cmpuint (count_colour (progress, KEPT_LIGHT), >, 200);
  g_assert_cmpuint (count_colour (progress, MAYBE_LIGHT), >, 100);
  tags = render (g_ptr_array_index (areas, 1));
  g_assert_cmpuint (count_colour (tags, TAG_RED), >, 500);
  phrases = render (g_ptr_array_index (areas, 2));
  g_assert_cmpuint (count_colour (phrases, ACCENT_LIGHT), >, 300);

  /* Asked again: the same window comes forward. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-statistics", NULL));
  g_assert_true (find_statistics_window () == statistics);

  gtk_window_destroy (GTK_WINDOW (statistics));
}

/* Edits in the main window while the statistics are open. */
static void
live_update_scenario (ProcWindow *window)
{
  g_autoptr(GArray) ids = all_ids (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) areas = NULL;
  g_autoptr(Pixels) before = NULL;
  g_autoptr(Pixels) after = NULL;
  g_autofree char *today = today_long ();
  g_autofree char *expected = NULL;
  g_autofree char *phrases_before = expected_phrases (window, 3);
  g_autofree char *phrases_after = NULL;
  ProcStatisticsWindow *statistics = open_statistics (window);

  areas = charts (statistics);
  assert_description (g_ptr_array_index (areas, 0),
                      "9 of 38 papers triaged (23%): 3 kept, 2 maybe, 4 skipped. "
                      "Decided on 2 days, from June 3, 2024 to June 5, 2024.");

  /* A decision today, as the triage makes it. */
  set_triage (window, ids, PROC_TRIAGE_KEEP, (guint[]) { 20 }, 1);
  expected = g_strdup_printf ("10 of 38 papers triaged (26%%): 4 kept, 2 maybe, 4 skipped. "
                              "Decided on 3 days, from June 3, 2024 to %s.", today);
  assert_description (g_ptr_array_index (areas, 0), expected);
  phrases_after = expected_phrases (window, 4);
  g_assert_cmpstr (phrases_after, !=, phrases_before);
  assert_description (g_ptr_array_index (areas, 2), phrases_after);

  /* The red tag deleted: its bar goes, the other stays. */
  before = render (g_ptr_array_index (areas, 1));
  g_assert_cmpuint (count_colour (before, TAG_RED), >, 500);
  g_assert_true (proc_store_delete_tag (window->store, _proc_store_lookup_tag (window->store, "methods"), &error));
  g_assert_no_error (error);
  assert_description (g_ptr_array_index (areas, 1), "1 tag in use: to read, 2 papers.");
  after = render_until (g_ptr_array_index (areas, 1), TAG_RED, 0, 0);
  g_assert_cmpuint (count_colour (after, TAG_RED), ==, 0);
  g_assert_cmpuint (count_drawn (after), >, 200);

  gtk_window_destroy (GTK_WINDOW (statistics));
}

/* Dark style: the charts draw again, in the colours that read on it. */
static void
dark_style_scenario (ProcWindow *window)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(GPtrArray) areas = NULL;
  g_autoptr(Pixels) light = NULL;
  g_autoptr(Pixels) dark = NULL;
  ProcStatisticsWindow *statistics = open_statistics (window);

  areas = charts (statistics);
  assert_description (g_ptr_array_index (areas, 1), "1 tag in use: to read, 2 papers.");

  light = render (g_ptr_array_index (areas, 0));
  g_assert_cmpuint (count_colour (light, KEPT_LIGHT), >, 200);
  g_assert_cmpuint (count_colour (light, KEPT_DARK), ==, 0);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  dark = render_until (g_ptr_array_index (areas, 0), KEPT_DARK, 201, G_MAXUINT);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_assert_cmpuint (count_colour (dark, KEPT_DARK), >, 200);
  g_assert_cmpuint (count_colour (dark, KEPT_LIGHT), ==, 0);

  /* Nothing kept any more: the phrase chart says what it would show. */
  {
    g_autoptr(GArray) ids = all_ids (window);

    set_triage (window, ids, PROC_TRIAGE_MAYBE, (guint[]) { 0, 1, 2, 20 }, 4);
    assert_description (g_ptr_array_index (areas, 2),
                        "No Kept Papers Yet: The phrases that come up most in the papers you keep show here.");
  }

  gtk_window_destroy (GTK_WINDOW (statistics));
}

/* No papers: a status page instead of empty charts. */
static void
empty_library_scenario (ProcWindow *window)
{
  g_autoptr(GArray) ids = all_ids (window);
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();
  g_autoptr(GPtrArray) areas = NULL;
  g_autoptr(GError) error = NULL;
  ProcStatisticsWindow *statistics;
  AdwStatusPage *page;
  gint64 end;

  g_assert_true (proc_store_delete_papers (window->store, (const gint64 *) (gpointer) ids->data, ids->len, &error));
  g_assert_no_error (error);

  statistics = open_statistics (window);
  collect_widgets (GTK_WIDGET (statistics), ADW_TYPE_STATUS_PAGE, pages);
  g_assert_cmpuint (pages->len, ==, 1);
  page = g_ptr_array_index (pages, 0);
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!gtk_widget_get_mapped (GTK_WIDGET (page)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "No Papers");

  areas = charts (statistics);
  for (guint i = 0; i < areas->len; i++)
    g_assert_false (gtk_widget_get_mapped (g_ptr_array_index (areas, i)));

  gtk_window_destroy (GTK_WINDOW (statistics));
}

static void
test_open_and_draw (void)
{
  window_test_run (open_and_draw_scenario);
}

static void
test_live_update (void)
{
  window_test_run (live_update_scenario);
}

static void
test_dark_style (void)
{
  window_test_run (dark_style_scenario);
}

static void
test_empty_library (void)
{
  window_test_run (empty_library_scenario);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* GTK's test context keeps what the charts tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  window_test_init (&argc, &argv, "statistics");

  /* In order: each starts from the library the one before left. */
  g_test_add_func ("/statistics-window/open-and-draw", test_open_and_draw);
  g_test_add_func ("/statistics-window/live-update", test_live_update);
  g_test_add_func ("/statistics-window/dark-style", test_dark_style);
  g_test_add_func ("/statistics-window/empty-library", test_empty_library);

  status = g_test_run ();
  window_test_finish ();
  return status;
}
