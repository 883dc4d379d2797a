/* fault-vfs.c: a SQLite VFS that fails the Nth write, for the tests
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <sqlite3.h>

#include "fault-vfs.h"

/* A shim over the default VFS, registered as the new default, so that the
 * store's own sqlite3_open_v2() goes through it unchanged.  Every file it
 * opens is the real file with our methods in front: each forwards to the
 * real one, and xWrite, xTruncate and xSync first count themselves and may
 * fail instead, as the unix VFS fails on a full or broken disk.  Nothing
 * is written when a write fails, as with ENOSPC before the first byte. */

typedef struct
{
  sqlite3_file base;
  FaultVfsFile kind;
  sqlite3_file *real;        /* szOsFile bytes, right after this struct */
} FaultFile;

static struct
{
  GMutex lock;
  sqlite3_vfs vfs;
  sqlite3_vfs *real;
  sqlite3_io_methods methods[4];   /* one per iVersion of the real methods */

  guint n_writes;
  GArray *log;                     /* FaultVfsEvent, since the last reset */
  guint n_faults;
  FaultVfsOp last_fault_op;

  gboolean armed;
  guint countdown;                 /* the write that fails is the one at 1 */
  FaultVfsError error;
  gboolean persistent;
} fault;

#define REAL(file) (((FaultFile *) (file))->real)

/* Counts the write; returns the errno it must fail with, or 0. */
static int
take_write (sqlite3_file *file,
            FaultVfsOp    op)
{
  FaultFile *self = (FaultFile *) file;
  int fail = 0;

  g_mutex_lock (&fault.lock);
  fault.n_writes++;
  g_array_append_val (fault.log, ((FaultVfsEvent) { op, self->kind }));
  if (fault.armed)
    {
      if (fault.countdown > 1)
        fault.countdown--;
      else
        {
          fail = fault.error == FAULT_VFS_ENOSPC ? ENOSPC : EIO;
          fault.n_faults++;
          fault.last_fault_op = op;
          /* A full disk stays full; a bad sector may read back fine. */
          if (!fault.persistent)
            fault.armed = FALSE;
        }
    }
  g_mutex_unlock (&fault.lock);

  /* What the unix VFS's xGetLastError() reports: errno. */
  if (fail != 0)
    errno = fail;

  return fail;
}

static int
fault_close (sqlite3_file *file)
{
  int rc = REAL (file)->pMethods->xClose (REAL (file));

  file->pMethods = NULL;
  return rc;
}

static int
fault_read (sqlite3_file *file,
            void         *buffer,
            int           amount,
            sqlite3_int64 offset)
{
  return REAL (file)->pMethods->xRead (REAL (file), buffer, amount, offset);
}

static int
fault_write (sqlite3_file *file,
             const void   *buffer,
             int           amount,
             sqlite3_int64 offset)
{
  int fail = take_write (file, FAULT_VFS_OP_WRITE);

  if (fail == ENOSPC)
    return SQLITE_FULL;
  if (fail != 0)
    return SQLITE_IOERR_WRITE;

  return REAL (file)->pMethods->xWrite (REAL (file), buffer, amount, offset);
}

static int
fault_truncate (sqlite3_file *file,
                sqlite3_int64 size)
{
  if (take_write (file, FAULT_VFS_OP_TRUNCATE) != 0)
    return SQLITE_IOERR_TRUNCATE;

  return REAL (file)->pMethods->xTruncate (REAL (file), size);
}

static int
fault_sync (sqlite3_file *file,
            int           flags)
{
  /* fsync() reports a failed write-back as EIO, or ENOSPC on some file
   * systems; the unix VFS makes both SQLITE_IOERR_FSYNC. */
  if (take_write (file, FAULT_VFS_OP_SYNC) != 0)
    return SQLITE_IOERR_FSYNC;

  return REAL (file)->pMethods->xSync (REAL (file), flags);
}

static int
fault_file_size (sqlite3_file  *file,
                 sqlite3_int64 *size)
{
  return REAL (file)->pMethods->xFileSize (REAL (file), size);
}

