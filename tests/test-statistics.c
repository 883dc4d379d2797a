/* test-statistics.c: triage progress, papers per tag and the kept papers' phrases, counted by the store
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <time.h>
#include <glib/gstdio.h>

#include "proc-import-batch.h"
#include "proc-statistics.h"
#include "proc-store-private.h"

#define N_PAPERS 12

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  gint64 p[N_PAPERS];
} Library;

static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(GArray) ids = NULL;
  guint n_papers = GPOINTER_TO_UINT (data);

  lib->dir = g_dir_make_tmp ("proceedings-statistics-XXXXXX", NULL);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);

  if (n_papers == 0)
    return;

  batch = proc_import_batch_begin (lib->store, "Test list", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_papers; i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
      ProcImportOutcome outcome;

      record->derived_title = g_strdup_printf ("Paper number %u", i + 1);
      record->abstract = g_strdup_printf ("The abstract of paper %u.", i + 1);
      g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  ids = proc_store_query_ids (lib->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, n_papers);
  /* The order of adding: ties in time are broken by id. */
  for (guint i = 0; i < n_papers; i++)
    lib->p[i] = g_array_index (ids, gint64, i);
}

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_autofree char *wal = g_strconcat (lib->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (lib->path, "-shm", NULL);

  g_clear_object (&lib->store);
  g_unlink (lib->path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

static void
set_triage (Library    *lib,
            ProcTriage  triage,
            const guint *papers,
            guint        n)
{
  g_autoptr(GError) error = NULL;
  gint64 ids[N_PAPERS];

  for (guint i = 0; i < n; i++)
    ids[i] = lib->p[papers[i]];
  g_assert_true (proc_store_set_triage (lib->store, ids, n, triage, &error));
  g_assert_no_error (error);
}

/* The unix time of @hour:00 on a day, in local time. */
static gint64
local_time (int year,
            int month,
            int day,
            int hour)
{
  g_autoptr(GDateTime) time = g_date_time_new_local (year, month, day, hour, 0, 0);

  return g_date_time_to_unix (time);
}

/* As if paper @paper had been decided at @when. */
static void
set_triaged_at (Library *lib,
                guint    paper,
                gint64   when)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = g_strdup_printf ("UPDATE papers SET triaged_at = %" G_GINT64_FORMAT
                                          " WHERE id = %" G_GINT64_FORMAT, when, lib->p[paper]);

  g_assert_true (_proc_store_exec (lib->store, sql, &error));
  g_assert_no_error (error);
}

static void
assert_day (ProcTriageProgress *progress,
            guint               index,
            int                 year,
            int                 month,
            int                 day,
            guint               kept,
            guint               maybe,
            guint               skipped,
            guint               total_kept,
            guint               total_maybe,
            guint               total_skipped)
{
  ProcTriageDay *d;

  g_assert_cmpuint (index, <, progress->days->len);
  d = &g_array_index (progress->days, ProcTriageDay, index);
  g_assert_cmpint (g_date_get_year (&d->date), ==, year);
  g_assert_cmpint (g_date_get_month (&d->date), ==, month);
  g_assert_cmpint (g_date_get_day (&d->date), ==, day);
  g_assert_cmpuint (d->kept, ==, kept);
  g_assert_cmpuint (d->maybe, ==, maybe);
  g_assert_cmpuint (d->skipped, ==, skipped);
  g_assert_cmpuint (d->total_kept, ==, total_kept);
  g_assert_cmpuint (d->total_maybe, ==, total_maybe);
  g_assert_cmpuint (d->total_skipped, ==, total_skipped);
}

static ProcTriageProgress *
get_progress (Library *lib)
{
  g_autoptr(GError) error = NULL;
  ProcTriageProgress *progress = proc_store_get_triage_progress (lib->store, &error);

  g_assert_no_error (error);
  g_assert_nonnull (progress);
  return progress;
}

static GPtrArray *
count_tags (Library *lib,
            guint    max_tags,
            guint   *n_tags)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *tags = proc_store_count_tags (lib->store, max_tags, n_tags, &error);

  g_assert_no_error (error);
  g_assert_nonnull (tags);
  return tags;
}

