/* test-bibtex-context.c: context (crossref, @string) and links, from real producers' BibTeX to the library and back
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "library-common.h"
#include "proc-bibtex-reader.h"
#include "proc-importer.h"

/* Each test imports fixtures written in their producer's exact shape
 * (tests/data/bibtex/) into a library file, reads what reached the file
 * with SQLite itself, exports the papers again and, when pandoc is
 * installed, checks that pandoc reads the export as a conference paper
 * in its proceedings (library-common.c). */

/* PMLR: the volume's @Proceedings first, each paper crossrefs it. */
static void
test_pmlr (void)
{
  Library lib = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *bibtex = NULL;
  g_autofree char *csl = NULL;
  g_autofree char *ris = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *markdown = NULL;
  g_autofree char *html = NULL;
  const char *key = "pmlr-v235-saha24a";

  library_open (&lib);
  report = import_fixture (&lib, "pmlr-crossref.bib");
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 0);

  assert_field (&lib, "SELECT venue FROM papers WHERE citation_key = ?1", key,
                "Proceedings of the 41st International Conference on Machine Learning");
  assert_field (&lib, "SELECT year FROM papers WHERE citation_key = ?1", key, "2024");
  assert_field (&lib, "SELECT editors FROM papers WHERE citation_key = ?1", key,
                "Ruslan Salakhutdinov; Zico Kolter; Katherine Heller; Adrian Weller; Nuria Oliver; "
                "Jonathan Scarlett; Felix Berkenkamp");
  assert_field (&lib, "SELECT publisher FROM papers WHERE citation_key = ?1", key, "PMLR");
  assert_field (&lib, "SELECT entry_type FROM papers WHERE citation_key = ?1", key, "inproceedings");
  assert_field (&lib, "SELECT pages FROM papers WHERE citation_key = ?1", key, "43024--43042");
  {
    g_autofree char *links = PAPER_LINKS (&lib, key);

    g_assert_cmpstr (links, ==,
                     "pdf https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a.pdf\n"
                     "openreview https://openreview.net/forum?id=saha24a-io-attention\n"
                     "supplement https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a-supp.pdf");
  }
  /* the volume's own fields are not the paper's */
  assert_field (&lib, "SELECT url FROM papers WHERE citation_key = ?1", key,
                "https://proceedings.mlr.press/v235/saha24a.html");
  assert_field (&lib, "SELECT publisher FROM papers WHERE citation_key = ?1", "pmlr-v235-wang24o", "PMLR");

  bibtex = export_all (&lib, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "@inproceedings{pmlr-v235-saha24a,");
  assert_contains (bibtex, "  booktitle = {Proceedings of the 41st International Conference on Machine Learning},\n"
                           "  editor = {Salakhutdinov, Ruslan and Kolter, Zico and Heller, Katherine and Weller, Adrian"
                           " and Oliver, Nuria and Scarlett, Jonathan and Berkenkamp, Felix},\n"
                           "  publisher = {PMLR},\n"
                           "  year = {2024},");
  assert_contains (bibtex, "  pdf = {https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a.pdf},\n"
                           "  openreview = {https://openreview.net/forum?id=saha24a-io-attention},\n"
                           "  supp = {https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a-supp.pdf},");
  assert_lacks (bibtex, "@misc");
  assert_lacks (bibtex, "x-proceedings-links");
  assert_pandoc_conference_papers (bibtex, 2);

  csl = export_all (&lib, PROC_RECORD_FORMAT_CSL_JSON);
  assert_contains (csl, "\"type\" : \"paper-conference\"");
  assert_contains (csl, "\"container-title\" : \"Proceedings of the 41st International Conference on Machine Learning\"");
  assert_contains (csl, "\"editor\" : [");
  assert_contains (csl, "\"family\" : \"Salakhutdinov\"");
  assert_contains (csl, "\"publisher\" : \"PMLR\"");

  ris = export_all (&lib, PROC_RECORD_FORMAT_RIS);
  assert_contains (ris, "TY  - CPAPER\r\n");
  assert_contains (ris, "T2  - Proceedings of the 41st International Conference on Machine Learning\r\n"
                        "A2  - Salakhutdinov, Ruslan\r\n");
  assert_contains (ris, "PB  - PMLR\r\n");
  assert_contains (ris, "L1  - https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a.pdf\r\n");
  assert_contains (ris, "L2  - https://openreview.net/forum?id=saha24a-io-attention\r\n");

  csv = export_all (&lib, PROC_RECORD_FORMAT_CSV);
  assert_contains (csv, ",https://openreview.net/forum?id=saha24a-io-attention,"
                        "https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a-supp.pdf,");

  markdown = export_all (&lib, PROC_RECORD_FORMAT_MARKDOWN);
  assert_contains (markdown, "[OpenReview](https://openreview.net/forum?id=saha24a-io-attention)");
  assert_contains (markdown, "[Supplement](https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a-supp.pdf)");

  html = export_all (&lib, PROC_RECORD_FORMAT_HTML);
  assert_contains (html, "href=\"https://openreview.net/forum?id=saha24a-io-attention\"");
  assert_contains (html, ">OpenReview</a>");
  assert_contains (html, ">Supplement</a>");

  library_close (&lib);
}