static int
fault_lock (sqlite3_file *file,
            int           level)
{
  return REAL (file)->pMethods->xLock (REAL (file), level);
}

static int
fault_unlock (sqlite3_file *file,
              int           level)
{
  return REAL (file)->pMethods->xUnlock (REAL (file), level);
}

static int
fault_check_reserved_lock (sqlite3_file *file,
                           int          *out)
{
  return REAL (file)->pMethods->xCheckReservedLock (REAL (file), out);
}

static int
fault_file_control (sqlite3_file *file,
                    int           op,
                    void         *arg)
{
  return REAL (file)->pMethods->xFileControl (REAL (file), op, arg);
}

static int
fault_sector_size (sqlite3_file *file)
{
  return REAL (file)->pMethods->xSectorSize (REAL (file));
}

static int
fault_device_characteristics (sqlite3_file *file)
{
  return REAL (file)->pMethods->xDeviceCharacteristics (REAL (file));
}

static int
fault_shm_map (sqlite3_file       *file,
               int                 page,
               int                 page_size,
               int                 extend,
               void volatile     **out)
{
  return REAL (file)->pMethods->xShmMap (REAL (file), page, page_size, extend, out);
}

static int
fault_shm_lock (sqlite3_file *file,
                int           offset,
                int           n,
                int           flags)
{
  return REAL (file)->pMethods->xShmLock (REAL (file), offset, n, flags);
}

static void
fault_shm_barrier (sqlite3_file *file)
{
  REAL (file)->pMethods->xShmBarrier (REAL (file));
}

static int
fault_shm_unmap (sqlite3_file *file,
                 int           delete_flag)
{
  return REAL (file)->pMethods->xShmUnmap (REAL (file), delete_flag);
}

static int
fault_fetch (sqlite3_file  *file,
             sqlite3_int64  offset,
             int            amount,
             void         **out)
{
  return REAL (file)->pMethods->xFetch (REAL (file), offset, amount, out);
}

static int
fault_unfetch (sqlite3_file  *file,
               sqlite3_int64  offset,
               void          *page)
{
  return REAL (file)->pMethods->xUnfetch (REAL (file), offset, page);
}

static FaultVfsFile
file_kind (int flags)
{
  if (flags & SQLITE_OPEN_MAIN_DB)
    return FAULT_VFS_FILE_MAIN_DB;
  if (flags & SQLITE_OPEN_WAL)
    return FAULT_VFS_FILE_WAL;
  if (flags & SQLITE_OPEN_MAIN_JOURNAL)
    return FAULT_VFS_FILE_JOURNAL;

  return FAULT_VFS_FILE_TEMP;
}

static int
fault_open (sqlite3_vfs  *vfs,
            const char   *name,
            sqlite3_file *file,
            int           flags,
            int          *out_flags)
{
  FaultFile *self = (FaultFile *) file;
  int rc;

  self->real = (sqlite3_file *) (self + 1);
  self->kind = file_kind (flags);
  rc = fault.real->xOpen (fault.real, name, self->real, flags, out_flags);

  /* SQLite calls xClose exactly when pMethods is set, as for the real file. */
  if (self->real->pMethods != NULL)
    {
      int version = CLAMP (self->real->pMethods->iVersion, 1, 3);

      file->pMethods = &fault.methods[version];
    }
  else
    file->pMethods = NULL;

  return rc;
}

static int
fault_delete (sqlite3_vfs *vfs,
              const char  *name,
              int          sync_dir)
{
  return fault.real->xDelete (fault.real, name, sync_dir);
}

static int
fault_access (sqlite3_vfs *vfs,
              const char  *name,
              int          flags,
              int         *out)
{
  return fault.real->xAccess (fault.real, name, flags, out);
}

static int
fault_full_pathname (sqlite3_vfs *vfs,
                     const char  *name,
                     int          n_out,
                     char        *out)
{
  return fault.real->xFullPathname (fault.real, name, n_out, out);
}

static void *
fault_dl_open (sqlite3_vfs *vfs,
               const char  *name)
{
  return fault.real->xDlOpen (fault.real, name);
}

