/* test-own-exports.c: the app's own Markdown and HTML exports come back whole; triage and watchlists travel
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "proc-exporter.h"
#include "proc-importer.h"
#include "proc-record-format.h"
#include "proc-store.h"

/* A real library: the bundled ICML 2024 list (38 abstracts, the seed
 * format), annotated as a reader would, through the store's own calls. */

static char *
source_path (const char *relative)
{
  const char *dir = g_getenv ("PROCEEDINGS_SOURCE_DIR");

  g_assert_nonnull (dir);
  return g_build_filename (dir, relative, NULL);
}

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("proceedings-own-exports-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static ProcStore *
new_store (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (path, &error);

  g_assert_no_error (error);
  return store;
}

static GArray *
all_ids (ProcStore *store)
{
  g_autoptr(GError) error = NULL;
  GArray *ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);

  g_assert_no_error (error);
  return ids;
}

static gint64
id_at (GArray *ids,
       guint   i)
{
  return g_array_index (ids, gint64, i);
}

static ProcImportReport *
import_path (ProcStore   *store,
             const char  *path,
             GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return proc_importer_import_file (store, file, NULL, error);
}

static ProcStore *
annotated_library (void)
{
  ProcStore *store = new_store ();
  g_autofree char *seed = source_path ("resources/lists/icml-2024.txt");
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  report = import_path (store, seed, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 38);

  ids = all_ids (store);
  g_assert_cmpuint (ids->len, ==, 38);

  /* A note that holds what could end a comment or open a tag */
  id = id_at (ids, 0);
  g_assert_true (proc_store_set_note (store, id, "Compare with FlashAttention-2 --> see §3.\n\n<b>Lemma</b> & *proof* {x}.", &error));
  g_assert_true (proc_store_set_starred (store, &id, 1, TRUE, &error));
  g_assert_true (proc_store_set_read_state (store, &id, 1, PROC_READ_STATE_READ, &error));
  g_assert_true (proc_store_set_triage (store, &id, 1, PROC_TRIAGE_KEEP, &error));
  g_assert_true (proc_store_add_tag (store, &id, 1, "efficient, ML", &error));

  id = id_at (ids, 1);
  g_assert_true (proc_store_set_rating (store, &id, 1, 4, &error));
  g_assert_true (proc_store_set_read_state (store, &id, 1, PROC_READ_STATE_READING, &error));
  g_assert_true (proc_store_set_triage (store, &id, 1, PROC_TRIAGE_MAYBE, &error));
  g_assert_true (proc_store_add_tag (store, &id, 1, "注意力", &error));
  g_assert_true (proc_store_set_note (store, id, "读完第二节", &error));

  id = id_at (ids, 2);
  g_assert_true (proc_store_set_triage (store, &id, 1, PROC_TRIAGE_SKIP, &error));
  g_assert_true (proc_store_set_rating (store, &id, 1, 1, &error));

  id = id_at (ids, 3);
  g_assert_true (proc_store_set_user_title (store, id, "My own title for this one", &error));
  g_assert_true (proc_store_add_tag (store, &id, 1, "efficient, ML", &error));

  g_assert_cmpint (proc_store_create_watchlist (store, "Attention", "attention", &error), >, 0);
  g_assert_cmpint (proc_store_create_watchlist (store, "Bounds; = {odd}", "\"lower bound\" OR regret", &error), >, 0);
  g_assert_no_error (error);

  return store;
}

