/* bench-window.c: the window half of the conference-scale benchmark
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-window LIBRARY_DB, under a display (Xvfb), with the
 * environment the window tests have.  Runs the real ProcApplication on an
 * already imported library, in this process, and times what a person
 * waits for: the first frame with the list, each keystroke of a search,
 * a sidebar filter, a sort, scrolling, tagging every paper and Undo.
 * Progress goes to stderr; the last line on stdout is one JSON object.
 *
 * The library is changed: a tag on every third paper, a star on every
 * twentieth and every tenth marked read give the filters something to
 * choose (once; a later run finds them).  The bulk tag is undone.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <adwaita.h>
#include <sqlite3.h>

#include "bench-process.h"
#include "bench-queries.h"
#include "proc-application-private.h"
#include "proc-paper-row.h"
#include "proc-sidebar-row.h"
#include "proc-window-private.h"

#define SUBSET_TAG "bench subset"
#define BULK_TAG "bench bulk"

/* Past this many papers, scrolling covers the first and last rows only. */
#define SCROLL_ALL_MAX 12000
#define SCROLL_HEAD_ROWS 3000
#define SCROLL_TAIL_ROWS 1000

static char *library;
static ProcWindow *window;
static gboolean failed;

/* The clock: g_get_monotonic_time () throughout; the process's age at the
 * top of main, from the kernel, ties it to the process start. */
static gint64 main_us;
static double age_at_main_ms = -1;

static gint64 first_frame_us;
static gint64 startup_us;       /* GApplication's startup ran: GTK is initialized */
static gint64 window_us;        /* the window began to be built */
static gint64 realize_us;
static gint64 map_us;
static double load_at_start;
static double rss_first_frame_mb;
static double rss_end_mb;
static guint n_papers;

/* The end of the last frame the window painted. */
static gint64 last_paint_us;

/* bench-window --import FILE LIBRARY_DB: FILE imported through the
 * window's own import, into an empty library; see bench_import. */
static const char *import_path;
static struct
{
  gboolean active;
  gint64 last_us;               /* the previous frame painted */
  GArray *interval_ms;          /* between frames painted, while importing */
  GArray *fractions;            /* the progress bar's, each new one */
  gboolean revealed;            /* the bar was shown */
} import_watch;

static GString *json;

/* The machine's 1-minute load: the numbers mean less on a busy one. */
static double
load_average (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return -1;

  return g_ascii_strtod (text, NULL);
}

/* Statistics */

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Nearest rank, of a sorted copy; NAN when there are none. */
static double
percentile (GArray *values,
            double  p)
{
  g_autoptr(GArray) sorted = NULL;
  guint rank;

  if (values->len == 0)
    return NAN;

  sorted = g_array_copy (values);
  g_array_sort (sorted, compare_doubles);
  rank = (guint) ceil (p / 100.0 * sorted->len);
  return g_array_index (sorted, double, CLAMP (rank, 1, sorted->len) - 1);
}

static double
maximum (GArray *values)
{
  return percentile (values, 100);
}

static void
append_double (GString *out,
               double   x)
{
  if (isnan (x) || x < 0)
    g_string_append (out, "null");
  else
    g_string_append_printf (out, "%.2f", x);
}

static void
append_string (GString    *out,
               const char *s)
{
  g_string_append_c (out, '"');
  for (; *s != '\0'; s++)
    {
      if (*s == '"' || *s == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *s);
    }
  g_string_append_c (out, '"');
}

static void
append_stats (GString *out,
              GArray  *values)
{
  g_string_append (out, "\"median_ms\": ");
  append_double (out, percentile (values, 50));
  g_string_append (out, ", \"p95_ms\": ");
  append_double (out, percentile (values, 95));
  g_string_append (out, ", \"max_ms\": ");
  append_double (out, maximum (values));
}

static void
add_value (GArray *values,
           double  x)
{
  g_array_append_val (values, x);
}

/* Waiting: the main loop runs, blocking, as the app's own would; never a
 * busy loop, which would take a core from GTK on a two-core machine. */

typedef gboolean (*Predicate) (gconstpointer data);

static gboolean
expire_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
wait_until (Predicate     done,
            gconstpointer data,
            guint         timeout_ms)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add (timeout_ms, expire_cb, &expired);

  while (!done (data) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (timeout);

  return done (data);
}

static gboolean
flag_set (gconstpointer data)
{
  return *(const gboolean *) data;
}

static gboolean
never (gconstpointer data)
{
  return FALSE;
}

static void
wait_ms (guint ms)
{
  wait_until (never, NULL, ms);
}

static gboolean
painted_since (gconstpointer data)
{
  return last_paint_us > *(const gint64 *) data;
}

/* Milliseconds from @from to the end of the first frame painted after
 * @after, or -1 when none comes: nothing on screen changed. */
static double
wait_frame (gint64 from,
            gint64 after,
            guint  timeout_ms)
{
  if (!wait_until (painted_since, &after, timeout_ms))
    return -1;

  return ms_between (from, last_paint_us);
}

/* The same query as the paper list's now, alone: the SQL's share of an
 * update, the rest being GTK's (rows replaced, measured, drawn). */
static double
time_sql (void)
{
  ProcPaperList *papers = window->papers;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  gint64 start = g_get_monotonic_time ();

  ids = proc_store_query_ids (window->store, proc_paper_list_get_filter (papers),
                              proc_paper_list_get_search (papers), proc_paper_list_get_sort_key (papers),
                              proc_paper_list_get_descending (papers), &error);

  return ids != NULL ? ms_between (start, g_get_monotonic_time ()) : -1;
}

/* What the paper list did after an action: it notifies the property the
 * action set (search, filter, sort) once it has queried again, and emits
 * items-changed before that only if the papers or their order changed. */
static struct
{
  gboolean updated;
  gboolean items_changed;
  gint64 updated_us;
} watch;

static void
watch_reset (void)
{
  memset (&watch, 0, sizeof watch);
}

static void
papers_items_changed_cb (void)
{
  watch.items_changed = TRUE;
}

static void
papers_notify_cb (void)
{
  watch.updated = TRUE;
  watch.updated_us = g_get_monotonic_time ();
}

/* Cold start */

static gboolean
has_shown_row (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (PROC_IS_PAPER_ROW (child) && gtk_widget_get_mapped (child) &&
          proc_paper_row_get_paper (PROC_PAPER_ROW (child)) != NULL)
        return TRUE;
      if (has_shown_row (child))
        return TRUE;
    }

  return FALSE;
}

