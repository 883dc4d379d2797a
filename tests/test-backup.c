/* test-backup.c: verified backups, the upgrade backup, and a damaged library at start
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "proc-backup-private.h"
#include "proc-import-batch.h"
#include "proc-library-check.h"
#include "proc-recovery.h"
#include "proc-schema.h"
#include "proc-store.h"

#define N_PAPERS 300

static char *
temp_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-backup-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return g_build_filename (dir, "library.db", NULL);
}

/* A library of N_PAPERS papers with abstracts long enough to fill a few
 * hundred pages, two tags and a note. */
static void
fill_library (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(ProcImportBatch) batch = NULL;
  gint64 ids[2] = { 1, 2 };

  g_assert_no_error (error);
  batch = proc_import_batch_begin (store, "Backup list", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_PAPERS; i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
      ProcImportOutcome outcome;

      record->derived_title = g_strdup_printf ("Paper number %u on robust storage", i);
      record->abstract = g_strdup_printf ("Abstract %u. We study write-ahead logs, checkpoints and "
                                          "torn pages in embedded databases, and how a library of "
                                          "annotations survives a power cut. %u %u %u", i, i * 7, i * 13, i * 31);
      g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  g_assert_true (proc_store_add_tag (store, ids, 2, "storage", &error));
  g_assert_true (proc_store_set_note (store, 1, "Weeks of reading: section 4 is the key.", &error));
  g_assert_no_error (error);
}

static void
set_note (const char *path,
          const char *note)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);

  g_assert_no_error (error);
  g_assert_true (proc_store_set_note (store, 1, note, &error));
  g_assert_no_error (error);
}

/* What a person would miss: titles, notes, stars and tags, as text. */
static char *
dump (const char *path)
{
  GString *out = g_string_new (NULL);
  sqlite3 *db;
  sqlite3_stmt *stmt;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT p.id, p.derived_title, p.abstract, p.note, p.starred,"
                                       "  (SELECT group_concat(t.name) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                                       "   WHERE pt.paper_id = p.id)"
                                       " FROM papers p ORDER BY p.id", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    for (int i = 0; i < 6; i++)
      g_string_append_printf (out, "%s%c", sqlite3_column_text (stmt, i), i == 5 ? '\n' : '\t');
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return g_string_free (out, FALSE);
}

static gint64
raw_int (const char *path,
         const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  gint64 value = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return value;
}

static GBytes *
read_bytes (const char *path)
{
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_bytes_new_take (contents, length);
}

/* Garbage over the middle half of the file's pages, page headers and
 * cells alike; page 1 (the header and the schema's root) stays. */
static void
damage_pages (const char *path)
{
  g_autoptr(GBytes) bytes = read_bytes (path);
  gsize length = g_bytes_get_size (bytes);
  g_autofree guint8 *data = g_memdup2 (g_bytes_get_data (bytes, NULL), length);
  guint page_size = (data[16] << 8) | data[17];
  guint n_pages = length / page_size;
  GRand *rand = g_rand_new_with_seed (7);

  g_assert_cmpuint (n_pages, >=, 40);
  for (guint page = n_pages / 4; page < 3 * n_pages / 4; page++)
    for (guint i = 0; i < page_size; i += 4)
      {
        guint32 r = g_rand_int (rand);
        memcpy (data + page * page_size + i, &r, 4);
      }
  g_rand_free (rand);

  g_assert_true (g_file_set_contents (path, (const char *) data, length, NULL));
}

/* What a killed run leaves: its marker, with its pid, and no lock on it. */
static void
leave_unclean_marker (const char *path)
{
  g_autofree char *marker = g_strconcat (path, ".open", NULL);

  g_assert_true (g_file_set_contents (marker, "4242\n", -1, NULL));
}

static GDateTime *
utc (int year, int month, int day, int hour, int minute, int second)
{
  return g_date_time_new_utc (year, month, day, hour, minute, second);
}

static guint
n_backups (const char *path)
{
  g_autoptr(GPtrArray) backups = proc_backup_list (path);

  return backups->len;
}

static guint
count_files (const char *folder,
             const char *containing)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (strstr (name, containing) != NULL)
      n++;

  return n;
}

