/* test-json-formats.c: CSL-JSON and Paper Copilot JSON, read and written for real
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "proc-csl-json-reader.h"
#include "proc-importer.h"
#include "proc-csl-json-writer.h"
#include "proc-json-array-reader.h"
#include "proc-paper-copilot-reader.h"
#include "proc-paper.h"

#if defined(__SANITIZE_ADDRESS__)
# define UNDER_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define UNDER_ASAN 1
# endif
#endif
#ifndef UNDER_ASAN
# define UNDER_ASAN 0
#endif

/* Helpers */

static GInputStream *
stream_for (const char *text)
{
  gsize len = strlen (text);

  return g_memory_input_stream_new_from_data (g_memdup2 (text, len), len, g_free);
}

typedef enum { CSL, COPILOT } Format;

static ProcRecordReader *
new_reader (Format        format,
            GInputStream *stream,
            const char   *display_name)
{
  if (format == CSL)
    return PROC_RECORD_READER (proc_csl_json_reader_new (stream, display_name));

  return PROC_RECORD_READER (proc_paper_copilot_reader_new (stream, display_name));
}

/* Reads every record, as the importer does: the header, then records
 * until the end or an error. */
static GPtrArray *
read_stream (Format             format,
             GInputStream      *stream,
             const char        *display_name,
             ProcImportReport  *report,
             GError           **error)
{
  g_autoptr(ProcRecordReader) reader = new_reader (format, stream, display_name);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *record;

  if (!proc_record_reader_read_header (reader, NULL, error))
    return g_steal_pointer (&records);

  while ((record = proc_record_reader_next (reader, report, NULL, error)))
    g_ptr_array_add (records, record);

  return g_steal_pointer (&records);
}

static GPtrArray *
read_text (Format             format,
           const char        *text,
           const char        *display_name,
           ProcImportReport  *report,
           GError           **error)
{
  g_autoptr(GInputStream) stream = stream_for (text);

  return read_stream (format, stream, display_name, report, error);
}

