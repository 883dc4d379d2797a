/* proc-store-records.h: papers read out of the library as records, for exports
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-paper-record.h"
#include "proc-store.h"

G_BEGIN_DECLS

/* Return FALSE with @error set to stop. */
typedef gboolean (*ProcRecordFunc) (const ProcPaperRecord  *record,
                                    gpointer                user_data,
                                    GError                **error);

gboolean proc_store_read_records   (ProcStore       *self,
                                    const gint64    *ids,
                                    guint            n_ids,
                                    ProcRecordFunc   func,
                                    gpointer         user_data,
                                    GCancellable    *cancellable,
                                    GError         **error);
gint64   proc_store_find_collection (ProcStore      *self,
                                    const char      *table,
                                    const char      *name);
GArray  *proc_store_collection_ids (ProcStore       *self,
                                    const char      *table,
                                    gint64           id,
                                    GError         **error);

G_END_DECLS
