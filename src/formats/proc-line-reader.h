/* proc-line-reader.h: lines of a text file, checked, with their numbers
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-import-report.h"

G_BEGIN_DECLS

typedef struct _ProcLineReader ProcLineReader;

/* Called after each read from the stream with the bytes read so far. */
typedef void (*ProcLineReaderProgress) (guint64  bytes_read,
                                        gpointer user_data);

ProcLineReader *proc_line_reader_new        (GInputStream    *stream,
                                             const char      *display_name);
void            proc_line_reader_free       (ProcLineReader  *reader);
const char     *proc_line_reader_next       (ProcLineReader  *reader,
                                             gsize           *length,
                                             GCancellable    *cancellable,
                                             GError         **error);
guint           proc_line_reader_get_line   (ProcLineReader  *reader);
guint64         proc_line_reader_get_offset (ProcLineReader  *reader);
const char     *proc_line_reader_get_display_name (ProcLineReader *reader);
void            proc_line_reader_set_progress (ProcLineReader        *reader,
                                               ProcLineReaderProgress progress,
                                               gpointer               user_data);

void            proc_line_reader_report_controls (ProcLineReader   *reader,
                                                  ProcImportReport *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcLineReader, proc_line_reader_free)

G_END_DECLS
