/* test-hostile-input.c: broken, huge and hostile files, through the importer into a real library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "proc-importer.h"
#include "proc-store.h"

/* Limits the readers document: an entry (BibTeX, RIS), a CSV row or a
 * conference-list paragraph is at most 4 MB, a line at most 16 MB, a JSON
 * entry at most 64 levels deep. */
#define MB (1024 * 1024)

/* Memcheck makes the big files take many minutes and counts memory its
 * own way: their sizes and memory are tested in the plain and sanitizer
 * runs, memcheck looks at every other case. */
static void
test_big_under_memcheck (void)
{
  g_test_skip ("big files are left to the plain and sanitizer runs");
}


#if defined(__SANITIZE_ADDRESS__)
# define UNDER_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define UNDER_ASAN 1
# endif
#endif

#ifdef UNDER_ASAN
/* Freed memory waits in ASan's quarantine (256 MB by default) and counts
 * as resident: keep it small, so peak RSS measures what the reader keeps. */
const char *__asan_default_options (void);
const char *
__asan_default_options (void)
{
  return "quarantine_size_mb=8";
}
#endif

typedef struct
{
  char *dir;
  char *library;
  ProcStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("proceedings-hostile-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->library = g_build_filename (fixture->dir, "library.db", NULL);
  fixture->store = proc_store_open (fixture->library, &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if ((dir = g_dir_open (path, 0, NULL)) != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          g_chmod (child, 0700);
          remove_tree (child);
        }
    }
  g_remove (path);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->store);
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->library);
}

