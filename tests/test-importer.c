/* test-importer.c: the conference-list format, read into the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "proc-collection-list.h"
#include "proc-conference-list.h"
#include "proc-fingerprint.h"
#include "proc-importer.h"
#include "proc-match-text.h"
#include "proc-paper-list.h"
#include "proc-paper-record.h"
#include "proc-record-pipeline.h"
#include "proc-store.h"
#include "proc-store-private.h"

static ProcStore *
new_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (path, &error);

  g_assert_no_error (error);
  return store;
}

/* The 38 ICML 2024 abstracts as the app ships them: both seed files. */
static char *
bundled_list_path (void)
{
  return g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "resources", "lists", "icml-2024.txt", NULL);
}

static ProcImportReport *
import_path (ProcStore   *store,
             const char  *path,
             GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return proc_importer_import_file (store, file, NULL, error);
}

static ProcImportReport *
import_text (ProcStore   *store,
             const char  *text,
             gssize       len,
             GError     **error)
{
  g_autoptr(GInputStream) stream = NULL;

  if (len < 0)
    len = strlen (text);
  stream = g_memory_input_stream_new_from_data (g_memdup2 (text, len), len, g_free);

  return proc_importer_import_stream (store, stream, "test.txt", NULL, NULL, error);
}

static char *
title_of_paper_mentioning (ProcStore  *store,
                           const char *word)
{
  g_autoptr(ProcPaperList) list = proc_paper_list_new (store);
  g_autoptr(ProcPaper) paper = NULL;

  proc_paper_list_set_search (list, word);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  paper = g_list_model_get_item (G_LIST_MODEL (list), 0);

  return g_strdup (proc_paper_get_title (paper));
}

static void
test_bundled_list (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autofree char *path = bundled_list_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(ProcPaperList) all = NULL;
  /* Each method, and a query that finds only its abstract ("less" and
   * "sane" are also ordinary words). */
  static const struct { const char *name; const char *query; } methods[] = {
    { "TinyTrain", "TinyTrain" },
    { "PromptGIP", "PromptGIP" },
    { "LESS", "\"constant sized cache\"" },
    { "SANE", "\"weight-space learning\" SANE" },
    { "LLMCompiler", "LLMCompiler" },
    { "MultiDimSPCI", "MultiDimSPCI" },
    { "RAFA", "\"reason for future\"" },
    { "SASNet", "SASNet" },
  };
  gint64 start = g_get_monotonic_time ();

  report = import_path (store, path, &error);
  g_assert_no_error (error);
  g_test_message ("importing the 38 bundled papers took %.1f ms", (g_get_monotonic_time () - start) / 1000.0);

  g_assert_cmpstr (report->list_name, ==, "ICML 2024 论文列表");
  g_assert_cmpuint (report->added, ==, 38);
  g_assert_cmpuint (report->present, ==, 0);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 38);
  g_assert_cmpuint (proc_store_count (store, "list:\"ICML 2024 论文列表\""), ==, 38);

  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      g_autofree char *title = title_of_paper_mentioning (store, methods[i].query);

      g_test_message ("%s → %s", methods[i].name, title);
      g_assert_true (g_str_has_prefix (title, methods[i].name));
    }

  /* No derived title keeps TeX. */
  all = proc_paper_list_new (store);
  for (guint i = 0; i < 38; i++)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (G_LIST_MODEL (all), i);
      const char *title = proc_paper_get_title (paper);

      g_assert_cmpuint (strlen (title), >, 10);
      g_assert_null (strchr (title, '$'));
      g_assert_null (strchr (title, '\\'));
    }

  /* Seven code links, without the sentence's final full stop. */
  g_assert_cmpuint (proc_store_count (store, "has:code"), ==, 7);
  {
    g_autoptr(ProcPaperList) list = proc_paper_list_new (store);
    g_autoptr(GPtrArray) urls = g_ptr_array_new_with_free_func (g_free);

    proc_paper_list_set_filter (list, "has:code");
    for (guint i = 0; i < 7; i++)
      {
        g_autoptr(ProcPaper) paper = g_list_model_get_item (G_LIST_MODEL (list), i);
        const char *url = proc_paper_get_code_url (paper);

        g_assert_nonnull (url);
        g_assert_true (g_str_has_prefix (url, "https://github.com/"));
        g_assert_false (g_str_has_suffix (url, "."));
        g_ptr_array_add (urls, g_strdup (url));
      }
    g_assert_true (g_ptr_array_find_with_equal_func (urls, "https://github.com/lyh-18/PromptGIP", g_str_equal, NULL));
    g_assert_true (g_ptr_array_find_with_equal_func (urls, "https://github.com/SqueezeAILab/LLMCompiler", g_str_equal, NULL));
    g_assert_true (g_ptr_array_find_with_equal_func (urls, "https://github.com/KempnerInstitute/llm_uncertainty", g_str_equal, NULL));
  }
}