static void
assert_tag (GPtrArray  *tags,
            guint       index,
            const char *name,
            const char *colour,
            guint       n_papers)
{
  ProcTagCount *count;

  g_assert_cmpuint (index, <, tags->len);
  count = g_ptr_array_index (tags, index);
  g_assert_cmpstr (count->name, ==, name);
  g_assert_cmpstr (count->colour, ==, colour);
  g_assert_cmpuint (count->n_papers, ==, n_papers);
}

static void
test_empty (Library       *lib,
            gconstpointer  data)
{
  g_autoptr(ProcTriageProgress) progress = get_progress (lib);
  g_autoptr(GPtrArray) tags = NULL;
  guint n_tags = 99;

  g_assert_cmpuint (progress->n_papers, ==, 0);
  g_assert_cmpuint (progress->n_kept, ==, 0);
  g_assert_cmpuint (progress->n_maybe, ==, 0);
  g_assert_cmpuint (progress->n_skipped, ==, 0);
  g_assert_cmpuint (proc_triage_progress_get_n_untriaged (progress), ==, 0);
  g_assert_cmpuint (progress->days->len, ==, 0);

  /* A tag without papers is no bar. */
  g_assert_cmpint (proc_store_create_tag (lib->store, "unused", "#3584e4", NULL), >, 0);
  tags = count_tags (lib, 10, &n_tags);
  g_assert_cmpuint (tags->len, ==, 0);
  g_assert_cmpuint (n_tags, ==, 0);
}

static void
test_untriaged (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(ProcTriageProgress) progress = get_progress (lib);

  g_assert_cmpuint (progress->n_papers, ==, N_PAPERS);
  g_assert_cmpuint (progress->n_kept + progress->n_maybe + progress->n_skipped, ==, 0);
  g_assert_cmpuint (proc_triage_progress_get_n_untriaged (progress), ==, N_PAPERS);
  g_assert_cmpuint (progress->days->len, ==, 0);
}

/* Decisions made today, through the store: they count today. */
static void
test_decided_today (Library       *lib,
                    gconstpointer  data)
{
  g_autoptr(ProcTriageProgress) progress = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1, 2 }, 3);
  set_triage (lib, PROC_TRIAGE_MAYBE, (guint[]) { 3, 4 }, 2);
  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 5 }, 1);

  progress = get_progress (lib);
  g_assert_cmpuint (progress->n_papers, ==, N_PAPERS);
  g_assert_cmpuint (progress->n_kept, ==, 3);
  g_assert_cmpuint (progress->n_maybe, ==, 2);
  g_assert_cmpuint (progress->n_skipped, ==, 1);
  g_assert_cmpuint (proc_triage_progress_get_n_untriaged (progress), ==, N_PAPERS - 6);
  g_assert_cmpuint (progress->days->len, ==, 1);
  assert_day (progress, 0, g_date_time_get_year (now), g_date_time_get_month (now),
              g_date_time_get_day_of_month (now), 3, 2, 1, 3, 2, 1);
}

