/* test-undo.c: each destructive edit, undone, leaves the library as it was
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <sqlite3.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "proc-import-batch.h"
#include "proc-schema.h"
#include "proc-store.h"
#include "proc-undo.h"

#define N_PAPERS 7

/* A library with every kind of row an edit can touch: two lists sharing
 * papers, links, tags with colours, notes, stars, ratings, read states,
 * reading lists in a chosen order.  p[6] is only in the second list. */
typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  sqlite3 *raw;                 /* a second connection on the same file */
  gint64 p[N_PAPERS];
  gint64 tag_ml, tag_vision, tag_wombat;
  gint64 week1, week2;
  ProcPaper *live[N_PAPERS];    /* what the views would hold */
  GPtrArray *notified;          /* "id:property" of each notify */
  guint n_changed;
  guint last_change;
} Library;

static const struct
{
  const char *title;
  const char *abstract;
  const char *authors;
  const char *venue;
  int year;
  const char *links[3];
} papers[N_PAPERS] = {
  { "Alpha", "Alpha studies sparse attention for long documents.", "Ada Lovelace, Alan Turing", "ICML", 2024,
    { "https://github.com/example/alpha", "https://alpha.example.org", NULL } },
  { "Beta", "Beta measures calibration of language models.", "Grace Hopper", NULL, 0,
    { "https://arxiv.org/pdf/2401.00001", NULL } },
  { "Gamma", "Gamma proposes a graph network for molecules (分子图网络).", "", "ICML", 2024, { NULL } },
  { "Delta", "Delta trains diffusion models on tiny devices.", "Edsger Dijkstra", "ICML", 2023, { NULL } },
  { "Epsilon", "Epsilon revisits bandits with delayed feedback.", "Barbara Liskov", "ICML", 2024,
    { "https://github.com/example/epsilon", NULL } },
  { "Zeta", "Zeta evaluates retrieval for question answering.", "Donald Knuth", NULL, 2022, { NULL } },
  { "Eta", "Eta is a workshop paper about optimisers.", "Frances Allen", "Workshop", 2024, { NULL } },
};

static ProcPaperRecord *
make_record (guint i)
{
  ProcPaperRecord *record = proc_paper_record_new ();

  record->derived_title = g_strdup (papers[i].title);
  record->abstract = g_strdup (papers[i].abstract);
  record->authors = g_strdup (papers[i].authors);
  record->venue = g_strdup (papers[i].venue);
  record->year = papers[i].year;
  for (guint j = 0; papers[i].links[j] != NULL; j++)
    {
      ProcLink *link = g_new0 (ProcLink, 1);

      link->url = g_strdup (papers[i].links[j]);
      link->kind = g_str_has_prefix (link->url, "https://github.com") ? PROC_LINK_CODE
                 : g_str_has_suffix (link->url, ".org") ? PROC_LINK_PROJECT : PROC_LINK_PDF;
      g_ptr_array_add (record->links, link);
    }

  return record;
}

static void
import (ProcStore  *store,
        const char *list,
        guint       first,
        guint       last)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = proc_import_batch_begin (store, list, NULL, &error);

  g_assert_no_error (error);
  for (guint i = first; i <= last; i++)
    {
      g_autoptr(ProcPaperRecord) record = make_record (i);

      g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);
}

