/* test-inert-exports.c: exports of hostile titles, notes, tags and addresses stay inert
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A paper list can come from anywhere, and its exports are opened in
 * spreadsheets, browsers and reference managers.  Each format is written
 * through the real exporter to a real file, checked for what could run or
 * break out, and where the format carries annotations read back in to the
 * same data.
 */

#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>

#include "proc-exporter.h"
#include "proc-import-batch.h"
#include "proc-importer.h"
#include "proc-record-format.h"
#include "proc-store-records.h"
#include "proc-store.h"

static const char hostile_title[] =
  "<script>alert(1)</script> =HYPERLINK(\"http://evil.example/\",\"x\") } 100% & {BERT} \\input{/etc/passwd}";
static const char hostile_note[] =
  "=cmd|' /C calc'!A0\n"
  "} @misc{injected, title = {Injected}}\n"
  "ER  -\nTY  - JOUR\nTI  - Injected\n"
  "<img src=x onerror=alert(2)> [click](javascript:alert(3)) 50% & more";
static const char * const hostile_tags[] = { "=1+1", "@SUM(A1)", "-2+3", "+x", "\tTab", "<b>bold</b>" };
static const char hostile_url[] = "javascript:alert(4)";
static const char hostile_pdf[] = "data:text/html,<script>alert(5)</script>";
static const char doi_code_link[] = "doi:10.1000/Code&<x>";

typedef struct
{
  char *dir;
  ProcStore *store;
  GArray *ids;
} Fixture;

