/* proc-html-text.c: the HTML that abstracts carry, as the app's own text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-html-text.h"

/* PMLR and Paper Copilot write abstracts with a little HTML: <em>x</em>,
 * <b>x</b>, <sub>2</sub>, &amp;, &#8217;.  The app's abstracts are TeX-ish
 * text with Markdown emphasis (proc-tex.c), so emphasis becomes *x* and
 * **x**, which the detail view shows and the exports write, and sub- and
 * superscripts TeX math.  Only the tags below count as HTML, so "a <b"
 * or "x<y>" in a formula is left alone. */

typedef enum
{
  TAG_ITALIC,
  TAG_BOLD,
  TAG_SUB,
  TAG_SUP,
  TAG_BREAK,
  TAG_PARAGRAPH,
  TAG_DROP,       /* the tag goes, its content stays */
} TagKind;

static const struct
{
  const char *name;
  TagKind     kind;
} tags[] = {
  { "em", TAG_ITALIC }, { "i", TAG_ITALIC }, { "cite", TAG_ITALIC }, { "var", TAG_ITALIC },
  { "b", TAG_BOLD }, { "strong", TAG_BOLD },
  { "sub", TAG_SUB }, { "sup", TAG_SUP },
  { "br", TAG_BREAK }, { "p", TAG_PARAGRAPH },
  { "a", TAG_DROP }, { "span", TAG_DROP }, { "div", TAG_DROP }, { "font", TAG_DROP },
  { "u", TAG_DROP }, { "tt", TAG_DROP }, { "code", TAG_DROP }, { "small", TAG_DROP },
  { "big", TAG_DROP }, { "s", TAG_DROP }, { "strike", TAG_DROP }, { "mark", TAG_DROP },
  { "abbr", TAG_DROP }, { "ul", TAG_DROP }, { "ol", TAG_DROP }, { "li", TAG_DROP },
  { "blockquote", TAG_DROP }, { "jats:p", TAG_PARAGRAPH }, { "jats:italic", TAG_ITALIC },
  { "jats:bold", TAG_BOLD }, { "jats:sub", TAG_SUB }, { "jats:sup", TAG_SUP },
  { "math", TAG_DROP }, { "mi", TAG_DROP }, { "mo", TAG_DROP }, { "mn", TAG_DROP },
};

static const struct
{
  const char *name;
  const char *text;
} entities[] = {
  { "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" }, { "apos", "'" },
  { "nbsp", "\u00a0" }, { "ndash", "–" }, { "mdash", "—" }, { "hellip", "…" },
  { "lsquo", "‘" }, { "rsquo", "’" }, { "ldquo", "“" }, { "rdquo", "”" },
  { "laquo", "«" }, { "raquo", "»" }, { "times", "×" }, { "middot", "·" },
  { "deg", "°" }, { "plusmn", "±" }, { "le", "≤" }, { "ge", "≥" }, { "ne", "≠" },
  { "asymp", "≈" }, { "rarr", "→" }, { "larr", "←" }, { "infin", "∞" },
  { "alpha", "α" }, { "beta", "β" }, { "gamma", "γ" }, { "delta", "δ" },
  { "epsilon", "ε" }, { "lambda", "λ" }, { "mu", "μ" }, { "pi", "π" },
  { "sigma", "σ" }, { "theta", "θ" }, { "eacute", "é" }, { "egrave", "è" },
  { "aacute", "á" }, { "iacute", "í" }, { "oacute", "ó" }, { "uacute", "ú" },
  { "auml", "ä" }, { "ouml", "ö" }, { "uuml", "ü" }, { "szlig", "ß" },
  { "ccedil", "ç" }, { "ntilde", "ñ" }, { "copy", "©" }, { "reg", "®" },
};

/* Reads a tag at @p ('<'); Returns its end (after '>') or NULL. */
static const char *
read_tag (const char *p,
          gboolean   *closing,
          int        *index)
{
  const char *name = p + 1;
  const char *q;
  gsize len;

  *closing = *name == '/';
  if (*closing)
    name++;

  for (q = name; g_ascii_isalnum (*q) || *q == ':'; q++)
    ;
  len = q - name;
  if (len == 0)
    return NULL;

  *index = -1;
  for (guint i = 0; i < G_N_ELEMENTS (tags); i++)
    if (strlen (tags[i].name) == len && g_ascii_strncasecmp (tags[i].name, name, len) == 0)
      *index = i;
  if (*index < 0)
    return NULL;

  /* attributes, then '>' or "/>", on the same paragraph */
  if (*q != '>' && *q != ' ' && *q != '/' && *q != '\t' && *q != '\n')
    return NULL;
  for (; *q != '\0' && *q != '>' && *q != '<'; q++)
    ;

  return *q == '>' ? q + 1 : NULL;
}

