/* proc-store.c: the library, one SQLite database file
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "proc-backup.h"
#include "proc-paper-private.h"
#include "proc-schema.h"
#include "proc-store-private.h"

#define PAGE_SIZE 64
#define BUSY_TIMEOUT_MS 5000

struct _ProcStore
{
  GObject parent_instance;

  char *path;
  sqlite3 *db;
  GHashTable *statements;   /* SQL → sqlite3_stmt, prepared once */
  GHashTable *live_papers;  /* id → ProcPaper (weak), so each paper exists once */
  guint schema_version;
  gint64 data_version;
  guint created : 1;
  guint distrusts_search_index : 1;

  /* A read-only connection for queries run on a thread, opened at the
   * first; one thread at a time uses it */
  GMutex reader_lock;
  sqlite3 *reader;
};

G_DEFINE_FINAL_TYPE (ProcStore, proc_store, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (ProcSortKey, proc_sort_key,
                    G_DEFINE_ENUM_VALUE (PROC_SORT_ADDED, "added"),
                    G_DEFINE_ENUM_VALUE (PROC_SORT_TITLE, "title"),
                    G_DEFINE_ENUM_VALUE (PROC_SORT_RATING, "rating"),
                    G_DEFINE_ENUM_VALUE (PROC_SORT_RELEVANCE, "relevance"))

G_DEFINE_QUARK (proc-store-error-quark, proc_store_error)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static gint64
read_data_version (ProcStore *self)
{
  sqlite3_stmt *stmt = _proc_store_prepare (self, "PRAGMA data_version", NULL);
  gint64 version = 0;

  if (stmt != NULL && sqlite3_step (stmt) == SQLITE_ROW)
    version = sqlite3_column_int64 (stmt, 0);
  if (stmt != NULL)
    sqlite3_reset (stmt);

  return version;
}

/* A live paper's key in live_papers and its weak reference's data at
 * once: the notify runs when the object is gone, so it needs the id
 * kept outside it, and finds the entry in one lookup. */
typedef struct
{
  gint64 id;            /* first, so the entry is a key for g_int64_hash */
  ProcStore *store;
} LiveEntry;

static void
paper_finalized_cb (gpointer  data,
                    GObject  *where_the_object_was)
{
  LiveEntry *entry = data;
  gint64 id = entry->id;

  g_hash_table_remove (entry->store->live_papers, &id);
}

static gboolean
step_done (ProcStore     *self,
           sqlite3_stmt  *stmt,
           GError       **error,
           const char    *doing)
{
  int rc = sqlite3_step (stmt);

  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE || rc == SQLITE_ROW)
    return TRUE;

  return _proc_store_set_error (self, error, doing);
}

static gboolean
migrate (ProcStore  *self,
         guint       from_version,
         GError    **error)
{
  for (guint version = from_version; version < proc_schema_get_version (); version++)
    {
      g_autofree char *bump = g_strdup_printf ("PRAGMA user_version = %u", version + 1);

      if (!_proc_store_begin (self, error))
        return FALSE;

      if (!_proc_store_exec (self, proc_schema_get_migration (version), error) ||
          !_proc_store_exec (self, bump, error) ||
          !_proc_store_commit (self, error))
        {
          _proc_store_rollback (self);
          g_prefix_error (error, _("Could not upgrade the library to version %u: "), version + 1);
          return FALSE;
        }

      g_debug ("Migrated %s to schema version %u", self->path, version + 1);
    }

  self->schema_version = proc_schema_get_version ();
  return TRUE;
}

static void
finalize_statement (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

static void
proc_store_finalize (GObject *object)
{
  ProcStore *self = (ProcStore *)object;
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->live_papers);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_object_weak_unref (value, paper_finalized_cb, key);
  g_clear_pointer (&self->live_papers, g_hash_table_unref);
  g_clear_pointer (&self->statements, g_hash_table_unref);
  if (self->db != NULL)
    sqlite3_close (self->db);
  if (self->reader != NULL)
    sqlite3_close (self->reader);
  g_mutex_clear (&self->reader_lock);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (proc_store_parent_class)->finalize (object);
}

static void
proc_store_class_init (ProcStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = proc_store_finalize;

  /**
   * ProcStore::changed:
   * @change: the #ProcStoreChange flags of what was committed
   *
   * Emitted after a transaction that changed the library committed, in
   * this process or, through proc_store_check_external_changes(), another.
   */
  signals [CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
proc_store_init (ProcStore *self)
{
  g_mutex_init (&self->reader_lock);
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            finalize_statement);
  self->live_papers = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

sqlite3 *
_proc_store_get_db (ProcStore *self)
{
  return self->db;
}

/* Statements are prepared once and kept: the same few run thousands of
 * times in a bulk edit. */
sqlite3_stmt *
_proc_store_prepare (ProcStore   *self,
                     const char  *sql,
                     GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);

  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }

  if (sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK)
    {
      _proc_store_set_error (self, error, NULL);
      return NULL;
    }

  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
  return stmt;
}

