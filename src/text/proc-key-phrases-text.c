/* proc-key-phrases-text.c: math and links out of an abstract, before it is read for phrases
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-key-phrases-private.h"
#include "proc-links.h"
#include "proc-tex.h"

/* Math and links */

#define NO_MATCH G_MAXSIZE

enum
{
  DELIM_DOLLAR,
  DELIM_DISPLAY,
  DELIM_PAREN,
  DELIM_BRACKET,
  N_DELIMS
};

/* Where the paragraph that @from is in ends: at a blank line. */
static gsize
paragraph_end (const char *text,
               gsize       len,
               gsize       from)
{
  for (gsize j = from; j < len; j++)
    {
      gsize k;

      if (text[j] != '\n')
        continue;
      for (k = j + 1; k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r'); k++)
        ;
      if (k < len && text[k] == '\n')
        return j;
    }

  return len;
}

static gsize
find_close (const char *text,
            gsize       from,
            gsize       until,
            const char *close)
{
  gsize close_len = strlen (close);

  for (gsize j = from; j + close_len <= until; j++)
    if (text[j] == close[0] && memcmp (text + j, close, close_len) == 0 &&
        (close[0] != '$' || text[j - 1] != '\\'))
      return j;

  return NO_MATCH;
}

/* Latin and Greek letters and digits: "k", "ε", not "𝒥" or "ℓ₁" */
static gboolean
is_short_word (const char *text)
{
  glong n = g_utf8_strlen (text, -1);

  if (n < 1 || n > 4)
    return FALSE;
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!(c < 0x80 && g_ascii_isalnum (c)) && !(c >= 0x391 && c <= 0x3c9 && g_unichar_isalpha (c)))
        return FALSE;
    }

  return TRUE;
}

/* Math becomes a break between phrases, except a symbol that is part of
 * a word: "$k$-means", "$\epsilon$-greedy". */
static void
append_math (GString    *out,
             const char *text,
             gsize       len,
             gsize       open,
             gsize       inner,
             gsize       inner_end,
             gsize       after)
{
  gboolean attached = (after + 1 < len && text[after] == '-' && g_ascii_isalpha (text[after + 1])) ||
                      (open >= 2 && text[open - 1] == '-' && g_ascii_isalpha (text[open - 2]));

  if (attached && inner_end - inner <= 32)
    {
      g_autofree char *source = g_strndup (text + inner, inner_end - inner);
      g_autofree char *plain = proc_tex_to_plain (source);

      g_strstrip (plain);
      if (is_short_word (plain))
        {
          g_string_append (out, plain);
          return;
        }
    }

  g_string_append (out, " ; ");
}

/* Takes the math and the web addresses out of @text, which is valid UTF-8.
 * A `$` is math when another closes it in the same paragraph, as
 * proc-tex.c reads it; a failed search is remembered for the rest of the
 * paragraph, so lone dollars cost one scan. */
char *
kp_strip_math_and_links (const char *text)
{
  static const char * const opens[N_DELIMS] = { "$", "$$", "\\(", "\\[" };
  static const char * const closes[N_DELIMS] = { "$", "$$", "\\)", "\\]" };
  gsize len = strlen (text);
  GString *out = g_string_sized_new (len + 16);
  gsize no_close[N_DELIMS] = { 0 };
  gsize para_end = 0;
  gsize i = 0;

  while (i < len)
    {
      char c = text[i];
      int kind = -1;
      gsize n;

      if (i >= para_end)
        para_end = paragraph_end (text, len, i);

      if (c == '\\' && i + 1 < len && text[i + 1] == '$')
        {
          g_string_append_len (out, text + i, 2);
          i += 2;
          continue;
        }

      if (c == '$')
        kind = (i + 1 < len && text[i + 1] == '$') ? DELIM_DISPLAY : DELIM_DOLLAR;
      else if (c == '\\' && i + 1 < len && text[i + 1] == '(')
        kind = DELIM_PAREN;
      else if (c == '\\' && i + 1 < len && text[i + 1] == '[')
        kind = DELIM_BRACKET;

      if (kind >= 0)
        {
          gsize open_len = strlen (opens[kind]);

          if (i >= no_close[kind])
            {
              gsize close = find_close (text, i + open_len, para_end, closes[kind]);

              if (close != NO_MATCH)
                {
                  gsize after = close + strlen (closes[kind]);

                  append_math (out, text, len, i, i + open_len, close, after);
                  i = after;
                  continue;
                }
              no_close[kind] = para_end;
            }
          g_string_append_len (out, text + i, open_len);
          i += open_len;
          continue;
        }

      if ((c == 'h' || c == 'H') &&
          (n = proc_links_address_length (text, text + i, text + len)) > 0)
        {
          g_string_append (out, " ; ");
          i += n;
          continue;
        }

      g_string_append_c (out, c);
      i++;
    }

  return g_string_free (out, FALSE);
}

/* A first line without a full stop, followed by a blank line, is a title:
 * callers put the title first when the paper has one. */
gboolean
kp_has_title (const char *text)
{
  const char *start = text;
  const char *blank;
  const char *last;

  while (g_ascii_isspace (*start))
    start++;
  blank = strstr (start, "\n\n");
  if (blank == NULL || blank == start || blank - start > MAX_TITLE_BYTES ||
      memchr (start, '\n', blank - start) != NULL)
    return FALSE;

  for (last = blank; last > start && g_ascii_isspace (last[-1]); last--)
    ;
  if (last > start && strchr (".?!", last[-1]) != NULL)
    return FALSE;

  for (const char *rest = blank; *rest; rest++)
    if (!g_ascii_isspace (*rest))
      return TRUE;

  return FALSE;
}
