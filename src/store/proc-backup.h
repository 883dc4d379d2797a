/* proc-backup.h: verified backups of a library, kept beside it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PROC_BACKUP_ERROR (proc_backup_error_quark ())

typedef enum
{
  PROC_BACKUP_ERROR_FAILED,
  PROC_BACKUP_ERROR_DAMAGED,   /* a copy failed its integrity check */
  PROC_BACKUP_ERROR_NOT_FOUND,
} ProcBackupError;

/* How many daily backups are kept unless the settings say otherwise. */
#define PROC_BACKUP_KEEP_DEFAULT 7

/* One backup file: where it is and when it was made. */
typedef struct
{
  char *path;
  GDateTime *time;   /* UTC */
} ProcBackupInfo;

GQuark          proc_backup_error_quark   (void);
void            proc_backup_info_free     (ProcBackupInfo  *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcBackupInfo, proc_backup_info_free)

char           *proc_backup_dup_folder    (const char      *library_path);
ProcBackupInfo *proc_backup_create        (const char      *library_path,
                                           guint            keep,
                                           GCancellable    *cancellable,
                                           GError         **error);
void            proc_backup_create_async  (const char      *library_path,
                                           guint            keep,
                                           GCancellable    *cancellable,
                                           GAsyncReadyCallback callback,
                                           gpointer         user_data);
ProcBackupInfo *proc_backup_create_finish (GAsyncResult    *result,
                                           GError         **error);
GPtrArray      *proc_backup_list          (const char      *library_path);
GDateTime      *proc_backup_dup_newest_time (const char    *library_path);
gboolean        proc_backup_is_due        (const char      *library_path,
                                           GDateTime       *now);
guint           proc_backup_prune         (const char      *library_path,
                                           guint            keep);
gboolean        proc_backup_verify        (const char      *path,
                                           GCancellable    *cancellable,
                                           GError         **error);
ProcBackupInfo *proc_backup_find_newest_valid (const char  *library_path);
gboolean        proc_backup_restore       (const char      *library_path,
                                           ProcBackupInfo  *backup,
                                           GError         **error);

G_END_DECLS
