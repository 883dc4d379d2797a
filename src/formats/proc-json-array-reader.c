/* proc-json-array-reader.c: the elements of a JSON array, one at a time, from a stream of lines
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-json-array-reader"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "proc-json-array-reader.h"

/* json-glib parses whole documents, and a paper list can be hundreds of
 * megabytes.  So this splits the top-level array without parsing it: it
 * scans the characters, following strings, escapes and the depth of
 * brackets, and hands out each element's text with the line it starts
 * on.  Each element is then parsed on its own, so memory is bounded by
 * the largest paper, and a broken paper is skipped without losing the
 * rest: the scan knows where it ends even when the parser does not.
 *
 * A top-level object is read as one element, as CSL-JSON may hold a
 * single item. */

/* One paper is kilobytes; anything this large is not a paper. */
#define MAX_ELEMENT_SIZE (64 * 1024 * 1024)
/* A paper is an object of strings and small arrays, a few levels deep.
 * json-glib's parser recurses per level, so an element nested deeper is
 * skipped without parsing it (100,000 levels would overflow the stack). */
#define MAX_DEPTH 64

typedef enum
{
  STATE_START,      /* before the "[" */
  STATE_EXPECT,     /* after "[" or ",": an element or "]" */
  STATE_AFTER,      /* after an element: "," or "]" */
  STATE_END,        /* after the "]": nothing but white space */
  STATE_DONE,
} State;

struct _ProcJsonArrayReader
{
  ProcLineReader *lines;     /* not owned */
  const char *text;          /* the current line, valid until the next is read */
  gsize len;
  gsize pos;
  gboolean eof;
  State state;
  gboolean single;           /* the file is one object, not an array */
  guint array_line;
  GString *element;
  guint element_line;
  guint element_column;      /* in characters, 1-based */
  gboolean element_too_deep;
  JsonParser *parser;
};

ProcJsonArrayReader *
proc_json_array_reader_new (ProcLineReader *lines)
{
  ProcJsonArrayReader *self = g_new0 (ProcJsonArrayReader, 1);

  self->lines = lines;
  self->element = g_string_new (NULL);
  /* Not immutable: json-glib 1.10 asserts when an immutable parser's
   * root is a list it made of several values, which json-glib's own
   * extensions (comments) can still hide from the scan below. */
  self->parser = json_parser_new ();
  return self;
}

void
proc_json_array_reader_free (ProcJsonArrayReader *self)
{
  if (self == NULL)
    return;

  g_string_free (self->element, TRUE);
  g_clear_object (&self->parser);
  g_free (self);
}

static const char *
display_name (ProcJsonArrayReader *self)
{
  return proc_line_reader_get_display_name (self->lines);
}

static guint
current_line (ProcJsonArrayReader *self)
{
  return MAX (1, proc_line_reader_get_line (self->lines));
}

/* Gives the file's next byte, with "\n" between lines, and "\0" at the
 * end (the line reader has refused NUL bytes, so it cannot be text). */
static gboolean
next_char (ProcJsonArrayReader  *self,
           char                 *c,
           GCancellable         *cancellable,
           GError              **error)
{
  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      const char *line;
      gsize len = 0;

      if (self->text != NULL)
        {
          if (self->pos < self->len)
            {
              *c = self->text[self->pos++];
              return TRUE;
            }

          self->text = NULL;
          *c = '\n';
          return TRUE;
        }

      if (self->eof)
        {
          *c = '\0';
          return TRUE;
        }

      line = proc_line_reader_next (self->lines, &len, cancellable, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }

      if (line == NULL)
        {
          self->eof = TRUE;
          continue;
        }

      self->text = line;
      self->len = len;
      self->pos = 0;
    }
}

/* Gives the next character that is not white space. */
static gboolean
next_token (ProcJsonArrayReader  *self,
            char                 *c,
            GCancellable         *cancellable,
            GError              **error)
{
  do
    {
      if (!next_char (self, c, cancellable, error))
        return FALSE;
    }
  while (*c == ' ' || *c == '\t' || *c == '\n');

  return TRUE;
}

