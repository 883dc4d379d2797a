/* test-text-formats.c: RIS and CSV import and export, Markdown, HTML and conference-list export
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>

#include "proc-conference-list.h"
#include "proc-conference-list-writer.h"
#include "proc-csv-reader.h"
#include "proc-csv-writer.h"
#include "proc-html-writer.h"
#include "proc-markdown-writer.h"
#include "proc-ris-reader.h"
#include "proc-ris-writer.h"

/* Golden files live in tests/data/<format>/.  After a deliberate change
 * to a format, run the tests once with PROCEEDINGS_UPDATE_GOLDEN=1 to
 * rewrite them, and read the diff before committing it. */

/* Fixtures */

static ProcPaperRecord *
new_record (const char *title)
{
  ProcPaperRecord *record = proc_paper_record_new ();

  record->derived_title = g_strdup (title);
  return record;
}

/* Everything set, math in the abstract and the title */
static ProcPaperRecord *
full_record (void)
{
  ProcPaperRecord *record = new_record ("Attention in $O(n \\log n)$ Memory");

  record->authors = g_strdup ("Ada Lovelace; Ludwig van Beethoven; Martin Luther King Jr.");
  record->venue = g_strdup ("Proceedings of the 41st International Conference on Machine Learning");
  record->year = 2024;
  record->doi = g_strdup ("10.5555/3692070.3692100");
  record->url = g_strdup ("https://proceedings.mlr.press/v235/lovelace24a.html");
  record->citation_key = g_strdup ("lovelace24a");
  record->status = g_strdup ("Oral");
  record->pages = g_strdup ("864--870");
  proc_paper_record_add_link (record, "https://proceedings.mlr.press/v235/lovelace24a/lovelace24a.pdf", PROC_LINK_PDF);
  proc_paper_record_add_link (record, "https://github.com/example/fast-attention", PROC_LINK_CODE);
  proc_paper_record_add_link (record, "https://fast-attention.example.org/", PROC_LINK_PROJECT);
  proc_paper_record_add_tag (record, "attention");
  proc_paper_record_add_tag (record, "efficient ML");
  record->note = g_strdup ("Compare with FlashAttention-2.\nCheck the proof of Lemma 3.");
  record->rating = 4;
  record->read_state = 2;
  record->starred = 1;
  record->abstract = g_strdup ("We show that exact attention needs $\\Omega(n^2)$ time unless $M \\geq d^2$, "
                               "and give a *simple* algorithm for $\\mathbb{R}^d$.\n\n"
                               "Code: https://github.com/example/fast-attention");
  return record;
}

/* Chinese text, no venue, no DOI */
static ProcPaperRecord *
chinese_record (void)
{
  ProcPaperRecord *record = new_record ("基于图神经网络的蛋白质结构预测");

  record->authors = g_strdup ("张三; 李四");
  record->year = 2023;
  record->url = g_strdup ("https://example.cn/papers/42");
  record->abstract = g_strdup ("我们提出了一种新方法，在 $k$ 个样本上达到 95% 的准确率。");
  proc_paper_record_add_tag (record, "生物");
  record->read_state = 1;
  record->starred = 0;
  return record;
}

/* Almost nothing */
static ProcPaperRecord *
bare_record (void)
{
  return new_record ("Notes on an Untitled Workshop Talk");
}

/* Text that means something in Markdown, HTML, CSV and RIS */
static ProcPaperRecord *
tricky_record (void)
{
  ProcPaperRecord *record = new_record ("Why *Not* Use <b>HTML</b> & [Links](x) in Titles? #1");

  record->authors = g_strdup ("Jean-Baptiste de la Fontaine");
  record->venue = g_strdup ("Workshop on Markdown, CSV & \"RIS\"");
  record->year = 2022;
  record->url = g_strdup ("https://example.org/paper?id=1&v=2");
  record->note = g_strdup ("- starts like a list item\n= and a heading underline\n\n"
                           "2019. a numbered line, with \"quotes\", commas\n"
                           "TY  - and a line that looks like RIS");
  record->abstract = g_strdup ("Costs $5 and $10 in total; 2*3*4 | pipes | and a_b_c &amp; &copy;.");
  proc_paper_record_add_tag (record, "markup; tricky");
  record->rating = 1;
  record->read_state = 0;
  record->starred = 1;
  return record;
}

static GPtrArray *
fixture_records (void)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);

  g_ptr_array_add (records, full_record ());
  g_ptr_array_add (records, chinese_record ());
  g_ptr_array_add (records, bare_record ());
  g_ptr_array_add (records, tricky_record ());
  return records;
}

/* Helpers */

static ProcRecordWriter *
new_writer (GType             type,
            GOutputStream    *stream,
            ProcExportFields  fields)
{
  /* Through the public constructors, so that they are tested too */
  if (type == PROC_TYPE_RIS_WRITER)
    return PROC_RECORD_WRITER (proc_ris_writer_new (stream, fields));
  if (type == PROC_TYPE_CSV_WRITER)
    return PROC_RECORD_WRITER (proc_csv_writer_new (stream, fields));
  if (type == PROC_TYPE_MARKDOWN_WRITER)
    return PROC_RECORD_WRITER (proc_markdown_writer_new (stream, fields));
  if (type == PROC_TYPE_HTML_WRITER)
    return PROC_RECORD_WRITER (proc_html_writer_new (stream, fields));
  if (type == PROC_TYPE_CONFERENCE_LIST_WRITER)
    return PROC_RECORD_WRITER (proc_conference_list_writer_new (stream, fields));

  g_assert_not_reached ();
}

/* Writes @records, with @groups[i] (when not %NULL) as a heading before
 * record i. */
