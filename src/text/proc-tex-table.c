/* proc-tex-table.c: the TeX text commands, accents and ligatures the app decodes
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-tex-table.h"

/* One table for the two readers of TeX text: the BibTeX field decoder
 * (proc-bibtex-decode.c), which turns titles, names and venues into
 * Unicode at import, and the abstract renderer (proc-tex.c), which shows
 * the abstracts of every format.  An abstract imported from BibTeX keeps
 * what would mean something else to the renderer (\textbackslash, --, ~),
 * so it is decoded once, when shown.  The math-only commands (\alpha,
 * \frac…) are the renderer's own, in proc-tex-commands.c.
 *
 * tests/test-tex-table.c has an expected output for every row. */

#define ALL      (PROC_TEX_IN_TEXT | PROC_TEX_IN_MATH)
#define TEXT     PROC_TEX_IN_TEXT
#define SHOWN    (PROC_TEX_IN_FIELD | PROC_TEX_IN_RENDER)
#define SHOWN_M  (PROC_TEX_IN_FIELD | PROC_TEX_IN_RENDER | PROC_TEX_IN_MATH)

#define SYM      PROC_TEX_ROW_SYMBOL
#define LET      PROC_TEX_ROW_LETTER
#define ACC      PROC_TEX_ROW_ACCENT
#define LIG      PROC_TEX_ROW_LIGATURE
#define BABEL    PROC_TEX_ROW_SHORTHAND

