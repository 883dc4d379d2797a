/* test-crash-safety.c: SIGKILL at random points while importing, bulk tagging and autosaving
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One library lives through every round.  Each round starts crash-worker
 * on it (the real store, opened the app's way) in one mode, kills it with
 * SIGKILL after a random delay, and then opens the library with a plain
 * SQLite connection and with proc_store_open() to check that it is intact
 * (integrity_check, foreign_key_check, the FTS5 indexes against their
 * tables), that every edit the worker reported as saved is there, and that
 * the edit it was killed in is there whole or not at all.
 *
 *   PROCEEDINGS_CRASH_KILLS=N   rounds (12 by default, 200 with --reliability)
 *   PROCEEDINGS_CRASH_SEED=S    replays a run; each run prints its seed
 *   PROCEEDINGS_RELIABILITY_TESTS=1  runs the --reliability variant, which
 *                                     otherwise reports a skip (77)
 */

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "crash-common.h"
#include "proc-importer.h"
#include "proc-paper.h"
#include "proc-schema.h"
#include "proc-store-private.h"

typedef enum
{
  MODE_IMPORT,
  MODE_DELETE,
  MODE_TAG,
  MODE_NOTE,
  N_MODES
} Mode;

static const char * const mode_names[N_MODES] = { "import", "delete", "tag", "note" };

/* Where the worker was when the kill landed, from the last line it wrote. */
typedef enum
{
  PHASE_OPEN,          /* opening the library, recovering the WAL */
  PHASE_BETWEEN,       /* no edit under way */
  PHASE_BODY,          /* inside an edit, before its COMMIT */
  PHASE_COMMIT,        /* inside the COMMIT */
  PHASE_COMMITTED,     /* the commit is in the WAL, the call has not returned */
  PHASE_CHECKPOINT,    /* inside the automatic checkpoint after a commit */
  N_PHASES
} Phase;

static const char * const phase_names[N_PHASES] = {
  "while opening", "between edits", "inside a transaction", "inside a commit",
  "after the commit, before the call returned", "inside a checkpoint",
};

/* What the library must hold for one tag. */
typedef struct
{
  guint round;
  guint j;
  gboolean exists;
  guint count;
} TagState;

/* An imported list: absent (never committed), full, or emptied by a delete. */
typedef enum
{
  LIST_ABSENT,
  LIST_FULL,
  LIST_EMPTIED,
} ListState;

typedef struct
{
  char *dir;
  char *path;
  char *worker;
  GRand *rand;
  guint seed;
  guint kills;
  guint seed_papers;
  guint import_papers;

  gint64 note_ids[CRASH_NOTE_PAPERS];
  guint64 note_version[CRASH_NOTE_PAPERS];  /* 0: never written */
  GHashTable *tags;        /* name → TagState */
  GHashTable *lists;       /* name → ListState, imported lists only */
  GQueue full_lists;       /* names of full imported lists, oldest first */

  /* What each kind of step takes here, in ms, to aim the kills. */
  double estimate_ms[N_MODES];
  double commit_us[N_MODES];
  double ready_ms;

  /* The figures. */
  guint kills_by_mode[N_MODES];
  guint kills_by_phase[N_MODES][N_PHASES];
  guint inflight_applied[N_MODES];
  guint inflight_absent[N_MODES];
  guint saved_verified[N_MODES];
  guint checks;
  double check_seconds;
  guint aimed_at_commit;
  guint recovered_by_app;
  guint wal_kept;
} Harness;

/* What the worker was doing when it died, from its output. */
typedef struct
{
  Phase phase;
  char **started;     /* the words of the unfinished "started" line, or NULL */
  gboolean committed; /* its commit reached the WAL */
  guint n_saved;      /* edits the worker finished before */
} Inflight;

static gint64
sql_int (sqlite3    *db,
         const char *sql,
         const char *text)
{
  sqlite3_stmt *stmt;
  gint64 value = -1;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  if (text != NULL)
    sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return value;
}

static char *
sql_text (sqlite3 *db,
          const char *sql,
          gint64      id)
{
  sqlite3_stmt *stmt;
  char *value = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_text (stmt, 0) != NULL)
    value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);

  return value;
}

/* Every row of @sql, one line each, to compare two queries. */
static char *
sql_dump (sqlite3    *db,
          const char *sql)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt;
  int rc;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        {
          const char *value = (const char *) sqlite3_column_text (stmt, i);

          g_string_append_printf (out, "%s%s", i > 0 ? " | " : "", value ? value : "NULL");
        }
      g_string_append_c (out, '\n');
    }
  g_assert_cmpint (rc, ==, SQLITE_DONE);
  sqlite3_finalize (stmt);

  return g_string_free (out, FALSE);
}

static void
sql_exec (sqlite3    *db,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%.60s…: %s", sql, message);
}

/* The library as a whole: SQLite's checks and the three search indexes
 * against the tables they index. */
