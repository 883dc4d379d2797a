/* proc-bibtex-text.c: BibTeX field values to Unicode text and back
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-text"

#include "config.h"

#include <string.h>

#include "proc-bibtex-text.h"
#include "proc-bibtex-text-private.h"

/* Decoding and encoding are built as inverses: for any text the decoder
 * can produce, decode (encode (text)) gives the text back.  The rules
 * both sides share:
 *
 *  - `$…$` and `$$…$$` are math and stay as they are, when the closing
 *    dollar comes before a blank line and the braces inside balance as
 *    BibTeX counts them (math_end ()); the writer writes every other
 *    dollar as `\$` (`\textdollar{}` in an abstract, where `\$` stays);
 *  - BibTeX counts every brace, escaped or not, so a brace that has no
 *    partner is written as `$\lbrace$`, which LaTeX, pandoc and the
 *    decoder read as a brace; in an abstract, where `{` groups and `\{`
 *    is a brace, `\{` without a partner is written `\textbraceleft{}`;
 *  - a forced line break is `\\` at the end of a line, a paragraph a
 *    blank line. */

#define NO_MATCH   G_MAXSIZE
#define MAX_DEPTH  32
/* Stands for a forced line break (\\) until white space is folded. */
#define LINE_BREAK '\x01'

/* Where each '{' of a value closes, found in one pass: built only once a
 * search for a closing brace has failed, since a value such as
 * "{\\}{\\}{\\}…" (balanced as BibTeX counts, but not one group as the
 * decoder counts) would otherwise search to its end from every brace. */
typedef struct
{
  gsize    len;
  guint32 *close;     /* per byte; NULL until needed */
  gboolean missed;
} BraceMatches;

#define MATCH_UNKNOWN   G_MAXUINT32          /* not a brace the pass saw open */
#define MATCH_NONE      (G_MAXUINT32 - 1)    /* a '{' that never closes */

typedef struct
{
  const char     *text;
  ProcBibtexText  kind;
  guint           depth;
  BraceMatches   *matches;
} Decoder;

static void decode_span (Decoder  *d,
                         gsize     pos,
                         gsize     end,
                         GString  *out);

/* Accents written with a symbol: \'e, \"{o} */
static const struct
{
  char        symbol;
  const char *mark;
} symbol_accents[] = {
  { '\'', "\u0301" }, { '`', "\u0300" }, { '^', "\u0302" }, { '"', "\u0308" },
  { '~', "\u0303" }, { '=', "\u0304" }, { '.', "\u0307" },
};

/* Accents written with a letter: \c{c}, \v s */
static const struct
{
  const char *name;
  const char *mark;
} letter_accents[] = {
  { "u", "\u0306" }, { "v", "\u030c" }, { "H", "\u030b" }, { "c", "\u0327" },
  { "k", "\u0328" }, { "r", "\u030a" }, { "d", "\u0323" }, { "b", "\u0331" },
  { "t", "\u0361" },
};

enum
{
  SYMBOL_LETTER = 1 << 0,   /* \aa, \o: a letter, which {\o} stands for */
  SYMBOL_UNSAFE = 1 << 1,   /* left as TeX in an abstract, where the character
                             * would mean something else to the renderer */
};

static const struct
{
  const char *name;
  const char *text;
  guint       flags;
} symbols[] = {
  { "aa", "å", SYMBOL_LETTER }, { "AA", "Å", SYMBOL_LETTER }, { "ae", "æ", SYMBOL_LETTER },
  { "AE", "Æ", SYMBOL_LETTER }, { "oe", "œ", SYMBOL_LETTER }, { "OE", "Œ", SYMBOL_LETTER },
  { "o", "ø", SYMBOL_LETTER }, { "O", "Ø", SYMBOL_LETTER }, { "l", "ł", SYMBOL_LETTER },
  { "L", "Ł", SYMBOL_LETTER }, { "ss", "ß", SYMBOL_LETTER }, { "SS", "SS", SYMBOL_LETTER },
  { "i", "ı", SYMBOL_LETTER }, { "j", "ȷ", SYMBOL_LETTER }, { "dh", "ð", SYMBOL_LETTER },
  { "DH", "Ð", SYMBOL_LETTER }, { "th", "þ", SYMBOL_LETTER }, { "TH", "Þ", SYMBOL_LETTER },
  { "ng", "ŋ", SYMBOL_LETTER }, { "NG", "Ŋ", SYMBOL_LETTER }, { "dj", "đ", SYMBOL_LETTER },
  { "DJ", "Đ", SYMBOL_LETTER },
  { "textbackslash", "\\", SYMBOL_UNSAFE }, { "textasciitilde", "~", SYMBOL_UNSAFE },
  { "textasciicircum", "^" }, { "textdollar", "$" },
  { "textbraceleft", "{" }, { "textbraceright", "}" }, { "textunderscore", "_" },
  { "textendash", "–" }, { "textemdash", "—" },
  { "textquoteleft", "‘" }, { "textquoteright", "’" },
  { "textquotedblleft", "“" }, { "textquotedblright", "”" }, { "textquotedbl", "\"" },
  { "textless", "<" }, { "textgreater", ">" }, { "textbar", "|" },
  { "textbullet", "•" }, { "textperiodcentered", "·" },
  { "textregistered", "®" }, { "texttrademark", "™" }, { "copyright", "©" }, { "textcopyright", "©" },
  { "textsterling", "£" }, { "pounds", "£" }, { "texteuro", "€" }, { "euro", "€" },
  { "textyen", "¥" }, { "textcent", "¢" }, { "textdegree", "°" }, { "textmu", "µ" },
  { "texttimes", "×" }, { "textdiv", "÷" }, { "textpm", "±" }, { "textonehalf", "½" },
  { "textsection", "§" }, { "S", "§" }, { "P", "¶" }, { "textparagraph", "¶" },
  { "dag", "†" }, { "textdagger", "†" }, { "ddag", "‡" }, { "textdaggerdbl", "‡" },
  { "ldots", "…" }, { "dots", "…" }, { "textellipsis", "…" },
  { "guillemotleft", "«" }, { "guillemotright", "»" },
  { "guillemetleft", "«" }, { "guillemetright", "»" },
  { "textexclamdown", "¡" }, { "textquestiondown", "¿" },
  { "LaTeX", "LaTeX" }, { "TeX", "TeX" }, { "BibTeX", "BibTeX" },
};

