/* crash-worker.c: edits a library through the real store until test-crash-safety kills it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   crash-worker LIBRARY tag ROUND        bulk tags on the seed papers, and their removal
 *   crash-worker LIBRARY note ROUND       autosaved notes on the first seed papers
 *   crash-worker LIBRARY import ROUND FILE
 *   crash-worker LIBRARY delete ROUND LIST
 *
 * Every line goes out with write(2) before the next step, so what the
 * parent reads after a SIGKILL is exactly how far the worker got:
 *
 *   ready                        the library is open (WAL recovered)
 *   started OP …                 the call is about to be made
 *   commit t=US                  SQLite's commit hook: the COMMIT begins
 *   committed PAGES t=US         SQLite's WAL hook: the commit is in the WAL
 *   checkpoint / checkpointed    around an automatic checkpoint
 *   saved OP … ms=N              the call returned success
 *   idle                         nothing more to do; waits to be killed
 *
 * (t= counts microseconds since the edit started.)  With
 * PROCEEDINGS_CRASH_KILL_IN_COMMIT=US in its environment, the worker
 * sends itself SIGKILL that long after its first COMMIT begins: the
 * surest way to land kills inside commits, which are short.
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "crash-common.h"
#include "proc-importer.h"
#include "proc-store-private.h"
#include "proc-undo.h"

/* SQLite's own automatic checkpoint threshold (SQLITE_DEFAULT_WAL_AUTOCHECKPOINT). */
#define AUTOCHECKPOINT_PAGES 1000

static void say (const char *format,
                 ...) G_GNUC_PRINTF (1, 2);