static char *
write_records (GPtrArray        *records,
               ProcExportFields  fields)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(ProcCslJsonWriter) writer = proc_csl_json_writer_new (stream, fields);
  ProcRecordWriter *w = PROC_RECORD_WRITER (writer);
  g_autoptr(GError) error = NULL;

  g_assert_true (proc_record_writer_begin (w, "Reading list", &error));
  g_assert_no_error (error);
  for (guint i = 0; i < records->len; i++)
    {
      g_assert_true (proc_record_writer_write (w, g_ptr_array_index (records, i), &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_record_writer_end (w, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (stream, "", 1, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (stream, NULL, &error));

  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

static void
assert_records_equal (const ProcPaperRecord *a,
                      const ProcPaperRecord *b)
{
  g_assert_cmpstr (a->derived_title, ==, b->derived_title);
  g_assert_cmpstr (a->abstract, ==, b->abstract);
  g_assert_cmpstr (a->authors, ==, b->authors);
  g_assert_cmpstr (a->venue, ==, b->venue);
  g_assert_cmpint (a->year, ==, b->year);
  g_assert_cmpstr (a->doi, ==, b->doi);
  g_assert_cmpstr (a->url, ==, b->url);
  g_assert_cmpstr (a->status, ==, b->status);
  g_assert_cmpstr (a->pages, ==, b->pages);
  g_assert_cmpstr (a->note, ==, b->note);
  g_assert_cmpint (a->rating, ==, b->rating);
  g_assert_cmpint (a->read_state, ==, b->read_state);
  g_assert_cmpint (a->starred, ==, b->starred);

  g_assert_cmpuint (a->links->len, ==, b->links->len);
  for (guint i = 0; i < a->links->len; i++)
    {
      const ProcLink *la = g_ptr_array_index (a->links, i);
      const ProcLink *lb = g_ptr_array_index (b->links, i);

      g_assert_cmpstr (la->url, ==, lb->url);
      g_assert_cmpint (la->kind, ==, lb->kind);
    }

  g_assert_cmpuint (a->tags->len, ==, b->tags->len);
  for (guint i = 0; i < a->tags->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a->tags, i), ==, g_ptr_array_index (b->tags, i));
}

static ProcPaperRecord *
new_record (const char *title,
            const char *authors,
            const char *venue,
            int         year)
{
  ProcPaperRecord *record = proc_paper_record_new ();

  record->derived_title = g_strdup (title);
  record->authors = g_strdup (authors);
  record->venue = g_strdup (venue);
  record->year = year;
  return record;
}

/* Four papers that use every field: the golden file, the round trip and
 * pandoc all start from them. */
static GPtrArray *
sample_records (void)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *r;

  r = new_record ("A Baseline for Any Order Gradient Estimation in Stochastic Computation Graphs",
                  "Jingkai Mao; Jakob Foerster; Tim Rocktäschel",
                  "Proceedings of the 36th International Conference on Machine Learning", 2019);
  r->citation_key = g_strdup ("pmlr-v97-mao19a");
  r->doi = g_strdup ("10.5555/3327144.3327229");
  r->url = g_strdup ("https://proceedings.mlr.press/v97/mao19a.html");
  r->pages = g_strdup ("4343--4351");
  r->status = g_strdup ("Oral");
  r->abstract = g_strdup ("We bound the variance by $\\mathcal{O}(n^{-1/2})$ for *any* order.\n"
                          "Code: https://github.com/oxwhirl/dice");
  r->note = g_strdup ("读书会讨论：第三节的证明需要再看一遍。");
  r->rating = 4;
  r->read_state = PROC_READ_STATE_READ;
  r->starred = 1;
  proc_paper_record_add_tag (r, "reading-group");
  proc_paper_record_add_tag (r, "优化");
  proc_paper_record_add_link (r, "https://github.com/oxwhirl/dice", PROC_LINK_CODE);
  proc_paper_record_add_link (r, "http://proceedings.mlr.press/v97/mao19a/mao19a.pdf", PROC_LINK_PDF);
  g_ptr_array_add (records, r);

  r = new_record ("On \"Quoted\" Titles and C:\\Paths\\ in JSON",
                  "Ludwig van Beethoven; Martin Luther King Jr.; DeepMind",
                  NULL, 2021);
  r->abstract = g_strdup ("Tabs\tand \"quotes\", a backslash \\ and a control character \x01.");
  r->rating = 2;
  r->read_state = PROC_READ_STATE_READING;
  r->starred = 0;
  proc_paper_record_add_tag (r, "theory, applied");
  proc_paper_record_add_tag (r, "to read");
  g_ptr_array_add (records, r);

  /* The same first author, year and first title word: the key gets "a". */
  r = new_record ("On Quoted Titles, Again", "Ludwig van Beethoven", "Workshop on Escaping", 2021);
  r->read_state = PROC_READ_STATE_UNREAD;
  proc_paper_record_add_link (r, "https://beethoven.example.org/again", PROC_LINK_PROJECT);
  g_ptr_array_add (records, r);

  r = new_record ("The Paper Nobody Signed", NULL, NULL, 0);
  g_ptr_array_add (records, r);

  return records;
}

/* The splitter */

static void
test_splitter_elements (void)
{
  const char *text =
    "\n"
    "[ {\"a\": \"]}\\\"\\\\\", \"b\": [1, {\"c\": \"{\"}]},\n"
    "  {\n"
    "    \"d\": \"x\"\n"
    "  }  ,\"s\" , 12,[1,2]\n"
    "]\n";
  g_autoptr(GInputStream) stream = stream_for (text);
  g_autoptr(ProcLineReader) lines = proc_line_reader_new (stream, "split.json");
  g_autoptr(ProcJsonArrayReader) json = proc_json_array_reader_new (lines);
  g_autoptr(GError) error = NULL;
  const char *expected[] = {
    "{\"a\": \"]}\\\"\\\\\", \"b\": [1, {\"c\": \"{\"}]}",
    "{\n    \"d\": \"x\"\n  }",
    "\"s\"",
    "12",
    "[1,2]",
  };
  const guint expected_lines[] = { 2, 3, 5, 5, 5 };
  const char *element;
  gsize len;
  guint line;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      element = proc_json_array_reader_next (json, &len, &line, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (element, ==, expected[i]);
      g_assert_cmpuint (len, ==, strlen (expected[i]));
      g_assert_cmpuint (line, ==, expected_lines[i]);
    }

  g_assert_null (proc_json_array_reader_next (json, &len, &line, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (proc_json_array_reader_next (json, &len, &line, NULL, &error));
  g_assert_no_error (error);
}

static void
test_splitter_empty_array (void)
{
  const char *texts[] = { "[]", "  [\n\n]\n", "\xef\xbb\xbf[ ]\r\n", "[\n  {\"title\": \"x\"},\n]\n" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(ProcImportReport) report = proc_import_report_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = read_text (CSL, texts[i], "empty.json", report, &error);

      g_assert_no_error (error);
      /* The last one has a comma before "]": not JSON, but harmless. */
      g_assert_cmpuint (records->len, ==, i == 3 ? 1 : 0);
      g_assert_cmpuint (report->rejected, ==, 0);
    }
}

static void
test_splitter_single_object (void)
{
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records =
    read_text (CSL, "\n{\n  \"id\": \"one\",\n  \"title\": \"Just One\"\n}\n", "one.json", report, &error);
  ProcPaperRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  r = g_ptr_array_index (records, 0);
  g_assert_cmpstr (r->derived_title, ==, "Just One");
  g_assert_cmpstr (r->citation_key, ==, "one");
  g_assert_cmpuint (r->line, ==, 2);
}

typedef struct
{
  const char *text;
  int code;
  const char *message;
} ErrorCase;

static void
test_splitter_errors (void)
{
  const ErrorCase cases[] = {
    { "", PROC_IMPORT_ERROR_EMPTY, "bad.json:1: the file is empty" },
    { "\n  \n", PROC_IMPORT_ERROR_EMPTY, "bad.json:2: the file is empty" },
    { "\n\ntitle: A paper\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:3: this is not a JSON paper list: it begins with “title: A paper” where an array’s “[” should be" },
    { "@inproceedings{x,\n", PROC_IMPORT_ERROR_FORMAT, "bad.json:1: this is not a JSON paper list" },
    { "[\n  {\"title\": \"A\"},\n  {\"title\": \"B\"}\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:3: the file ends before the array that begins on line 1 is closed with “]”" },
    { "[\n  {\"title\": \"A\"},\n  {\"title\": \"B\n\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:4: the file ends inside the string that begins on line 3; a quotation mark is missing" },
    { "[\n  {\"title\": \"A\"},\n  {\"title\": \"B\"\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:3: the file ends before the array that begins on line 1" },
    { "{\"title\": \"A\"", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:1: the file ends before the object that begins on line 1 is closed with “}”" },
    { "[\n  {\"title\": \"A\"}\n  {\"title\": \"B\"}\n]\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:3: expected “,” or “]” after the entry that begins on line 2, but found “{\"title\": \"B\"}”" },
    { "[\n  {\"title\": \"A\"},,\n]\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:2: an entry is missing: two commas follow each other" },
    { "[{\"title\": \"A\"}]\n]\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:2: unexpected text after the end of the list: “]”" },
    { "[{\"title\": \"A\"}]\n{\"title\": \"B\"}", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:2: unexpected text after the end of the list" },
    { "[{\"title\": \"A\"},\n{\"title\": \"\xff\"}]", PROC_IMPORT_ERROR_ENCODING,
      "bad.json:2: the text is not valid UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcImportReport) report = proc_import_report_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = read_text (CSL, cases[i].text, "bad.json", report, &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(no error)");
      g_assert_error (error, PROC_IMPORT_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
      g_assert_cmpuint (report->rejected, ==, 0);
    }

  /* After such an error the reader has nothing more to give. */
  {
    g_autoptr(GInputStream) stream = stream_for ("[{\"title\": \"A\"} {\"title\": \"B\"}, {\"title\": \"C\"}]");
    g_autoptr(ProcLineReader) lines = proc_line_reader_new (stream, "stop.json");
    g_autoptr(ProcJsonArrayReader) json = proc_json_array_reader_new (lines);
    g_autoptr(GError) error = NULL;

    g_assert_nonnull (proc_json_array_reader_next (json, NULL, NULL, NULL, &error));
    g_assert_null (proc_json_array_reader_next (json, NULL, NULL, NULL, &error));
    g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT);
    g_clear_error (&error);
    g_assert_null (proc_json_array_reader_next (json, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
  }
}

/* A value straight after a string or a number is a comma missing between
 * two entries, as between two objects: the file is refused there, after
 * the string or number was reported as no paper. */
static void
test_splitter_value_after_value (void)
{
  const ErrorCase cases[] = {
    { "[\n  \"a\"[1, 2]\n]\n", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:2: expected “,” or “]” after the entry that begins on line 2, but found “[1, 2]”" },
    { "[ 0{\"title\": \"x\"} ]", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:1: expected “,” or “]” after the entry that begins on line 1, but found “{\"title\": \"x\"} ]”" },
    { "[ \"a\"\"b\", 1 ]", PROC_IMPORT_ERROR_FORMAT,
      "bad.json:1: expected “,” or “]” after the entry that begins on line 1, but found “\"b\", 1 ]”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcImportReport) report = proc_import_report_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = read_text (CSL, cases[i].text, "bad.json", report, &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(no error)");
      g_assert_error (error, PROC_IMPORT_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_assert_cmpuint (records->len, ==, 0);
      g_assert_cmpuint (report->rejected, ==, 1);
    }
}

/* A broken entry is skipped with its line and json-glib's reason; the
 * splitter knows where it ends, so the next one is read. */
static void
test_splitter_rejects (void)
{
  const char *text =
    "[\n"
    "  {\"title\": \"First\"},\n"
    "  {\"title\": \"Broken\",\n"
    "   \"author\": }, {\"title\": \"Second\"},\n"
    "  42,\n"
    "  \"a string\",\n"
    "  [\"an\", \"array\"],\n"
    "  null,\n"
    "  {\"abstract\": \"No title here.\", \"title\": \"  \"},\n"
    "  {\"title\": tru},\n"
    "  {\"title\": \"Third\"}\n"
    "]\n";
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_text (COPILOT, text, "mixed.json", report, &error);
  const char *problems[] = {
    "mixed.json:3: the entry is not valid JSON: unexpected character",
    "mixed.json:5: the entry is a number, not an object with a title and other fields",
    "mixed.json:6: the entry is a string, not an object with a title and other fields",
    "mixed.json:7: the entry is an array, not an object with a title and other fields",
    "mixed.json:8: the entry is null, not an object with a title and other fields",
    "mixed.json:9: the entry has no title",
    "mixed.json:10: the entry is not valid JSON: unexpected identifier",
  };

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 3);
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (records, 0))->derived_title, ==, "First");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (records, 1))->derived_title, ==, "Second");
  g_assert_cmpuint (((ProcPaperRecord *) g_ptr_array_index (records, 1))->line, ==, 4);
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (records, 2))->derived_title, ==, "Third");
  g_assert_cmpuint (((ProcPaperRecord *) g_ptr_array_index (records, 2))->line, ==, 11);

  g_assert_cmpuint (report->rejected, ==, G_N_ELEMENTS (problems));
  g_assert_cmpuint (report->problems->len, ==, G_N_ELEMENTS (problems));
  for (guint i = 0; i < G_N_ELEMENTS (problems); i++)
    {
      const char *problem = g_ptr_array_index (report->problems, i);

      g_test_message ("%s", problem);
      g_assert_true (g_str_has_prefix (problem, problems[i]));
    }

  /* The place of the parse error counts from the file, not the entry. */
  g_assert_nonnull (strstr (g_ptr_array_index (report->problems, 0), "(line 4, column 14)"));
  g_assert_nonnull (strstr (g_ptr_array_index (report->problems, 6), "(line 10, column 15)"));
}

/* Paper Copilot */

static void
test_paper_copilot_fields (void)
{
  const char *text =
    "[\n"
    "    {\n"
    "        \"title\": \" A Baseline for Any Order Gradient Estimation \",\n"
    "        \"status\": \"Oral\",\n"
    "        \"track\": \"main\",\n"
    "        \"site\": \"https://icml.cc/virtual/2019/poster/3768\",\n"
    "        \"id\": \"3768\",\n"
    "        \"author_site\": \"Jingkai Mao, Tim Rockt\\u00e4schel\",\n"
    "        \"author\": \"Jingkai Mao;  Tim Rockt\\u00e4schel ;; Shimon   Whiteson; \",\n"
    "        \"abstract\": \"Variance $O(n^{-1})$ and \\u201cquotes\\u201d.\",\n"
    "        \"bibtex\": \"@InProceedings{pmlr-v97-mao19a,\\n  title = {A Baseline}\\n}\",\n"
    "        \"pdf\": \"http://proceedings.mlr.press/v97/mao19a/mao19a.pdf\",\n"
    "        \"supp\": \"\",\n"
    "        \"pdf_size\": 671881,\n"
    "        \"gs_citation\": 14,\n"
    "        \"github\": \"www.github.com/google/compare_gan\",\n"
    "        \"project\": \"\",\n"
    "        \"keywords\": \"gradient estimation; variance\",\n"
    "        \"aff_unique_index\": null,\n"
    "        \"oa\": \"https://proceedings.mlr.press/v97/mao19a.html\"\n"
    "    },\n"
    "    {\n"
    "        \"title\": \"Universal Multi-Party Poisoning Attacks\",\n"
    "        \"site\": \"\",\n"
    "        \"oa\": \"https://proceedings.mlr.press/v97/mahloujifar19a.html\",\n"
    "        \"author\": \"Saeed Mahloujifar\",\n"
    "        \"status\": null,\n"
    "        \"abstract\": \"\",\n"
    "        \"github\": \"\",\n"
    "        \"project\": \"http://deephol.org\",\n"
    "        \"year\": \"2020\",\n"
    "        \"venue\": \"ICML 2019 Workshop\",\n"
    "        \"doi\": \"https://doi.org/10.1000/ABC\"\n"
    "    },\n"
    "    {\n"
    "        \"title\": \"\",\n"
    "        \"author\": \"Nobody\"\n"
    "    },\n"
    "    {\n"
    "        \"author\": \"No Title\",\n"
    "        \"year\": 2018\n"
    "    }\n"
    "]\n";
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_text (COPILOT, text, "/data/icml2019.json", report, &error);
  ProcPaperRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 2);

  r = g_ptr_array_index (records, 0);
  g_assert_cmpuint (r->line, ==, 2);
  g_assert_cmpstr (r->derived_title, ==, "A Baseline for Any Order Gradient Estimation");
  g_assert_cmpstr (r->authors, ==, "Jingkai Mao; Tim Rocktäschel; Shimon Whiteson");
  g_assert_cmpstr (r->abstract, ==, "Variance $O(n^{-1})$ and “quotes”.");
  g_assert_cmpstr (r->status, ==, "Oral");
  g_assert_cmpstr (r->url, ==, "https://icml.cc/virtual/2019/poster/3768");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_PDF), ==,
                   "http://proceedings.mlr.press/v97/mao19a/mao19a.pdf");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==,
                   "https://www.github.com/google/compare_gan");
  g_assert_cmpuint (r->links->len, ==, 2);
  g_assert_null (r->venue);
  g_assert_cmpint (r->year, ==, 2019);    /* from the file's name */
  g_assert_null (r->doi);
  g_assert_null (r->citation_key);
  g_assert_cmpuint (r->tags->len, ==, 0); /* the producer's keywords are not tags */
  g_assert_null (r->note);
  g_assert_cmpint (r->rating, ==, 0);
  g_assert_cmpint (r->read_state, ==, PROC_RECORD_UNSET);
  g_assert_cmpint (r->starred, ==, PROC_RECORD_UNSET);

  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->derived_title, ==, "Universal Multi-Party Poisoning Attacks");
  g_assert_cmpstr (r->authors, ==, "Saeed Mahloujifar");
  g_assert_null (r->abstract);
  g_assert_null (r->status);
  g_assert_cmpstr (r->url, ==, "https://proceedings.mlr.press/v97/mahloujifar19a.html");
  g_assert_null (proc_paper_record_get_link (r, PROC_LINK_CODE));
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_PROJECT), ==, "http://deephol.org");
  g_assert_cmpint (r->year, ==, 2020);
  g_assert_cmpstr (r->venue, ==, "ICML 2019 Workshop");
  g_assert_cmpstr (r->doi, ==, "10.1000/abc");

  g_assert_cmpuint (report->rejected, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, "/data/icml2019.json:35: the entry has no title");
  g_assert_cmpstr (g_ptr_array_index (report->problems, 1), ==, "/data/icml2019.json:39: the entry has no title");
}

