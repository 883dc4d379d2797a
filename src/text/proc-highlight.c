/* proc-highlight.c: search words marked in a text, as Pango markup
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

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

/* Whether @p starts a word: a watched "RL" is not the end of "URL". */
static gboolean
at_word_start (const char *text,
               const char *p)
{
  if (p == text)
    return TRUE;

  return !g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (p)));
}

/* The longest match at @p among the sets, the first set first where two
 * match; its length, and which set, in @set_out. */
static gsize
best_match (const char            *text,
            const char            *p,
            const ProcHighlightSet *sets,
            guint                  n_sets,
            guint                 *set_out)
{
  for (guint s = 0; s < n_sets; s++)
    {
      gsize best = 0;

      if (sets[s].word_start && !at_word_start (text, p))
        continue;

      for (guint i = 0; sets[s].terms != NULL && sets[s].terms[i] != NULL; i++)
        if (*sets[s].terms[i] != '\0')
          best = MAX (best, match_at (p, sets[s].terms[i]));

      if (best > 0)
        {
          *set_out = s;
          return best;
        }
    }

  return 0;
}

static void
append_escaped (GString    *out,
                const char *text,
                gssize      length)
{
  g_autofree char *escaped = g_markup_escape_text (text, length);

  g_string_append (out, escaped);
}

/* Appends @text, plain, escaped, with the matches wrapped. */
static void
append_marked (GString                *out,
               const char             *text,
               const ProcHighlightSet *sets,
               guint                   n_sets)
{
  const char *plain_start = text;
  const char *p = text;

  while (*p != '\0')
    {
      guint set = 0;
      gsize best = best_match (text, p, sets, n_sets, &set);

      if (best == 0)
        {
          p = g_utf8_next_char (p);
          continue;
        }

      if (p > plain_start)
        append_escaped (out, plain_start, p - plain_start);
      g_string_append (out, sets[set].open_tag);
      append_escaped (out, p, best);
      g_string_append (out, sets[set].close_tag);

      p += best;
      plain_start = p;
    }

  if (p > plain_start)
    append_escaped (out, plain_start, p - plain_start);
}

/**
 * proc_highlight_markup_sets:
 * @text: plain text
 * @sets: (array length=n_sets): words to mark, each set with its own tags;
 *   where two sets match at one place, the first wins
 *
 * Returns: (transfer full): @text escaped for Pango, the matches wrapped
 */
char *
proc_highlight_markup_sets (const char             *text,
                            const ProcHighlightSet *sets,
                            guint                   n_sets)
{
  GString *out = g_string_new (NULL);

  if (text != NULL)
    append_marked (out, text, sets, n_sets);

  return g_string_free (out, FALSE);
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
  ProcHighlightSet set = { terms, open_tag, close_tag, FALSE };

  return proc_highlight_markup_sets (text, &set, 1);
}

/* The text of an escaped run of markup, entities read. */
static char *
unescape (const char *text,
          gsize       length)
{
  GString *out = g_string_sized_new (length);
  const char *end = text + length;

  for (const char *p = text; p < end; )
    {
      static const struct { const char *entity; char c; } entities[] = {
        { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' }, { "&apos;", '\'' },
      };
      gboolean done = FALSE;

      if (*p == '&')
        {
          for (guint i = 0; i < G_N_ELEMENTS (entities) && !done; i++)
            {
              gsize n = strlen (entities[i].entity);

              if ((gsize) (end - p) >= n && strncmp (p, entities[i].entity, n) == 0)
                {
                  g_string_append_c (out, entities[i].c);
                  p += n;
                  done = TRUE;
                }
            }

          /* &#NNN; and &#xHH; */
          if (!done && p + 2 < end && p[1] == '#')
            {
              const char *semi = memchr (p, ';', end - p);
              char *digits_end = NULL;
              gboolean hex = (p[2] == 'x' || p[2] == 'X');
              guint64 c = semi ? g_ascii_strtoull (p + (hex ? 3 : 2), &digits_end, hex ? 16 : 10) : 0;

              if (semi != NULL && digits_end == semi && c > 0 && c <= 0x10FFFF && g_unichar_validate (c))
                {
                  g_string_append_unichar (out, c);
                  p = semi + 1;
                  done = TRUE;
                }
            }
        }

      if (!done)
        g_string_append_c (out, *p++);
    }

  return g_string_free (out, FALSE);
}

/**
 * proc_highlight_in_markup:
 * @markup: Pango markup, such as an abstract with its links and maths
 * @sets: (array length=n_sets): as for proc_highlight_markup_sets()
 *
 * Marks the words in the text of @markup, not in its tags: a word inside
 * a link is marked inside the link.
 *
 * Returns: (transfer full): the markup, marked
 */
char *
proc_highlight_in_markup (const char             *markup,
                          const ProcHighlightSet *sets,
                          guint                   n_sets)
{
  GString *out;
  const char *p;

  if (markup == NULL)
    return g_strdup ("");

  out = g_string_sized_new (strlen (markup));
  p = markup;
  while (*p != '\0')
    {
      const char *tag = strchr (p, '<');
      const char *text_end = tag ? tag : p + strlen (p);

      if (text_end > p)
        {
          g_autofree char *plain = unescape (p, text_end - p);

          append_marked (out, plain, sets, n_sets);
        }

      if (tag == NULL)
        break;

      /* The tag as it is, up to its '>' (attribute values are escaped). */
      p = strchr (tag, '>');
      p = p ? p + 1 : tag + strlen (tag);
      g_string_append_len (out, tag, p - tag);
    }

  return g_string_free (out, FALSE);
}
