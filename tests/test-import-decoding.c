/* test-import-decoding.c: TeX, HTML and control characters of real files, imported and exported
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "proc-exporter.h"
#include "proc-importer.h"
#include "proc-paper-list.h"
#include "proc-store.h"

static ProcStore *
new_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-decoding-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (path, &error);

  g_assert_no_error (error);
  return store;
}

static ProcImportReport *
import_data (ProcStore  *store,
             const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ProcImportReport *report = proc_importer_import_file (store, file, NULL, &error);

  g_assert_no_error (error);
  return report;
}

static ProcImportReport *
import_text (ProcStore  *store,
             const char *name,
             const char *text)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (g_strdup (text), -1, g_free);
  g_autoptr(GError) error = NULL;
  ProcImportReport *report = proc_importer_import_stream (store, stream, name, NULL, NULL, &error);

  g_assert_no_error (error);
  return report;
}

/* The one paper a search finds. */
static ProcPaper *
find_paper (ProcStore  *store,
            const char *search)
{
  g_autoptr(ProcPaperList) list = proc_paper_list_new (store);

  proc_paper_list_set_search (list, search);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);

  return g_list_model_get_item (G_LIST_MODEL (list), 0);
}

static char *
export_all (ProcStore        *store,
            ProcRecordFormat  format)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_TITLE, FALSE, &error);
  char *text;

  g_assert_no_error (error);
  text = proc_exporter_write_to_string (store, format, PROC_EXPORT_ALL, "Decoding",
                                        (const gint64 *) ids->data, ids->len, &error);
  g_assert_no_error (error);

  return text;
}

#define assert_contains(haystack, needle) \
  G_STMT_START { \
    if (strstr ((haystack), (needle)) == NULL) \
      g_error ("“%s” not in:\n%s", (needle), (haystack)); \
  } G_STMT_END

#define assert_lacks(haystack, needle) \
  G_STMT_START { \
    if (strstr ((haystack), (needle)) != NULL) \
      g_error ("“%s” unexpected in:\n%s", (needle), (haystack)); \
  } G_STMT_END

/* What a browser shows of @html: the page without its comments, where
 * the export keeps each paper's data for reading it back. */
static char *
dup_without_comments (const char *html)
{
  GString *shown = g_string_new (NULL);
  const char *p = html;
  const char *open;

  while ((open = strstr (p, "<!--")) != NULL)
    {
      const char *close = strstr (open, "-->");

      g_string_append_len (shown, p, open - p);
      if (close == NULL)
        return g_string_free (shown, FALSE);
      p = close + 3;
    }
  g_string_append (shown, p);

  return g_string_free (shown, FALSE);
}

/* PMLR's own records (copied from icml2024-seed-pmlr.bib): <em> and <b>
 * in abstracts, Jo\~{a}o in names. */
static void
test_pmlr_emphasis (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(ProcImportReport) report = import_data (store, "bibtex/pmlr-decoding.bib");
  g_autoptr(ProcPaper) rafa = NULL;
  g_autoptr(ProcPaper) avdkl = NULL;
  g_autofree char *bibtex = NULL;
  g_autofree char *html = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *markdown = NULL;

  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->warnings->len, ==, 0);

  rafa = find_paper (store, "RAFA");
  assert_contains (proc_paper_get_abstract (rafa),
                   "which we call *reason for future, act for now* (**RAFA**). Specifically");
  assert_contains (proc_paper_get_abstract (rafa), "a long horizon (*reason for future*). At each step");
  assert_lacks (proc_paper_get_abstract (rafa), "<");

  avdkl = find_paper (store, "AVDKL");
  assert_contains (proc_paper_get_authors (avdkl), "João Paulo Pordeus Gomes");
  assert_contains (proc_paper_get_authors (avdkl), "César Lincoln Mattos");
  assert_contains (proc_paper_get_abstract (avdkl), "our resulting method, *amortized varitional* DKL (AVDKL)");

  /* the exports write emphasis as their format does */
  bibtex = export_all (store, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "which we call *reason for future, act for now* (**RAFA**). Specifically");
  /* BibTeX as UTF-8, which biber and pandoc read */
  assert_contains (bibtex, "Gomes, João Paulo Pordeus");
  assert_lacks (bibtex, "<em>");

  html = export_all (store, PROC_RECORD_FORMAT_HTML);
  assert_contains (html, "which we call <em>reason for future, act for now</em> (<strong>RAFA</strong>). Specifically");
  assert_contains (html, "our resulting method, <em>amortized varitional</em> DKL");
  shown = dup_without_comments (html);
  assert_lacks (shown, "&lt;em&gt;");
  assert_lacks (shown, "*reason");

  markdown = export_all (store, PROC_RECORD_FORMAT_MARKDOWN);
  assert_contains (markdown, "which we call *reason for future, act for now* (**RAFA**). Specifically");
  assert_contains (markdown, "João Paulo Pordeus Gomes");
  assert_lacks (markdown, "<em>");
}

