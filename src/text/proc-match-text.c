/* proc-match-text.c: text folded for comparison, and how alike two texts are
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-match-text.h"

/* One paper's abstract, as a conference's list and as its publisher's
 * records give it, differs in typography only: ``x'' and “x”, --- and —,
 * *x* and <em>x</em>, {F}lash{A}ttention and FlashAttention, ﬁ and fi,
 * é and e.  The fold keeps the words alone, lower-case and without their
 * accents, one space apart: what both have in common.
 *
 * It is written for speed on ASCII, which most abstracts are: each ASCII
 * byte is looked at once, and only runs of other characters go through
 * GLib's normalization (whole texts through it were a sixth of an
 * import's time at 87,000 papers). */

typedef struct
{
  GString *out;
  gsize start;
  gboolean space;               /* a separator is pending */
} Fold;

static inline void
separate (Fold *fold)
{
  fold->space = TRUE;
}

/* g_ascii_tolower() is a call into GLib, for each byte of each abstract. */
static inline char
ascii_lower (char c)
{
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static inline void
emit_ascii (Fold *fold,
            char  c)
{
  if (fold->space && fold->out->len > fold->start)
    g_string_append_c (fold->out, ' ');
  fold->space = FALSE;
  g_string_append_c (fold->out, ascii_lower (c));
}

/* A run of ASCII letters and digits at once; returns its length. */
static inline gsize
emit_ascii_run (Fold       *fold,
                const char *p)
{
  const char *end = p;
  gsize from;

  while (g_ascii_isalnum (*end))
    end++;
  if (fold->space && fold->out->len > fold->start)
    g_string_append_c (fold->out, ' ');
  fold->space = FALSE;
  from = fold->out->len;
  g_string_append_len (fold->out, p, end - p);
  for (char *q = fold->out->str + from; *q != '\0'; q++)
    *q = ascii_lower (*q);

  return end - p;
}

static inline void
emit_text (Fold       *fold,
           const char *text)
{
  for (; *text != '\0'; text++)
    emit_ascii (fold, *text);
}

/* Letters NFKD leaves whole, as a reader spells them in ASCII. */
static const char *
ascii_spelling (gunichar c)
{
  switch (c)
    {
    case 0x0142: return "l";    /* ł */
    case 0x00F8: return "o";    /* ø */
    case 0x0111: return "d";    /* đ */
    case 0x0131: return "i";    /* ı */
    case 0x00E6: return "ae";   /* æ */
    case 0x0153: return "oe";   /* œ */
    case 0x00FE: return "th";   /* þ */
    case 0x00F0: return "d";    /* ð */
    default: return NULL;
    }
}

/* @len bytes of characters other than ASCII: decomposed (so ligatures
 * come apart and accents become marks), marks dropped, case folded;
 * letters and digits are kept, anything else separates words. */
static void
fold_other (Fold       *fold,
            const char *text,
            gssize      len)
{
  g_autofree char *decomposed = g_utf8_normalize (text, len, G_NORMALIZE_NFKD);
  g_autofree char *folded = NULL;

  if (decomposed == NULL)
    return;
  folded = g_utf8_casefold (decomposed, -1);

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      const char *spelling;

      switch (g_unichar_type (c))
        {
        case G_UNICODE_NON_SPACING_MARK:
        case G_UNICODE_SPACING_MARK:
        case G_UNICODE_ENCLOSING_MARK:
        case G_UNICODE_FORMAT:          /* soft hyphens, zero-width joiners */
          continue;
        default:
          break;
        }

      if (c < 0x80)
        {
          if (g_ascii_isalnum (c))
            emit_ascii (fold, c);
          else
            separate (fold);
        }
      else if ((spelling = ascii_spelling (c)) != NULL)
        emit_text (fold, spelling);
      else if (g_unichar_isalnum (c))
        {
          if (fold->space && fold->out->len > fold->start)
            g_string_append_c (fold->out, ' ');
          fold->space = FALSE;
          g_string_append_unichar (fold->out, c);
        }
      else
        separate (fold);
    }
}

