/* proc-query.h: the search entry's query language, parsed into SQL
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <sqlite3.h>

#include "proc-store.h"

G_BEGIN_DECLS

/* A statement giving paper ids in order, and its parameters (GVariants,
 * bound from ?1); proc-store-search.c runs it. */
typedef struct
{
  char      *sql;
  GPtrArray *params;
  /* When set, a second statement whose ids, in the same order, are
   * merged into the first's (see proc_query_statement_new_ids()) */
  char      *merge_sql;
  GPtrArray *merge_params;
  gboolean   descending;
} ProcQueryStatement;

ProcQuery  *proc_query_parse          (const char      *text);
guint       proc_query_get_n_parsed   (void);
const char *proc_query_get_text       (const ProcQuery *query);
ProcQuery  *proc_query_ref            (ProcQuery       *query);
void        proc_query_unref          (ProcQuery       *query);
void        proc_query_free           (ProcQuery       *query);
gboolean    proc_query_is_empty       (const ProcQuery *query);
gboolean    proc_query_has_text       (const ProcQuery *query);
gboolean    proc_query_has_unindexed_prefix (const ProcQuery *query);
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

char       *proc_query_dup_ordering_reading_list (const ProcQuery *filter,
                                                  const ProcQuery *search,
                                                  ProcSortKey      sort_key);
ProcQueryStatement *proc_query_statement_new_ids   (const ProcQuery *filter,
                                                    const ProcQuery *search,
                                                    ProcSortKey      sort_key,
                                                    gboolean         descending,
                                                    gboolean         trust_index);
ProcQueryStatement *proc_query_statement_new_count (const ProcQuery *query);
void                proc_query_statement_free      (ProcQueryStatement *statement);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcQuery, proc_query_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcQueryStatement, proc_query_statement_free)

G_END_DECLS
