/* test-disk-faults.c: a full or failing disk at each write of an edit loses nothing
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sqlite3.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "fault-vfs.h"
#include "proc-importer.h"
#include "proc-store-private.h"
#include "proc-undo.h"

/* Each edit runs once on a copy of the same library to count its writes;
 * then, on a fresh copy each time, with the Nth of those writes failing,
 * as ENOSPC on a disk that stays full and as a one-time EIO.  A write
 * before the commit is on disk makes the edit fail with a clear message
 * and leave the library exactly as it was; a write after it (the WAL's
 * checkpoint into the database file) must not fail the edit, whose data
 * is safe in the WAL.  Either way the file passes its integrity checks,
 * the same store does the edit once the disk is back, and the library
 * reopens with it. */

#define N_PAPERS 1000
#define N_IMPORTED 300

/* Every write up to this one is tried; beyond, a sample of the rest, the
 * last few before the commit and the first after it always among them.
 * PROCEEDINGS_FAULTS_ALL=1 tries them all. */
/* The sanitizers and memcheck look for memory errors, which the same
 * paths show with far fewer points: they run at a tenth of the speed or
 * less. */
static gboolean
memory_checked (void)
{
#if defined (__SANITIZE_ADDRESS__)
  return TRUE;
#else
  return g_getenv ("PROCEEDINGS_VALGRIND") != NULL;
#endif
}

#define ALL_UP_TO (memory_checked () ? 4 : 24)
#define MAX_SAMPLED (memory_checked () ? 4 : 24)
#define NEAR_COMMIT (memory_checked () ? 1 : 3)

static struct
{
  char *dir;
  char *base;         /* the library every run starts from, checkpointed */
  char *work;
  char *import_file;
  gint64 ids[N_PAPERS];
  guint points;       /* (edit, write, error) triples tried */
  guint failed_edits;
  guint checkpoint_faults;
} lib;

typedef struct
{
  ProcStore *store;
  ProcUndo *undo;
  gint64 reading_list_id;
} Run;

typedef struct
{
  const char *name;
  void      (*prepare)     (Run *run);
  gboolean  (*edit)        (Run *run, GError **error);
  void      (*check_done)  (sqlite3 *db);
  gboolean    undo;        /* the prepared undo record does not outlive its store */
} EditKind;

/* Words for abstracts that differ, so that the search indexes grow as a
 * real list would make them grow. */
static const char * const words[] = {
  "gradient", "kernel", "sparse", "attention", "policy", "graph", "bound", "convex",
  "latent", "diffusion", "token", "prior", "regret", "robust", "spectral", "causal",
  "bandit", "manifold", "entropy", "transformer", "sample", "variance", "optimal", "neural",
};

static char *
make_list (const char *title,
           guint       first,
           guint       n)
{
  GString *text = g_string_new (title);
  GRand *rand = g_rand_new_with_seed (first);

  g_string_append (text, "\n\n");
  for (guint i = first; i < first + n; i++)
    {
      g_string_append_printf (text, "We study problem %u of %s learning.", i,
                              words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
      for (guint w = 0; w < 30; w++)
        g_string_append_printf (text, " %s", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
      g_string_append (text, ".\n\n");
    }
  g_rand_free (rand);

  return g_string_free (text, FALSE);
}

static sqlite3 *
raw_open (const char *path,
          int         flags)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, flags, NULL), ==, SQLITE_OK);
  return db;
}

static gint64
raw_int (sqlite3    *db,
         const char *sql)
{
  sqlite3_stmt *stmt;
  gint64 value = -1;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return value;
}

static char *
raw_text (sqlite3    *db,
          const char *sql)
{
  sqlite3_stmt *stmt;
  char *value = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);

  return value;
}

/* Every table, the search indexes' own tables included, row by row:
 * a line per table with its row count and a checksum of its values. */