static char *
write_records (GType                type,
               ProcExportFields     fields,
               const char          *title,
               GPtrArray           *records,
               const char * const  *groups)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(ProcRecordWriter) writer = new_writer (type, stream, fields);
  g_autoptr(GError) error = NULL;
  GMemoryOutputStream *memory = G_MEMORY_OUTPUT_STREAM (stream);

  g_assert_true (proc_record_writer_begin (writer, title, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < records->len; i++)
    {
      if (groups != NULL && groups[i] != NULL)
        g_assert_true (proc_record_writer_group (writer, groups[i], &error));
      g_assert_true (proc_record_writer_write (writer, g_ptr_array_index (records, i), &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_record_writer_end (writer, &error));
  g_assert_no_error (error);

  return g_strndup (g_memory_output_stream_get_data (memory),
                    g_memory_output_stream_get_data_size (memory));
}

static GInputStream *
input_for (const char *text)
{
  gsize len = strlen (text);

  return g_memory_input_stream_new_from_data (g_memdup2 (text, len), len, g_free);
}

/* Reads every record; a fatal error stops and is returned. */
static GPtrArray *
read_records (ProcRecordReader  *reader,
              ProcImportReport  *report,
              GError           **error)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *record;

  if (!proc_record_reader_read_header (reader, NULL, error))
    return records;

  while ((record = proc_record_reader_next (reader, report, NULL, error)) != NULL)
    g_ptr_array_add (records, record);

  return records;
}

static GPtrArray *
read_text (GType              type,
           const char        *text,
           const char        *display_name,
           ProcImportReport  *report,
           GError           **error)
{
  g_autoptr(GInputStream) stream = input_for (text);
  g_autoptr(ProcRecordReader) reader = NULL;

  if (type == PROC_TYPE_RIS_READER)
    reader = PROC_RECORD_READER (proc_ris_reader_new (stream, display_name));
  else if (type == PROC_TYPE_CSV_READER)
    reader = PROC_RECORD_READER (proc_csv_reader_new (stream, display_name));
  else
    g_assert_not_reached ();

  return read_records (reader, report, error);
}

static char *
data_path (const char *relative)
{
  const char *source_dir = g_getenv ("PROCEEDINGS_SOURCE_DIR");

  g_assert_nonnull (source_dir);
  return g_build_filename (source_dir, "tests", "data", relative, NULL);
}

static char *
load_data (const char *relative)
{
  g_autofree char *path = data_path (relative);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* Byte for byte; on a difference, shows the first differing line. */
static void
assert_golden (const char *actual,
               const char *relative)
{
  g_autofree char *path = data_path (relative);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  guint line = 1;
  gsize i;

  if (g_getenv ("PROCEEDINGS_UPDATE_GOLDEN") != NULL)
    {
      g_file_set_contents (path, actual, -1, &error);
      g_assert_no_error (error);
      g_test_message ("rewrote %s", path);
      return;
    }

  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  if (g_str_equal (expected, actual))
    return;

  for (i = 0; expected[i] != '\0' && expected[i] == actual[i]; i++)
    if (expected[i] == '\n')
      line++;
  {
    gsize start = i;
    g_autofree char *want = NULL;
    g_autofree char *got = NULL;

    while (start > 0 && expected[start - 1] != '\n')
      start--;
    want = g_strndup (expected + start, strcspn (expected + start, "\n"));
    got = g_strndup (actual + start, strcspn (actual + start, "\n"));
    g_test_message ("%s:%u differs (PROCEEDINGS_UPDATE_GOLDEN=1 rewrites it)", path, line);
    g_assert_cmpstr (got, ==, want);
    g_assert_cmpstr (actual, ==, expected);
  }
}

static gboolean
links_equal (const ProcPaperRecord *a,
             const ProcPaperRecord *b,
             ProcLinkKind           kind)
{
  return g_strcmp0 (proc_paper_record_get_link (a, kind), proc_paper_record_get_link (b, kind)) == 0;
}

static void
assert_tags_equal (const ProcPaperRecord *a,
                   const ProcPaperRecord *b)
{
  g_assert_cmpuint (a->tags->len, ==, b->tags->len);
  for (guint i = 0; i < a->tags->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a->tags, i), ==, g_ptr_array_index (b->tags, i));
}

static gboolean
has_link (const ProcPaperRecord *record,
          const char            *url)
{
  for (guint i = 0; i < record->links->len; i++)
    if (g_str_equal (((ProcLink *) g_ptr_array_index (record->links, i))->url, url))
      return TRUE;

  return FALSE;
}

/* What an export and its import keep.  RIS has no kinds of links: its
 * reader knows code by its host, so the kind of a code link elsewhere
 * is lost (not the link), and !@links_by_url allows that. */
static void
assert_same_paper_links (const ProcPaperRecord *want,
                         const ProcPaperRecord *got,
                         gboolean               links_by_url)
{
  g_assert_cmpstr (got->derived_title, ==, want->derived_title);
  g_assert_cmpstr (got->authors, ==, want->authors);
  g_assert_cmpstr (got->venue, ==, want->venue);
  g_assert_cmpint (got->year, ==, want->year);
  g_assert_cmpstr (got->doi, ==, want->doi);
  g_assert_cmpstr (got->url, ==, want->url);
  g_assert_true (links_equal (want, got, PROC_LINK_PDF));
  g_assert_true (links_equal (want, got, PROC_LINK_CODE) || !links_by_url);
  g_assert_cmpstr (got->abstract, ==, want->abstract);
  g_assert_cmpstr (got->note, ==, want->note);
  assert_tags_equal (want, got);
  g_assert_cmpint (got->rating, ==, want->rating);
  g_assert_cmpint (got->read_state, ==, want->read_state);
  g_assert_cmpint (got->starred, ==, want->starred);
}

static void
assert_same_paper (const ProcPaperRecord *want,
                   const ProcPaperRecord *got)
{
  assert_same_paper_links (want, got, TRUE);
}

static const char * const fixture_groups[] = { "Read", "Reading", "Unread", NULL };

/* RIS */

static void
test_ris_golden (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *ris = write_records (PROC_TYPE_RIS_WRITER, PROC_EXPORT_ALL, "Fixture", records, NULL);

  assert_golden (ris, "ris/fixture.ris");
}

static void
test_ris_round_trip (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *ris = write_records (PROC_TYPE_RIS_WRITER, PROC_EXPORT_ALL, "Fixture", records, NULL);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) back = read_text (PROC_TYPE_RIS_READER, ris, "fixture.ris", report, &error);
  ProcPaperRecord *tricky;

  g_assert_no_error (error);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (back->len, ==, records->len);

  /* The line that looks like a tag is written with a space before it, so
   * that it stays in the note; reading it removes the space again. */
  tricky = g_ptr_array_index (records, 3);
  g_assert_nonnull (strstr (ris, "\r\n TY  - and a line"));
  g_assert_nonnull (strstr (tricky->note, "\nTY  - and a line"));

  for (guint i = 0; i < records->len; i++)
    {
      const ProcPaperRecord *want = g_ptr_array_index (records, i);
      const ProcPaperRecord *got = g_ptr_array_index (back, i);

      assert_same_paper (want, got);
      g_assert_cmpstr (got->pages, ==, want->pages);
      g_assert_cmpstr (got->citation_key, ==, want->citation_key);
    }

  /* Each entry starts on its TY line */
  g_assert_cmpuint (((ProcPaperRecord *) g_ptr_array_index (back, 0))->line, ==, 1);
}

