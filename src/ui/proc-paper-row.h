/* proc-paper-row.h: one paper in the list
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-paper.h"

G_BEGIN_DECLS

#define PROC_TYPE_PAPER_ROW (proc_paper_row_get_type ())

G_DECLARE_FINAL_TYPE (ProcPaperRow, proc_paper_row, PROC, PAPER_ROW, GtkWidget)

GtkWidget  *proc_paper_row_new            (void);
ProcPaper  *proc_paper_row_get_paper      (ProcPaperRow       *self);
void        proc_paper_row_set_paper      (ProcPaperRow       *self,
                                           ProcPaper          *paper);
void        proc_paper_row_set_highlight  (ProcPaperRow       *self,
                                           const char * const *terms);
void        proc_paper_row_set_watched    (ProcPaperRow       *self,
                                           const char * const *terms);
void        proc_paper_row_set_show_preview (ProcPaperRow     *self,
                                           gboolean            show);
const char *proc_paper_row_get_title_text (ProcPaperRow       *self);
GtkWidget  *proc_paper_row_get_star_button (ProcPaperRow      *self);

G_END_DECLS
