/* test-paper-links.c: a paper's links and context in the library: other formats, searches, matches, undo, migration
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "library-common.h"
#include "proc-schema.h"
#include "proc-undo.h"

/* The PMLR papers through RIS and CSL-JSON and back: the context and
 * the links a format has a field for come back. */
static void
test_other_formats (void)
{
  static const struct { ProcRecordFormat format; const char *name; const char *links; } formats[] = {
    /* CSL-JSON keeps every link with its kind, in our own member */
    { PROC_RECORD_FORMAT_CSL_JSON, "back.json",
      "pdf https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a.pdf\n"
      "openreview https://openreview.net/forum?id=saha24a-io-attention\n"
      "supplement https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a-supp.pdf" },
    /* RIS has L1 for a PDF and L2 for the rest: a supplement's PDF is a PDF */
    { PROC_RECORD_FORMAT_RIS, "back.ris",
      "pdf https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a.pdf\n"
      "openreview https://openreview.net/forum?id=saha24a-io-attention\n"
      "pdf https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a-supp.pdf" },
  };
  Library lib = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  const char *sql = "SELECT entry_type || '|' || venue || '|' || editors || '|' || publisher || '|' || year"
                    " FROM papers WHERE citation_key = ?1";
  g_autofree char *expected = NULL;

  library_open (&lib);
  report = import_fixture (&lib, "pmlr-crossref.bib");
  expected = sql_text (&lib, sql, "pmlr-v235-saha24a");
  g_assert_cmpstr (expected, ==,
                   "inproceedings|Proceedings of the 41st International Conference on Machine Learning|"
                   "Ruslan Salakhutdinov; Zico Kolter; Katherine Heller; Adrian Weller; Nuria Oliver; "
                   "Jonathan Scarlett; Felix Berkenkamp|PMLR|2024");

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      Library back = { 0 };
      g_autofree char *text = export_all (&lib, formats[i].format);
      g_autoptr(ProcImportReport) back_report = NULL;
      g_autofree char *got = NULL;
      g_autofree char *links = NULL;

      g_test_message ("%s", formats[i].name);
      library_open (&back);
      back_report = import_text (&back, text, formats[i].name);
      g_assert_cmpuint (back_report->added, ==, 2);
      got = sql_text (&back, sql, "pmlr-v235-saha24a");
      g_assert_cmpstr (got, ==, expected);
      links = PAPER_LINKS (&back, "pmlr-v235-saha24a");
      g_assert_cmpstr (links, ==, formats[i].links);
      library_close (&back);
    }

  library_close (&lib);
}

/* Paper Copilot's JSON: site, pdf, github, openreview. */
static void
test_paper_copilot (void)
{
  Library lib = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *bibtex = NULL;

  library_open (&lib);
  report = import_fixture (&lib, "json/paper-copilot-links.json");
  g_assert_cmpuint (report->added, ==, 3);

  assert_field (&lib, "SELECT group_concat(kind || ' ' || url, '\n') FROM paper_links"
                      " WHERE paper_id = (SELECT id FROM papers WHERE derived_title = ?1)",
                "A Large-Scale Study on Regularization and Normalization in GANs",
                "pdf http://proceedings.mlr.press/v97/kurach19a/kurach19a.pdf\n"
                "code https://www.github.com/google/compare_gan\n"
                "project https://www.tensorflow.org/hub");
  assert_field (&lib, "SELECT url || ' ' || (SELECT group_concat(kind || ' ' || url, ' ') FROM paper_links"
                      " WHERE paper_id = p.id) FROM papers p WHERE derived_title LIKE ?1",
                "InstructAV%",
                "https://openreview.net/forum?id=0UK8c2kg7c pdf https://openreview.net/pdf?id=0UK8c2kg7c"
                " openreview https://openreview.net/forum?id=0UK8c2kg7c");
  g_assert_cmpuint (proc_store_count (lib.store, "has:pdf"), ==, 3);
  g_assert_cmpuint (proc_store_count (lib.store, "has:code"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib.store, "has:openreview"), ==, 1);

  bibtex = export_all (&lib, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "  pdf = {https://openreview.net/pdf?id=0UK8c2kg7c}");
  assert_contains (bibtex, "  code = {https://www.github.com/google/compare_gan}");

  library_close (&lib);
}

/* has:pdf, has:openreview, has:supplement, has:arxiv, has:doi and
 * has:code over the fixtures of every producer. */
static void
test_has_queries (void)
{
  /* Better BibTeX's two papers are PMLR's two: matched or not, two
   * papers have an arXiv link.  (DBLP's repeat ACL's and PMLR's too, with
   * links of their own, so they are left out of the counts.) */
  static const char * const fixtures[] = {
    "pmlr-crossref.bib", "acl-anthology.bib", "openreview.bib", "better-bibtex.bib",
  };
  Library lib = { 0 };

  library_open (&lib);
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autoptr(ProcImportReport) report = import_fixture (&lib, fixtures[i]);

      g_assert_cmpuint (report->rejected, ==, 0);
    }

  /* PMLR's two papers */
  g_assert_cmpuint (proc_store_count (lib.store, "has:pdf"), ==, 2);
  /* PMLR's saha24a, OpenReview's two */
  g_assert_cmpuint (proc_store_count (lib.store, "has:openreview"), ==, 3);
  g_assert_cmpuint (proc_store_count (lib.store, "has:supplement"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib.store, "has:arxiv"), ==, 2);
  /* ACL's two */
  g_assert_cmpuint (proc_store_count (lib.store, "has:doi"), ==, 2);
  g_assert_cmpuint (proc_store_count (lib.store, "has:code"), ==, 0);
  g_assert_cmpuint (proc_store_count (lib.store, "has:pdf has:openreview"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib.store, "has:pdf OR has:doi"), ==, 4);
  g_assert_cmpuint (proc_store_count (lib.store, "-has:openreview has:doi"), ==, 2);

  library_close (&lib);
}

