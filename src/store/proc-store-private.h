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
gboolean      _proc_store_step_done   (ProcStore       *self,
                                       sqlite3_stmt    *stmt,
                                       GError         **error,
                                       const char      *doing);
gboolean      _proc_store_end_edit    (ProcStore       *self,
                                       gboolean         done,
                                       GError         **error);
gboolean      _proc_store_set_error   (ProcStore       *self,
                                       GError         **error,
                                       const char      *doing);
void          _proc_store_reload_live (ProcStore       *self,
                                       const gint64    *ids,
                                       guint            n_ids);
void          _proc_store_distrust_search_index (ProcStore *self);
void          _proc_store_defer_checkpoints     (ProcStore *self,
                                                 gboolean   defer);
gboolean      _proc_store_trusts_search_index   (ProcStore *self);
sqlite3      *_proc_store_lock_reader           (ProcStore *self,
                                                 GError   **error);
void          _proc_store_unlock_reader         (ProcStore *self);

/* In the SQL of _proc_store_run_for_ids(): the ids, as a set. */
#define PROC_STORE_IDS "(SELECT value FROM json_each(?2))"

char         *_proc_store_id_set_new  (const gint64    *ids,
                                       guint            n_ids);
gboolean      _proc_store_run_for_ids (ProcStore       *self,
                                       const char      *sql,
                                       const gint64    *ids,
                                       guint            n_ids,
                                       gint64           value,
                                       const char      *doing,
                                       GError         **error);
gint64        _proc_store_lookup_tag  (ProcStore       *self,
                                       const char      *name);
char         *_proc_store_normalize_name (const char  *name,
                                          const char  *empty_message,
                                          GError     **error);
char         *_proc_store_normalize_tag_name (const char *name,
                                       GError         **error);

/* The edits without their transaction, for a caller that holds one:
 * ProcUndo captures the rows an edit changes, then runs the same edit. */
gboolean      _proc_store_write_starred       (ProcStore      *self,
                                               const gint64   *ids,
                                               guint           n_ids,
                                               gboolean        starred,
                                               GError        **error);
gboolean      _proc_store_write_read_state    (ProcStore      *self,
                                               const gint64   *ids,
                                               guint           n_ids,
                                               ProcReadState   state,
                                               GError        **error);
gboolean      _proc_store_write_delete_watchlist (ProcStore   *self,
                                               gint64          id,
                                               GError        **error);
gboolean      _proc_store_write_triage        (ProcStore      *self,
                                               const gint64   *ids,
                                               guint           n_ids,
                                               ProcTriage      triage,
                                               GError        **error);
gboolean      _proc_store_write_rating        (ProcStore      *self,
                                               const gint64   *ids,
                                               guint           n_ids,
                                               int             rating,
                                               GError        **error);
gboolean      _proc_store_write_note          (ProcStore      *self,
                                               gint64          id,
                                               const char     *note,
                                               gint64          now,
                                               GError        **error);
gboolean      _proc_store_write_add_tag       (ProcStore      *self,
                                               const gint64   *ids,
                                               guint           n_ids,
                                               const char     *tag,
                                               GError        **error);
gboolean      _proc_store_write_remove_tag    (ProcStore      *self,
                                               const gint64   *ids,
                                               guint           n_ids,
                                               const char     *tag,
                                               GError        **error);
gboolean      _proc_store_write_delete_papers (ProcStore      *self,
                                               const gint64   *ids,
                                               guint           n_ids,
                                               GError        **error);
gboolean      _proc_store_write_delete_tag    (ProcStore      *self,
                                               gint64          tag_id,
                                               GError        **error);

char         *_proc_store_dup_reading_list_name          (ProcStore     *self,
                                                          gint64         reading_list_id);
gint64        _proc_store_write_create_reading_list      (ProcStore     *self,
                                                          const char    *name,
                                                          GError       **error);
gboolean      _proc_store_write_add_to_reading_list      (ProcStore     *self,
                                                          gint64         reading_list_id,
                                                          const gint64  *ids,
                                                          guint          n_ids,
                                                          GError       **error);
gboolean      _proc_store_write_remove_from_reading_list (ProcStore     *self,
                                                          gint64         reading_list_id,
                                                          const gint64  *ids,
                                                          guint          n_ids,
                                                          GError       **error);
gboolean      _proc_store_write_move_in_reading_list     (ProcStore     *self,
                                                          gint64         reading_list_id,
                                                          const gint64  *ids,
                                                          guint          n_ids,
                                                          gint64         before_paper_id,
                                                          GError       **error);
gboolean      _proc_store_write_rename_reading_list      (ProcStore     *self,
                                                          gint64         reading_list_id,
                                                          const char    *name,
                                                          GError       **error);
gboolean      _proc_store_write_delete_reading_list      (ProcStore     *self,
                                                          gint64         reading_list_id,
                                                          GError       **error);

G_END_DECLS
