/* proc-names.c: personal names in parts, read as BibTeX reads them
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-names"

#include "config.h"

#include <string.h>

#include "proc-bibtex-text.h"
#include "proc-names.h"
#include "proc-names-private.h"

/* The grammar is BibTeX's (Patashnik, "BibTeXing", §4; bibtex.web's
 * name parser, which biber's and pandoc's follow):
 *
 *  - a name is "First von Last", "von Last, First" or "von Last, Jr,
 *    First"; words are separated by white space and ties (~) outside
 *    braces, parts by commas outside braces;
 *  - a word is lower case when its first letter outside braces is: a
 *    brace group that opens with a backslash ({\'e}, {\o}) counts as its
 *    letter, any other group ({Van}) has no case;
 *  - in "First von Last", von runs from the first lower-case word to the
 *    last one before the last word, First is what comes before and Last
 *    after; without lower-case words Last is the last word alone;
 *  - in "von Last, …", von runs from the start to the last lower-case
 *    word before the last word: "Van Roy" is all Last, "van den Oord" is
 *    von "van den" and Last "Oord".  Unlike bibtex.web, and like pandoc
 *    and citeproc, a von part starts with a lower-case word: "Van den
 *    Oord" is all Last (bibtex.web makes it von "Van den"), so that the
 *    readers our exports meet agree on every part we write (the writer
 *    braces such a family: "{Van den Oord}, Aaron").
 *
 * Plain text (RIS, CSV, JSON) is read by the same rules, without TeX,
 * and its three-part form is RIS's "Family, Given, Suffix" unless the
 * middle part is a suffix.  In "Given Family" plain text a last word
 * such as "Jr." is the suffix, which BibTeX would take for Last, and
 * capitalised particles before the last word start the family ("Chris
 * De Sa" is Sa's for BibTeX, De Sa's here): conference sites write names
 * so, and their BibTeX says "De Sa, Chris". */

static const char * const particles[] = {
  "van", "von", "de", "der", "den", "del", "della", "dei", "degli", "des", "di", "da",
  "dos", "das", "do", "du", "le", "la", "lo", "ter", "ten", "te", "vander", "vanden",
  "zu", "zur", "zum", "af", "av", "al", "el", "bin", "ibn", "ben", "d'", "l'",
  "st.", "op", "het", "'t", NULL
};

/* Capitalised, these start a family name in "Given Family" plain text:
 * "Chris De Sa", "Harm Van Seijen", "Rianne Van Den Berg", "Nicolas Le
 * Roux".  Not "Di", "Da", "Ben", "Bin", "Al", "Do": given names too. */
static const char * const capital_particles[] = {
  "Van", "Von", "De", "Der", "Den", "Del", "Della", "Des", "Du", "Le", "La", "El",
  "Ter", "Ten", "Dos", "Das", "Vander", "Vanden", NULL
};

static const char * const suffixes[] = {
  "Jr", "Jr.", "jr", "jr.", "Sr", "Sr.", "sr", "sr.", "II", "III", "IV", "V", "2nd", "3rd", NULL
};

/**
 * proc_name_is_particle:
 *
 * Whether @word (any case) is one of the particles that start family
 * names: "van", "de", "von", "Le"…  BibTeX goes by case alone; this is
 * for checks and guesses, not for parsing.
 */
gboolean
proc_name_is_particle (const char *word)
{
  g_autofree char *lower = NULL;

  if (word == NULL)
    return FALSE;
  lower = g_utf8_strdown (word, -1);
  return g_strv_contains (particles, lower);
}

static gboolean
is_suffix (const char *word)
{
  return word != NULL && g_strv_contains (suffixes, word);
}

static char *
dup_part (const char *part)
{
  return part != NULL && *part != '\0' ? g_strdup (part) : NULL;
}

ProcName *
proc_name_new (const char *given,
               const char *particle,
               const char *family,
               const char *suffix)
{
  ProcName *name = g_new0 (ProcName, 1);

  name->given = dup_part (given);
  name->particle = dup_part (particle);
  name->family = dup_part (family);
  name->suffix = dup_part (suffix);

  return name;
}

ProcName *
proc_name_new_others (void)
{
  ProcName *name = g_new0 (ProcName, 1);

  name->others = TRUE;
  return name;
}