static void
test_ris_fields_off (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *ris = write_records (PROC_TYPE_RIS_WRITER, 0, "Fixture", records, NULL);

  /* Bibliographic data only */
  g_assert_nonnull (strstr (ris, "TI  - Attention in $O(n \\log n)$ Memory\r\n"));
  g_assert_nonnull (strstr (ris, "AU  - van Beethoven, Ludwig\r\n"));
  g_assert_nonnull (strstr (ris, "AU  - King, Martin Luther, Jr.\r\n"));
  g_assert_nonnull (strstr (ris, "L2  - https://github.com/example/fast-attention\r\n"));
  g_assert_null (strstr (ris, "AB  - "));
  g_assert_null (strstr (ris, "KW  - "));
  g_assert_null (strstr (ris, "N1  - "));
}

static void
test_ris_read_foreign (void)
{
  g_autofree char *text = load_data ("ris/foreign.ris");
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_text (PROC_TYPE_RIS_READER, text, "foreign.ris", report, &error);
  ProcPaperRecord *record;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 3);

  /* Zotero's conference paper, CRLF, with a wrapped abstract */
  record = g_ptr_array_index (records, 0);
  g_assert_cmpuint (record->line, ==, 4);
  g_assert_cmpstr (record->derived_title, ==, "Learning to Rank with Nonsmooth Cost Functions");
  g_assert_cmpstr (record->authors, ==, "Christopher J. C. Burges; Robert Ragno; Quoc Viet Le");
  g_assert_cmpstr (record->venue, ==, "Advances in Neural Information Processing Systems");
  g_assert_cmpint (record->year, ==, 2006);
  g_assert_cmpstr (record->doi, ==, "10.5555/2976456.2976481");
  g_assert_cmpstr (record->url, ==, "https://papers.nips.cc/paper/2971");
  g_assert_cmpstr (proc_paper_record_get_link (record, PROC_LINK_PDF), ==,
                   "https://papers.nips.cc/paper/2971.pdf");
  g_assert_cmpstr (proc_paper_record_get_link (record, PROC_LINK_CODE), ==,
                   "https://github.com/example/lambdarank");
  g_assert_cmpstr (record->abstract, ==,
                   "The quality measures used in information retrieval are particularly difficult\n"
                   "to optimize directly.\n\nWe show how to avoid it.");
  g_assert_cmpuint (record->tags->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (record->tags, 0), ==, "ranking");
  g_assert_cmpstr (g_ptr_array_index (record->tags, 1), ==, "information retrieval");
  g_assert_cmpstr (record->note, ==, "First note\n\nSecond note");
  g_assert_cmpstr (record->pages, ==, "193--200");
  g_assert_cmpstr (record->citation_key, ==, "burges2006");

  /* An old-style entry: T1, A1 without spaces, Y1 with a date, N2, JO,
   * a title wrapped over two lines, and no ER at the end of the entry */
  record = g_ptr_array_index (records, 1);
  g_assert_cmpstr (record->derived_title, ==,
                   "Blood-brain barrier breach following cortical contusion in the rat");
  g_assert_cmpstr (record->authors, ==, "S.A. Baldwin; I. Fugaccia");
  g_assert_cmpstr (record->venue, ==, "J.Neurosurg.");
  g_assert_cmpint (record->year, ==, 1996);
  g_assert_cmpstr (record->abstract, ==, "Adult Fisher 344 rats were subjected to a unilateral impact.");
  g_assert_cmpstr (record->pages, ==, "476--481");
  g_assert_cmpint (record->read_state, ==, PROC_RECORD_UNSET);
  g_assert_cmpint (record->starred, ==, PROC_RECORD_UNSET);

  /* The last entry, with one space after the tag and no final ER */
  record = g_ptr_array_index (records, 2);
  g_assert_cmpstr (record->derived_title, ==, "A Last Entry Without Its End");
  g_assert_cmpint (record->year, ==, 2021);

  /* The entry without a title is skipped with its line */
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==,
                   "foreign.ris:39: the entry has no title (no “TI” or “T1” line)");
}

static void
test_ris_not_ris (void)
{
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = NULL;

  records = read_text (PROC_TYPE_RIS_READER, "@article{x,\n  title = {Not RIS}\n}\n", "x.ris", report, &error);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "x.ris"));
  g_assert_nonnull (strstr (error->message, "TY  - "));
  g_assert_cmpuint (records->len, ==, 0);
  g_clear_error (&error);
  g_clear_pointer (&records, g_ptr_array_unref);

  records = read_text (PROC_TYPE_RIS_READER, "\n\n", "empty.ris", report, &error);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY);
  g_assert_cmpuint (records->len, ==, 0);
  g_clear_error (&error);
  g_clear_pointer (&records, g_ptr_array_unref);

  /* Invalid UTF-8 stops the file with its line */
  records = read_text (PROC_TYPE_RIS_READER, "TY  - GEN\nTI  - ok\nER  - \nTY  - GEN\nTI  - bad \xff\n",
                       "bad.ris", report, &error);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_ENCODING);
  g_assert_nonnull (strstr (error->message, "bad.ris:5"));
  g_assert_cmpuint (records->len, ==, 1);
}

/* CSV */

static void
test_csv_golden (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *csv = write_records (PROC_TYPE_CSV_WRITER, PROC_EXPORT_ALL, "Fixture", records, NULL);

  assert_golden (csv, "csv/fixture.csv");
}

static void
test_csv_columns (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autofree char *bare = NULL;
  g_autofree char *some = NULL;

  g_ptr_array_add (records, full_record ());
  bare = write_records (PROC_TYPE_CSV_WRITER, 0, "x", records, NULL);
  g_assert_true (g_str_has_prefix (bare, "\xef\xbb\xbftitle,authors,venue,year,doi,url,pdf,code,openreview,supplement,arxiv,status\r\n"));
  g_assert_null (strstr (bare, "Lemma"));

  some = write_records (PROC_TYPE_CSV_WRITER, PROC_EXPORT_NOTES | PROC_EXPORT_READ_STATE, "x", records, NULL);
  g_assert_true (g_str_has_prefix (some, "\xef\xbb\xbftitle,authors,venue,year,doi,url,pdf,code,openreview,supplement,arxiv,status,"
                                         "read_state,starred,note\r\n"));
  g_assert_nonnull (strstr (some, ",Oral,read,yes,\"Compare with FlashAttention-2.\nCheck the proof of Lemma 3.\"\r\n"));
}

