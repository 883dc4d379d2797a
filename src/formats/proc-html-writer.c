/* proc-html-writer.c: writes papers as one standalone, inert HTML page
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-html-writer"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-csl-json-writer.h"
#include "proc-document-data.h"
#include "proc-html-writer.h"
#include "proc-links.h"
#include "proc-tex.h"

/* The same content as the Markdown export, as one page that needs
 * nothing else: an embedded stylesheet (light and dark), <h1> for the
 * export's title, <h2> for groups, an <article> per paper.
 *
 * The page is inert, whatever the papers hold: every text is escaped,
 * there is no script and no event attribute, the Content-Security-Policy
 * forbids everything but the inline stylesheet (no script, image, font or
 * frame can load even if something slipped through), and only http and
 * https addresses become links (rel="noopener noreferrer"); any other
 * address shows as text.  Lines end in LF.
 *
 * The page says it is ours (<meta name="generator" content="Proceedings
 * …">, data-proceedings-export on <html>, and the marker comment of
 * proc-document-data.c) and each <article> ends with its paper's data as
 * CSL-JSON in a comment, which no browser shows: an import reads the
 * papers back from those, with their annotations. */

struct _ProcHtmlWriter
{
  ProcRecordWriter parent_instance;

  char *lang;
  gboolean grouped;   /* a group heading came: papers are a level below */
  ProcCslJsonWriter *data;   /* makes each paper's hidden CSL item */
};

G_DEFINE_FINAL_TYPE (ProcHtmlWriter, proc_html_writer, PROC_TYPE_RECORD_WRITER)

static const char stylesheet[] =
  ":root{color-scheme:light dark;--fg:#1e1e1e;--bg:#fafafa;--muted:#5e5c64;"
  "--accent:#1a5fb4;--rule:#deddda;--star:#c64600}\n"
  "@media (prefers-color-scheme:dark){:root{--fg:#f6f5f4;--bg:#242424;--muted:#c0bfbc;"
  "--accent:#99c1f1;--rule:#3d3846;--star:#f8e45c}}\n"
  "body{margin:0;background:var(--bg);color:var(--fg);"
  "font:1rem/1.6 system-ui,-apple-system,\"Segoe UI\",Cantarell,\"Noto Sans\",sans-serif}\n"
  "main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem}\n"
  "h1{font-size:1.8rem;line-height:1.25;margin:0 0 1rem}\n"
  "main>h2{font-size:1.3rem;margin:2.5rem 0 0;padding-bottom:.3rem;border-bottom:2px solid var(--rule)}\n"
  "article{padding:1.25rem 0;border-bottom:1px solid var(--rule)}\n"
  "article>h2,article>h3{font-size:1.15rem;line-height:1.35;margin:0 0 .4rem}\n"
  "article p{margin:.3rem 0}\n"
  ".byline{color:var(--muted)}\n"
  ".links,.annotations{font-size:.95rem}\n"
  "a{color:var(--accent)}\n"
  ".stars{color:var(--star);letter-spacing:.1em}\n"
  "blockquote{margin:.75rem 0;padding:.1rem 0 .1rem 1rem;border-left:3px solid var(--rule)}\n"
  ".abstract{margin-top:.75rem;hyphens:auto}\n"
  ".abstract p{margin:.6rem 0}\n"
  "@media print{a{color:inherit}article{break-inside:avoid}}\n";

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

/* "zh_CN.UTF-8" → "zh-CN"; "C" and "POSIX" → "en" */
static char *
language_tag (void)
{
  const char *name = g_get_language_names ()[0];
  g_autofree char *tag = g_strndup (name, strcspn (name, ".@"));

  if (*tag == '\0' || g_str_equal (tag, "C") || g_str_equal (tag, "POSIX"))
    return g_strdup ("en");

  g_strdelimit (tag, "_", '-');
  return g_steal_pointer (&tag);
}

