/* proc-paper-record.h: a paper as an importer read it, before it is stored
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "proc-links.h"

G_BEGIN_DECLS

typedef struct
{
  char      *derived_title;
  char      *abstract;
  char      *authors;
  char      *venue;
  int        year;
  GPtrArray *links;        /* of ProcLink */
  guint      line;         /* where the entry starts in its file, for messages */
} ProcPaperRecord;

ProcPaperRecord *proc_paper_record_new  (void);
void             proc_paper_record_free (ProcPaperRecord *record);
char            *proc_paper_record_dup_content_hash (const ProcPaperRecord *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcPaperRecord, proc_paper_record_free)

G_END_DECLS
