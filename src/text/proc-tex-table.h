/* proc-tex-table.h: the TeX text commands, accents and ligatures the app decodes
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  PROC_TEX_ROW_SYMBOL,     /* \textendash: prints its text */
  PROC_TEX_ROW_LETTER,     /* \o, \ss: a letter, which {\o} stands for */
  PROC_TEX_ROW_ACCENT,     /* \v{s}, \'e: its combining mark after the argument */
  PROC_TEX_ROW_LIGATURE,   /* --, ~: characters that TeX prints as another */
  PROC_TEX_ROW_SHORTHAND,  /* babel's "u: a letter inside a word, the quote its umlaut */
} ProcTexRowKind;

/* Where a row applies. */
typedef enum
{
  PROC_TEX_IN_FIELD    = 1 << 0,  /* BibTeX titles, names, venues, notes: decoded at import */
  PROC_TEX_IN_ABSTRACT = 1 << 1,  /* BibTeX abstracts: decoded at import (else kept as TeX) */
  PROC_TEX_IN_RENDER   = 1 << 2,  /* abstracts of every format, as the app shows and exports them */
  PROC_TEX_IN_MATH     = 1 << 3,  /* also between dollars, when rendered */
} ProcTexContext;

#define PROC_TEX_IN_TEXT (PROC_TEX_IN_FIELD | PROC_TEX_IN_ABSTRACT | PROC_TEX_IN_RENDER)

typedef struct
{
  const char *command;   /* as written, without its argument: "\\textendash", "\\'", "--", "\"u" */
  const char *text;      /* what it becomes; for an accent, the combining mark */
  guint8      kind;      /* a ProcTexRowKind */
  guint8      contexts;  /* ProcTexContext flags */
} ProcTexRow;

const ProcTexRow *proc_tex_table_get    (guint       *n_rows);
const ProcTexRow *proc_tex_table_lookup (const char  *command,
                                         gsize        len);

G_END_DECLS