/* What reached the database, through a connection of its own. */
static gint64
count_rows (Fixture    *fixture,
            const char *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM %s", table);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 n;

  g_assert_cmpint (sqlite3_open_v2 (fixture->library, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return n;
}

static gboolean
has_title (Fixture    *fixture,
           const char *title)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean found;

  g_assert_cmpint (sqlite3_open_v2 (fixture->library, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT 1 FROM papers WHERE derived_title = ?", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, title, -1, SQLITE_STATIC);
  found = sqlite3_step (stmt) == SQLITE_ROW;
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return found;
}

/* "@" in an expected message stands for the file's path. */
static char *
expand (const char *pattern,
        const char *path)
{
  g_auto(GStrv) parts = g_strsplit (pattern, "@", -1);

  return g_strjoinv (path, parts);
}

static char *
write_file (Fixture      *fixture,
            const char   *name,
            const char   *content,
            gssize        length)
{
  char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, content, length, &error);
  g_assert_no_error (error);

  return path;
}

static ProcImportReport *
import (Fixture     *fixture,
        const char  *path,
        GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return proc_importer_import_file (fixture->store, file, NULL, error);
}

typedef struct
{
  const char *test;
  const char *file_name;
  const char *content;
  gssize      length;      /* -1: up to the NUL */
  guint       added;       /* 0: the file is refused */
  const char *message;     /* when refused: the whole message; "@" is the file */
  guint       rejected;
  const char *problem;     /* the first skipped entry: "@:line: reason" */
  const char *title;       /* a title the library must have afterwards */
} HostileCase;

static const HostileCase cases[] = {
  { "/hostile/bibtex/unbalanced-braces", "unbalanced.bib",
    "@article{good, title = {Good one}}\n"
    "@article{bad,\n  title = {Missing {brace},\n  year = 2020\n}\n"
    "@article{third, title = {Third one}}\n", -1,
    2, NULL, 1, "@:2: the entry “bad” is not closed before the next entry on line 6", "Third one" },
  { "/hostile/bibtex/unterminated-quote", "quote.bib",
    "@article{open,\n  title = \"Open quote,\n  year = 2020\n}\n"
    "@article{fine, title = {Fine}}\n", -1,
    1, NULL, 1, "@:1: in the entry “open”, the value of “title” is not closed", "Fine" },
  { "/hostile/bibtex/eof-inside-entry", "cut.bib",
    "@article{complete, title = {Complete}}\n@article{cut,\n  title = {Cut short,\n  year = 2020,\n", -1,
    1, NULL, 1, "@:2: the entry “cut” is not closed: the file ends first", "Complete" },
  { "/hostile/bibtex/only-broken", "broken.bib",
    "@article{cut,\n  title = {Cut short,\n  year = 2020,\n", -1,
    0, "No paper could be read from @. The first problem: @:1: the entry “cut” is not closed: the file ends first", 0, NULL, NULL },
  { "/hostile/csv/unterminated-quote", "quote.csv",
    "title,abstract\nFine,An abstract\n\"Open quote,y\nz,w\n", -1,
    1, NULL, 1, "@:3: a quoted field that starts on this row is never closed", "Fine" },
  { "/hostile/csv/embedded-newlines", "newlines.csv",
    "title,abstract\n\"Two\nline title\",\"Line one\nline two\"\nNext,abs\n", -1,
    2, NULL, 0, NULL, "Next" },
  { "/hostile/csv/ragged-rows", "ragged.csv",
    "title,abstract,year\nFull row,x,2020\nShort row\nLong row,y,2021,extra,more\n", -1,
    1, NULL, 2, "@:3: the row has 1 field, but the first row names 3 columns", "Full row" },
  { "/hostile/csv/duplicate-headers", "duplicate.csv",
    "title,abstract,title\nFirst title,x,Second title\n", -1,
    1, NULL, 0, NULL, "First title" },
  { "/hostile/json/unterminated", "cut.json",
    "[{\"title\": \"A\"},\n {\"title\": \"B\"", -1,
    0, "@:2: the file ends before the array that begins on line 1 is closed with “]”", 0, NULL, NULL },
  { "/hostile/json/object-not-array", "object.json",
    "{\"papers\": [{\"title\": \"Inside\"}]}\n", -1,
    0, "No paper could be read from @. The first problem: @:1: the entry has no title", 0, NULL, NULL },
  { "/hostile/json/array-of-numbers", "numbers.json",
    "[1, 2, 3]\n", -1,
    0, "No paper could be read from @. The first problem: "
       "@:1: the entry is a number, not an object with a title and other fields", 0, NULL, NULL },
  { "/hostile/json/a-string", "string.json",
    "\"just a string\"\n", -1,
    0, "@:1: this is not a JSON paper list: it begins with “\"just a string\"” where an array’s “[” should be", 0, NULL, NULL },
  { "/hostile/json/mixed-shapes", "mixed.json",
    "[{\"title\": \"Kept\"},\n 42,\n [\"x\"],\n null,\n {\"title\": \"Also kept\"}]\n", -1,
    2, NULL, 3, "@:2: the entry is a number, not an object with a title and other fields", "Also kept" },
  { "/hostile/text/invalid-utf8", "invalid.txt",
    "A list\n\nA fine abstract of several words.\n\nBad \xff byte in this abstract.\n", -1,
    0, "@:5: the text is not valid UTF-8 (byte 5 of the line); save the file as UTF-8 and import it again",
    0, NULL, NULL },
  { "/hostile/text/latin-1", "latin1.txt",
    "Caf\xe9 papers\n\nUn r\xe9sum\xe9 de l'article en fran\xe7" "ais.\n", -1,
    0, "@:1: the text is not valid UTF-8 (byte 4 of the line); save the file as UTF-8 and import it again",
    0, NULL, NULL },
  { "/hostile/bibtex/nul-byte", "nul.bib",
    "@article{a, title = {Before}}\n@article{b, title = {With \0 a NUL}}\n",
    sizeof ("@article{a, title = {Before}}\n@article{b, title = {With \0 a NUL}}\n") - 1,
    0, "@:2: the file contains a NUL byte, so it is not a text file", 0, NULL, NULL },
  { "/hostile/bibtex/bom", "bom.bib",
    "\xef\xbb\xbf@article{bom, title = {After a BOM}}\n", -1,
    1, NULL, 0, NULL, "After a BOM" },
  { "/hostile/text/mixed-line-ends", "mixed.txt",
    "Mixed line ends\r\n\r\nFirst abstract has some words.\r\rSecond abstract\rhas more words.\n\nShort\n\n"
    "Third abstract has words too.\r\n", -1,
    3, NULL, 1, "@:8: “Short” is too short to be an abstract", "Second abstract" },
  { "/hostile/ris/no-er", "no-er.ris",
    "TY  - JOUR\nTI  - First entry\nER  - \nTY  - JOUR\nTI  - Second entry without ER\nAB  - Its abstract\n", -1,
    2, NULL, 0, NULL, "Second entry without ER" },
  { "/hostile/ris/no-title", "no-title.ris",
    "TY  - JOUR\nAB  - No title here\nER  - \n", -1,
    0, "No paper could be read from @. The first problem: @:1: the entry has no title (no “TI” or “T1” line)",
    0, NULL, NULL },
  { "/hostile/empty-file", "empty.bib", "", 0,
    0, "@: the file holds no papers", 0, NULL, NULL },
};

static void
test_case (Fixture       *fixture,
           gconstpointer  data)
{
  const HostileCase *c = data;
  g_autofree char *path = write_file (fixture, c->file_name, c->content, c->length);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import (fixture, path, &error);

  if (c->added == 0)
    {
      g_autofree char *expected = expand (c->message, path);

      g_assert_null (report);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, expected);
      g_assert_cmpint (count_rows (fixture, "papers"), ==, 0);
      g_assert_cmpint (count_rows (fixture, "lists"), ==, 0);
      return;
    }

  g_assert_no_error (error);
  g_assert_nonnull (report);
  g_assert_cmpuint (report->added, ==, c->added);
  g_assert_cmpuint (report->rejected, ==, c->rejected);
  g_assert_cmpint (count_rows (fixture, "papers"), ==, c->added);
  g_assert_cmpint (count_rows (fixture, "lists"), ==, 1);
  if (c->problem != NULL)
    {
      g_autofree char *expected = expand (c->problem, path);

      g_assert_cmpuint (report->problems->len, >=, 1);
      g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, expected);
    }
  if (c->title != NULL)
    g_assert_true (has_title (fixture, c->title));
}


