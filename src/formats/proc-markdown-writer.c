/* proc-markdown-writer.c: writes papers as a Markdown document for people to read
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-markdown-writer"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-csl-json-writer.h"
#include "proc-document-data.h"
#include "proc-links.h"
#include "proc-markdown-writer.h"
#include "proc-tex.h"

/* The layout, in CommonMark with GitHub's extensions in mind:
 *
 *   # The export's title
 *
 *   ## A group's heading (when the caller groups)
 *
 *   ### The paper's title (## when there are no groups)
 *
 *   Given Family, Given Family · Venue 2024 · Oral
 *
 *   [Paper](https://…) · [PDF](https://…) · [Code](https://…) · [DOI](https://doi.org/…)
 *
 *   **Tags:** a, b · **Rating:** ★★★★☆ · **Status:** Read · Starred
 *
 *   > the note, line by line
 *
 *   The abstract, its TeX math as Unicode, its emphasis as *emphasis*.
 *
 *   <!-- proceedings-paper {the paper as CSL-JSON} -->
 *
 * The first line, <!-- proceedings-export v1 … -->, says that Proceedings
 * wrote the file, and each paper ends with its data, the fields the
 * export has as CSL-JSON (see proc-document-data.c): HTML comments, which
 * Markdown viewers and pandoc do not show, and from which an import gets
 * the papers back with their annotations.
 *
 * Text from the library is escaped wherever Markdown would read it as
 * syntax (emphasis, links, raw HTML, headings, lists, GitHub's $math$),
 * so a title with `*` or `<b>` shows as typed.  Only http and https
 * links become links; anything else shows as text.  Labels follow the
 * interface language.  Lines end in LF. */

struct _ProcMarkdownWriter
{
  ProcRecordWriter parent_instance;

  gboolean grouped;   /* a group heading came: papers are a level below */
  ProcCslJsonWriter *data;   /* makes each paper's hidden CSL item */
  gboolean for_pasting;      /* only what people read: no marker, no data */
};

G_DEFINE_FINAL_TYPE (ProcMarkdownWriter, proc_markdown_writer, PROC_TYPE_RECORD_WRITER)

static const char *
read_state_label (int state)
{
  switch (state)
    {
    case 0: return C_("read state", "Unread");
    case 1: return C_("read state", "Reading");
    case 2: return C_("read state", "Read");
    default: return NULL;
    }
}

/* "&name;" and "&#123;" would show as the character they name. */
static gboolean
starts_entity (const char *p)
{
  const char *q = p + 1;

  if (*q == '#')
    q++;
  if (!g_ascii_isalnum (*q))
    return FALSE;
  while (g_ascii_isalnum (*q))
    q++;

  return *q == ';';
}


/* Appends one line of text (no line breaks in @text) with everything
 * that Markdown could take for syntax escaped.  Web addresses become
 * autolinks, <https://…>, which every CommonMark viewer shows as links
 * and inside which nothing is syntax. */
static void
append_line (GString    *out,
             const char *text,
             gsize       len)
{
  const char *end = text + len;
  const char *p = text;

  /* Leading spaces would indent the line into a code block. */
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;

  /* What starts a block: a list item, a setext underline, a numbered
   * list ("2019. Results" is one). */
  if (p < end && (*p == '-' || *p == '+' || *p == '='))
    {
      g_string_append_c (out, '\\');
      g_string_append_c (out, *p++);
    }
  else if (p < end && g_ascii_isdigit (*p))
    {
      const char *q = p;

      while (q < end && g_ascii_isdigit (*q))
        q++;
      if (q < end && (*q == '.' || *q == ')') && q - p <= 9)
        {
          g_string_append_len (out, p, q - p);
          g_string_append_c (out, '\\');
          g_string_append_c (out, *q);
          p = q + 1;
        }
    }

  for (const char *start = p; p < end; p++)
    {
      gsize address = proc_links_address_length (text, p, end);
      char c = *p;

      if (address > 0)
        {
          g_string_append_c (out, '<');
          g_string_append_len (out, p, address);
          g_string_append_c (out, '>');
          p += address - 1;
          continue;
        }

      switch (c)
        {
        case '\\': case '`': case '*': case '_': case '[': case ']':
        case '<': case '>': case '|': case '~': case '$':
          g_string_append_c (out, '\\');
          g_string_append_c (out, c);
          break;

        case '#':
          /* At the start it makes a heading, after a space it may close one. */
          if (p == start || p[-1] == ' ')
            g_string_append_c (out, '\\');
          g_string_append_c (out, c);
          break;

        case '&':
          if (starts_entity (p))
            g_string_append_c (out, '\\');
          g_string_append_c (out, c);
          break;

        case '\t':
          g_string_append_c (out, ' ');
          break;

        default:
          /* Other control characters have no business in a document. */
          if ((guchar) c >= 0x20 && c != 0x7f)
            g_string_append_c (out, c);
          break;
        }
    }
}

