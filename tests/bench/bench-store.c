/* bench-store.c: the library's half of the conference-scale benchmark
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-store SLICE_FILE WORK_DIR
 *
 * Through the real store, importer and exporter, on a new library
 * WORK_DIR/library.db:
 *
 *   import     SLICE_FILE into the empty library; the library's size on disk
 *   its floors the same abstracts inserted and nothing derived, in C and
 *              in Python (import-floor.py), each on a library of its own
 *   bulk       all papers tagged undoably, the undo; tagged and untagged plainly
 *   search     each query of bench-queries.h as the paper list runs it
 *              (the ids in the default order, then the first page of papers)
 *   similar    the five papers closest to each of 200 papers chosen at
 *              random, as the detail shows them (proc-store-similar.c)
 *   export     10,000 papers (or all, if fewer) in each export format
 *   floors     the same full-text match through the sqlite3 shell on the same
 *              file, and grep -c -i -F over SLICE_FILE: last, as the spawns
 *              would slow the in-process steps after them (see run_searches)
 *
 * Progress goes to standard error; the last line of standard output is
 * one JSON object with every number.
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "bench-queries.h"
#include "proc-exporter.h"
#include "proc-importer.h"
#include "proc-paper-list.h"
#include "proc-query.h"
#include "proc-similar.h"
#include "proc-store.h"
#include "proc-store-private.h"
#include "proc-undo.h"

#define SQLITE3_SHELL "/usr/bin/sqlite3"
#define N_RUNS 5
#define MAX_EXPORT 10000
#define N_SIMILAR 200
/* Rows a list view shows at once: all on the model's first page. */
#define VISIBLE_ROWS 20

static double
now_s (void)
{
  return g_get_monotonic_time () / (double) G_USEC_PER_SEC;
}

/* The other benchmarks share the two cores: wall time includes waiting
 * for one, the CPU time of the thread that runs SQLite does not. */
static double
cpu_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* All the process's threads: an import reads and derives on one thread
 * while SQLite writes on another, and with other benchmarks sharing the
 * cores, its CPU time is steadier than its wall time. */
static double
process_cpu_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof (double), compare_doubles);

  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static G_GNUC_NORETURN void fail (const char *format,
                                  ...) G_GNUC_PRINTF (1, 2);

static void
fail (const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("bench-store: %s\n", message);
  exit (EXIT_FAILURE);
}

/* JSON by hand: json-glib would print 0.0030000000000000001. */
static void
json_string (GString    *json,
             const char *text)
{
  g_string_append_c (json, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      switch (*c)
        {
        case '"':  g_string_append (json, "\\\""); break;
        case '\\': g_string_append (json, "\\\\"); break;
        case '\n': g_string_append (json, "\\n"); break;
        case '\r': g_string_append (json, "\\r"); break;
        case '\t': g_string_append (json, "\\t"); break;
        default:
          if ((guchar) *c < 0x20)
            g_string_append_printf (json, "\\u%04x", (guchar) *c);
          else
            g_string_append_c (json, *c);
        }
    }
  g_string_append_c (json, '"');
}

static void
json_key (GString    *json,
          const char *key)
{
  if (json->len > 0 && json->str[json->len - 1] != '{')
    g_string_append (json, ", ");
  json_string (json, key);
  g_string_append (json, ": ");
}

/* NAN stands for a number that could not be measured. */
static void
json_number (GString    *json,
             const char *key,
             double      value,
             int         decimals)
{
  json_key (json, key);
  if (isnan (value))
    g_string_append (json, "null");
  else
    g_string_append_printf (json, "%.*f", decimals, value);
}

static void
json_int (GString    *json,
          const char *key,
          gint64      value)
{
  json_key (json, key);
  if (value < 0)
    g_string_append (json, "null");
  else
    g_string_append_printf (json, "%" G_GINT64_FORMAT, value);
}

static guint64
file_size (const char *path)
{
  GStatBuf buf;

  return g_stat (path, &buf) == 0 ? (guint64) buf.st_size : 0;
}

