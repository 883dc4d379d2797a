/* test-library-exchange.c: papers found again across producers, their annotations kept, and read out for export
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sqlite3.h>

#include "proc-exporter.h"
#include "proc-import-batch.h"
#include "proc-importer.h"
#include "proc-record-format.h"
#include "proc-store-records.h"
#include "proc-store.h"

static ProcStore *
new_store (char **path_out)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-exchange-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (path, &error);

  g_assert_no_error (error);
  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return store;
}

static ProcPaperRecord *
record_new (const char *title,
            const char *authors,
            const char *abstract)
{
  ProcPaperRecord *record = proc_paper_record_new ();

  record->derived_title = g_strdup (title);
  record->authors = g_strdup (authors);
  record->abstract = g_strdup (abstract);
  return record;
}

/* Imports @records as the list @list_name; returns how many were new. */
static guint
import_records (ProcStore        *store,
                const char       *list_name,
                ProcPaperRecord **records,
                guint             n_records)
{
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(GError) error = NULL;
  guint added = 0;

  batch = proc_import_batch_begin (store, list_name, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < n_records; i++)
    {
      ProcImportOutcome outcome;

      g_assert_true (proc_import_batch_add (batch, records[i], &outcome, &error));
      g_assert_no_error (error);
      added += outcome == PROC_IMPORT_ADDED;
    }

  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  return added;
}