static void
test_paper_copilot_no_year (void)
{
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records =
    read_text (COPILOT, "[{\"title\": \"T\", \"author\": \"\"}]", "papers.json", report, &error);
  ProcPaperRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  r = g_ptr_array_index (records, 0);
  g_assert_cmpint (r->year, ==, 0);
  g_assert_null (r->authors);
}

/* The file's convention, not the entry's, says what a comma is (issue
 * 22): here names are "Given Family" separated by ";", so an entry with
 * commas alone (one of ICML 2019's) separates its names with commas. */
static void
test_paper_copilot_authors (void)
{
  const char *text =
    "[{\"title\": \"1\", \"author\": \"Saeed Mahloujifar, Mohammad Mahmoody, Ameer Mohammed\"},\n"
    " {\"title\": \"2\", \"author\": \"Mao, Jingkai\"},\n"
    " {\"title\": \"3\", \"author\": \"Martin Luther King, Jr.\"},\n"
    " {\"title\": \"4\", \"author\": \"A B; E F\"},\n"
    " {\"title\": \"5\", \"author\": \" ; ;\"},\n"
    " {\"title\": \"6\", \"author\": \"Zhang\\u00a0San;\\tLi Si\"}]\n";
  const char *expected[] = {
    "Saeed Mahloujifar; Mohammad Mahmoody; Ameer Mohammed",
    "Mao; Jingkai",
    "Martin Luther King Jr.",
    "A B; E F",
    NULL,
    "Zhang\u00a0San; Li Si",
  };
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_text (COPILOT, text, "authors.json", report, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < records->len; i++)
    g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (records, i))->authors, ==, expected[i]);
}

