/* proc-csv-reader.h: reads a spreadsheet's CSV export (RFC 4180), one row at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-reader.h"

G_BEGIN_DECLS

#define PROC_TYPE_CSV_READER (proc_csv_reader_get_type ())

G_DECLARE_FINAL_TYPE (ProcCsvReader, proc_csv_reader, PROC, CSV_READER, ProcRecordReader)

ProcCsvReader *proc_csv_reader_new (GInputStream *stream,
                                    const char   *display_name);

G_END_DECLS
