/* proc-title.c: a display title for a paper that has none
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-title.h"
#include "proc-title-private.h"

#include <string.h>

#include "proc-key-phrases.h"
#include "proc-tex.h"
#include "proc-title-markup.h"

/* Conference lists give abstracts without titles, so a paper is shown
 * under a title derived from its abstract: a noun phrase of at most ten
 * words (MAX_TITLE_WORDS) that a reader scans, never a sentence cut, never
 * ending on a function word or mid-phrase, without markup:
 *
 *  1. a method the abstract introduces by name ("we propose TinyTrain, an
 *     on-device training approach that…", "…Network (SASNet)", "a method
 *     called MultiDimSPCI"): the name and the noun phrase that says what it
 *     is, "TinyTrain: On-device training approach"; a generic head gets the
 *     abstract's best phrase after "for" ("Sequential CP method for…");
 *  2. a CamelCase name the abstract keeps coming back to: the name and the
 *     abstract's topic phrases, "FlashAttention: I/O complexity and…";
 *  3. what "we propose", "this paper presents", "we study X and present
 *     Y", "we tackle this problem through Y" name, as a noun phrase;
 *  4. what "In this paper, we study" names;
 *  5. otherwise the abstract's topic phrases (proc-title-topics.c), as many
 *     as fit, as "X for TASK" when one names a task: "Embedding and sparse
 *     Johnson-Lindenstrauss transform for dimensionality reduction".
 *
 * Then a term the abstract coins ("a steady state we call rotational
 * equilibrium") leads a title without a name, and the acronyms the
 * abstract defines are spelled out (proc-title-acronyms.c): "AVDKL:
 * Amortized variational deep kernel learning".
 *
 * HTML and Markdown go first (proc-title-markup.c), then TeX
 * (proc_tex_to_plain ()); the text is split into words and sentences once
 * (proc-title-abstract.c), each word looked up once in a small lexicon
 * (proc-title-lexicon.c); the rest compares flags, so 90,000 abstracts
 * take a few seconds.  tests/bench/run-titles.py measures how often the
 * titles name the paper on real lists. */

#define MIN_TOPIC_CHARS  12
#ifndef NAMED_PHRASES
#define NAMED_PHRASES 2
#endif
#ifndef TOPIC_PHRASES
#define TOPIC_PHRASES 3
#endif

/* What the abstract is about, from its key phrases: the best ones, as
 * many as fit in @max_words ("Time series, missing data and graph
 * neural networks"), never repeating @name. */
static char *
key_phrase_topic (const char *abstract,
                  const char *name,
                  guint       max_words,
                  guint       max_phrases)
{
  g_auto(GStrv) phrases = proc_key_phrases_extract (abstract, max_phrases + 1);
  const char *kept[4];
  guint n_kept = 0, words = 0;
  GString *out = g_string_new (NULL);

  for (guint i = 0; phrases[i] != NULL && n_kept < MIN (max_phrases, G_N_ELEMENTS (kept)); i++)
    {
      guint n = title_count_words (phrases[i]);

      if (name != NULL && title_has_word (phrases[i], name))
        continue;
      if (words + n + (n_kept > 0 ? 1 : 0) > max_words)
        continue;
      kept[n_kept++] = phrases[i];
      words += n + (n_kept > 1 ? 1 : 0);
    }

  for (guint i = 0; i < n_kept; i++)
    {
      if (i > 0)
        g_string_append (out, i + 1 == n_kept ? " and " : ", ");
      g_string_append (out, kept[i]);
    }

  return g_string_free (out, FALSE);
}

static char *
topic_of (Abstract   *a,
          const char *marked,
          const char *name,
          guint       max_words,
          guint       max_phrases)
{
#ifdef EXTRACTOR_TOPICS
  (void) a;
  return key_phrase_topic (marked, name, max_words, max_phrases);
#else
  (void) marked;
  (void) key_phrase_topic;
  /* what the name leaves of the characters, as named_title () does */
  return title_quick_topic (a, name, max_words, max_phrases,
                            PROC_TITLE_MAX_CHARS - (name != NULL ? MIN (g_utf8_strlen (name, -1) + 2,
                                                                        PROC_TITLE_MAX_CHARS - MIN_TOPIC_CHARS) : 0));
#endif
}

/* "the first near-linear time algorithm": a contribution that says what
 * it is; "a neural model for drugs" describes one, and says less than the
 * topic phrases (measured: with every "a …" and "the …" object, 23 of 38
 * and 427 of 773 name the paper instead of 26 and 443) */