/* Font commands whose argument is printed as it is. */
static const char * const font_commands[] = {
  "textit", "textbf", "textsl", "textsc", "texttt", "textrm", "textsf", "textup",
  "textmd", "textnormal", "emph", "mbox", "hbox", "text", "underline", "uline",
  "textsuperscript", "textsubscript", "MakeUppercase", "MakeLowercase",
  "uppercase", "lowercase", "NoCaseChange", "textenglish",
};

/* Commands that print nothing and take no argument. */
static const char * const switches[] = {
  "em", "it", "bf", "sl", "sc", "tt", "rm", "sf", "up", "itshape", "bfseries",
  "slshape", "scshape", "ttfamily", "rmfamily", "sffamily", "upshape", "mdseries",
  "normalfont", "relax", "protect", "xspace", "sloppy", "small", "footnotesize",
  "large", "Large", "normalsize", "ignorespaces", "nobreak", "allowbreak",
};

static gboolean
in_list (const char * const *list,
         gsize               n,
         const char         *name,
         gsize               len)
{
  for (gsize i = 0; i < n; i++)
    if (strlen (list[i]) == len && memcmp (list[i], name, len) == 0)
      return TRUE;

  return FALSE;
}

static const char *
lookup_letter_accent (const char *name,
                      gsize       len)
{
  for (guint i = 0; i < G_N_ELEMENTS (letter_accents); i++)
    if (strlen (letter_accents[i].name) == len && memcmp (letter_accents[i].name, name, len) == 0)
      return letter_accents[i].mark;

  return NULL;
}

static int
lookup_symbol (const char *name,
               gsize       len)
{
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (strlen (symbols[i].name) == len && memcmp (symbols[i].name, name, len) == 0)
      return i;

  return -1;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The '}' that closes the '{' at @pos, skipping escaped braces. */
static gsize
group_end (const char *text,
           gsize       pos,
           gsize       end)
{
  guint depth = 0;

  for (gsize i = pos; i < end; i++)
    {
      if (text[i] == '\\')
        i++;
      else if (text[i] == '{')
        depth++;
      else if (text[i] == '}' && --depth == 0)
        return i;
    }

  return NO_MATCH;
}

static void
build_matches (BraceMatches *m,
               const char   *text)
{
  g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (guint32));

  m->close = g_new (guint32, m->len);
  for (gsize i = 0; i < m->len; i++)
    m->close[i] = MATCH_UNKNOWN;

  for (gsize i = 0; i < m->len; i++)
    {
      if (text[i] == '\\')
        i++;
      else if (text[i] == '{')
        {
          guint32 at = (guint32) i;

          m->close[i] = MATCH_NONE;
          g_array_append_val (open, at);
        }
      else if (text[i] == '}' && open->len > 0)
        {
          m->close[g_array_index (open, guint32, open->len - 1)] = (guint32) i;
          g_array_set_size (open, open->len - 1);
        }
    }
}

/* group_end () on the decoder's text, in constant time once a search
 * has failed.  The pass skips escapes from the start of the value, as
 * group_end () does from @pos, so for a '{' it saw open both agree. */
static gsize
decoder_group_end (Decoder *d,
                   gsize    pos,
                   gsize    end)
{
  BraceMatches *m = d->matches;
  gsize close;

  if (m == NULL || m->len >= MATCH_NONE)
    return group_end (d->text, pos, end);

  if (m->close == NULL)
    {
      close = group_end (d->text, pos, end);
      if (close == NO_MATCH && !m->missed)
        m->missed = TRUE;
      else if (close == NO_MATCH)
        build_matches (m, d->text);
      return close;
    }

  if (pos >= m->len || m->close[pos] == MATCH_UNKNOWN)
    return group_end (d->text, pos, end);
  if (m->close[pos] == MATCH_NONE || m->close[pos] >= end)
    return NO_MATCH;

  return m->close[pos];
}

