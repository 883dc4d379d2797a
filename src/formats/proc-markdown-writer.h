/* proc-markdown-writer.h: writes papers as a Markdown document for people to read
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-writer.h"

G_BEGIN_DECLS

#define PROC_TYPE_MARKDOWN_WRITER (proc_markdown_writer_get_type ())

G_DECLARE_FINAL_TYPE (ProcMarkdownWriter, proc_markdown_writer, PROC, MARKDOWN_WRITER, ProcRecordWriter)

ProcMarkdownWriter *proc_markdown_writer_new (GOutputStream    *stream,
                                              ProcExportFields  fields);
void                proc_markdown_writer_set_for_pasting (ProcMarkdownWriter *self,
                                                          gboolean            for_pasting);

G_END_DECLS