static guint64
library_size (const char *db_path)
{
  g_autofree char *wal = g_strconcat (db_path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (db_path, "-shm", NULL);

  return file_size (db_path) + file_size (wal) + file_size (shm);
}

/* A second connection, so that the checks do not go through the code
 * they check. */
static gint64
raw_count (sqlite3    *raw,
           const char *sql,
           const char *text)
{
  sqlite3_stmt *stmt;
  gint64 value = -1;

  if (sqlite3_prepare_v2 (raw, sql, -1, &stmt, NULL) != SQLITE_OK)
    fail ("%s: %s", sql, sqlite3_errmsg (raw));
  if (text != NULL)
    sqlite3_bind_text (stmt, 1, text, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  else
    fail ("%s: %s", sql, sqlite3_errmsg (raw));
  sqlite3_finalize (stmt);

  return value;
}

static gint64
tagged_count (sqlite3    *raw,
              const char *tag)
{
  return raw_count (raw,
                    "SELECT count(*) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                    " WHERE t.name = ?1",
                    tag);
}

static void
check_tagged (sqlite3    *raw,
              ProcStore  *store,
              const char *tag,
              gint64      expected,
              const char *after)
{
  g_autofree char *query = g_strdup_printf ("tag:%s", tag);
  gint64 raw_n = tagged_count (raw, tag);
  guint store_n = proc_store_count (store, query);

  if (raw_n != expected || store_n != expected)
    fail ("after %s, %" G_GINT64_FORMAT " papers (the store counts %u) have the tag %s, not %" G_GINT64_FORMAT,
          after, raw_n, store_n, tag, expected);
}

/* ---- import ---- */

static guint
run_import (const char *slice,
            const char *db_path,
            GString    *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (slice);
  double t0, t_import, t_close, cpu0, cpu_import;
  guint64 bytes, wal_before_close;
  g_autofree char *wal = g_strconcat (db_path, "-wal", NULL);

  if (g_file_test (db_path, G_FILE_TEST_EXISTS))
    fail ("%s exists: give an empty work directory", db_path);

  if (!(store = proc_store_open (db_path, &error)))
    fail ("could not create %s: %s", db_path, error->message);

  g_printerr ("import: %s …\n", slice);
  t0 = now_s ();
  cpu0 = process_cpu_s ();
  report = proc_importer_import_file (store, file, NULL, &error);
  t_import = now_s () - t0;
  cpu_import = process_cpu_s () - cpu0;
  if (report == NULL)
    fail ("import of %s failed: %s", slice, error->message);

  wal_before_close = file_size (wal);

  /* The last connection's close checkpoints the WAL into the file. */
  t0 = now_s ();
  g_clear_object (&store);
  t_close = now_s () - t0;

  bytes = library_size (db_path);
  g_printerr ("import: %u added, %u present, %u rejected in %.2f s, %.2f s of CPU (close %.2f s); library %.1f MB\n",
              report->added, report->present, report->rejected, t_import, cpu_import, t_close, bytes / 1e6);
  if (report->added == 0)
    fail ("the import added no papers");

  json_int (json, "papers", report->added);
  json_int (json, "rejected", report->rejected);
  json_number (json, "import_s", t_import, 3);
  json_number (json, "import_cpu_s", cpu_import, 3);
  json_number (json, "close_s", t_close, 3);
  json_int (json, "wal_bytes_before_close", wal_before_close);
  json_int (json, "library_bytes", bytes);
  json_int (json, "slice_bytes", file_size (slice));

  return report->added;
}

/* ---- the import's floors ---- */

/* What any program that stores these abstracts must pay, whatever it
 * derives from them: the same library (made by the store itself, so its
 * schema, indexes, triggers, FTS5 settings and connection are the
 * store's), the same file read, each abstract inserted with its list
 * row, in one transaction, and nothing worked out: no title, no content
 * hash (a counter stands in for the unique one), no links, no matching.
 * The WAL is left for the close to copy, as the import leaves it. */

static gboolean
is_blank_line (const char *line,
               gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isspace (line[i]))
      return FALSE;
  return TRUE;
}

/* Calls @func with each abstract of @contents: its paragraphs after the
 * title line, their lines trimmed and joined by spaces, as the
 * conference list reader reads them. */
static guint
each_abstract (const char *contents,
               gsize       length,
               void      (*func) (const char *abstract, gpointer data),
               gpointer    data)
{
  g_autoptr(GString) paragraph = g_string_new (NULL);
  const char *end = contents + length;
  const char *line = memchr (contents, '\n', length);
  guint n = 0;

  for (line = line ? line + 1 : end; line < end; )
    {
      const char *eol = memchr (line, '\n', end - line);
      const char *next = eol ? eol + 1 : end;
      gsize len = (eol ? eol : end) - line;

      if (!is_blank_line (line, len))
        {
          while (len > 0 && g_ascii_isspace (line[len - 1]))
            len--;
          while (len > 0 && g_ascii_isspace (*line))
            line++, len--;
          if (paragraph->len > 0)
            g_string_append_c (paragraph, ' ');
          g_string_append_len (paragraph, line, len);
        }
      if ((is_blank_line (line, len) || next == end) && paragraph->len > 0)
        {
          func (paragraph->str, data);
          g_string_truncate (paragraph, 0);
          n++;
        }
      line = next;
    }

  return n;
}

/* Plain INSERTs, one a paper, are slower than they look: each statement
 * that writes through the search index's trigger opens a savepoint, and
 * FTS5 writes its pending terms as a segment at each one, to merge later
 * (20 s at 87,000 papers).  So the floor that counts is the batched one:
 * the abstracts staged in a TEMP table and written FLOOR_BATCH at a time
 * by one INSERT … SELECT, as the store writes an import (proc-import-batch.c). */
#define FLOOR_BATCH 8000

typedef struct
{
  sqlite3 *db;
  gboolean batched;
  sqlite3_stmt *paper;        /* plain: into papers; batched: into the stage */
  sqlite3_stmt *list_paper;   /* plain: into list_papers; batched: the stage into both */
  sqlite3_stmt *flush_list;
  sqlite3_stmt *clear;
  gint64 list_id;
  gint64 added_at;
  guint n;
} Floor;

static void
floor_step (Floor        *floor,
            sqlite3_stmt *stmt)
{
  if (sqlite3_step (stmt) != SQLITE_DONE)
    fail ("floor: %s: %s", sqlite3_sql (stmt), sqlite3_errmsg (floor->db));
  sqlite3_reset (stmt);
}

static void
floor_flush (Floor *floor)
{
  floor_step (floor, floor->list_paper);
  floor_step (floor, floor->flush_list);
  floor_step (floor, floor->clear);
}

static void
floor_insert (const char *abstract,
              gpointer    data)
{
  Floor *floor = data;
  char key[24];

  g_snprintf (key, sizeof key, "%u", floor->n);
  if (floor->batched)
    {
      sqlite3_bind_text (floor->paper, 1, abstract, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (floor->paper, 2, floor->n + 1);
      floor_step (floor, floor->paper);
      if (++floor->n % FLOOR_BATCH == 0)
        floor_flush (floor);
      return;
    }

  sqlite3_bind_int64 (floor->paper, 1, floor->list_id);
  sqlite3_bind_text (floor->paper, 2, abstract, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (floor->paper, 3, floor->added_at);
  sqlite3_bind_text (floor->paper, 4, key, -1, SQLITE_STATIC);
  floor_step (floor, floor->paper);

  sqlite3_bind_int64 (floor->list_paper, 1, floor->list_id);
  sqlite3_bind_int64 (floor->list_paper, 2, sqlite3_last_insert_rowid (floor->db));
  sqlite3_bind_int (floor->list_paper, 3, floor->n);
  floor_step (floor, floor->list_paper);

  floor->n++;
}

static void
floor_exec (sqlite3    *db,
            const char *sql)
{
  if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
    fail ("floor: %s: %s", sql, sqlite3_errmsg (db));
}

static sqlite3_stmt *
floor_prepare (Floor      *floor,
               const char *sql)
{
  sqlite3_stmt *stmt;

  if (sqlite3_prepare_v2 (floor->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    fail ("floor: %s: %s", sql, sqlite3_errmsg (floor->db));
  if (sqlite3_bind_parameter_index (stmt, ":list") > 0)
    sqlite3_bind_int64 (stmt, sqlite3_bind_parameter_index (stmt, ":list"), floor->list_id);
  if (sqlite3_bind_parameter_index (stmt, ":added") > 0)
    sqlite3_bind_int64 (stmt, sqlite3_bind_parameter_index (stmt, ":added"), floor->added_at);
  return stmt;
}

/* Returns the seconds from reading the file to the commit. */
static double
import_floor_c (const char *slice,
                const char *db_path,
                gboolean    batched,
                guint      *n_papers,
                double     *cpu)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autofree char *contents = NULL;
  Floor floor = { NULL, };
  gsize length;
  double t0, seconds;

  if (!(store = proc_store_open (db_path, &error)))
    fail ("could not create %s: %s", db_path, error->message);
  floor.db = _proc_store_get_db (store);
  floor.batched = batched;
  floor.added_at = g_get_real_time () / G_USEC_PER_SEC;
  _proc_store_defer_checkpoints (store, TRUE);

  t0 = now_s ();
  *cpu = process_cpu_s ();
  if (!g_file_get_contents (slice, &contents, &length, &error))
    fail ("%s", error->message);

  floor_exec (floor.db, "BEGIN IMMEDIATE");
  floor_exec (floor.db, "INSERT INTO lists (name, source, imported_at) VALUES ('floor', 'floor', 0)");
  floor.list_id = sqlite3_last_insert_rowid (floor.db);
  if (batched)
    {
      floor_exec (floor.db, "CREATE TEMP TABLE floor_stage (id INTEGER PRIMARY KEY, abstract)");
      floor.paper = floor_prepare (&floor, "INSERT INTO temp.floor_stage (abstract, id) VALUES (?1, ?2)");
      floor.list_paper = floor_prepare (&floor,
                                        "INSERT INTO papers (id, list_id, derived_title, abstract, added_at,"
                                        " content_hash, title_derived)"
                                        " SELECT id, :list, '', abstract, :added, id, 1 FROM temp.floor_stage ORDER BY id");
      floor.flush_list = floor_prepare (&floor,
                                        "INSERT INTO list_papers (list_id, paper_id, position)"
                                        " SELECT :list, id, id FROM temp.floor_stage ORDER BY id");
      floor.clear = floor_prepare (&floor, "DELETE FROM temp.floor_stage");
    }
  else
    {
      floor.paper = floor_prepare (&floor,
                                   "INSERT INTO papers (list_id, derived_title, abstract, added_at, content_hash,"
                                   " title_derived) VALUES (?1, '', ?2, ?3, ?4, 1)");
      floor.list_paper = floor_prepare (&floor, "INSERT INTO list_papers (list_id, paper_id, position) VALUES (?1, ?2, ?3)");
    }
  each_abstract (contents, length, floor_insert, &floor);
  if (batched)
    floor_flush (&floor);
  sqlite3_finalize (floor.paper);
  sqlite3_finalize (floor.list_paper);
  sqlite3_finalize (floor.flush_list);
  sqlite3_finalize (floor.clear);
  floor_exec (floor.db, "COMMIT");
  seconds = now_s () - t0;
  *cpu = process_cpu_s () - *cpu;

  *n_papers = floor.n;
  g_clear_object (&store);
  g_remove (db_path);
  return seconds;
}

static void
run_import_floor_c (const char *slice,
                    const char *work_dir,
                    guint       imported,
                    GString    *json)
{
  g_autofree char *db_path = g_build_filename (work_dir, "floor-c.db", NULL);
  double batched, plain, cpu;
  guint n;

  g_printerr ("floor: C, batched INSERT … SELECT …\n");
  batched = import_floor_c (slice, db_path, TRUE, &n, &cpu);
  g_printerr ("floor: C, %u papers in %.2f s, %.2f s of CPU, batched (the import: %u papers)\n",
              n, batched, cpu, imported);
  json_number (json, "import_floor_c_s", batched, 3);
  json_number (json, "import_floor_c_cpu_s", cpu, 3);
  json_int (json, "import_floor_c_papers", n);

  g_printerr ("floor: C, plain INSERTs …\n");
  plain = import_floor_c (slice, db_path, FALSE, &n, &cpu);
  g_printerr ("floor: C, %u papers in %.2f s, %.2f s of CPU, plain INSERTs\n", n, plain, cpu);
  json_number (json, "import_floor_c_plain_s", plain, 3);
}

/* The same with python3's sqlite3 module (import-floor.py), on a library
 * the store made and closed; without the store's per-connection TEMP
 * triggers for CJK text, which call a C function of the store. */
static void
run_import_floor_python (const char *slice,
                         const char *work_dir,
                         GString    *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autofree char *db_path = g_build_filename (work_dir, "floor-python.db", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { "python3", IMPORT_FLOOR_SCRIPT, slice, db_path, NULL };
  double seconds = NAN;
  int status;

  if (!(store = proc_store_open (db_path, &error)))
    fail ("could not create %s: %s", db_path, error->message);
  g_clear_object (&store);

  g_printerr ("floor: Python, plain INSERTs …\n");
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                     &out, &err, &status, &error))
    g_printerr ("floor: python3: %s\n", error->message);
  else if (!g_spawn_check_wait_status (status, &error))
    g_printerr ("floor: python3 failed: %s\n%s", error->message, err);
  else if (sscanf (out, "%lf", &seconds) != 1)
    g_printerr ("floor: python3 printed no time: %s\n", out);
  else
    g_printerr ("floor: Python, %s", err);

  json_number (json, "import_floor_python_s", seconds, 3);
  g_remove (db_path);
}

/* ---- bulk edits ---- */

static void
run_bulk (ProcStore  *store,
          sqlite3    *raw,
          GArray     *all_ids,
          GString    *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  const gint64 *ids = (const gint64 *) (gpointer) all_ids->data;
  guint n = all_ids->len;
  double t0, t_undoable, t_undo, t_tag, t_untag;

  g_printerr ("bulk: %u papers …\n", n);

  check_tagged (raw, store, "bench-undoable", 0, "opening");
  t0 = now_s ();
  undo = proc_store_add_tag_undoable (store, ids, n, "bench-undoable", &error);
  t_undoable = now_s () - t0;
  if (undo == NULL)
    fail ("tagging undoably failed: %s", error->message);
  check_tagged (raw, store, "bench-undoable", n, "tagging undoably");

  t0 = now_s ();
  if (!proc_undo_apply (undo, &error))
    fail ("the undo failed: %s", error->message);
  t_undo = now_s () - t0;
  check_tagged (raw, store, "bench-undoable", 0, "the undo");

  t0 = now_s ();
  if (!proc_store_add_tag (store, ids, n, "bench-plain", &error))
    fail ("tagging failed: %s", error->message);
  t_tag = now_s () - t0;
  check_tagged (raw, store, "bench-plain", n, "tagging");

  t0 = now_s ();
  if (!proc_store_remove_tag (store, ids, n, "bench-plain", &error))
    fail ("untagging failed: %s", error->message);
  t_untag = now_s () - t0;
  check_tagged (raw, store, "bench-plain", 0, "untagging");

  g_printerr ("bulk: tag undoably %.3f s, undo %.3f s, tag %.3f s, untag %.3f s\n",
              t_undoable, t_undo, t_tag, t_untag);

  json_int (json, "bulk_papers", n);
  json_number (json, "tag_all_undoable_s", t_undoable, 4);
  json_number (json, "undo_tag_s", t_undo, 4);
  json_number (json, "tag_all_s", t_tag, 4);
  json_number (json, "untag_all_s", t_untag, 4);
}

/* ---- search ---- */

typedef struct
{
  const char *text;
  char *match;          /* the app's FTS5 match of the text, all words ANDed */
  char *where;          /* the app's WHERE clause, its parameters written in */
  gint64 matches;
  double store_ms;
  double store_cpu_ms;
  double query_ids_ms;
  double first_ms;      /* the search typed in All Papers */
  double clear_ms;      /* back to All Papers before it */
  gint64 sqlite3_count;
  double sqlite3_ms;
  double sqlite3_cpu_ms;
  gint64 sqlite3_where_count;
  double sqlite3_where_ms;
  double sqlite3_where_cpu_ms;
  gint64 grep_count;
  double grep_ms;
} Search;

static void
append_sql_literal (GString    *sql,
                    const char *text)
{
  g_string_append_c (sql, '\'');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '\'')
        g_string_append_c (sql, '\'');
      g_string_append_c (sql, *c);
    }
  g_string_append_c (sql, '\'');
}

/* What proc-query.c makes of the typed text: one word is the condition
 * "p.id IN (papers_fts MATCH ?) OR p.id IN (notes_fts MATCH ?) OR p.id IN
 * (the papers of the tags whose names match ?)", binding its FTS5 string
 * three times; two words or more bind first the match of them all ANDed
 * (then each word's string three times, for papers with annotations).
 * The floor is that first match, which FTS5 answers alone.
 * (proc_query_dup_rank_match() ORs the words, for ranking: it counts more.) */
static void
search_init (Search     *search,
             const char *text)
{
  g_autoptr(ProcQuery) query = proc_query_parse (text);
  g_autoptr(GString) where = g_string_new (NULL);
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  g_autoptr(GString) literal = g_string_new (NULL);
  guint next = 0;

  proc_query_append_sql (query, where, params);

  if (!g_str_has_prefix (where->str, " AND (p.id IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?)") ||
      params->len < 2 || strstr (where->str, "cjk_fts") != NULL)
    fail ("“%s” is not a plain text search: %s", text, where->str);

  for (const char *c = where->str; *c != '\0'; c++)
    {
      if (*c == '?')
        append_sql_literal (literal, g_variant_get_string (g_ptr_array_index (params, next++), NULL));
      else
        g_string_append_c (literal, *c);
    }

  memset (search, 0, sizeof *search);
  search->text = text;
  search->match = g_strdup (g_variant_get_string (g_ptr_array_index (params, 0), NULL));
  search->where = g_strdup (literal->str);
  search->sqlite3_count = search->sqlite3_where_count = search->grep_count = -1;
  search->sqlite3_ms = search->sqlite3_where_ms = search->grep_ms = NAN;
  search->sqlite3_cpu_ms = search->sqlite3_where_cpu_ms = NAN;
}

static void
search_clear (Search *search)
{
  g_clear_pointer (&search->match, g_free);
  g_clear_pointer (&search->where, g_free);
}

/* Sets the list's search and asks for the rows a view shows first, as
 * the window does when the search entry changes: the list runs
 * proc_store_query_ids() in the default order (added, ascending), the
 * first row loads the first page of papers.  Returns the wall ms. */
static double
type_search (ProcPaperList *list,
             const char    *text,
             double        *cpu_ms,
             guint         *n_items)
{
  double t0, c0;
  guint n;

  c0 = cpu_s ();
  t0 = now_s ();
  proc_paper_list_set_search (list, text);
  n = g_list_model_get_n_items (G_LIST_MODEL (list));
  for (guint i = 0; i < MIN (n, VISIBLE_ROWS); i++)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (paper == NULL)
        fail ("row %u of “%s” has no paper", i, text ? text : "");
    }

  if (cpu_ms != NULL)
    *cpu_ms = (cpu_s () - c0) * 1000;
  if (n_items != NULL)
    *n_items = n;

  return (now_s () - t0) * 1000;
}