/* Whether a blank line starts at the newline at @pos. */
static gboolean
blank_line_at (const char *text,
               gsize       pos,
               gsize       end)
{
  for (gsize i = pos + 1; i < end; i++)
    {
      if (text[i] == '\n')
        return TRUE;
      if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r')
        return FALSE;
    }

  return FALSE;
}

/* Where the math that starts with the '$' at @pos ends (after its closing
 * dollar), or NO_MATCH when that dollar opens no math.  Reader and writer
 * must agree on this, so it looks only at the text up to the closing
 * dollar. */
static gsize
math_end (const char *text,
          gsize       pos,
          gsize       end)
{
  gboolean display = pos + 1 < end && text[pos + 1] == '$';
  gsize start = pos + (display ? 2 : 1);
  guint depth = 0;

  for (gsize i = start; i < end; i++)
    {
      switch (text[i])
        {
        case '\\':
          /* \$ is no delimiter; but BibTeX counts \{ as a brace, and a
           * blank line after a backslash is still a paragraph */
          if (i + 1 < end && text[i + 1] != '{' && text[i + 1] != '}' && text[i + 1] != '\n')
            i++;
          break;

        case '{':
          depth++;
          break;

        case '}':
          if (depth == 0)
            return NO_MATCH;
          depth--;
          break;

        case '\n':
          if (blank_line_at (text, i, end))
            return NO_MATCH;
          break;

        case '$':
          if (depth > 0)
            return NO_MATCH;
          if (!display)
            return i + 1;
          if (i + 1 < end && text[i + 1] == '$' && i > start)
            return i + 2;
          return NO_MATCH;

        default:
          break;
        }
    }

  return NO_MATCH;
}

/* Decoding */

/* After \\: the line end and indentation that follow belong to it. */
static gsize
skip_break_space (const char *text,
                  gsize       pos,
                  gsize       end)
{
  while (pos < end && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\r'))
    pos++;
  /* but not a paragraph break */
  if (pos < end && text[pos] == '\n' && !blank_line_at (text, pos, end))
    pos++;
  while (pos < end && (text[pos] == ' ' || text[pos] == '\t'))
    pos++;

  return pos;
}

/* TeX ignores the spaces after a control word ("\ss x" is "ßx"), but
 * not a paragraph break. */
static gsize
skip_command_space (const char *text,
                    gsize       pos,
                    gsize       end)
{
  gboolean newline = FALSE;

  while (pos < end && is_space (text[pos]))
    {
      if (text[pos] == '\n')
        {
          if (newline)
            break;
          newline = TRUE;
        }
      pos++;
    }

  return pos;
}

static char *
decode_range (Decoder        *d,
              ProcBibtexText  kind,
              gsize           pos,
              gsize           end)
{
  Decoder sub = { d->text, kind, d->depth, d->matches };
  GString *out = g_string_new (NULL);

  decode_span (&sub, pos, end, out);
  return g_string_free (out, FALSE);
}

/* Puts @mark after the first character of @base: \"{a} is ä, \t{oo} o͡o. */
static void
append_accented (GString    *out,
                 const char *base,
                 const char *mark)
{
  g_autoptr(GString) combined = g_string_new (NULL);
  g_autofree char *composed = NULL;
  const char *rest = g_utf8_next_char (base);

  /* the dotless i and j under an accent are plain letters */
  if (g_str_has_prefix (base, "ı"))
    g_string_append_c (combined, 'i');
  else if (g_str_has_prefix (base, "ȷ"))
    g_string_append_c (combined, 'j');
  else
    g_string_append_len (combined, base, rest - base);
  g_string_append (combined, mark);
  g_string_append (combined, rest);

  composed = g_utf8_normalize (combined->str, -1, G_NORMALIZE_NFC);
  g_string_append (out, composed ? composed : combined->str);
}

/* The argument of an accent at @pos: a group, a command (\i) or one
 * character. */
static gsize
decode_accent (Decoder    *d,
               const char *mark,
               char        plain,
               gboolean    skip_space,
               gsize       pos,
               gsize       end,
               GString    *out)
{
  const char *text = d->text;
  g_autofree char *base = NULL;

  if (skip_space)
    while (pos < end && (text[pos] == ' ' || text[pos] == '\t'))
      pos++;

  if (pos >= end || text[pos] == '}')
    {
      base = g_strdup ("");
    }
  else if (text[pos] == '{')
    {
      gsize close = decoder_group_end (d, pos, end);

      if (close == NO_MATCH)
        {
          base = g_strdup ("");
          pos++;
        }
      else
        {
          base = decode_range (d, PROC_BIBTEX_TEXT_TITLE, pos + 1, close);
          pos = close + 1;
        }
    }
  else if (text[pos] == '\\')
    {
      gsize name_end = pos + 1;

      while (name_end < end && g_ascii_isalpha (text[name_end]))
        name_end++;
      if (name_end == pos + 1 && name_end < end)
        name_end++;
      base = decode_range (d, PROC_BIBTEX_TEXT_TITLE, pos, name_end);
      pos = name_end;
    }
  else
    {
      const char *next = g_utf8_find_next_char (text + pos, text + end);
      gsize len = next ? (gsize) (next - (text + pos)) : end - pos;

      base = g_strndup (text + pos, len);
      pos += len;
    }

  if (*base == '\0')
    {
      if (plain != '\0')
        g_string_append_c (out, plain);
    }
  else
    {
      append_accented (out, base, mark);
    }

  return pos;
}

/* A group that stands for one accented letter, as {\"a} or {\aa}: the
 * braces only protect its case, so an abstract loses them too. */
static gboolean
is_special_char_group (const char *text,
                       gsize       pos,
                       gsize       close)
{
  gsize name_end;
  int symbol;

  if (pos + 1 >= close || text[pos] != '\\')
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (symbol_accents); i++)
    if (text[pos + 1] == symbol_accents[i].symbol)
      return TRUE;

  for (name_end = pos + 1; name_end < close && g_ascii_isalpha (text[name_end]); name_end++)
    ;
  if (lookup_letter_accent (text + pos + 1, name_end - pos - 1) != NULL)
    return TRUE;

  symbol = lookup_symbol (text + pos + 1, name_end - pos - 1);

  return symbol >= 0 && (symbols[symbol].flags & SYMBOL_LETTER) != 0;
}

