/* proc-title.h: a display title for a paper that has none
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* At most this many characters: a list row, not a paragraph. */
#define PROC_TITLE_MAX_CHARS 90

char *proc_title_derive (const char *abstract);

G_END_DECLS
