/* proc-key-phrases.c: the key phrases of an abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-key-phrases.h"
#include "proc-key-phrases-private.h"

#include <string.h>

#include "proc-tex.h"

/* Key phrases are what a reader would tag a paper with: "large language
 * models", "I/O complexity", "Gaussian processes".  They are found in the
 * abstract alone, without a corpus to compare with:
 *
 *  - math, links and TeX markup are taken out first, so that "$N^2$" or
 *    "github.com/x" never become words;
 *  - candidates are runs of one to three words between stopwords and
 *    punctuation ("of" may join two words: "mixture of experts"), and
 *    runs of two to six characters in Chinese, which has no spaces;
 *  - words that say nothing about the topic ("we propose", "results",
 *    "method") break a run; generic words ("model", "learning", "data")
 *    may be part of a phrase but never the whole of one;
 *  - plurals share a key, so "language model" and "language models" are
 *    counted together and shown as the abstract writes them most;
 *  - an acronym defined in the text ("large language models (LLMs)")
 *    counts for what it stands for.
 *
 * The score is the C-value of Frantzi, Ananiadou and Mima (2000) with
 * weights: the occurrences of a phrase, minus the mean of the longer
 * phrases that contain it (so "language model" does not win on the
 * occurrences of "large language model"), times a factor for its length
 * (a common single word 0.6, two words 1.5, three 1.8: the longer phrase
 * is the more specific tag).  Where an occurrence is matters: in the title
 * (a first line without a full stop) or in the words an abstract opens
 * with (its subject, most often) it weighs 2, in the first sentence 1.5,
 * in the second 1.25, elsewhere 1.  A phrase must occur twice, or once in
 * those leading places; a phrase that is part of a chosen one, contains
 * it or continues it is left out, so the phrases say different things. */

/* Phrases */

static Phrase *
extractor_add_occurrence (Extractor  *self,
                          const char *key,
                          guint       n_words,
                          gboolean    cjk,
                          gboolean    weak,
                          gboolean    has_of,
                          gboolean    lead,
                          guint       first,
                          double      weight,
                          const char *surface)
{
  Phrase *phrase = g_hash_table_lookup (self->phrases, key);

  if (phrase == NULL)
    {
      phrase = g_new0 (Phrase, 1);
      phrase->key = g_strdup (key);
      phrase->surfaces = g_ptr_array_new ();
      phrase->n_words = n_words;
      phrase->cjk = cjk;
      phrase->weak = weak;
      phrase->has_of = has_of;
      phrase->first = first;
      g_hash_table_insert (self->phrases, phrase->key, phrase);
    }
  phrase->weight += weight;
  phrase->count++;
  phrase->lead |= lead;

  if (surface != NULL)
    {
      Surface *seen = g_hash_table_lookup (self->surfaces, surface);

      if (seen == NULL)
        {
          seen = g_new0 (Surface, 1);
          seen->text = g_strdup (surface);
          g_hash_table_insert (self->surfaces, seen->text, seen);
          g_ptr_array_add (phrase->surfaces, seen);
        }
      seen->count++;
    }

  return phrase;
}