static void
test_content (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GDateTime) when = utc (2026, 3, 14, 9, 26, 53);
  g_autoptr(ProcBackupInfo) backup = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;
  g_autofree char *library_dump = NULL;
  g_autofree char *backup_dump = NULL;

  fill_library (path);
  _proc_backup_set_now (when);
  backup = proc_backup_create (path, PROC_BACKUP_KEEP_DEFAULT, NULL, &error);
  _proc_backup_set_now (NULL);
  g_assert_no_error (error);

  folder = proc_backup_dup_folder (path);
  name = g_path_get_basename (backup->path);
  g_assert_cmpstr (name, ==, "library-2026-03-14-092653Z.db");
  g_assert_true (g_str_has_prefix (backup->path, folder));
  g_assert_true (g_date_time_equal (backup->time, when));

  library_dump = dump (path);
  backup_dump = dump (backup->path);
  g_assert_cmpuint (strlen (library_dump), >, N_PAPERS * 100);
  g_assert_cmpstr (backup_dump, ==, library_dump);
  g_assert_nonnull (strstr (backup_dump, "Weeks of reading"));
  g_assert_cmpint (raw_int (backup->path, "PRAGMA user_version"), ==, proc_schema_get_version ());
  g_assert_true (proc_backup_verify (backup->path, NULL, &error));
  g_assert_no_error (error);

  /* Nothing else left in the folder: the temporary copy became the backup. */
  g_assert_cmpuint (count_files (folder, ""), ==, 1);
  g_assert_false (proc_backup_is_due (path, when));

  /* No library, no backup, and none created. */
  {
    g_autofree char *missing = temp_library ();
    g_autoptr(ProcBackupInfo) none = proc_backup_create (missing, 1, NULL, &error);

    g_assert_null (none);
    g_assert_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_NOT_FOUND);
    g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  }
}

static void
test_prune (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GDateTime) last = NULL;

  fill_library (path);
  for (int day = 1; day <= 10; day++)
    {
      g_autoptr(GDateTime) when = utc (2026, 5, day, 3, 0, 0);
      g_autoptr(ProcBackupInfo) backup = NULL;
      g_autoptr(GError) error = NULL;

      _proc_backup_set_now (when);
      backup = proc_backup_create (path, 3, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (n_backups (path), ==, MIN (day, 3));
    }
  _proc_backup_set_now (NULL);

  backups = proc_backup_list (path);
  g_assert_cmpuint (backups->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      ProcBackupInfo *info = g_ptr_array_index (backups, i);

      g_assert_cmpint (g_date_time_get_day_of_month (info->time), ==, 10 - i);
    }

  /* Due again a day after the newest. */
  last = utc (2026, 5, 10, 3, 0, 0);
  {
    g_autoptr(GDateTime) soon = g_date_time_add_hours (last, 23);
    g_autoptr(GDateTime) later = g_date_time_add_hours (last, 25);

    g_assert_false (proc_backup_is_due (path, soon));
    g_assert_true (proc_backup_is_due (path, later));
  }

  /* A smaller number keeps fewer; 0 keeps all. */
  g_assert_cmpuint (proc_backup_prune (path, 0), ==, 0);
  g_assert_cmpuint (proc_backup_prune (path, 1), ==, 2);
  g_assert_cmpuint (n_backups (path), ==, 1);
}

static void
damage_copy_hook (const char *temp_path,
                  gpointer    user_data)
{
  guint *calls = user_data;

  (*calls)++;
  damage_pages (temp_path);
}

/* A copy that fails its check is removed; the good backup stays, byte
 * for byte, even with keep = 1, which a success would have pruned. */
static void
test_failed_check_keeps_good (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GDateTime) first = utc (2026, 6, 1, 12, 0, 0);
  g_autoptr(GDateTime) second = utc (2026, 6, 2, 12, 0, 0);
  g_autoptr(ProcBackupInfo) good = NULL;
  g_autoptr(ProcBackupInfo) bad = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autofree char *folder = NULL;
  guint calls = 0;

  fill_library (path);
  _proc_backup_set_now (first);
  good = proc_backup_create (path, 1, NULL, &error);
  g_assert_no_error (error);
  before = read_bytes (good->path);

  set_note (path, "A newer note");
  _proc_backup_set_now (second);
  _proc_backup_set_copy_hook (damage_copy_hook, &calls);
  bad = proc_backup_create (path, 1, NULL, &error);
  _proc_backup_set_copy_hook (NULL, NULL);
  _proc_backup_set_now (NULL);

  g_assert_cmpuint (calls, ==, 1);
  g_assert_null (bad);
  g_assert_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, "Could not back up the library"));

  backups = proc_backup_list (path);
  g_assert_cmpuint (backups->len, ==, 1);
  g_assert_cmpstr (((ProcBackupInfo *) g_ptr_array_index (backups, 0))->path, ==, good->path);
  after = read_bytes (good->path);
  g_assert_true (g_bytes_equal (before, after));

  /* And no half-made copy lies about. */
  folder = proc_backup_dup_folder (path);
  g_assert_cmpuint (count_files (folder, ".tmp"), ==, 0);
  g_assert_cmpuint (count_files (folder, ""), ==, 1);

  /* The damaged copy would never have been chosen either. */
  {
    g_autoptr(ProcBackupInfo) valid = proc_backup_find_newest_valid (path);

    g_assert_nonnull (valid);
    g_assert_cmpstr (valid->path, ==, good->path);
  }
}

