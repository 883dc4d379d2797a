/* proc-backup.c: verified backups of a library, kept beside it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-backup"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "proc-backup-private.h"

/* A backup of `<dir>/library.db` is `<dir>/backups/library-YYYY-MM-DD-HHMMSSZ.db`,
 * named after the UTC time it was made, so the names sort by age.  Each
 * is written by VACUUM INTO to a hidden temporary file, flushed to disk,
 * checked with PRAGMA integrity_check, and only then renamed into place:
 * a copy that fails any step is removed and the older generations stay. */

#define BUSY_TIMEOUT_MS 5000
#define TIME_FORMAT "%Y-%m-%d-%H%M%S"
#define TIME_LENGTH 17   /* YYYY-MM-DD-HHMMSS */
#define NAME_SUFFIX "Z.db"

G_DEFINE_QUARK (proc-backup-error-quark, proc_backup_error)

static ProcBackupCopyHook copy_hook;
static gpointer copy_hook_data;
static GDateTime *fixed_now;

void
_proc_backup_set_copy_hook (ProcBackupCopyHook hook,
                            gpointer           user_data)
{
  copy_hook = hook;
  copy_hook_data = user_data;
}

void
_proc_backup_set_now (GDateTime *now)
{
  g_clear_pointer (&fixed_now, g_date_time_unref);
  if (now != NULL)
    fixed_now = g_date_time_to_utc (now);
}

void
proc_backup_info_free (ProcBackupInfo *info)
{
  if (info == NULL)
    return;

  g_free (info->path);
  g_clear_pointer (&info->time, g_date_time_unref);
  g_free (info);
}

/**
 * proc_backup_dup_folder:
 *
 * Returns: the folder that holds the backups of @library_path: `backups`
 *   beside it
 */
char *
proc_backup_dup_folder (const char *library_path)
{
  g_autofree char *dir = g_path_get_dirname (library_path);

  return g_build_filename (dir, "backups", NULL);
}

/* "library" for "library.db": what each backup's name starts with. */
static char *
dup_stem (const char *library_path)
{
  g_autofree char *base = g_path_get_basename (library_path);

  if (g_str_has_suffix (base, ".db") && strlen (base) > 3)
    base[strlen (base) - 3] = '\0';

  return g_steal_pointer (&base);
}

static GDateTime *
parse_name (const char *name,
            const char *stem)
{
  gsize stem_len = strlen (stem);
  int year, month, day, hour, minute, second;
  char rest[8];

  if (strncmp (name, stem, stem_len) != 0 || name[stem_len] != '-')
    return NULL;
  name += stem_len + 1;
  if (strlen (name) != TIME_LENGTH + strlen (NAME_SUFFIX) ||
      !g_str_equal (name + TIME_LENGTH, NAME_SUFFIX) ||
      sscanf (name, "%4d-%2d-%2d-%2d%2d%2d%7s", &year, &month, &day, &hour, &minute, &second, rest) != 7)
    return NULL;

  return g_date_time_new_utc (year, month, day, hour, minute, second);
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const ProcBackupInfo *info_a = *(ProcBackupInfo * const *) a;
  const ProcBackupInfo *info_b = *(ProcBackupInfo * const *) b;

  return g_date_time_compare (info_b->time, info_a->time);
}

/**
 * proc_backup_list:
 *
 * Returns: (transfer full) (element-type ProcBackupInfo): the backups of
 *   @library_path, newest first; empty when there are none
 */
GPtrArray *
proc_backup_list (const char *library_path)
{
  GPtrArray *backups = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_backup_info_free);
  g_autofree char *folder = proc_backup_dup_folder (library_path);
  g_autofree char *stem = dup_stem (library_path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return backups;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      GDateTime *time = parse_name (name, stem);
      ProcBackupInfo *info;

      if (time == NULL)
        continue;

      info = g_new0 (ProcBackupInfo, 1);
      info->path = g_build_filename (folder, name, NULL);
      info->time = time;
      g_ptr_array_add (backups, info);
    }

  g_ptr_array_sort (backups, compare_newest_first);
  return backups;
}