static GPtrArray *
injection_records (void)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *record;

  record = new_record ("=HYPERLINK(\"http://evil\",\"x\")");
  record->note = g_strdup ("+1 cmd");
  record->authors = g_strdup ("@SUM(A1:A9)");
  record->venue = g_strdup ("-2+3");
  record->status = g_strdup ("\tTabbed");
  proc_paper_record_add_tag (record, "=tag");
  g_ptr_array_add (records, record);

  /* Apostrophes of their own survive: one is added and removed again */
  record = new_record ("'=already guarded");
  record->note = g_strdup ("''+twice");
  record->authors = g_strdup ("'plain apostrophe");
  g_ptr_array_add (records, record);

  /* Quotes, commas, line breaks, Chinese */
  record = new_record ("Say \"hello\", then \"\"bye\"\"");
  record->authors = g_strdup ("王小明; Zoë O'Brien");
  record->note = g_strdup ("line one, with a comma\nline two \"quoted\"\n\nafter a blank line");
  record->abstract = g_strdup ("中文摘要，带逗号, and $x^2$.\r\nSecond line.");
  record->venue = g_strdup ("A, B and C");
  g_ptr_array_add (records, record);

  return records;
}

static void
test_csv_injection (void)
{
  g_autoptr(GPtrArray) records = injection_records ();
  g_autofree char *csv = write_records (PROC_TYPE_CSV_WRITER, PROC_EXPORT_ALL, "x", records, NULL);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) back = NULL;
  ProcPaperRecord *record;

  g_assert_nonnull (strstr (csv, "\r\n\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",\"'@SUM(A1:A9)\",\"'-2+3\","));
  g_assert_nonnull (strstr (csv, ",\"'+1 cmd\","));
  g_assert_nonnull (strstr (csv, ",\"'\tTabbed\","));
  g_assert_nonnull (strstr (csv, ",\"'=tag\","));
  g_assert_nonnull (strstr (csv, "\r\n\"''=already guarded\",'plain apostrophe,"));
  g_assert_nonnull (strstr (csv, ",\"'''+twice\","));

  /* No cell starts a formula: after a separator or a row's start,
   * nothing begins with = + - @ */
  for (const char *p = csv; *p; p++)
    if (p == csv || p[-1] == ',' || p[-1] == '\n')
      {
        const char *cell = *p == '"' ? p + 1 : p;

        g_assert_true (strchr ("=+-@\t", *cell) == NULL || *cell == '\0');
      }

  back = read_text (PROC_TYPE_CSV_READER, csv, "injection.csv", report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (back->len, ==, records->len);

  /* The reader trims cells and normalises line breaks to LF */
  record = g_ptr_array_index (records, 0);
  g_free (record->status);
  record->status = g_strdup ("Tabbed");
  record = g_ptr_array_index (records, 2);
  g_free (record->abstract);
  record->abstract = g_strdup ("中文摘要，带逗号, and $x^2$.\nSecond line.");

  for (guint i = 0; i < records->len; i++)
    {
      const ProcPaperRecord *want = g_ptr_array_index (records, i);
      const ProcPaperRecord *got = g_ptr_array_index (back, i);

      assert_same_paper (want, got);
      g_assert_cmpstr (got->status, ==, want->status);
    }

  /* The multi-line row starts where its first line is */
  record = g_ptr_array_index (back, 2);
  g_assert_cmpuint (record->line, ==, 4);
}

static void
test_csv_round_trip (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *csv = write_records (PROC_TYPE_CSV_WRITER, PROC_EXPORT_ALL, "Fixture", records, NULL);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) back = read_text (PROC_TYPE_CSV_READER, csv, "fixture.csv", report, &error);
  ProcPaperRecord *tricky;

  g_assert_no_error (error);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (back->len, ==, records->len);

  /* Tags are joined with "; ": one with a semicolon comes back as two */
  tricky = g_ptr_array_index (records, 3);
  g_ptr_array_set_size (tricky->tags, 0);
  proc_paper_record_add_tag (tricky, "markup");
  proc_paper_record_add_tag (tricky, "tricky");

  for (guint i = 0; i < records->len; i++)
    {
      const ProcPaperRecord *want = g_ptr_array_index (records, i);
      const ProcPaperRecord *got = g_ptr_array_index (back, i);

      assert_same_paper (want, got);
      g_assert_cmpstr (got->status, ==, want->status);
    }
}

static void
test_csv_read_foreign (void)
{
  g_autofree char *text = load_data ("csv/zotero.csv");
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_text (PROC_TYPE_CSV_READER, text, "zotero.csv", report, &error);
  ProcPaperRecord *record;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 0);

  record = g_ptr_array_index (records, 0);
  g_assert_cmpstr (record->derived_title, ==, "Attention Is All You Need");
  g_assert_cmpstr (record->authors, ==, "Ashish Vaswani; Noam Shazeer; Niki Parmar");
  g_assert_cmpstr (record->venue, ==, "Advances in Neural Information Processing Systems");
  g_assert_cmpint (record->year, ==, 2017);
  g_assert_cmpstr (record->doi, ==, "10.48550/arxiv.1706.03762");
  g_assert_cmpstr (record->url, ==, "https://arxiv.org/abs/1706.03762");
  g_assert_cmpstr (record->abstract, ==, "The dominant sequence transduction models are based on "
                                         "complex recurrent or convolutional neural networks.");
  g_assert_cmpuint (record->tags->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (record->tags, 1), ==, "Computer Science - Machine Learning");
  g_assert_cmpstr (record->pages, ==, "5998-6008");
  g_assert_cmpint (record->line, ==, 2);

  record = g_ptr_array_index (records, 1);
  g_assert_cmpstr (record->derived_title, ==, "BERT: Pre-training of Deep Bidirectional Transformers");
  g_assert_cmpstr (record->authors, ==, "Jacob Devlin; Ming-Wei Chang");
  g_assert_null (record->venue);
  g_assert_cmpint (record->year, ==, 2019);
}

