/* proc-bibtex-reader.h: reads papers from a BibTeX file, one entry at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-reader.h"

G_BEGIN_DECLS

#define PROC_TYPE_BIBTEX_READER (proc_bibtex_reader_get_type ())

G_DECLARE_FINAL_TYPE (ProcBibtexReader, proc_bibtex_reader, PROC, BIBTEX_READER, ProcRecordReader)

ProcBibtexReader *proc_bibtex_reader_new (GInputStream *stream,
                                          const char   *display_name);

G_END_DECLS