ProcName *
proc_name_copy (const ProcName *name)
{
  ProcName *copy = proc_name_new (name->given, name->particle, name->family, name->suffix);

  copy->others = name->others;
  return copy;
}

void
proc_name_free (ProcName *name)
{
  if (name == NULL)
    return;

  g_free (name->given);
  g_free (name->particle);
  g_free (name->family);
  g_free (name->suffix);
  g_free (name);
}

/* Tokens */

/**
 * _proc_names_split_top_level:
 *
 * Splits @text[start, end) at the characters in @separators that stand
 * outside braces.  A backslash escapes the next character.
 *
 * Returns: (transfer full) (element-type ProcSpan): the pieces
 */
GArray *
_proc_names_split_top_level (const char *text,
                             gsize       start,
                             gsize       end,
                             const char *separators,
                             gboolean    keep_empty)
{
  GArray *spans = g_array_new (FALSE, FALSE, sizeof (ProcSpan));
  guint depth = 0;
  ProcSpan span = { start, start };

  for (gsize i = start; i <= end; i++)
    {
      char c = i < end ? text[i] : '\0';

      if (c == '\\' && i + 1 < end)
        {
          i++;
          continue;
        }
      if (c == '{')
        depth++;
      else if (c == '}' && depth > 0)
        depth--;

      if (i == end || (depth == 0 && strchr (separators, c) != NULL))
        {
          span.end = i;
          if (keep_empty || span.end > span.start)
            g_array_append_val (spans, span);
          span.start = i + 1;
        }
    }

  return spans;
}

/* The case of a "special character" group, {\'E}, {\v{s}} or {\o}, as
 * bibtex.web gives it: a foreign letter's command is the letter (\o, \L,
 * \ss), else the first letter after the command decides.  1 for lower
 * case, 0 for upper, -1 for none. */
static int
special_char_case (const char *text,
                   gsize       pos,
                   gsize       end)
{
  static const char * const letters[] = {
    "i", "j", "o", "O", "l", "L", "ss", "SS", "ae", "AE", "oe", "OE", "aa", "AA", NULL
  };
  gsize start;

  /* pos is at the backslash */
  start = ++pos;
  while (pos < end && g_ascii_isalpha (text[pos]))
    pos++;
  if (pos > start)
    {
      g_autofree char *command = g_strndup (text + start, pos - start);

      if (g_strv_contains (letters, command))
        return g_ascii_islower (command[0]) ? 1 : 0;
    }
  else if (pos < end)
    {
      pos++;   /* \' \" \~ \^ … */
    }

  for (; pos < end && text[pos] != '}'; pos++)
    if (g_ascii_isalpha (text[pos]))
      return g_ascii_islower (text[pos]) ? 1 : 0;

  return -1;
}

/**
 * _proc_names_token_is_lower:
 *
 * Whether a word starts in lower case as BibTeX sees it: its first
 * letter outside braces, or the letter of a leading {\'e} group.  Words
 * with no such letter ({Van}, "123") have no case and are not von.
 */
gboolean
_proc_names_token_is_lower (const char *text,
                            ProcSpan    token)
{
  guint depth = 0;

  for (gsize i = token.start; i < token.end; )
    {
      char c = text[i];

      if (c == '{')
        {
          if (depth == 0 && i + 1 < token.end && text[i + 1] == '\\')
            {
              int lower = special_char_case (text, i + 1, token.end);

              if (lower >= 0)
                return lower == 1;
            }
          depth++;
          i++;
          continue;
        }
      if (c == '}')
        {
          if (depth > 0)
            depth--;
          i++;
          continue;
        }
      if (depth == 0)
        {
          gunichar u = g_utf8_get_char_validated (text + i, token.end - i);

          if (u != (gunichar) -1 && u != (gunichar) -2 && g_unichar_isalpha (u))
            return g_unichar_islower (u);
        }
      i = g_utf8_next_char (text + i) - text;
    }

  return FALSE;
}

/* Parts */