/* Several days: each day's decisions and the running totals, in order. */
static void
test_days (Library       *lib,
           gconstpointer  data)
{
  g_autoptr(ProcTriageProgress) progress = NULL;

  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1, 2, 3 }, 4);
  set_triage (lib, PROC_TRIAGE_MAYBE, (guint[]) { 4, 5 }, 2);
  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 6, 7, 8 }, 3);

  /* 3 June: two kept, one skipped; 5 June: one kept, two maybe; 
   * 10 June: one kept, two skipped.  Given out of order. */
  set_triaged_at (lib, 3, local_time (2024, 6, 10, 9));
  set_triaged_at (lib, 0, local_time (2024, 6, 3, 9));
  set_triaged_at (lib, 1, local_time (2024, 6, 3, 23));
  set_triaged_at (lib, 6, local_time (2024, 6, 3, 0));
  set_triaged_at (lib, 2, local_time (2024, 6, 5, 12));
  set_triaged_at (lib, 4, local_time (2024, 6, 5, 13));
  set_triaged_at (lib, 5, local_time (2024, 6, 5, 14));
  set_triaged_at (lib, 7, local_time (2024, 6, 10, 10));
  set_triaged_at (lib, 8, local_time (2024, 6, 10, 18));

  progress = get_progress (lib);
  g_assert_cmpuint (progress->n_kept, ==, 4);
  g_assert_cmpuint (progress->n_maybe, ==, 2);
  g_assert_cmpuint (progress->n_skipped, ==, 3);
  g_assert_cmpuint (progress->days->len, ==, 3);
  assert_day (progress, 0, 2024, 6, 3, 2, 0, 1, 2, 0, 1);
  assert_day (progress, 1, 2024, 6, 5, 1, 2, 0, 3, 2, 1);
  assert_day (progress, 2, 2024, 6, 10, 1, 0, 2, 4, 2, 3);
}

/* The day is the one on the clock where the decision was made: the test
 * runs ten hours east of UTC (see main()), where these two times of one
 * UTC day fall on two local days. */
static void
test_local_days (Library       *lib,
                 gconstpointer  data)
{
  g_autoptr(ProcTriageProgress) progress = NULL;
  g_autoptr(GDateTime) late_utc = g_date_time_new_utc (2024, 7, 1, 20, 0, 0);  /* 2 July, 06:00 local */
  g_autoptr(GDateTime) early_utc = g_date_time_new_utc (2024, 7, 1, 13, 30, 0); /* 1 July, 23:30 local */

  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1 }, 2);
  set_triaged_at (lib, 0, g_date_time_to_unix (late_utc));
  set_triaged_at (lib, 1, g_date_time_to_unix (early_utc));

  progress = get_progress (lib);
  g_assert_cmpuint (progress->days->len, ==, 2);
  assert_day (progress, 0, 2024, 7, 1, 1, 0, 0, 1, 0, 0);
  assert_day (progress, 1, 2024, 7, 2, 1, 0, 0, 2, 0, 0);
}

/* A paper decided again counts once, as its last decision, on its day;
 * one set back to untriaged leaves the days. */
static void
test_decided_again (Library       *lib,
                    gconstpointer  data)
{
  g_autoptr(ProcTriageProgress) progress = NULL;

  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1, 2 }, 3);
  set_triaged_at (lib, 0, local_time (2024, 6, 3, 9));
  set_triaged_at (lib, 1, local_time (2024, 6, 3, 10));
  set_triaged_at (lib, 2, local_time (2024, 6, 3, 11));

  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 1 }, 1);
  set_triaged_at (lib, 1, local_time (2024, 6, 4, 9));
  set_triage (lib, PROC_TRIAGE_UNTRIAGED, (guint[]) { 2 }, 1);
  /* Kept again: the time of the first decision stays. */
  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0 }, 1);

  progress = get_progress (lib);
  g_assert_cmpuint (progress->n_kept, ==, 1);
  g_assert_cmpuint (progress->n_skipped, ==, 1);
  g_assert_cmpuint (proc_triage_progress_get_n_untriaged (progress), ==, N_PAPERS - 2);
  g_assert_cmpuint (progress->days->len, ==, 2);
  assert_day (progress, 0, 2024, 6, 3, 1, 0, 0, 1, 0, 0);
  assert_day (progress, 1, 2024, 6, 4, 0, 0, 1, 1, 0, 1);
}