/* DBLP: the @proceedings after the papers (as BibTeX wants them), the
 * DOI in ee, a different volume for each track. */
static void
test_dblp (void)
{
  Library lib = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *bibtex = NULL;

  library_open (&lib);
  report = import_fixture (&lib, "dblp-crossref.bib");
  g_assert_cmpuint (report->added, ==, 3);
  /* every volume was named: none is reported */
  g_assert_cmpuint (report->rejected, ==, 0);

  /* the paper's own booktitle stays; what it lacks comes from its volume */
  assert_field (&lib, "SELECT venue FROM papers WHERE citation_key = ?1", "DBLP:conf/acl/GoldmanGT22",
                "Proceedings of the 60th Annual Meeting of the Association for Computational Linguistics "
                "(Volume 2: Short Papers), ACL 2022, Dublin, Ireland, May 22-27, 2022");
  assert_field (&lib, "SELECT editors FROM papers WHERE citation_key = ?1", "DBLP:conf/acl/GoldmanGT22",
                "Smaranda Muresan; Preslav Nakov; Aline Villavicencio");
  assert_field (&lib, "SELECT publisher FROM papers WHERE citation_key = ?1", "DBLP:conf/acl/GoldmanGT22",
                "Association for Computational Linguistics");
  assert_field (&lib, "SELECT doi FROM papers WHERE citation_key = ?1", "DBLP:conf/acl/GoldmanGT22",
                "10.18653/v1/2022.acl-short.96");
  /* the DOI from ee */
  assert_field (&lib, "SELECT doi FROM papers WHERE citation_key = ?1", "DBLP:conf/acl/ZhouS22",
                "10.18653/v1/2022.acl-long.75");
  assert_field (&lib, "SELECT publisher FROM papers WHERE citation_key = ?1", "DBLP:conf/icml/SahaY24",
                "OpenReview.net");
  assert_field (&lib, "SELECT coalesce(editors, 'none') FROM papers WHERE citation_key = ?1", "DBLP:conf/icml/SahaY24",
                "none");
  {
    g_autofree char *links = PAPER_LINKS (&lib, "DBLP:conf/icml/SahaY24");

    g_assert_cmpstr (links, ==, "pdf https://proceedings.mlr.press/v235/saha24a/saha24a.pdf");
  }
  /* the volume's url is not the paper's */
  assert_field (&lib, "SELECT url FROM papers WHERE citation_key = ?1", "DBLP:conf/icml/SahaY24",
                "https://proceedings.mlr.press/v235/saha24a.html");
  /* the file's order, although the papers waited for their volumes */
  assert_field (&lib, "SELECT group_concat(citation_key, ' ') FROM (SELECT citation_key FROM papers ORDER BY id)",
                NULL, "DBLP:conf/acl/GoldmanGT22 DBLP:conf/icml/SahaY24 DBLP:conf/acl/ZhouS22");

  bibtex = export_all (&lib, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "@inproceedings{DBLP:conf/acl/ZhouS22,");
  assert_contains (bibtex, "  editor = {Muresan, Smaranda and Nakov, Preslav and Villavicencio, Aline},\n"
                           "  publisher = {Association for Computational Linguistics},");
  assert_contains (bibtex, "  doi = {10.18653/v1/2022.acl-long.75},");
  assert_lacks (bibtex, "crossref");
  assert_pandoc_conference_papers (bibtex, 3);

  library_close (&lib);
}

