/* proc-statistics-view.h: charts of the triage, the tags and the kept papers' phrases
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_STATISTICS_VIEW (proc_statistics_view_get_type ())

G_DECLARE_FINAL_TYPE (ProcStatisticsView, proc_statistics_view, PROC, STATISTICS_VIEW, GtkWidget)

GtkWidget *proc_statistics_view_new       (ProcStore          *store);
ProcStore *proc_statistics_view_get_store (ProcStatisticsView *self);

G_END_DECLS