/* A word in no abstract: between the timed runs the list goes to it, so
 * that setting the search again is not a no-op, without the reset reading
 * the papers table and so evicting the pages the timed search reads. */
#define NO_MATCH_SEARCH "qqxyzzyq"

/* First from All Papers, as after browsing the whole library (listing
 * every id scans the papers table, which does not fit SQLite's cache, so
 * the search then reads its pages again); then N_RUNS times from the
 * empty result of NO_MATCH_SEARCH, as when the same search is run again. */
static void
run_store_search (ProcStore     *store,
                  ProcPaperList *list,
                  Search        *search)
{
  double store_runs[N_RUNS], cpu_runs[N_RUNS], ids_runs[N_RUNS];
  guint matches, n;

  search->clear_ms = type_search (list, NULL, NULL, NULL);
  search->first_ms = type_search (list, search->text, NULL, &matches);

  for (guint run = 0; run < N_RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) ids = NULL;
      double t0;

      type_search (list, NO_MATCH_SEARCH, NULL, &n);
      if (n != 0)
        fail ("the search %s, meant to match nothing, matches %u papers", NO_MATCH_SEARCH, n);

      store_runs[run] = type_search (list, search->text, &cpu_runs[run], &n);
      if (n != matches)
        fail ("“%s” matched %u papers, then %u", search->text, matches, n);

      /* The ids alone, without the model and the page of papers. */
      t0 = now_s ();
      ids = proc_store_query_ids (store, "", search->text, PROC_SORT_ADDED, FALSE, &error);
      ids_runs[run] = (now_s () - t0) * 1000;
      if (ids == NULL)
        fail ("search “%s” failed: %s", search->text, error->message);
      if (ids->len != n)
        fail ("“%s”: the list has %u papers, the store's query %u", search->text, n, ids->len);
    }

  search->matches = matches;
  search->store_ms = median (store_runs, N_RUNS);
  search->store_cpu_ms = median (cpu_runs, N_RUNS);
  search->query_ids_ms = median (ids_runs, N_RUNS);
}

