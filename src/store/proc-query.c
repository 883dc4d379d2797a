/* proc-query.c: the search entry's query language, parsed into SQL
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-query"

#include "config.h"

#include <string.h>

#include "proc-query.h"

/* The query is re-parsed on every keystroke, so nothing here may fail: any
 * input that is not a well-formed operator is searched as text, and text
 * only ever reaches SQLite as a bound parameter holding FTS5 strings. */

typedef enum
{
  TERM_TEXT,
  TERM_TAG,
  TERM_LIST,
  TERM_READING_LIST,
  TERM_IS,
  TERM_RATING,
  TERM_HAS,
} TermKind;

typedef enum
{
  RATING_EQ,
  RATING_GE,
  RATING_GT,
  RATING_LE,
  RATING_LT,
} RatingOp;

typedef struct
{
  TermKind kind;
  gboolean negated;
  /* TERM_TEXT: typed between quotes */
  gboolean phrase;
  /* TERM_TEXT: the last word, still being typed */
  gboolean prefix;
  /* TERM_TEXT: as typed; TERM_TAG, TERM_LIST: the name */
  char *text;
  /* TERM_IS, TERM_HAS: index into their tables; TERM_RATING: 0 to 5 */
  int value;
  RatingOp op;
} Term;

/* SQLite refuses expressions deeper than 1000, and each term is one more
 * AND: a pasted abstract must not turn into an error.  No real query
 * needs more terms than this. */
#define MAX_TERMS 64
#define MAX_ALTERNATIVES 16

struct _ProcQuery
{
  gatomicrefcount ref_count;
  GPtrArray *terms;
  /* "a OR b": the parts, each a query of its own; terms is then empty */
  GPtrArray *alternatives;
  /* Lines that must each match (see proc_query_parse()); terms is then
   * empty and alternatives NULL */
  GPtrArray *lines;
  /* The text parsed, on the query proc_query_parse() returned */
  char *text;
};

/* How many texts were parsed: a search parsed once per keystroke is a
 * promise the tests keep (see proc_query_get_n_parsed()). */
static guint n_parsed;

static const char * const operator_names[] = {
  [TERM_TAG] = "tag",
  [TERM_LIST] = "list",
  [TERM_READING_LIST] = "reading-list",
  [TERM_IS] = "is",
  [TERM_RATING] = "rating",
  [TERM_HAS] = "has",
};

/* Constants, not parameters: `starred = ?` cannot use the partial index
 * papers_starred, and none of these values comes from the user. */
static const struct
{
  const char *name;
  const char *sql;
} is_values[] = {
  { "starred", "p.starred = 1" },
  { "unread", "p.read_state = 0" },
  { "reading", "p.read_state = 1" },
  { "read", "p.read_state = 2" },
  { "untriaged", "p.triage = 0" },
  { "kept", "p.triage = 1" },
  { "maybe", "p.triage = 2" },
  { "skipped", "p.triage = 3" },
};

static const struct
{
  const char *name;
  const char *sql;
} has_values[] = {
  { "code", "p.id IN (SELECT paper_id FROM paper_links WHERE kind = 'code')" },
  { "note", "p.note <> ''" },
  { "tag", "p.id IN (SELECT paper_id FROM paper_tags)" },
  { "link", "p.id IN (SELECT paper_id FROM paper_links)" },
  /* The paper's own pages: each an EXISTS that the index paper_links_kind
   * (kind, paper_id) answers with one seek a paper. */
  { "pdf", "EXISTS (SELECT 1 FROM paper_links pl WHERE pl.kind = 'pdf' AND pl.paper_id = p.id)" },
  { "openreview", "EXISTS (SELECT 1 FROM paper_links pl WHERE pl.kind = 'openreview' AND pl.paper_id = p.id)" },
  { "supplement", "EXISTS (SELECT 1 FROM paper_links pl WHERE pl.kind = 'supplement' AND pl.paper_id = p.id)" },
  { "arxiv", "EXISTS (SELECT 1 FROM paper_links pl WHERE pl.kind = 'arxiv' AND pl.paper_id = p.id)" },
  /* a DOI is the paper's own column; one met in its text is a link */
  { "doi", "(p.doi IS NOT NULL OR EXISTS (SELECT 1 FROM paper_links pl WHERE pl.kind = 'doi' AND pl.paper_id = p.id))" },
};

/* Longest spellings first, so ">=" is not read as ">" followed by "=3". */
static const struct
{
  const char *spelling;
  RatingOp op;
} rating_spellings[] = {
  { ">=", RATING_GE },
  { "<=", RATING_LE },
  { ">", RATING_GT },
  { "<", RATING_LT },
  { "=", RATING_EQ },
  { "", RATING_EQ },
};

static const char * const rating_sql[] = {
  [RATING_EQ] = "p.rating = ?",
  [RATING_GE] = "p.rating >= ?",
  [RATING_GT] = "p.rating > ?",
  [RATING_LE] = "p.rating <= ?",
  [RATING_LT] = "p.rating < ?",
};

static const char * const rating_canonical[] = {
  [RATING_EQ] = "",
  [RATING_GE] = ">=",
  [RATING_GT] = ">",
  [RATING_LE] = "<=",
  [RATING_LT] = "<",
};

static void
term_free (gpointer data)
{
  Term *term = data;

  g_free (term->text);
  g_free (term);
}

static gboolean
is_space_at (const char *pos)
{
  return *pos != '\0' && g_unichar_isspace (g_utf8_get_char (pos));
}

static gboolean
has_space (const char *text)
{
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    if (is_space_at (c))
      return TRUE;

  return FALSE;
}

/* Roughly what unicode61 keeps as token characters: a term without any
 * tokenises to nothing, and an empty FTS5 phrase matches nothing. */
static gboolean
has_alnum (const char *text)
{
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    if (g_unichar_isalnum (g_utf8_get_char (c)))
      return TRUE;

  return FALSE;
}

/* Scripts written without spaces between words (Chinese, Japanese) or
 * with particles attached to them (Korean): unicode61 makes a whole run
 * of these one token, so a word inside the run is never found.  The
 * ranges cover Han ideographs, kana, bopomofo and Hangul; the few
 * punctuation marks and symbols among them are separators to unicode61,
 * split off or not. */