static char *
export_to (ProcStore          *store,
           ProcRecordFormat    format,
           ProcExportGrouping  grouping,
           const char         *name)
{
  g_autofree char *dir = temp_dir ();
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GArray) ids = all_ids (store);
  g_autoptr(GError) error = NULL;
  guint n_written = 0;

  g_assert_true (proc_exporter_export_file (store, file, format, PROC_EXPORT_ALL, grouping, "ICML 2024 picks",
                                            (const gint64 *) (gpointer) ids->data, ids->len, &n_written, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_written, >=, ids->len);

  return path;
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

static gint64
sql_int (ProcStore  *store,
         const char *sql)
{
  g_autofree char *text = sql_text (store, sql);

  return text != NULL ? g_ascii_strtoll (text, NULL, 10) : 0;
}

/* Each paper's text and annotations, in one string, by abstract. */
static const char library_sql[] =
  "SELECT group_concat(row, char(10)) FROM (SELECT coalesce(user_title, derived_title) || ' | ' || abstract"
  " || ' | note=' || note || ' | starred=' || starred || ' | read=' || read_state || ' | rating=' || rating"
  " || ' | triage=' || triage || ' | tags=' || coalesce((SELECT group_concat(name, ',') FROM"
  "   (SELECT t.name FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.paper_id = p.id ORDER BY t.name)), '')"
  " AS row FROM papers p ORDER BY abstract)";

static const char watchlists_sql[] =
  "SELECT coalesce(group_concat(name || ' = ' || query, char(10)), '') FROM (SELECT name, query FROM watchlists ORDER BY name)";

static void
assert_same_library (ProcStore *expected,
                     ProcStore *actual)
{
  g_autofree char *a = sql_text (expected, library_sql);
  g_autofree char *b = sql_text (actual, library_sql);
  g_autofree char *wa = sql_text (expected, watchlists_sql);
  g_autofree char *wb = sql_text (actual, watchlists_sql);

  g_assert_cmpint (sql_int (actual, "SELECT count(*) FROM papers"), ==, sql_int (expected, "SELECT count(*) FROM papers"));
  /* The user's title comes back as the title; the rest exactly. */
  g_assert_cmpstr (b, ==, a);
  g_assert_cmpstr (wb, ==, wa);
}

/* No paper made of the document's own text. */
static void
assert_no_junk (ProcStore *store)
{
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers WHERE abstract LIKE '%proceedings-paper%'"
                                   " OR abstract LIKE '#%' OR abstract LIKE '<%' OR abstract LIKE '%**Tags:**%'"
                                   " OR derived_title LIKE '<%'"), ==, 0);
}

/* Every hidden line is one well-formed comment: no ">" inside, so
 * nothing a paper holds can end it early or open a tag. */
static void
assert_hidden_lines (const char *text,
                     guint       n_papers)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *close;

      if (strstr (line, "proceedings-paper") == NULL)
        continue;
      g_assert_true (g_str_has_prefix (line, "<!-- proceedings-paper {"));
      close = strstr (line, ">");
      g_assert_nonnull (close);
      g_assert_true (close == line + strlen (line) - 1);
      g_assert_true (g_str_has_suffix (line, "} -->"));
      g_assert_null (strchr (line + 4, '<'));
      /* and no "--" but the closing one (the note holds "-->") */
      g_assert_true (strstr (line + 4, "--") == line + strlen (line) - 3);
      n++;
    }
  g_assert_cmpuint (n, ==, n_papers);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
run (const char * const *argv,
     char              **out)
{
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("%s: %s", argv[0], err);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (err, ==, "");
}

/* pandoc neither shows the hidden data in plain text nor in HTML,
 * where it stays inside comments. */
static void
check_pandoc_hides_data (const char *path)
{
  g_autofree char *pandoc = g_find_program_in_path ("pandoc");
  g_autofree char *plain = NULL;
  g_autofree char *html = NULL;
  const char *p;
  guint in_comments = 0, anywhere = 0;

  if (pandoc == NULL)
    {
      g_test_message ("pandoc is not installed: what it shows is not checked");
      return;
    }

  {
    const char *argv[] = { pandoc, "-f", "markdown", "-t", "plain", "--wrap=none", path, NULL };
    run (argv, &plain);
  }
  g_assert_nonnull (strstr (plain, "ICML 2024 picks"));
  g_assert_nonnull (strstr (plain, "My own title for this one"));
  g_assert_null (strstr (plain, "proceedings-paper"));
  g_assert_null (strstr (plain, "proceedings-export"));
  g_assert_null (strstr (plain, "\"custom\""));

  {
    const char *argv[] = { pandoc, "-f", "markdown", "-t", "html", path, NULL };
    run (argv, &html);
  }
  for (p = html; (p = strstr (p, "proceedings-")) != NULL; p++)
    {
      anywhere++;
      in_comments += p - html >= 5 && strncmp (p - 5, "<!-- ", 5) == 0;
    }
  g_assert_cmpuint (anywhere, >, 38);
  g_assert_cmpuint (in_comments, ==, anywhere);
}