static void
extractor_count_phrases (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;
  guint n = self->words->len;
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) surface = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      gboolean cjk = (words[i].flags & WORD_CJK) != 0;
      guint max_words = cjk ? MAX_CJK_CHARS : MAX_LATIN_WORDS;
      double weight = kp_extractor_weight (self, &words[i]);
      gboolean lead = (words[i].flags & WORD_LEAD) != 0;
      gboolean weak = TRUE;
      gboolean has_of = FALSE;

      if (words[i].flags & (WORD_OF | WORD_DEFINITION))
        continue;

      g_string_truncate (key, 0);
      g_string_truncate (surface, 0);

      for (guint length = 1; length <= max_words && i + length <= n; length++)
        {
          Word *word = &words[i + length - 1];
          Acronym *acronym;

          if (length > 1 && (word->flags & (WORD_BREAK_BEFORE | WORD_DEFINITION)))
            break;
          if (((word->flags & WORD_CJK) != 0) != cjk)
            break;

          if (length > 1)
            {
              g_string_append_c (key, ' ');
              if (!cjk)
                g_string_append_c (surface, ' ');
            }
          g_string_append (key, word->key);
          g_string_append (surface, word->form);
          weak &= (word->flags & (WORD_WEAK | WORD_OF)) != 0;

          if (word->flags & WORD_OF)
            {
              has_of = TRUE;
              continue;
            }
          if (cjk && length < MIN_CJK_CHARS)
            continue;

          if (length == 1 && (word->flags & WORD_SPECIAL) &&
              (acronym = g_hash_table_lookup (self->acronyms, word->key)) != NULL)
            extractor_add_occurrence (self, acronym->expansion, acronym->n_words, FALSE,
                                      FALSE, FALSE, lead, i, weight, NULL);
          else
            {
              Phrase *phrase = extractor_add_occurrence (self, key->str, length, cjk, weak,
                                                         has_of, lead, i, weight, surface->str);

              phrase->special |= length == 1 && (word->flags & WORD_SPECIAL) != 0;
            }
        }
    }
}

/* Whether @key has the words of @part in a row. */
static gboolean
key_contains (const char *key,
              const char *part)
{
  gsize len = strlen (part);

  for (const char *p = strstr (key, part); p != NULL; p = strstr (p + 1, part))
    if ((p == key || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' '))
      return TRUE;

  return FALSE;
}

/* Whether @a ends with words that @b starts with: "blind image quality"
 * and "image quality assessment" are one name cut in two. */
static gboolean
keys_chain (const char *a,
            const char *b)
{
  gsize len_b = strlen (b);

  for (const char *p = strchr (a, ' '); p != NULL; p = strchr (p + 1, ' '))
    {
      gsize len = strlen (p + 1);

      if (len < len_b && strncmp (p + 1, b, len) == 0 && b[len] == ' ')
        return TRUE;
    }

  return FALSE;
}

static gboolean
cjk_has_affix (GHashTable  *table,
               const char  *text,
               gboolean     prefix)
{
  glong n = g_utf8_strlen (text, -1);

  for (glong length = 2; length <= 3 && length < n; length++)
    {
      const char *from = prefix ? text : g_utf8_offset_to_pointer (text, n - length);
      const char *to = prefix ? g_utf8_offset_to_pointer (text, length) : text + strlen (text);
      g_autofree char *affix = g_strndup (from, to - from);

      if (g_hash_table_contains (table, affix))
        return TRUE;
    }

  return FALSE;
}

static gboolean
cjk_acceptable (const Phrase *phrase,
                const char   *text)
{
  glong n = g_utf8_strlen (text, -1);
  gunichar first = g_utf8_get_char (text);
  gunichar last = g_utf8_get_char (g_utf8_prev_char (text + strlen (text)));
  gboolean term_start = cjk_has_affix (kp_cjk_starts, text, TRUE);
  gboolean all_weak = n % 2 == 0;

  if (phrase->count < 2 || g_hash_table_contains (kp_cjk_stops, text))
    return FALSE;
  if (!term_start && (g_hash_table_contains (kp_cjk_stop_set, GUINT_TO_POINTER (first)) ||
                      cjk_has_affix (kp_cjk_stops, text, TRUE)))
    return FALSE;
  if (g_hash_table_contains (kp_cjk_stop_set, GUINT_TO_POINTER (last)) ||
      cjk_has_affix (kp_cjk_stops, text, FALSE))
    return FALSE;

  /* 模型训练: generic words only */
  for (glong k = 0; all_weak && k < n; k += 2)
    {
      const char *from = g_utf8_offset_to_pointer (text, k);
      g_autofree char *pair = g_strndup (from, g_utf8_offset_to_pointer (from, 2) - from);

      all_weak = g_hash_table_contains (kp_cjk_weaks, pair);
    }

  return !all_weak;
}