static void
check_consistent (sqlite3 *db)
{
  g_autofree char *integrity = sql_dump (db, "PRAGMA integrity_check");
  g_autofree char *foreign = sql_dump (db, "PRAGMA foreign_key_check");
  g_autofree char *notes = NULL;
  g_autofree char *notes_expected = NULL;
  g_autofree char *cjk = NULL;
  g_autofree char *cjk_expected = NULL;

  g_assert_cmpstr (integrity, ==, "ok\n");
  g_assert_cmpstr (foreign, ==, "");

  sql_exec (db, "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)");
  sql_exec (db, "INSERT INTO notes_fts(notes_fts) VALUES ('integrity-check')");
  sql_exec (db, "INSERT INTO tags_fts(tags_fts, rank) VALUES ('integrity-check', 1)");
  sql_exec (db, "INSERT INTO cjk_fts(cjk_fts, rank) VALUES ('integrity-check', 1)");

  /* notes_fts and cjk_text are kept by triggers; compare them with what
   * the triggers would build from the tables now. */
  notes = sql_dump (db, "SELECT rowid, note FROM notes_fts ORDER BY rowid");
  notes_expected = sql_dump (db, "SELECT id, note FROM papers WHERE note <> '' ORDER BY id");
  g_assert_true (g_str_equal (notes, notes_expected));
  cjk = sql_dump (db, "SELECT * FROM cjk_text ORDER BY id");
  cjk_expected = sql_dump (db, "SELECT * FROM cjk_text_source ORDER BY id");
  g_assert_true (g_str_equal (cjk, cjk_expected));
}

static guint
note_index (Harness *h,
            gint64   id)
{
  for (guint i = 0; i < CRASH_NOTE_PAPERS; i++)
    if (h->note_ids[i] == id)
      return i;

  g_error ("Paper %" G_GINT64_FORMAT " is not one the notes go to", id);
}

static char *
expected_note (Harness *h,
               guint    i)
{
  if (h->note_version[i] == 0)
    return g_strdup ("");

  return crash_note_text (h->note_ids[i], h->note_version[i]);
}

static TagState *
tag_state (Harness    *h,
           const char *name)
{
  TagState *state = g_hash_table_lookup (h->tags, name);

  if (state == NULL)
    {
      guint round, j;

      g_assert_cmpint (sscanf (name, "crash-%u-%u", &round, &j), ==, 2);
      state = g_new0 (TagState, 1);
      state->round = round;
      state->j = j;
      g_hash_table_insert (h->tags, g_strdup (name), state);
    }

  return state;
}

/* The ledger takes in an edit that is in the library: reported as saved,
 * or found there after the kill.  @started: the words after "started". */
static void
apply_edit (Harness     *h,
            guint        round,
            char       **started)
{
  const char *op = started[0];

  if (g_str_equal (op, "tag"))
    {
      TagState *state = tag_state (h, started[1]);

      state->exists = TRUE;
      state->count = atoi (started[2]);
    }
  else if (g_str_equal (op, "untag"))
    {
      TagState *state = tag_state (h, started[1]);

      /* Undoing the tagging deletes the tag it created. */
      state->exists = !g_str_equal (started[2], "undo");
      state->count = 0;
    }
  else if (g_str_equal (op, "note"))
    h->note_version[note_index (h, g_ascii_strtoll (started[1], NULL, 10))] = g_ascii_strtoull (started[2], NULL, 10);
  else if (g_str_equal (op, "import"))
    {
      char *name = crash_import_list_name (round);

      g_hash_table_insert (h->lists, name, GINT_TO_POINTER (LIST_FULL));
      g_queue_push_tail (&h->full_lists, g_strdup (name));
    }
  else if (g_str_equal (op, "delete"))
    {
      g_autofree char *name = g_queue_pop_head (&h->full_lists);

      g_assert_cmpint (atoi (started[1]), ==, h->import_papers);
      g_hash_table_insert (h->lists, g_strdup (name), GINT_TO_POINTER (LIST_EMPTIED));
    }
  else
    g_error ("Unknown edit %s", op);
}

static Mode
mode_of (const char *op)
{
  if (g_str_equal (op, "tag") || g_str_equal (op, "untag"))
    return MODE_TAG;
  if (g_str_equal (op, "note"))
    return MODE_NOTE;
  if (g_str_equal (op, "import"))
    return MODE_IMPORT;
  return MODE_DELETE;
}

static void
learn_duration (Harness    *h,
                const char *op,
                const char *ms)
{
  Mode mode = mode_of (op);
  double value;

  g_assert_true (g_str_has_prefix (ms, "ms="));
  value = MAX (1.0, g_ascii_strtod (ms + 3, NULL));
  /* An average that follows the machine's load. */
  h->estimate_ms[mode] = 0.7 * h->estimate_ms[mode] + 0.3 * value;
}

/* Reads the worker's output: each saved edit goes into the ledger, and
 * the returned Inflight says where it was when killed. */
