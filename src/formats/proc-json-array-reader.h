/* proc-json-array-reader.h: the elements of a JSON array, one at a time, from a stream of lines
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "proc-import-report.h"
#include "proc-line-reader.h"
#include "proc-record-reader.h"

G_BEGIN_DECLS

typedef struct _ProcJsonArrayReader ProcJsonArrayReader;

ProcJsonArrayReader *proc_json_array_reader_new         (ProcLineReader       *lines);
void                 proc_json_array_reader_free        (ProcJsonArrayReader  *self);
gboolean             proc_json_array_reader_start       (ProcJsonArrayReader  *self,
                                                         GCancellable         *cancellable,
                                                         GError              **error);
const char          *proc_json_array_reader_next        (ProcJsonArrayReader  *self,
                                                         gsize                *length,
                                                         guint                *line,
                                                         GCancellable         *cancellable,
                                                         GError              **error);
JsonObject          *proc_json_array_reader_next_object (ProcJsonArrayReader  *self,
                                                         ProcRecordReader     *owner,
                                                         ProcImportReport     *report,
                                                         guint                *line,
                                                         GCancellable         *cancellable,
                                                         GError              **error);

/* Reading members the way both JSON formats want them. */
char                *proc_json_dup_string               (JsonObject           *object,
                                                         const char           *member);
int                  proc_json_find_year                (const char           *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcJsonArrayReader, proc_json_array_reader_free)

G_END_DECLS
