/* proc-match-text.h: text folded for comparison, and how alike two texts are
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Two abstracts at least this alike (proc_match_similarity()) are one
 * paper's: see the README's "Matching" for the values measured. */
#define PROC_MATCH_THRESHOLD 0.9

char    *proc_match_fold        (const char *text);
void     proc_match_append_fold (GString    *out,
                                 const char *text);
GArray  *proc_match_shingles    (const char *folded);
double   proc_match_jaccard     (GArray     *a,
                                 GArray     *b);
double   proc_match_containment (GArray     *part,
                                 GArray     *whole);
double   proc_match_similarity  (const char *text_a,
                                 const char *text_b);

G_END_DECLS
