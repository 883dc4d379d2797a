/* proc-conference-list-writer.h: writes papers in the conference-list text format the app reads
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-writer.h"

G_BEGIN_DECLS

#define PROC_TYPE_CONFERENCE_LIST_WRITER (proc_conference_list_writer_get_type ())

G_DECLARE_FINAL_TYPE (ProcConferenceListWriter, proc_conference_list_writer, PROC, CONFERENCE_LIST_WRITER, ProcRecordWriter)

ProcConferenceListWriter *proc_conference_list_writer_new (GOutputStream    *stream,
                                                           ProcExportFields  fields);

G_END_DECLS