static gboolean
is_cjk (gunichar c)
{
  return (c >= 0x1100 && c <= 0x11FF)       /* Hangul jamo */
         || (c >= 0x3005 && c <= 0x3007)    /* 々 〆 〇 */
         || (c >= 0x3041 && c <= 0x30FF)    /* hiragana, katakana */
         || (c >= 0x3105 && c <= 0x318F)    /* bopomofo, Hangul compatibility jamo */
         || (c >= 0x31A0 && c <= 0x31FF)    /* bopomofo extended, katakana extensions */
         || (c >= 0x3400 && c <= 0x4DBF)    /* CJK extension A */
         || (c >= 0x4E00 && c <= 0x9FFF)    /* CJK unified ideographs */
         || (c >= 0xA960 && c <= 0xA97F)    /* Hangul jamo extended A */
         || (c >= 0xAC00 && c <= 0xD7FF)    /* Hangul syllables, jamo extended B */
         || (c >= 0xF900 && c <= 0xFAFF)    /* CJK compatibility ideographs */
         || (c >= 0xFF66 && c <= 0xFFDC)    /* halfwidth katakana and Hangul */
         || (c >= 0x20000 && c <= 0x323AF); /* CJK extensions B to H */
}

/* The character at `c`, or G_MAXUINT32 where the bytes are not UTF-8:
 * text read back from the library is not checked, and the scans below
 * must never step past its end. */
static gunichar
get_char (const char *c,
          gsize      *len)
{
  gunichar ch = g_utf8_get_char_validated (c, -1);

  if (ch > 0x10FFFF)
    {
      *len = 1;
      return G_MAXUINT32;
    }

  *len = g_utf8_skip[*(const guchar *) c];
  return ch;
}

/* Every character above starts with a byte of 0xE1 or more, which no
 * ASCII text has: an English abstract is passed over at memory speed.
 * Typographic quotes and dashes (0xE2) are decoded and rejected. */
static const char *
find_cjk (const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    if ((guchar) *c >= 0xE1)
      {
        gsize len;

        if (is_cjk (get_char (c, &len)))
          return c;
      }

  return NULL;
}

/**
 * proc_query_split_cjk:
 * @text: (nullable): text to index or a word to search
 *
 * Puts a space around each Chinese, Japanese or Korean character of
 * @text, so that unicode61 makes each of them a token and a word of them
 * is found as the phrase of its characters, wherever it stands.  Other
 * text is kept as it is.  This is the SQL function proc_split_cjk() that
 * fills cjk_text, which cjk_fts indexes (see proc-schema.c).
 *
 * Returns: (nullable): the split text, or %NULL when @text has no such
 *   character (the fields, and papers, cjk_text leaves out)
 */
char *
proc_query_split_cjk (const char *text)
{
  const char *first;
  const char *c;
  GString *split;
  gboolean space_after = FALSE;

  if (text == NULL || (first = find_cjk (text)) == NULL)
    return NULL;

  split = g_string_sized_new (strlen (text) + strlen (text) / 2 + 2);
  g_string_append_len (split, text, first - text);

  for (c = first; *c != '\0';)
    {
      gsize len;
      gboolean cjk = is_cjk (get_char (c, &len));

      if ((cjk || space_after) && !g_ascii_isspace (*c)
          && split->len > 0 && !g_ascii_isspace (split->str[split->len - 1]))
        g_string_append_c (split, ' ');
      g_string_append_len (split, c, len);
      space_after = cjk;
      c += len;
    }

  return g_string_free (split, FALSE);
}

/* Whether the last letter of `text` is a CJK character: a word ending in
 * one needs no prefix search, its phrase already matches inside text. */
static gboolean
ends_in_cjk (const char *text)
{
  gboolean cjk = FALSE;

  for (const char *c = text; *c != '\0';)
    {
      gsize len;
      gunichar ch = get_char (c, &len);

      if (ch != G_MAXUINT32 && g_unichar_isalnum (ch))
        cjk = is_cjk (ch);
      c += len;
    }

  return cjk;
}

/* `pos` points just past an opening quote; an unterminated quote runs to
 * the end of the text. */
static char *
read_quoted (const char **pos)
{
  const char *start = *pos;
  const char *end = strchr (start, '"');

  if (end == NULL)
    {
      *pos = start + strlen (start);
      return g_strdup (start);
    }

  *pos = end + 1;
  return g_strndup (start, end - start);
}

static Term *
text_term_new (char     *text,
               gboolean  negated,
               gboolean  phrase)
{
  Term *term;

  if (!has_alnum (text))
    {
      g_free (text);
      return NULL;
    }

  term = g_new0 (Term, 1);
  term->kind = TERM_TEXT;
  term->negated = negated;
  term->phrase = phrase;
  term->text = text;

  return term;
}

static int
lookup_operator (const char *name,
                 gsize       len)
{
  for (guint i = 0; i < G_N_ELEMENTS (operator_names); i++)
    if (operator_names[i] != NULL
        && strlen (operator_names[i]) == len
        && g_ascii_strncasecmp (operator_names[i], name, len) == 0)
      return i;

  return -1;
}

static gboolean
parse_rating (const char *value,
              RatingOp   *op,
              int        *rating)
{
  for (guint i = 0; i < G_N_ELEMENTS (rating_spellings); i++)
    {
      const char *digit;

      if (!g_str_has_prefix (value, rating_spellings[i].spelling))
        continue;

      digit = value + strlen (rating_spellings[i].spelling);
      if (digit[0] < '0' || digit[0] > '5' || digit[1] != '\0')
        return FALSE;

      *op = rating_spellings[i].op;
      *rating = digit[0] - '0';
      return TRUE;
    }

  return FALSE;
}

/* Takes ownership of `value`; NULL when it is not valid for the operator. */
static Term *
operator_term_new (TermKind  kind,
                   char     *value,
                   gboolean  negated)
{
  g_autofree char *owned = value;
  Term *term;
  RatingOp op = RATING_EQ;
  int number = -1;

  g_strstrip (value);
  if (*value == '\0')
    return NULL;

  switch (kind)
    {
    case TERM_TAG:
    case TERM_LIST:
    case TERM_READING_LIST:
      break;

    case TERM_IS:
      for (guint i = 0; i < G_N_ELEMENTS (is_values); i++)
        if (g_ascii_strcasecmp (is_values[i].name, value) == 0)
          number = i;
      break;

    case TERM_HAS:
      for (guint i = 0; i < G_N_ELEMENTS (has_values); i++)
        if (g_ascii_strcasecmp (has_values[i].name, value) == 0)
          number = i;
      break;

    case TERM_RATING:
      if (!parse_rating (value, &op, &number))
        number = -1;
      break;

    case TERM_TEXT:
    default:
      g_assert_not_reached ();
    }

  if (kind != TERM_TAG && kind != TERM_LIST && kind != TERM_READING_LIST && number < 0)
    return NULL;

  term = g_new0 (Term, 1);
  term->kind = kind;
  term->negated = negated;
  term->value = number;
  term->op = op;
  if (kind == TERM_TAG || kind == TERM_LIST || kind == TERM_READING_LIST)
    term->text = g_steal_pointer (&owned);

  return term;
}

