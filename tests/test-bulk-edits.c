/* test-bulk-edits.c: a bulk edit writes each search index once, not once per paper
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * FTS5 writes its pending terms out as a new segment at every statement
 * savepoint.  An edit of thousands of papers run as one statement per
 * paper therefore left thousands of one-row segments for FTS5 to merge,
 * and SQLite 3.40's FTS5 (Debian 12's) sometimes kept a deleted paper's
 * word in papers_fts after such a delete: found by crash-safety-long and
 * replayed from the library it left.  FTS5's structure record counts
 * the leaf pages it has written (nWriteCounter); each of the edits below
 * must write far fewer of them than it touches papers, and leave every
 * index equal to what its tables say.
 */

#include "config.h"

#include <locale.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "crash-common.h"
#include "proc-importer.h"
#include "proc-store-private.h"
#include "proc-undo.h"

#define N_PAPERS 1000
/* Per paper, at least one leaf each: N_PAPERS.  Once for the edit: tens;
 * an import of them writes about 130, its words and their first letters. */
#define MAX_LEAVES (N_PAPERS / 4)

static const char * const indexes[] = { "papers_fts", "notes_fts", "cjk_fts" };

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  GArray *ids;
  guint64 writes[G_N_ELEMENTS (indexes)];
} Library;

static guint64
read_varint (const guint8 **p,
             const guint8  *end)
{
  guint64 value = 0;

  for (guint i = 0; i < 9; i++)
    {
      guint8 byte;

      g_assert_true (*p < end);
      byte = *(*p)++;
      if (i == 8)
        return (value << 8) | byte;
      value = (value << 7) | (byte & 0x7f);
      if (!(byte & 0x80))
        break;
    }

  return value;
}

/* The structure record (rowid 10 of %_data): a cookie, the V2 marker in
 * newer SQLite, then varints for levels, segments and leaves written. */
static guint64
leaves_written (Library    *lib,
                const char *index)
{
  g_autofree char *sql = g_strdup_printf ("SELECT block FROM %s_data WHERE id = 10", index);
  sqlite3 *db = _proc_store_get_db (lib->store);
  const guint8 *p, *end;
  sqlite3_stmt *stmt;
  guint64 written;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  p = sqlite3_column_blob (stmt, 0);
  end = p + sqlite3_column_bytes (stmt, 0);
  g_assert_cmpint (end - p, >=, 7);
  p += 4;
  if (p[0] == 0xff && p[1] == 0x00 && p[2] == 0x00 && p[3] == 0x01)
    p += 4;
  read_varint (&p, end);        /* levels */
  read_varint (&p, end);        /* segments */
  written = read_varint (&p, end);
  sqlite3_finalize (stmt);

  return written;
}

static void
mark (Library *lib)
{
  for (guint i = 0; i < G_N_ELEMENTS (indexes); i++)
    lib->writes[i] = leaves_written (lib, indexes[i]);
}