/* CSL-JSON read from others: Zotero, pandoc, citeproc-js. */
static void
test_csl_read_foreign (void)
{
  const char *text =
    "[\n"
    "  {\n"
    "    \"id\": \"http://zotero.org/users/local/AbCd/items/XYZ12345\",\n"
    "    \"type\": \"paper-conference\",\n"
    "    \"title\": \"Attention Is All You Need\",\n"
    "    \"container-title\": \"Advances in Neural Information Processing Systems\",\n"
    "    \"page\": \"5998-6008\",\n"
    "    \"URL\": \"https://papers.nips.cc/paper/7181\",\n"
    "    \"DOI\": \"https://doi.org/10.48550/ARXIV.1706.03762\",\n"
    "    \"author\": [\n"
    "      {\"family\": \"Vaswani\", \"given\": \"Ashish\"},\n"
    "      {\"family\": \"Beethoven\", \"given\": \"Ludwig\", \"non-dropping-particle\": \"van\"},\n"
    "      {\"family\": \"King\", \"given\": \"Martin Luther\", \"suffix\": \"Jr.\"},\n"
    "      {\"literal\": \"Google Brain\"},\n"
    "      {\"family\": \"Only\"},\n"
    "      {}\n"
    "    ],\n"
    "    \"issued\": {\"date-parts\": [[\"2017\", \"12\"]]},\n"
    "    \"keyword\": \"transformers, attention,  , NLP\",\n"
    "    \"note\": \"Extra: arXiv 1706.03762\\n\",\n"
    "    \"abstract\": \"The dominant sequence transduction models…\"\n"
    "  },\n"
    "  {\"id\": \"knuth1984\", \"type\": \"article-journal\", \"title\": \"Literate Programming\",\n"
    "   \"issued\": {\"raw\": \"1984-05\"}, \"page\": \"97–111\", \"event-title\": \"Event\"},\n"
    "  {\"id\": 17, \"title\": \"Season\", \"issued\": {\"literal\": \"Spring 2003\"}, \"page\": \"e12-e20, 35-40\"},\n"
    "  {\"id\": \"has space\", \"title\": \"Plain\", \"issued\": \"2010\", \"author\": \"A. Person\",\n"
    "   \"custom\": {\"other-app\": {\"x\": 1}}},\n"
    "  {\"id\": \"bad-custom\", \"title\": \"Odd Custom\", \"issued\": {\"date-parts\": [[2011.0]]},\n"
    "   \"custom\": {\"proceedings\": {\"tags\": [1, \"ok\"], \"rating\": 9, \"read-state\": \"done\",\n"
    "                \"starred\": \"yes\", \"links\": [\"x\", {\"url\": \"https://e.org\", \"kind\": \"weird\"}],\n"
    "                \"code\": \"https://github.com/a/b\"}}}\n"
    "]\n";
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_text (CSL, text, "zotero.json", report, &error);
  ProcPaperRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (records->len, ==, 5);

  r = g_ptr_array_index (records, 0);
  g_assert_null (r->citation_key);
  g_assert_cmpstr (r->derived_title, ==, "Attention Is All You Need");
  g_assert_cmpstr (r->venue, ==, "Advances in Neural Information Processing Systems");
  g_assert_cmpstr (r->pages, ==, "5998--6008");
  g_assert_cmpstr (r->url, ==, "https://papers.nips.cc/paper/7181");
  g_assert_cmpstr (r->doi, ==, "10.48550/arxiv.1706.03762");
  g_assert_cmpstr (r->authors, ==,
                   "Ashish Vaswani; Ludwig van Beethoven; Martin Luther King Jr.; Google Brain; Only");
  g_assert_cmpint (r->year, ==, 2017);
  g_assert_cmpuint (r->tags->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (r->tags, 0), ==, "transformers");
  g_assert_cmpstr (g_ptr_array_index (r->tags, 1), ==, "attention");
  g_assert_cmpstr (g_ptr_array_index (r->tags, 2), ==, "NLP");
  g_assert_cmpstr (r->note, ==, "Extra: arXiv 1706.03762\n");
  g_assert_cmpstr (r->abstract, ==, "The dominant sequence transduction models…");
  g_assert_cmpint (r->rating, ==, 0);
  g_assert_cmpint (r->read_state, ==, PROC_RECORD_UNSET);
  g_assert_cmpint (r->starred, ==, PROC_RECORD_UNSET);

  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->citation_key, ==, "knuth1984");
  g_assert_cmpint (r->year, ==, 1984);
  g_assert_cmpstr (r->pages, ==, "97–111");
  g_assert_cmpstr (r->venue, ==, "Event");
  g_assert_null (r->authors);

  r = g_ptr_array_index (records, 2);
  g_assert_null (r->citation_key);
  g_assert_cmpint (r->year, ==, 2003);
  g_assert_cmpstr (r->pages, ==, "e12--e20, 35--40");

  r = g_ptr_array_index (records, 3);
  g_assert_null (r->citation_key);
  g_assert_cmpint (r->year, ==, 2010);
  g_assert_cmpstr (r->authors, ==, "A. Person");

  /* Our own annotations, written badly: what makes sense is kept. */
  r = g_ptr_array_index (records, 4);
  g_assert_cmpint (r->year, ==, 2011);
  g_assert_cmpuint (r->tags->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (r->tags, 0), ==, "ok");
  g_assert_cmpint (r->rating, ==, 5);
  g_assert_cmpint (r->read_state, ==, PROC_RECORD_UNSET);
  g_assert_cmpint (r->starred, ==, PROC_RECORD_UNSET);
  g_assert_cmpuint (r->links->len, ==, 2);
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_OTHER), ==, "https://e.org");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==, "https://github.com/a/b");
}