/* ACL Anthology: "…" values, editors, publisher, DOI and url; the same
 * entry with @string macros for the venue and the publisher. */
static void
test_acl (void)
{
  Library lib = { 0 };
  Library strings = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(ProcImportReport) strings_report = NULL;
  g_autofree char *bibtex = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *with_strings = NULL;
  const char *key = "goldman-etal-2022-un";
  const char *sql = "SELECT venue || '|' || year || '|' || editors || '|' || publisher || '|' || doi"
                    " || '|' || url || '|' || pages || '|' || entry_type FROM papers WHERE citation_key = ?1";

  library_open (&lib);
  report = import_fixture (&lib, "acl-anthology.bib");
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 0);

  plain = sql_text (&lib, sql, key);
  g_assert_cmpstr (plain, ==,
                   "Proceedings of the 60th Annual Meeting of the Association for Computational Linguistics"
                   " (Volume 2: Short Papers)|2022|Smaranda Muresan; Preslav Nakov; Aline Villavicencio"
                   "|Association for Computational Linguistics|10.18653/v1/2022.acl-short.96"
                   "|https://aclanthology.org/2022.acl-short.96/|864--870|inproceedings");

  library_open (&strings);
  strings_report = import_fixture (&strings, "acl-anthology-strings.bib");
  g_assert_cmpuint (strings_report->added, ==, 1);
  with_strings = sql_text (&strings, sql, key);
  g_assert_cmpstr (with_strings, ==, plain);
  library_close (&strings);

  bibtex = export_all (&lib, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "@inproceedings{goldman-etal-2022-un,");
  assert_contains (bibtex, "  booktitle = {Proceedings of the 60th Annual Meeting of the Association for"
                           " Computational Linguistics (Volume 2: Short Papers)},\n"
                           "  editor = {Muresan, Smaranda and Nakov, Preslav and Villavicencio, Aline},\n"
                           "  publisher = {Association for Computational Linguistics},\n"
                           "  year = {2022},");
  assert_contains (bibtex, "  doi = {10.18653/v1/2022.acl-short.96},\n"
                           "  url = {https://aclanthology.org/2022.acl-short.96/},");
  assert_pandoc_conference_papers (bibtex, 2);
  g_assert_cmpuint (proc_store_count (lib.store, "has:doi"), ==, 2);

  library_close (&lib);
}

/* OpenReview: the forum is the url, and an OpenReview link. */
static void
test_openreview (void)
{
  Library lib = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *bibtex = NULL;

  library_open (&lib);
  report = import_fixture (&lib, "openreview.bib");
  g_assert_cmpuint (report->added, ==, 2);

  assert_field (&lib, "SELECT url FROM papers WHERE citation_key = ?1", "hu2024instructav",
                "https://openreview.net/forum?id=0UK8c2kg7c");
  {
    g_autofree char *links = PAPER_LINKS (&lib, "hu2024instructav");

    g_assert_cmpstr (links, ==, "openreview https://openreview.net/forum?id=0UK8c2kg7c");
  }
  assert_field (&lib, "SELECT entry_type FROM papers WHERE citation_key = ?1", "adams2024speer", "inproceedings");
  g_assert_cmpuint (proc_store_count (lib.store, "has:openreview"), ==, 2);
  g_assert_cmpuint (proc_store_count (lib.store, "has:pdf"), ==, 0);

  bibtex = export_all (&lib, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "@inproceedings{hu2024instructav,");
  assert_contains (bibtex, "  booktitle = {First Conference on Language Modeling},");
  assert_contains (bibtex, "  url = {https://openreview.net/forum?id=0UK8c2kg7c}");
  /* the forum is the url already: no field repeats it */
  assert_lacks (bibtex, "openreview = ");
  assert_pandoc_conference_papers (bibtex, 2);

  library_close (&lib);
}