static void
test_csv_bad_rows (void)
{
  const char *text =
    "Title,Author,Keywords,Rating,Read State,Starred,Status,Unknown\n"
    "Good one,Ada Lovelace,\"a, b\",3,reading,yes,Poster,ignored\n"
    "Too few,fields\n"
    "\n"
    "\"A title\nover two lines\",Grace Hopper,,★★,read,no,,\n"
    ",No Title,,,,,,\n"
    "Extra empty cells,x,,,,,,,,\n"
    "Extra full cells,x,,,,,,,surprise\n"
    "Last,\"never closed\n"
    "more text\n";
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_text (PROC_TYPE_CSV_READER, text, "bad.csv", report, &error);
  ProcPaperRecord *record;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 3);

  record = g_ptr_array_index (records, 0);
  g_assert_cmpstr (record->derived_title, ==, "Good one");
  g_assert_cmpuint (record->tags->len, ==, 2);
  g_assert_cmpint (record->rating, ==, 3);
  g_assert_cmpint (record->read_state, ==, 1);
  g_assert_cmpint (record->starred, ==, 1);
  g_assert_cmpstr (record->status, ==, "Poster");

  record = g_ptr_array_index (records, 1);
  g_assert_cmpstr (record->derived_title, ==, "A title\nover two lines");
  g_assert_cmpuint (record->line, ==, 5);
  g_assert_cmpint (record->rating, ==, 2);
  g_assert_cmpint (record->read_state, ==, 2);
  g_assert_cmpint (record->starred, ==, 0);

  record = g_ptr_array_index (records, 2);
  g_assert_cmpstr (record->derived_title, ==, "Extra empty cells");

  g_assert_cmpuint (report->rejected, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==,
                   "bad.csv:3: the row has 2 fields, but the first row names 8 columns");
  g_assert_cmpstr (g_ptr_array_index (report->problems, 1), ==, "bad.csv:7: the row has no title");
  g_assert_cmpstr (g_ptr_array_index (report->problems, 2), ==,
                   "bad.csv:9: the row has 9 fields, but the first row names 8 columns");
  g_assert_cmpstr (g_ptr_array_index (report->problems, 3), ==,
                   "bad.csv:10: a quoted field that starts on this row is never closed");
}

static void
test_csv_header_errors (void)
{
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = NULL;

  records = read_text (PROC_TYPE_CSV_READER, "name,authors\nx,y\n", "/tmp/papers.csv", report, &error);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "/tmp/papers.csv"));
  g_assert_nonnull (strstr (error->message, "“title”"));
  g_assert_cmpuint (records->len, ==, 0);
  g_clear_error (&error);
  g_clear_pointer (&records, g_ptr_array_unref);

  records = read_text (PROC_TYPE_CSV_READER, "", "empty.csv", report, &error);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY);
  g_clear_error (&error);
  g_clear_pointer (&records, g_ptr_array_unref);

  /* Semicolons, as some spreadsheets save CSV */
  records = read_text (PROC_TYPE_CSV_READER, "\xef\xbb\xbftitle;year\r\n\"A; B\";2020\r\n", "semi.csv", report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (records, 0))->derived_title, ==, "A; B");
  g_assert_cmpint (((ProcPaperRecord *) g_ptr_array_index (records, 0))->year, ==, 2020);
}

/* Markdown */

static void
test_markdown_golden (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *md = write_records (PROC_TYPE_MARKDOWN_WRITER, PROC_EXPORT_ALL, "Reading list: *ICML*",
                                       records, fixture_groups);

  assert_golden (md, "markdown/fixture.md");
}

static void
test_markdown_ungrouped (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *md = write_records (PROC_TYPE_MARKDOWN_WRITER, 0, "", records, NULL);

  /* The marker, a comment, then what people read */
  g_assert_true (g_str_has_prefix (md, "<!-- proceedings-export v1 {"));
  g_assert_nonnull (strstr (md, " -->\n\n# Papers\n\n## Attention in O(n log n) Memory\n"));
  g_assert_null (strstr (md, "###"));
  /* Without the annotation fields */
  g_assert_null (strstr (md, "Tags"));
  g_assert_null (strstr (md, "★"));
  g_assert_null (strstr (md, "Lemma"));
  g_assert_null (strstr (md, "algorithm"));
  g_assert_nonnull (strstr (md, "[Code](https://github.com/example/fast-attention)"));
}

/* The abstract's emphasis stays emphasis, its other stars stay text. */
static void
test_markdown_emphasis (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *record = new_record ("Emphasis");
  g_autofree char *md = NULL;

  record->abstract = g_strdup ("In the presence of *latent variables*, a **strong** claim, "
                               "\\textit{TinyTrain} and \\emph{sparse} updates; 2*3*4 stays.");
  g_ptr_array_add (records, record);

  md = write_records (PROC_TYPE_MARKDOWN_WRITER, PROC_EXPORT_ALL, "x", records, NULL);
  g_assert_nonnull (strstr (md, "In the presence of *latent variables*, a **strong** claim, "
                                "*TinyTrain* and *sparse* updates; 2\\*3\\*4 stays."));
  g_assert_null (strstr (md, "\xee\x80"));
}

/* What people see of a Markdown export: without the comments that hold
 * each paper's data, one line each, whose only ">" closes them. */
static char *
without_data_lines (const char *md)
{
  g_auto(GStrv) lines = g_strsplit (md, "\n", -1);
  GString *shown = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "<!-- proceedings-"))
        {
          g_assert_true (strchr (lines[i], '>') == lines[i] + strlen (lines[i]) - 1);
          g_assert_null (strchr (lines[i] + 1, '<'));
          continue;
        }
      g_string_append_printf (shown, "%s\n", lines[i]);
    }

  return g_string_free (shown, FALSE);
}

static void
test_markdown_unsafe_links (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *record = new_record ("Links");
  g_autofree char *full = NULL;
  g_autofree char *md = NULL;

  record->url = g_strdup ("javascript:alert(1)");
  proc_paper_record_add_link (record, "data:text/html,<script>alert(1)</script>", PROC_LINK_PDF);
  proc_paper_record_add_link (record, "https://example.org/a (b) <c>", PROC_LINK_CODE);
  record->doi = g_strdup ("10.1002/(sici)1097-0258");
  g_ptr_array_add (records, record);

  full = write_records (PROC_TYPE_MARKDOWN_WRITER, PROC_EXPORT_ALL, "x", records, NULL);
  md = without_data_lines (full);
  g_assert_null (strstr (md, "](javascript"));
  g_assert_null (strstr (md, "](data"));
  /* Every '<' is escaped: no raw HTML */
  for (const char *p = strchr (md, '<'); p != NULL; p = strchr (p + 1, '<'))
    g_assert_cmpint (p[-1], ==, '\\');
  g_assert_nonnull (strstr (md, "Paper: javascript:alert(1)"));
  g_assert_nonnull (strstr (md, "PDF: data:text/html,\\<script\\>alert(1)\\</script\\>"));
  g_assert_nonnull (strstr (md, "[Code](https://example.org/a%20%28b%29%20%3Cc%3E)"));
  g_assert_nonnull (strstr (md, "[DOI](https://doi.org/10.1002/%28sici%291097-0258)"));
}

/* HTML */