static gint64
sql_int (ProcStore  *store,
         const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  gint64 value;

  g_assert_cmpint (sqlite3_open_v2 (proc_store_get_path (store), &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return value;
}

static char *
sql_text (ProcStore  *store,
          const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  char *value;

  g_assert_cmpint (sqlite3_open_v2 (proc_store_get_path (store), &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return value;
}

/* The same paper as BibTeX, JSON and a conference list each give it. */
static void
test_found_again (void)
{
  g_autoptr(ProcStore) store = new_store (NULL);
  g_autoptr(ProcPaperRecord) original = record_new ("A Baseline for Any Order Gradient Estimation",
                                                     "Jingkai Mao; Jakob Foerster",
                                                     "By enabling correct differentiation in graphs.");
  g_autoptr(ProcPaperRecord) same_doi = record_new ("Another title", "Someone Else", "Other words entirely.");
  g_autoptr(ProcPaperRecord) same_url = record_new ("Yet another", "X Y", "Different again.");
  g_autoptr(ProcPaperRecord) same_title = record_new ("A {B}aseline for any-order gradient estimation!",
                                                       "Jingkai Mao", "A reworded abstract.");
  g_autoptr(ProcPaperRecord) same_abstract = record_new ("Untitled", NULL,
                                                          "By  enabling correct differentiation in graphs.");
  g_autoptr(ProcPaperRecord) other_author = record_new ("A Baseline for Any Order Gradient Estimation",
                                                         "Someone Else", "A third abstract about baselines.");
  g_autoptr(ProcPaperRecord) new_paper = record_new ("Something new", "Ada Lovelace", "Engines.");

  original->doi = g_strdup ("10.5555/ABC.1");
  original->url = g_strdup ("https://proceedings.mlr.press/v97/mao19a.html");
  same_doi->doi = g_strdup ("https://doi.org/10.5555/abc.1");
  same_url->url = g_strdup ("http://www.proceedings.mlr.press/v97/mao19a.html/");

  g_assert_cmpuint (import_records (store, "first", &original, 1), ==, 1);

  {
    ProcPaperRecord *second[] = { same_doi, same_url, same_title, same_abstract, other_author, new_paper };
    g_assert_cmpuint (import_records (store, "second", second, G_N_ELEMENTS (second)), ==, 2);
  }

  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers"), ==, 3);
  /* Everything found again joined the second list. */
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM list_papers lp JOIN lists l ON l.id = lp.list_id"
                                   " WHERE l.name = 'second'"), ==, 3);
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers WHERE doi = '10.5555/abc.1'"), ==, 1);
}

/* A paper already annotated keeps every annotation; the file only fills
 * what is empty and adds its tags. */
static void
test_annotations_kept (void)
{
  g_autoptr(ProcStore) store = new_store (NULL);
  g_autoptr(ProcPaperRecord) mine = record_new ("Attention", "Ashish Vaswani", "We propose the transformer.");
  g_autoptr(ProcPaperRecord) theirs = record_new ("Attention", "Ashish Vaswani", "We propose the transformer.");
  g_autoptr(ProcPaperRecord) fresh = record_new ("Fresh", "Grace Hopper", "Compilers for everyone.");
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;
  g_autofree char *doi = NULL;
  gint64 id;

  import_records (store, "mine", &mine, 1);
  id = sql_int (store, "SELECT id FROM papers");
  g_assert_true (proc_store_set_note (store, id, "my note", &error));
  g_assert_true (proc_store_set_rating (store, &id, 1, 4, &error));
  g_assert_true (proc_store_add_tag (store, &id, 1, "transformers", &error));
  g_assert_no_error (error);

  theirs->note = g_strdup ("their note");
  theirs->rating = 2;
  theirs->read_state = 2;
  theirs->starred = 1;
  theirs->doi = g_strdup ("10.1/attention");
  proc_paper_record_add_tag (theirs, "nlp");
  proc_paper_record_add_tag (theirs, "Transformers");
  fresh->note = g_strdup ("笔记：值得一读");
  fresh->rating = 5;
  fresh->read_state = 1;
  fresh->starred = 1;
  proc_paper_record_add_tag (fresh, "编译器");

  {
    ProcPaperRecord *records[] = { theirs, fresh };
    g_assert_cmpuint (import_records (store, "theirs", records, 2), ==, 1);
  }

  note = sql_text (store, "SELECT note FROM papers WHERE derived_title = 'Attention'");
  g_assert_cmpstr (note, ==, "my note");
  g_assert_cmpint (sql_int (store, "SELECT rating FROM papers WHERE derived_title = 'Attention'"), ==, 4);
  g_assert_cmpint (sql_int (store, "SELECT read_state FROM papers WHERE derived_title = 'Attention'"), ==, 2);
  g_assert_cmpint (sql_int (store, "SELECT starred FROM papers WHERE derived_title = 'Attention'"), ==, 1);
  doi = sql_text (store, "SELECT doi FROM papers WHERE derived_title = 'Attention'");
  g_assert_cmpstr (doi, ==, "10.1/attention");
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM paper_tags pt JOIN papers p ON p.id = pt.paper_id"
                                   " WHERE p.derived_title = 'Attention'"), ==, 2);
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM tags"), ==, 3);

  g_assert_cmpint (sql_int (store, "SELECT rating FROM papers WHERE derived_title = 'Fresh'"), ==, 5);
  g_assert_cmpint (sql_int (store, "SELECT read_state FROM papers WHERE derived_title = 'Fresh'"), ==, 1);
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers WHERE note = '笔记：值得一读' AND starred = 1"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "tag:编译器"), ==, 1);
}

typedef struct
{
  GPtrArray *records;
} Collected;

static gboolean
collect_cb (const ProcPaperRecord  *record,
            gpointer                user_data,
            GError                **error)
{
  GPtrArray *records = user_data;

  g_ptr_array_add (records, proc_paper_record_copy (record));

  return TRUE;
}

