/* proc-recovery.h: a damaged library found at start, moved aside and restored
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-store.h"

G_BEGIN_DECLS

/* Held by each process that has a library open: `library.db.open`. */
typedef struct _ProcRunMarker ProcRunMarker;

typedef enum
{
  PROC_RECOVERY_NONE,       /* nothing was wrong */
  PROC_RECOVERY_RESTORED,   /* damaged: moved aside, the newest good backup restored */
  PROC_RECOVERY_EMPTY,      /* damaged: moved aside, no good backup, a new library */
} ProcRecoveryOutcome;

typedef struct
{
  ProcRecoveryOutcome outcome;
  gboolean unclean;          /* the last run did not end cleanly */
  gboolean checked;          /* PRAGMA quick_check ran */
  char *problem;             /* what SQLite found */
  char *damaged_path;        /* where the damaged library is now */
  char *backup_path;         /* the backup restored */
  GDateTime *backup_time;    /* when that backup was made */
} ProcRecoveryReport;

typedef enum
{
  PROC_RECOVERY_REPAIR     = 1 << 0,   /* move a damaged library aside and restore */
} ProcRecoveryFlags;

ProcRunMarker      *proc_run_marker_acquire      (const char          *library_path,
                                                  GError             **error);
gboolean            proc_run_marker_get_unclean  (ProcRunMarker       *marker);
void                proc_run_marker_release      (ProcRunMarker       *marker,
                                                  gboolean             clean);

void                proc_recovery_report_free    (ProcRecoveryReport  *report);
char               *proc_recovery_report_dup_heading (ProcRecoveryReport *report);
char               *proc_recovery_report_dup_body    (ProcRecoveryReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcRecoveryReport, proc_recovery_report_free)

gboolean            proc_recovery_check          (const char          *library_path,
                                                  gboolean             quick_check,
                                                  GError             **error);
ProcStore          *proc_recovery_open_store     (const char          *library_path,
                                                  ProcRecoveryFlags    flags,
                                                  ProcRunMarker      **marker,
                                                  ProcRecoveryReport **report,
                                                  GError             **error);

G_END_DECLS