/* Row widgets the list view keeps, and those on screen. */
static void
count_rows (GtkWidget *widget,
            guint     *alive,
            guint     *shown)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (PROC_IS_PAPER_ROW (child))
        {
          graphene_rect_t bounds;

          *alive += 1;
          if (gtk_widget_get_mapped (child) &&
              gtk_widget_compute_bounds (child, GTK_WIDGET (window->list_view), &bounds) &&
              bounds.origin.y + bounds.size.height > 0 &&
              bounds.origin.y < gtk_widget_get_height (GTK_WIDGET (window->list_view)))
            *shown += 1;
        }
      else
        count_rows (child, alive, shown);
    }
}

static gboolean run_benchmark_cb (gpointer data);
static gboolean run_import_cb (gpointer data);
static void import_paint (gint64 now);

/* The scroll benchmark's frames; see scroll_tick_cb. */
static struct
{
  GtkAdjustment *adjustment;
  gboolean active;
  gboolean scrolled_this_frame;
  gboolean jump_this_frame;
  gboolean done;
  gint64 tick_us;               /* this frame's scroll, in its update phase */
  int phase;                    /* 0 the head (or all), 1 the jump, 2 the tail */
  guint at_end;
  double head_rows;
  double tail_start_row;
  gint64 last_frame_time;
  double jump_ms;
  GArray *work_ms;              /* each frame, from the scroll to painted */
  GArray *interval_ms;          /* frame clock time between frames */
} scroll;

/* Typing's frames: the main thread's work for each frame painted while
 * typing, from the end of the frame before (the keystroke's query, the
 * list growing when a thread has the rest, GTK's update, layout and
 * drawing), its time in poll() taken out.  Over 16 ms, a frame was late. */
static struct
{
  gboolean active;
  GPollFunc default_poll;
  gint64 idle_us;               /* in poll() since the last frame */
  gint64 last_paint_us;
  gint64 last_paint_cpu_us;     /* the main thread's CPU time then */
  GArray *busy_ms;
  GArray *cpu_ms;               /* the same work in CPU time: what other programs' load leaves out */
} typing;

static gint64
thread_cpu_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static gint
timed_poll (GPollFD *fds,
            guint    nfds,
            gint     timeout)
{
  gint64 start = g_get_monotonic_time ();
  gint rc = typing.default_poll (fds, nfds, timeout);

  typing.idle_us += g_get_monotonic_time () - start;
  return rc;
}

/* Counting from now: what ran before is not the typing's. */
static void
typing_frames_start (void)
{
  typing.active = TRUE;
  typing.idle_us = 0;
  typing.last_paint_us = g_get_monotonic_time ();
  typing.last_paint_cpu_us = thread_cpu_us ();
}

static void
typing_frame_painted (gint64 now)
{
  gint64 cpu;

  if (!typing.active)
    return;

  cpu = thread_cpu_us ();
  add_value (typing.busy_ms, ms_between (typing.last_paint_us, now) - typing.idle_us / 1000.0);
  add_value (typing.cpu_ms, (cpu - typing.last_paint_cpu_us) / 1000.0);
  typing.idle_us = 0;
  typing.last_paint_us = now;
  typing.last_paint_cpu_us = cpu;
}

static void
after_paint_cb (GdkFrameClock *clock)
{
  gint64 now = g_get_monotonic_time ();
  gint64 frame_time = gdk_frame_clock_get_frame_time (clock);

  last_paint_us = now;
  typing_frame_painted (now);

  if (import_watch.active)
    import_paint (now);

  if (scroll.active && scroll.scrolled_this_frame)
    {
      if (scroll.jump_this_frame)
        scroll.jump_ms = ms_between (scroll.tick_us, now);
      else
        {
          add_value (scroll.work_ms, ms_between (scroll.tick_us, now));
          if (scroll.last_frame_time != 0)
            add_value (scroll.interval_ms, (frame_time - scroll.last_frame_time) / 1000.0);
        }
      scroll.last_frame_time = scroll.jump_this_frame ? 0 : frame_time;
      scroll.scrolled_this_frame = FALSE;
      scroll.jump_this_frame = FALSE;
    }

  /* The first frame with the paper list shown: the cold start's end. */
  if (first_frame_us == 0 && window != NULL && window->papers != NULL &&
      g_list_model_get_n_items (G_LIST_MODEL (window->papers)) > 0 &&
      gtk_widget_get_mapped (GTK_WIDGET (window->list_view)) &&
      has_shown_row (GTK_WIDGET (window->list_view)))
    {
      first_frame_us = now;
      rss_first_frame_mb = peak_rss_mb ();
      g_idle_add (run_benchmark_cb, NULL);
    }
  /* An empty library has no rows to wait for. */
  else if (first_frame_us == 0 && import_path != NULL && window != NULL &&
           gtk_widget_get_mapped (GTK_WIDGET (window)))
    {
      first_frame_us = now;
      rss_first_frame_mb = peak_rss_mb ();
      g_idle_add (run_import_cb, NULL);
    }
}

static void
window_map_cb (GtkWidget *widget)
{
  map_us = g_get_monotonic_time ();
}

static void
window_realize_cb (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  realize_us = g_get_monotonic_time ();
  g_signal_connect_after (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
}

static void
startup_cb (GApplication *app)
{
  startup_us = g_get_monotonic_time ();
}

/* Emitted as the window's construction sets its application, before its
 * paper list exists. */
static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *added)
{
  if (!PROC_IS_WINDOW (added) || window != NULL)
    return;

  window_us = g_get_monotonic_time ();
  window = PROC_WINDOW (added);
  g_signal_connect_after (window, "realize", G_CALLBACK (window_realize_cb), NULL);
  g_signal_connect (window, "map", G_CALLBACK (window_map_cb), NULL);
}

static gboolean
no_first_frame_cb (gpointer data)
{
  if (first_frame_us == 0)
    {
      g_printerr ("bench-window: no frame showed the paper list within 120 s\n");
      failed = TRUE;
      g_application_quit (data);
    }

  return G_SOURCE_REMOVE;
}

/* Library setup, through the store the window has */