static void
assert_refused (Fixture    *fixture,
                const char *path,
                const char *pattern)
{
  g_autofree char *expected = expand (pattern, path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import (fixture, path, &error);
  g_assert_null (report);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpint (count_rows (fixture, "papers"), ==, 0);
  g_assert_cmpint (count_rows (fixture, "lists"), ==, 0);
}

/* No line applies: the message names the whole file. */
static void
test_directory (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "papers.bib", NULL);

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  assert_refused (fixture, path, "@: this is a folder; choose a paper list file");
}

static void
test_unreadable (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = write_file (fixture, "secret.bib", "@article{a, title = {Hidden}}\n", -1);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  /* root reads anything, whatever the mode says */
  if (geteuid () == 0)
    {
      g_test_skip ("running as root, which can read a file with mode 000");
      return;
    }

  g_assert_cmpint (g_chmod (path, 0), ==, 0);
  report = import (fixture, path, &error);
  g_assert_null (report);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_cmpint (count_rows (fixture, "papers"), ==, 0);
  g_assert_cmpint (count_rows (fixture, "lists"), ==, 0);
}

static char *
repeat (const char *text,
        guint       times)
{
  GString *out = g_string_sized_new (strlen (text) * times);

  for (guint i = 0; i < times; i++)
    g_string_append (out, text);

  return g_string_free (out, FALSE);
}

/* 100,000 braces deep: the decoder stops recursing at 32 levels and
 * keeps the text; the reader counts braces without recursing. */
