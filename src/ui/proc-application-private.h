/* proc-application-private.h: what the tests change in the application
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-application.h"

G_BEGIN_DECLS

void _proc_application_set_backup_timing (ProcApplication *self,
                                          guint            check_interval_ms,
                                          guint            idle_ms);

G_END_DECLS
