/* proc-bibtex-text-private.h: what the names and keys code shares with field encoding
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PROC_BIBTEX_NO_MATCH G_MAXSIZE

char  *_proc_bibtex_encode_no_math (const char *text);
gsize  _proc_bibtex_math_end       (const char *text,
                                    gsize       pos,
                                    gsize       end);

G_END_DECLS
