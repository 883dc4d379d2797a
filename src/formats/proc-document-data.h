/* proc-document-data.h: the hidden data that lets Markdown and HTML exports be imported again
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The version of the hidden data this code writes and reads; a file
 * with a higher one was exported by a newer Proceedings. */
#define PROC_DOCUMENT_DATA_VERSION 1

#define PROC_DOCUMENT_MARKER "<!-- proceedings-export v"
#define PROC_DOCUMENT_PAPER  "<!-- proceedings-paper "

void        proc_document_append_marker (GString     *out,
                                         const char  *title);
void        proc_document_append_paper  (GString     *out,
                                         const char  *item_json);
gboolean    proc_document_parse_marker  (const char  *line,
                                         guint       *version,
                                         char       **title);
JsonObject *proc_document_parse_paper   (const char  *line,
                                         GError     **error);

G_END_DECLS
