/* proc-recovery.c: a damaged library found at start, moved aside and restored
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-recovery"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sqlite3.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "proc-backup.h"
#include "proc-recovery.h"

/* How a start knows the last run did not end cleanly: each process that
 * opens the library keeps `library.db.open` open with a shared flock()
 * and writes its pid there.  The last one to end cleanly deletes it.  A
 * marker that exists, has content and that nobody holds a lock on was
 * left by a process that crashed or was killed.  Locks, unlike pids,
 * work across the PID namespaces of Flatpak sandboxes, are released by
 * the kernel when a process dies, and are never "alive" by pid reuse. */
struct _ProcRunMarker
{
  char *path;
  int fd;
  guint exclusive : 1;   /* no other process has the library open */
  guint unclean : 1;
};

static gboolean
same_file (int         fd,
           const char *path)
{
  struct stat by_fd, by_path;

  return fstat (fd, &by_fd) == 0 && g_stat (path, &by_path) == 0 &&
         by_fd.st_dev == by_path.st_dev && by_fd.st_ino == by_path.st_ino;
}

/**
 * proc_run_marker_acquire:
 *
 * Takes the run marker of @library_path, exclusively when no other
 * process has the library open (then proc_run_marker_get_unclean() says
 * whether the last run ended cleanly), shared otherwise.
 */
ProcRunMarker *
proc_run_marker_acquire (const char  *library_path,
                         GError     **error)
{
  g_autofree char *path = g_strconcat (library_path, ".open", NULL);
  g_autofree char *pid = g_strdup_printf ("%d\n", (int) getpid ());
  ProcRunMarker *marker;
  int fd = -1;
  gboolean exclusive = FALSE;
  gboolean unlocked = FALSE;

  /* Retried when the file was deleted between our open and our lock. */
  for (guint attempt = 0; attempt < 10; attempt++)
    {
      fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
      if (fd < 0)
        {
          int errsv = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                       _("Could not create “%s”: %s"), path, g_strerror (errsv));
          return NULL;
        }

      exclusive = flock (fd, LOCK_EX | LOCK_NB) == 0;
      if (!exclusive && errno != EWOULDBLOCK)
        {
          /* A file system without locks: open the library as before,
           * without the check or the repair, which need to know. */
          g_debug ("No lock on %s: %s", path, g_strerror (errno));
          unlocked = TRUE;
          break;
        }
      /* Another process is starting or running: wait for its check. */
      if (!exclusive && flock (fd, LOCK_SH) != 0)
        {
          int errsv = errno;
          close (fd);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                       _("Could not lock “%s”: %s"), path, g_strerror (errsv));
          return NULL;
        }

      if (same_file (fd, path))
        break;

      close (fd);
      fd = -1;
    }

  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("Could not lock “%s”"), path);
      return NULL;
    }

  marker = g_new0 (ProcRunMarker, 1);
  marker->path = g_steal_pointer (&path);
  marker->fd = fd;
  marker->exclusive = exclusive;

  if (exclusive && !unlocked)
    {
      struct stat st;

      /* A clean end deletes the file, so content means a crash. */
      marker->unclean = fstat (fd, &st) == 0 && st.st_size > 0;
      if (ftruncate (fd, 0) != 0 || pwrite (fd, pid, strlen (pid), 0) < 0 || fsync (fd) != 0)
        g_warning ("Could not write %s: %s", marker->path, g_strerror (errno));
    }

  return marker;
}

gboolean
proc_run_marker_get_unclean (ProcRunMarker *marker)
{
  return marker->unclean;
}

/* After the start's check: other processes may open the library now. */
static void
share_marker (ProcRunMarker *marker)
{
  if (marker->exclusive)
    flock (marker->fd, LOCK_SH);
}

/**
 * proc_run_marker_release:
 * @clean: %FALSE leaves the marker, so the next start checks the library
 *
 * Ends this process's use of the library; the last process to end
 * cleanly deletes the marker.
 */