static gboolean
setup_library (void)
{
  ProcStore *store = window->store;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) all = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_autoptr(GArray) third = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) twentieth = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) tenth = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (all == NULL)
    {
      g_printerr ("bench-window: %s\n", error->message);
      return FALSE;
    }

  for (guint i = 0; i < all->len; i++)
    {
      gint64 id = g_array_index (all, gint64, i);

      if (i % 3 == 0)
        g_array_append_val (third, id);
      if (i % 20 == 7)
        g_array_append_val (twentieth, id);
      if (i % 10 == 5)
        g_array_append_val (tenth, id);
    }

  if (proc_store_count (store, "tag:\"" SUBSET_TAG "\"") == 0 &&
      !proc_store_add_tag (store, (const gint64 *) (gpointer) third->data, third->len, SUBSET_TAG, &error))
    goto fail;
  if (proc_store_count (store, "is:starred") == 0 &&
      !proc_store_set_starred (store, (const gint64 *) (gpointer) twentieth->data, twentieth->len, TRUE, &error))
    goto fail;
  if (proc_store_count (store, "is:read") == 0 &&
      !proc_store_set_read_state (store, (const gint64 *) (gpointer) tenth->data, tenth->len,
                                  PROC_READ_STATE_READ, &error))
    goto fail;

  return TRUE;

fail:
  g_printerr ("bench-window: could not prepare the library: %s\n", error->message);
  return FALSE;
}

/* Search as you type */

/* The list holds every paper its search chose: the rest of a long result
 * comes from a thread (see ProcPaperList:complete). */
static gboolean
list_complete (gconstpointer data)
{
  return proc_paper_list_get_complete (window->papers);
}

static void
clear_search (void)
{
  GtkEditable *entry = GTK_EDITABLE (window->search_entry);

  if (*gtk_editable_get_text (entry) == '\0')
    return;

  /* An empty entry searches at once, without the delay. */
  watch_reset ();
  gtk_editable_set_text (entry, "");
  wait_until (flag_set, &watch.updated, 10000);
  wait_until (list_complete, NULL, 10000);
  wait_frame (g_get_monotonic_time (), watch.updated_us, 500);
}

static void
bench_typing (void)
{
  GtkEditable *entry = GTK_EDITABLE (window->search_entry);
  g_autoptr(GArray) model_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) later_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) first_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sql_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GString) per_query = g_string_new (NULL);
  guint unchanged = 0, timeouts = 0, over_16ms = 0, cpu_over_16ms = 0;

  typing.busy_ms = g_array_new (FALSE, FALSE, sizeof (double));
  typing.cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  typing.default_poll = g_main_context_get_poll_func (NULL);
  g_main_context_set_poll_func (NULL, timed_poll);

  /* Ctrl+F: the search bar opens with the entry focused. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.search", NULL);
  wait_ms (200);

  for (guint q = 0; q < BENCH_N_QUERIES; q++)
    {
      const char *query = bench_queries[q];
      g_autoptr(GArray) this_query = g_array_new (FALSE, FALSE, sizeof (double));
      guint n_results = 0;

      clear_search ();
      wait_ms (100);
      typing_frames_start ();

      for (const char *c = query; *c != '\0'; c = g_utf8_next_char (c))
        {
          int position = g_utf8_strlen (gtk_editable_get_text (entry), -1);
          gint64 start;

          watch_reset ();
          start = g_get_monotonic_time ();
          gtk_editable_insert_text (entry, c, g_utf8_next_char (c) - c, &position);

          if (!wait_until (flag_set, &watch.updated, 10000))
            {
              timeouts++;
              continue;
            }

          add_value (model_ms, ms_between (start, watch.updated_us));
          add_value (this_query, ms_between (start, watch.updated_us));
          /* One character matches most papers and reads the index of
           * first letters; two or more, the words themselves. */
          if (g_utf8_strlen (gtk_editable_get_text (entry), -1) >= 2)
            add_value (later_ms, ms_between (start, watch.updated_us));
          else
            add_value (first_ms, ms_between (start, watch.updated_us));
          if (!watch.items_changed)
            unchanged++;
          else
            {
              double frame = wait_frame (start, watch.updated_us, 1000);

              if (frame >= 0)
                add_value (frame_ms, frame);
            }
          /* The same query again, alone: the benchmark's work, not a frame's. */
          typing.active = FALSE;
          add_value (sql_ms, time_sql ());
          typing_frames_start ();
        }

      /* The rest of the papers, read on a thread, and the frames that
       * show the list grown. */
      wait_until (list_complete, NULL, 10000);
      wait_ms (50);
      typing.active = FALSE;

      n_results = g_list_model_get_n_items (G_LIST_MODEL (window->papers));
      g_printerr ("  typed %-24s %6u results, keystroke to model median %.1f ms\n",
                  query, n_results, percentile (this_query, 50));

      g_string_append (per_query, per_query->len > 0 ? ", {\"query\": " : "{\"query\": ");
      append_string (per_query, query);
      g_string_append_printf (per_query, ", \"keystrokes\": %u, \"results\": %u, ", this_query->len, n_results);
      append_stats (per_query, this_query);
      g_string_append (per_query, "}");
    }

  clear_search ();
  g_main_context_set_poll_func (NULL, typing.default_poll);
  for (guint i = 0; i < typing.busy_ms->len; i++)
    {
      if (g_array_index (typing.busy_ms, double, i) > 16.0)
        over_16ms++;
      if (g_array_index (typing.cpu_ms, double, i) > 16.0)
        cpu_over_16ms++;
    }

  g_string_append_printf (json, ", \"typing\": {\"keystrokes\": %u, \"unchanged\": %u, \"timeouts\": %u, ",
                          model_ms->len, unchanged, timeouts);
  append_stats (json, model_ms);
  g_string_append_printf (json, ", \"later_characters\": {\"keystrokes\": %u, ", later_ms->len);
  append_stats (json, later_ms);
  g_string_append_printf (json, "}, \"first_character\": {\"keystrokes\": %u, ", first_ms->len);
  append_stats (json, first_ms);
  g_string_append (json, "}");
  g_string_append (json, ", \"sql_median_ms\": ");
  append_double (json, percentile (sql_ms, 50));
  g_string_append (json, ", \"sql_p95_ms\": ");
  append_double (json, percentile (sql_ms, 95));
  g_string_append (json, ", \"sql_max_ms\": ");
  append_double (json, maximum (sql_ms));
  g_string_append (json, ", \"frame_median_ms\": ");
  append_double (json, percentile (frame_ms, 50));
  g_string_append (json, ", \"frame_p95_ms\": ");
  append_double (json, percentile (frame_ms, 95));
  g_string_append_printf (json, ", \"frames\": %u, \"frames_over_16ms\": %u, \"frames_median_ms\": ",
                          typing.busy_ms->len, over_16ms);
  append_double (json, percentile (typing.busy_ms, 50));
  g_string_append (json, ", \"frames_p95_ms\": ");
  append_double (json, percentile (typing.busy_ms, 95));
  g_string_append (json, ", \"frames_max_ms\": ");
  append_double (json, maximum (typing.busy_ms));
  g_string_append_printf (json, ", \"frames_cpu_over_16ms\": %u, \"frames_cpu_p95_ms\": ", cpu_over_16ms);
  append_double (json, percentile (typing.cpu_ms, 95));
  g_string_append (json, ", \"frames_cpu_max_ms\": ");
  append_double (json, maximum (typing.cpu_ms));
  g_string_append_printf (json, ", \"per_query\": [%s]", per_query->str);
  g_string_append (json, ", \"note\": \"ms from each keystroke to the paper list's update; later_characters: keystrokes that "
                         "left two characters or more; first_character: the first one, which matches most papers; sql_* the same query run alone, after; "
                         "frame_* to the next frame painted, for keystrokes that changed the list; frames_*: each frame painted while typing, "
                         "the main thread's work since the frame before (poll() taken out), over 16 ms a late frame; frames_cpu_* the same in "
                         "the main thread's CPU time, which other programs' load does not inflate\"}");

  g_printerr ("typing: %u keystrokes (%u unchanged, %u timed out), median %.1f ms, p95 %.1f ms; "
              "from the second character median %.1f ms, p95 %.1f ms\n",
              model_ms->len, unchanged, timeouts, percentile (model_ms, 50), percentile (model_ms, 95),
              percentile (later_ms, 50), percentile (later_ms, 95));
  g_printerr ("typing frames: %u, %u over 16 ms, main thread's work a frame median %.1f ms, p95 %.1f ms, max %.1f ms; "
              "in CPU time %u over 16 ms, p95 %.1f ms, max %.1f ms\n",
              typing.busy_ms->len, over_16ms, percentile (typing.busy_ms, 50), percentile (typing.busy_ms, 95),
              maximum (typing.busy_ms), cpu_over_16ms, percentile (typing.cpu_ms, 95), maximum (typing.cpu_ms));
  g_clear_pointer (&typing.busy_ms, g_array_unref);
  g_clear_pointer (&typing.cpu_ms, g_array_unref);
}

