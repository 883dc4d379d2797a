/* proc-bibtex-syntax.c: what BibTeX values are made of: groups, math, white space
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-text"

#include "config.h"

#include <string.h>

#include "proc-bibtex-private.h"

/* The '}' that closes the '{' at @pos, skipping escaped braces. */
static gsize
group_end (const char *text,
           gsize       pos,
           gsize       end)
{
  guint depth = 0;

  for (gsize i = pos; i < end; i++)
    {
      if (text[i] == '\\')
        i++;
      else if (text[i] == '{')
        depth++;
      else if (text[i] == '}' && --depth == 0)
        return i;
    }

  return NO_MATCH;
}

static void
build_matches (BraceMatches *m,
               const char   *text)
{
  g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (guint32));

  m->close = g_new (guint32, m->len);
  for (gsize i = 0; i < m->len; i++)
    m->close[i] = MATCH_UNKNOWN;

  for (gsize i = 0; i < m->len; i++)
    {
      if (text[i] == '\\')
        i++;
      else if (text[i] == '{')
        {
          guint32 at = (guint32) i;

          m->close[i] = MATCH_NONE;
          g_array_append_val (open, at);
        }
      else if (text[i] == '}' && open->len > 0)
        {
          m->close[g_array_index (open, guint32, open->len - 1)] = (guint32) i;
          g_array_set_size (open, open->len - 1);
        }
    }
}


/* Whether a blank line starts at the newline at @pos. */
gboolean
proc_bibtex_blank_line_at (const char *text,
               gsize       pos,
               gsize       end)
{
  for (gsize i = pos + 1; i < end; i++)
    {
      if (text[i] == '\n')
        return TRUE;
      if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r')
        return FALSE;
    }

  return FALSE;
}

/* Where the math that starts with the '$' at @pos ends (after its closing
 * dollar), or NO_MATCH when that dollar opens no math.  Reader and writer
 * must agree on this, so it looks only at the text up to the closing
 * dollar. */
gsize
proc_bibtex_math_end (const char *text,
          gsize       pos,
          gsize       end)
{
  gboolean display = pos + 1 < end && text[pos + 1] == '$';
  gsize start = pos + (display ? 2 : 1);
  guint depth = 0;

  for (gsize i = start; i < end; i++)
    {
      switch (text[i])
        {
        case '\\':
          /* \$ is no delimiter; but BibTeX counts \{ as a brace, and a
           * blank line after a backslash is still a paragraph */
          if (i + 1 < end && text[i + 1] != '{' && text[i + 1] != '}' && text[i + 1] != '\n')
            i++;
          break;

        case '{':
          depth++;
          break;

        case '}':
          if (depth == 0)
            return NO_MATCH;
          depth--;
          break;

        case '\n':
          if (proc_bibtex_blank_line_at (text, i, end))
            return NO_MATCH;
          break;

        case '$':
          if (depth > 0)
            return NO_MATCH;
          if (!display)
            return i + 1;
          if (i + 1 < end && text[i + 1] == '$' && i > start)
            return i + 2;
          return NO_MATCH;

        default:
          break;
        }
    }

  return NO_MATCH;
}

/* group_end () on @text, in constant time once a search
 * has failed.  The pass skips escapes from the start of the value, as
 * group_end () does from @pos, so for a '{' it saw open both agree. */
gsize
proc_bibtex_group_end (BraceMatches *m,
                       const char   *text,
                       gsize         pos,
                       gsize         end)
{
  gsize close;

  if (m == NULL || m->len >= MATCH_NONE)
    return group_end (text, pos, end);

  if (m->close == NULL)
    {
      close = group_end (text, pos, end);
      if (close == NO_MATCH && !m->missed)
        m->missed = TRUE;
      else if (close == NO_MATCH)
        build_matches (m, text);
      return close;
    }

  if (pos >= m->len || m->close[pos] == MATCH_UNKNOWN)
    return group_end (text, pos, end);
  if (m->close[pos] == MATCH_NONE || m->close[pos] >= end)
    return NO_MATCH;

  return m->close[pos];
}

static void
trim_line_end (GString *out)
{
  while (out->len > 0 && (out->str[out->len - 1] == ' ' || out->str[out->len - 1] == '\t'))
    g_string_truncate (out, out->len - 1);
}

/* Folds white space as TeX reads it: a line end is a space, a blank line
 * a paragraph.  A title becomes one line. */
char *
proc_bibtex_fold_space (const char     *text,
            ProcBibtexText  kind)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; )
    {
      const char *q = p;
      guint newlines = 0;

      /* a line break next to a paragraph break adds nothing; lines
       * do not end in spaces */
      if (*p == LINE_BREAK)
        {
          if (kind == PROC_BIBTEX_TEXT_TITLE)
            {
              g_string_append_c (out, ' ');
            }
          else if (!g_str_has_suffix (out->str, "\n\n"))
            {
              trim_line_end (out);
              g_string_append_c (out, '\n');
            }
          p++;
          continue;
        }

      if (!is_space (*p))
        {
          g_string_append_c (out, *p++);
          continue;
        }

      while (is_space (*q))
        newlines += *q++ == '\n';

      /* the indentation after a line break */
      if (newlines < 2 && out->len > 0 && out->str[out->len - 1] == '\n')
        {
        }
      else if (kind == PROC_BIBTEX_TEXT_TITLE || newlines == 1)
        {
          g_string_append_c (out, ' ');
        }
      else if (newlines >= 2)
        {
          while (out->len > 0 && out->str[out->len - 1] == '\n')
            g_string_truncate (out, out->len - 1);
          trim_line_end (out);
          g_string_append (out, "\n\n");
        }
      else
        g_string_append_len (out, p, q - p);
      p = q;
    }

  /* No white space at either end, and none doubled in a title. */
  {
    gsize start = 0;
    gsize len = out->len;

    while (start < len && is_space (out->str[start]))
      start++;
    while (len > start && is_space (out->str[len - 1]))
      len--;
    g_string_truncate (out, len);
    g_string_erase (out, 0, start);
  }

  if (kind == PROC_BIBTEX_TEXT_TITLE)
    {
      gsize j = 0;

      for (gsize i = 0; i < out->len; i++)
        if (!(out->str[i] == ' ' && j > 0 && out->str[j - 1] == ' '))
          out->str[j++] = out->str[i];
      g_string_truncate (out, j);
    }

  return g_string_free (out, FALSE);
}