static void
append_escaped_char (GString *out,
                     char     c)
{
  switch (c)
    {
    case '&': g_string_append (out, "&amp;"); break;
    case '<': g_string_append (out, "&lt;"); break;
    case '>': g_string_append (out, "&gt;"); break;
    case '"': g_string_append (out, "&quot;"); break;
    case '\'': g_string_append (out, "&#39;"); break;
    case '\t': g_string_append_c (out, ' '); break;

    default:
      /* HTML forbids control characters. */
      if ((guchar) c >= 0x20 && c != 0x7f)
        g_string_append_c (out, c);
      break;
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

/* Escapes & < > " ' and drops control characters.  @newline is what a
 * line break becomes ("<br>\n", or "\n"). */
static void
append_escaped (GString    *out,
                const char *text,
                const char *newline)
{
  if (text == NULL)
    return;

  for (const char *p = text; *p; p++)
    {
      if (*p == '\n' || *p == '\r')
        {
          if (p[0] == '\r' && p[1] == '\n')
            p++;
          g_string_append (out, newline);
        }
      else
        append_escaped_char (out, *p);
    }
}


static void
append_anchor (GString    *out,
               const char *url,
               gsize       len,
               const char *label)
{
  g_string_append (out, "<a href=\"");
  for (gsize i = 0; i < len; i++)
    {
      /* Spaces and control characters are not part of an address. */
      if ((guchar) url[i] <= 0x20 || url[i] == 0x7f)
        g_string_append_printf (out, "%%%02X", (guchar) url[i]);
      else
        append_escaped_char (out, url[i]);
    }
  g_string_append (out, "\" rel=\"noopener noreferrer\">");
  if (label != NULL)
    append_escaped (out, label, " ");
  else
    for (gsize i = 0; i < len; i++)
      append_escaped_char (out, url[i]);
  g_string_append (out, "</a>");
}

/* Like append_escaped(), with web addresses as links, as Markdown
 * viewers show them. */
static void
append_linked (GString    *out,
               const char *text,
               const char *newline)
{
  for (const char *p = text; *p; p++)
    {
      gsize address = proc_links_address_length (text, p, p + strlen (p));

      if (address > 0)
        {
          append_anchor (out, p, address, NULL);
          p += address - 1;
        }
      else if (*p == '\n' || *p == '\r')
        {
          if (p[0] == '\r' && p[1] == '\n')
            p++;
          g_string_append (out, newline);
        }
      else
        append_escaped_char (out, *p);
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

/* Paragraphs at blank lines, each in <p>.  With @line_breaks a single
 * line break shows, as in a note; in an abstract it is wrapped text. */
static void
append_paragraphs (GString    *out,
                   const char *text,
                   gboolean    line_breaks)
{
  g_autoptr(GString) paragraph = g_string_new (NULL);
  const char *line = text;

  for (;;)
    {
      gsize len = strcspn (line, "\r\n");
      g_autofree char *trimmed = g_strstrip (g_strndup (line, len));

      if (*trimmed != '\0')
        {
          if (paragraph->len > 0)
            g_string_append_c (paragraph, '\n');
          g_string_append (paragraph, trimmed);
        }

      line += len;
      if ((*trimmed == '\0' || *line == '\0') && paragraph->len > 0)
        {
          g_string_append (out, "<p>");
          append_linked (out, paragraph->str, line_breaks ? "<br>\n" : "\n");
          g_string_append (out, "</p>\n");
          g_string_truncate (paragraph, 0);
        }

      if (*line == '\0')
        break;
      line += (line[0] == '\r' && line[1] == '\n') ? 2 : 1;
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

/* A link when @url is http(s) or a DOI, else the label and the address as text. */
static void
append_link (GString    *out,
             gboolean   *first,
             const char *label,
             const char *url)
{
  if (url == NULL || *url == '\0')
    return;

  g_autofree char *href = proc_link_dup_href (url);

  append_separator (out, first);
  if (href != NULL)
    append_anchor (out, href, strlen (href), label);
  else
    {
      append_escaped (out, label, " ");
      g_string_append (out, ": ");
      append_escaped (out, url, " ");
    }
}

static gboolean
proc_html_writer_begin (ProcRecordWriter  *writer,
                        const char        *title,
                        GError           **error)
{
  ProcHtmlWriter *self = PROC_HTML_WRITER (writer);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *flat = g_strstrip (g_strdup (*title != '\0' ? title : _("Papers")));

  g_clear_object (&self->data);
  self->data = proc_csl_json_writer_new (proc_record_writer_get_stream (writer),
                                         proc_record_writer_get_fields (writer));

  g_string_append (out, "<!DOCTYPE html>\n");
  proc_document_append_marker (out, title);
  g_string_append_printf (out, "<html data-proceedings-export=\"%d\" lang=\"", PROC_DOCUMENT_DATA_VERSION);
  append_escaped (out, self->lang, "");
  g_string_append (out,
                   "\">\n"
                   "<head>\n"
                   "<meta charset=\"utf-8\">\n"
                   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                   "<meta http-equiv=\"Content-Security-Policy\" "
                   "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
                   "<meta name=\"referrer\" content=\"no-referrer\">\n"
                   "<meta name=\"generator\" content=\"Proceedings\">\n"
                   "<title>");
  append_escaped (out, flat, " ");
  g_string_append (out, "</title>\n<style>\n");
  g_string_append (out, stylesheet);
  g_string_append (out, "</style>\n</head>\n<body>\n<main>\n<h1>");
  append_escaped (out, flat, " ");
  g_string_append (out, "</h1>\n");

  return proc_record_writer_append (writer, out->str, error);
}

static gboolean
proc_html_writer_group (ProcRecordWriter  *writer,
                        const char        *heading,
                        GError           **error)
{
  ProcHtmlWriter *self = PROC_HTML_WRITER (writer);
  g_autoptr(GString) out = g_string_new ("\n<h2>");
  g_autofree char *text = NULL;

  self->grouped = TRUE;
  append_escaped (out, heading, " ");
  g_string_append (out, "</h2>\n");

  /* Its text, not out->str: GLib's inline appends test out for NULL,
   * after which GCC takes out->str for a NULL dereference. */
  text = g_string_free (g_steal_pointer (&out), FALSE);
  return proc_record_writer_append (writer, text, error);
}

static gboolean
proc_html_writer_write (ProcRecordWriter       *writer,
                        const ProcPaperRecord  *record,
                        GError                **error)
{
  ProcHtmlWriter *self = PROC_HTML_WRITER (writer);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *title = proc_tex_to_plain (record->derived_title);
  const char *heading = self->grouped ? "h3" : "h2";
  gboolean first = TRUE;

  g_string_append_printf (out, "\n<article>\n<%s>", heading);
  append_escaped (out, !is_blank (title) ? g_strstrip (title) : _("Untitled paper"), " ");
  g_string_append_printf (out, "</%s>\n", heading);

  /* Authors · Venue Year · Status */
  if (!is_blank (record->authors))
    {
      g_auto(GStrv) names = g_strsplit (record->authors, ";", -1);
      gboolean first_name = TRUE;

      append_separator (line, &first);
      for (guint i = 0; names[i] != NULL; i++)
        {
          g_strstrip (names[i]);
          if (*names[i] == '\0')
            continue;
          if (!first_name)
            g_string_append (line, ", ");
          first_name = FALSE;
          append_escaped (line, names[i], " ");
        }
    }
  if (!is_blank (record->venue) || record->year > 0)
    {
      append_separator (line, &first);
      if (!is_blank (record->venue))
        append_escaped (line, record->venue, " ");
      if (!is_blank (record->venue) && record->year > 0)
        g_string_append_c (line, ' ');
      if (record->year > 0)
        g_string_append_printf (line, "%d", record->year);
    }
  if (!is_blank (record->status))
    {
      append_separator (line, &first);
      append_escaped (line, record->status, " ");
    }
  if (line->len > 0)
    g_string_append_printf (out, "<p class=\"byline\">%s</p>\n", line->str);

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
  if (!is_blank (record->doi))
    {
      g_autofree char *url = proc_doi_dup_href (record->doi);

      append_link (line, &first, C_("link", "DOI"), url);
    }
  if (line->len > 0)
    g_string_append_printf (out, "<p class=\"links\">%s</p>\n", line->str);

  /* Annotations */
  g_string_truncate (line, 0);
  first = TRUE;
  if (proc_record_writer_has_field (writer, PROC_EXPORT_TAGS) && record->tags->len > 0)
    {
      append_separator (line, &first);
      g_string_append (line, "<strong>");
      append_escaped (line, _("Tags:"), " ");
      g_string_append (line, "</strong> ");
      for (guint i = 0; i < record->tags->len; i++)
        {
          if (i > 0)
            g_string_append (line, ", ");
          append_escaped (line, g_ptr_array_index (record->tags, i), " ");
        }
    }
  if (proc_record_writer_has_field (writer, PROC_EXPORT_RATINGS) && record->rating > 0)
    {
      g_autofree char *spoken = g_strdup_printf (_("%d out of 5"), MIN (record->rating, 5));

      append_separator (line, &first);
      g_string_append (line, "<strong>");
      append_escaped (line, _("Rating:"), " ");
      g_string_append (line, "</strong> <span class=\"stars\" role=\"img\" aria-label=\"");
      append_escaped (line, spoken, " ");
      g_string_append (line, "\">");
      for (int i = 0; i < 5; i++)
        g_string_append (line, i < record->rating ? "★" : "☆");
      g_string_append (line, "</span>");
    }
  if (proc_record_writer_has_field (writer, PROC_EXPORT_READ_STATE) &&
      (read_state_label (record->read_state) != NULL || record->starred == TRUE))
    {
      const char *state = read_state_label (record->read_state);

      append_separator (line, &first);
      g_string_append (line, "<strong>");
      append_escaped (line, _("Status:"), " ");
      g_string_append (line, "</strong> ");
      if (state != NULL)
        append_escaped (line, state, " ");
      if (state != NULL && record->starred == TRUE)
        g_string_append (line, " · ");
      if (record->starred == TRUE)
        append_escaped (line, C_("paper status", "Starred"), " ");
    }
  if (line->len > 0)
    g_string_append_printf (out, "<p class=\"annotations\">%s</p>\n", line->str);

  if (proc_record_writer_has_field (writer, PROC_EXPORT_NOTES) && !is_blank (record->note))
    {
      g_string_append (out, "<blockquote class=\"note\">\n");
      append_paragraphs (out, record->note, TRUE);
      g_string_append (out, "</blockquote>\n");
    }

  if (proc_record_writer_has_field (writer, PROC_EXPORT_ABSTRACTS) && record->abstract != NULL)
    {
      g_autofree char *plain = proc_tex_to_plain_marked (record->abstract);

      if (!is_blank (plain))
        {
          gsize start;

          g_string_append (out, "<div class=\"abstract\">\n");
          start = out->len;
          append_paragraphs (out, plain, FALSE);
          /* The abstract's emphasis, once its text is escaped. */
          replace_from (out, start, PROC_TEX_MARK_ITALIC_OPEN, "<em>");
          replace_from (out, start, PROC_TEX_MARK_ITALIC_CLOSE, "</em>");
          replace_from (out, start, PROC_TEX_MARK_BOLD_OPEN, "<strong>");
          replace_from (out, start, PROC_TEX_MARK_BOLD_CLOSE, "</strong>");
          g_string_append (out, "</div>\n");
        }
    }

  if (self->data != NULL)
    {
      g_autofree char *item = proc_csl_json_writer_dup_item (self->data, record);

      proc_document_append_paper (out, item);
    }

  g_string_append (out, "</article>\n");

  return proc_record_writer_append (writer, out->str, error);
}

static gboolean
proc_html_writer_end (ProcRecordWriter  *writer,
                      GError           **error)
{
  return proc_record_writer_append (writer, "</main>\n</body>\n</html>\n", error);
}

static void
proc_html_writer_finalize (GObject *object)
{
  ProcHtmlWriter *self = PROC_HTML_WRITER (object);

  g_clear_pointer (&self->lang, g_free);
  g_clear_object (&self->data);

  G_OBJECT_CLASS (proc_html_writer_parent_class)->finalize (object);
}

static void
proc_html_writer_class_init (ProcHtmlWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordWriterClass *writer_class = PROC_RECORD_WRITER_CLASS (klass);

  object_class->finalize = proc_html_writer_finalize;

  writer_class->begin = proc_html_writer_begin;
  writer_class->group = proc_html_writer_group;
  writer_class->write = proc_html_writer_write;
  writer_class->end = proc_html_writer_end;
}

static void
proc_html_writer_init (ProcHtmlWriter *self)
{
  /* The page's labels are in the interface language. */
  self->lang = language_tag ();
}

ProcHtmlWriter *
proc_html_writer_new (GOutputStream    *stream,
                      ProcExportFields  fields)
{
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_HTML_WRITER,
                       "stream", stream,
                       "fields", fields,
                       NULL);
}
