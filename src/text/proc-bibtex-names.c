/* proc-bibtex-names.c: BibTeX name lists, keyword lists and citation keys
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-names"

#include "config.h"

#include <string.h>

#include "proc-bibtex-names.h"
#include "proc-bibtex-text.h"
#include "proc-bibtex-private.h"
#include "proc-names-private.h"

/* Names: reading */

static gboolean
span_is_blank (const char *text,
               ProcSpan    span)
{
  for (gsize i = span.start; i < span.end; i++)
    if (!g_ascii_isspace (text[i]))
      return FALSE;

  return TRUE;
}

static gboolean
span_is_suffix (const char *text,
                ProcSpan    span)
{
  static const char * const suffixes[] = { "Jr", "Jr.", "jr", "jr.", "Sr", "Sr.", "II", "III", "IV", NULL };
  g_autofree char *words = g_strndup (text + span.start, span.end - span.start);

  return g_strv_contains (suffixes, g_strstrip (words));
}

static gboolean
span_is_one_word (const char *text,
                  ProcSpan    span)
{
  g_autoptr(GArray) tokens = _proc_names_split_top_level (text, span.start, span.end, " \t\r\n~", FALSE);

  return tokens->len == 1;
}

/* "A." or "A": an initial, which only given names end with. */
static gboolean
token_is_initial (const char *text,
                  ProcSpan    token)
{
  gsize len = token.end - token.start;

  return (len == 1 && g_ascii_isalpha (text[token.start])) ||
         (len == 2 && g_ascii_isalpha (text[token.start]) && text[token.start + 1] == '.');
}

/* Two "Given Family" names, not "von Last, First": both sides have two
 * words or more, none in lower case, and the second does not end with an
 * initial.  "Van Roy, Benjamin" and "Kwon, Young D." stay one name. */
static gboolean
pair_is_two_names (const char *text,
                   GArray     *parts)
{
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GArray) tokens = _proc_names_split_top_level (text,
                                                              g_array_index (parts, ProcSpan, i).start,
                                                              g_array_index (parts, ProcSpan, i).end,
                                                              " \t\r\n~", FALSE);

      if (tokens->len < 2)
        return FALSE;
      for (guint k = 0; k < tokens->len; k++)
        if (_proc_names_token_is_lower (text, g_array_index (tokens, ProcSpan, k)) ||
            text[g_array_index (tokens, ProcSpan, k).start] == '{')
          return FALSE;
      if (i == 1 && token_is_initial (text, g_array_index (tokens, ProcSpan, tokens->len - 1)))
        return FALSE;
    }

  return TRUE;
}

/* Whether one "and"-separated name is in fact names separated by commas,
 * as some producers write author fields: BibTeX allows two commas in a
 * name, and the middle part of three is a suffix ("Jr"). */
static gboolean
is_comma_list (const char *text,
               GArray     *parts,
               gboolean    field_has_and)
{
  guint n = parts->len;
  gboolean trailing_comma = FALSE;

  while (n > 1 && span_is_blank (text, g_array_index (parts, ProcSpan, n - 1)))
    {
      trailing_comma = TRUE;
      n--;
    }
  for (guint i = 0; i < n; i++)
    if (span_is_blank (text, g_array_index (parts, ProcSpan, i)))
      return FALSE;

  if (n >= 4)
    return TRUE;
  /* "King, Jr, Martin", "Smith, Esq., John": a middle part of one word */
  if (n == 3)
    return !span_is_suffix (text, g_array_index (parts, ProcSpan, 1)) &&
           !span_is_one_word (text, g_array_index (parts, ProcSpan, 1));
  if (n == 2 && (!field_has_and || trailing_comma))
    return pair_is_two_names (text, parts);

  return FALSE;
}

static void
add_name (GPtrArray      *names,
          const char     *text,
          GArray         *parts)
{
  ProcName *name = _proc_name_from_parts (text, parts, PROC_NAME_BIBTEX, FALSE);

  if (name != NULL)
    g_ptr_array_add (names, name);
}