/* Zotero's Better BibTeX: an arXiv eprint, a local file that is no link. */
static void
test_better_bibtex (void)
{
  Library lib = { 0 };
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *bibtex = NULL;
  g_autofree char *csl = NULL;

  library_open (&lib);
  report = import_fixture (&lib, "better-bibtex.bib");
  g_assert_cmpuint (report->added, ==, 2);

  {
    g_autofree char *links = PAPER_LINKS (&lib, "saha2024complexity");

    g_assert_cmpstr (links, ==, "arxiv https://arxiv.org/abs/2402.07443");
  }
  assert_field (&lib, "SELECT editors FROM papers WHERE citation_key = ?1", "saha2024complexity",
                "Ruslan Salakhutdinov; Zico Kolter; Katherine Heller; Adrian Weller; Nuria Oliver; "
                "Jonathan Scarlett; Felix Berkenkamp");
  assert_field (&lib, "SELECT entry_type || '|' || publisher FROM papers WHERE citation_key = ?1", "wang2024efficient",
                "misc|arXiv");
  g_assert_cmpuint (proc_store_count (lib.store, "has:arxiv"), ==, 2);

  bibtex = export_all (&lib, PROC_RECORD_FORMAT_BIBTEX);
  assert_contains (bibtex, "@inproceedings{saha2024complexity,");
  assert_contains (bibtex, "  eprint = {2402.07443},\n  archiveprefix = {arXiv},");
  assert_contains (bibtex, "@misc{wang2024efficient,");
  assert_lacks (bibtex, "Zotero/storage");

  csl = export_all (&lib, PROC_RECORD_FORMAT_CSL_JSON);
  assert_contains (csl, "\"type\" : \"article\"");
  assert_contains (csl, "\"publisher\" : \"arXiv\"");

  library_close (&lib);
}

/* The real files in ../shared/realworld: each producer's papers reach
 * pandoc as conference papers in their proceedings, with the links
 * they came with. */
static void
test_realworld (void)
{
  static const struct
  {
    const char *name;
    guint n_papers;
    guint n_pdf;
    guint n_openreview;
    guint n_doi;
    guint n_editors;
  } files[] = {
    { "icml2019.bib", 773, 773, 0, 0, 773 },
    { "icml2024-seed-pmlr.bib", 38, 38, 0, 0, 38 },
    { "acl2022.bib", 1031, 0, 0, 1031, 1031 },
    { "colm2024.bib", 299, 0, 299, 0, 0 },
  };
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");

  if (shared == NULL || !g_file_test (shared, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("../shared/realworld is not here (a fresh clone has none)");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (shared, "realworld", files[i].name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(ProcImportReport) report = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonArray) items = NULL;
      g_autofree char *bibtex = NULL;
      g_autofree char *n_editors = NULL;
      g_autofree char *n_publisher = NULL;
      g_autofree char *expected_editors = g_strdup_printf ("%u", files[i].n_editors);
      Library lib = { 0 };
      guint n_conference = 0;

      library_open (&lib);
      report = proc_importer_import_file (lib.store, file, NULL, &error);
      g_assert_no_error (error);
      n_editors = sql_text (&lib, "SELECT count(*) FROM papers WHERE editors IS NOT NULL", NULL);
      n_publisher = sql_text (&lib, "SELECT count(*) FROM papers WHERE publisher IS NOT NULL", NULL);
      g_test_message ("%s: %u papers, %u with a PDF, %u with OpenReview, %u with a DOI, %s with editors,"
                      " %s with a publisher",
                      files[i].name, report->added,
                      proc_store_count (lib.store, "has:pdf"), proc_store_count (lib.store, "has:openreview"),
                      proc_store_count (lib.store, "has:doi"), n_editors, n_publisher);
      g_assert_cmpuint (report->added, ==, files[i].n_papers);
      g_assert_cmpuint (proc_store_count (lib.store, "has:pdf"), ==, files[i].n_pdf);
      g_assert_cmpuint (proc_store_count (lib.store, "has:openreview"), ==, files[i].n_openreview);
      g_assert_cmpuint (proc_store_count (lib.store, "has:doi"), ==, files[i].n_doi);
      g_assert_cmpstr (n_editors, ==, expected_editors);

      bibtex = export_all (&lib, PROC_RECORD_FORMAT_BIBTEX);
      items = pandoc_items (bibtex);
      if (items != NULL)
        {
          for (guint k = 0; k < json_array_get_length (items); k++)
            {
              JsonObject *item = json_array_get_object_element (items, k);

              n_conference += g_strcmp0 (json_object_get_string_member_with_default (item, "type", ""),
                                         "paper-conference") == 0 &&
                              *json_object_get_string_member_with_default (item, "container-title", "") != '\0';
            }
          g_test_message ("%s: pandoc reads %u of %u as paper-conference with a container-title",
                          files[i].name, n_conference, json_array_get_length (items));
          g_assert_cmpuint (n_conference, ==, files[i].n_papers);
        }
      library_close (&lib);
    }
}

static GPtrArray *
read_text (const char       *text,
           ProcImportReport *report)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (text, -1, NULL);
  g_autoptr(ProcBibtexReader) reader = proc_bibtex_reader_new (stream, "test.bib");
  g_autoptr(GError) error = NULL;
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *record;

  while ((record = proc_record_reader_next (PROC_RECORD_READER (reader), report, NULL, &error)) != NULL)
    g_ptr_array_add (records, record);
  g_assert_no_error (error);

  return records;
}

