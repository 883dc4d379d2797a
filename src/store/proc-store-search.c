/* proc-store-search.c: which papers a query chooses, and in which order
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "proc-query.h"
#include "proc-store-private.h"

/* Queries on lines of their own must each match: "a OR b" on one line
 * and is:untriaged on the next is (a OR b) and untriaged.  The triage
 * view narrows a view so; no one can type a line break in a search. */
static void
append_lines (GString    *where,
              GPtrArray  *params,
              const char *text)
{
  g_auto(GStrv) lines = NULL;

  if (text == NULL || strchr (text, '\n') == NULL)
    {
      g_autoptr(ProcQuery) query = proc_query_parse (text);

      proc_query_append_sql (query, where, params);
      return;
    }

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(ProcQuery) query = proc_query_parse (lines[i]);

      proc_query_append_sql (query, where, params);
    }
}

static void
append_where (GString    *where,
              GPtrArray  *params,
              const char *filter,
              const char *search)
{
  append_lines (where, params, filter);
  append_lines (where, params, search);
}

static void
append_order_by (GString     *sql,
                 ProcSortKey  sort_key,
                 gboolean     descending)
{
  const char *dir_asc = descending ? " DESC" : "";
  const char *dir_desc = descending ? "" : " DESC";

  switch (sort_key)
    {
    case PROC_SORT_TITLE:
      g_string_append_printf (sql, " ORDER BY coalesce(p.user_title, p.derived_title) COLLATE NOCASE%s, p.id%s",
                              dir_asc, dir_asc);
      break;

    case PROC_SORT_RATING:
      g_string_append_printf (sql, " ORDER BY p.rating%s, p.id%s", dir_desc, dir_asc);
      break;

    case PROC_SORT_RELEVANCE:
      g_string_append_printf (sql, " ORDER BY r.score IS NULL, r.score%s, p.id", dir_asc);
      break;

    case PROC_SORT_ADDED:
    default:
      /* Ids grow with each import, in the order of the file. */
      g_string_append_printf (sql, " ORDER BY p.id%s", dir_asc);
      break;
    }
}

/* The match that ranks the results for relevance, and the index it is
 * run on: words in CJK characters rank only a search made of them alone. */
static char *
dup_rank_match (const ProcQuery  *search_query,
                const char      **fts_table)
{
  char *match = proc_query_dup_rank_match (search_query);

  *fts_table = "papers_fts";
  if (match == NULL)
    {
      match = proc_query_dup_cjk_rank_match (search_query);
      *fts_table = "cjk_fts";
    }

  return match;
}

/**
 * proc_store_dup_ordering_reading_list:
 * @filter: (nullable): the sidebar's query
 * @search: (nullable): the search entry's
 *
 * A reading list has an order of its own, which the papers are shown in
 * while the sidebar shows exactly that list, whatever the sort key; only
 * relevance to words typed in the search ranks them otherwise.
 *
 * Returns: (nullable): the name of the reading list whose order
 *   proc_store_query_ids() gives, or %NULL when it sorts by @sort_key
 */
char *
proc_store_dup_ordering_reading_list (const char  *filter,
                                      const char  *search,
                                      ProcSortKey  sort_key)
{
  /* Narrowed by lines after it (see append_lines()), the list keeps its order. */
  g_autofree char *first_line = filter ? g_strndup (filter, strcspn (filter, "\n")) : NULL;
  g_autoptr(ProcQuery) filter_query = proc_query_parse (first_line);

  if (sort_key == PROC_SORT_RELEVANCE)
    {
      g_autoptr(ProcQuery) search_query = proc_query_parse (search);
      const char *fts_table;
      g_autofree char *rank_match = dup_rank_match (search_query, &fts_table);

      if (rank_match != NULL)
        return NULL;
    }

  return proc_query_dup_reading_list (filter_query);
}

