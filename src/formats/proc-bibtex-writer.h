/* proc-bibtex-writer.h: writes papers as BibTeX entries
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-writer.h"

G_BEGIN_DECLS

#define PROC_TYPE_BIBTEX_WRITER (proc_bibtex_writer_get_type ())

G_DECLARE_FINAL_TYPE (ProcBibtexWriter, proc_bibtex_writer, PROC, BIBTEX_WRITER, ProcRecordWriter)

ProcBibtexWriter *proc_bibtex_writer_new (GOutputStream    *stream,
                                          ProcExportFields  fields);

G_END_DECLS
