/* proc-tex.c: turn the TeX-ish text of abstracts into readable text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-tex.h"
#include "proc-tex-private.h"
#include "proc-tex-table.h"

#include <string.h>

/* Abstracts are not TeX documents: they are text with inline math, a few
 * font commands and Markdown emphasis, often damaged on the way (lost
 * braces, lone dollars for prices, truncated paragraphs).  So this is not a
 * TeX interpreter but a forgiving single pass that never lets one broken
 * construct swallow the rest of the text:
 *
 *  - a `$` counts as math only when a closing `$` follows in the same
 *    paragraph, and a `{` is a group only when its `}` is in the same
 *    paragraph (and inside the enclosing math or group);
 *  - every search for a closing delimiter is remembered, so a thousand
 *    lone dollars cost one scan, not a thousand;
 *  - nesting is capped, deeper text is copied with the TeX syntax removed.
 */

/* Output helpers */

void
tex_append_escaped_char (Tex     *self,
                         GString *out,
                         char     c)
{
  if (((guchar) c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
    return;

  if (self->markup)
    {
      switch (c)
        {
        case '&': g_string_append (out, "&amp;"); return;
        case '<': g_string_append (out, "&lt;"); return;
        case '>': g_string_append (out, "&gt;"); return;
        case '\'': g_string_append (out, "&#39;"); return;
        case '"': g_string_append (out, "&quot;"); return;
        default: break;
        }
    }

  g_string_append_c (out, c);
}

/* Copies text verbatim but escaped, without control characters. */
void
tex_append_escaped (Tex        *self,
                    GString    *out,
                    const char *s,
                    gsize       len)
{
  for (gsize i = 0; i < len; i++)
    {
      guchar c = s[i];

      if (c == 0xc2 && i + 1 < len && (guchar) s[i + 1] >= 0x80 && (guchar) s[i + 1] <= 0x9f)
        i++;
      else
        tex_append_escaped_char (self, out, c);
    }
}

/* In plain text with marks, italics and bold keep their extent. */
void
tex_append_mark (GString    *out,
                 const char *tag,
                 gboolean    closing)
{
  if (g_str_equal (tag, "i"))
    g_string_append (out, closing ? PROC_TEX_MARK_ITALIC_CLOSE : PROC_TEX_MARK_ITALIC_OPEN);
  else if (g_str_equal (tag, "b"))
    g_string_append (out, closing ? PROC_TEX_MARK_BOLD_CLOSE : PROC_TEX_MARK_BOLD_OPEN);
}

void
tex_append_tag (GString    *out,
                const char *tag,
                gboolean    closing)
{
  g_string_append_c (out, '<');
  if (closing)
    g_string_append_c (out, '/');
  g_string_append (out, tag);
  g_string_append_c (out, '>');
}

/* Position helpers */

static gboolean
is_paragraph_break (const char *text,
                    gsize       pos,
                    gsize       end)
{
  if (text[pos] != '\n')
    return FALSE;

  for (pos++; pos < end; pos++)
    {
      if (text[pos] == '\n')
        return TRUE;
      if (text[pos] != ' ' && text[pos] != '\t' && text[pos] != '\r')
        return FALSE;
    }

  return FALSE;
}

static void
tex_match_braces (Tex *self)
{
  g_autoptr(GArray) stack = NULL;
  const char *text = self->text;

  if (self->len >= NO_BRACE || memchr (text, '{', self->len) == NULL)
    return;

  stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->match = g_new (guint32, self->len);
  memset (self->match, 0xff, self->len * sizeof (guint32));

  for (gsize i = 0; i < self->len; i++)
    {
      i += strcspn (text + i, "\\{}\n");
      if (i >= self->len)
        break;

      switch (text[i])
        {
        case '\\':
          i++;  /* \{ \} \\ are not braces */
          break;

        case '{':
          {
            guint32 open = i;
            g_array_append_val (stack, open);
          }
          break;

        case '}':
          if (stack->len > 0)
            {
              guint32 open = g_array_index (stack, guint32, stack->len - 1);

              g_array_set_size (stack, stack->len - 1);
              self->match[open] = i;
            }
          break;

        case '\n':
          /* A group never spans paragraphs: a lost brace stays local. */
          if (is_paragraph_break (text, i, self->len))
            g_array_set_size (stack, 0);
          break;

        default:
          break;
        }
    }
}

/* The '}' of the '{' at @pos, when it lies before @end. */
gsize
tex_partner (Tex   *self,
             gsize  pos,
             gsize  end)
{
  guint32 close;

  if (self->match == NULL)
    return NO_MATCH;

  close = self->match[pos];
  if (close == NO_BRACE || close >= end)
    return NO_MATCH;

  return close;
}

static gboolean
is_dollar_closer (const char *text,
                  gsize       pos,
                  gsize       len)
{
  /* "from $5 to $10": a '$' after a space and before a digit is a price,
   * while "($\geq$10%)" closes math before a digit. */
  return text[pos] == '$' &&
         !(pos > 0 && g_ascii_isspace (text[pos - 1]) &&
           pos + 1 < len && g_ascii_isdigit (text[pos + 1]));
}

/* Finds the closing delimiter of @kind at or after @pos, before @end and in
 * the same paragraph.  Returns its offset or NO_MATCH. */
gsize
tex_find_close (Tex   *self,
                guint  kind,
                gsize  pos,
                gsize  end)
{
  const char *text = self->text;
  CloseMemo *memo = &self->memo[kind];
  gsize start = pos;
  gsize i = pos;

  if (memo->from <= pos && pos < memo->until)
    {
      if (memo->until >= end)
        return NO_MATCH;
      i = memo->until;
      start = memo->from;
    }

  while (i < end)
    {
      char c = text[i];

      if (c == '\\')
        {
          if (i + 1 < end && ((kind == CLOSE_PAREN && text[i + 1] == ')') ||
                              (kind == CLOSE_BRACKET && text[i + 1] == ']')))
            break;
          i += 2;
          continue;
        }

      if (c == '$')
        {
          if (kind == CLOSE_DOLLAR && is_dollar_closer (text, i, self->len))
            break;
          if (kind == CLOSE_DISPLAY && i + 1 < end && text[i + 1] == '$')
            break;
        }
      else if (c == '\n' && is_paragraph_break (text, i, self->len))
        {
          memo->from = start;
          memo->until = i;
          return NO_MATCH;
        }

      i++;
    }

  memo->from = start;
  memo->until = MIN (i, end);

  return i < end ? i : NO_MATCH;
}

/* Text-mode constructions */

static gsize
tex_dollar (Tex     *self,
            gsize    pos,
            gsize    end,
            GString *out)
{
  const char *text = self->text;
  gsize close;

  if (pos + 1 < end && text[pos + 1] == '$')
    {
      close = tex_find_close (self, CLOSE_DISPLAY, pos + 2, end);
      if (close != NO_MATCH)
        {
          tex_render (self, pos + 2, close, TRUE, out);
          return close + 2;
        }
      g_string_append (out, "$$");
      return pos + 2;
    }

  close = tex_find_close (self, CLOSE_DOLLAR, pos + 1, end);
  if (close == NO_MATCH)
    {
      g_string_append_c (out, '$');
      return pos + 1;
    }

  tex_render (self, pos + 1, close, TRUE, out);

  return close + 1;
}

/* *emphasis* and **strong**, only when the stars hug the words. */
static gsize
tex_emphasis (Tex     *self,
              gsize    pos,
              gsize    end,
              GString *out)
{
  const char *text = self->text;
  gsize run = 0;
  gsize limit;
  char before, after;

  while (pos + run < end && text[pos + run] == '*')
    run++;

  before = pos > 0 ? text[pos - 1] : ' ';
  after = pos + run < end ? text[pos + run] : ' ';

  if (run > 2 || g_ascii_isalnum (before) || g_ascii_isspace (after) || pos + run >= end)
    goto literal;

  limit = MIN (end, pos + run + MAX_EMPHASIS);
  for (gsize i = pos + run; i < limit; )
    {
      gsize r = 0;

      if (text[i] == '\\')
        {
          i += 2;
          continue;
        }
      if (text[i] == '\n' && is_paragraph_break (text, i, end))
        break;
      if (text[i] != '*')
        {
          i++;
          continue;
        }

      while (i + r < end && text[i + r] == '*')
        r++;

      if (r == run && i > pos + run && !g_ascii_isspace (text[i - 1]) &&
          (i + r >= end || !g_ascii_isalnum (text[i + r])))
        {
          const char *tag = run == 1 ? "i" : "b";

          if (self->markup)
            tex_append_tag (out, tag, FALSE);
          else if (self->marks)
            tex_append_mark (out, tag, FALSE);
          tex_render (self, pos + run, i, FALSE, out);
          if (self->markup)
            tex_append_tag (out, tag, TRUE);
          else if (self->marks)
            tex_append_mark (out, tag, TRUE);
          return i + r;
        }

      i += r;
    }

literal:
  g_string_append_len (out, text + pos, run);
  return pos + run;
}

/* babel's "u inside a word (Kainm"uller); a quote anywhere else. */
static gsize
tex_shorthand (Tex      *self,
               gsize    pos,
               gsize    end,
               gboolean math,
               GString *out)
{
  const char *text = self->text;
  const ProcTexRow *row = !math && pos + 1 < end ? proc_tex_table_lookup (text + pos, 2) : NULL;

  if (row != NULL && row->kind == PROC_TEX_ROW_SHORTHAND && pos > 0)
    {
      const char *prev = g_utf8_find_prev_char (text, text + pos);

      if (prev != NULL && g_unichar_isalpha (g_utf8_get_char (prev)))
        {
          g_string_append (out, row->text);
          return pos + 2;
        }
    }

  tex_append_escaped_char (self, out, '"');
  return pos + 1;
}

/* Copies text with the TeX syntax left out; for nesting beyond MAX_DEPTH. */
static void
tex_render_raw (Tex     *self,
                gsize    pos,
                gsize    end,
                GString *out)
{
  for (; pos < end; pos++)
    {
      char c = self->text[pos];

      if (c == '\\' || c == '{' || c == '}' || c == '$' || c == '^' || c == '_')
        continue;
      tex_append_escaped (self, out, self->text + pos, 1);
    }
}

void
tex_render (Tex      *self,
            gsize     pos,
            gsize     end,
            gboolean  math,
            GString  *out)
{
  const char *text = self->text;
  guint8 mask = math ? CLASS_MATH : CLASS_TEXT;
  Switches switches = { { NULL }, 0 };

  if (self->depth >= MAX_DEPTH)
    {
      tex_render_raw (self, pos, end, out);
      return;
    }

  self->depth++;

  while (pos < end)
    {
      guchar c = text[pos];

      if (!(tex_char_class[c] & mask))
        {
          gsize start = pos;

          if (self->has_controls)
            {
              do
                pos++;
              while (pos < end && !(tex_char_class[(guchar) text[pos]] & mask));
            }
          else
            {
              /* strcspn () is vectorised for up to sixteen bytes */
              static const char * const specials[2][2] = {
                { "\\{}$*`'-~\xc2\"", "\\{}$*`'-~\xc2&<>\"" },
                { "\\{}^_'~$\xc2", "\\{}^_'~$\xc2&<>\"" },
              };

              pos += strcspn (text + pos, specials[math][self->markup]);
              pos = MIN (pos, end);
            }
          if (math)
            tex_append_math_run (self, out, start, pos);
          else
            g_string_append_len (out, text + start, pos - start);
          continue;
        }

      switch (c)
        {
        case '\\':
          pos = tex_command (self, pos, end, math, &switches, out);
          break;

        case '{':
          {
            const TexCommand *lost = tex_lost_command (self, pos, out);
            gsize close;

            if (lost != NULL)
              {
                pos = tex_apply (self, lost, pos, end, math, &switches, NULL, out);
                break;
              }

            close = tex_partner (self, pos, end);
            if (close == NO_MATCH)
              {
                pos++;
              }
            else
              {
                tex_render (self, pos + 1, close, math, out);
                pos = close + 1;
              }
          }
          break;

        case '}':
          pos++;
          break;

        case '$':
          if (math)
            {
              g_string_append_c (out, '$');
              pos++;
            }
          else
            {
              pos = tex_dollar (self, pos, end, out);
            }
          break;

        case '^':
        case '_':
          {
            g_autoptr(GString) arg = g_string_new (NULL);

            pos = tex_arg (self, pos + 1, end, TRUE, arg);
            tex_append_script (self, out, tex_trim (arg)->str, c == '^');
          }
          break;

        case '*':
          pos = tex_emphasis (self, pos, end, out);
          break;

        case '`':
          if (pos + 1 < end && text[pos + 1] == '`')
            {
              g_string_append (out, "“");
              self->double_quote_open = TRUE;
              pos += 2;
            }
          else
            {
              g_string_append (out, "‘");
              self->single_quote_open = TRUE;
              pos++;
            }
          break;

        case '\'':
          if (math)
            {
              static const char * const primes[] = { "′", "″", "‴" };
              gsize run = 0;

              while (pos + run < end && text[pos + run] == '\'')
                run++;
              for (gsize i = run; i > 0; i -= MIN (i, 3))
                g_string_append (out, primes[MIN (i, 3) - 1]);
              pos += run;
            }
          else if (pos + 1 < end && text[pos + 1] == '\'')
            {
              /* ''closing'' quotes only close ``opening'' ones; after a
               * straight " they are a straight " too */
              if (self->double_quote_open)
                g_string_append (out, "”");
              else
                tex_append_escaped_char (self, out, '"');
              self->double_quote_open = FALSE;
              pos += 2;
            }
          else if (self->single_quote_open &&
                   !(pos + 1 < end && g_ascii_isalpha (text[pos + 1])))
            {
              g_string_append (out, "’");
              self->single_quote_open = FALSE;
              pos++;
            }
          else
            {
              tex_append_escaped_char (self, out, '\'');
              pos++;
            }
          break;

        case '-':
          if (pos + 2 < end && text[pos + 1] == '-' && text[pos + 2] == '-')
            {
              g_string_append (out, "—");
              pos += 3;
            }
          else if (pos + 1 < end && text[pos + 1] == '-')
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

        case '~':
          if (math)
            {
              g_string_append_c (out, ' ');
            }
          else
            {
              /* A TeX tie sits between words ("Fig.~2", "et al.~\cite",
               * "fast~--- and"); elsewhere abstracts use ~ for "about"
               * ("~20%", "13~133×"). */
              char before = pos > 0 ? text[pos - 1] : ' ';
              char after = pos + 1 < end ? text[pos + 1] : ' ';

              if ((g_ascii_isalpha (before) || before == '.') &&
                  (g_ascii_isalnum (after) || after == '\\' || after == '$' || after == '[' ||
                   after == '-'))
                g_string_append (out, self->markup ? "\xc2\xa0" : " ");
              else
                g_string_append_c (out, '~');
            }
          pos++;
          break;

        case '"':
          pos = tex_shorthand (self, pos, end, math, out);
          break;

        case 0xc2:
          /* C1 control characters go; other U+0080–U+00BF stay */
          if (pos + 1 < end && (guchar) text[pos + 1] >= 0x80 && (guchar) text[pos + 1] <= 0x9f)
            {
              pos += 2;
            }
          else
            {
              g_string_append_len (out, text + pos, MIN (2, end - pos));
              pos += 2;
            }
          break;

        default:
          tex_append_escaped_char (self, out, c);
          pos++;
          break;
        }
    }

  while (switches.n > 0)
    tex_append_tag (out, switches.tags[--switches.n], TRUE);

  self->depth--;
}

/* Whether @text has bytes beyond ASCII, and control characters other than
 * tab and newline; eight bytes at a time, as every abstract goes through. */
static void
scan_bytes (const char *text,
            gsize       len,
            gboolean   *non_ascii,
            gboolean   *controls)
{
  const guint64 high = 0x8080808080808080ull;
  const guint64 ones = 0x0101010101010101ull;
  gsize i = 0;

  *non_ascii = *controls = FALSE;

  for (; i + 8 <= len; i += 8)
    {
      guint64 v;

      memcpy (&v, text + i, 8);
      *non_ascii |= (v & high) != 0;

      /* a byte below 0x20, or 0x7f: look closer (tabs and newlines are fine) */
      if ((((v - 0x20 * ones) & ~v) | ((v ^ (0x7f * ones)) - ones)) & high & ~v)
        for (gsize k = i; k < i + 8; k++)
          {
            guchar c = text[k];

            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
              *controls = TRUE;
          }
    }

  for (; i < len; i++)
    {
      guchar c = text[i];

      *non_ascii |= c >= 0x80;
      if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
        *controls = TRUE;
    }
}

static char *
tex_convert (const char *text,
             gboolean    markup,
             gboolean    marks)
{
  g_autofree char *valid = NULL;
  gboolean non_ascii = FALSE;
  GString *out;
  Tex self = { 0 };
  gsize len;

  if (text == NULL)
    return g_strdup ("");

  tex_init_tables ();

  len = strlen (text);
  scan_bytes (text, len, &non_ascii, &self.has_controls);
  if (non_ascii && !g_utf8_validate (text, len, NULL))
    {
      text = valid = g_utf8_make_valid (text, len);
      len = strlen (text);
    }

  self.text = text;
  self.len = len;
  self.markup = markup;
  self.marks = marks;
  tex_match_braces (&self);

  out = g_string_sized_new (self.len + 16);
  tex_render (&self, 0, self.len, FALSE, out);

  g_free (self.match);

  return g_string_free (out, FALSE);
}

/**
 * proc_tex_to_plain:
 * @text: (nullable): an abstract, with inline TeX and Markdown emphasis
 *
 * Turns @text into plain Unicode text: math becomes Unicode (Greek letters,
 * operators, superscripts where Unicode has them), font commands and
 * emphasis markers disappear, unbalanced `$` and braces stay as they are.
 *
 * Returns: (transfer full): plain text, valid UTF-8, never %NULL
 */
char *
proc_tex_to_plain (const char *text)
{
  return tex_convert (text, FALSE, FALSE);
}

/**
 * proc_tex_to_markup:
 * @text: (nullable): an abstract, with inline TeX and Markdown emphasis
 *
 * Like proc_tex_to_plain(), but returns Pango markup: the text is escaped,
 * emphasis and fonts become `<i>`, `<b>`, `<tt>` and `<u>`, and
 * superscripts that Unicode lacks become `<sup>` and `<sub>`.
 *
 * Returns: (transfer full): Pango markup, never %NULL
 */
char *
proc_tex_to_markup (const char *text)
{
  return tex_convert (text, TRUE, FALSE);
}

/**
 * proc_tex_to_plain_marked:
 * @text: (nullable): an abstract, with inline TeX and Markdown emphasis
 *
 * Like proc_tex_to_plain(), but italics and bold (`*x*`, `**x**`,
 * `\textit{x}`, `\emph{x}`, `\textbf{x}`) stand between the private-use
 * characters PROC_TEX_MARK_ITALIC_OPEN and _CLOSE, or PROC_TEX_MARK_BOLD_*,
 * for a writer to turn into its own emphasis once the text is escaped.
 *
 * Returns: (transfer full): plain text with marks, never %NULL
 */
char *
proc_tex_to_plain_marked (const char *text)
{
  return tex_convert (text, FALSE, TRUE);
}

