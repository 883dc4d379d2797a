/* proc-highlight.c: search words marked in a text, as Pango markup
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-highlight.h"

/* Length in bytes of @term matched at @p, ignoring case, or 0. */
static gsize
match_at (const char *p,
          const char *term)
{
  const char *start = p;

  while (*term != '\0')
    {
      if (*p == '\0' || g_unichar_tolower (g_utf8_get_char (p)) != g_unichar_tolower (g_utf8_get_char (term)))
        return 0;
      p = g_utf8_next_char (p);
      term = g_utf8_next_char (term);
    }

  return p - start;
}

/**
 * proc_highlight_markup:
 * @text: plain text
 * @terms: (nullable): words and phrases to mark, as the user typed them
 * @open_tag: markup put before each match, e.g. `<b>`
 * @close_tag: markup put after it
 *
 * Escapes @text for Pango and wraps each occurrence of a term (case
 * ignored, the longest term first where they overlap) in the tags.
 *
 * Returns: (transfer full): the markup
 */
char *
proc_highlight_markup (const char         *text,
                       const char * const *terms,
                       const char         *open_tag,
                       const char         *close_tag)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *plain_start;
  const char *p;

  if (text == NULL)
    return g_strdup ("");

  plain_start = p = text;
  while (*p != '\0')
    {
      gsize best = 0;

      for (guint i = 0; terms != NULL && terms[i] != NULL; i++)
        if (*terms[i] != '\0')
          best = MAX (best, match_at (p, terms[i]));

      if (best == 0)
        {
          p = g_utf8_next_char (p);
          continue;
        }

      if (p > plain_start)
        {
          g_autofree char *escaped = g_markup_escape_text (plain_start, p - plain_start);
          g_string_append (out, escaped);
        }

      {
        g_autofree char *escaped = g_markup_escape_text (p, best);
        g_string_append (out, open_tag);
        g_string_append (out, escaped);
        g_string_append (out, close_tag);
      }

      p += best;
      plain_start = p;
    }

  if (p > plain_start)
    {
      g_autofree char *escaped = g_markup_escape_text (plain_start, p - plain_start);
      g_string_append (out, escaped);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}
