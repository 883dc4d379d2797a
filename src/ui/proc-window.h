/* proc-window.h: the main window: sidebar, paper list and detail
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-paper-list.h"
#include "proc-store.h"
#include "proc-undo.h"

G_BEGIN_DECLS

#define PROC_TYPE_WINDOW (proc_window_get_type ())

G_DECLARE_FINAL_TYPE (ProcWindow, proc_window, PROC, WINDOW, AdwApplicationWindow)

ProcWindow    *proc_window_new               (GtkApplication   *application,
                                              ProcStore        *store);
ProcPaperList *proc_window_get_papers        (ProcWindow       *self);
ProcStore     *proc_window_get_store         (ProcWindow       *self);
GtkSelectionModel *proc_window_get_selection (ProcWindow       *self);
GArray        *proc_window_dup_selected_ids  (ProcWindow       *self);
void           proc_window_import_files      (ProcWindow       *self,
                                              GFile           **files,
                                              guint             n_files);
void           proc_window_add_toast         (ProcWindow       *self,
                                              const char       *title);
void           proc_window_push_undo         (ProcWindow       *self,
                                              ProcUndo         *undo);
void           proc_window_report_error      (ProcWindow       *self,
                                              const GError     *error);

G_END_DECLS