static void
test_html_golden (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *html = write_records (PROC_TYPE_HTML_WRITER, PROC_EXPORT_ALL, "Reading list: <ICML>",
                                         records, fixture_groups);

  assert_golden (html, "html/fixture.html");
}

/* Every tag in @html is one we write, with attributes we write, and
 * every link is http(s): what a page must be to be inert. */
static void
assert_inert_html (const char *html)
{
  static const char * const elements[] = {
    "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "main", "h1", "h2", "h3",
    "article", "p", "a", "strong", "span", "blockquote", "div", "br", NULL
  };
  static const char * const attributes[] = {
    "html", "lang", "charset", "name", "content", "http-equiv", "href", "rel", "class", "role",
    "aria-label", "data-proceedings-export", NULL
  };
  g_autofree char *lower = g_ascii_strdown (html, -1);
  const char *p = html;

  g_assert_null (strstr (lower, "<script"));
  g_assert_null (strstr (lower, "<img"));
  g_assert_null (strstr (lower, "<svg"));

  while ((p = strchr (p, '<')) != NULL)
    {
      const char *end = strchr (p, '>');
      g_autofree char *tag = NULL;
      g_auto(GStrv) words = NULL;
      const char *name;

      g_assert_nonnull (end);

      /* The only comments are the data for an import: one line, whose
       * only '>' closes it, and no '<' inside. */
      if (g_str_has_prefix (p, "<!--"))
        {
          const char *eol = strchr (p, '\n');

          g_assert_true (g_str_has_prefix (p, "<!-- proceedings-"));
          g_assert_nonnull (eol);
          g_assert_true (end == eol - 1 && end[-1] == '-' && end[-2] == '-');
          g_assert_null (memchr (p + 1, '<', eol - p - 1));
          p = end + 1;
          continue;
        }

      tag = g_strndup (p + 1, end - p - 1);
      p = end + 1;

      /* Attribute values hold no '<' or '>' (they are escaped), so the
       * tag ends at the first '>'; values are quoted and hold no '"'. */
      name = tag[0] == '/' ? tag + 1 : tag;
      words = g_regex_split_simple ("\\s+(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", name, 0, 0);
      if (!g_strv_contains (elements, words[0]))
        g_error ("unexpected element <%s>", tag);

      for (guint i = 1; words[i] != NULL; i++)
        {
          g_autofree char *attribute = g_strndup (words[i], strcspn (words[i], "="));
          const char *value = strchr (words[i], '=');

          if (!g_strv_contains (attributes, attribute))
            g_error ("unexpected attribute %s in <%s>", attribute, tag);
          if (g_str_equal (attribute, "href"))
            g_assert_true (g_str_has_prefix (value, "=\"https://") || g_str_has_prefix (value, "=\"http://"));
          /* ="…", with no other quote inside */
          if (value != NULL)
            {
              g_assert_cmpint (value[1], ==, '"');
              g_assert_true (strchr (value + 2, '"') == value + strlen (value) - 1);
            }
        }

      /* The stylesheet is text up to its end tag */
      if (tag[0] != '/' && g_str_equal (words[0], "style"))
        {
          p = strstr (p, "</style>");
          g_assert_nonnull (p);
        }
    }
}

static void
test_html_inert (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  static const char * const groups[] = { "<script>alert('group')</script>", NULL };
  ProcPaperRecord *record = new_record ("<script>alert(1)</script> and \"quotes\" & 'apostrophes'");
  g_autofree char *html = NULL;

  record->note = g_strdup ("<script>alert(2)</script>\n<img src=x onerror=alert(3)>");
  record->authors = g_strdup ("<svg onload=alert(4)>; \" onmouseover=\"alert(5)");
  record->venue = g_strdup ("</title><script>alert(6)</script>");
  record->url = g_strdup ("javascript:alert(7)");
  proc_paper_record_add_link (record, "data:text/html,<script>alert(8)</script>", PROC_LINK_PDF);
  proc_paper_record_add_link (record, " JaVaScRiPt:alert(9)", PROC_LINK_CODE);
  proc_paper_record_add_link (record, "https://example.org/\" onclick=\"alert(10)", PROC_LINK_PROJECT);
  proc_paper_record_add_tag (record, "<b onmouseover=alert(11)>tag</b>");
  record->doi = g_strdup ("10.1/\"><script>alert(12)</script>");
  record->abstract = g_strdup ("$<script>$ and \\textbf{<iframe src=x>}");
  record->status = g_strdup ("<style>body{display:none}</style>");
  g_ptr_array_add (records, record);

  html = write_records (PROC_TYPE_HTML_WRITER, PROC_EXPORT_ALL, "</title><script>alert(0)</script>",
                        records, groups);
  assert_inert_html (html);

  /* The text is still there, escaped */
  g_assert_nonnull (strstr (html, "<title>&lt;/title&gt;&lt;script&gt;alert(0)&lt;/script&gt;</title>"));
  g_assert_nonnull (strstr (html, "<h3>&lt;script&gt;alert(1)&lt;/script&gt; and &quot;quotes&quot; &amp; "
                                  "&#39;apostrophes&#39;</h3>"));
  g_assert_nonnull (strstr (html, "&lt;img src=x onerror=alert(3)&gt;"));
  g_assert_nonnull (strstr (html, "Paper: javascript:alert(7)"));
  g_assert_nonnull (strstr (html, "Code:  JaVaScRiPt:alert(9)"));
  g_assert_nonnull (strstr (html, "<a href=\"https://example.org/&quot;%20onclick=&quot;alert(10)\" "
                                  "rel=\"noopener noreferrer\">Project</a>"));
  g_assert_nonnull (strstr (html, "<a href=\"https://doi.org/10.1/%22%3E%3Cscript%3Ealert%2812%29%3C/script%3E\""));
}

static void
test_html_language (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autofree char *html = NULL;

  /* The tests run with LC_ALL=C.UTF-8 */
  html = write_records (PROC_TYPE_HTML_WRITER, PROC_EXPORT_ALL, "Empty", records, NULL);
  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>\n<!-- proceedings-export v1 "));
  g_assert_nonnull (strstr (html, " -->\n<html data-proceedings-export=\"1\" lang=\"en\">\n"));
  g_assert_true (g_str_has_suffix (html, "<h1>Empty</h1>\n</main>\n</body>\n</html>\n"));
  g_assert_nonnull (strstr (html, "<meta http-equiv=\"Content-Security-Policy\" "
                                  "content=\"default-src 'none'; style-src 'unsafe-inline'\">"));
}

/* Conference list */

