/* proc-title-topics.c: what an abstract is about, cheaply, for its title
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-key-phrases.h"
#include "proc-title.h"
#include "proc-title-private.h"

/* A title needs the two or three phrases an abstract is most about, not
 * the ranked tags of proc_key_phrases_extract (), which cost ten times the
 * rest of the title.  So this reads the words the title code has already
 * split: runs of content words (none of the extractor's stop words, no
 * verb, adverb or number) between punctuation, and their sub-runs of one
 * to three words, counted case folded with a final s folded; an
 * occurrence in the first sentence counts 2, in the second 1.5, in one
 * that says "we", "our" or "this paper" (where the contribution is) 1.25,
 * elsewhere 1, times 0.6 for one word, 1.5 for two and 1.8 for three (the longer
 * phrase is the more specific), and a phrase counts only when it occurs
 * twice or in the first sentence.  The best ones that share no word are
 * the topic: "Time series, missing data and graph neural networks". */

#define MAX_RUN        3
#define TABLE_SIZE     1024    /* a power of two, above the phrases of an abstract */
#define MAX_KEY_BYTES  96

typedef struct
{
  guint32 hash;
  guint   first;       /* token of the first occurrence */
  guint   n_words;
  guint   count;
  double  weight;
  gboolean weak;       /* generic words only */
  gboolean used;
} Slot;

static gboolean
is_content (Abstract *a,
            guint     i,
            gboolean *weak)
{
  const Token *t;
  const char *w;
  gsize len;
  char lower[MAX_KEY_BYTES];
  guint letters = 0;

  *weak = FALSE;
  if (!title_tok_word (a, i))
    return FALSE;

  t = title_tok_lookup (a, i);
  w = a->text + t->start;
  len = t->end - t->start;
  if (len < 2 || len >= sizeof lower)
    return FALSE;
  if ((t->flags & (W_DANGLING | W_CLAUSE | W_ADVERB | W_LEAD_IN | W_LEAD_IN_THAT | W_INTRO |
                   W_INTRO_3SG | W_WE | W_OUR | W_OPENER | W_HERE | W_CONJUNCTION |
                   W_PREPOSITION | W_ABBREVIATION | W_SELF_NOUN | W_NAMING)) ||
      (t->flags2 & (W2_VERB | W2_BE | W2_KNOWN)))
    return FALSE;

  for (gsize k = 0; k < len; k++)
    {
      guchar c = w[k];

      if (c == '$' || c == '\\' || c == '\'' || c == '=' || c == '<' || c == '>' ||
          (c == '/' && g_ascii_islower (w[0])))
        return FALSE;  /* math left over: "ln n/ln", not "I/O" */
      letters += g_ascii_isalpha (c);
      lower[k] = g_ascii_tolower (c);
    }
  lower[len] = '\0';
  if (letters < 2)
    return FALSE;  /* numbers, math symbols */
  /* adverbs: "significantly", "efficiently" */
  if (len > 4 && g_ascii_islower (w[0]) && lower[len - 2] == 'l' && lower[len - 1] == 'y')
    return FALSE;

  if (proc_key_phrases_is_stop_word (lower, weak))
    return FALSE;
  *weak |= (t->flags & (W_GENERIC | W_WEAK_ADJ)) != 0;

  return TRUE;
}

/* The folded word: lower case, a final s dropped unless ss/us/is */
static guint32
hash_word (Abstract *a,
           guint     i,
           guint32   h)
{
  const Token *t = &a->tokens[i];
  guint end = t->end;

  if (end - t->start > 3 && a->text[end - 1] == 's' &&
      !strchr ("suiS", a->text[end - 2]))
    end--;
  for (guint k = t->start; k < end; k++)
    h = (h ^ (guchar) g_ascii_tolower (a->text[k])) * 16777619u;

  return (h ^ ' ') * 16777619u;
}

static gboolean
same_phrase (Abstract *a,
             guint     x,
             guint     y,
             guint     n)
{
  for (guint k = 0; k < n; k++)
    {
      const Token *p = &a->tokens[x + k], *q = &a->tokens[y + k];
      guint pl = p->end - p->start, ql = q->end - q->start;

      /* plural folded: "model" and "models" */
      if (pl != ql && !(pl + 1 == ql && a->text[q->end - 1] == 's') &&
          !(ql + 1 == pl && a->text[p->end - 1] == 's'))
        return FALSE;
      if (g_ascii_strncasecmp (a->text + p->start, a->text + q->start, MIN (pl, ql)) != 0)
        return FALSE;
    }

  return TRUE;
}