/* Filters and sorts: one action, then the paper list's update and the
 * frame that shows it. */

typedef void (*Action) (gconstpointer data);

static void
time_action (const char    *kind,
             const char    *name,
             Action         action,
             gconstpointer  data)
{
  gint64 start;
  double model = -1, frame = -1, sql;

  wait_ms (150);
  watch_reset ();
  start = g_get_monotonic_time ();
  action (data);
  if (wait_until (flag_set, &watch.updated, 10000))
    {
      model = ms_between (start, watch.updated_us);
      frame = wait_frame (start, watch.updated_us, 1000);
    }
  sql = time_sql ();

  g_string_append_printf (json, "{\"%s\": ", kind);
  append_string (json, name);
  g_string_append (json, ", \"model_ms\": ");
  append_double (json, model);
  g_string_append (json, ", \"frame_ms\": ");
  append_double (json, frame);
  g_string_append (json, ", \"sql_ms\": ");
  append_double (json, sql);
  g_string_append_printf (json, ", \"papers\": %u, \"changed\": %s}",
                          g_list_model_get_n_items (G_LIST_MODEL (window->papers)),
                          watch.items_changed ? "true" : "false");

  g_printerr ("  %s %-24s model %7.1f ms, frame %7.1f ms, SQL alone %6.1f ms, %u papers%s\n",
              kind, name, model, frame, sql,
              g_list_model_get_n_items (G_LIST_MODEL (window->papers)),
              watch.updated ? (watch.items_changed ? "" : " (unchanged)") : " (no update)");
}

/* As a click on the sidebar's row does. */
static void
select_filter (gconstpointer data)
{
  proc_sidebar_select_query (window->sidebar, data);
}

static void
set_sort_key (gconstpointer data)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "sort-key", g_variant_new_string (data));
}

static void
set_descending (gconstpointer data)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "sort-descending", NULL);
}

static void
set_search (gconstpointer data)
{
  gtk_editable_set_text (GTK_EDITABLE (window->search_entry), data);
}

static gboolean
bench_filters (void)
{
  GtkWidget *tag_row = proc_sidebar_find_row (window->sidebar, SUBSET_TAG);
  const char *tag_query;

  if (tag_row == NULL)
    {
      g_printerr ("bench-window: the sidebar shows no tag “%s”\n", SUBSET_TAG);
      return FALSE;
    }
  tag_query = proc_sidebar_row_get_query (PROC_SIDEBAR_ROW (tag_row));

  g_string_append (json, ", \"filters\": [");
  time_action ("filter", "tag", select_filter, tag_query);
  g_string_append (json, ", ");
  time_action ("filter", "all", select_filter, "");
  g_string_append (json, ", ");
  time_action ("filter", "unread", select_filter, "is:unread");
  g_string_append (json, ", ");
  time_action ("filter", "starred", select_filter, "is:starred");
  g_string_append (json, ", ");
  time_action ("filter", "all", select_filter, "");
  g_string_append (json, "]");

  return TRUE;
}

static void
bench_sorts (void)
{
  g_string_append (json, ", \"sort\": [");
  time_action ("sort", "title", set_sort_key, "title");
  g_string_append (json, ", ");
  time_action ("sort", "rating", set_sort_key, "rating");
  g_string_append (json, ", ");
  /* Without a search there is no relevance: the list keeps Date Added. */
  time_action ("sort", "relevance", set_sort_key, "relevance");
  g_string_append (json, ", ");
  time_action ("sort", "added", set_sort_key, "added");
  g_string_append (json, ", ");
  time_action ("sort", "added, reversed", set_descending, NULL);
  g_string_append (json, ", ");
  time_action ("sort", "added", set_descending, NULL);
  g_string_append (json, ", ");

  /* Relevance with a search, the one place it orders: "learning" matches
   * most papers. */
  time_action ("search", "learning", set_search, "learning");
  g_string_append (json, ", ");
  time_action ("sort", "relevance, searching", set_sort_key, "relevance");
  g_string_append (json, ", ");
  time_action ("sort", "added, searching", set_sort_key, "added");
  g_string_append (json, "]");
  clear_search ();
}

/* Scrolling: a page per frame, from a tick callback as kinetic scrolling
 * moves the list, so the frame that moves it also lays it out and paints. */

