/* proc-names-private.h: BibTeX's tokens and their case, for the name parser's users in src/text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-names.h"

G_BEGIN_DECLS

typedef struct
{
  gsize start;
  gsize end;
} ProcSpan;

GArray    *_proc_names_split_top_level (const char *text,
                                        gsize       start,
                                        gsize       end,
                                        const char *separators,
                                        gboolean    keep_empty);
gboolean   _proc_names_token_is_lower  (const char *text,
                                        ProcSpan    token);
ProcName  *_proc_name_from_parts       (const char     *text,
                                        GArray         *parts,
                                        ProcNameSource  source,
                                        gboolean        suffix_last);

G_END_DECLS
