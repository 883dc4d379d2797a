/* proc-abstract-matcher.c: finds the authorless paper whose abstract an incoming record shares
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-abstract-matcher"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-abstract-matcher.h"
#include "proc-match-text.h"
#include "proc-store-private.h"

/* A list of abstracts alone (the seed format) gives papers without
 * authors or titles.  When the same papers come again from their
 * publisher, the abstracts differ by more than typography now and then (a
 * word fixed, a sentence reworded, math written otherwise), so the folded
 * hash misses them.  An incoming record whose hash finds nothing is
 * compared with those authorless papers, and only with them, when it
 * brings authors (a publisher's record, not another list of abstracts): two papers
 * that both carry authors are never matched by their text alone (a
 * library of near-identical abstracts stays as many papers as it has),
 * nor two records of one import (only papers stored before it are
 * candidates).
 *
 * The candidates are read once per import, on the first record that
 * needs them, into one sorted array of (shingle, paper) pairs for a
 * quarter of the shingles (see SAMPLED()): an index
 * from each word 3-shingle to the papers that have it, without an
 * allocation per shingle (a hash table of them took 5 s to build for
 * 10,000 papers).  A record looks up its N_PROBES rarest shingles among
 * those that name at most MAX_POSTING papers (common ones, "in this
 * paper", name thousands, and counting them cost seconds): an abstract
 * 90% alike shares nearly all of them, so the N_COMPARED papers that
 * share the most are compared in full. */

/* How many shingles an abstract needs to be matched as part of another. */
#define MIN_CONTAINED 30
#define N_PROBES 16
#define N_COMPARED 8
#define MAX_POSTING 64

/* Only a quarter of the shingles, the same quarter for every text, are
 * indexed and probed: abstracts 90% alike share about 90% of those too,
 * and the index is built and searched four times faster. */
#define SAMPLED(shingle) ((shingle) % 4 == 0)

typedef struct
{
  gint64 id;
  GArray *shingles;             /* sorted, from proc_match_shingles() */
  gboolean gone;                /* matched, or given authors, in this import */
} Candidate;

typedef struct
{
  guint64 shingle;
  guint candidate;
} Posting;

typedef struct
{
  gsize start;
  gsize length;
} Probe;

struct _ProcAbstractMatcher
{
  ProcStore *store;
  gint64 below_id;
  gboolean loaded;
  GArray *candidates;           /* of Candidate */
  GArray *postings;             /* of Posting, by shingle */
  GHashTable *by_id;            /* paper id (gint64 *) → candidate index + 1 */
  guint *shared;                /* per candidate, while one record is compared */
};

/**
 * proc_abstract_matcher_new:
 * @below_id: only papers with a smaller id are candidates: those stored
 *   before the import began
 */
ProcAbstractMatcher *
proc_abstract_matcher_new (ProcStore *store,
                           gint64     below_id)
{
  ProcAbstractMatcher *self = g_new0 (ProcAbstractMatcher, 1);

  self->store = g_object_ref (store);
  self->below_id = below_id;
  self->candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  self->postings = g_array_new (FALSE, FALSE, sizeof (Posting));
  self->by_id = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return self;
}

void
proc_abstract_matcher_free (ProcAbstractMatcher *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->candidates->len; i++)
    g_array_unref (g_array_index (self->candidates, Candidate, i).shingles);
  g_clear_object (&self->store);
  g_clear_pointer (&self->candidates, g_array_unref);
  g_clear_pointer (&self->postings, g_array_unref);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_free (self->shared);
  g_free (self);
}

static void
add_candidate (ProcAbstractMatcher *self,
               gint64               id,
               const char          *abstract)
{
  g_autofree char *folded = proc_match_fold (abstract);
  GArray *shingles = proc_match_shingles (folded);
  Candidate candidate = { id, shingles, FALSE };
  guint n = self->candidates->len;

  if (shingles->len == 0)
    {
      g_array_unref (shingles);
      return;
    }

  g_array_append_val (self->candidates, candidate);
  g_hash_table_insert (self->by_id, g_memdup2 (&id, sizeof id), GUINT_TO_POINTER (n + 1));
  for (guint i = 0; i < shingles->len; i++)
    {
      Posting posting = { g_array_index (shingles, guint64, i), n };

      if (SAMPLED (posting.shingle))
        g_array_append_val (self->postings, posting);
    }
}

static int
compare_postings (gconstpointer a,
                  gconstpointer b)
{
  const Posting *x = a;
  const Posting *y = b;

  if (x->shingle != y->shingle)
    return x->shingle < y->shingle ? -1 : 1;
  return x->candidate < y->candidate ? -1 : x->candidate > y->candidate;
}