/* The text from the character just read, for messages. */
static char *
dup_excerpt (ProcJsonArrayReader *self)
{
  g_autofree char *shown = NULL;
  glong length;

  if (self->text == NULL || self->pos == 0)
    return g_strdup ("");

  /* g_utf8_substring () walks on past the end of a shorter text */
  length = g_utf8_strlen (self->text + self->pos - 1, -1);
  shown = g_utf8_substring (self->text + self->pos - 1, 0, MIN (length, 20));
  if (length > 20)
    return g_strconcat (shown, "…", NULL);

  return g_steal_pointer (&shown);
}

static gboolean
read_start (ProcJsonArrayReader  *self,
            GCancellable         *cancellable,
            GError              **error)
{
  char c;

  if (self->state != STATE_START)
    return TRUE;

  if (!next_token (self, &c, cancellable, error))
    return FALSE;

  if (c == '\0')
    {
      g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY,
                   _("%s:%u: the file is empty; a JSON paper list is an array: [ {…}, {…} ]"),
                   display_name (self), current_line (self));
      return FALSE;
    }

  if (c == '[')
    {
      self->array_line = current_line (self);
      self->state = STATE_EXPECT;
      return TRUE;
    }

  if (c == '{')
    {
      /* Rewind to the brace: the object is the one element. */
      self->pos--;
      self->single = TRUE;
      self->array_line = current_line (self);
      self->state = STATE_EXPECT;
      return TRUE;
    }

  {
    g_autofree char *excerpt = dup_excerpt (self);

    g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                 _("%s:%u: this is not a JSON paper list: it begins with “%s” where an array’s “[” should be"),
                 display_name (self), current_line (self), excerpt);
  }
  return FALSE;
}

static void
set_unclosed_error (ProcJsonArrayReader  *self,
                    gboolean              in_string,
                    guint                 string_line,
                    GError              **error)
{
  if (in_string)
    g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                 _("%s:%u: the file ends inside the string that begins on line %u; "
                   "a quotation mark is missing"),
                 display_name (self), current_line (self), string_line);
  else if (self->single)
    g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                 _("%s:%u: the file ends before the object that begins on line %u is closed with “}”"),
                 display_name (self), current_line (self), self->array_line);
  else
    g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                 _("%s:%u: the file ends before the array that begins on line %u is closed with “]”"),
                 display_name (self), current_line (self), self->array_line);
}

/* Collects one element, @c being its first character, and sets the
 * state that follows it.  An object or array ends at its closing
 * bracket, a string at its closing quote; anything else (a number, a
 * typo) at the next comma, bracket or space, for the parser to refuse,
 * or where another value opens.  So an element is never two values:
 * json-glib 1.10 would read «"a"[1]» as an array of both (and abort on
 * it in an immutable parser), older ones keep only the last. */
