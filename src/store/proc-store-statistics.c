/* proc-store-statistics.c: triage progress and papers per tag, counted in SQL
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "proc-key-phrases.h"
#include "proc-statistics.h"
#include "proc-store-private.h"

/* The phrases taken from each paper: what it is about, not all it says. */
#define PHRASES_PER_PAPER 8
/* Papers read between two looks at the cancellable. */
#define CANCEL_CHECK_PAPERS 64

void
proc_triage_progress_free (ProcTriageProgress *progress)
{
  if (progress == NULL)
    return;

  g_clear_pointer (&progress->days, g_array_unref);
  g_free (progress);
}

guint
proc_triage_progress_get_n_untriaged (ProcTriageProgress *progress)
{
  g_return_val_if_fail (progress != NULL, 0);

  return progress->n_papers - progress->n_kept - progress->n_maybe - progress->n_skipped;
}

void
proc_tag_count_free (ProcTagCount *count)
{
  if (count == NULL)
    return;

  g_free (count->name);
  g_free (count->colour);
  g_free (count);
}

void
proc_phrase_count_free (ProcPhraseCount *count)
{
  if (count == NULL)
    return;

  g_free (count->phrase);
  g_free (count);
}

void
proc_statistics_free (ProcStatistics *statistics)
{
  if (statistics == NULL)
    return;

  g_clear_pointer (&statistics->progress, proc_triage_progress_free);
  g_clear_pointer (&statistics->tags, g_ptr_array_unref);
  g_clear_pointer (&statistics->phrases, g_ptr_array_unref);
  g_free (statistics);
}

/* One number of SQL, @sql binding nothing; @doing completes “Could not
 * %s” when it fails. */
static gboolean
count_one (ProcStore   *self,
           const char  *sql,
           guint       *count,
           const char  *doing,
           GError     **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self, sql, error)))
    return FALSE;

  if ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    *count = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);

  if (rc != SQLITE_ROW)
    return _proc_store_set_error (self, error, doing);

  return TRUE;
}

/* Papers by a column's value, the values other than 0 only: @sql is
 * "SELECT column, count(*) … GROUP BY column"; each count goes to
 * @counts[value], their sum to *@total. */
static gboolean
count_by_value (ProcStore   *self,
                const char  *sql,
                guint       *counts,
                guint        n_values,
                guint       *total,
                const char  *doing,
                GError     **error)
{
  sqlite3_stmt *stmt;
  int rc;

  *total = 0;
  if (!(stmt = _proc_store_prepare (self, sql, error)))
    return FALSE;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int value = sqlite3_column_int (stmt, 0);
      guint n = sqlite3_column_int (stmt, 1);

      if (value > 0 && (guint) value < n_values)
        counts[value] = n;
      *total += n;
    }
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    return _proc_store_set_error (self, error, doing);

  return TRUE;
}

/* All the papers, from the smallest index's pages, and the decided ones
 * by decision from papers_triaged, which holds them alone; the
 * untriaged are the rest. */
static gboolean
count_triage (ProcStore   *self,
              guint       *n_papers,
              guint        counts[PROC_TRIAGE_SKIP + 1],
              const char  *doing,
              GError     **error)
{
  guint n_decided;

  if (!count_one (self, "SELECT count(*) FROM papers", n_papers, doing, error) ||
      !count_by_value (self, "SELECT triage, count(*) FROM papers WHERE triage <> 0 GROUP BY triage",
                       counts, PROC_TRIAGE_SKIP + 1, &n_decided, doing, error))
    return FALSE;

  counts[PROC_TRIAGE_UNTRIAGED] = *n_papers - MIN (*n_papers, n_decided);
  return TRUE;
}

/**
 * proc_store_count_library:
 *
 * The sidebar's counts, each read from an index that holds only the
 * papers it counts.  Most papers of a large library are unread and
 * untriaged, so counting those one by one read nearly all of two indexes:
 * at 870,000 papers the sidebar's counts were a fifth of the window's
 * start, and came again after every edit.  Here they are all the papers
 * but the few read, or decided, each counted apart (read_state and triage
 * take only the values their CHECK allows); all the papers are counted
 * from the smallest index's pages, not entry by entry.
 */
