/* proc-tex-command.c: the abstract renderer's commands and their arguments
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-tex-private.h"
#include "proc-tex-table.h"

/* Abstracts that passed through lossy tools read `\sqrtT`, `\mathbbR` or
 * `\emphn`: a known command that takes an argument glued to it. */
static const struct
{
  const char *prefix;
  guint       max_rest;
} glued_prefixes[] = {
  { "widetilde", 2 }, { "widehat", 2 }, { "mathcal", 3 }, { "mathbb", 3 },
  { "mathrm", 12 }, { "mathbf", 3 }, { "mathsf", 3 }, { "mathit", 3 },
  { "boldsymbol", 3 }, { "textbf", 12 }, { "textit", 12 }, { "texttt", 12 },
  { "textsc", 12 }, { "text", 12 }, { "tilde", 2 }, { "sqrt", 3 },
  { "emph", 12 }, { "hat", 2 }, { "bar", 2 }, { "vec", 2 }, { "bm", 2 },
};

/* Arguments */

static gsize
skip_blanks (const char *text,
             gsize       pos,
             gsize       end)
{
  while (pos < end && (text[pos] == ' ' || text[pos] == '\t'))
    pos++;

  return pos;
}

/* Renders one argument — a group, a command or a character — into @out. */
gsize
tex_arg (Tex      *self,
         gsize     pos,
         gsize     end,
         gboolean  math,
         GString  *out)
{
  const char *text = self->text;
  gsize close;

  pos = skip_blanks (text, pos, end);
  if (pos >= end)
    return pos;

  switch (text[pos])
    {
    case '{':
      close = tex_partner (self, pos, end);
      if (close == NO_MATCH)
        return pos + 1;  /* an unbalanced brace is dropped, the text stays */
      tex_render (self, pos + 1, close, math, out);
      return close + 1;

    case '}':
      return pos;

    case '\\':
      if (self->depth >= MAX_DEPTH)
        return pos + 1;
      self->depth++;
      pos = tex_command (self, pos, end, math, NULL, out);
      self->depth--;
      return pos;

    default:
      close = g_utf8_next_char (text + pos) - text;
      tex_append_escaped (self, out, text + pos, MIN (close, end) - pos);
      return MIN (close, end);
    }
}

static gsize
tex_take_arg (Tex        *self,
              gsize       pos,
              gsize       end,
              gboolean    math,
              const char *glued,
              GString    *out)
{
  if (glued != NULL)
    {
      tex_append_escaped (self, out, glued, strlen (glued));
      return pos;
    }

  return tex_arg (self, pos, end, math, out);
}

static gsize
tex_skip_arg (Tex   *self,
              gsize  pos,
              gsize  end)
{
  const char *text = self->text;
  gsize close;

  pos = skip_blanks (text, pos, end);
  if (pos >= end || text[pos] == '}')
    return pos;

  if (text[pos] == '{')
    {
      close = tex_partner (self, pos, end);
      return close == NO_MATCH ? pos + 1 : close + 1;
    }

  if (text[pos] == '\\')
    {
      pos++;
      while (pos < end && g_ascii_isalpha (text[pos]))
        pos++;
      return pos;
    }

  return MIN ((gsize) (g_utf8_next_char (text + pos) - text), end);
}

/* An optional argument: [ ... ] on the same line, short.  Returns the
 * position after it, and its inner range through @inner_start/@inner_end. */
static gsize
tex_optional_arg (Tex   *self,
                  gsize  pos,
                  gsize  end,
                  gsize *inner_start,
                  gsize *inner_end)
{
  const char *text = self->text;
  gsize p = skip_blanks (text, pos, end);

  *inner_start = *inner_end = 0;
  if (p >= end || text[p] != '[')
    return pos;

  for (gsize i = p + 1; i < end && i < p + 80; i++)
    {
      if (text[i] == ']')
        {
          *inner_start = p + 1;
          *inner_end = i;
          return i + 1;
        }
      if (text[i] == '\n' || text[i] == '[' || text[i] == '$')
        break;
    }

  return pos;
}

/* Commands */

static gsize
tex_inline_math (Tex     *self,
                 gsize    pos,
                 gsize    end,
                 guint    kind,
                 GString *out)
{
  gsize close = tex_find_close (self, kind, pos, end);

  if (close == NO_MATCH)
    return pos;

  tex_render (self, pos, close, TRUE, out);

  return close + 2;
}