static const ProcTexRow rows[] = {
  /* Accents written with a symbol: \'e, \"{o}, \~a */
  { "\\'", "\u0301", ACC, ALL }, { "\\`", "\u0300", ACC, ALL },
  { "\\^", "\u0302", ACC, ALL }, { "\\\"", "\u0308", ACC, ALL },
  { "\\~", "\u0303", ACC, ALL }, { "\\=", "\u0304", ACC, ALL },
  { "\\.", "\u0307", ACC, ALL },

  /* Accents written with a letter: \c{c}, \v s.  In math \d and \b are
   * letters, so these are text only. */
  { "\\u", "\u0306", ACC, TEXT }, { "\\v", "\u030c", ACC, TEXT },
  { "\\H", "\u030b", ACC, TEXT }, { "\\c", "\u0327", ACC, TEXT },
  { "\\k", "\u0328", ACC, TEXT }, { "\\r", "\u030a", ACC, TEXT },
  { "\\d", "\u0323", ACC, TEXT }, { "\\b", "\u0331", ACC, TEXT },
  { "\\t", "\u0361", ACC, TEXT },

  /* Letters */
  { "\\aa", "å", LET, TEXT }, { "\\AA", "Å", LET, TEXT },
  { "\\ae", "æ", LET, TEXT }, { "\\AE", "Æ", LET, TEXT },
  { "\\oe", "œ", LET, TEXT }, { "\\OE", "Œ", LET, TEXT },
  { "\\o", "ø", LET, TEXT }, { "\\O", "Ø", LET, TEXT },
  { "\\l", "ł", LET, TEXT }, { "\\L", "Ł", LET, TEXT },
  { "\\ss", "ß", LET, TEXT }, { "\\SS", "SS", LET, TEXT },
  { "\\i", "ı", LET, TEXT }, { "\\j", "ȷ", LET, TEXT },
  { "\\dh", "ð", LET, TEXT }, { "\\DH", "Ð", LET, TEXT },
  { "\\th", "þ", LET, TEXT }, { "\\TH", "Þ", LET, TEXT },
  { "\\ng", "ŋ", LET, TEXT }, { "\\NG", "Ŋ", LET, TEXT },
  { "\\dj", "đ", LET, TEXT }, { "\\DJ", "Đ", LET, TEXT },

  /* Escaped special characters.  An abstract keeps \$ \{ \}, which the
   * renderer reads as the character. */
  { "\\&", "&", SYM, ALL }, { "\\%", "%", SYM, ALL },
  { "\\#", "#", SYM, ALL }, { "\\_", "_", SYM, ALL },
  { "\\$", "$", SYM, SHOWN_M }, { "\\{", "{", SYM, SHOWN_M }, { "\\}", "}", SYM, SHOWN_M },

  /* Text symbols.  An abstract keeps \textbackslash and \textasciitilde,
   * which would read as TeX once decoded. */
  { "\\textbackslash", "\\", SYM, SHOWN_M }, { "\\textasciitilde", "~", SYM, SHOWN_M },
  { "\\textasciicircum", "^", SYM, ALL }, { "\\textdollar", "$", SYM, ALL },
  { "\\textbraceleft", "{", SYM, ALL }, { "\\textbraceright", "}", SYM, ALL },
  { "\\textunderscore", "_", SYM, ALL }, { "\\textasciigrave", "`", SYM, ALL },
  { "\\textendash", "–", SYM, ALL }, { "\\textemdash", "—", SYM, ALL },
  { "\\textquotesingle", "'", SYM, ALL }, { "\\textquotedbl", "\"", SYM, ALL },
  { "\\textquoteleft", "‘", SYM, ALL }, { "\\textquoteright", "’", SYM, ALL },
  { "\\textquotedblleft", "“", SYM, ALL }, { "\\textquotedblright", "”", SYM, ALL },
  { "\\quotesinglbase", "‚", SYM, ALL }, { "\\quotedblbase", "„", SYM, ALL },
  { "\\textless", "<", SYM, ALL }, { "\\textgreater", ">", SYM, ALL },
  { "\\textbar", "|", SYM, ALL }, { "\\textbullet", "•", SYM, ALL },
  { "\\textperiodcentered", "·", SYM, ALL }, { "\\textregistered", "®", SYM, ALL },
  { "\\texttrademark", "™", SYM, ALL }, { "\\copyright", "©", SYM, ALL },
  { "\\textcopyright", "©", SYM, ALL }, { "\\textsterling", "£", SYM, ALL },
  { "\\pounds", "£", SYM, ALL }, { "\\texteuro", "€", SYM, ALL },
  { "\\euro", "€", SYM, ALL }, { "\\textyen", "¥", SYM, ALL },
  { "\\textcent", "¢", SYM, ALL }, { "\\textdegree", "°", SYM, ALL },
  { "\\textmu", "µ", SYM, ALL }, { "\\texttimes", "×", SYM, ALL },
  { "\\textdiv", "÷", SYM, ALL }, { "\\textpm", "±", SYM, ALL },
  { "\\textonehalf", "½", SYM, ALL }, { "\\textsection", "§", SYM, ALL },
  { "\\S", "§", SYM, TEXT }, { "\\P", "¶", SYM, TEXT },
  { "\\textparagraph", "¶", SYM, ALL }, { "\\dag", "†", SYM, ALL },
  { "\\textdagger", "†", SYM, ALL }, { "\\ddag", "‡", SYM, ALL },
  { "\\textdaggerdbl", "‡", SYM, ALL }, { "\\ldots", "…", SYM, ALL },
  { "\\dots", "…", SYM, ALL }, { "\\textellipsis", "…", SYM, ALL },
  { "\\guillemotleft", "«", SYM, ALL }, { "\\guillemotright", "»", SYM, ALL },
  { "\\guillemetleft", "«", SYM, ALL }, { "\\guillemetright", "»", SYM, ALL },
  { "\\textexclamdown", "¡", SYM, ALL }, { "\\textquestiondown", "¿", SYM, ALL },
  { "\\LaTeX", "LaTeX", SYM, ALL }, { "\\TeX", "TeX", SYM, ALL },
  { "\\BibTeX", "BibTeX", SYM, ALL },

  /* Ligatures of text (not of math, URLs or DOIs).  An abstract keeps
   * them as they are and the renderer prints them, ~ as a no-break space
   * only between words ("Fig.~2"; "~20%" is "about 20%"). */
  { "---", "—", LIG, SHOWN }, { "--", "–", LIG, SHOWN },
  { "``", "“", LIG, SHOWN }, { "''", "”", LIG, SHOWN },
  { "~", "\u00a0", LIG, SHOWN },

  /* babel's shorthands (ngerman, dutch), inside a word only: Kainm"uller */
  { "\"a", "ä", BABEL, TEXT }, { "\"o", "ö", BABEL, TEXT },
  { "\"u", "ü", BABEL, TEXT }, { "\"A", "Ä", BABEL, TEXT },
  { "\"O", "Ö", BABEL, TEXT }, { "\"U", "Ü", BABEL, TEXT },
  { "\"e", "ë", BABEL, TEXT }, { "\"i", "ï", BABEL, TEXT },
};

/* Returns: (transfer none): every row */
const ProcTexRow *
proc_tex_table_get (guint *n_rows)
{
  *n_rows = G_N_ELEMENTS (rows);
  return rows;
}

/**
 * proc_tex_table_lookup:
 * @command: a command as the table writes it, "\\textendash" or "\"u",
 *   not necessarily nul-terminated
 *
 * Returns: (transfer none) (nullable): its row
 */
const ProcTexRow *
proc_tex_table_lookup (const char *command,
                       gsize       len)
{
  static GHashTable *index;
  static gsize initialized = 0;
  char buf[32];

  if (g_once_init_enter (&initialized))
    {
      index = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
        g_hash_table_insert (index, (gpointer) rows[i].command, (gpointer) &rows[i]);
      g_once_init_leave (&initialized, 1);
    }

  if (len == 0 || len >= sizeof buf)
    return NULL;

  memcpy (buf, command, len);
  buf[len] = '\0';

  return g_hash_table_lookup (index, buf);
}
