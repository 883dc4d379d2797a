/* proc-exporter.h: writes papers of the library to a file in an export format
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-record-format.h"
#include "proc-store.h"

G_BEGIN_DECLS

typedef enum
{
  PROC_EXPORT_GROUP_NONE,
  PROC_EXPORT_GROUP_TAG,
  PROC_EXPORT_GROUP_READ_STATE,
} ProcExportGrouping;

GArray   *proc_exporter_resolve            (ProcStore          *store,
                                            const char         *what,
                                            char              **title,
                                            GError            **error);
gboolean  proc_exporter_write              (ProcStore          *store,
                                            ProcRecordWriter   *writer,
                                            const char         *title,
                                            const gint64       *ids,
                                            guint               n_ids,
                                            ProcExportGrouping  grouping,
                                            guint              *n_written,
                                            GCancellable       *cancellable,
                                            GError            **error);
char     *proc_exporter_write_to_string    (ProcStore          *store,
                                            ProcRecordFormat    format,
                                            ProcExportFields    fields,
                                            const char         *title,
                                            const gint64       *ids,
                                            guint               n_ids,
                                            GError            **error);
char     *proc_exporter_dup_file_name      (const char         *title,
                                            ProcRecordFormat    format);

gboolean  proc_exporter_export_file        (ProcStore          *store,
                                            GFile              *file,
                                            ProcRecordFormat    format,
                                            ProcExportFields    fields,
                                            ProcExportGrouping  grouping,
                                            const char         *title,
                                            const gint64       *ids,
                                            guint               n_ids,
                                            guint              *n_written,
                                            GCancellable       *cancellable,
                                            GError            **error);
void      proc_exporter_export_file_async  (const char         *library_path,
                                            GFile              *file,
                                            ProcRecordFormat    format,
                                            ProcExportFields    fields,
                                            ProcExportGrouping  grouping,
                                            const char         *title,
                                            const gint64       *ids,
                                            guint               n_ids,
                                            GCancellable       *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer            user_data);
gboolean  proc_exporter_export_file_finish (GAsyncResult       *result,
                                            guint              *n_written,
                                            GError            **error);

G_END_DECLS