gsize
tex_apply (Tex              *self,
           const TexCommand *cmd,
           gsize             pos,
           gsize             end,
           gboolean          math,
           Switches         *switches,
           const char       *glued,
           GString          *out)
{
  const char *text = self->text;
  g_autoptr(GString) a = NULL;
  g_autoptr(GString) b = NULL;
  gsize inner_start, inner_end;

  /* \operatorname*{argmax}, \section*{...} */
  if (glued == NULL && cmd->kind != CMD_SYMBOL && cmd->kind != CMD_IGNORE &&
      pos < end && text[pos] == '*')
    pos++;

  switch ((CmdKind) cmd->kind)
    {
    case CMD_SYMBOL:
      tex_append_escaped (self, out, cmd->text, strlen (cmd->text));
      /* "na\"\i ve", "\o ster": the space only ends the command name */
      if (cmd->mode == 1 && glued == NULL && pos < end && text[pos] == ' ')
        pos++;
      break;

    case CMD_IGNORE:
      break;

    case CMD_DROP:
      pos = tex_optional_arg (self, pos, end, &inner_start, &inner_end);
      for (guint i = 0; i < cmd->mode; i++)
        pos = tex_skip_arg (self, pos, end);
      break;

    case CMD_FONT:
      {
        gboolean arg_math = cmd->mode == ARG_SAME ? math : cmd->mode == ARG_MATH;

        gsize start = out->len;

        if (self->markup && cmd->text != NULL)
          tex_append_tag (out, cmd->text, FALSE);
        else if (self->marks && cmd->text != NULL)
          tex_append_mark (out, cmd->text, FALSE);
        pos = tex_take_arg (self, pos, end, arg_math, glued, out);
        if (self->marks && !self->markup && cmd->text != NULL)
          tex_append_mark (out, cmd->text, TRUE);
        if (self->markup && cmd->text != NULL)
          {
            if (out->len == start + strlen (cmd->text) + 2)
              g_string_truncate (out, start);  /* no empty <i></i> */
            else
              tex_append_tag (out, cmd->text, TRUE);
          }
      }
      break;

    case CMD_SWITCH:
      /* "{\bf bold}": the space only ends the command name */
      pos = skip_blanks (text, pos, end);
      if (switches != NULL && self->markup && cmd->text != NULL && switches->n < MAX_SWITCHES)
        {
          tex_append_tag (out, cmd->text, FALSE);
          switches->tags[switches->n++] = cmd->text;
        }
      break;

    case CMD_ACCENT:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, math, glued, a);
      tex_append_accented (self, out, tex_trim (a)->str, cmd->text);
      break;

    case CMD_NOT:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, math, glued, a);
      tex_append_accented (self, out, tex_trim (a)->str, "\xcc\xb8");
      break;

    case CMD_SCRIPT:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, FALSE, glued, a);
      tex_append_script (self, out, tex_trim (a)->str, cmd->mode == 1);
      break;

    case CMD_FRAC:
    case CMD_BINOM:
      a = g_string_new (NULL);
      b = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, TRUE, glued, a);
      pos = tex_arg (self, pos, end, TRUE, b);
      tex_trim (a);
      tex_trim (b);
      if (cmd->kind == CMD_BINOM)
        {
          g_string_append_printf (out, "C(%s, %s)", a->str, b->str);
        }
      else
        {
          tex_append_operand (self, out, a->str);
          g_string_append_c (out, '/');
          tex_append_operand (self, out, b->str);
        }
      break;

    case CMD_SQRT:
      a = g_string_new (NULL);
      if (glued == NULL)
        pos = tex_optional_arg (self, pos, end, &inner_start, &inner_end);
      else
        inner_start = inner_end = 0;
      if (inner_end > inner_start)
        {
          b = g_string_new (NULL);
          tex_render (self, inner_start, inner_end, TRUE, b);
        }
      pos = tex_take_arg (self, pos, end, TRUE, glued, a);
      tex_trim (a);
      if (b != NULL && strcmp (tex_trim (b)->str, "3") == 0)
        g_string_append (out, "∛");
      else if (b != NULL && strcmp (b->str, "4") == 0)
        g_string_append (out, "∜");
      else
        {
          if (b != NULL)
            tex_append_script (self, out, b->str, TRUE);
          g_string_append (out, "√");
        }
      tex_append_operand (self, out, a->str);
      break;

    case CMD_DOUBLE_STRUCK:
    case CMD_SCRIPT_LETTERS:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, TRUE, glued, a);
      tex_append_mapped (self, out, a->str,
                     cmd->kind == CMD_DOUBLE_STRUCK ? tex_to_double_struck : tex_to_script_letter);
      break;

    case CMD_SECOND_ARG:
      pos = tex_skip_arg (self, pos, end);
      pos = tex_arg (self, pos, end, math, out);
      break;

    case CMD_URL:
      pos = skip_blanks (text, pos, end);
      if (pos < end && text[pos] == '{')
        {
          gsize close = tex_partner (self, pos, end);

          if (close != NO_MATCH)
            {
              /* Verbatim, except the escapes people add anyway: \_ \% \# \& */
              for (gsize i = pos + 1; i < close; i++)
                if (!(text[i] == '\\' && i + 1 < close && strchr ("_%#&~$", text[i + 1])))
                  tex_append_escaped_char (self, out, text[i]);
              pos = close + 1;
            }
        }
      break;

    case CMD_DELIMITER:
      pos = skip_blanks (text, pos, end);
      if (pos < end && text[pos] == '.')
        pos++;
      break;

    default:
      break;
    }

  return pos;
}