/* Reads the term at `*pos` (not at a space) and moves past it; NULL when the
 * term is dropped. */
static Term *
read_term (const char **pos)
{
  const char *p = *pos;
  const char *start;
  const char *colon;
  gboolean negated = FALSE;
  int kind;

  /* A lone "-" is a word of its own, dropped below as it has no letter. */
  if (*p == '-' && p[1] != '\0' && !is_space_at (p + 1))
    {
      negated = TRUE;
      p++;
    }

  if (*p == '"')
    {
      char *phrase;

      p++;
      phrase = read_quoted (&p);
      *pos = p;
      return text_term_new (phrase, negated, TRUE);
    }

  /* A quote ends a word: it opens a phrase, or an operator's value. */
  start = p;
  while (*p != '\0' && *p != '"' && !is_space_at (p))
    p = g_utf8_next_char (p);

  colon = memchr (start, ':', p - start);
  kind = colon != NULL ? lookup_operator (start, colon - start) : -1;
  if (kind >= 0)
    {
      Term *term;
      char *value;

      if (colon + 1 == p && *p == '"')
        {
          p++;
          value = read_quoted (&p);
        }
      else
        value = g_strndup (colon + 1, p - (colon + 1));

      term = operator_term_new (kind, value, negated);
      *pos = p;
      if (term != NULL)
        return term;
    }

  /* Plain words, unknown operators and bad values: search the text. */
  *pos = p;
  return text_term_new (g_strndup (start, p - start), negated, FALSE);
}

static ProcQuery *
parse_conjunction (const char *text,
                   gboolean    live)
{
  ProcQuery *query = g_new0 (ProcQuery, 1);
  const char *pos = text;
  const char *last_end = NULL;
  Term *last = NULL;

  g_atomic_ref_count_init (&query->ref_count);

  query->terms = g_ptr_array_new_with_free_func (term_free);

  while (query->terms->len < MAX_TERMS)
    {
      while (is_space_at (pos))
        pos = g_utf8_next_char (pos);
      if (*pos == '\0')
        break;

      last = read_term (&pos);
      last_end = pos;
      if (last != NULL)
        g_ptr_array_add (query->terms, last);
    }

  /* Live search: a word the user is still typing is matched as a prefix,
   * but only a plain one, and not once a space has ended it. */
  if (live
      && last != NULL
      && *last_end == '\0'
      && last->kind == TERM_TEXT
      && !last->negated
      && !last->phrase
      && strchr (last->text, '"') == NULL)
    last->prefix = TRUE;

  return query;
}

/* Where " OR " separates two parts, outside quotes; or NULL. */
static const char *
find_or (const char *text)
{
  gboolean quoted = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        quoted = !quoted;
      else if (!quoted && (p == text || is_space_at (p - 1)) &&
               p[0] == 'O' && p[1] == 'R' && is_space_at (p + 2))
        return p;
    }

  return NULL;
}

static ProcQuery *
parse_line (const char *text)
{
  g_autofree char *valid = NULL;
  g_autoptr(GPtrArray) parts = NULL;
  const char *pos, *or;

  if (text == NULL || *text == '\0')
    return parse_conjunction ("", FALSE);

  /* Bound text must be UTF-8 for SQLite, and the scan below walks it. */
  valid = g_utf8_make_valid (text, -1);

  /* "conformal OR calibration": papers with either.  OR binds loosest,
   * as in FTS5 and web search, so each part is a query of its own. */
  parts = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_query_free);
  pos = valid;
  while ((or = find_or (pos)) != NULL && parts->len < MAX_ALTERNATIVES - 1)
    {
      g_autofree char *part = g_strndup (pos, or - pos);
      ProcQuery *alternative = parse_conjunction (part, FALSE);

      if (proc_query_is_empty (alternative))
        proc_query_free (alternative);
      else
        g_ptr_array_add (parts, alternative);
      pos = or + 2;
    }

  if (pos == valid)
    return parse_conjunction (valid, TRUE);

  {
    ProcQuery *last = parse_conjunction (pos, TRUE);
    ProcQuery *query;

    if (proc_query_is_empty (last))
      proc_query_free (last);
    else
      g_ptr_array_add (parts, last);

    /* "OR word", or a side with nothing in it: the other side alone. */
    if (parts->len <= 1)
      return parts->len ? g_ptr_array_steal_index (parts, 0) : parse_conjunction ("", FALSE);

    query = parse_conjunction ("", FALSE);
    query->alternatives = g_steal_pointer (&parts);
    return query;
  }
}

static gboolean
is_blank (const char *text)
{
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    if (!is_space_at (c))
      return FALSE;

  return TRUE;
}

/**
 * proc_query_parse:
 * @text: (nullable): what was typed
 *
 * Parses @text once, for everything that needs it: the SQL that chooses
 * the papers (proc_query_statement_new_ids()), the words that rank them
 * and the words the rows highlight.  Lines of their own must each match:
 * "a OR b" on one line and is:untriaged on the next is (a OR b) and
 * untriaged.  The triage view narrows a view so; no one can type a line
 * break in a search.
 *
 * Returns: (transfer full): the query, never %NULL; immutable, so it may
 *   be shared with a thread
 */
ProcQuery *
proc_query_parse (const char *text)
{
  ProcQuery *query;
  g_auto(GStrv) lines = NULL;
  guint n_lines = 0;

  g_atomic_int_inc (&n_parsed);

  /* Only lines with something on them count: "graph neural\n" is one,
   * whose last word is ended. */
  if (text != NULL && strchr (text, '\n') != NULL)
    {
      /* The scan below walks the text: valid UTF-8 only. */
      g_autofree char *valid = g_utf8_make_valid (text, -1);

      lines = g_strsplit (valid, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (!is_blank (lines[i]))
          n_lines++;
    }

  if (n_lines < 2)
    query = parse_line (text);
  else
    {
      query = parse_conjunction ("", FALSE);
      query->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_query_unref);
      for (guint i = 0; lines[i] != NULL; i++)
        if (!is_blank (lines[i]))
          g_ptr_array_add (query->lines, parse_line (lines[i]));
    }

  query->text = g_strdup (text != NULL ? text : "");
  return query;
}