gboolean
proc_store_count_library (ProcStore          *self,
                          ProcLibraryCounts  *counts,
                          GError            **error)
{
  /* Translators: completes “Could not %s: …” */
  const char *doing = _("count the papers");
  guint read_states[3] = { 0, };
  guint n_read;

  g_return_val_if_fail (PROC_IS_STORE (self), FALSE);

  memset (counts, 0, sizeof *counts);

  if (!count_triage (self, &counts->n_papers, counts->n_triage, doing, error) ||
      !count_by_value (self, "SELECT read_state, count(*) FROM papers WHERE read_state > 0 GROUP BY read_state",
                       read_states, G_N_ELEMENTS (read_states), &n_read, doing, error) ||
      !count_one (self, "SELECT count(*) FROM papers WHERE starred = 1", &counts->n_starred, doing, error) ||
      !count_one (self, "SELECT count(*) FROM papers WHERE note <> ''", &counts->n_with_note, doing, error) ||
      /* A paper's links go with it (ON DELETE CASCADE). */
      !count_one (self, "SELECT count(DISTINCT paper_id) FROM paper_links WHERE kind = 'code'",
                  &counts->n_with_code, doing, error))
    return FALSE;

  counts->n_reading = read_states[1];
  counts->n_unread = counts->n_papers - MIN (counts->n_papers, n_read);

  return TRUE;
}

/* The papers by decision, as the sidebar counts them. */
static gboolean
count_decisions (ProcStore           *self,
                 ProcTriageProgress  *progress,
                 GError             **error)
{
  guint counts[PROC_TRIAGE_SKIP + 1] = { 0, };

  /* Translators: completes “Could not %s: …” */
  if (!count_triage (self, &progress->n_papers, counts, _("count the triage decisions"), error))
    return FALSE;

  progress->n_kept = counts[PROC_TRIAGE_KEEP];
  progress->n_maybe = counts[PROC_TRIAGE_MAYBE];
  progress->n_skipped = counts[PROC_TRIAGE_SKIP];
  return TRUE;
}

/* Each decided paper counts on the local day of its decision, as the kind
 * of decision it has now: a paper kept on Monday and skipped on Tuesday
 * counts once, as skipped on Tuesday.  A decision without a time (another
 * program's) counts in the totals only. */
static gboolean
count_days (ProcStore           *self,
            ProcTriageProgress  *progress,
            GError             **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self,
                                    "SELECT day, kept, maybe, skipped,"
                                    "  sum(kept) OVER running, sum(maybe) OVER running, sum(skipped) OVER running"
                                    " FROM (SELECT date(triaged_at, 'unixepoch', 'localtime') AS day,"
                                    "         count(*) FILTER (WHERE triage = 1) AS kept,"
                                    "         count(*) FILTER (WHERE triage = 2) AS maybe,"
                                    "         count(*) FILTER (WHERE triage = 3) AS skipped"
                                    "       FROM papers WHERE triage > 0 AND triaged_at IS NOT NULL"
                                    "       GROUP BY day)"
                                    " WINDOW running AS (ORDER BY day ROWS UNBOUNDED PRECEDING)"
                                    " ORDER BY day",
                                    error)))
    return FALSE;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);
      ProcTriageDay day = { 0 };
      int y, m, d;

      /* A time SQLite cannot place in a calendar has no day. */
      if (text == NULL || sscanf (text, "%d-%d-%d", &y, &m, &d) != 3 ||
          !g_date_valid_dmy (d, m, y))
        continue;

      g_date_clear (&day.date, 1);
      g_date_set_dmy (&day.date, d, m, y);
      day.kept = sqlite3_column_int (stmt, 1);
      day.maybe = sqlite3_column_int (stmt, 2);
      day.skipped = sqlite3_column_int (stmt, 3);
      day.total_kept = sqlite3_column_int (stmt, 4);
      day.total_maybe = sqlite3_column_int (stmt, 5);
      day.total_skipped = sqlite3_column_int (stmt, 6);
      g_array_append_val (progress->days, day);
    }
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    /* Translators: completes “Could not %s: …” */
    return _proc_store_set_error (self, error, _("count the triage decisions"));

  return TRUE;
}

/**
 * proc_store_get_triage_progress:
 *
 * Returns: (transfer full): how many papers are kept, maybe and skipped,
 *   and the decisions day by day, in local time
 */
ProcTriageProgress *
proc_store_get_triage_progress (ProcStore  *self,
                                GError    **error)
{
  g_autoptr(ProcTriageProgress) progress = g_new0 (ProcTriageProgress, 1);

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  progress->days = g_array_new (FALSE, FALSE, sizeof (ProcTriageDay));

  if (!count_decisions (self, progress, error) ||
      !count_days (self, progress, error))
    return NULL;

  return g_steal_pointer (&progress);
}

