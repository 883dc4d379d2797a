/* crash-common.h: what the crash worker and the crash-safety test both derive from a round
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The list every library of the test starts with: the papers tags and
 * notes are written to.  Imports and deletes never touch it. */
#define CRASH_SEED_LIST "Crash seed"
/* Notes are autosaved on the first papers of the seed list. */
#define CRASH_NOTE_PAPERS 24

/* The papers a bulk tag goes to: every @stride-th paper of the seed list
 * from position @offset, the first @n of them: an eighth to a half of
 * the seed list. */
typedef struct
{
  guint n;
  guint stride;
  guint offset;
} CrashTagSet;

char     *crash_import_list_name (guint         round);
gboolean  crash_write_list       (const char   *path,
                                  const char   *title,
                                  guint         round,
                                  guint         n_papers,
                                  GError      **error);
char     *crash_note_text        (gint64        paper_id,
                                  guint64       version);
char     *crash_tag_name         (guint         round,
                                  guint         j);
void      crash_tag_set          (guint         round,
                                  guint         j,
                                  guint         n_seed,
                                  CrashTagSet  *set);

G_END_DECLS
