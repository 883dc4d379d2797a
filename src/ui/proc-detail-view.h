/* proc-detail-view.h: the pane that shows one paper
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-paper.h"
#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_DETAIL_VIEW (proc_detail_view_get_type ())

G_DECLARE_FINAL_TYPE (ProcDetailView, proc_detail_view, PROC, DETAIL_VIEW, GtkWidget)

GtkWidget *proc_detail_view_new                (void);
ProcStore *proc_detail_view_get_store          (ProcDetailView *self);
void       proc_detail_view_set_store          (ProcDetailView *self,
                                                ProcStore      *store);
ProcPaper *proc_detail_view_get_paper          (ProcDetailView *self);
void       proc_detail_view_set_paper          (ProcDetailView *self,
                                                ProcPaper      *paper);
guint      proc_detail_view_get_autosave_delay (ProcDetailView *self);
void       proc_detail_view_set_autosave_delay (ProcDetailView *self,
                                                guint           delay_ms);
guint      proc_detail_view_get_retry_interval (ProcDetailView *self);
void       proc_detail_view_set_retry_interval (ProcDetailView *self,
                                                guint           interval_ms);
guint      proc_detail_view_get_n_unsaved_notes (ProcDetailView *self);
void       proc_detail_view_focus_tags         (ProcDetailView *self);
void       proc_detail_view_focus_note         (ProcDetailView *self);
gboolean   proc_detail_view_save_note          (ProcDetailView *self);
void       proc_detail_view_set_watched        (ProcDetailView *self,
                                                const char * const *terms);

G_END_DECLS