/* The text a browser shows, as Python's HTML parser finds it (comments,
 * the head and the stylesheet are not shown). */
static void
check_browser_hides_data (const char *path)
{
  static const char script[] =
    "import sys\n"
    "from html.parser import HTMLParser\n"
    "class P(HTMLParser):\n"
    "    hidden = 0\n"
    "    def handle_starttag(self, tag, attrs):\n"
    "        self.hidden += tag in ('head', 'style', 'title')\n"
    "    def handle_endtag(self, tag):\n"
    "        self.hidden -= tag in ('head', 'style', 'title')\n"
    "    def handle_data(self, data):\n"
    "        if not self.hidden: sys.stdout.write(data)\n"
    "p = P(convert_charrefs=True)\n"
    "p.feed(open(sys.argv[1], encoding='utf-8').read())\n"
    "p.close()\n";
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *shown = NULL;

  if (python == NULL)
    {
      g_test_message ("python3 is not installed: what a browser shows is not checked");
      return;
    }

  {
    const char *argv[] = { python, "-c", script, path, NULL };
    run (argv, &shown);
  }
  g_assert_nonnull (strstr (shown, "ICML 2024 picks"));
  g_assert_nonnull (strstr (shown, "Compare with FlashAttention-2 --> see §3."));
  g_assert_null (strstr (shown, "proceedings-"));
  g_assert_null (strstr (shown, "\"custom\""));
  g_assert_null (strstr (shown, "\\u003c"));
}

static void
test_round_trip (gconstpointer data)
{
  ProcRecordFormat format = GPOINTER_TO_INT (data);
  gboolean html = format == PROC_RECORD_FORMAT_HTML;
  g_autoptr(ProcStore) library = annotated_library ();
  g_autoptr(ProcStore) fresh = new_store ();
  g_autofree char *path = export_to (library, format, html ? PROC_EXPORT_GROUP_NONE : PROC_EXPORT_GROUP_READ_STATE,
                                     html ? "picks.html" : "picks.md");
  g_autofree char *text = read_file (path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  /* The file says what it is, and people see the papers, not the data. */
  if (html)
    {
      g_assert_true (g_str_has_prefix (text, "<!DOCTYPE html>\n<!-- proceedings-export v1 "));
      g_assert_nonnull (strstr (text, "<meta name=\"generator\" content=\"Proceedings\">"));
      g_assert_nonnull (strstr (text, "<html data-proceedings-export=\"1\""));
      check_browser_hides_data (path);
    }
  else
    {
      g_assert_true (g_str_has_prefix (text, "<!-- proceedings-export v1 {"));
      g_assert_nonnull (strstr (text, "\n# ICML 2024 picks\n"));
      check_pandoc_hides_data (path);
    }
  assert_hidden_lines (text, 38);

  report = import_path (fresh, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 38);
  g_assert_cmpuint (report->present, ==, 0);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpstr (report->list_name, ==, "ICML 2024 picks");

  assert_same_library (library, fresh);
  assert_no_junk (fresh);
  g_assert_cmpint (sql_int (fresh, "SELECT count(*) FROM papers WHERE triage <> 0 AND triaged_at IS NULL"), ==, 0);

  /* Again: every paper is found, nothing doubles, nothing changes. */
  g_clear_pointer (&report, proc_import_report_free);
  report = import_path (fresh, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 0);
  g_assert_cmpuint (report->present, ==, 38);
  assert_same_library (library, fresh);

  g_unlink (path);
}

static void
assert_refused (const char *path,
                const char *kind,
                const char *instead)
{
  g_autoptr(ProcStore) store = new_store ();
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import_path (store, path, &error);
  g_assert_null (report);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT);
  g_test_message ("%s", error->message);
  /* "FILE: what it is. What to import instead." */
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_true (g_str_has_prefix (error->message + strlen (path), kind));
  g_assert_nonnull (strstr (error->message, instead));

  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers"), ==, 0);
  g_assert_cmpint (sql_int (store, "SELECT count(*) FROM lists"), ==, 0);
}