/* A first-version library, with a note and a tag. */
static void
make_old_library (const char *path)
{
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, proc_schema_get_migration (0), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "INSERT INTO papers (id, derived_title, abstract, added_at, content_hash, note, starred)"
                                 "  VALUES (1, 'Old paper', 'Graph neural networks on molecules', 0, 'h1', 'reread section four', 1);"
                                 "INSERT INTO tags (id, name) VALUES (1, 'chemistry');"
                                 "INSERT INTO paper_tags VALUES (1, 1);"
                                 "PRAGMA user_version = 1;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

static void
test_backup_before_migration (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *backup_dump = NULL;
  ProcBackupInfo *backup;

  make_old_library (path);
  before = dump (path);

  store = proc_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, proc_schema_get_version ());

  /* The copy is of the library as it was: version 1, same papers. */
  backups = proc_backup_list (path);
  g_assert_cmpuint (backups->len, ==, 1);
  backup = g_ptr_array_index (backups, 0);
  g_assert_cmpint (raw_int (backup->path, "PRAGMA user_version"), ==, 1);
  backup_dump = dump (backup->path);
  g_assert_cmpstr (backup_dump, ==, before);
  g_assert_nonnull (strstr (backup_dump, "reread section four"));
  g_clear_object (&store);

  /* A current library is opened without another backup; so is a new one. */
  store = proc_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_backups (path), ==, 1);
  g_clear_object (&store);
  {
    g_autofree char *fresh = temp_library ();
    g_autoptr(ProcStore) created = proc_store_open (fresh, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (n_backups (fresh), ==, 0);
  }
}

/* No backup, no upgrade: the library is refused and not a byte changes. */
static void
test_migration_refused_without_backup (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  guint calls = 0;

  make_old_library (path);
  /* Enough pages for the hook's damage. */
  {
    sqlite3 *db;
    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db,
                                   "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 400)"
                                   " INSERT INTO papers (id, derived_title, abstract, added_at, content_hash)"
                                   " SELECT i, 'Paper ' || i, printf('%.500c', 'x'), 0, 'h' || i FROM n;",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
  before = read_bytes (path);

  _proc_backup_set_copy_hook (damage_copy_hook, &calls);
  store = proc_store_open (path, &error);
  _proc_backup_set_copy_hook (NULL, NULL);

  g_assert_cmpuint (calls, ==, 1);
  g_assert_null (store);
  g_assert_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, "was not upgraded and is unchanged"));
  g_assert_nonnull (strstr (error->message, path));

  after = read_bytes (path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, 1);
  g_assert_cmpuint (n_backups (path), ==, 0);
}