static gsize
decode_group (Decoder  *d,
              gsize     pos,
              gsize     end,
              gboolean  keep_braces,
              GString  *out)
{
  const char *text = d->text;
  gsize close = decoder_group_end (d, pos, end);

  if (close == NO_MATCH)
    {
      if (d->kind == PROC_BIBTEX_TEXT_ABSTRACT)
        g_string_append_c (out, '{');
      return pos + 1;
    }

  if (d->kind != PROC_BIBTEX_TEXT_ABSTRACT)
    {
      decode_span (d, pos + 1, close, out);
    }
  else if (!keep_braces && is_special_char_group (text, pos + 1, close))
    {
      g_autofree char *inner = decode_range (d, d->kind, pos + 1, close);

      if (strpbrk (inner, "\\{}$") == NULL && g_utf8_strlen (inner, -1) <= 2)
        g_string_append (out, inner);
      else
        g_string_append_printf (out, "{%s}", inner);
    }
  else
    {
      g_string_append_c (out, '{');
      decode_span (d, pos + 1, close, out);
      g_string_append_c (out, '}');
    }

  return close + 1;
}

/* Copies a command the decoder does not interpret, with its arguments. */
static gsize
copy_command (Decoder  *d,
              gsize     pos,
              gsize     name_end,
              gsize     end,
              GString  *out)
{
  const char *text = d->text;

  g_string_append_len (out, text + pos, name_end - pos);
  pos = name_end;

  while (pos < end && text[pos] == '{')
    {
      gsize close = decoder_group_end (d, pos, end);

      if (close == NO_MATCH)
        break;

      if (d->kind == PROC_BIBTEX_TEXT_ABSTRACT)
        {
          decode_group (d, pos, end, TRUE, out);
        }
      else
        {
          g_string_append_len (out, text + pos, close + 1 - pos);
        }
      pos = close + 1;
    }

  return pos;
}

