/* test-tex-table.c: every row of the TeX text table, in a field, an abstract and on screen
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "proc-bibtex-text.h"
#include "proc-tex.h"
#include "proc-tex-table.h"

/* One line per row of proc-tex-table.c: the row's command, an input that
 * uses it, and what it becomes in a BibTeX title (decoded at import), in a
 * BibTeX abstract (stored as TeX-ish text) and on screen (the renderer, as
 * plain text).  A row added to the table without a line here fails. */
typedef struct
{
  const char *command;
  const char *input;
  const char *field;
  const char *abstract;
  const char *render;
} RowCase;

/* An abstract keeps what the renderer reads as TeX (\\$, \\{, --, ~), and a
 * brace on its own is \\{ there. */
static const RowCase row_cases[] = {
  { "\\'", "\\'{e}", "é", "é", "é" },
  { "\\`", "\\`{e}", "è", "è", "è" },
  { "\\^", "\\^{o}", "ô", "ô", "ô" },
  { "\\\"", "\\\"{o}", "ö", "ö", "ö" },
  { "\\~", "\\~{a}", "ã", "ã", "ã" },
  { "\\=", "\\={a}", "ā", "ā", "ā" },
  { "\\.", "\\.{z}", "ż", "ż", "ż" },
  { "\\u", "\\u{a}", "ă", "ă", "ă" },
  { "\\v", "\\v{s}", "š", "š", "š" },
  { "\\H", "\\H{o}", "ő", "ő", "ő" },
  { "\\c", "\\c{c}", "ç", "ç", "ç" },
  { "\\k", "\\k{a}", "ą", "ą", "ą" },
  { "\\r", "\\r{a}", "å", "å", "å" },
  { "\\d", "\\d{a}", "ạ", "ạ", "ạ" },
  { "\\b", "\\b{a}", "a\u0331", "a\u0331", "a\u0331" },
  { "\\t", "\\t{oo}", "o\u0361o", "o\u0361o", "o\u0361o" },
  { "\\aa", "x\\aa{}y", "xåy", "xåy", "xåy" },
  { "\\AA", "x\\AA{}y", "xÅy", "xÅy", "xÅy" },
  { "\\ae", "x\\ae{}y", "xæy", "xæy", "xæy" },
  { "\\AE", "x\\AE{}y", "xÆy", "xÆy", "xÆy" },
  { "\\oe", "x\\oe{}y", "xœy", "xœy", "xœy" },
  { "\\OE", "x\\OE{}y", "xŒy", "xŒy", "xŒy" },
  { "\\o", "x\\o{}y", "xøy", "xøy", "xøy" },
  { "\\O", "x\\O{}y", "xØy", "xØy", "xØy" },
  { "\\l", "x\\l{}y", "xły", "xły", "xły" },
  { "\\L", "x\\L{}y", "xŁy", "xŁy", "xŁy" },
  { "\\ss", "x\\ss{}y", "xßy", "xßy", "xßy" },
  { "\\SS", "x\\SS{}y", "xSSy", "xSSy", "xSSy" },
  { "\\i", "x\\i{}y", "xıy", "xıy", "xıy" },
  { "\\j", "x\\j{}y", "xȷy", "xȷy", "xȷy" },
  { "\\dh", "x\\dh{}y", "xðy", "xðy", "xðy" },
  { "\\DH", "x\\DH{}y", "xÐy", "xÐy", "xÐy" },
  { "\\th", "x\\th{}y", "xþy", "xþy", "xþy" },
  { "\\TH", "x\\TH{}y", "xÞy", "xÞy", "xÞy" },
  { "\\ng", "x\\ng{}y", "xŋy", "xŋy", "xŋy" },
  { "\\NG", "x\\NG{}y", "xŊy", "xŊy", "xŊy" },
  { "\\dj", "x\\dj{}y", "xđy", "xđy", "xđy" },
  { "\\DJ", "x\\DJ{}y", "xĐy", "xĐy", "xĐy" },
  { "\\&", "x\\&y", "x&y", "x&y", "x&y" },
  { "\\%", "x\\%y", "x%y", "x%y", "x%y" },
  { "\\#", "x\\#y", "x#y", "x#y", "x#y" },
  { "\\_", "x\\_y", "x_y", "x_y", "x_y" },
  { "\\$", "x\\$y", "x$y", "x\\$y", "x$y" },
  { "\\{", "x\\{y", "x{y", "x\\{y", "x{y" },
  { "\\}", "x\\}y", "x}y", "x\\}y", "x}y" },
  { "\\textbackslash", "x\\textbackslash{}y", "x\\y", "x\\textbackslash{}y", "x\\y" },
  { "\\textasciitilde", "x\\textasciitilde{}y", "x~y", "x\\textasciitilde{}y", "x~y" },
  { "\\textasciicircum", "x\\textasciicircum{}y", "x^y", "x^y", "x^y" },
  { "\\textdollar", "x\\textdollar{}y", "x$y", "x$y", "x$y" },
  { "\\textbraceleft", "x\\textbraceleft{}y", "x{y", "x\\{y", "x{y" },
  { "\\textbraceright", "x\\textbraceright{}y", "x}y", "x\\}y", "x}y" },
  { "\\textunderscore", "x\\textunderscore{}y", "x_y", "x_y", "x_y" },
  { "\\textasciigrave", "x\\textasciigrave{}y", "x`y", "x`y", "x`y" },
  { "\\textendash", "x\\textendash{}y", "x–y", "x–y", "x–y" },
  { "\\textemdash", "x\\textemdash{}y", "x—y", "x—y", "x—y" },
  { "\\textquotesingle", "x\\textquotesingle{}y", "x'y", "x'y", "x'y" },
  { "\\textquotedbl", "x\\textquotedbl{}y", "x\"y", "x\"y", "x\"y" },
  { "\\textquoteleft", "x\\textquoteleft{}y", "x‘y", "x‘y", "x‘y" },
  { "\\textquoteright", "x\\textquoteright{}y", "x’y", "x’y", "x’y" },
  { "\\textquotedblleft", "x\\textquotedblleft{}y", "x“y", "x“y", "x“y" },
  { "\\textquotedblright", "x\\textquotedblright{}y", "x”y", "x”y", "x”y" },
  { "\\quotesinglbase", "x\\quotesinglbase{}y", "x‚y", "x‚y", "x‚y" },
  { "\\quotedblbase", "x\\quotedblbase{}y", "x„y", "x„y", "x„y" },
  { "\\textless", "x\\textless{}y", "x<y", "x<y", "x<y" },
  { "\\textgreater", "x\\textgreater{}y", "x>y", "x>y", "x>y" },
  { "\\textbar", "x\\textbar{}y", "x|y", "x|y", "x|y" },
  { "\\textbullet", "x\\textbullet{}y", "x•y", "x•y", "x•y" },
  { "\\textperiodcentered", "x\\textperiodcentered{}y", "x·y", "x·y", "x·y" },
  { "\\textregistered", "x\\textregistered{}y", "x®y", "x®y", "x®y" },
  { "\\texttrademark", "x\\texttrademark{}y", "x™y", "x™y", "x™y" },
  { "\\copyright", "x\\copyright{}y", "x©y", "x©y", "x©y" },
  { "\\textcopyright", "x\\textcopyright{}y", "x©y", "x©y", "x©y" },
  { "\\textsterling", "x\\textsterling{}y", "x£y", "x£y", "x£y" },
  { "\\pounds", "x\\pounds{}y", "x£y", "x£y", "x£y" },
  { "\\texteuro", "x\\texteuro{}y", "x€y", "x€y", "x€y" },
  { "\\euro", "x\\euro{}y", "x€y", "x€y", "x€y" },
  { "\\textyen", "x\\textyen{}y", "x¥y", "x¥y", "x¥y" },
  { "\\textcent", "x\\textcent{}y", "x¢y", "x¢y", "x¢y" },
  { "\\textdegree", "x\\textdegree{}y", "x°y", "x°y", "x°y" },
  { "\\textmu", "x\\textmu{}y", "xµy", "xµy", "xµy" },
  { "\\texttimes", "x\\texttimes{}y", "x×y", "x×y", "x×y" },
  { "\\textdiv", "x\\textdiv{}y", "x÷y", "x÷y", "x÷y" },
  { "\\textpm", "x\\textpm{}y", "x±y", "x±y", "x±y" },
  { "\\textonehalf", "x\\textonehalf{}y", "x½y", "x½y", "x½y" },
  { "\\textsection", "x\\textsection{}y", "x§y", "x§y", "x§y" },
  { "\\S", "x\\S{}y", "x§y", "x§y", "x§y" },
  { "\\P", "x\\P{}y", "x¶y", "x¶y", "x¶y" },
  { "\\textparagraph", "x\\textparagraph{}y", "x¶y", "x¶y", "x¶y" },
  { "\\dag", "x\\dag{}y", "x†y", "x†y", "x†y" },
  { "\\textdagger", "x\\textdagger{}y", "x†y", "x†y", "x†y" },
  { "\\ddag", "x\\ddag{}y", "x‡y", "x‡y", "x‡y" },
  { "\\textdaggerdbl", "x\\textdaggerdbl{}y", "x‡y", "x‡y", "x‡y" },
  { "\\ldots", "x\\ldots{}y", "x…y", "x…y", "x…y" },
  { "\\dots", "x\\dots{}y", "x…y", "x…y", "x…y" },
  { "\\textellipsis", "x\\textellipsis{}y", "x…y", "x…y", "x…y" },
  { "\\guillemotleft", "x\\guillemotleft{}y", "x«y", "x«y", "x«y" },
  { "\\guillemotright", "x\\guillemotright{}y", "x»y", "x»y", "x»y" },
  { "\\guillemetleft", "x\\guillemetleft{}y", "x«y", "x«y", "x«y" },
  { "\\guillemetright", "x\\guillemetright{}y", "x»y", "x»y", "x»y" },
  { "\\textexclamdown", "x\\textexclamdown{}y", "x¡y", "x¡y", "x¡y" },
  { "\\textquestiondown", "x\\textquestiondown{}y", "x¿y", "x¿y", "x¿y" },
  { "\\LaTeX", "x\\LaTeX{}y", "xLaTeXy", "xLaTeXy", "xLaTeXy" },
  { "\\TeX", "x\\TeX{}y", "xTeXy", "xTeXy", "xTeXy" },
  { "\\BibTeX", "x\\BibTeX{}y", "xBibTeXy", "xBibTeXy", "xBibTeXy" },
  { "---", "x---y", "x—y", "x---y", "x—y" },
  { "--", "x--y", "x–y", "x--y", "x–y" },
  { "``", "``x''", "“x”", "``x''", "“x”" },
  { "''", "``x''", "“x”", "``x''", "“x”" },
  { "~", "Fig.~2", "Fig.\u00a02", "Fig.~2", "Fig. 2" },
  { "\"a", "x\"ay", "xäy", "xäy", "xäy" },
  { "\"o", "x\"oy", "xöy", "xöy", "xöy" },
  { "\"u", "x\"uy", "xüy", "xüy", "xüy" },
  { "\"A", "x\"Ay", "xÄy", "xÄy", "xÄy" },
  { "\"O", "x\"Oy", "xÖy", "xÖy", "xÖy" },
  { "\"U", "x\"Uy", "xÜy", "xÜy", "xÜy" },
  { "\"e", "x\"ey", "xëy", "xëy", "xëy" },
  { "\"i", "x\"iy", "xïy", "xïy", "xïy" },
};

