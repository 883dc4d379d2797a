/* proc-csv-writer.h: writes papers as CSV (RFC 4180) for spreadsheets, safe to open in one
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-writer.h"

G_BEGIN_DECLS

#define PROC_TYPE_CSV_WRITER (proc_csv_writer_get_type ())

G_DECLARE_FINAL_TYPE (ProcCsvWriter, proc_csv_writer, PROC, CSV_WRITER, ProcRecordWriter)

ProcCsvWriter *proc_csv_writer_new (GOutputStream    *stream,
                                    ProcExportFields  fields);

G_END_DECLS
