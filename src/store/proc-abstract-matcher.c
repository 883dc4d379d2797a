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
 * needs them, into an index from each word 3-shingle to the papers that
 * have it; a record's shingles then count what each candidate shares
 * with it, which is all the Jaccard similarity needs. */

/* How many shingles an abstract needs to be matched as part of another. */
#define MIN_CONTAINED 30

typedef struct
{
  gint64 id;
  guint n_shingles;
  gboolean gone;                /* matched, or given authors, in this import */
} Candidate;

struct _ProcAbstractMatcher
{
  ProcStore *store;
  gint64 below_id;
  gboolean loaded;
  GArray *candidates;           /* of Candidate */
  GHashTable *index;            /* shingle (guint64 *) → GArray of guint, candidate indexes */
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
  self->index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  self->by_id = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return self;
}

void
proc_abstract_matcher_free (ProcAbstractMatcher *self)
{
  if (self == NULL)
    return;

  g_clear_object (&self->store);
  g_clear_pointer (&self->candidates, g_array_unref);
  g_clear_pointer (&self->index, g_hash_table_unref);
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
  g_autoptr(GArray) shingles = proc_match_shingles (folded);
  Candidate candidate = { id, shingles->len, FALSE };
  guint n = self->candidates->len;

  if (shingles->len == 0)
    return;

  g_array_append_val (self->candidates, candidate);
  g_hash_table_insert (self->by_id, g_memdup2 (&id, sizeof id), GUINT_TO_POINTER (n + 1));

  for (guint i = 0; i < shingles->len; i++)
    {
      guint64 hash = g_array_index (shingles, guint64, i);
      GArray *papers = g_hash_table_lookup (self->index, &hash);

      if (papers == NULL)
        {
          papers = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (self->index, g_memdup2 (&hash, sizeof hash), papers);
        }
      g_array_append_val (papers, n);
    }
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

  self->shared = g_new0 (guint, MAX (self->candidates->len, 1));
  self->loaded = TRUE;
  return TRUE;
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
  touched = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < shingles->len; i++)
    {
      GArray *papers = g_hash_table_lookup (self->index, &g_array_index (shingles, guint64, i));

      if (papers == NULL)
        continue;
      for (guint j = 0; j < papers->len; j++)
        {
          guint n = g_array_index (papers, guint, j);

          if (self->shared[n]++ == 0)
            g_array_append_val (touched, n);
        }
    }

  for (guint i = 0; i < touched->len; i++)
    {
      guint n = g_array_index (touched, guint, i);
      const Candidate *candidate = &g_array_index (self->candidates, Candidate, n);
      guint shared = self->shared[n];
      double score = (double) shared / (candidate->n_shingles + shingles->len - shared);

      /* An abstract a producer cut short (pandoc ends a BibTeX field at
       * a "%") is still all in its paper's: at least MIN_CONTAINED
       * shingles of it, each in the candidate's. */
      if (shingles->len >= MIN_CONTAINED)
        score = MAX (score, (double) shared / shingles->len);

      self->shared[n] = 0;
      if (!candidate->gone && score > best)
        {
          best = score;
          best_id = candidate->id;
        }
    }

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
