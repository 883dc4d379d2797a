/* proc-bibtex-private.h: what the BibTeX decoder, encoder and name parser share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-bibtex-text.h"

G_BEGIN_DECLS

/* Decoding and encoding are built as inverses: for any text the decoder
 * can produce, decode (encode (text)) gives the text back.  The rules
 * both sides share:
 *
 *  - `$…$` and `$$…$$` are math and stay as they are, when the closing
 *    dollar comes before a blank line and the braces inside balance as
 *    BibTeX counts them (proc_bibtex_math_end ()); the writer writes every other
 *    dollar as `\$` (`\textdollar{}` in an abstract, where `\$` stays);
 *  - BibTeX counts every brace, escaped or not, so a brace that has no
 *    partner is written as `$\lbrace$`, which LaTeX, pandoc and the
 *    decoder read as a brace; in an abstract, where `{` groups and `\{`
 *    is a brace, `\{` without a partner is written `\textbraceleft{}`;
 *  - a forced line break is `\\` at the end of a line, a paragraph a
 *    blank line;
 *  - what proc-tex-table.c decodes in a title is protected where the text
 *    means itself: `-{}-`, `` `{}` ``, `'{}'`, and `{"}u` after a letter
 *    (`\textquotedbl{}u` in an abstract). */

#define NO_MATCH   G_MAXSIZE
/* Stands for a forced line break (\\) until white space is folded. */
#define LINE_BREAK '\x01'

/* Where each '{' of a value closes, found in one pass: built only once a
 * search for a closing brace has failed, since a value such as
 * "{\\}{\\}{\\}…" (balanced as BibTeX counts, but not one group as the
 * decoder counts) would otherwise search to its end from every brace. */
typedef struct
{
  gsize    len;
  guint32 *close;     /* per byte; NULL until needed */
  gboolean missed;
} BraceMatches;

#define MATCH_UNKNOWN   G_MAXUINT32          /* not a brace the pass saw open */
#define MATCH_NONE      (G_MAXUINT32 - 1)    /* a '{' that never closes */

static inline gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

gboolean proc_bibtex_blank_line_at (const char     *text,
                                    gsize           pos,
                                    gsize           end);
gsize    proc_bibtex_math_end      (const char     *text,
                                    gsize           pos,
                                    gsize           end);
gsize    proc_bibtex_group_end     (BraceMatches   *matches,
                                    const char     *text,
                                    gsize           pos,
                                    gsize           end);
char    *proc_bibtex_fold_space    (const char     *text,
                                    ProcBibtexText  kind);
char    *proc_bibtex_encode_with   (const char     *text,
                                    ProcBibtexText  kind,
                                    gboolean        protect_case,
                                    gboolean        math);

G_END_DECLS