static gsize
decode_command (Decoder  *d,
                gsize     pos,
                gsize     end,
                GString  *out)
{
  const char *text = d->text;
  gboolean abstract = d->kind == PROC_BIBTEX_TEXT_ABSTRACT;
  gsize name_end;
  const char *mark;
  int symbol;
  char c;

  if (pos + 1 >= end)
    {
      g_string_append_c (out, '\\');
      return end;
    }

  c = text[pos + 1];
  if (!g_ascii_isalpha (c))
    {
      switch (c)
        {
        case '&': case '%': case '#': case '_':
          g_string_append_c (out, c);
          return pos + 2;

        case '$': case '{': case '}':
          if (abstract)
            g_string_append_c (out, '\\');
          g_string_append_c (out, c);
          return pos + 2;

        case '\\':
          if (d->kind == PROC_BIBTEX_TEXT_TITLE)
            {
              g_string_append_c (out, ' ');
              return pos + 2;
            }
          g_string_append_c (out, LINE_BREAK);
          return skip_break_space (text, pos + 2, end);

        case ' ': case ',': case ';': case ':': case '\n': case '\t':
          if (abstract)
            g_string_append_len (out, text + pos, 2);
          else
            g_string_append_c (out, ' ');
          return pos + 2;

        case '-': case '/': case '@': case '!':
          if (abstract)
            g_string_append_len (out, text + pos, 2);
          return pos + 2;

        default:
          for (guint i = 0; i < G_N_ELEMENTS (symbol_accents); i++)
            if (c == symbol_accents[i].symbol)
              return decode_accent (d, symbol_accents[i].mark, c, FALSE, pos + 2, end, out);

          /* \( and the like: the backslash stays, the rest is text */
          g_string_append_c (out, '\\');
          return pos + 1;
        }
    }

  for (name_end = pos + 1; name_end < end && g_ascii_isalpha (text[name_end]); name_end++)
    ;

  if ((mark = lookup_letter_accent (text + pos + 1, name_end - pos - 1)) != NULL)
    return decode_accent (d, mark, '\0', TRUE, name_end, end, out);

  symbol = lookup_symbol (text + pos + 1, name_end - pos - 1);
  if (symbol >= 0 && !(abstract && (symbols[symbol].flags & SYMBOL_UNSAFE)))
    {
      /* in TeX-ish text a brace on its own is \{ */
      if (abstract && (g_str_equal (symbols[symbol].text, "{") || g_str_equal (symbols[symbol].text, "}")))
        g_string_append_c (out, '\\');
      g_string_append (out, symbols[symbol].text);
      pos = skip_command_space (text, name_end, end);
      if (pos + 1 < end && text[pos] == '{' && text[pos + 1] == '}')
        pos += 2;
      return pos;
    }

  if (abstract)
    return copy_command (d, pos, name_end, end, out);

  if (in_list (font_commands, G_N_ELEMENTS (font_commands), text + pos + 1, name_end - pos - 1))
    {
      gsize arg = skip_command_space (text, name_end, end);

      /* without braces the argument is the next token, printed as usual */
      if (arg < end && text[arg] == '{')
        return decode_group (d, arg, end, FALSE, out);
      return arg;
    }

  if (in_list (switches, G_N_ELEMENTS (switches), text + pos + 1, name_end - pos - 1))
    return skip_command_space (text, name_end, end);

  if (name_end - pos - 1 == 4 && memcmp (text + pos + 1, "href", 4) == 0)
    {
      gsize first = skip_command_space (text, name_end, end);
      gsize close = first < end && text[first] == '{' ? decoder_group_end (d, first, end) : NO_MATCH;

      if (close != NO_MATCH)
        {
          gsize second = skip_command_space (text, close + 1, end);

          if (second < end && text[second] == '{')
            return decode_group (d, second, end, FALSE, out);
          return second;
        }
    }

  if ((name_end - pos - 1 == 3 && memcmp (text + pos + 1, "url", 3) == 0) ||
      (name_end - pos - 1 == 9 && memcmp (text + pos + 1, "nolinkurl", 9) == 0))
    {
      gsize arg = skip_command_space (text, name_end, end);
      gsize close = arg < end && text[arg] == '{' ? decoder_group_end (d, arg, end) : NO_MATCH;

      if (close != NO_MATCH)
        {
          g_string_append_len (out, text + arg + 1, close - arg - 1);
          return close + 1;
        }
    }

  /* the sorting trick {\noopsort{a}}: prints nothing */
  if (name_end - pos - 1 == 8 && memcmp (text + pos + 1, "noopsort", 8) == 0)
    {
      gsize arg = skip_command_space (text, name_end, end);
      gsize close = arg < end && text[arg] == '{' ? decoder_group_end (d, arg, end) : NO_MATCH;

      return close != NO_MATCH ? close + 1 : arg;
    }

  return copy_command (d, pos, name_end, end, out);
}

static gsize
decode_math (Decoder  *d,
             gsize     pos,
             gsize     end,
             GString  *out)
{
  const char *text = d->text;
  gsize close = math_end (text, pos, end);

  if (close == NO_MATCH)
    {
      g_string_append_c (out, '$');
      return pos + 1;
    }

  /* the writer's brace without a partner */
  if (close - pos == 9 && memcmp (text + pos, "$\\lbrace$", 9) == 0)
    g_string_append_c (out, '{');
  else if (close - pos == 9 && memcmp (text + pos, "$\\rbrace$", 9) == 0)
    g_string_append_c (out, '}');
  else
    g_string_append_len (out, text + pos, close - pos);

  return close;
}

static void
decode_span (Decoder  *d,
             gsize     pos,
             gsize     end,
             GString  *out)
{
  const char *text = d->text;
  gboolean abstract = d->kind == PROC_BIBTEX_TEXT_ABSTRACT;

  if (d->depth >= MAX_DEPTH)
    {
      for (; pos < end; pos++)
        if (text[pos] != '{' && text[pos] != '}')
          g_string_append_c (out, text[pos]);
      return;
    }

  d->depth++;

  while (pos < end)
    {
      gsize run = strcspn (text + pos, "\\{}$~-\x01");

      if (run > 0)
        {
          run = MIN (run, end - pos);
          g_string_append_len (out, text + pos, run);
          pos += run;
          continue;
        }

      switch (text[pos])
        {
        case '\\':
          pos = decode_command (d, pos, end, out);
          break;

        case '{':
          pos = decode_group (d, pos, end, FALSE, out);
          break;

        case '}':
          if (abstract)
            g_string_append_c (out, '}');
          pos++;
          break;

        case '$':
          pos = decode_math (d, pos, end, out);
          break;

        case '~':
          g_string_append_c (out, abstract ? '~' : ' ');
          pos++;
          break;

        case '-':
          if (!abstract && pos + 2 < end && text[pos + 1] == '-' && text[pos + 2] == '-')
            {
              g_string_append (out, "—");
              pos += 3;
            }
          else if (!abstract && pos + 1 < end && text[pos + 1] == '-')
            {
              g_string_append (out, "–");
              pos += 2;
            }
          else
            {
              g_string_append_c (out, '-');
              pos++;
            }
          break;

        default:
          /* a stray LINE_BREAK byte */
          pos++;
          break;
        }
    }

  d->depth--;
}

