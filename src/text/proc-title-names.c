/* proc-title-names.c: the method names an abstract introduces
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-title.h"
#include "proc-title-private.h"

/* Names */

static gboolean
is_name_part (const char *s,
              gsize       len)
{
  guint letters = 0, upper = 0, digits = 0;
  gboolean inner_upper = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char c = s[i];

      if (g_ascii_isalpha (c))
        {
          letters++;
          if (g_ascii_isupper (c))
            {
              upper++;
              inner_upper |= i > 0;
            }
        }
      else if (g_ascii_isdigit (c))
        {
          digits++;
        }
      else if (c != '+' && c != '-' && c != '_')
        {
          return FALSE;  /* I/O, e.g, non-ASCII */
        }
    }

  /* TinyTrain, SASNet, LESS, GPT4, H2D; not T5-sized fragments like L2 */
  return letters > 0 &&
         (inner_upper || (upper == letters && letters >= 2) ||
          (digits > 0 && letters + digits > 2));
}

/* The method name in token @i, without a possessive, or NULL */
static char *
name_at (Abstract *a,
         guint     i)
{
  const char *s;
  gsize len;

  if (!title_tok_word (a, i))
    return NULL;

  s = a->text + a->tokens[i].start;
  len = a->tokens[i].end - a->tokens[i].start;

  if (len > 2 && s[len - 2] == '\'' && s[len - 1] == 's')
    len -= 2;
  else if (len > 4 && strncmp (s + len - 4, "’s", 4) == 0)
    len -= 4;
  while (len > 0 && (s[len - 1] == '\'' || s[len - 1] == '*'))
    len--;
  while (len > 0 && (*s == '\'' || *s == '*'))
    s++, len--;

  if (len < 2 || len > 40 || title_is_stop_name (s, len))
    return NULL;

  if (memchr (s, '-', len) != NULL)
    {
      /* GPT-4V and VA-MVSNet are names, Scale-Aware and LLM-based are not */
      gboolean named_part = FALSE;
      const char *part = s;
      const char *end = s + len;

      while (part < end)
        {
          const char *dash = memchr (part, '-', end - part);
          gsize plen = (dash != NULL ? dash : end) - part;
          gboolean lower = plen >= 3;

          for (gsize k = 0; k < plen; k++)
            lower = lower && g_ascii_islower (part[k]);
          if (lower)
            return NULL;
          if (is_name_part (part, plen) && !title_is_stop_name (part, plen))
            named_part = TRUE;
          part += plen + 1;
        }

      if (!named_part)
        return NULL;
    }
  else if (!is_name_part (s, len))
    {
      return NULL;
    }

  return g_strndup (s, len);
}

/* Schwartz and Hearst (2003): the shortest end of @lf in which the letters
 * of @sf appear in order, the first one starting a word.  Digits in @sf may
 * stand for words ("L2A": Learning to Augment) and are not looked for.
 * Returns the offset where that long form starts, or -1. */
gssize
title_find_long_form (const char *sf,
                gsize       sf_len,
                const char *lf,
                gsize       lf_len)
{
  gssize s = (gssize) sf_len - 1;
  gssize l = (gssize) lf_len - 1;
  gssize first = 0;

  while (first < (gssize) sf_len && !g_ascii_isalpha (sf[first]))
    first++;

  while (s >= first)
    {
      char c = g_ascii_tolower (sf[s]);

      if (!g_ascii_isalpha (c))
        {
          s--;
          continue;
        }

      while (l >= 0 &&
             (g_ascii_tolower (lf[l]) != c ||
              (s == first && l > 0 && g_ascii_isalnum (lf[l - 1]))))
        l--;

      if (l < 0)
        return -1;

      l--;
      s--;
    }

  return s < first && first < (gssize) sf_len ? l + 1 : -1;
}

void
title_candidate_free (Candidate *c)
{
  g_free (c->name);
  g_free (c->topic);
  g_free (c);
}

static void
add_candidate (GPtrArray    *candidates,
               char         *name,
               char         *topic,
               gboolean      long_form,
               NameStrength  strength,
               guint         token)
{
  Candidate *c = g_new0 (Candidate, 1);

  c->name = name;
  c->topic = topic;
  c->long_form = long_form;
  c->strength = strength;
  c->token = token;
  g_ptr_array_add (candidates, c);
}

/* What the abstract says after a name: "TinyTrain, an on-device training
 * approach that…", "LLMCompiler, which executes…", "FooNet to restore…" */