static char *
write_temp (const char *name,
            const char *text)
{
  g_autofree char *dir = temp_dir ();
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* The project's own README, and a note without headings. */
static void
test_refuse_markdown (void)
{
  g_autofree char *readme = source_path ("README.md");
  g_autofree char *notes = write_temp ("reading-notes.md",
                                       "Papers to read before the group meets.\n\n"
                                       "Start with the FlashAttention one, then the AGI levels paper.\n");

  assert_refused (readme, ": a Markdown document, not a list of papers", "BibTeX, RIS, CSL-JSON or CSV");
  assert_refused (notes, ": a Markdown document, not a list of papers", "BibTeX, RIS, CSL-JSON or CSV");
}

/* A conference's page saved from the browser, and our HTML export as it
 * was before it carried the data (today's golden page without its data). */
static void
test_refuse_html (void)
{
  g_autofree char *saved = source_path ("tests/data/html/saved-page.html");
  g_autoptr(ProcStore) library = annotated_library ();
  g_autofree char *path = export_to (library, PROC_RECORD_FORMAT_HTML, PROC_EXPORT_GROUP_NONE, "picks.html");
  g_autofree char *text = read_file (path);
  g_autoptr(GString) old = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *old_path = NULL;

  assert_refused (saved, ": a web page, not a list of papers", "BibTeX, RIS, CSL-JSON or CSV");

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "<!-- proceedings-") && lines[i + 1] != NULL)
      g_string_append_printf (old, "%s\n", lines[i]);
  g_assert_cmpuint (g_string_replace (old, " data-proceedings-export=\"1\"", "", 0), ==, 1);
  old_path = write_temp ("old-export.html", old->str);
  assert_refused (old_path, ": a Proceedings export without the papers’ data", "CSL-JSON");

  g_unlink (path);
}

/* A document from a later version is refused, not half read. */
static void
test_refuse_newer (void)
{
  g_autoptr(ProcStore) library = annotated_library ();
  g_autofree char *path = export_to (library, PROC_RECORD_FORMAT_MARKDOWN, PROC_EXPORT_GROUP_NONE, "picks.md");
  g_autofree char *text = read_file (path);
  g_autofree char *newer_path = NULL;

  g_assert_true (g_str_has_prefix (text, "<!-- proceedings-export v1 "));
  text[strlen ("<!-- proceedings-export v")] = '2';
  newer_path = write_temp ("picks-v2.md", text);
  assert_refused (newer_path, ": exported by a newer version of Proceedings", "CSL-JSON");

  g_unlink (path);
}

/* Markdown copied to paste into a message is only what people read. */
static void
test_copy_for_pasting (void)
{
  g_autoptr(ProcStore) library = annotated_library ();
  g_autoptr(GArray) ids = all_ids (library);
  g_autoptr(GError) error = NULL;
  g_autofree char *md = proc_exporter_write_to_string (library, PROC_RECORD_FORMAT_MARKDOWN, PROC_EXPORT_ALL,
                                                       "Selected Papers", (const gint64 *) (gpointer) ids->data,
                                                       2, &error);

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (md, "# Selected Papers\n"));
  g_assert_null (strstr (md, "<!--"));
  g_assert_nonnull (strstr (md, "FlashAttention-2"));
}

/* A data line damaged by hand is reported with its line; the other
 * papers come in. */
static void
test_damaged_line (void)
{
  g_autoptr(ProcStore) library = annotated_library ();
  g_autoptr(ProcStore) fresh = new_store ();
  g_autofree char *path = export_to (library, PROC_RECORD_FORMAT_MARKDOWN, PROC_EXPORT_GROUP_NONE, "picks.md");
  g_autofree char *text = read_file (path);
  g_autofree char *damaged_path = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  char *data = strstr (text, "<!-- proceedings-paper {");
  guint line = 1;

  g_assert_nonnull (data);
  for (const char *p = text; p < data; p++)
    line += *p == '\n';
  data[strlen ("<!-- proceedings-paper {")] = '[';
  damaged_path = write_temp ("damaged.md", text);

  report = import_path (fresh, damaged_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 37);
  g_assert_cmpuint (report->rejected, ==, 1);
  expected = g_strdup_printf ("%s:%u: the paper’s data is damaged: it is not one valid JSON object", damaged_path, line);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, expected);
  assert_no_junk (fresh);

  g_unlink (path);
}

