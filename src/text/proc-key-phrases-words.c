/* proc-key-phrases-words.c: an abstract as words, with its acronyms and their case
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-key-phrases-private.h"

/* Words */

static void
word_clear (Word *word)
{
  g_free (word->form);
  g_free (word->key);
}

static void
phrase_free (Phrase *phrase)
{
  g_free (phrase->key);
  g_ptr_array_unref (phrase->surfaces);
  g_free (phrase);
}

static void
surface_free (Surface *surface)
{
  g_free (surface->text);
  g_free (surface);
}

static void
acronym_free (Acronym *acronym)
{
  g_free (acronym->expansion);
  g_free (acronym);
}

void
kp_extractor_init (Extractor *self)
{
  memset (self, 0, sizeof *self);
  self->words = g_array_new (FALSE, FALSE, sizeof (Word));
  g_array_set_clear_func (self->words, (GDestroyNotify) word_clear);
  self->sentences = g_array_new (FALSE, TRUE, sizeof (SentenceInfo));
  self->acronyms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) acronym_free);
  self->phrases = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                         (GDestroyNotify) phrase_free);
  self->surfaces = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                          (GDestroyNotify) surface_free);
  self->cases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

void
kp_extractor_clear (Extractor *self)
{
  g_array_unref (self->words);
  g_array_unref (self->sentences);
  g_hash_table_unref (self->acronyms);
  g_hash_table_unref (self->phrases);
  g_hash_table_unref (self->surfaces);
  g_hash_table_unref (self->cases);
}

static SentenceInfo *
extractor_sentence (Extractor *self)
{
  if (self->sentences->len <= self->sentence)
    g_array_set_size (self->sentences, self->sentence + 1);

  return &g_array_index (self->sentences, SentenceInfo, self->sentence);
}

static void
extractor_end_sentence (Extractor *self)
{
  if (self->sentence_open)
    self->sentence++;
  self->sentence_open = FALSE;
  self->pending_break = TRUE;
  self->pending_end = FALSE;
}

/* A full stop ends a sentence unless the text goes on in lower case:
 * "e.g. the", "et al. show". */
static void
extractor_resolve_end (Extractor *self,
                       gunichar   next)
{
  if (!self->pending_end)
    return;
  if (g_unichar_islower (next))
    self->pending_end = FALSE;
  else
    extractor_end_sentence (self);
}

static void
extractor_push (Extractor *self,
                char      *form,
                char      *key,
                guint      flags)
{
  Word word = { form, key, self->sentence, flags };

  if (self->pending_break)
    word.flags |= WORD_BREAK_BEFORE;
  if (!self->sentence_open)
    word.flags |= WORD_SENTENCE_START;
  self->pending_break = FALSE;
  self->sentence_open = TRUE;
  g_array_append_val (self->words, word);
}