/* A paper found again fills the context it lacked and gains the links
 * it did not have; what it had stays. */
static void
test_merge (void)
{
  Library lib = { 0 };
  g_autoptr(ProcImportReport) dblp = NULL;
  g_autoptr(ProcImportReport) pmlr = NULL;
  const char *key = "DBLP:conf/icml/SahaY24";

  library_open (&lib);
  dblp = import_fixture (&lib, "dblp-crossref.bib");
  assert_field (&lib, "SELECT coalesce(editors, 'none') || '|' || publisher FROM papers WHERE citation_key = ?1", key,
                "none|OpenReview.net");

  /* PMLR's saha24a has the same page */
  pmlr = import_fixture (&lib, "pmlr-crossref.bib");
  g_assert_cmpuint (pmlr->added, ==, 1);
  assert_field (&lib, "SELECT editors || '|' || publisher || '|' || entry_type FROM papers WHERE citation_key = ?1", key,
                "Ruslan Salakhutdinov; Zico Kolter; Katherine Heller; Adrian Weller; Nuria Oliver; "
                "Jonathan Scarlett; Felix Berkenkamp|OpenReview.net|inproceedings");
  {
    g_autofree char *links = PAPER_LINKS (&lib, key);

    g_assert_cmpstr (links, ==,
                     "pdf https://proceedings.mlr.press/v235/saha24a/saha24a.pdf\n"
                     "pdf https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a.pdf\n"
                     "openreview https://openreview.net/forum?id=saha24a-io-attention\n"
                     "supplement https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a-supp.pdf");
  }

  library_close (&lib);
}

/* Deleting papers and undoing it brings the context back. */
static void
test_undo (void)
{
  Library lib = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const char *sql = "SELECT group_concat(entry_type || '|' || editors || '|' || publisher, '\n')"
                    " FROM (SELECT * FROM papers ORDER BY id)";

  library_open (&lib);
  report = import_fixture (&lib, "pmlr-crossref.bib");
  before = sql_text (&lib, sql, NULL);
  g_assert_cmpstr (before, !=, "");

  ids = proc_store_query_ids (lib.store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  undo = proc_store_delete_papers_undoable (lib.store, (const gint64 *) (gpointer) ids->data, ids->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_count (lib.store, NULL), ==, 0);

  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  after = sql_text (&lib, sql, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (proc_store_count (lib.store, "has:openreview"), ==, 1);

  library_close (&lib);
}

/* A library made before the new link kinds keeps its links, and takes
 * the new kinds after the migration. */
static void
test_migration (void)
{
  Library lib = { 0 };
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;
  char *message = NULL;

  lib.dir = g_dir_make_tmp ("proceedings-context-XXXXXX", NULL);
  lib.path = g_build_filename (lib.dir, "library.db", NULL);

  g_assert_cmpint (sqlite3_open (lib.path, &db), ==, SQLITE_OK);
  proc_schema_add_functions (db);
  for (guint v = 0; v < 9; v++)
    {
      g_assert_cmpint (sqlite3_exec (db, proc_schema_get_migration (v), NULL, NULL, &message), ==, SQLITE_OK);
      g_assert_null (message);
    }
  g_assert_cmpint (sqlite3_exec (db,
                                 "INSERT INTO papers (id, derived_title, added_at, content_hash)"
                                 "  VALUES (1, 'Old Paper', 0, 'hash-1');"
                                 "INSERT INTO paper_links VALUES (1, 0, 'https://github.com/a/b', 'code');"
                                 "INSERT INTO paper_links VALUES (1, 1, 'https://x.org/a.pdf', 'pdf');"
                                 "PRAGMA user_version = 9;",
                                 NULL, NULL, &message), ==, SQLITE_OK);
  /* version 9 refuses the new kinds */
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO paper_links VALUES (1, 2, 'https://openreview.net/forum?id=x', 'openreview')",
                                 NULL, NULL, &message), ==, SQLITE_CONSTRAINT);
  sqlite3_free (message);
  sqlite3_close (db);

  lib.store = proc_store_open (lib.path, &error);
  g_assert_no_error (error);
  assert_field (&lib, "SELECT group_concat(kind || ' ' || url, '\n') FROM paper_links", NULL,
                "code https://github.com/a/b\npdf https://x.org/a.pdf");
  assert_field (&lib, "SELECT count(*) FROM sqlite_schema WHERE name = 'paper_links_kind'", NULL, "1");
  g_assert_cmpuint (proc_store_count (lib.store, "has:code"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib.store, "has:pdf"), ==, 1);

  g_assert_cmpint (sqlite3_open (lib.path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO paper_links VALUES (1, 2, 'https://openreview.net/forum?id=x', 'openreview');"
                                     "UPDATE papers SET editors = 'A B', publisher = 'P', entry_type = 'article'",
                                 NULL, NULL, &message), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_cmpuint (proc_store_count (lib.store, "has:openreview"), ==, 1);

  library_close (&lib);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/paper-links/other-formats", test_other_formats);
  g_test_add_func ("/paper-links/paper-copilot", test_paper_copilot);
  g_test_add_func ("/paper-links/has-queries", test_has_queries);
  g_test_add_func ("/paper-links/merge", test_merge);
  g_test_add_func ("/paper-links/undo", test_undo);
  g_test_add_func ("/paper-links/migration", test_migration);

  return g_test_run ();
}