gboolean
_proc_store_exec (ProcStore   *self,
                  const char  *sql,
                  GError     **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return _proc_store_set_error (self, error, NULL);

  return TRUE;
}

gboolean
_proc_store_begin (ProcStore  *self,
                   GError    **error)
{
  /* IMMEDIATE takes the write lock now, so a busy library fails before
   * any work is done rather than at the commit. */
  return _proc_store_exec (self, "BEGIN IMMEDIATE", error);
}

gboolean
_proc_store_commit (ProcStore  *self,
                    GError    **error)
{
  /* No need to update data_version: it only moves for other connections. */
  return _proc_store_exec (self, "COMMIT", error);
}

void
_proc_store_rollback (ProcStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/* A full or failing disk, in words a person can act on; %NULL for the
 * other errors.  The transaction was rolled back, so nothing of the edit
 * is in the library: it can simply be tried again.  (Not the errno:
 * sqlite3_system_errno() is not updated by a failed COMMIT, and may be
 * an earlier error's.) */
static char *
dup_disk_reason (ProcStore *self,
                 int       *out_code,
                 gboolean  *out_reading)
{
  int extended = sqlite3_extended_errcode (self->db);

  *out_reading = FALSE;

  if ((extended & 0xff) == SQLITE_FULL)
    {
      *out_code = PROC_STORE_ERROR_DISK_FULL;
      return g_strdup (_("the disk is full. Free some space and try again"));
    }

  if ((extended & 0xff) != SQLITE_IOERR || extended == SQLITE_IOERR_NOMEM)
    return NULL;

  *out_code = PROC_STORE_ERROR_IO;
  *out_reading = extended == SQLITE_IOERR_READ || extended == SQLITE_IOERR_SHORT_READ;
  if (*out_reading)
    return g_strdup (_("the disk reported an input/output error while reading"));

  return g_strdup (_("the disk reported an input/output error while writing"));
}

/* Always returns FALSE, so callers can `return _proc_store_set_error (…)`. */
gboolean
_proc_store_set_error (ProcStore   *self,
                       GError     **error,
                       const char  *doing)
{
  int code = sqlite3_extended_errcode (self->db) & 0xff;
  const char *message = sqlite3_errmsg (self->db);
  g_autofree char *disk_reason = NULL;
  int disk_code = PROC_STORE_ERROR_FAILED;
  gboolean reading = FALSE;

  if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
    g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_BUSY,
                 _("The library “%s” is in use by another program; try again when it has finished"),
                 self->path);
  else if ((disk_reason = dup_disk_reason (self, &disk_code, &reading)) != NULL)
    {
      if (doing != NULL)
        g_set_error (error, PROC_STORE_ERROR, disk_code,
                     _("Could not %s: %s"), doing, disk_reason);
      else if (reading)
        /* Translators: %s says why, such as “the disk reported an error while reading (…)” */
        g_set_error (error, PROC_STORE_ERROR, disk_code,
                     _("The library could not be read: %s"), disk_reason);
      else
        /* Translators: %s says why, such as “the disk is full. Free some space and try again” */
        g_set_error (error, PROC_STORE_ERROR, disk_code,
                     _("The library could not be written: %s"), disk_reason);
    }
  else if (doing != NULL)
    g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                 /* Translators: the first %s is an action, the second SQLite's explanation */
                 _("Could not %s: %s"), doing, message);
  else
    g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                 _("Library error: %s"), message);

  return FALSE;
}

static ProcPaper *
ensure_live (ProcStore *self,
             gint64     id)
{
  ProcPaper *paper = g_hash_table_lookup (self->live_papers, &id);
  LiveEntry *entry;

  if (paper != NULL)
    return g_object_ref (paper);

  paper = _proc_paper_new (id);
  entry = g_new (LiveEntry, 1);
  entry->id = id;
  entry->store = self;
  g_hash_table_insert (self->live_papers, entry, paper);
  g_object_weak_ref (G_OBJECT (paper), paper_finalized_cb, entry);
  return paper;
}

/* Loads the rows of @ids in pages of PAGE_SIZE, one statement per page. */
static gboolean
load_pages (ProcStore     *self,
            const gint64  *ids,
            guint          n_ids,
            GHashTable    *into,
            GError       **error)
{
  static char *sql;
  sqlite3_stmt *stmt;

  /* Stores live on several threads (an import's opens its own). */
  if (g_once_init_enter (&sql))
    {
      GString *s = g_string_new (PROC_PAPER_SELECT " WHERE p.id IN (?");

      for (guint i = 1; i < PAGE_SIZE; i++)
        g_string_append (s, ",?");
      g_string_append (s, ")");
      g_once_init_leave (&sql, g_string_free (s, FALSE));
    }

  for (guint start = 0; start < n_ids; start += PAGE_SIZE)
    {
      int rc;

      if (!(stmt = _proc_store_prepare (self, sql, error)))
        return FALSE;

      for (guint i = 0; i < PAGE_SIZE; i++)
        sqlite3_bind_int64 (stmt, i + 1, start + i < n_ids ? ids[start + i] : -1);

      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          gint64 id = sqlite3_column_int64 (stmt, 0);
          g_autoptr(ProcPaper) paper = ensure_live (self, id);

          _proc_paper_load (paper, stmt);
          if (into != NULL)
            g_hash_table_insert (into, g_memdup2 (&id, sizeof id), g_object_ref (paper));
        }
      sqlite3_reset (stmt);

      if (rc != SQLITE_DONE)
        return _proc_store_set_error (self, error, _("load papers"));
    }

  return TRUE;
}

