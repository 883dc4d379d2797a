/* proc-command-line.h: --import, --list, --similar and --export, run in the calling process
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit statuses of the command line. */
#define PROC_EXIT_OK        0
#define PROC_EXIT_BAD_INPUT 1
#define PROC_EXIT_USAGE     2

int proc_command_line_import (const char         *library,
                              const char * const *files);
int proc_command_line_list   (const char         *library,
                              const char         *query);
int proc_command_line_similar (const char        *library,
                               gint64             paper_id);
int proc_command_line_export (const char         *library,
                              const char         *format,
                              const char         *what,
                              const char         *group_by,
                              const char         *output);

G_END_DECLS
