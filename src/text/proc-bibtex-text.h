/* proc-bibtex-text.h: BibTeX field values to Unicode text and back, names, keys
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How a field's value is read and written.  The text kinds keep inline
 * math ($…$, $$…$$) as it is, since the app renders TeX math. */
typedef enum
{
  /* A title, venue, tag or name: one line of Unicode text, TeX accents
   * and escapes decoded, braces and font commands gone. */
  PROC_BIBTEX_TEXT_TITLE,
  /* A note: like a title, but line breaks (\\) and paragraphs are kept. */
  PROC_BIBTEX_TEXT_PLAIN,
  /* An abstract: TeX-ish text for the app's renderer.  Only what means the
   * same everywhere is decoded (accented letters, \&, \%, \#, \_, \\ as
   * a line break); braces, font commands, \{, \$, ~ and -- stay. */
  PROC_BIBTEX_TEXT_ABSTRACT,
  /* A URL, DOI or page range: only braces and escapes are removed. */
  PROC_BIBTEX_TEXT_VERBATIM,
} ProcBibtexText;

char      *proc_bibtex_decode        (const char            *value,
                                      ProcBibtexText         kind);
char      *proc_bibtex_encode        (const char            *text,
                                      ProcBibtexText         kind);
char      *proc_bibtex_encode_title  (const char            *title);

char      *proc_bibtex_decode_names  (const char            *value);
char      *proc_bibtex_encode_names  (const char            *authors);

GPtrArray *proc_bibtex_split_list    (const char            *value);
char      *proc_bibtex_encode_list   (const char * const    *items,
                                      guint                  n_items);

char      *proc_bibtex_make_key      (const char            *authors,
                                      const char            *title,
                                      int                    year);
gboolean   proc_bibtex_is_valid_key  (const char            *key);

G_END_DECLS
