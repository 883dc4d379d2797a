/* proc-suggested-tags.h: one-click tags for a paper, from its abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-paper.h"
#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_SUGGESTED_TAGS (proc_suggested_tags_get_type ())

G_DECLARE_FINAL_TYPE (ProcSuggestedTags, proc_suggested_tags, PROC, SUGGESTED_TAGS, GtkWidget)

GtkWidget  *proc_suggested_tags_new       (void);
ProcStore  *proc_suggested_tags_get_store (ProcSuggestedTags *self);
void        proc_suggested_tags_set_store (ProcSuggestedTags *self,
                                           ProcStore         *store);
ProcPaper  *proc_suggested_tags_get_paper (ProcSuggestedTags *self);
void        proc_suggested_tags_set_paper (ProcSuggestedTags *self,
                                           ProcPaper         *paper);
char      **proc_suggested_tags_dup_names (ProcSuggestedTags *self);

G_END_DECLS