/* The two seed files from ../shared give the same 38 papers in one list. */
static void
test_seed_files (void)
{
  g_autoptr(ProcStore) store = new_store ();
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
  g_autofree char *seeds = g_build_filename (shared ? shared : "", "seeds", NULL);
  g_autoptr(GDir) dir = g_dir_open (seeds, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *bundled = bundled_list_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportReport) again = NULL;
  const char *name;
  guint added = 0;

  if (dir == NULL)
    {
      g_test_skip ("../shared/seeds is not here");
      return;
    }

  while ((name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".txt"))
      g_ptr_array_add (names, g_build_filename (seeds, name, NULL));
  g_assert_cmpuint (names->len, ==, 2);

  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(ProcImportReport) report = import_path (store, g_ptr_array_index (names, i), &error);

      g_assert_no_error (error);
      g_assert_cmpstr (report->list_name, ==, "ICML 2024 论文列表");
      g_assert_cmpuint (report->added, ==, 19);
      added += report->added;
    }
  g_assert_cmpuint (added, ==, 38);
  g_assert_cmpuint (proc_store_count (store, "list:\"ICML 2024 论文列表\""), ==, 38);

  /* The bundled copy is the same papers. */
  again = import_path (store, bundled, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->added, ==, 0);
  g_assert_cmpuint (again->present, ==, 38);
}