/**
 * proc_store_count_tags:
 * @max_tags: how many tags to return at most
 * @n_tags: (out) (optional): how many tags have a paper
 *
 * Returns: (transfer container) (element-type ProcTagCount): the tags
 *   with the most papers, most first, then by name; tags without a paper
 *   are left out
 */
GPtrArray *
proc_store_count_tags (ProcStore  *self,
                       guint       max_tags,
                       guint      *n_tags,
                       GError    **error)
{
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_tag_count_free);
  sqlite3_stmt *stmt;
  guint n = 0;
  int rc;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  /* paper_tags_tag gives the counts in tag order without the table. */
  if (!(stmt = _proc_store_prepare (self,
                                    "SELECT t.id, t.name, t.colour, c.n, count(*) OVER ()"
                                    " FROM (SELECT tag_id, count(*) AS n FROM paper_tags GROUP BY tag_id) c"
                                    " JOIN tags t ON t.id = c.tag_id"
                                    " ORDER BY c.n DESC, t.name COLLATE NOCASE, t.id"
                                    " LIMIT ?",
                                    error)))
    return NULL;

  sqlite3_bind_int64 (stmt, 1, max_tags);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ProcTagCount *count = g_new0 (ProcTagCount, 1);

      count->tag_id = sqlite3_column_int64 (stmt, 0);
      count->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      count->colour = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
      count->n_papers = sqlite3_column_int (stmt, 3);
      n = sqlite3_column_int (stmt, 4);
      g_ptr_array_add (tags, count);
    }
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    {
      /* Translators: completes “Could not %s: …” */
      _proc_store_set_error (self, error, _("count the papers of each tag"));
      return NULL;
    }

  /* No row, or none asked for: count them all the same. */
  if (tags->len == 0)
    {
      if (!(stmt = _proc_store_prepare (self, "SELECT count(DISTINCT tag_id) FROM paper_tags", error)))
        return NULL;
      if ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        n = sqlite3_column_int (stmt, 0);
      sqlite3_reset (stmt);
      if (rc != SQLITE_ROW)
        {
          /* Translators: completes “Could not %s: …” */
      _proc_store_set_error (self, error, _("count the papers of each tag"));
          return NULL;
        }
    }

  if (n_tags != NULL)
    *n_tags = n;

  return g_steal_pointer (&tags);
}

/* One phrase across papers: how many have it, and in which spellings. */
typedef struct
{
  guint n_papers;
  GHashTable *forms;      /* as written → papers that write it so */
} PhraseTally;

static void
phrase_tally_free (PhraseTally *tally)
{
  g_hash_table_unref (tally->forms);
  g_free (tally);
}

/* What makes two papers' phrases the same: case, and an English plural
 * on the last word, aside.  Each paper gives one spelling of a phrase
 * (the extractor folds plurals within a text), but one writes "language
 * model" where the next writes "language models". */
static char *
dup_phrase_key (const char *phrase)
{
  char *key = g_utf8_casefold (phrase, -1);
  gsize len = strlen (key);

  if (len > 4 && g_str_has_suffix (key, "ies"))
    strcpy (key + len - 3, "y");
  else if (len > 4 && (g_str_has_suffix (key, "sses") || g_str_has_suffix (key, "shes") ||
                       g_str_has_suffix (key, "ches") || g_str_has_suffix (key, "xes")))
    key[len - 2] = '\0';
  else if (len > 3 && key[len - 1] == 's' &&
           !g_str_has_suffix (key, "ss") && !g_str_has_suffix (key, "us") && !g_str_has_suffix (key, "is"))
    key[len - 1] = '\0';

  return key;
}

/* The spelling most papers use; of equals, the first in code point order. */
static const char *
tally_display (PhraseTally *tally)
{
  GHashTableIter iter;
  gpointer form, n;
  const char *best = NULL;
  guint best_n = 0;

  g_hash_table_iter_init (&iter, tally->forms);
  while (g_hash_table_iter_next (&iter, &form, &n))
    if (GPOINTER_TO_UINT (n) > best_n || (GPOINTER_TO_UINT (n) == best_n && strcmp (form, best) < 0))
      {
        best = form;
        best_n = GPOINTER_TO_UINT (n);
      }

  return best;
}

