/* proc-ris-reader.h: reads RIS, the tagged format of reference managers, one entry at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-reader.h"

G_BEGIN_DECLS

#define PROC_TYPE_RIS_READER (proc_ris_reader_get_type ())

G_DECLARE_FINAL_TYPE (ProcRisReader, proc_ris_reader, PROC, RIS_READER, ProcRecordReader)

ProcRisReader *proc_ris_reader_new (GInputStream *stream,
                                    const char   *display_name);
gboolean       proc_ris_line_looks_like_tag (const char *line);

G_END_DECLS