static double
top_row (void)
{
  double upper = gtk_adjustment_get_upper (scroll.adjustment);

  return upper > 0 ? gtk_adjustment_get_value (scroll.adjustment) / upper * n_papers : 0;
}

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  GtkAdjustment *adjustment = scroll.adjustment;
  double value = gtk_adjustment_get_value (adjustment);
  double page = gtk_adjustment_get_page_size (adjustment);
  double end = gtk_adjustment_get_upper (adjustment) - page;

  scroll.tick_us = g_get_monotonic_time ();
  if (scroll.phase == 0 && n_papers > SCROLL_ALL_MAX && top_row () >= SCROLL_HEAD_ROWS)
    {
      /* To the last rows in one go, as dragging the scrollbar would. */
      scroll.head_rows = top_row ();
      scroll.phase = 2;
      scroll.tail_start_row = n_papers - SCROLL_TAIL_ROWS;
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) * scroll.tail_start_row / n_papers);
      scroll.tail_start_row = top_row ();
      scroll.scrolled_this_frame = TRUE;
      scroll.jump_this_frame = TRUE;
      return G_SOURCE_CONTINUE;
    }

  /* The list's height is an estimate until rows are measured: the end is
   * where the value stays at the bottom for two frames. */
  if (value >= end - 0.5)
    {
      if (++scroll.at_end >= 2)
        {
          if (scroll.phase == 0)
            scroll.head_rows = n_papers;
          scroll.done = TRUE;
          return G_SOURCE_REMOVE;
        }
    }
  else
    scroll.at_end = 0;

  gtk_adjustment_set_value (adjustment, MIN (value + page, end));
  scroll.scrolled_this_frame = TRUE;
  return G_SOURCE_CONTINUE;
}

static void
bench_scroll (void)
{
  g_autoptr(GArray) work_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) interval_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *note = NULL;
  guint over = 0;
  double page;

  scroll.adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (window->list_view));
  scroll.work_ms = work_ms;
  scroll.interval_ms = interval_ms;
  gtk_adjustment_set_value (scroll.adjustment, 0);
  wait_ms (300);
  page = gtk_adjustment_get_page_size (scroll.adjustment);

  scroll.active = TRUE;
  gtk_widget_add_tick_callback (GTK_WIDGET (window->list_view), scroll_tick_cb, NULL, NULL);
  if (!wait_until (flag_set, &scroll.done, 15 * 60 * 1000))
    g_printerr ("bench-window: scrolling took over 15 minutes; stopped\n");
  scroll.active = FALSE;

  for (guint i = 0; i < work_ms->len; i++)
    over += g_array_index (work_ms, double, i) > 16.0;

  if (n_papers > SCROLL_ALL_MAX)
    note = g_strdup_printf ("a page (%.0f px) per frame through the first %.0f rows, a jump to row %.0f "
                            "(jump_ms, not in the statistics), then to the end; frame = from the scroll (a tick callback, in the frame) to painted, "
                            "interval = frame clock time between frames",
                            page, scroll.head_rows, scroll.tail_start_row);
  else
    note = g_strdup_printf ("a page (%.0f px) per frame through all rows; frame = from the scroll (a tick callback, in the frame) to painted, "
                            "interval = frame clock time between frames", page);

  g_string_append_printf (json, ", \"scroll\": {\"frames\": %u, ", work_ms->len);
  append_stats (json, work_ms);
  g_string_append_printf (json, ", \"over_16ms\": %u, \"interval_median_ms\": ", over);
  append_double (json, percentile (interval_ms, 50));
  g_string_append (json, ", \"interval_p95_ms\": ");
  append_double (json, percentile (interval_ms, 95));
  g_string_append (json, ", \"interval_max_ms\": ");
  append_double (json, maximum (interval_ms));
  g_string_append (json, ", \"jump_ms\": ");
  append_double (json, n_papers > SCROLL_ALL_MAX ? scroll.jump_ms : NAN);
  g_string_append (json, ", \"note\": ");
  append_string (json, note);
  g_string_append (json, "}");

  g_printerr ("scroll: %u frames, median %.1f ms, p95 %.1f ms, max %.1f ms, %u over 16 ms\n",
              work_ms->len, percentile (work_ms, 50), percentile (work_ms, 95), maximum (work_ms), over);
}

/* Bulk: Ctrl+A, the context menu's Add Tag, Ctrl+Z */

/* Papers with the bulk tag, read from the file by a connection of its own. */
static int
count_tagged (void)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int count = -1;

  if (sqlite3_open_v2 (library, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2 (db, "SELECT count(*) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                              " WHERE t.name = ?", -1, &stmt, NULL) == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, BULK_TAG, -1, SQLITE_STATIC);
      if (sqlite3_step (stmt) == SQLITE_ROW)
        count = sqlite3_column_int (stmt, 0);
    }

  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return count;
}

static double
time_widget_action (GtkWidget  *widget,
                    const char *action,
                    const char *format,
                    const char *arg,
                    double     *frame_ms)
{
  gint64 start, end;

  wait_ms (150);
  start = g_get_monotonic_time ();
  if (format != NULL)
    gtk_widget_activate_action (widget, action, format, arg);
  else
    gtk_widget_activate_action (widget, action, NULL);
  end = g_get_monotonic_time ();
  *frame_ms = wait_frame (start, end, 2000);

  return ms_between (start, end);
}

static gboolean
bench_bulk (void)
{
  g_autoptr(GtkBitset) selected = NULL;
  double select_ms, tag_ms, undo_ms;
  double select_frame, tag_frame, undo_frame;
  int tagged, untagged;

  gtk_widget_grab_focus (GTK_WIDGET (window->list_view));
  select_ms = time_widget_action (GTK_WIDGET (window->list_view), "list.select-all", NULL, NULL, &select_frame);
  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (window->selection));
  if (gtk_bitset_get_size (selected) != n_papers)
    {
      g_printerr ("bench-window: select all selected %" G_GUINT64_FORMAT " of %u papers\n",
                  gtk_bitset_get_size (selected), n_papers);
      return FALSE;
    }

  tag_ms = time_widget_action (GTK_WIDGET (window), "win.add-tag", "s", BULK_TAG, &tag_frame);
  tagged = count_tagged ();
  undo_ms = time_widget_action (GTK_WIDGET (window), "win.undo", NULL, NULL, &undo_frame);
  untagged = count_tagged ();

  g_printerr ("bulk: select all %.1f ms, tag %.1f ms (%d papers tagged), undo %.1f ms (%d left)\n",
              select_ms, tag_ms, tagged, undo_ms, untagged);

  g_string_append (json, ", \"bulk\": {\"select_all_ms\": ");
  append_double (json, select_ms);
  g_string_append (json, ", \"select_all_frame_ms\": ");
  append_double (json, select_frame);
  g_string_append (json, ", \"tag_ms\": ");
  append_double (json, tag_ms);
  g_string_append (json, ", \"tag_frame_ms\": ");
  append_double (json, tag_frame);
  g_string_append (json, ", \"undo_ms\": ");
  append_double (json, undo_ms);
  g_string_append (json, ", \"undo_frame_ms\": ");
  append_double (json, undo_frame);
  g_string_append_printf (json, ", \"tagged_in_db\": %d, \"after_undo_in_db\": %d}", tagged, untagged);

  if (tagged != (int) n_papers || untagged != 0)
    {
      g_printerr ("bench-window: the library has %d of %u papers tagged after the tag, %d after Undo\n",
                  tagged, n_papers, untagged);
      return FALSE;
    }

  return TRUE;
}

