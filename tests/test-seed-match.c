/* test-seed-match.c: the bundled seed list meets its papers' official records
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "proc-importer.h"
#include "proc-match-text.h"
#include "proc-paper.h"
#include "proc-paper-record.h"
#include "proc-schema.h"
#include "proc-store.h"
#include "proc-store-private.h"
#include "proc-undo.h"

/* The official records of the bundled list's 38 papers, as PMLR publishes
 * them (tests/data/bibtex/icml2024-seed-pmlr.bib, a copy of
 * ../shared/realworld/icml2024-seed-pmlr.bib), and as real tools turn
 * that file into other formats:
 *   tests/data/json/icml2024-seed-pmlr.csl.json:
 *     pandoc 3.1.11.1, `pandoc -f bibtex -t csljson icml2024-seed-pmlr.bib`
 *   tests/data/ris/icml2024-seed-pmlr.ris:
 *     bibutils 7.2 (Debian 13), `bib2xml -i utf8 -o utf8 icml2024-seed-pmlr.bib | xml2ris -i utf8 -o utf8`
 * PMLR writes curly quotes, <em> where the list has *x*, — for ---;
 * bibutils writes \frac{N^2d^2}{M} as \fracN²d²M; pandoc keeps the HTML. */
#define N_SEED_PAPERS 38

/* What each file can match: pandoc ends a BibTeX field at a "%" (as a
 * comment), so in its CSL-JSON kim24y has no abstract (it cannot be
 * found, and is added) and kwon24c's stops at "10" (it is matched as a
 * part of its paper's); bibutils turns \varepsilon into "ǎrepsilon" and
 * \Omega into "Ømega", so kelly24a's abstract is only 0.80 alike and
 * is added. */
typedef struct
{
  const char *path;
  guint n_unmatched;
} Official;

static const Official bibtex_records = { "bibtex/icml2024-seed-pmlr.bib", 0 };
static const Official csl_json_records = { "json/icml2024-seed-pmlr.csl.json", 1 };
static const Official ris_records = { "ris/icml2024-seed-pmlr.ris", 1 };

typedef struct
{
  char *dir;
  ProcStore *store;
} Library;