/* The phrase as the abstract writes it, capitals kept only where a word
 * has them inside ("FlashAttention", "GPU") or names a person or a
 * place ("Gaussian", "Monte Carlo") */
static void
append_phrase (GString  *out,
               Abstract *a,
               guint     first,
               guint     n)
{
  for (guint k = 0; k < n; k++)
    {
      const Token *t = &a->tokens[first + k];
      const char *w = a->text + t->start;
      gsize len = t->end - t->start;
      gboolean inner_upper = FALSE;

      for (gsize c = 1; c < len; c++)
        inner_upper |= g_ascii_isupper (w[c]);
      if (k > 0)
        g_string_append_c (out, ' ');
      if (inner_upper || (g_ascii_isupper (w[0]) && title_tok_has2 (a, first + k, W2_PROPER)))
        g_string_append_len (out, w, len);
      else
        {
          g_string_append_c (out, g_ascii_tolower (w[0]));
          g_string_append_len (out, w + 1, len - 1);
        }
    }
}

static gboolean
overlaps (Abstract   *a,
          const Slot *x,
          const Slot *y)
{
  for (guint i = 0; i < x->n_words; i++)
    for (guint k = 0; k < y->n_words; k++)
      if (same_phrase (a, x->first + i, y->first + k, 1))
        return TRUE;

  return FALSE;
}

/* "SBMs" and "stochastic block models", "MI" and "mutual information":
 * an acronym and what it stands for are one topic */
static gboolean
abbreviates (Abstract   *a,
             const Slot *acronym,
             const Slot *phrase)
{
  const Token *t = &a->tokens[acronym->first];
  guint len = t->end - t->start;

  if (acronym->n_words != 1 || phrase->n_words < 2)
    return FALSE;
  if (len > 2 && a->text[t->end - 1] == 's')
    len--;
  if (len != phrase->n_words)
    return FALSE;
  for (guint k = 0; k < len; k++)
    if (!g_ascii_isupper (a->text[t->start + k]) ||
        a->text[t->start + k] != g_ascii_toupper (a->text[a->tokens[phrase->first + k].start]))
      return FALSE;

  return TRUE;
}

/**
 * title_quick_topic:
 * @a: the abstract
 * @skip: (nullable): a name the topic must not repeat
 * @max_words: how many words the topic may have
 * @max_phrases: how many phrases it may join
 * @max_chars: how many characters "X for TASK" may have: the title would
 *   be cut past them, so it is a list then
 *
 * Returns: (transfer full): the topic, or the empty string
 */