static int
compare_phrase_counts (gconstpointer a,
                       gconstpointer b)
{
  const ProcPhraseCount *pa = *(ProcPhraseCount * const *) a;
  const ProcPhraseCount *pb = *(ProcPhraseCount * const *) b;
  g_autofree char *ka = NULL;
  g_autofree char *kb = NULL;

  if (pa->n_papers != pb->n_papers)
    return pa->n_papers > pb->n_papers ? -1 : 1;

  ka = g_utf8_casefold (pa->phrase, -1);
  kb = g_utf8_casefold (pb->phrase, -1);
  return strcmp (ka, kb);
}

struct _ProcPhraseCache
{
  GMutex lock;            /* held by the count that uses it */
  GHashTable *phrases;    /* title and abstract → their phrases, of the last count's papers */
};

/**
 * proc_phrase_cache_new:
 *
 * What proc_store_count_key_phrases() found in each paper, for the next
 * count to reuse: finding phrases is most of its time (0.6 s for 3,000
 * kept papers), and from one count to the next few papers change.  A
 * paper is found again by its text, so an edited title is read anew.
 */
ProcPhraseCache *
proc_phrase_cache_new (void)
{
  ProcPhraseCache *cache = g_atomic_rc_box_new0 (ProcPhraseCache);

  g_mutex_init (&cache->lock);
  cache->phrases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  return cache;
}

ProcPhraseCache *
proc_phrase_cache_ref (ProcPhraseCache *cache)
{
  return g_atomic_rc_box_acquire (cache);
}

static void
phrase_cache_clear (ProcPhraseCache *cache)
{
  g_mutex_clear (&cache->lock);
  g_hash_table_unref (cache->phrases);
}

void
proc_phrase_cache_unref (ProcPhraseCache *cache)
{
  g_atomic_rc_box_release_full (cache, (GDestroyNotify) phrase_cache_clear);
}

guint
proc_phrase_cache_get_size (ProcPhraseCache *cache)
{
  guint size;

  g_mutex_lock (&cache->lock);
  size = g_hash_table_size (cache->phrases);
  g_mutex_unlock (&cache->lock);

  return size;
}

/* Counts a paper's phrases once each, whatever their case or number. */
static void
tally_paper (GHashTable         *tallies,
             GHashTable         *seen,
             const char * const *phrases)
{
  g_hash_table_remove_all (seen);
  for (guint i = 0; phrases[i] != NULL; i++)
    {
      char *key = dup_phrase_key (phrases[i]);
      PhraseTally *tally;

      if (g_hash_table_contains (seen, key))
        {
          g_free (key);
          continue;
        }
      g_hash_table_add (seen, key);

      if (!(tally = g_hash_table_lookup (tallies, key)))
        {
          tally = g_new0 (PhraseTally, 1);
          tally->forms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          g_hash_table_insert (tallies, g_strdup (key), tally);
        }
      tally->n_papers++;
      g_hash_table_insert (tally->forms, g_strdup (phrases[i]),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (tally->forms, phrases[i])) + 1));
    }
}

/**
 * proc_store_count_key_phrases:
 * @triage: whose phrases: the papers with this decision
 * @max_phrases: how many phrases to return at most
 * @cache: (nullable): the phrases of an earlier count, to reuse; it
 *   then holds this count's
 *
 * Finds the key phrases of each paper decided @triage, from its title and
 * abstract (see proc_key_phrases_extract()), and counts the papers that
 * have each: a phrase a paper says ten times counts once.  The texts come
 * in one query; the counting is C's, at a few thousand kept papers at most.
 *
 * Returns: (transfer container) (element-type ProcPhraseCount): the
 *   phrases the most papers have, most first, then in alphabetical order
 */