/* The tags abstracts carry (PMLR's <em>, <sub>, MathML from JATS). */
static gboolean
is_html_tag_name (const char *name,
                  gsize       len)
{
  static const char * const names[] = {
    "a", "b", "big", "br", "code", "div", "em", "font", "i", "jats", "li", "math", "mi",
    "mn", "mo", "mrow", "msub", "msup", "ol", "p", "small", "span", "strong", "sub",
    "sup", "tt", "u", "ul",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strlen (names[i]) == len && g_ascii_strncasecmp (names[i], name, len) == 0)
      return TRUE;

  /* <jats:p>, <jats:italic>… */
  return len > 5 && g_ascii_strncasecmp (name, "jats:", 5) == 0;
}

/* The length of the HTML tag at @p ('<'), or 0 when it is not one (a
 * "less than" in math). */
static gsize
html_tag_length (const char *p)
{
  const char *q = p + 1;
  const char *name;

  if (*q == '/')
    q++;
  name = q;
  while (g_ascii_isalpha (*q) || *q == ':')
    q++;
  if (q == name || (*q != '>' && *q != ' ' && *q != '/') || !is_html_tag_name (name, q - name))
    return 0;

  for (; *q != '>'; q++)
    if (*q == '\0' || *q == '<' || q - p > 300)
      return 0;

  return q + 1 - p;
}

/* An entity at @p ('&'): its length, and in *@c the character of a
 * numeric one (0 for a named one, which is punctuation in abstracts:
 * &amp;, &lt;, &mdash;, &rsquo;…).  0 when it is not an entity. */
static gsize
entity_length (const char *p,
               gunichar   *c)
{
  const char *q = p + 1;

  *c = 0;
  if (*q == '#')
    {
      gboolean hex = (q[1] == 'x' || q[1] == 'X');
      guint64 value = 0;
      const char *digits;

      q += hex ? 2 : 1;
      digits = q;
      while (hex ? g_ascii_isxdigit (*q) : g_ascii_isdigit (*q))
        {
          value = value * (hex ? 16 : 10) + (hex ? g_ascii_xdigit_value (*q) : g_ascii_digit_value (*q));
          if (value > 0x10FFFF)
            return 0;
          q++;
        }
      if (q == digits || *q != ';')
        return 0;
      *c = (gunichar) value;
      return q + 1 - p;
    }

  while (g_ascii_isalnum (*q) && q - p < 12)
    q++;
  if (q == p + 1 || *q != ';')
    return 0;
  return q + 1 - p;
}

