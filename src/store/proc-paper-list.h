/* proc-paper-list.h: a lazy list model over a query of the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_PAPER_LIST (proc_paper_list_get_type ())

G_DECLARE_FINAL_TYPE (ProcPaperList, proc_paper_list, PROC, PAPER_LIST, GObject)

ProcPaperList *proc_paper_list_new            (ProcStore     *store);
ProcStore     *proc_paper_list_get_store      (ProcPaperList *self);
const char    *proc_paper_list_get_filter     (ProcPaperList *self);
void           proc_paper_list_set_filter     (ProcPaperList *self,
                                               const char    *filter);
const char    *proc_paper_list_get_search     (ProcPaperList *self);
void           proc_paper_list_set_search     (ProcPaperList *self,
                                               const char    *search);
ProcQuery     *proc_paper_list_get_query      (ProcPaperList *self);
void           proc_paper_list_set_query      (ProcPaperList *self,
                                               ProcQuery     *query);
ProcSortKey    proc_paper_list_get_sort_key   (ProcPaperList *self);
void           proc_paper_list_set_sort_key   (ProcPaperList *self,
                                               ProcSortKey    sort_key);
gboolean       proc_paper_list_get_descending (ProcPaperList *self);
void           proc_paper_list_set_descending (ProcPaperList *self,
                                               gboolean       descending);
const char    *proc_paper_list_get_reading_list (ProcPaperList *self);
gint64         proc_paper_list_get_id         (ProcPaperList *self,
                                               guint          position);
int            proc_paper_list_find           (ProcPaperList *self,
                                               gint64         id);
void           proc_paper_list_refresh        (ProcPaperList *self);
gboolean       proc_paper_list_get_background (ProcPaperList *self);
void           proc_paper_list_set_background (ProcPaperList *self,
                                               gboolean       background);
gboolean       proc_paper_list_get_complete   (ProcPaperList *self);

G_END_DECLS