static double
length_factor (const Phrase *phrase)
{
  static const double latin[] = { 0.0, 0.6, 1.5, 1.8 };
  static const double cjk[] = { 0.0, 0.0, 1.0, 1.2, 1.5, 1.6, 1.7 };

  if (phrase->cjk)
    return cjk[MIN (phrase->n_words, MAX_CJK_CHARS)];
  /* an acronym stands for a phrase */
  if (phrase->n_words == 1 && phrase->special)
    return 1.0;

  return latin[MIN (phrase->n_words, MAX_LATIN_WORDS)];
}

static const char *
phrase_surface (const Phrase *phrase)
{
  const Surface *best = NULL;

  for (guint i = 0; i < phrase->surfaces->len; i++)
    {
      const Surface *surface = g_ptr_array_index (phrase->surfaces, i);

      if (best == NULL || surface->count > best->count)
        best = surface;
    }

  return best != NULL ? best->text : NULL;
}

static gboolean
phrase_acceptable (const Phrase *phrase)
{
  const char *surface = phrase_surface (phrase);

  if (surface == NULL)
    return FALSE;
  if (phrase->cjk)
    {
      g_autofree char *text = g_strdup (surface);

      return cjk_acceptable (phrase, text);
    }
  if (phrase->weak)
    return FALSE;
  if (phrase->n_words == 1)
    return phrase->count >= 2;
  if (phrase->has_of)
    return phrase->count >= 3;

  /* once at the start, unless a part of it is repeated: "Graph
   * transformers scale" is "graph transformers" and a verb */
  return phrase->count >= 2 || (phrase->lead && !phrase->repeated_part);
}

/* The phrases that are part of @phrase: "language model" and "model" of
 * "large language model". */
static GPtrArray *
extractor_parts (Extractor    *self,
                 const Phrase *phrase)
{
  GPtrArray *found = g_ptr_array_new ();
  g_auto(GStrv) words = g_strsplit (phrase->key, " ", -1);
  g_autoptr(GString) part = g_string_new (NULL);
  guint n = g_strv_length (words);

  for (guint length = 1; length < n; length++)
    for (guint from = 0; from + length <= n; from++)
      {
        Phrase *other;

        g_string_truncate (part, 0);
        for (guint k = from; k < from + length; k++)
          {
            if (k > from)
              g_string_append_c (part, ' ');
            g_string_append (part, words[k]);
          }
        other = g_hash_table_lookup (self->phrases, part->str);
        if (other != NULL && other != phrase)
          g_ptr_array_add (found, other);
      }

  return found;
}

/* Which phrases may be chosen, and the C-value's correction: what the
 * acceptable phrases containing one weigh, on average. */
static void
extractor_relate_phrases (Extractor *self)
{
  GHashTableIter iter;
  Phrase *phrase;

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    {
      g_autoptr(GPtrArray) parts = NULL;

      if (phrase->n_words < 2)
        continue;
      parts = extractor_parts (self, phrase);
      for (guint i = 0; i < parts->len; i++)
        {
          const Phrase *part = g_ptr_array_index (parts, i);

          phrase->repeated_part |= part->n_words >= 2 && part->count >= 2;
        }
    }

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    phrase->acceptable = phrase_acceptable (phrase);

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    {
      g_autoptr(GPtrArray) parts = NULL;

      if (phrase->n_words < 2 || !phrase->acceptable)
        continue;
      parts = extractor_parts (self, phrase);
      for (guint i = 0; i < parts->len; i++)
        {
          Phrase *part = g_ptr_array_index (parts, i);

          part->super_weight += phrase->weight;
          part->n_super++;
        }
    }
}

static int
compare_phrases (gconstpointer a,
                 gconstpointer b)
{
  const Phrase *pa = *(const Phrase * const *) a;
  const Phrase *pb = *(const Phrase * const *) b;

  if (pa->score != pb->score)
    return pa->score > pb->score ? -1 : 1;
  if (pa->count != pb->count)
    return pa->count > pb->count ? -1 : 1;
  if (pa->first != pb->first)
    return pa->first < pb->first ? -1 : 1;

  return strcmp (pa->key, pb->key);
}

/* The surface as shown: words the text capitalises inside sentences keep
 * their capital ("Gaussian processes"). */
