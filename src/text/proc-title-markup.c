/* proc-title-markup.c: what a derived title never shows
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-title-markup.h"

#include <string.h>

/* Abstracts reach the title code as their producers wrote them: PMLR's
 * carry HTML ("<em>Large Tabular Model</em>", "&amp;"), the seed lists
 * Markdown ("*reason for future*", "**RAFA**"), others TeX that
 * proc_tex_to_plain () has already turned into text.  Whatever an
 * importer did with them, a title shows none of it: tags go, entities
 * become their characters, emphasis marks go (not inside $math$, where
 * "x^*" and "x_i" mean something).  TeX is left to proc_tex_to_plain (). */

typedef struct
{
  const char *name;   /* without & and ; */
  const char *text;
} Entity;

static const Entity entities[] = {
  { "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" }, { "apos", "'" },
  { "nbsp", " " }, { "ndash", "–" }, { "mdash", "—" }, { "lsquo", "‘" }, { "rsquo", "’" },
  { "ldquo", "“" }, { "rdquo", "”" }, { "hellip", "…" }, { "times", "×" }, { "le", "≤" },
  { "ge", "≥" }, { "deg", "°" }, { "alpha", "α" }, { "beta", "β" }, { "gamma", "γ" },
  { "delta", "δ" }, { "epsilon", "ε" }, { "lambda", "λ" }, { "mu", "μ" }, { "pi", "π" },
  { "sigma", "σ" }, { "tau", "τ" }, { "theta", "θ" }, { "omega", "ω" },
};

/* "<em>", "</sub>", "<br/>", "<a href=…>": a tag's length, or 0 for a
 * "<" that opens none ("x < y", "<3") */
static gsize
tag_len (const char *p)
{
  const char *q = p + 1;

  if (*q == '/')
    q++;
  if (!g_ascii_isalpha (*q))
    return 0;
  while (g_ascii_isalnum (*q))
    q++;
  if (*q != '>' && *q != '/' && *q != ' ')
    return 0;
  for (; *q != '\0' && q - p < 512; q++)
    {
      if (*q == '>')
        return q + 1 - p;
      if (*q == '<' || *q == '\n')
        return 0;
    }

  return 0;
}

/* "&amp;", "&#8217;", "&#x2019;": appends what it stands for and returns
 * its length, or 0 */
static gsize
append_entity (GString    *out,
               const char *p)
{
  const char *semi;
  gsize len;

  if (p[1] == '#')
    {
      gunichar c = 0;
      const char *q = p + 2;
      gboolean hex = *q == 'x' || *q == 'X';

      if (hex)
        q++;
      for (; g_ascii_isxdigit (*q) && q - p < 10; q++)
        {
          if (!hex && !g_ascii_isdigit (*q))
            return 0;
          c = c * (hex ? 16 : 10) + (hex ? g_ascii_xdigit_value (*q) : g_ascii_digit_value (*q));
        }
      if (*q != ';' || q == p + 2 + hex || !g_unichar_validate (c) || c < 0x20)
        return 0;
      g_string_append_unichar (out, c);
      return q + 1 - p;
    }

  semi = strchr (p, ';');
  if (semi == NULL || semi - p > 10)
    return 0;
  len = semi - p - 1;
  for (guint i = 0; i < G_N_ELEMENTS (entities); i++)
    if (strlen (entities[i].name) == len && strncmp (p + 1, entities[i].name, len) == 0)
      {
        g_string_append (out, entities[i].text);
        return len + 2;
      }

  return 0;
}

/* A run of * or _ that opens or closes emphasis: next to a word on one
 * side, not inside a word ("x_i" and "2*3" stay) */
static gsize
emphasis_len (const char *start,
              const char *p)
{
  gsize n = 0;
  gboolean before_word, after_word;

  while (p[n] == *p)
    n++;
  before_word = p > start && !g_ascii_isspace (p[-1]) && p[-1] != '(';
  after_word = p[n] != '\0' && !g_ascii_isspace (p[n]);

  if (*p == '_' && before_word && after_word)
    return 0;  /* snake_case, x_i */
  if (before_word && after_word && g_ascii_isalnum (p[-1]) && g_ascii_isalnum (p[n]))
    return 0;  /* 2*3, a*b */

  return before_word != after_word || (*p == '*' && before_word) ? n : 0;
}

/**
 * proc_title_strip_markup:
 * @text: an abstract or a title, as a producer wrote it
 *
 * Removes HTML tags and Markdown emphasis marks, and decodes HTML
 * entities; TeX is left as it is.
 *
 * Returns: (transfer full): the plain text
 */
char *
proc_title_strip_markup (const char *text)
{
  GString *out;
  gboolean math = FALSE;

  /* most abstracts have none of it */
  if (strpbrk (text, "<&*_") == NULL)
    return g_strdup (text);

  out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; )
    {
      gsize len;

      switch (*p)
        {
        case '$':
          if (p == text || p[-1] != '\\')
            math = !math;
          break;

        case '<':
          if ((len = tag_len (p)) > 0)
            {
              p += len;
              continue;
            }
          break;

        case '&':
          if ((len = append_entity (out, p)) > 0)
            {
              p += len;
              continue;
            }
          break;

        case '*':
        case '_':
          if (!math && (len = emphasis_len (text, p)) > 0)
            {
              p += len;
              continue;
            }
          break;

        default:
          break;
        }

      g_string_append_c (out, *p);
      p++;
    }

  return g_string_free (out, FALSE);
}