/* What an exporter gets: every field, in the order asked for. */
static void
test_read_records (void)
{
  g_autoptr(ProcStore) store = new_store (NULL);
  g_autoptr(ProcPaperRecord) a = record_new ("Alpha", "Ada Lovelace; Charles Babbage", "First.");
  g_autoptr(ProcPaperRecord) b = record_new ("Beta", "", "Second abstract here.");
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  const ProcPaperRecord *r;
  gint64 order[2];

  a->venue = g_strdup ("ICML");
  a->year = 2024;
  a->doi = g_strdup ("10.1/alpha");
  a->url = g_strdup ("https://example.org/alpha");
  a->citation_key = g_strdup ("lovelace2024alpha");
  a->pages = g_strdup ("1--10");
  a->status = g_strdup ("Oral");
  a->note = g_strdup ("note, with \x1f nothing odd");
  a->rating = 3;
  a->read_state = 2;
  a->starred = 1;
  proc_paper_record_add_tag (a, "zeta");
  proc_paper_record_add_tag (a, "Alpha, beta");
  proc_paper_record_add_link (a, "https://github.com/x/alpha", PROC_LINK_CODE);
  proc_paper_record_add_link (a, "https://example.org/alpha.pdf", PROC_LINK_PDF);

  {
    ProcPaperRecord *records[] = { a, b };
    import_records (store, "list", records, 2);
  }

  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_TITLE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 2);
  order[0] = g_array_index (ids, gint64, 0);
  order[1] = g_array_index (ids, gint64, 1);

  g_assert_true (proc_store_read_records (store, order, 2, collect_cb, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out->len, ==, 2);

  r = g_ptr_array_index (out, 0);
  g_assert_cmpstr (r->derived_title, ==, "Beta");
  g_assert_null (r->authors);
  g_assert_cmpuint (r->tags->len, ==, 0);
  g_assert_cmpint (r->read_state, ==, 0);

  r = g_ptr_array_index (out, 1);
  g_assert_cmpstr (r->derived_title, ==, "Alpha");
  g_assert_cmpstr (r->authors, ==, "Ada Lovelace; Charles Babbage");
  g_assert_cmpstr (r->venue, ==, "ICML");
  g_assert_cmpint (r->year, ==, 2024);
  g_assert_cmpstr (r->doi, ==, "10.1/alpha");
  g_assert_cmpstr (r->url, ==, "https://example.org/alpha");
  g_assert_cmpstr (r->citation_key, ==, "lovelace2024alpha");
  g_assert_cmpstr (r->pages, ==, "1--10");
  g_assert_cmpstr (r->status, ==, "Oral");
  g_assert_cmpstr (r->note, ==, "note, with \x1f nothing odd");
  g_assert_cmpint (r->rating, ==, 3);
  g_assert_cmpint (r->read_state, ==, 2);
  g_assert_cmpint (r->starred, ==, 1);
  g_assert_cmpuint (r->tags->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (r->tags, 0), ==, "Alpha, beta");
  g_assert_cmpstr (g_ptr_array_index (r->tags, 1), ==, "zeta");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==, "https://github.com/x/alpha");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_PDF), ==, "https://example.org/alpha.pdf");

  /* Reading writes nothing: another connection sees no change. */
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers"), ==, 2);
}

