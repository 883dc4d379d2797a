/* proc-title-abstract.c: an abstract as words and sentences, for the title rules
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "proc-title.h"
#include "proc-title-private.h"

/* Abstract: words and sentences */

/* The length of the white space at @p: ASCII, no-break and other spaces */
gsize
title_space_len (const char *p)
{
  guchar c = *p;

  if (c > 0 && c <= ' ')
    return 1;
  if (c == 0xc2 && (guchar) p[1] == 0xa0)
    return 2;
  if (c == 0xe2 && (guchar) p[1] == 0x80 &&
      (((guchar) p[2] >= 0x80 && (guchar) p[2] <= 0x8a) || (guchar) p[2] == 0xaf))
    return 3;

  return 0;
}

static char
punct_char (const char *p)
{
  switch (*p)
    {
    case ',': case ';': case ':': case '(': case ')': case '[': case ']':
    case '{': case '}': case '"': case '!': case '?':
      return *p;
    default:
      break;
    }

  /* “ ” ‘ — – ; the right single quote is an apostrophe too often */
  if ((guchar) p[0] == 0xe2 && (guchar) p[1] == 0x80)
    switch ((guchar) p[2])
      {
      case 0x9c: case 0x9d: return '"';
      case 0x98: return '\'';
      case 0x93: case 0x94: return '-';
      default: break;
      }

  return 0;
}

/* Words are looked up when first asked about: most sentences never are */
Token *
title_tok_lookup (Abstract *a,
                  guint     i)
{
  Token *t = &a->tokens[i];

  if (!t->looked_up)
    {
      WordFlags wf = t->punct == 0 ? title_word_flags (a->text + t->start, t->end - t->start)
                                   : (WordFlags) { 0, 0 };

      t->flags = wf.flags;
      t->flags2 = wf.flags2;
      t->looked_up = TRUE;
    }

  return t;
}

/* One bit per byte of @text, set where a word may end (see title_word_end) and
 * at the final NUL.  Finding the end of each word in this map is a count
 * of zero bits instead of a byte loop whose exit the processor cannot
 * predict: that byte loop was where most of the time went. */
guint64 *
title_word_end_map (const char *text,
                    gsize       len)
{
  guint64 *bits = g_new0 (guint64, len / 64 + 2);
  gsize i = 0;

#ifdef __SSE2__
  for (; i + 16 <= len; i += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (gconstpointer) (text + i));
      __m128i lower = _mm_or_si128 (v, _mm_set1_epi8 (0x20));
      __m128i even = _mm_and_si128 (v, _mm_set1_epi8 ((char) 0xfe));
      /* 0 <= byte <= '"': white space, '!' and '"' (as signed bytes) */
      __m128i m = _mm_and_si128 (_mm_cmpgt_epi8 (v, _mm_set1_epi8 (-1)),
                                 _mm_cmplt_epi8 (v, _mm_set1_epi8 ('"' + 1)));

      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (lower, _mm_set1_epi8 ('{')));         /* [ { */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (lower, _mm_set1_epi8 ('}')));         /* ] } */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (lower, _mm_set1_epi8 ((char) 0xe2))); /* 0xc2 0xe2 */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (even, _mm_set1_epi8 ('(')));          /* ( ) */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (even, _mm_set1_epi8 (':')));          /* : ; */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (v, _mm_set1_epi8 (',')));
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('?')));

      bits[i / 64] |= (guint64) (guint) _mm_movemask_epi8 (m) << (i % 64);
    }
#endif

  for (; i < len; i++)
    if (title_word_end[(guchar) text[i]])
      bits[i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
  bits[len / 64] |= G_GUINT64_CONSTANT (1) << (len % 64);

  return bits;
}

/* The first position at or after @pos where a word may end */
static inline gsize
next_word_end (const guint64 *bits,
               gsize          pos)
{
  gsize w = pos / 64;
  guint64 m = bits[w] >> (pos % 64);

  if (m != 0)
    return pos + (gsize) __builtin_ctzll (m);

  for (w++; bits[w] == 0; w++)
    ;

  return w * 64 + (gsize) __builtin_ctzll (bits[w]);
}

static void
add_sentence (Abstract *a,
              guint    *s_alloc,
              guint     first,
              guint     end,
              gboolean  cue)
{
  if (a->n_sentences == *s_alloc)
    {
      *s_alloc *= 2;
      a->sentences = g_renew (Sentence, a->sentences, *s_alloc);
    }
  a->sentences[a->n_sentences].first = first;
  a->sentences[a->n_sentences].end = end;
  a->sentences[a->n_sentences].cue = cue;
  a->n_sentences++;
}

/* One pass over the text: words, punctuation, sentences, and which
 * sentences may introduce a name. */
