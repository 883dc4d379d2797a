/* proc-import-batch.h: one import, written to the library in one transaction
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-paper-record.h"
#include "proc-store.h"

G_BEGIN_DECLS

typedef struct _ProcImportBatch ProcImportBatch;

typedef enum
{
  PROC_IMPORT_ADDED,
  PROC_IMPORT_PRESENT,
} ProcImportOutcome;

ProcImportBatch *proc_import_batch_begin     (ProcStore              *store,
                                              const char             *list_name,
                                              const char             *source,
                                              GError                **error);
gboolean         proc_import_batch_add       (ProcImportBatch        *batch,
                                              const ProcPaperRecord  *record,
                                              ProcImportOutcome      *outcome,
                                              GError                **error);
gboolean         proc_import_batch_add_keyed (ProcImportBatch        *batch,
                                              const ProcPaperRecord  *record,
                                              const ProcRecordKeys   *keys,
                                              ProcImportOutcome      *outcome,
                                              GError                **error);
gboolean         proc_import_batch_commit    (ProcImportBatch        *batch,
                                              GError                **error);
void             proc_import_batch_free      (ProcImportBatch        *batch);
guint            proc_import_batch_get_n_similar (ProcImportBatch    *batch);
GArray          *proc_import_batch_get_retitled  (ProcImportBatch    *batch,
                                                  GPtrArray         **titles);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcImportBatch, proc_import_batch_free)

G_END_DECLS
