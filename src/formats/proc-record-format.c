/* proc-record-format.c: the file formats of paper lists, and which one a file is in
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-record-format"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "proc-bibtex-reader.h"
#include "proc-bibtex-writer.h"
#include "proc-conference-list.h"
#include "proc-conference-list-writer.h"
#include "proc-csv-reader.h"
#include "proc-csv-writer.h"
#include "proc-document-data.h"
#include "proc-document-reader.h"
#include "proc-html-writer.h"
#include "proc-markdown-writer.h"
#include "proc-ris-reader.h"
#include "proc-ris-writer.h"
#include "proc-csl-json-reader.h"
#include "proc-csl-json-writer.h"
#include "proc-paper-copilot-reader.h"
#include "proc-record-format.h"

static const struct
{
  const char *id;
  const char *name;
  const char *extension;
  const char *mime_type;
  gboolean can_import;
  gboolean can_export;
} formats[] = {
  [PROC_RECORD_FORMAT_UNKNOWN]       = { NULL, NULL, NULL, NULL, FALSE, FALSE },
  [PROC_RECORD_FORMAT_TEXT]          = { "text", N_("Conference List (Text)"), "txt", "text/plain", TRUE, TRUE },
  [PROC_RECORD_FORMAT_BIBTEX]        = { "bibtex", N_("BibTeX"), "bib", "text/x-bibtex", TRUE, TRUE },
  [PROC_RECORD_FORMAT_RIS]           = { "ris", N_("RIS"), "ris", "application/x-research-info-systems", TRUE, TRUE },
  [PROC_RECORD_FORMAT_CSL_JSON]      = { "csl-json", N_("CSL-JSON"), "json", "application/vnd.citationstyles.csl+json", TRUE, TRUE },
  [PROC_RECORD_FORMAT_PAPER_COPILOT] = { "paper-copilot", N_("Paper Copilot JSON"), "json", "application/json", TRUE, FALSE },
  [PROC_RECORD_FORMAT_CSV]           = { "csv", N_("CSV"), "csv", "text/csv", TRUE, TRUE },
  [PROC_RECORD_FORMAT_MARKDOWN]      = { "markdown", N_("Markdown"), "md", "text/markdown", TRUE, TRUE },
  [PROC_RECORD_FORMAT_HTML]          = { "html", N_("HTML"), "html", "text/html", TRUE, TRUE },
};

G_STATIC_ASSERT (G_N_ELEMENTS (formats) == PROC_RECORD_FORMAT_LAST + 1);

/* The name used on the command line and in settings: "bibtex", "csl-json"… */
const char *
proc_record_format_get_id (ProcRecordFormat format)
{
  g_return_val_if_fail (format <= PROC_RECORD_FORMAT_LAST, NULL);

  return formats[format].id;
}

ProcRecordFormat
proc_record_format_from_id (const char *id)
{
  if (id == NULL)
    return PROC_RECORD_FORMAT_UNKNOWN;

  for (guint i = 1; i < G_N_ELEMENTS (formats); i++)
    if (g_ascii_strcasecmp (formats[i].id, id) == 0)
      return i;

  return PROC_RECORD_FORMAT_UNKNOWN;
}

/* The translated name people see. */
const char *
proc_record_format_get_name (ProcRecordFormat format)
{
  g_return_val_if_fail (format > PROC_RECORD_FORMAT_UNKNOWN && format <= PROC_RECORD_FORMAT_LAST, NULL);

  return _(formats[format].name);
}

const char *
proc_record_format_get_extension (ProcRecordFormat format)
{
  g_return_val_if_fail (format <= PROC_RECORD_FORMAT_LAST, NULL);

  return formats[format].extension;
}

const char *
proc_record_format_get_mime_type (ProcRecordFormat format)
{
  g_return_val_if_fail (format <= PROC_RECORD_FORMAT_LAST, NULL);

  return formats[format].mime_type;
}

gboolean
proc_record_format_can_import (ProcRecordFormat format)
{
  return format <= PROC_RECORD_FORMAT_LAST && formats[format].can_import;
}

gboolean
proc_record_format_can_export (ProcRecordFormat format)
{
  return format <= PROC_RECORD_FORMAT_LAST && formats[format].can_export;
}

static gboolean
has_extension (const char *file_name,
               const char *extension)
{
  const char *dot;

  if (file_name == NULL || (dot = strrchr (file_name, '.')) == NULL)
    return FALSE;

  return g_ascii_strcasecmp (dot + 1, extension) == 0;
}

/* A line "@article{" or "@InProceedings(" starts a BibTeX entry. */
static gboolean
looks_like_bibtex (const char *p,
                   const char *end)
{
  while (p < end)
    {
      const char *eol = memchr (p, '\n', end - p);
      const char *line_end = eol ? eol : end;
      const char *q = p;

      while (q < line_end && (*q == ' ' || *q == '\t'))
        q++;
      if (q < line_end && *q == '@')
        {
          const char *name = ++q;

          while (q < line_end && g_ascii_isalpha (*q))
            q++;
          if (q > name)
            {
              while (q < line_end && (*q == ' ' || *q == '\t'))
                q++;
              if (q < line_end && (*q == '{' || *q == '('))
                return TRUE;
            }
        }

      p = eol ? eol + 1 : end;
    }

  return FALSE;
}