/* CSL-JSON written */

static char *
golden_path (const char *name)
{
  return g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", "json", name, NULL);
}

/* Set PROCEEDINGS_UPDATE_GOLDEN=1 to write the file anew after a change
 * that is meant; then read the difference before committing it. */
static void
assert_golden (const char *name,
               const char *output)
{
  g_autofree char *path = golden_path (name);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  if (g_getenv ("PROCEEDINGS_UPDATE_GOLDEN") != NULL)
    {
      g_assert_true (g_file_set_contents (path, output, -1, &error));
      g_assert_no_error (error);
    }

  g_assert_true (g_file_get_contents (path, &expected, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (output, ==, expected);
}

static void
test_csl_golden (void)
{
  g_autoptr(GPtrArray) records = sample_records ();
  g_autofree char *output = write_records (records, PROC_EXPORT_ALL);

  assert_golden ("export.json", output);
}

static void
test_csl_round_trip (void)
{
  g_autoptr(GPtrArray) records = sample_records ();
  g_autofree char *output = write_records (records, PROC_EXPORT_ALL);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) back = read_text (CSL, output, "export.json", report, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (back->len, ==, records->len);

  for (guint i = 0; i < records->len; i++)
    assert_records_equal (g_ptr_array_index (records, i), g_ptr_array_index (back, i));

  /* A record's own key is kept; the others get stable, unique ones. */
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (back, 0))->citation_key, ==, "pmlr-v97-mao19a");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (back, 1))->citation_key, ==, "beethoven2021quoted");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (back, 2))->citation_key, ==, "beethoven2021quoteda");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (back, 3))->citation_key, ==, "paper");
  g_assert_cmpuint (((ProcPaperRecord *) g_ptr_array_index (back, 1))->line, ==, 57);

  /* And once more: what we read back writes the same file. */
  {
    g_autofree char *again = write_records (back, PROC_EXPORT_ALL);

    g_assert_cmpstr (again, ==, output);
  }
}

/* Without the fields, the annotations stay home: only the bibliographic
 * data (and status and links) goes out. */
static void
test_csl_fields (void)
{
  g_autoptr(GPtrArray) records = sample_records ();
  g_autofree char *output = write_records (records, 0);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) back = read_text (CSL, output, "bare.json", report, &error);
  ProcPaperRecord *r;

  g_assert_no_error (error);
  g_assert_null (strstr (output, "\"abstract\""));
  g_assert_null (strstr (output, "\"note\""));
  g_assert_null (strstr (output, "\"keyword\""));
  g_assert_null (strstr (output, "\"tags\""));
  g_assert_null (strstr (output, "\"rating\""));
  g_assert_null (strstr (output, "\"read-state\""));
  g_assert_null (strstr (output, "\"starred\""));

  g_assert_cmpuint (back->len, ==, 4);
  r = g_ptr_array_index (back, 0);
  g_assert_null (r->abstract);
  g_assert_null (r->note);
  g_assert_cmpuint (r->tags->len, ==, 0);
  g_assert_cmpint (r->rating, ==, 0);
  g_assert_cmpint (r->read_state, ==, PROC_RECORD_UNSET);
  g_assert_cmpint (r->starred, ==, PROC_RECORD_UNSET);
  g_assert_cmpstr (r->status, ==, "Oral");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==, "https://github.com/oxwhirl/dice");
  g_assert_cmpstr (r->doi, ==, "10.5555/3327144.3327229");

  /* Each flag alone brings its field. */
  {
    g_autofree char *tags = write_records (records, PROC_EXPORT_TAGS);
    g_autofree char *notes = write_records (records, PROC_EXPORT_NOTES);
    g_autofree char *abstracts = write_records (records, PROC_EXPORT_ABSTRACTS);
    g_autofree char *ratings = write_records (records, PROC_EXPORT_RATINGS);
    g_autofree char *states = write_records (records, PROC_EXPORT_READ_STATE);

    g_assert_nonnull (strstr (tags, "\"keyword\" : \"theory, applied, to read\""));
    g_assert_null (strstr (tags, "\"rating\""));
    g_assert_nonnull (strstr (notes, "\"note\""));
    g_assert_null (strstr (notes, "\"keyword\""));
    g_assert_nonnull (strstr (abstracts, "\"abstract\""));
    g_assert_nonnull (strstr (ratings, "\"rating\" : 4"));
    g_assert_null (strstr (ratings, "\"starred\""));
    g_assert_nonnull (strstr (states, "\"read-state\" : \"read\""));
    g_assert_nonnull (strstr (states, "\"starred\" : true"));
    g_assert_null (strstr (states, "\"rating\""));
  }
}