/* Runs each statement N_RUNS times in one shell, timed by the shell's
 * .timer ("Run Time: real R user U sys S", R to the millisecond); fills
 * the first result of each and the medians of R and of U + S, in ms.
 * FALSE when the shell failed. */
static gboolean
run_sqlite3_shell (const char  *db_path,
                   const char **statements,
                   guint        n_statements,
                   gint64      *counts,
                   double      *ms,
                   double      *cpu_ms)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) shell = NULL;
  /* The app's page cache (proc-store.c), before the timer, which would
   * time the pragma too. */
  g_autoptr(GString) script = g_string_new ("PRAGMA cache_size = -65536;\n.timer on\n");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_expected = n_statements * N_RUNS;
  g_autofree double *real = g_new0 (double, n_expected);
  g_autofree double *cpu = g_new0 (double, n_expected);
  g_autofree gint64 *results = g_new0 (gint64, n_expected);
  guint n_times = 0, n_results = 0;

  for (guint s = 0; s < n_statements; s++)
    for (guint run = 0; run < N_RUNS; run++)
      g_string_append_printf (script, "%s;\n", statements[s]);
  g_string_append (script, ".quit\n");

  shell = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                            G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                            SQLITE3_SHELL, "-batch", "-readonly", db_path, NULL);
  if (shell == NULL ||
      !g_subprocess_communicate_utf8 (shell, script->str, NULL, &out, &err, &error))
    {
      g_printerr ("sqlite3: %s\n", error->message);
      return FALSE;
    }
  if (!g_subprocess_get_if_exited (shell) || g_subprocess_get_exit_status (shell) != 0 ||
      (err != NULL && *err != '\0'))
    {
      g_printerr ("sqlite3 failed: %s\n", err ? err : "");
      return FALSE;
    }

  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "Run Time: real "))
        {
          const char *user = strstr (line, " user ");
          const char *sys = strstr (line, " sys ");

          if (user == NULL || sys == NULL)
            {
              g_printerr ("sqlite3: cannot read “%s”\n", line);
              return FALSE;
            }
          if (n_times < n_expected)
            {
              real[n_times] = g_ascii_strtod (line + strlen ("Run Time: real "), NULL) * 1000;
              cpu[n_times] = (g_ascii_strtod (user + strlen (" user "), NULL) +
                              g_ascii_strtod (sys + strlen (" sys "), NULL)) * 1000;
            }
          n_times++;
        }
      else if (*line != '\0')
        {
          if (n_results < n_expected)
            results[n_results] = g_ascii_strtoll (line, NULL, 10);
          n_results++;
        }
    }

  if (n_times != n_expected || n_results != n_expected)
    {
      g_printerr ("sqlite3: expected %u timings and results, read %u and %u:\n%s\n",
                  n_expected, n_times, n_results, out);
      return FALSE;
    }

  for (guint s = 0; s < n_statements; s++)
    {
      counts[s] = results[s * N_RUNS];
      ms[s] = median (real + s * N_RUNS, N_RUNS);
      cpu_ms[s] = median (cpu + s * N_RUNS, N_RUNS);
    }

  return TRUE;
}