/* The whole story: a backup, later edits, a crash that damaged pages. */
static void
test_damaged_restored (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(GDateTime) when = utc (2026, 3, 14, 9, 26, 53);
  g_autoptr(ProcBackupInfo) backup = NULL;
  g_autoptr(ProcRecoveryReport) report = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) damaged_bytes = NULL;
  g_autoptr(GBytes) moved_bytes = NULL;
  g_autofree char *backup_dump = NULL;
  g_autofree char *restored_dump = NULL;
  g_autofree char *body = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *damaged_name = NULL;
  g_autofree char *marker_path = g_strconcat (path, ".open", NULL);
  g_autofree char *wal_path = g_strconcat (path, "-wal", NULL);
  g_autoptr(GBytes) wal_bytes = NULL;
  ProcRunMarker *marker = NULL;

  fill_library (path);
  _proc_backup_set_now (when);
  backup = proc_backup_create (path, 7, NULL, &error);
  _proc_backup_set_now (NULL);
  g_assert_no_error (error);
  backup_dump = dump (backup->path);

  set_note (path, "Written after the backup");
  /* The killed run also left a write-ahead log, never checkpointed. */
  {
    sqlite3 *db;

    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    sqlite3_db_config (db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
    g_assert_cmpint (sqlite3_exec (db, "UPDATE papers SET note = 'In the log only' WHERE id = 2",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
  g_assert_true (g_file_test (wal_path, G_FILE_TEST_EXISTS));
  wal_bytes = read_bytes (wal_path);
  damage_pages (path);
  leave_unclean_marker (path);
  damaged_bytes = read_bytes (path);

  store = proc_recovery_open_store (path, PROC_RECOVERY_REPAIR, &marker, &report, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  g_assert_true (report->unclean);
  g_assert_true (report->checked);
  g_assert_cmpint (report->outcome, ==, PROC_RECOVERY_RESTORED);
  g_assert_nonnull (report->problem);

  /* Moved aside, not deleted, not a byte changed. */
  damaged_name = g_path_get_basename (report->damaged_path);
  g_assert_true (g_str_has_prefix (damaged_name, "library.db.damaged-"));
  moved_bytes = read_bytes (report->damaged_path);
  g_assert_true (g_bytes_equal (damaged_bytes, moved_bytes));
  {
    g_autofree char *moved_wal_path = g_strconcat (report->damaged_path, "-wal", NULL);
    g_autoptr(GBytes) moved_wal = read_bytes (moved_wal_path);

    g_assert_true (g_bytes_equal (wal_bytes, moved_wal));
  }

  /* The backup's data, and the store works on it. */
  g_assert_cmpstr (report->backup_path, ==, backup->path);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, N_PAPERS);
  g_assert_cmpuint (proc_store_count (store, "tag:storage"), ==, 2);
  g_clear_object (&store);
  restored_dump = dump (path);
  g_assert_cmpstr (restored_dump, ==, backup_dump);
  g_assert_null (strstr (restored_dump, "Written after the backup"));
  {
    g_autoptr(ProcLibraryCheck) check = proc_library_check (path, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (check->problems->len, ==, 0);
  }

  heading = proc_recovery_report_dup_heading (report);
  body = proc_recovery_report_dup_body (report);
  g_assert_cmpstr (heading, ==, "Library Restored");
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "did not close properly"));
  g_assert_nonnull (strstr (body, "Saturday 14 March 2026 at 09:26"));
  g_assert_nonnull (strstr (body, damaged_name));

  /* A clean end takes the marker away; the next start checks nothing. */
  proc_run_marker_release (marker, TRUE);
  g_assert_false (g_file_test (marker_path, G_FILE_TEST_EXISTS));
  {
    g_autoptr(ProcRecoveryReport) next = NULL;
    g_autoptr(ProcStore) again = proc_recovery_open_store (path, PROC_RECOVERY_REPAIR, &marker, &next, &error);

    g_assert_no_error (error);
    g_assert_false (next->unclean);
    g_assert_false (next->checked);
    g_assert_cmpint (next->outcome, ==, PROC_RECOVERY_NONE);
    proc_run_marker_release (marker, TRUE);
  }
}

static void
test_damaged_without_backup (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(ProcRecoveryReport) report = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) damaged_bytes = NULL;
  g_autoptr(GBytes) moved_bytes = NULL;
  g_autofree char *body = NULL;
  g_autofree char *heading = NULL;
  ProcRunMarker *marker = NULL;

  fill_library (path);
  damage_pages (path);
  leave_unclean_marker (path);
  damaged_bytes = read_bytes (path);

  store = proc_recovery_open_store (path, PROC_RECOVERY_REPAIR, &marker, &report, &error);
  g_assert_no_error (error);
  g_assert_cmpint (report->outcome, ==, PROC_RECOVERY_EMPTY);
  g_assert_null (report->backup_time);
  moved_bytes = read_bytes (report->damaged_path);
  g_assert_true (g_bytes_equal (damaged_bytes, moved_bytes));
  g_assert_cmpuint (proc_store_count (store, NULL), ==, 0);
  g_assert_true (proc_store_get_created (store));

  heading = proc_recovery_report_dup_heading (report);
  body = proc_recovery_report_dup_body (report);
  g_assert_cmpstr (heading, ==, "Damaged Library Set Aside");
  g_assert_nonnull (strstr (body, "no usable backup"));
  g_assert_nonnull (strstr (body, "new, empty library"));
  proc_run_marker_release (marker, TRUE);
}

/* Not a database at all (the header overwritten): found even after a
 * clean run, since opening fails. */
static void
test_not_a_database (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(ProcRecoveryReport) report = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(ProcBackupInfo) backup = NULL;
  g_autoptr(GError) error = NULL;
  ProcRunMarker *marker = NULL;

  fill_library (path);
  backup = proc_backup_create (path, 7, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "This is not an SQLite file, whatever its name says.", -1, NULL));

  store = proc_recovery_open_store (path, PROC_RECOVERY_REPAIR, &marker, &report, &error);
  g_assert_no_error (error);
  g_assert_false (report->unclean);
  g_assert_cmpint (report->outcome, ==, PROC_RECOVERY_RESTORED);
  g_assert_cmpuint (proc_store_count (store, NULL), ==, N_PAPERS);
  g_assert_true (g_file_test (report->damaged_path, G_FILE_TEST_EXISTS));
  proc_run_marker_release (marker, TRUE);
}