/* Re-reads the papers among @ids that some view holds, so their
 * properties notify; papers nobody holds are read when next asked for. */
void
_proc_store_reload_live (ProcStore    *self,
                         const gint64 *ids,
                         guint         n_ids)
{
  g_autoptr(GArray) live = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;

  if (ids == NULL)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, self->live_papers);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_array_append_val (live, *(gint64 *) key);
    }
  else
    {
      for (guint i = 0; i < n_ids; i++)
        if (g_hash_table_contains (self->live_papers, &ids[i]))
          g_array_append_val (live, ids[i]);
    }

  if (live->len > 0 && !load_pages (self, (gint64 *) (gpointer) live->data, live->len, NULL, &error))
    g_warning ("Could not reload papers: %s", error->message);
}

/**
 * proc_store_dup_default_path:
 *
 * Returns: `$XDG_DATA_HOME/proceedings/library.db`; inside the Flatpak
 *   that is the application's own data directory.
 */
char *
proc_store_dup_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "proceedings", "library.db", NULL);
}

/**
 * proc_store_open:
 * @path: the database file, created when missing
 *
 * Opens the library, creating or upgrading its schema.  A library written
 * by a newer version is refused before anything is written to it.
 */
ProcStore *
proc_store_open (const char  *path,
                 GError     **error)
{
  g_autoptr(ProcStore) self = NULL;
  g_autofree char *dir = NULL;
  sqlite3_stmt *stmt;
  guint version = 0;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (PROC_TYPE_STORE, NULL);
  self->path = g_strdup (path);

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (errsv));
      return NULL;
    }

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("Could not open the library “%s”: it is a folder"), path);
      return NULL;
    }

  if (sqlite3_open_v2 (path, &self->db,
                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                       NULL) != SQLITE_OK)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                   _("Could not open the library “%s”: %s"),
                   path, self->db ? sqlite3_errmsg (self->db) : g_strerror (ENOMEM));
      return NULL;
    }

  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  sqlite3_extended_result_codes (self->db, 1);
  proc_schema_add_functions (self->db);

  /* Read the version before anything else: switching to WAL already
   * writes to the file, and a newer library must stay untouched. */
  if (!(stmt = _proc_store_prepare (self, "PRAGMA user_version", NULL)) ||
      sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                   _("Could not open the library “%s”: %s"), path, sqlite3_errmsg (self->db));
      return NULL;
    }
  version = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);

  if (version > proc_schema_get_version ())
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NEWER_SCHEMA,
                   _("The library “%s” was written by a newer version of Proceedings "
                     "(format %u; this version reads up to %u). It was left unchanged."),
                   path, version, proc_schema_get_version ());
      return NULL;
    }

  /* A library of an older version is copied, and the copy checked,
   * before the first byte changes: no backup, no upgrade. */
  if (version > 0 && version < proc_schema_get_version ())
    {
      g_autoptr(ProcBackupInfo) backup = proc_backup_create (path, 0, NULL, error);

      if (backup == NULL)
        {
          g_prefix_error (error, _("The library “%s” was not upgraded and is unchanged. "), path);
          return NULL;
        }
    }

  /* A new library gets pages of 16 KB rather than 4: an import of 87,000
   * papers writes a quarter as many pages, with fewer splits, and took
   * 3.9 s in SQLite instead of 4.7; searches take as long, the file is 7%
   * smaller.  (Only an empty file takes a page size.) */
  if (version == 0 && !_proc_store_exec (self, "PRAGMA page_size = 16384", error))
    {
      g_prefix_error (error, _("Could not open the library “%s”: "), path);
      return NULL;
    }

  if (!_proc_store_exec (self, "PRAGMA journal_mode = WAL", error) ||
      !_proc_store_exec (self, "PRAGMA synchronous = FULL", error) ||
      !_proc_store_exec (self, "PRAGMA foreign_keys = ON", error) ||
      /* 64 MB of page cache: an import of 80,000 papers then spills far
       * less to the WAL before its commit. */
      !_proc_store_exec (self, "PRAGMA cache_size = -65536", error) ||
      /* An import stages 8,000 papers (10 MB) at a time in TEMP tables
       * (proc-import-batch.c): with SQLite's 2 MB of cache for them, they
       * went to a temporary file and were read back, 0.5 GB each way at
       * 87,000 papers.  (Statement journals stay files: temp_store =
       * MEMORY would keep those in memory too, but an edit's message says
       * which edit failed only when its journal's write does.) */
      !_proc_store_exec (self, "PRAGMA temp.cache_size = -32768", error))
    {
      g_prefix_error (error, _("Could not open the library “%s”: "), path);
      return NULL;
    }

  self->created = (version == 0);
  self->schema_version = version;
  if (!migrate (self, version, error))
    return NULL;

  if (!_proc_store_exec (self, proc_schema_get_connection_sql (), error))
    {
      g_prefix_error (error, _("Could not open the library “%s”: "), path);
      return NULL;
    }

  self->data_version = read_data_version (self);

  return g_steal_pointer (&self);
}

