/* proc-undo.h: undo records for the library's destructive edits
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_UNDO (proc_undo_get_type ())

typedef struct _ProcUndo ProcUndo;

GType        proc_undo_get_type                 (void) G_GNUC_CONST;
ProcUndo    *proc_undo_ref                      (ProcUndo       *self);
void         proc_undo_unref                    (ProcUndo       *self);
const char  *proc_undo_get_label                (ProcUndo       *self);
const gint64 *proc_undo_get_paper_ids           (ProcUndo       *self,
                                                 guint          *n_ids);
gboolean     proc_undo_apply                    (ProcUndo       *self,
                                                 GError        **error);
ProcUndo    *proc_undo_new_derived_titles       (ProcStore          *store,
                                                 const gint64       *ids,
                                                 const char * const *titles,
                                                 guint               n_ids);

/* Each performs the edit of the function without the suffix, in one
 * transaction, and returns what undoes it. */
ProcUndo    *proc_store_delete_papers_undoable  (ProcStore      *store,
                                                 const gint64   *ids,
                                                 guint           n_ids,
                                                 GError        **error);
ProcUndo    *proc_store_remove_tag_undoable     (ProcStore      *store,
                                                 const gint64   *ids,
                                                 guint           n_ids,
                                                 const char     *tag,
                                                 GError        **error);
ProcUndo    *proc_store_delete_tag_undoable     (ProcStore      *store,
                                                 gint64          tag_id,
                                                 GError        **error);
ProcUndo    *proc_store_set_note_undoable       (ProcStore      *store,
                                                 gint64          id,
                                                 const char     *note,
                                                 GError        **error);
ProcUndo    *proc_store_add_tag_undoable        (ProcStore      *store,
                                                 const gint64   *ids,
                                                 guint           n_ids,
                                                 const char     *tag,
                                                 GError        **error);
ProcUndo    *proc_store_set_starred_undoable    (ProcStore      *store,
                                                 const gint64   *ids,
                                                 guint           n_ids,
                                                 gboolean        starred,
                                                 GError        **error);
ProcUndo    *proc_store_set_read_state_undoable (ProcStore      *store,
                                                 const gint64   *ids,
                                                 guint           n_ids,
                                                 ProcReadState   state,
                                                 GError        **error);
ProcUndo    *proc_store_set_triage_undoable     (ProcStore      *store,
                                                 const gint64   *ids,
                                                 guint           n_ids,
                                                 ProcTriage      triage,
                                                 GError        **error);
ProcUndo    *proc_store_set_rating_undoable     (ProcStore      *store,
                                                 const gint64   *ids,
                                                 guint           n_ids,
                                                 int             rating,
                                                 GError        **error);
ProcUndo    *proc_store_create_reading_list_undoable      (ProcStore     *store,
                                                           const char    *name,
                                                           const gint64  *ids,
                                                           guint          n_ids,
                                                           gint64        *reading_list_id,
                                                           GError       **error);
ProcUndo    *proc_store_add_to_reading_list_undoable      (ProcStore     *store,
                                                           gint64         reading_list_id,
                                                           const gint64  *ids,
                                                           guint          n_ids,
                                                           GError       **error);
ProcUndo    *proc_store_remove_from_reading_list_undoable (ProcStore     *store,
                                                           gint64         reading_list_id,
                                                           const gint64  *ids,
                                                           guint          n_ids,
                                                           GError       **error);
ProcUndo    *proc_store_move_in_reading_list_undoable     (ProcStore     *store,
                                                           gint64         reading_list_id,
                                                           const gint64  *ids,
                                                           guint          n_ids,
                                                           gint64         before_paper_id,
                                                           GError       **error);
ProcUndo    *proc_store_rename_reading_list_undoable      (ProcStore     *store,
                                                           gint64         reading_list_id,
                                                           const char    *name,
                                                           GError       **error);
ProcUndo    *proc_store_delete_watchlist_undoable (ProcStore    *store,
                                                   gint64        watchlist_id,
                                                   GError      **error);
ProcUndo    *proc_store_delete_reading_list_undoable      (ProcStore     *store,
                                                           gint64         reading_list_id,
                                                           GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcUndo, proc_undo_unref)

G_END_DECLS