static void
test_csl_empty_export (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autofree char *output = write_records (records, PROC_EXPORT_ALL);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) back = NULL;

  g_assert_cmpstr (output, ==, "[]\n");
  back = read_text (CSL, output, "none.json", report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 0);
}

static void
test_csl_keys (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autoptr(GPtrArray) back = NULL;
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  ProcPaperRecord *r;
  const char *expected[] = {
    "rocktaschel2019baseline",
    "rocktaschel2019baselinea",
    "rocktaschel2019baselineb",
    "rocktaschel2019baselineaa",   /* its own key was taken */
    "ozdemir2020learning",
    "2020chinese",
    "lopez",
    "paper",
    "paper-a",
    "paper-aa",
  };

  g_ptr_array_add (records, new_record ("The Baseline", "Tim Rocktäschel; Jakob Foerster", NULL, 2019));
  g_ptr_array_add (records, new_record ("A Baseline, Again", "Tim Rocktäschel", NULL, 2019));
  g_ptr_array_add (records, new_record ("Baseline!", "Tim Rocktäschel", "V", 2019));
  r = new_record ("Baseline, taken", "X Y", NULL, 2019);
  r->citation_key = g_strdup ("rocktaschel2019baselinea");
  g_ptr_array_add (records, r);
  g_ptr_array_add (records, new_record ("Towards {Learning} to Learn", "Ayşe Özdemir", NULL, 2020));
  g_ptr_array_add (records, new_record ("On Chinese 中文 Titles", "张三", NULL, 2020));
  g_ptr_array_add (records, new_record ("中文", "López", NULL, 0));
  g_ptr_array_add (records, new_record ("The", NULL, NULL, 0));
  r = new_record ("Keyed", NULL, NULL, 0);
  r->citation_key = g_strdup ("paper-a");
  g_ptr_array_add (records, r);
  r = new_record ("Keyed again", NULL, NULL, 0);
  r->citation_key = g_strdup ("paper-a");
  g_ptr_array_add (records, r);

  output = write_records (records, PROC_EXPORT_ALL);
  back = read_text (CSL, output, "keys.json", report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < back->len; i++)
    g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (back, i))->citation_key, ==, expected[i]);

  /* The types: a venue makes it a conference paper. */
  g_assert_nonnull (strstr (output, "\"id\" : \"rocktaschel2019baselineb\",\n    \"type\" : \"paper-conference\""));
  g_assert_nonnull (strstr (output, "\"id\" : \"rocktaschel2019baseline\",\n    \"type\" : \"article\""));
}

static void
test_csl_pandoc (void)
{
  g_autofree char *pandoc = g_find_program_in_path ("pandoc");
  g_autoptr(GPtrArray) records = NULL;
  g_autofree char *output = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *bibliography = NULL;
  g_autofree char *document = NULL;
  g_autofree char *argument = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *folded = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  const char *titles[] = {
    "a baseline for any order gradient estimation in stochastic computation graphs",
    "the paper nobody signed",
    "rocktäschel",
    "beethoven",
  };

  if (pandoc == NULL)
    {
      g_test_skip ("pandoc is not installed");
      return;
    }

  records = sample_records ();
  output = write_records (records, PROC_EXPORT_ALL);
  dir = g_dir_make_tmp ("proceedings-pandoc-XXXXXX", &error);
  g_assert_no_error (error);
  bibliography = g_build_filename (dir, "out.json", NULL);
  document = g_build_filename (dir, "doc.md", NULL);
  g_assert_true (g_file_set_contents (bibliography, output, -1, &error));
  g_assert_true (g_file_set_contents (document, "---\nnocite: '@*'\n---\n\n# References\n", -1, &error));
  argument = g_strconcat ("--bibliography=", bibliography, NULL);

  {
    const char *argv[] = { pandoc, "-f", "markdown", "-t", "plain", "--wrap=none", "--citeproc",
                           argument, document, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &status, &error));
    g_assert_no_error (error);
  }

  g_test_message ("pandoc says:\n%s%s", out, err);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (err, ==, "");

  folded = g_utf8_casefold (out, -1);
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    g_assert_nonnull (strstr (folded, titles[i]));

  g_unlink (bibliography);
  g_unlink (document);
  g_rmdir (dir);
}

/* Memory and time */

/* The resident set's high-water mark, in kB (0 when unknown). */
static guint64
peak_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  if (!(line = strstr (status, "VmHWM:")))
    return 0;

  return g_ascii_strtoull (line + strlen ("VmHWM:"), NULL, 10);
}

/* Starts the high-water mark afresh where the kernel lets us. */
static void
reset_peak_rss (void)
{
  g_file_set_contents ("/proc/self/clear_refs", "5", 1, NULL);
}

/* A list far larger than any paper: reading it holds one paper at a
 * time, so the peak grows by far less than the file's size. */
