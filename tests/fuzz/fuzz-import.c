/* fuzz-import.c: fuzzes the whole import: format guessing, reading, and the transaction
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "fuzz-common.h"
#include "proc-importer.h"
#include "proc-store.h"

/* One library for every input, in a temporary folder: opening a store
 * (schema, migrations) costs more than most inputs. */
static ProcStore *store;
static sqlite3 *counter;   /* a second connection, to see what was committed */
static char *store_dir;
static guint n_inputs;

/* A fresh library now and then, so a long run does not slow down as
 * the library grows. */
#define INPUTS_PER_LIBRARY 2000

static void
open_store (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (store_dir == NULL)
    {
      store_dir = g_dir_make_tmp ("proceedings-fuzz-XXXXXX", &error);
      fuzz_check (store_dir != NULL, "no temporary folder: %s", error->message);
    }
  path = g_build_filename (store_dir, "library.db", NULL);
  store = proc_store_open (path, &error);
  fuzz_check (store != NULL, "cannot open the library: %s", error->message);
  fuzz_check (sqlite3_open_v2 (path, &counter, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK,
              "cannot open the library a second time");
}

static void
close_store (void)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  sqlite3_close (counter);
  counter = NULL;
  g_clear_object (&store);

  dir = g_dir_open (store_dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (store_dir, name, NULL);

      g_unlink (path);
    }
}

static gint64
count (const char *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM %s", table);
  sqlite3_stmt *stmt = NULL;
  gint64 n;

  fuzz_check (sqlite3_prepare_v2 (counter, sql, -1, &stmt, NULL) == SQLITE_OK, "%s", sqlite3_errmsg (counter));
  fuzz_check (sqlite3_step (stmt) == SQLITE_ROW, "%s", sqlite3_errmsg (counter));
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return n;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  /* The name's extension settles ties in the guess: let the input pick it. */
  static const char * const names[] = {
    "fuzz-input", "fuzz-input.bib", "fuzz-input.ris", "fuzz-input.csv", "fuzz-input.json", "fuzz-input.txt",
  };
  const char *name = names[size > 0 ? data[size - 1] % G_N_ELEMENTS (names) : 0];
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  ProcRecordFormat format;
  gint64 papers_before, lists_before;
  guint n_lines = fuzz_count_lines (data, size);

  if (store != NULL && ++n_inputs % INPUTS_PER_LIBRARY == 0)
    close_store ();
  if (store == NULL)
    open_store ();

  format = proc_record_format_guess (name, (const char *) data, MIN (size, PROC_RECORD_FORMAT_SNIFF_SIZE));
  fuzz_check (format <= PROC_RECORD_FORMAT_LAST, "guessed format %u", format);

  papers_before = count ("papers");
  lists_before = count ("lists");

  stream = g_memory_input_stream_new_from_data (data, size, NULL);
  report = proc_importer_import_stream (store, stream, name, NULL, NULL, &error);

  if (report == NULL)
    {
      g_autofree char *named = g_strconcat (name, ":", NULL);
      const char *at;

      /* Refused: a message that names the file (and the line, checked
       * wherever it says one), and nothing imported. */
      fuzz_check (error != NULL, "no report and no error");
      fuzz_check (strstr (error->message, named) != NULL, "the message does not name the file: %s",
                  error->message);
      /* Only the first "NAME:" is the problem's place; a later one may be
       * the input's own text, quoted in the reason. */
      at = strstr (error->message, named);
      {
        g_autofree char *renamed = g_strconcat ("fuzz-input", at + strlen (name), NULL);

        fuzz_check_message (renamed, n_lines);
      }
      fuzz_check (count ("papers") == papers_before, "a refused file added papers");
      fuzz_check (count ("lists") == lists_before, "a refused file added a list");
      return 0;
    }

  fuzz_check (error == NULL, "a report and an error");
  fuzz_check (report->added + report->present > 0, "an import of nothing was committed");
  fuzz_check (report->added <= size, "%u papers from %" G_GSIZE_FORMAT " bytes", report->added, size);
  fuzz_check (count ("papers") == papers_before + report->added, "%u added, but %" G_GINT64_FORMAT " more papers",
              report->added, count ("papers") - papers_before);
  fuzz_check (report->rejected == report->problems->len, "%u rejected, %u problems",
              report->rejected, report->problems->len);
  fuzz_check (report->list_name != NULL && g_utf8_validate (report->list_name, -1, NULL), "list name");

  /* The problems name the input the importer was given. */
  for (guint i = 0; i < report->problems->len; i++)
    {
      const char *problem = g_ptr_array_index (report->problems, i);
      g_autofree char *renamed = g_strconcat ("fuzz-input", problem + strlen (name), NULL);

      fuzz_check (g_str_has_prefix (problem, name), "a problem does not name the file: %s", problem);
      fuzz_check_message (renamed, n_lines);
    }

  return 0;
}