/**
 * proc_query_get_n_parsed:
 *
 * Returns: how many times proc_query_parse() ran in this process, for
 *   tests that count the parses a keystroke costs
 */
guint
proc_query_get_n_parsed (void)
{
  return g_atomic_int_get (&n_parsed);
}

/**
 * proc_query_get_text:
 *
 * Returns: the text the query was parsed from ("" for none)
 */
const char *
proc_query_get_text (const ProcQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  return query->text != NULL ? query->text : "";
}

ProcQuery *
proc_query_ref (ProcQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  g_atomic_ref_count_inc (&query->ref_count);
  return query;
}

void
proc_query_unref (ProcQuery *query)
{
  if (query == NULL || !g_atomic_ref_count_dec (&query->ref_count))
    return;

  g_ptr_array_unref (query->terms);
  g_clear_pointer (&query->alternatives, g_ptr_array_unref);
  g_clear_pointer (&query->lines, g_ptr_array_unref);
  g_free (query->text);
  g_free (query);
}

/* Kept for the many callers that own their query alone. */
void
proc_query_free (ProcQuery *query)
{
  proc_query_unref (query);
}

gboolean
proc_query_is_empty (const ProcQuery *query)
{
  g_return_val_if_fail (query != NULL, TRUE);

  for (guint i = 0; query->lines && i < query->lines->len; i++)
    if (!proc_query_is_empty (g_ptr_array_index (query->lines, i)))
      return FALSE;

  return query->terms->len == 0 && query->alternatives == NULL;
}

gboolean
proc_query_has_text (const ProcQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);

  for (guint i = 0; query->lines && i < query->lines->len; i++)
    if (proc_query_has_text (g_ptr_array_index (query->lines, i)))
      return TRUE;

  for (guint i = 0; query->alternatives && i < query->alternatives->len; i++)
    if (proc_query_has_text (g_ptr_array_index (query->alternatives, i)))
      return TRUE;

  for (guint i = 0; i < query->terms->len; i++)
    {
      const Term *term = g_ptr_array_index (query->terms, i);

      if (term->kind == TERM_TEXT && !term->negated)
        return TRUE;
    }

  return FALSE;
}

/* FTS5 strings are "…" with embedded quotes doubled: inside one, every
 * character is text, so the user can never write FTS5 syntax. */
static void
append_fts_string (GString    *fts,
                   const char *text)
{
  g_string_append_c (fts, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (fts, '"');
      g_string_append_c (fts, *c);
    }
  g_string_append_c (fts, '"');
}

/* Common English suffixes, as they are spelt after a stem. */
static const char * const suffixes[] = {
  "s", "es", "ed", "ing", "ings", "e",
  "ion", "ions", "ional", "ionally",
  "ful", "fully", "fulness", "ness", "nesses",
  "al", "als", "ally", "alism", "ality", "alities",
  "alize", "alized", "alizes", "alizing", "alization",
  "ance", "ances", "ancy", "ant", "ants",
  "able", "ably", "ability", "abilities",
  "ate", "ates", "ated", "ating", "ation", "ations", "ational",
  "ative", "atives", "ator", "ators",
  "ence", "ences", "ency", "ent", "ents", "ently",
  "ement", "ements", "ment", "ments",
  "er", "ers",
  "ic", "ics", "ical", "ically", "icate", "icity",
  "ible", "ibly", "ibility",
  "ism", "isms", "ity", "ities",
  "ive", "ives", "ively", "iveness", "ivity",
  "ize", "izes", "ized", "izing", "izer", "izers", "ization", "izations",
  "ous", "ously", "ousness",
};

/* Strictly longer than the tail, as the prefix search covers the word. */
static gboolean
completes (const char *suffix,
           const char *tail)
{
  return g_str_has_prefix (suffix, tail) && strcmp (suffix, tail) != 0;
}

/* "attentions" stems like "attention": one search is enough. */
static gboolean
is_shortest_completion (guint       i,
                        const char *tail)
{
  if (!completes (suffixes[i], tail))
    return FALSE;

  for (guint j = 0; j < G_N_ELEMENTS (suffixes); j++)
    if (j != i
        && completes (suffixes[j], tail)
        && g_str_has_prefix (suffixes[i], suffixes[j]))
      return FALSE;

  return TRUE;
}

/* The index holds porter stems, and FTS5 matches a prefix against them:
 * "attentio" is no prefix of "attent", the stem of "attention", so the
 * list would go blank halfway through typing the word.  So the prefix is
 * also searched as the words it could be the start of, a head of it plus
 * a common suffix ("attentio" → "attention"): FTS5 stems those the way it
 * stemmed the text, and each is matched as a whole token. */
static void
add_completions (const char *word,
                 GPtrArray  *completions)
{
  gsize len = strlen (word);
  g_autofree char *lower = NULL;

  /* Porter only stems ASCII words; heads shorter than three letters would
   * match far too much, and FTS5 does not stem tokens over 64 bytes. */
  if (len < 4 || len > 64)
    return;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalpha (word[i]))
      return;

  lower = g_ascii_strdown (word, len);

  for (gsize head = 3; head < len; head++)
    {
      const char *tail = lower + head;

      /* A lone consonant is too weak a hint: "transf" is not the start of
       * "transful", whose stem "trans" is another word. */
      if (tail[1] == '\0' && strchr ("aeiou", tail[0]) == NULL)
        continue;

      for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
        {
          char *completion;

          if (!is_shortest_completion (i, tail))
            continue;

          completion = g_strdup_printf ("%.*s%s", (int) head, lower, suffixes[i]);
          if (g_ptr_array_find_with_equal_func (completions, completion, g_str_equal, NULL))
            g_free (completion);
          else
            g_ptr_array_add (completions, completion);
        }
    }
}

