/* proc-bibtex-decode.c: BibTeX field values to Unicode text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-text"

#include "config.h"

#include <string.h>

#include "proc-bibtex-private.h"
#include "proc-tex-table.h"

#define MAX_DEPTH  32


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

static gsize
decoder_group_end (Decoder *d,
                   gsize    pos,
                   gsize    end)
{
  return proc_bibtex_group_end (d->matches, d->text, pos, end);
}

/* The context of proc-tex-table.c's rows this decoder is in. */
static guint
decoder_context (Decoder *d)
{
  return d->kind == PROC_BIBTEX_TEXT_ABSTRACT ? PROC_TEX_IN_ABSTRACT : PROC_TEX_IN_FIELD;
}

/* The row of the command at @pos (its backslash) that ends at @name_end. */
static const ProcTexRow *
lookup_row (const char *text,
            gsize       pos,
            gsize       name_end)
{
  return proc_tex_table_lookup (text + pos, name_end - pos);
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
  if (pos < end && text[pos] == '\n' && !proc_bibtex_blank_line_at (text, pos, end))
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
      /* "na\\"\\i ve": the space only ends the command's name */
      pos = g_ascii_isalpha (text[pos + 1]) ? skip_command_space (text, name_end, end) : name_end;
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
  const ProcTexRow *row;
  gsize name_end;

  if (pos + 1 >= close || text[pos] != '\\')
    return FALSE;

  for (name_end = pos + 1; name_end < close && g_ascii_isalpha (text[name_end]); name_end++)
    ;
  if (name_end == pos + 1)
    name_end++;
  row = lookup_row (text, pos, name_end);

  return row != NULL && (row->kind == PROC_TEX_ROW_ACCENT || row->kind == PROC_TEX_ROW_LETTER);
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
  const ProcTexRow *row;
  gsize name_end;
  char c;

  if (pos + 1 >= end)
    {
      g_string_append_c (out, '\\');
      return end;
    }

  c = text[pos + 1];
  if (!g_ascii_isalpha (c))
    {
      row = lookup_row (text, pos, pos + 2);
      if (row != NULL && row->kind == PROC_TEX_ROW_ACCENT)
        return decode_accent (d, row->text, c, FALSE, pos + 2, end, out);
      if (row != NULL && row->kind == PROC_TEX_ROW_SYMBOL)
        {
          /* \$ \{ \} stay in an abstract */
          if (row->contexts & decoder_context (d))
            g_string_append (out, row->text);
          else
            g_string_append_len (out, text + pos, 2);
          return pos + 2;
        }

      switch (c)
        {

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
          /* \( and the like: the backslash stays, the rest is text */
          g_string_append_c (out, '\\');
          return pos + 1;
        }
    }

  for (name_end = pos + 1; name_end < end && g_ascii_isalpha (text[name_end]); name_end++)
    ;

  row = lookup_row (text, pos, name_end);
  if (row != NULL && row->kind == PROC_TEX_ROW_ACCENT)
    return decode_accent (d, row->text, '\0', TRUE, name_end, end, out);

  if (row != NULL && (row->kind == PROC_TEX_ROW_SYMBOL || row->kind == PROC_TEX_ROW_LETTER) &&
      (row->contexts & decoder_context (d)))
    {
      /* in TeX-ish text a brace on its own is \{ */
      if (abstract && (g_str_equal (row->text, "{") || g_str_equal (row->text, "}")))
        g_string_append_c (out, '\\');
      g_string_append (out, row->text);
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
  gsize close = proc_bibtex_math_end (text, pos, end);

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

/* --, ---, ``, '' and ~ in a title or a note; an abstract keeps them for
 * the renderer. */
static gsize
decode_ligature (Decoder  *d,
                 gsize     pos,
                 gsize     end,
                 GString  *out)
{
  const char *text = d->text;

  if (d->kind != PROC_BIBTEX_TEXT_ABSTRACT)
    for (gsize n = MIN (3, end - pos); n > 0; n--)
      {
        const ProcTexRow *row = proc_tex_table_lookup (text + pos, n);

        if (row != NULL && row->kind == PROC_TEX_ROW_LIGATURE && (row->contexts & PROC_TEX_IN_FIELD))
          {
            g_string_append (out, row->text);
            return pos + n;
          }
      }

  g_string_append_c (out, text[pos]);
  return pos + 1;
}

/* Whether the character before @pos is a letter. */
static gboolean
letter_before (const char *text,
               gsize       pos)
{
  const char *prev;

  if (pos == 0)
    return FALSE;
  if ((guchar) text[pos - 1] < 0x80)
    return g_ascii_isalpha (text[pos - 1]);

  prev = g_utf8_find_prev_char (text, text + pos);
  return prev != NULL && g_unichar_isalpha (g_utf8_get_char_validated (prev, text + pos - prev));
}

/* babel's "u inside a word (Kainm"uller); a quote anywhere else. */
static gsize
decode_shorthand (Decoder  *d,
                  gsize     pos,
                  gsize     end,
                  GString  *out)
{
  const char *text = d->text;
  const ProcTexRow *row = pos + 1 < end ? proc_tex_table_lookup (text + pos, 2) : NULL;

  if (row != NULL && row->kind == PROC_TEX_ROW_SHORTHAND && (row->contexts & decoder_context (d)) &&
      letter_before (text, pos))
    {
      g_string_append (out, row->text);
      return pos + 2;
    }

  g_string_append_c (out, '"');
  return pos + 1;
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
      gsize run = strcspn (text + pos, "\\{}$~-`'\"\x01");

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

        case '"':
          pos = decode_shorthand (d, pos, end, out);
          break;

        default:
          if (text[pos] == LINE_BREAK)
            {
              /* a stray LINE_BREAK byte */
              pos++;
              break;
            }
          pos = decode_ligature (d, pos, end, out);
          break;
        }
    }

  d->depth--;
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

  return proc_bibtex_fold_space (raw->str, kind);
}