/* Runs SQL on the second connection, which must succeed. */
static void
raw_exec (Library    *lib,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (lib->raw, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

static gint64
raw_int (Library    *lib,
         const char *sql)
{
  sqlite3_stmt *stmt;
  gint64 value = -1;

  g_assert_cmpint (sqlite3_prepare_v2 (lib->raw, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return value;
}

static gint64 raw_intf (Library    *lib,
                        const char *format,
                        ...) G_GNUC_PRINTF (2, 3);

static gint64
raw_intf (Library    *lib,
          const char *format,
          ...)
{
  g_autofree char *sql = NULL;
  va_list args;

  va_start (args, format);
  sql = g_strdup_vprintf (format, args);
  va_end (args);

  return raw_int (lib, sql);
}

static char *
raw_text (Library    *lib,
          const char *sql)
{
  sqlite3_stmt *stmt;
  char *value = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (lib->raw, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_text (stmt, 0) != NULL)
    value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);

  return value;
}

/* Every row of @sql, every value with its type, so that NULL, '' and 0,
 * or 5 and '5', never compare equal. */
static void
dump_query (Library    *lib,
            GString    *out,
            const char *sql)
{
  sqlite3_stmt *stmt;
  int rc;

  g_string_append_printf (out, "-- %s\n", sql);
  g_assert_cmpint (sqlite3_prepare_v2 (lib->raw, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        {
          g_string_append (out, i > 0 ? " | " : "");
          switch (sqlite3_column_type (stmt, i))
            {
            case SQLITE_INTEGER:
              g_string_append_printf (out, "i:%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (stmt, i));
              break;

            case SQLITE_FLOAT:
              g_string_append_printf (out, "r:%.17g", sqlite3_column_double (stmt, i));
              break;

            case SQLITE_TEXT:
              g_string_append_printf (out, "t:'%s'", sqlite3_column_text (stmt, i));
              break;

            case SQLITE_BLOB:
              g_string_append_printf (out, "b:%d bytes", sqlite3_column_bytes (stmt, i));
              break;

            default:
              g_string_append (out, "NULL");
            }
        }
      g_string_append_c (out, '\n');
    }
  g_assert_cmpint (rc, ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
}

static const char * const tables[] = {
  "SELECT * FROM meta ORDER BY key",
  "SELECT * FROM lists ORDER BY id",
  "SELECT * FROM papers ORDER BY id",
  "SELECT * FROM list_papers ORDER BY list_id, paper_id",
  "SELECT * FROM paper_links ORDER BY paper_id, position",
  "SELECT * FROM tags ORDER BY id",
  "SELECT * FROM paper_tags ORDER BY paper_id, tag_id",
  "SELECT * FROM reading_lists ORDER BY id",
  "SELECT * FROM reading_list_items ORDER BY reading_list_id, paper_id",
  "SELECT rowid, note FROM notes_fts ORDER BY rowid",
  "SELECT * FROM cjk_text ORDER BY id",
};

/* The whole library, as a second connection reads it from the file. */
static char *
dump (Library *lib)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    dump_query (lib, out, tables[i]);

  return g_string_free (out, FALSE);
}

static char *
dump_one (Library    *lib,
          const char *sql)
{
  GString *out = g_string_new (NULL);

  dump_query (lib, out, sql);
  return g_string_free (out, FALSE);
}

/* The search indexes agree with the tables: FTS5's own check (with the
 * external content compared, rank 1), and the notes and CJK indexes
 * against what the triggers would build from scratch. */
static void
assert_fts_in_sync (Library *lib)
{
  g_autofree char *notes = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *cjk = NULL;
  g_autofree char *cjk_expected = NULL;

  raw_exec (lib, "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)");
  raw_exec (lib, "INSERT INTO notes_fts(notes_fts) VALUES ('integrity-check')");
  raw_exec (lib, "INSERT INTO tags_fts(tags_fts, rank) VALUES ('integrity-check', 1)");
  raw_exec (lib, "INSERT INTO cjk_fts(cjk_fts, rank) VALUES ('integrity-check', 1)");

  cjk = dump_one (lib, "SELECT * FROM cjk_text ORDER BY id");
  cjk_expected = dump_one (lib, "SELECT * FROM cjk_text_source ORDER BY id");
  g_assert_cmpstr (strchr (cjk, '\n'), ==, strchr (cjk_expected, '\n'));

  notes = dump_one (lib, "SELECT rowid, note FROM notes_fts ORDER BY rowid");
  expected = dump_one (lib, "SELECT id, note FROM papers WHERE note <> '' ORDER BY id");
  /* Same rows, whatever the header line says. */
  g_assert_cmpstr (strchr (notes, '\n'), ==, strchr (expected, '\n'));
}

static void
notify_cb (ProcPaper  *paper,
           GParamSpec *pspec,
           Library    *lib)
{
  g_ptr_array_add (lib->notified, g_strdup_printf ("%" G_GINT64_FORMAT ":%s",
                                                   proc_paper_get_id (paper), pspec->name));
}

static gboolean
was_notified (Library    *lib,
              gint64      id,
              const char *property)
{
  g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT ":%s", id, property);

  return g_ptr_array_find_with_equal_func (lib->notified, key, g_str_equal, NULL);
}

static void
changed_cb (ProcStore *store,
            guint      change,
            Library   *lib)
{
  lib->n_changed++;
  lib->last_change = change;
}

static void
reset_signals (Library *lib)
{
  g_ptr_array_set_size (lib->notified, 0);
  lib->n_changed = 0;
  lib->last_change = 0;
}

static gint64
paper_id_of (Library    *lib,
             const char *abstract)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;

  g_assert_cmpint (sqlite3_prepare_v2 (lib->raw, "SELECT id FROM papers WHERE abstract = ?", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, abstract, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return id;
}

static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ProcStore *store;

  lib->dir = g_dir_make_tmp ("proceedings-undo-XXXXXX", NULL);
  g_assert_nonnull (lib->dir);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (lib->path, &lib->raw), ==, SQLITE_OK);
  sqlite3_busy_timeout (lib->raw, 5000);
  raw_exec (lib, "PRAGMA foreign_keys = ON");
  /* For the CJK index's source view, which assert_fts_in_sync() reads. */
  proc_schema_add_functions (lib->raw);
  raw_exec (lib, proc_schema_get_connection_sql ());

  /* Two lists: the second has two papers of the first, and one of its own. */
  import (store, "ICML 2024", 0, 5);
  {
    g_autoptr(ProcImportBatch) batch = proc_import_batch_begin (store, "Workshop", NULL, &error);
    const guint order[] = { 4, 6, 1 };

    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      {
        g_autoptr(ProcPaperRecord) record = make_record (order[i]);
        g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
      }
    g_assert_true (proc_import_batch_commit (batch, &error));
    g_assert_no_error (error);
  }
  for (guint i = 0; i < N_PAPERS; i++)
    {
      lib->p[i] = paper_id_of (lib, papers[i].abstract);
      g_assert_cmpint (lib->p[i], >, 0);
    }
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM list_papers"), ==, 9);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM paper_links"), ==, 4);

  /* Annotations */
  g_assert_true (proc_store_set_user_title (store, lib->p[0], "Sparse attention, reconsidered", &error));
  g_assert_true (proc_store_set_note (store, lib->p[0], "kangaroo: check the ablation", &error));
  g_assert_true (proc_store_set_note (store, lib->p[2], "Compare with the kangaroo baseline.", &error));
  g_assert_true (proc_store_set_note (store, lib->p[3], "Short note: 在边缘设备上训练。", &error));
  g_assert_true (proc_store_set_starred (store, (gint64[]) { lib->p[0], lib->p[2], lib->p[5] }, 3, TRUE, &error));
  g_assert_true (proc_store_set_rating (store, &lib->p[0], 1, 5, &error));
  g_assert_true (proc_store_set_rating (store, &lib->p[1], 1, 3, &error));
  g_assert_true (proc_store_set_rating (store, &lib->p[3], 1, 1, &error));
  g_assert_true (proc_store_set_read_state (store, (gint64[]) { lib->p[0], lib->p[4] }, 2, PROC_READ_STATE_READ, &error));
  g_assert_true (proc_store_set_read_state (store, &lib->p[1], 1, PROC_READ_STATE_READING, &error));
  g_assert_true (proc_store_set_triage (store, (gint64[]) { lib->p[0], lib->p[2] }, 2, PROC_TRIAGE_KEEP, &error));
  g_assert_true (proc_store_set_triage (store, &lib->p[1], 1, PROC_TRIAGE_SKIP, &error));
  g_assert_no_error (error);
  /* A decision of long ago, so Undo must give back its time, not now. */
  raw_exec (lib, "UPDATE papers SET triaged_at = 1700000000 WHERE triage <> 0");

  lib->tag_ml = proc_store_create_tag (store, "machine learning", "#3584e4", &error);
  lib->tag_vision = proc_store_create_tag (store, "vision", "#e01b24", &error);
  lib->tag_wombat = proc_store_create_tag (store, "wombat", "#33d17a", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_tag (store, (gint64[]) { lib->p[0], lib->p[1], lib->p[2], lib->p[6] }, 4,
                                     "machine learning", &error));
  g_assert_true (proc_store_add_tag (store, (gint64[]) { lib->p[2], lib->p[3] }, 2, "vision", &error));
  g_assert_true (proc_store_add_tag (store, (gint64[]) { lib->p[4], lib->p[5] }, 2, "wombat", &error));
  g_assert_no_error (error);

  lib->week1 = proc_store_create_reading_list (store, "Week 1", &error);
  lib->week2 = proc_store_create_reading_list (store, "Week 2", &error);
  g_assert_true (proc_store_add_to_reading_list (store, lib->week1,
                                                 (gint64[]) { lib->p[3], lib->p[0], lib->p[5], lib->p[1] }, 4, &error));
  g_assert_true (proc_store_add_to_reading_list (store, lib->week2, (gint64[]) { lib->p[1], lib->p[4] }, 2, &error));
  g_assert_no_error (error);

  /* Times from long ago, so that an edit in the same second as the set-up
   * cannot hide a time that was not restored. */
  raw_exec (lib, "UPDATE papers SET note_modified_at = 1000000 + id WHERE note <> ''");
  raw_exec (lib, "UPDATE papers SET added_at = 2000000 + id");
  raw_exec (lib, "UPDATE lists SET imported_at = 3000000 + id");
  raw_exec (lib, "UPDATE reading_lists SET created_at = 4000000 + id");
  proc_store_check_external_changes (store);

  lib->notified = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < N_PAPERS; i++)
    {
      lib->live[i] = proc_store_get_paper (store, lib->p[i]);
      g_assert_nonnull (lib->live[i]);
      g_signal_connect (lib->live[i], "notify", G_CALLBACK (notify_cb), lib);
    }
  g_signal_connect (store, "changed", G_CALLBACK (changed_cb), lib);

  /* Gamma's abstract and Delta's note have Chinese in them. */
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM cjk_text"), ==, 2);
  assert_fts_in_sync (lib);
}

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_autofree char *wal = g_strconcat (lib->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (lib->path, "-shm", NULL);

  for (guint i = 0; i < N_PAPERS; i++)
    {
      if (lib->live[i] != NULL)
        g_signal_handlers_disconnect_by_data (lib->live[i], lib);
      g_clear_object (&lib->live[i]);
    }
  g_signal_handlers_disconnect_by_data (lib->store, lib);
  g_clear_object (&lib->store);
  sqlite3_close (lib->raw);
  g_clear_pointer (&lib->notified, g_ptr_array_unref);

  g_unlink (lib->path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

/* Applies @undo and checks that the library is @before again, that the
 * search indexes agree, and that views were told. */
static void
apply_and_compare (Library    *lib,
                   ProcUndo   *undo,
                   const char *before,
                   guint       change)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  reset_signals (lib);
  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);

  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  assert_fts_in_sync (lib);

  g_assert_cmpuint (lib->n_changed, ==, 1);
  g_assert_cmpuint (lib->last_change, ==, change);
}

