/* proc-record-format.h: the file formats of paper lists, and which one a file is in
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-record-reader.h"
#include "proc-record-writer.h"

G_BEGIN_DECLS

typedef enum
{
  PROC_RECORD_FORMAT_UNKNOWN,
  PROC_RECORD_FORMAT_TEXT,           /* the conference list: a title, then abstracts */
  PROC_RECORD_FORMAT_BIBTEX,
  PROC_RECORD_FORMAT_RIS,
  PROC_RECORD_FORMAT_CSL_JSON,
  PROC_RECORD_FORMAT_PAPER_COPILOT,  /* import only */
  PROC_RECORD_FORMAT_CSV,
  PROC_RECORD_FORMAT_MARKDOWN,       /* read back only when Proceedings exported it */
  PROC_RECORD_FORMAT_HTML,           /* read back only when Proceedings exported it */
} ProcRecordFormat;

#define PROC_RECORD_FORMAT_LAST PROC_RECORD_FORMAT_HTML

/* How much of a file proc_record_format_guess() wants to see. */
#define PROC_RECORD_FORMAT_SNIFF_SIZE 8192

const char       *proc_record_format_get_id        (ProcRecordFormat  format);
ProcRecordFormat  proc_record_format_from_id       (const char       *id);
const char       *proc_record_format_get_name      (ProcRecordFormat  format);
const char       *proc_record_format_get_extension (ProcRecordFormat  format);
const char       *proc_record_format_get_mime_type (ProcRecordFormat  format);
gboolean          proc_record_format_can_import    (ProcRecordFormat  format);
gboolean          proc_record_format_can_export    (ProcRecordFormat  format);
ProcRecordFormat  proc_record_format_guess         (const char       *file_name,
                                                    const char       *head,
                                                    gsize             head_length);
ProcRecordReader *proc_record_format_new_reader    (ProcRecordFormat  format,
                                                    GInputStream     *stream,
                                                    const char       *display_name);
ProcRecordWriter *proc_record_format_new_writer    (ProcRecordFormat  format,
                                                    GOutputStream    *stream,
                                                    ProcExportFields  fields);

G_END_DECLS