static const RowCase *
find_case (const char *command)
{
  for (guint i = 0; i < G_N_ELEMENTS (row_cases); i++)
    if (g_str_equal (row_cases[i].command, command))
      return &row_cases[i];

  return NULL;
}

static void
test_every_row (void)
{
  guint n_rows;
  const ProcTexRow *rows = proc_tex_table_get (&n_rows);

  guint failures = 0;

  g_assert_cmpuint (n_rows, ==, G_N_ELEMENTS (row_cases));

  for (guint i = 0; i < n_rows; i++)
    {
      const RowCase *c = find_case (rows[i].command);
      g_autofree char *field = NULL;
      g_autofree char *abstract = NULL;
      g_autofree char *render = NULL;

      if (c == NULL)
        g_error ("the row %s has no case in this test", rows[i].command);

      g_assert_true (proc_tex_table_lookup (rows[i].command, strlen (rows[i].command)) == &rows[i]);

      field = proc_bibtex_decode (c->input, PROC_BIBTEX_TEXT_TITLE);
      abstract = proc_bibtex_decode (c->input, PROC_BIBTEX_TEXT_ABSTRACT);
      render = proc_tex_to_plain (c->input);
      /* every row that fails is named before the test stops */
      if (g_strcmp0 (field, c->field) != 0 || g_strcmp0 (abstract, c->abstract) != 0 ||
          g_strcmp0 (render, c->render) != 0)
        {
          g_printerr ("%s: field “%s”, abstract “%s”, render “%s”\n", rows[i].command,
                      field, abstract, render);
          failures++;
          continue;
        }

      /* and the writer spells the decoded text so that it reads back */
      {
        g_autofree char *encoded = proc_bibtex_encode (field, PROC_BIBTEX_TEXT_TITLE);
        g_autofree char *again = proc_bibtex_decode (encoded, PROC_BIBTEX_TEXT_TITLE);

        g_assert_cmpstr (again, ==, field);
      }
    }

  g_assert_cmpuint (failures, ==, 0);
}