static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  lib->dir = g_dir_make_tmp ("proceedings-seed-match-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (path, &error);
  g_assert_no_error (error);
}

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_autoptr(GDir) handle = NULL;
  const char *name;

  g_clear_object (&lib->store);
  handle = g_dir_open (lib->dir, 0, NULL);
  while (handle != NULL && (name = g_dir_read_name (handle)))
    {
      g_autofree char *path = g_build_filename (lib->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (lib->dir);
  g_free (lib->dir);
}

static ProcImportReport *
import_path (ProcStore  *store,
             const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ProcImportReport *report = proc_importer_import_file (store, file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (report);
  return report;
}

/* The list the application imports into a new library (see
 * import_bundled_list() in proc-application.c): resources/lists/icml-2024.txt. */
static ProcImportReport *
import_seed (ProcStore *store)
{
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "resources", "lists",
                                            "icml-2024.txt", NULL);
  ProcImportReport *report = import_path (store, path);

  g_assert_cmpuint (report->added, ==, N_SEED_PAPERS);
  return report;
}

static char *
data_path (const char *name)
{
  return g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", name, NULL);
}

static gint64
query_int (ProcStore  *store,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_prepare_v2 (_proc_store_get_db (store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

/* Each paper's id → its title as the library stores it. */
static GHashTable *
stored_titles (ProcStore *store)
{
  GHashTable *titles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (_proc_store_get_db (store),
                                       "SELECT id, derived_title FROM papers", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_insert (titles, g_memdup2 (&id, sizeof id), g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  sqlite3_finalize (stmt);
  return titles;
}

/* The titles of a file's records, as a library of them alone shows them. */
static GHashTable *
official_titles (const char *path)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-official-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  {
    g_autoptr(ProcStore) store = proc_store_open (library, &error);
    g_autoptr(ProcImportReport) report = NULL;
    g_autoptr(GHashTable) titles = NULL;
    GHashTableIter iter;
    gpointer value;

    g_assert_no_error (error);
    report = import_path (store, path);
    g_assert_cmpuint (report->added, ==, N_SEED_PAPERS);
    titles = stored_titles (store);
    g_hash_table_iter_init (&iter, titles);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_hash_table_add (set, g_strdup (value));
  }

  {
    g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
    const char *name;

    while (handle != NULL && (name = g_dir_read_name (handle)))
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);

        g_unlink (file);
      }
    g_rmdir (dir);
  }

  return set;
}

/* The seed list, a note and a star on some of its papers, then the
 * official records: every record finds its paper, none is added, each
 * paper shows its official title and keeps its note and star; the
 * import's undo gives back the derived titles. */
static void
test_official_records (Library       *lib,
                       gconstpointer  data)
{
  const Official *records = data;
  g_autofree char *path = data_path (records->path);
  guint n_matched = N_SEED_PAPERS - records->n_unmatched;
  guint n_official = 0;
  g_autoptr(ProcImportReport) seed = import_seed (lib->store);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GHashTable) derived = NULL;
  g_autoptr(GHashTable) official = official_titles (path);
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(GPtrArray) papers = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(GHashTable) undone = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers WHERE title_derived = 1"), ==, N_SEED_PAPERS);
  ids = proc_store_query_ids (lib->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, N_SEED_PAPERS);
  g_assert_true (proc_store_set_starred (lib->store, &g_array_index (ids, gint64, 0), 5, TRUE, &error));
  g_assert_no_error (error);
  for (guint i = 10; i < 15; i++)
    {
      g_autofree char *note = g_strdup_printf ("Read with the group, paper %u.", i);

      g_assert_true (proc_store_set_note (lib->store, g_array_index (ids, gint64, i), note, &error));
      g_assert_no_error (error);
    }
  derived = stored_titles (lib->store);

  report = import_path (lib->store, path);
  g_test_message ("%s: %u added, %u present, %u by a similar abstract, %u retitled", records->path,
                  report->added, report->present, report->similar, report->retitled_ids->len);
  g_assert_cmpuint (report->added, ==, records->n_unmatched);
  g_assert_cmpuint (report->present, ==, n_matched);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (report->retitled_ids->len, ==, n_matched);
  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers"), ==, N_SEED_PAPERS + records->n_unmatched);
  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers WHERE title_derived = 1"), ==,
                   records->n_unmatched);

  /* What the list shows: each paper's title property is an official title. */
  after = stored_titles (lib->store);
  papers = proc_store_load_papers (lib->store, (const gint64 *) (gpointer) ids->data, ids->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (papers->len, ==, N_SEED_PAPERS);
  for (guint i = 0; i < papers->len; i++)
    {
      ProcPaper *paper = g_ptr_array_index (papers, i);
      gint64 id = proc_paper_get_id (paper);
      g_autofree char *title = NULL;
      gboolean starred;
      g_autofree char *note = NULL;

      g_object_get (paper, "title", &title, "starred", &starred, "note", &note, NULL);
      g_assert_cmpstr (title, ==, g_hash_table_lookup (after, &id));
      if (g_hash_table_contains (official, title))
        {
          g_assert_cmpstr (title, !=, g_hash_table_lookup (derived, &id));
          n_official++;
        }
      else
        g_assert_cmpstr (title, ==, g_hash_table_lookup (derived, &id));
      g_assert_cmpint (starred, ==, i < 5);
      if (i >= 10 && i < 15)
        {
          g_autofree char *expected = g_strdup_printf ("Read with the group, paper %u.", i);

          g_assert_cmpstr (note, ==, expected);
        }
      else
        g_assert_cmpstr (note, ==, "");
    }
  g_assert_cmpuint (n_official, ==, n_matched);
  g_assert_cmpuint (g_hash_table_size (official), ==, N_SEED_PAPERS);

  undo = proc_undo_new_derived_titles (lib->store,
                                       (const gint64 *) (gpointer) report->retitled_ids->data,
                                       (const char * const *) report->derived_titles->pdata,
                                       report->retitled_ids->len);
  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  undone = stored_titles (lib->store);
  g_hash_table_iter_init (&iter, derived);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (g_hash_table_lookup (undone, key), ==, value);
  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers WHERE title_derived = 1"), ==, N_SEED_PAPERS);
  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers WHERE starred = 1"), ==, 5);
  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers WHERE note <> ''"), ==, 5);
}

/* A title the user gave is never replaced, neither shown nor stored. */
static void
test_user_title_kept (Library       *lib,
                      gconstpointer  data)
{
  g_autofree char *path = data_path ("bibtex/icml2024-seed-pmlr.bib");
  g_autoptr(ProcImportReport) seed = import_seed (lib->store);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (lib->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_autoptr(GHashTable) before = stored_titles (lib->store);
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(GPtrArray) papers = NULL;
  gint64 id;
  g_autofree char *title = NULL;

  g_assert_no_error (error);
  id = g_array_index (ids, gint64, 0);
  g_assert_true (proc_store_set_user_title (lib->store, id, "My name for it", &error));
  g_assert_no_error (error);

  report = import_path (lib->store, path);
  g_assert_cmpuint (report->added, ==, 0);
  g_assert_cmpuint (report->retitled_ids->len, ==, N_SEED_PAPERS - 1);
  for (guint i = 0; i < report->retitled_ids->len; i++)
    g_assert_cmpint (g_array_index (report->retitled_ids, gint64, i), !=, id);

  after = stored_titles (lib->store);
  g_assert_cmpstr (g_hash_table_lookup (after, &id), ==, g_hash_table_lookup (before, &id));
  papers = proc_store_load_papers (lib->store, &id, 1, &error);
  g_assert_no_error (error);
  g_object_get (g_ptr_array_index (papers, 0), "title", &title, NULL);
  g_assert_cmpstr (title, ==, "My name for it");
}

/* Equal abstracts under two different ids are two papers: in one file,
 * and across two imports. */
static void
test_different_ids (Library       *lib,
                    gconstpointer  data)
{
  static const char abstract[] =
    "We study the same problem twice: once at a workshop and once at the main conference, "
    "with an abstract that did not change by a single word between the two submissions.";
  const char *field = data;
  g_autofree char *bib = g_strdup_printf ("@inproceedings{first,\n  title = {Twice Submitted},\n"
                                          "  author = {Doe, Jane},\n  abstract = {%s},\n  %s\n}\n\n"
                                          "@inproceedings{second,\n  title = {Twice Submitted},\n"
                                          "  author = {Doe, Jane},\n  abstract = {%s},\n  %s\n}\n",
                                          abstract,
                                          g_str_equal (field, "doi") ? "doi = {10.1000/first}"
                                                                     : "url = {https://openreview.net/forum?id=AbCdEf1}",
                                          abstract,
                                          g_str_equal (field, "doi") ? "doi = {10.1000/second}"
                                                                     : "url = {https://openreview.net/forum?id=XyZ9876}");
  g_autofree char *again = g_strdup_printf ("@inproceedings{third,\n  title = {Twice Submitted},\n"
                                            "  author = {Doe, Jane},\n  abstract = {%s},\n  %s\n}\n",
                                            abstract,
                                            g_str_equal (field, "doi") ? "doi = {10.1000/third}"
                                                                       : "url = {https://openreview.net/pdf?id=Third33}");
  g_autofree char *path = g_build_filename (lib->dir, "twice.bib", NULL);
  g_autofree char *path_again = g_build_filename (lib->dir, "again.bib", NULL);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(ProcImportReport) second = NULL;
  g_autoptr(ProcImportReport) third = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, bib, -1, &error));
  g_assert_true (g_file_set_contents (path_again, again, -1, &error));
  g_assert_no_error (error);

  report = import_path (lib->store, path);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers"), ==, 2);

  /* The same file again finds both; a third id is a third paper. */
  second = import_path (lib->store, path);
  g_assert_cmpuint (second->added, ==, 0);
  g_assert_cmpuint (second->present, ==, 2);
  third = import_path (lib->store, path_again);
  g_assert_cmpuint (third->added, ==, 1);
  g_assert_cmpint (query_int (lib->store, "SELECT count(*) FROM papers"), ==, 3);
}

/* The measure the README's "Matching" gives: each official record's
 * abstract against each of the seed list's, folded and shingled.  Every
 * record's most alike seed abstract is a different one, at least
 * PROC_MATCH_THRESHOLD alike; every other pair is far below. */
static void
test_similarities (Library       *lib,
                   gconstpointer  data)
{
  const Official *official = data;
  g_autofree char *path = data_path (official->path);
  g_autoptr(ProcImportReport) seed = import_seed (lib->store);
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) taken = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autofree char *dir = g_dir_make_tmp ("proceedings-official-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GString) values = g_string_new (NULL);
  double lowest_true = 1, highest_wrong = 0;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (_proc_store_get_db (lib->store), "SELECT abstract FROM papers ORDER BY id",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (seeds, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ProcStore) store = proc_store_open (library, &error);
    g_autoptr(ProcImportReport) report = NULL;

    g_assert_no_error (error);
    report = import_path (store, path);
    g_assert_cmpint (sqlite3_prepare_v2 (_proc_store_get_db (store), "SELECT abstract FROM papers ORDER BY id",
                                         -1, &stmt, NULL), ==, SQLITE_OK);
    while (sqlite3_step (stmt) == SQLITE_ROW)
      g_ptr_array_add (records, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
    sqlite3_finalize (stmt);
  }
  {
    g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
    const char *name;

    while (handle != NULL && (name = g_dir_read_name (handle)))
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);

        g_unlink (file);
      }
    g_rmdir (dir);
  }

  g_assert_cmpuint (records->len, ==, N_SEED_PAPERS);
  for (guint r = 0; r < records->len; r++)
    {
      double best = -1;
      guint best_seed = 0;

      if (*(const char *) g_ptr_array_index (records, r) == '\0')
        {
          g_test_message ("%s: record %u has no abstract", official->path, r);
          continue;
        }
      for (guint s = 0; s < seeds->len; s++)
        {
          double similarity = proc_match_similarity (g_ptr_array_index (records, r), g_ptr_array_index (seeds, s));

          if (similarity > best)
            {
              if (best >= 0)
                highest_wrong = MAX (highest_wrong, best);
              best = similarity;
              best_seed = s;
            }
          else
            highest_wrong = MAX (highest_wrong, similarity);
        }
      g_assert_false (g_hash_table_contains (taken, GUINT_TO_POINTER (best_seed + 1)));
      g_hash_table_add (taken, GUINT_TO_POINTER (best_seed + 1));
      lowest_true = MIN (lowest_true, best);
      g_string_append_printf (values, " %.3f", best);
    }

  g_test_message ("%s: the true pairs:%s", official->path, values->str);
  g_test_message ("%s: lowest true pair %.3f, highest wrong pair %.3f", official->path, lowest_true, highest_wrong);
  if (official->n_unmatched == 0)
    g_assert_cmpfloat (lowest_true, >=, PROC_MATCH_THRESHOLD);
  g_assert_cmpfloat (highest_wrong, <, 0.5);
}