static char *
dump (const char *path)
{
  sqlite3 *db = raw_open (path, SQLITE_OPEN_READONLY);
  GString *out = g_string_new (NULL);
  sqlite3_stmt *tables;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_schema WHERE type = 'table'"
                                           " AND name NOT LIKE 'sqlite_%' ORDER BY name",
                                       -1, &tables, NULL), ==, SQLITE_OK);
  while (sqlite3_step (tables) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (tables, 0);
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\"", name);
      g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
      sqlite3_stmt *rows;
      guint n_rows = 0;

      g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &rows, NULL), ==, SQLITE_OK);
      while (sqlite3_step (rows) == SQLITE_ROW)
        {
          for (int c = 0; c < sqlite3_column_count (rows); c++)
            {
              guchar type = sqlite3_column_type (rows, c);
              const void *bytes = sqlite3_column_blob (rows, c);
              int length = sqlite3_column_bytes (rows, c);

              g_checksum_update (sum, &type, 1);
              g_checksum_update (sum, (const guchar *) &length, sizeof length);
              if (bytes != NULL)
                g_checksum_update (sum, bytes, length);
            }
          n_rows++;
        }
      sqlite3_finalize (rows);
      g_string_append_printf (out, "%s: %u rows, %s\n", name, n_rows, g_checksum_get_string (sum));
    }
  sqlite3_finalize (tables);
  sqlite3_close (db);

  return g_string_free (out, FALSE);
}

/* What `sqlite3 library.db "PRAGMA integrity_check"` says, and the same
 * for the foreign keys and each full-text index against its content. */
static void
assert_intact (const char *path)
{
  sqlite3 *db = raw_open (path, SQLITE_OPEN_READWRITE);
  g_autofree char *integrity = raw_text (db, "PRAGMA integrity_check");
  static const char * const fts[] = { "papers_fts", "notes_fts", "cjk_fts" };

  g_assert_cmpstr (integrity, ==, "ok");
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM pragma_foreign_key_check"), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (fts); i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO %s(%s) VALUES ('integrity-check')", fts[i], fts[i]);

      if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
        g_error ("%s: %s", fts[i], sqlite3_errmsg (db));
    }
  sqlite3_close (db);
}

static void
remove_library (const char *path)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);
      g_remove (name);
    }
}

/* A fresh copy of the base library, open. */
static ProcStore *
open_copy (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  ProcStore *store;

  remove_library (lib.work);
  g_assert_true (g_file_get_contents (lib.base, &contents, &length, &error));
  g_assert_true (g_file_set_contents (lib.work, contents, length, &error));
  store = proc_store_open (lib.work, &error);
  g_assert_no_error (error);

  return store;
}

static ProcStore *
reopen (void)
{
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (lib.work, &error);

  g_assert_no_error (error);
  return store;
}

/* The edits.  Each is one transaction of the store's own API. */

#define NOTE_PAPER 17
#define NOTE_TEXT "Check the bound in section 4 against the appendix; the constant looks off by two."

static gboolean
edit_note (Run     *run,
           GError **error)
{
  return proc_store_set_note (run->store, lib.ids[NOTE_PAPER], NOTE_TEXT, error);
}

static void
check_note (sqlite3 *db)
{
  g_autofree char *sql = g_strdup_printf ("SELECT note FROM papers WHERE id = %" G_GINT64_FORMAT, lib.ids[NOTE_PAPER]);
  g_autofree char *note = raw_text (db, sql);

  g_assert_cmpstr (note, ==, NOTE_TEXT);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM notes_fts WHERE notes_fts MATCH 'appendix'"), ==, 1);
}

static gboolean
edit_tag (Run     *run,
          GError **error)
{
  return proc_store_add_tag (run->store, lib.ids, N_PAPERS, "to-read", error);
}

static void
check_tag (sqlite3 *db)
{
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM paper_tags JOIN tags ON tags.id = tag_id"
                                " WHERE tags.name = 'to-read'"), ==, N_PAPERS);
}

static gboolean
edit_rating (Run     *run,
             GError **error)
{
  return proc_store_set_rating (run->store, lib.ids, N_PAPERS / 2, 4, error);
}

static void
check_rating (sqlite3 *db)
{
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM papers WHERE rating = 4"), ==, N_PAPERS / 2);
}

