/* proc-collection-list.h: the tags, lists or reading lists, with counts from SQL
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-collection.h"
#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_COLLECTION_LIST (proc_collection_list_get_type ())

G_DECLARE_FINAL_TYPE (ProcCollectionList, proc_collection_list, PROC, COLLECTION_LIST, GObject)

ProcCollectionList *proc_collection_list_new      (ProcStore          *store,
                                                   ProcCollectionKind  kind);
ProcCollectionKind  proc_collection_list_get_kind (ProcCollectionList *self);
ProcCollection     *proc_collection_list_lookup   (ProcCollectionList *self,
                                                   const char         *name);
void                proc_collection_list_refresh  (ProcCollectionList *self);

G_END_DECLS