/* Replaces @what by @with in @out from @start on. */
static void
replace_from (GString    *out,
              gsize       start,
              const char *what,
              const char *with)
{
  gsize what_len = strlen (what), with_len = strlen (with);
  char *found;

  while ((found = strstr (out->str + start, what)) != NULL)
    {
      gsize at = found - out->str;

      g_string_erase (out, at, what_len);
      g_string_insert_len (out, at, with, with_len);
      start = at + with_len;
    }
}

/* Text on one line: line breaks become spaces. */
static void
append_inline (GString    *out,
               const char *text)
{
  g_autofree char *flat = g_strdup (text);

  for (char *p = flat; *p; p++)
    if (*p == '\n' || *p == '\r')
      *p = ' ';
  g_strstrip (flat);

  append_line (out, flat, strlen (flat));
}

/* Appends multi-line text as paragraphs, each line after @prefix ("> "
 * in a quote).  With @hard_breaks each line break shows, as the person
 * who typed a note meant it; abstracts are wrapped prose and reflow. */
static void
append_paragraphs (GString    *out,
                   const char *text,
                   const char *prefix,
                   gboolean    hard_breaks)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *unix_text = g_strdup (text);
  char **split;
  guint first = 0;
  guint last;

  for (char *p = unix_text; *p; p++)
    if (*p == '\r')
      *p = p[1] == '\n' ? ' ' : '\n';

  split = g_strsplit (unix_text, "\n", -1);
  for (guint i = 0; split[i] != NULL; i++)
    g_ptr_array_add (lines, g_strstrip (split[i]));
  g_free (split);

  /* Without the blank lines before and after */
  while (first < lines->len && *(char *) g_ptr_array_index (lines, first) == '\0')
    first++;
  last = lines->len;
  while (last > first && *(char *) g_ptr_array_index (lines, last - 1) == '\0')
    last--;

  for (guint i = first; i < last; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      gboolean blank = *line == '\0';
      gboolean ends_paragraph = i + 1 == last || *(char *) g_ptr_array_index (lines, i + 1) == '\0';

      /* Runs of blank lines are one paragraph break. */
      if (blank && i > first && *(char *) g_ptr_array_index (lines, i - 1) == '\0')
        continue;

      /* "> " on a blank line is ">", without the trailing space */
      if (blank)
        {
          g_string_append_len (out, prefix, strcspn (prefix, " "));
          g_string_append_c (out, '\n');
          continue;
        }

      g_string_append (out, prefix);
      append_line (out, line, strlen (line));
      if (hard_breaks && !ends_paragraph)
        g_string_append_c (out, '\\');
      g_string_append_c (out, '\n');
    }
}