static void
run_sqlite3_floor (const char *db_path,
                   Search     *search)
{
  g_autoptr(GString) fts_sql = g_string_new ("SELECT count(*) FROM papers_fts WHERE papers_fts MATCH ");
  g_autofree char *where_sql = NULL;
  const char *statements[2];
  gint64 counts[2];
  double ms[2], cpu_ms[2];

  append_sql_literal (fts_sql, search->match);
  /* proc_store_count()'s statement: the app's own WHERE, notes and all. */
  where_sql = g_strdup_printf ("SELECT count(*) FROM papers p WHERE 1%s", search->where);
  statements[0] = fts_sql->str;
  statements[1] = where_sql;

  if (!run_sqlite3_shell (db_path, statements, G_N_ELEMENTS (statements), counts, ms, cpu_ms))
    return;

  search->sqlite3_count = counts[0];
  search->sqlite3_ms = ms[0];
  search->sqlite3_cpu_ms = cpu_ms[0];
  search->sqlite3_where_count = counts[1];
  search->sqlite3_where_ms = ms[1];
  search->sqlite3_where_cpu_ms = cpu_ms[1];
}

static void
run_grep (const char *slice,
          Search     *search)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) grep = NULL;
  g_autofree char *out = NULL;
  double t0 = now_s ();

  grep = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                           "grep", "-c", "-i", "-F", search->text, slice, NULL);
  if (grep == NULL || !g_subprocess_communicate_utf8 (grep, NULL, NULL, &out, NULL, &error))
    {
      g_printerr ("grep: %s\n", error->message);
      return;
    }
  search->grep_ms = (now_s () - t0) * 1000;

  /* 1 is no line matched, which is a count too. */
  if (!g_subprocess_get_if_exited (grep) || g_subprocess_get_exit_status (grep) > 1)
    {
      g_printerr ("grep failed on “%s”\n", search->text);
      search->grep_ms = NAN;
      return;
    }
  search->grep_count = g_ascii_strtoll (out, NULL, 10);
}

