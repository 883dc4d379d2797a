/* proc-paper-selection.h: a multiple selection of papers, kept as ids
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-paper-list.h"

G_BEGIN_DECLS

#define PROC_TYPE_PAPER_SELECTION (proc_paper_selection_get_type ())

G_DECLARE_FINAL_TYPE (ProcPaperSelection, proc_paper_selection, PROC, PAPER_SELECTION, GObject)

ProcPaperSelection *proc_paper_selection_new        (ProcPaperList      *papers);
guint               proc_paper_selection_get_count  (ProcPaperSelection *self);

G_END_DECLS
