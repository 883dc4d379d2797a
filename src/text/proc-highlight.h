/* proc-highlight.h: search words marked in a text, as Pango markup
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Words to mark, and how; word_start: only where a word starts. */
typedef struct
{
  const char * const *terms;
  const char         *open_tag;
  const char         *close_tag;
  gboolean            word_start;
} ProcHighlightSet;

char *proc_highlight_markup_sets (const char             *text,
                                  const ProcHighlightSet *sets,
                                  guint                   n_sets);
char *proc_highlight_in_markup   (const char             *markup,
                                  const ProcHighlightSet *sets,
                                  guint                   n_sets);
char *proc_highlight_markup (const char         *text,
                             const char * const *terms,
                             const char         *open_tag,
                             const char         *close_tag);

G_END_DECLS
