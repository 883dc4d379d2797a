/* proc-export-dialog.h: what to export, in which format, with which annotations
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_EXPORT_DIALOG (proc_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (ProcExportDialog, proc_export_dialog, PROC, EXPORT_DIALOG, AdwDialog)

ProcExportDialog *proc_export_dialog_new            (ProcStore        *store,
                                                     GSettings        *settings,
                                                     const char       *view_title,
                                                     GArray           *view_ids,
                                                     GArray           *selected_ids,
                                                     const char       *preselect);
void              proc_export_dialog_select_papers  (ProcExportDialog *self,
                                                     const char       *what);
char             *proc_export_dialog_dup_file_name  (ProcExportDialog *self);
void              proc_export_dialog_export_to_file (ProcExportDialog *self,
                                                     GFile            *file);

G_END_DECLS