static gboolean
scan_element (ProcJsonArrayReader  *self,
              char                  c,
              GCancellable         *cancellable,
              GError              **error)
{
  guint depth = 0;
  gboolean in_string = FALSE;
  gboolean escaped = FALSE;
  guint string_line = 0;

  g_string_truncate (self->element, 0);
  self->element_too_deep = FALSE;
  self->element_line = current_line (self);
  self->element_column = self->text ? (guint) g_utf8_strlen (self->text, self->pos - 1) + 1 : 1;

  for (;;)
    {
      if (c == '\0')
        {
          set_unclosed_error (self, in_string, string_line, error);
          return FALSE;
        }

      if (self->element->len >= MAX_ELEMENT_SIZE)
        {
          g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                       _("%s:%u: the entry that begins on line %u is larger than %u MB, "
                         "too large for one paper"),
                       display_name (self), current_line (self), self->element_line,
                       (guint) (MAX_ELEMENT_SIZE / (1024 * 1024)));
          return FALSE;
        }

      if (in_string)
        {
          g_string_append_c (self->element, c);
          if (escaped)
            escaped = FALSE;
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            in_string = FALSE;

          if (!in_string && depth == 0)
            {
              self->state = STATE_AFTER;
              return TRUE;
            }

          /* Abstracts are most of a paper: take the plain run of a
           * string at once rather than byte by byte. */
          if (in_string && !escaped && self->text != NULL)
            {
              gsize run = strcspn (self->text + self->pos, "\"\\");

              g_string_append_len (self->element, self->text + self->pos, run);
              self->pos += run;
            }
        }
      else if (depth == 0 && self->element->len > 0 && (c == '"' || c == '{' || c == '['))
        {
          /* A value after a value, with no comma between: the next
           * state reports it. */
          self->pos--;
          self->state = STATE_AFTER;
          return TRUE;
        }
      else
        {
          switch (c)
            {
            case '"':
              in_string = TRUE;
              string_line = current_line (self);
              g_string_append_c (self->element, c);
              break;

            case '{':
            case '[':
              if (++depth > MAX_DEPTH)
                self->element_too_deep = TRUE;
              g_string_append_c (self->element, c);
              break;

            case '}':
            case ']':
              if (depth == 0 && c == ']' && !self->single)
                {
                  self->state = STATE_END;
                  return TRUE;
                }
              g_string_append_c (self->element, c);
              if (depth > 0 && --depth == 0)
                {
                  self->state = self->single ? STATE_END : STATE_AFTER;
                  return TRUE;
                }
              break;

            case ',':
            case ' ':
            case '\t':
            case '\n':
              if (depth == 0)
                {
                  self->state = (c == ',') ? STATE_EXPECT : STATE_AFTER;
                  return TRUE;
                }
              g_string_append_c (self->element, c);
              break;

            default:
              g_string_append_c (self->element, c);
              break;
            }
        }

      if (!next_char (self, &c, cancellable, error))
        return FALSE;
    }
}

static const char *
read_next (ProcJsonArrayReader  *self,
           gsize                *length,
           guint                *line,
           GCancellable         *cancellable,
           GError              **error)
{
  char c;

  if (!read_start (self, cancellable, error))
    return NULL;

  for (;;)
    {
      switch (self->state)
        {
        case STATE_START:
          g_assert_not_reached ();

        case STATE_EXPECT:
          if (!next_token (self, &c, cancellable, error))
            return NULL;
          if (c == '\0')
            {
              set_unclosed_error (self, FALSE, 0, error);
              return NULL;
            }
          /* A comma before the "]" is not JSON, but it is harmless. */
          if (c == ']' && !self->single)
            {
              self->state = STATE_END;
              continue;
            }
          if (c == ',')
            {
              g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                           _("%s:%u: an entry is missing: two commas follow each other"),
                           display_name (self), current_line (self));
              return NULL;
            }
          if (!scan_element (self, c, cancellable, error))
            return NULL;
          if (length != NULL)
            *length = self->element->len;
          if (line != NULL)
            *line = self->element_line;
          return self->element->str;

        case STATE_AFTER:
          if (!next_token (self, &c, cancellable, error))
            return NULL;
          if (c == '\0')
            {
              set_unclosed_error (self, FALSE, 0, error);
              return NULL;
            }
          if (c == ',')
            self->state = STATE_EXPECT;
          else if (c == ']')
            self->state = STATE_END;
          else
            {
              g_autofree char *excerpt = dup_excerpt (self);

              g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                           _("%s:%u: expected “,” or “]” after the entry that begins on line %u, "
                             "but found “%s”"),
                           display_name (self), current_line (self), self->element_line, excerpt);
              return NULL;
            }
          break;

        case STATE_END:
          if (!next_token (self, &c, cancellable, error))
            return NULL;
          if (c != '\0')
            {
              g_autofree char *excerpt = dup_excerpt (self);

              g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                           _("%s:%u: unexpected text after the end of the list: “%s”"),
                           display_name (self), current_line (self), excerpt);
              return NULL;
            }
          self->state = STATE_DONE;
          break;

        case STATE_DONE:
        default:
          return NULL;
        }
    }
}

/**
 * proc_json_array_reader_start:
 *
 * Reads up to the array's "[" (or a lone object's "{").  Called by
 * proc_json_array_reader_next() when needed; calling it first reports a
 * file that is not JSON before anything else happens.
 */
