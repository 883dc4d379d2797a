/* test-reading-lists.c: reading lists in the library: order, moves, renames, and their undo
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "proc-store.h"
#include "proc-undo.h"

#define N_PAPERS 8

/* Eight papers, A to H, with ids 1 to 8; every check reads the file
 * through a second connection, as another program would see it. */
typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  sqlite3 *raw;
  gint64 p[N_PAPERS];
  gint64 week1, week2;
  guint n_changed;
  guint last_change;
} Library;

static const char * const titles[N_PAPERS] = {
  "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel",
};

/* Bravo is about wombats more than Delta is, so relevance ranks it first. */
static const char * const abstracts[N_PAPERS] = {
  "Alpha studies kangaroos.",
  "Bravo studies wombats, wombats and more wombats.",
  "Charlie studies wombats.",
  "Delta studies wombats among kangaroos, in a long abstract about many other things as well.",
  "Echo studies kangaroos.",
  "Foxtrot studies kangaroos.",
  "Golf studies kangaroos.",
  "Hotel studies kangaroos.",
};

static void
raw_exec (Library    *lib,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (lib->raw, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

static gint64
raw_int (Library    *lib,
         const char *sql)
{
  sqlite3_stmt *stmt;
  gint64 value = -1;

  g_assert_cmpint (sqlite3_prepare_v2 (lib->raw, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return value;
}

/* Every row of @sql, as text: "1:0 5:1 …" for (paper, position) pairs. */
static char *
raw_rows (Library    *lib,
          const char *sql)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt;
  int rc;

  g_assert_cmpint (sqlite3_prepare_v2 (lib->raw, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      if (out->len > 0)
        g_string_append_c (out, ' ');
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        g_string_append_printf (out, "%s%s", i > 0 ? ":" : "",
                                sqlite3_column_text (stmt, i) ? (const char *) sqlite3_column_text (stmt, i) : "NULL");
    }
  g_assert_cmpint (rc, ==, SQLITE_DONE);
  sqlite3_finalize (stmt);

  return g_string_free (out, FALSE);
}

/* The list's items as (paper, position), in the list's order. */
static char *
items (Library *lib,
       gint64   list)
{
  g_autofree char *sql = g_strdup_printf ("SELECT paper_id, position FROM reading_list_items"
                                          " WHERE reading_list_id = %" G_GINT64_FORMAT
                                          " ORDER BY position, paper_id", list);

  return raw_rows (lib, sql);
}

/* Both reading-list tables, whole. */
static char *
dump (Library *lib)
{
  g_autofree char *lists = raw_rows (lib, "SELECT * FROM reading_lists ORDER BY id");
  g_autofree char *all = raw_rows (lib, "SELECT * FROM reading_list_items ORDER BY reading_list_id, paper_id");

  return g_strdup_printf ("%s\n%s", lists, all);
}

/* What the paper list shows: the papers' letters, in its order. */
static char *
shown (Library     *lib,
       const char  *filter,
       const char  *search,
       ProcSortKey  sort_key,
       gboolean     descending)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (lib->store, filter, search, sort_key, descending, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_c (out, 'A' + (char) (g_array_index (ids, gint64, i) - 1));

  return g_string_free (out, FALSE);
}

static void
changed_cb (ProcStore *store,
            guint      change,
            Library   *lib)
{
  lib->n_changed++;
  lib->last_change = change;
}

/* Week 1 holds D A F B (positions 0 to 3); Week 2 holds B E. */
static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  lib->dir = g_dir_make_tmp ("proceedings-reading-lists-XXXXXX", NULL);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (lib->path, &lib->raw), ==, SQLITE_OK);
  sqlite3_busy_timeout (lib->raw, 5000);
  raw_exec (lib, "PRAGMA foreign_keys = ON");

  for (guint i = 0; i < N_PAPERS; i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO papers (id, derived_title, abstract, added_at, content_hash)"
                                              " VALUES (%u, '%s', '%s', %u, 'hash%u')",
                                              i + 1, titles[i], abstracts[i], 1000 + i, i);
      raw_exec (lib, sql);
      lib->p[i] = i + 1;
    }
  proc_store_check_external_changes (lib->store);

  lib->week1 = proc_store_create_reading_list (lib->store, "Week 1", &error);
  lib->week2 = proc_store_create_reading_list (lib->store, "Week 2", &error);
  g_assert_true (proc_store_add_to_reading_list (lib->store, lib->week1,
                                                 (gint64[]) { lib->p[3], lib->p[0], lib->p[5], lib->p[1] }, 4,
                                                 &error));
  g_assert_true (proc_store_add_to_reading_list (lib->store, lib->week2, (gint64[]) { lib->p[1], lib->p[4] }, 2,
                                                 &error));
  g_assert_no_error (error);
  /* Long ago, so that a list made again in the same second differs. */
  raw_exec (lib, "UPDATE reading_lists SET created_at = 4000000 + id");

  g_signal_connect (lib->store, "changed", G_CALLBACK (changed_cb), lib);
}

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_autofree char *wal = g_strconcat (lib->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (lib->path, "-shm", NULL);

  g_signal_handlers_disconnect_by_data (lib->store, lib);
  g_clear_object (&lib->store);
  sqlite3_close (lib->raw);
  g_unlink (lib->path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

static void
assert_shown (Library    *lib,
              const char *filter,
              const char *expected)
{
  g_autofree char *letters = shown (lib, filter, NULL, PROC_SORT_ADDED, FALSE);

  g_assert_cmpstr (letters, ==, expected);
}

static void
apply (Library  *lib,
       ProcUndo *undo)
{
  g_autoptr(GError) error = NULL;

  lib->n_changed = 0;
  g_assert_true (proc_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lib->n_changed, ==, 1);
  g_assert_cmpuint (lib->last_change, ==, PROC_STORE_CHANGE_READING_LISTS);
}

/* The list's order, not the sort key; relevance still ranks typed words. */
static void
test_order (Library       *lib,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *week1 = "reading-list:\"Week 1\"";
  const ProcSortKey keys[] = { PROC_SORT_ADDED, PROC_SORT_TITLE, PROC_SORT_RATING, PROC_SORT_RELEVANCE };
  g_autofree char *ranked = NULL;
  g_autofree char *ranked_alone = NULL;
  g_autofree char *name = NULL;

  g_assert_true (proc_store_set_rating (lib->store, &lib->p[5], 1, 5, &error));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    for (int descending = 0; descending < 2; descending++)
      {
        g_autofree char *letters = shown (lib, week1, NULL, keys[i], descending);

        g_test_message ("sort %d, descending %d: %s", keys[i], descending, letters);
        g_assert_cmpstr (letters, ==, "DAFB");
      }

  /* The name is compared as the query language does, case aside. */
  assert_shown (lib, "reading-list:\"week 1\"", "DAFB");
  assert_shown (lib, "reading-list:\"Week 2\"", "BE");

  /* A search that only filters keeps the list's order. */
  {
    g_autofree char *letters = shown (lib, week1, "-is:starred studies", PROC_SORT_TITLE, FALSE);
    g_assert_cmpstr (letters, ==, "DAFB");
  }
  /* Ranked by relevance to typed words, as in any other view. */
  ranked = shown (lib, week1, "wombats", PROC_SORT_RELEVANCE, FALSE);
  ranked_alone = shown (lib, NULL, "wombats reading-list:\"Week 1\"", PROC_SORT_RELEVANCE, FALSE);
  g_assert_cmpstr (ranked, ==, ranked_alone);
  g_assert_cmpstr (ranked, ==, "BD");
  g_assert_null (proc_store_dup_ordering_reading_list (week1, "wombats", PROC_SORT_RELEVANCE));
  name = proc_store_dup_ordering_reading_list (week1, "wombats", PROC_SORT_TITLE);
  g_assert_cmpstr (name, ==, "Week 1");

  /* Only a filter that is exactly one list orders by it. */
  g_assert_null (proc_store_dup_ordering_reading_list ("reading-list:\"Week 1\" is:starred", NULL, PROC_SORT_ADDED));
  g_assert_null (proc_store_dup_ordering_reading_list ("-reading-list:\"Week 1\"", NULL, PROC_SORT_ADDED));
  g_assert_null (proc_store_dup_ordering_reading_list ("", "reading-list:\"Week 1\"", PROC_SORT_ADDED));
  {
    g_autofree char *letters = shown (lib, "reading-list:\"Week 1\" is:unread", NULL, PROC_SORT_TITLE, FALSE);
    g_assert_cmpstr (letters, ==, "ABDF");
  }

  /* Adding appends, in the order given; a paper already there stays. */
  g_assert_true (proc_store_add_to_reading_list (lib->store, lib->week1,
                                                 (gint64[]) { lib->p[7], lib->p[0], lib->p[2], 999 }, 4, &error));
  g_assert_no_error (error);
  assert_shown (lib, week1, "DAFBHC");
  {
    g_autofree char *positions = items (lib, lib->week1);
    g_assert_cmpstr (positions, ==, "4:0 1:1 6:2 2:3 8:4 3:5");
  }

  /* Papers deleted leave the list in order. */
  g_assert_true (proc_store_delete_papers (lib->store, &lib->p[5], 1, &error));
  assert_shown (lib, week1, "DABHC");
}

/* One move, checked in the database, then undone. */
static void
check_move (Library      *lib,
            const gint64 *ids,
            guint         n_ids,
            gint64        before,
            const char   *expected,
            const char   *label)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *original = dump (lib);
  g_autofree char *positions = NULL;
  g_autofree char *restored = NULL;

  lib->n_changed = 0;
  undo = proc_store_move_in_reading_list_undoable (lib->store, lib->week1, ids, n_ids, before, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  g_assert_cmpuint (lib->n_changed, ==, 1);
  g_assert_cmpuint (lib->last_change, ==, PROC_STORE_CHANGE_READING_LISTS);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, label);
  assert_shown (lib, "reading-list:\"Week 1\"", expected);

  /* Renumbered from 0, whatever the positions were. */
  positions = raw_rows (lib, "SELECT group_concat(position, ',') FROM (SELECT position FROM reading_list_items"
                             " WHERE reading_list_id = 1 ORDER BY position)");
  g_assert_cmpstr (positions, ==, "0,1,2,3,4,5");
  /* The other list is not touched. */
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM reading_list_items WHERE reading_list_id = 2"), ==, 2);

  apply (lib, undo);
  restored = dump (lib);
  g_assert_cmpstr (restored, ==, original);
}

static void
test_move (Library       *lib,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const gint64 *p = lib->p;

  /* D A F B H C, with gaps in the positions: 0 1 2 3 10 11. */
  g_assert_true (proc_store_add_to_reading_list (lib->store, lib->week1, (gint64[]) { p[7], p[2] }, 2, &error));
  raw_exec (lib, "UPDATE reading_list_items SET position = position + 6 WHERE reading_list_id = 1 AND position >= 4");
  assert_shown (lib, "reading-list:\"Week 1\"", "DAFBHC");

  check_move (lib, &p[1], 1, p[3], "BDAFHC", "Moved 1 paper in “Week 1”");          /* to the front */
  check_move (lib, &p[3], 1, p[1], "AFDBHC", "Moved 1 paper in “Week 1”");          /* down, to the middle */
  check_move (lib, &p[0], 1, 0, "DFBHCA", "Moved 1 paper in “Week 1”");             /* to the end */
  check_move (lib, &p[2], 1, p[7], "DAFBCH", "Moved 1 paper in “Week 1”");          /* up by one */
  /* Several, in the order given, gathered before another. */
  check_move (lib, (gint64[]) { p[2], p[3], p[1] }, 3, p[5], "ACDBFH", "Moved 3 papers in “Week 1”");
  check_move (lib, (gint64[]) { p[0], p[7] }, 2, 0, "DFBCAH", "Moved 2 papers in “Week 1”");
  /* Before one of themselves: they stay where that one is, as a block. */
  check_move (lib, (gint64[]) { p[3], p[1] }, 2, p[3], "DBAFHC", "Moved 2 papers in “Week 1”");
  check_move (lib, &p[3], 1, p[3], "DAFBHC", "Moved 1 paper in “Week 1”");
  /* A paper that is not in the list, or twice, counts once or not at all. */
  check_move (lib, (gint64[]) { p[4], p[7], p[7], 999 }, 4, p[0], "DHAFBC", "Moved 1 paper in “Week 1”");

  /* Before a paper that is not in the list: refused, nothing written. */
  before = dump (lib);
  lib->n_changed = 0;
  g_assert_null (proc_store_move_in_reading_list_undoable (lib->store, lib->week1, &p[0], 1, p[4], &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (proc_store_move_in_reading_list (lib->store, lib->week1, &p[0], 1, p[4], &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (proc_store_move_in_reading_list (lib->store, 77, &p[0], 1, 0, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (lib->n_changed, ==, 0);

  /* The plain edit does the same. */
  g_assert_true (proc_store_move_in_reading_list (lib->store, lib->week1, &p[2], 1, p[3], &error));
  g_assert_no_error (error);
  assert_shown (lib, "reading-list:\"Week 1\"", "CDAFBH");
}

/* A move that fails half-way, and its undo failing, change nothing. */
static void
test_move_one_transaction (Library       *lib,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *moved = NULL;
  g_autofree char *after = NULL;

  /* D A F B → B D A F writes four positions; the third write fails. */
  raw_exec (lib, "CREATE TABLE writes (n INTEGER)");
  raw_exec (lib, "INSERT INTO writes VALUES (0)");
  raw_exec (lib, "CREATE TRIGGER inject AFTER UPDATE OF position ON reading_list_items BEGIN"
                 " UPDATE writes SET n = n + 1;"
                 " SELECT RAISE(ABORT, 'injected fault') WHERE (SELECT n FROM writes) = 3; END;");
  g_assert_null (proc_store_move_in_reading_list_undoable (lib->store, lib->week1, &lib->p[1], 1, lib->p[3], &error));
  g_assert_nonnull (strstr (error->message, "injected fault"));
  g_clear_error (&error);
  raw_exec (lib, "DROP TRIGGER inject");
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  undo = proc_store_move_in_reading_list_undoable (lib->store, lib->week1, &lib->p[1], 1, lib->p[3], &error);
  g_assert_no_error (error);
  moved = dump (lib);
  raw_exec (lib, "CREATE TRIGGER inject AFTER UPDATE OF position ON reading_list_items WHEN new.paper_id = 1 BEGIN"
                 " SELECT RAISE(ABORT, 'injected fault'); END;");
  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_nonnull (strstr (error->message, "injected fault"));
  g_clear_error (&error);
  raw_exec (lib, "DROP TRIGGER inject");
  after = dump (lib);
  g_assert_cmpstr (after, ==, moved);

  apply (lib, undo);
  g_clear_pointer (&after, g_free);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
}

static void
test_remove (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;
  g_autofree char *positions = NULL;

  undo = proc_store_remove_from_reading_list_undoable (lib->store, lib->week1,
                                                       (gint64[]) { lib->p[0], lib->p[5], lib->p[4] }, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Removed 2 papers from “Week 1”");
  assert_shown (lib, "reading-list:\"Week 1\"", "DB");
  /* The others keep their positions; the other list keeps its papers. */
  positions = items (lib, lib->week1);
  g_assert_cmpstr (positions, ==, "4:0 2:3");
  assert_shown (lib, "reading-list:\"Week 2\"", "BE");

  apply (lib, undo);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  assert_shown (lib, "reading-list:\"Week 1\"", "DAFB");
}

/* Undone after the library changed: a deleted paper is left out, one added
 * again goes back to where it was. */
static void
test_remove_changed_since (Library       *lib,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcUndo) again = NULL;

  undo = proc_store_remove_from_reading_list_undoable (lib->store, lib->week1,
                                                       (gint64[]) { lib->p[0], lib->p[5] }, 2, &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_delete_papers (lib->store, &lib->p[5], 1, &error));
  g_assert_true (proc_store_add_to_reading_list (lib->store, lib->week1, &lib->p[0], 1, &error));
  assert_shown (lib, "reading-list:\"Week 1\"", "DBA");

  apply (lib, undo);
  assert_shown (lib, "reading-list:\"Week 1\"", "DAB");

  /* A list deleted since: nothing to put back, and no error. */
  again = proc_store_remove_from_reading_list_undoable (lib->store, lib->week2, &lib->p[1], 1, &error);
  g_assert_true (proc_store_delete_reading_list (lib->store, lib->week2, &error));
  g_assert_no_error (error);
  apply (lib, again);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM reading_list_items WHERE reading_list_id = 2"), ==, 0);
}

static void
test_rename (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcUndo) second = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;
  g_autofree char *name = NULL;

  undo = proc_store_rename_reading_list_undoable (lib->store, lib->week1, "  Before the deadline ", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Renamed reading list “Week 1” to “Before the deadline”");
  name = raw_rows (lib, "SELECT name FROM reading_lists WHERE id = 1");
  g_assert_cmpstr (name, ==, "Before the deadline");
  assert_shown (lib, "reading-list:\"Before the deadline\"", "DAFB");
  assert_shown (lib, "reading-list:\"Week 1\"", "");
  g_assert_cmpint (proc_store_lookup_reading_list (lib->store, "before THE deadline"), ==, lib->week1);

  apply (lib, undo);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);

  /* Refused, with nothing written: another list's name (case aside), an
   * empty name, a quote the query language cannot carry, a list gone. */
  lib->n_changed = 0;
  g_assert_null (proc_store_rename_reading_list_undoable (lib->store, lib->week1, "week 2", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "There is already a reading list “Week 2”");
  g_clear_error (&error);
  g_assert_false (proc_store_rename_reading_list (lib->store, lib->week1, "Week 2", &error));
  g_assert_cmpstr (error->message, ==, "There is already a reading list “Week 2”");
  g_clear_error (&error);
  g_assert_false (proc_store_rename_reading_list (lib->store, lib->week1, "  ", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (proc_store_rename_reading_list (lib->store, lib->week1, "The \"best\" ones", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (proc_store_rename_reading_list_undoable (lib->store, 77, "Elsewhere", &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (lib->n_changed, ==, 0);

  /* Its own name in another case is a rename. */
  g_assert_true (proc_store_rename_reading_list (lib->store, lib->week1, "WEEK 1", &error));
  g_assert_no_error (error);
  g_assert_cmpint (proc_store_lookup_reading_list (lib->store, "WEEK 1"), ==, lib->week1);

  /* Undo is refused when the list was renamed again since, or another
   * list took the old name; then nothing changes. */
  g_clear_pointer (&undo, proc_undo_unref);
  undo = proc_store_rename_reading_list_undoable (lib->store, lib->week1, "Soon", &error);
  g_assert_true (proc_store_rename_reading_list (lib->store, lib->week1, "Later", &error));
  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT);
  g_assert_cmpstr (error->message, ==, "Could not undo: the reading list “Soon” was renamed since");
  g_clear_error (&error);

  second = proc_store_rename_reading_list_undoable (lib->store, lib->week2, "Week two", &error);
  g_assert_cmpint (proc_store_create_reading_list (lib->store, "week 2", &error), >, 0);
  g_assert_false (proc_undo_apply (second, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT);
  g_assert_cmpstr (error->message, ==, "Could not undo: another reading list is now called “Week 2”");
  g_clear_error (&error);
  g_clear_pointer (&name, g_free);
  name = raw_rows (lib, "SELECT name FROM reading_lists ORDER BY id");
  g_assert_cmpstr (name, ==, "Later Week two week 2");
}

static void
test_delete (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  /* Gaps in the positions come back as they were. */
  raw_exec (lib, "UPDATE reading_list_items SET position = position * 3 WHERE reading_list_id = 1");
  before = dump (lib);

  undo = proc_store_delete_reading_list_undoable (lib->store, lib->week1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Deleted reading list “Week 1”");
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM reading_lists"), ==, 1);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM reading_list_items WHERE reading_list_id = 1"), ==, 0);
  g_assert_cmpint (raw_int (lib, "SELECT count(*) FROM papers"), ==, N_PAPERS);
  assert_shown (lib, "reading-list:\"Week 1\"", "");

  apply (lib, undo);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
  assert_shown (lib, "reading-list:\"Week 1\"", "DAFB");

  g_assert_false (proc_undo_apply (undo, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (proc_store_delete_reading_list_undoable (lib->store, 77, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
}

/* A new list took the freed id: the old one comes back under another id;
 * a new list took the name: the undo is refused. */
static void
test_delete_changed_since (Library       *lib,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcUndo) second = NULL;
  g_autofree char *lists = NULL;
  gint64 other, restored;

  undo = proc_store_delete_reading_list_undoable (lib->store, lib->week2, &error);
  g_assert_no_error (error);
  other = proc_store_create_reading_list (lib->store, "Week 3", &error);
  g_assert_cmpint (other, ==, lib->week2);
  g_assert_true (proc_store_add_to_reading_list (lib->store, other, &lib->p[6], 1, &error));
  g_assert_true (proc_store_delete_papers (lib->store, &lib->p[4], 1, &error));

  apply (lib, undo);
  restored = proc_store_lookup_reading_list (lib->store, "Week 2");
  g_assert_cmpint (restored, !=, other);
  lists = raw_rows (lib, "SELECT name FROM reading_lists ORDER BY id");
  g_assert_cmpstr (lists, ==, "Week 1 Week 3 Week 2");
  g_assert_cmpint (raw_int (lib, "SELECT created_at FROM reading_lists WHERE name = 'Week 2'"), ==, 4000002);
  /* Its papers, but the one deleted since; the new list keeps its own. */
  assert_shown (lib, "reading-list:\"Week 2\"", "B");
  assert_shown (lib, "reading-list:\"Week 3\"", "G");

  second = proc_store_delete_reading_list_undoable (lib->store, lib->week1, &error);
  g_assert_cmpint (proc_store_create_reading_list (lib->store, "WEEK 1", &error), >, 0);
  g_assert_false (proc_undo_apply (second, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT);
  g_assert_cmpstr (error->message, ==, "Could not undo: another reading list is now called “Week 1”");
  assert_shown (lib, "reading-list:\"Week 1\"", "");
}

static void
test_create (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcUndo) empty = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;
  g_autofree char *positions = NULL;
  gint64 id = -1;

  /* The papers in the order given; twice or not in the library: once or not. */
  undo = proc_store_create_reading_list_undoable (lib->store, " For Friday ",
                                                  (gint64[]) { lib->p[6], lib->p[2], lib->p[6], 999, lib->p[0] }, 5,
                                                  &id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, ==, 3);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Created reading list “For Friday” with 3 papers");
  positions = items (lib, id);
  g_assert_cmpstr (positions, ==, "7:0 3:1 1:2");
  assert_shown (lib, "reading-list:\"For Friday\"", "GCA");

  apply (lib, undo);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);

  /* An empty one; papers added to it since keep it when it is undone. */
  empty = proc_store_create_reading_list_undoable (lib->store, "Someday", NULL, 0, &id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (empty), ==, "Created reading list “Someday”");
  g_assert_true (proc_store_add_to_reading_list (lib->store, id, &lib->p[7], 1, &error));
  apply (lib, empty);
  assert_shown (lib, "reading-list:Someday", "H");

  /* Refused, nothing written: a name taken (case aside), or empty. */
  g_clear_pointer (&before, g_free);
  before = dump (lib);
  g_assert_null (proc_store_create_reading_list_undoable (lib->store, "SOMEDAY", &lib->p[0], 1, &id, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "There is already a reading list “Someday”");
  g_assert_cmpint (id, ==, 0);
  g_clear_error (&error);
  g_assert_cmpint (proc_store_create_reading_list (lib->store, "week 1", &error), ==, 0);
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (proc_store_create_reading_list (lib->store, "", &error), ==, 0);
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
}

static void
test_add (Library       *lib,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;

  undo = proc_store_add_to_reading_list_undoable (lib->store, lib->week1,
                                                  (gint64[]) { lib->p[7], lib->p[0], lib->p[2] }, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (proc_undo_get_label (undo), ==, "Added 2 papers to “Week 1”");
  assert_shown (lib, "reading-list:\"Week 1\"", "DAFBHC");

  /* Only the papers it added go. */
  apply (lib, undo);
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);

  g_assert_null (proc_store_add_to_reading_list_undoable (lib->store, 77, &lib->p[0], 1, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (proc_store_add_to_reading_list (lib->store, 77, &lib->p[0], 1, &error));
  g_assert_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND);
}

/* Undone in the reverse order of the edits, the library is as it was. */
static void
test_undo_in_order (Library       *lib,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) undos = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_undo_unref);
  g_autofree char *before = dump (lib);
  g_autofree char *after = NULL;
  gint64 id;

  g_ptr_array_add (undos, proc_store_create_reading_list_undoable (lib->store, "Now", lib->p, 3, &id, &error));
  g_ptr_array_add (undos, proc_store_move_in_reading_list_undoable (lib->store, id, &lib->p[2], 1, lib->p[0], &error));
  g_ptr_array_add (undos, proc_store_add_to_reading_list_undoable (lib->store, id, &lib->p[5], 1, &error));
  g_ptr_array_add (undos, proc_store_remove_from_reading_list_undoable (lib->store, id, &lib->p[0], 1, &error));
  g_ptr_array_add (undos, proc_store_rename_reading_list_undoable (lib->store, id, "Then", &error));
  g_ptr_array_add (undos, proc_store_delete_reading_list_undoable (lib->store, lib->week1, &error));
  g_ptr_array_add (undos, proc_store_delete_reading_list_undoable (lib->store, id, &error));
  g_assert_no_error (error);
  assert_shown (lib, "reading-list:Then", "");

  for (guint i = undos->len; i > 0; i--)
    {
      if (i == 6)
        assert_shown (lib, "reading-list:Then", "CBF");
      apply (lib, g_ptr_array_index (undos, i - 1));
    }
  after = dump (lib);
  g_assert_cmpstr (after, ==, before);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, func) g_test_add (path, Library, NULL, library_set_up, func, library_tear_down)
  ADD ("/reading-lists/order", test_order);
  ADD ("/reading-lists/move", test_move);
  ADD ("/reading-lists/move/one-transaction", test_move_one_transaction);
  ADD ("/reading-lists/remove", test_remove);
  ADD ("/reading-lists/remove/changed-since", test_remove_changed_since);
  ADD ("/reading-lists/rename", test_rename);
  ADD ("/reading-lists/delete", test_delete);
  ADD ("/reading-lists/delete/changed-since", test_delete_changed_since);
  ADD ("/reading-lists/create", test_create);
  ADD ("/reading-lists/add", test_add);
  ADD ("/reading-lists/undo-in-order", test_undo_in_order);
#undef ADD

  return g_test_run ();
}