/* Triage at conference scale: each decision is one transaction, the
 * list, the card's queue and the sidebar's counts queried again, the
 * next card drawn.  Timed from the key to the card's paper changing, and
 * to the frame after. */
#define BENCH_N_DECISIONS 40

static gboolean
bench_triage (void)
{
  g_autoptr(GArray) decide = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (double));
  static const char * const decisions[] = { "skip", "keep", "skip", "maybe" };
  double enter_ms, enter_frame, undo_ms, undo_frame;
  gint64 decided_before;
  char *text;

  proc_sidebar_select_query (window->sidebar, "");
  wait_ms (300);
  enter_ms = time_widget_action (GTK_WIDGET (window), "win.triage-mode", NULL, NULL, &enter_frame);
  if (proc_triage_view_get_paper (window->triage_view) == NULL)
    {
      g_printerr ("bench-window: triage mode shows no paper\n");
      return FALSE;
    }

  for (guint i = 0; i < BENCH_N_DECISIONS; i++)
    {
      ProcPaper *before = proc_triage_view_get_paper (window->triage_view);
      gint64 id = proc_paper_get_id (before);
      gint64 start, end;

      wait_ms (60);
      start = g_get_monotonic_time ();
      gtk_widget_activate_action (GTK_WIDGET (window->triage_view), "triage.decide", "s",
                                  decisions[i % G_N_ELEMENTS (decisions)]);
      end = g_get_monotonic_time ();
      if (proc_triage_view_get_paper (window->triage_view) == NULL ||
          proc_paper_get_id (proc_triage_view_get_paper (window->triage_view)) == id)
        {
          g_printerr ("bench-window: the card stayed on paper %" G_GINT64_FORMAT " after a decision\n", id);
          return FALSE;
        }
      add_value (decide, ms_between (start, end));
      add_value (frames, wait_frame (start, end, 2000));
    }

  decided_before = proc_store_count (window->store, "-is:untriaged");
  undo_ms = time_widget_action (GTK_WIDGET (window), "win.undo", NULL, NULL, &undo_frame);
  if (proc_store_count (window->store, "-is:untriaged") != decided_before - 1)
    {
      g_printerr ("bench-window: Undo did not take a decision back\n");
      return FALSE;
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.triage-mode", NULL);
  wait_ms (300);

  g_printerr ("triage: enter %.1f ms; decision to next card median %.1f, p95 %.1f, max %.1f ms; "
              "frame median %.1f ms; undo %.1f ms\n",
              enter_ms, percentile (decide, 50), percentile (decide, 95), maximum (decide),
              percentile (frames, 50), undo_ms);

  g_string_append (json, ", \"triage\": {\"enter_ms\": ");
  append_double (json, enter_ms);
  g_string_append (json, ", \"decide\": {");
  append_stats (json, decide);
  g_string_append (json, "}, \"decide_frame\": {");
  append_stats (json, frames);
  g_string_append (json, "}, \"undo_ms\": ");
  append_double (json, undo_ms);
  text = g_strdup_printf (", \"decisions\": %u}", (guint) BENCH_N_DECISIONS);
  g_string_append (json, text);
  g_free (text);

  return TRUE;
}

/* Import in the window: a file through proc_window_import_files (), as
 * Ctrl+O and a drop hand it over, into an empty library, the import on
 * its worker thread.  A tick callback asks for a frame at every tick, as
 * an animation would, so that a main loop held up for 100 ms shows as
 * 100 ms between two frames painted; each frame notes the progress
 * bar's fraction. */

static struct
{
  gint64 done_us;               /* the import's callback ran */
  GArray *after_ms;             /* between frames, from then to the rows */
} import_end;

static void
import_paint (gint64 now)
{
  double fraction = gtk_progress_bar_get_fraction (window->import_progress);
  GArray *fractions = import_watch.fractions;

  if (import_watch.last_us != 0)
    add_value (import_end.done_us != 0 ? import_end.after_ms : import_watch.interval_ms,
               ms_between (import_watch.last_us, now));
  import_watch.last_us = now;

  if (import_end.done_us == 0 &&
      (fractions->len == 0 || g_array_index (fractions, double, fractions->len - 1) != fraction))
    add_value (fractions, fraction);
  if (gtk_revealer_get_child_revealed (window->import_revealer))
    import_watch.revealed = TRUE;
}

static gboolean
import_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  if (!import_watch.active)
    return G_SOURCE_REMOVE;

  /* A small widget always shown: a frame, without drawing all the window. */
  gtk_widget_queue_draw (GTK_WIDGET (window->list_title));
  return G_SOURCE_CONTINUE;
}

/* The window clears its cancellable when the import's callback runs. */
static gboolean
import_done (gconstpointer data)
{
  if (window->import_cancellable == NULL && import_end.done_us == 0)
    import_end.done_us = g_get_monotonic_time ();

  return import_end.done_us != 0;
}

static gboolean
rows_shown (gconstpointer data)
{
  return g_list_model_get_n_items (G_LIST_MODEL (window->papers)) > 0 &&
         has_shown_row (GTK_WIDGET (window->list_view));
}

static guint
count_over (GArray *values,
            double  limit)
{
  guint over = 0;

  for (guint i = 0; i < values->len; i++)
    over += g_array_index (values, double, i) > limit;

  return over;
}

