/* proc-title-phrases.c: phrases of an abstract, cut to what a title holds
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-title.h"
#include "proc-title-private.h"

/* Phrases */

/* Phrases */

static gboolean
is_dangling (const char *s,
             gsize       len)
{
  return (title_word_flags (s, len).flags & W_DANGLING) != 0;
}

/* Removes "(...)" and "[...]" asides that follow a space: "(LLMs)",
 * "(nearly free)", "[Smith, 2020]", but not the "(n)" of "O(n)". */
char *
title_strip_asides (const char *s)
{
  GString *out = g_string_sized_new (strlen (s));
  const char *p = s;

  while (*p)
    {
      /* copy up to the next bracket or white space */
      const char *run = p;

      while (!title_word_end[(guchar) *p] || (*p == ' ' && p[1] != ' ' && p[1] != '(' && p[1] != '['))
        p++;
      g_string_append_len (out, run, p - run);
      if (*p == '\0')
        break;

      if ((*p == '(' || *p == '[') &&
          (p == s || (guchar) p[-1] <= ' ' || (guchar) p[-1] == 0xa0))
        {
          char open = *p, close = *p == '(' ? ')' : ']';
          int level = 0;
          const char *q = p;

          for (; *q; q++)
            {
              level += *q == open ? 1 : *q == close ? -1 : 0;
              if (level == 0)
                break;
            }

          if (*q != '\0')
            {
              p = q + 1;
              /* "a (b) c" → "a c", "a (b), c" → "a, c" */
              while (out->len > 0 && out->str[out->len - 1] == ' ')
                g_string_truncate (out, out->len - 1);
              if (*p != '\0' && title_space_len (p) == 0 && !strchr (",.;:)]", *p))
                g_string_append_c (out, ' ');
              continue;
            }
        }

      if (title_space_len (p) > 0)
        {
          p += title_space_len (p);
          if (out->len > 0 && out->str[out->len - 1] != ' ')
            g_string_append_c (out, ' ');
          continue;
        }

      /* a bracket that is not an aside, or a character from 0xc2 or 0xe2 */
      g_string_append_c (out, *p);
      p++;
    }

  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);

  return g_string_free (out, FALSE);
}

/* Removes asides between commas and dashes: "The estimator, which takes X
 * into account, is…" → "The estimator is…", "X – with guarantees – Y". */
void
title_strip_inner_clauses (GString *s)
{
  static const char * const openers[] = {
    "which ", "i.e.", "e.g.", "such as ", "including ", "namely ", "who ",
    "whose ", "where ", NULL
  };
  char *p;

  /* ", which …," and the like: one pass over the commas */
  for (p = strchr (s->str, ','); p != NULL; p = strchr (p + 1, ','))
    {
      char *next;
      gboolean aside = FALSE;

      if (p[1] != ' ')
        continue;
      for (guint i = 0; openers[i] != NULL && !aside; i++)
        aside = strncmp (p + 2, openers[i], strlen (openers[i])) == 0;
      if (!aside)
        continue;

      next = strchr (p + 2, ',');
      if (next == NULL || next[1] != ' ')
        break;
      g_string_erase (s, p - s->str, next + 1 - p);
      p = s->str + (p - s->str) - 1;
      if (p < s->str)
        p = s->str;
    }

  /* " – with guarantees – ": a pair of spaced dashes */
  for (p = strchr (s->str, '\xe2'); p != NULL; p = strchr (p + 1, '\xe2'))
    {
      char *next;

      if (p == s->str || p[-1] != ' ' || (strncmp (p, "–", 3) != 0 && strncmp (p, "—", 3) != 0) ||
          p[3] != ' ')
        continue;
      next = strstr (p + 4, p[2] == '\x93' ? " – " : " — ");
      if (next == NULL)
        break;
      g_string_erase (s, p - 1 - s->str, next + 4 - (p - 1));
      break;
    }
}

/* Whether @s has more than @n characters, counting no further */
static gboolean
longer_than (const char *s,
             guint       n)
{
  guint chars = 0;

  for (; *s; s++)
    if (((guchar) *s & 0xc0) != 0x80 && ++chars > n)
      return TRUE;

  return FALSE;
}

