/* proc-title-acronyms.c: acronyms a title spells out
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-title-private.h"
#include "proc-title.h"

#include <string.h>

/* An abstract defines its terms once, "deep kernel learning (DKL)", and
 * then writes the acronym; a title is read without the abstract, so an
 * acronym the abstract defines is spelled out in it when the words fit:
 * "Amortized variational DKL" → "Amortized variational deep kernel
 * learning".  The method's own name is left as it is. */

#define MAX_LONG_FORM_WORDS 6

typedef struct
{
  char *acronym;
  char *long_form;
} Definition;

/* "DKL", "LLMs", "MAG": two capitals or more, nothing but capitals,
 * digits and a final plural s */
static gboolean
is_acronym (const char *s,
            gsize       len)
{
  guint capitals = 0;

  if (len > 0 && s[len - 1] == 's')
    len--;
  if (len < 2 || len > 8)
    return FALSE;
  for (gsize k = 0; k < len; k++)
    {
      if (g_ascii_isupper (s[k]))
        capitals++;
      else if (!g_ascii_isdigit (s[k]) && s[k] != '-')
        return FALSE;
    }

  return capitals >= 2;
}

/* "Maximal Ancestral Graph" is capitalised for its acronym: the title
 * writes it as a phrase; "Gaussian process" keeps its capital */
static char *
as_phrase (Abstract *a,
           guint     first,
           guint     end,
           gboolean  sentence_start)
{
  GString *s = g_string_new (NULL);
  guint capitalized = 0;

  for (guint k = first; k < end; k++)
    {
      const Token *t = &a->tokens[k];
      gboolean lower_rest = TRUE;

      for (guint c = t->start + 1; c < t->end; c++)
        lower_rest &= !g_ascii_isupper (a->text[c]);
      capitalized += g_ascii_isupper (a->text[t->start]) && lower_rest;
    }

  for (guint k = first; k < end; k++)
    {
      const Token *t = &a->tokens[k];
      gboolean lower_rest = TRUE;

      for (guint c = t->start + 1; c < t->end; c++)
        lower_rest &= !g_ascii_isupper (a->text[c]);
      if (s->len > 0)
        g_string_append_c (s, ' ');
      /* the first word of a sentence has a capital of its own: "Monte
       * Carlo (MC)" there is in capitals for its acronym */
      if ((capitalized >= 2 || (k == first && sentence_start)) && lower_rest &&
          !title_tok_has2 (a, k, W2_PROPER))
        g_string_append_c (s, g_ascii_tolower (a->text[t->start]));
      else
        g_string_append_c (s, a->text[t->start]);
      g_string_append_len (s, a->text + t->start + 1, t->end - t->start - 1);
    }

  return g_string_free (s, FALSE);
}

/* Every "long form (ACRONYM)" of the abstract, the first one of each */
static GArray *
find_definitions (Abstract *a)
{
  GArray *defs = g_array_new (FALSE, FALSE, sizeof (Definition));

  for (guint s = 0; s < a->n_sentences; s++)
    {
      guint first = a->sentences[s].first;
      guint end = a->sentences[s].end;

      for (guint i = first + 2; i + 2 < end + 1 && i + 2 < a->n_tokens; i++)
        {
          const Token *acr;
          guint start, lf_start;
          g_autofree char *lf = NULL;
          gssize offset;
          gboolean known = FALSE;
          Definition d;

          if (!title_tok_punct (a, i, '(') || !title_tok_punct (a, i + 2, ')') || !title_tok_word (a, i + 1))
            continue;
          acr = &a->tokens[i + 1];
          if (!is_acronym (a->text + acr->start, acr->end - acr->start))
            continue;

          /* the words before the bracket, up to punctuation */
          start = i;
          while (start > first && i - start < MAX_LONG_FORM_WORDS + 2 && title_tok_word (a, start - 1))
            start--;
          if (start == i)
            continue;

          lf = title_tok_span (a, start, i);
          offset = title_find_long_form (a->text + acr->start, acr->end - acr->start, lf, strlen (lf));
          if (offset < 0)
            continue;
          lf_start = start;
          while (lf_start < i && a->tokens[lf_start].end <= a->tokens[start].start + (guint) offset)
            lf_start++;
          /* two words or more, or one of parts: "positive-unlabeled (PU)" */
          if ((i - lf_start < 2 &&
               (i - lf_start < 1 || memchr (a->text + a->tokens[lf_start].start, '-',
                                            a->tokens[lf_start].end - a->tokens[lf_start].start) == NULL)) ||
              i - lf_start > MAX_LONG_FORM_WORDS ||
              title_tok_has (a, lf_start, W_DANGLING | W_ARTICLE | W_WE | W_OUR | W_THIS))
            continue;

          for (guint k = 0; k < defs->len && !known; k++)
            known = strncmp (g_array_index (defs, Definition, k).acronym, a->text + acr->start,
                             acr->end - acr->start) == 0 &&
                    g_array_index (defs, Definition, k).acronym[acr->end - acr->start] == '\0';
          if (known)
            continue;

          d.acronym = g_strndup (a->text + acr->start, acr->end - acr->start);
          d.long_form = as_phrase (a, lf_start, i, lf_start == first);
          g_array_append_val (defs, d);
        }
    }

  return defs;
}