static void
fault_dl_error (sqlite3_vfs *vfs,
                int          n,
                char        *out)
{
  fault.real->xDlError (fault.real, n, out);
}

static void (*fault_dl_sym (sqlite3_vfs *vfs,
                            void        *handle,
                            const char  *symbol)) (void)
{
  return fault.real->xDlSym (fault.real, handle, symbol);
}

static void
fault_dl_close (sqlite3_vfs *vfs,
                void        *handle)
{
  fault.real->xDlClose (fault.real, handle);
}

static int
fault_randomness (sqlite3_vfs *vfs,
                  int          n,
                  char        *out)
{
  return fault.real->xRandomness (fault.real, n, out);
}

static int
fault_sleep (sqlite3_vfs *vfs,
             int          microseconds)
{
  return fault.real->xSleep (fault.real, microseconds);
}

static int
fault_current_time (sqlite3_vfs *vfs,
                    double      *out)
{
  return fault.real->xCurrentTime (fault.real, out);
}

static int
fault_get_last_error (sqlite3_vfs *vfs,
                      int          n,
                      char        *out)
{
  return fault.real->xGetLastError (fault.real, n, out);
}

static int
fault_current_time_int64 (sqlite3_vfs   *vfs,
                          sqlite3_int64 *out)
{
  return fault.real->xCurrentTimeInt64 (fault.real, out);
}

static int
fault_set_system_call (sqlite3_vfs        *vfs,
                       const char         *name,
                       sqlite3_syscall_ptr call)
{
  return fault.real->xSetSystemCall (fault.real, name, call);
}

static sqlite3_syscall_ptr
fault_get_system_call (sqlite3_vfs *vfs,
                       const char  *name)
{
  return fault.real->xGetSystemCall (fault.real, name);
}

static const char *
fault_next_system_call (sqlite3_vfs *vfs,
                        const char  *name)
{
  return fault.real->xNextSystemCall (fault.real, name);
}

/**
 * fault_vfs_install:
 *
 * Registers the shim as the default VFS, over the one that was the
 * default; every database opened from now on goes through it.  Safe to
 * call more than once.
 */
void
fault_vfs_install (void)
{
  sqlite3_vfs *real;

  if (fault.real != NULL)
    return;

  g_assert_cmpint (sqlite3_initialize (), ==, SQLITE_OK);
  real = sqlite3_vfs_find (NULL);
  g_assert_nonnull (real);
  fault.real = real;
  fault.log = g_array_new (FALSE, FALSE, sizeof (FaultVfsEvent));

  for (int version = 1; version <= 3; version++)
    {
      fault.methods[version] = (sqlite3_io_methods) {
        .iVersion = version,
        .xClose = fault_close,
        .xRead = fault_read,
        .xWrite = fault_write,
        .xTruncate = fault_truncate,
        .xSync = fault_sync,
        .xFileSize = fault_file_size,
        .xLock = fault_lock,
        .xUnlock = fault_unlock,
        .xCheckReservedLock = fault_check_reserved_lock,
        .xFileControl = fault_file_control,
        .xSectorSize = fault_sector_size,
        .xDeviceCharacteristics = fault_device_characteristics,
        .xShmMap = version >= 2 ? fault_shm_map : NULL,
        .xShmLock = version >= 2 ? fault_shm_lock : NULL,
        .xShmBarrier = version >= 2 ? fault_shm_barrier : NULL,
        .xShmUnmap = version >= 2 ? fault_shm_unmap : NULL,
        .xFetch = version >= 3 ? fault_fetch : NULL,
        .xUnfetch = version >= 3 ? fault_unfetch : NULL,
      };
    }

  fault.vfs = (sqlite3_vfs) {
    .iVersion = MIN (real->iVersion, 3),
    .szOsFile = sizeof (FaultFile) + real->szOsFile,
    .mxPathname = real->mxPathname,
    .zName = "proceedings-fault",
    .xOpen = fault_open,
    .xDelete = fault_delete,
    .xAccess = fault_access,
    .xFullPathname = fault_full_pathname,
    .xDlOpen = real->xDlOpen ? fault_dl_open : NULL,
    .xDlError = real->xDlError ? fault_dl_error : NULL,
    .xDlSym = real->xDlSym ? fault_dl_sym : NULL,
    .xDlClose = real->xDlClose ? fault_dl_close : NULL,
    .xRandomness = fault_randomness,
    .xSleep = fault_sleep,
    .xCurrentTime = fault_current_time,
    .xGetLastError = fault_get_last_error,
    .xCurrentTimeInt64 = real->iVersion >= 2 ? fault_current_time_int64 : NULL,
    .xSetSystemCall = real->iVersion >= 3 ? fault_set_system_call : NULL,
    .xGetSystemCall = real->iVersion >= 3 ? fault_get_system_call : NULL,
    .xNextSystemCall = real->iVersion >= 3 ? fault_next_system_call : NULL,
  };

  g_assert_cmpint (sqlite3_vfs_register (&fault.vfs, 1), ==, SQLITE_OK);
  g_assert_true (sqlite3_vfs_find (NULL) == &fault.vfs);
}