static void
trim_line_end (GString *out)
{
  while (out->len > 0 && (out->str[out->len - 1] == ' ' || out->str[out->len - 1] == '\t'))
    g_string_truncate (out, out->len - 1);
}

/* Folds white space as TeX reads it: a line end is a space, a blank line
 * a paragraph.  A title becomes one line. */
static char *
fold_space (const char     *text,
            ProcBibtexText  kind)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; )
    {
      const char *q = p;
      guint newlines = 0;

      /* a line break next to a paragraph break adds nothing; lines
       * do not end in spaces */
      if (*p == LINE_BREAK)
        {
          if (kind == PROC_BIBTEX_TEXT_TITLE)
            {
              g_string_append_c (out, ' ');
            }
          else if (!g_str_has_suffix (out->str, "\n\n"))
            {
              trim_line_end (out);
              g_string_append_c (out, '\n');
            }
          p++;
          continue;
        }

      if (!is_space (*p))
        {
          g_string_append_c (out, *p++);
          continue;
        }

      while (is_space (*q))
        newlines += *q++ == '\n';

      /* the indentation after a line break */
      if (newlines < 2 && out->len > 0 && out->str[out->len - 1] == '\n')
        {
        }
      else if (kind == PROC_BIBTEX_TEXT_TITLE || newlines == 1)
        {
          g_string_append_c (out, ' ');
        }
      else if (newlines >= 2)
        {
          while (out->len > 0 && out->str[out->len - 1] == '\n')
            g_string_truncate (out, out->len - 1);
          trim_line_end (out);
          g_string_append (out, "\n\n");
        }
      else
        g_string_append_len (out, p, q - p);
      p = q;
    }

  /* No white space at either end, and none doubled in a title. */
  {
    gsize start = 0;
    gsize len = out->len;

    while (start < len && is_space (out->str[start]))
      start++;
    while (len > start && is_space (out->str[len - 1]))
      len--;
    g_string_truncate (out, len);
    g_string_erase (out, 0, start);
  }

  if (kind == PROC_BIBTEX_TEXT_TITLE)
    {
      gsize j = 0;

      for (gsize i = 0; i < out->len; i++)
        if (!(out->str[i] == ' ' && j > 0 && out->str[j - 1] == ' '))
          out->str[j++] = out->str[i];
      g_string_truncate (out, j);
    }

  return g_string_free (out, FALSE);
}

static char *
decode_verbatim (const char *value)
{
  GString *out = g_string_new (NULL);

  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '{' || *p == '}')
        continue;

      if (*p == '\\' && p[1] != '\0' && strchr ("_%&#$~{}", p[1]) != NULL)
        {
          g_string_append_c (out, *++p);
          continue;
        }

      /* a URL wrapped onto the next line */
      if (is_space (*p))
        {
          const char *q = p;
          gboolean newline = FALSE;

          while (is_space (*q))
            newline |= *q++ == '\n';
          if (!newline)
            g_string_append_len (out, p, q - p);
          p = q - 1;
          continue;
        }

      g_string_append_c (out, *p);
    }

  return g_strstrip (g_string_free (out, FALSE));
}

/**
 * proc_bibtex_decode:
 * @value: (nullable): a field's value as the file has it, without the
 *   outer braces or quotes
 *
 * Returns: (transfer full): the value as text, never %NULL
 */
char *
proc_bibtex_decode (const char     *value,
                    ProcBibtexText  kind)
{
  g_autoptr(GString) raw = NULL;
  BraceMatches matches = { 0, NULL, FALSE };
  Decoder d = { value, kind, 0, &matches };

  if (value == NULL)
    return g_strdup ("");

  if (kind == PROC_BIBTEX_TEXT_VERBATIM)
    return decode_verbatim (value);

  matches.len = strlen (value);
  raw = g_string_sized_new (matches.len);
  decode_span (&d, 0, matches.len, raw);
  g_free (matches.close);

  return fold_space (raw->str, kind);
}

/* Encoding */

static gboolean
needs_case_protection (const char *word,
                       gsize       len)
{
  guint letters = 0;
  gboolean all_upper = TRUE;
  guint index = 0;

  for (const char *p = word; p < word + len; p = g_utf8_next_char (p), index++)
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_isalpha (c))
        continue;
      letters++;
      if (g_unichar_isupper (c))
        {
          if (index > 0)
            return TRUE;
        }
      else
        {
          all_upper = FALSE;
        }
    }

  return all_upper && letters >= 2;
}

/* Counts the backslashes just before @pos: an odd number escapes it. */
static gboolean
is_escaped (const char *text,
            gsize       pos)
{
  gsize n = 0;

  while (pos > n && text[pos - n - 1] == '\\')
    n++;

  return n % 2 == 1;
}