typedef struct
{
  const char *input;
  const char *expected;
} Case;

/* The shapes real files write, around the rows. */
static void
test_real_shapes (void)
{
  static const Case titles[] = {
    { "Jo\\~{a}o", "João" }, { "Jo\\~ao", "João" }, { "Jo{\\~a}o", "João" },
    { "Jo{\\~{a}}o", "João" }, { "Kainm\"uller", "Kainmüller" },
    { "Kainm{\\\"u}ller", "Kainmüller" }, { "Dagmar Kainm\"uller", "Dagmar Kainmüller" },
    { "\\v{S}im\\v{s}a", "Šimša" }, { "Ko\\v{c}isk\\'y", "Kočiský" },
    { "{\\L}ukasz Kaiser", "Łukasz Kaiser" }, { "Micha\\l{}", "Michał" },
    { "J{\\o}rgensen", "Jørgensen" }, { "\\O{}stergaard", "Østergaard" },
    { "Stra{\\ss}e", "Straße" }, { "{\\aa}ngstr\\\"om", "ångström" },
    { "Ca{\\~n}ete", "Cañete" }, { "Fran\\c{c}ois", "François" },
    { "na\\\"{\\i}ve", "naïve" }, { "na\\\"\\i ve", "naïve" },
    { "Learning \\& Reasoning, 50\\% Off", "Learning & Reasoning, 50% Off" },
    { "it\\textquotesingle{}s", "it's" }, { "it\\textquotesingle s", "it's" },
    { "\\textquotedblleft Attention\\textquotedblright", "“Attention”" },
    { "pages 1\\textendash 2, yes\\textemdash no", "pages 1–2, yes—no" },
    { "1--2 and a---b", "1–2 and a—b" }, { "Fig.~2", "Fig.\u00a02" },
    { "``Quoted''", "“Quoted”" },
    /* not a shorthand: real quotes, and a quote before a word */
    { "the \"universal\" prior", "the \"universal\" prior" },
    { "\"a\" and \"o\"", "\"a\" and \"o\"" },
    /* not a ligature in math */
    { "$a--b$ and $x~y$", "$a--b$ and $x~y$" },
  };
  static const Case abstracts[] = {
    /* the abstract keeps --, ~ and math for the renderer */
    { "Jo\\~{a}o and Kainm\"uller: 1--2, Fig.~2, $a--b$", "João and Kainmüller: 1--2, Fig.~2, $a--b$" },
  };
  static const Case rendered[] = {
    { "Jo\\~{a}o and Kainm\"uller: 1--2, Fig.~2, $x^2$", "João and Kainmüller: 1–2, Fig. 2, x²" },
    { "it\\textquotesingle{}s \\textquotedblleft good\\textquotedblright", "it's “good”" },
    { "the \"universal\" prior", "the \"universal\" prior" },
    { "see \\url{http://a.org/x--y~z}", "see http://a.org/x--y~z" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      g_autofree char *out = proc_bibtex_decode (titles[i].input, PROC_BIBTEX_TEXT_TITLE);
      g_autofree char *encoded = proc_bibtex_encode (out, PROC_BIBTEX_TEXT_TITLE);
      g_autofree char *again = proc_bibtex_decode (encoded, PROC_BIBTEX_TEXT_TITLE);

      g_assert_cmpstr (out, ==, titles[i].expected);
      g_assert_cmpstr (again, ==, out);
    }

  for (guint i = 0; i < G_N_ELEMENTS (abstracts); i++)
    {
      g_autofree char *out = proc_bibtex_decode (abstracts[i].input, PROC_BIBTEX_TEXT_ABSTRACT);
      g_autofree char *encoded = proc_bibtex_encode (out, PROC_BIBTEX_TEXT_ABSTRACT);
      g_autofree char *again = proc_bibtex_decode (encoded, PROC_BIBTEX_TEXT_ABSTRACT);

      g_assert_cmpstr (out, ==, abstracts[i].expected);
      g_assert_cmpstr (again, ==, out);
    }

  for (guint i = 0; i < G_N_ELEMENTS (rendered); i++)
    {
      g_autofree char *out = proc_tex_to_plain (rendered[i].input);

      g_assert_cmpstr (out, ==, rendered[i].expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tex-table/every-row", test_every_row);
  g_test_add_func ("/tex-table/real-shapes", test_real_shapes);

  return g_test_run ();
}