static gboolean
first_of_its_kind (Abstract *a,
                   guint     i)
{
  const Token *t = &a->tokens[i + 1];

  return title_tok_has (a, i, W_ARTICLE) && title_tok_word (a, i + 1) && t->end - t->start == 5 &&
         g_ascii_strncasecmp (a->text + t->start, "first", 5) == 0;
}

/* "we propose a universal model for general image processing that…" →
 * "universal model for general image processing": what the paper brings,
 * from the first sentence that says "we propose" or "this paper presents" */
static char *
intro_phrase (Abstract *a)
{
  for (guint s = 0; s < a->n_sentences; s++)
    {
      Intro intro = { G_MAXUINT, G_MAXUINT, FALSE };
      g_autofree char *span = NULL;
      char *np;

      if (!a->sentences[s].cue ||
          !title_find_intro (a, a->sentences[s].first, a->sentences[s].end, &intro) ||
          intro.naming || (title_tok_has (a, intro.object, W_DANGLING) && !first_of_its_kind (a, intro.object)) ||
          !title_tok_word (a, intro.object))
        continue;

      /* "we present extensive experiments to verify…" */
      if (title_tok_has2 (a, intro.object, W2_EVIDENCE) || title_tok_has2 (a, intro.object + 1, W2_EVIDENCE) ||
          title_tok_has2 (a, intro.object + 2, W2_EVIDENCE))
        continue;

      span = title_phrase (a, intro.object, a->sentences[s].end);
      np = title_noun_phrase (title_skip_article (span), MAX_TITLE_WORDS);
      if (title_count_words (np) >= 2 && !title_is_generic_phrase (np))
        return np;
      g_free (np);
    }

  return NULL;
}

/* The first sentence, without lead-ins */

/* "we study", "This paper considers", "it is well known that": returns the
 * token after the lead-in, or @i */
static guint
skip_lead_in (Abstract *a,
              guint     i,
              guint     end)
{
  guint j = i;

  if (title_tok_has (a, j, W_WE))
    j++;
  else if (title_tok_has (a, j, W_THIS | W_OUR | W_ARTICLE) && title_tok_has (a, j + 1, W_SELF_NOUN))
    j += 2;
  else if (title_tok_has2 (a, j, W2_IT) && title_tok_has2 (a, j + 1, W2_BE))
    {
      /* it is (well) known that, it has been shown that */
      j++;
      while (j < end && j < i + 4 && title_tok_has2 (a, j, W2_BE | W2_WELL))
        j++;
      if (title_tok_has2 (a, j, W2_KNOWN) && title_tok_has (a, j + 1, W_THAT))
        return end - (j + 2) >= 4 ? j + 2 : i;
      return i;
    }
  else
    return i;

  while (j < end && title_tok_has (a, j, W_ADVERB))
    j++;

  if (title_tok_has (a, j, W_LEAD_IN_THAT) && title_tok_has (a, j + 1, W_THAT))
    j += 2;
  else if (title_tok_has (a, j, W_LEAD_IN))
    j += title_tok_has (a, j + 1, W_ON) ? 2 : 1;  /* focus on, deal with */
  else if (title_tok_has (a, j, W_INITIATE) && title_tok_has (a, j + 1, W_ARTICLE) &&
           title_tok_has (a, j + 2, W_SELF_NOUN) && title_tok_has (a, j + 3, W_OF))
    j += 4;
  else
    return i;

  return end - j >= 3 ? j : i;
}

