/* proc-csl-json-reader.h: CSL-JSON bibliographies (Zotero, pandoc), read one item at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "proc-record-reader.h"

G_BEGIN_DECLS

#define PROC_TYPE_CSL_JSON_READER (proc_csl_json_reader_get_type ())

G_DECLARE_FINAL_TYPE (ProcCslJsonReader, proc_csl_json_reader, PROC, CSL_JSON_READER, ProcRecordReader)

ProcCslJsonReader *proc_csl_json_reader_new (GInputStream *stream,
                                             const char   *display_name);
ProcPaperRecord   *proc_csl_json_record_from_item (JsonObject *item);

G_END_DECLS
