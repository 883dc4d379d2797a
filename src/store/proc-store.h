/* proc-store.h: the library, one SQLite database file
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-paper.h"

G_BEGIN_DECLS

typedef struct _ProcQuery ProcQuery;

#define PROC_STORE_ERROR (proc_store_error_quark ())

typedef enum
{
  PROC_STORE_ERROR_FAILED,
  PROC_STORE_ERROR_NEWER_SCHEMA,
  PROC_STORE_ERROR_BUSY,
  PROC_STORE_ERROR_NOT_FOUND,
  PROC_STORE_ERROR_INVALID,
  PROC_STORE_ERROR_CONFLICT,   /* an undo meets what was added since */
  PROC_STORE_ERROR_DISK_FULL,  /* nothing was written: try again when there is space */
  PROC_STORE_ERROR_IO,         /* the disk failed to read or write the file */
} ProcStoreError;

/* What an edit touched, so that each model refreshes only for its part. */
typedef enum
{
  PROC_STORE_CHANGE_PAPERS        = 1 << 0,
  PROC_STORE_CHANGE_TAGS          = 1 << 1,
  PROC_STORE_CHANGE_LISTS         = 1 << 2,
  PROC_STORE_CHANGE_READING_LISTS = 1 << 3,
  PROC_STORE_CHANGE_WATCHLISTS    = 1 << 4,
  PROC_STORE_CHANGE_ALL           = 0x1f,
} ProcStoreChange;

typedef enum
{
  PROC_SORT_ADDED,
  PROC_SORT_TITLE,
  PROC_SORT_RATING,
  PROC_SORT_RELEVANCE,
} ProcSortKey;

#define PROC_TYPE_SORT_KEY (proc_sort_key_get_type ())
GType proc_sort_key_get_type (void);

#define PROC_TYPE_STORE (proc_store_get_type ())

G_DECLARE_FINAL_TYPE (ProcStore, proc_store, PROC, STORE, GObject)

GQuark      proc_store_error_quark           (void);
char       *proc_store_dup_default_path      (void);
ProcStore  *proc_store_open                  (const char       *path,
                                              GError          **error);
const char *proc_store_get_path              (ProcStore        *self);
gboolean    proc_store_get_created           (ProcStore        *self);
guint       proc_store_get_schema_version    (ProcStore        *self);
gboolean    proc_store_checkpoint            (ProcStore        *self,
                                              GError          **error);

char       *proc_store_dup_meta              (ProcStore        *self,
                                              const char       *key);
gboolean    proc_store_set_meta              (ProcStore        *self,
                                              const char       *key,
                                              const char       *value,
                                              GError          **error);

ProcPaper  *proc_store_get_paper             (ProcStore        *self,
                                              gint64            id);
GPtrArray  *proc_store_load_papers           (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              GError          **error);
char       *proc_store_dup_ordering_reading_list (const char   *filter,
                                                  const char   *search,
                                                  ProcSortKey   sort_key);
GArray     *proc_store_query_ids             (ProcStore        *self,
                                              const char       *filter,
                                              const char       *search,
                                              ProcSortKey       sort_key,
                                              gboolean          descending,
                                              GError          **error);
GArray     *proc_store_query_ids_for         (ProcStore        *self,
                                              const ProcQuery  *filter,
                                              const ProcQuery  *search,
                                              ProcSortKey       sort_key,
                                              gboolean          descending,
                                              guint             limit,
                                              GError          **error);
void        proc_store_query_ids_async       (ProcStore        *self,
                                              const ProcQuery  *filter,
                                              const ProcQuery  *search,
                                              ProcSortKey       sort_key,
                                              gboolean          descending,
                                              GCancellable     *cancellable,
                                              GAsyncReadyCallback callback,
                                              gpointer          user_data);
GArray     *proc_store_query_ids_finish      (ProcStore        *self,
                                              GAsyncResult     *result,
                                              GError          **error);
guint       proc_store_count                 (ProcStore        *self,
                                              const char       *query);

gboolean    proc_store_set_starred           (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              gboolean          starred,
                                              GError          **error);
gboolean    proc_store_set_read_state        (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              ProcReadState     state,
                                              GError          **error);
gboolean    proc_store_set_triage            (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              ProcTriage        triage,
                                              GError          **error);
gboolean    proc_store_set_rating            (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              int               rating,
                                              GError          **error);
gboolean    proc_store_set_note              (ProcStore        *self,
                                              gint64            id,
                                              const char       *note,
                                              GError          **error);
gboolean    proc_store_set_user_title        (ProcStore        *self,
                                              gint64            id,
                                              const char       *title,
                                              GError          **error);
gboolean    proc_store_add_tag               (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              const char       *tag,
                                              GError          **error);
gboolean    proc_store_remove_tag            (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              const char       *tag,
                                              GError          **error);
gboolean    proc_store_delete_papers         (ProcStore        *self,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              GError          **error);

gint64      proc_store_create_tag            (ProcStore        *self,
                                              const char       *name,
                                              const char       *colour,
                                              GError          **error);
gboolean    proc_store_rename_tag            (ProcStore        *self,
                                              gint64            tag_id,
                                              const char       *name,
                                              GError          **error);
gboolean    proc_store_set_tag_colour        (ProcStore        *self,
                                              gint64            tag_id,
                                              const char       *colour,
                                              GError          **error);
gboolean    proc_store_delete_tag            (ProcStore        *self,
                                              gint64            tag_id,
                                              GError          **error);

gint64      proc_store_lookup_reading_list   (ProcStore        *self,
                                              const char       *name);
gint64      proc_store_create_reading_list   (ProcStore        *self,
                                              const char       *name,
                                              GError          **error);
gboolean    proc_store_add_to_reading_list   (ProcStore        *self,
                                              gint64            reading_list_id,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              GError          **error);
gboolean    proc_store_remove_from_reading_list (ProcStore     *self,
                                              gint64            reading_list_id,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              GError          **error);
gboolean    proc_store_move_in_reading_list  (ProcStore        *self,
                                              gint64            reading_list_id,
                                              const gint64     *ids,
                                              guint             n_ids,
                                              gint64            before_paper_id,
                                              GError          **error);
gboolean    proc_store_rename_reading_list   (ProcStore        *self,
                                              gint64            reading_list_id,
                                              const char       *name,
                                              GError          **error);
gboolean    proc_store_delete_reading_list   (ProcStore        *self,
                                              gint64            reading_list_id,
                                              GError          **error);

gint64      proc_store_create_watchlist      (ProcStore        *self,
                                              const char       *name,
                                              const char       *query,
                                              GError          **error);
gboolean    proc_store_update_watchlist      (ProcStore        *self,
                                              gint64            id,
                                              const char       *name,
                                              const char       *query,
                                              GError          **error);
gboolean    proc_store_delete_watchlist      (ProcStore        *self,
                                              gint64            id,
                                              GError          **error);
char       *proc_store_dup_watched_query     (ProcStore        *self);
char      **proc_store_dup_watched_words     (ProcStore        *self);

void        proc_store_emit_changed          (ProcStore        *self,
                                              ProcStoreChange   change);
gboolean    proc_store_check_external_changes (ProcStore       *self);

G_END_DECLS