static gboolean
contains (const char *head,
          gsize       length,
          const char *needle)
{
  return g_strstr_len (head, length, needle) != NULL;
}

/* A header row that names a title column: "title,authors", "Key","Title"… */
static gboolean
looks_like_csv_header (const char *p,
                       const char *end)
{
  const char *eol;
  g_autofree char *first = NULL;

  if (p >= end)
    return FALSE;

  eol = memchr (p, '\n', end - p);
  first = g_ascii_strdown (p, eol ? eol - p : end - p);

  g_strchomp (first);
  if (strchr (first, ',') == NULL)
    return FALSE;

  return g_str_has_prefix (first, "title,") || strstr (first, ",title,") != NULL ||
         g_str_has_prefix (first, "\"title\",") || strstr (first, ",\"title\"") != NULL ||
         g_str_has_suffix (first, ",title");
}

static gboolean
starts_with_ci (const char *p,
                const char *end,
                const char *prefix)
{
  gsize len = strlen (prefix);

  return (gsize) (end - p) >= len && g_ascii_strncasecmp (p, prefix, len) == 0;
}

/* A page as browsers save it: a doctype, <html>, or a head.  Our own
 * exports are HTML too; the document reader tells them apart. */
static gboolean
looks_like_html (const char *p,
                 const char *end)
{
  if (starts_with_ci (p, end, "<?xml"))
    {
      const char *close = memchr (p, '>', end - p);

      if (close == NULL)
        return FALSE;
      p = close + 1;
      while (p < end && g_ascii_isspace (*p))
        p++;
    }

  return starts_with_ci (p, end, "<!doctype html") || starts_with_ci (p, end, "<html") ||
         starts_with_ci (p, end, "<head") || starts_with_ci (p, end, "<body") ||
         starts_with_ci (p, end, "<meta");
}

/* A Markdown document: our export's marker, or an "# " heading followed
 * by a "## " one.  A conference list's title line may start with "#",
 * but its abstracts are no headings. */
static gboolean
looks_like_markdown (const char *p,
                     const char *end)
{
  if (starts_with_ci (p, end, PROC_DOCUMENT_MARKER))
    return TRUE;
  if (!starts_with_ci (p, end, "# "))
    return FALSE;

  for (const char *q = p; q < end;)
    {
      const char *eol = memchr (q, '\n', end - q);

      if (eol == NULL)
        break;
      q = eol + 1;
      if (starts_with_ci (q, end, "## ") || starts_with_ci (q, end, "### "))
        return TRUE;
    }

  return FALSE;
}

/**
 * proc_record_format_guess:
 * @file_name: (nullable): the file's name, whose extension settles a tie
 * @head: the first bytes of the file (up to %PROC_RECORD_FORMAT_SNIFF_SIZE)
 *
 * The content decides, the extension only when the content could be
 * either: a .txt file full of BibTeX is read as BibTeX.
 *
 * Returns: the format; text (the conference list) when nothing else fits
 */