/* The words [from, to) of @tokens as one part's text, or %NULL. */
static char *
part_text (const char     *text,
           GArray         *tokens,
           guint           from,
           guint           to,
           ProcNameSource  source)
{
  g_autoptr(GString) raw = g_string_new (NULL);
  g_autofree char *decoded = NULL;

  for (guint i = from; i < to; i++)
    {
      ProcSpan *span = &g_array_index (tokens, ProcSpan, i);

      if (raw->len > 0)
        g_string_append_c (raw, ' ');
      g_string_append_len (raw, text + span->start, span->end - span->start);
    }

  if (raw->len == 0)
    return NULL;
  if (source == PROC_NAME_TEXT)
    return g_string_free (g_steal_pointer (&raw), FALSE);

  decoded = proc_bibtex_decode (raw->str, PROC_BIBTEX_TEXT_TITLE);
  return dup_part (g_strstrip (decoded));
}

static GArray *
part_tokens (const char     *text,
             ProcSpan        part,
             ProcNameSource  source)
{
  return _proc_names_split_top_level (text, part.start, part.end,
                                      source == PROC_NAME_BIBTEX ? " \t\r\n~" : " \t\r\n",
                                      FALSE);
}

static gboolean
token_equals (const char *text,
              ProcSpan    token,
              const char *word)
{
  gsize len = strlen (word);

  return token.end - token.start == len && memcmp (text + token.start, word, len) == 0;
}

/* "von Last": von ends after its last lower-case word before the last. */
static void
split_von_last (const char     *text,
                GArray         *tokens,
                ProcNameSource  source,
                ProcName       *name)
{
  guint n = tokens->len;
  guint von_end = 0;

  if (n < 2 || !_proc_names_token_is_lower (text, g_array_index (tokens, ProcSpan, 0)))
    n = 0;
  for (guint i = n > 0 ? n - 1 : 0; i > 0; i--)
    if (_proc_names_token_is_lower (text, g_array_index (tokens, ProcSpan, i - 1)))
      {
        von_end = i;
        break;
      }

  name->particle = part_text (text, tokens, 0, von_end, source);
  name->family = part_text (text, tokens, von_end, tokens->len, source);
}

/* "First von Last" */
static void
split_first_von_last (const char     *text,
                      GArray         *tokens,
                      ProcNameSource  source,
                      ProcName       *name)
{
  guint n = tokens->len;
  guint last_start;
  int von_start = -1;
  guint von_end = 0;

  /* Plain text's "Martin Luther King Jr." */
  if (source == PROC_NAME_TEXT && n >= 3)
    {
      ProcSpan *last = &g_array_index (tokens, ProcSpan, n - 1);
      g_autofree char *word = g_strndup (text + last->start, last->end - last->start);

      if (is_suffix (word))
        {
          name->suffix = g_steal_pointer (&word);
          n--;
        }
    }

  for (guint i = 0; i + 1 < n; i++)
    if (_proc_names_token_is_lower (text, g_array_index (tokens, ProcSpan, i)))
      {
        if (von_start < 0)
          von_start = i;
        von_end = i + 1;
      }

  if (von_start < 0)
    {
      last_start = n > 0 ? n - 1 : 0;

      /* Plain text from conference sites capitalises particles, which
       * BibTeX would take for given names: there, they start the family. */
      while (source == PROC_NAME_TEXT && last_start > 1)
        {
          ProcSpan *word = &g_array_index (tokens, ProcSpan, last_start - 1);
          g_autofree char *text_word = g_strndup (text + word->start, word->end - word->start);

          if (!g_strv_contains (capital_particles, text_word))
            break;
          last_start--;
        }

      name->given = part_text (text, tokens, 0, last_start, source);
      name->family = part_text (text, tokens, last_start, n, source);
      return;
    }

  name->given = part_text (text, tokens, 0, von_start, source);
  name->particle = part_text (text, tokens, von_start, von_end, source);
  name->family = part_text (text, tokens, von_end, n, source);
}

/**
 * _proc_name_from_parts:
 * @parts: (element-type ProcSpan): the name's comma-separated parts
 * @suffix_last: a third part is the suffix (RIS), not the given names
 *
 * Returns: (transfer full) (nullable): the name, %NULL when it is empty
 */