static char *
text_term_dup_fts (const Term *term)
{
  GString *fts = g_string_new (NULL);

  append_fts_string (fts, term->text);

  /* The star goes after the closing quote: "graph" *. */
  if (term->prefix)
    {
      g_autoptr(GPtrArray) completions = g_ptr_array_new_with_free_func (g_free);

      g_string_append (fts, " *");

      add_completions (term->text, completions);
      for (guint i = 0; i < completions->len; i++)
        {
          g_string_append (fts, " OR ");
          append_fts_string (fts, g_ptr_array_index (completions, i));
        }
    }

  return g_string_free (fts, FALSE);
}

/* A word with CJK characters, searched in cjk_fts as the phrase of its
 * characters and of the other words in it ("GPT模型" → "GPT 模 型"): the
 * characters must stand together, in one field, as typed.  NULL for a
 * word without any, which the main indexes search. */
static char *
cjk_term_dup_fts (const Term *term)
{
  g_autofree char *split = proc_query_split_cjk (term->text);
  GString *fts;

  if (split == NULL)
    return NULL;

  fts = g_string_new (NULL);
  append_fts_string (fts, split);

  /* "模型G" is still being typed: its last token is a prefix. */
  if (term->prefix && !ends_in_cjk (term->text))
    g_string_append (fts, " *");

  return g_string_free (fts, FALSE);
}

static void
add_param (GPtrArray *params,
           GVariant  *value)
{
  g_ptr_array_add (params, g_variant_ref_sink (value));
}

/* One word (three times the same FTS5 query) in a paper's text, its note
 * or the name of one of its tags; paper_tags' index on (tag_id, paper_id)
 * gives the papers of the few tags whose names match.  @id is how the
 * condition names the paper's id: "p.id", or "+p.id" below. */
#define WORD_IN_ANY_FIELD(id) \
  id " IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?)" \
  " OR " id " IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)" \
  " OR " id " IN (SELECT paper_id FROM paper_tags WHERE tag_id IN" \
  " (SELECT rowid FROM tags_fts WHERE tags_fts MATCH ?))"
#define ANY_FIELD_MATCHES WORD_IN_ANY_FIELD ("p.id")

/* The same for a word of one or two letters being typed, which matches
 * most papers ("t": 51,000 of 87,000).  Looked up paper by paper, as
 * above, the matches are then sorted: 45 ms.  The unary + keeps SQLite
 * from looking them up, so it walks the index of the sort order and tests
 * each paper against the matches: 28 ms, with nothing to sort.  For the
 * few matches of a longer word that walk would be the slower (18 ms
 * against 3 for "transformer"). */
#define ANY_FIELD_MATCHES_MOST WORD_IN_ANY_FIELD ("+p.id")
#define MOST_PAPERS_PREFIX_CHARS 2
#define UNINDEXED_PREFIX_MAX_CHARS 3

/* The papers_fts match of every one of @words (Terms) at once. */
static char *
dup_all_words_match (GPtrArray *words)
{
  GString *all = g_string_new (NULL);

  for (guint i = 0; i < words->len; i++)
    {
      g_autofree char *fts = text_term_dup_fts (g_ptr_array_index (words, i));

      if (words->len == 1)
        g_string_append (all, fts);
      else
        g_string_append_printf (all, "%s(%s)", i > 0 ? " AND " : "", fts);
    }

  return g_string_free (all, FALSE);
}

void
proc_query_append_sql (const ProcQuery *query,
                       GString         *where,
                       GPtrArray       *params)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new ();

  g_return_if_fail (query != NULL);
  g_return_if_fail (where != NULL);
  g_return_if_fail (params != NULL);

  for (guint i = 0; query->lines && i < query->lines->len; i++)
    proc_query_append_sql (g_ptr_array_index (query->lines, i), where, params);

  if (query->alternatives != NULL)
    {
      g_string_append (where, " AND (");
      for (guint i = 0; i < query->alternatives->len; i++)
        {
          g_string_append (where, i > 0 ? " OR (1" : "(1");
          proc_query_append_sql (g_ptr_array_index (query->alternatives, i), where, params);
          g_string_append_c (where, ')');
        }
      g_string_append_c (where, ')');
      return;
    }

  for (guint i = 0; i < query->terms->len; i++)
    {
      Term *term = g_ptr_array_index (query->terms, i);
      g_autofree char *cjk = NULL;

      if (term->kind == TERM_TEXT && !term->negated && !(cjk = cjk_term_dup_fts (term)))
        g_ptr_array_add (words, term);
    }

  /* Two words or more, each in the text or in the annotations.  Asked one
   * by one, SQLite walks every paper with the first word (18,000 for
   * "optimal" at 87,000 papers) to test the next: 20 times the cost of
   * one FTS5 match of them all.  So: the papers with every word in their
   * text, by that one match, or, among the few papers with annotations,
   * those with each word in one or the other.  A paper without
   * annotations matches only the first way, so this selects exactly what
   * the words one by one would.  The papers with annotations are one IN
   * of a UNION: as an OR of two INs, SQLite could no longer look the
   * papers up by either side of the outer OR, and walked all 87,000 (15
   * ms for "diffusion model" instead of 2). */
  if (words->len >= 2)
    {
      g_string_append (where,
                       " AND (p.id IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?)"
                       " OR (p.id IN (SELECT rowid FROM notes_fts"
                       " UNION ALL SELECT paper_id FROM paper_tags)");
      add_param (params, g_variant_new_take_string (dup_all_words_match (words)));
      for (guint i = 0; i < words->len; i++)
        {
          g_autofree char *fts = text_term_dup_fts (g_ptr_array_index (words, i));

          g_string_append (where, " AND (" ANY_FIELD_MATCHES ")");
          for (guint j = 0; j < 3; j++)
            add_param (params, g_variant_new_string (fts));
        }
      g_string_append (where, "))");
    }

  for (guint i = 0; i < query->terms->len; i++)
    {
      const Term *term = g_ptr_array_index (query->terms, i);

      if (words->len >= 2 && g_ptr_array_find (words, term, NULL))
        continue;

      g_string_append (where, term->negated ? " AND (NOT (" : " AND (");

      switch (term->kind)
        {
        case TERM_TEXT:
          {
            g_autofree char *cjk = cjk_term_dup_fts (term);
            g_autofree char *fts = NULL;

            /* Only a word with CJK characters reads cjk_fts: it holds
             * every field of a paper that has any, so the main indexes
             * have nothing to add (their tokens are whole runs). */
            if (cjk != NULL)
              {
                g_string_append (where, "p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?)");
                add_param (params, g_variant_new_string (cjk));
                break;
              }

            /* A word may be in the text, the note or a tag's name: each
             * index is searched on its own, then the results combined. */
            fts = text_term_dup_fts (term);
            if (term->prefix && !term->phrase && g_utf8_strlen (term->text, -1) <= MOST_PAPERS_PREFIX_CHARS)
              g_string_append (where, ANY_FIELD_MATCHES_MOST);
            else
              g_string_append (where, ANY_FIELD_MATCHES);
            for (guint j = 0; j < 3; j++)
              add_param (params, g_variant_new_string (fts));
          }
          break;

        case TERM_TAG:
          /* tags.name is COLLATE NOCASE, so this uses its unique index. */
          g_string_append (where,
                           "p.id IN (SELECT pt.paper_id FROM paper_tags pt"
                           " JOIN tags t ON t.id = pt.tag_id WHERE t.name = ?)");
          add_param (params, g_variant_new_string (term->text));
          break;

        case TERM_LIST:
          g_string_append (where,
                           "p.id IN (SELECT lp.paper_id FROM list_papers lp"
                           " JOIN lists l ON l.id = lp.list_id"
                           " WHERE l.name = ? COLLATE NOCASE)");
          add_param (params, g_variant_new_string (term->text));
          break;

        case TERM_READING_LIST:
          g_string_append (where,
                           "p.id IN (SELECT ri.paper_id FROM reading_list_items ri"
                           " JOIN reading_lists r ON r.id = ri.reading_list_id"
                           " WHERE r.name = ? COLLATE NOCASE)");
          add_param (params, g_variant_new_string (term->text));
          break;

        case TERM_IS:
          g_string_append (where, is_values[term->value].sql);
          break;

        case TERM_RATING:
          g_string_append (where, rating_sql[term->op]);
          add_param (params, g_variant_new_int64 (term->value));
          break;

        case TERM_HAS:
          g_string_append (where, has_values[term->value].sql);
          break;

        default:
          g_assert_not_reached ();
        }

      g_string_append (where, term->negated ? "))" : ")");
    }
}