static char *
topic_after_name (Abstract *a,
                  guint     i,
                  guint     end)
{
  if (i >= end)
    return NULL;

  if (title_tok_punct (a, i, '('))
    {
      /* skip an aside: "SASNet (short for…), a network" */
      while (i < end && !title_tok_punct (a, i, ')'))
        i++;
      return topic_after_name (a, i + 1, end);
    }

  if (title_tok_punct (a, i, ',') || title_tok_punct (a, i, ':') || title_tok_punct (a, i, ';') ||
      title_tok_punct (a, i, '-'))
    {
      const Token *t;

      i++;
      if (!title_tok_word (a, i))
        return NULL;
      t = title_tok_lookup (a, i);

      if (t->flags & W_ARTICLE)
        return title_phrase (a, i, end);
      if (t->flags & W_WHICH)
        return title_phrase (a, i + 1, end);
      /* "Isometric Diffusion, equipping a diffusion model with…" */
      if (t->end - t->start > 4 && strncmp (a->text + t->end - 3, "ing", 3) == 0 &&
          g_ascii_islower (a->text[t->start]))
        return title_phrase (a, i, end);
      if (!title_tok_punct (a, i - 1, ','))
        return title_phrase (a, i, end);
      return NULL;
    }

  if (title_tok_has (a, i, W_TO | W_WHICH | W_FOR))
    return title_phrase (a, i + 1, end);

  if (title_tok_has (a, i, W_GENERIC))
    return title_phrase (a, i, end);

  return NULL;
}

/* "our proposed framework", "the method": nothing a reader learns from */
gboolean
title_is_generic_phrase (const char *s)
{
  guint content = 0;
  gboolean generic = FALSE;

  while (*s)
    {
      gsize len = strcspn (s, " ");
      WordFlags wf = title_word_flags (s, len);

      if (!(wf.flags & (W_DETERMINER | W_WEAK_ADJ)))
        {
          content++;
          generic = (wf.flags & W_GENERIC) != 0;
        }
      s += len;
      while (*s == ' ')
        s++;
    }

  return content == 0 || (content == 1 && generic);
}

/* "we propose", "we further introduce", "This paper presents" */
gboolean
title_find_intro (Abstract *a,
                  guint     first,
                  guint     end,
                  Intro    *intro)
{
  for (guint i = first; i < end; i++)
    {
      guint j = i + 1;

      if (a->tokens[i].punct != 0 ||
          !may_be (title_intro_filter, a->text + a->tokens[i].start,
                   a->tokens[i].end - a->tokens[i].start))
        continue;  /* not "we", "this", "our" or "the" */

      if (title_tok_has (a, i, W_WE))
        {
          while (j < end && title_tok_has (a, j, W_ADVERB))
            j++;
          if (title_tok_has (a, j, W_INTRO | W_NAMING_VERB))
            {
              intro->verb = j;
              intro->object = j + 1;
              intro->naming = title_tok_has (a, j, W_NAMING_VERB);
              return TRUE;
            }
          /* "we tackle this problem through X": X */
          if (title_tok_has2 (a, j, W2_REMEDY) && title_tok_has (a, j + 1, W_DETERMINER) &&
              title_tok_has (a, j + 2, W_PROBLEM) && title_tok_has2 (a, j + 3, W2_MEANS) &&
              j + 4 < end)
            {
              intro->verb = j;
              intro->object = title_tok_has2 (a, j + 4, W2_GERUND) ? j + 5 : j + 4;
              intro->naming = FALSE;
              return intro->object < end;
            }
          /* "we study X and present Y": Y */
          if (title_tok_has (a, j, W_LEAD_IN))
            for (guint k = j + 1; k + 1 < end && k < j + 25; k++)
              {
                guint v = k + 1;
                const Token *t;

                if (title_tok_punct (a, k, ';') || title_tok_has (a, k, W_WE | W_CLAUSE | W_WHICH))
                  break;
                if (!title_tok_has (a, k, W_CONJUNCTION))
                  continue;
                while (v < end && title_tok_has (a, v, W_ADVERB))
                  v++;
                t = &a->tokens[v];
                /* "and the proposed method" is not a verb */
                if (v < end && title_tok_has (a, v, W_INTRO) && t->end - t->start > 5 &&
                    strncmp (a->text + t->end - 2, "ed", 2) != 0 &&
                    strncmp (a->text + t->start, "built", 5) != 0)
                  {
                    intro->verb = v;
                    intro->object = v + 1;
                    intro->naming = FALSE;
                    return TRUE;
                  }
              }
        }
      else if (title_tok_has (a, i, W_THIS | W_OUR | W_ARTICLE) && title_tok_has (a, j, W_SELF_NOUN))
        {
          j++;
          while (j < end && title_tok_has (a, j, W_ADVERB))
            j++;
          if (title_tok_has (a, j, W_INTRO_3SG))
            {
              intro->verb = j;
              intro->object = j + 1;
              intro->naming = FALSE;
              return TRUE;
            }
        }
    }

  return FALSE;
}