static gboolean
edit_reading_list (Run     *run,
                   GError **error)
{
  g_autoptr(ProcUndo) undo = proc_store_create_reading_list_undoable (run->store, "For the retreat",
                                                                      lib.ids + 100, 200,
                                                                      &run->reading_list_id, error);

  return undo != NULL;
}

static void
check_reading_list (sqlite3 *db)
{
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM reading_list_items JOIN reading_lists r"
                                " ON r.id = reading_list_id WHERE r.name = 'For the retreat'"), ==, 200);
}

static gboolean
edit_import (Run     *run,
             GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (lib.import_file);
  g_autoptr(ProcImportReport) report = proc_importer_import_file (run->store, file, NULL, error);

  if (report != NULL)
    g_assert_cmpuint (report->added, ==, N_IMPORTED);

  return report != NULL;
}

static void
check_import (sqlite3 *db)
{
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM papers"), ==, N_PAPERS + N_IMPORTED);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH '\"problem 1150\"'"), ==, 1);
}

static gboolean
edit_delete (Run     *run,
             GError **error)
{
  g_autoptr(ProcUndo) undo = proc_store_delete_papers_undoable (run->store, lib.ids + 500, 100, error);

  return undo != NULL;
}

static void
check_delete (sqlite3 *db)
{
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM papers"), ==, N_PAPERS - 100);
}

static void
prepare_undo (Run *run)
{
  g_autoptr(GError) error = NULL;

  run->undo = proc_store_delete_papers_undoable (run->store, lib.ids + 500, 100, &error);
  g_assert_no_error (error);
}

static gboolean
edit_undo (Run     *run,
           GError **error)
{
  return proc_undo_apply (run->undo, error);
}

static void
check_undo (sqlite3 *db)
{
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM papers"), ==, N_PAPERS);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH '\"problem 550\"'"), ==, 1);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM paper_tags WHERE paper_id IN (SELECT id FROM papers)"), ==, 10);
}

/* SQLite checkpoints after a commit that brings the WAL past 1,000 pages;
 * here after every commit, so that the writes after the commit's own are
 * the checkpoint's. */
static void
prepare_checkpoint (Run *run)
{
  g_assert_cmpint (sqlite3_wal_autocheckpoint (_proc_store_get_db (run->store), 1), ==, SQLITE_OK);
}

static const EditKind edit_kinds[] = {
  { "note", NULL, edit_note, check_note, FALSE },
  { "tag-1000", NULL, edit_tag, check_tag, FALSE },
  { "rating-500", NULL, edit_rating, check_rating, FALSE },
  { "reading-list", NULL, edit_reading_list, check_reading_list, FALSE },
  { "import-300", NULL, edit_import, check_import, FALSE },
  { "delete-100", NULL, edit_delete, check_delete, FALSE },
  { "undo-delete", prepare_undo, edit_undo, check_undo, TRUE },
  { "note-checkpoint", prepare_checkpoint, edit_note, check_note, FALSE },
  { "tag-1000-checkpoint", prepare_checkpoint, edit_tag, check_tag, FALSE },
};

static void
check_done (const EditKind *kind)
{
  sqlite3 *db = raw_open (lib.work, SQLITE_OPEN_READONLY);

  kind->check_done (db);
  sqlite3_close (db);
}

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->undo, proc_undo_unref);
  g_clear_object (&run->store);
}

/* The message a person reads: what happened, in words, not SQLite's. */
static void
assert_clear_error (const GError  *error,
                    FaultVfsError  fault,
                    FaultVfsOp     op)
{
  g_assert_nonnull (error);
  g_assert_true (error->domain == PROC_STORE_ERROR);
  g_assert_null (strstr (error->message, "database or disk is full"));

  if (fault == FAULT_VFS_ENOSPC && op == FAULT_VFS_OP_WRITE)
    {
      g_assert_cmpint (error->code, ==, PROC_STORE_ERROR_DISK_FULL);
      g_assert_nonnull (strstr (error->message, "the disk is full. Free some space and try again"));
    }
  else if (fault == FAULT_VFS_EIO && op == FAULT_VFS_OP_WRITE)
    {
      g_assert_cmpint (error->code, ==, PROC_STORE_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "the disk reported an input/output error while writing"));
    }
  else
    {
      /* fsync() and ftruncate() fail as SQLITE_IOERR_FSYNC or _TRUNCATE
       * whatever the errno, in the unix VFS as here. */
      g_assert_cmpint (error->code, ==, PROC_STORE_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "the disk reported an input/output error while writing"));
    }
}

