/* proc-library-check.h: Check Library, the full check Preferences runs on demand, and its repair
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What Check Library found. */
typedef struct
{
  guint n_papers;
  GPtrArray *problems;   /* of char *, the first few; empty when all is well */
  gboolean index_damaged; /* the problem is in a search index alone: repairable */
} ProcLibraryCheck;

void                proc_library_check_free      (ProcLibraryCheck    *check);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcLibraryCheck, proc_library_check_free)
ProcLibraryCheck   *proc_library_check           (const char          *library_path,
                                                  GCancellable        *cancellable,
                                                  GError             **error);
void                proc_library_check_async     (const char          *library_path,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
ProcLibraryCheck   *proc_library_check_finish    (GAsyncResult        *result,
                                                  GError             **error);

gboolean            proc_library_rebuild_search_index        (const char          *library_path,
                                                              GError             **error);
void                proc_library_rebuild_search_index_async  (const char          *library_path,
                                                              GCancellable        *cancellable,
                                                              GAsyncReadyCallback  callback,
                                                              gpointer             user_data);
gboolean            proc_library_rebuild_search_index_finish (GAsyncResult        *result,
                                                              GError             **error);

G_END_DECLS