static void
say (const char *format,
     ...)
{
  g_autoptr(GString) line = g_string_new (NULL);
  va_list args;
  gsize done = 0;

  va_start (args, format);
  g_string_append_vprintf (line, format, args);
  va_end (args);
  g_string_append_c (line, '\n');

  while (done < line->len)
    {
      ssize_t n = write (STDOUT_FILENO, line->str + done, line->len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        g_error ("Could not write to the test: %s", g_strerror (errno));
      done += n;
    }
}

static gint64 edit_started;
static guint64 kill_in_commit_us;

/* Returns: the time the edit starts, for its "saved" line */
static gint64
started (void)
{
  edit_started = g_get_monotonic_time ();
  return edit_started;
}

static void
alarm_cb (int signum)
{
  kill (getpid (), SIGKILL);
}

static int
commit_hook (gpointer data)
{
  say ("commit t=%" G_GINT64_FORMAT, g_get_monotonic_time () - edit_started);

  if (kill_in_commit_us > 0)
    {
      struct itimerval timer = { { 0, 0 }, { kill_in_commit_us / G_USEC_PER_SEC, kill_in_commit_us % G_USEC_PER_SEC } };

      kill_in_commit_us = 0;
      signal (SIGALRM, alarm_cb);
      setitimer (ITIMER_REAL, &timer, NULL);
    }

  return 0;
}

/* Installing a WAL hook replaces SQLite's automatic checkpoint, so this
 * does what sqlite3WalDefaultHook does, and says so. */
static int
wal_hook (gpointer    data,
          sqlite3    *db,
          const char *name,
          int         n_pages)
{
  say ("committed %d t=%" G_GINT64_FORMAT, n_pages, g_get_monotonic_time () - edit_started);
  if (n_pages >= AUTOCHECKPOINT_PAGES)
    {
      say ("checkpoint");
      sqlite3_wal_checkpoint (db, name);
      say ("checkpointed");
    }

  return SQLITE_OK;
}

static gint64
elapsed_ms (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000;
}

static GArray *
list_ids (ProcStore  *store,
          const char *list)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;

  if (sqlite3_prepare_v2 (_proc_store_get_db (store),
                          "SELECT lp.paper_id FROM list_papers lp JOIN lists l ON l.id = lp.list_id"
                          " WHERE l.name = ? ORDER BY lp.position", -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s", sqlite3_errmsg (_proc_store_get_db (store)));
  sqlite3_bind_text (stmt, 1, list, -1, SQLITE_STATIC);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_finalize (stmt);

  return ids;
}

static void
check (gboolean    done,
       GError     *error,
       const char *doing)
{
  if (!done)
    g_error ("Could not %s: %s", doing, error ? error->message : "?");
}

/* Tags thousands of seed papers per step, as the window (undoable) and
 * the command line (plain) do, then takes most tags off again: plainly,
 * undoably, or by undoing the tagging, which deletes the tag it created. */
static void
run_tags (ProcStore *store,
          guint      round)
{
  g_autoptr(GArray) seed = list_ids (store, CRASH_SEED_LIST);

  for (guint j = 0;; j++)
    {
      g_autofree char *name = crash_tag_name (round, j);
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(ProcUndo) undo = NULL;
      g_autoptr(GError) error = NULL;
      gboolean undoable = j % 2 == 1;
      CrashTagSet set;
      gint64 start;

      crash_tag_set (round, j, seed->len, &set);
      for (guint i = set.offset; i < seed->len && ids->len < set.n; i += set.stride)
        g_array_append_val (ids, g_array_index (seed, gint64, i));
      g_assert (ids->len == set.n);

      say ("started tag %s %u %s", name, ids->len, undoable ? "undoable" : "plain");
      start = started ();
      if (undoable)
        check ((undo = proc_store_add_tag_undoable (store, (gint64 *) (gpointer) ids->data, ids->len, name, &error)) != NULL,
               error, "tag");
      else
        check (proc_store_add_tag (store, (gint64 *) (gpointer) ids->data, ids->len, name, &error), error, "tag");
      say ("saved tag %s %u ms=%" G_GINT64_FORMAT, name, ids->len, elapsed_ms (start));

      /* A third of the tags stay, for later rounds to find. */
      if (j % 3 == 2)
        continue;

      if (undo != NULL && j % 3 == 0)
        {
          say ("started untag %s undo", name);
          start = started ();
          check (proc_undo_apply (undo, &error), error, "undo the tagging");
        }
      else if (j % 4 == 1)
        {
          g_autoptr(ProcUndo) removal = NULL;

          say ("started untag %s remove-undoable", name);
          start = started ();
          check ((removal = proc_store_remove_tag_undoable (store, (gint64 *) (gpointer) ids->data, ids->len, name, &error)) != NULL,
                 error, "remove the tag");
        }
      else
        {
          say ("started untag %s remove", name);
          start = started ();
          check (proc_store_remove_tag (store, (gint64 *) (gpointer) ids->data, ids->len, name, &error), error, "remove the tag");
        }
      say ("saved untag %s ms=%" G_GINT64_FORMAT, name, elapsed_ms (start));
    }
}

/* Autosave as the detail view does it: the text as it stands, again and
 * again; clearing a note goes through the undoable edit, as there. */
static void
run_notes (ProcStore *store,
           guint      round)
{
  g_autoptr(GArray) seed = list_ids (store, CRASH_SEED_LIST);
  g_autoptr(GRand) rand = g_rand_new_with_seed (round);

  for (guint64 v = 0;; v++)
    {
      guint64 version = round * G_GUINT64_CONSTANT (1000000) + v;
      gint64 id = g_array_index (seed, gint64, g_rand_int_range (rand, 0, CRASH_NOTE_PAPERS));
      g_autofree char *text = crash_note_text (id, version);
      g_autoptr(GError) error = NULL;
      gint64 start;

      say ("started note %" G_GINT64_FORMAT " %" G_GUINT64_FORMAT, id, version);
      start = started ();
      if (*text == '\0')
        {
          g_autoptr(ProcUndo) undo = proc_store_set_note_undoable (store, id, text, &error);
          check (undo != NULL, error, "clear the note");
        }
      else
        check (proc_store_set_note (store, id, text, &error), error, "save the note");
      say ("saved note %" G_GINT64_FORMAT " %" G_GUINT64_FORMAT " ms=%" G_GINT64_FORMAT,
           id, version, elapsed_ms (start));
    }
}

static void
run_import (ProcStore  *store,
            const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;

  say ("started import %s", path);
  start = started ();
  report = proc_importer_import_file (store, file, NULL, &error);
  check (report != NULL, error, "import");
  say ("saved import %u ms=%" G_GINT64_FORMAT, report->added, elapsed_ms (start));
}

/* Deletes a whole imported list's papers, as the window (undoable) or
 * the command line (plain) would. */
static void
run_delete (ProcStore  *store,
            guint       round,
            const char *list)
{
  g_autoptr(GArray) ids = list_ids (store, list);
  g_autoptr(GError) error = NULL;
  gboolean undoable = round % 2 == 1;
  gint64 start;

  say ("started delete %u %s", ids->len, undoable ? "undoable" : "plain");
  start = started ();
  if (undoable)
    {
      g_autoptr(ProcUndo) undo = proc_store_delete_papers_undoable (store, (gint64 *) (gpointer) ids->data, ids->len, &error);
      check (undo != NULL, error, "delete papers");
    }
  else
    check (proc_store_delete_papers (store, (gint64 *) (gpointer) ids->data, ids->len, &error), error, "delete papers");
  say ("saved delete %u ms=%" G_GINT64_FORMAT, ids->len, elapsed_ms (start));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *mode;
  guint round;

  if (argc < 4)
    {
      g_printerr ("usage: %s LIBRARY tag|note|import|delete ROUND [FILE|LIST]\n", argv[0]);
      return 2;
    }
  mode = argv[2];
  round = atoi (argv[3]);
  if (g_getenv ("PROCEEDINGS_CRASH_KILL_IN_COMMIT") != NULL)
    kill_in_commit_us = MAX (1, g_ascii_strtoull (g_getenv ("PROCEEDINGS_CRASH_KILL_IN_COMMIT"), NULL, 10));

  /* The app's own path: WAL, synchronous=FULL, recovery of a hot WAL. */
  if (!(store = proc_store_open (argv[1], &error)))
    g_error ("%s", error->message);
  sqlite3_commit_hook (_proc_store_get_db (store), commit_hook, NULL);
  sqlite3_wal_hook (_proc_store_get_db (store), wal_hook, NULL);
  say ("ready");

  if (g_str_equal (mode, "tag"))
    run_tags (store, round);
  else if (g_str_equal (mode, "note"))
    run_notes (store, round);
  else if (g_str_equal (mode, "import") && argc > 4)
    run_import (store, argv[4]);
  else if (g_str_equal (mode, "delete") && argc > 4)
    run_delete (store, round, argv[4]);
  else
    g_error ("Unknown mode %s", mode);

  say ("idle");
  for (;;)
    pause ();
}