static void
test_reimport_idempotent (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autofree char *path = bundled_list_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportReport) first = NULL;
  g_autoptr(ProcImportReport) second = NULL;
  g_autoptr(ProcImportReport) overlap = NULL;
  g_autoptr(ProcPaperList) list = NULL;
  g_autoptr(ProcPaper) paper = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *overlapping = NULL;
  g_auto(GStrv) paragraphs = NULL;
  gint64 id;

  first = import_path (store, path, &error);
  g_assert_no_error (error);

  list = proc_paper_list_new (store);
  id = proc_paper_list_get_id (list, 5);
  g_assert_true (proc_store_set_note (store, id, "keep me", &error));
  g_assert_true (proc_store_set_starred (store, &id, 1, TRUE, &error));
  g_assert_true (proc_store_add_tag (store, &id, 1, "mine", &error));
  g_assert_true (proc_store_set_user_title (store, id, "My title", &error));

  second = import_path (store, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (second->added, ==, 0);
  g_assert_cmpuint (second->present, ==, 38);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 38);

  /* An overlapping list under another title: 3 old papers (one with
   * different white space), 1 new; the new list holds all four. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  paragraphs = g_strsplit (contents, "\n\n", -1);
  overlapping = g_strdup_printf ("Workshop picks\n\n%s\n\n%s\n\n  %s  \n\nA new abstract that nobody has imported before today.\n",
                                 paragraphs[1], paragraphs[2], paragraphs[6]);
  overlap = import_text (store, overlapping, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (overlap->added, ==, 1);
  g_assert_cmpuint (overlap->present, ==, 3);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 39);
  g_assert_cmpuint (proc_store_count (store, "list:\"Workshop picks\""), ==, 4);

  paper = proc_store_get_paper (store, id);
  g_assert_cmpstr (proc_paper_get_note (paper), ==, "keep me");
  g_assert_true (proc_paper_get_starred (paper));
  g_assert_true (proc_paper_has_tag (paper, "mine"));
  g_assert_cmpstr (proc_paper_get_title (paper), ==, "My title");
  g_assert_cmpstr (proc_paper_get_list_name (paper), ==, "ICML 2024 论文列表");
}

static void
test_line_ends_and_whitespace (void)
{
  static const struct {
    const char *name;
    const char *text;
  } cases[] = {
    { "lf", "My list\n\nFirst abstract has words.\n\nSecond abstract has words.\n" },
    { "crlf", "My list\r\n\r\nFirst abstract has words.\r\n\r\nSecond abstract has words.\r\n" },
    { "cr", "My list\r\rFirst abstract has words.\r\rSecond abstract has words.\r" },
    { "bom", "\xef\xbb\xbfMy list\n\nFirst abstract has words.\n\nSecond abstract has words.\n" },
    { "trailing-spaces", "My list   \n \t\nFirst abstract has words.   \n\t\nSecond abstract has words. \n" },
    { "blank-runs", "\n\nMy list\n\n\n\n\nFirst abstract has words.\n\n\n\nSecond abstract has words.\n\n\n" },
    { "no-final-newline", "My list\n\nFirst abstract has words.\n\nSecond abstract has words." },
    { "wrapped", "My list\n\nFirst abstract\nhas words.\n\nSecond abstract\r\nhas words." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcStore) store = new_store ();
      g_autoptr(ProcImportReport) report = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(ProcPaperList) list = NULL;
      g_autoptr(ProcPaper) first = NULL;

      g_test_message ("case %s", cases[i].name);
      report = import_text (store, cases[i].text, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (report->list_name, ==, "My list");
      g_assert_cmpuint (report->added, ==, 2);

      list = proc_paper_list_new (store);
      first = g_list_model_get_item (G_LIST_MODEL (list), 0);
      g_assert_cmpstr (proc_paper_get_abstract (first), ==, "First abstract has words.");
    }
}

static void
test_bad_input (void)
{
  static const struct {
    const char *name;
    const char *text;
    gssize len;
    GQuark domain;
    int code;
    const char *message;
  } cases[] = {
    { "invalid-utf8", "List\n\nGood abstract with words.\n\nBad \xff\xfe byte here in text.\n", -1,
      0, PROC_IMPORT_ERROR_ENCODING, "test.txt:5: the text is not valid UTF-8" },
    { "latin1", "List\n\nCaf\xe9 society and other words.\n", -1,
      0, PROC_IMPORT_ERROR_ENCODING, "test.txt:3:" },
    { "nul", "List\n\nGood abstract with words.\n\nHidden\0NUL byte in words.\n",
      sizeof "List\n\nGood abstract with words.\n\nHidden\0NUL byte in words.\n" - 1,
      0, PROC_IMPORT_ERROR_NUL, "test.txt:5: the file contains a NUL byte" },
    { "empty", "", 0, 0, PROC_IMPORT_ERROR_EMPTY, "test.txt:1: the file is empty" },
    { "blank", "\n\n  \n", -1, 0, PROC_IMPORT_ERROR_EMPTY, "the file is empty" },
    { "title-only", "Just a title\n", -1, 0, PROC_IMPORT_ERROR_EMPTY, "no abstracts" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcStore) store = new_store ();
      g_autoptr(ProcImportReport) report = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("case %s", cases[i].name);
      report = import_text (store, cases[i].text, cases[i].len, &error);
      g_assert_null (report);
      g_assert_error (error, PROC_IMPORT_ERROR, cases[i].code);
      g_test_message ("  %s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message));

      /* Nothing at all was written: no paper, no list. */
      g_assert_cmpuint (proc_store_count (store, NULL), ==, 0);
      {
        g_autoptr(ProcCollectionList) lists = proc_collection_list_new (store, PROC_COLLECTION_KIND_LIST);
        g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (lists)), ==, 0);
      }
    }
}