static gboolean
is_blank (const char *text)
{
  if (text == NULL)
    return TRUE;

  for (; *text; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;

  return TRUE;
}

/* Characters that would end or break a link's destination, percent-encoded. */
static void
append_destination (GString    *out,
                    const char *url)
{
  for (const char *p = url; *p; p++)
    {
      guchar c = *p;

      if (c <= 0x20 || c == 0x7f || c == '<' || c == '>' || c == '(' || c == ')' || c == '\\' || c == '`')
        g_string_append_printf (out, "%%%02X", c);
      else
        g_string_append_c (out, c);
    }
}

/* A link when @url is http(s) or a DOI, else the label and the address as text. */
static void
append_link (GString    *out,
             gboolean   *first,
             const char *label,
             const char *url)
{
  g_autofree char *href = NULL;

  if (url == NULL || *url == '\0')
    return;

  if (!*first)
    g_string_append (out, " · ");
  *first = FALSE;

  href = proc_link_dup_href (url);
  if (href != NULL)
    {
      g_string_append_c (out, '[');
      append_line (out, label, strlen (label));
      g_string_append (out, "](");
      append_destination (out, href);
      g_string_append_c (out, ')');
    }
  else
    {
      append_line (out, label, strlen (label));
      g_string_append (out, ": ");
      append_inline (out, url);
    }
}

static void
append_separator (GString  *out,
                  gboolean *first)
{
  if (!*first)
    g_string_append (out, " · ");
  *first = FALSE;
}

static gboolean
proc_markdown_writer_begin (ProcRecordWriter  *writer,
                            const char        *title,
                            GError           **error)
{
  ProcMarkdownWriter *self = PROC_MARKDOWN_WRITER (writer);
  g_autoptr(GString) out = g_string_new (NULL);

  g_clear_object (&self->data);
  if (!self->for_pasting)
    {
      self->data = proc_csl_json_writer_new (proc_record_writer_get_stream (writer),
                                             proc_record_writer_get_fields (writer));
      proc_document_append_marker (out, title);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "# ");
  append_inline (out, *title != '\0' ? title : _("Papers"));
  g_string_append_c (out, '\n');

  return proc_record_writer_append (writer, out->str, error);
}

static gboolean
proc_markdown_writer_group (ProcRecordWriter  *writer,
                            const char        *heading,
                            GError           **error)
{
  ProcMarkdownWriter *self = PROC_MARKDOWN_WRITER (writer);
  g_autoptr(GString) out = g_string_new ("\n## ");

  self->grouped = TRUE;
  append_inline (out, heading);
  g_string_append_c (out, '\n');

  return proc_record_writer_append (writer, out->str, error);
}

static gboolean
proc_markdown_writer_write (ProcRecordWriter       *writer,
                            const ProcPaperRecord  *record,
                            GError                **error)
{
  ProcMarkdownWriter *self = PROC_MARKDOWN_WRITER (writer);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *title = NULL;
  gboolean first = TRUE;

  /* The title, its TeX shown as the app shows it */
  title = proc_tex_to_plain (record->derived_title);
  g_string_append (out, self->grouped ? "\n### " : "\n## ");
  append_inline (out, *title != '\0' ? title : _("Untitled paper"));
  g_string_append_c (out, '\n');

  /* Authors · Venue Year · Status */
  if (record->authors != NULL && *record->authors != '\0')
    {
      g_auto(GStrv) names = g_strsplit (record->authors, ";", -1);
      g_autoptr(GString) joined = g_string_new (NULL);

      for (guint i = 0; names[i] != NULL; i++)
        {
          g_strstrip (names[i]);
          if (*names[i] == '\0')
            continue;
          if (joined->len > 0)
            g_string_append (joined, ", ");
          g_string_append (joined, names[i]);
        }
      append_separator (line, &first);
      append_inline (line, joined->str);
    }
  if ((record->venue != NULL && *record->venue != '\0') || record->year > 0)
    {
      g_autoptr(GString) venue_year = g_string_new (record->venue);

      if (record->year > 0)
        g_string_append_printf (venue_year, "%s%d", venue_year->len > 0 ? " " : "", record->year);
      append_separator (line, &first);
      append_inline (line, venue_year->str);
    }
  if (record->status != NULL && *record->status != '\0')
    {
      append_separator (line, &first);
      append_inline (line, record->status);
    }
  if (line->len > 0)
    g_string_append_printf (out, "\n%s\n", line->str);

  /* Links */
  g_string_truncate (line, 0);
  first = TRUE;
  append_link (line, &first, C_("link", "Paper"), record->url);
  append_link (line, &first, C_("link", "PDF"), proc_paper_record_get_link (record, PROC_LINK_PDF));
  append_link (line, &first, C_("link", "OpenReview"), proc_paper_record_get_link (record, PROC_LINK_OPENREVIEW));
  append_link (line, &first, C_("link", "Supplement"), proc_paper_record_get_link (record, PROC_LINK_SUPPLEMENT));
  append_link (line, &first, C_("link", "arXiv"), proc_paper_record_get_link (record, PROC_LINK_ARXIV));
  append_link (line, &first, C_("link", "Code"), proc_paper_record_get_link (record, PROC_LINK_CODE));
  append_link (line, &first, C_("link", "Project"), proc_paper_record_get_link (record, PROC_LINK_PROJECT));
  if (record->doi != NULL && *record->doi != '\0')
    {
      g_autofree char *url = proc_doi_dup_href (record->doi);

      append_link (line, &first, C_("link", "DOI"), url);
    }
  if (line->len > 0)
    g_string_append_printf (out, "\n%s\n", line->str);

  /* Annotations */
  g_string_truncate (line, 0);
  first = TRUE;
  if (proc_record_writer_has_field (writer, PROC_EXPORT_TAGS) && record->tags->len > 0)
    {
      append_separator (line, &first);
      g_string_append_printf (line, "**%s** ", _("Tags:"));
      for (guint i = 0; i < record->tags->len; i++)
        {
          if (i > 0)
            g_string_append (line, ", ");
          append_inline (line, g_ptr_array_index (record->tags, i));
        }
    }
  if (proc_record_writer_has_field (writer, PROC_EXPORT_RATINGS) && record->rating > 0)
    {
      append_separator (line, &first);
      g_string_append_printf (line, "**%s** ", _("Rating:"));
      for (int i = 0; i < 5; i++)
        g_string_append (line, i < record->rating ? "★" : "☆");
    }
  if (proc_record_writer_has_field (writer, PROC_EXPORT_READ_STATE) &&
      (read_state_label (record->read_state) != NULL || record->starred == TRUE))
    {
      const char *state = read_state_label (record->read_state);

      append_separator (line, &first);
      g_string_append_printf (line, "**%s** ", _("Status:"));
      if (state != NULL)
        g_string_append (line, state);
      if (state != NULL && record->starred == TRUE)
        g_string_append (line, " · ");
      if (record->starred == TRUE)
        g_string_append (line, C_("paper status", "Starred"));
    }
  if (line->len > 0)
    g_string_append_printf (out, "\n%s\n", line->str);

  if (proc_record_writer_has_field (writer, PROC_EXPORT_NOTES) &&
      !is_blank (record->note))
    {
      g_string_append_c (out, '\n');
      append_paragraphs (out, record->note, "> ", TRUE);
    }

  if (proc_record_writer_has_field (writer, PROC_EXPORT_ABSTRACTS) && record->abstract != NULL)
    {
      g_autofree char *plain = proc_tex_to_plain_marked (record->abstract);

      if (!is_blank (plain))
        {
          gsize start;

          g_string_append_c (out, '\n');
          start = out->len;
          append_paragraphs (out, plain, "", FALSE);
          /* The abstract's emphasis, once its text is escaped. */
          replace_from (out, start, PROC_TEX_MARK_ITALIC_OPEN, "*");
          replace_from (out, start, PROC_TEX_MARK_ITALIC_CLOSE, "*");
          replace_from (out, start, PROC_TEX_MARK_BOLD_OPEN, "**");
          replace_from (out, start, PROC_TEX_MARK_BOLD_CLOSE, "**");
        }
    }

  if (self->data != NULL)
    {
      g_autofree char *item = proc_csl_json_writer_dup_item (self->data, record);

      g_string_append_c (out, '\n');
      proc_document_append_paper (out, item);
    }

  return proc_record_writer_append (writer, out->str, error);
}

static void
proc_markdown_writer_finalize (GObject *object)
{
  ProcMarkdownWriter *self = PROC_MARKDOWN_WRITER (object);

  g_clear_object (&self->data);

  G_OBJECT_CLASS (proc_markdown_writer_parent_class)->finalize (object);
}

static void
proc_markdown_writer_class_init (ProcMarkdownWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordWriterClass *writer_class = PROC_RECORD_WRITER_CLASS (klass);

  object_class->finalize = proc_markdown_writer_finalize;

  writer_class->begin = proc_markdown_writer_begin;
  writer_class->group = proc_markdown_writer_group;
  writer_class->write = proc_markdown_writer_write;
}

static void
proc_markdown_writer_init (ProcMarkdownWriter *self)
{
}

/**
 * proc_markdown_writer_set_for_pasting:
 *
 * Leaves out the marker and the papers' data, which a message or a
 * document that the text is pasted into might show as text.  Call before
 * the export begins.
 */
void
proc_markdown_writer_set_for_pasting (ProcMarkdownWriter *self,
                                      gboolean            for_pasting)
{
  g_return_if_fail (PROC_IS_MARKDOWN_WRITER (self));

  self->for_pasting = for_pasting;
}

ProcMarkdownWriter *
proc_markdown_writer_new (GOutputStream    *stream,
                          ProcExportFields  fields)
{
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_MARKDOWN_WRITER,
                       "stream", stream,
                       "fields", fields,
                       NULL);
}