/* One edit with its @nth write failing. */
static void
run_point (const EditKind *kind,
           guint           nth,
           guint           commit_sync,
           FaultVfsError   fault,
           gboolean        close_first)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gboolean persistent = fault == FAULT_VFS_ENOSPC;
  Run run = { NULL, };
  guint faults = fault_vfs_get_faults_injected ();
  gboolean done;

  run.store = open_copy ();
  if (kind->prepare != NULL)
    kind->prepare (&run);
  before = dump (lib.work);

  fault_vfs_arm (nth, fault, persistent);
  done = kind->edit (&run, &error);
  g_assert_cmpuint (fault_vfs_get_faults_injected (), >, faults);
  lib.points++;

  if (nth <= commit_sync)
    {
      /* Before the commit was on disk: refused, with a clear message. */
      g_assert_false (done);
      assert_clear_error (error, fault, fault_vfs_get_last_fault_op ());
      lib.failed_edits++;
    }
  else
    {
      /* In the checkpoint after the commit: the edit is in the WAL. */
      g_assert_no_error (error);
      g_assert_true (done);
      lib.checkpoint_faults++;
    }
  g_clear_error (&error);

  if (close_first)
    {
      /* Quit while the disk is still full; start again once it is not. */
      run_clear (&run);
      fault_vfs_disarm ();
      run.store = reopen ();
    }
  fault_vfs_disarm ();

  assert_intact (lib.work);
  after = dump (lib.work);
  if (!done)
    g_assert_cmpstr (after, ==, before);
  else
    check_done (kind);

  /* Space is back: the same edit, on the same store, goes through. */
  if (!done && !(close_first && kind->undo))
    {
      done = kind->edit (&run, &error);
      g_assert_no_error (error);
      g_assert_true (done);
      check_done (kind);
    }

  run_clear (&run);
  run.store = reopen ();
  assert_intact (lib.work);
  if (done)
    check_done (kind);
  else
    {
      g_autofree char *reopened = dump (lib.work);
      g_assert_cmpstr (reopened, ==, before);
    }
  run_clear (&run);
}

/* The sync of the WAL after its last frame is written: once it returns,
 * the commit is on disk.  (The first frame of an empty WAL comes after
 * the WAL's header and a sync of its own; a checkpoint syncs the WAL once
 * more before it copies pages.) */
static guint
find_commit_sync (GArray *log)
{
  guint last_frame = 0;

  for (guint i = 0; i < log->len; i++)
    {
      FaultVfsEvent *event = &g_array_index (log, FaultVfsEvent, i);

      if (event->file == FAULT_VFS_FILE_WAL && event->op == FAULT_VFS_OP_WRITE)
        last_frame = i + 1;
    }

  for (guint i = last_frame; i < log->len; i++)
    {
      FaultVfsEvent *event = &g_array_index (log, FaultVfsEvent, i);

      if (event->file == FAULT_VFS_FILE_WAL && event->op == FAULT_VFS_OP_SYNC)
        return i + 1;
    }

  return 0;
}