static void
add_chunk (GPtrArray  *names,
           const char *text,
           ProcSpan    chunk,
           gboolean    field_has_and)
{
  g_autoptr(GArray) parts = _proc_names_split_top_level (text, chunk.start, chunk.end, ",", TRUE);

  if (!is_comma_list (text, parts, field_has_and))
    {
      add_name (names, text, parts);
      return;
    }

  for (guint i = 0; i < parts->len; i++)
    {
      g_autoptr(GArray) one = g_array_new (FALSE, FALSE, sizeof (ProcSpan));

      if (span_is_blank (text, g_array_index (parts, ProcSpan, i)))
        continue;
      g_array_append_val (one, g_array_index (parts, ProcSpan, i));
      add_name (names, text, one);
    }
}

/**
 * proc_bibtex_parse_names:
 * @value: (nullable): an author or editor field as the file has it:
 *   names separated by "and", each "First von Last", "von Last, First"
 *   or "von Last, Jr, First"; "others" for et al.
 *
 * Names separated by commas instead of "and" ("A B, C D, E F") are read
 * as such, see is_comma_list().
 *
 * Returns: (transfer full) (element-type ProcName): the names, decoded
 */
GPtrArray *
proc_bibtex_parse_names (const char *value)
{
  GPtrArray *names = proc_names_new ();
  g_autoptr(GArray) words = NULL;
  g_autoptr(GArray) chunks = g_array_new (FALSE, FALSE, sizeof (ProcSpan));
  ProcSpan chunk = { 0, 0 };
  gboolean in_name = FALSE;
  gboolean has_and = FALSE;

  if (value == NULL)
    return names;

  words = _proc_names_split_top_level (value, 0, strlen (value), " \t\r\n", FALSE);
  for (guint i = 0; i <= words->len; i++)
    {
      ProcSpan *word = i < words->len ? &g_array_index (words, ProcSpan, i) : NULL;
      gboolean is_and = word != NULL && word->end - word->start == 3 &&
                        g_ascii_strncasecmp (value + word->start, "and", 3) == 0;

      has_and |= is_and;
      if (word != NULL && !is_and)
        {
          if (!in_name)
            chunk.start = word->start;
          chunk.end = word->end;
          in_name = TRUE;
          continue;
        }

      if (in_name)
        g_array_append_val (chunks, chunk);
      in_name = FALSE;
    }

  for (guint i = 0; i < chunks->len; i++)
    add_chunk (names, value, g_array_index (chunks, ProcSpan, i), has_and);

  return names;
}

/**
 * proc_bibtex_decode_names:
 * @value: an author or editor field, see proc_bibtex_parse_names()
 *
 * Returns: (transfer full): "Given Family; Given Family", with "and
 *   others" as "et al."; never %NULL
 */
char *
proc_bibtex_decode_names (const char *value)
{
  g_autoptr(GPtrArray) names = proc_bibtex_parse_names (value);

  return proc_names_to_display (names);
}

/* Names: writing */

static gboolean
has_word_and (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t~", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_ascii_strcasecmp (words[i], "and") == 0)
      return TRUE;

  return FALSE;
}

static GArray *
encoded_tokens (const char *encoded)
{
  return _proc_names_split_top_level (encoded, 0, strlen (encoded), " \t\r\n~", FALSE);
}

/* A part in TeX, braced whole when BibTeX would split it otherwise: at a
 * comma, at "and", or (for the family) at a word in lower case, which
 * would be read as von. */
static char *
encode_part (const char *part,
             gboolean    is_family,
             gboolean    alone,
             gboolean    force)
{
  g_autofree char *encoded = proc_bibtex_encode_with (part, PROC_BIBTEX_TEXT_TITLE, FALSE, FALSE);
  g_autoptr(GArray) tokens = encoded_tokens (encoded);
  g_autoptr(GArray) commas = _proc_names_split_top_level (encoded, 0, strlen (encoded), ",", TRUE);
  gboolean brace = force || commas->len > 1 || has_word_and (encoded);

  if (is_family)
    {
      for (guint i = 0; i < tokens->len && !brace; i++)
        brace = _proc_names_token_is_lower (encoded, g_array_index (tokens, ProcSpan, i));
      /* "First Last" would split a family name of two words */
      brace |= alone && tokens->len > 1;
    }

  if (brace)
    return g_strdup_printf ("{%s}", encoded);

  return g_steal_pointer (&encoded);
}