static void
test_deleted_papers (Library       *lib,
                     gconstpointer  data)
{
  g_autoptr(ProcTriageProgress) progress = NULL;
  g_autoptr(GPtrArray) tags = NULL;
  g_autoptr(GError) error = NULL;
  guint n_tags = 0;

  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1, 2 }, 3);
  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 3 }, 1);
  set_triaged_at (lib, 0, local_time (2024, 6, 3, 9));
  set_triaged_at (lib, 1, local_time (2024, 6, 3, 10));
  set_triaged_at (lib, 2, local_time (2024, 6, 4, 9));
  set_triaged_at (lib, 3, local_time (2024, 6, 5, 9));
  g_assert_true (proc_store_add_tag (lib->store, (gint64[]) { lib->p[0], lib->p[2], lib->p[5] }, 3, "graphs", &error));
  g_assert_true (proc_store_add_tag (lib->store, (gint64[]) { lib->p[2] }, 1, "vision", &error));
  g_assert_no_error (error);

  /* Gone: the 4 June day with its only paper, a skipped one, a tag's only paper. */
  g_assert_true (proc_store_delete_papers (lib->store, (gint64[]) { lib->p[2], lib->p[3], lib->p[9] }, 3, &error));
  g_assert_no_error (error);

  progress = get_progress (lib);
  g_assert_cmpuint (progress->n_papers, ==, N_PAPERS - 3);
  g_assert_cmpuint (progress->n_kept, ==, 2);
  g_assert_cmpuint (progress->n_skipped, ==, 0);
  g_assert_cmpuint (proc_triage_progress_get_n_untriaged (progress), ==, N_PAPERS - 5);
  g_assert_cmpuint (progress->days->len, ==, 1);
  assert_day (progress, 0, 2024, 6, 3, 2, 0, 0, 2, 0, 0);

  tags = count_tags (lib, 10, &n_tags);
  g_assert_cmpuint (n_tags, ==, 1);
  g_assert_cmpuint (tags->len, ==, 1);
  assert_tag (tags, 0, "graphs", "", 2);
}

static void
test_tags (Library       *lib,
           gconstpointer  data)
{
  g_autoptr(GPtrArray) tags = NULL;
  g_autoptr(GPtrArray) top = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GError) error = NULL;
  gint64 vision, old;
  guint n_tags = 0;

  vision = proc_store_create_tag (lib->store, "vision", "#e01b24", &error);
  old = proc_store_create_tag (lib->store, "old", "#33d17a", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_tag (lib->store, lib->p, 5, "vision", &error));
  g_assert_true (proc_store_add_tag (lib->store, &lib->p[3], 7, "graphs", &error));
  g_assert_true (proc_store_add_tag (lib->store, lib->p, 2, "Audio", &error));
  g_assert_true (proc_store_add_tag (lib->store, &lib->p[6], 2, "ethics", &error));
  g_assert_true (proc_store_add_tag (lib->store, lib->p, 1, "old", &error));
  g_assert_true (proc_store_set_tag_colour (lib->store, vision, "#9141ac", &error));
  g_assert_no_error (error);

  tags = count_tags (lib, 10, &n_tags);
  g_assert_cmpuint (n_tags, ==, 5);
  g_assert_cmpuint (tags->len, ==, 5);
  assert_tag (tags, 0, "graphs", "", 7);
  assert_tag (tags, 1, "vision", "#9141ac", 5);
  /* Ties by name, whatever the case. */
  assert_tag (tags, 2, "Audio", "", 2);
  assert_tag (tags, 3, "ethics", "", 2);
  assert_tag (tags, 4, "old", "#33d17a", 1);
  g_assert_cmpint (((ProcTagCount *) g_ptr_array_index (tags, 1))->tag_id, ==, vision);

  /* The first three; all five are counted. */
  top = count_tags (lib, 3, &n_tags);
  g_assert_cmpuint (top->len, ==, 3);
  g_assert_cmpuint (n_tags, ==, 5);
  assert_tag (top, 2, "Audio", "", 2);

  none = count_tags (lib, 0, &n_tags);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (n_tags, ==, 5);

  /* A deleted tag, and a tag that lost its papers, are no longer there. */
  g_assert_true (proc_store_delete_tag (lib->store, old, &error));
  g_assert_true (proc_store_remove_tag (lib->store, &lib->p[6], 2, "ethics", &error));
  g_assert_no_error (error);
  g_clear_pointer (&tags, g_ptr_array_unref);
  tags = count_tags (lib, 10, &n_tags);
  g_assert_cmpuint (n_tags, ==, 3);
  g_assert_cmpuint (tags->len, ==, 3);
  assert_tag (tags, 0, "graphs", "", 7);
  assert_tag (tags, 1, "vision", "#9141ac", 5);
  assert_tag (tags, 2, "Audio", "", 2);
}

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  ProcStatistics **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = proc_store_load_statistics_finish (PROC_STORE (object), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*out);
}

