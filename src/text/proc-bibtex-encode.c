/* proc-bibtex-encode.c: Unicode text to BibTeX field values
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-text"

#include "config.h"

#include <string.h>

#include "proc-bibtex-private.h"
#include "proc-tex-table.h"

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

static gboolean
is_letter_before (const char *text,
                  gsize       pos)
{
  const char *prev = g_utf8_find_prev_char (text, text + pos);

  return prev != NULL && g_unichar_isalpha (g_utf8_get_char_validated (prev, text + pos - prev));
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

char *
proc_bibtex_encode_with (const char     *text,
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
          close = math ? proc_bibtex_math_end (text, pos, len) : NO_MATCH;
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
              const ProcTexRow *row = proc_tex_table_lookup (text + pos, name_end - pos);

              if (row != NULL && row->kind == PROC_TEX_ROW_ACCENT &&
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

        case '`': case '\'':
          /* `` and '' would read as curly quotes */
          g_string_append_c (out, c);
          if (literal && pos + 1 < len && text[pos + 1] == c)
            g_string_append (out, "{}");
          pos++;
          break;

        case '"':
          /* m"u would read as ü (babel's shorthand) */
          if (pos > 0 && pos + 1 < len && g_ascii_isalpha (text[pos + 1]) &&
              proc_tex_table_lookup (text + pos, 2) != NULL && is_letter_before (text, pos))
            g_string_append (out, literal ? "{\"}" : "\\textquotedbl{}");
          else
            g_string_append_c (out, '"');
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
  return proc_bibtex_encode_with (text, kind, FALSE, TRUE);
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
  return proc_bibtex_encode_with (title, PROC_BIBTEX_TEXT_TITLE, TRUE, TRUE);
}