/* The undo record restores every column of the tables it writes to: a
 * column added by a migration must be added to proc-undo.c too. */
static void
test_schema_covered (Library       *lib,
                     gconstpointer  data)
{
  static const struct { const char *table; int n_columns; } covered[] = {
    { "papers", 29 },  /* with names (issue 22) */
    { "paper_links", 4 },
    { "list_papers", 3 },
    { "tags", 3 },
    { "paper_tags", 2 },
    { "reading_list_items", 3 },
    { "reading_lists", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (covered); i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM pragma_table_info('%s')", covered[i].table);

      g_test_message ("%s", covered[i].table);
      g_assert_cmpint (raw_int (lib, sql), ==, covered[i].n_columns);
    }
}

static void
test_delete_papers (Library       *lib,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *deleted = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(ProcPaper) again = NULL;
  /* A repeated id and one that does not exist are ignored. */
  const gint64 ids[] = { lib->p[0], lib->p[1], lib->p[4], lib->p[0], 999999 };

  g_assert_cmpuint (proc_store_count (lib->store, "kangaroo"), ==, 2);
  g_assert_cmpuint (proc_store_count (lib->store, "wombat"), ==, 2);

  undo = proc_store_delete_papers_undoable (lib->store, ids, G_N_ELEMENTS (ids), &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Deleted 3 papers");
  g_assert_cmpuint (lib->last_change, ==, PROC_STORE_CHANGE_ALL);

  /* Gone from every table and both indexes, as another connection sees it. */
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM papers"), ==, N_PAPERS - 3);
  deleted = g_strdup_printf ("(%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ")",
                             lib->p[0], lib->p[1], lib->p[4]);
  {
    const char *tables_by_paper[] = { "paper_links", "list_papers", "paper_tags", "reading_list_items" };

    for (guint i = 0; i < G_N_ELEMENTS (tables_by_paper); i++)
      {
        g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM %s WHERE paper_id IN %s",
                                                tables_by_paper[i], deleted);
        g_assert_cmpint (raw_int (lib, sql), ==, 0);
      }
  }
  g_assert_cmpuint (proc_store_count (lib->store, "kangaroo"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib->store, "sparse"), ==, 0);
  g_assert_cmpuint (proc_store_count (lib->store, "wombat"), ==, 1);
  g_assert_null (proc_store_get_paper (lib->store, lib->p[0]));
  assert_fts_in_sync (lib);

  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_ALL);

  /* Found again, by their text, notes and tags, under the same ids. */
  g_assert_cmpuint (proc_store_count (lib->store, "kangaroo"), ==, 2);
  g_assert_cmpuint (proc_store_count (lib->store, "wombat"), ==, 2);
  g_assert_cmpuint (proc_store_count (lib->store, "reconsidered"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib->store, "list:Workshop"), ==, 3);
  found = proc_store_query_ids (lib->store, NULL, "sparse attention", PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpint (g_array_index (found, gint64, 0), ==, lib->p[0]);

  /* The view's object is the paper again, whole. */
  again = proc_store_get_paper (lib->store, lib->p[0]);
  g_assert_true (again == lib->live[0]);
  g_assert_cmpstr (proc_paper_get_title (again), ==, "Sparse attention, reconsidered");
  g_assert_cmpstr (proc_paper_get_code_url (again), ==, "https://github.com/example/alpha");
  g_assert_true (proc_paper_has_tag (again, "machine learning"));
}

/* The tags and a reading list of the deleted papers are deleted too, before
 * the undo: the tags come back as they were, the reading list does not. */