static char *
extractor_display (Extractor    *self,
                   const Phrase *phrase)
{
  const char *surface = phrase_surface (phrase);
  g_auto(GStrv) parts = NULL;

  if (phrase->cjk)
    return g_strdup (surface);

  parts = g_strsplit (surface, " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *lower = g_utf8_strdown (parts[i], -1);
      CaseCount *count;

      if (strcmp (parts[i], lower) != 0)
        continue;
      key = kp_word_key (parts[i], parts[i]);
      count = g_hash_table_lookup (self->cases, key);
      if (count != NULL && count->n_capital > count->n_lower)
        {
          gunichar c = g_unichar_totitle (g_utf8_get_char (parts[i]));
          char buf[8] = { 0 };
          char *capitalised;

          g_unichar_to_utf8 (c, buf);
          capitalised = g_strconcat (buf, g_utf8_next_char (parts[i]), NULL);
          g_free (parts[i]);
          parts[i] = capitalised;
        }
    }

  return g_strjoinv (" ", parts);
}

static void
extractor_choose (Extractor *self,
                  guint      max_phrases,
                  GPtrArray *out)
{
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  GHashTableIter iter;
  Phrase *phrase;

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    {
      double residual = phrase->weight;

      if (!phrase->acceptable)
        continue;
      if (phrase->n_super > 0)
        residual -= phrase->super_weight / phrase->n_super;
      phrase->score = residual * length_factor (phrase);
      if (phrase->score >= MIN_SCORE)
        g_ptr_array_add (candidates, phrase);
    }
  g_ptr_array_sort (candidates, compare_phrases);

  for (guint i = 0; i < candidates->len && chosen->len < max_phrases; i++)
    {
      gboolean overlaps = FALSE;

      phrase = g_ptr_array_index (candidates, i);
      for (guint k = 0; k < chosen->len && !overlaps; k++)
        {
          const Phrase *other = g_ptr_array_index (chosen, k);

          overlaps = key_contains (phrase->key, other->key) ||
                     key_contains (other->key, phrase->key) ||
                     keys_chain (phrase->key, other->key) || keys_chain (other->key, phrase->key);
        }
      if (overlaps)
        continue;

      g_ptr_array_add (chosen, phrase);
      g_ptr_array_add (out, extractor_display (self, phrase));
    }
}

/**
 * proc_key_phrases_extract:
 * @text: (nullable): an abstract, as imported, optionally after its title
 *   and a blank line
 * @max_phrases: how many phrases to return at most
 *
 * Finds the phrases that say what @text is about, in the order of their
 * score (see the comment at the top of this file).  Math, links and TeX
 * markup never become phrases; acronyms and words capitalised inside
 * sentences keep their capitals, other words are in lower case.  Invalid
 * UTF-8 is repaired first, and only the first 128 KB are read.
 *
 * Returns: (transfer full) (array zero-terminated=1): at most @max_phrases
 *   phrases, best first; an empty array when there are none
 */
char **
proc_key_phrases_extract (const char *text,
                          guint       max_phrases)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autofree char *valid = NULL;
  g_autofree char *stripped = NULL;
  g_autofree char *plain = NULL;
  Extractor self;
  gsize len;

  if (text == NULL || max_phrases == 0)
    {
      g_ptr_array_add (out, NULL);
      return (char **) g_ptr_array_free (out, FALSE);
    }

  kp_lexicon_init ();

  len = strlen (text);
  if (len > MAX_TEXT_BYTES)
    {
      len = MAX_TEXT_BYTES;
      while (len > 0 && ((guchar) text[len] & 0xc0) == 0x80)
        len--;
    }
  valid = g_utf8_make_valid (text, len);
  stripped = kp_strip_math_and_links (valid);
  plain = proc_tex_to_plain (stripped);

  kp_extractor_init (&self);
  self.title = kp_has_title (plain);
  kp_extractor_tokenize (&self, plain);
  kp_extractor_find_acronyms (&self);
  kp_extractor_mark_lead (&self);
  kp_extractor_count_cases (&self);
  extractor_count_phrases (&self);
  extractor_relate_phrases (&self);
  extractor_choose (&self, max_phrases, out);
  kp_extractor_clear (&self);

  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