/* A backslash and one character that is not a letter. */
gsize
tex_control_symbol (Tex      *self,
                    gsize     pos,
                    gsize     end,
                    gboolean  math,
                    GString  *out)
{
  const char *text = self->text;
  const ProcTexRow *row;
  char c = text[pos + 1];
  gsize next = pos + 2;

  switch (c)
    {
    case '{': case '}': case '%': case '&': case '#': case '_': case '$':
      tex_append_escaped_char (self, out, c);
      return next;

    case '|':
      g_string_append (out, "‖");
      return next;

    case '\\': case ',': case ';': case ':': case '>': case ' ': case '\t': case '\n':
      g_string_append_c (out, ' ');
      return next;

    case '!': case '/': case '-': case '@': case '*':
      return next;

    case '(':
    case '[':
      if (!math)
        {
          gsize after = tex_inline_math (self, next, end,
                                         c == '(' ? CLOSE_PAREN : CLOSE_BRACKET, out);
          if (after != next)
            return after;
        }
      g_string_append_c (out, c);
      return next;

    case ')':
    case ']':
      g_string_append_c (out, c);
      return next;

    default:
      break;
    }

  row = proc_tex_table_lookup (text + pos, 2);
  if (row != NULL && row->kind == PROC_TEX_ROW_ACCENT && (row->contexts & PROC_TEX_IN_RENDER))
    {
      g_autoptr(GString) a = g_string_new (NULL);

      next = tex_arg (self, next, end, math, a);
      tex_append_accented (self, out, tex_trim (a)->str, row->text);
      return next;
    }

  /* Any other character, non-ASCII included, stands for itself. */
  next = MIN ((gsize) (g_utf8_next_char (text + pos + 1) - text), end);
  tex_append_escaped (self, out, text + pos + 1, next - (pos + 1));

  return next;
}

static gsize
tex_unknown (Tex        *self,
             const char *name,
             gsize       len,
             gsize       pos,
             gsize       end,
             gboolean    math,
             GString    *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (glued_prefixes); i++)
    {
      const char *prefix = glued_prefixes[i].prefix;
      gsize plen = strlen (prefix);

      if (len > plen && len - plen <= glued_prefixes[i].max_rest &&
          strncmp (name, prefix, plen) == 0)
        {
          g_autofree char *rest = g_strndup (name + plen, len - plen);

          return tex_apply (self, tex_lookup (prefix, plen), pos, end, math, NULL, rest, out);
        }
    }

  /* An unknown macro: its name is the best guess at what it prints. */
  tex_append_escaped (self, out, name, len);

  return pos;
}

gsize
tex_command (Tex      *self,
             gsize     pos,
             gsize     end,
             gboolean  math,
             Switches *switches,
             GString  *out)
{
  const char *text = self->text;
  const TexCommand *cmd;
  gsize name_end;

  if (pos + 1 >= end)
    return end;  /* a trailing backslash */

  if (!g_ascii_isalpha (text[pos + 1]))
    return tex_control_symbol (self, pos, end, math, out);

  name_end = pos + 1;
  while (name_end < end && g_ascii_isalpha (text[name_end]))
    name_end++;

  cmd = tex_lookup (text + pos + 1, name_end - pos - 1);

  /* One-letter text commands mean something else in math: \l( and \r) are
   * common shorthands for \left( and \right), \d and \o for d and o. */
  if (cmd != NULL && math && cmd->text_only)
    {
      if (text[pos + 1] == 'l' || text[pos + 1] == 'r')
        return name_end;
      cmd = NULL;
    }

  if (cmd == NULL)
    return tex_unknown (self, text + pos + 1, name_end - pos - 1, name_end, end, math, out);

  return tex_apply (self, cmd, name_end, end, math, switches, NULL, out);
}
