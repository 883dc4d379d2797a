/* bench-match.c: what matching costs an import (issue 22)
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-match CORPUS.txt.xz [N]
 *
 * From the first 2 N abstracts of the corpus (N = 10,000 by default),
 * each step through the real importer on a new library file:
 *
 *   seed       N abstracts alone (the seed format) into an empty library
 *   new        N other abstracts, with authors and titles, as BibTeX, into
 *              an empty library: no candidates, matching costs nothing
 *   new-seed   the same onto the seed library: every record is compared
 *              with the N authorless papers and none matches
 *   retyped    the seed's abstracts with curly quotes and dashes, authors
 *              and titles, onto the seed library: found by the folded hash
 *   reworded   the same with one word of each abstract changed: found by
 *              an abstract at least 90% alike
 *
 * Progress goes to standard error; the last line of standard output is
 * one JSON object with every number.
 */

#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "proc-importer.h"
#include "proc-store.h"

static G_NORETURN void
fail (const char *message)
{
  g_printerr ("bench-match: %s\n", message);
  exit (EXIT_FAILURE);
}

static GPtrArray *
read_corpus (const char *path,
             guint       n)
{
  /* Python's lzma, as run-benchmark.py reads the corpus: xz itself may
   * not be installed. */
  const char *argv[] = { "python3", "-c", "import lzma, sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())",
                         path, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) paragraphs = NULL;
  GPtrArray *abstracts = g_ptr_array_new_with_free_func (g_free);
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    fail (error->message);

  paragraphs = g_strsplit (out, "\n\n", -1);
  /* The first paragraph is the list's title. */
  for (guint i = 1; paragraphs[i] != NULL && abstracts->len < n; i++)
    {
      g_strstrip (paragraphs[i]);
      if (strlen (paragraphs[i]) >= 200)
        g_ptr_array_add (abstracts, g_strdup (paragraphs[i]));
    }
  if (abstracts->len < n)
    fail ("the corpus has too few abstracts");
  return abstracts;
}

/* What a publisher's typesetting does to a list's text. */
static char *
retype (const char *abstract,
        gboolean    reword)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *space;

  for (const char *p = abstract; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (out, "\xe2\x80\x99");
      else if (p[0] == '-' && p[1] == '-')
        {
          g_string_append (out, "\xe2\x80\x93");
          p++;
        }
      else if (*p == '%')
        g_string_append (out, "\\%");
      else
        g_string_append_c (out, *p);
    }

  /* One word changed, in the middle. */
  if (reword && (space = strchr (out->str + out->len / 2, ' ')) != NULL)
    g_string_insert (out, space - out->str, " notably");

  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
write_file (const char *dir,
            const char *name,
            GString    *contents)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, contents->str, contents->len, &error))
    fail (error->message);
  return path;
}

static char *
write_seed (const char *dir,
            GPtrArray  *abstracts,
            guint       from,
            guint       n)
{
  g_autoptr(GString) out = g_string_new ("Bench seed list\n\n");

  for (guint i = from; i < from + n; i++)
    g_string_append_printf (out, "%s\n\n", (const char *) g_ptr_array_index (abstracts, i));
  return write_file (dir, "seed.txt", out);
}

static char *
write_bibtex (const char *dir,
              const char *name,
              GPtrArray  *abstracts,
              guint       from,
              guint       n,
              gboolean    reword)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = from; i < from + n; i++)
    {
      g_autofree char *abstract = retype (g_ptr_array_index (abstracts, i), reword);

      g_string_append_printf (out, "@inproceedings{paper%u,\n  title = {Official Title of Paper %u},\n"
                              "  author = {Doe, Jane and Roe, Richard},\n  booktitle = {Bench 2026},\n"
                              "  year = {2026},\n  abstract = {%s}\n}\n\n", i, i, abstract);
    }
  return write_file (dir, name, out);
}

/* Imports @paths, one after the other, into a new library; the time of
 * the last one, its report in *@report. */
static double
import_into_new (const char        *dir,
                 const char        *first,
                 const char        *second,
                 ProcImportReport **report)
{
  g_autofree char *library = g_build_filename (dir, "library.db", NULL);
  g_autofree char *wal = g_strconcat (library, "-wal", NULL);
  g_autofree char *shm = g_strconcat (library, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  double seconds = 0;

  g_unlink (library);
  g_unlink (wal);
  g_unlink (shm);

  {
    g_autoptr(ProcStore) store = proc_store_open (library, &error);
    const char *paths[] = { first, second };

    if (store == NULL)
      fail (error->message);
    for (guint i = 0; i < G_N_ELEMENTS (paths) && paths[i] != NULL; i++)
      {
        g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
        gint64 start = g_get_monotonic_time ();

        g_clear_pointer (report, proc_import_report_free);
        if (!(*report = proc_importer_import_file (store, file, NULL, &error)))
          fail (error->message);
        seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
      }
  }

  return seconds;
}

static void
step (GString    *json,
      const char *name,
      double      seconds,
      const ProcImportReport *report)
{
  g_printerr ("%-9s %6.2f s  %u added, %u present, %u by a similar abstract, %u retitled\n", name, seconds,
              report->added, report->present, report->similar, report->retitled_ids->len);
  g_string_append_printf (json, "%s\"%s_s\": %.3f, \"%s_added\": %u, \"%s_present\": %u, \"%s_similar\": %u",
                          json->len > 1 ? ", " : "", name, seconds, name, report->added, name, report->present,
                          name, report->similar);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) abstracts = NULL;
  g_autoptr(GString) json = g_string_new ("{");
  g_autoptr(ProcImportReport) report = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *others = NULL;
  g_autofree char *retyped = NULL;
  g_autofree char *reworded = NULL;
  guint n = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 10000;
  double seconds;

  setlocale (LC_ALL, "");
  if (argc < 2 || n == 0)
    {
      g_printerr ("usage: %s CORPUS.txt.xz [N]\n", argv[0]);
      return 2;
    }
  if (!g_file_test (argv[1], G_FILE_TEST_IS_REGULAR))
    {
      g_print ("SKIP: no corpus at %s\n", argv[1]);
      return 77;
    }

  abstracts = read_corpus (argv[1], 2 * n);
  dir = g_dir_make_tmp ("proceedings-bench-match-XXXXXX", NULL);
  seed = write_seed (dir, abstracts, 0, n);
  others = write_bibtex (dir, "others.bib", abstracts, n, n, FALSE);
  retyped = write_bibtex (dir, "retyped.bib", abstracts, 0, n, FALSE);
  reworded = write_bibtex (dir, "reworded.bib", abstracts, 0, n, TRUE);
  g_printerr ("%u abstracts a file\n", n);

  seconds = import_into_new (dir, seed, NULL, &report);
  step (json, "seed", seconds, report);
  seconds = import_into_new (dir, others, NULL, &report);
  step (json, "new", seconds, report);
  seconds = import_into_new (dir, seed, others, &report);
  step (json, "new_seed", seconds, report);
  seconds = import_into_new (dir, seed, retyped, &report);
  step (json, "retyped", seconds, report);
  seconds = import_into_new (dir, seed, reworded, &report);
  step (json, "reworded", seconds, report);

  {
    g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
    const char *name;

    while (handle != NULL && (name = g_dir_read_name (handle)))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_unlink (path);
      }
    g_rmdir (dir);
  }

  g_string_append_c (json, '}');
  g_print ("%s\n", json->str);
  return EXIT_SUCCESS;
}
