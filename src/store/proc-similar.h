/* proc-similar.h: the papers whose text is closest to a paper's
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-store.h"

G_BEGIN_DECLS

/* The five a paper's detail and `proceedings --similar` show. */
#define PROC_SIMILAR_DEFAULT_LIMIT 5

typedef struct
{
  gint64 id;
  double score;   /* in (0, 1]: how much of the paper's own match it has */
} ProcSimilarPaper;

GArray *proc_store_find_similar (ProcStore  *self,
                                 gint64      paper_id,
                                 guint       limit,
                                 GError    **error);

G_END_DECLS