/* Without REPAIR (the command line), a damaged library is refused and
 * left exactly as it was, marker included, for the app to repair. */
static void
test_damaged_refused_without_repair (void)
{
  g_autofree char *path = temp_library ();
  g_autofree char *marker_path = g_strconcat (path, ".open", NULL);
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(ProcBackupInfo) backup = NULL;
  ProcRunMarker *marker = NULL;

  fill_library (path);
  backup = proc_backup_create (path, 7, NULL, &error);
  g_assert_no_error (error);
  damage_pages (path);
  leave_unclean_marker (path);
  before = read_bytes (path);

  store = proc_recovery_open_store (path, 0, &marker, NULL, &error);
  g_assert_null (store);
  g_assert_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, "is damaged"));
  g_assert_nonnull (strstr (error->message, "left unchanged"));
  after = read_bytes (path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_true (g_file_test (marker_path, G_FILE_TEST_EXISTS));
  {
    g_autofree char *dir = g_path_get_dirname (path);

    g_assert_cmpuint (count_files (dir, "damaged"), ==, 0);
  }
  proc_run_marker_release (proc_run_marker_acquire (path, &error), TRUE);
}

/* Two users of one library: the first to end cleanly leaves the marker
 * for the other; the last removes it. */
static void
test_marker_shared (void)
{
  g_autofree char *path = temp_library ();
  g_autofree char *marker_path = g_strconcat (path, ".open", NULL);
  g_autoptr(GError) error = NULL;
  ProcRunMarker *first = NULL;
  ProcRunMarker *second = NULL;
  g_autoptr(ProcStore) a = proc_recovery_open_store (path, PROC_RECOVERY_REPAIR, &first, NULL, &error);
  g_autoptr(ProcStore) b = proc_recovery_open_store (path, PROC_RECOVERY_REPAIR, &second, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (g_file_test (marker_path, G_FILE_TEST_EXISTS));
  proc_run_marker_release (first, TRUE);
  g_assert_true (g_file_test (marker_path, G_FILE_TEST_EXISTS));
  proc_run_marker_release (second, TRUE);
  g_assert_false (g_file_test (marker_path, G_FILE_TEST_EXISTS));

  /* A run that ends without a clean release is noticed. */
  first = proc_run_marker_acquire (path, &error);
  g_assert_no_error (error);
  g_assert_false (proc_run_marker_get_unclean (first));
  proc_run_marker_release (first, FALSE);
  first = proc_run_marker_acquire (path, &error);
  g_assert_true (proc_run_marker_get_unclean (first));
  proc_run_marker_release (first, TRUE);
}

/* Every row of @sql, as text: to compare a table before and after. */
static char *
table_digest (sqlite3    *db,
              const char *sql)
{
  GString *digest = g_string_new (NULL);
  sqlite3_stmt *stmt;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        g_string_append_printf (digest, "%s|", (const char *) sqlite3_column_text (stmt, i));
      g_string_append_c (digest, '\n');
    }
  sqlite3_finalize (stmt);

  return g_string_free (digest, FALSE);
}