static void
test_delete_papers_tag_deleted_since (Library       *lib,
                                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *week1_before = NULL;
  g_autofree char *papers_before = dump_one (lib, "SELECT * FROM papers ORDER BY id");
  g_autofree char *tags_before = dump_one (lib, "SELECT * FROM tags ORDER BY id");
  g_autofree char *links_before = dump_one (lib, "SELECT * FROM paper_tags ORDER BY paper_id, tag_id");
  g_autofree char *week1_after = NULL;
  g_autofree char *papers_after = NULL;
  g_autofree char *tags_after = NULL;
  g_autofree char *links_after = NULL;
  g_autofree char *after = NULL;

  /* Week 1 is the first reading list, Week 2 the second. */
  g_assert_cmpint (lib->week1, ==, 1);
  g_assert_cmpint (lib->week2, ==, 2);
  week1_before = dump_one (lib, "SELECT * FROM reading_list_items WHERE reading_list_id = 1 ORDER BY position");

  /* p4 and p5 are the only wombats; p1 is in both reading lists. */
  undo = proc_store_delete_papers_undoable (lib->store, (gint64[]) { lib->p[4], lib->p[5] }, 2, &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_delete_tag (lib->store, lib->tag_wombat, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM tags WHERE name = 'wombat'"), ==, 0);

  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_ALL);
  g_assert_cmpuint (proc_store_count (lib->store, "tag:wombat"), ==, 2);
  g_clear_pointer (&undo, proc_undo_unref);

  /* Now the reading list "Week 2" goes while p1 is deleted. */
  undo = proc_store_delete_papers_undoable (lib->store, (gint64[]) { lib->p[1], lib->p[5] }, 2, &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_delete_reading_list (lib->store, lib->week2, &error));
  g_assert_true (proc_store_delete_tag (lib->store, lib->tag_wombat, &error));
  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);

  papers_after = dump_one (lib, "SELECT * FROM papers ORDER BY id");
  week1_after = dump_one (lib, "SELECT * FROM reading_list_items WHERE reading_list_id = 1 ORDER BY position");
  g_assert_cmpstr (papers_after, ==, papers_before);
  g_assert_cmpstr (week1_after, ==, week1_before);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM reading_list_items WHERE reading_list_id = 2"), ==, 0);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM reading_lists"), ==, 1);

  /* wombat is back with its id and colour, on p5 only: p4's link went with
   * the tag while p4 was not deleted, and that was not this undo's edit. */
  tags_after = dump_one (lib, "SELECT * FROM tags ORDER BY id");
  g_assert_cmpstr (tags_after, ==, tags_before);
  links_after = dump_one (lib, "SELECT * FROM paper_tags ORDER BY paper_id, tag_id");
  g_assert_cmpstr (links_after, !=, links_before);
  g_assert_cmpuint (proc_store_count (lib->store, "tag:wombat"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib->store, "wombat"), ==, 1);
  assert_fts_in_sync (lib);

  after = dump (lib);
  g_assert_cmpstr (after, !=, before);
}

/* No edit of the app deletes a list, but another program may: the papers
 * come back without it, as ON DELETE SET NULL would have left them. */
static void
test_delete_papers_list_deleted_since (Library       *lib,
                                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *icml_before = dump_one (lib, "SELECT * FROM list_papers WHERE list_id = 1 ORDER BY paper_id");
  g_autofree char *icml_after = NULL;
  g_autofree char *title = NULL;
  g_autofree char *title_sql = g_strdup_printf ("SELECT coalesce(user_title, derived_title) FROM papers"
                                                " WHERE id = %" G_GINT64_FORMAT, lib->p[6]);

  g_assert_cmpint (raw_intf (lib, "SELECT list_id FROM papers WHERE id = %" G_GINT64_FORMAT, lib->p[6]), ==, 2);
  undo = proc_store_delete_papers_undoable (lib->store, (gint64[]) { lib->p[1], lib->p[6] }, 2, &error);
  g_assert_no_error (error);
  raw_exec (lib, "DELETE FROM lists WHERE name = 'Workshop'");
  proc_store_check_external_changes (lib->store);

  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_intf (lib, "SELECT list_id IS NULL FROM papers WHERE id = %" G_GINT64_FORMAT, lib->p[6]), ==, 1);
  g_assert_cmpint (raw_intf (lib, "SELECT list_id FROM papers WHERE id = %" G_GINT64_FORMAT, lib->p[1]), ==, 1);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM list_papers WHERE list_id <> 1"), ==, 0);
  icml_after = dump_one (lib, "SELECT * FROM list_papers WHERE list_id = 1 ORDER BY paper_id");
  g_assert_cmpstr (icml_after, ==, icml_before);
  title = raw_text (lib, title_sql);
  g_assert_cmpstr (title, ==, "Eta");
  assert_fts_in_sync (lib);
}

/* A deleted paper imported again blocks its undo, which changes nothing
 * and can succeed once that paper is gone. */
static void
test_delete_papers_reimported (Library       *lib,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *blocked = NULL;
  g_autofree char *after_failure = NULL;
  gint64 reimported;

  undo = proc_store_delete_papers_undoable (lib->store, (gint64[]) { lib->p[2], lib->p[3] }, 2, &error);
  g_assert_no_error (error);

  import (lib->store, "ICML 2024", 3, 3);
  reimported = paper_id_of (lib, papers[3].abstract);
  g_assert_cmpint (reimported, >, 0);
  blocked = dump (lib);

  reset_signals (lib);
  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT);
  g_assert_nonnull (strstr (error->message, "“Delta” was imported again"));
  g_clear_error (&error);
  g_assert_cmpuint (lib->n_changed, ==, 0);

  /* Nothing of it was written: not even Gamma, which had no conflict. */
  after_failure = dump (lib);
  g_assert_cmpstr (after_failure, ==, blocked);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM papers"), ==, N_PAPERS - 1);
  assert_fts_in_sync (lib);

  g_assert_true (proc_store_delete_papers (lib->store, &reimported, 1, &error));
  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_ALL);
}

/* SQLite gives the id of the last paper to the next one added: that paper
 * blocks the undo too. */
static void
test_delete_papers_id_taken (Library       *lib,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
  g_autofree char *blocked = NULL;
  g_autofree char *after_failure = NULL;
  gint64 last = lib->p[6];

  g_assert_cmpint (raw_int (lib, "SELECT max(id) FROM papers"), ==, last);
  undo = proc_store_delete_papers_undoable (lib->store, &last, 1, &error);
  g_assert_no_error (error);

  batch = proc_import_batch_begin (lib->store, "Later", NULL, &error);
  record->derived_title = g_strdup ("Newcomer");
  record->abstract = g_strdup ("A newcomer about something else entirely.");
  g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);
  g_assert_cmpint (paper_id_of (lib, "A newcomer about something else entirely."), ==, last);
  blocked = dump (lib);

  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT);
  g_assert_nonnull (strstr (error->message, "took the place of “Eta”"));
  after_failure = dump (lib);
  g_assert_cmpstr (after_failure, ==, blocked);
}