static const Definition *
lookup (GArray     *defs,
        const char *word,
        gsize       len)
{
  for (guint k = 0; k < defs->len; k++)
    {
      const Definition *d = &g_array_index (defs, Definition, k);

      if (strlen (d->acronym) == len && strncmp (d->acronym, word, len) == 0)
        return d;
    }

  return NULL;
}

/* @phrase with the acronyms @a defines spelled out, as long as the title
 * (@phrase and @extra_words more) keeps to MAX_TITLE_WORDS words and
 * @max_chars characters, and the long form is not in it already */
char *
title_expand_acronyms (Abstract   *a,
                       const char *phrase,
                       guint       extra_words,
                       guint       max_chars)
{
  g_autoptr(GArray) defs = NULL;
  GString *out;
  g_autofree char *lower = NULL;
  guint words;
  gsize chars;
  const char *p;

  if (phrase == NULL)
    return NULL;

  /* most abstracts define nothing: no work for them */
  for (p = phrase; *p != '\0'; p++)
    if (g_ascii_isupper (p[0]) && g_ascii_isupper (p[1]))
      break;
  if (*p == '\0')
    return g_strdup (phrase);

  defs = find_definitions (a);
  if (defs->len == 0)
    return g_strdup (phrase);

  words = title_count_words (phrase) + extra_words;
  chars = g_utf8_strlen (phrase, -1);
  lower = g_ascii_strdown (phrase, -1);
  out = g_string_new (NULL);
  for (p = phrase; *p != '\0';)
    {
      gsize len = strcspn (p, " ,;:");
      const Definition *d = len > 0 ? lookup (defs, p, len) : NULL;

      if (d != NULL)
        {
          guint more = title_count_words (d->long_form) - 1;
          gsize grown = chars + g_utf8_strlen (d->long_form, -1) - len;
          g_autofree char *lf = g_ascii_strdown (d->long_form, -1);

          if (words + more <= MAX_TITLE_WORDS && grown <= max_chars && strstr (lower, lf) == NULL)
            {
              g_string_append (out, d->long_form);
              words += more;
              chars = grown;
              p += len;
              continue;
            }
        }
      g_string_append_len (out, p, len);
      p += len;
      while (*p == ' ' || *p == ',' || *p == ';' || *p == ':')
        g_string_append_c (out, *p++);
    }

  for (guint k = 0; k < defs->len; k++)
    {
      g_free (g_array_index (defs, Definition, k).acronym);
      g_free (g_array_index (defs, Definition, k).long_form);
    }

  return g_string_free (out, FALSE);
}

/* A term the abstract coins in lower case, "a steady state we call
 * rotational equilibrium", "a phenomenon called neural collapse,": what a
 * reader will hear the paper called by.  NULL when there is none. */
char *
title_coined_term (Abstract *a)
{
  for (guint s = 0; s < a->n_sentences; s++)
    {
      guint end = a->sentences[s].end;

      if (!a->sentences[s].cue)
        continue;

      for (guint i = a->sentences[s].first; i + 1 < end; i++)
        {
          guint k = i + 1, letters = 0;
          gboolean lower = TRUE;

          /* "we call", "we term"; "called", "termed", "dubbed", "coined" */
          if (!((title_tok_has (a, i, W_NAMING_VERB) && i > 0 && title_tok_has (a, i - 1, W_WE)) ||
                (title_tok_has (a, i, W_NAMING) &&
                 g_ascii_strncasecmp (a->text + a->tokens[i].start, "namely", 6) != 0)))
            continue;

          for (; k < end && k < i + 5 && title_tok_word (a, k); k++)
            {
              const Token *t = &a->tokens[k];

              for (guint c = t->start; c < t->end; c++)
                lower &= !g_ascii_isupper (a->text[c]) && !g_ascii_isdigit (a->text[c]);
              if (!lower || title_tok_has (a, k, W_DANGLING | W_GENERIC | W_WEAK_ADJ | W_WE | W_ADVERB) ||
                  (title_tok_lookup (a, k)->flags2 & W2_VERB))
                break;
              letters += t->end - t->start;
            }

          /* the term ends the clause: "…equilibrium.", "…collapse,", "…(NC)" */
          if (k == i + 1 || !lower || letters < 6 ||
              (k < end && !title_tok_punct (a, k, ',') && !title_tok_punct (a, k, '(') &&
               !title_tok_punct (a, k, ';') && !title_tok_punct (a, k, ':')))
            continue;

          return title_tok_span (a, i + 1, k);
        }
    }

  return NULL;
}