/* Removes words a title does not end on, and trailing punctuation. */
void
title_strip_dangling (GString *s)
{
  for (;;)
    {
      gsize end = s->len;
      gsize start;

      for (;;)
        {
          if (end > 0 && strchr (" ,;:.!?-'\"", s->str[end - 1]) != NULL)
            end--;
          else if (end >= 3 && (strncmp (s->str + end - 3, "—", 3) == 0 ||
                                strncmp (s->str + end - 3, "–", 3) == 0 ||
                                strncmp (s->str + end - 3, "“", 3) == 0 ||
                                strncmp (s->str + end - 3, "‘", 3) == 0))
            end -= 3;
          else
            break;
        }
      g_string_truncate (s, end);

      start = end;
      while (start > 0 && s->str[start - 1] != ' ')
        start--;
      if (start == 0 || !is_dangling (s->str + start, end - start))
        return;
      g_string_truncate (s, start);
    }
}

void
title_capitalize (GString *s)
{
  gsize first_word = strcspn (s->str, " ");

  /* "on-device training" → "On-device training"; "iPhone" and "k-NN" stay */
  for (gsize i = 0; i < first_word; i++)
    if (g_ascii_isupper (s->str[i]))
      return;

  if (s->len > 0 && g_ascii_islower (s->str[0]))
    s->str[0] = g_ascii_toupper (s->str[0]);
}

/* "a simple integration of…" → "simple integration of…" */
const char *
title_skip_article (const char *s)
{
  for (;;)
    {
      gsize len = strcspn (s, " ");
      WordFlags wf = title_word_flags (s, len);
      gboolean skip = (wf.flags & W_ARTICLE) ||
                      ((wf.flags & W_WEAK_ADJ) && len <= 5);  /* novel, new, first */

      if (!skip || s[len] != ' ')
        return s;
      s += len + 1;
    }
}

/* Words [first, end) as text, asides removed */
char *
title_phrase (Abstract *a,
              guint     first,
              guint     end)
{
  g_autofree char *span = NULL;

  /* a title never shows more than the first few dozen words */
  for (guint i = first + 1; i < end; i++)
    if (a->tokens[i].end - a->tokens[first].start > 3 * PROC_TITLE_MAX_CHARS)
      {
        end = i;
        break;
      }

  span = title_tok_span (a, first, end);

  return title_strip_asides (span);
}

/* Noun phrases */

/* Whether @s (a word of @len bytes) is a dash standing alone: " – " */
static gboolean
is_dash_word (const char *s,
              gsize       len)
{
  return (len == 1 && *s == '-') ||
         (len == 3 && (strncmp (s, "–", 3) == 0 || strncmp (s, "—", 3) == 0));
}

/* The noun phrase @s (single spaces, asides removed) starts with, in at
 * most @max_words words: it stops at a comma or a stop, before a clause
 * ("which", "where", "that"), a dash or a verb ("is", "achieves").  When
 * the words run out first, it ends before the last preposition or
 * conjunction, so that a title never ends mid-phrase: "simple integration
 * of a constant sized cache with eviction-based…" → "simple integration
 * of a constant sized cache".  Function words at the end go. */
char *
title_noun_phrase (const char *s,
                   guint       max_words)
{
  GString *out = g_string_new (NULL);
  gsize last_join = 0, join_before = 0;
  guint n = 0, words_at_join = 0, words_at_join_before = 0;
  gboolean needs_its_of = FALSE;   /* the last join is "the number| of…" */
  gboolean after_article = FALSE;  /* the word before the last is an article */
  gboolean prev_article = FALSE;
  gboolean complete = FALSE;   /* it ended where the phrase does */
  const char *p = s;

  while (*p == ' ')
    p++;

  for (;;)
    {
      gsize len, wlen;
      gboolean ends_clause = FALSE;
      WordFlags wf;

      if (*p == '\0')
        {
          complete = TRUE;
          break;
        }

      len = wlen = strcspn (p, " ");
      while (wlen > 0 && strchr (",;:.!?\"", p[wlen - 1]) != NULL)
        {
          wlen--;
          ends_clause = TRUE;
        }
      if (wlen == 0 || is_dash_word (p, wlen))
        {
          complete = TRUE;
          break;
        }

      wf = title_word_flags (p, wlen);
      if (n > 0 && ((wf.flags & (W_CLAUSE | W_WHICH)) || (wf.flags2 & W2_VERB)))
        {
          complete = TRUE;
          break;
        }
      if (n == max_words)
        break;
      if (n > 0 && (wf.flags & (W_PREPOSITION | W_CONJUNCTION | W_OF)))
        {
          join_before = last_join;
          words_at_join_before = words_at_join;
          last_join = out->len;
          words_at_join = n;
          needs_its_of = (wf.flags & W_OF) && after_article;
        }
      after_article = prev_article;
      prev_article = (wf.flags & W_ARTICLE) != 0;

      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_len (out, p, wlen);
      n++;

      if (ends_clause)
        {
          complete = TRUE;
          break;
        }
      p += len;
      while (*p == ' ')
        p++;
    }

  /* "lower bounds on the number of…" cut before "of" leaves "the number"
   * without what it counts: cut at the join before */
  if (!complete && needs_its_of && words_at_join_before >= 2)
    g_string_truncate (out, join_before);
  else if (!complete && words_at_join >= 2)
    g_string_truncate (out, last_join);
  title_strip_dangling (out);

  return g_string_free (out, FALSE);
}

