/* test-store.c: the library database: schema, migrations, edits, search index
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sqlite3.h>
#include <glib/gstdio.h>

#include "proc-import-batch.h"
#include "proc-schema.h"
#include "proc-store.h"
#include "proc-store-private.h"

static char *
temp_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-store-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return g_build_filename (dir, "library.db", NULL);
}

static ProcPaperRecord *
make_record (const char *title,
             const char *abstract)
{
  ProcPaperRecord *record = proc_paper_record_new ();

  record->derived_title = g_strdup (title);
  record->abstract = g_strdup (abstract);
  return record;
}

/* Adds papers with the given titles; their abstracts say "abstract of TITLE". */
static void
add_papers (ProcStore          *store,
            const char * const *titles)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = proc_import_batch_begin (store, "Test list", NULL, &error);

  g_assert_no_error (error);
  for (guint i = 0; titles[i]; i++)
    {
      g_autofree char *abstract = g_strdup_printf ("Abstract of %s, a study of things.", titles[i]);
      g_autoptr(ProcPaperRecord) record = make_record (titles[i], abstract);
      ProcImportOutcome outcome;

      g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
      g_assert_no_error (error);
      g_assert_cmpint (outcome, ==, PROC_IMPORT_ADDED);
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);
}

static gint64
raw_int (const char *path,
         const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  gint64 value = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return value;
}

static char *
raw_text (const char *path,
          const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  char *value = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return value;
}

static void
test_create (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autofree char *journal = NULL;

  g_assert_no_error (error);
  g_assert_true (proc_store_get_created (store));
  g_assert_cmpuint (proc_store_get_schema_version (store), ==, proc_schema_get_version ());
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 0);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, proc_schema_get_version ());
  journal = raw_text (path, "PRAGMA journal_mode");
  g_assert_cmpstr (journal, ==, "wal");
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE name IN "
                                  "('papers', 'tags', 'paper_tags', 'lists', 'list_papers', "
                                  "'reading_lists', 'reading_list_items', 'paper_links', "
                                  "'papers_fts', 'notes_fts', 'tags_fts', 'cjk_text', 'cjk_fts')"), ==, 13);
  /* Nothing in the file calls the store's own SQL functions: any SQLite
   * client can still add papers and edit notes. */
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%proc\\_%' ESCAPE '\\'"), ==, 0);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE name = 'cjk_text_paper_delete'"), ==, 1);
  /* One letter being typed reads an index of first letters. */
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE name = 'papers_fts'"
                                  " AND sql LIKE '%prefix=''1''%'"), ==, 1);

  /* Opening again creates nothing. */
  g_clear_object (&store);
  store = proc_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (proc_store_get_created (store));
}

/* A library written by the first version, with data, is upgraded in
 * place: its papers survive and the new search index covers them. */
static void
test_migration_from_older (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  sqlite3 *db;

  g_assert_cmpuint (proc_schema_get_version (), >=, 2);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, proc_schema_get_migration (0), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "INSERT INTO papers (id, derived_title, abstract, added_at, content_hash, note, starred)"
                                 "  VALUES (1, 'Old paper', 'Graph neural networks on molecules', 0, 'h1', 'reread section four', 1);"
                                 "INSERT INTO tags (id, name) VALUES (1, 'chemistry');"
                                 "INSERT INTO paper_tags VALUES (1, 1);"
                                 "PRAGMA user_version = 1;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = proc_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (proc_store_get_created (store));
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, proc_schema_get_version ());

  g_assert_cmpuint (proc_store_count (store, "molecules"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "section"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "chemistry"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "is:starred tag:chemistry"), ==, 1);
  /* Version 7 indexed the papers' words by their first letter. */
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE name = 'papers_fts'"
                                  " AND sql LIKE '%prefix=''1''%'"), ==, 1);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH '\"m\" *'"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "m"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "x"), ==, 0);

  ids = proc_store_query_ids (store, NULL, "reread", PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, 1);
}

static void
test_refuse_newer (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize len_before, len_after;
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE future (x); PRAGMA user_version = 999;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));

  store = proc_store_open (path, &error);
  g_assert_null (store);
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NEWER_SCHEMA);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "newer version"));

  /* Not a byte changed, and no journal was switched on. */
  g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
  g_assert_cmpmem (before, len_before, after, len_after);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, 999);
}

