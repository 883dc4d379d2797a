/* proc-record-reader.h: reads paper records from a file, one at a time, whatever its format
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-import-report.h"
#include "proc-line-reader.h"
#include "proc-paper-record.h"

G_BEGIN_DECLS

#define PROC_TYPE_RECORD_READER (proc_record_reader_get_type ())

G_DECLARE_DERIVABLE_TYPE (ProcRecordReader, proc_record_reader, PROC, RECORD_READER, GObject)

struct _ProcRecordReaderClass
{
  GObjectClass parent_class;

  /* Reads what comes before the first record (a title line, a JSON
   * array's bracket).  Optional. */
  gboolean          (*read_header) (ProcRecordReader  *self,
                                    GCancellable      *cancellable,
                                    GError           **error);
  /* Returns the next record, or %NULL at the end (@error unset) or on an
   * error that ends the file (invalid text, a cancel).  An entry that is
   * skipped goes to @report with its line and reason, and reading goes on. */
  ProcPaperRecord  *(*next)        (ProcRecordReader  *self,
                                    ProcImportReport  *report,
                                    GCancellable      *cancellable,
                                    GError           **error);

  gpointer padding[4];
};

gboolean          proc_record_reader_read_header      (ProcRecordReader  *self,
                                                       GCancellable      *cancellable,
                                                       GError           **error);
ProcPaperRecord  *proc_record_reader_next             (ProcRecordReader  *self,
                                                       ProcImportReport  *report,
                                                       GCancellable      *cancellable,
                                                       GError           **error);
GInputStream     *proc_record_reader_get_stream       (ProcRecordReader  *self);
ProcLineReader   *proc_record_reader_get_lines        (ProcRecordReader  *self);
const char       *proc_record_reader_get_display_name (ProcRecordReader  *self);
const char       *proc_record_reader_get_list_name    (ProcRecordReader  *self);
void              proc_record_reader_set_list_name    (ProcRecordReader  *self,
                                                       const char        *list_name);
guint64           proc_record_reader_get_offset       (ProcRecordReader  *self);
void              proc_record_reader_reject           (ProcRecordReader  *self,
                                                       ProcImportReport  *report,
                                                       guint              line,
                                                       const char        *reason);

G_END_DECLS