/**
 * proc_query_has_unindexed_prefix:
 *
 * The index of first letters answers a word of one letter being typed;
 * from four letters, the prefix matches few words.  Two or three letters
 * ("di", "tra", "graph ne") make FTS5 merge the list of every word so
 * beginning, however few papers are asked for: 8 to 20 ms at 87,000
 * papers ("diff": 2 ms).
 *
 * Returns: whether a word being typed is such a prefix
 */
gboolean
proc_query_has_unindexed_prefix (const ProcQuery *query)
{
  GPtrArray *parts;

  g_return_val_if_fail (query != NULL, FALSE);

  parts = query->lines != NULL ? query->lines : query->alternatives;
  for (guint i = 0; parts && i < parts->len; i++)
    if (proc_query_has_unindexed_prefix (g_ptr_array_index (parts, i)))
      return TRUE;

  for (guint i = 0; i < query->terms->len; i++)
    {
      const Term *term = g_ptr_array_index (query->terms, i);
      glong chars;

      if (term->kind != TERM_TEXT || !term->prefix || find_cjk (term->text) != NULL)
        continue;

      chars = g_utf8_strlen (term->text, -1);
      if (chars >= 2 && chars <= UNINDEXED_PREFIX_MAX_CHARS)
        return TRUE;
    }

  return FALSE;
}

/**
 * proc_query_dup_reading_list:
 *
 * Returns: (nullable): the name of the reading list when the query is
 *   exactly `reading-list:NAME`, as the sidebar's entry for it is; else %NULL
 */
char *
proc_query_dup_reading_list (const ProcQuery *query)
{
  const Term *term;

  g_return_val_if_fail (query != NULL, NULL);

  /* Narrowed by lines after it, the list keeps its order. */
  if (query->lines != NULL)
    return proc_query_dup_reading_list (g_ptr_array_index (query->lines, 0));

  if (query->terms->len != 1)
    return NULL;

  term = g_ptr_array_index (query->terms, 0);
  if (term->kind != TERM_READING_LIST || term->negated)
    return NULL;

  return g_strdup (term->text);
}

static char *
dup_rank_match (const ProcQuery *query,
                gboolean         cjk)
{
  GString *match = NULL;
  GPtrArray *parts = query->lines != NULL ? query->lines : query->alternatives;

  /* Ranked by the words of every part: bm25 weighs each match. */
  for (guint i = 0; parts && i < parts->len; i++)
    {
      g_autofree char *part = dup_rank_match (g_ptr_array_index (parts, i), cjk);

      if (part == NULL)
        continue;
      if (match == NULL)
        match = g_string_new (part);
      else
        g_string_append_printf (match, " OR %s", part);
    }

  for (guint i = 0; i < query->terms->len; i++)
    {
      const Term *term = g_ptr_array_index (query->terms, i);
      g_autofree char *fts = NULL;

      if (term->kind != TERM_TEXT || term->negated)
        continue;

      fts = cjk_term_dup_fts (term);
      if ((fts != NULL) != cjk)
        continue;
      if (fts == NULL)
        fts = text_term_dup_fts (term);

      if (match == NULL)
        match = g_string_new (fts);
      else
        g_string_append_printf (match, " OR %s", fts);
    }

  return match != NULL ? g_string_free (match, FALSE) : NULL;
}

/**
 * proc_query_dup_rank_match:
 *
 * Returns: (nullable): the papers_fts match that ranks the results: the
 *   words of the query without CJK characters, or %NULL when it has none
 */
char *
proc_query_dup_rank_match (const ProcQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  return dup_rank_match (query, FALSE);
}

/**
 * proc_query_dup_cjk_rank_match:
 *
 * bm25 scores of two tables do not compare, so a query ranks by one:
 * papers_fts when it has words without CJK characters, else cjk_fts.
 *
 * Returns: (nullable): the cjk_fts match of the words with CJK
 *   characters, or %NULL when there are none
 */
char *
proc_query_dup_cjk_rank_match (const ProcQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  return dup_rank_match (query, TRUE);
}

/**
 * proc_query_dup_words_match:
 * @any_word: (out) (optional): the match of any one of the words
 *
 * A query of words alone (none negated, no operator, no CJK characters)
 * chooses the papers with all of them in their text, and papers whose
 * notes or tags' names hold some of them: those are among the papers
 * whose annotations match @any_word.
 *
 * Returns: (nullable): the papers_fts match of all the words, or %NULL
 *   when the query holds anything but such words
 */