static void
test_nested_braces (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *open = repeat ("{", 100000);
  g_autofree char *close = repeat ("}", 100000);
  g_autofree char *content = g_strdup_printf ("@article{deep, title = {%sDeep%s}}\n"
                                              "@article{flat, title = {Flat}}\n", open, close);
  g_autofree char *path = write_file (fixture, "deep.bib", content, -1);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import (fixture, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_true (has_title (fixture, "Deep"));
  g_assert_true (has_title (fixture, "Flat"));
}

/* The same braces never closed at the end of the file: as with PMLR's
 * cut-off abstracts, the entry is kept with its last value as it is. */
static void
test_nested_braces_unclosed (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *open = repeat ("{", 100000);
  g_autofree char *content = g_strdup_printf ("@article{flat, title = {Flat}}\n"
                                              "@article{deep, title = {%sDeep\n", open);
  g_autofree char *path = write_file (fixture, "deep.bib", content, -1);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import (fixture, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_true (has_title (fixture, "Deep"));
  g_assert_cmpint (count_rows (fixture, "papers"), ==, 2);
}

/* json-glib recurses per level: an entry deeper than 64 is skipped
 * before it reaches the parser. */
static void
test_nested_json (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *open = repeat ("[", 100000);
  g_autofree char *close = repeat ("]", 100000);
  g_autofree char *content = g_strdup_printf ("[{\"title\": \"Shallow\"},\n%s%s]\n", open, close);
  g_autofree char *path = write_file (fixture, "deep.json", content, -1);
  g_autofree char *expected = expand ("@:2: the entry is nested more than 64 levels deep, which no paper is", path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import (fixture, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 1);
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, expected);

  /* all of it deep: refused, nothing imported */
  g_clear_pointer (&content, g_free);
  g_clear_pointer (&path, g_free);
  g_clear_pointer (&expected, g_free);
  content = g_strdup_printf ("%s%s\n", open, close);
  path = write_file (fixture, "deeper.json", content, -1);
  g_clear_error (&error);
  g_clear_pointer (&report, proc_import_report_free);
  report = import (fixture, path, &error);
  g_assert_null (report);
  expected = expand ("No paper could be read from @. The first problem: "
                     "@:1: the entry is nested more than 64 levels deep, which no paper is", path);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpint (count_rows (fixture, "papers"), ==, 1);
  g_assert_cmpint (count_rows (fixture, "lists"), ==, 1);
}

/* The peak resident memory since the last reset, in bytes. */
static guint64
peak_rss (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmHWM:");
  g_assert_nonnull (line);

  return g_ascii_strtoull (line + strlen ("VmHWM:"), NULL, 10) * 1024;
}

/* Sets the peak back to the present, so a measure sees only what follows. */
static guint64
reset_peak_rss (void)
{
  if (!g_file_set_contents ("/proc/self/clear_refs", "5", 1, NULL))
    g_test_message ("cannot reset VmHWM; the peak includes earlier tests");

  return peak_rss ();
}

static char *
write_big_file (Fixture    *fixture,
                const char *name,
                const char *head,
                const char *line,
                guint64     size,
                const char *tail)
{
  char *path = g_build_filename (fixture->dir, name, NULL);
  FILE *out = fopen (path, "wb");
  gsize line_len = strlen (line);
  guint64 written = 0;

  g_assert_nonnull (out);
  written += fwrite (head, 1, strlen (head), out);
  while (written + line_len + strlen (tail) <= size)
    written += fwrite (line, 1, line_len, out);
  fwrite (tail, 1, strlen (tail), out);
  g_assert_cmpint (fclose (out), ==, 0);

  return path;
}

/* A 50 MB abstract: more than a paper holds (4 MB per entry), so its
 * entry is skipped, the others kept, and memory stays near the limit. */
static void
test_huge_abstract (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *letters = g_strnfill (99, 'a');
  g_autofree char *line = g_strconcat (letters, "\n", NULL);
  g_autofree char *path = write_big_file (fixture, "huge.bib",
                                          "@article{small, title = {Small}}\n"
                                          "@article{huge, title = {Huge}, abstract = {\n",
                                          line, 50 * MB, "}}\n@article{after, title = {After}}\n");
  g_autofree char *expected = expand ("@:2: the entry “huge” is longer than 4 MB, so its end is probably missing", path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  guint64 before = reset_peak_rss ();

  report = import (fixture, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, expected);
  g_assert_true (has_title (fixture, "After"));
  g_test_message ("peak RSS grew by %" G_GUINT64_FORMAT " MB reading a 50 MB abstract",
                  (peak_rss () - before) / MB);
  g_assert_cmpuint (peak_rss () - before, <, 32 * MB);
}

/* The same abstract on one line of a conference list: a line longer than
 * 16 MB refuses the file, before more of it is held. */
static void
test_huge_line (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *path = write_big_file (fixture, "huge.txt", "A list\n\nFirst abstract of a few words.\n\n",
                                          "word ", 50 * MB, "\n");
  guint64 before = reset_peak_rss ();

  assert_refused (fixture, path, "@:5: the line is longer than 16 MB, so this is not a paper list "
                                 "Proceedings can read");
  g_test_message ("peak RSS grew by %" G_GUINT64_FORMAT " MB on a 50 MB line", (peak_rss () - before) / MB);
  g_assert_cmpuint (peak_rss () - before, <, 64 * MB);
}

/* RIS and the conference list keep at most 4 MB of one paper too. */
static void
test_huge_ris_entry (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *path = write_big_file (fixture, "huge.ris", "TY  - JOUR\nTI  - Huge\nAB  - Start\n",
                                          "  and the abstract goes on and on without an end\n", 5 * MB,
                                          "ER  - \nTY  - JOUR\nTI  - After\nER  - \n");
  g_autofree char *expected = expand ("@:1: the entry is longer than 4 MB, too long for one paper", path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import (fixture, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 1);
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, expected);
  g_assert_true (has_title (fixture, "After"));
  g_assert_false (has_title (fixture, "Huge"));
}

static void
test_huge_paragraph (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *path = write_big_file (fixture, "huge.txt", "A list\n\nFirst abstract of some words.\n\n",
                                          "more words of a very long paragraph\n", 5 * MB,
                                          "\nLast abstract of some words.\n");
  g_autofree char *expected = expand ("@:5: the paragraph is longer than 4 MB, too long for an abstract", path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = import (fixture, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==, expected);
  g_assert_cmpint (count_rows (fixture, "papers"), ==, 2);
}

typedef struct
{
  GMutex lock;
  GArray *done;            /* of guint64: each progress call's byte count */
  guint64 total;
  guint64 cancel_at;       /* cancel once this many bytes are read; 0: never */
  GCancellable *cancellable;
  GPtrArray *results;
  GError *error;
  gboolean finished;
} BigImport;

static void
on_progress (guint64  done,
             guint64  total,
             gpointer user_data)
{
  BigImport *big = user_data;

  g_mutex_lock (&big->lock);
  g_array_append_val (big->done, done);
  big->total = total;
  g_mutex_unlock (&big->lock);

  if (big->cancel_at > 0 && done >= big->cancel_at)
    g_cancellable_cancel (big->cancellable);
}

static void
on_imported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  BigImport *big = user_data;

  big->results = proc_importer_import_files_finish (result, &big->error);
  big->finished = TRUE;
}

/* Imports @path in the background as the window does, with progress. */
static void
import_big (Fixture    *fixture,
            const char *path,
            BigImport  *big)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_mutex_init (&big->lock);
  big->done = g_array_new (FALSE, FALSE, sizeof (guint64));
  big->cancellable = g_cancellable_new ();

  proc_importer_import_files_async (fixture->library, &file, 1, on_progress, big,
                                    big->cancellable, on_imported, big);
  while (!big->finished)
    g_main_context_iteration (NULL, TRUE);
}

static void
big_import_clear (BigImport *big)
{
  g_array_unref (big->done);
  g_clear_object (&big->cancellable);
  g_clear_pointer (&big->results, g_ptr_array_unref);
  g_clear_error (&big->error);
  g_mutex_clear (&big->lock);
}

/* 100 MB of BibTeX: an entry every 10 MB, with text between them which
 * BibTeX reads as comments.  Memory stays near the size of one read,
 * progress moves forward all the way, and everything is imported. */
#define BIG_SIZE (100 * MB)

static char *
write_100_mb (Fixture *fixture,
              guint   *n_entries)
{
  g_autofree char *filler = repeat ("Text between entries is a comment to BibTeX, so it is read and dropped.\n", 140000);
  char *path = g_build_filename (fixture->dir, "big.bib", NULL);
  FILE *out = fopen (path, "wb");
  guint64 written = 0;

  g_assert_nonnull (out);
  *n_entries = 0;
  for (guint i = 0; written < BIG_SIZE; i++, (*n_entries)++)
    {
      g_autofree char *entry = g_strdup_printf ("@article{entry%u, title = {Entry number %u}}\n", i, i);

      written += fwrite (entry, 1, strlen (entry), out);
      written += fwrite (filler, 1, MIN (strlen (filler), BIG_SIZE - written), out);
    }
  g_assert_cmpint (fclose (out), ==, 0);

  return path;
}

static void
test_100_mb (Fixture       *fixture,
             gconstpointer  data)
{
  guint n_entries;
  g_autofree char *path = write_100_mb (fixture, &n_entries);
  g_autofree char *last = g_strdup_printf ("Entry number %u", n_entries - 1);
  BigImport big = { 0 };
  ProcImportResult *result;
  guint64 before;
  guint64 growth;

  /* the worker opens the library itself: this test's store lets go */
  g_clear_object (&fixture->store);
  before = reset_peak_rss ();
  import_big (fixture, path, &big);
  growth = peak_rss () - before;

  g_assert_no_error (big.error);
  g_assert_cmpuint (big.results->len, ==, 1);
  result = g_ptr_array_index (big.results, 0);
  g_assert_no_error (result->error);
  g_assert_cmpuint (n_entries, >=, 10);
  g_assert_cmpuint (result->report->added, ==, n_entries);
  g_assert_cmpint (count_rows (fixture, "papers"), ==, n_entries);
  g_assert_true (has_title (fixture, last));

  /* about one call per megabyte, each further than the last, none past the end */
  g_test_message ("%u progress calls; peak RSS grew by %" G_GUINT64_FORMAT " MB reading 100 MB",
                  big.done->len, growth / MB);
  g_assert_cmpuint (big.done->len, >=, 90);
  g_assert_cmpuint (big.total, ==, BIG_SIZE);
  for (guint i = 1; i < big.done->len; i++)
    g_assert_cmpuint (g_array_index (big.done, guint64, i), >, g_array_index (big.done, guint64, i - 1));
  g_assert_cmpuint (g_array_index (big.done, guint64, big.done->len - 1), <=, BIG_SIZE);
  g_assert_cmpuint (g_array_index (big.done, guint64, big.done->len - 1), >=, BIG_SIZE - MB);
  g_assert_cmpuint (growth, <, 32 * MB);

  big_import_clear (&big);
}

/* Cancelled at 40 MB, after a few entries were read: nothing is kept. */
static void
test_100_mb_cancelled (Fixture       *fixture,
                       gconstpointer  data)
{
  guint n_entries;
  g_autofree char *path = write_100_mb (fixture, &n_entries);
  BigImport big = { 0 };

  g_clear_object (&fixture->store);
  big.cancel_at = 40 * MB;
  import_big (fixture, path, &big);

  /* the task reports the cancel in place of the results */
  g_assert_null (big.results);
  g_assert_error (big.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (g_array_index (big.done, guint64, big.done->len - 1), <, 50 * MB);
  g_assert_cmpint (count_rows (fixture, "papers"), ==, 0);
  g_assert_cmpint (count_rows (fixture, "lists"), ==, 0);

  big_import_clear (&big);
}

static void
add_big (const char *path,
         void      (*test) (Fixture *, gconstpointer),
         void      (*set_up) (Fixture *, gconstpointer),
         void      (*tear_down) (Fixture *, gconstpointer))
{
  if (g_getenv ("PROCEEDINGS_VALGRIND") != NULL)
    g_test_add_func (path, test_big_under_memcheck);
  else
    g_test_add_vtable (path, sizeof (Fixture), NULL,
                       (GTestFixtureFunc) set_up, (GTestFixtureFunc) test, (GTestFixtureFunc) tear_down);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add (cases[i].test, Fixture, &cases[i], fixture_set_up, test_case, fixture_tear_down);

  g_test_add ("/hostile/directory", Fixture, NULL, fixture_set_up, test_directory, fixture_tear_down);
  g_test_add ("/hostile/unreadable", Fixture, NULL, fixture_set_up, test_unreadable, fixture_tear_down);
  g_test_add ("/hostile/bibtex/nested-braces", Fixture, NULL, fixture_set_up, test_nested_braces, fixture_tear_down);
  g_test_add ("/hostile/bibtex/nested-braces-unclosed", Fixture, NULL, fixture_set_up,
              test_nested_braces_unclosed, fixture_tear_down);
  g_test_add ("/hostile/json/nested", Fixture, NULL, fixture_set_up, test_nested_json, fixture_tear_down);
  add_big ("/hostile/bibtex/50-mb-abstract", test_huge_abstract, fixture_set_up, fixture_tear_down);
  add_big ("/hostile/text/50-mb-line", test_huge_line, fixture_set_up, fixture_tear_down);

  add_big ("/hostile/ris/5-mb-entry", test_huge_ris_entry, fixture_set_up, fixture_tear_down);
  add_big ("/hostile/text/5-mb-paragraph", test_huge_paragraph, fixture_set_up, fixture_tear_down);
  add_big ("/hostile/100-mb-file", test_100_mb, fixture_set_up, fixture_tear_down);
  add_big ("/hostile/100-mb-file-cancelled", test_100_mb_cancelled, fixture_set_up, fixture_tear_down);

  return g_test_run ();
}