static Inflight
parse_output (Harness    *h,
              guint       round,
              const char *output)
{
  g_auto(GStrv) lines = g_strsplit (output, "\n", -1);
  Inflight inflight = { PHASE_OPEN, NULL, FALSE, 0 };
  gint64 commit_t = -1;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (*line == '\0')
        continue;

      if (g_str_equal (line, "ready") || g_str_equal (line, "idle"))
        inflight.phase = PHASE_BETWEEN;
      else if (g_str_has_prefix (line, "started "))
        {
          g_assert_null (inflight.started);
          inflight.started = g_strsplit (line + strlen ("started "), " ", -1);
          inflight.phase = PHASE_BODY;
          inflight.committed = FALSE;
        }
      else if (g_str_has_prefix (line, "commit t="))
        {
          inflight.phase = PHASE_COMMIT;
          commit_t = g_ascii_strtoll (line + strlen ("commit t="), NULL, 10);
        }
      else if (g_str_has_prefix (line, "committed "))
        {
          const char *t = strstr (line, " t=");

          inflight.phase = PHASE_COMMITTED;
          inflight.committed = TRUE;
          /* How long a COMMIT takes, to aim kills inside one. */
          if (t != NULL && commit_t >= 0 && inflight.started != NULL)
            {
              Mode mode = mode_of (inflight.started[0]);
              double us = MAX (1, g_ascii_strtoll (t + 3, NULL, 10) - commit_t);

              h->commit_us[mode] = 0.7 * h->commit_us[mode] + 0.3 * us;
            }
          commit_t = -1;
        }
      else if (g_str_equal (line, "checkpoint"))
        inflight.phase = PHASE_CHECKPOINT;
      else if (g_str_equal (line, "checkpointed"))
        inflight.phase = PHASE_COMMITTED;
      else if (g_str_has_prefix (line, "saved "))
        {
          g_auto(GStrv) words = g_strsplit (line + strlen ("saved "), " ", -1);
          guint n_words = g_strv_length (words);

          g_assert_nonnull (inflight.started);
          g_assert_cmpstr (words[0], ==, inflight.started[0]);
          if (g_str_equal (words[0], "import"))
            g_assert_cmpint (atoi (words[1]), ==, h->import_papers);
          learn_duration (h, words[0], words[n_words - 1]);
          apply_edit (h, round, inflight.started);
          h->saved_verified[mode_of (words[0])]++;
          inflight.n_saved++;
          g_clear_pointer (&inflight.started, g_strfreev);
          inflight.phase = PHASE_BETWEEN;
          inflight.committed = FALSE;
        }
      else
        g_error ("Unexpected line from the worker: %s", line);
    }

  return inflight;
}

static ListState
list_state_in (Harness    *h,
               sqlite3    *db,
               const char *name)
{
  gint64 listed = sql_int (db, "SELECT (SELECT count(*) FROM list_papers WHERE list_id = l.id)"
                               " FROM lists l WHERE l.name = ?", name);
  gint64 papers = sql_int (db, "SELECT (SELECT count(*) FROM papers WHERE list_id = l.id)"
                               " FROM lists l WHERE l.name = ?", name);

  if (listed < 0)
    return LIST_ABSENT;

  /* Never part of an import, or part of a delete. */
  if (listed != papers || (listed != 0 && listed != h->import_papers))
    g_error ("The list “%s” is half imported or half deleted: %" G_GINT64_FORMAT " papers listed, "
             "%" G_GINT64_FORMAT " papers from it, of %u", name, listed, papers, h->import_papers);
  if (listed == 0)
    return LIST_EMPTIED;
  return LIST_FULL;
}

/* Whether the edit the worker was killed in is in the library: all of
 * it or none of it, never a part, and surely all once committed. */