/* TeX's letters without an ASCII form: \l, \o, \ss… */
static const char *
tex_letter (const char *name,
            gsize       len)
{
  static const struct { const char *name; const char *letters; } letters[] = {
    { "l", "l" }, { "L", "l" }, { "o", "o" }, { "O", "o" }, { "i", "i" }, { "j", "j" },
    { "ss", "ss" }, { "ae", "ae" }, { "AE", "ae" }, { "oe", "oe" }, { "OE", "oe" },
    { "aa", "a" }, { "AA", "a" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    if (strlen (letters[i].name) == len && strncmp (letters[i].name, name, len) == 0)
      return letters[i].letters;
  return NULL;
}

/* A TeX control sequence at @p ('\\'): accents and braces vanish inside
 * a word (Jos\'{e}, \v{S}ediv\'y), other commands (\emph, \frac, \alpha)
 * separate words.  Returns the bytes read. */
static gsize
fold_tex (Fold       *fold,
          const char *p)
{
  const char *q = p + 1;
  const char *letters;

  if (*q == '\0')
    {
      separate (fold);
      return 1;
    }

  if (!g_ascii_isalpha (*q))
    {
      if (strchr ("'`^\"~=.", *q) == NULL)
        separate (fold);
      return 2;
    }

  while (g_ascii_isalpha (*q))
    q++;

  if ((letters = tex_letter (p + 1, q - p - 1)) != NULL)
    {
      emit_text (fold, letters);
      if (q[0] == '{' && q[1] == '}')
        q += 2;
      return q - p;
    }

  if (q - p == 2 && strchr ("vuHcdbrkt", p[1]) != NULL)
    {
      /* An accent: "\v s" takes the letter after the space. */
      while (*q == ' ')
        q++;
      return q - p;
    }

  separate (fold);
  return q - p;
}

/**
 * proc_match_append_fold:
 *
 * Appends @text folded for comparison (see proc_match_fold()).
 */
void
proc_match_append_fold (GString    *out,
                        const char *text)
{
  Fold fold = { out, out->len, FALSE };
  const char *p = text;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return;

  while (*p != '\0')
    {
      guchar c = *p;
      gunichar entity;
      gsize len;

      if (c >= 0x80)
        {
          const char *end = p + 1;

          while (*end != '\0' && (guchar) *end >= 0x80)
            end++;
          fold_other (&fold, p, end - p);
          p = end;
          continue;
        }

      if (g_ascii_isalnum (c))
        {
          p += emit_ascii_run (&fold, p);
          continue;
        }

      switch (c)
        {
        case '\\':
          p += fold_tex (&fold, p);
          continue;

        case '{':
        case '}':
          p++;
          continue;

        case '<':
          if ((len = html_tag_length (p)) > 0)
            {
              separate (&fold);
              p += len;
              continue;
            }
          break;

        case '&':
          if ((len = entity_length (p, &entity)) > 0)
            {
              char utf8[8] = { 0 };

              if (entity == 0 || entity < 0x80 || !g_unichar_validate (entity))
                {
                  if (entity != 0 && entity < 0x80 && g_ascii_isalnum (entity))
                    emit_ascii (&fold, entity);
                  else
                    separate (&fold);
                }
              else
                fold_other (&fold, utf8, g_unichar_to_utf8 (entity, utf8));
              p += len;
              continue;
            }
          break;

        default:
          break;
        }

      separate (&fold);
      p++;
    }
}

/**
 * proc_match_fold:
 *
 * What two copies of one text have in common whoever typeset them: the
 * words, lower-case, without accents or marks, ligatures spelled out, one
 * space apart.  Quotes, dashes, punctuation, Markdown and HTML emphasis,
 * HTML tags and entities, TeX commands, braces and math delimiters are
 * gone.
 *
 * Returns: (transfer full): the folded text, "" for %NULL or invalid UTF-8
 */
char *
proc_match_fold (const char *text)
{
  GString *out = g_string_new (NULL);

  proc_match_append_fold (out, text);
  return g_string_free (out, FALSE);
}

static int
compare_hashes (gconstpointer a,
                gconstpointer b)
{
  guint64 x = *(const guint64 *) a;
  guint64 y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* FNV-1a, 64 bits. */
static guint64
fnv1a (const char *text,
       gsize       len)
{
  guint64 hash = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (gsize i = 0; i < len; i++)
    {
      hash ^= (guchar) text[i];
      hash *= G_GUINT64_CONSTANT (0x100000001b3);
    }
  return hash;
}

/**
 * proc_match_shingles:
 * @folded: text from proc_match_fold()
 *
 * Each run of three prose words of @folded (see is_prose_word()),
 * hashed: the set that proc_match_jaccard() compares.  A text of fewer
 * words is one shingle.
 *
 * Returns: (transfer full) (element-type guint64): the hashes, sorted,
 *   each once
 */
/* Whether the word of @len bytes at @word is prose: three letters or
 * more, no digit.  Math is what producers write least alike ($x_i^2$,
 * x<sub>i</sub><sup>2</sup>, bibutils' "xi²"), and its variables, indices
 * and numbers are what is left of it once folded; prose words are the
 * same whoever typeset them. */
static gboolean
is_prose_word (const char *word,
               gsize       len)
{
  glong n_chars = 0;

  for (const char *p = word; p < word + len; n_chars++)
    {
      if ((guchar) *p < 0x80)
        {
          if (!g_ascii_isalpha (*p))
            return FALSE;
          p++;
          continue;
        }
      if (!g_unichar_isalpha (g_utf8_get_char (p)))
        return FALSE;
      p = g_utf8_next_char (p);
    }
  return n_chars >= 3;
}

GArray *
proc_match_shingles (const char *folded)
{
  GArray *hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GString) prose = g_string_new (NULL);
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize len;
  guint k = 0;

  for (const char *p = folded; *p != '\0';)
    {
      gsize word = strcspn (p, " ");

      if (is_prose_word (p, word))
        {
          if (prose->len > 0)
            g_string_append_c (prose, ' ');
          g_string_append_len (prose, p, word);
        }
      p += word;
      while (*p == ' ')
        p++;
    }
  folded = prose->str;
  len = prose->len;

  for (gsize i = 0; i < len; i++)
    if (i == 0 || folded[i - 1] == ' ')
      g_array_append_val (starts, i);

  if (starts->len == 0)
    return hashes;

  if (starts->len < 3)
    {
      guint64 hash = fnv1a (folded, len);

      g_array_append_val (hashes, hash);
      return hashes;
    }

  for (guint i = 0; i + 3 <= starts->len; i++)
    {
      gsize from = g_array_index (starts, gsize, i);
      gsize to = i + 3 < starts->len ? g_array_index (starts, gsize, i + 3) - 1 : len;
      guint64 hash = fnv1a (folded + from, to - from);

      g_array_append_val (hashes, hash);
    }

  g_array_sort (hashes, compare_hashes);
  for (guint i = 0; i < hashes->len; i++)
    if (k == 0 || g_array_index (hashes, guint64, k - 1) != g_array_index (hashes, guint64, i))
      g_array_index (hashes, guint64, k++) = g_array_index (hashes, guint64, i);
  g_array_set_size (hashes, k);

  return hashes;
}

/**
 * proc_match_jaccard:
 * @a: (element-type guint64): from proc_match_shingles()
 * @b: (element-type guint64): the same
 *
 * Returns: the shingles both have over those either has, 0 to 1 (0 when
 *   both are empty)
 */
double
proc_match_jaccard (GArray *a,
                    GArray *b)
{
  guint i = 0, j = 0, shared = 0;

  if (a->len == 0 && b->len == 0)
    return 0;

  while (i < a->len && j < b->len)
    {
      guint64 x = g_array_index (a, guint64, i);
      guint64 y = g_array_index (b, guint64, j);

      if (x == y)
        shared++;
      i += x <= y;
      j += y <= x;
    }

  return (double) shared / (a->len + b->len - shared);
}

/**
 * proc_match_containment:
 * @part: (element-type guint64): from proc_match_shingles()
 * @whole: (element-type guint64): the same
 *
 * Returns: the shingles of @part that @whole has, over those @part has,
 *   0 to 1 (0 when @part is empty)
 */
double
proc_match_containment (GArray *part,
                        GArray *whole)
{
  guint i = 0, j = 0, shared = 0;

  if (part->len == 0)
    return 0;

  while (i < part->len && j < whole->len)
    {
      guint64 x = g_array_index (part, guint64, i);
      guint64 y = g_array_index (whole, guint64, j);

      if (x == y)
        shared++;
      i += x <= y;
      j += y <= x;
    }

  return (double) shared / part->len;
}

/**
 * proc_match_similarity:
 *
 * Returns: how alike @text_a and @text_b are once folded: the Jaccard
 *   similarity of their word 3-shingles, 0 to 1
 */
double
proc_match_similarity (const char *text_a,
                       const char *text_b)
{
  g_autofree char *fa = proc_match_fold (text_a);
  g_autofree char *fb = proc_match_fold (text_b);
  g_autoptr(GArray) a = proc_match_shingles (fa);
  g_autoptr(GArray) b = proc_match_shingles (fb);

  return proc_match_jaccard (a, b);
}