/* In-process first: a fork (the floors spawn sqlite3 and grep) leaves
 * every page of SQLite's cache copy-on-write, and the next search that
 * touches them takes a page fault per page, tens of ms on this machine. */
static void
run_searches (ProcStore *store,
              Search    *searches)
{
  g_autoptr(ProcPaperList) list = proc_paper_list_new (store);

  /* The window's "All Papers" and its default sort. */
  proc_paper_list_set_filter (list, "");
  proc_paper_list_set_sort_key (list, PROC_SORT_ADDED);
  proc_paper_list_set_descending (list, FALSE);

  /* Wall ms, and CPU ms after the slash. */
  g_printerr ("search: %-24s %7s %15s %7s %7s %7s\n", "query", "matches", "store ms",
              "ids ms", "first", "clear");

  for (guint q = 0; q < BENCH_N_QUERIES; q++)
    {
      Search *search = &searches[q];

      search_init (search, bench_queries[q]);
      run_store_search (store, list, search);

      g_printerr ("search: %-24s %7" G_GINT64_FORMAT " %7.2f/%7.2f %7.2f %7.2f %7.2f\n",
                  search->text, search->matches, search->store_ms, search->store_cpu_ms, search->query_ids_ms,
                  search->first_ms, search->clear_ms);
    }
}