/* A PMLR-shaped file with babel's shorthand, \textquotesingle, entities,
 * <sub>/<sup>, and a control character on line 24. */
static void
test_pmlr_shapes (void)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(ProcImportReport) report = import_data (store, "bibtex/pmlr-shapes.bib");
  g_autoptr(ProcPaper) cells = NULL;
  g_autoptr(ProcPaper) noisy = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *bibtex = NULL;
  g_autofree char *html = NULL;
  g_autofree char *markdown = NULL;

  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (report->warnings->len, ==, 1);
  /* named as the file was opened, by its path */
  g_assert_true (g_str_has_suffix (g_ptr_array_index (report->warnings, 0),
                                   "/tests/data/bibtex/pmlr-shapes.bib:24: 1 control character removed"));
  summary = proc_import_report_dup_summary (report, "pmlr-shapes.bib");
  g_assert_cmpstr (summary, ==, "pmlr-shapes.bib: 2 papers added, 0 already in the library, 0 skipped, 1 warning");

  cells = find_paper (store, "CellSeg");
  g_assert_cmpstr (proc_paper_get_title (cells), ==, "It's H$_2$O: Segmenting Cells — Fast");
  g_assert_cmpstr (proc_paper_get_authors (cells), ==,
                   "Dagmar Kainmüller; João Paulo Gomes; Lukáš Šimša; Mads Sørensen; Martin Weiß");
  g_assert_cmpstr (proc_paper_get_abstract (cells), ==,
                   "We segment cells in H$_{2}$O & glycerol at 10$^{6}$ cells per second with **CellSeg**, "
                   "an *instance* segmentation model. It’s fast~--- and accurate.");

  noisy = find_paper (store, "noisy");
  g_assert_cmpstr (proc_paper_get_abstract (noisy), ==, "Labels are noisy. We learn anyway and show it.");

  bibtex = export_all (store, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "Kainmüller, Dagmar");
  assert_contains (bibtex, "Šimša, Lukáš");
  assert_contains (bibtex, "with **CellSeg**, an *instance* segmentation model. It’s fast~--- and accurate.");
  assert_contains (bibtex, "H$_{2}$O \\& glycerol at 10$^{6}$");

  html = export_all (store, PROC_RECORD_FORMAT_HTML);
  assert_contains (html, "We segment cells in H₂O &amp; glycerol at 10⁶ cells per second with <strong>CellSeg</strong>, "
                   "an <em>instance</em> segmentation model. It’s fast — and accurate.");
  assert_contains (html, "Dagmar Kainmüller");
  assert_contains (html, "It&#39;s H₂O: Segmenting Cells — Fast");

  markdown = export_all (store, PROC_RECORD_FORMAT_MARKDOWN);
  assert_contains (markdown, "We segment cells in H₂O & glycerol at 10⁶ cells per second with **CellSeg**, "
                   "an *instance* segmentation model. It’s fast — and accurate.");
  assert_contains (markdown, "Dagmar Kainmüller");
}

/* The same cleaning in every importer: RIS, CSV, CSL-JSON and Paper
 * Copilot JSON abstracts with HTML and a control character. */