/**
 * fault_vfs_arm:
 * @nth: which write from now fails: 1 for the next one
 * @persistent: whether every write after it fails too, as on a full disk,
 *   until fault_vfs_disarm()
 */
void
fault_vfs_arm (guint         nth,
               FaultVfsError error,
               gboolean      persistent)
{
  g_assert_nonnull (fault.real);
  g_assert_cmpuint (nth, >=, 1);

  g_mutex_lock (&fault.lock);
  fault.armed = TRUE;
  fault.countdown = nth;
  fault.error = error;
  fault.persistent = persistent;
  fault.last_fault_op = FAULT_VFS_OP_NONE;
  g_mutex_unlock (&fault.lock);
}

/* Space is back: writes go through again. */
void
fault_vfs_disarm (void)
{
  g_mutex_lock (&fault.lock);
  fault.armed = FALSE;
  g_mutex_unlock (&fault.lock);
}

/* Whether a fault is still to come: a one-shot fault that fired is not. */
gboolean
fault_vfs_is_armed (void)
{
  gboolean armed;

  g_mutex_lock (&fault.lock);
  armed = fault.armed;
  g_mutex_unlock (&fault.lock);

  return armed;
}

/* Starts counting writes from zero; the total of faults stays. */
void
fault_vfs_reset_count (void)
{
  g_mutex_lock (&fault.lock);
  fault.n_writes = 0;
  g_array_set_size (fault.log, 0);
  g_mutex_unlock (&fault.lock);
}

/* The writes, truncations and syncs since fault_vfs_reset_count(),
 * failed ones included. */
guint
fault_vfs_get_write_count (void)
{
  guint n;

  g_mutex_lock (&fault.lock);
  n = fault.n_writes;
  g_mutex_unlock (&fault.lock);

  return n;
}

/* Returns: (transfer full) (element-type FaultVfsEvent): the writes since
 *   fault_vfs_reset_count(), in order: the Nth is at N - 1 */
GArray *
fault_vfs_dup_log (void)
{
  GArray *copy = g_array_new (FALSE, FALSE, sizeof (FaultVfsEvent));

  g_mutex_lock (&fault.lock);
  g_array_append_vals (copy, fault.log->data, fault.log->len);
  g_mutex_unlock (&fault.lock);

  return copy;
}

/* How many writes were made to fail since the program started. */
guint
fault_vfs_get_faults_injected (void)
{
  guint n;

  g_mutex_lock (&fault.lock);
  n = fault.n_faults;
  g_mutex_unlock (&fault.lock);

  return n;
}

/* What the last fault since fault_vfs_arm() hit, or FAULT_VFS_OP_NONE. */
FaultVfsOp
fault_vfs_get_last_fault_op (void)
{
  FaultVfsOp op;

  g_mutex_lock (&fault.lock);
  op = fault.last_fault_op;
  g_mutex_unlock (&fault.lock);

  return op;
}