ProcName *
_proc_name_from_parts (const char     *text,
                       GArray         *parts,
                       ProcNameSource  source,
                       gboolean        suffix_last)
{
  g_autoptr(ProcName) name = g_new0 (ProcName, 1);
  g_autoptr(GArray) main_part = NULL;

  if (parts->len == 0)
    return NULL;

  main_part = part_tokens (text, g_array_index (parts, ProcSpan, 0), source);

  if (parts->len == 1)
    {
      if (main_part->len == 1 && token_equals (text, g_array_index (main_part, ProcSpan, 0), "others"))
        return proc_name_new_others ();
      if (main_part->len == 2 &&
          token_equals (text, g_array_index (main_part, ProcSpan, 0), "et") &&
          token_equals (text, g_array_index (main_part, ProcSpan, 1), "al."))
        return proc_name_new_others ();

      split_first_von_last (text, main_part, source, name);
    }
  else
    {
      guint given_part = parts->len == 2 || suffix_last ? 1 : 2;
      guint suffix_part = parts->len == 2 ? 0 : suffix_last ? 2 : 1;
      g_autoptr(GString) given = g_string_new (NULL);

      split_von_last (text, main_part, source, name);

      /* Parts past the third are more given names. */
      for (guint i = given_part; i < parts->len; i++)
        {
          g_autoptr(GArray) tokens = NULL;
          g_autofree char *words = NULL;

          if (i == suffix_part)
            continue;
          tokens = part_tokens (text, g_array_index (parts, ProcSpan, i), source);
          words = part_text (text, tokens, 0, tokens->len, source);
          if (words == NULL)
            continue;
          if (given->len > 0)
            g_string_append_c (given, ' ');
          g_string_append (given, words);
        }
      name->given = given->len > 0 ? g_strdup (given->str) : NULL;

      if (suffix_part > 0)
        {
          g_autoptr(GArray) tokens = part_tokens (text, g_array_index (parts, ProcSpan, suffix_part), source);

          name->suffix = part_text (text, tokens, 0, tokens->len, source);
        }
    }

  /* "van, Jan": a family that is all von is BibTeX's Last. */
  if (name->family == NULL && name->particle != NULL)
    name->family = g_steal_pointer (&name->particle);
  if (name->family == NULL && name->given != NULL)
    name->family = g_steal_pointer (&name->given);
  if (name->family == NULL)
    return NULL;

  return g_steal_pointer (&name);
}

/**
 * proc_name_parse:
 * @text: one name, "Given von Family" or "von Family, Given" (with a
 *   suffix: "von Family, Given, Suffix" in plain text, "von Family, Jr,
 *   Given" in BibTeX)
 *
 * Returns: (transfer full) (nullable): the name, or %NULL when @text
 *   holds none
 */
ProcName *
proc_name_parse (const char     *text,
                 ProcNameSource  source)
{
  g_autoptr(GArray) parts = NULL;
  gboolean suffix_last = FALSE;
  gsize len;

  if (text == NULL)
    return NULL;

  len = strlen (text);
  parts = _proc_names_split_top_level (text, 0, len, ",", TRUE);

  /* "Smith, John,"; but "Google DeepMind," is a family name alone */
  while (parts->len > 2)
    {
      ProcSpan *last = &g_array_index (parts, ProcSpan, parts->len - 1);
      g_autofree char *words = g_strndup (text + last->start, last->end - last->start);

      if (*g_strstrip (words) != '\0')
        break;
      g_array_set_size (parts, parts->len - 1);
    }

  if (source == PROC_NAME_TEXT && parts->len >= 3)
    {
      ProcSpan *middle = &g_array_index (parts, ProcSpan, 1);
      g_autofree char *words = g_strndup (text + middle->start, middle->end - middle->start);

      suffix_last = !is_suffix (g_strstrip (words));
    }

  return _proc_name_from_parts (text, parts, source, suffix_last);
}

static void
append_word (GString    *out,
             const char *word)
{
  if (word == NULL || *word == '\0')
    return;
  if (out->len > 0)
    g_string_append_c (out, ' ');
  g_string_append (out, word);
}

/**
 * proc_name_to_display:
 *
 * Returns: (transfer full): "Given von Family Suffix", or "et al."
 */
char *
proc_name_to_display (const ProcName *name)
{
  GString *out = g_string_new (NULL);

  if (name->others)
    {
      g_string_append (out, "et al.");
      return g_string_free (out, FALSE);
    }

  append_word (out, name->given);
  append_word (out, name->particle);
  append_word (out, name->family);
  append_word (out, name->suffix);

  return g_string_free (out, FALSE);
}

