/* proc-csl-json-writer.h: CSL-JSON bibliographies for pandoc and Zotero, written one item at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-writer.h"

G_BEGIN_DECLS

#define PROC_TYPE_CSL_JSON_WRITER (proc_csl_json_writer_get_type ())

G_DECLARE_FINAL_TYPE (ProcCslJsonWriter, proc_csl_json_writer, PROC, CSL_JSON_WRITER, ProcRecordWriter)

ProcCslJsonWriter *proc_csl_json_writer_new (GOutputStream    *stream,
                                             ProcExportFields  fields);
char              *proc_csl_json_writer_dup_item (ProcCslJsonWriter     *self,
                                                  const ProcPaperRecord *record);

G_END_DECLS