char *
proc_query_dup_words_match (const ProcQuery  *query,
                            char            **any_word)
{
  g_return_val_if_fail (query != NULL, NULL);

  if (query->terms->len == 0 || query->alternatives != NULL || query->lines != NULL)
    return NULL;

  for (guint i = 0; i < query->terms->len; i++)
    {
      const Term *term = g_ptr_array_index (query->terms, i);
      g_autofree char *cjk = NULL;

      if (term->kind != TERM_TEXT || term->negated || (cjk = cjk_term_dup_fts (term)) != NULL)
        return NULL;
    }

  if (any_word != NULL)
    *any_word = dup_rank_match (query, FALSE);

  return dup_all_words_match (query->terms);
}

char **
proc_query_dup_terms (const ProcQuery *query)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  GPtrArray *parts;

  g_return_val_if_fail (query != NULL, NULL);

  parts = query->lines != NULL ? query->lines : query->alternatives;
  for (guint i = 0; parts && i < parts->len; i++)
    {
      g_auto(GStrv) part = proc_query_dup_terms (g_ptr_array_index (parts, i));

      g_strv_builder_addv (builder, (const char **) part);
    }

  for (guint i = 0; i < query->terms->len; i++)
    {
      const Term *term = g_ptr_array_index (query->terms, i);

      if (term->kind == TERM_TEXT && !term->negated)
        g_strv_builder_add (builder, term->text);
    }

  return g_strv_builder_end (builder);
}

char *
proc_query_to_string (const ProcQuery *query)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (query != NULL, NULL);

  for (guint i = 0; query->lines && i < query->lines->len; i++)
    {
      g_autofree char *part = proc_query_to_string (g_ptr_array_index (query->lines, i));

      /* Empty lines choose nothing, and say nothing. */
      if (*part != '\0')
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", part);
    }

  for (guint i = 0; query->alternatives && i < query->alternatives->len; i++)
    {
      g_autofree char *part = proc_query_to_string (g_ptr_array_index (query->alternatives, i));

      g_string_append_printf (text, "%s%s", i > 0 ? " OR " : "", part);
    }

  for (guint i = 0; i < query->terms->len; i++)
    {
      const Term *term = g_ptr_array_index (query->terms, i);

      if (i > 0)
        g_string_append_c (text, ' ');
      if (term->negated)
        g_string_append_c (text, '-');

      switch (term->kind)
        {
        case TERM_TEXT:
          if (term->phrase)
            g_string_append_printf (text, "\"%s\"", term->text);
          else
            g_string_append (text, term->text);
          if (term->prefix)
            g_string_append_c (text, '*');
          break;

        case TERM_TAG:
        case TERM_LIST:
        case TERM_READING_LIST:
          /* Values cannot hold quotes, only spaces need them. */
          if (has_space (term->text))
            g_string_append_printf (text, "%s:\"%s\"",
                                    operator_names[term->kind], term->text);
          else
            g_string_append_printf (text, "%s:%s",
                                    operator_names[term->kind], term->text);
          break;

        case TERM_IS:
          g_string_append_printf (text, "is:%s", is_values[term->value].name);
          break;

        case TERM_RATING:
          g_string_append_printf (text, "rating:%s%d",
                                  rating_canonical[term->op], term->value);
          break;

        case TERM_HAS:
          g_string_append_printf (text, "has:%s", has_values[term->value].name);
          break;

        default:
          g_assert_not_reached ();
        }
    }

  return g_string_free (text, FALSE);
}

void
proc_query_bind_params (sqlite3_stmt *stmt,
                        int           first_index,
                        GPtrArray    *params)
{
  g_return_if_fail (stmt != NULL);
  g_return_if_fail (params != NULL);

  for (guint i = 0; i < params->len; i++)
    {
      GVariant *value = g_ptr_array_index (params, i);
      int index = first_index + (int) i;
      int rc;

      if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        rc = sqlite3_bind_text (stmt, index, g_variant_get_string (value, NULL),
                                -1, SQLITE_TRANSIENT);
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
        rc = sqlite3_bind_int64 (stmt, index, g_variant_get_int64 (value));
      else
        {
          g_critical ("Cannot bind a query parameter of type %s",
                      g_variant_get_type_string (value));
          continue;
        }

      if (rc != SQLITE_OK)
        g_warning ("Cannot bind query parameter %d: %s", index, sqlite3_errstr (rc));
    }
}

/* Statements */

static void
append_order_by (GString     *sql,
                 ProcSortKey  sort_key,
                 gboolean     descending)
{
  const char *dir_asc = descending ? " DESC" : "";
  const char *dir_desc = descending ? "" : " DESC";

  switch (sort_key)
    {
    case PROC_SORT_TITLE:
      g_string_append_printf (sql, " ORDER BY coalesce(p.user_title, p.derived_title) COLLATE NOCASE%s, p.id%s",
                              dir_asc, dir_asc);
      break;

    case PROC_SORT_RATING:
      g_string_append_printf (sql, " ORDER BY p.rating%s, p.id%s", dir_desc, dir_asc);
      break;

    case PROC_SORT_RELEVANCE:
      g_string_append_printf (sql, " ORDER BY r.score IS NULL, r.score%s, p.id", dir_asc);
      break;

    case PROC_SORT_ADDED:
    default:
      /* Ids grow with each import, in the order of the file. */
      g_string_append_printf (sql, " ORDER BY p.id%s", dir_asc);
      break;
    }
}

/* The match that ranks the results for relevance, and the index it is
 * run on: words in CJK characters rank only a search made of them alone. */
static char *
dup_ranking (const ProcQuery  *search,
             const char      **fts_table)
{
  char *match = dup_rank_match (search, FALSE);

  *fts_table = "papers_fts";
  if (match == NULL)
    {
      match = dup_rank_match (search, TRUE);
      *fts_table = "cjk_fts";
    }

  return match;
}

/**
 * proc_query_dup_ordering_reading_list:
 * @filter: (nullable): the sidebar's query
 * @search: (nullable): the search entry's
 *
 * A reading list has an order of its own, which the papers are shown in
 * while the sidebar shows exactly that list, whatever the sort key; only
 * relevance to words typed in the search ranks them otherwise.
 *
 * Returns: (nullable): the name of the reading list whose order the ids
 *   are in, or %NULL when they are sorted by @sort_key
 */