/* Whether BibTeX reads @particle back as von: from a lower-case word to a
 * lower-case word, with no comma or "and" to split the name. */
static gboolean
particle_reads_back (const char *particle)
{
  g_autofree char *encoded = proc_bibtex_encode_with (particle, PROC_BIBTEX_TEXT_TITLE, FALSE, FALSE);
  g_autoptr(GArray) tokens = encoded_tokens (encoded);
  g_autoptr(GArray) commas = _proc_names_split_top_level (encoded, 0, strlen (encoded), ",", TRUE);

  return tokens->len > 0 && commas->len == 1 && !has_word_and (encoded) &&
         _proc_names_token_is_lower (encoded, g_array_index (tokens, ProcSpan, 0)) &&
         _proc_names_token_is_lower (encoded, g_array_index (tokens, ProcSpan, tokens->len - 1));
}

/**
 * proc_bibtex_encode_name:
 *
 * Writes @name so that BibTeX, biber, bibtool and pandoc read the same
 * parts back: "von Last, First" or "von Last, Jr, First", the family
 * braced where its words would be split differently ("{Google
 * Research}", "{van Gogh}, Vincent" for a family that has no particle).
 *
 * Returns: (transfer full): the name in TeX
 */
static char *
encode_name (const ProcName *name,
             gboolean        brace_family)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *family = NULL;
  g_autofree char *merged = NULL;
  const char *particle = name->particle;
  const char *family_text = name->family ? name->family : "";
  gboolean alone;

  if (name->others)
    return g_strdup ("others");

  /* A particle BibTeX would not read as one ("Van", from CSL) joins the
   * family, which reads back whole: "Van Roy". */
  if (particle != NULL && !particle_reads_back (particle))
    {
      merged = g_strconcat (particle, " ", family_text, NULL);
      family_text = merged;
      particle = NULL;
    }
  alone = name->given == NULL && name->suffix == NULL && particle == NULL;

  if (particle != NULL)
    {
      g_autofree char *encoded = proc_bibtex_encode_with (particle, PROC_BIBTEX_TEXT_TITLE, FALSE, FALSE);

      g_string_append (out, encoded);
      g_string_append_c (out, ' ');
    }
  family = encode_part (family_text, TRUE, alone, brace_family);
  g_string_append (out, family);

  if (name->suffix != NULL)
    {
      /* braced when of several words: see is_comma_list() */
      gboolean several = strpbrk (name->suffix, " \t") != NULL;
      g_autofree char *suffix = encode_part (name->suffix, FALSE, FALSE, several);

      g_string_append_printf (out, ", %s,", suffix);
    }
  if (name->given != NULL)
    {
      g_autofree char *given = encode_part (name->given, FALSE, FALSE, FALSE);

      g_string_append_printf (out, name->suffix != NULL ? " %s" : ", %s", given);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
proc_bibtex_encode_name (const ProcName *name)
{
  return encode_name (name, FALSE);
}

/**
 * proc_bibtex_encode_name_list:
 * @names: (element-type ProcName): the names
 *
 * Returns: (transfer full): "von Last, First and …"
 */
char *
proc_bibtex_encode_name_list (GPtrArray *names)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; names != NULL && i < names->len; i++)
    {
      const ProcName *parts = g_ptr_array_index (names, i);
      g_autofree char *name = encode_name (parts, FALSE);

      /* "Van Roy, Benjamin Paul" alone would read as two names separated
       * by a comma (see is_comma_list()): "{Van Roy}, Benjamin Paul" */
      if (names->len == 1)
        {
          g_autoptr(GArray) commas = _proc_names_split_top_level (name, 0, strlen (name), ",", TRUE);

          if (is_comma_list (name, commas, FALSE))
            {
              g_free (name);
              name = encode_name (parts, TRUE);
            }
        }

      if (out->len > 0)
        g_string_append (out, " and ");
      g_string_append (out, name);
    }

  return g_string_free (out, FALSE);
}

