/* proc-tex-unicode.c: superscripts, double-struck letters and accents as Unicode, for the abstract renderer
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-tex-private.h"

/* Unicode tables */

static gunichar
to_superscript (gunichar c)
{
  static const gunichar lower[26] = {
    0x1d43, 0x1d47, 0x1d9c, 0x1d48, 0x1d49, 0x1da0, 0x1d4d, 0x02b0, 0x2071,
    0x02b2, 0x1d4f, 0x02e1, 0x1d50, 0x207f, 0x1d52, 0x1d56, 0, 0x02b3,
    0x02e2, 0x1d57, 0x1d58, 0x1d5b, 0x02b7, 0x02e3, 0x02b8, 0x1dbb,
  };
  static const gunichar upper[26] = {
    0x1d2c, 0x1d2e, 0, 0x1d30, 0x1d31, 0, 0x1d33, 0x1d34, 0x1d35, 0x1d36,
    0x1d37, 0x1d38, 0x1d39, 0x1d3a, 0x1d3c, 0x1d3e, 0, 0x1d3f, 0, 0x1d40,
    0x1d41, 0x2c7d, 0x1d42, 0, 0, 0,
  };

  if (c >= 'a' && c <= 'z')
    return lower[c - 'a'];
  if (c >= 'A' && c <= 'Z')
    return upper[c - 'A'];

  switch (c)
    {
    case '0': return 0x2070;
    case '1': return 0x00b9;
    case '2': return 0x00b2;
    case '3': return 0x00b3;
    case '4': case '5': case '6': case '7': case '8': case '9':
      return 0x2074 + (c - '4');
    case '+': return 0x207a;
    case '-': case 0x2212: return 0x207b;
    case '=': return 0x207c;
    case '(': return 0x207d;
    case ')': return 0x207e;
    case 0x03b1: return 0x1d45;  /* α */
    case 0x03b2: return 0x1d5d;  /* β */
    case 0x03b3: return 0x1d5e;  /* γ */
    case 0x03b4: return 0x1d5f;  /* δ */
    case 0x03b5: return 0x1d4b;  /* ε */
    case 0x03b8: return 0x1dbf;  /* θ */
    case 0x03b9: return 0x1da5;  /* ι */
    case 0x03c6: return 0x1db2;  /* φ */
    case 0x03c7: return 0x1d61;  /* χ */
    case 0x22a4: return 0x1d40;  /* ⊤, the transpose */
    default: return 0;
    }
}

static gunichar
to_subscript (gunichar c)
{
  static const gunichar lower[26] = {
    0x2090, 0, 0, 0, 0x2091, 0, 0, 0x2095, 0x1d62, 0x2c7c, 0x2096, 0x2097,
    0x2098, 0x2099, 0x2092, 0x209a, 0, 0x1d63, 0x209b, 0x209c, 0x1d64,
    0x1d65, 0, 0x2093, 0, 0,
  };

  if (c >= 'a' && c <= 'z')
    return lower[c - 'a'];
  if (c >= '0' && c <= '9')
    return 0x2080 + (c - '0');

  switch (c)
    {
    case '+': return 0x208a;
    case '-': case 0x2212: return 0x208b;
    case '=': return 0x208c;
    case '(': return 0x208d;
    case ')': return 0x208e;
    case 0x03b2: return 0x1d66;  /* β */
    case 0x03b3: return 0x1d67;  /* γ */
    case 0x03c1: return 0x1d68;  /* ρ */
    case 0x03c6: return 0x1d69;  /* φ */
    case 0x03c7: return 0x1d6a;  /* χ */
    default: return 0;
    }
}

static gboolean
is_script_char (gunichar c)
{
  return (c >= 0x2070 && c <= 0x209c) || (c >= 0x1d2c && c <= 0x1dbf) ||
         c == 0x00b9 || c == 0x00b2 || c == 0x00b3 || (c >= 0x02b0 && c <= 0x02e3) ||
         c == 0x2c7c || c == 0x2c7d;
}

gunichar
tex_to_double_struck (gunichar c)
{
  switch (c)
    {
    case 'C': return 0x2102;
    case 'H': return 0x210d;
    case 'N': return 0x2115;
    case 'P': return 0x2119;
    case 'Q': return 0x211a;
    case 'R': return 0x211d;
    case 'Z': return 0x2124;
    default: break;
    }

  if (c >= 'A' && c <= 'Z')
    return 0x1d538 + (c - 'A');
  if (c >= 'a' && c <= 'z')
    return 0x1d552 + (c - 'a');
  if (c >= '0' && c <= '9')
    return 0x1d7d8 + (c - '0');

  return c;
}

gunichar
tex_to_script_letter (gunichar c)
{
  /* The letters that Unicode had before its math block keep their code. */
  switch (c)
    {
    case 'B': return 0x212c;
    case 'E': return 0x2130;
    case 'F': return 0x2131;
    case 'H': return 0x210b;
    case 'I': return 0x2110;
    case 'L': return 0x2112;
    case 'M': return 0x2133;
    case 'R': return 0x211b;
    case 'e': return 0x212f;
    case 'g': return 0x210a;
    case 'o': return 0x2134;
    default: break;
    }

  if (c >= 'A' && c <= 'Z')
    return 0x1d49c + (c - 'A');
  if (c >= 'a' && c <= 'z')
    return 0x1d4b6 + (c - 'a');

  return c;
}

/* Post-processing of rendered pieces.  In markup, tags pass through and an
 * entity counts as one character. */