static char *
first_sentence (Abstract *a,
                gboolean *led_in_out)
{
  guint first = a->sentences[0].first;
  guint end = a->sentences[0].end;
  guint i = first;
  guint lead_in;
  gboolean led_in = FALSE;
  GString *s;
  g_autofree char *text = NULL;

  while (i < end && a->tokens[i].punct != 0)
    i++;  /* a stray quote or bracket */

  /* In this paper, … / Here, … */
  if (title_tok_has (a, i, W_IN) && title_tok_has (a, i + 1, W_THIS) && title_tok_has (a, i + 2, W_SELF_NOUN))
    i += title_tok_punct (a, i + 3, ',') ? 4 : 3;
  else if (title_tok_has (a, i, W_HERE) && title_tok_punct (a, i + 1, ','))
    i += 2;

  /* Despite their success, X… / In recent years, X… */
  for (guint round = 0; round < 2 && title_tok_has (a, i, W_OPENER); round++)
    {
      guint comma = i + 1;

      /* the comma after which the main clause starts: not ", each…",
       * ", which…", ", and…" or a damaged ", s physical…" */
      for (; comma < end && comma < i + 25 && a->tokens[comma].punct != ';'; comma++)
        {
          const Token *next;
          gsize len;

          if (!title_tok_punct (a, comma, ',') || !title_tok_word (a, comma + 1))
            continue;
          next = &a->tokens[comma + 1];
          len = next->end - next->start;
          if ((len == 1 && g_ascii_islower (a->text[next->start])) ||
              title_tok_has (a, comma + 1, W_CLAUSE | W_WHICH | W_CONJUNCTION | W_ABBREVIATION) ||
              (len > 4 && g_ascii_islower (a->text[next->start]) &&
               (strncmp (a->text + next->end - 3, "ing", 3) == 0 ||
                strncmp (a->text + next->end - 2, "ed", 2) == 0)) ||
              (len == 4 && g_ascii_strncasecmp (a->text + next->start, "each", 4) == 0))
            continue;
          break;
        }
      if (!title_tok_punct (a, comma, ',') || end - comma < 5)
        break;
      i = skip_lead_in (a, comma + 1, end);
      led_in = i > comma + 1;
    }

  lead_in = skip_lead_in (a, i, end);
  if (lead_in > i)
    {
      /* we study the problem of X → X */
      i = lead_in;
      led_in = TRUE;
      if (title_tok_has (a, i, W_ARTICLE) && title_tok_has (a, i + 1, W_PROBLEM) && title_tok_has (a, i + 2, W_OF) &&
          end - i > 5)
        i += 3;
    }

  if (end - i < 2)
    i = first;

  text = title_phrase (a, i, end);
  s = g_string_new (led_in ? title_skip_article (text) : text);
  if (led_in_out != NULL)
    *led_in_out = led_in;
  title_strip_inner_clauses (s);

  return g_string_free (s, FALSE);
}

/* "DAG-GNN, is a variational autoencoder…": the noun phrase after "is a";
 * NULL when what follows a name is a sentence of its own ("achieves state-
 * of-the-art results", "we trained…") */
static const char *
after_copula (const char *s)
{
  gsize len = strcspn (s, " ");
  WordFlags wf = title_word_flags (s, len);
  gboolean copula = (len == 2 && g_ascii_strncasecmp (s, "is", 2) == 0) ||
                    (len == 3 && g_ascii_strncasecmp (s, "are", 3) == 0);

  if (copula && s[len] == ' ')
    return title_skip_article (s + len + 1);
  if ((wf.flags & W_WE) || (wf.flags2 & W2_VERB))
    return NULL;

  return s;
}

/* "Name: topic", the topic fitted to what the name leaves */
static char *
named_title (const char *name,
             const char *topic)
{
  GString *title = g_string_new (name);

  if (topic != NULL && *topic != '\0')
    {
      GString *t = g_string_new (topic);

      title_capitalize (t);
      title_fit_chars (t, PROC_TITLE_MAX_CHARS - MIN (g_utf8_strlen (name, -1) + 2,
                                                PROC_TITLE_MAX_CHARS - MIN_TOPIC_CHARS));
      if (t->len > 0)
        g_string_append_printf (title, ": %s", t->str);
      g_string_free (t, TRUE);
    }

  return g_string_free (title, FALSE);
}