char *
proc_query_dup_ordering_reading_list (const ProcQuery *filter,
                                      const ProcQuery *search,
                                      ProcSortKey      sort_key)
{
  if (filter == NULL)
    return NULL;

  if (sort_key == PROC_SORT_RELEVANCE && search != NULL)
    {
      const char *fts_table;
      g_autofree char *rank_match = dup_ranking (search, &fts_table);

      if (rank_match != NULL)
        return NULL;
    }

  return proc_query_dup_reading_list (filter);
}

static GPtrArray *
params_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
}

/**
 * proc_query_statement_new_ids:
 * @filter: (nullable): a query that chooses the set of papers (the sidebar)
 * @search: (nullable): a query typed in the search entry
 * @trust_index: whether the full-text index may name papers unconfirmed
 *   by the papers table
 *
 * All the SQL a paper list runs, built in one place from the parsed
 * queries: the statement gives the ids in order.
 *
 * Returns: (transfer full): the statement
 */
ProcQueryStatement *
proc_query_statement_new_ids (const ProcQuery *filter,
                              const ProcQuery *search,
                              ProcSortKey      sort_key,
                              gboolean         descending,
                              gboolean         trust_index)
{
  ProcQueryStatement *statement = g_new0 (ProcQueryStatement, 1);
  g_autoptr(GString) sql = g_string_new ("SELECT p.id FROM papers p");
  g_autofree char *rank_match = NULL;
  g_autofree char *reading_list = NULL;
  const char *fts_table = NULL;

  statement->params = params_new ();
  statement->descending = !!descending;

  if (sort_key == PROC_SORT_RELEVANCE && search != NULL)
    rank_match = dup_ranking (search, &fts_table);
  if (sort_key == PROC_SORT_RELEVANCE && rank_match == NULL)
    sort_key = PROC_SORT_ADDED;

  /* Words typed in All Papers, shown in the order they were added.  FTS5
   * gives the papers with all the words in their text in that order, and
   * nothing else needs reading for them: confirming each in the papers
   * table, then sorting them, took 6 of 7 ms for "robust" (11,000 of
   * 87,000 papers), where FTS5 alone takes 1.  Papers with annotations
   * may hold some words in a note or a tag's name: among the few whose
   * annotations hold any of the words, the full query chooses them.  The
   * two lists, in the same order, are merged. */
  if (sort_key == PROC_SORT_ADDED && trust_index && search != NULL &&
      (filter == NULL || proc_query_is_empty (filter)))
    {
      g_autofree char *any_word = NULL;
      g_autofree char *all_words = proc_query_dup_words_match (search, &any_word);

      if (all_words != NULL)
        {
          const char *dir = descending ? " DESC" : "";
          GString *merge = g_string_new ("SELECT p.id FROM papers p WHERE p.id IN"
                                         " (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?1"
                                         " UNION ALL SELECT paper_id FROM paper_tags WHERE tag_id IN"
                                         " (SELECT rowid FROM tags_fts WHERE tags_fts MATCH ?1))");

          statement->sql = g_strdup_printf ("SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?"
                                            " ORDER BY rowid%s", dir);
          add_param (statement->params, g_variant_new_take_string (g_steal_pointer (&all_words)));

          statement->merge_params = params_new ();
          add_param (statement->merge_params, g_variant_new_take_string (g_steal_pointer (&any_word)));
          proc_query_append_sql (search, merge, statement->merge_params);
          g_string_append_printf (merge, " ORDER BY p.id%s", dir);
          statement->merge_sql = g_string_free (merge, FALSE);

          return statement;
        }
    }

  /* The ranks are computed once, in a table of their own: without
   * MATERIALIZED, SQLite 3.53 (Debian testing) ran the match again for
   * each paper the search finds, 164 s for "learning" at 87,000 papers
   * where SQLite 3.46 takes 0.13 s. */
  if (rank_match != NULL)
    {
      g_string_printf (sql, "WITH r AS MATERIALIZED (SELECT rowid AS rid, rank AS score"
                            " FROM %s WHERE %s MATCH ?) SELECT p.id FROM papers p"
                            " LEFT JOIN r ON r.rid = p.id",
                       fts_table, fts_table);
      add_param (statement->params, g_variant_new_string (rank_match));
    }

  g_string_append (sql, " WHERE 1");
  if (filter != NULL)
    proc_query_append_sql (filter, sql, statement->params);
  if (search != NULL)
    proc_query_append_sql (search, sql, statement->params);

  /* A reading list shown in its own order; its name, at the end of the
   * statement, is the last parameter. */
  /* As proc_query_dup_ordering_reading_list() decides, with the ranking
   * already made: a search ranked for relevance orders them instead. */
  if (rank_match == NULL && filter != NULL)
    reading_list = proc_query_dup_reading_list (filter);
  if (reading_list != NULL)
    {
      g_string_append (sql, " ORDER BY (SELECT ri.position FROM reading_list_items ri"
                            " WHERE ri.paper_id = p.id AND ri.reading_list_id ="
                            " (SELECT id FROM reading_lists WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1)),"
                            " p.id");
      add_param (statement->params, g_variant_new_string (reading_list));
    }
  else
    append_order_by (sql, sort_key, descending);

  statement->sql = g_string_free (g_steal_pointer (&sql), FALSE);
  return statement;
}

/**
 * proc_query_statement_new_count:
 * @query: (nullable): the papers to count; %NULL for all
 *
 * Returns: (transfer full): the statement that counts the papers @query
 *   chooses: the sidebar's numbers
 */
ProcQueryStatement *
proc_query_statement_new_count (const ProcQuery *query)
{
  ProcQueryStatement *statement = g_new0 (ProcQueryStatement, 1);
  GString *sql = g_string_new ("SELECT count(*) FROM papers p WHERE 1");

  statement->params = params_new ();
  if (query != NULL)
    proc_query_append_sql (query, sql, statement->params);
  statement->sql = g_string_free (sql, FALSE);

  return statement;
}

void
proc_query_statement_free (ProcQueryStatement *statement)
{
  if (statement == NULL)
    return;

  g_free (statement->sql);
  g_clear_pointer (&statement->params, g_ptr_array_unref);
  g_free (statement->merge_sql);
  g_clear_pointer (&statement->merge_params, g_ptr_array_unref);
  g_free (statement);
}