char *
title_quick_topic (Abstract   *a,
                   const char *skip,
                   guint       max_words,
                   guint       max_phrases,
                   guint       max_chars)
{
  /* Only the slots marked filled are read: zeroing the whole table (32 KB)
   * for each call was a fifteenth of an import's reading thread. */
  g_autofree Slot *table = g_new (Slot, TABLE_SIZE);
  guint8 filled[TABLE_SIZE] = { 0, };
  g_autofree guint8 *kind = g_new (guint8, a->n_tokens + 1);   /* 1 content, 2 weak too */
  guint16 occupied[TABLE_SIZE / 2];
  guint n_slots = 0;
  Slot *chosen[4];
  guint n_chosen = 0, words = 0;
  GString *out = g_string_new (NULL);
  gsize skip_len = skip != NULL ? strlen (skip) : 0;

  for (guint s = 0; s < a->n_sentences && n_slots < TABLE_SIZE / 2; s++)
    {
      double where = s == 0 ? 2.0 : s == 1 ? 1.5 : a->sentences[s].cue ? 1.25 : 1.0;
      guint end = a->sentences[s].end;
      guint run_start = a->sentences[s].first;

      for (guint i = a->sentences[s].first; i <= end; i++)
        {
          gboolean weak = FALSE;
          gboolean content = i < end && is_content (a, i, &weak);

          if (i < end)
            kind[i] = content ? (weak ? 3 : 1) : 0;

          if (content && i > run_start && a->tokens[i - 1].dot)
            run_start = i;  /* "e.g." inside a sentence */
          if (content)
            continue;

          /* the run [run_start, i): its sub-runs */
          for (guint first = run_start; first < i; first++)
            {
              guint32 h = 2166136261u;
              gboolean all_weak = TRUE;

              for (guint n = 1; n <= MAX_RUN && first + n <= i; n++)
                {
                  guint slot;
                  static const double length_factor[] = { 0, 0.6, 1.5, 1.8 };

                  all_weak &= (kind[first + n - 1] & 2) != 0;
                  h = hash_word (a, first + n - 1, h);

                  for (slot = (h + n) & (TABLE_SIZE - 1);
                       filled[slot] &&
                       !(table[slot].hash == h && table[slot].n_words == n &&
                         same_phrase (a, table[slot].first, first, n));
                       slot = (slot + 1) & (TABLE_SIZE - 1))
                    ;
                  if (!filled[slot])
                    {
                      if (n_slots >= TABLE_SIZE / 2)
                        break;
                      occupied[n_slots++] = slot;
                      filled[slot] = TRUE;
                      table[slot].count = 0;
                      table[slot].weight = 0;
                      table[slot].used = FALSE;
                      table[slot].hash = h;
                      table[slot].first = first;
                      table[slot].n_words = n;
                      table[slot].weak = all_weak;
                    }
                  table[slot].count++;
                  table[slot].weight += where * length_factor[n];
                }
            }
          run_start = i + 1;
        }
    }

  while (n_chosen < MIN (max_phrases, G_N_ELEMENTS (chosen)))
    {
      Slot *best = NULL;

      for (guint k = 0; k < n_slots; k++)
        {
          Slot *c = &table[occupied[k]];
          gboolean clash = FALSE;

          if (c->count == 0 || c->used || c->weak || c->weight < 2.0 ||
              (c->count < 2 && c->first >= a->sentences[0].end) ||
              words + c->n_words + (n_chosen > 0) > max_words)
            continue;
          if (best != NULL && (c->weight < best->weight ||
                               (c->weight == best->weight && c->first > best->first)))
            continue;
          for (guint m = 0; m < n_chosen && !clash; m++)
            clash = overlaps (a, c, chosen[m]) || abbreviates (a, c, chosen[m]) ||
                    abbreviates (a, chosen[m], c);
          if (!clash && skip_len > 0)
            for (guint m = 0; m < c->n_words && !clash; m++)
              {
                const Token *t = &a->tokens[c->first + m];

                gsize len = t->end - t->start;

                /* the name, or its plural: "SBMs" */
                if (len == skip_len + 1 && a->text[t->end - 1] == 's')
                  len--;
                clash = len == skip_len && strncmp (a->text + t->start, skip, skip_len) == 0;
              }
          if (!clash)
            best = c;
        }
      if (best == NULL)
        break;
      best->used = TRUE;
      chosen[n_chosen++] = best;
      words += best->n_words + (n_chosen > 1);
    }

  /* a title, not a list: when a phrase names a task, the others are
   * what the paper brings for it, "Sparse Johnson-Lindenstrauss transform
   * for dimensionality reduction" rather than "Embedding, sparse…
   * transform and dimensionality reduction", for one word more */
  for (guint i = 0; i < n_chosen && n_chosen >= 2; i++)
    {
      const Slot *task = chosen[i];
      guint n_others = 0, n_tasks = 0;

      /* one task of two words or more ("reinforcement learning", not
       * "exploration"); with two tasks, which serves which is not known */
      for (guint k = 0; k < n_chosen; k++)
        n_tasks += title_tok_has2 (a, chosen[k]->first + chosen[k]->n_words - 1, W2_TASK | W2_PROBLEM);
      if (task->n_words < 2 || n_tasks != 1 ||
          !title_tok_has2 (a, task->first + task->n_words - 1, W2_TASK))
        continue;
      for (guint k = 0; k < n_chosen; k++)
        {
          if (k == i)
            continue;
          if (n_others > 0)
            g_string_append (out, " and ");
          append_phrase (out, a, chosen[k]->first, chosen[k]->n_words);
          n_others++;
        }
      g_string_append (out, " for ");
      append_phrase (out, a, task->first, task->n_words);

      /* the task comes last, so a title cut to its characters would cut
       * it: then the list (dropping a phrase names fewer papers) */
      if (g_utf8_strlen (out->str, out->len) <= max_chars)
        return g_string_free (out, FALSE);
      g_string_truncate (out, 0);
      break;
    }

  for (guint i = 0; i < n_chosen; i++)
    {
      if (i > 0)
        g_string_append (out, i + 1 == n_chosen ? " and " : ", ");
      append_phrase (out, a, chosen[i]->first, chosen[i]->n_words);
    }

  return g_string_free (out, FALSE);
}