static char *
derive (const char *text,
        const char *marked)
{
  g_autoptr(GPtrArray) candidates = NULL;
  guint last_intro[2] = { 0, 0 };
  g_autofree char *name = NULL;
  g_autofree char *topic = NULL;
  Candidate *best;
  GString *title;
  Abstract a;

  title_abstract_init (&a, text);
  if (a.n_tokens == 0 || a.n_sentences == 0)
    {
      title_abstract_clear (&a);
      return g_strdup ("");
    }

  candidates = g_ptr_array_new_with_free_func ((GDestroyNotify) title_candidate_free);

  for (guint s = 0; s < a.n_sentences; s++)
    title_scan_sentence (&a, s, last_intro, candidates);

  best = title_best_candidate (candidates);

  /* the method's name with what it is */
  if (best != NULL && g_utf8_strlen (best->name, -1) <= PROC_TITLE_MAX_CHARS - MIN_TOPIC_CHARS - 2 &&
      title_count_words (best->name) < MAX_TITLE_WORDS)
    {
      guint budget = MAX_TITLE_WORDS - title_count_words (best->name);

      name = g_strdup (best->name);
      if (best->topic != NULL)
        {
          g_autofree char *clean = title_strip_asides (best->topic);
          const char *from = best->long_form ? clean : title_skip_article (clean);

          /* an acronym's long form is whole: "reason for future, act for now" */
          if (best->long_form && title_count_words (from) <= budget)
            {
              GString *whole = g_string_new (from);

              title_strip_dangling (whole);
              topic = g_string_free (whole, FALSE);
            }
          else if ((from = after_copula (from)) != NULL)
            topic = title_noun_phrase (from, budget);
          if (topic != NULL && ((!best->long_form && title_is_generic_phrase (topic)) ||
                                g_ascii_strcasecmp (topic, name) == 0))
            g_clear_pointer (&topic, g_free);  /* "RoleBreak: Framework" says nothing */
        }
      if (topic == NULL || *topic == '\0')
        {
          g_free (topic);
          topic = topic_of (&a, marked, name, budget, NAMED_PHRASES);
        }
      else if (!best->long_form && title_count_words (topic) + 2 < budget && title_ends_generic (topic))
        {
          /* "Sequential CP method" says little: for what */
          g_autofree char *key = topic_of (&a, marked, name, budget - title_count_words (topic) - 1, 1);

          if (*key != '\0' && !title_share_word (topic, key) && !title_share_word (key, name) &&
              !title_has_word (topic, "for"))
            {
              char *both = g_strdup_printf ("%s for %s", topic, key);

              g_free (topic);
              topic = both;
            }
        }
      else if (best->long_form && !title_has_word (topic, "for"))
        {
          /* "Directed Representation Optimization" only spells the name
           * out: the task it serves, when a phrase names one ("…Strategy
           * Fusion for long-tailed learning"); acronyms spelled out first,
           * so that neither says the other twice */
          guint max_chars = PROC_TITLE_MAX_CHARS - MIN (g_utf8_strlen (name, -1) + 2,
                                                        PROC_TITLE_MAX_CHARS - MIN_TOPIC_CHARS);
          char *spelled = title_expand_acronyms (&a, topic, title_count_words (name), max_chars);
          guint used = title_count_words (spelled);
          g_autofree char *key = NULL;
          g_autofree char *key_spelled = NULL;

          g_free (topic);
          topic = spelled;
          if (used + 2 < budget)
            {
              key = topic_of (&a, marked, name, budget - used - 1, 1);
              key_spelled = title_expand_acronyms (&a, key, title_count_words (name) + used + 1,
                                                   max_chars - MIN (max_chars, g_utf8_strlen (topic, -1) + 5));
            }
          if (key_spelled != NULL && title_count_words (key_spelled) >= 2 && title_names_task (key_spelled) &&
              !title_share_word (topic, key_spelled) && !title_share_word (key_spelled, name))
            {
              char *both = g_strdup_printf ("%s for %s", topic, key_spelled);

              g_free (topic);
              topic = both;
            }
        }
    }
  /* a name the abstract keeps coming back to: "FlashAttention" */
  else if ((name = title_prominent_name (&a)) != NULL && title_count_words (name) < MAX_TITLE_WORDS)
    {
      topic = topic_of (&a, marked, name, MAX_TITLE_WORDS - title_count_words (name), NAMED_PHRASES);
    }
  else
    {
      g_clear_pointer (&name, g_free);
      /* what the paper brings: "we propose X", "we study X" */
      topic = intro_phrase (&a);
      if (topic != NULL && title_count_words (topic) < 6)
        {
          /* a short contribution, and what it is about */
          char *key = topic_of (&a, marked, NULL, MAX_TITLE_WORDS - title_count_words (topic) - 1, 1);

          if (*key != '\0' && !title_share_word (topic, key) && !title_has_word (topic, "for"))
            {
              char *both = g_strdup_printf ("%s for %s", topic, key);

              g_free (topic);
              topic = both;
            }
          g_free (key);
        }
      if (topic == NULL)
        {
          gboolean led_in = FALSE;
          g_autofree char *sentence = first_sentence (&a, &led_in);

          /* "In this paper, we study X": X, when it is a phrase of its own */
          topic = title_noun_phrase (led_in ? sentence : title_skip_article (sentence), MAX_TITLE_WORDS);
          /* …or when the whole sentence is one: "Graph neural networks for molecules" */
          if (!(led_in || title_count_words (topic) == title_count_words (sentence)) ||
              title_count_words (topic) < 2 || title_is_generic_phrase (topic))
            {
              char *key = topic_of (&a, marked, NULL, MAX_TITLE_WORDS, TOPIC_PHRASES);

              if (*key != '\0' && title_count_words (key) <= 2 && title_count_words (topic) >= 2 &&
                  title_count_words (topic) + title_count_words (key) < MAX_TITLE_WORDS &&
                  !title_share_word (topic, key) && !title_is_generic_phrase (topic))
                {
                  /* one phrase of two words says less than the subject with it:
                   * "Deep networks and small perturbations" */
                  char *both = g_strdup_printf ("%s and %s", topic, key);

                  g_free (key);
                  g_free (topic);
                  topic = both;
                }
              else if (*key != '\0')
                {
                  g_free (topic);
                  topic = key;
                }
              else
                g_free (key);
            }
        }
    }

  /* a term the abstract coins names the paper: "Rotational equilibrium:
   * How weight decay affects the update behavior" */
  if (name == NULL && topic != NULL && *topic != '\0')
    {
      g_autofree char *term = title_coined_term (&a);
      g_autofree char *lower = g_ascii_strdown (topic, -1);
      guint words = term != NULL ? title_count_words (term) : 0;

      if (term != NULL && strstr (lower, term) == NULL && words + 2 < MAX_TITLE_WORDS)
        {
          if (title_count_words (topic) + words > MAX_TITLE_WORDS)
            {
              /* the same phrase, shorter, or else the topics */
              char *np = title_noun_phrase (topic, MAX_TITLE_WORDS - words);

              g_free (topic);
              topic = np;
              if (title_count_words (topic) < 3)
                {
                  g_free (topic);
                  topic = topic_of (&a, marked, term, MAX_TITLE_WORDS - words, NAMED_PHRASES);
                }
            }
          term[0] = g_ascii_toupper (term[0]);
          name = g_steal_pointer (&term);
        }
    }

  /* "Amortized variational DKL" → "…deep kernel learning" */
  if (topic != NULL)
    {
      guint name_words = name != NULL ? title_count_words (name) : 0;
      guint max_chars = PROC_TITLE_MAX_CHARS - (name != NULL ? MIN (g_utf8_strlen (name, -1) + 2,
                                                                      PROC_TITLE_MAX_CHARS - MIN_TOPIC_CHARS) : 0);
      char *spelled = title_expand_acronyms (&a, topic, name_words, max_chars);

      g_free (topic);
      topic = spelled;
    }

  if (name != NULL)
    {
      title_abstract_clear (&a);
      return named_title (name, topic);
    }

  title = g_string_new (topic);
  title_fit_chars (title, PROC_TITLE_MAX_CHARS);
  title_capitalize (title);
  title_abstract_clear (&a);

  return g_string_free (title, FALSE);
}