static void
test_remove_tag (Library       *lib,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);

  g_assert_cmpuint (proc_store_count (lib->store, "machine learning"), ==, 4);

  /* p3 never had it: its undo must not give it the tag. */
  reset_signals (lib);
  undo = proc_store_remove_tag_undoable (lib->store, (gint64[]) { lib->p[0], lib->p[2], lib->p[3] }, 3,
                                         "Machine Learning", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Removed tag “machine learning” from 2 papers");
  g_assert_cmpuint (lib->last_change, ==, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  g_assert_true (was_notified (lib, lib->p[0], "tags"));
  g_assert_false (proc_paper_has_tag (lib->live[0], "machine learning"));

  g_assert_cmpint (raw_intf (lib, "SELECT count(*) FROM paper_tags WHERE tag_id = %" G_GINT64_FORMAT, lib->tag_ml), ==, 2);
  g_assert_cmpuint (proc_store_count (lib->store, "machine learning"), ==, 2);

  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  g_assert_true (was_notified (lib, lib->p[0], "tags"));
  g_assert_true (was_notified (lib, lib->p[2], "tags"));
  g_assert_false (was_notified (lib, lib->p[3], "tags"));
  g_assert_true (proc_paper_has_tag (lib->live[0], "machine learning"));
  g_assert_cmpuint (proc_store_count (lib->store, "machine learning"), ==, 4);
  g_assert_cmpuint (proc_store_count (lib->store, "kangaroo machine"), ==, 2);
}

static void
test_remove_tag_deleted_since (Library       *lib,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);

  undo = proc_store_remove_tag_undoable (lib->store, (gint64[]) { lib->p[2], lib->p[3] }, 2, "vision", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_delete_tag (lib->store, lib->tag_vision, &error));
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM tags WHERE name = 'vision'"), ==, 0);

  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  g_assert_true (proc_paper_has_tag (lib->live[3], "vision"));
  g_assert_cmpuint (proc_store_count (lib->store, "vision"), ==, 2);
}

static void
test_delete_tag (Library       *lib,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);

  reset_signals (lib);
  undo = proc_store_delete_tag_undoable (lib->store, lib->tag_ml, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Deleted tag “machine learning”");
  g_assert_true (was_notified (lib, lib->p[6], "tags"));
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM tags"), ==, 2);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM paper_tags"), ==, 4);
  g_assert_cmpuint (proc_store_count (lib->store, "machine"), ==, 0);

  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  g_assert_true (was_notified (lib, lib->p[6], "tags"));
  g_assert_true (was_notified (lib, lib->p[1], "tags"));
  g_assert_false (was_notified (lib, lib->p[5], "tags"));
  g_assert_cmpuint (proc_store_count (lib->store, "machine"), ==, 4);
  g_assert_cmpuint (proc_store_count (lib->store, "tag:\"machine learning\""), ==, 4);

  /* A tag that is not there is an error, not a record of nothing. */
  g_assert_null (proc_store_delete_tag_undoable (lib->store, 999, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* A tag on no paper comes back too. */
  {
    g_autoptr(ProcUndo) unused = NULL;
    g_autofree char *with_unused = NULL;
    gint64 tag_id = proc_store_create_tag (lib->store, "unused", "#ff7800", &error);

    g_assert_no_error (error);
    with_unused = dump (lib);
    unused = proc_store_delete_tag_undoable (lib->store, tag_id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM tags WHERE name = 'unused'"), ==, 0);
    apply_and_compare (lib, unused, with_unused, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  }
}

/* The deleted tag's id went to a new tag of another name: the papers get
 * their own tag back, under a new id, and the new tag keeps its papers. */
static void
test_delete_tag_id_taken (Library       *lib,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  gint64 robots;

  undo = proc_store_delete_tag_undoable (lib->store, lib->tag_wombat, &error);
  g_assert_no_error (error);
  robots = proc_store_create_tag (lib->store, "robots", "#000000", &error);
  g_assert_cmpint (robots, ==, lib->tag_wombat);
  g_assert_true (proc_store_add_tag (lib->store, &lib->p[0], 1, "robots", &error));

  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM tags WHERE name = 'wombat' AND colour = '#33d17a'"
                                 " AND id > 3"), ==, 1);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                                 " WHERE t.name = 'robots'"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib->store, "tag:wombat"), ==, 2);
  g_assert_cmpuint (proc_store_count (lib->store, "tag:robots"), ==, 1);
  g_assert_false (proc_paper_has_tag (lib->live[4], "robots"));
  g_assert_true (proc_paper_has_tag (lib->live[4], "wombat"));
  assert_fts_in_sync (lib);
}

static void
test_set_note (Library       *lib,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcUndo) edited = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *note = NULL;

  reset_signals (lib);
  undo = proc_store_set_note_undoable (lib->store, lib->p[0], "", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Cleared the note");
  g_assert_true (was_notified (lib, lib->p[0], "note"));
  g_assert_cmpstr (proc_paper_get_note (lib->live[0]), ==, "");

  g_assert_cmpint (lib->p[0], ==, 1);
  note = raw_text (lib, "SELECT note FROM papers WHERE id = 1");
  g_assert_cmpstr (note, ==, "");
  g_assert_cmpint (raw_int (lib, "SELECT note_modified_at FROM papers WHERE id = 1"), >, 1000001);
  g_assert_cmpuint (proc_store_count (lib->store, "kangaroo"), ==, 1);

  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_PAPERS);
  g_assert_true (was_notified (lib, lib->p[0], "note"));
  g_assert_true (was_notified (lib, lib->p[0], "note-modified"));
  g_assert_cmpstr (proc_paper_get_note (lib->live[0]), ==, "kangaroo: check the ablation");
  g_assert_cmpint (proc_paper_get_note_modified (lib->live[0]), ==, 1000001);
  g_assert_cmpuint (proc_store_count (lib->store, "kangaroo"), ==, 2);

  /* A paper that had no note gets none back, and no time either. */
  edited = proc_store_set_note_undoable (lib->store, lib->p[5], "Now with a platypus.", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (edited), ==, "Edited the note");
  g_assert_cmpuint (proc_store_count (lib->store, "platypus"), ==, 1);
  apply_and_compare (lib, edited, before, PROC_STORE_CHANGE_PAPERS);
  g_assert_cmpuint (proc_store_count (lib->store, "platypus"), ==, 0);
}