static void
resolve_inflight (Harness  *h,
                  sqlite3  *db,
                  guint     round,
                  Inflight *inflight)
{
  char **started = inflight->started;
  const char *op;
  gboolean applied;
  Mode mode;

  if (started == NULL)
    return;

  op = started[0];
  mode = mode_of (op);
  if (g_str_equal (op, "tag") || g_str_equal (op, "untag"))
    {
      TagState *state = tag_state (h, started[1]);
      gint64 exists = sql_int (db, "SELECT count(*) FROM tags WHERE name = ?", started[1]);
      gint64 count = sql_int (db, "SELECT count(*) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                                  " WHERE t.name = ?", started[1]);

      if (g_str_equal (op, "tag"))
        {
          /* A new tag: no row and no papers, or a row and all of them. */
          guint n = atoi (started[2]);

          g_assert_false (state->exists);
          applied = exists == 1;
          if (count != (applied ? n : 0))
            g_error ("Round %u: tagging %u papers with “%s” is half done: %" G_GINT64_FORMAT " have it",
                     round, n, started[1], count);
        }
      else
        {
          gboolean undo = g_str_equal (started[2], "undo");

          g_assert_true (state->exists);
          applied = count == 0;
          if (!applied && count != state->count)
            g_error ("Round %u: taking “%s” off %u papers is half done: %" G_GINT64_FORMAT " still have it",
                     round, started[1], state->count, count);
          if (exists != (applied && undo ? 0 : 1))
            g_error ("Round %u: the tag “%s” is %s", round, started[1], exists ? "still there" : "gone");
        }
    }
  else if (g_str_equal (op, "note"))
    {
      gint64 id = g_ascii_strtoll (started[1], NULL, 10);
      guint i = note_index (h, id);
      g_autofree char *note = sql_text (db, "SELECT note FROM papers WHERE id = ?", id);
      g_autofree char *before = expected_note (h, i);
      g_autofree char *after = crash_note_text (id, g_ascii_strtoull (started[2], NULL, 10));

      /* The last saved text or the one being saved, never a mix. */
      g_assert_nonnull (note);
      applied = g_str_equal (note, after);
      if (!applied && !g_str_equal (note, before))
        g_error ("Round %u: the note of paper %" G_GINT64_FORMAT " is neither the saved text nor the one "
                 "being saved:\n%s", round, id, note);
    }
  else if (g_str_equal (op, "import"))
    {
      g_autofree char *name = crash_import_list_name (round);
      g_autofree char *pattern = g_strdup_printf ("%% (Crash import %u, paper %%", round);
      ListState state = list_state_in (h, db, name);
      gint64 found;

      g_assert_true (state == LIST_ABSENT || state == LIST_FULL);
      applied = state == LIST_FULL;
      found = sql_int (db, "SELECT count(*) FROM papers WHERE abstract LIKE ?", pattern);
      if (found != (applied ? h->import_papers : 0))
        g_error ("Round %u: the import is half done: %" G_GINT64_FORMAT " of its %u papers are there",
                 round, found, h->import_papers);
    }
  else
    {
      ListState state = list_state_in (h, db, g_queue_peek_head (&h->full_lists));

      g_assert_true (state == LIST_FULL || state == LIST_EMPTIED);
      applied = state == LIST_EMPTIED;
    }

  if (inflight->committed && !applied)
    g_error ("Round %u: the %s edit reached the WAL but is not in the library", round, op);

  if (applied)
    {
      apply_edit (h, round, started);
      h->inflight_applied[mode]++;
    }
  else
    h->inflight_absent[mode]++;
}

/* Everything the ledger says the library holds, and nothing else. */
static void
check_ledger (Harness *h,
              sqlite3 *db)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key, value;
  sqlite3_stmt *stmt;
  guint n_full = 0;

  /* Tags: each one with exactly its papers. */
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT t.name, count(pt.paper_id) FROM tags t"
                                           " LEFT JOIN paper_tags pt ON pt.tag_id = t.id GROUP BY t.id",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 0);
      TagState *state = g_hash_table_lookup (h->tags, name);

      if (state == NULL || !state->exists)
        g_error ("The library has a tag “%s” that no saved edit made", name);
      g_assert_cmpint (sqlite3_column_int64 (stmt, 1), ==, state->count);
      g_hash_table_add (seen, g_strdup (name));
    }
  sqlite3_finalize (stmt);

  g_hash_table_iter_init (&iter, h->tags);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      TagState *state = value;
      CrashTagSet set;
      g_autofree char *sql = NULL;

      if (state->exists != g_hash_table_contains (seen, key))
        g_error ("The tag “%s” is %s", (char *) key, state->exists ? "lost" : "back");
      if (state->count == 0)
        continue;

      /* The very papers chosen, not just as many. */
      crash_tag_set (state->round, state->j, h->seed_papers, &set);
      g_assert_cmpint (set.n, ==, state->count);
      sql = g_strdup_printf ("SELECT count(*) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                             " WHERE t.name = ? AND pt.paper_id NOT IN ("
                             "  SELECT lp.paper_id FROM list_papers lp JOIN lists l ON l.id = lp.list_id"
                             "  WHERE l.name = '" CRASH_SEED_LIST "' AND lp.position %% %u = %u"
                             "  ORDER BY lp.position LIMIT %u)",
                             set.stride, set.offset, set.n);
      g_assert_cmpint (sql_int (db, sql, key), ==, 0);
    }

  /* Notes: the last saved version of each. */
  for (guint i = 0; i < CRASH_NOTE_PAPERS; i++)
    {
      g_autofree char *note = sql_text (db, "SELECT note FROM papers WHERE id = ?", h->note_ids[i]);
      g_autofree char *expected = expected_note (h, i);

      g_assert_cmpstr (note, ==, expected);
    }

  /* Lists: the seed, and each import whole, emptied, or never there. */
  g_assert_cmpint (sql_int (db, "SELECT count(*) FROM list_papers lp JOIN lists l ON l.id = lp.list_id"
                                " WHERE l.name = ?", CRASH_SEED_LIST), ==, h->seed_papers);
  g_assert_cmpint (sql_int (db, "SELECT count(*) FROM lists", NULL), ==, 1 + g_hash_table_size (h->lists));
  g_hash_table_iter_init (&iter, h->lists);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if ((int) list_state_in (h, db, key) != GPOINTER_TO_INT (value))
        g_error ("The list “%s” is not as saved", (char *) key);
      n_full += GPOINTER_TO_INT (value) == LIST_FULL;
    }
  g_assert_cmpuint (n_full, ==, h->full_lists.length);
  g_assert_cmpint (sql_int (db, "SELECT count(*) FROM papers", NULL), ==,
                   h->seed_papers + (gint64) n_full * h->import_papers);
}

