/* proc-sidebar-row.h: one entry of the sidebar, with its live count
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-collection.h"

G_BEGIN_DECLS

#define PROC_TYPE_SIDEBAR_ROW (proc_sidebar_row_get_type ())

G_DECLARE_FINAL_TYPE (ProcSidebarRow, proc_sidebar_row, PROC, SIDEBAR_ROW, GtkListBoxRow)

GtkWidget      *proc_sidebar_row_new_fixed      (const char     *icon_name,
                                                 const char     *label,
                                                 const char     *query);
GtkWidget      *proc_sidebar_row_new_collection (ProcCollection *collection);
const char     *proc_sidebar_row_get_query      (ProcSidebarRow *self);
const char     *proc_sidebar_row_get_label      (ProcSidebarRow *self);
ProcCollection *proc_sidebar_row_get_collection (ProcSidebarRow *self);
void            proc_sidebar_row_set_count      (ProcSidebarRow *self,
                                                 guint           count);
guint           proc_sidebar_row_get_count      (ProcSidebarRow *self);

G_END_DECLS