static void
test_conference_list_golden (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *text = write_records (PROC_TYPE_CONFERENCE_LIST_WRITER, PROC_EXPORT_ALL, "ICML 2024 论文列表",
                                         records, fixture_groups);

  assert_golden (text, "text/fixture.txt");
}

static void
test_conference_list_round_trip (void)
{
  g_autoptr(GPtrArray) records = fixture_records ();
  g_autofree char *text = write_records (PROC_TYPE_CONFERENCE_LIST_WRITER, PROC_EXPORT_ALL, "ICML 2024 论文列表",
                                         records, NULL);
  g_autoptr(GInputStream) stream = input_for (text);
  g_autoptr(ProcConferenceList) reader = proc_conference_list_new (stream, "list.txt");
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  static const char * const expected[] = {
    /* The blank line inside the abstract is joined, or it would split the paper */
    "We show that exact attention needs $\\Omega(n^2)$ time unless $M \\geq d^2$, "
    "and give a *simple* algorithm for $\\mathbb{R}^d$. "
    "Code: https://github.com/example/fast-attention",
    "我们提出了一种新方法，在 $k$ 个样本上达到 95% 的准确率。",
    /* Without an abstract, the title */
    "Notes on an Untitled Workshop Talk",
    "Costs $5 and $10 in total; 2*3*4 | pipes | and a_b_c &amp; &copy;.",
  };

  g_assert_true (proc_conference_list_read_title (reader, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (proc_conference_list_get_title (reader), ==, "ICML 2024 论文列表");

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_conference_list_next (reader, report, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (record);
      g_assert_cmpstr (record->abstract, ==, expected[i]);
    }
  g_assert_null (proc_conference_list_next (reader, report, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report->rejected, ==, 0);
}

static void
test_conference_list_title (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autoptr(GString) long_title = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autofree char *empty = NULL;

  for (guint i = 0; i < 80; i++)
    g_string_append (long_title, "标题 ");

  /* Line breaks become spaces; the reader takes a title of at most 200 characters */
  g_string_append (long_title, "\nend");
  text = write_records (PROC_TYPE_CONFERENCE_LIST_WRITER, 0, long_title->str, records, NULL);
  g_assert_cmpuint (g_utf8_strlen (text, -1), ==, 200 + 1);
  g_assert_true (strchr (text, '\n') == text + strlen (text) - 1);

  /* An empty first line would turn the first abstract into the title */
  empty = write_records (PROC_TYPE_CONFERENCE_LIST_WRITER, 0, " \n ", records, NULL);
  g_assert_cmpstr (empty, ==, "Papers\n");
}

/* Real-world data: ICML 2019 as Paper Copilot publishes it */

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static char *
nonempty (const char *value)
{
  return value != NULL && *value != '\0' ? g_strdup (value) : NULL;
}

/* The records a JSON import would give, built here so that these tests
 * do not depend on the JSON reader. */
static GPtrArray *
load_icml2019 (void)
{
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
  g_autofree char *path = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  GPtrArray *records;
  JsonArray *array;

  if (shared == NULL)
    return NULL;
  path = g_build_filename (shared, "realworld", "icml2019.json", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  array = json_node_get_array (json_parser_get_root (parser));
  records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);
      ProcPaperRecord *record = new_record (member_string (object, "title"));

      record->authors = nonempty (member_string (object, "author"));
      /* One paper lists "A B, C D, E F": as an importer must, split it */
      if (record->authors != NULL && strchr (record->authors, ';') == NULL && strchr (record->authors, ',') != NULL)
        {
          g_auto(GStrv) names = g_strsplit (record->authors, ",", -1);

          for (guint j = 0; names[j] != NULL; j++)
            g_strstrip (names[j]);
          g_free (record->authors);
          record->authors = g_strjoinv ("; ", names);
        }
      record->abstract = nonempty (member_string (object, "abstract"));
      record->url = nonempty (member_string (object, "site"));
      record->status = nonempty (member_string (object, "status"));
      record->venue = g_strdup ("ICML 2019");
      record->year = 2019;
      proc_paper_record_add_link (record, member_string (object, "pdf"), PROC_LINK_PDF);
      proc_paper_record_add_link (record, member_string (object, "github"), PROC_LINK_CODE);
      /* Annotations vary, so every combination is written and read */
      record->rating = i % 6;
      record->read_state = (int) (i % 4) - 1;
      record->starred = (int) (i % 3) - 1;
      if (i % 5 == 0)
        proc_paper_record_add_tag (record, "to read");
      if (i % 7 == 0)
        record->note = g_strdup_printf ("Paper %u, note line one\nline two: =1+1", i);
      g_ptr_array_add (records, record);
    }

  return records;
}

static void
round_trip_real_world (GType    writer_type,
                       GType    reader_type,
                       gboolean has_status,
                       gboolean links_by_host)
{
  guint code_by_host_lost = 0;
  g_autoptr(GPtrArray) records = load_icml2019 ();
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) back = NULL;
  g_autofree char *text = NULL;
  double write_seconds, read_seconds;

  if (records == NULL)
    {
      g_test_skip ("../shared/realworld/icml2019.json is not here");
      return;
    }

  g_test_timer_start ();
  text = write_records (writer_type, PROC_EXPORT_ALL, "ICML 2019", records, NULL);
  write_seconds = g_test_timer_elapsed ();
  g_test_timer_start ();
  back = read_text (reader_type, text, "icml2019", report, &error);
  read_seconds = g_test_timer_elapsed ();
  g_test_message ("%u papers: written in %.3f s (%zu bytes), read back in %.3f s",
                  records->len, write_seconds, strlen (text), read_seconds);

  g_assert_no_error (error);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (back->len, ==, 774);
  for (guint i = 0; i < records->len; i++)
    {
      ProcPaperRecord *want = g_ptr_array_index (records, i);
      ProcPaperRecord *got = g_ptr_array_index (back, i);
      const char *code = proc_paper_record_get_link (want, PROC_LINK_CODE);

      assert_same_paper_links (want, got, !links_by_host);
      if (has_status)
        g_assert_cmpstr (got->status, ==, want->status);

      if (code != NULL && !links_equal (want, got, PROC_LINK_CODE))
        {
          g_assert_true (has_link (got, code));
          code_by_host_lost++;
        }
    }

  /* ICML 2019 has one code link on git.io, a link shortener */
  g_assert_cmpuint (code_by_host_lost, ==, links_by_host ? 1 : 0);
}

static void
test_real_world_ris (void)
{
  /* RIS has no field for Oral or Poster, nor kinds of links */
  round_trip_real_world (PROC_TYPE_RIS_WRITER, PROC_TYPE_RIS_READER, FALSE, TRUE);
}

static void
test_real_world_csv (void)
{
  round_trip_real_world (PROC_TYPE_CSV_WRITER, PROC_TYPE_CSV_READER, TRUE, FALSE);
}

static void
test_real_world_documents (void)
{
  g_autoptr(GPtrArray) records = load_icml2019 ();
  g_autofree char *md = NULL;
  g_autofree char *html = NULL;
  guint articles = 0;
  guint headings = 0;

  if (records == NULL)
    {
      g_test_skip ("../shared/realworld/icml2019.json is not here");
      return;
    }

  g_test_timer_start ();
  html = write_records (PROC_TYPE_HTML_WRITER, PROC_EXPORT_ALL, "ICML 2019", records, NULL);
  g_test_message ("HTML: %u papers in %.3f s, %zu bytes", records->len, g_test_timer_elapsed (), strlen (html));
  assert_inert_html (html);
  for (const char *p = html; (p = strstr (p, "<article>")) != NULL; p++)
    articles++;
  g_assert_cmpuint (articles, ==, 774);

  g_test_timer_start ();
  md = write_records (PROC_TYPE_MARKDOWN_WRITER, PROC_EXPORT_ALL, "ICML 2019", records, NULL);
  g_test_message ("Markdown: %u papers in %.3f s, %zu bytes", records->len, g_test_timer_elapsed (), strlen (md));
  for (const char *p = md; (p = strstr (p, "\n## ")) != NULL; p++)
    headings++;
  g_assert_cmpuint (headings, ==, 774);
}

static void
test_real_world_conference_list (void)
{
  g_autoptr(GPtrArray) records = load_icml2019 ();
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(ProcConferenceList) reader = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint read = 0;

  if (records == NULL)
    {
      g_test_skip ("../shared/realworld/icml2019.json is not here");
      return;
    }

  text = write_records (PROC_TYPE_CONFERENCE_LIST_WRITER, PROC_EXPORT_ALL, "ICML 2019", records, NULL);
  stream = input_for (text);
  reader = proc_conference_list_new (stream, "icml2019.txt");
  g_assert_true (proc_conference_list_read_title (reader, NULL, &error));
  g_assert_cmpstr (proc_conference_list_get_title (reader), ==, "ICML 2019");

  for (guint i = 0; i < records->len; i++)
    {
      ProcPaperRecord *want = g_ptr_array_index (records, i);
      g_autoptr(ProcPaperRecord) got = proc_conference_list_next (reader, report, NULL, &error);
      g_autofree char *expected = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (got);
      read++;

      /* A paper without an abstract comes back as its title */
      expected = g_strstrip (g_strdup (want->abstract ? want->abstract : want->derived_title));
      g_assert_cmpstr (got->abstract, ==, expected);
    }
  g_assert_null (proc_conference_list_next (reader, report, NULL, &error));
  g_assert_cmpuint (read, ==, 774);
  g_assert_cmpuint (report->rejected, ==, 0);
}

/* The app's own seed lists, read and written again, are the same text */
static void
test_real_world_seeds (void)
{
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
  static const char * const seeds[] = { "000_a25eda8d971aa41d.txt", "002_0422a96b7d33311f.txt" };

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      g_autofree char *path = g_build_filename (shared ? shared : "", "seeds", seeds[s], NULL);
      g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
      g_autoptr(ProcImportReport) report = proc_import_report_new ();
      g_autoptr(ProcConferenceList) reader = NULL;
      g_autoptr(GInputStream) stream = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *original = NULL;
      g_autofree char *written = NULL;
      ProcPaperRecord *record;

      if (shared == NULL || !g_file_get_contents (path, &original, NULL, NULL))
        {
          g_test_skip ("../shared/seeds is not here");
          return;
        }

      stream = input_for (original);
      reader = proc_conference_list_new (stream, path);
      g_assert_true (proc_conference_list_read_title (reader, NULL, &error));
      while ((record = proc_conference_list_next (reader, report, NULL, &error)) != NULL)
        g_ptr_array_add (records, record);
      g_assert_no_error (error);
      g_assert_cmpuint (records->len, ==, 19);

      written = write_records (PROC_TYPE_CONFERENCE_LIST_WRITER, PROC_EXPORT_ALL,
                               proc_conference_list_get_title (reader), records, NULL);
      g_assert_cmpstr (g_strchomp (written), ==, g_strchomp (original));
    }
}