/**
 * proc_backup_dup_newest_time:
 *
 * Returns: (transfer full) (nullable): when the newest backup of
 *   @library_path was made, or %NULL without one
 */
GDateTime *
proc_backup_dup_newest_time (const char *library_path)
{
  g_autoptr(GPtrArray) backups = proc_backup_list (library_path);

  if (backups->len == 0)
    return NULL;

  return g_date_time_ref (((ProcBackupInfo *) g_ptr_array_index (backups, 0))->time);
}

/* TRUE when the newest backup is a day old or more, or there is none. */
gboolean
proc_backup_is_due (const char *library_path,
                    GDateTime  *now)
{
  g_autoptr(GDateTime) newest = proc_backup_dup_newest_time (library_path);

  return newest == NULL || g_date_time_difference (now, newest) >= G_TIME_SPAN_DAY;
}

/**
 * proc_backup_prune:
 * @keep: how many generations to keep; 0 keeps them all
 *
 * Deletes the backups of @library_path beyond the @keep newest.
 *
 * Returns: how many were deleted
 */
guint
proc_backup_prune (const char *library_path,
                   guint       keep)
{
  g_autoptr(GPtrArray) backups = proc_backup_list (library_path);
  guint n_deleted = 0;

  if (keep == 0)
    return 0;

  for (guint i = keep; i < backups->len; i++)
    {
      ProcBackupInfo *info = g_ptr_array_index (backups, i);

      if (g_unlink (info->path) == 0)
        n_deleted++;
      else
        g_warning ("Could not delete the old backup %s: %s", info->path, g_strerror (errno));
    }

  return n_deleted;
}

static int
progress_cb (void *data)
{
  /* Non-zero interrupts the statement: VACUUM or a check stops at once. */
  return g_cancellable_is_cancelled (data);
}

static gboolean
set_sqlite_error (GError     **error,
                  sqlite3     *db,
                  int          rc,
                  const char  *path)
{
  if (rc == SQLITE_INTERRUPT)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The backup was cancelled"));
  else
    g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_FAILED,
                 "%s: %s", path, db ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
  return FALSE;
}

static sqlite3 *
open_db (const char    *path,
         int            flags,
         GCancellable  *cancellable,
         GError       **error)
{
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2 (path, &db, flags, NULL);

  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc, path);
      sqlite3_close (db);
      return NULL;
    }

  sqlite3_busy_timeout (db, BUSY_TIMEOUT_MS);
  if (cancellable != NULL)
    sqlite3_progress_handler (db, 1000, progress_cb, cancellable);

  return db;
}

/**
 * proc_backup_verify:
 *
 * Runs PRAGMA integrity_check on the database at @path, which must be a
 * complete library (a backup, not a library with its write-ahead log).
 *
 * Returns: %TRUE when SQLite finds nothing wrong; otherwise @error says
 *   the first problem, as %PROC_BACKUP_ERROR_DAMAGED
 */
gboolean
proc_backup_verify (const char    *path,
                    GCancellable  *cancellable,
                    GError       **error)
{
  sqlite3 *db;
  sqlite3_stmt *stmt = NULL;
  g_autofree char *problem = NULL;
  int rc;

  if (!(db = open_db (path, SQLITE_OPEN_READONLY, cancellable, error)))
    return FALSE;

  rc = sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *first = (const char *) sqlite3_column_text (stmt, 0);

      if (g_strcmp0 (first, "ok") != 0)
        problem = g_strdup (first);
    }
  sqlite3_finalize (stmt);

  /* A file that is no database at all fails before any row. */
  if (problem == NULL && rc != SQLITE_ROW)
    {
      if (rc == SQLITE_INTERRUPT)
        set_sqlite_error (error, db, rc, path);
      else
        problem = g_strdup (sqlite3_errmsg (db));
    }

  /* An empty file passes the check: a library has tables. */
  if (problem == NULL && rc == SQLITE_ROW)
    {
      if (sqlite3_prepare_v2 (db, "SELECT count(*) FROM sqlite_schema WHERE name = 'papers'", -1, &stmt, NULL) != SQLITE_OK ||
          sqlite3_step (stmt) != SQLITE_ROW || sqlite3_column_int (stmt, 0) != 1)
        problem = g_strdup (_("it holds no library"));
      sqlite3_finalize (stmt);
    }

  sqlite3_close (db);

  if (problem != NULL)
    {
      g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED,
                   /* Translators: %s is a file, then SQLite's description of the first problem */
                   _("“%s” failed its check: %s"), path, problem);
      return FALSE;
    }

  return rc == SQLITE_ROW;
}