/* One run of text between spaces, without Chinese characters. */
static void
extractor_add_latin (Extractor  *self,
                     const char *start,
                     const char *end)
{
  const char *p = start;
  const char *q = end;
  gboolean adjacent = !self->pending_break && self->words->len > 0 && self->sentence_open;
  gboolean open_paren = FALSE;
  gboolean close_paren = FALSE;
  gboolean full_stop = FALSE;
  gboolean trailing = FALSE;
  gboolean junk = FALSE;
  gboolean has_letter = FALSE;
  gboolean special = FALSE;
  gboolean has_digit = FALSE;
  gboolean ascii_only = TRUE;
  guint n_chars = 0;
  guint n_letters = 0;
  guint lex;
  gunichar first;
  gunichar prev = 0;
  gboolean after_preposition = self->after_preposition;
  gboolean after_relative = self->after_relative;
  g_autofree char *lower = NULL;
  g_autofree char *written = NULL;
  g_autofree char *key = NULL;
  guint flags = 0;

  self->after_preposition = FALSE;
  self->after_relative = FALSE;

  while (p < q && !kp_is_word_char (g_utf8_get_char (p)))
    {
      /* "(MAG)", not "((" or "(e.g.": only a plain opening parenthesis
       * right after a word introduces an acronym */
      open_paren = p == start && *p == '(';
      self->pending_break = TRUE;
      p = g_utf8_next_char (p);
    }
  adjacent = adjacent && open_paren;

  while (q > p)
    {
      const char *before = g_utf8_prev_char (q);
      gunichar c = g_utf8_get_char (before);

      if (kp_is_word_char (c))
        break;
      close_paren |= c == ')';
      full_stop |= c == '.' || c == '?' || c == '!' || c == 0x2026;
      trailing = TRUE;
      q = before;
    }

  if (p == q)
    {
      /* no word: "—", "…", what is left of math and links */
      for (const char *r = start; r < end; r++)
        full_stop |= *r == '.' || *r == '?' || *r == '!';
      self->pending_break = TRUE;
      self->pending_end |= full_stop;
      return;
    }

  extractor_resolve_end (self, g_utf8_get_char (p));

  /* the possessive ends a phrase: "FlashAttention's I/O complexity" */
  if (q - p > 2 && q[-1] == 's' && q[-2] == '\'')
    q -= 2, trailing = TRUE;
  else if (q - p > 4 && q[-1] == 's' && memcmp (q - 4, "\xe2\x80\x99", 3) == 0)
    q -= 4, trailing = TRUE;

  first = g_utf8_get_char (p);
  for (const char *r = p; r < q; r = g_utf8_next_char (r))
    {
      gunichar c = g_utf8_get_char (r);
      const char *next = g_utf8_next_char (r);
      gunichar after = next < q ? g_utf8_get_char (next) : 0;

      n_chars++;
      ascii_only &= c < 0x80;
      if (c < 0x80 && g_ascii_isalpha (c))
        {
          has_letter = TRUE;
          n_letters++;
          if (r != p && g_ascii_isupper (c))
            special = TRUE;
        }
      else if (c < 0x80 && g_ascii_isdigit (c))
        has_digit = TRUE;
      else if (c >= 0x80 && (g_unichar_isalpha (c) || g_unichar_ismark (c)))
        {
          has_letter = TRUE;
          n_letters++;
          if (r != p && (g_unichar_isupper (c) || g_unichar_istitle (c)))
            special = TRUE;
        }
      else if (c >= 0x80 && g_unichar_isdigit (c))
        has_digit = TRUE;
      else if (c == '-' || c == '/')
        junk |= !kp_is_word_char (prev) || !kp_is_word_char (after);
      else if (c == '.')
        junk |= !g_unichar_isdigit (prev) || !g_unichar_isdigit (after);
      else
        junk = TRUE;   /* math left over, an apostrophe, a path */
      prev = c;
    }

  if (junk || !has_letter || n_chars < 2 || q - p > MAX_WORD_BYTES)
    {
      self->pending_break = TRUE;
      self->sentence_open = TRUE;
      self->pending_end = full_stop;
      return;
    }

  lower = ascii_only ? g_ascii_strdown (p, q - p) : g_utf8_strdown (p, q - p);
  written = g_strndup (p, q - p);
  key = kp_word_key (lower, written);
  lex = kp_lexicon_lookup (lower);
  if (lex == 0)
    lex = kp_lexicon_lookup (key);   /* "matrices" is as generic as "matrix" */

  if ((lex & LEX_STOP) || (lex == 0 && kp_is_adverb (lower)) ||
      ((after_preposition || !self->sentence_open) && kp_is_gerund (lower)) ||
      (after_relative && kp_is_verb_form (lower)))
    {
      self->after_preposition = !trailing && kp_is_preposition (lower);
      self->after_relative = !trailing && kp_is_relative (lower);
      self->pending_break = TRUE;
      self->sentence_open = TRUE;
      self->pending_end = full_stop;
      return;
    }

  /* "3D", "2.5-D": only with what they qualify */
  if ((lex & LEX_WEAK) || (has_digit && n_letters <= 1))
    flags |= WORD_WEAK;
  if (lex & LEX_OF)
    flags |= WORD_OF;
  if (special)
    flags |= WORD_SPECIAL;
  else if (g_unichar_isupper (first) || g_unichar_istitle (first))
    flags |= WORD_CAPITAL;
  if (g_unichar_isupper (first) || g_unichar_istitle (first))
    flags |= WORD_INITIAL;
  if (adjacent && close_paren && special)
    flags |= WORD_PAREN;

  /* how much of the sentence is in Title Case */
  if (self->sentence_open && !(flags & WORD_OF))
    {
      gunichar second = g_utf8_get_char (g_utf8_next_char (p));
      gboolean title_like = g_unichar_isupper (first) && g_unichar_islower (second);
      SentenceInfo *info = extractor_sentence (self);

      if (!special || title_like)
        info->n_words++;
      info->n_capital += title_like;
    }

  extractor_push (self,
                  special ? g_steal_pointer (&written) : g_steal_pointer (&lower),
                  g_steal_pointer (&key),
                  flags);

  self->pending_break = trailing;
  self->pending_end = full_stop;
  self->after_preposition = (lex & LEX_OF) && !trailing;
}

