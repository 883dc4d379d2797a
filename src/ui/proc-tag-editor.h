/* proc-tag-editor.h: the tags of one paper, as chips, and an entry to add one
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-paper.h"
#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_TAG_EDITOR (proc_tag_editor_get_type ())

G_DECLARE_FINAL_TYPE (ProcTagEditor, proc_tag_editor, PROC, TAG_EDITOR, GtkWidget)

GtkWidget *proc_tag_editor_new         (void);
ProcStore *proc_tag_editor_get_store   (ProcTagEditor *self);
void       proc_tag_editor_set_store   (ProcTagEditor *self,
                                        ProcStore     *store);
ProcPaper *proc_tag_editor_get_paper   (ProcTagEditor *self);
void       proc_tag_editor_set_paper   (ProcTagEditor *self,
                                        ProcPaper     *paper);
void       proc_tag_editor_focus_entry (ProcTagEditor *self);

G_END_DECLS
