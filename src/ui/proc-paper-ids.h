/* proc-paper-ids.h: the papers being dragged, as a value GTK can carry
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* A GArray of gint64 paper ids, boxed so that a drag inside the window
 * carries it; other programs cannot offer this type, so a stray text drop
 * on a tag does nothing. */
typedef GArray ProcPaperIds;

#define PROC_TYPE_PAPER_IDS (proc_paper_ids_get_type ())
GType proc_paper_ids_get_type (void);

G_END_DECLS