/* The paper went before the undo: it says so and changes nothing. */
static void
test_set_note_paper_gone (Library       *lib,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *blocked = NULL;
  g_autofree char *after = NULL;

  g_assert_null (proc_store_set_note_undoable (lib->store, 999999, "", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  undo = proc_store_set_note_undoable (lib->store, lib->p[2], NULL, &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_delete_papers (lib->store, &lib->p[2], 1, &error));
  blocked = dump (lib);

  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  after = dump (lib);
  g_assert_cmpstr (after, ==, blocked);
}

static void
test_add_tag (Library       *lib,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) created = NULL;
  g_autoptr(ProcUndo) existing = NULL;
  g_autofree char *before = dump (lib);

  /* A new tag: undo deletes it with its links. */
  reset_signals (lib);
  created = proc_store_add_tag_undoable (lib->store, (gint64[]) { lib->p[1], lib->p[3], lib->p[5] }, 3,
                                         "  platypus ", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (created), ==, "Tagged 3 papers “platypus”");
  g_assert_true (was_notified (lib, lib->p[3], "tags"));
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                                 " WHERE t.name = 'platypus'"), ==, 3);
  g_assert_cmpuint (proc_store_count (lib->store, "platypus"), ==, 3);

  apply_and_compare (lib, created, before, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  g_assert_true (was_notified (lib, lib->p[3], "tags"));
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM tags WHERE name = 'platypus'"), ==, 0);
  g_assert_cmpuint (proc_store_count (lib->store, "platypus"), ==, 0);

  /* An existing tag two of the papers have: undo takes it off the other
   * two only, and keeps the tag. */
  existing = proc_store_add_tag_undoable (lib->store, (gint64[]) { lib->p[0], lib->p[2], lib->p[3], lib->p[6] }, 4,
                                          "Vision", &error);
  g_assert_no_error (error);
  g_assert_cmpint (raw_intf (lib, "SELECT count(*) FROM paper_tags WHERE tag_id = %" G_GINT64_FORMAT, lib->tag_vision), ==, 4);
  g_assert_cmpuint (proc_store_count (lib->store, "vision"), ==, 4);

  apply_and_compare (lib, existing, before, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  g_assert_true (was_notified (lib, lib->p[0], "tags"));
  g_assert_false (was_notified (lib, lib->p[2], "tags"));
  g_assert_cmpuint (proc_store_count (lib->store, "vision"), ==, 2);
}

/* Papers tagged since with the tag the edit created keep it, and so the
 * tag stays; a tag renamed since is left alone with an error. */
static void
test_add_tag_changed_since (Library       *lib,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcUndo) renamed = NULL;
  g_autofree char *blocked = NULL;
  g_autofree char *after = NULL;
  gint64 tag_id;

  undo = proc_store_add_tag_undoable (lib->store, &lib->p[1], 1, "platypus", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_tag (lib->store, &lib->p[4], 1, "platypus", &error));
  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (lib, "SELECT group_concat(pt.paper_id) FROM paper_tags pt JOIN tags t"
                                 " ON t.id = pt.tag_id WHERE t.name = 'platypus'"), ==, lib->p[4]);
  g_assert_false (proc_paper_has_tag (lib->live[1], "platypus"));
  assert_fts_in_sync (lib);

  renamed = proc_store_add_tag_undoable (lib->store, &lib->p[2], 1, "echidna", &error);
  g_assert_no_error (error);
  tag_id = raw_int (lib, "SELECT id FROM tags WHERE name = 'echidna'");
  g_assert_true (proc_store_rename_tag (lib->store, tag_id, "monotremes", &error));
  blocked = dump (lib);
  g_assert_false (proc_undo_apply (renamed, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT);
  g_assert_nonnull (strstr (error->message, "“echidna”"));
  after = dump (lib);
  g_assert_cmpstr (after, ==, blocked);
}

static void
test_values (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (lib);
  /* Starred: p0 p2 p5; rated 5 3 _ 1; read states READ READING _ _ READ. */
  const gint64 ids[] = { lib->p[0], lib->p[1], lib->p[2], lib->p[3], lib->p[4] };
  struct
  {
    const char *property;
    const char *label;
    const char *column;
    gint64 value;
  } cases[] = {
    { "starred", "Starred 5 papers", "starred", 1 },
    { "starred", "Removed the star from 5 papers", "starred", 0 },
    { "rating", "Rated 5 papers 2 out of 5", "rating", 2 },
    { "rating", "Cleared the rating of 5 papers", "rating", 0 },
    { "read-state", "Marked 5 papers as reading", "read_state", PROC_READ_STATE_READING },
    { "read-state", "Marked 5 papers as unread", "read_state", PROC_READ_STATE_UNREAD },
    { "read-state", "Marked 5 papers as read", "read_state", PROC_READ_STATE_READ },
    { "triage", "Kept 5 papers", "triage", PROC_TRIAGE_KEEP },
    { "triage", "Marked 5 papers as maybe", "triage", PROC_TRIAGE_MAYBE },
    { "triage", "Skipped 5 papers", "triage", PROC_TRIAGE_SKIP },
    { "triage", "Cleared the triage decisions of 5 papers", "triage", PROC_TRIAGE_UNTRIAGED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcUndo) undo = NULL;
      g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM papers WHERE id BETWEEN %" G_GINT64_FORMAT
                                              " AND %" G_GINT64_FORMAT " AND %s = %" G_GINT64_FORMAT,
                                              lib->p[0], lib->p[4], cases[i].column, cases[i].value);

      g_test_message ("%s", cases[i].label);
      reset_signals (lib);
      if (g_str_equal (cases[i].column, "starred"))
        undo = proc_store_set_starred_undoable (lib->store, ids, G_N_ELEMENTS (ids), cases[i].value, &error);
      else if (g_str_equal (cases[i].column, "rating"))
        undo = proc_store_set_rating_undoable (lib->store, ids, G_N_ELEMENTS (ids), cases[i].value, &error);
      else if (g_str_equal (cases[i].column, "triage"))
        undo = proc_store_set_triage_undoable (lib->store, ids, G_N_ELEMENTS (ids), cases[i].value, &error);
      else
        undo = proc_store_set_read_state_undoable (lib->store, ids, G_N_ELEMENTS (ids), cases[i].value, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (proc_undo_get_label (undo), ==, cases[i].label);
      g_assert_cmpint (raw_int (lib, sql), ==, 5);
      g_assert_cmpuint (lib->last_change, ==, PROC_STORE_CHANGE_PAPERS);

      apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_PAPERS);
      g_assert_true (was_notified (lib, lib->p[0], cases[i].property) ||
                     was_notified (lib, lib->p[1], cases[i].property));
    }

  g_assert_true (proc_paper_get_starred (lib->live[2]));
  g_assert_false (proc_paper_get_starred (lib->live[1]));
  g_assert_cmpint (proc_paper_get_rating (lib->live[0]), ==, 5);
  g_assert_cmpint (proc_paper_get_rating (lib->live[1]), ==, 3);
  g_assert_cmpint (proc_paper_get_read_state (lib->live[1]), ==, PROC_READ_STATE_READING);
  g_assert_cmpint (proc_paper_get_read_state (lib->live[4]), ==, PROC_READ_STATE_READ);
  g_assert_cmpuint (proc_store_count (lib->store, "is:starred"), ==, 3);
  g_assert_cmpuint (proc_store_count (lib->store, "rating:>=3"), ==, 2);
  g_assert_cmpint (proc_paper_get_triage (lib->live[0]), ==, PROC_TRIAGE_KEEP);
  g_assert_cmpint (proc_paper_get_triage (lib->live[1]), ==, PROC_TRIAGE_SKIP);
  g_assert_cmpint (proc_paper_get_triage (lib->live[3]), ==, PROC_TRIAGE_UNTRIAGED);
  g_assert_cmpuint (proc_store_count (lib->store, "is:kept"), ==, 2);
  g_assert_cmpuint (proc_store_count (lib->store, "is:skipped"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib->store, "is:maybe"), ==, 0);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM papers WHERE triaged_at = 1700000000"), ==, 3);
}