/* The fold itself: what two producers typeset differently folds equal. */
static void
test_fold (void)
{
  static const struct { const char *a; const char *b; } equal[] = {
    { "is FlashAttention's I/O complexity optimal?", "is FlashAttention\xe2\x80\x99s I/O complexity optimal?" },
    { "a ``quoted'' word --- and more", "a \xe2\x80\x9cquoted\xe2\x80\x9d word \xe2\x80\x94 and more" },
    { "LTM: *Large Tabular Model*", "LTM: <em>Large Tabular Model</em>" },
    { "the {F}lash{A}ttention \\emph{kernel}", "the FlashAttention kernel" },
    { "Jos\\'{e} and Kainm\\\"uller on \xef\xac\x81nite sets", "Jos\xc3\xa9 and Kainm\xc3\xbcller on finite sets" },
    { "a &lt; b &amp; c&#233;", "a < b & c\xc3\xa9" },
    { "Ma\\l{}gorzata  \t\nStra\\ss{}e", "Ma\xc5\x82gorzata stra\xc3\x9f" "e" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (equal); i++)
    {
      g_autofree char *a = proc_match_fold (equal[i].a);
      g_autofree char *b = proc_match_fold (equal[i].b);

      g_test_message ("%s | %s", a, b);
      g_assert_cmpstr (a, ==, b);
    }

  {
    g_autofree char *folded = proc_match_fold ("LTM: <em>Large Tabular Model</em>\xe2\x80\x94" "an \xe2\x80\x9cidea\xe2\x80\x9d.");

    g_assert_cmpstr (folded, ==, "ltm large tabular model an idea");
  }
  g_assert_cmpfloat (proc_match_similarity ("one two three four", "one two three four"), ==, 1.0);
  g_assert_cmpfloat (proc_match_similarity ("one two three four", "five six seven eight"), ==, 0.0);
}

/* A library made before matching (schema 9) is hashed again when it is
 * opened: folded, so that the next import finds its papers whatever the
 * typography; two papers that now fold equal both stay.  Papers without
 * authors, whose titles came from their abstracts, are marked so. */
static void
test_migration (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-seed-match-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *folded_hash = proc_content_hash ("A ``quoted'' idea --- with *emphasis*.", NULL, NULL);
  g_autofree char *title_hash = proc_content_hash ("", "Some {T}itle", "Ada Lovelace; Bob Roe");
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  proc_schema_add_functions (db);
  for (guint version = 0; version < 9; version++)
    g_assert_cmpint (sqlite3_exec (db, proc_schema_get_migration (version), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "INSERT INTO papers (id, derived_title, abstract, authors, added_at, content_hash) VALUES"
                                 " (1, 'A quoted idea', 'A ``quoted'''' idea --- with *emphasis*.', '', 0, 'old1'),"
                                 " (2, 'Quoted', 'A \xe2\x80\x9cquoted\xe2\x80\x9d idea \xe2\x80\x94 with <em>emphasis</em>.',"
                                 "  'Ada Lovelace', 0, 'old2'),"
                                 " (3, 'Some Title', '', 'Ada Lovelace; Bob Roe', 0, 'old3');"
                                 "PRAGMA user_version = 9;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  {
    g_autoptr(ProcStore) store = proc_store_open (path, &error);
    g_autofree char *sql = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (query_int (store, "SELECT count(*) FROM papers"), ==, 3);
    sql = g_strdup_printf ("SELECT count(*) FROM papers WHERE content_hash = '%s'", folded_hash);
    g_assert_cmpint (query_int (store, sql), ==, 1);
    g_assert_cmpint (query_int (store, "SELECT count(*) FROM papers WHERE content_hash IN ('old1', 'old2')"), ==, 1);
    g_clear_pointer (&sql, g_free);
    sql = g_strdup_printf ("SELECT id FROM papers WHERE content_hash = '%s'", title_hash);
    g_assert_cmpint (query_int (store, sql), ==, 3);
    g_assert_cmpint (query_int (store, "SELECT title_derived FROM papers WHERE id = 1"), ==, 1);
    g_assert_cmpint (query_int (store, "SELECT sum(title_derived) FROM papers"), ==, 1);
  }

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (dir);
}

/* SHA-256 of a paper's text, as libraries before schema 13 stored it. */
static char *
sha256_content_hash (const char *abstract,
                     const char *title,
                     const char *first_author)
{
  g_autoptr(GString) key = g_string_new (NULL);

  if (*abstract != '\0')
    {
      g_string_append (key, "abstract:");
      proc_match_append_fold (key, abstract);
    }
  else
    {
      g_string_append (key, "title:");
      proc_match_append_fold (key, title);
      g_string_append (key, "|");
      proc_match_append_fold (key, first_author);
    }
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, key->str, key->len);
}

static ProcImportReport *
import_list (ProcStore  *store,
             const char *text)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (text, -1, NULL);
  g_autoptr(GError) error = NULL;
  ProcImportReport *report;

  report = proc_importer_import_stream (store, stream, "list.txt", NULL, NULL, &error);
  g_assert_no_error (error);
  return report;
}