static void
test_bounded_memory (void)
{
  const guint n_papers = UNDER_ASAN ? 2000 : 20000;
  g_autoptr(GString) abstract = g_string_new (NULL);
  g_autoptr(GFileIOStream) io = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GOutputStream) buffered = NULL;
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(ProcRecordReader) reader = NULL;
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  ProcPaperRecord *record;
  guint64 size;
  guint64 before;
  guint64 after;
  gint64 start;
  guint count = 0;

  while (abstract->len < 3000)
    g_string_append (abstract, "We study the \\\"variance\\\" of $\\\\nabla f$ in deep networks. ");

  file = g_file_new_tmp ("proceedings-big-XXXXXX.json", &io, &error);
  g_assert_no_error (error);
  buffered = g_buffered_output_stream_new_sized (g_io_stream_get_output_stream (G_IO_STREAM (io)), 1 << 20);
  g_assert_true (g_output_stream_write_all (buffered, "[\n", 2, NULL, NULL, &error));
  for (guint i = 0; i < n_papers; i++)
    {
      g_autofree char *entry =
        g_strdup_printf ("%s  {\n    \"title\": \"Paper %u\",\n    \"author\": \"A B; C D\",\n"
                         "    \"abstract\": \"%s\",\n    \"github\": \"https://github.com/a/%u\"\n  }",
                         i ? ",\n" : "", i, abstract->str, i);

      g_assert_true (g_output_stream_write_all (buffered, entry, strlen (entry), NULL, NULL, &error));
    }
  g_assert_true (g_output_stream_write_all (buffered, "\n]\n", 3, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (buffered, NULL, &error));
  g_assert_true (g_io_stream_close (G_IO_STREAM (io), NULL, &error));
  g_assert_no_error (error);
  path = g_file_get_path (file);

  reset_peak_rss ();
  before = peak_rss_kb ();
  start = g_get_monotonic_time ();

  input = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_assert_no_error (error);
  reader = PROC_RECORD_READER (proc_paper_copilot_reader_new (input, path));
  g_assert_true (proc_record_reader_read_header (reader, NULL, &error));
  while ((record = proc_record_reader_next (reader, report, NULL, &error)))
    {
      count++;
      proc_paper_record_free (record);
    }
  g_assert_no_error (error);
  g_assert_cmpuint (count, ==, n_papers);
  g_assert_cmpuint (report->rejected, ==, 0);

  after = peak_rss_kb ();
  size = proc_record_reader_get_offset (reader);
  g_test_message ("read %u papers (%.1f MB) in %.0f ms; peak RSS %" G_GUINT64_FORMAT " kB before, %"
                  G_GUINT64_FORMAT " kB after",
                  count, size / 1e6, (g_get_monotonic_time () - start) / 1e3, before, after);

  /* ASan keeps freed memory in quarantine, so only plain builds measure. */
  if (!UNDER_ASAN && before > 0)
    g_assert_cmpuint (after - before, <, 16 * 1024);

  g_file_delete (file, NULL, NULL);
}

/* The real-world files */

static char *
shared_path (const char *name)
{
  const char *dir = g_getenv ("PROCEEDINGS_SHARED_DIR");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return NULL;

  path = g_build_filename (dir, "realworld", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  return g_steal_pointer (&path);
}

static GPtrArray *
read_file (Format             format,
           const char        *path,
           ProcImportReport  *report,
           GError           **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) stream = g_file_read (file, NULL, error);

  if (stream == NULL)
    return NULL;

  return read_stream (format, G_INPUT_STREAM (stream), path, report, error);
}

static const ProcPaperRecord *
find_title (GPtrArray  *records,
            const char *title)
{
  for (guint i = 0; i < records->len; i++)
    {
      const ProcPaperRecord *r = g_ptr_array_index (records, i);

      if (g_strcmp0 (r->derived_title, title) == 0)
        return r;
    }

  g_error ("no paper is titled “%s”", title);
}

static void
test_realworld_paper_copilot (void)
{
  g_autofree char *path = shared_path ("icml2019.json");
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  const ProcPaperRecord *r;
  guint64 before;
  gint64 start;
  guint with_code = 0;
  guint with_abstract = 0;

  if (path == NULL)
    {
      g_test_skip ("../shared/realworld/icml2019.json is not there");
      return;
    }

  reset_peak_rss ();
  before = peak_rss_kb ();
  start = g_get_monotonic_time ();
  records = read_file (COPILOT, path, report, &error);
  g_test_message ("icml2019.json: %u papers in %.1f ms; peak RSS %" G_GUINT64_FORMAT " kB → %"
                  G_GUINT64_FORMAT " kB (the records stay in memory)",
                  records ? records->len : 0, (g_get_monotonic_time () - start) / 1e3,
                  before, peak_rss_kb ());

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 774);
  g_assert_cmpuint (report->rejected, ==, 0);

  for (guint i = 0; i < records->len; i++)
    {
      r = g_ptr_array_index (records, i);
      g_assert_nonnull (r->derived_title);
      g_assert_nonnull (r->authors);
      g_assert_nonnull (r->url);
      g_assert_cmpint (r->year, ==, 2019);
      g_assert_cmpuint (r->tags->len, ==, 0);
      g_assert_null (strstr (r->authors, ";;"));
      g_assert_false (g_str_has_suffix (r->authors, ";"));
      with_code += proc_paper_record_get_link (r, PROC_LINK_CODE) != NULL;
      with_abstract += r->abstract != NULL;
    }
  g_assert_cmpuint (with_code, ==, 44);
  g_assert_cmpuint (with_abstract, ==, 773);

  r = g_ptr_array_index (records, 0);
  g_assert_cmpstr (r->derived_title, ==,
                   "A Baseline for Any Order Gradient Estimation in Stochastic Computation Graphs");
  g_assert_cmpstr (r->authors, ==,
                   "Jingkai Mao; Jakob Foerster; Tim Rocktäschel; Maruan Al-Shedivat; Gregory Farquhar; Shimon Whiteson");
  g_assert_cmpstr (r->status, ==, "Oral");
  g_assert_cmpstr (r->url, ==, "https://icml.cc/virtual/2019/poster/3768");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_PDF), ==,
                   "http://proceedings.mlr.press/v97/mao19a/mao19a.pdf");
  g_assert_null (proc_paper_record_get_link (r, PROC_LINK_CODE));
  g_assert_cmpuint (r->line, ==, 2);

  r = find_title (records, "Bit-Swap: Recursive Bits-Back Coding for Lossless Compression with Hierarchical Latent Variables");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==, "https://github.com/fhkingma/bitswap");

  /* No scheme in the file; one in the link. */
  r = find_title (records, "High-Fidelity Image Generation With Fewer Labels");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==, "https://github.com/google/compare_gan");
  r = find_title (records, "A Large-Scale Study on Regularization and Normalization in GANs");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==, "https://www.github.com/google/compare_gan");

  /* The one entry with commas between the names (and no abstract). */
  r = find_title (records, "Data Poisoning Attacks in Multi-Party Learning");
  g_assert_cmpstr (r->authors, ==, "Saeed Mahloujifar; Mohammad Mahmoody; Ameer Mohammed");
  g_assert_null (r->abstract);
  g_assert_cmpuint (r->links->len, ==, 0);

  /* The one entry with no status, track or site of its own. */
  r = find_title (records, "Universal Multi-Party Poisoning Attacks");
  g_assert_null (r->status);
  g_assert_cmpstr (r->url, ==, "https://proceedings.mlr.press/v97/mahloujifar19a.html");
  g_assert_nonnull (strstr (r->abstract, "$(k,p)$-poisoning"));
}