static gboolean
near_marker (const guint *markers,
             guint        n_markers,
             guint        token,
             guint        distance)
{
  for (guint m = 0; m < n_markers; m++)
    if (markers[m] <= token && token - markers[m] <= distance)
      return TRUE;

  return FALSE;
}

/* "LONG FORM (ACRONYM)" and "ACRONYM (LONG FORM)" */
static void
find_acronyms (Abstract    *a,
               guint        first,
               guint        end,
               const guint *markers,
               guint        n_markers,
               GPtrArray   *candidates)
{
  for (guint i = first + 1; i < end; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *lf = NULL;
      guint window, start_tok, lf_start, capitals = 0;
      gssize offset;

      if (!title_tok_punct (a, i, '('))
        continue;

      /* ACRONYM (Long Form) */
      if ((name = name_at (a, i - 1)) != NULL)
        {
          guint close = i + 1;

          while (close < end && close < i + 12 && !title_tok_punct (a, close, ')'))
            close++;
          if (title_tok_punct (a, close, ')') && close > i + 2)
            {
              g_autofree char *inner = title_tok_span (a, i + 1, close);

              if (title_find_long_form (name, strlen (name), inner, strlen (inner)) == 0)
                {
                  for (guint k = i + 1; k < close; k++)
                    capitals += title_is_capitalized_word (a, k);
                  if (capitals >= 2 || near_marker (markers, n_markers, i - 1, 3))
                    {
                      add_candidate (candidates, g_steal_pointer (&name),
                                     g_steal_pointer (&inner), TRUE, NAME_STRONG, i - 1);
                      continue;
                    }
                }
            }
          g_clear_pointer (&name, g_free);
        }

      /* Long Form (ACRONYM) */
      if (!title_tok_punct (a, i + 2, ')') || (name = name_at (a, i + 1)) == NULL)
        continue;

      window = MIN (strlen (name) + 5, strlen (name) * 2);
      start_tok = i;
      while (start_tok > first && i - start_tok < window)
        start_tok--;

      lf = title_tok_span (a, start_tok, i);
      offset = title_find_long_form (name, strlen (name), lf, strlen (lf));
      if (offset < 0)
        continue;

      /* the token where the long form starts */
      lf_start = start_tok;
      while (lf_start < i && a->tokens[lf_start].end <= a->tokens[start_tok].start + (guint) offset)
        lf_start++;

      /* "the Perceptual Context and Sensitivity BIQA (CSIQA)": the letters
       * start at Context, the name at Perceptual */
      while (lf_start > first + 1 && title_is_capitalized_word (a, lf_start - 1) &&
             !title_tok_has (a, lf_start - 1, W_DETERMINER) && i - lf_start < 12)
        lf_start--;

      if (i - lf_start < 2 && memchr (a->text + a->tokens[lf_start].start, '-',
                                      a->tokens[lf_start].end - a->tokens[lf_start].start) == NULL)
        continue;

      for (guint k = lf_start; k < i; k++)
        capitals += title_is_capitalized_word (a, k) && k != first;

      /* a lower-case long form counts right after "we propose", "called",
       * "our method," and the like, and when it is not a modifier ("rolling
       * shutter (RS) correction"): elsewhere it defines a term */
      if (capitals < 2 &&
          (!near_marker (markers, n_markers, lf_start, 5) ||
           (title_tok_word (a, i + 3) && g_ascii_islower (a->text[a->tokens[i + 3].start]) &&
            !title_tok_has (a, i + 3, W_TO | W_WHICH | W_FOR | W_CONJUNCTION |
                                      W_PREPOSITION | W_DANGLING | W_CLAUSE))))
        continue;

      add_candidate (candidates, g_steal_pointer (&name), title_phrase (a, lf_start, i),
                     TRUE, NAME_STRONG, i + 1);
    }
}

/* The noun phrase before a naming word: "a sequential CP method" called…,
 * "Our proposed framework", named… */
static char *
phrase_before (Abstract    *a,
               guint        first,
               guint        naming,
               const Intro *intro)
{
  guint end = naming;
  guint start;

  while (end > first && (title_tok_punct (a, end - 1, ',') || title_tok_has (a, end - 1, W_WE | W_WHICH)))
    end--;

  if (intro->verb < naming && intro->object < end)
    {
      start = intro->object;
    }
  else
    {
      start = end;
      while (start > first && !title_tok_punct (a, start - 1, ',') &&
             !title_tok_punct (a, start - 1, ';') && end - start < 12)
        start--;
    }

  return start < end ? title_phrase (a, start, end) : NULL;
}

