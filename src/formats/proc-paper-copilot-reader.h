/* proc-paper-copilot-reader.h: Paper Copilot's JSON paper lists, read one paper at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-reader.h"

G_BEGIN_DECLS

#define PROC_TYPE_PAPER_COPILOT_READER (proc_paper_copilot_reader_get_type ())

G_DECLARE_FINAL_TYPE (ProcPaperCopilotReader, proc_paper_copilot_reader, PROC, PAPER_COPILOT_READER, ProcRecordReader)

ProcPaperCopilotReader *proc_paper_copilot_reader_new (GInputStream *stream,
                                                       const char   *display_name);

G_END_DECLS