static int
compare_offsets (gconstpointer a,
                 gconstpointer b)
{
  gsize x = *(const gsize *) a;
  gsize y = *(const gsize *) b;

  return x < y ? -1 : x > y;
}

/* BibTeX counts every brace: one without a partner becomes a command
 * that prints it. */
static void
balance_braces (GString        *out,
                ProcBibtexText  kind)
{
  g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GArray) unmatched = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GString) fixed = NULL;
  g_autofree char *text = NULL;
  gsize copied = 0;

  for (gsize i = 0; i < out->len; i++)
    {
      if (out->str[i] == '{')
        g_array_append_val (open, i);
      else if (out->str[i] == '}' && open->len > 0)
        g_array_set_size (open, open->len - 1);
      else if (out->str[i] == '}')
        g_array_append_val (unmatched, i);
    }

  if (open->len == 0 && unmatched->len == 0)
    return;

  g_array_append_vals (unmatched, open->data, open->len);
  g_array_sort (unmatched, compare_offsets);

  fixed = g_string_sized_new (out->len + 16 * unmatched->len);
  for (guint k = 0; k < unmatched->len; k++)
    {
      gsize i = g_array_index (unmatched, gsize, k);
      gboolean left = out->str[i] == '{';
      gsize from = is_escaped (out->str, i) ? i - 1 : i;

      g_string_append_len (fixed, out->str + copied, from - copied);
      if (kind == PROC_BIBTEX_TEXT_ABSTRACT && from < i)
        g_string_append (fixed, left ? "\\textbraceleft{}" : "\\textbraceright{}");
      else
        g_string_append (fixed, left ? "$\\lbrace$" : "$\\rbrace$");
      copied = i + 1;
    }
  g_string_append_len (fixed, out->str + copied, out->len - copied);

  /* Its text, not fixed->str: GLib's inline appends test fixed for NULL,
   * after which GCC takes fixed->str for a NULL dereference. */
  text = g_string_free (g_steal_pointer (&fixed), FALSE);
  g_string_assign (out, text);
}

static char *
encode_verbatim (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '{':
          g_string_append (out, "%7B");
          break;

        case '}':
          g_string_append (out, "%7D");
          break;

        case '\\':
          g_string_append (out, "%5C");
          break;

        case '\n': case '\r': case '\t':
          g_string_append_c (out, ' ');
          break;

        default:
          g_string_append_c (out, *p);
        }
    }

  return g_strstrip (g_string_free (out, FALSE));
}

/* Whether an accent in an abstract is followed by what the writer leaves
 * as it is: a letter, {letter} or \i.  Other arguments (a brace that has
 * no partner, a dollar) change on the way, and the accent with them. */
static gboolean
is_plain_accent_argument (const char *text,
                          gsize       pos,
                          gsize       len,
                          gboolean    skip_space)
{
  if (skip_space)
    while (pos < len && (text[pos] == ' ' || text[pos] == '\t'))
      pos++;

  if (pos < len && g_ascii_isalpha (text[pos]))
    return TRUE;
  if (pos + 2 < len && text[pos] == '{' && g_ascii_isalpha (text[pos + 1]) && text[pos + 2] == '}')
    return TRUE;
  if (pos + 1 < len && text[pos] == '\\' && (text[pos + 1] == 'i' || text[pos + 1] == 'j') &&
      (pos + 2 >= len || !g_ascii_isalpha (text[pos + 2])))
    return TRUE;

  return FALSE;
}