static const char *
skip_markup (const char *p)
{
  char stop = *p == '<' ? '>' : ';';
  const char *q = strchr (p, stop);

  return q != NULL ? q + 1 : p + strlen (p);
}

void
tex_append_mapped (Tex         *self,
                   GString     *out,
                   const char  *s,
                   gunichar   (*map) (gunichar))
{
  for (const char *p = s; *p; )
    {
      if (self->markup && (*p == '<' || *p == '&'))
        {
          const char *q = skip_markup (p);

          g_string_append_len (out, p, q - p);
          p = q;
          continue;
        }

      g_string_append_unichar (out, map (g_utf8_get_char (p)));
      p = g_utf8_next_char (p);
    }
}

void
tex_append_accented (Tex        *self,
                     GString    *out,
                     const char *s,
                     const char *mark)
{
  g_autoptr(GString) tmp = g_string_new (NULL);
  g_autofree char *composed = NULL;
  gboolean tied = g_str_equal (mark, "\u0361");
  gsize first_len = 0;

  for (const char *p = s; *p; )
    {
      const char *q;

      if (self->markup && *p == '<')
        {
          q = skip_markup (p);
          g_string_append_len (tmp, p, q - p);
          p = q;
          continue;
        }

      q = (self->markup && *p == '&') ? skip_markup (p) : g_utf8_next_char (p);
      /* the dotless i and j under an accent are plain letters */
      if (g_str_has_prefix (p, "ı"))
        g_string_append_c (tmp, 'i');
      else if (g_str_has_prefix (p, "ȷ"))
        g_string_append_c (tmp, 'j');
      else
        g_string_append_len (tmp, p, q - p);
      /* a tie (\t{oo}) joins two letters: one mark */
      if (!g_ascii_isspace (*p) && !(tied && first_len > 0))
        g_string_append (tmp, mark);
      if (first_len == 0)
        first_len = tmp->len;
      p = q;
    }

  /* Õ rather than O + U+0303, wherever Unicode has the precomposed form */
  composed = g_utf8_normalize (tmp->str, tmp->len, G_NORMALIZE_NFC);
  g_string_append (out, composed != NULL ? composed : tmp->str);
}

/* Whether @s reads as one term, so that a/b and √x need no parentheses. */
static gboolean
is_atomic (Tex        *self,
           const char *s)
{
  const char *p = s;
  gsize len = strlen (s);
  guint n = 0;

  if (len >= 2 && s[0] == '(' && s[len - 1] == ')')
    {
      int level = 0;

      for (gsize i = 0; i < len; i++)
        {
          level += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
          if (level == 0 && i + 1 < len)
            break;
          if (level == 0)
            return TRUE;
        }
    }

  while (*p)
    {
      gunichar c;

      if (self->markup && *p == '<')
        {
          p = skip_markup (p);
          continue;
        }
      if (self->markup && *p == '&')
        return FALSE;

      c = g_utf8_get_char (p);
      if (!(g_unichar_isalnum (c) || g_unichar_ismark (c) || is_script_char (c) ||
            c == '.' || c == 0x2032 || c == 0x221e || c == 0x221a || c == 0x2202 ||
            c == 0x2207))
        return FALSE;
      n++;
      p = g_utf8_next_char (p);
    }

  return n > 0;
}

void
tex_append_operand (Tex        *self,
                    GString    *out,
                    const char *s)
{
  if (*s == '\0' || is_atomic (self, s))
    {
      g_string_append (out, s);
    }
  else
    {
      g_string_append_c (out, '(');
      g_string_append (out, s);
      g_string_append_c (out, ')');
    }
}

void
tex_append_script (Tex        *self,
                   GString    *out,
                   const char *s,
                   gboolean    super)
{
  static const char * const as_is[] = { "*", "∗", "⋆", "′", "″", "‴", "†", "‡", "∘", "'" };
  gsize start = out->len;
  gboolean converted = TRUE;

  if (*s == '\0')
    return;

  /* x*, f′ and A† read better on the line than raised */
  for (guint i = 0; i < G_N_ELEMENTS (as_is); i++)
    if (strcmp (s, as_is[i]) == 0)
      {
        g_string_append (out, s);
        return;
      }

  for (const char *p = s; *p && converted; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gunichar m;

      if (c == ' ')
        continue;

      m = super ? to_superscript (c) : to_subscript (c);
      if (m == 0)
        converted = FALSE;
      else
        g_string_append_unichar (out, m);
    }

  if (converted)
    return;

  g_string_truncate (out, start);

  if (self->markup)
    {
      tex_append_tag (out, super ? "sup" : "sub", FALSE);
      g_string_append (out, s);
      tex_append_tag (out, super ? "sup" : "sub", TRUE);
    }
  else
    {
      /* x_CE and x^∞ read fine, x^2n does not: x^(2n) */
      gboolean word = TRUE;

      for (const char *p = s; *p; p = g_utf8_next_char (p))
        if (!g_unichar_isalpha (g_utf8_get_char (p)))
          word = FALSE;
      if (g_utf8_strlen (s, -1) == 1)
        word = TRUE;

      g_string_append_c (out, super ? '^' : '_');
      if (word)
        {
          g_string_append (out, s);
        }
      else
        {
          g_string_append_c (out, '(');
          g_string_append (out, s);
          g_string_append_c (out, ')');
        }
    }
}

GString *
tex_trim (GString *s)
{
  gsize start = 0;

  while (s->len > 0 && g_ascii_isspace (s->str[s->len - 1]))
    g_string_truncate (s, s->len - 1);
  while (start < s->len && g_ascii_isspace (s->str[start]))
    start++;
  g_string_erase (s, 0, start);

  return s;
}