static gboolean
fsync_path (const char  *path,
            gboolean     directory,
            GError     **error)
{
  int fd = g_open (path, (directory ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC, 0);
  int errsv;

  if (fd >= 0 && fsync (fd) == 0)
    {
      close (fd);
      return TRUE;
    }

  errsv = errno;
  if (fd >= 0)
    close (fd);
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
               _("Could not write “%s” to disk: %s"), path, g_strerror (errsv));
  return FALSE;
}

static gboolean
rename_synced (const char  *from,
               const char  *to,
               GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (to);

  if (g_rename (from, to) != 0)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not rename “%s” to “%s”: %s"), from, to, g_strerror (errsv));
      return FALSE;
    }

  /* The rename itself is only durable once the folder is. */
  return fsync_path (dir, TRUE, error);
}

static char *
make_temp (const char  *folder,
           const char  *template,
           GError     **error)
{
  g_autofree char *path = g_build_filename (folder, template, NULL);
  int fd = g_mkstemp_full (path, O_RDWR | O_CLOEXEC, 0600);

  if (fd < 0)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not create a file in “%s”: %s"), folder, g_strerror (errsv));
      return NULL;
    }

  close (fd);
  return g_steal_pointer (&path);
}

static gboolean
vacuum_into (const char    *library_path,
             const char    *temp,
             GCancellable  *cancellable,
             GError       **error)
{
  sqlite3 *db;
  char *sql;
  int rc;

  /* Its own connection, without CREATE: a missing library stays missing. */
  if (!(db = open_db (library_path, SQLITE_OPEN_READWRITE, cancellable, error)))
    return FALSE;

  sql = sqlite3_mprintf ("VACUUM INTO %Q", temp);
  rc = sqlite3_exec (db, sql, NULL, NULL, NULL);
  sqlite3_free (sql);

  if (rc != SQLITE_OK)
    set_sqlite_error (error, db, sqlite3_extended_errcode (db) & 0xff, library_path);
  sqlite3_close (db);

  return rc == SQLITE_OK;
}

/**
 * proc_backup_create:
 * @keep: how many generations to keep once this one is in place; 0
 *   deletes none
 *
 * Copies @library_path into its backups folder, checks the copy and only
 * then gives it its name; then deletes the generations beyond @keep.  On
 * any failure the copy is removed and no older backup is touched.  Opens
 * its own connection, so it may run in a thread beside the library's.
 *
 * Returns: (transfer full) (nullable): the new backup
 */
ProcBackupInfo *
proc_backup_create (const char    *library_path,
                    guint          keep,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autofree char *folder = proc_backup_dup_folder (library_path);
  g_autofree char *stem = dup_stem (library_path);
  g_autofree char *template = g_strconcat (".", stem, "-XXXXXX.tmp", NULL);
  g_autofree char *temp = NULL;
  g_autofree char *stamp = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GDateTime) now = fixed_now ? g_date_time_ref (fixed_now) : g_date_time_new_now_utc ();
  g_autoptr(GError) local_error = NULL;
  ProcBackupInfo *info;

  g_return_val_if_fail (library_path != NULL, NULL);

  if (!g_file_test (library_path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_NOT_FOUND,
                   _("There is no library at “%s” to back up"), library_path);
      return NULL;
    }

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not create the folder “%s”: %s"), folder, g_strerror (errsv));
      return NULL;
    }

  if (!(temp = make_temp (folder, template, error)))
    return NULL;

  if (!vacuum_into (library_path, temp, cancellable, &local_error))
    goto failed;

  if (copy_hook != NULL)
    copy_hook (temp, copy_hook_data);

  stamp = g_date_time_format (now, TIME_FORMAT);
  name = g_strdup_printf ("%s/%s-%s" NAME_SUFFIX, folder, stem, stamp);

  if (!fsync_path (temp, FALSE, &local_error) ||
      !proc_backup_verify (temp, cancellable, &local_error) ||
      !rename_synced (temp, name, &local_error))
    goto failed;

  g_debug ("Backed up %s to %s", library_path, name);
  proc_backup_prune (library_path, keep);

  info = g_new0 (ProcBackupInfo, 1);
  info->path = g_steal_pointer (&name);
  info->time = g_steal_pointer (&now);
  return info;