static char *
encode (const char     *text,
        ProcBibtexText  kind,
        gboolean        protect_case,
        gboolean        math)
{
  gboolean abstract = kind == PROC_BIBTEX_TEXT_ABSTRACT;
  gboolean literal = !abstract;
  GString *out;
  gsize len;

  if (text == NULL)
    return g_strdup ("");

  if (kind == PROC_BIBTEX_TEXT_VERBATIM)
    return encode_verbatim (text);

  len = strlen (text);
  out = g_string_sized_new (len + len / 8 + 8);

  for (gsize pos = 0; pos < len; )
    {
      guchar c = text[pos];
      gsize close;

      if (protect_case && (c >= 0x80 || g_ascii_isalnum (c)))
        {
          gunichar u = g_utf8_get_char_validated (text + pos, len - pos);

          if (u < 0x110000 && g_unichar_isalnum (u))
            {
              gsize word_end = pos;

              while (word_end < len)
                {
                  gunichar w = g_utf8_get_char_validated (text + word_end, len - word_end);

                  if (w >= 0x110000 || !g_unichar_isalnum (w))
                    break;
                  word_end = g_utf8_next_char (text + word_end) - text;
                }

              if (needs_case_protection (text + pos, word_end - pos))
                g_string_append_printf (out, "{%.*s}", (int) (word_end - pos), text + pos);
              else
                g_string_append_len (out, text + pos, word_end - pos);
              pos = word_end;
              continue;
            }
        }

      switch (c)
        {
        case '$':
          close = math ? math_end (text, pos, len) : NO_MATCH;
          /* that math is how the writer spells a brace */
          if (close != NO_MATCH && close - pos == 9 &&
              (memcmp (text + pos, "$\\lbrace$", 9) == 0 || memcmp (text + pos, "$\\rbrace$", 9) == 0))
            close = NO_MATCH;
          if (close != NO_MATCH)
            {
              /* a line end in math is a space; and this keeps lines
               * from starting with '@' */
              for (gsize i = pos; i < close; i++)
                g_string_append_c (out, is_space (text[i]) ? ' ' : text[i]);
              pos = close;
            }
          else
            {
              g_string_append (out, abstract ? "\\textdollar{}" : "\\$");
              pos++;
            }
          break;

        case '\\':
          if (literal)
            {
              g_string_append (out, "\\textbackslash{}");
              pos++;
            }
          else if (pos + 1 < len && g_ascii_isalpha (text[pos + 1]))
            {
              gsize name_end = pos + 1;

              while (name_end < len && g_ascii_isalpha (text[name_end]))
                name_end++;
              if (lookup_letter_accent (text + pos + 1, name_end - pos - 1) != NULL &&
                  !is_plain_accent_argument (text, name_end, len, TRUE))
                {
                  g_string_append (out, "\\textbackslash{}");
                  pos++;
                  break;
                }
              g_string_append_len (out, text + pos, name_end - pos);
              pos = name_end;
            }
          else if (pos + 1 < len && !is_space (text[pos + 1]) &&
                   !(strchr ("'`^\"~=.", text[pos + 1]) != NULL &&
                     !is_plain_accent_argument (text, pos + 2, len, FALSE)))
            {
              gsize next = g_utf8_next_char (text + pos + 1) - text;

              g_string_append_len (out, text + pos, next - pos);
              pos = next;
            }
          else
            {
              /* before a line end it would make a line break of one */
              g_string_append (out, "\\textbackslash{}");
              pos++;
            }
          break;

        case '{': case '}':
          if (literal)
            g_string_append_c (out, '\\');
          g_string_append_c (out, c);
          pos++;
          break;

        case '&': case '%': case '#': case '_':
          g_string_append_c (out, '\\');
          g_string_append_c (out, c);
          pos++;
          break;

        case '~':
          g_string_append (out, literal ? "\\textasciitilde{}" : "~");
          pos++;
          break;

        case '^':
          g_string_append (out, literal ? "\\textasciicircum{}" : "^");
          pos++;
          break;

        case '-':
          /* "--" would read as a dash */
          g_string_append (out, literal && pos + 1 < len && text[pos + 1] == '-' ? "-{}" : "-");
          pos++;
          break;

        case '\n': case '\r':
          if (kind == PROC_BIBTEX_TEXT_TITLE)
            {
              g_string_append_c (out, ' ');
              pos++;
            }
          else
            {
              guint newlines = 0;
              gsize j = pos;

              while (j < len && is_space (text[j]))
                {
                  if (text[j] == '\n' || (text[j] == '\r' && text[j + 1] != '\n'))
                    newlines++;
                  j++;
                }

              if (newlines >= 2)
                {
                  g_string_append (out, "\n\n");
                  pos = j;
                }
              else
                {
                  g_string_append (out, "\\\\\n");
                  /* the reader drops the indentation after a line break */
                  pos = j;
                }

              /* a line that starts with @ would look like a new entry */
              if (pos < len && text[pos] == '@')
                g_string_append_c (out, ' ');
            }
          break;

        case '\t':
          g_string_append_c (out, '\t');
          pos++;
          break;

        default:
          if (c < 0x20 || c == 0x7f)
            {
              pos++;
              break;
            }
          g_string_append_c (out, c);
          pos++;
          break;
        }
    }

  balance_braces (out, kind);

  return g_string_free (out, FALSE);
}

/**
 * proc_bibtex_encode:
 * @text: (nullable): text as proc_bibtex_decode() gives it
 *
 * Returns: (transfer full): a value to put between braces, whose braces
 *   balance, that proc_bibtex_decode() turns back into @text
 */
char *
proc_bibtex_encode (const char     *text,
                    ProcBibtexText  kind)
{
  return encode (text, kind, FALSE, TRUE);
}

/**
 * proc_bibtex_encode_title:
 *
 * Like proc_bibtex_encode(), and words whose case a style must not
 * change (BERT, GPT-4, ResNet) are braced, as {BERT}.
 */
char *
proc_bibtex_encode_title (const char *title)
{
  return encode (title, PROC_BIBTEX_TEXT_TITLE, TRUE, TRUE);
}

/* For proc-bibtex-names.c, which writes names, lists and keys. */

char *
_proc_bibtex_encode_no_math (const char *text)
{
  /* no math in names: its spaces and ties would split them */
  return encode (text, PROC_BIBTEX_TEXT_TITLE, FALSE, FALSE);
}

gsize
_proc_bibtex_math_end (const char *text,
                       gsize       pos,
                       gsize       end)
{
  return math_end (text, pos, end);
}