static void
test_guess (void)
{
  static const struct { const char *name; const char *head; ProcRecordFormat format; } cases[] = {
    { "x.txt", "<!-- proceedings-export v1 {} -->\n\n# Papers\n", PROC_RECORD_FORMAT_MARKDOWN },
    { "README", "# Proceedings\n\nA GNOME app.\n\n## Formats\n", PROC_RECORD_FORMAT_MARKDOWN },
    { "notes.md", "Papers to read.\n", PROC_RECORD_FORMAT_MARKDOWN },
    { "page", "<!doctype html>\n<html><head><style>@media (x) {}</style>", PROC_RECORD_FORMAT_HTML },
    { "page.htm", "<p>hello</p>", PROC_RECORD_FORMAT_HTML },
    /* A conference list whose title looks like a heading stays a list. */
    { "icml.txt", "# ICML 2024\n\nWe study things.\n\nWe study more things.\n", PROC_RECORD_FORMAT_TEXT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (proc_record_format_guess (cases[i].name, cases[i].head, strlen (cases[i].head)),
                     ==, cases[i].format);
  g_assert_true (proc_record_format_can_import (PROC_RECORD_FORMAT_MARKDOWN));
  g_assert_true (proc_record_format_can_import (PROC_RECORD_FORMAT_HTML));
}

/* Triage and watchlists through BibTeX and CSL-JSON: what a reading group
 * exchanges.  Others' tools read the files as before. */
static void
check_others_read (const char       *path,
                   ProcRecordFormat  format)
{
  g_autofree char *bibtool = g_find_program_in_path ("bibtool");
  g_autofree char *pandoc = g_find_program_in_path ("pandoc");
  g_autofree char *out = NULL;

  /* bibtool reads it without a warning, and what it writes back (its
   * own layout, long fields wrapped) still carries the decisions. */
  if (format == PROC_RECORD_FORMAT_BIBTEX && bibtool != NULL)
    {
      g_autofree char *dir = temp_dir ();
      g_autofree char *rewritten = g_build_filename (dir, "bibtool.bib", NULL);
      const char *argv[] = { bibtool, "-i", path, "-o", rewritten, NULL };
      g_autofree char *ignored = NULL;
      g_autoptr(ProcStore) store = new_store ();
      g_autoptr(ProcImportReport) report = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *watchlists = NULL;

      run (argv, &ignored);
      report = import_path (store, rewritten, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (report->added, ==, 38);
      g_assert_cmpint (sql_int (store, "SELECT count(*) FROM papers WHERE triage <> 0"), ==, 3);
      watchlists = sql_text (store, watchlists_sql);
      g_assert_cmpstr (watchlists, ==, "Attention = attention\nBounds; = {odd} = \"lower bound\" OR regret");
      g_unlink (rewritten);
    }

  if (pandoc != NULL)
    {
      g_autofree char *doc = write_temp ("doc.md", "---\nnocite: '@*'\n---\n");
      g_autofree char *bibliography = g_strconcat ("--bibliography=", path, NULL);
      const char *argv[] = { pandoc, "-f", "markdown", "-t", "plain", "--wrap=none", "--citeproc",
                             bibliography, doc, NULL };

      g_autofree char *folded = NULL;

      run (argv, &out);
      folded = g_utf8_strdown (out, -1);
      g_assert_nonnull (strstr (folded, "my own title for this one"));
      g_assert_null (strstr (folded, "triage"));
      g_assert_null (strstr (folded, "odd"));
      g_assert_null (strstr (folded, "proceedings"));
    }
}

static void
test_triage_travels (gconstpointer data)
{
  ProcRecordFormat format = GPOINTER_TO_INT (data);
  gboolean bibtex = format == PROC_RECORD_FORMAT_BIBTEX;
  g_autoptr(ProcStore) library = annotated_library ();
  g_autoptr(ProcStore) fresh = new_store ();
  g_autoptr(ProcStore) mine = NULL;
  g_autofree char *path = export_to (library, format, PROC_EXPORT_GROUP_NONE, bibtex ? "picks.bib" : "picks.json");
  g_autofree char *text = read_file (path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  if (bibtex)
    {
      g_assert_nonnull (strstr (text, "  x-proceedings-triage = {keep}"));
      g_assert_nonnull (strstr (text, "  x-proceedings-triage = {maybe}"));
      g_assert_nonnull (strstr (text, "  x-proceedings-triage = {skip}"));
      g_assert_nonnull (strstr (text, "  x-proceedings-watchlists = {Attention = attention}"));
      g_assert_nonnull (strstr (text, "Bounds%3B %3D %7Bodd%7D = \"lower bound\" OR regret"));
    }
  else
    {
      g_assert_nonnull (strstr (text, "\"triage\" : \"keep\""));
      g_assert_nonnull (strstr (text, "\"watchlists\" : ["));
    }
  check_others_read (path, format);

  report = import_path (fresh, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 38);
  g_assert_cmpint (sql_int (fresh, "SELECT count(*) FROM papers WHERE triage = 1"), ==, 1);
  g_assert_cmpint (sql_int (fresh, "SELECT count(*) FROM papers WHERE triage = 2"), ==, 1);
  g_assert_cmpint (sql_int (fresh, "SELECT count(*) FROM papers WHERE triage = 3"), ==, 1);
  assert_same_library (library, fresh);

  /* A library that decided otherwise keeps its decisions and its own
   * watchlist of that name; the file fills only what is undecided. */
  mine = annotated_library ();
  ids = all_ids (mine);
  id = id_at (ids, 0);
  g_assert_true (proc_store_set_triage (mine, &id, 1, PROC_TRIAGE_SKIP, &error));
  id = id_at (ids, 2);
  g_assert_true (proc_store_set_triage (mine, &id, 1, PROC_TRIAGE_UNTRIAGED, &error));
  g_assert_true (proc_store_update_watchlist (mine, sql_int (mine, "SELECT id FROM watchlists WHERE name = 'Attention'"),
                                              "attention", "attention OR transformer", &error));
  g_assert_true (proc_store_delete_watchlist (mine, sql_int (mine, "SELECT id FROM watchlists WHERE name LIKE 'Bounds%'"),
                                              &error));
  g_assert_no_error (error);

  g_clear_pointer (&report, proc_import_report_free);
  report = import_path (mine, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->present, ==, 38);
  g_assert_cmpint (sql_int (mine, "SELECT count(*) FROM papers WHERE triage = 3"), ==, 2);
  g_assert_cmpint (sql_int (mine, "SELECT count(*) FROM papers WHERE triage = 1"), ==, 0);
  g_assert_cmpint (sql_int (mine, "SELECT count(*) FROM papers WHERE triage = 2"), ==, 1);
  {
    g_autofree char *watchlists = sql_text (mine, watchlists_sql);

    g_assert_cmpstr (watchlists, ==, "Bounds; = {odd} = \"lower bound\" OR regret\nattention = attention OR transformer");
  }

  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/own-exports/round-trip/markdown", GINT_TO_POINTER (PROC_RECORD_FORMAT_MARKDOWN), test_round_trip);
  g_test_add_data_func ("/own-exports/round-trip/html", GINT_TO_POINTER (PROC_RECORD_FORMAT_HTML), test_round_trip);
  g_test_add_func ("/own-exports/refuse/markdown", test_refuse_markdown);
  g_test_add_func ("/own-exports/refuse/html", test_refuse_html);
  g_test_add_func ("/own-exports/refuse/newer", test_refuse_newer);
  g_test_add_func ("/own-exports/guess", test_guess);
  g_test_add_func ("/own-exports/copy-for-pasting", test_copy_for_pasting);
  g_test_add_func ("/own-exports/damaged-line", test_damaged_line);
  g_test_add_data_func ("/own-exports/triage/bibtex", GINT_TO_POINTER (PROC_RECORD_FORMAT_BIBTEX), test_triage_travels);
  g_test_add_data_func ("/own-exports/triage/csl-json", GINT_TO_POINTER (PROC_RECORD_FORMAT_CSL_JSON), test_triage_travels);

  return g_test_run ();
}
