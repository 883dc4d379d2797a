/* bench-bare-window.c: the cold start of a bare libadwaita window, the floor for the app's
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-bare-window, under the display and environment bench-window
 * runs in.  An AdwApplicationWindow of the app's default size holding a
 * header bar and a label, nothing more, timed as bench-window times the
 * app: from the process start (its age at the top of main, from the
 * kernel) to the end of the first frame painted.  The last line on stdout
 * is one JSON object.
 */

#include "config.h"

#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <adwaita.h>

#include "bench-process.h"

static gint64 main_us;
static double age_at_main_ms = -1;
static gint64 first_frame_us;
static double rss_first_frame_mb;

static gboolean
quit_cb (gpointer data)
{
  g_application_quit (data);
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWidget     *window)
{
  if (first_frame_us != 0 || !gtk_widget_get_mapped (window))
    return;

  first_frame_us = g_get_monotonic_time ();
  rss_first_frame_mb = peak_rss_mb ();
  g_idle_add (quit_cb, gtk_window_get_application (GTK_WINDOW (window)));
}

static void
realize_cb (GtkWidget *window)
{
  g_signal_connect_after (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), window);
}

static void
activate_cb (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *toolbar_view = adw_toolbar_view_new ();

  adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (toolbar_view), adw_header_bar_new ());
  adw_toolbar_view_set_content (ADW_TOOLBAR_VIEW (toolbar_view), gtk_label_new ("Proceedings"));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), toolbar_view);
  /* The app's default size (its settings' window-width and -height). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1180, 760);
  g_signal_connect_after (window, "realize", G_CALLBACK (realize_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;
  double first_frame_ms;
  int status;

  main_us = g_get_monotonic_time ();
  age_at_main_ms = process_age_ms ();

  /* NON_UNIQUE, as the app with --library: no name on the bus to wait for. */
  app = adw_application_new ("io.github.proceedings.BareWindow", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  status = g_application_run (G_APPLICATION (app), 0, NULL);

  if (status != 0 || first_frame_us == 0)
    {
      g_printerr ("bench-bare-window: no frame was painted\n");
      return 1;
    }

  first_frame_ms = age_at_main_ms + ms_between (main_us, first_frame_us);
  g_printerr ("bare window: first frame %.0f ms from the process start (%.0f ms from main), peak RSS %.1f MB\n",
              first_frame_ms, ms_between (main_us, first_frame_us), rss_first_frame_mb);
  g_print ("{\"first_frame_ms\": %.2f, \"first_frame_from_main_ms\": %.2f, \"peak_rss_mb_first_frame\": %.2f}\n",
           age_at_main_ms >= 0 ? first_frame_ms : -1, ms_between (main_us, first_frame_us), rss_first_frame_mb);

  return 0;
}