static void
test_refused_edits (Library       *lib,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;

  g_assert_null (proc_store_set_rating_undoable (lib->store, lib->p, 3, 9, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (proc_store_set_read_state_undoable (lib->store, lib->p, 3, 7, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (proc_store_set_triage_undoable (lib->store, lib->p, 3, 4, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (proc_store_remove_tag_undoable (lib->store, lib->p, 3, "no such tag", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (proc_store_add_tag_undoable (lib->store, lib->p, 3, "   ", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (proc_store_set_note_undoable (lib->store, lib->p[0], "\xff\xfe", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);

  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
}

static void
test_double_apply (Library       *lib,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;

  undo = proc_store_delete_papers_undoable (lib->store, lib->p, 2, &error);
  g_assert_no_error (error);
  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_ALL);

  /* Would fail on the ids if it ran: it must not even begin. */
  reset_signals (lib);
  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "This change has already been undone");
  g_assert_cmpuint (lib->n_changed, ==, 0);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
}

/* A fault halfway through the edit, or halfway through its undo, leaves
 * everything as it was before that transaction. */
static void
test_one_transaction (Library       *lib,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;
  g_autofree char *deleted = NULL;

  /* The fifth of seven papers fails, after four were deleted. */
  g_assert_cmpint (lib->p[4], ==, 5);
  raw_exec (lib, "CREATE TRIGGER inject AFTER DELETE ON papers"
                 " WHEN old.id = 5 BEGIN SELECT RAISE(ABORT, 'injected fault'); END;");
  g_assert_null (proc_store_delete_papers_undoable (lib->store, lib->p, N_PAPERS, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "injected fault"));
  g_clear_error (&error);
  raw_exec (lib, "DROP TRIGGER inject");
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  undo = proc_store_delete_papers_undoable (lib->store, lib->p, N_PAPERS, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Deleted 7 papers");
  deleted = dump (lib);

  /* The reading-list items come after the papers, links and lists. */
  raw_exec (lib, "CREATE TRIGGER inject AFTER INSERT ON reading_list_items"
                 " BEGIN SELECT RAISE(ABORT, 'injected fault'); END;");
  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_nonnull (strstr (error->message, "injected fault"));
  g_clear_error (&error);
  raw_exec (lib, "DROP TRIGGER inject");
  after = dump (lib);
  g_assert_cmpstr (after, ==, deleted);

  apply_and_compare (lib, undo, before, PROC_STORE_CHANGE_ALL);
}

/* GLib decides once per process whether to translate, on the first
 * message, so the labels are made in a process that starts in Chinese:
 * in a Chinese locale, as LANGUAGE under C.UTF-8 is ignored since glibc
 * 2.39, as under C. */
static void
test_labels_translated (Library       *lib,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) deleted = NULL;
  g_autoptr(ProcUndo) removed = NULL;
  g_autoptr(ProcUndo) rated = NULL;

  if (!g_test_subprocess ())
    {
      if (g_getenv ("PROCEEDINGS_LOCALEDIR") == NULL)
        {
          g_test_skip ("PROCEEDINGS_LOCALEDIR is not set");
          return;
        }

      g_autofree char *system = g_strdup (g_getenv ("LC_ALL"));
      locale_t chinese = newlocale (LC_ALL_MASK, "zh_CN.UTF-8", (locale_t) 0);

      /* test.sh makes it where it is missing; elsewhere it may be. */
      if (chinese == (locale_t) 0)
        {
          g_test_skip ("no zh_CN.UTF-8 locale here (localedef -i zh_CN -f UTF-8 zh_CN.UTF-8 "
                       "makes it): Chinese messages need one");
          return;
        }
      freelocale (chinese);

      g_setenv ("LC_ALL", "zh_CN.UTF-8", TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      if (system != NULL)
        g_setenv ("LC_ALL", system, TRUE);
      else
        g_unsetenv ("LC_ALL");
      g_test_trap_assert_passed ();
      return;
    }

  deleted = proc_store_delete_papers_undoable (lib->store, lib->p, 2, &error);
  removed = proc_store_remove_tag_undoable (lib->store, &lib->p[2], 1, "vision", &error);
  rated = proc_store_set_rating_undoable (lib->store, &lib->p[3], 1, 4, &error);
  g_assert_no_error (error);
  g_assert_true (proc_undo_apply (rated, &error));
  g_assert_false (proc_undo_apply (rated, &error));

  g_assert_cmpstr (proc_undo_get_label (deleted), ==, "已删除 2 篇论文");
  g_assert_cmpstr (proc_undo_get_label (removed), ==, "已从 1 篇论文移除标签“vision”");
  g_assert_cmpstr (proc_undo_get_label (rated), ==, "已将 1 篇论文评为 4 分（满分 5 分）");
  g_assert_cmpstr (error->message, ==, "此更改已撤销");
}

/* 5,000 papers, each with a link, a list, a tag, a star, a reading-list
 * item and every tenth a note, deleted and restored. */
static void
test_bulk (void)
{
  Library lib_ = { 0 }, *lib = &lib_;
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 reading_list, delete_us, undo_us, plain_us;
  /* Memcheck looks for bad accesses, not for scale: a tenth is enough. */
  const guint n = g_getenv ("PROCEEDINGS_VALGRIND") != NULL ? 500 : 5000;

  lib->dir = g_dir_make_tmp ("proceedings-undo-XXXXXX", NULL);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (lib->path, &lib->raw), ==, SQLITE_OK);
  sqlite3_busy_timeout (lib->raw, 5000);
  proc_schema_add_functions (lib->raw);
  raw_exec (lib, proc_schema_get_connection_sql ());
  lib->notified = g_ptr_array_new_with_free_func (g_free);

  batch = proc_import_batch_begin (lib->store, "Bulk", NULL, &error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
      ProcLink *link = g_new0 (ProcLink, 1);

      record->derived_title = g_strdup_printf ("Paper %u", i);
      record->abstract = g_strdup_printf ("Paper number %u about topic %u, with an abstract of a"
                                          " realistic length: we study a method, compare it with"
                                          " baselines on three benchmarks and report that it is"
                                          " better on two of them while being cheaper to train.",
                                          i, i % 17);
      record->authors = g_strdup ("A. Author, B. Author");
      record->year = 2024;
      link->url = g_strdup_printf ("https://github.com/example/p%u", i);
      link->kind = PROC_LINK_CODE;
      g_ptr_array_add (record->links, link);
      g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  ids = proc_store_query_ids (lib->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_cmpuint (ids->len, ==, n);
  g_assert_true (proc_store_add_tag (lib->store, (gint64 *) (gpointer) ids->data, n, "bulk", &error));
  g_assert_true (proc_store_set_starred (lib->store, (gint64 *) (gpointer) ids->data, n, TRUE, &error));
  reading_list = proc_store_create_reading_list (lib->store, "Everything", &error);
  g_assert_true (proc_store_add_to_reading_list (lib->store, reading_list, (gint64 *) (gpointer) ids->data, n, &error));
  g_assert_no_error (error);
  raw_exec (lib, "UPDATE papers SET note = 'quokka ' || id, note_modified_at = 1000 WHERE id % 10 = 0");
  proc_store_check_external_changes (lib->store);
  before = dump (lib);

  delete_us = g_get_monotonic_time ();
  undo = proc_store_delete_papers_undoable (lib->store, (gint64 *) (gpointer) ids->data, n, &error);
  delete_us = g_get_monotonic_time () - delete_us;
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM papers"), ==, 0);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM reading_list_items"), ==, 0);
  g_assert_cmpuint (proc_store_count (lib->store, "quokka"), ==, 0);

  undo_us = g_get_monotonic_time ();
  g_assert_true (proc_undo_apply (undo, &error));
  undo_us = g_get_monotonic_time () - undo_us;
  g_assert_no_error (error);

  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  assert_fts_in_sync (lib);
  g_assert_cmpuint (proc_store_count (lib->store, "quokka"), ==, n / 10);
  g_assert_cmpuint (proc_store_count (lib->store, "bulk"), ==, n);
  g_assert_cmpuint (proc_store_count (lib->store, "topic"), ==, n);

  /* The same delete without a record, for comparison. */
  plain_us = g_get_monotonic_time ();
  g_assert_true (proc_store_delete_papers (lib->store, (gint64 *) (gpointer) ids->data, n, &error));
  plain_us = g_get_monotonic_time () - plain_us;
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM papers"), ==, 0);

  g_test_message ("%u papers: capture and delete %.0f ms, undo %.0f ms; delete without undo %.0f ms",
                  n, delete_us / 1000.0, undo_us / 1000.0, plain_us / 1000.0);

  /* Against the plain delete on the same machine in the same run, with room
   * for a busy machine and the sanitizers; a capture or an undo that went
   * quadratic in the number of papers would not pass. */
  g_assert_cmpint (delete_us, <, 10 * plain_us + 2 * G_USEC_PER_SEC);
  g_assert_cmpint (undo_us, <, 10 * plain_us + 2 * G_USEC_PER_SEC);

  g_clear_pointer (&undo, proc_undo_unref);
  library_tear_down (lib, NULL);
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("PROCEEDINGS_LOCALEDIR");

  /* As main.c does: the store's _() uses the default text domain. */
  setlocale (LC_ALL, "");
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, func) g_test_add (path, Library, NULL, library_set_up, func, library_tear_down)
  ADD ("/undo/schema-covered", test_schema_covered);
  ADD ("/undo/delete-papers", test_delete_papers);
  ADD ("/undo/delete-papers/tag-deleted-since", test_delete_papers_tag_deleted_since);
  ADD ("/undo/delete-papers/list-deleted-since", test_delete_papers_list_deleted_since);
  ADD ("/undo/delete-papers/reimported", test_delete_papers_reimported);
  ADD ("/undo/delete-papers/id-taken", test_delete_papers_id_taken);
  ADD ("/undo/remove-tag", test_remove_tag);
  ADD ("/undo/remove-tag/deleted-since", test_remove_tag_deleted_since);
  ADD ("/undo/delete-tag", test_delete_tag);
  ADD ("/undo/delete-tag/id-taken", test_delete_tag_id_taken);
  ADD ("/undo/set-note", test_set_note);
  ADD ("/undo/set-note/paper-gone", test_set_note_paper_gone);
  ADD ("/undo/add-tag", test_add_tag);
  ADD ("/undo/add-tag/changed-since", test_add_tag_changed_since);
  ADD ("/undo/values", test_values);
  ADD ("/undo/refused-edits", test_refused_edits);
  ADD ("/undo/double-apply", test_double_apply);
  ADD ("/undo/one-transaction", test_one_transaction);
  ADD ("/undo/labels-translated", test_labels_translated);
#undef ADD
  g_test_add_func ("/undo/bulk", test_bulk);

  return g_test_run ();
}
