/* proc-sidebar.h: the library, lists, reading lists and tags, with counts
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-collection.h"
#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_SIDEBAR (proc_sidebar_get_type ())

G_DECLARE_FINAL_TYPE (ProcSidebar, proc_sidebar, PROC, SIDEBAR, GtkWidget)

GtkWidget  *proc_sidebar_new          (void);
void        proc_sidebar_set_store    (ProcSidebar *self,
                                       ProcStore   *store);
const char *proc_sidebar_get_filter   (ProcSidebar *self);
const char *proc_sidebar_get_title    (ProcSidebar *self);
gboolean    proc_sidebar_select_query (ProcSidebar *self,
                                       const char  *query);
GtkWidget  *proc_sidebar_find_row     (ProcSidebar *self,
                                       const char  *label);
ProcCollection *proc_sidebar_get_reading_list  (ProcSidebar        *self);
gboolean    proc_sidebar_select_collection (ProcSidebar        *self,
                                            ProcCollectionKind  kind,
                                            gint64              id);

G_END_DECLS