static void
test_every_format (void)
{
  static const struct
  {
    const char *name;
    const char *text;
    guint       warning_line;
  } files[] = {
    { "pmlr.ris",
      "TY  - CPAPER\nTI  - Cells in Water\nAU  - Kainmüller, Dagmar\nPY  - 2024\n"
      "AB  - We segment <em>cells</em> in H<sub>2</sub>O &amp; more\x01.\nER  - \n", 5 },
    { "pmlr.csv",
      "title,authors,abstract,year\n\"Cells in Water\",Dagmar Kainmüller,"
      "\"We segment <em>cells</em> in H<sub>2</sub>O &amp; more\x01.\",2024\n", 2 },
    { "pmlr.json",
      "[{\"type\": \"paper-conference\", \"title\": \"Cells in Water\",\n"
      "  \"author\": [{\"family\": \"Kainmüller\", \"given\": \"Dagmar\"}],\n"
      "  \"issued\": {\"date-parts\": [[2024]]},\n"
      "  \"abstract\": \"We segment <em>cells</em> in H<sub>2</sub>O &amp; more\x01.\"}]\n", 4 },
    { "icml2024.json",
      "[{\"title\": \"Cells in Water\", \"author\": \"Dagmar Kainmüller\", \"status\": \"Poster\",\n"
      "  \"abstract\": \"We segment <em>cells</em> in H<sub>2</sub>O &amp; more\\u0001.\"}]\n", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(ProcStore) store = new_store ();
      g_autoptr(ProcImportReport) report = import_text (store, files[i].name, files[i].text);
      g_autoptr(ProcPaper) paper = NULL;
      g_autofree char *warning = NULL;

      g_test_message ("%s", files[i].name);
      g_assert_cmpuint (report->added, ==, 1);
      paper = find_paper (store, "cells");
      g_assert_cmpstr (proc_paper_get_abstract (paper), ==, "We segment *cells* in H$_{2}$O & more.");
      g_assert_cmpuint (report->warnings->len, ==, 1);
      warning = g_strdup_printf ("%s:%u: 1 control character removed", files[i].name, files[i].warning_line);
      g_assert_cmpstr (g_ptr_array_index (report->warnings, 0), ==, warning);
    }
}

/* Every real file in ../shared/realworld: no TeX command or HTML left in
 * what is stored, whatever the producer; the counts go to the log. */
static void
test_realworld (void)
{
  static const char * const names[] = {
    "icml2024-seed-pmlr.bib", "icml2019.bib", "icml2019.json", "acl2022.bib", "colm2024.bib",
  };
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
  g_autofree char *dir = shared ? g_build_filename (shared, "realworld", NULL) : NULL;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("../shared/realworld is not here (a fresh clone has no such directory)");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(ProcStore) store = new_store ();
      g_autoptr(ProcImportReport) report = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) ids = NULL;
      guint stars = 0, tex_left = 0, html_left = 0;

      report = proc_importer_import_file (store, file, NULL, &error);
      g_assert_no_error (error);
      ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
      g_assert_no_error (error);

      for (guint k = 0; k < ids->len; k++)
        {
          g_autoptr(ProcPaper) paper = proc_store_get_paper (store, g_array_index (ids, gint64, k));
          const char *abstract = proc_paper_get_abstract (paper);
          const char *authors = proc_paper_get_authors (paper);

          if (strstr (abstract, "*") != NULL)
            stars++;
          if (authors != NULL && strchr (authors, '\\') != NULL)
            {
              g_test_message ("%s: TeX left in “%s”", names[i], authors);
              tex_left++;
            }
          if (strstr (abstract, "<em>") || strstr (abstract, "<b>") || strstr (abstract, "&amp;") ||
              strstr (abstract, "&#"))
            html_left++;
        }

      g_test_message ("%s: %u papers, %u abstracts with a * (emphasis or math), %u warnings, %u skipped",
                      names[i], ids->len, stars, report->warnings->len, report->rejected);
      g_assert_cmpuint (tex_left, ==, 0);
      g_assert_cmpuint (html_left, ==, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/import-decoding/pmlr-emphasis", test_pmlr_emphasis);
  g_test_add_func ("/import-decoding/pmlr-shapes", test_pmlr_shapes);
  g_test_add_func ("/import-decoding/every-format", test_every_format);
  g_test_add_func ("/import-decoding/realworld", test_realworld);

  return g_test_run ();
}