/* Names known only as "Given Family" (papers stored before names were
 * kept in parts) */

static gboolean
starts_lower (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isalpha (c))
        return g_unichar_islower (c);
    }

  return FALSE;
}

static gboolean
is_name_suffix (const char *word)
{
  static const char * const suffixes[] = { "Jr", "Jr.", "Sr", "Sr.", "II", "III", "IV" };

  return g_strv_contains (suffixes, word);
}

/* Splits "Given von Family Jr" as BibTeX would read it back: the family
 * name is the last word, with the lower-case words before it. */
static void
split_name (char  **words,
            guint   n,
            guint  *given_end,
            guint  *family_start,
            guint  *family_end)
{
  int von_start = -1;

  *family_end = n;
  if (n >= 3 && is_name_suffix (words[n - 1]))
    *family_end = n - 1;

  for (guint i = 0; i + 1 < *family_end; i++)
    if (starts_lower (words[i]))
      {
        von_start = i;
        break;
      }

  *given_end = von_start >= 0 ? (guint) von_start : (*family_end > 0 ? *family_end - 1 : 0);
  *family_start = *given_end;
}

static void
append_encoded_words (GString  *out,
                      char    **words,
                      guint     from,
                      guint     to)
{
  for (guint i = from; i < to; i++)
    {
      g_autofree char *encoded = proc_bibtex_encode_with (words[i], PROC_BIBTEX_TEXT_TITLE, FALSE, FALSE);

      if (i > from)
        g_string_append_c (out, ' ');
      g_string_append (out, encoded);
    }
}

static char **
split_words (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  GPtrArray *kept = g_ptr_array_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_ptr_array_add (kept, g_strdup (words[i]));
  g_ptr_array_add (kept, NULL);

  return (char **) g_ptr_array_free (kept, FALSE);
}

/**
 * proc_bibtex_encode_names:
 * @authors: (nullable): "Given Family; Given Family"
 *
 * Returns: (transfer full): "Family, Given and Family, Given"
 */
char *
proc_bibtex_encode_names (const char *authors)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) names = NULL;

  if (authors == NULL)
    return g_strdup ("");

  names = g_strsplit (authors, ";", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_auto(GStrv) words = split_words (names[i]);
      guint n = g_strv_length (words);
      gboolean braced = strchr (names[i], ',') != NULL;
      guint given_end, family_start, family_end;

      if (n == 0)
        continue;

      if (out->len > 0)
        g_string_append (out, " and ");

      if (n == 2 && g_str_equal (words[0], "et") && g_str_equal (words[1], "al."))
        {
          g_string_append (out, "others");
          continue;
        }

      for (guint k = 0; k < n; k++)
        braced |= g_ascii_strcasecmp (words[k], "and") == 0;
      if (n == 1 && g_str_equal (words[0], "others"))
        braced = TRUE;

      /* A comma or an "and" would split the name: keep it whole. */
      if (braced)
        {
          g_string_append_c (out, '{');
          append_encoded_words (out, words, 0, n);
          g_string_append_c (out, '}');
          continue;
        }

      split_name (words, n, &given_end, &family_start, &family_end);
      append_encoded_words (out, words, family_start, family_end);
      if (family_end < n)
        {
          g_string_append (out, ", ");
          append_encoded_words (out, words, family_end, n);
        }
      if (given_end > 0)
        {
          g_string_append (out, ", ");
          append_encoded_words (out, words, 0, given_end);
        }
      else if (family_end < n)
        {
          g_string_append (out, ", ");
        }
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Lists */

/**
 * proc_bibtex_split_list:
 * @value: a keywords field: items separated by commas or semicolons;
 *   braces keep an item with a comma whole
 *
 * Returns: (transfer full) (element-type utf8): the decoded items
 */
GPtrArray *
proc_bibtex_split_list (const char *value)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) spans = NULL;

  if (value == NULL)
    return items;

  spans = _proc_names_split_top_level (value, 0, strlen (value), ",;", FALSE);
  for (guint i = 0; i < spans->len; i++)
    {
      ProcSpan *span = &g_array_index (spans, ProcSpan, i);
      g_autofree char *raw = g_strndup (value + span->start, span->end - span->start);
      char *decoded = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_TITLE);

      if (*decoded == '\0')
        g_free (decoded);
      else
        g_ptr_array_add (items, decoded);
    }

  return items;
}

