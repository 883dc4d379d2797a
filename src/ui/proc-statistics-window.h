/* proc-statistics-window.h: the statistics, in a window beside the main one
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-statistics-view.h"

G_BEGIN_DECLS

#define PROC_TYPE_STATISTICS_WINDOW (proc_statistics_window_get_type ())

G_DECLARE_FINAL_TYPE (ProcStatisticsWindow, proc_statistics_window, PROC, STATISTICS_WINDOW, AdwWindow)

GtkWidget          *proc_statistics_window_new      (GtkWindow            *parent,
                                                     ProcStore            *store);
ProcStatisticsView *proc_statistics_window_get_view (ProcStatisticsWindow *self);
void                proc_statistics_window_present  (GtkWindow            *parent,
                                                     ProcStore            *store);

G_END_DECLS