static void
test_edit (gconstpointer data)
{
  const EditKind *kind = data;
  g_autoptr(GArray) log = NULL;
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean all = g_strcmp0 (g_getenv ("PROCEEDINGS_FAULTS_ALL"), "1") == 0;
  Run run = { NULL, };
  guint total, commit_sync, step, faults = fault_vfs_get_faults_injected ();
  gint64 start = g_get_monotonic_time ();
  gboolean done;

  /* The dry run: which writes the edit makes, and which ends its commit
   * (synchronous = FULL syncs the WAL once the commit record is in it). */
  run.store = open_copy ();
  if (kind->prepare != NULL)
    kind->prepare (&run);
  fault_vfs_reset_count ();
  done = kind->edit (&run, NULL);
  g_assert_true (done);
  total = fault_vfs_get_write_count ();
  log = fault_vfs_dup_log ();
  commit_sync = find_commit_sync (log);
  run_clear (&run);
  g_assert_cmpuint (commit_sync, >, 0);
  g_assert_cmpuint (total, >=, commit_sync);
  /* Nothing reaches the database file itself before the commit. */
  for (guint i = 0; i < commit_sync; i++)
    g_assert_cmpint (g_array_index (log, FaultVfsEvent, i).file, !=, FAULT_VFS_FILE_MAIN_DB);

  step = all || total <= ALL_UP_TO ? 1 : MAX (1, (total - ALL_UP_TO) / MAX_SAMPLED);
  for (guint n = 1; n <= total; n++)
    {
      gboolean near_commit = n + NEAR_COMMIT >= commit_sync && n <= commit_sync + NEAR_COMMIT;

      if (n <= ALL_UP_TO || (n - ALL_UP_TO) % step == 0 || near_commit || n == total)
        g_array_append_val (points, n);
    }

  for (guint i = 0; i < points->len; i++)
    {
      guint n = g_array_index (points, guint, i);

      run_point (kind, n, commit_sync, FAULT_VFS_ENOSPC, n % 2 == 0);
      run_point (kind, n, commit_sync, FAULT_VFS_EIO, n % 2 == 1);
    }

  g_test_message ("%s: %u writes (%u up to the commit's sync); %u faults injected at %u of them in %.1f s",
                  kind->name, total, commit_sync, fault_vfs_get_faults_injected () - faults, points->len,
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
}

/* The WAL holds a committed edit that no checkpoint could copy (the disk
 * was full when it ran and when the library was closed): the edit stays,
 * the next open finishes the job. */
static void
test_checkpoint_on_close (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *wal = g_strconcat (lib.work, "-wal", NULL);
  Run run = { NULL, };

  run.store = open_copy ();
  g_assert_true (edit_note (&run, &error));
  g_assert_no_error (error);

  /* Closing the last connection checkpoints and deletes the WAL: with
   * every write failing, neither happens. */
  fault_vfs_arm (1, FAULT_VFS_ENOSPC, TRUE);
  run_clear (&run);
  fault_vfs_disarm ();
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));

  assert_intact (lib.work);
  check_done (&edit_kinds[0]);
  run.store = reopen ();
  run_clear (&run);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  check_done (&edit_kinds[0]);
}