void
proc_run_marker_release (ProcRunMarker *marker,
                         gboolean       clean)
{
  if (marker == NULL)
    return;

  if (clean && flock (marker->fd, LOCK_EX | LOCK_NB) == 0)
    g_unlink (marker->path);

  close (marker->fd);
  g_free (marker->path);
  g_free (marker);
}

void
proc_recovery_report_free (ProcRecoveryReport *report)
{
  if (report == NULL)
    return;

  g_free (report->problem);
  g_free (report->damaged_path);
  g_free (report->backup_path);
  g_clear_pointer (&report->backup_time, g_date_time_unref);
  g_free (report);
}

char *
proc_recovery_report_dup_heading (ProcRecoveryReport *report)
{
  switch (report->outcome)
    {
    case PROC_RECOVERY_RESTORED:
      return g_strdup (_("Library Restored"));
    case PROC_RECOVERY_EMPTY:
      return g_strdup (_("Damaged Library Set Aside"));
    case PROC_RECOVERY_NONE:
    default:
      return NULL;
    }
}

/* "~/.local/share/proceedings" rather than the whole path. */
static char *
dup_display_folder (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  const char *home = g_get_home_dir ();
  gsize home_len = strlen (home);

  if (home_len > 1 && g_str_has_prefix (dir, home) && (dir[home_len] == '/' || dir[home_len] == '\0'))
    return g_strconcat ("~", dir + home_len, NULL);

  return g_steal_pointer (&dir);
}

/**
 * proc_recovery_report_dup_body:
 *
 * Returns: (nullable): what happened, for a person: why, from when the
 *   data is, and where the damaged file is
 */
char *
proc_recovery_report_dup_body (ProcRecoveryReport *report)
{
  g_autofree char *damaged_name = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *outcome = NULL;
  g_autofree char *kept = NULL;
  const char *cause;

  if (report->outcome == PROC_RECOVERY_NONE)
    return NULL;

  cause = report->unclean ? _("Proceedings did not close properly last time, and the library was found damaged.")
                          : _("The library was found damaged when Proceedings started.");

  if (report->outcome == PROC_RECOVERY_RESTORED)
    {
      g_autoptr(GDateTime) local = g_date_time_to_local (report->backup_time);
      /* Translators: the date and time of a backup, in g_date_time_format() notation */
      g_autofree char *when = g_date_time_format (local, _("%A %-d %B %Y at %H:%M"));

      /* Translators: %s is a date and time, like “Monday 30 November 2026 at 14:02” */
      outcome = g_strdup_printf (_("Your papers, tags and notes were restored from the backup made on %s; "
                                   "changes made after that are not in it."), when);
    }
  else
    outcome = g_strdup (_("There was no usable backup to restore it from, so Proceedings started "
                          "with a new, empty library."));

  damaged_name = g_path_get_basename (report->damaged_path);
  folder = dup_display_folder (report->damaged_path);
  /* Translators: the first %s is a file name, the second a folder */
  kept = g_strdup_printf (_("The damaged library was kept, not deleted, as “%s” in the folder %s."),
                          damaged_name, folder);

  return g_strdup_printf ("%s %s\n\n%s", cause, outcome, kept);
}