int
main (int   argc,
      char *argv[])
{
  /* The HTML page's language comes from the locale; LANGUAGE would
   * override LC_ALL=C.UTF-8 there, though not for the labels. */
  g_unsetenv ("LANGUAGE");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ris/golden", test_ris_golden);
  g_test_add_func ("/ris/round-trip", test_ris_round_trip);
  g_test_add_func ("/ris/fields-off", test_ris_fields_off);
  g_test_add_func ("/ris/read-foreign", test_ris_read_foreign);
  g_test_add_func ("/ris/not-ris", test_ris_not_ris);
  g_test_add_func ("/csv/golden", test_csv_golden);
  g_test_add_func ("/csv/columns", test_csv_columns);
  g_test_add_func ("/csv/injection", test_csv_injection);
  g_test_add_func ("/csv/round-trip", test_csv_round_trip);
  g_test_add_func ("/csv/read-foreign", test_csv_read_foreign);
  g_test_add_func ("/csv/bad-rows", test_csv_bad_rows);
  g_test_add_func ("/csv/header-errors", test_csv_header_errors);
  g_test_add_func ("/markdown/golden", test_markdown_golden);
  g_test_add_func ("/markdown/ungrouped", test_markdown_ungrouped);
  g_test_add_func ("/markdown/unsafe-links", test_markdown_unsafe_links);
  g_test_add_func ("/markdown/emphasis", test_markdown_emphasis);
  g_test_add_func ("/html/golden", test_html_golden);
  g_test_add_func ("/html/inert", test_html_inert);
  g_test_add_func ("/html/language", test_html_language);
  g_test_add_func ("/conference-list/golden", test_conference_list_golden);
  g_test_add_func ("/conference-list/round-trip", test_conference_list_round_trip);
  g_test_add_func ("/conference-list/title", test_conference_list_title);
  g_test_add_func ("/real-world/ris", test_real_world_ris);
  g_test_add_func ("/real-world/csv", test_real_world_csv);
  g_test_add_func ("/real-world/documents", test_real_world_documents);
  g_test_add_func ("/real-world/conference-list", test_real_world_conference_list);
  g_test_add_func ("/real-world/seeds", test_real_world_seeds);

  return g_test_run ();
}
