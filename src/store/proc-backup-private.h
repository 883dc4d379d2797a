/* proc-backup-private.h: what the tests change in the backups
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-backup.h"

G_BEGIN_DECLS

/* Called with the temporary copy once it is written and before it is
 * checked: a test damages it there to see that it never replaces a
 * good backup. */
typedef void (*ProcBackupCopyHook) (const char *temp_path,
                                    gpointer    user_data);

void _proc_backup_set_copy_hook (ProcBackupCopyHook  hook,
                                 gpointer            user_data);
/* The time new backups are named after; %NULL for the clock. */
void _proc_backup_set_now       (GDateTime          *now);

G_END_DECLS