guint
title_count_words (const char *s)
{
  guint n = 0;

  for (const char *p = s; *p; )
    {
      while (*p == ' ')
        p++;
      if (*p == '\0')
        break;
      n++;
      p += strcspn (p, " ");
    }

  return n;
}

/* Whether @phrase has the word @word, case folded */
gboolean
title_has_word (const char *phrase,
                const char *word)
{
  gsize len = strlen (word);

  for (const char *p = phrase; *p; )
    {
      gsize wl = strcspn (p, " ");

      if (wl == len && g_ascii_strncasecmp (p, word, len) == 0)
        return TRUE;
      p += wl;
      while (*p == ' ')
        p++;
    }

  return FALSE;
}

/* Whether @a and @b share a word of four letters or more, case and a
 * final s folded: "on-device training approach" and "on-device training" */
gboolean
title_share_word (const char *a,
                  const char *b)
{
  for (const char *p = b; *p; )
    {
      gsize len = strcspn (p, " ");
      gsize stem = len > 4 && (p[len - 1] == 's' || p[len - 1] == 'S') ? len - 1 : len;

      if (stem >= 4)
        for (const char *q = a; *q; )
          {
            gsize qlen = strcspn (q, " ");

            if (qlen >= stem && qlen <= stem + 1 && g_ascii_strncasecmp (p, q, stem) == 0)
              return TRUE;
            q += qlen;
            while (*q == ' ')
              q++;
          }
      p += len;
      while (*p == ' ')
        p++;
    }

  return FALSE;
}

/* "sequential CP method", "online game": a head noun that needs a "for…" */
gboolean
title_ends_generic (const char *s)
{
  const char *last = strrchr (s, ' ');

  gsize first = strcspn (s, " ");

  /* "equipping a diffusion model" is an action, not a thing */
  if (first > 4 && strncmp (s + first - 3, "ing", 3) == 0)
    return FALSE;

  last = last != NULL ? last + 1 : s;

  return (title_word_flags (last, strlen (last)).flags & W_GENERIC) != 0;
}

/* Drops words from the end of @s until it has at most @max_chars
 * characters; one word longer than that is cut, with "…" */
void
title_fit_chars (GString *s,
                 guint    max_chars)
{
  while (longer_than (s->str, max_chars))
    {
      char *space = strrchr (s->str, ' ');

      if (space == NULL)
        {
          const char *limit = g_utf8_offset_to_pointer (s->str, max_chars - 1);

          g_string_truncate (s, limit - s->str);
          g_string_append (s, "…");
          return;
        }
      g_string_truncate (s, space - s->str);
      title_strip_dangling (s);
    }
}

/* "long-tailed learning", "matrix factorization": a phrase whose last word
 * names a task (the lexicon's W2_TASK) */
gboolean
title_names_task (const char *s)
{
  const char *last = strrchr (s, ' ');
  const char *hyphen;
  WordFlags wf;

  last = last != NULL ? last + 1 : s;
  if ((hyphen = strrchr (last, '-')) != NULL)
    last = hyphen + 1;  /* "learning-based optimization" is one word */
  wf = title_word_flags (last, strlen (last));

  return (wf.flags2 & W2_TASK) != 0;
}
