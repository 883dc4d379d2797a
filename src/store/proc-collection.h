/* proc-collection.h: a tag, an imported list or a reading list, with its count
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  PROC_COLLECTION_KIND_TAG,
  PROC_COLLECTION_KIND_LIST,
  PROC_COLLECTION_KIND_READING_LIST,
  PROC_COLLECTION_KIND_WATCHLIST,
} ProcCollectionKind;

#define PROC_TYPE_COLLECTION_KIND (proc_collection_kind_get_type ())
GType proc_collection_kind_get_type (void);

#define PROC_TYPE_COLLECTION (proc_collection_get_type ())

G_DECLARE_FINAL_TYPE (ProcCollection, proc_collection, PROC, COLLECTION, GObject)

ProcCollection     *proc_collection_new        (ProcCollectionKind  kind,
                                                gint64              id);
ProcCollectionKind  proc_collection_get_kind   (ProcCollection     *self);
gint64              proc_collection_get_id     (ProcCollection     *self);
const char         *proc_collection_get_name   (ProcCollection     *self);
void                proc_collection_set_name   (ProcCollection     *self,
                                                const char         *name);
const char         *proc_collection_get_colour (ProcCollection     *self);
void                proc_collection_set_colour (ProcCollection     *self,
                                                const char         *colour);
guint               proc_collection_get_count  (ProcCollection     *self);
void                proc_collection_set_count  (ProcCollection     *self,
                                                guint               count);
char               *proc_collection_dup_query  (ProcCollection     *self);
void                proc_collection_set_query  (ProcCollection     *self,
                                                const char         *query);

G_END_DECLS
