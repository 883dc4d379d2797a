/* proc-record-pipeline.h: reads a file's records on a thread of its own, a bounded amount ahead
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-reader.h"

G_BEGIN_DECLS

typedef struct _ProcRecordPipeline ProcRecordPipeline;

/* How far the reader may run ahead of an import, in bytes of the file. */
#define PROC_RECORD_PIPELINE_AHEAD_BYTES (16 * 1024 * 1024)

/* Called on the reading thread: how many bytes of the file are read. */
typedef void (*ProcRecordPipelineProgress) (guint64  bytes_read,
                                            guint    records_read,
                                            gpointer user_data);

ProcRecordPipeline *proc_record_pipeline_start (ProcRecordReader            *reader,
                                                ProcImportReport            *report,
                                                ProcRecordPipelineProgress   progress,
                                                gpointer                     progress_data,
                                                guint64                      ahead_bytes,
                                                GCancellable                *cancellable);
ProcPaperRecord    *proc_record_pipeline_next  (ProcRecordPipeline          *self,
                                                ProcRecordKeys              *keys,
                                                GError                     **error);
void                proc_record_pipeline_stop  (ProcRecordPipeline          *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcRecordPipeline, proc_record_pipeline_stop)

G_END_DECLS