/* A run of text between spaces with Chinese or Japanese in it: each
 * character is a word; the Latin words between them are words as usual. */
static void
extractor_add_mixed (Extractor  *self,
                     const char *start,
                     const char *end)
{
  const char *latin = start;

  for (const char *r = start; r < end; r = g_utf8_next_char (r))
    {
      gunichar c = g_utf8_get_char (r);

      if (!kp_is_cjk (c) && !kp_is_cjk_punct (c))
        continue;

      if (latin < r)
        {
          extractor_add_latin (self, latin, r);
          self->pending_break = TRUE;
        }
      latin = g_utf8_next_char (r);

      if (kp_is_cjk (c) && !kp_is_hiragana (c))
        {
          char *form = g_strndup (r, latin - r);

          if (self->pending_end)
            extractor_end_sentence (self);
          extractor_push (self, form, g_strdup (form), WORD_CJK);
        }
      else if (kp_ends_cjk_sentence (c))
        {
          extractor_end_sentence (self);
        }
      else
        {
          self->pending_break = TRUE;
        }
    }

  if (latin < end)
    extractor_add_latin (self, latin, end);
}

void
kp_extractor_tokenize (Extractor  *self,
                       const char *text)
{
  const char *p = text;

  while (*p)
    {
      const char *start;
      guint newlines = 0;
      gboolean wide = FALSE;

      while (*p && g_unichar_isspace (g_utf8_get_char (p)))
        {
          newlines += *p == '\n';
          p = g_utf8_next_char (p);
        }
      if (newlines >= 2)
        extractor_end_sentence (self);
      if (*p == '\0')
        break;

      for (start = p; *p && !g_unichar_isspace (g_utf8_get_char (p)); p = g_utf8_next_char (p))
        wide |= (guchar) *p >= 0xe3;

      if (wide)
        extractor_add_mixed (self, start, p);
      else
        extractor_add_latin (self, start, p);
    }
}

/* The title, and the words an abstract starts with (its subject, most
 * often: "Causal representation learning aims at"), say what it is about. */
void
kp_extractor_mark_lead (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;
  guint body = self->title ? 1 : 0;
  guint i = 0;
  guint end;

  for (; i < self->words->len && self->title && words[i].sentence == 0; i++)
    words[i].flags |= WORD_LEAD;

  if (i >= self->words->len || words[i].sentence != body || (words[i].flags & WORD_CJK))
    return;

  /* more words in a row than a phrase has are a clause: "Many
   * computational factors limit broader deployment" */
  for (end = i + 1; end < self->words->len && !(words[end].flags & WORD_BREAK_BEFORE); end++)
    ;
  if (end - i <= MAX_LATIN_WORDS)
    for (; i < end; i++)
      words[i].flags |= WORD_LEAD;
}

double
kp_extractor_weight (Extractor  *self,
                     const Word *word)
{
  guint sentence = word->sentence;

  if (word->flags & WORD_LEAD)
    return 2.0;
  if (self->title)
    {
      if (sentence == 0)
        return 2.0;
      sentence--;
    }

  return sentence == 0 ? 1.5 : sentence == 1 ? 1.25 : 1.0;
}

/* Acronyms */

static void
append_initial (GString    *out,
                const char *word)
{
  g_string_append_unichar (out, g_unichar_tolower (g_utf8_get_char (word)));
}

/* "large language models (LLMs)": the letters of the acronym are the
 * initials of the words before it, all of them or without "of"
 * ("Internet of Things (IoT)"), or its capitals are ("scientific machine
 * learning (SciML)"). */