static void
test_edits_persist (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(ProcPaper) paper = NULL;
  g_autoptr(GArray) ids = NULL;
  gint64 a, b, rl;

  g_assert_no_error (error);
  add_papers (store, (const char *[]) { "Alpha", "Beta", "Gamma", NULL });
  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_cmpuint (ids->len, ==, 3);
  a = g_array_index (ids, gint64, 0);
  b = g_array_index (ids, gint64, 1);

  g_assert_true (proc_store_set_starred (store, &a, 1, TRUE, &error));
  g_assert_true (proc_store_set_read_state (store, &a, 1, PROC_READ_STATE_READING, &error));
  g_assert_true (proc_store_set_rating (store, &b, 1, 4, &error));
  g_assert_true (proc_store_set_note (store, b, "Compare with the 2023 baseline.", &error));
  g_assert_true (proc_store_set_user_title (store, a, "My own title", &error));
  g_assert_true (proc_store_add_tag (store, (gint64[]) { a, b }, 2, "to read", &error));
  rl = proc_store_create_reading_list (store, "Week 1", &error);
  g_assert_cmpint (rl, >, 0);
  g_assert_true (proc_store_add_to_reading_list (store, rl, (gint64[]) { b, a }, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_count (store, "reading-list:\"week 1\""), ==, 2);
  g_assert_cmpuint (proc_store_count (store, "-reading-list:\"Week 1\""), ==, 1);

  /* Bad values are refused and change nothing. */
  g_assert_false (proc_store_set_rating (store, &a, 1, 6, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (proc_store_add_tag (store, &a, 1, "   ", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (proc_store_set_note (store, 999999, "lost?", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Reopen from disk: a new connection sees every edit. */
  g_clear_object (&store);
  store = proc_store_open (path, &error);
  g_assert_no_error (error);

  paper = proc_store_get_paper (store, a);
  g_assert_true (proc_paper_get_starred (paper));
  g_assert_cmpint (proc_paper_get_read_state (paper), ==, PROC_READ_STATE_READING);
  g_assert_cmpstr (proc_paper_get_title (paper), ==, "My own title");
  g_assert_cmpstr (proc_paper_get_derived_title (paper), ==, "Alpha");
  g_assert_true (proc_paper_has_tag (paper, "to read"));
  g_assert_cmpint (proc_paper_get_rating (paper), ==, 0);
  g_clear_object (&paper);

  paper = proc_store_get_paper (store, b);
  g_assert_cmpint (proc_paper_get_rating (paper), ==, 4);
  g_assert_cmpstr (proc_paper_get_note (paper), ==, "Compare with the 2023 baseline.");
  g_assert_cmpint (proc_paper_get_note_modified (paper), >, 0);
  g_assert_cmpstr (proc_paper_get_tags (paper)[0], ==, "to read");
  g_assert_null (proc_paper_get_tags (paper)[1]);

  g_assert_cmpint (raw_int (path, "SELECT group_concat(paper_id) FROM (SELECT paper_id FROM reading_list_items ORDER BY position)"),
                   ==, b);  /* the first of "b,a" reads as b */
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM reading_list_items"), ==, 2);

  /* An empty user title gives the derived one back. */
  g_assert_true (proc_store_set_user_title (store, a, "  ", &error));
  g_clear_object (&paper);
  paper = proc_store_get_paper (store, a);
  g_assert_cmpstr (proc_paper_get_title (paper), ==, "Alpha");
  g_assert_null (proc_paper_get_user_title (paper));
}

/* Editing a paper that a view holds notifies it: no reload needed. */
static void
notify_count_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_live_objects (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(ProcPaper) paper = NULL;
  g_autoptr(ProcPaper) again = NULL;
  g_autoptr(GArray) ids = NULL;
  guint starred = 0, tags = 0, title = 0;
  gint64 id;

  add_papers (store, (const char *[]) { "Delta", NULL });
  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  id = g_array_index (ids, gint64, 0);

  paper = proc_store_get_paper (store, id);
  again = proc_store_get_paper (store, id);
  g_assert_true (paper == again);

  g_signal_connect (paper, "notify::starred", G_CALLBACK (notify_count_cb), &starred);
  g_signal_connect (paper, "notify::tags", G_CALLBACK (notify_count_cb), &tags);
  g_signal_connect (paper, "notify::title", G_CALLBACK (notify_count_cb), &title);

  g_assert_true (proc_store_set_starred (store, &id, 1, TRUE, &error));
  g_assert_true (proc_store_set_starred (store, &id, 1, TRUE, &error));
  g_assert_true (proc_store_add_tag (store, &id, 1, "vision", &error));
  g_assert_true (proc_store_set_user_title (store, id, "Renamed", &error));

  g_assert_cmpuint (starred, ==, 1);
  g_assert_cmpuint (tags, ==, 1);
  g_assert_cmpuint (title, ==, 1);
  g_assert_true (proc_paper_get_starred (paper));
  g_assert_cmpstr (proc_paper_get_tags (paper)[0], ==, "vision");
}

static void
test_fts_in_sync (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(GArray) ids = NULL;
  gint64 a, b, tag_id;

  add_papers (store, (const char *[]) { "Epsilon", "Zeta", NULL });
  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  a = g_array_index (ids, gint64, 0);
  b = g_array_index (ids, gint64, 1);

  g_assert_cmpuint (proc_store_count (store, "zeta"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "study"), ==, 2);
  /* One letter being typed: "z" from the index of first letters. */
  g_assert_cmpuint (proc_store_count (store, "z"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "p"), ==, 0);

  /* Notes */
  g_assert_true (proc_store_set_note (store, a, "kangaroo results look off", &error));
  g_assert_cmpuint (proc_store_count (store, "kangaroo"), ==, 1);
  g_assert_true (proc_store_set_note (store, a, "wallaby instead", &error));
  g_assert_cmpuint (proc_store_count (store, "kangaroo"), ==, 0);
  g_assert_cmpuint (proc_store_count (store, "wallaby"), ==, 1);

  /* Tags, renamed and deleted */
  g_assert_true (proc_store_add_tag (store, &b, 1, "reinforcement", &error));
  g_assert_cmpuint (proc_store_count (store, "reinforcement"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "reinforcement wallaby"), ==, 0);
  g_assert_true (proc_store_add_tag (store, &a, 1, "reinforcement", &error));
  g_assert_cmpuint (proc_store_count (store, "reinforcement wallaby"), ==, 1);
  tag_id = raw_int (path, "SELECT id FROM tags WHERE name = 'reinforcement'");
  g_assert_true (proc_store_rename_tag (store, tag_id, "bandits", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_count (store, "reinforcement"), ==, 0);
  g_assert_cmpuint (proc_store_count (store, "bandits"), ==, 2);
  g_assert_cmpuint (proc_store_count (store, "bandi"), ==, 2);     /* a tag's name being typed */
  g_assert_cmpuint (proc_store_count (store, "bandits wallaby"), ==, 1);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM notes_fts"), ==, 1);   /* the note alone */
  g_assert_true (proc_store_remove_tag (store, &b, 1, "bandits", &error));
  g_assert_cmpuint (proc_store_count (store, "bandits"), ==, 1);
  g_assert_true (proc_store_delete_tag (store, tag_id, &error));
  g_assert_cmpuint (proc_store_count (store, "bandits"), ==, 0);
  g_assert_cmpuint (proc_store_count (store, "wallaby"), ==, 1);

  /* User titles */
  g_assert_true (proc_store_set_user_title (store, b, "Platypus dynamics", &error));
  g_assert_cmpuint (proc_store_count (store, "platypus"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "p"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "zeta"), ==, 1);   /* the derived title stays searchable */
  g_assert_true (proc_store_set_user_title (store, b, "Koala dynamics", &error));
  g_assert_cmpuint (proc_store_count (store, "p"), ==, 0);
  g_assert_cmpuint (proc_store_count (store, "k"), ==, 1);

  /* Deletes leave nothing behind in either index. */
  g_assert_true (proc_store_delete_papers (store, (gint64[]) { a, b }, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 0);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM notes_fts"), ==, 0);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH 'koala OR study'"), ==, 0);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH '\"k\" * OR \"s\" *'"), ==, 0);

  /* FTS5's own consistency check passes. */
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM papers"), ==, 0);
  {
    sqlite3 *db;
    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "INSERT INTO papers_fts(papers_fts) VALUES ('integrity-check');"
                                       "INSERT INTO notes_fts(notes_fts) VALUES ('integrity-check');"
                                       "INSERT INTO tags_fts(tags_fts, rank) VALUES ('integrity-check', 1);",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
}

static void
test_bulk_edit_one_transaction (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(GArray) ids = NULL;
  sqlite3 *other;

  batch = proc_import_batch_begin (store, "Bulk", NULL, &error);
  for (guint i = 0; i < 5000; i++)
    {
      g_autofree char *abstract = g_strdup_printf ("Paper number %u about topic %u.", i, i % 17);
      g_autoptr(ProcPaperRecord) record = make_record ("t", abstract);
      g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
    }
  g_assert_true (proc_import_batch_commit (batch, &error));

  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_cmpuint (ids->len, ==, 5000);

  /* A fault on the 4,000th paper fails the whole edit: no paper is
   * half-tagged and the new tag is not left behind either. */
  g_assert_cmpint (sqlite3_open (path, &other), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (other, "CREATE TRIGGER inject AFTER INSERT ON paper_tags"
                                        " WHEN (SELECT count(*) FROM paper_tags) >= 4000"
                                        " BEGIN SELECT RAISE(ABORT, 'injected fault'); END;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_false (proc_store_add_tag (store, (gint64 *) (gpointer) ids->data, ids->len, "bulk", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "injected fault"));
  g_clear_error (&error);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM paper_tags"), ==, 0);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM tags"), ==, 0);
  g_assert_cmpint (sqlite3_exec (other, "DROP TRIGGER inject", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (other);

  g_assert_true (proc_store_add_tag (store, (gint64 *) (gpointer) ids->data, ids->len, "bulk", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_count (store, "tag:bulk"), ==, 5000);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM paper_tags"), ==, 5000);
}

static int
trace_cb (unsigned int  type,
          void         *data,
          void         *statement,
          void         *unused)
{
  GPtrArray *statements = data;

  g_ptr_array_add (statements, sqlite3_expanded_sql (statement));
  return 0;
}

/* A statement's plan, as EXPLAIN QUERY PLAN gives it on another
 * connection, one line a step. */
static char *
dup_plan (const char *path,
          const char *sql)
{
  g_autofree char *explain = g_strconcat ("EXPLAIN QUERY PLAN ", sql, NULL);
  GString *plan = g_string_new (NULL);
  sqlite3 *db;
  sqlite3_stmt *stmt;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, explain, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (plan, "%s\n", (const char *) sqlite3_column_text (stmt, 3));
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  g_test_message ("%s\n%s", sql, plan->str);
  return g_string_free (plan, FALSE);
}

/* Each traced statement's plan is @expected. */
static void
assert_plans (const char *path,
              GPtrArray  *statements,
              const char *expected)
{
  for (guint i = 0; i < statements->len; i++)
    {
      g_autofree char *plan = dup_plan (path, g_ptr_array_index (statements, i));

      g_assert_cmpstr (plan, ==, expected);
    }
}

/* All Papers, by date added, reads the ids from an index that holds
 * nothing else, never the table with its abstracts (140 ms at 87,000
 * papers).  The plans of what the store really runs, traced. */
static void
test_all_papers_from_index (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(GPtrArray) statements = g_ptr_array_new_with_free_func (sqlite3_free);
  gboolean descending = FALSE;

  g_assert_no_error (error);
  sqlite3_trace_v2 (_proc_store_get_db (store), SQLITE_TRACE_STMT, trace_cb, statements);
  do
    {
      g_autoptr(GArray) ids = proc_store_query_ids (store, "", "", PROC_SORT_ADDED, descending, &error);

      g_assert_no_error (error);
      descending = !descending;
    }
  while (descending);
  sqlite3_trace_v2 (_proc_store_get_db (store), 0, NULL, NULL);
  g_assert_cmpuint (statements->len, ==, 2);
  assert_plans (path, statements, "SCAN p USING COVERING INDEX papers_id\n");
}

/* The sidebar counts the papers with a note at every start and after
 * every edit: from the partial index of them, never the table (370 ms
 * cold at 87,000 papers). */
static void
test_note_count_from_index (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(GPtrArray) statements = g_ptr_array_new_with_free_func (sqlite3_free);

  g_assert_no_error (error);
  sqlite3_trace_v2 (_proc_store_get_db (store), SQLITE_TRACE_STMT, trace_cb, statements);
  g_assert_cmpuint (proc_store_count (store, "has:note"), ==, 0);
  sqlite3_trace_v2 (_proc_store_get_db (store), 0, NULL, NULL);
  g_assert_cmpuint (statements->len, ==, 1);
  assert_plans (path, statements, "SCAN p USING COVERING INDEX papers_with_note\n");
}

/* Searches @search in All Papers and returns the plans of the statements
 * it ran that start with @prefix, one after the other; sets *@n_found.
 * FTS5's own statements are traced too. */
static char *
dup_search_plan (ProcStore  *store,
                 const char *path,
                 const char *search,
                 const char *prefix,
                 guint      *n_found)
{
  g_autoptr(GPtrArray) statements = g_ptr_array_new_with_free_func (sqlite3_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GString) plans = g_string_new (NULL);

  sqlite3_trace_v2 (_proc_store_get_db (store), SQLITE_TRACE_STMT, trace_cb, statements);
  ids = proc_store_query_ids (store, NULL, search, PROC_SORT_ADDED, FALSE, &error);
  sqlite3_trace_v2 (_proc_store_get_db (store), 0, NULL, NULL);
  g_assert_no_error (error);
  *n_found = ids->len;

  for (guint i = 0; i < statements->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (statements, i), prefix))
      {
        g_autofree char *plan = dup_plan (path, g_ptr_array_index (statements, i));

        g_string_append (plans, plan);
      }
  g_assert_cmpuint (plans->len, >, 0);

  return g_string_free (g_steal_pointer (&plans), FALSE);
}

/* Words typed in All Papers, in the order papers were added: FTS5 alone
 * gives the papers with every word in their text, in that order; those
 * with annotations are looked up through the notes' and tags' indexes.
 * Neither walks every paper, and nothing is sorted. */
static void
test_words_from_index (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autofree char *text = NULL;
  g_autofree char *annotated = NULL;
  g_autofree char *words = NULL;
  g_autofree char *letter = NULL;
  gint64 tagged;
  guint n_found;

  g_assert_no_error (error);
  add_papers (store, (const char *[]) { "Graph neural networks", "Neural fields", "Graph cuts", NULL });
  tagged = raw_int (path, "SELECT id FROM papers WHERE derived_title = 'Graph cuts'");
  g_assert_true (proc_store_add_tag (store, &tagged, 1, "neural", &error));
  g_assert_no_error (error);

  /* In the text, or one word in the text and one in a tag's name. */
  text = dup_search_plan (store, path, "graph neural", "SELECT rowid FROM papers_fts", &n_found);
  g_assert_cmpuint (n_found, ==, 2);
  g_assert_nonnull (strstr (text, "SCAN papers_fts VIRTUAL TABLE"));
  g_assert_null (strstr (text, "TEMP B-TREE"));
  annotated = dup_search_plan (store, path, "graph neural", "SELECT p.id FROM papers p", &n_found);
  g_assert_nonnull (strstr (annotated, "SCAN notes_fts VIRTUAL TABLE"));
  g_assert_nonnull (strstr (annotated, "SEARCH paper_tags USING COVERING INDEX paper_tags_tag"));
  g_assert_null (strstr (annotated, "SCAN p "));

  /* Once a list has found the index naming a missing paper, each paper is
   * confirmed in the papers table, in one statement.  Two words are then
   * looked up through the full-text indexes, never by walking every
   * paper: as an OR of two INs, the papers with annotations made SQLite
   * scan all 87,000 (15 ms for "diffusion model", 2 ms looked up). */
  _proc_store_distrust_search_index (store);
  g_assert_false (_proc_store_trusts_search_index (store));
  words = dup_search_plan (store, path, "graph neural", "SELECT p.id FROM papers p", &n_found);
  g_assert_cmpuint (n_found, ==, 2);
  g_assert_nonnull (strstr (words, "MULTI-INDEX OR"));
  g_assert_null (strstr (words, "SCAN p "));

  /* One letter being typed matches most papers: SQLite walks the index
   * of the order they are shown in, testing each, and sorts nothing. */
  letter = dup_search_plan (store, path, "g", "SELECT p.id FROM papers p", &n_found);
  g_assert_cmpuint (n_found, ==, 2);
  g_assert_nonnull (strstr (letter, "SCAN p USING COVERING INDEX papers_id"));
  g_assert_null (strstr (letter, "TEMP B-TREE"));
  /* A longer word, with few matches, looks them up. */
  g_assert_cmpuint (proc_store_count (store, "gra"), ==, 2);
  g_assert_cmpuint (proc_store_count (store, "-graph g"), ==, 0);
  g_assert_cmpuint (proc_store_count (store, "neural g"), ==, 2);
}

static GArray *
query_ids_ok (ProcStore  *store,
              const char *search,
              gboolean    descending)
{
  g_autoptr(GError) error = NULL;
  GArray *ids = proc_store_query_ids (store, NULL, search, PROC_SORT_ADDED, descending, &error);

  g_assert_no_error (error);
  return ids;
}

/* The words' two lists (text from FTS5, annotations from the full query)
 * merged give exactly what the full query gives for every paper, in
 * either order: words in the text, a note, a tag's name, or spread over
 * them, prefixes, phrases. */
static void
test_words_merged (void)
{
  static const char * const searches[] = {
    "graph", "neural", "graph neural", "graph neu", "\"graph neural\"", "theory",
    "optimal graph", "transport theor", "g", "function neural", "nowhere", "graph nowhere",
  };
  static const char * const titles[] = {
    "Graph neural networks", "Neural fields", "Graph cuts", "Optimal transport", "Diffusion models", NULL,
  };
  g_autofree char *path = temp_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(ProcStore) confirming = NULL;
  g_autoptr(GArray) graph = NULL;
  gint64 ids[5];

  g_assert_no_error (error);
  add_papers (store, titles);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT id FROM papers WHERE derived_title = '%s'", titles[i]);

      ids[i] = raw_int (path, sql);
    }
  g_assert_true (proc_store_set_note (store, ids[1], "The graph of a function", &error));
  g_assert_true (proc_store_add_tag (store, &ids[2], 1, "neural", &error));
  g_assert_true (proc_store_add_tag (store, &ids[3], 1, "graph theory", &error));
  g_assert_no_error (error);

  confirming = proc_store_open (path, &error);
  g_assert_no_error (error);
  _proc_store_distrust_search_index (confirming);

  for (guint i = 0; i < G_N_ELEMENTS (searches); i++)
    for (int descending = FALSE; descending <= TRUE; descending++)
      {
        g_autoptr(GArray) merged = query_ids_ok (store, searches[i], descending);
        g_autoptr(GArray) confirmed = query_ids_ok (confirming, searches[i], descending);

        g_test_message ("“%s”%s: %u papers", searches[i], descending ? " descending" : "", merged->len);
        g_assert_cmpmem (merged->data, merged->len * sizeof (gint64),
                         confirmed->data, confirmed->len * sizeof (gint64));
      }

  /* Text, a note, a tag's name: the four papers with "graph", in order. */
  graph = query_ids_ok (store, "graph", FALSE);
  g_assert_cmpmem (graph->data, graph->len * sizeof (gint64), ids, 4 * sizeof (gint64));
}

/* The id sets that bulk edits hand json_each(): every gint64 as printf
 * writes it. */
static void
test_id_set (void)
{
  const gint64 ids[] = { 0, 7, -3, 1234567890123, G_MAXINT64, G_MININT64, 10, 100 };
  g_autofree char *empty = _proc_store_id_set_new (NULL, 0);
  g_autofree char *set = _proc_store_id_set_new (ids, G_N_ELEMENTS (ids));
  g_autoptr(GString) expected = g_string_new ("[");

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_string_append_printf (expected, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", ids[i]);
  g_string_append_c (expected, ']');

  g_assert_cmpstr (empty, ==, "[]");
  g_assert_cmpstr (set, ==, expected->str);
  g_assert_cmpstr (set, ==, "[0,7,-3,1234567890123,9223372036854775807,-9223372036854775808,10,100]");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/store/create", test_create);
  g_test_add_func ("/store/id-set", test_id_set);
  g_test_add_func ("/store/migration-from-older", test_migration_from_older);
  g_test_add_func ("/store/refuse-newer", test_refuse_newer);
  g_test_add_func ("/store/edits-persist", test_edits_persist);
  g_test_add_func ("/store/live-objects", test_live_objects);
  g_test_add_func ("/store/fts-in-sync", test_fts_in_sync);
  g_test_add_func ("/store/bulk-edit", test_bulk_edit_one_transaction);
  g_test_add_func ("/store/all-papers-from-index", test_all_papers_from_index);
  g_test_add_func ("/store/note-count-from-index", test_note_count_from_index);
  g_test_add_func ("/store/words-from-index", test_words_from_index);
  g_test_add_func ("/store/words-merged", test_words_merged);

  return g_test_run ();
}