const char *
proc_store_get_path (ProcStore *self)
{
  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  return self->path;
}

/* TRUE when this open created the library, so the caller may fill it. */
gboolean
proc_store_get_created (ProcStore *self)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  return self->created;
}

guint
proc_store_get_schema_version (ProcStore *self)
{
  g_return_val_if_fail (PROC_IS_STORE (self), 0);

  return self->schema_version;
}

char *
proc_store_dup_meta (ProcStore  *self,
                     const char *key)
{
  sqlite3_stmt *stmt;
  char *value = NULL;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  if (!(stmt = _proc_store_prepare (self, "SELECT value FROM meta WHERE key = ?", NULL)))
    return NULL;

  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);

  return value;
}

gboolean
proc_store_set_meta (ProcStore   *self,
                     const char  *key,
                     const char  *value,
                     GError     **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!(stmt = _proc_store_prepare (self, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", error)))
    return FALSE;

  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, value, -1, SQLITE_TRANSIENT);
  return step_done (self, stmt, error, _("save a setting"));
}

/**
 * proc_store_get_paper:
 *
 * Returns: (transfer full) (nullable): the paper, or %NULL when there is
 *   no paper with that id
 */
ProcPaper *
proc_store_get_paper (ProcStore *self,
                      gint64     id)
{
  g_autoptr(GPtrArray) papers = NULL;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  papers = proc_store_load_papers (self, &id, 1, NULL);
  if (papers == NULL || papers->len == 0)
    return NULL;

  return g_object_ref (g_ptr_array_index (papers, 0));
}

/**
 * proc_store_load_papers:
 *
 * Loads papers in pages, one statement per page.
 *
 * Returns: (transfer full) (element-type ProcPaper): the papers in the
 *   order of @ids, leaving out ids that do not exist
 */
GPtrArray *
proc_store_load_papers (ProcStore     *self,
                        const gint64  *ids,
                        guint          n_ids,
                        GError       **error)
{
  g_autoptr(GHashTable) loaded = NULL;
  GPtrArray *papers;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  loaded = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
  if (!load_pages (self, ids, n_ids, loaded, error))
    return NULL;

  papers = g_ptr_array_new_full (n_ids, g_object_unref);
  for (guint i = 0; i < n_ids; i++)
    {
      ProcPaper *paper = g_hash_table_lookup (loaded, &ids[i]);

      if (paper != NULL)
        g_ptr_array_add (papers, g_object_ref (paper));
    }

  return papers;
}

/* Searches trust the full-text index to name only papers that exist
 * (proc-store-search.c), until a list finds one it names missing: a
 * deleted paper's words once stayed behind in papers_fts (see
 * tests/test-backup.c).  From then on this store's searches confirm each
 * paper, until Check Library rebuilds the index and the library is
 * opened again. */
void
_proc_store_distrust_search_index (ProcStore *self)
{
  g_return_if_fail (PROC_IS_STORE (self));

  if (!self->distrusts_search_index)
    g_message ("A search found papers that are not in the library; searches now confirm each paper");
  self->distrusts_search_index = TRUE;
}

gboolean
_proc_store_trusts_search_index (ProcStore *self)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  return !self->distrusts_search_index;
}

/**
 * _proc_store_lock_reader:
 *
 * Takes the store's read-only connection, for a thread: the queries of
 * proc_store_query_ids_async().  WAL lets it read the last commit while
 * the store's own connection writes.  Give it back with
 * _proc_store_unlock_reader().
 *
 * Returns: (nullable): the connection, or %NULL with @error set (and
 *   nothing to unlock)
 */