static void
exec_ok (Library    *lib,
         const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (_proc_store_get_db (lib->store), sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

static gint64
count (Library    *lib,
       const char *sql)
{
  sqlite3_stmt *stmt;
  gint64 n;

  g_assert_cmpint (sqlite3_prepare_v2 (_proc_store_get_db (lib->store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return n;
}

static void
assert_indexes_whole (Library *lib)
{
  exec_ok (lib, "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)");
  exec_ok (lib, "INSERT INTO notes_fts(notes_fts) VALUES ('integrity-check')");
  exec_ok (lib, "INSERT INTO tags_fts(tags_fts, rank) VALUES ('integrity-check', 1)");
  exec_ok (lib, "INSERT INTO cjk_fts(cjk_fts, rank) VALUES ('integrity-check', 1)");
}

/* What the edit since mark() wrote to each index, and that each index
 * still equals its source. */
static void
assert_written_once (Library    *lib,
                     const char *edit)
{
  for (guint i = 0; i < G_N_ELEMENTS (indexes); i++)
    {
      guint64 leaves = leaves_written (lib, indexes[i]) - lib->writes[i];

      g_test_message ("%s: %" G_GUINT64_FORMAT " leaves written to %s", edit, leaves, indexes[i]);
      if (leaves > MAX_LEAVES)
        g_error ("%s wrote %" G_GUINT64_FORMAT " leaves to %s for %d papers: once per paper",
                 edit, leaves, indexes[i], N_PAPERS);
    }

  assert_indexes_whole (lib);
}

/* Tags are searched by their names (tags_fts): tagging papers, taking a
 * tag off and undoing either write neither papers_fts nor notes_fts.
 * Only the papers with CJK text keep their tags' names in cjk_text too
 * (see proc-schema.c, version 4), all at once. */
static void
assert_papers_not_reindexed (Library    *lib,
                             const char *edit)
{
  for (guint i = 0; i < G_N_ELEMENTS (indexes); i++)
    {
      guint64 leaves = leaves_written (lib, indexes[i]) - lib->writes[i];

      if (leaves > 0 && !g_str_equal (indexes[i], "cjk_fts"))
        g_error ("%s wrote %" G_GUINT64_FORMAT " leaves to %s: a tag re-indexed its papers",
                 edit, leaves, indexes[i]);
    }

  assert_written_once (lib, edit);
}

static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *list = NULL;
  sqlite3_stmt *stmt;

  lib->dir = g_dir_make_tmp ("proceedings-bulk-XXXXXX", &error);
  g_assert_no_error (error);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);

  list = g_build_filename (lib->dir, "list.txt", NULL);
  g_assert_true (crash_write_list (list, "Bulk Workshop", 1, N_PAPERS, &error));
  g_assert_no_error (error);
  file = g_file_new_for_path (list);
  report = proc_importer_import_file (lib->store, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, N_PAPERS);

  lib->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_assert_cmpint (sqlite3_prepare_v2 (_proc_store_get_db (lib->store), "SELECT id FROM papers ORDER BY id",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (lib->ids, id);
    }
  sqlite3_finalize (stmt);
  g_assert_cmpuint (lib->ids->len, ==, N_PAPERS);
  /* Some abstracts have CJK text, so the CJK index is in every edit. */
  g_assert_cmpint (count (lib, "SELECT count(*) FROM cjk_text"), >, 0);
}

static const char * const files[] = { "library.db", "library.db-wal", "library.db-shm", "list.txt" };

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_clear_object (&lib->store);
  g_array_unref (lib->ids);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *file = g_build_filename (lib->dir, files[i], NULL);

      g_remove (file);
    }
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

static const gint64 *
ids_of (Library *lib)
{
  return (const gint64 *) (gpointer) lib->ids->data;
}

static void
test_tags (Library       *lib,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) tagging = NULL;
  g_autoptr(ProcUndo) removal = NULL;

  mark (lib);
  g_assert_true (proc_store_add_tag (lib->store, ids_of (lib), N_PAPERS, "skim", &error));
  g_assert_no_error (error);
  assert_papers_not_reindexed (lib, "tag");
  g_assert_cmpuint (proc_store_count (lib->store, "skim"), ==, N_PAPERS);
  g_assert_cmpuint (proc_store_count (lib->store, "ski"), ==, N_PAPERS);

  mark (lib);
  tagging = proc_store_add_tag_undoable (lib->store, ids_of (lib), N_PAPERS, "reread", &error);
  g_assert_no_error (error);
  assert_papers_not_reindexed (lib, "undoable tag");
  g_assert_cmpuint (proc_store_count (lib->store, "reread skim"), ==, N_PAPERS);
  mark (lib);
  g_assert_true (proc_undo_apply (tagging, &error));
  g_assert_no_error (error);
  assert_papers_not_reindexed (lib, "undo of the tag");
  g_assert_cmpuint (proc_store_count (lib->store, "reread"), ==, 0);

  mark (lib);
  removal = proc_store_remove_tag_undoable (lib->store, ids_of (lib), N_PAPERS, "skim", &error);
  g_assert_no_error (error);
  assert_papers_not_reindexed (lib, "undoable untag");
  g_assert_cmpuint (proc_store_count (lib->store, "skim"), ==, 0);
  mark (lib);
  g_assert_true (proc_undo_apply (removal, &error));
  g_assert_no_error (error);
  assert_papers_not_reindexed (lib, "undo of the untag");
  g_assert_cmpuint (proc_store_count (lib->store, "skim"), ==, N_PAPERS);

  mark (lib);
  g_assert_true (proc_store_remove_tag (lib->store, ids_of (lib), N_PAPERS, "skim", &error));
  g_assert_no_error (error);
  assert_papers_not_reindexed (lib, "untag");
  g_assert_cmpint (count (lib, "SELECT count(*) FROM paper_tags"), ==, 0);
  g_assert_cmpuint (proc_store_count (lib->store, "skim"), ==, 0);
}

static void
test_delete (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) deletion = NULL;

  g_assert_true (proc_store_add_tag (lib->store, ids_of (lib), N_PAPERS, "skim", &error));
  g_assert_no_error (error);

  mark (lib);
  deletion = proc_store_delete_papers_undoable (lib->store, ids_of (lib), N_PAPERS, &error);
  g_assert_no_error (error);
  assert_written_once (lib, "undoable delete");
  g_assert_cmpint (count (lib, "SELECT count(*) FROM papers_fts"), ==, 0);
  g_assert_cmpint (count (lib, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH 'paper'"), ==, 0);

  /* Putting the papers back inserts them one by one, as an import does:
   * a segment each, but only additions, which have never lost a word. */
  g_assert_true (proc_undo_apply (deletion, &error));
  g_assert_no_error (error);
  assert_indexes_whole (lib);
  g_assert_cmpuint (proc_store_count (lib->store, "skim"), ==, N_PAPERS);

  mark (lib);
  g_assert_true (proc_store_delete_papers (lib->store, ids_of (lib), N_PAPERS, &error));
  g_assert_no_error (error);
  assert_written_once (lib, "delete");
  g_assert_cmpint (count (lib, "SELECT count(*) FROM papers"), ==, 0);
  g_assert_cmpint (count (lib, "SELECT count(*) FROM notes_fts"), ==, 0);
  g_assert_cmpint (count (lib, "SELECT count(*) FROM cjk_fts"), ==, 0);
}

/* An import stages its papers and adds them a few thousand at a time:
 * one INSERT per paper had FTS5 write a segment per paper.  A second
 * list of new papers, with a paper given twice, which goes in once. */
static void
test_import (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *list = g_build_filename (lib->dir, "list.txt", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *first = NULL;
  char *end;

  /* Round 2's papers, the first of them again at the end. */
  g_assert_true (crash_write_list (list, "Second Workshop", 2, N_PAPERS, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (list, &contents, NULL, &error));
  g_assert_no_error (error);
  first = g_strdup (strstr (contents, "\n\n") + 2);
  if ((end = strstr (first, "\n\n")))
    end[2] = '\0';
  {
    g_autofree char *twice = g_strconcat (contents, "\n", first, NULL);

    g_assert_true (g_file_set_contents (list, twice, -1, &error));
    g_assert_no_error (error);
  }

  mark (lib);
  file = g_file_new_for_path (list);
  report = proc_importer_import_file (lib->store, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, N_PAPERS);
  g_assert_cmpint (count (lib, "SELECT count(*) FROM papers"), ==, 2 * N_PAPERS);
  g_assert_cmpint (count (lib, "SELECT count(*) FROM list_papers lp JOIN lists l ON l.id = lp.list_id"
                               " WHERE l.name = 'Second Workshop'"), ==, N_PAPERS);
  /* In the file's order, positions dense. */
  g_assert_cmpint (count (lib, "SELECT count(*) FROM list_papers lp JOIN lists l ON l.id = lp.list_id"
                               " WHERE l.name = 'Second Workshop' AND lp.position >= 1000"), ==, 0);
  assert_written_once (lib, "import");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/bulk-edits/tags", Library, NULL, library_set_up, test_tags, library_tear_down);
  g_test_add ("/bulk-edits/delete", Library, NULL, library_set_up, test_delete, library_tear_down);
  g_test_add ("/bulk-edits/import", Library, NULL, library_set_up, test_import, library_tear_down);

  return g_test_run ();
}
