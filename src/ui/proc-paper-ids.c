/* proc-paper-ids.c: the papers being dragged, as a value GTK can carry
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-paper-ids.h"

G_DEFINE_BOXED_TYPE (ProcPaperIds, proc_paper_ids, g_array_ref, g_array_unref)