char *
proc_bibtex_encode_list (const char * const *items,
                         guint               n_items)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < n_items; i++)
    {
      g_autofree char *encoded = proc_bibtex_encode (items[i], PROC_BIBTEX_TEXT_TITLE);

      if (*encoded == '\0')
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      if (strpbrk (encoded, ",;") != NULL)
        g_string_append_printf (out, "{%s}", encoded);
      else
        g_string_append (out, encoded);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Keys */

/* Lower-case ASCII letters and digits of @text, other characters as
 * spaces: "Rocktäschel" is "rocktaschel", "Łukasz" "lukasz". */
static char *
ascii_fold (const char *text,
            gsize       len)
{
  static const struct { gunichar c; const char *ascii; } letters[] = {
    { 0xdf, "ss" }, { 0xe6, "ae" }, { 0xc6, "ae" }, { 0x153, "oe" }, { 0x152, "oe" },
    { 0xf8, "o" }, { 0xd8, "o" }, { 0x142, "l" }, { 0x141, "l" }, { 0x111, "d" },
    { 0x110, "d" }, { 0xf0, "d" }, { 0xd0, "d" }, { 0xfe, "th" }, { 0xde, "th" },
    { 0x131, "i" }, { 0x14b, "n" }, { 0x14a, "n" },
  };
  GString *out = g_string_new (NULL);

  for (const char *p = text; p < text + len && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gunichar decomposed[8];
      gsize n;
      gboolean done = FALSE;

      if (c < 0x80)
        {
          g_string_append_c (out, g_ascii_isalnum (c) ? g_ascii_tolower (c) : ' ');
          continue;
        }

      for (guint i = 0; i < G_N_ELEMENTS (letters) && !done; i++)
        if (letters[i].c == c)
          {
            g_string_append (out, letters[i].ascii);
            done = TRUE;
          }
      if (done)
        continue;

      n = g_unichar_fully_decompose (c, TRUE, decomposed, G_N_ELEMENTS (decomposed));
      if (n > 0 && decomposed[0] < 0x80 && g_ascii_isalnum (decomposed[0]))
        g_string_append_c (out, g_ascii_tolower (decomposed[0]));
      else
        g_string_append_c (out, ' ');
    }

  return g_string_free (out, FALSE);
}

static gboolean
is_stop_word (const char *word)
{
  static const char * const stop_words[] = {
    "a", "an", "the", "on", "of", "for", "in", "to", "and", "or", "with", "without",
    "via", "from", "by", "at", "as", "is", "are", "be", "do", "does", "can", "what",
    "how", "why", "when", "where", "which", "who", "towards", "toward", "into", "onto",
    "beyond", "under", "over", "through", "about", "not", "no", "its", "it", "we",
    "you", "your", "our", "their", "this", "that", "these", "those", "vs", "versus",
    "using", "all", "any", "some", "each", "every", "both", "such", "only", "very",
    "more", "less", "than", "between", "against", "among", "if", "so", "then",
  };

  return strlen (word) < 2 || g_strv_contains (stop_words, word);
}

/* The title's words outside math, folded to ASCII. */
static char **
title_words (const char *title)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  g_auto(GStrv) words = NULL;
  gsize len = strlen (title);

  for (gsize pos = 0; pos < len; )
    {
      const char *next;
      g_autofree char *folded = NULL;

      if (title[pos] == '$')
        {
          gsize close = proc_bibtex_math_end (title, pos, len);

          if (close != NO_MATCH)
            {
              g_string_append_c (text, ' ');
              pos = close;
              continue;
            }
        }

      next = g_utf8_next_char (title + pos);
      folded = ascii_fold (title + pos, next - (title + pos));
      g_string_append (text, folded);
      pos = next - title;
    }

  words = g_strsplit (text->str, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (!is_stop_word (words[i]))
      g_ptr_array_add (kept, g_strndup (words[i], 24));
  g_ptr_array_add (kept, NULL);

  return (char **) g_ptr_array_free (g_steal_pointer (&kept), FALSE);
}

/* The first author's family name, folded to ASCII, without spaces. */
static char *
first_family_name (const char *authors)
{
  g_auto(GStrv) names = g_strsplit (authors, ";", 2);
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) family = g_string_new (NULL);
  guint given_end, family_start, family_end, n;

  if (names[0] == NULL)
    return g_strdup ("");

  words = split_words (names[0]);
  n = g_strv_length (words);
  if (n == 0 || (n == 2 && g_str_equal (words[0], "et") && g_str_equal (words[1], "al.")))
    return g_strdup ("");

  split_name (words, n, &given_end, &family_start, &family_end);
  /* the family name without "von" words: "de Lhoneux" is lhoneux */
  while (family_start + 1 < family_end && starts_lower (words[family_start]))
    family_start++;

  for (guint i = family_start; i < family_end; i++)
    {
      g_autofree char *folded = ascii_fold (words[i], strlen (words[i]));

      for (const char *p = folded; *p != '\0'; p++)
        if (*p != ' ')
          g_string_append_c (family, *p);
    }

  g_string_truncate (family, MIN (family->len, 24));
  return g_string_free (g_steal_pointer (&family), FALSE);
}

