/* proc-triage-view.h: one paper at a time, to keep, leave for later or skip
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-paper.h"
#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_TRIAGE_VIEW (proc_triage_view_get_type ())

G_DECLARE_FINAL_TYPE (ProcTriageView, proc_triage_view, PROC, TRIAGE_VIEW, GtkWidget)

void        proc_triage_view_set_store      (ProcTriageView *self,
                                             ProcStore      *store);
void        proc_triage_view_set_view       (ProcTriageView *self,
                                             const char     *title,
                                             const char     *filter,
                                             const char     *search,
                                             ProcSortKey     sort_key,
                                             gboolean        descending);
void        proc_triage_view_leave          (ProcTriageView *self);
void        proc_triage_view_set_highlights (ProcTriageView *self,
                                             const char * const *terms);
ProcPaper  *proc_triage_view_get_paper      (ProcTriageView *self);
void        proc_triage_view_show_paper     (ProcTriageView *self,
                                             gint64          id);
gboolean    proc_triage_view_decide         (ProcTriageView *self,
                                             ProcTriage      triage);
void        proc_triage_view_focus          (ProcTriageView *self);

G_END_DECLS