GPtrArray *
proc_store_count_key_phrases (ProcStore        *self,
                              ProcTriage        triage,
                              guint             max_phrases,
                              ProcPhraseCache  *cache,
                              GCancellable     *cancellable,
                              GError          **error)
{
  g_autoptr(GHashTable) tallies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         (GDestroyNotify) phrase_tally_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  g_autoptr(GPtrArray) counts = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_phrase_count_free);
  g_autoptr(GMutexLocker) locker = NULL;
  GHashTableIter iter;
  gpointer value;
  sqlite3_stmt *stmt;
  guint n_read = 0;
  int rc;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  if (cache != NULL)
    locker = g_mutex_locker_new (&cache->lock);

  if (!(stmt = _proc_store_prepare (self,
                                    "SELECT coalesce(user_title, derived_title), abstract FROM papers"
                                    " WHERE triage = ?",
                                    error)))
    return NULL;

  sqlite3_bind_int (stmt, 1, triage);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      char *text;
      gpointer cached_text = NULL;
      gpointer phrases = NULL;

      if (n_read++ % CANCEL_CHECK_PAPERS == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          sqlite3_reset (stmt);
          return NULL;
        }

      /* The extractor reads a first line and a blank one as the title. */
      text = g_strconcat ((const char *) sqlite3_column_text (stmt, 0), "\n\n",
                          (const char *) sqlite3_column_text (stmt, 1), NULL);

      /* Two papers of one text (an edited title) have the same phrases. */
      if (g_hash_table_lookup_extended (found, text, NULL, &phrases))
        g_free (text);
      else if (cache != NULL && g_hash_table_steal_extended (cache->phrases, text, &cached_text, &phrases))
        {
          g_free (text);
          g_hash_table_insert (found, cached_text, phrases);
        }
      else
        {
          phrases = proc_key_phrases_extract (text, PHRASES_PER_PAPER);
          g_hash_table_insert (found, text, phrases);
        }

      tally_paper (tallies, seen, phrases);
    }
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    {
      /* Translators: completes “Could not %s: …” */
      _proc_store_set_error (self, error, _("read the kept papers"));
      return NULL;
    }

  /* Only this count's papers stay: the cache does not grow with edits. */
  if (cache != NULL)
    {
      g_hash_table_unref (cache->phrases);
      cache->phrases = g_steal_pointer (&found);
    }

  g_hash_table_iter_init (&iter, tallies);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ProcPhraseCount *count = g_new0 (ProcPhraseCount, 1);

      count->phrase = g_strdup (tally_display (value));
      count->n_papers = ((PhraseTally *) value)->n_papers;
      g_ptr_array_add (counts, count);
    }
  g_ptr_array_sort (counts, compare_phrase_counts);
  if (counts->len > max_phrases)
    g_ptr_array_set_size (counts, max_phrases);

  return g_steal_pointer (&counts);
}

typedef struct
{
  char *library_path;
  guint max_tags;
  guint max_phrases;
  ProcPhraseCache *cache;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_free (data->library_path);
  g_clear_pointer (&data->cache, proc_phrase_cache_unref);
  g_free (data);
}

/* Runs in a worker thread with a connection of its own, as imports do:
 * the store's connection belongs to the thread that opened it.  WAL lets
 * it read one moment of the library while the window writes. */
static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadData *data = task_data;
  g_autoptr(ProcStatistics) statistics = g_new0 (ProcStatistics, 1);
  g_autoptr(ProcStore) store = NULL;
  GError *error = NULL;

  if (!(store = proc_store_open (data->library_path, &error)) ||
      !_proc_store_exec (store, "BEGIN", &error))
    {
      g_task_return_error (task, error);
      return;
    }

  if (!(statistics->progress = proc_store_get_triage_progress (store, &error)) ||
      !(statistics->tags = proc_store_count_tags (store, data->max_tags, &statistics->n_tags, &error)) ||
      !(statistics->phrases = proc_store_count_key_phrases (store, PROC_TRIAGE_KEEP, data->max_phrases,
                                                            data->cache, cancellable, &error)))
    {
      _proc_store_rollback (store);
      g_task_return_error (task, error);
      return;
    }

  _proc_store_rollback (store);

  if (!g_task_return_error_if_cancelled (task))
    g_task_return_pointer (task, g_steal_pointer (&statistics), (GDestroyNotify) proc_statistics_free);
}

/**
 * proc_store_load_statistics_async:
 * @max_tags: how many tags to count papers for at most
 * @max_phrases: how many of the kept papers' key phrases to count at most
 * @cache: (nullable): the phrases of the last load, see proc_phrase_cache_new()
 *
 * Reads all that the statistics show, in one read transaction on a
 * connection of its own, off the calling thread.
 */
void
proc_store_load_statistics_async (ProcStore           *self,
                                  guint                max_tags,
                                  guint                max_phrases,
                                  ProcPhraseCache     *cache,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadData *data;

  g_return_if_fail (PROC_IS_STORE (self));

  data = g_new0 (LoadData, 1);
  data->library_path = g_strdup (proc_store_get_path (self));
  data->max_tags = max_tags;
  data->max_phrases = max_phrases;
  data->cache = cache ? proc_phrase_cache_ref (cache) : NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, proc_store_load_statistics_async);
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  g_task_run_in_thread (task, load_thread);
}

/**
 * proc_store_load_statistics_finish:
 *
 * Returns: (transfer full): the statistics, or %NULL with @error set
 */
ProcStatistics *
proc_store_load_statistics_finish (ProcStore     *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (PROC_IS_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