sqlite3 *
_proc_store_lock_reader (ProcStore  *self,
                         GError    **error)
{
  g_mutex_lock (&self->reader_lock);

  if (self->reader == NULL)
    {
      sqlite3 *reader = NULL;

      if (sqlite3_open_v2 (self->path, &reader, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        {
          g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                       _("Could not open the library “%s”: %s"),
                       self->path, reader ? sqlite3_errmsg (reader) : g_strerror (ENOMEM));
          sqlite3_close (reader);
          g_mutex_unlock (&self->reader_lock);
          return NULL;
        }

      sqlite3_busy_timeout (reader, BUSY_TIMEOUT_MS);
      sqlite3_extended_result_codes (reader, 1);
      proc_schema_add_functions (reader);
      self->reader = reader;
    }

  return self->reader;
}

void
_proc_store_unlock_reader (ProcStore *self)
{
  g_mutex_unlock (&self->reader_lock);
}

/* Returns: the ids as a JSON array, for json_each().  Written digit by
 * digit: a printf per id was 2.4 of the 55 billion instructions of
 * tagging 874,670 papers and undoing it (callgrind), the set being made
 * four times. */
char *
_proc_store_id_set_new (const gint64 *ids,
                        guint         n_ids)
{
  /* 20 characters hold any gint64 with its sign, 1 the comma. */
  char *set = g_malloc (2 + (gsize) n_ids * 21 + 1);
  char *out = set;

  *out++ = '[';
  for (guint i = 0; i < n_ids; i++)
    {
      char digits[20];
      guint64 magnitude;
      guint n = 0;

      if (i > 0)
        *out++ = ',';
      if (ids[i] < 0)
        {
          *out++ = '-';
          magnitude = -(guint64) ids[i];
        }
      else
        magnitude = (guint64) ids[i];

      do
        {
          digits[n++] = '0' + magnitude % 10;
          magnitude /= 10;
        }
      while (magnitude > 0);
      while (n > 0)
        *out++ = digits[--n];
    }
  *out++ = ']';
  *out = '\0';

  return set;
}

/* Runs @sql once, with the value bound as ?1 and the ids as the set
 * PROC_STORE_IDS reads from ?2, inside the transaction the caller holds.
 *
 * Once for all the ids, not once per id: each statement that writes
 * through a search index's trigger opens a statement savepoint, and FTS5
 * writes its pending terms out at every savepoint.  Per id, a bulk edit of
 * 10,000 papers made 10,000 one-row segments for FTS5 to merge, three
 * times slower, and SQLite 3.40's FTS5 (Debian 12's) then now and again
 * kept a deleted paper's word in papers_fts (tests/test-bulk-edits.c). */
gboolean
_proc_store_run_for_ids (ProcStore     *self,
                         const char    *sql,
                         const gint64  *ids,
                         guint          n_ids,
                         gint64         value,
                         const char    *doing,
                         GError       **error)
{
  sqlite3_stmt *stmt;

  if (n_ids == 0)
    return TRUE;

  if (!(stmt = _proc_store_prepare (self, sql, error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, value);
  sqlite3_bind_text (stmt, 2, _proc_store_id_set_new (ids, n_ids), -1, g_free);
  return step_done (self, stmt, error, doing);
}

/* Ends the transaction that a public edit began around one of the
 * _proc_store_write_*() bodies: commits when @done, else rolls back. */
static gboolean
end_edit (ProcStore  *self,
          gboolean    done,
          GError    **error)
{
  if (done && _proc_store_commit (self, error))
    return TRUE;

  _proc_store_rollback (self);
  return FALSE;
}

/* For the store's other files (proc-store-reading-lists.c). */
gboolean
_proc_store_step_done (ProcStore     *self,
                       sqlite3_stmt  *stmt,
                       GError       **error,
                       const char    *doing)
{
  return step_done (self, stmt, error, doing);
}

gboolean
_proc_store_end_edit (ProcStore  *self,
                      gboolean    done,
                      GError    **error)
{
  return end_edit (self, done, error);
}

/* The bodies of the edits.  Each runs inside a transaction that its caller
 * holds: the public function below it, or ProcUndo, which first captures
 * the rows the edit will change.  So an undoable edit is the same edit. */

gboolean
_proc_store_write_starred (ProcStore     *self,
                           const gint64  *ids,
                           guint          n_ids,
                           gboolean       starred,
                           GError       **error)
{
  return _proc_store_run_for_ids (self, "UPDATE papers SET starred = ?1 WHERE id IN " PROC_STORE_IDS,
                                  ids, n_ids, !!starred, _("star papers"), error);
}

gboolean
_proc_store_write_read_state (ProcStore      *self,
                              const gint64   *ids,
                              guint           n_ids,
                              ProcReadState   state,
                              GError        **error)
{
  if (state > PROC_READ_STATE_READ)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("Unknown read state %d"), state);
      return FALSE;
    }

  return _proc_store_run_for_ids (self, "UPDATE papers SET read_state = ?1 WHERE id IN " PROC_STORE_IDS,
                                  ids, n_ids, state, _("change the read state"), error);
}

/* A paper decided again the same way keeps the time of its decision,
 * so the statistics' progress over time does not move. */
gboolean
_proc_store_write_triage (ProcStore     *self,
                          const gint64  *ids,
                          guint          n_ids,
                          ProcTriage     triage,
                          GError       **error)
{
  if (triage > PROC_TRIAGE_SKIP)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("Unknown triage decision %d"), triage);
      return FALSE;
    }

  return _proc_store_run_for_ids (self,
                                  "UPDATE papers SET triage = ?1,"
                                  " triaged_at = CASE WHEN ?1 = 0 THEN NULL"
                                  "  ELSE CAST(strftime('%s', 'now') AS INTEGER) END"
                                  " WHERE id IN " PROC_STORE_IDS " AND triage <> ?1",
                                  ids, n_ids, triage, _("record the triage decision"), error);
}