/**
 * proc_bibtex_make_key:
 * @authors: (nullable): "Given Family; …"
 * @title: (nullable): the paper's title
 * @year: the year, or 0
 *
 * A key made from the paper alone, so the same paper gets the same key in
 * every export: the first author's family name, the year and the title's
 * first significant word ("mao2019baseline"); without authors, the first
 * two significant words around the year ("baseline2019order").  Only
 * [a-z0-9] are used.
 *
 * Returns: (transfer full): the key, never empty
 */
char *
proc_bibtex_make_key (const char *authors,
                      const char *title,
                      int         year)
{
  g_autofree char *family = first_family_name (authors ? authors : "");
  g_auto(GStrv) words = title_words (title ? title : "");
  g_autoptr(GString) key = g_string_new (NULL);
  g_autofree char *made = NULL;
  guint n_words = g_strv_length (words);

  if (*family != '\0')
    {
      g_string_append (key, family);
      if (year > 0)
        g_string_append_printf (key, "%d", year);
      if (n_words > 0)
        g_string_append (key, words[0]);
    }
  else
    {
      if (n_words > 0)
        g_string_append (key, words[0]);
      if (year > 0)
        g_string_append_printf (key, "%d", year);
      if (n_words > 1)
        g_string_append (key, words[1]);
    }

  /* The text, not key->len: GLib's inline appends test key for NULL,
   * after which GCC takes key->len for a NULL dereference. */
  made = g_string_free (g_steal_pointer (&key), FALSE);

  /* Nothing in Latin letters: a digest of the title keeps it stable. */
  if (*made == '\0' || (n_words == 0 && *family == '\0'))
    {
      g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA1, title ? title : "", -1);

      if (year > 0)
        return g_strdup_printf ("paper%.8s-%d", digest, year);
      return g_strdup_printf ("paper%.8s", digest);
    }

  return g_steal_pointer (&made);
}

/**
 * proc_bibtex_is_valid_key:
 *
 * Whether @key can stand in `@type{key,` for BibTeX, biber and bibtool:
 * printable ASCII without white space and without the characters BibTeX
 * gives a meaning.
 */
gboolean
proc_bibtex_is_valid_key (const char *key)
{
  if (key == NULL || *key == '\0')
    return FALSE;

  for (const char *p = key; *p != '\0'; p++)
    if ((guchar) *p <= 0x20 || (guchar) *p >= 0x7f || strchr ("\"#%'(),={}\\@~", *p) != NULL)
      return FALSE;

  return TRUE;
}
