/* proc-bibtex-names.h: BibTeX name lists, keyword lists and citation keys
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "proc-names.h"

G_BEGIN_DECLS

GPtrArray *proc_bibtex_parse_names      (const char            *value);
char      *proc_bibtex_decode_names     (const char            *value);
char      *proc_bibtex_encode_name      (const ProcName        *name);
char      *proc_bibtex_encode_name_list (GPtrArray             *names);
char      *proc_bibtex_encode_names     (const char            *authors);

GPtrArray *proc_bibtex_split_list       (const char            *value);
char      *proc_bibtex_encode_list      (const char * const    *items,
                                         guint                  n_items);

char      *proc_bibtex_make_key         (const char            *authors,
                                         const char            *title,
                                         int                    year);
gboolean   proc_bibtex_is_valid_key     (const char            *key);

G_END_DECLS