static ProcStatistics *
load_statistics (Library *lib,
                 guint    max_tags)
{
  ProcStatistics *statistics = NULL;

  proc_store_load_statistics_async (lib->store, max_tags, 10, NULL, NULL, loaded_cb, &statistics);
  while (statistics == NULL)
    g_main_context_iteration (NULL, TRUE);

  return statistics;
}

/* The worker reads the library through a connection of its own: what
 * was committed, even while this connection is in a transaction. */
static void
test_load_async (Library       *lib,
                 gconstpointer  data)
{
  g_autoptr(ProcStatistics) statistics = NULL;
  g_autoptr(ProcStatistics) again = NULL;
  g_autoptr(GError) error = NULL;

  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1 }, 2);
  set_triage (lib, PROC_TRIAGE_MAYBE, (guint[]) { 2 }, 1);
  set_triaged_at (lib, 0, local_time (2024, 6, 3, 9));
  set_triaged_at (lib, 1, local_time (2024, 6, 4, 9));
  set_triaged_at (lib, 2, local_time (2024, 6, 4, 10));
  g_assert_true (proc_store_add_tag (lib->store, lib->p, 3, "graphs", &error));
  g_assert_true (proc_store_add_tag (lib->store, lib->p, 1, "vision", &error));
  g_assert_no_error (error);

  statistics = load_statistics (lib, 1);
  g_assert_cmpuint (statistics->progress->n_papers, ==, N_PAPERS);
  g_assert_cmpuint (statistics->progress->n_kept, ==, 2);
  g_assert_cmpuint (statistics->progress->n_maybe, ==, 1);
  g_assert_cmpuint (statistics->progress->days->len, ==, 2);
  assert_day (statistics->progress, 1, 2024, 6, 4, 1, 1, 0, 2, 1, 0);
  g_assert_cmpuint (statistics->n_tags, ==, 2);
  g_assert_cmpuint (statistics->tags->len, ==, 1);
  assert_tag (statistics->tags, 0, "graphs", "", 3);

  /* Not yet committed: not counted. */
  g_assert_true (_proc_store_begin (lib->store, &error));
  g_assert_true (_proc_store_exec (lib->store, "UPDATE papers SET triage = 3, triaged_at = 1", &error));
  g_assert_no_error (error);
  again = load_statistics (lib, 1);
  g_assert_cmpuint (again->progress->n_skipped, ==, 0);
  g_assert_cmpuint (again->progress->n_kept, ==, 2);
  _proc_store_rollback (lib->store);
}

/* Kept: K1 to K3; skipped, maybe and untriaged papers are all about
 * diffusion, which must not show. */
static const char * const phrase_papers[][2] = {
  { "Scalable graph neural networks",
    "We study graph neural networks on large graphs. Graph neural networks are slow; "
    "our sampling makes graph neural networks fast." },
  { "Pretraining language models with graph neural networks",
    "Language models can use graph neural networks to read knowledge graphs." },
  { "Graph neural networks for molecules",
    "A language model reads molecules. The language model predicts molecular properties "
    "and reads knowledge graphs." },
  { "Diffusion models for audio", "Diffusion models generate audio. We make diffusion models faster." },
  { "Diffusion models for images", "Diffusion models generate images. Diffusion models are slow." },
  { "Diffusion models for video", "Diffusion models generate video. Diffusion models are slower." },
  { "Diffusion models for text", "Diffusion models generate text. Diffusion models are new." },
};

