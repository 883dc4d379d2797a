/* proc-store-private.h: what the store's own classes share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sqlite3.h>

#include "proc-store.h"

G_BEGIN_DECLS

sqlite3      *_proc_store_get_db      (ProcStore       *self);
sqlite3_stmt *_proc_store_prepare     (ProcStore       *self,
                                       const char      *sql,
                                       GError         **error);
gboolean      _proc_store_exec        (ProcStore       *self,
                                       const char      *sql,
                                       GError         **error);
gboolean      _proc_store_begin       (ProcStore       *self,
                                       GError         **error);
gboolean      _proc_store_commit      (ProcStore       *self,
                                       GError         **error);
void          _proc_store_rollback    (ProcStore       *self);
gboolean      _proc_store_set_error   (ProcStore       *self,
                                       GError         **error,
                                       const char      *doing);
void          _proc_store_reload_live (ProcStore       *self,
                                       const gint64    *ids,
                                       guint            n_ids);

G_END_DECLS
