/* proc-paper-identifiers.h: the ids that tell two papers apart whatever their text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-paper-record.h"
#include "proc-store.h"

G_BEGIN_DECLS

/* Each %NULL when unknown. */
typedef struct
{
  char *doi;          /* bare, lower-case; an arXiv DOI (10.48550/arXiv.X) is an arxiv id */
  char *openreview;   /* the forum id */
  char *arxiv;        /* without its version: "2401.01234", "cs/0112017" */
} ProcPaperIdentifiers;

void      proc_paper_identifiers_init_record (ProcPaperIdentifiers       *ids,
                                              const ProcPaperRecord      *record);
gboolean  proc_paper_identifiers_init_stored (ProcPaperIdentifiers       *ids,
                                              ProcStore                  *store,
                                              gint64                      paper_id,
                                              GError                    **error);
void      proc_paper_identifiers_clear       (ProcPaperIdentifiers       *ids);
gboolean  proc_paper_identifiers_conflict    (const ProcPaperIdentifiers *a,
                                              const ProcPaperIdentifiers *b);
char     *proc_paper_identifiers_dup_label   (const ProcPaperIdentifiers *ids);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ProcPaperIdentifiers, proc_paper_identifiers_clear)

G_END_DECLS
