/* proc-conference-list.h: the conference-list text format, read one paper at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-import-report.h"
#include "proc-paper-record.h"
#include "proc-record-reader.h"

G_BEGIN_DECLS

#define PROC_TYPE_CONFERENCE_LIST (proc_conference_list_get_type ())

G_DECLARE_FINAL_TYPE (ProcConferenceList, proc_conference_list, PROC, CONFERENCE_LIST, ProcRecordReader)

ProcConferenceList *proc_conference_list_new           (GInputStream        *stream,
                                                        const char          *display_name);
gboolean            proc_conference_list_read_title    (ProcConferenceList  *reader,
                                                        GCancellable        *cancellable,
                                                        GError             **error);
const char         *proc_conference_list_get_title     (ProcConferenceList  *reader);
ProcPaperRecord    *proc_conference_list_next          (ProcConferenceList  *reader,
                                                        ProcImportReport    *report,
                                                        GCancellable        *cancellable,
                                                        GError             **error);
guint64             proc_conference_list_get_offset    (ProcConferenceList  *reader);

G_END_DECLS