/* Reads an entity at @p ('&') into @out; Returns its end or NULL. */
static const char *
read_entity (const char *p,
             GString    *out)
{
  const char *q = p + 1;

  if (*q == '#')
    {
      gboolean hex = q[1] == 'x' || q[1] == 'X';
      char *end = NULL;
      guint64 c = g_ascii_strtoull (q + (hex ? 2 : 1), &end, hex ? 16 : 10);

      if (end == q + (hex ? 2 : 1) || *end != ';' || c == 0 || c > 0x10ffff || !g_unichar_validate (c))
        return NULL;
      g_string_append_unichar (out, c);
      return end + 1;
    }

  for (guint i = 0; i < G_N_ELEMENTS (entities); i++)
    {
      gsize len = strlen (entities[i].name);

      if (strncmp (q, entities[i].name, len) == 0 && q[len] == ';')
        {
          g_string_append (out, entities[i].text);
          return q + len + 1;
        }
    }

  return NULL;
}

/* Emphasis hugs its words: "<em> x </em>" is " *x* ". */
static void
open_emphasis (GString    *out,
               const char *marker,
               const char **p)
{
  while (**p == ' ')
    {
      g_string_append_c (out, ' ');
      (*p)++;
    }
  g_string_append (out, marker);
}

static void
close_emphasis (GString    *out,
                const char *marker,
                gsize       opened_at)
{
  guint spaces = 0;

  while (out->len > opened_at && out->str[out->len - 1] == ' ')
    {
      g_string_truncate (out, out->len - 1);
      spaces++;
    }

  /* nothing between the tags: no emphasis */
  if (out->len == opened_at)
    g_string_truncate (out, opened_at - strlen (marker));
  else
    g_string_append (out, marker);

  while (spaces-- > 0)
    g_string_append_c (out, ' ');
}

/**
 * proc_html_text_decode:
 * @text: (nullable): a field's text, which may hold HTML
 *
 * Returns: (transfer full) (nullable): @text without HTML, or %NULL when
 *   it has none
 */
char *
proc_html_text_decode (const char   *text,
                       ProcHtmlText  kind)
{
  g_autoptr(GString) out = NULL;
  gboolean abstract = kind == PROC_HTML_TEXT_ABSTRACT;
  gboolean changed = FALSE;
  gsize italic_at = 0, bold_at = 0;
  gboolean italic = FALSE, bold = FALSE, script = FALSE;

  if (text == NULL || strpbrk (text, "<&") == NULL)
    return NULL;

  out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; )
    {
      const char *next;
      gboolean closing;
      int index;

      if (*p == '&' && (next = read_entity (p, out)) != NULL)
        {
          changed = TRUE;
          p = next;
          continue;
        }

      if (*p != '<' || (next = read_tag (p, &closing, &index)) == NULL)
        {
          g_string_append_c (out, *p++);
          continue;
        }

      changed = TRUE;
      p = next;
      if (!abstract)
        continue;

      switch (tags[index].kind)
        {
        case TAG_ITALIC:
          if (!closing && !italic && !bold)
            {
              open_emphasis (out, "*", &p);
              italic = TRUE;
              italic_at = out->len;
            }
          else if (closing && italic)
            {
              close_emphasis (out, "*", italic_at);
              italic = FALSE;
            }
          break;

        case TAG_BOLD:
          if (!closing && !bold && !italic)
            {
              open_emphasis (out, "**", &p);
              bold = TRUE;
              bold_at = out->len;
            }
          else if (closing && bold)
            {
              close_emphasis (out, "**", bold_at);
              bold = FALSE;
            }
          break;

        case TAG_SUB:
        case TAG_SUP:
          if (!closing && !script)
            {
              g_string_append (out, tags[index].kind == TAG_SUB ? "$_{" : "$^{");
              script = TRUE;
            }
          else if (closing && script)
            {
              g_string_append (out, "}$");
              script = FALSE;
            }
          break;

        case TAG_BREAK:
          g_string_append_c (out, '\n');
          break;

        case TAG_PARAGRAPH:
          if (!closing && out->len > 0)
            g_string_append (out, "\n\n");
          break;

        case TAG_DROP:
        default:
          break;
        }
    }

  if (!changed)
    return NULL;

  /* what was left open closes at the end */
  if (script)
    g_string_append (out, "}$");
  if (italic)
    close_emphasis (out, "*", italic_at);
  if (bold)
    close_emphasis (out, "**", bold_at);

  return g_strstrip (g_string_free (g_steal_pointer (&out), FALSE));
}
