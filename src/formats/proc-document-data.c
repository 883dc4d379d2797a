/* proc-document-data.c: the hidden data that lets Markdown and HTML exports be imported again
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-document-data"

#include "config.h"

#include <string.h>

#include "proc-document-data.h"

/* A Markdown or HTML export says what it is on its first lines, in an
 * HTML comment that no Markdown viewer, browser or pandoc shows:
 *
 *   <!-- proceedings-export v1 {"generator": "Proceedings", "title": "ICML 2024"} -->
 *
 * and after each paper, its data as one line of CSL-JSON, the same item
 * the CSL-JSON export writes (custom.proceedings holds the annotations):
 *
 *   <!-- proceedings-paper {"id": "mao2019baseline", "title": …} -->
 *
 * Inside the JSON, "<", ">" and "&" are written \u003c, \u003e and
 * \u0026, and a "-" after a "-" is written \u002d: they can only occur in
 * strings there, so no text a paper holds can end the comment ("-->"),
 * open a tag, or put the "--" in it that XML tools refuse in comments. */

static void
append_json_line (GString    *out,
                  const char *json)
{
  for (const char *p = json; *p != '\0'; p++)
    {
      if (*p == '-' && out->len > 0 && out->str[out->len - 1] == '-')
        {
          g_string_append (out, "\\u002d");
          continue;
        }

      switch (*p)
        {
        case '<': g_string_append (out, "\\u003c"); break;
        case '>': g_string_append (out, "\\u003e"); break;
        case '&': g_string_append (out, "\\u0026"); break;
        /* json-glib escapes the line breaks inside strings; these are
         * between members, where a space does as well. */
        case '\n': g_string_append_c (out, ' '); break;
        default: g_string_append_c (out, *p); break;
        }
    }
}

void
proc_document_append_marker (GString    *out,
                             const char *title)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "generator");
  json_builder_add_string_value (builder, "Proceedings");
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, title != NULL ? title : "");
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json = json_generator_to_data (generator, NULL);

  g_string_append_printf (out, PROC_DOCUMENT_MARKER "%d ", PROC_DOCUMENT_DATA_VERSION);
  append_json_line (out, json);
  g_string_append (out, " -->\n");
}

void
proc_document_append_paper (GString    *out,
                            const char *item_json)
{
  g_string_append (out, PROC_DOCUMENT_PAPER);
  append_json_line (out, item_json);
  g_string_append (out, " -->\n");
}

/* The JSON object that starts @line and ends before the closing "-->". */
static JsonObject *
parse_object (const char  *line,
              GError     **error)
{
  const char *start;
  const char *end;
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  JsonNode *root;

  while (*line == ' ' || *line == '\t')
    line++;
  start = line;
  end = g_strrstr (line, "-->");
  if (*start != '{' || end == NULL)
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "not a JSON object");
      return NULL;
    }

  if (!json_parser_load_from_data (parser, start, end - start, error))
    return NULL;

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "not a JSON object");
      return NULL;
    }

  return json_object_ref (json_node_get_object (root));
}

/* Whether @line is the marker; its version and the export's title. */
gboolean
proc_document_parse_marker (const char  *line,
                            guint       *version,
                            char       **title)
{
  g_autoptr(JsonObject) object = NULL;
  const char *p;
  guint64 number;
  char *digits_end;

  while (*line == ' ' || *line == '\t')
    line++;
  if (!g_str_has_prefix (line, PROC_DOCUMENT_MARKER))
    return FALSE;

  p = line + strlen (PROC_DOCUMENT_MARKER);
  if (!g_ascii_isdigit (*p))
    return FALSE;
  number = g_ascii_strtoull (p, &digits_end, 10);
  *version = (guint) MIN (number, G_MAXUINT);

  *title = NULL;
  if ((object = parse_object (digits_end, NULL)) != NULL)
    {
      JsonNode *node = json_object_get_member (object, "title");

      if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        *title = g_strstrip (g_strdup (json_node_get_string (node)));
      if (*title != NULL && **title == '\0')
        g_clear_pointer (title, g_free);
    }

  return TRUE;
}

/* Returns: (transfer full) (nullable): the paper's CSL item, %NULL when
 * @line holds no paper or its data does not parse (then @error says why) */
JsonObject *
proc_document_parse_paper (const char  *line,
                           GError     **error)
{
  while (*line == ' ' || *line == '\t')
    line++;
  if (!g_str_has_prefix (line, PROC_DOCUMENT_PAPER))
    return NULL;

  return parse_object (line + strlen (PROC_DOCUMENT_PAPER), error);
}