static void
test_realworld_csl_round_trip (void)
{
  g_autofree char *path = shared_path ("icml2019.json");
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(ProcImportReport) report2 = proc_import_report_new ();
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  gint64 start;

  if (path == NULL)
    {
      g_test_skip ("../shared/realworld/icml2019.json is not there");
      return;
    }

  records = read_file (COPILOT, path, report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 774);

  start = g_get_monotonic_time ();
  output = write_records (records, PROC_EXPORT_ALL);
  g_test_message ("exported 774 papers to CSL-JSON (%zu bytes) in %.1f ms",
                  strlen (output), (g_get_monotonic_time () - start) / 1e3);

  start = g_get_monotonic_time ();
  back = read_text (CSL, output, "icml2019-csl.json", report2, &error);
  g_test_message ("read them back in %.1f ms", (g_get_monotonic_time () - start) / 1e3);
  g_assert_no_error (error);
  g_assert_cmpuint (report2->rejected, ==, 0);
  g_assert_cmpuint (back->len, ==, records->len);

  for (guint i = 0; i < records->len; i++)
    {
      const ProcPaperRecord *a = g_ptr_array_index (records, i);
      const ProcPaperRecord *b = g_ptr_array_index (back, i);

      assert_records_equal (a, b);
      g_assert_nonnull (b->citation_key);
      g_assert_false (g_hash_table_contains (ids, b->citation_key));
      g_hash_table_add (ids, b->citation_key);
    }
}

typedef struct
{
  const char *name;          /* in tests/fuzz/corpus */
  guint added;               /* with the comma put back */
  guint rejected;
  const char *first_problem;
} FuzzCase;

/* What libFuzzer found (the smoke's csl-json and import targets): an
 * entry straight after a string or a number, with no comma between,
 * aborted the import inside json-glib 1.10.  Such a file is refused with
 * its place and reason, and nothing of it reaches the library; with the
 * comma put back, it imports. */
static void
test_value_after_value (gconstpointer data)
{
  const FuzzCase *fuzz = data;
  const char *source = g_getenv ("PROCEEDINGS_SOURCE_DIR");
  g_autofree char *path = g_build_filename (source, "tests", "fuzz", "corpus", fuzz->name, NULL);
  g_autofree char *dir = g_dir_make_tmp ("proceedings-json-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (dir, "library.db", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (library, &error);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GString) repaired = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));

  report = proc_importer_import_file (store, file, NULL, &error);
  expected = g_strdup_printf ("%s:2: expected “,” or “]” after the entry that begins on line 2, "
                              "but found “[1,2], {\"title\":\"\"},”", path);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_null (report);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 0);
  g_clear_error (&error);

  repaired = g_string_new (text);
  g_assert_cmpuint (g_string_replace (repaired, "[1,2]", ", [1,2]", 1), ==, 1);
  stream = g_memory_input_stream_new_from_data (repaired->str, repaired->len, NULL);
  report = proc_importer_import_stream (store, stream, "repaired.json", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, fuzz->added);
  g_assert_cmpuint (report->rejected, ==, fuzz->rejected);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, fuzz->added);
  g_test_message ("%s", (const char *) g_ptr_array_index (report->problems, 0));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (report->problems, 0), fuzz->first_problem));
}

/* json-glib skips C comments, which the splitter does not know: here
 * they hide a brace from json-glib, which sees two objects in what the
 * splitter takes for one entry.  Since 1.10 it makes an array of them
 * (older ones keep the last), which an immutable parser asserted on. */
static void
test_two_objects_behind_comments (void)
{
#if JSON_CHECK_VERSION (1, 10, 0)
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records =
    read_text (CSL, "[\n{/*{*/}{\"title\": \"x\"/*}*/}\n, {\"title\": \"y\"}]\n", "comments.json", report, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (records, 0))->derived_title, ==, "y");
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==,
                   "comments.json:2: the entry is an array, not an object with a title and other fields");
#else
  g_test_skip ("json-glib before 1.10 keeps only the last of several values, leaking the others");
#endif
}

int
main (int   argc,
      char *argv[])
{
  /* The string one: 42, "str", [1,2] and {"title":""} are not papers.
   * The number one has also null and 0, and its first entry is broken
   * ("paper-conference"<"title"). */
  static const FuzzCase value_after_string = {
    "csl-json/regression-value-after-string.json", 2, 4,
    "repaired.json:2: the entry is a number, not an object"
  };
  static const FuzzCase value_after_number = {
    "import/regression-value-after-number.json", 1, 7,
    "repaired.json:1: the entry is not valid JSON: "
  };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/json/splitter/elements", test_splitter_elements);
  g_test_add_func ("/json/splitter/empty-array", test_splitter_empty_array);
  g_test_add_func ("/json/splitter/single-object", test_splitter_single_object);
  g_test_add_func ("/json/splitter/errors", test_splitter_errors);
  g_test_add_func ("/json/splitter/value-after-value", test_splitter_value_after_value);
  g_test_add_func ("/json/splitter/rejects", test_splitter_rejects);
  g_test_add_func ("/json/splitter/bounded-memory", test_bounded_memory);
  g_test_add_data_func ("/json/fuzz/value-after-string", &value_after_string, test_value_after_value);
  g_test_add_data_func ("/json/fuzz/value-after-number", &value_after_number, test_value_after_value);
  g_test_add_func ("/json/fuzz/two-objects-behind-comments", test_two_objects_behind_comments);
  g_test_add_func ("/json/paper-copilot/fields", test_paper_copilot_fields);
  g_test_add_func ("/json/paper-copilot/no-year", test_paper_copilot_no_year);
  g_test_add_func ("/json/paper-copilot/authors", test_paper_copilot_authors);
  g_test_add_func ("/json/csl/read-foreign", test_csl_read_foreign);
  g_test_add_func ("/json/csl/golden", test_csl_golden);
  g_test_add_func ("/json/csl/round-trip", test_csl_round_trip);
  g_test_add_func ("/json/csl/fields", test_csl_fields);
  g_test_add_func ("/json/csl/empty-export", test_csl_empty_export);
  g_test_add_func ("/json/csl/keys", test_csl_keys);
  g_test_add_func ("/json/csl/pandoc", test_csl_pandoc);
  g_test_add_func ("/json/realworld/paper-copilot", test_realworld_paper_copilot);
  g_test_add_func ("/json/realworld/csl-round-trip", test_realworld_csl_round_trip);

  return g_test_run ();
}