static gboolean
bench_import (void)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (import_path);
  g_autoptr(GArray) interval_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) after_ms = g_array_new (FALSE, FALSE, sizeof (double));
  gint64 start, rows_us = 0;
  double first_fraction, last_fraction, rss;
  gboolean moved;
  guint n_stored;

  import_watch.interval_ms = interval_ms;
  import_watch.fractions = fractions;
  import_end.after_ms = after_ms;
  import_watch.active = TRUE;
  gtk_widget_add_tick_callback (GTK_WIDGET (window), import_tick_cb, NULL, NULL);

  start = g_get_monotonic_time ();
  proc_window_import_files (window, &file, 1);
  if (!wait_until (import_done, NULL, 60 * 60 * 1000))
    {
      g_printerr ("bench-window: the import in the window took over an hour\n");
      import_watch.active = FALSE;
      return FALSE;
    }
  if (wait_until (rows_shown, NULL, 120 * 1000))
    {
      /* The frame that shows them. */
      wait_frame (start, g_get_monotonic_time (), 1000);
      rows_us = last_paint_us;
    }
  import_watch.active = FALSE;
  rss = peak_rss_mb ();

  n_papers = g_list_model_get_n_items (G_LIST_MODEL (window->papers));
  n_stored = proc_store_count (window->store, NULL);
  first_fraction = fractions->len > 0 ? g_array_index (fractions, double, 0) : NAN;
  last_fraction = fractions->len > 0 ? g_array_index (fractions, double, fractions->len - 1) : NAN;
  /* Moved: shown, and several fractions on the way up, not 0 then done. */
  moved = import_watch.revealed && fractions->len >= 3 && last_fraction > first_fraction;

  g_printerr ("import in the window: %u papers in %.1f s; %u frames, interval median %.1f, p95 %.1f, max %.1f ms, "
              "%u over 100 ms; the bar %s, %u fractions from %.2f to %.2f; "
              "to the rows %.0f ms after, its longest frame %.1f ms; peak RSS %.1f MB\n",
              n_stored, ms_between (start, import_end.done_us) / 1000, interval_ms->len,
              percentile (interval_ms, 50), percentile (interval_ms, 95), maximum (interval_ms),
              count_over (interval_ms, 100), import_watch.revealed ? "shown" : "never shown",
              fractions->len, first_fraction, last_fraction,
              rows_us ? ms_between (import_end.done_us, rows_us) : NAN, maximum (after_ms), rss);

  g_string_append (json, ", \"import\": {\"seconds\": ");
  append_double (json, ms_between (start, import_end.done_us) / 1000);
  g_string_append_printf (json, ", \"papers\": %u, \"papers_listed\": %u, \"frames\": %u, ",
                          n_stored, n_papers, interval_ms->len);
  g_string_append (json, "\"interval_median_ms\": ");
  append_double (json, percentile (interval_ms, 50));
  g_string_append (json, ", \"interval_p95_ms\": ");
  append_double (json, percentile (interval_ms, 95));
  g_string_append (json, ", \"interval_max_ms\": ");
  append_double (json, maximum (interval_ms));
  g_string_append_printf (json, ", \"frames_over_100ms\": %u, \"frames_over_33ms\": %u",
                          count_over (interval_ms, 100), count_over (interval_ms, 33.4));
  g_string_append_printf (json, ", \"progress_shown\": %s, \"progress_fractions\": %u, \"progress_moved\": %s",
                          import_watch.revealed ? "true" : "false", fractions->len, moved ? "true" : "false");
  g_string_append (json, ", \"progress_first\": ");
  append_double (json, first_fraction);
  g_string_append (json, ", \"progress_last\": ");
  append_double (json, last_fraction);
  g_string_append (json, ", \"done_to_rows_ms\": ");
  append_double (json, rows_us ? ms_between (import_end.done_us, rows_us) : NAN);
  g_string_append (json, ", \"done_to_rows_max_interval_ms\": ");
  append_double (json, maximum (after_ms));
  g_string_append_printf (json, ", \"done_to_rows_frames_over_100ms\": %u", count_over (after_ms, 100));
  g_string_append (json, ", \"peak_rss_mb\": ");
  append_double (json, rss);
  g_string_append (json, ", \"note\": \"the file through the window's own import (a worker thread), into an empty library; "
                         "a tick callback asks for a frame at every tick, interval_* = between two frames painted while the "
                         "import ran; done_to_rows_* = from its callback to the first frame with rows\"}");

  import_watch.interval_ms = import_watch.fractions = import_end.after_ms = NULL;

  if (rows_us == 0 || n_stored == 0 || n_papers != n_stored)
    {
      g_printerr ("bench-window: after the import the library holds %u papers, the list shows %u%s\n",
                  n_stored, n_papers, rows_us ? "" : ", and no row was drawn");
      return FALSE;
    }

  return TRUE;
}

static gboolean
run_import_cb (gpointer data)
{
  double cold_start_ms = age_at_main_ms + ms_between (main_us, first_frame_us);

  g_printerr ("cold start on an empty library: %.0f ms from the process start; importing %s…\n",
              cold_start_ms, import_path);
  g_string_append (json, "{\"cold_start_empty_ms\": ");
  append_double (json, age_at_main_ms >= 0 ? cold_start_ms : NAN);
  g_string_append (json, ", \"peak_rss_mb_first_frame\": ");
  append_double (json, rss_first_frame_mb);

  wait_ms (500);
  if (!bench_import ())
    failed = TRUE;

  gtk_window_close (GTK_WINDOW (window));
  return G_SOURCE_REMOVE;
}

/* PROCEEDINGS_BENCH_ONLY=bulk (or typing, filters, scroll, a list of
 * them) runs those parts alone, for profiling one; the table wants all. */
static gboolean
wanted (const char *part)
{
  const char *only = g_getenv ("PROCEEDINGS_BENCH_ONLY");

  return only == NULL || strstr (only, part) != NULL;
}