void
title_abstract_init (Abstract   *a,
                     const char *text)
{
  guint n_alloc = 256;
  guint s_alloc = 16;
  guint first = 0;
  gboolean cue = FALSE;
  gboolean may_end = FALSE;  /* the previous token ends a sentence if this one starts one */
  const char *p = text;
  g_autofree guint64 *ends = title_word_end_map (text, strlen (text));

  a->text = text;
  a->tokens = g_new (Token, n_alloc);
  a->n_tokens = 0;
  a->sentences = g_new (Sentence, s_alloc);
  a->n_sentences = 0;

  while (*p)
    {
      guchar byte = *p;
      Token *t;
      char c = 0;

      if (byte == ' ')
        {
          p++;
          continue;
        }

      if (title_word_end[byte])
        {
          gsize space = title_space_len (p);

          if (space > 0)
            {
              p += space;
              continue;
            }
          c = punct_char (p);  /* 0 for the other characters from 0xc2 or 0xe2 */
        }

      if (a->n_tokens == n_alloc)
        {
          n_alloc *= 2;
          a->tokens = g_renew (Token, a->tokens, n_alloc);
        }
      t = &a->tokens[a->n_tokens];
      t->start = p - text;
      t->flags = t->flags2 = 0;
      t->punct = c;
      t->dot = t->looked_up = t->marker = FALSE;

      /* did the previous token end a sentence? */
      if (may_end)
        {
          gboolean starts;

          if (c != 0)
            {
              starts = c == '(' || c == '"' || c == '[';
            }
          else
            {
              gunichar u = byte < 0x80 ? (gunichar) byte : g_utf8_get_char (p);

              starts = g_unichar_isupper (u) || g_unichar_isdigit (u);
            }
          if (starts)
            {
              add_sentence (a, &s_alloc, first, a->n_tokens, cue);
              first = a->n_tokens;
              cue = FALSE;
            }
        }

      if (c != 0)
        {
          p = g_utf8_next_char (p);
          t->end = p - text;
          may_end = c == '!' || c == '?';
          a->n_tokens++;
          continue;
        }

      /* a word, up to white space or punctuation */
      for (;;)
        {
          p = text + next_word_end (ends, p - text);
          if (*p == '\0' || *p == ' ' || title_space_len (p) > 0 || punct_char (p) != 0)
            break;
          p++;  /* another character that starts with 0xc2 or 0xe2 */
        }
      t->end = p - text;
      may_end = FALSE;

      /* "approach." is the word "approach" at the end of a sentence, but
       * "e.g." and the initial of "A. Smith" end nothing */
      if (p[-1] == '.')
        {
          while (t->end > t->start && text[t->end - 1] == '.')
            t->end--;
          t->dot = TRUE;
          if (t->end == t->start)
            {
              t->punct = '.';
              t->end = p - text;
              may_end = TRUE;
              a->n_tokens++;
              continue;
            }
          title_tok_lookup (a, a->n_tokens);
          may_end = !(t->flags & W_ABBREVIATION) &&
                    !(t->end - t->start == 1 && g_ascii_isupper (text[t->start]));
        }

      {
        const char *w = text + t->start;
        gsize len = t->end - t->start;

        t->marker = may_be (title_marker_filter, w, len);
        if (may_be (title_cue_filter, w, len) &&
            (title_tok_lookup (a, a->n_tokens)->flags & (W_WE | W_OUR | W_SELF_NOUN | W_NAMING)))
          cue = TRUE;
      }

      a->n_tokens++;
    }

  if (first < a->n_tokens)
    add_sentence (a, &s_alloc, first, a->n_tokens, cue);
}

void
title_abstract_clear (Abstract *a)
{
  g_free (a->tokens);
  g_free (a->sentences);
}

gboolean
title_tok_word (Abstract *a,
                guint     i)
{
  return i < a->n_tokens && a->tokens[i].punct == 0;
}

gboolean
title_tok_punct (Abstract *a,
                 guint     i,
                 char      c)
{
  return i < a->n_tokens && a->tokens[i].punct == c;
}

gboolean
title_tok_has (Abstract *a,
               guint     i,
               guint32   flags)
{
  return i < a->n_tokens && (title_tok_lookup (a, i)->flags & flags) != 0;
}

gboolean
title_tok_has2 (Abstract *a,
                guint     i,
                guint32   flags2)
{
  return i < a->n_tokens && (title_tok_lookup (a, i)->flags2 & flags2) != 0;
}

gboolean
title_has_upper (Abstract *a,
                 guint     i)
{
  if (!title_tok_word (a, i))
    return FALSE;

  for (guint k = a->tokens[i].start; k < a->tokens[i].end; k++)
    if (g_ascii_isupper (a->text[k]))
      return TRUE;

  return FALSE;
}

gboolean
title_is_capitalized_word (Abstract *a,
                           guint     i)
{
  return title_tok_word (a, i) && g_ascii_isupper (a->text[a->tokens[i].start]);
}

/* Text of tokens [first, end), as written */
char *
title_tok_span (Abstract *a,
                guint     first,
                guint     end)
{
  if (first >= end || end > a->n_tokens)
    return g_strdup ("");

  return g_strndup (a->text + a->tokens[first].start,
                    a->tokens[end - 1].end - a->tokens[first].start);
}
