/* proc-ris-writer.h: writes papers as RIS, for Zotero, EndNote and Mendeley
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-writer.h"

G_BEGIN_DECLS

#define PROC_TYPE_RIS_WRITER (proc_ris_writer_get_type ())

G_DECLARE_FINAL_TYPE (ProcRisWriter, proc_ris_writer, PROC, RIS_WRITER, ProcRecordWriter)

ProcRisWriter *proc_ris_writer_new (GOutputStream    *stream,
                                    ProcExportFields  fields);

G_END_DECLS