static gboolean
run_benchmark_cb (gpointer data)
{
  double cold_start_ms = age_at_main_ms + ms_between (main_us, first_frame_us);

  n_papers = g_list_model_get_n_items (G_LIST_MODEL (window->papers));
  g_printerr ("cold start: %.0f ms from the process start (%.0f ms from main), %u papers, peak RSS %.1f MB\n",
              cold_start_ms, ms_between (main_us, first_frame_us), n_papers, rss_first_frame_mb);
  g_printerr ("  since the process start: main %.0f, GTK started %.0f, window built from %.0f, realized %.0f, "
              "mapped %.0f, first frame %.0f ms\n",
              age_at_main_ms, age_at_main_ms + ms_between (main_us, startup_us),
              age_at_main_ms + ms_between (main_us, window_us), age_at_main_ms + ms_between (main_us, realize_us),
              age_at_main_ms + ms_between (main_us, map_us), cold_start_ms);

  g_string_append_printf (json, "{\"papers\": %u, \"cold_start_ms\": ", n_papers);
  append_double (json, age_at_main_ms >= 0 ? cold_start_ms : NAN);
  g_string_append (json, ", \"cold_start_from_main_ms\": ");
  append_double (json, ms_between (main_us, first_frame_us));
  g_string_append (json, ", \"peak_rss_mb_first_frame\": ");
  append_double (json, rss_first_frame_mb);
  g_string_append (json, ", \"cold_start_phases_ms\": {\"main\": ");
  append_double (json, age_at_main_ms);
  g_string_append (json, ", \"gtk_started\": ");
  append_double (json, age_at_main_ms + ms_between (main_us, startup_us));
  g_string_append (json, ", \"window_building\": ");
  append_double (json, age_at_main_ms + ms_between (main_us, window_us));
  g_string_append (json, ", \"realized\": ");
  append_double (json, age_at_main_ms + ms_between (main_us, realize_us));
  g_string_append (json, ", \"mapped\": ");
  append_double (json, age_at_main_ms + ms_between (main_us, map_us));
  g_string_append (json, ", \"first_frame\": ");
  append_double (json, cold_start_ms);
  g_string_append (json, "}");

  g_signal_connect (window->papers, "items-changed", G_CALLBACK (papers_items_changed_cb), NULL);
  g_signal_connect (window->papers, "notify::search", G_CALLBACK (papers_notify_cb), NULL);
  g_signal_connect (window->papers, "notify::filter", G_CALLBACK (papers_notify_cb), NULL);
  g_signal_connect (window->papers, "notify::sort-key", G_CALLBACK (papers_notify_cb), NULL);
  g_signal_connect (window->papers, "notify::descending", G_CALLBACK (papers_notify_cb), NULL);

  /* What a start does after its first frame settles first. */
  wait_ms (500);

  {
    guint alive = 0, shown = 0;

    count_rows (GTK_WIDGET (window->list_view), &alive, &shown);
    g_printerr ("the list view keeps %u row widgets, %u of them shown\n", alive, shown);
    g_string_append_printf (json, ", \"row_widgets\": %u, \"row_widgets_shown\": %u", alive, shown);
  }

  if (wanted ("typing"))
    {
      g_printerr ("typing %u queries…\n", (guint) BENCH_N_QUERIES);
      bench_typing ();
    }

  if (wanted ("filters"))
    {
      if (!setup_library ())
        goto fail;
      wait_ms (300);

      g_printerr ("filters…\n");
      if (!bench_filters ())
        goto fail;
      g_printerr ("sorts…\n");
      bench_sorts ();
    }

  if (wanted ("scroll"))
    {
      g_printerr ("scrolling…\n");
      bench_scroll ();
    }

  if (wanted ("triage"))
    {
      g_printerr ("triage…\n");
      if (!bench_triage ())
        goto fail;
    }

  if (wanted ("bulk"))
    {
      g_printerr ("bulk…\n");
      gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (window->selection));
      if (!bench_bulk ())
        goto fail;
    }

  gtk_window_close (GTK_WINDOW (window));
  return G_SOURCE_REMOVE;

fail:
  failed = TRUE;
  gtk_window_close (GTK_WINDOW (window));
  return G_SOURCE_REMOVE;
}

/* A new library that the app will not fill with its bundled list. */
static gboolean
create_empty_library (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;

  if (g_file_test (library, G_FILE_TEST_EXISTS))
    {
      g_printerr ("bench-window: %s exists; --import wants a new library\n", library);
      return FALSE;
    }
  if (!(store = proc_store_open (library, &error)) ||
      !proc_store_set_meta (store, "bundled-list-imported", "1", &error))
    {
      g_printerr ("bench-window: %s\n", error->message);
      return FALSE;
    }

  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ProcApplication) app = NULL;
  char *app_argv[4];
  int status;

  /* The cold start's zero is the process start: main's time here, plus
   * the process's age at this instant. */
  main_us = g_get_monotonic_time ();
  age_at_main_ms = process_age_ms ();
  load_at_start = load_average ();

  if (argc == 4 && g_str_equal (argv[1], "--import"))
    {
      import_path = argv[2];
      library = argv[3];
      if (!g_file_test (import_path, G_FILE_TEST_IS_REGULAR) || !create_empty_library ())
        return 2;
    }
  else if (argc == 2 && g_file_test (argv[1], G_FILE_TEST_IS_REGULAR))
    library = argv[1];
  else
    {
      g_printerr ("Usage: bench-window LIBRARY_DB\n"
                  "       bench-window --import FILE NEW_LIBRARY_DB\n"
                  "  LIBRARY_DB: an existing, already imported library; run under a display\n"
                  "  --import: FILE imported through the window into a new, empty library\n");
      return 2;
    }

  json = g_string_new (NULL);
  app_argv[0] = (char *) "proceedings";
  app_argv[1] = (char *) "--library";
  app_argv[2] = library;
  app_argv[3] = NULL;

  app = proc_application_new ();
  /* The daily backup waits for a minute without edits; the typing at
   * 87,000 papers can be one, and a backup thread would take a core. */
  _proc_application_set_backup_timing (app, G_MAXINT, G_MAXINT);
  g_signal_connect_after (app, "startup", G_CALLBACK (startup_cb), NULL);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_timeout_add_seconds (120, no_first_frame_cb, app);

  status = g_application_run (G_APPLICATION (app), 3, app_argv);
  rss_end_mb = peak_rss_mb ();

  if (status != 0 || failed || first_frame_us == 0)
    {
      g_printerr ("bench-window: failed (the application returned %d)\n", status);
      return 1;
    }

  g_string_append (json, ", \"peak_rss_mb_end\": ");
  append_double (json, rss_end_mb);
  /* What the numbers were taken under: AT-SPI (unless GTK_A11Y=none)
   * costs GTK much on every change; a busy machine, everything. */
  g_string_append (json, ", \"env\": {\"gtk_a11y\": ");
  append_string (json, g_getenv ("GTK_A11Y") ? g_getenv ("GTK_A11Y") : "");
  g_string_append (json, ", \"gsk_renderer\": ");
  append_string (json, g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "");
  g_string_append (json, ", \"load_avg_start\": ");
  append_double (json, load_at_start);
  g_string_append (json, ", \"load_avg_end\": ");
  append_double (json, load_average ());
  g_string_append (json, "}}");
  g_print ("%s\n", json->str);

  return 0;
}
