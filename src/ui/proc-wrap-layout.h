/* proc-wrap-layout.h: children in a row, wrapped onto more rows like words
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PROC_TYPE_WRAP_LAYOUT (proc_wrap_layout_get_type ())

G_DECLARE_FINAL_TYPE (ProcWrapLayout, proc_wrap_layout, PROC, WRAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *proc_wrap_layout_new (int column_spacing,
                                        int row_spacing);

G_END_DECLS