static gboolean
is_damage_code (int code)
{
  return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

/**
 * proc_recovery_check:
 * @quick_check: also run PRAGMA quick_check, which reads every page
 *
 * Reads the header and schema of the library at @library_path (and with
 * @quick_check, all of it) through a connection of its own.
 *
 * Returns: %TRUE when nothing is wrong; %PROC_BACKUP_ERROR_DAMAGED when
 *   SQLite finds damage, another error when it could not look
 */
gboolean
proc_recovery_check (const char  *library_path,
                     gboolean     quick_check,
                     GError     **error)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  g_autofree char *problem = NULL;
  int rc;

  rc = sqlite3_open_v2 (library_path, &db, SQLITE_OPEN_READWRITE, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_busy_timeout (db, 5000);
      sqlite3_extended_result_codes (db, 1);
      /* A damaged library is moved aside as it was found: closing must
       * not copy its write-ahead log into it. */
      sqlite3_db_config (db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
      rc = sqlite3_exec (db, "SELECT count(*) FROM sqlite_schema", NULL, NULL, NULL);
    }

  if (rc == SQLITE_OK && quick_check)
    {
      rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check", -1, &stmt, NULL);
      if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          const char *first = (const char *) sqlite3_column_text (stmt, 0);

          if (g_strcmp0 (first, "ok") != 0)
            problem = g_strdup (first);
          rc = SQLITE_OK;
        }
      sqlite3_finalize (stmt);
    }

  if (rc != SQLITE_OK && problem == NULL)
    {
      if (is_damage_code (rc & 0xff))
        problem = g_strdup (db ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
      else
        g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_FAILED,
                     _("Could not open the library “%s”: %s"), library_path,
                     db ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
    }
  sqlite3_close (db);

  if (problem != NULL)
    g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED,
                 _("The library “%s” is damaged: %s"), library_path, problem);

  return problem == NULL && rc == SQLITE_OK;
}

static gboolean
rename_if_exists (const char  *from,
                  const char  *to,
                  GError     **error)
{
  if (!g_file_test (from, G_FILE_TEST_EXISTS))
    return TRUE;

  if (g_rename (from, to) != 0)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not move the damaged library “%s” aside: %s"), from, g_strerror (errsv));
      return FALSE;
    }

  return TRUE;
}

/* Renames the library with its -wal and -shm (the log first: a library
 * without its log is only older, a log beside a new library would be
 * replayed into it) to `library.db.damaged-YYYY-MM-DD-HHMMSS`.  Never
 * deletes anything. */
static char *
move_aside (const char  *library_path,
            GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *damaged = g_strconcat (library_path, ".damaged-", stamp, NULL);
  g_autofree char *dir = g_path_get_dirname (library_path);
  static const char * const logs[] = { "-wal", "-shm", "-journal" };
  int fd;

  for (guint n = 2; g_file_test (damaged, G_FILE_TEST_EXISTS); n++)
    {
      g_free (damaged);
      damaged = g_strdup_printf ("%s.damaged-%s-%u", library_path, stamp, n);
    }

  for (guint i = 0; i < G_N_ELEMENTS (logs); i++)
    {
      g_autofree char *from = g_strconcat (library_path, logs[i], NULL);
      g_autofree char *to = g_strconcat (damaged, logs[i], NULL);

      if (!rename_if_exists (from, to, error))
        return NULL;
    }

  if (!rename_if_exists (library_path, damaged, error))
    return NULL;

  if ((fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)) >= 0)
    {
      fsync (fd);
      close (fd);
    }

  return g_steal_pointer (&damaged);
}

/* Restores the newest backup that passes its check; FALSE when none. */
static gboolean
restore_newest (const char         *library_path,
                ProcRecoveryReport *report)
{
  g_autoptr(GPtrArray) backups = proc_backup_list (library_path);

  for (guint i = 0; i < backups->len; i++)
    {
      ProcBackupInfo *backup = g_ptr_array_index (backups, i);
      g_autoptr(GError) error = NULL;

      if (proc_backup_restore (library_path, backup, &error))
        {
          report->backup_path = g_strdup (backup->path);
          report->backup_time = g_date_time_ref (backup->time);
          return TRUE;
        }

      g_message ("%s", error->message);
    }

  return FALSE;
}

/* Moves a damaged library aside and restores the newest good backup;
 * FALSE (with the marker released) when it may not or could not. */