static void
run_floors (const char *db_path,
            const char *slice,
            Search     *searches,
            GString    *json)
{
  gboolean have_shell = g_file_test (SQLITE3_SHELL, G_FILE_TEST_IS_EXECUTABLE);

  if (!have_shell)
    g_printerr ("floor: %s is missing (Debian package sqlite3): no sqlite3 floor\n", SQLITE3_SHELL);

  g_printerr ("floor:  %-24s %7s %15s %15s %7s %7s\n", "query", "matches", "sqlite3 ms",
              "app where ms", "grep ms", "grep -c");

  for (guint q = 0; q < BENCH_N_QUERIES; q++)
    {
      Search *search = &searches[q];

      if (have_shell)
        run_sqlite3_floor (db_path, search);
      run_grep (slice, search);

      g_printerr ("floor:  %-24s %7" G_GINT64_FORMAT " %7.2f/%7.2f %7.2f/%7.2f %7.2f %7" G_GINT64_FORMAT "\n",
                  search->text, search->matches, search->sqlite3_ms, search->sqlite3_cpu_ms,
                  search->sqlite3_where_ms, search->sqlite3_where_cpu_ms, search->grep_ms, search->grep_count);

      /* The floor must count what the app counts, or it measures
       * something else (no paper has a note, so notes_fts adds none). */
      if (search->sqlite3_count >= 0 && search->sqlite3_count != search->matches)
        fail ("“%s”: the app finds %" G_GINT64_FORMAT " papers, the sqlite3 match %s finds %" G_GINT64_FORMAT,
              search->text, search->matches, search->match, search->sqlite3_count);
      if (search->sqlite3_where_count >= 0 && search->sqlite3_where_count != search->matches)
        fail ("“%s”: the app finds %" G_GINT64_FORMAT " papers, its WHERE in sqlite3 %" G_GINT64_FORMAT,
              search->text, search->matches, search->sqlite3_where_count);
    }

  json_key (json, "sqlite3_shell");
  if (have_shell)
    json_string (json, SQLITE3_SHELL);
  else
    g_string_append (json, "null");

  json_key (json, "search");
  g_string_append_c (json, '[');
  for (guint q = 0; q < BENCH_N_QUERIES; q++)
    {
      Search *search = &searches[q];
      g_autoptr(GString) item = g_string_new ("{");

      json_key (item, "query");
      json_string (item, search->text);
      json_int (item, "matches", search->matches);
      json_number (item, "store_ms_median", search->store_ms, 3);
      json_number (item, "store_cpu_ms_median", search->store_cpu_ms, 3);
      json_number (item, "query_ids_ms_median", search->query_ids_ms, 3);
      json_number (item, "store_first_ms", search->first_ms, 3);
      json_number (item, "clear_search_ms", search->clear_ms, 3);
      json_number (item, "sqlite3_ms_median", search->sqlite3_ms, 3);
      json_number (item, "sqlite3_cpu_ms_median", search->sqlite3_cpu_ms, 3);
      json_number (item, "sqlite3_where_ms_median", search->sqlite3_where_ms, 3);
      json_number (item, "sqlite3_where_cpu_ms_median", search->sqlite3_where_cpu_ms, 3);
      json_number (item, "grep_ms", search->grep_ms, 3);
      json_int (item, "grep_count", search->grep_count);
      json_key (item, "match");
      json_string (item, search->match);
      g_string_append_c (item, '}');

      g_string_append_printf (json, "%s%s", q > 0 ? ", " : "", item->str);
      search_clear (search);
    }
  g_string_append_c (json, ']');
}

/* ---- similar papers ---- */

/* The value below which @fraction of the sorted @values are. */
static double
percentile (const double *values,
            guint         n,
            double        fraction)
{
  guint index = (guint) ceil (fraction * n);

  return values[CLAMP (index, 1, n) - 1];
}

/* Papers chosen at random, the same ones on every run, one after the
 * other on the store the searches used, as a person goes from paper to
 * paper: the first finds the store's cache of word counts empty. */
static void
run_similar (ProcStore *store,
             GArray    *all_ids,
             GString   *json)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2024);
  g_autoptr(GString) item = g_string_new ("{");
  double wall[N_SIMILAR], cpu[N_SIMILAR];
  double first_ms, first_cpu_ms;
  guint n = MIN (N_SIMILAR, all_ids->len);
  guint found = 0;

  if (n == 0)
    return;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) similar = NULL;
      gint64 id = g_array_index (all_ids, gint64, g_rand_int_range (rand, 0, all_ids->len));
      double t0 = now_s ();
      double c0 = cpu_s ();

      similar = proc_store_find_similar (store, id, PROC_SIMILAR_DEFAULT_LIMIT, &error);
      cpu[i] = (cpu_s () - c0) * 1000;
      wall[i] = (now_s () - t0) * 1000;
      if (similar == NULL)
        fail ("the papers similar to %" G_GINT64_FORMAT " could not be found: %s", id, error->message);
      for (guint j = 0; j < similar->len; j++)
        if (g_array_index (similar, ProcSimilarPaper, j).id == id)
          fail ("paper %" G_GINT64_FORMAT " is among its own similar papers", id);
      found += similar->len;
    }

  first_ms = wall[0];
  first_cpu_ms = cpu[0];
  qsort (wall, n, sizeof (double), compare_doubles);
  qsort (cpu, n, sizeof (double), compare_doubles);

  g_printerr ("similar: %u papers, %.1f found each; ms p50 %.2f, p95 %.2f, max %.2f (the first %.2f);"
              " CPU ms p50 %.2f, p95 %.2f, max %.2f\n",
              n, (double) found / n, percentile (wall, n, 0.5), percentile (wall, n, 0.95), wall[n - 1],
              first_ms, percentile (cpu, n, 0.5), percentile (cpu, n, 0.95), cpu[n - 1]);

  json_int (item, "papers", n);
  json_number (item, "found_mean", (double) found / n, 2);
  json_number (item, "p50_ms", percentile (wall, n, 0.5), 3);
  json_number (item, "p95_ms", percentile (wall, n, 0.95), 3);
  json_number (item, "max_ms", wall[n - 1], 3);
  json_number (item, "first_ms", first_ms, 3);
  json_number (item, "cpu_p50_ms", percentile (cpu, n, 0.5), 3);
  json_number (item, "cpu_p95_ms", percentile (cpu, n, 0.95), 3);
  json_number (item, "cpu_max_ms", cpu[n - 1], 3);
  json_number (item, "first_cpu_ms", first_cpu_ms, 3);
  g_string_append_c (item, '}');

  json_key (json, "similar");
  g_string_append (json, item->str);
}