ProcRecordFormat
proc_record_format_guess (const char *file_name,
                          const char *head,
                          gsize       head_length)
{
  const char *p;
  const char *end;

  /* An empty file may come with no buffer at all. */
  if (head == NULL)
    head = "", head_length = 0;
  p = head;
  end = head + head_length;

  if (head_length >= 3 && memcmp (head, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  while (p < end && g_ascii_isspace (*p))
    p++;

  /* Documents first: a saved page's stylesheet has "@media (", which
   * would pass for a BibTeX entry. */
  if (looks_like_html (p, end) || has_extension (file_name, "html") || has_extension (file_name, "htm") ||
      has_extension (file_name, "xhtml"))
    return PROC_RECORD_FORMAT_HTML;
  if (looks_like_markdown (p, end))
    return PROC_RECORD_FORMAT_MARKDOWN;

  if (p < end && (*p == '[' || *p == '{'))
    {
      gsize rest = end - p;

      /* CSL names are objects with "family"; Paper Copilot's authors are
       * one string, and its entries have a "site" or a "status". */
      if (contains (p, rest, "\"family\"") || contains (p, rest, "\"container-title\"") ||
          contains (p, rest, "\"issued\"") || contains (p, rest, "\"literal\""))
        return PROC_RECORD_FORMAT_CSL_JSON;
      if (contains (p, rest, "\"site\"") || contains (p, rest, "\"status\"") ||
          contains (p, rest, "\"author_site\"") || contains (p, rest, "\"github\""))
        return PROC_RECORD_FORMAT_PAPER_COPILOT;
      return PROC_RECORD_FORMAT_CSL_JSON;
    }

  if (end - p >= 5 && strncmp (p, "TY  -", 5) == 0)
    return PROC_RECORD_FORMAT_RIS;

  /* A .json file that does not start like JSON is still meant as JSON:
   * the JSON reader says what is wrong with it, where the conference
   * list would take it for a title without abstracts. */
  if (has_extension (file_name, "json"))
    return PROC_RECORD_FORMAT_CSL_JSON;

  /* A CSV file's header row decides before anything its cells hold: a
   * note may well quote a line of RIS or BibTeX. */
  if (has_extension (file_name, "csv") || looks_like_csv_header (p, end))
    return PROC_RECORD_FORMAT_CSV;

  /* Publishers put a few header lines before the first record; but a
   * BibTeX entry that comes first only quotes RIS in a note. */
  {
    const char *ris = g_strstr_len (p, end - p, "\nTY  -");
    const char *entry = (p < end && *p == '@') ? p : g_strstr_len (p, end - p, "\n@");

    if (ris != NULL && (entry == NULL || ris < entry))
      return PROC_RECORD_FORMAT_RIS;
  }

  /* Text before the first entry is a comment to BibTeX. */
  if (looks_like_bibtex (p, end) &&
      (*p == '@' || has_extension (file_name, "bib") || contains (p, end - p, "title")))
    return PROC_RECORD_FORMAT_BIBTEX;

  if (has_extension (file_name, "ris"))
    return PROC_RECORD_FORMAT_RIS;
  if (has_extension (file_name, "bib"))
    return PROC_RECORD_FORMAT_BIBTEX;
  if (has_extension (file_name, "md") || has_extension (file_name, "markdown"))
    return PROC_RECORD_FORMAT_MARKDOWN;

  return PROC_RECORD_FORMAT_TEXT;
}

/* Returns: (transfer full) (nullable): a reader, %NULL for an export-only format */
ProcRecordReader *
proc_record_format_new_reader (ProcRecordFormat  format,
                               GInputStream     *stream,
                               const char       *display_name)
{
  switch (format)
    {
    case PROC_RECORD_FORMAT_TEXT:
      return PROC_RECORD_READER (proc_conference_list_new (stream, display_name));

    case PROC_RECORD_FORMAT_CSL_JSON:
      return PROC_RECORD_READER (proc_csl_json_reader_new (stream, display_name));

    case PROC_RECORD_FORMAT_PAPER_COPILOT:
      return PROC_RECORD_READER (proc_paper_copilot_reader_new (stream, display_name));

    case PROC_RECORD_FORMAT_RIS:
      return PROC_RECORD_READER (proc_ris_reader_new (stream, display_name));

    case PROC_RECORD_FORMAT_CSV:
      return PROC_RECORD_READER (proc_csv_reader_new (stream, display_name));

    case PROC_RECORD_FORMAT_BIBTEX:
      return PROC_RECORD_READER (proc_bibtex_reader_new (stream, display_name));

    case PROC_RECORD_FORMAT_MARKDOWN:
    case PROC_RECORD_FORMAT_HTML:
      /* Our own exports; anything else is refused with a message. */
      return PROC_RECORD_READER (proc_document_reader_new (stream, display_name,
                                                           format == PROC_RECORD_FORMAT_HTML));

    case PROC_RECORD_FORMAT_UNKNOWN:
    default:
      return NULL;
    }
}

/* Returns: (transfer full) (nullable): a writer, %NULL for an import-only format */
ProcRecordWriter *
proc_record_format_new_writer (ProcRecordFormat  format,
                               GOutputStream    *stream,
                               ProcExportFields  fields)
{
  switch (format)
    {
    case PROC_RECORD_FORMAT_CSL_JSON:
      return PROC_RECORD_WRITER (proc_csl_json_writer_new (stream, fields));

    case PROC_RECORD_FORMAT_TEXT:
      return PROC_RECORD_WRITER (proc_conference_list_writer_new (stream, fields));

    case PROC_RECORD_FORMAT_RIS:
      return PROC_RECORD_WRITER (proc_ris_writer_new (stream, fields));

    case PROC_RECORD_FORMAT_CSV:
      return PROC_RECORD_WRITER (proc_csv_writer_new (stream, fields));

    case PROC_RECORD_FORMAT_MARKDOWN:
      return PROC_RECORD_WRITER (proc_markdown_writer_new (stream, fields));

    case PROC_RECORD_FORMAT_HTML:
      return PROC_RECORD_WRITER (proc_html_writer_new (stream, fields));

    case PROC_RECORD_FORMAT_BIBTEX:
      return PROC_RECORD_WRITER (proc_bibtex_writer_new (stream, fields));

    case PROC_RECORD_FORMAT_PAPER_COPILOT:
    case PROC_RECORD_FORMAT_UNKNOWN:
    default:
      return NULL;
    }
}