gboolean
proc_json_array_reader_start (ProcJsonArrayReader  *self,
                              GCancellable         *cancellable,
                              GError              **error)
{
  g_autoptr(GError) local_error = NULL;

  if (read_start (self, cancellable, &local_error))
    return TRUE;

  /* After an error that ends the file, there is nothing more to read. */
  self->state = STATE_DONE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * proc_json_array_reader_next:
 * @length: (out) (optional): the element's length in bytes
 * @line: (out) (optional): the line where the element begins
 *
 * Returns: (nullable): the text of the next element, valid until the next
 *   call; %NULL at the end of the array (@error unset) or when the file is
 *   not a well-formed array
 */
const char *
proc_json_array_reader_next (ProcJsonArrayReader  *self,
                             gsize                *length,
                             guint                *line,
                             GCancellable         *cancellable,
                             GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  const char *element = read_next (self, length, line, cancellable, &local_error);

  if (local_error != NULL)
    {
      self->state = STATE_DONE;
      g_propagate_error (error, g_steal_pointer (&local_error));
    }

  return element;
}

/* Whole sentences, so translators see each one. */
static const char *
not_an_object_reason (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return _("the entry is null, not an object with a title and other fields");
  if (JSON_NODE_HOLDS_ARRAY (node))
    return _("the entry is an array, not an object with a title and other fields");

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return _("the entry is a string, not an object with a title and other fields");
    case G_TYPE_BOOLEAN:
      return _("the entry is true or false, not an object with a title and other fields");
    default:
      return _("the entry is a number, not an object with a title and other fields");
    }
}

/* json-glib says "<data>:2:7: Parse error: unexpected character"; the
 * line and column count from the element, which we know the place of. */
static char *
dup_parse_error (ProcJsonArrayReader *self,
                 const GError        *error)
{
  guint line = 0;
  guint column = 0;
  int consumed = 0;

  /* json-glib quotes the bad string cut at a byte count, which can
   * split a character: the message must still be text. */
  g_autofree char *message = g_utf8_make_valid (error->message, -1);

  if (sscanf (message, "<data>:%u:%u: %n", &line, &column, &consumed) == 2 && consumed > 0)
    {
      const char *detail = message + consumed;
      const char *label = g_dgettext ("json-glib-1.0", "Parse error");

      /* "Parse error" says nothing that "not valid JSON" does not. */
      if (g_str_has_prefix (detail, label) && g_str_has_prefix (detail + strlen (label), ": "))
        detail += strlen (label) + 2;

      if (line <= 1)
        column += self->element_column - 1;
      line += self->element_line - 1;

      return g_strdup_printf (_("the entry is not valid JSON: %s (line %u, column %u)"),
                              detail, line, column);
    }

  return g_strdup_printf (_("the entry is not valid JSON: %s"), message);
}

static int
escaped_unit (const char *text,
              gsize       pos,
              gsize       len)
{
  int unit = 0;

  if (pos + 6 > len || text[pos] != '\\' || text[pos + 1] != 'u')
    return -1;

  for (gsize i = pos + 2; i < pos + 6; i++)
    {
      if (!g_ascii_isxdigit (text[i]))
        return -1;
      unit = unit * 16 + g_ascii_xdigit_value (text[i]);
    }

  return unit;
}

/* json-glib turns an escaped UTF-16 surrogate without its partner
 * ("\ud800") into bytes that are not UTF-8.  Such an escape becomes
 * "\ufffd", the replacement character, in place: same length, same
 * columns for messages. */
static void
replace_lone_surrogates (char  *text,
                         gsize  len)
{
  for (gsize i = 0; i + 1 < len; i++)
    {
      int unit;

      if (text[i] != '\\')
        continue;

      unit = escaped_unit (text, i, len);
      if (unit >= 0xd800 && unit <= 0xdbff)
        {
          int low = escaped_unit (text, i + 6, len);

          if (low >= 0xdc00 && low <= 0xdfff)
            {
              i += 11;
              continue;
            }
        }

      if (unit >= 0xd800 && unit <= 0xdfff)
        {
          memcpy (text + i, "\\ufffd", 6);
          i += 5;
          continue;
        }

      /* any other escape: its second character is not a backslash */
      i++;
    }
}