static gboolean
load (ProcAbstractMatcher  *self,
      GError              **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self->store,
                                    "SELECT id, abstract FROM papers"
                                    " WHERE authors = '' AND abstract <> '' AND id < ?",
                                    error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, self->below_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    add_candidate (self, sqlite3_column_int64 (stmt, 0), (const char *) sqlite3_column_text (stmt, 1));
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    return _proc_store_set_error (self->store, error, _("compare the abstracts"));

  g_array_sort (self->postings, compare_postings);
  self->shared = g_new0 (guint, MAX (self->candidates->len, 1));
  self->loaded = TRUE;
  return TRUE;
}

/* The postings of @shingle: *@start and the count. */
static gsize
find_postings (ProcAbstractMatcher *self,
               guint64              shingle,
               gsize               *start)
{
  const Posting *postings = (const Posting *) (gpointer) self->postings->data;
  gsize lo = 0, hi = self->postings->len, end;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (postings[mid].shingle < shingle)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (end = lo; end < self->postings->len && postings[end].shingle == shingle; end++)
    if (end - lo > MAX_POSTING)
      return 0;

  *start = lo;
  return end - lo;
}

static int
compare_probes (gconstpointer a,
                gconstpointer b)
{
  const Probe *x = a;
  const Probe *y = b;

  return x->length < y->length ? -1 : x->length > y->length;
}

/* Most shared first. */
static int
compare_shared (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  const guint *shared = data;
  guint x = shared[*(const guint *) a];
  guint y = shared[*(const guint *) b];

  return x > y ? -1 : x < y;
}

/**
 * proc_abstract_matcher_find:
 * @similarity: (out) (optional): how alike the abstracts are, 0 to 1
 *
 * Returns: the authorless paper whose abstract is at least
 *   %PROC_MATCH_THRESHOLD alike @abstract (the most alike), 0 when none
 *   is, -1 on a database error
 */
gint64
proc_abstract_matcher_find (ProcAbstractMatcher  *self,
                            const char           *abstract,
                            double               *similarity,
                            GError              **error)
{
  g_autofree char *folded = NULL;
  g_autoptr(GArray) shingles = NULL;
  g_autoptr(GArray) touched = NULL;
  g_autoptr(GArray) probes = NULL;
  double best = 0;
  gint64 best_id = 0;

  if (!self->loaded && !load (self, error))
    return -1;

  if (similarity != NULL)
    *similarity = 0;
  if (self->candidates->len == 0 || abstract == NULL || *abstract == '\0')
    return 0;

  folded = proc_match_fold (abstract);
  shingles = proc_match_shingles (folded);
  probes = g_array_new (FALSE, FALSE, sizeof (Probe));
  touched = g_array_new (FALSE, FALSE, sizeof (guint));

  /* The record's rarest shingles that some candidate has. */
  for (guint i = 0; i < shingles->len; i++)
    {
      Probe probe = { 0, 0 };

      if (SAMPLED (g_array_index (shingles, guint64, i)) &&
          (probe.length = find_postings (self, g_array_index (shingles, guint64, i), &probe.start)) > 0)
        g_array_append_val (probes, probe);
    }
  g_array_sort (probes, compare_probes);

  for (guint i = 0; i < MIN (probes->len, N_PROBES); i++)
    {
      const Probe *probe = &g_array_index (probes, Probe, i);

      for (gsize j = probe->start; j < probe->start + probe->length; j++)
        {
          guint n = g_array_index (self->postings, Posting, j).candidate;

          if (self->shared[n]++ == 0)
            g_array_append_val (touched, n);
        }
    }

  /* Those that share the most, compared in full. */
  g_array_sort_with_data (touched, compare_shared, self->shared);
  for (guint i = 0; i < MIN (touched->len, N_COMPARED); i++)
    {
      const Candidate *candidate = &g_array_index (self->candidates, Candidate, g_array_index (touched, guint, i));
      double score;

      if (candidate->gone)
        continue;

      score = proc_match_jaccard (shingles, candidate->shingles);
      /* An abstract a producer cut short (pandoc ends a BibTeX field at
       * a "%") is still all in its paper's: at least MIN_CONTAINED
       * shingles of it, each in the candidate's. */
      if (shingles->len >= MIN_CONTAINED)
        score = MAX (score, proc_match_containment (shingles, candidate->shingles));

      if (score > best)
        {
          best = score;
          best_id = candidate->id;
        }
    }
  for (guint i = 0; i < touched->len; i++)
    self->shared[g_array_index (touched, guint, i)] = 0;

  if (similarity != NULL)
    *similarity = best;
  return best >= PROC_MATCH_THRESHOLD ? best_id : 0;
}

/**
 * proc_abstract_matcher_forget:
 *
 * @paper_id has matched a record, or has authors now: it is no longer a
 * candidate.
 */
void
proc_abstract_matcher_forget (ProcAbstractMatcher *self,
                              gint64               paper_id)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (self->by_id, &paper_id));

  if (n > 0)
    g_array_index (self->candidates, Candidate, n - 1).gone = TRUE;
}
