/* proc-window.h: the main window
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-application.h"
#include "proc-paper-list.h"

G_BEGIN_DECLS

#define PROC_TYPE_WINDOW (proc_window_get_type ())

G_DECLARE_FINAL_TYPE (ProcWindow, proc_window, PROC, WINDOW, AdwApplicationWindow)

ProcWindow    *proc_window_new              (ProcApplication  *application);
ProcPaperList *proc_window_get_papers       (ProcWindow       *self);
void           proc_window_import_files     (ProcWindow       *self,
                                             GFile           **files,
                                             guint             n_files);

G_END_DECLS