failed:
  g_unlink (temp);
  if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_prefix_error (&local_error, _("Could not back up the library: "));
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

typedef struct
{
  char *library_path;
  guint keep;
} CreateData;

static void
create_data_free (gpointer data)
{
  CreateData *create = data;

  g_free (create->library_path);
  g_free (create);
}

static void
create_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  CreateData *create = task_data;
  GError *error = NULL;
  ProcBackupInfo *info = proc_backup_create (create->library_path, create->keep, cancellable, &error);

  if (info != NULL)
    g_task_return_pointer (task, info, (GDestroyNotify) proc_backup_info_free);
  else
    g_task_return_error (task, error);
}

/* proc_backup_create() in a thread of its own. */
void
proc_backup_create_async (const char          *library_path,
                          guint                keep,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  CreateData *create = g_new0 (CreateData, 1);

  create->library_path = g_strdup (library_path);
  create->keep = keep;
  g_task_set_source_tag (task, proc_backup_create_async);
  g_task_set_task_data (task, create, create_data_free);
  g_task_run_in_thread (task, create_thread);
}

ProcBackupInfo *
proc_backup_create_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * proc_backup_find_newest_valid:
 *
 * Checks the backups of @library_path from the newest on.
 *
 * Returns: (transfer full) (nullable): the newest backup that passes its
 *   check, or %NULL when none does
 */
ProcBackupInfo *
proc_backup_find_newest_valid (const char *library_path)
{
  g_autoptr(GPtrArray) backups = proc_backup_list (library_path);

  for (guint i = 0; i < backups->len; i++)
    {
      g_autoptr(GError) error = NULL;

      if (proc_backup_verify (((ProcBackupInfo *) g_ptr_array_index (backups, i))->path, NULL, &error))
        return g_ptr_array_steal_index (backups, i);

      g_message ("Skipping a backup: %s", error->message);
    }

  return NULL;
}

static gboolean
copy_file (const char  *from,
           const char  *to,
           GError     **error)
{
  g_autoptr(GFile) source = g_file_new_for_path (from);
  g_autoptr(GFile) destination = g_file_new_for_path (to);

  return g_file_copy (source, destination, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, error);
}

/**
 * proc_backup_restore:
 *
 * Puts a copy of @backup at @library_path, after checking it once more.
 * The library, its -wal and its -shm must have been moved away first: a
 * stale write-ahead log would be replayed into the restored file, so
 * this refuses rather than delete anything.  The backup stays.
 */
gboolean
proc_backup_restore (const char      *library_path,
                     ProcBackupInfo  *backup,
                     GError         **error)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", "-journal" };
  g_autofree char *dir = g_path_get_dirname (library_path);
  g_autofree char *stem = dup_stem (library_path);
  g_autofree char *template = g_strconcat (".", stem, "-restore-XXXXXX.tmp", NULL);
  g_autofree char *temp = NULL;

  g_return_val_if_fail (library_path != NULL, FALSE);
  g_return_val_if_fail (backup != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strconcat (library_path, suffixes[i], NULL);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_FAILED,
                       _("Could not restore the backup: “%s” is in the way"), path);
          return FALSE;
        }
    }

  if (!proc_backup_verify (backup->path, NULL, error) ||
      !(temp = make_temp (dir, template, error)))
    return FALSE;

  if (!copy_file (backup->path, temp, error) ||
      !fsync_path (temp, FALSE, error) ||
      /* Checked again where it will be used: the copy could differ. */
      !proc_backup_verify (temp, NULL, error) ||
      !rename_synced (temp, library_path, error))
    {
      g_unlink (temp);
      g_prefix_error (error, _("Could not restore the backup: "));
      return FALSE;
    }

  return TRUE;
}
