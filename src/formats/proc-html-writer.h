/* proc-html-writer.h: writes papers as one standalone, inert HTML page
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-writer.h"

G_BEGIN_DECLS

#define PROC_TYPE_HTML_WRITER (proc_html_writer_get_type ())

G_DECLARE_FINAL_TYPE (ProcHtmlWriter, proc_html_writer, PROC, HTML_WRITER, ProcRecordWriter)

ProcHtmlWriter *proc_html_writer_new (GOutputStream    *stream,
                                      ProcExportFields  fields);

G_END_DECLS
