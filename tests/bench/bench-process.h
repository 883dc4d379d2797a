/* bench-process.h: what the window benchmarks read of their own process
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by bench-window and bench-bare-window, so that the app and its
 * floor are timed by the same clock.  Header-only: bench-bare-window links
 * GTK and libadwaita alone.
 */

#pragma once

#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

#include <glib.h>

static inline double
ms_between (gint64 from,
            gint64 to)
{
  return (to - from) / 1000.0;
}

static inline double
peak_rss_mb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;   /* kB on Linux */
}

/* /proc/self/stat field 22, the start in clock ticks since boot, against
 * CLOCK_BOOTTIME now: the time exec, the loader and the libraries' own
 * constructors took before main.  Ticks are 10 ms, so is its precision. */
static inline double
process_age_ms (void)
{
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after_comm;
  struct timespec now;
  guint64 start_ticks;

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL) ||
      !(after_comm = strrchr (stat, ')')))
    return -1;

  /* Fields from the third (state) on; the name before may hold spaces. */
  fields = g_strsplit (after_comm + 2, " ", 0);
  if (g_strv_length (fields) < 20)
    return -1;

  start_ticks = g_ascii_strtoull (fields[19], NULL, 10);
  clock_gettime (CLOCK_BOOTTIME, &now);

  return (now.tv_sec * 1000.0 + now.tv_nsec / 1e6) - start_ticks * 1000.0 / sysconf (_SC_CLK_TCK);
}