static ProcStore *
open_store (const char *dir,
            const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (path, &error);

  g_assert_no_error (error);
  return store;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
  g_autoptr(ProcPaperRecord) plain = proc_paper_record_new ();
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(GError) error = NULL;
  ProcImportOutcome outcome;

  fixture->dir = g_dir_make_tmp ("proceedings-inert-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->store = open_store (fixture->dir, "library.db");

  record->derived_title = g_strdup (hostile_title);
  record->authors = g_strdup ("Robert'); DROP TABLE papers -- Tables; =Eve Mallory");
  record->abstract = g_strdup ("We show $x<y$ & <iframe src=\"javascript:alert(6)\"> in \\textbf{bold}.");
  record->venue = g_strdup ("</title><script>alert(7)</script>");
  record->year = 2024;
  record->url = g_strdup (hostile_url);
  record->note = g_strdup (hostile_note);
  record->rating = 4;
  record->read_state = 1;
  record->starred = 1;
  for (gsize i = 0; i < G_N_ELEMENTS (hostile_tags); i++)
    proc_paper_record_add_tag (record, hostile_tags[i]);
  proc_paper_record_add_link (record, hostile_pdf, PROC_LINK_PDF);
  proc_paper_record_add_link (record, doi_code_link, PROC_LINK_CODE);

  /* A harmless neighbour, to see that nothing leaks from one entry into the next. */
  plain->derived_title = g_strdup ("A Plain Paper");
  plain->authors = g_strdup ("Ada Lovelace");
  plain->abstract = g_strdup ("Nothing to see here, only enough words for an abstract.");
  plain->url = g_strdup ("https://example.org/plain");

  batch = proc_import_batch_begin (fixture->store, "Hostile", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
  g_assert_true (proc_import_batch_add (batch, plain, &outcome, &error));
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  fixture->ids = proc_store_query_ids (fixture->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->ids->len, ==, 2);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->ids, g_array_unref);
  g_clear_object (&fixture->store);
  g_clear_pointer (&fixture->dir, g_free);
}

/* Exports the two papers to a file over an older one; returns the text. */
static char *
export (Fixture          *fixture,
        ProcRecordFormat  format,
        GFile           **file_out)
{
  g_autofree char *name = g_strdup_printf ("export.%s", proc_record_format_get_extension (format));
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autofree char *contents = NULL;
  const char *entry;
  guint n_written = 0;

  g_assert_true (g_file_set_contents (path, "the older export\n", -1, &error));
  g_assert_true (proc_exporter_export_file (fixture->store, file, format, PROC_EXPORT_ALL,
                                            PROC_EXPORT_GROUP_NONE, "<Hostile> & \"list\"",
                                            (const gint64 *) fixture->ids->data, fixture->ids->len,
                                            &n_written, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_written, ==, 2);

  /* Written whole: no temporary file is left beside it. */
  listing = g_dir_open (fixture->dir, 0, &error);
  while ((entry = g_dir_read_name (listing)) != NULL)
    g_assert_true (g_str_has_prefix (entry, "library.db") || g_str_has_prefix (entry, "export."));

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_true (g_utf8_validate (contents, -1, NULL));
  g_assert_null (strstr (contents, "the older export"));
  if (file_out != NULL)
    *file_out = g_steal_pointer (&file);

  return g_steal_pointer (&contents);
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

static gboolean
collect_cb (const ProcPaperRecord  *record,
            gpointer                user_data,
            GError                **error)
{
  g_ptr_array_add (user_data, proc_paper_record_copy (record));

  return TRUE;
}

static GPtrArray *
read_all (ProcStore *store,
          GArray    *ids)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autoptr(GError) error = NULL;

  g_assert_true (proc_store_read_records (store, (const gint64 *) ids->data, ids->len,
                                          collect_cb, records, NULL, &error));
  g_assert_no_error (error);

  return records;
}

/* The export read into a new library gives back the hostile paper unchanged. */
static void
assert_reads_back (Fixture *fixture,
                   GFile   *file)
{
  g_autoptr(ProcStore) again = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("again-%s.db", g_file_peek_path (file) + strlen (fixture->dir) + 1);

  again = open_store (fixture->dir, name);
  report = proc_importer_import_file (again, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 0);

  ids = proc_store_query_ids (again, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  before = read_all (fixture->store, fixture->ids);
  after = read_all (again, ids);
  g_assert_cmpuint (after->len, ==, 2);

  for (guint i = 0; i < 2; i++)
    {
      const ProcPaperRecord *x = g_ptr_array_index (before, i);
      const ProcPaperRecord *y = g_ptr_array_index (after, i);
      g_autofree char *x_tags = joined_tags (x);
      g_autofree char *y_tags = joined_tags (y);

      g_assert_cmpstr (y->derived_title, ==, x->derived_title);
      g_assert_cmpstr (y->authors, ==, x->authors);
      g_assert_cmpstr (y->venue, ==, x->venue);
      g_assert_cmpstr (y->url, ==, x->url);
      g_assert_cmpstr (y->note, ==, x->note);
      g_assert_cmpstr (y_tags, ==, x_tags);
      g_assert_cmpint (y->rating, ==, x->rating);
      g_assert_cmpstr (proc_paper_record_get_link (y, PROC_LINK_PDF), ==, proc_paper_record_get_link (x, PROC_LINK_PDF));
    }
}

/* Every value of an attribute named @attribute in @html. */
static GPtrArray *
attribute_values (const char *html,
                  const char *attribute)
{
  g_autofree char *needle = g_strdup_printf (" %s=\"", attribute);
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

  for (const char *p = strstr (html, needle); p != NULL; p = strstr (p, needle))
    {
      const char *start = p + strlen (needle);
      const char *end = strchr (start, '"');

      g_assert_nonnull (end);
      g_ptr_array_add (values, g_strndup (start, end - start));
      p = end;
    }

  return values;
}

static void
test_html (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *html = export (fixture, PROC_RECORD_FORMAT_HTML, NULL);
  g_autofree char *lower = g_ascii_strdown (html, -1);
  g_autoptr(GPtrArray) hrefs = attribute_values (html, "href");
  g_autoptr(GPtrArray) sources = attribute_values (lower, "src");

  /* Nothing that runs or loads: no script element, no event handler, no frame. */
  g_assert_null (strstr (lower, "<script"));
  g_assert_null (strstr (lower, "<iframe"));
  g_assert_null (strstr (lower, "<img"));
  g_assert_cmpuint (sources->len, ==, 0);
  g_assert_nonnull (strstr (html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  g_assert_nonnull (strstr (html, "100% &amp; "));

  /* Links only to the web and to doi.org. */
  g_assert_cmpuint (hrefs->len, >=, 2);
  for (guint i = 0; i < hrefs->len; i++)
    {
      const char *href = g_ptr_array_index (hrefs, i);

      g_test_message ("href=\"%s\"", href);
      g_assert_true (g_str_has_prefix (href, "https://") || g_str_has_prefix (href, "http://"));
      g_assert_null (strpbrk (href, "<>\" "));
    }
  g_assert_nonnull (strstr (html, "href=\"https://doi.org/10.1000/Code%26%3Cx%3E\""));
  g_assert_nonnull (strstr (html, "href=\"https://example.org/plain\""));
  /* The import keeps only web addresses as a paper's page; other links
   * are there to read, as text. */
  g_assert_null (strstr (html, "alert(4)"));
  g_assert_nonnull (strstr (html, "data:text/html,&lt;script&gt;alert(5)&lt;/script&gt;"));
  g_assert_null (strstr (lower, "href=\"javascript"));
  g_assert_null (strstr (lower, "href=\"data"));
}

static void
test_markdown (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *full = export (fixture, PROC_RECORD_FORMAT_MARKDOWN, NULL);
  g_auto(GStrv) lines = g_strsplit (full, "\n", -1);
  g_autoptr(GString) shown = g_string_new (NULL);
  char *md;

  /* The comments that hold the data for an import are one line each,
   * whose only ">" closes them; what is left is what people see. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "<!-- proceedings-paper {") || g_str_has_prefix (line, "<!-- proceedings-export v1 {"))
        {
          g_assert_true (strchr (line, '>') == line + strlen (line) - 1);
          g_assert_null (strchr (line + 1, '<'));
          continue;
        }
      g_string_append_printf (shown, "%s\n", line);
    }
  md = shown->str;

  /* Every "<" is escaped, or opens an autolink to the web: no raw HTML. */
  for (const char *p = strchr (md, '<'); p != NULL; p = strchr (p + 1, '<'))
    g_assert_true ((p > md && p[-1] == '\\') ||
                   g_str_has_prefix (p, "<https://") || g_str_has_prefix (p, "<http://"));
  g_assert_nonnull (strstr (md, "\\<script\\>alert(1)"));
  /* Every link goes to the web. */
  for (const char *p = strstr (md, "]("); p != NULL; p = strstr (p + 1, "]("))
    g_assert_true (p[-1] == '\\' || g_str_has_prefix (p, "](https://") || g_str_has_prefix (p, "](http://"));
  /* The note's own link syntax is shown, not followed. */
  g_assert_nonnull (strstr (md, "\\[click\\]"));
  g_assert_nonnull (strstr (md, "[Code](https://doi.org/10.1000/Code%26%3Cx%3E)"));
  g_assert_nonnull (strstr (md, "[Paper](https://example.org/plain)"));
}

static void
test_csv (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *csv = export (fixture, PROC_RECORD_FORMAT_CSV, &file);
  const char *p = csv;
  gboolean in_quotes = FALSE, cell_start = TRUE;
  guint cells = 0;

  /* No cell starts with what a spreadsheet would take for a formula. */
  if (g_str_has_prefix (p, "\xef\xbb\xbf"))
    p += 3;
  for (; *p; p++)
    {
      if (cell_start)
        {
          const char *c = (*p == '"') ? p + 1 : p;

          cells++;
          if (*c != '\0')
            g_assert_null (strchr ("=+-@\t\r", *c));
          cell_start = FALSE;
        }
      if (*p == '"')
        in_quotes = !in_quotes;
      else if (!in_quotes && (*p == ',' || *p == '\n'))
        cell_start = TRUE;
    }
  g_assert_cmpuint (cells, >, 20);
  g_assert_nonnull (strstr (csv, "'=cmd|"));

  /* The quote is the CSV's business: reading it back removes it again. */
  assert_reads_back (fixture, file);
}

static void
test_bibtex (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *bib = export (fixture, PROC_RECORD_FORMAT_BIBTEX, &file);
  int depth = 0;
  guint entries = 0;

  /* Braces balance, and the note's "@misc{injected" does not start an entry. */
  for (const char *p = bib; *p; p++)
    {
      if (*p == '\\' && p[1] != '\0')
        {
          p++;
          continue;
        }
      depth += (*p == '{') - (*p == '}');
      g_assert_cmpint (depth, >=, 0);
      if (*p == '@' && depth == 0)
        entries++;
    }
  g_assert_cmpint (depth, ==, 0);
  g_assert_cmpuint (entries, ==, 2);
  g_assert_nonnull (strstr (bib, "100\\% \\&"));

  assert_reads_back (fixture, file);
}

static void
test_ris (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *ris = export (fixture, PROC_RECORD_FORMAT_RIS, &file);
  g_auto(GStrv) lines = g_strsplit (ris, "\r\n", -1);
  guint ends = 0;

  /* A note's lines cannot forge an "ER  -" or any other tag. */
  for (guint i = 0; lines[i] != NULL; i++)
    ends += g_str_has_prefix (lines[i], "ER  -");
  g_assert_cmpuint (ends, ==, 2);
  g_assert_null (strstr (ris, "\r\nTY  - JOUR"));

  assert_reads_back (fixture, file);
}

static void
test_csl_json (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *json = export (fixture, PROC_RECORD_FORMAT_CSL_JSON, &file);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  /* Valid JSON of the expected shape, whatever the strings held. */
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (json_parser_get_root (parser))), ==, 2);

  assert_reads_back (fixture, file);
}

static void
test_text (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *text = export (fixture, PROC_RECORD_FORMAT_TEXT, NULL);

  /* The list's title is one line: a title cannot add paragraphs (papers). */
  g_assert_true (g_str_has_prefix (text, "<Hostile> & \"list\"\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/inert-exports/html", Fixture, NULL, fixture_set_up, test_html, fixture_tear_down);
  g_test_add ("/inert-exports/markdown", Fixture, NULL, fixture_set_up, test_markdown, fixture_tear_down);
  g_test_add ("/inert-exports/csv", Fixture, NULL, fixture_set_up, test_csv, fixture_tear_down);
  g_test_add ("/inert-exports/bibtex", Fixture, NULL, fixture_set_up, test_bibtex, fixture_tear_down);
  g_test_add ("/inert-exports/ris", Fixture, NULL, fixture_set_up, test_ris, fixture_tear_down);
  g_test_add ("/inert-exports/csl-json", Fixture, NULL, fixture_set_up, test_csl_json, fixture_tear_down);
  g_test_add ("/inert-exports/text", Fixture, NULL, fixture_set_up, test_text, fixture_tear_down);

  return g_test_run ();
}
