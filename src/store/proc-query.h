/* proc-query.h: the search entry's query language, parsed into SQL
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

typedef struct _ProcQuery ProcQuery;

ProcQuery  *proc_query_parse          (const char      *text);
void        proc_query_free           (ProcQuery       *query);
gboolean    proc_query_is_empty       (const ProcQuery *query);
gboolean    proc_query_has_text       (const ProcQuery *query);
void        proc_query_append_sql     (const ProcQuery *query,
                                       GString         *where,
                                       GPtrArray       *params);
char       *proc_query_dup_rank_match (const ProcQuery *query);
char       *proc_query_dup_cjk_rank_match (const ProcQuery *query);
char       *proc_query_dup_words_match (const ProcQuery *query,
                                        char           **any_word);
char       *proc_query_dup_reading_list (const ProcQuery *query);
char      **proc_query_dup_terms      (const ProcQuery *query);
char       *proc_query_to_string      (const ProcQuery *query);
char       *proc_query_split_cjk      (const char      *text);

void        proc_query_bind_params    (sqlite3_stmt    *stmt,
                                       int              first_index,
                                       GPtrArray       *params);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcQuery, proc_query_free)

G_END_DECLS
