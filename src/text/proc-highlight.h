/* proc-highlight.h: search words marked in a text, as Pango markup
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *proc_highlight_markup (const char         *text,
                             const char * const *terms,
                             const char         *open_tag,
                             const char         *close_tag);

G_END_DECLS
