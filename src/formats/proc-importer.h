/* proc-importer.h: reads a paper list and adds it to the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-import-report.h"
#include "proc-store.h"

G_BEGIN_DECLS

/* Called now and then from the import's reading thread (not the caller's,
 * see proc-record-pipeline.c): bytes read of @total (0 when the size is
 * unknown). */
typedef void (*ProcImportProgressFunc) (guint64  done,
                                        guint64  total,
                                        gpointer user_data);

ProcImportReport *proc_importer_import_stream (ProcStore     *store,
                                               GInputStream  *stream,
                                               const char    *display_name,
                                               const char    *source,
                                               GCancellable  *cancellable,
                                               GError       **error);
ProcImportReport *proc_importer_import_file   (ProcStore     *store,
                                               GFile         *file,
                                               GCancellable  *cancellable,
                                               GError       **error);

/* One file's outcome in a background import: a report or an error. */
typedef struct
{
  GFile            *file;
  ProcImportReport *report;
  GError           *error;
} ProcImportResult;

void       proc_import_result_free            (ProcImportResult     *result);
void       proc_importer_import_files_async   (const char           *library_path,
                                               GFile               **files,
                                               guint                 n_files,
                                               ProcImportProgressFunc progress,
                                               gpointer              progress_data,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
GPtrArray *proc_importer_import_files_finish  (GAsyncResult         *result,
                                               GError              **error);

G_END_DECLS