static void
test_short_paragraph_rejected (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import_text (store, "List\n\nA real abstract with words.\n\n---\n\nAnother real abstract here.\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==,
                   "test.txt:5: “---” is too short to be an abstract");
}

static void
test_missing_and_directory (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("proceedings-dir-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.txt", NULL);

  g_assert_null (import_path (store, dir, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_nonnull (strstr (error->message, dir));
  g_clear_error (&error);

  g_assert_null (import_path (store, missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "missing.txt"));
}

static void
test_no_title_line (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  /* A file that starts with an abstract is named after itself. */
  report = import_text (store, "We propose a first method for things\nthat wraps onto a second line.\n\nSecond abstract has words.\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (report->list_name, ==, "test");
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (proc_store_count (store, "wraps"), ==, 1);
}

/* The hash that recognises a paper across imports, computed the general
 * way: the whole text decomposed (NFKD) and case folded, its marks
 * dropped, and only then folded for comparison (proc_match_fold(), whose
 * markup rules are ASCII's).  Libraries store it, so the fold's ASCII
 * shortcut, which decomposes only the stretches that are not ASCII, must
 * give the same bytes. */
static char *
reference_content_hash (const char *abstract)
{
  g_autofree char *decomposed = g_utf8_normalize (abstract, -1, G_NORMALIZE_NFKD);
  g_autofree char *folded = g_utf8_casefold (decomposed, -1);
  g_autoptr(GString) bare = g_string_new (NULL);
  g_autoptr(GString) key = g_string_new ("abstract:");

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (type != G_UNICODE_NON_SPACING_MARK && type != G_UNICODE_SPACING_MARK &&
          type != G_UNICODE_ENCLOSING_MARK && type != G_UNICODE_FORMAT)
        g_string_append_unichar (bare, c);
    }
  proc_match_append_fold (key, bare->str);

  return proc_fingerprint_hex (key->str, key->len);
}

static void
test_content_hash (void)
{
  static const char * const abstracts[] = {
    "We Study  Transformers.",
    "  leading and trailing\t\n",
    "CRLF\r\nline\fends\vand a vertical tab",
    "Mixed CASE, digits 123 and $\\frac{N^2d^2}{M}$ TeX",
    "Unicode: \xef\xac\x81ne \xe2\x84\x96 NFKC \xe2\x80\x83 em space and \xc3\x89T\xc3\x89",
    "\xe4\xb8\xad\xe6\x96\x87\xe3\x80\x80\xe6\x91\x98\xe8\xa6\x81",
    /* Only stretches that are not ASCII are normalized, each with the
     * ASCII character before it: a combining accent joins its letter
     * (e + U+0301 is é), marks after a letter are put in order (U+0307
     * then U+0323 become U+0323 then U+0307), a ligature or a fullwidth
     * letter at the very start or end, a no-break space between words,
     * ß and a final sigma folded, Hangul jamo composed. */
    "Caf" "e\xcc\x81 and CAF\xc3\x89",
    "qa\xcc\x87\xcc\xa3 dot",
    "\xef\xac\x81rst and last \xef\xbc\xa1",
    "no\xc2\xa0" "break\xc2\xa0\xc2\xa0" "spaces \xe2\x80\x83 here",
    "Stra\xc3\x9f\x65 \xce\xa3\xce\x9f\xce\xa6\xce\x99\xce\x91\xce\xa3",
    "\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab gul",
    "x\xcc\x81",
    "\xcc\x81 a mark first",
  };

  for (guint i = 0; i < G_N_ELEMENTS (abstracts); i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
      g_autofree char *expected = reference_content_hash (abstracts[i]);
      g_autofree char *hash = NULL;

      record->abstract = g_strdup (abstracts[i]);
      hash = proc_paper_record_dup_content_hash (record);
      g_assert_cmpstr (hash, ==, expected);
    }

  /* The same letters composed or not are one paper. */
  {
    g_autoptr(ProcPaperRecord) composed = proc_paper_record_new ();
    g_autoptr(ProcPaperRecord) decomposed = proc_paper_record_new ();
    g_autofree char *a = NULL;
    g_autofree char *b = NULL;

    composed->abstract = g_strdup ("Caf\xc3\xa9 au lait");
    decomposed->abstract = g_strdup ("CAF" "E\xcc\x81  au lait");
    a = proc_paper_record_dup_content_hash (composed);
    b = proc_paper_record_dup_content_hash (decomposed);
    g_assert_cmpstr (a, ==, b);
  }
}

/* Every abstract of the real lists in ../shared/realworld, which carry
 * accents, dashes, ligatures and math symbols, hashes as the general
 * computation hashes it. */
static void
test_content_hash_real_text (void)
{
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
  g_autofree char *path = g_build_filename (shared ? shared : "", "realworld", "icml2019.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  guint compared = 0;

  if (shared == NULL || !g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip ("../shared/realworld is not here");
      return;
    }

  {
    g_autoptr(ProcStore) store = NULL;
    g_autofree char *dir = g_dir_make_tmp ("proceedings-hash-XXXXXX", &error);
    g_autofree char *library = NULL;
    g_autoptr(GArray) ids = NULL;
    g_autoptr(GPtrArray) papers = NULL;
    g_autoptr(ProcImportReport) report = NULL;
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_no_error (error);
    library = g_build_filename (dir, "library.db", NULL);
    store = proc_store_open (library, &error);
    g_assert_no_error (error);
    report = proc_importer_import_file (store, file, NULL, &error);
    g_assert_no_error (error);
    ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
    g_assert_no_error (error);
    papers = proc_store_load_papers (store, (gint64 *) (gpointer) ids->data, ids->len, &error);
    g_assert_no_error (error);

    for (guint i = 0; i < papers->len; i++)
      {
        const char *abstract = proc_paper_get_abstract (g_ptr_array_index (papers, i));
        g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
        g_autofree char *expected = NULL;
        g_autofree char *hash = NULL;

        if (abstract == NULL || *abstract == '\0')
          continue;
        record->abstract = g_strdup (abstract);
        expected = reference_content_hash (abstract);
        hash = proc_paper_record_dup_content_hash (record);
        g_assert_cmpstr (hash, ==, expected);
        compared++;
      }
  }

  g_test_message ("%u abstracts compared", compared);
  g_assert_cmpuint (compared, >, 500);
}

/* Records are read, and their keys worked out, on a thread of their own
 * ahead of the writing.  Far into a long list, the problems
 * the reader finds still reach the report in the file's order, and an
 * error still leaves nothing in the library.  (A cancel from the progress
 * report, far into a file: /hostile/100-mb-file-cancelled.) */
#define LONG_LIST 3000

static GString *
long_list (guint bad_at)
{
  GString *text = g_string_new ("A long list\n\n");

  for (guint i = 1; i <= LONG_LIST; i++)
    {
      if (i % 1000 == 0)
        g_string_append (text, "---\n\n");
      else if (i == bad_at)
        g_string_append (text, "Bad \xff byte in abstract.\n\n");
      else
        g_string_append_printf (text, "Abstract number %u studies subject %u at length.\n\n", i, i * 7);
    }

  return text;
}

static void
test_read_ahead (void)
{
  {
    g_autoptr(ProcStore) store = new_store ();
    g_autoptr(GString) text = long_list (0);
    g_autoptr(ProcImportReport) report = NULL;
    g_autoptr(GError) error = NULL;

    report = import_text (store, text->str, text->len, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (report->added, ==, LONG_LIST - 3);
    g_assert_cmpuint (report->problems->len, ==, 3);
    /* Paragraph i starts on line 2 i + 1. */
    g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, "test.txt:2001: “---” is too short to be an abstract");
    g_assert_cmpstr (g_ptr_array_index (report->problems, 2), ==, "test.txt:6001: “---” is too short to be an abstract");
    g_assert_cmpuint (proc_store_count (store, NULL), ==, LONG_LIST - 3);
    g_assert_cmpuint (proc_store_count (store, "\"number 2999\""), ==, 1);
  }

  {
    g_autoptr(ProcStore) store = new_store ();
    g_autoptr(GString) text = long_list (2500);
    g_autoptr(ProcImportReport) report = NULL;
    g_autoptr(GError) error = NULL;

    report = import_text (store, text->str, text->len, &error);
    g_assert_null (report);
    g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_ENCODING);
    g_assert_nonnull (strstr (error->message, "test.txt:5001: "));
    g_assert_cmpuint (proc_store_count (store, NULL), ==, 0);
  }

}

/* What the reading thread has read, as its progress reports it. */
typedef struct
{
  GMutex lock;
  guint64 bytes;
  guint records;
} ReadSoFar;

static void
read_so_far_cb (guint64  bytes_read,
                guint    records_read,
                gpointer data)
{
  ReadSoFar *read = data;

  g_mutex_lock (&read->lock);
  read->bytes = bytes_read;
  read->records = records_read;
  g_mutex_unlock (&read->lock);
}

static guint64
read_so_far (ReadSoFar *read)
{
  guint64 bytes;

  g_mutex_lock (&read->lock);
  bytes = read->bytes;
  g_mutex_unlock (&read->lock);

  return bytes;
}

#define AHEAD_BYTES (64 * 1024)

/* The reader stops once it is the given number of bytes of the file ahead
 * of the importer, and goes on as the importer takes records: memory stays
 * bounded whatever the file's length. */
static void
test_read_ahead_bounded (void)
{
  g_autoptr(GString) text = g_string_new ("A list longer than the reader may run ahead\n\n");
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(ProcConferenceList) reader = NULL;
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(ProcRecordPipeline) pipeline = NULL;
  g_autoptr(GError) error = NULL;
  ReadSoFar read = { 0, };
  guint64 header, bytes_at_bound;
  gsize record_bytes = 0;
  guint n_records = 0;
  gint64 deadline;

  header = text->len;
  for (guint i = 0; text->len < 8 * AHEAD_BYTES; i++)
    {
      gsize before = text->len;

      g_string_append_printf (text, "Abstract %u studies how far a reader may run ahead of the writing, "
                                    "and what bounds the memory it holds meanwhile.\n\n", i);
      record_bytes = MAX (record_bytes, text->len - before);
    }

  stream = g_memory_input_stream_new_from_data (text->str, text->len, NULL);
  reader = proc_conference_list_new (stream, "ahead.txt");
  g_assert_true (proc_record_reader_read_header (PROC_RECORD_READER (reader), NULL, &error));
  g_assert_no_error (error);

  g_mutex_init (&read.lock);
  pipeline = proc_record_pipeline_start (PROC_RECORD_READER (reader), report, read_so_far_cb, &read,
                                         AHEAD_BYTES, NULL);

  /* Left alone, it reads up to the bound … */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (read_so_far (&read) < header + AHEAD_BYTES && g_get_monotonic_time () < deadline)
    g_usleep (1000);
  bytes_at_bound = read_so_far (&read);
  g_assert_cmpuint (bytes_at_bound, >=, header + AHEAD_BYTES);

  /* … and no further (in 100 ms it read the 64 KB in far less). */
  g_usleep (100 * 1000);
  g_assert_cmpuint (read_so_far (&read), ==, bytes_at_bound);
  g_assert_cmpuint (bytes_at_bound, <=, header + AHEAD_BYTES + record_bytes);
  g_test_message ("the reader stopped %" G_GUINT64_FORMAT " bytes into a file of %" G_GSIZE_FORMAT,
                  bytes_at_bound, text->len);

  /* Taken one by one, every record comes, in order. */
  for (;;)
    {
      g_auto(ProcRecordKeys) keys = { NULL, };
      g_autoptr(ProcPaperRecord) record = proc_record_pipeline_next (pipeline, &keys, &error);
      g_autofree char *start = NULL;

      g_assert_no_error (error);
      if (record == NULL)
        break;
      start = g_strdup_printf ("Abstract %u studies", n_records);
      g_assert_true (g_str_has_prefix (record->abstract, start));
      g_assert_nonnull (keys.content_hash);
      n_records++;
    }
  g_assert_cmpuint (n_records, ==, read.records);
  g_assert_cmpuint (read_so_far (&read), ==, text->len);
  g_assert_cmpuint (report->problems->len, ==, 0);

  g_clear_pointer (&pipeline, proc_record_pipeline_stop);
  g_mutex_clear (&read.lock);
}

static goffset
file_size (const char *path)
{
  GStatBuf buf;

  return g_stat (path, &buf) == 0 ? buf.st_size : -1;
}

static int
autocheckpoint_pages (ProcStore *store)
{
  sqlite3_stmt *stmt;
  int pages = -1;

  g_assert_cmpint (sqlite3_prepare_v2 (_proc_store_get_db (store), "PRAGMA wal_autocheckpoint", -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    pages = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);

  return pages;
}

/* An import's commit leaves its pages in the WAL: copying them into the
 * file is left to proc_store_checkpoint(), or to the connection's next
 * commit, once the import is over. */
static void
test_checkpoint_deferred (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(GString) text = long_list (0);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  const char *path = proc_store_get_path (store);
  goffset empty;

  /* A threshold this import passes (SQLite's 1,000 pages would take an
   * import of 15,000 papers). */
  g_assert_cmpint (sqlite3_exec (_proc_store_get_db (store), "PRAGMA wal_autocheckpoint = 10",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  empty = file_size (path);
  report = import_text (store, text->str, text->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, LONG_LIST - 3);
  g_assert_cmpint (file_size (path), ==, empty);

  g_assert_true (proc_store_checkpoint (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (file_size (path), >, empty + 100 * 1024);

  /* During the import only: after it, commits copy as SQLite's threshold
   * says, as they did before. */
  g_assert_cmpint (autocheckpoint_pages (store), ==, 1000);
}

static void
imported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GPtrArray **results = user_data;
  g_autoptr(GError) error = NULL;

  *results = proc_importer_import_files_finish (result, &error);
  g_assert_no_error (error);
}

/* In the window, imports run on a worker, and another copies the WAL into
 * the file after them, while the window goes on. */
static void
test_checkpoint_in_background (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(GString) text = long_list (0);
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;
  const char *path = proc_store_get_path (store);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *list_path = g_build_filename (dir, "long.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (list_path);
  goffset empty = file_size (path);
  gint64 deadline;

  g_assert_true (g_file_set_contents (list_path, text->str, text->len, &error));
  g_assert_no_error (error);
  proc_importer_import_files_async (path, &file, 1, NULL, NULL, NULL, imported_cb, &results);
  while (results == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (results->len, ==, 1);

  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (file_size (path) < empty + 100 * 1024 && g_get_monotonic_time () < deadline)
    g_usleep (10 * 1000);
  g_assert_cmpint (file_size (path), >, empty + 100 * 1024);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, LONG_LIST - 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/importer/bundled-list", test_bundled_list);
  g_test_add_func ("/importer/content-hash", test_content_hash);
  g_test_add_func ("/importer/content-hash-real-text", test_content_hash_real_text);
  g_test_add_func ("/importer/seed-files", test_seed_files);
  g_test_add_func ("/importer/reimport-idempotent", test_reimport_idempotent);
  g_test_add_func ("/importer/line-ends-and-whitespace", test_line_ends_and_whitespace);
  g_test_add_func ("/importer/bad-input", test_bad_input);
  g_test_add_func ("/importer/short-paragraph-rejected", test_short_paragraph_rejected);
  g_test_add_func ("/importer/missing-and-directory", test_missing_and_directory);
  g_test_add_func ("/importer/no-title-line", test_no_title_line);
  g_test_add_func ("/importer/read-ahead", test_read_ahead);
  g_test_add_func ("/importer/read-ahead-bounded", test_read_ahead_bounded);
  g_test_add_func ("/importer/checkpoint-deferred", test_checkpoint_deferred);
  g_test_add_func ("/importer/checkpoint-in-background", test_checkpoint_in_background);

  return g_test_run ();
}