static gboolean
repair (const char          *library_path,
        ProcRunMarker       *marker,
        ProcRecoveryFlags    flags,
        ProcRecoveryReport  *report,
        const GError        *damage,
        GError             **error)
{
  gboolean exclusive = marker->exclusive;

  report->problem = g_strdup (damage->message);
  g_message ("%s", damage->message);

  if (!(flags & PROC_RECOVERY_REPAIR) || !exclusive)
    {
      /* Left as it is, marker and all, so the next start checks it. */
      proc_run_marker_release (marker, FALSE);
      g_set_error (error, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED,
                   exclusive
                   ? _("%s. It was left unchanged: start Proceedings to set it aside and restore the newest backup.")
                   : _("%s. It was left unchanged, as another program has it open."),
                   damage->message);
      return FALSE;
    }

  if (!(report->damaged_path = move_aside (library_path, error)))
    {
      proc_run_marker_release (marker, FALSE);
      return FALSE;
    }

  report->outcome = restore_newest (library_path, report) ? PROC_RECOVERY_RESTORED
                                                          : PROC_RECOVERY_EMPTY;
  g_message ("The damaged library was moved to %s; %s", report->damaged_path,
             report->backup_path ? report->backup_path : "no backup could be restored");
  return TRUE;
}

/**
 * proc_recovery_open_store:
 * @flags: with %PROC_RECOVERY_REPAIR, a damaged library is moved aside
 *   and the newest good backup restored (or a new library started);
 *   without, a damaged library is refused and left as it is
 * @marker: (out): the run marker, to release at the end of the run
 * @report: (out) (optional): what was found and done
 *
 * Opens the library as a start does: when the last run did not end
 * cleanly, PRAGMA quick_check reads all of it first; a library SQLite
 * cannot read, or that fails the check, is damaged.  Only a process that
 * has the library to itself moves it.
 */
ProcStore *
proc_recovery_open_store (const char          *library_path,
                          ProcRecoveryFlags    flags,
                          ProcRunMarker      **marker_out,
                          ProcRecoveryReport **report_out,
                          GError             **error)
{
  g_autoptr(ProcRecoveryReport) report = g_new0 (ProcRecoveryReport, 1);
  g_autoptr(GError) damage = NULL;
  g_autoptr(GError) open_error = NULL;
  g_autofree char *dir = g_path_get_dirname (library_path);
  ProcRunMarker *marker;
  ProcStore *store;

  g_return_val_if_fail (library_path != NULL, NULL);

  /* The marker goes beside the library: its folder must exist first. */
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (errsv));
      return NULL;
    }

  if (!(marker = proc_run_marker_acquire (library_path, error)))
    return NULL;

  report->unclean = marker->unclean;
  if (g_file_test (library_path, G_FILE_TEST_IS_REGULAR))
    {
      report->checked = marker->unclean;
      if (!proc_recovery_check (library_path, marker->unclean, &damage) &&
          !g_error_matches (damage, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED))
        g_clear_error (&damage);   /* could not look (busy…): the open says why */
    }

  if (damage != NULL && !repair (library_path, marker, flags, report, damage, error))
    return NULL;

  store = proc_store_open (library_path, &open_error);

  /* Damage the header check missed shows when the store reads more. */
  if (store == NULL && report->outcome == PROC_RECOVERY_NONE &&
      g_file_test (library_path, G_FILE_TEST_IS_REGULAR) &&
      !proc_recovery_check (library_path, TRUE, &damage) &&
      g_error_matches (damage, PROC_BACKUP_ERROR, PROC_BACKUP_ERROR_DAMAGED))
    {
      report->checked = TRUE;
      if (!repair (library_path, marker, flags, report, damage, error))
        return NULL;
      g_clear_error (&open_error);
      store = proc_store_open (library_path, &open_error);
    }

  if (store == NULL)
    {
      /* Not damage (a newer library, a busy one): the next start need not check. */
      proc_run_marker_release (marker, report->outcome == PROC_RECOVERY_NONE);
      g_propagate_error (error, g_steal_pointer (&open_error));
      return NULL;
    }

  share_marker (marker);
  *marker_out = marker;
  if (report_out != NULL)
    *report_out = g_steal_pointer (&report);

  return store;
}