/* BibTeX's own rules, where the producers' files do not reach. */
static void
test_crossref_rules (void)
{
  static const char text[] =
    "@inproceedings{own, title = {Own Booktitle}, booktitle = {Its Own}, date = {2019-05},\n"
    "  crossref = {Vol}}\n"                                                        /* 1 */
    "@inproceedings{lacks, title = {Lacks Everything}, crossref = {vol}}\n"        /* 3 */
    "@inproceedings{missing, title = {Names No Volume}, crossref = {nowhere}}\n"
    "@proceedings{vol, title = {The Volume's Title}, year = 2021, publisher = {Pub},\n"
    "  editor = {de la Fuente, Ana}, url = {https://volume.example.org}, abstract = {Not a paper's}}\n"
    "@proceedings{unused, title = {Nobody Names Me}}\n"                            /* 7 */
    "@inproceedings{after, title = {After the Volume}, crossref = {VOL}}\n";
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = read_text (text, report);
  ProcPaperRecord *r;

  g_assert_cmpuint (records->len, ==, 4);
  g_assert_cmpuint (report->problems->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==,
                   "test.bib:7: “unused” is a @proceedings entry: a whole volume, not a paper");

  r = g_ptr_array_index (records, 0);
  g_assert_cmpstr (r->citation_key, ==, "own");
  g_assert_cmpstr (r->venue, ==, "Its Own");
  g_assert_cmpint (r->year, ==, 2019);
  g_assert_cmpstr (r->publisher, ==, "Pub");
  g_assert_cmpstr (r->editors, ==, "Ana de la Fuente");

  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->citation_key, ==, "lacks");
  /* the volume's title is the paper's booktitle */
  g_assert_cmpstr (r->venue, ==, "The Volume's Title");
  g_assert_cmpint (r->year, ==, 2021);
  g_assert_null (r->url);
  g_assert_null (r->abstract);

  r = g_ptr_array_index (records, 2);
  g_assert_cmpstr (r->citation_key, ==, "missing");
  g_assert_null (r->venue);
  g_assert_null (r->publisher);

  r = g_ptr_array_index (records, 3);
  g_assert_cmpstr (r->citation_key, ==, "after");
  g_assert_cmpstr (r->venue, ==, "The Volume's Title");
  g_assert_cmpstr (r->entry_type, ==, "inproceedings");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bibtex-context/pmlr", test_pmlr);
  g_test_add_func ("/bibtex-context/dblp", test_dblp);
  g_test_add_func ("/bibtex-context/acl", test_acl);
  g_test_add_func ("/bibtex-context/openreview", test_openreview);
  g_test_add_func ("/bibtex-context/better-bibtex", test_better_bibtex);
  g_test_add_func ("/bibtex-context/realworld", test_realworld);
  g_test_add_func ("/bibtex-context/crossref-rules", test_crossref_rules);

  return g_test_run ();
}