void
title_scan_sentence (Abstract  *a,
                     guint      s,
                     guint     *last_intro,
                     GPtrArray *candidates)
{
  guint first = a->sentences[s].first;
  guint end = a->sentences[s].end;
  Intro intro = { G_MAXUINT, G_MAXUINT, FALSE };
  gboolean has_intro;
  guint markers[8];
  guint n_markers = 0;

  if (!a->sentences[s].cue)
    return;

  has_intro = title_find_intro (a, first, end, &intro);

  /* naming words and "our method," also make a sentence introduce a name */
  for (guint i = first; i < end && n_markers < G_N_ELEMENTS (markers) - 1; i++)
    {
      guint32 flags = a->tokens[i].marker ? title_tok_lookup (a, i)->flags : 0;

      if ((flags & W_NAMING) ||
          ((flags & W_NAMING_VERB) && i > first && title_tok_has (a, i - 1, W_WE)))
        {
          markers[n_markers++] = i + 1;
        }
      else if (flags & W_OUR)
        {
          guint j = i + 1;

          while (j < end && j < i + 4 && !title_tok_has (a, j, W_GENERIC))
            j++;
          if (title_tok_has (a, j, W_GENERIC) && title_tok_punct (a, j + 1, ','))
            markers[n_markers++] = j + 2;
        }
    }

  if (!has_intro && n_markers == 0)
    return;

  /* called X, named X, we call it X, our method, X */
  for (guint m = 0; m < n_markers; m++)
    {
      guint i = markers[m];
      char *name;

      while (i < end && (title_tok_has (a, i, W_DETERMINER | W_GENERIC) ||
                         title_tok_punct (a, i, '"') || title_tok_punct (a, i, '\'')))
        i++;

      if ((name = name_at (a, i)) != NULL)
        {
          char *topic = phrase_before (a, first, markers[m] - 1, &intro);
          guint after = i + 1;

          while (title_tok_punct (a, after, '"') || title_tok_punct (a, after, '\''))
            after++;

          if (topic == NULL || title_is_generic_phrase (topic))
            {
              g_free (topic);
              topic = last_intro[0] < last_intro[1] ? title_phrase (a, last_intro[0], last_intro[1])
                                                    : topic_after_name (a, after, end);
              if (topic == NULL && title_tok_punct (a, after, ','))
                topic = title_phrase (a, after + 1, end);  /* "…, named X, unifies…" */
            }
          add_candidate (candidates, name, topic, FALSE, NAME_STRONG, i);
        }
    }

  if (has_intro && n_markers < G_N_ELEMENTS (markers))
    markers[n_markers++] = intro.object;

  find_acronyms (a, first, end, markers, n_markers, candidates);

  if (has_intro && !intro.naming)
    {
      guint i = intro.object;
      guint k;
      char *name;

      while (i < end && i < intro.object + 3 && title_tok_has (a, i, W_ARTICLE | W_WEAK_ADJ))
        i++;

      /* we propose TinyTrain, …; the SANE approach to… */
      if ((name = name_at (a, i)) != NULL)
        {
          if (i + 1 >= end || a->tokens[i + 1].punct != 0 || a->tokens[i].dot ||
              title_tok_has (a, i + 1, W_TO | W_WHICH | W_FOR | W_GENERIC))
            add_candidate (candidates, name, topic_after_name (a, i + 1, end),
                           FALSE, NAME_STRONG, i);
          else
            g_free (name);
        }

      /* we present Isometric Diffusion, equipping… */
      k = intro.object;
      while (k < end && k < intro.object + 4 && title_is_capitalized_word (a, k) &&
             !title_tok_has (a, k, W_DETERMINER) && !a->tokens[k].dot)
        k++;
      if (k - intro.object >= 2 && k < end &&
          (title_tok_punct (a, k, ',') || title_tok_punct (a, k, ':') ||
           title_tok_has (a, k, W_TO | W_WHICH | W_FOR)))
        add_candidate (candidates, title_tok_span (a, intro.object, k),
                       topic_after_name (a, k, end), FALSE, NAME_WEAK, intro.object);

      /* we propose conformal factuality, a framework… */
      k = intro.object;
      while (k < end && k < intro.object + 3 && title_tok_word (a, k) &&
             g_ascii_islower (a->text[a->tokens[k].start]) &&
             !title_tok_has (a, k, W_DETERMINER | W_DANGLING | W_WEAK_ADJ | W_GENERIC))
        k++;
      if (k > intro.object && title_tok_punct (a, k, ',') && title_tok_has (a, k + 1, W_ARTICLE) &&
          g_ascii_tolower (a->text[a->tokens[k + 1].start]) == 'a')
        {
          GString *name_str = g_string_new (NULL);
          g_autofree char *span = title_tok_span (a, intro.object, k);

          g_string_append (name_str, span);
          title_capitalize (name_str);
          add_candidate (candidates, g_string_free (name_str, FALSE),
                         topic_after_name (a, k, end), FALSE, NAME_WEAKEST, intro.object);
        }

      /* remembered for "Our framework, named X" in a later sentence */
      if (title_tok_has (a, intro.object, W_ARTICLE))
        {
          last_intro[0] = intro.object;
          last_intro[1] = end;
        }
    }

  /* the NAME approach, anywhere in the sentence */
  for (guint i = first; i + 2 < end; i++)
    {
      char *name;

      if (a->tokens[i].end - a->tokens[i].start <= 3 && title_has_upper (a, i + 1) &&
          title_tok_has (a, i, W_ARTICLE) && title_tok_has (a, i + 2, W_GENERIC) &&
          (name = name_at (a, i + 1)) != NULL)
        add_candidate (candidates, name, title_phrase (a, i + 2, end), FALSE, NAME_WEAK, i + 1);
    }
}