gboolean
_proc_store_write_rating (ProcStore     *self,
                          const gint64  *ids,
                          guint          n_ids,
                          int            rating,
                          GError       **error)
{
  if (rating < 0 || rating > 5)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("A rating is from 0 to 5, not %d"), rating);
      return FALSE;
    }

  return _proc_store_run_for_ids (self, "UPDATE papers SET rating = ?1 WHERE id IN " PROC_STORE_IDS,
                                  ids, n_ids, rating, _("rate papers"), error);
}

gboolean
proc_store_set_starred (ProcStore     *self,
                        const gint64  *ids,
                        guint          n_ids,
                        gboolean       starred,
                        GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_starred (self, ids, n_ids, starred, error), error))
    return FALSE;

  for (guint i = 0; i < n_ids; i++)
    {
      ProcPaper *paper = g_hash_table_lookup (self->live_papers, &ids[i]);
      if (paper != NULL)
        _proc_paper_set_starred (paper, starred);
    }

  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS);
  return TRUE;
}

gboolean
proc_store_set_read_state (ProcStore     *self,
                           const gint64  *ids,
                           guint          n_ids,
                           ProcReadState  state,
                           GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_read_state (self, ids, n_ids, state, error), error))
    return FALSE;

  for (guint i = 0; i < n_ids; i++)
    {
      ProcPaper *paper = g_hash_table_lookup (self->live_papers, &ids[i]);
      if (paper != NULL)
        _proc_paper_set_read_state (paper, state);
    }

  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS);
  return TRUE;
}

gboolean
proc_store_set_triage (ProcStore     *self,
                       const gint64  *ids,
                       guint          n_ids,
                       ProcTriage     triage,
                       GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_triage (self, ids, n_ids, triage, error), error))
    return FALSE;

  for (guint i = 0; i < n_ids; i++)
    {
      ProcPaper *paper = g_hash_table_lookup (self->live_papers, &ids[i]);
      if (paper != NULL)
        _proc_paper_set_triage (paper, triage);
    }

  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS);
  return TRUE;
}

gboolean
proc_store_set_rating (ProcStore     *self,
                       const gint64  *ids,
                       guint          n_ids,
                       int            rating,
                       GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_rating (self, ids, n_ids, rating, error), error))
    return FALSE;

  for (guint i = 0; i < n_ids; i++)
    {
      ProcPaper *paper = g_hash_table_lookup (self->live_papers, &ids[i]);
      if (paper != NULL)
        _proc_paper_set_rating (paper, rating);
    }

  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS);
  return TRUE;
}

static gboolean
update_text (ProcStore   *self,
             const char  *sql,
             gint64       id,
             const char  *text,
             gint64       time,
             const char  *doing,
             GError     **error)
{
  sqlite3_stmt *stmt;

  if (!(stmt = _proc_store_prepare (self, sql, error)))
    return FALSE;

  if (text != NULL)
    sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, time);
  sqlite3_bind_int64 (stmt, 3, id);

  if (!step_done (self, stmt, error, doing))
    return FALSE;

  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                   _("The paper is no longer in the library"));
      return FALSE;
    }

  return TRUE;
}

/* @note: (nullable): %NULL or "" clears it; @now: the time to record */
gboolean
_proc_store_write_note (ProcStore   *self,
                        gint64       id,
                        const char  *note,
                        gint64       now,
                        GError     **error)
{
  if (note == NULL)
    note = "";

  if (!g_utf8_validate (note, -1, NULL))
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("The note is not valid UTF-8 text"));
      return FALSE;
    }

  return update_text (self, "UPDATE papers SET note = ?1, note_modified_at = ?2 WHERE id = ?3",
                      id, note, now, _("save the note"), error);
}

gboolean
proc_store_set_note (ProcStore   *self,
                     gint64       id,
                     const char  *note,
                     GError     **error)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  ProcPaper *paper;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_note (self, id, note, now, error), error))
    return FALSE;

  if ((paper = g_hash_table_lookup (self->live_papers, &id)))
    _proc_paper_set_note (paper, note ? note : "", now);

  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS);
  return TRUE;
}

gboolean
proc_store_set_user_title (ProcStore   *self,
                           gint64       id,
                           const char  *title,
                           GError     **error)
{
  g_autofree char *stripped = NULL;
  ProcPaper *paper;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  /* An empty title gives the derived one back. */
  if (title != NULL)
    stripped = g_strstrip (g_strdup (title));
  if (stripped != NULL && *stripped == '\0')
    g_clear_pointer (&stripped, g_free);

  if (stripped != NULL && !g_utf8_validate (stripped, -1, NULL))
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("The title is not valid UTF-8 text"));
      return FALSE;
    }

  /* A single statement is its own transaction in autocommit mode. */
  if (!update_text (self, "UPDATE papers SET user_title = ?1 WHERE id = ?3 AND ?2 = ?2",
                    id, stripped, 0, _("rename the paper"), error))
    return FALSE;

  if ((paper = g_hash_table_lookup (self->live_papers, &id)))
    _proc_paper_set_user_title (paper, stripped);

  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS);
  return TRUE;
}