/* Lists */

GPtrArray *
proc_names_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) proc_name_free);
}

GPtrArray *
proc_names_copy (GPtrArray *names)
{
  GPtrArray *copy = proc_names_new ();

  for (guint i = 0; names != NULL && i < names->len; i++)
    g_ptr_array_add (copy, proc_name_copy (g_ptr_array_index (names, i)));

  return copy;
}

/**
 * proc_names_parse_list:
 * @text: (nullable): plain-text names separated by @separator
 * @separator: ";" or ","
 *
 * Returns: (transfer full) (element-type ProcName): the names
 */
GPtrArray *
proc_names_parse_list (const char *text,
                       const char *separator)
{
  GPtrArray *names = proc_names_new ();
  g_auto(GStrv) pieces = NULL;

  if (text == NULL)
    return names;

  pieces = g_strsplit (text, separator, -1);
  for (guint i = 0; pieces[i] != NULL; i++)
    {
      ProcName *name = NULL;
      ProcName *previous = names->len > 0 ? g_ptr_array_index (names, names->len - 1) : NULL;

      g_strstrip (pieces[i]);
      /* "Martin Luther King, Jr." separated by commas */
      if (previous != NULL && !previous->others && previous->suffix == NULL && is_suffix (pieces[i]))
        {
          previous->suffix = g_strdup (pieces[i]);
          continue;
        }

      if ((name = proc_name_parse (pieces[i], PROC_NAME_TEXT)) != NULL)
        g_ptr_array_add (names, name);
    }

  return names;
}

/**
 * proc_names_to_display:
 *
 * Returns: (transfer full): "Given Family; Given Family", as the library
 *   shows and searches authors
 */
char *
proc_names_to_display (GPtrArray *names)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; names != NULL && i < names->len; i++)
    {
      g_autofree char *display = proc_name_to_display (g_ptr_array_index (names, i));

      if (*display == '\0')
        continue;
      if (out->len > 0)
        g_string_append (out, "; ");
      g_string_append (out, display);
    }

  return g_string_free (out, FALSE);
}

static void
append_field (GString    *out,
              const char *part)
{
  /* Names never hold tabs or line breaks once read; make sure. */
  for (const char *p = part ? part : ""; *p != '\0'; p++)
    g_string_append_c (out, *p == '\t' || *p == '\n' || *p == '\r' ? ' ' : *p);
}

/**
 * proc_names_serialize:
 *
 * The names as the library stores them: one a line, "given", "particle",
 * "family" and "suffix" separated by tabs; "and others" is a line
 * "others" (without tabs).
 *
 * Returns: (transfer full): the text, "" for no names
 */
char *
proc_names_serialize (GPtrArray *names)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; names != NULL && i < names->len; i++)
    {
      const ProcName *name = g_ptr_array_index (names, i);

      if (out->len > 0)
        g_string_append_c (out, '\n');
      if (name->others)
        {
          g_string_append (out, "others");
          continue;
        }
      append_field (out, name->given);
      g_string_append_c (out, '\t');
      append_field (out, name->particle);
      g_string_append_c (out, '\t');
      append_field (out, name->family);
      g_string_append_c (out, '\t');
      append_field (out, name->suffix);
    }

  return g_string_free (out, FALSE);
}

/**
 * proc_names_deserialize:
 * @text: (nullable): what proc_names_serialize() gave
 *
 * Returns: (transfer full) (element-type ProcName): the names; lines
 *   that are not in the form are left out
 */
GPtrArray *
proc_names_deserialize (const char *text)
{
  GPtrArray *names = proc_names_new ();
  g_auto(GStrv) lines = NULL;

  if (text == NULL || *text == '\0')
    return names;

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = NULL;

      if (g_str_equal (lines[i], "others"))
        {
          g_ptr_array_add (names, proc_name_new_others ());
          continue;
        }

      parts = g_strsplit (lines[i], "\t", 4);
      if (g_strv_length (parts) != 4 || *parts[2] == '\0')
        continue;
      g_ptr_array_add (names, proc_name_new (parts[0], parts[1], parts[2], parts[3]));
    }

  return names;
}