/* The messages themselves, whole, as the window shows them. */
static void
test_messages (void)
{
  g_autoptr(GError) error = NULL;
  Run run = { NULL, };

  g_autoptr(GArray) log = NULL;
  guint first_wal_write = 0;

  /* A note's statement may spill its journal to a temporary file first
   * (with 16 KB pages it does); the commit's first write to the WAL is
   * the one that fails here. */
  run.store = open_copy ();
  fault_vfs_reset_count ();
  g_assert_true (edit_note (&run, &error));
  g_assert_no_error (error);
  log = fault_vfs_dup_log ();
  for (guint i = 0; i < log->len && first_wal_write == 0; i++)
    if (g_array_index (log, FaultVfsEvent, i).file == FAULT_VFS_FILE_WAL)
      first_wal_write = i + 1;
  g_assert_cmpuint (first_wal_write, >, 0);
  run_clear (&run);

  run.store = open_copy ();
  fault_vfs_reset_count ();
  fault_vfs_arm (first_wal_write, FAULT_VFS_ENOSPC, TRUE);
  g_assert_false (edit_note (&run, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_DISK_FULL);
  g_assert_cmpstr (error->message, ==, "The library could not be written: the disk is full. Free some space and try again");
  g_clear_error (&error);

  /* Whichever write fails first, the message says what to do. */
  fault_vfs_arm (1, FAULT_VFS_ENOSPC, TRUE);
  g_assert_false (edit_note (&run, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_DISK_FULL);
  g_assert_true (g_str_has_suffix (error->message, ": the disk is full. Free some space and try again"));
  g_clear_error (&error);

  /* Rating 500 papers in one statement spills its statement journal to a
   * temporary file, the first write to fail: the edit names itself. */
  fault_vfs_arm (1, FAULT_VFS_EIO, FALSE);
  g_assert_false (edit_rating (&run, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_IO);
  g_assert_cmpstr (error->message, ==, "Could not rate papers: the disk reported an input/output error while writing");
  g_clear_error (&error);
  fault_vfs_disarm ();

  g_assert_true (edit_note (&run, &error));
  g_assert_no_error (error);
  run_clear (&run);
}

static void
build_base (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *list = make_list ("Fault Workshop", 0, N_PAPERS);
  g_autofree char *more = make_list ("Fault Workshop, Day Two", 1000, N_IMPORTED);
  g_autofree char *list_file = g_build_filename (lib.dir, "workshop.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (list_file);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GArray) ids = NULL;

  lib.base = g_build_filename (lib.dir, "base.db", NULL);
  lib.work = g_build_filename (lib.dir, "library.db", NULL);
  lib.import_file = g_build_filename (lib.dir, "day-two.txt", NULL);
  g_assert_true (g_file_set_contents (list_file, list, -1, &error));
  g_assert_true (g_file_set_contents (lib.import_file, more, -1, &error));

  store = proc_store_open (lib.base, &error);
  g_assert_no_error (error);
  report = proc_importer_import_file (store, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, N_PAPERS);

  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, N_PAPERS);
  memcpy (lib.ids, ids->data, sizeof lib.ids);

  /* Some work already done, which a failed edit must not touch. */
  g_assert_true (proc_store_set_note (store, lib.ids[NOTE_PAPER], "First reading: promising.", &error));
  g_assert_true (proc_store_add_tag (store, lib.ids + 495, 10, "baselines", &error));
  g_assert_true (proc_store_set_starred (store, lib.ids + 600, 5, TRUE, &error));
  g_assert_no_error (error);

  /* Closing the last connection leaves one file, without a WAL. */
  g_clear_object (&store);
  g_assert_false (g_file_test (lib.base, G_FILE_TEST_IS_DIR));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  /* Before any library is opened: every file goes through the shim. */
  fault_vfs_install ();

  /* In memory when we can: the thousands of fsync() calls on a disk take
   * most of the time, and the shim counts and fails them all the same. */
  if (g_access ("/dev/shm", W_OK) == 0)
    lib.dir = g_mkdtemp (g_build_filename ("/dev/shm", "proceedings-faults-XXXXXX", NULL));
  else
    lib.dir = g_dir_make_tmp ("proceedings-faults-XXXXXX", NULL);
  g_assert_nonnull (lib.dir);
  build_base ();

  for (guint i = 0; i < G_N_ELEMENTS (edit_kinds); i++)
    {
      g_autofree char *path = g_strdup_printf ("/disk-faults/%s", edit_kinds[i].name);

      g_test_add_data_func (path, &edit_kinds[i], test_edit);
    }
  g_test_add_func ("/disk-faults/messages", test_messages);
  g_test_add_func ("/disk-faults/checkpoint-on-close", test_checkpoint_on_close);

  status = g_test_run ();

  g_test_message ("%u faults injected in all; %u edits refused, %u checkpoints failed after a commit, "
                  "%u points", fault_vfs_get_faults_injected (), lib.failed_edits, lib.checkpoint_faults, lib.points);

  remove_library (lib.base);
  remove_library (lib.work);
  g_remove (lib.import_file);
  {
    g_autofree char *list_file = g_build_filename (lib.dir, "workshop.txt", NULL);
    g_remove (list_file);
  }
  g_rmdir (lib.dir);

  return status;
}