static void
add_phrase_papers (Library *lib)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = proc_import_batch_begin (lib->store, "Phrases", NULL, &error);
  g_autoptr(GArray) ids = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (phrase_papers); i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
      ProcImportOutcome outcome;

      record->derived_title = g_strdup (phrase_papers[i][0]);
      record->abstract = g_strdup (phrase_papers[i][1]);
      g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  ids = proc_store_query_ids (lib->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, G_N_ELEMENTS (phrase_papers));
  for (guint i = 0; i < ids->len; i++)
    lib->p[i] = g_array_index (ids, gint64, i);

  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1, 2 }, 3);
  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 3, 4 }, 2);
  set_triage (lib, PROC_TRIAGE_MAYBE, (guint[]) { 5 }, 1);
}

static GPtrArray *
count_phrases (Library *lib,
               guint    max_phrases)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *phrases = proc_store_count_key_phrases (lib->store, PROC_TRIAGE_KEEP, max_phrases, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (phrases);
  return phrases;
}

static void
assert_phrase (GPtrArray  *phrases,
               guint       index,
               const char *phrase,
               guint       n_papers)
{
  ProcPhraseCount *count;

  g_assert_cmpuint (index, <, phrases->len);
  count = g_ptr_array_index (phrases, index);
  g_assert_cmpstr (count->phrase, ==, phrase);
  g_assert_cmpuint (count->n_papers, ==, n_papers);
}

static void
test_key_phrases (Library       *lib,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) top = NULL;
  g_autoptr(GPtrArray) fewer = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GError) error = NULL;

  add_phrase_papers (lib);

  /* Said three times by K1, counted once; "language models" (K2) and
   * "language model" (K3) are one phrase, of two papers. */
  all = count_phrases (lib, 10);
  g_assert_cmpuint (all->len, ==, 3);
  assert_phrase (all, 0, "graph neural networks", 3);
  assert_phrase (all, 1, "language model", 2);
  assert_phrase (all, 2, "molecules", 1);

  top = count_phrases (lib, 1);
  g_assert_cmpuint (top->len, ==, 1);
  assert_phrase (top, 0, "graph neural networks", 3);

  /* K1 skipped after all, K3 deleted: their phrases go with them.  Equal
   * counts are in alphabetical order. */
  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 0 }, 1);
  g_assert_true (proc_store_delete_papers (lib->store, &lib->p[2], 1, &error));
  g_assert_no_error (error);
  fewer = count_phrases (lib, 10);
  g_assert_cmpuint (fewer->len, ==, 2);
  assert_phrase (fewer, 0, "graph neural networks", 1);
  assert_phrase (fewer, 1, "language models", 1);

  set_triage (lib, PROC_TRIAGE_MAYBE, (guint[]) { 1 }, 1);
  none = count_phrases (lib, 10);
  g_assert_cmpuint (none->len, ==, 0);
}

static void
test_key_phrases_cancelled (Library       *lib,
                            gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) phrases = NULL;

  add_phrase_papers (lib);
  g_cancellable_cancel (cancellable);
  phrases = proc_store_count_key_phrases (lib->store, PROC_TRIAGE_KEEP, 10, NULL, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (phrases);
}

static void
assert_same_phrases (GPtrArray *a,
                     GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      ProcPhraseCount *pa = g_ptr_array_index (a, i);

      assert_phrase (b, i, pa->phrase, pa->n_papers);
    }
}

/* A cache gives what a count without one gives, before and after a
 * paper's text changes, and holds only the papers of the last count. */