/* A library of schema 12 (SHA-256 content hashes) opened by today's
 * code: each paper hashed by its text gets the fingerprint of the same
 * text, with the label of one held apart by its DOI; one held apart in
 * 10 → 11 keeps its hash; a paper without abstract whose authors came
 * later is found by what it was hashed with.  Then the records that found
 * a paper before find it still, and nothing is added twice. */
static void
test_fingerprint_migration (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-seed-match-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  const char *text_a = "We study \xe2\x80\x9cquoted\xe2\x80\x9d transformers \xe2\x80\x94 at length, with many words.";
  const char *text_c = "Another abstract altogether, about kernels and their many uses in learning.";
  g_autofree char *sha_a = sha256_content_hash (text_a, NULL, NULL);
  g_autofree char *sha_c = sha256_content_hash (text_c, NULL, NULL);
  g_autofree char *sha_d = sha256_content_hash ("", "Some {T}itle", "");
  g_autofree char *new_a = proc_content_hash (text_a, NULL, NULL);
  g_autofree char *new_c = proc_content_hash (text_c, NULL, NULL);
  g_autofree char *new_d = proc_content_hash ("", "Some Title", NULL);
  g_autofree char *sql = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  g_assert_cmpuint (proc_schema_get_version (), >=, 13);
  g_assert_cmpuint (strlen (new_a), ==, 32);
  g_assert_cmpstr (new_a, !=, sha_a);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  proc_schema_add_functions (db);
  for (guint version = 0; version < 12; version++)
    g_assert_cmpint (sqlite3_exec (db, proc_schema_get_migration (version), NULL, NULL, NULL), ==, SQLITE_OK);
  sql = g_strdup_printf ("INSERT INTO lists (id, name, imported_at) VALUES (1, 'Old', 0);"
                         "INSERT INTO papers (id, list_id, derived_title, abstract, authors, added_at, content_hash,"
                         " doi, title_derived) VALUES"
                         " (1, 1, 'Quoted transformers', '%s', '', 0, '%s', NULL, 1),"
                         " (2, 1, 'Held apart', 'We study ``quoted'''' transformers --- at length, with many words.',"
                         "  '', 0, 'an old hash kept apart', NULL, 1),"
                         " (3, 1, 'Kernels', '%s', 'Ada Lovelace', 0, '%s|doi:10.1/other', '10.1/other', 0),"
                         " (4, 1, 'Some {T}itle', '', 'Ada Lovelace; Bob Roe', 0, '%s', NULL, 0);"
                         "PRAGMA user_version = 12;",
                         text_a, sha_a, text_c, sha_c, sha_d);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  {
    g_autoptr(ProcStore) store = proc_store_open (path, &error);
    g_autoptr(ProcImportReport) again = NULL;
    g_autoptr(ProcImportReport) other = NULL;
    g_autofree char *expected_c = g_strconcat (new_c, "|doi:10.1/other", NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (proc_store_get_schema_version (store), ==, proc_schema_get_version ());
    g_clear_pointer (&sql, g_free);
    sql = g_strdup_printf ("SELECT id FROM papers WHERE content_hash = '%s'", new_a);
    g_assert_cmpint (query_int (store, sql), ==, 1);
    g_assert_cmpint (query_int (store, "SELECT id FROM papers WHERE content_hash = 'an old hash kept apart'"), ==, 2);
    g_clear_pointer (&sql, g_free);
    sql = g_strdup_printf ("SELECT id FROM papers WHERE content_hash = '%s'", expected_c);
    g_assert_cmpint (query_int (store, sql), ==, 3);
    g_clear_pointer (&sql, g_free);
    sql = g_strdup_printf ("SELECT id FROM papers WHERE content_hash = '%s'", new_d);
    g_assert_cmpint (query_int (store, sql), ==, 4);

    /* The first abstract typeset another way is paper 1, as before. */
    again = import_list (store, "Again\n\nWe study ``quoted'' transformers --- at length, with many words.\n");
    g_assert_cmpuint (again->added, ==, 0);
    g_assert_cmpuint (again->present, ==, 1);
    /* Paper 3's text without its DOI finds no paper by its hash, as before:
     * the hash held apart carries the DOI. */
    other = import_list (store, "Other\n\nAnother abstract altogether, about kernels and their many uses in learning.\n");
    g_assert_cmpuint (other->added, ==, 1);
    g_assert_cmpint (query_int (store, "SELECT count(*) FROM papers"), ==, 5);
  }

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/seed-match/fold", test_fold);
  g_test_add_func ("/seed-match/migration", test_migration);
  g_test_add_func ("/seed-match/fingerprint-migration", test_fingerprint_migration);
  g_test_add ("/seed-match/bibtex", Library, &bibtex_records,
              library_set_up, test_official_records, library_tear_down);
  g_test_add ("/seed-match/csl-json", Library, &csl_json_records,
              library_set_up, test_official_records, library_tear_down);
  g_test_add ("/seed-match/ris", Library, &ris_records,
              library_set_up, test_official_records, library_tear_down);
  g_test_add ("/seed-match/similarity/bibtex", Library, &bibtex_records,
              library_set_up, test_similarities, library_tear_down);
  g_test_add ("/seed-match/similarity/csl-json", Library, &csl_json_records,
              library_set_up, test_similarities, library_tear_down);
  g_test_add ("/seed-match/similarity/ris", Library, &ris_records,
              library_set_up, test_similarities, library_tear_down);
  g_test_add ("/seed-match/user-title", Library, NULL, library_set_up, test_user_title_kept, library_tear_down);
  g_test_add ("/seed-match/different-openreview-ids", Library, "openreview",
              library_set_up, test_different_ids, library_tear_down);
  g_test_add ("/seed-match/different-dois", Library, "doi",
              library_set_up, test_different_ids, library_tear_down);

  return g_test_run ();
}