static gboolean
step_id (sqlite3_stmt *stmt,
         gint64       *id,
         int          *rc)
{
  *rc = sqlite3_step (stmt);
  if (*rc != SQLITE_ROW)
    return FALSE;

  *id = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Words typed in All Papers, shown in the order they were added.  FTS5
 * gives the papers with all the words in their text in that order, and
 * nothing else needs reading for them: confirming each in the papers
 * table, then sorting them, took 6 of 7 ms for "robust" (11,000 of 87,000
 * papers), where FTS5 alone takes 1.  Papers with annotations may hold
 * some words in a note or a tag's name: among the few whose annotations
 * hold any of the words, the full query chooses them.  The two lists,
 * in the same order, are merged. */
static GArray *
query_words_ids (ProcStore   *self,
                 const char  *all_words,
                 const char  *any_word,
                 const char  *search,
                 gboolean     descending,
                 GError     **error)
{
  g_autofree char *text_sql = NULL;
  g_autoptr(GString) annotated_sql = NULL;
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  const char *dir = descending ? " DESC" : "";
  sqlite3_stmt *text_stmt, *annotated_stmt;
  gboolean in_text, in_annotated;
  gint64 text_id = 0, annotated_id = 0;
  int text_rc, annotated_rc;
  GArray *ids;

  text_sql = g_strdup_printf ("SELECT rowid FROM papers_fts WHERE papers_fts MATCH ? ORDER BY rowid%s", dir);
  annotated_sql = g_string_new ("SELECT p.id FROM papers p WHERE p.id IN"
                                " (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?1"
                                " UNION ALL SELECT paper_id FROM paper_tags WHERE tag_id IN"
                                " (SELECT rowid FROM tags_fts WHERE tags_fts MATCH ?1))");
  append_where (annotated_sql, params, NULL, search);
  g_string_append_printf (annotated_sql, " ORDER BY p.id%s", dir);

  if (!(text_stmt = _proc_store_prepare (self, text_sql, error)) ||
      !(annotated_stmt = _proc_store_prepare (self, annotated_sql->str, error)))
    return NULL;

  sqlite3_bind_text (text_stmt, 1, all_words, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (annotated_stmt, 1, any_word, -1, SQLITE_TRANSIENT);
  proc_query_bind_params (annotated_stmt, 2, params);

  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  in_text = step_id (text_stmt, &text_id, &text_rc);
  in_annotated = step_id (annotated_stmt, &annotated_id, &annotated_rc);
  while (in_text || in_annotated)
    {
      gint64 id;

      if (in_text && in_annotated && text_id == annotated_id)
        {
          id = text_id;
          in_text = step_id (text_stmt, &text_id, &text_rc);
          in_annotated = step_id (annotated_stmt, &annotated_id, &annotated_rc);
        }
      else if (in_text && (!in_annotated || (text_id < annotated_id) != descending))
        {
          id = text_id;
          in_text = step_id (text_stmt, &text_id, &text_rc);
        }
      else
        {
          id = annotated_id;
          in_annotated = step_id (annotated_stmt, &annotated_id, &annotated_rc);
        }
      g_array_append_val (ids, id);
    }
  sqlite3_reset (text_stmt);
  sqlite3_reset (annotated_stmt);

  if (text_rc != SQLITE_DONE || annotated_rc != SQLITE_DONE)
    {
      g_array_unref (ids);
      _proc_store_set_error (self, error, _("search the library"));
      return NULL;
    }

  return ids;
}

/**
 * proc_store_query_ids:
 * @filter: (nullable): a query that chooses the set of papers (the sidebar)
 * @search: (nullable): a query typed in the search entry
 *
 * Each may hold several queries, one a line, that must all match.
 *
 * Runs the query in SQL and returns only the ids, in order: papers are
 * loaded when a view asks for them.
 *
 * Returns: (transfer full) (element-type gint64): the ids
 */
GArray *
proc_store_query_ids (ProcStore    *self,
                      const char   *filter,
                      const char   *search,
                      ProcSortKey   sort_key,
                      gboolean      descending,
                      GError      **error)
{
  g_autoptr(GString) sql = g_string_new ("SELECT p.id FROM papers p");
  g_autoptr(GString) where = g_string_new (" WHERE 1");
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  g_autoptr(ProcQuery) search_query = proc_query_parse (search);
  g_autofree char *rank_match = NULL;
  const char *fts_table = NULL;
  g_autofree char *reading_list = NULL;
  sqlite3_stmt *stmt = NULL;
  GArray *ids;
  gint64 id;
  int first_param = 1;
  int rc;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  if (sort_key == PROC_SORT_RELEVANCE)
    rank_match = dup_rank_match (search_query, &fts_table);
  if (sort_key == PROC_SORT_RELEVANCE && rank_match == NULL)
    sort_key = PROC_SORT_ADDED;

  if (sort_key == PROC_SORT_ADDED && _proc_store_trusts_search_index (self))
    {
      g_autoptr(ProcQuery) filter_query = proc_query_parse (filter);
      g_autofree char *any_word = NULL;
      g_autofree char *all_words = NULL;

      if (proc_query_is_empty (filter_query) &&
          (all_words = proc_query_dup_words_match (search_query, &any_word)) != NULL)
        return query_words_ids (self, all_words, any_word, search, descending, error);
    }

  /* The ranks are computed once, in a table of their own: without
   * MATERIALIZED, SQLite 3.53 (Debian testing) ran the match again for
   * each paper the search finds, 164 s for "learning" at 87,000 papers
   * where SQLite 3.46 takes 0.13 s. */
  if (rank_match != NULL)
    {
      g_autofree char *ranks = g_strdup_printf ("WITH r AS MATERIALIZED (SELECT rowid AS rid, rank AS score"
                                                " FROM %s WHERE %s MATCH ?) ",
                                                fts_table, fts_table);

      g_string_prepend (sql, ranks);
      g_string_append (sql, " LEFT JOIN r ON r.rid = p.id");
      first_param = 2;
    }

  append_where (where, params, filter, search);
  g_string_append (sql, where->str);

  /* A reading list shown in its own order; its name, at the end of the
   * statement, is the last parameter. */
  reading_list = proc_store_dup_ordering_reading_list (filter, search, sort_key);
  if (reading_list != NULL)
    g_string_append (sql, " ORDER BY (SELECT ri.position FROM reading_list_items ri"
                          " WHERE ri.paper_id = p.id AND ri.reading_list_id ="
                          " (SELECT id FROM reading_lists WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1)),"
                          " p.id");
  else
    append_order_by (sql, sort_key, descending);

  if (!(stmt = _proc_store_prepare (self, sql->str, error)))
    return NULL;

  if (rank_match != NULL)
    sqlite3_bind_text (stmt, 1, rank_match, -1, SQLITE_TRANSIENT);
  proc_query_bind_params (stmt, first_param, params);
  if (reading_list != NULL)
    sqlite3_bind_text (stmt, first_param + params->len, reading_list, -1, SQLITE_TRANSIENT);

  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  while (step_id (stmt, &id, &rc))
    g_array_append_val (ids, id);
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    {
      g_array_unref (ids);
      _proc_store_set_error (self, error, _("search the library"));
      return NULL;
    }

  return ids;
}

/* Counts in SQL the papers a query matches: the sidebar's numbers. */
guint
proc_store_count (ProcStore  *self,
                  const char *query)
{
  g_autoptr(GString) sql = g_string_new ("SELECT count(*) FROM papers p WHERE 1");
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  sqlite3_stmt *stmt;
  guint count = 0;

  g_return_val_if_fail (PROC_IS_STORE (self), 0);

  append_where (sql, params, query, NULL);
  if (!(stmt = _proc_store_prepare (self, sql->str, NULL)))
    return 0;

  proc_query_bind_params (stmt, 1, params);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    count = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);

  return count;
}

/**
 * proc_store_count_triage:
 * @counts: (out caller-allocates) (array fixed-size=4): papers per
 *   #ProcTriage, by its value
 *
 * Counts the sidebar's four triage entries in one pass over the index
 * papers_triage, not four.
 */
void
proc_store_count_triage (ProcStore *self,
                         guint      counts[PROC_TRIAGE_SKIP + 1])
{
  sqlite3_stmt *stmt;

  g_return_if_fail (PROC_IS_STORE (self));

  memset (counts, 0, sizeof (guint) * (PROC_TRIAGE_SKIP + 1));
  if (!(stmt = _proc_store_prepare (self, "SELECT triage, count(*) FROM papers GROUP BY triage", NULL)))
    return;

  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      int triage = sqlite3_column_int (stmt, 0);

      if (triage >= PROC_TRIAGE_UNTRIAGED && triage <= PROC_TRIAGE_SKIP)
        counts[triage] = sqlite3_column_int (stmt, 1);
    }
  sqlite3_reset (stmt);
}