static void
test_key_phrases_cache (Library       *lib,
                        gconstpointer  data)
{
  g_autoptr(ProcPhraseCache) cache = proc_phrase_cache_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GPtrArray) edited = NULL;
  g_autoptr(GPtrArray) edited_fresh = NULL;
  g_autoptr(GPtrArray) fewer = NULL;

  add_phrase_papers (lib);

  first = proc_store_count_key_phrases (lib->store, PROC_TRIAGE_KEEP, 10, cache, NULL, &error);
  g_assert_no_error (error);
  assert_phrase (first, 0, "graph neural networks", 3);
  g_assert_cmpuint (proc_phrase_cache_get_size (cache), ==, 3);
  again = proc_store_count_key_phrases (lib->store, PROC_TRIAGE_KEEP, 10, cache, NULL, &error);
  g_assert_no_error (error);
  assert_same_phrases (first, again);

  /* K3 renamed: its title is read anew, its old text leaves the cache. */
  g_assert_true (proc_store_set_user_title (lib->store, lib->p[2], "Protein folding with language models", &error));
  g_assert_no_error (error);
  edited = proc_store_count_key_phrases (lib->store, PROC_TRIAGE_KEEP, 10, cache, NULL, &error);
  g_assert_no_error (error);
  edited_fresh = count_phrases (lib, 10);
  assert_same_phrases (edited_fresh, edited);
  g_assert_true (edited->len != first->len ||
                 g_strcmp0 (((ProcPhraseCount *) g_ptr_array_index (edited, edited->len - 1))->phrase,
                            ((ProcPhraseCount *) g_ptr_array_index (first, first->len - 1))->phrase) != 0);
  g_assert_cmpuint (proc_phrase_cache_get_size (cache), ==, 3);

  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 0 }, 1);
  fewer = proc_store_count_key_phrases (lib->store, PROC_TRIAGE_KEEP, 10, cache, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (proc_phrase_cache_get_size (cache), ==, 2);
}

/* The worker counts the kept papers' phrases with the rest. */
static void
test_load_async_phrases (Library       *lib,
                         gconstpointer  data)
{
  g_autoptr(ProcStatistics) statistics = NULL;

  add_phrase_papers (lib);
  statistics = load_statistics (lib, 10);
  g_assert_cmpuint (statistics->progress->n_kept, ==, 3);
  g_assert_cmpuint (statistics->phrases->len, ==, 3);
  assert_phrase (statistics->phrases, 0, "graph neural networks", 3);
  assert_phrase (statistics->phrases, 1, "language model", 2);
}

/* The sidebar's counts from their own indexes are what counting each
 * entry's query gives, read states, stars, notes, code links (two on one
 * paper count it once) and decisions mixed, before and after a deletion. */
