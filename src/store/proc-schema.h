/* proc-schema.h: the library's schema, one migration per version
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

guint       proc_schema_get_version   (void);
const char *proc_schema_get_migration (guint from_version);
void        proc_schema_add_functions (sqlite3 *db);
const char *proc_schema_get_connection_sql (void);

G_END_DECLS