void
kp_extractor_find_acronyms (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;

  for (guint i = 1; i < self->words->len; i++)
    {
      g_autoptr(GString) letters = g_string_new (NULL);
      g_autoptr(GString) capitals = g_string_new (NULL);
      const char *form = words[i].form;
      gsize len = strlen (form);

      if (!(words[i].flags & WORD_PAREN) || g_hash_table_contains (self->acronyms, words[i].key))
        continue;

      if (len > 2 && form[len - 1] == 's' && g_ascii_isupper (form[len - 2]))
        len--;
      for (const char *p = form; p < form + len; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (!g_unichar_isalnum (c))
            continue;
          g_string_append_unichar (letters, g_unichar_tolower (c));
          if (g_unichar_isupper (c))
            g_string_append_unichar (capitals, g_unichar_tolower (c));
        }
      if (capitals->len < 2)
        continue;

      for (guint m = 1; m <= MAX_LATIN_WORDS && m <= i; m++)
        {
          g_autoptr(GString) all = g_string_new (NULL);
          g_autoptr(GString) content = g_string_new (NULL);
          g_autoptr(GString) parts = g_string_new (NULL);
          g_autoptr(GString) expansion = g_string_new (NULL);
          guint from = i - m;
          gboolean contiguous = TRUE;

          if (words[from].flags & (WORD_OF | WORD_CJK))
            continue;
          for (guint k = from; k < i; k++)
            {
              if ((k > from && (words[k].flags & WORD_BREAK_BEFORE)) || (words[k].flags & WORD_CJK))
                contiguous = FALSE;
              append_initial (all, words[k].form);
              if (!(words[k].flags & WORD_OF))
                append_initial (content, words[k].form);
              /* "Expectation-Maximization (EM)" */
              for (const char *part = words[k].form; part != NULL; part = strchr (part, '-'))
                {
                  if (*part == '-')
                    part++;
                  if (*part != '\0' && !(words[k].flags & WORD_OF))
                    append_initial (parts, part);
                }
              if (k > from)
                g_string_append_c (expansion, ' ');
              g_string_append (expansion, words[k].key);
            }
          if (!contiguous)
            break;

          if (g_str_equal (all->str, letters->str) || g_str_equal (content->str, capitals->str) ||
              g_str_equal (parts->str, capitals->str))
            {
              Acronym *acronym = g_new0 (Acronym, 1);

              acronym->expansion = g_string_free (g_steal_pointer (&expansion), FALSE);
              acronym->n_words = m;
              g_hash_table_insert (self->acronyms, g_strdup (words[i].key), acronym);
              words[i].flags |= WORD_DEFINITION;
              break;
            }
        }
    }
}

/* "Blind Image Quality Assessment (BIQA)", "Temporal Implicit
 * Representation Module": names spelled out in Title Case, whose words
 * are no names. */
static void
extractor_mark_title_case_runs (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;
  guint n = self->words->len;
  guint i = 0;

  while (i < n)
    {
      guint end = i;
      guint last = i;
      guint n_capitals = 0;

      if (!(words[i].flags & WORD_INITIAL) || (words[i].flags & WORD_CJK))
        {
          i++;
          continue;
        }

      for (; end < n; end++)
        {
          if (end > i && (words[end].flags & WORD_BREAK_BEFORE))
            break;
          if (words[end].flags & WORD_INITIAL)
            n_capitals++, last = end;
          else if (!(words[end].flags & WORD_OF))
            break;
        }

      if (n_capitals >= 3 ||
          (n_capitals >= 2 && last + 1 < n && (words[last + 1].flags & WORD_PAREN)))
        for (guint k = i; k <= last; k++)
          words[k].flags |= WORD_CASE_UNKNOWN;

      i = last + 1;
    }
}

/* Capitals: "Gaussian" and "Transformer" keep theirs when the text writes
 * them so inside sentences; other words are shown in lower case.  Words
 * at the start of a sentence and in Title Case sentences say nothing. */
void
kp_extractor_count_cases (Extractor *self)
{
  extractor_mark_title_case_runs (self);

  for (guint i = 0; i < self->words->len; i++)
    {
      Word *word = &g_array_index (self->words, Word, i);
      SentenceInfo *info;
      CaseCount *count;

      if (word->flags & (WORD_CJK | WORD_SPECIAL | WORD_OF | WORD_SENTENCE_START |
                         WORD_CASE_UNKNOWN))
        continue;
      if (word->sentence >= self->sentences->len)
        continue;
      info = &g_array_index (self->sentences, SentenceInfo, word->sentence);
      if (info->n_words >= 3 && info->n_capital * 4 >= info->n_words * 3)
        continue;

      count = g_hash_table_lookup (self->cases, word->key);
      if (count == NULL)
        {
          count = g_new0 (CaseCount, 1);
          g_hash_table_insert (self->cases, g_strdup (word->key), count);
        }
      if (word->flags & WORD_CAPITAL)
        count->n_capital++;
      else
        count->n_lower++;
    }
}