/* ---- export ---- */

static void
run_exports (ProcStore  *store,
             GArray     *all_ids,
             const char *work_dir,
             GString    *json)
{
  guint n = MIN (all_ids->len, MAX_EXPORT);
  gboolean first = TRUE;

  json_key (json, "export");
  g_string_append_c (json, '[');

  for (ProcRecordFormat format = PROC_RECORD_FORMAT_UNKNOWN + 1; format <= PROC_RECORD_FORMAT_LAST; format++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GString) item = g_string_new ("{");
      g_autofree char *name = NULL;
      g_autofree char *path = NULL;
      const char *id = proc_record_format_get_id (format);
      guint n_written = 0;
      guint64 bytes;
      double t0, seconds;

      if (!proc_record_format_can_export (format))
        continue;

      name = g_strdup_printf ("export-%s.%s", id, proc_record_format_get_extension (format));
      path = g_build_filename (work_dir, name, NULL);
      file = g_file_new_for_path (path);

      t0 = now_s ();
      if (!proc_exporter_export_file (store, file, format, PROC_EXPORT_ALL, PROC_EXPORT_GROUP_NONE,
                                      "Benchmark", (const gint64 *) (gpointer) all_ids->data, n,
                                      &n_written, NULL, &error))
        fail ("export to %s failed: %s", id, error->message);
      seconds = now_s () - t0;

      bytes = file_size (path);
      if (bytes == 0)
        fail ("the %s export %s is empty", id, path);
      if (n_written != n)
        fail ("the %s export wrote %u papers of %u", id, n_written, n);

      g_printerr ("export: %-10s %5u papers in %.3f s, %.1f MB\n", id, n_written, seconds, bytes / 1e6);

      json_key (item, "format");
      json_string (item, id);
      json_int (item, "papers", n_written);
      json_number (item, "seconds", seconds, 4);
      json_int (item, "bytes", bytes);
      g_string_append_c (item, '}');

      g_string_append_printf (json, "%s%s", first ? "" : ", ", item->str);
      first = FALSE;
    }

  g_string_append_c (json, ']');
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) json = g_string_new ("{");
  g_autoptr(GString) exports = g_string_new (NULL);
  Search searches[BENCH_N_QUERIES];
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GArray) all_ids = NULL;
  g_autofree char *db_path = NULL;
  sqlite3 *raw = NULL;
  const char *slice, *work_dir;
  guint imported;

  setlocale (LC_ALL, "");

  if (argc != 3)
    {
      g_printerr ("usage: %s SLICE_FILE WORK_DIR\n", argv[0]);
      return 2;
    }
  slice = argv[1];
  work_dir = argv[2];

  if (!g_file_test (slice, G_FILE_TEST_IS_REGULAR))
    fail ("%s is not a file", slice);
  if (!g_file_test (work_dir, G_FILE_TEST_IS_DIR))
    fail ("%s is not a directory", work_dir);
  db_path = g_build_filename (work_dir, "library.db", NULL);

  imported = run_import (slice, db_path, json);
  run_import_floor_c (slice, work_dir, imported, json);
  run_import_floor_python (slice, work_dir, json);
  /* PROCEEDINGS_BENCH_ONLY=import: the import and its floors alone, for profiling */
  if (g_strcmp0 (g_getenv ("PROCEEDINGS_BENCH_ONLY"), "import") == 0)
    {
      g_print ("%s}\n", json->str);
      return EXIT_SUCCESS;
    }

  /* Reopened, as a window finds the library after the import. */
  if (!(store = proc_store_open (db_path, &error)))
    fail ("could not open %s again: %s", db_path, error->message);
  if (sqlite3_open_v2 (db_path, &raw, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    fail ("could not open %s: %s", db_path, sqlite3_errmsg (raw));

  /* "Select All" in All Papers: every id the list holds. */
  if (!(all_ids = proc_store_query_ids (store, "", NULL, PROC_SORT_ADDED, FALSE, &error)))
    fail ("could not list the papers: %s", error->message);
  if (all_ids->len != raw_count (raw, "SELECT count(*) FROM papers", NULL) || all_ids->len < imported)
    fail ("the library lists %u papers after importing %u", all_ids->len, imported);

  run_bulk (store, raw, all_ids, json);
  run_searches (store, searches);
  run_similar (store, all_ids, json);
  run_exports (store, all_ids, work_dir, exports);
  run_floors (db_path, slice, searches, json);
  g_string_append_printf (json, ", %s", exports->str);

  sqlite3_close (raw);
  g_string_append_c (json, '}');
  g_print ("%s\n", json->str);

  return EXIT_SUCCESS;
}
