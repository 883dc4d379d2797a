/* proc-bibtex-text.h: BibTeX field values to Unicode text and back
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

G_END_DECLS

/* Names, lists and keys, which used to be declared here. */
#include "proc-bibtex-names.h"