/**
 * proc_title_derive:
 * @abstract: (nullable): the abstract of a paper, as imported
 *
 * Derives a title to show for a paper whose list gives no title: the name
 * of the method the abstract introduces with what it is ("TinyTrain:
 * On-device training approach"), or else what the paper brings or is
 * about, as a noun phrase of its own words (see the top of this file).
 *
 * The title is plain text without markup, at most ten words and
 * %PROC_TITLE_MAX_CHARS characters, with no trailing punctuation; only a
 * single word longer than that is cut, and ends with "…".
 *
 * Returns: (transfer full): the title; the empty string when the abstract
 *   has no words, in which case the caller shows its own (translated)
 *   placeholder
 */
char *
proc_title_derive (const char *abstract)
{
  g_autofree char *marked = NULL;
  g_autofree char *plain = NULL;
  char *title;
  char *w;

  if (abstract == NULL)
    return g_strdup ("");

  title_init_tables ();

  /* whatever the importer did with HTML and Markdown, a title shows none */
  marked = proc_title_strip_markup (abstract);
  plain = proc_tex_to_plain (marked);
  title = derive (plain, marked);

  /* whatever TeX survived is noise in a title */
  w = title;
  for (const char *r = title; *r; r++)
    if (*r != '\\')
      *w++ = *r;
  *w = '\0';

  return title;
}