/* json-glib lets some broken escapes through as bytes that are not
 * UTF-8 ("\\u00e" before a multi-byte character): every string is checked
 * once, here, rather than wherever a reader takes one.  Entries are at
 * most MAX_DEPTH deep, so the recursion is bounded. */
static gboolean
node_is_text (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        if (!g_utf8_validate (name, -1, NULL) || !node_is_text (member))
          return FALSE;
      return TRUE;
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!node_is_text (json_array_get_element (array, i)))
          return FALSE;
      return TRUE;
    }

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_utf8_validate (json_node_get_string (node), -1, NULL);

  return TRUE;
}

/**
 * proc_json_array_reader_next_object:
 * @owner: the reader that reports skipped entries
 * @line: (out) (optional): where the object begins
 *
 * Parses the next element.  One that is not valid JSON, or not an object,
 * goes to @report with its line and reading goes on.
 *
 * Returns: (transfer full) (nullable): the next object; %NULL at the end
 *   (@error unset) or when the file is not a well-formed array
 */
JsonObject *
proc_json_array_reader_next_object (ProcJsonArrayReader  *self,
                                    ProcRecordReader     *owner,
                                    ProcImportReport     *report,
                                    guint                *line,
                                    GCancellable         *cancellable,
                                    GError              **error)
{
  for (;;)
    {
      g_autoptr(GError) parse_error = NULL;
      const char *text;
      gsize len = 0;
      guint start = 0;
      g_autoptr(JsonNode) root = NULL;

      if (!(text = proc_json_array_reader_next (self, &len, &start, cancellable, error)))
        return NULL;

      if (self->element_too_deep)
        {
          g_autofree char *reason =
            g_strdup_printf (_("the entry is nested more than %u levels deep, "
                               "which no paper is"), MAX_DEPTH);

          proc_record_reader_reject (owner, report, start, reason);
          continue;
        }

      replace_lone_surrogates (self->element->str, len);

      if (!json_parser_load_from_data (self->parser, text, len, &parse_error))
        {
          g_autofree char *reason = dup_parse_error (self, parse_error);

          proc_record_reader_reject (owner, report, start, reason);
          continue;
        }

      root = json_parser_steal_root (self->parser);
      if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        {
          proc_record_reader_reject (owner, report, start, not_an_object_reason (root));
          continue;
        }

      if (!node_is_text (root))
        {
          proc_record_reader_reject (owner, report, start,
                                     _("the entry is not valid JSON: a string in it is not valid UTF-8 "
                                       "(a broken \\u escape?)"));
          continue;
        }

      if (line != NULL)
        *line = start;

      return json_object_ref (json_node_get_object (root));
    }
}

/**
 * proc_json_dup_string:
 *
 * Returns: (nullable): @member's text without surrounding white space;
 *   %NULL when it is missing, empty, null or not a string
 */
char *
proc_json_dup_string (JsonObject *object,
                      const char *member)
{
  JsonNode *node = json_object_get_member (object, member);
  const char *value;
  char *trimmed;

  if (node == NULL
      || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  value = json_node_get_string (node);
  if (value == NULL)
    return NULL;

  trimmed = g_strstrip (g_strdup (value));
  if (*trimmed == '\0')
    g_clear_pointer (&trimmed, g_free);

  return trimmed;
}

/**
 * proc_json_find_year:
 *
 * Finds the first run of exactly four digits, as in "2019-06-09",
 * "Summer 2019" or "icml2019".
 *
 * Returns: the year, or 0
 */
int
proc_json_find_year (const char *text)
{
  if (text == NULL)
    return 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      gsize n = 0;

      if (!g_ascii_isdigit (*p) || (p > text && g_ascii_isdigit (p[-1])))
        continue;

      while (g_ascii_isdigit (p[n]))
        n++;

      if (n == 4 && *p != '0')
        return (int) g_ascii_strtoull (p, NULL, 10);

      p += n - 1;
    }

  return 0;
}
