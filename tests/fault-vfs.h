/* fault-vfs.h: a SQLite VFS that fails the Nth write, for the tests
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a failing write reports, as the unix VFS would for that errno. */
typedef enum
{
  FAULT_VFS_ENOSPC,   /* xWrite: SQLITE_FULL */
  FAULT_VFS_EIO,      /* xWrite: SQLITE_IOERR_WRITE */
} FaultVfsError;

/* The operations that count as writes: each one can be made to fail. */
typedef enum
{
  FAULT_VFS_OP_NONE,
  FAULT_VFS_OP_WRITE,
  FAULT_VFS_OP_TRUNCATE,
  FAULT_VFS_OP_SYNC,
} FaultVfsOp;

/* Which file a write went to. */
typedef enum
{
  FAULT_VFS_FILE_MAIN_DB,
  FAULT_VFS_FILE_WAL,
  FAULT_VFS_FILE_JOURNAL,
  FAULT_VFS_FILE_TEMP,       /* temporary databases, journals, sorter files */
} FaultVfsFile;

/* One write, as fault_vfs_dup_log() lists them. */
typedef struct
{
  FaultVfsOp op;
  FaultVfsFile file;
} FaultVfsEvent;

void         fault_vfs_install              (void);
void         fault_vfs_arm                  (guint          nth,
                                             FaultVfsError  error,
                                             gboolean       persistent);
void         fault_vfs_disarm               (void);
gboolean     fault_vfs_is_armed             (void);

void         fault_vfs_reset_count          (void);
guint        fault_vfs_get_write_count      (void);
GArray      *fault_vfs_dup_log              (void);
guint        fault_vfs_get_faults_injected  (void);
FaultVfsOp   fault_vfs_get_last_fault_op    (void);

G_END_DECLS
