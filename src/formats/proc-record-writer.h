/* proc-record-writer.h: writes paper records to a file in one export format
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-paper-record.h"

G_BEGIN_DECLS

/* What an export includes beyond the bibliographic data (title,
 * authors, venue, year, DOI, links), which is always there. */
typedef enum
{
  PROC_EXPORT_ABSTRACTS  = 1 << 0,
  PROC_EXPORT_NOTES      = 1 << 1,
  PROC_EXPORT_TAGS       = 1 << 2,
  PROC_EXPORT_RATINGS    = 1 << 3,
  PROC_EXPORT_READ_STATE = 1 << 4,   /* the read state and the star */
  PROC_EXPORT_ALL        = 0x1f,
} ProcExportFields;

#define PROC_TYPE_RECORD_WRITER (proc_record_writer_get_type ())

G_DECLARE_DERIVABLE_TYPE (ProcRecordWriter, proc_record_writer, PROC, RECORD_WRITER, GObject)

struct _ProcRecordWriterClass
{
  GObjectClass parent_class;

  /* @title names the whole export, e.g. the reading list's name. */
  gboolean (*begin) (ProcRecordWriter       *self,
                     const char             *title,
                     GError                **error);
  /* A heading before the records of one group (a tag, a read state).
   * Optional: formats without headings ignore it. */
  gboolean (*group) (ProcRecordWriter       *self,
                     const char             *heading,
                     GError                **error);
  gboolean (*write) (ProcRecordWriter       *self,
                     const ProcPaperRecord  *record,
                     GError                **error);
  /* Optional. */
  gboolean (*end)   (ProcRecordWriter       *self,
                     GError                **error);

  gpointer padding[4];
};

gboolean          proc_record_writer_begin      (ProcRecordWriter       *self,
                                                 const char             *title,
                                                 GError                **error);
gboolean          proc_record_writer_group      (ProcRecordWriter       *self,
                                                 const char             *heading,
                                                 GError                **error);
gboolean          proc_record_writer_write      (ProcRecordWriter       *self,
                                                 const ProcPaperRecord  *record,
                                                 GError                **error);
gboolean          proc_record_writer_end        (ProcRecordWriter       *self,
                                                 GError                **error);
GOutputStream    *proc_record_writer_get_stream (ProcRecordWriter       *self);
ProcExportFields  proc_record_writer_get_fields (ProcRecordWriter       *self);
gboolean          proc_record_writer_has_field  (ProcRecordWriter       *self,
                                                 ProcExportFields        field);

/* For subclasses: text goes through a buffer, written out in large
 * chunks and at the end. */
gboolean          proc_record_writer_append     (ProcRecordWriter       *self,
                                                 const char             *text,
                                                 GError                **error);
gboolean          proc_record_writer_append_printf (ProcRecordWriter    *self,
                                                 GError                **error,
                                                 const char             *format,
                                                 ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
