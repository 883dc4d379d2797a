/* proc-statistics.h: what the statistics view draws, counted in SQL
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-store.h"

G_BEGIN_DECLS

/* The decisions of one local day, by the kind each paper has now, and
 * all of them up to the end of that day. */
typedef struct
{
  GDate date;
  guint kept;
  guint maybe;
  guint skipped;
  guint total_kept;
  guint total_maybe;
  guint total_skipped;
} ProcTriageDay;

typedef struct
{
  guint n_papers;
  guint n_kept;
  guint n_maybe;
  guint n_skipped;
  GArray *days;           /* of ProcTriageDay, oldest first; only days with decisions */
} ProcTriageProgress;

typedef struct
{
  gint64 tag_id;
  char *name;
  char *colour;           /* as the tag has it; "" for none */
  guint n_papers;
} ProcTagCount;

/* A key phrase, and how many papers have it among theirs. */
typedef struct
{
  char *phrase;           /* as most of those papers write it */
  guint n_papers;
} ProcPhraseCount;

typedef struct _ProcPhraseCache ProcPhraseCache;

/* The sidebar's numbers: what proc_store_count() gives for "", is:unread,
 * is:reading, is:starred, has:note and has:code, and the papers by
 * decision, by #ProcTriage. */
typedef struct
{
  guint n_papers;
  guint n_unread;
  guint n_reading;
  guint n_starred;
  guint n_with_note;
  guint n_with_code;
  guint n_triage[4];
} ProcLibraryCounts;

/* Everything the statistics show, read at one moment. */
typedef struct
{
  ProcTriageProgress *progress;
  GPtrArray *tags;        /* of ProcTagCount, most papers first */
  guint n_tags;           /* tags with a paper, shown or not */
  GPtrArray *phrases;     /* of ProcPhraseCount, of the kept papers, most papers first */
} ProcStatistics;

void                proc_triage_progress_free            (ProcTriageProgress  *progress);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcTriageProgress, proc_triage_progress_free)
guint               proc_triage_progress_get_n_untriaged (ProcTriageProgress  *progress);
void                proc_tag_count_free                  (ProcTagCount        *count);
void                proc_phrase_count_free               (ProcPhraseCount     *count);
void                proc_statistics_free                 (ProcStatistics      *statistics);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcStatistics, proc_statistics_free)
ProcPhraseCache    *proc_phrase_cache_new                (void);
ProcPhraseCache    *proc_phrase_cache_ref                (ProcPhraseCache     *cache);
void                proc_phrase_cache_unref              (ProcPhraseCache     *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcPhraseCache, proc_phrase_cache_unref)
guint               proc_phrase_cache_get_size           (ProcPhraseCache     *cache);

ProcTriageProgress *proc_store_get_triage_progress       (ProcStore           *self,
                                                          GError             **error);
gboolean            proc_store_count_library             (ProcStore           *self,
                                                          ProcLibraryCounts   *counts,
                                                          GError             **error);
GPtrArray          *proc_store_count_tags                (ProcStore           *self,
                                                          guint                max_tags,
                                                          guint               *n_tags,
                                                          GError             **error);
GPtrArray          *proc_store_count_key_phrases         (ProcStore           *self,
                                                          ProcTriage           triage,
                                                          guint                max_phrases,
                                                          ProcPhraseCache     *cache,
                                                          GCancellable        *cancellable,
                                                          GError             **error);

void                proc_store_load_statistics_async     (ProcStore           *self,
                                                          guint                max_tags,
                                                          guint                max_phrases,
                                                          ProcPhraseCache     *cache,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
ProcStatistics     *proc_store_load_statistics_finish    (ProcStore           *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);

G_END_DECLS