/* Returns: the id of the tag named @name (case does not matter), or 0 */
gint64
_proc_store_lookup_tag (ProcStore  *self,
                        const char *name)
{
  sqlite3_stmt *stmt = _proc_store_prepare (self, "SELECT id FROM tags WHERE name = ?", NULL);
  gint64 id = 0;

  if (stmt == NULL)
    return 0;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  return id;
}

/* Returns: (transfer full) (nullable): @name as names are stored: NFC,
 *   without surrounding white space; @empty_message when nothing is left */
char *
_proc_store_normalize_name (const char  *name,
                            const char  *empty_message,
                            GError     **error)
{
  g_autofree char *stripped = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("The name is not valid UTF-8 text"));
      return NULL;
    }

  stripped = g_strstrip (g_utf8_normalize (name, -1, G_NORMALIZE_NFC));
  if (*stripped == '\0')
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   "%s", empty_message);
      return NULL;
    }

  return g_steal_pointer (&stripped);
}

/* Returns: (transfer full) (nullable): the name as tags are stored:
 *   NFC, without surrounding white space */
char *
_proc_store_normalize_tag_name (const char  *name,
                                GError     **error)
{
  return _proc_store_normalize_name (name, _("A tag needs a name"), error);
}

static gint64
insert_tag (ProcStore   *self,
            const char  *name,
            const char  *colour,
            GError     **error)
{
  sqlite3_stmt *stmt;

  if (!(stmt = _proc_store_prepare (self, "INSERT INTO tags (name, colour) VALUES (?, ?)", error)))
    return 0;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, colour ? colour : "", -1, SQLITE_TRANSIENT);
  if (!step_done (self, stmt, error, _("create the tag")))
    return 0;

  return sqlite3_last_insert_rowid (self->db);
}

/* Tags the papers among @ids that exist, creating the tag when it is new. */
gboolean
_proc_store_write_add_tag (ProcStore     *self,
                           const gint64  *ids,
                           guint          n_ids,
                           const char    *tag,
                           GError       **error)
{
  g_autofree char *name = NULL;
  gint64 tag_id;

  if (!(name = _proc_store_normalize_tag_name (tag, error)))
    return FALSE;

  if (!(tag_id = _proc_store_lookup_tag (self, name)) &&
      !(tag_id = insert_tag (self, name, NULL, error)))
    return FALSE;

  return _proc_store_run_for_ids (self, "INSERT OR IGNORE INTO paper_tags (paper_id, tag_id)"
                                        " SELECT id, ?1 FROM papers WHERE id IN " PROC_STORE_IDS,
                                  ids, n_ids, tag_id, _("tag papers"), error);
}

/* Tags papers in one transaction, creating the tag when it is new. */
gboolean
proc_store_add_tag (ProcStore     *self,
                    const gint64  *ids,
                    guint          n_ids,
                    const char    *tag,
                    GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_add_tag (self, ids, n_ids, tag, error), error))
    return FALSE;

  _proc_store_reload_live (self, ids, n_ids);
  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  return TRUE;
}

gboolean
_proc_store_write_remove_tag (ProcStore     *self,
                              const gint64  *ids,
                              guint          n_ids,
                              const char    *tag,
                              GError       **error)
{
  gint64 tag_id;

  if (!(tag_id = _proc_store_lookup_tag (self, tag)))
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                   _("There is no tag “%s”"), tag);
      return FALSE;
    }

  return _proc_store_run_for_ids (self, "DELETE FROM paper_tags WHERE tag_id = ?1 AND paper_id IN " PROC_STORE_IDS,
                                  ids, n_ids, tag_id, _("remove the tag from papers"), error);
}

gboolean
proc_store_remove_tag (ProcStore     *self,
                       const gint64  *ids,
                       guint          n_ids,
                       const char    *tag,
                       GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_remove_tag (self, ids, n_ids, tag, error), error))
    return FALSE;

  _proc_store_reload_live (self, ids, n_ids);
  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  return TRUE;
}

/* Their links, list memberships, tags and reading-list items go with them
 * through ON DELETE CASCADE; the triggers clear both search indexes. */
gboolean
_proc_store_write_delete_papers (ProcStore     *self,
                                 const gint64  *ids,
                                 guint          n_ids,
                                 GError       **error)
{
  return _proc_store_run_for_ids (self, "DELETE FROM papers WHERE id IN " PROC_STORE_IDS,
                                  ids, n_ids, 0, _("delete papers"), error);
}

gboolean
proc_store_delete_papers (ProcStore     *self,
                          const gint64  *ids,
                          guint          n_ids,
                          GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_delete_papers (self, ids, n_ids, error), error))
    return FALSE;

  proc_store_emit_changed (self, PROC_STORE_CHANGE_ALL);
  return TRUE;
}