static void
assert_library_counts (Library *lib)
{
  g_autoptr(GError) error = NULL;
  ProcLibraryCounts counts;
  const char *untriaged[] = { "is:untriaged", "is:kept", "is:maybe", "is:skipped" };

  g_assert_true (proc_store_count_library (lib->store, &counts, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.n_papers, ==, proc_store_count (lib->store, ""));
  g_assert_cmpuint (counts.n_unread, ==, proc_store_count (lib->store, "is:unread"));
  g_assert_cmpuint (counts.n_reading, ==, proc_store_count (lib->store, "is:reading"));
  g_assert_cmpuint (counts.n_starred, ==, proc_store_count (lib->store, "is:starred"));
  g_assert_cmpuint (counts.n_with_note, ==, proc_store_count (lib->store, "has:note"));
  g_assert_cmpuint (counts.n_with_code, ==, proc_store_count (lib->store, "has:code"));
  for (guint i = 0; i < G_N_ELEMENTS (untriaged); i++)
    g_assert_cmpuint (counts.n_triage[i], ==, proc_store_count (lib->store, untriaged[i]));
}

static void
test_library_counts (Library       *lib,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ProcLibraryCounts counts;

  g_assert_true (proc_store_set_read_state (lib->store, &lib->p[0], 3, PROC_READ_STATE_READING, &error));
  g_assert_true (proc_store_set_read_state (lib->store, &lib->p[2], 2, PROC_READ_STATE_READ, &error));
  g_assert_true (proc_store_set_starred (lib->store, &lib->p[1], 4, TRUE, &error));
  g_assert_true (proc_store_set_note (lib->store, lib->p[5], "A note", &error));
  g_assert_no_error (error);
  set_triage (lib, PROC_TRIAGE_KEEP, (guint[]) { 0, 1, 2 }, 3);
  set_triage (lib, PROC_TRIAGE_MAYBE, (guint[]) { 6 }, 1);
  set_triage (lib, PROC_TRIAGE_SKIP, (guint[]) { 7, 8 }, 2);
  {
    g_autofree char *sql = g_strdup_printf ("INSERT INTO paper_links (paper_id, position, url, kind) VALUES"
                                            " (%" G_GINT64_FORMAT ", 0, 'https://github.com/a/b', 'code'),"
                                            " (%" G_GINT64_FORMAT ", 1, 'https://github.com/a/c', 'code'),"
                                            " (%" G_GINT64_FORMAT ", 0, 'https://github.com/d/e', 'code'),"
                                            " (%" G_GINT64_FORMAT ", 0, 'https://example.org/p.pdf', 'pdf')",
                                            lib->p[3], lib->p[3], lib->p[4], lib->p[9]);

    g_assert_true (_proc_store_exec (lib->store, sql, &error));
    g_assert_no_error (error);
  }

  g_assert_true (proc_store_count_library (lib->store, &counts, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.n_papers, ==, N_PAPERS);
  g_assert_cmpuint (counts.n_unread, ==, N_PAPERS - 4);
  g_assert_cmpuint (counts.n_reading, ==, 2);
  g_assert_cmpuint (counts.n_starred, ==, 4);
  g_assert_cmpuint (counts.n_with_note, ==, 1);
  g_assert_cmpuint (counts.n_with_code, ==, 2);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_UNTRIAGED], ==, N_PAPERS - 6);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_KEEP], ==, 3);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_MAYBE], ==, 1);
  g_assert_cmpuint (counts.n_triage[PROC_TRIAGE_SKIP], ==, 2);
  assert_library_counts (lib);

  /* A deleted paper takes its read state, star, decision and links along. */
  g_assert_true (proc_store_delete_papers (lib->store, &lib->p[1], 3, &error));
  g_assert_no_error (error);
  assert_library_counts (lib);
  g_assert_cmpuint (proc_store_count (lib->store, "has:code"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  /* Ten hours east of UTC, without daylight saving time. */
  g_setenv ("TZ", "PROC-10", TRUE);
  tzset ();

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, n_papers, func) \
  g_test_add (path, Library, GUINT_TO_POINTER (n_papers), library_set_up, func, library_tear_down)
  ADD ("/statistics/empty", 0, test_empty);
  ADD ("/statistics/untriaged", N_PAPERS, test_untriaged);
  ADD ("/statistics/decided-today", N_PAPERS, test_decided_today);
  ADD ("/statistics/days", N_PAPERS, test_days);
  ADD ("/statistics/local-days", N_PAPERS, test_local_days);
  ADD ("/statistics/decided-again", N_PAPERS, test_decided_again);
  ADD ("/statistics/deleted-papers", N_PAPERS, test_deleted_papers);
  ADD ("/statistics/tags", N_PAPERS, test_tags);
  ADD ("/statistics/library-counts", N_PAPERS, test_library_counts);
  ADD ("/statistics/load-async", N_PAPERS, test_load_async);
  ADD ("/statistics/key-phrases", 0, test_key_phrases);
  ADD ("/statistics/key-phrases/cancelled", 0, test_key_phrases_cancelled);
  ADD ("/statistics/key-phrases/cache", 0, test_key_phrases_cache);
  ADD ("/statistics/load-async/phrases", 0, test_load_async_phrases);
#undef ADD

  return g_test_run ();
}