/* What the app shows, through its own code path. */
static void
check_app (Harness   *h,
           ProcStore *store)
{
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < CRASH_NOTE_PAPERS; i++)
    {
      g_autoptr(ProcPaper) paper = proc_store_get_paper (store, h->note_ids[i]);
      g_autofree char *expected = expected_note (h, i);

      g_assert_nonnull (paper);
      g_assert_cmpstr (proc_paper_get_note (paper), ==, expected);
      if (h->note_version[i] != 0 && *expected != '\0')
        {
          /* The note's own word finds it in the search. */
          g_autofree char *word = g_strdup_printf ("crashnote%010" G_GUINT64_FORMAT, h->note_version[i]);

          g_assert_cmpuint (proc_store_count (store, word), ==, 1);
        }
    }

  g_hash_table_iter_init (&iter, h->tags);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      TagState *state = value;
      g_autofree char *query = g_strdup_printf ("tag:%s", (char *) key);

      if (state->exists)
        g_assert_cmpuint (proc_store_count (store, query), ==, state->count);
    }

  g_hash_table_iter_init (&iter, h->lists);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autofree char *query = g_strdup_printf ("list:\"%s\"", (char *) key);

      g_assert_cmpuint (proc_store_count (store, query), ==,
                        GPOINTER_TO_INT (value) == LIST_FULL ? h->import_papers : 0);
    }
}

static ProcStore *
open_store (Harness  *h,
            guint     round,
            Inflight *inflight)
{
  g_autoptr(GError) error = NULL;
  ProcStore *store = proc_store_open (h->path, &error);

  if (store == NULL)
    g_error ("Round %u: the app cannot open the library after a kill %s: %s",
             round, phase_names[inflight->phase], error->message);

  return store;
}

/* Opens the library after a kill, the app's way and SQLite's, in either
 * order (whichever comes first recovers the WAL), and checks it. */