static void
test_check_library (void)
{
  g_autofree char *path = temp_library ();
  g_autoptr(ProcLibraryCheck) good = NULL;
  g_autoptr(ProcLibraryCheck) orphan = NULL;
  g_autoptr(ProcLibraryCheck) damaged = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  fill_library (path);
  good = proc_library_check (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (good->n_papers, ==, N_PAPERS);
  g_assert_cmpuint (good->problems->len, ==, 0);

  /* A tag link to a paper that is gone, written with the checks off. */
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA foreign_keys = OFF; INSERT INTO paper_tags VALUES (99999, 1);",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  orphan = proc_library_check (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orphan->problems->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (orphan->problems, 0), ==, "a row of paper_tags refers to a missing row of papers");

  /* A search index that no longer matches its table. */
  {
    g_autofree char *drifted_path = temp_library ();
    g_autoptr(ProcLibraryCheck) drifted = NULL;

    fill_library (drifted_path);
    g_assert_cmpint (sqlite3_open (drifted_path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "DROP TRIGGER papers_fts_update;"
                                       " UPDATE papers SET abstract = 'Rewritten behind the index' WHERE id = 5;",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
    drifted = proc_library_check (drifted_path, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (drifted->problems->len, ==, 1);
    g_assert_true (g_str_has_prefix (g_ptr_array_index (drifted->problems, 0), "the search index: "));
    g_assert_true (drifted->index_damaged);
  }

  /* What crash-safety-long once found: a deleted paper's words left in
   * the index.  Rebuilding it mends that and changes nothing else. */
  {
    g_autofree char *stale_path = temp_library ();
    g_autoptr(ProcLibraryCheck) stale = NULL;
    g_autoptr(ProcLibraryCheck) mended = NULL;
    g_autofree char *before = NULL;

    fill_library (stale_path);
    g_assert_cmpint (sqlite3_open (stale_path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "PRAGMA foreign_keys = ON; DROP TRIGGER papers_fts_delete;"
                                       " UPDATE papers SET note = 'kept' WHERE id = 7;"
                                       " DELETE FROM papers WHERE id = 5;", NULL, NULL, NULL), ==, SQLITE_OK);
    g_assert_cmpint (raw_int (stale_path, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH 'abstract' AND rowid = 5"), ==, 1);
    before = table_digest (db, "SELECT id, abstract, note FROM papers ORDER BY id");
    sqlite3_close (db);

    stale = proc_library_check (stale_path, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (stale->problems->len, ==, 1);
    g_test_message ("stale: %s", (char *) g_ptr_array_index (stale->problems, 0));
    g_assert_true (stale->index_damaged);
    g_assert_false (orphan->index_damaged);

    g_assert_true (proc_library_rebuild_search_index (stale_path, &error));
    g_assert_no_error (error);
    mended = proc_library_check (stale_path, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (mended->problems->len, ==, 0);
    g_assert_cmpuint (mended->n_papers, ==, N_PAPERS - 1);

    g_assert_cmpint (sqlite3_open (stale_path, &db), ==, SQLITE_OK);
    g_assert_cmpint (raw_int (stale_path, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH 'abstract' AND rowid = 5"), ==, 0);
    g_assert_cmpint (raw_int (stale_path, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH 'abstract'"), ==, N_PAPERS - 1);
    g_assert_cmpint (raw_int (stale_path, "SELECT count(*) FROM notes_fts WHERE notes_fts MATCH 'kept'"), ==, 1);
    {
      g_autofree char *after = table_digest (db, "SELECT id, abstract, note FROM papers ORDER BY id");

      g_assert_cmpstr (after, ==, before);
    }
    sqlite3_close (db);
  }

  damage_pages (path);
  damaged = proc_library_check (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (damaged->problems->len, >, 0);
  g_test_message ("first problem: %s", (const char *) g_ptr_array_index (damaged->problems, 0));
}

int
main (int   argc,
      char *argv[])
{
  /* The dates in messages are local time: make that UTC here. */
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/backup/content", test_content);
  g_test_add_func ("/backup/prune", test_prune);
  g_test_add_func ("/backup/failed-check-keeps-good", test_failed_check_keeps_good);
  g_test_add_func ("/backup/before-migration", test_backup_before_migration);
  g_test_add_func ("/backup/migration-refused-without-backup", test_migration_refused_without_backup);
  g_test_add_func ("/recovery/damaged-restored", test_damaged_restored);
  g_test_add_func ("/recovery/damaged-without-backup", test_damaged_without_backup);
  g_test_add_func ("/recovery/not-a-database", test_not_a_database);
  g_test_add_func ("/recovery/refused-without-repair", test_damaged_refused_without_repair);
  g_test_add_func ("/recovery/marker-shared", test_marker_shared);
  g_test_add_func ("/recovery/check-library", test_check_library);

  return g_test_run ();
}