Candidate *
title_best_candidate (GPtrArray *candidates)
{
  Candidate *best = NULL;

  for (guint i = 0; i < candidates->len; i++)
    {
      Candidate *c = g_ptr_array_index (candidates, i);

      if (best == NULL || c->strength > best->strength ||
          (c->strength == best->strength && c->token < best->token))
        best = c;
    }

  if (best == NULL)
    return NULL;

  /* "namely DRO (Directed Representation Optimization)": the spelled-out
   * acronym describes the name best */
  if (!best->long_form)
    for (guint i = 0; i < candidates->len; i++)
      {
        Candidate *c = g_ptr_array_index (candidates, i);

        if (c->long_form && strcmp (c->name, best->name) == 0)
          return c;
      }

  return best;
}

/* "FlashAttention shows that…", "FlashAttention is…", "…than FlashAttention":
 * a name in CamelCase that the abstract comes back to, though it
 * introduces it with none of the words title_scan_sentence () looks for.  All
 * capitals count only when the abstract uses them often, and not when
 * they abbreviate a term it defines ("maximal ancestral graph (MAG)"). */
char *
title_prominent_name (Abstract *a)
{
  struct { guint token; guint count; gboolean camel; } seen[16];
  guint n_seen = 0;
  guint best = G_MAXUINT;

  for (guint i = 0; i < a->n_tokens; i++)
    {
      const Token *t = &a->tokens[i];
      gsize len = t->end - t->start;
      const char *w = a->text + t->start;
      gboolean camel = FALSE, found = FALSE;
      guint upper = 0, lower = 0;

      if (t->punct != 0 || len < 3 || len > 40)
        continue;
      for (gsize k = 0; k < len; k++)
        {
          upper += g_ascii_isupper (w[k]);
          lower += g_ascii_islower (w[k]);
          camel |= k > 0 && g_ascii_isupper (w[k]) && g_ascii_islower (w[k - 1]);
        }
      if (upper == 0 || (!camel && (lower > 0 || upper < 2)))
        continue;

      for (guint k = 0; k < n_seen && !found; k++)
        {
          const Token *o = &a->tokens[seen[k].token];

          if (o->end - o->start == len && memcmp (a->text + o->start, w, len) == 0)
            {
              seen[k].count++;
              found = TRUE;
            }
        }
      if (found || n_seen == G_N_ELEMENTS (seen))
        continue;
      /* a defined abbreviation: "(MAG)" */
      if (!camel && title_tok_punct (a, i - 1, '(') && i > 0)
        continue;
      if (!is_name_part (w, len) || title_is_stop_name (w, len))
        continue;
      seen[n_seen].token = i;
      seen[n_seen].count = 1;
      seen[n_seen].camel = camel;
      n_seen++;
    }

  for (guint k = 0; k < n_seen; k++)
    if (seen[k].count >= (seen[k].camel ? 2u : 4u) &&
        (best == G_MAXUINT || seen[k].count > seen[best].count))
      best = k;

  return best != G_MAXUINT ? name_at (a, seen[best].token) : NULL;
}