gint64
proc_store_create_tag (ProcStore   *self,
                       const char  *name,
                       const char  *colour,
                       GError     **error)
{
  g_autofree char *normalized = NULL;
  gint64 id;

  g_return_val_if_fail (PROC_IS_STORE (self), 0);

  if (!(normalized = _proc_store_normalize_tag_name (name, error)))
    return 0;

  if (_proc_store_lookup_tag (self, normalized))
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("There is already a tag “%s”"), normalized);
      return 0;
    }

  if (!(id = insert_tag (self, normalized, colour, error)))
    return 0;

  proc_store_emit_changed (self, PROC_STORE_CHANGE_TAGS);
  return id;
}

gboolean
proc_store_rename_tag (ProcStore   *self,
                       gint64       tag_id,
                       const char  *name,
                       GError     **error)
{
  g_autofree char *normalized = NULL;
  sqlite3_stmt *stmt;
  gint64 existing;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!(normalized = _proc_store_normalize_tag_name (name, error)))
    return FALSE;

  existing = _proc_store_lookup_tag (self, normalized);
  if (existing != 0 && existing != tag_id)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("There is already a tag “%s”"), normalized);
      return FALSE;
    }

  if (!(stmt = _proc_store_prepare (self, "UPDATE tags SET name = ? WHERE id = ?", error)))
    return FALSE;

  sqlite3_bind_text (stmt, 1, normalized, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, tag_id);
  if (!step_done (self, stmt, error, _("rename the tag")))
    return FALSE;

  _proc_store_reload_live (self, NULL, 0);
  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  return TRUE;
}

gboolean
proc_store_set_tag_colour (ProcStore   *self,
                           gint64       tag_id,
                           const char  *colour,
                           GError     **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!(stmt = _proc_store_prepare (self, "UPDATE tags SET colour = ? WHERE id = ?", error)))
    return FALSE;

  sqlite3_bind_text (stmt, 1, colour ? colour : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, tag_id);
  if (!step_done (self, stmt, error, _("change the tag’s colour")))
    return FALSE;

  proc_store_emit_changed (self, PROC_STORE_CHANGE_TAGS);
  return TRUE;
}

/* The links go with the tag through ON DELETE CASCADE. */
gboolean
_proc_store_write_delete_tag (ProcStore  *self,
                              gint64      tag_id,
                              GError    **error)
{
  return _proc_store_run_for_ids (self, "DELETE FROM tags WHERE id IN " PROC_STORE_IDS,
                                  &tag_id, 1, 0, _("delete the tag"), error);
}

gboolean
proc_store_delete_tag (ProcStore   *self,
                       gint64       tag_id,
                       GError     **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  if (!_proc_store_begin (self, error) ||
      !end_edit (self, _proc_store_write_delete_tag (self, tag_id, error), error))
    return FALSE;

  _proc_store_reload_live (self, NULL, 0);
  proc_store_emit_changed (self, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS);
  return TRUE;
}


void
proc_store_emit_changed (ProcStore       *self,
                         ProcStoreChange  change)
{
  g_return_if_fail (PROC_IS_STORE (self));

  g_signal_emit (self, signals [CHANGED], 0, (guint) change);
}

/**
 * proc_store_check_external_changes:
 *
 * Asks SQLite whether another connection (the command line, an import
 * thread) committed since this one last looked; if so, reloads the papers
 * views hold and emits #ProcStore::changed for everything.
 *
 * Returns: %TRUE when something had changed
 */
gboolean
proc_store_check_external_changes (ProcStore *self)
{
  gint64 version;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  version = read_data_version (self);
  if (version == self->data_version)
    return FALSE;

  self->data_version = version;
  _proc_store_reload_live (self, NULL, 0);
  proc_store_emit_changed (self, PROC_STORE_CHANGE_ALL);
  return TRUE;
}

/* SQLite's own threshold: a commit that leaves more pages than this in
 * the WAL copies them into the file. */
#define AUTOCHECKPOINT_PAGES 1000

/* An import's commit leaves its pages in the WAL instead: copying 220 MB
 * of them into the file took half a second of an 87,000-paper import,
 * which proc_store_checkpoint() does later, off the window's way. */
void
_proc_store_defer_checkpoints (ProcStore *self,
                               gboolean   defer)
{
  g_return_if_fail (PROC_IS_STORE (self));

  sqlite3_wal_autocheckpoint (self->db, defer ? 0 : AUTOCHECKPOINT_PAGES);
}

/**
 * proc_store_checkpoint:
 *
 * Copies what the WAL holds into the library's file, as far as no reader
 * still needs it, without waiting for anyone; the last connection to
 * close does the rest.  What was committed is safe either way: this only
 * keeps the WAL short.
 *
 * Returns: %FALSE on a disk error
 */
gboolean
proc_store_checkpoint (ProcStore  *self,
                       GError    **error)
{
  int rc;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  rc = sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
  if (rc != SQLITE_OK && rc != SQLITE_BUSY)
    return _proc_store_set_error (self, error, _("copy the log into the library"));

  return TRUE;
}