static void
check_library (Harness  *h,
               guint     round,
               Inflight *inflight)
{
  g_autoptr(ProcStore) store = NULL;
  gboolean app_first = g_rand_boolean (h->rand);
  /* Half the rounds leave the WAL as it is for the next worker to recover. */
  gboolean keep_wal = g_rand_boolean (h->rand);
  sqlite3 *db = NULL;

  if (app_first)
    {
      store = open_store (h, round, inflight);
      h->recovered_by_app++;
    }

  if (sqlite3_open_v2 (h->path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
    g_error ("Round %u: SQLite cannot open the library after a kill %s: %s",
             round, phase_names[inflight->phase], sqlite3_errmsg (db));
  sqlite3_busy_timeout (db, 10000);
  if (keep_wal)
    sqlite3_db_config (db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
  /* What the cjk_text check compares with. */
  proc_schema_add_functions (db);
  sql_exec (db, proc_schema_get_connection_sql ());

  if (!app_first)
    store = open_store (h, round, inflight);
  if (keep_wal)
    {
      sqlite3_db_config (_proc_store_get_db (store), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
      h->wal_kept++;
    }

  check_consistent (db);
  resolve_inflight (h, db, round, inflight);
  check_ledger (h, db);
  check_app (h, store);
  h->checks++;

  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static void
worker_exited_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  gboolean *exited = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *exited = TRUE;
}

static char *
read_output (const char *path)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return g_strdup ("");

  return contents;
}

/* Fails the test with what the worker said when it ended on its own. */
static void
assert_still_running (gboolean    exited,
                      const char *out_path)
{
  if (exited)
    {
      g_autofree char *output = read_output (out_path);

      g_error ("The worker ended before it was killed; it wrote:\n%s", output);
    }
}

/* Starts the worker with its output going to @out_path; *@exited turns
 * TRUE when it has died (as the main context runs). */
static GSubprocess *
spawn_worker (Harness     *h,
              const char  *mode,
              guint        round,
              const char  *extra,
              const char  *kill_in_commit_us,
              const char  *out_path,
              gboolean    *exited)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autofree char *round_arg = g_strdup_printf ("%u", round);
  const char *argv[] = { h->worker, h->path, mode, round_arg, extra, NULL };
  const char *asan_options = g_getenv ("ASAN_OPTIONS");
  g_autoptr(GError) error = NULL;
  GSubprocess *worker;

  g_subprocess_launcher_set_stdout_file_path (launcher, out_path);
  if (kill_in_commit_us != NULL)
    g_subprocess_launcher_setenv (launcher, "PROCEEDINGS_CRASH_KILL_IN_COMMIT", kill_in_commit_us, TRUE);
  /* The worker never exits, so LeakSanitizer never runs in it and its
   * suppressions need no full stacks: malloc under AddressSanitizer is
   * several times faster with the fast unwinder. */
  if (asan_options != NULL && strstr (asan_options, "fast_unwind_on_malloc=0") != NULL)
    {
      g_autoptr(GString) options = g_string_new (asan_options);

      g_string_replace (options, "fast_unwind_on_malloc=0", "fast_unwind_on_malloc=1", 0);
      g_subprocess_launcher_setenv (launcher, "ASAN_OPTIONS", options->str, TRUE);
    }

  *exited = FALSE;
  worker = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_wait_async (worker, NULL, worker_exited_cb, exited);

  return worker;
}

/* Waits until the worker has written @line; a worker that dies first or
 * takes ten minutes fails the test. */
static void
wait_for_line (const gboolean *exited,
               const char     *out_path,
               const char     *line)
{
  gint64 start = g_get_monotonic_time ();

  for (;;)
    {
      g_autofree char *so_far = NULL;

      while (g_main_context_iteration (NULL, FALSE))
        ;
      so_far = read_output (out_path);
      if (strstr (so_far, line) != NULL)
        return;
      assert_still_running (*exited, out_path);
      if (g_get_monotonic_time () - start > 600 * G_USEC_PER_SEC)
        g_error ("The worker did not write “%s” in ten minutes; it wrote:\n%s", line, so_far);
      g_usleep (500);
    }
}

static void
kill_worker (GSubprocess    *worker,
             const gboolean *exited)
{
  g_subprocess_send_signal (worker, SIGKILL);
  while (!*exited)
    g_main_context_iteration (NULL, TRUE);
}

static Mode
choose_mode (Harness *h)
{
  switch (g_rand_int_range (h->rand, 0, 3))
    {
    case 0:
      /* With an imported list in the library, the import's turn deletes
       * it, so the library holds the seed and at most two imports. */
      return h->full_lists.length >= 1 ? MODE_DELETE : MODE_IMPORT;
    case 1:
      return MODE_TAG;
    default:
      return MODE_NOTE;
    }
}

/* How long after "ready" to kill: over the whole of an import or a
 * delete, half the time aimed at its end where the commit is; over a few
 * tag steps; over dozens of note saves. */
static double
choose_delay_ms (Harness *h,
                 Mode     mode)
{
  double estimate = h->estimate_ms[mode];

  switch (mode)
    {
    case MODE_IMPORT:
    case MODE_DELETE:
      if (g_rand_boolean (h->rand))
        return g_rand_double_range (h->rand, 0, 1.2 * estimate);
      return g_rand_double_range (h->rand, 0.85 * estimate, 1.15 * estimate);
    case MODE_TAG:
      return g_rand_double_range (h->rand, 0, 3 * estimate);
    case MODE_NOTE:
    case N_MODES:
    default:
      return g_rand_double_range (h->rand, 0, 40 * estimate);
    }
}

/* With PROCEEDINGS_CRASH_SNAPSHOTS set, the library as each round finds
 * it is kept as before-ROUND/, so that a failing round can be replayed
 * by hand against exactly the file it started from. */
static void
snapshot_library (Harness *h,
                  guint    round)
{
  g_autofree char *dir = g_strdup_printf ("%s/before-%u", h->dir, round);
  const char *suffixes[] = { "", "-wal" };

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *from = g_strconcat (h->path, suffixes[i], NULL);
      g_autofree char *base = g_path_get_basename (from);
      g_autofree char *to = g_build_filename (dir, base, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      if (!g_file_test (from, G_FILE_TEST_EXISTS))
        continue;
      g_assert_true (g_file_get_contents (from, &contents, &length, &error));
      g_assert_true (g_file_set_contents (to, contents, length, &error));
    }
}

static void
run_round (Harness *h,
           guint    round)
{
  g_autoptr(GSubprocess) worker = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out_path = g_strdup_printf ("%s/worker-%u.out", h->dir, round);
  g_autofree char *import_path = NULL;
  g_autofree char *kill_in_commit_us = NULL;
  g_autofree char *output = NULL;
  const char *extra = NULL;
  Mode mode = choose_mode (h);
  gboolean kill_in_open = g_rand_int_range (h->rand, 0, 10) == 0;
  /* A quarter of the rounds, the worker kills itself inside its first
   * COMMIT: from outside, a commit of milliseconds at the end of seconds
   * of import is hard to hit. */
  gboolean kill_in_commit = !kill_in_open && g_rand_int_range (h->rand, 0, 4) == 0;
  gboolean exited = FALSE;
  Inflight inflight;
  gint64 spawned, checking;
  double delay_ms;

  if (mode == MODE_IMPORT)
    {
      g_autofree char *name = crash_import_list_name (round);

      import_path = g_strdup_printf ("%s/import-%u.txt", h->dir, round);
      g_assert_true (crash_write_list (import_path, name, round, h->import_papers, &error));
      g_assert_no_error (error);
      extra = import_path;
    }
  else if (mode == MODE_DELETE)
    extra = g_queue_peek_head (&h->full_lists);

  if (kill_in_commit)
    {
      delay_ms = g_rand_double_range (h->rand, 0, 1.5 * h->commit_us[mode]) / 1000.0;
      kill_in_commit_us = g_strdup_printf ("%.0f", delay_ms * 1000);
      h->aimed_at_commit++;
    }

  if (g_getenv ("PROCEEDINGS_CRASH_SNAPSHOTS") != NULL)
    snapshot_library (h, round);

  worker = spawn_worker (h, mode_names[mode], round, extra, kill_in_commit_us, out_path, &exited);
  spawned = g_get_monotonic_time ();

  if (kill_in_commit)
    {
      /* It dies by its own hand; the first COMMIT may be a whole import away. */
      while (!exited && g_get_monotonic_time () - spawned < 600 * G_USEC_PER_SEC)
        {
          while (g_main_context_iteration (NULL, FALSE))
            ;
          g_usleep (1000);
        }
      if (!exited)
        g_error ("The worker did not reach a commit in ten minutes");
    }
  else
    {
      if (kill_in_open)
        delay_ms = g_rand_double_range (h->rand, 0, h->ready_ms);
      else
        {
          wait_for_line (&exited, out_path, "ready\n");
          h->ready_ms = 0.7 * h->ready_ms + 0.3 * ((g_get_monotonic_time () - spawned) / 1000.0);
          delay_ms = choose_delay_ms (h, mode);
        }

      g_usleep ((gulong) (delay_ms * 1000));
      while (g_main_context_iteration (NULL, FALSE))
        ;
      assert_still_running (exited, out_path);
      kill_worker (worker, &exited);
    }

  if (!g_subprocess_get_if_signaled (worker) || g_subprocess_get_term_sig (worker) != SIGKILL)
    {
      g_autofree char *said = read_output (out_path);

      g_error ("The worker ended without being killed; it wrote:\n%s", said);
    }

  output = read_output (out_path);
  inflight = parse_output (h, round, output);
  /* Killed before the first edit could finish: it takes longer than
   * thought (under the sanitizers, several times longer). */
  if (!kill_in_commit && !kill_in_open && inflight.phase == PHASE_BODY && inflight.n_saved == 0)
    h->estimate_ms[mode] = MAX (h->estimate_ms[mode], 1.15 * delay_ms);
  h->kills_by_mode[mode]++;
  h->kills_by_phase[mode][inflight.phase]++;

  /* Said before the check, so that a failure comes after its round. */
  g_test_message ("round %u: %s, killed %.3f ms after %s, %s%s%s", round, mode_names[mode],
                  delay_ms, kill_in_commit ? "its COMMIT began" : kill_in_open ? "the start" : "it was ready",
                  phase_names[inflight.phase],
                  inflight.started ? ": " : "", inflight.started ? inflight.started[0] : "");
  checking = g_get_monotonic_time ();
  check_library (h, round, &inflight);
  h->check_seconds += (g_get_monotonic_time () - checking) / (double) G_USEC_PER_SEC;

  g_clear_pointer (&inflight.started, g_strfreev);
  g_unlink (out_path);
  if (import_path != NULL)
    g_unlink (import_path);
}

/* The seed list, imported by the worker (the app's code, and under
 * AddressSanitizer the worker's faster malloc), which is then killed. */
static void
seed_library (Harness *h)
{
  g_autofree char *seed_path = g_build_filename (h->dir, "seed.txt", NULL);
  g_autofree char *out_path = g_build_filename (h->dir, "seed.out", NULL);
  g_autofree char *output = NULL;
  g_autoptr(GSubprocess) worker = NULL;
  g_autoptr(GError) error = NULL;
  const char *saved;
  gboolean exited;
  sqlite3_stmt *stmt;
  sqlite3 *db;
  guint n = 0, added = 0, ms = 0;

  g_assert_true (crash_write_list (seed_path, CRASH_SEED_LIST, 0, h->seed_papers, &error));
  g_assert_no_error (error);
  worker = spawn_worker (h, "import", 0, seed_path, NULL, out_path, &exited);
  wait_for_line (&exited, out_path, "idle\n");
  kill_worker (worker, &exited);

  output = read_output (out_path);
  g_assert_nonnull ((saved = strstr (output, "saved import ")));
  g_assert_cmpint (sscanf (saved, "saved import %u ms=%u", &added, &ms), ==, 2);
  g_assert_cmpuint (added, ==, h->seed_papers);
  /* The first aim for the kills in an import or a delete; each round
   * that ends inside one moves it on. */
  h->estimate_ms[MODE_IMPORT] = MAX (1, ms) * (double) h->import_papers / h->seed_papers;
  h->estimate_ms[MODE_DELETE] = h->estimate_ms[MODE_IMPORT];
  g_unlink (seed_path);
  g_unlink (out_path);

  g_assert_cmpint (sqlite3_open_v2 (h->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT lp.paper_id FROM list_papers lp JOIN lists l ON l.id = lp.list_id"
                                           " WHERE l.name = '" CRASH_SEED_LIST "' ORDER BY lp.position LIMIT ?",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int (stmt, 1, CRASH_NOTE_PAPERS);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    h->note_ids[n++] = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  g_assert_cmpuint (n, ==, CRASH_NOTE_PAPERS);
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static guint
env_uint (const char *name,
          guint       fallback)
{
  const char *value = g_getenv (name);

  return value != NULL && *value != '\0' ? (guint) g_ascii_strtoull (value, NULL, 10) : fallback;
}

/* The short run of the default suites, in seconds; --reliability runs
 * 200 kills on imports of 10,000 papers into a library of 8,000. */
static guint default_kills = 12;
static guint default_seed_papers = 2000;
static guint default_import_papers = 2000;

static void
test_kills (void)
{
  Harness h = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  guint total_applied = 0, total_absent = 0, total_saved = 0;

  h.seed = env_uint ("PROCEEDINGS_CRASH_SEED", g_random_int ());
  h.kills = env_uint ("PROCEEDINGS_CRASH_KILLS", default_kills);
  h.seed_papers = env_uint ("PROCEEDINGS_CRASH_SEED_PAPERS", default_seed_papers);
  h.import_papers = env_uint ("PROCEEDINGS_CRASH_IMPORT_PAPERS", default_import_papers);
  h.rand = g_rand_new_with_seed (h.seed);
  h.dir = g_dir_make_tmp ("proceedings-crash-XXXXXX", &error);
  g_assert_no_error (error);
  h.path = g_build_filename (h.dir, "library.db", NULL);
  h.worker = g_test_build_filename (G_TEST_BUILT, "crash-worker", NULL);
  h.tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  h.lists = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_queue_init (&h.full_lists);
  h.estimate_ms[MODE_TAG] = 300;
  h.estimate_ms[MODE_NOTE] = 5;
  h.ready_ms = 30;
  for (guint m = 0; m < N_MODES; m++)
    h.commit_us[m] = 5000;

  g_test_message ("seed %u (replay with PROCEEDINGS_CRASH_SEED=%u), %u kills, imports of %u papers "
                  "into a library of %u, library %s",
                  h.seed, h.seed, h.kills, h.import_papers, h.seed_papers, h.path);

  seed_library (&h);
  g_test_message ("seeded in %.1f s", (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  for (guint round = 1; round <= h.kills; round++)
    run_round (&h, round);

  g_test_message ("%u kills survived in %.1f s (%u aimed at a COMMIT); %u checks of the whole library "
                  "(%.1f s each), %u opened first by the app, %u with the WAL left for the next worker",
                  h.kills, (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, h.aimed_at_commit,
                  h.checks, h.check_seconds / MAX (1, h.checks), h.recovered_by_app, h.wal_kept);
  for (guint m = 0; m < N_MODES; m++)
    {
      g_autoptr(GString) phases = g_string_new (NULL);

      for (guint p = 0; p < N_PHASES; p++)
        if (h.kills_by_phase[m][p] > 0)
          g_string_append_printf (phases, "%s%u %s", phases->len ? ", " : "", h.kills_by_phase[m][p], phase_names[p]);
      g_test_message ("%s: %u kills (%s); %u saved edits verified; edit under way found whole %u times, "
                      "absent %u times; %.0f ms per step, %.1f ms per COMMIT",
                      mode_names[m], h.kills_by_mode[m], phases->str, h.saved_verified[m],
                      h.inflight_applied[m], h.inflight_absent[m], h.estimate_ms[m], h.commit_us[m] / 1000);
      total_applied += h.inflight_applied[m];
      total_absent += h.inflight_absent[m];
      total_saved += h.saved_verified[m];
    }
  g_test_message ("in all: %u saved edits verified after later kills, %u edits under way found whole, "
                  "%u found absent, none in part", total_saved, total_applied, total_absent);

  remove_dir (h.dir);
  g_queue_clear_full (&h.full_lists, g_free);
  g_hash_table_unref (h.tags);
  g_hash_table_unref (h.lists);
  g_rand_free (h.rand);
  g_free (h.worker);
  g_free (h.path);
  g_free (h.dir);
}

int
main (int   argc,
      char *argv[])
{
  int kept = 1;

  /* --reliability: the long run, 200 kills, only when asked for. */
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--reliability"))
        {
          default_kills = 200;
          default_seed_papers = 8000;
          default_import_papers = 10000;
        }
      else
        argv[kept++] = argv[i];
    }
  argc = kept;
  argv[argc] = NULL;

  if (default_kills == 200 && g_strcmp0 (g_getenv ("PROCEEDINGS_RELIABILITY_TESTS"), "1") != 0)
    {
      g_print ("skipped: set PROCEEDINGS_RELIABILITY_TESTS=1 and run the reliability suite\n");
      return 77;
    }

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/crash-safety/sigkill", test_kills);

  return g_test_run ();
}