static void
test_resolve (void)
{
  g_autoptr(ProcStore) store = new_store (NULL);
  g_autoptr(ProcPaperRecord) a = record_new ("Alpha", "A B", "First.");
  g_autoptr(ProcPaperRecord) b = record_new ("Beta", "C D", "Second.");
  g_autoptr(ProcPaperRecord) c = record_new ("Gamma", "E F", "Third.");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *title = NULL;
  gint64 all[3];
  gint64 list_id;

  b->starred = 1;
  proc_paper_record_add_tag (c, "deep learning");
  {
    ProcPaperRecord *records[] = { a, b, c };
    import_records (store, "list", records, 3);
  }
  ids = proc_exporter_resolve (store, "query:", &title, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 3);
  g_assert_cmpstr (title, ==, "All Papers");
  for (guint i = 0; i < 3; i++)
    all[i] = g_array_index (ids, gint64, i);
  g_clear_pointer (&ids, g_array_unref);
  g_clear_pointer (&title, g_free);

  list_id = proc_store_create_reading_list (store, "To read: Bob’s picks", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_to_reading_list (store, list_id, (gint64[]) { all[2], all[0] }, 2, &error));

  ids = proc_exporter_resolve (store, "reading-list:To read: Bob’s picks", &title, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (title, ==, "To read: Bob’s picks");
  g_assert_cmpuint (ids->len, ==, 2);
  /* In the reading list's own order, not by title. */
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, all[2]);
  g_assert_cmpint (g_array_index (ids, gint64, 1), ==, all[0]);
  g_clear_pointer (&ids, g_array_unref);
  g_clear_pointer (&title, g_free);

  ids = proc_exporter_resolve (store, "tag:Deep Learning", &title, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, all[2]);
  g_clear_pointer (&ids, g_array_unref);
  g_clear_pointer (&title, g_free);

  ids = proc_exporter_resolve (store, "starred", &title, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (title, ==, "Starred Papers");
  g_clear_pointer (&ids, g_array_unref);
  g_clear_pointer (&title, g_free);

  ids = proc_exporter_resolve (store, "query:gamma", &title, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_clear_pointer (&ids, g_array_unref);
  g_clear_pointer (&title, g_free);

  g_assert_null (proc_exporter_resolve (store, "reading-list:nope", NULL, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (proc_exporter_resolve (store, "tag:nope", NULL, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (proc_exporter_resolve (store, "everything", NULL, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
}

static void
test_guess_format (void)
{
  static const struct { const char *name; const char *head; ProcRecordFormat format; } cases[] = {
    { "a.bib", "@InProceedings{pmlr-v97-mao19a,\n  title = {A}", PROC_RECORD_FORMAT_BIBTEX },
    { "a.txt", "% comment\n\n@inproceedings{\nkey,\ntitle={x}}", PROC_RECORD_FORMAT_BIBTEX },
    { "a.ris", "TY  - CPAPER\nTI  - A\nER  - \n", PROC_RECORD_FORMAT_RIS },
    { "export.txt", "Provider: Example\r\n\r\nTY  - JOUR\r\nTI  - A\r\n", PROC_RECORD_FORMAT_RIS },
    { "notes.bib", "@misc{x,\n  note = {quoting RIS:\\\nTY  - JOUR\\\nER  - }\n}\n", PROC_RECORD_FORMAT_BIBTEX },
    { "a.json", "[\n  {\"id\": \"x\", \"type\": \"paper-conference\", \"author\": [{\"family\": \"Mao\"}]}",
      PROC_RECORD_FORMAT_CSL_JSON },
    { "icml2019.json", "[\n    {\n        \"title\": \"A\",\n        \"status\": \"Oral\",\n        \"site\": \"x\"",
      PROC_RECORD_FORMAT_PAPER_COPILOT },
    { "a.csv", "title,authors\nA,B\n", PROC_RECORD_FORMAT_CSV },
    { "export", "Title,Year\nA,2024\n", PROC_RECORD_FORMAT_CSV },
    { "notes.csv", "\xef\xbb\xbftitle,note\r\nA,\"quoted:\nTY  - JOUR\n@article{x,\"\r\n", PROC_RECORD_FORMAT_CSV },
    { "icml.txt", "ICML 2024 论文列表\n\nWe study @ scale things.\n", PROC_RECORD_FORMAT_TEXT },
    { "notes.txt", "Email me @home {soon}\n", PROC_RECORD_FORMAT_TEXT },
    { NULL, "\xef\xbb\xbf[{\"title\": \"x\", \"github\": \"\"}]", PROC_RECORD_FORMAT_PAPER_COPILOT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s: %s", cases[i].name, cases[i].head);
      g_assert_cmpint (proc_record_format_guess (cases[i].name, cases[i].head, strlen (cases[i].head)),
                       ==, cases[i].format);
    }

  for (ProcRecordFormat f = PROC_RECORD_FORMAT_TEXT; f <= PROC_RECORD_FORMAT_LAST; f++)
    g_assert_cmpint (proc_record_format_from_id (proc_record_format_get_id (f)), ==, f);
  g_assert_cmpint (proc_record_format_from_id ("docx"), ==, PROC_RECORD_FORMAT_UNKNOWN);
}

static void
test_file_names (void)
{
  g_autofree char *a = proc_exporter_dup_file_name ("Diffusion: to read/soon", PROC_RECORD_FORMAT_BIBTEX);
  g_autofree char *b = proc_exporter_dup_file_name ("  ..", PROC_RECORD_FORMAT_MARKDOWN);
  g_autofree char *c = proc_exporter_dup_file_name ("阅读清单", PROC_RECORD_FORMAT_CSL_JSON);

  g_assert_cmpstr (a, ==, "Diffusion- to read-soon.bib");
  g_assert_cmpstr (b, ==, "papers.md");
  g_assert_cmpstr (c, ==, "阅读清单.json");
}

static char *
shared_file (const char *name)
{
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
  g_autofree char *path = shared ? g_build_filename (shared, "realworld", name, NULL) : NULL;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  return g_steal_pointer (&path);
}

/* Every entry of the real producers' files, through the importer that
 * chooses the format by itself, into one library. */
static void
test_real_world_files (void)
{
  static const struct { const char *name; guint added; } files[] = {
    { "icml2019.bib", 773 },
    { "acl2022.bib", 1031 },
    { "colm2024.bib", 299 },
  };
  g_autoptr(ProcStore) store = new_store (NULL);
  g_autofree char *json = shared_file ("icml2019.json");
  g_autoptr(GError) error = NULL;

  if (json == NULL)
    {
      g_test_skip ("../shared/realworld is not here");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = shared_file (files[i].name);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(ProcImportReport) report = NULL;
      gint64 start = g_get_monotonic_time ();

      report = proc_importer_import_file (store, file, NULL, &error);
      g_assert_no_error (error);
      g_test_message ("%s: %u added, %u present, %u rejected in %.0f ms", files[i].name,
                      report->added, report->present, report->rejected,
                      (g_get_monotonic_time () - start) / 1000.0);
      g_assert_cmpuint (report->added, ==, files[i].added);
      g_assert_cmpuint (report->present, ==, 0);
      g_assert_cmpuint (report->rejected, ==, 0);
      g_assert_true (g_str_has_prefix (files[i].name, report->list_name));
      g_assert_cmpuint (strlen (report->list_name), ==, strlen (files[i].name) - 4);
    }

  /* The JSON list is the same conference as icml2019.bib: its papers are
   * found again by title and first author, not added twice. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (json);
    g_autoptr(ProcImportReport) report = NULL;
    gint64 start = g_get_monotonic_time ();

    report = proc_importer_import_file (store, file, NULL, &error);
    g_assert_no_error (error);
    g_test_message ("icml2019.json: %u added, %u present, %u rejected in %.0f ms",
                    report->added, report->present, report->rejected,
                    (g_get_monotonic_time () - start) / 1000.0);
    g_assert_cmpuint (report->added + report->present, ==, 774);
    g_assert_cmpuint (report->rejected, ==, 0);
    g_assert_cmpuint (report->present, >=, 770);
  }

  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers"), <=, 773 + 1031 + 299 + 4);
  /* The JSON's code links and statuses reached the papers the BibTeX made. */
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers WHERE status = 'Oral'"), >, 0);
  g_assert_cmpuint (proc_store_count (store, "has:code"), >, 0);
}

static void
copy_record_cb_free (gpointer data)
{
  proc_paper_record_free (data);
}

static GPtrArray *
read_all (ProcStore    *store,
          const gint64 *ids,
          guint         n_ids)
{
  GPtrArray *records = g_ptr_array_new_with_free_func (copy_record_cb_free);
  g_autoptr(GError) error = NULL;

  g_assert_true (proc_store_read_records (store, ids, n_ids, collect_cb, records, NULL, &error));
  g_assert_no_error (error);
  return records;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

static char *
joined_tags (const ProcPaperRecord *record)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();

  for (guint i = 0; i < record->tags->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (record->tags, i));
  g_ptr_array_sort (sorted, compare_strings);
  g_ptr_array_add (sorted, NULL);
  return g_strjoinv ("|", (char **) sorted->pdata);
}

/* Export a library, import the file into a new one: the same papers, in
 * the same order, with the same annotations (the text format carries
 * papers only). */
static void
test_round_trip (gconstpointer data)
{
  ProcRecordFormat format = GPOINTER_TO_INT (data);
  gboolean annotations = format != PROC_RECORD_FORMAT_TEXT;
  g_autoptr(ProcStore) source = new_store (NULL);
  g_autoptr(ProcStore) target = new_store (NULL);
  g_autoptr(ProcPaperRecord) a = record_new ("{BERT} & Friends: 100% Pre-training",
                                              "Jacob Devlin; Ming-Wei Chang; Kristina Toutanova",
                                              "We introduce $\\mathcal{O}(N^2d^2/M)$ attention and \\textit{more} "
                                              "with {braces} and a 50% cut. Code: https://github.com/google/bert");
  g_autoptr(ProcPaperRecord) b = record_new ("边缘设备上的训练", "张 三; Ada Lovelace",
                                              "在边缘设备上训练模型。We also test \"quotes\" and back\\slashes.");
  g_autoptr(ProcPaperRecord) c = record_new ("Plain", NULL, "Just an abstract with enough words in it.");
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GArray) new_ids = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(ProcRecordWriter) writer = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *dir = g_dir_make_tmp ("proceedings-round-trip-XXXXXX", NULL);
  g_autofree char *name = g_strdup_printf ("Round trip.%s", proc_record_format_get_extension (format));
  guint n_written = 0;

  a->venue = g_strdup ("Proceedings of NAACL");
  a->year = 2019;
  a->doi = g_strdup ("10.18653/v1/N19-1423");
  a->url = g_strdup ("https://aclanthology.org/N19-1423/");
  a->note = g_strdup ("Re-read §3: {unbalanced brace, 100% & more\nsecond line");
  a->rating = 5;
  a->read_state = 2;
  a->starred = 1;
  proc_paper_record_add_tag (a, "nlp");
  proc_paper_record_add_tag (a, "预训练");
  proc_paper_record_add_link (a, "https://github.com/google/bert", PROC_LINK_CODE);
  b->note = g_strdup ("笔记：值得一读");
  b->rating = 2;
  b->read_state = 1;
  proc_paper_record_add_tag (b, "边缘设备");

  {
    ProcPaperRecord *records[] = { a, b, c };
    import_records (source, "source", records, 3);
  }

  ids = proc_store_query_ids (source, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);

  file = g_file_new_build_filename (dir, name, NULL);
  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  writer = proc_record_format_new_writer (format, G_OUTPUT_STREAM (stream), PROC_EXPORT_ALL);
  g_assert_nonnull (writer);
  g_assert_true (proc_exporter_write (source, writer, "Round trip", (const gint64 *) ids->data, ids->len,
                                      PROC_EXPORT_GROUP_NONE, &n_written, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, &error));
  g_assert_cmpuint (n_written, ==, 3);

  report = proc_importer_import_file (target, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 3);
  g_assert_cmpuint (report->rejected, ==, 0);

  new_ids = proc_store_collection_ids (target, "lists",
                                       proc_store_find_collection (target, "lists", report->list_name), &error);
  g_assert_no_error (error);
  before = read_all (source, (const gint64 *) ids->data, ids->len);
  after = read_all (target, (const gint64 *) new_ids->data, new_ids->len);
  g_assert_cmpuint (after->len, ==, before->len);

  for (guint i = 0; i < before->len; i++)
    {
      const ProcPaperRecord *x = g_ptr_array_index (before, i);
      const ProcPaperRecord *y = g_ptr_array_index (after, i);
      g_autofree char *x_sql = g_strdup_printf ("SELECT abstract FROM papers WHERE id = %" G_GINT64_FORMAT, x->id);
      g_autofree char *y_sql = g_strdup_printf ("SELECT abstract FROM papers WHERE id = %" G_GINT64_FORMAT, y->id);
      g_autofree char *x_abstract = sql_text (source, x_sql);
      g_autofree char *y_abstract = sql_text (target, y_sql);
      g_autofree char *x_tags = joined_tags (x);
      g_autofree char *y_tags = joined_tags (y);

      g_test_message ("%s", x->derived_title);
      g_assert_cmpstr (y_abstract, ==, x_abstract);

      if (!annotations)
        continue;

      g_assert_cmpstr (y->derived_title, ==, x->derived_title);
      g_assert_cmpstr (y->authors, ==, x->authors);
      g_assert_cmpstr (y->venue, ==, x->venue);
      g_assert_cmpint (y->year, ==, x->year);
      g_assert_cmpstr (y->doi, ==, x->doi);
      g_assert_cmpstr (y->url, ==, x->url);
      g_assert_cmpstr (y->note, ==, x->note);
      g_assert_cmpint (y->rating, ==, x->rating);
      g_assert_cmpint (y->read_state, ==, x->read_state);
      g_assert_cmpint (y->starred, ==, x->starred);
      g_assert_cmpstr (y_tags, ==, x_tags);
      g_assert_cmpstr (proc_paper_record_get_link (y, PROC_LINK_CODE), ==, proc_paper_record_get_link (x, PROC_LINK_CODE));
    }
}

/* An export that fails halfway leaves the old file as it was, and no
 * new file at all. */
static void
test_failed_export_leaves_no_file (void)
{
  g_autoptr(ProcStore) store = new_store (NULL);
  g_autoptr(ProcPaperRecord) a = record_new ("Alpha", "A B", "First.");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("proceedings-failed-export-XXXXXX", NULL);
  g_autofree char *old_path = g_build_filename (dir, "old.bib", NULL);
  g_autofree char *new_path = g_build_filename (dir, "new.bib", NULL);
  g_autoptr(GFile) old_file = g_file_new_for_path (old_path);
  g_autoptr(GFile) new_file = g_file_new_for_path (new_path);
  g_autofree char *contents = NULL;
  g_autoptr(GDir) listing = NULL;
  guint n_files = 0;
  sqlite3 *db;
  gint64 id;

  import_records (store, "list", &a, 1);
  id = sql_int (store, "SELECT id FROM papers");
  g_assert_true (g_file_set_contents (old_path, "@misc{kept, title = {Kept}}\n", -1, NULL));

  /* Break the library under the store's feet: its export query fails. */
  g_assert_cmpint (sqlite3_open (proc_store_get_path (store), &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "ALTER TABLE paper_links RENAME TO gone", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  g_assert_false (proc_exporter_export_file (store, old_file, PROC_RECORD_FORMAT_BIBTEX, PROC_EXPORT_ALL,
                                             PROC_EXPORT_GROUP_NONE, "x", &id, 1, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (proc_exporter_export_file (store, new_file, PROC_RECORD_FORMAT_MARKDOWN, PROC_EXPORT_ALL,
                                             PROC_EXPORT_GROUP_NONE, "x", &id, 1, NULL, NULL, &error));
  g_assert_nonnull (error);

  g_assert_true (g_file_get_contents (old_path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "@misc{kept, title = {Kept}}\n");
  g_assert_false (g_file_test (new_path, G_FILE_TEST_EXISTS));
  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/exchange/found-again", test_found_again);
  g_test_add_func ("/exchange/annotations-kept", test_annotations_kept);
  g_test_add_func ("/exchange/read-records", test_read_records);
  g_test_add_func ("/exchange/resolve", test_resolve);
  g_test_add_func ("/exchange/guess-format", test_guess_format);
  g_test_add_func ("/exchange/file-names", test_file_names);
  g_test_add_func ("/exchange/real-world-files", test_real_world_files);
  g_test_add_func ("/exchange/failed-export-leaves-no-file", test_failed_export_leaves_no_file);
  g_test_add_data_func ("/exchange/round-trip/bibtex", GINT_TO_POINTER (PROC_RECORD_FORMAT_BIBTEX), test_round_trip);
  g_test_add_data_func ("/exchange/round-trip/csl-json", GINT_TO_POINTER (PROC_RECORD_FORMAT_CSL_JSON), test_round_trip);
  g_test_add_data_func ("/exchange/round-trip/text", GINT_TO_POINTER (PROC_RECORD_FORMAT_TEXT), test_round_trip);

  return g_test_run ();
}
