/* proc-document-reader.h: reads back the Markdown and HTML documents Proceedings exports
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-reader.h"

G_BEGIN_DECLS

#define PROC_TYPE_DOCUMENT_READER (proc_document_reader_get_type ())

G_DECLARE_FINAL_TYPE (ProcDocumentReader, proc_document_reader, PROC, DOCUMENT_READER, ProcRecordReader)

ProcDocumentReader *proc_document_reader_new (GInputStream *stream,
                                              const char   *display_name,
                                              gboolean      html);

G_END_DECLS
