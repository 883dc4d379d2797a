/* proc-csv-writer.c: writes papers as CSV (RFC 4180) for spreadsheets, safe to open in one
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-csv-writer"

#include "config.h"

#include <string.h>

#include "proc-csv-writer.h"

/* RFC 4180: a header row, then one row per paper; rows end in CRLF;
 * a field holding a comma, a quote or a line break is quoted, its quotes
 * doubled.  The file starts with a UTF-8 byte order mark, which is what
 * makes Excel read it as UTF-8 (without it Chinese text turns to
 * mojibake); LibreOffice, Numbers and pandas skip it, and so does our
 * reader.
 *
 * The header names are fixed English words, not translated: they are
 * column names for programs as much as for people, and our reader finds
 * columns by them.  The annotation columns are there only when the
 * export includes them.
 *
 * Spreadsheets run a cell that starts with = + - @ as a formula, and a
 * paper list comes from strangers (a title such as
 * `=HYPERLINK("http://evil","x")`).  As OWASP advises, such a cell (and
 * one that starts with a tab or a carriage return) gets a leading
 * apostrophe, which spreadsheets show as text; our reader removes it
 * again.  So that this stays reversible, cells that start with
 * apostrophes before one of those characters get one more. */

struct _ProcCsvWriter
{
  ProcRecordWriter parent_instance;
};

G_DEFINE_FINAL_TYPE (ProcCsvWriter, proc_csv_writer, PROC_TYPE_RECORD_WRITER)

#define EOL "\r\n"

typedef enum
{
  COLUMN_TITLE,
  COLUMN_AUTHORS,
  COLUMN_VENUE,
  COLUMN_YEAR,
  COLUMN_DOI,
  COLUMN_URL,
  COLUMN_PDF,
  COLUMN_CODE,
  COLUMN_OPENREVIEW,
  COLUMN_SUPPLEMENT,
  COLUMN_ARXIV,
  COLUMN_STATUS,
  COLUMN_TAGS,
  COLUMN_RATING,
  COLUMN_READ_STATE,
  COLUMN_STARRED,
  COLUMN_NOTE,
  COLUMN_ABSTRACT,
  N_COLUMNS
} Column;

static const struct
{
  const char       *name;
  ProcExportFields  field;   /* 0: always written */
} columns[N_COLUMNS] = {
  [COLUMN_TITLE]      = { "title", 0 },
  [COLUMN_AUTHORS]    = { "authors", 0 },
  [COLUMN_VENUE]      = { "venue", 0 },
  [COLUMN_YEAR]       = { "year", 0 },
  [COLUMN_DOI]        = { "doi", 0 },
  [COLUMN_URL]        = { "url", 0 },
  [COLUMN_PDF]        = { "pdf", 0 },
  [COLUMN_CODE]       = { "code", 0 },
  [COLUMN_OPENREVIEW] = { "openreview", 0 },
  [COLUMN_SUPPLEMENT] = { "supplement", 0 },
  [COLUMN_ARXIV]      = { "arxiv", 0 },
  [COLUMN_STATUS]     = { "status", 0 },
  [COLUMN_TAGS]       = { "tags", PROC_EXPORT_TAGS },
  [COLUMN_RATING]     = { "rating", PROC_EXPORT_RATINGS },
  [COLUMN_READ_STATE] = { "read_state", PROC_EXPORT_READ_STATE },
  [COLUMN_STARRED]    = { "starred", PROC_EXPORT_READ_STATE },
  [COLUMN_NOTE]       = { "note", PROC_EXPORT_NOTES },
  [COLUMN_ABSTRACT]   = { "abstract", PROC_EXPORT_ABSTRACTS },
};

static gboolean
has_column (ProcRecordWriter *writer,
            Column            column)
{
  return columns[column].field == 0 || proc_record_writer_has_field (writer, columns[column].field);
}

static gboolean
is_formula_start (char c)
{
  return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

/* Apostrophes, then a formula's first character. */
static gboolean
needs_guard (const char *value)
{
  while (*value == '\'')
    value++;

  return is_formula_start (*value);
}

static void
append_cell (GString    *out,
             gboolean    first,
             const char *value)
{
  g_autoptr(GString) cell = NULL;

  if (!first)
    g_string_append_c (out, ',');
  if (value == NULL || *value == '\0')
    return;

  /* Line breaks inside a cell are LF, as spreadsheets write them. */
  cell = g_string_new (value);
  g_string_replace (cell, "\r\n", "\n", 0);
  g_string_replace (cell, "\r", "\n", 0);

  if (!needs_guard (cell->str) && strpbrk (cell->str, ",\"\n") == NULL)
    {
      g_string_append (out, cell->str);
      return;
    }

  g_string_append_c (out, '"');
  if (needs_guard (cell->str))
    g_string_append_c (out, '\'');
  for (const char *p = cell->str; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static gboolean
proc_csv_writer_begin (ProcRecordWriter  *writer,
                       const char        *title,
                       GError           **error)
{
  g_autoptr(GString) out = g_string_new ("\xef\xbb\xbf");
  g_autofree char *text = NULL;
  gboolean first = TRUE;

  for (guint i = 0; i < N_COLUMNS; i++)
    if (has_column (writer, i))
      {
        append_cell (out, first, columns[i].name);
        first = FALSE;
      }
  g_string_append (out, EOL);

  /* Its text, not out->str: GLib's inline appends test out for NULL,
   * after which GCC takes out->str for a NULL dereference. */
  text = g_string_free (g_steal_pointer (&out), FALSE);
  return proc_record_writer_append (writer, text, error);
}

static gboolean
proc_csv_writer_write (ProcRecordWriter       *writer,
                       const ProcPaperRecord  *record,
                       GError                **error)
{
  static const char * const states[] = { "unread", "reading", "read" };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *text = NULL;
  gboolean first = TRUE;

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      g_autofree char *owned = NULL;
      const char *value = NULL;

      if (!has_column (writer, i))
        continue;

      switch ((Column) i)
        {
        case COLUMN_TITLE:
          value = record->derived_title;
          break;

        case COLUMN_AUTHORS:
          value = record->authors;
          break;

        case COLUMN_VENUE:
          value = record->venue;
          break;

        case COLUMN_YEAR:
          if (record->year > 0)
            value = owned = g_strdup_printf ("%d", record->year);
          break;

        case COLUMN_DOI:
          value = record->doi;
          break;

        case COLUMN_URL:
          value = record->url;
          break;

        case COLUMN_PDF:
          value = proc_paper_record_get_link (record, PROC_LINK_PDF);
          break;

        case COLUMN_CODE:
          value = proc_paper_record_get_link (record, PROC_LINK_CODE);
          break;

        case COLUMN_OPENREVIEW:
          value = proc_paper_record_get_link (record, PROC_LINK_OPENREVIEW);
          break;

        case COLUMN_SUPPLEMENT:
          value = proc_paper_record_get_link (record, PROC_LINK_SUPPLEMENT);
          break;

        case COLUMN_ARXIV:
          value = proc_paper_record_get_link (record, PROC_LINK_ARXIV);
          break;

        case COLUMN_STATUS:
          value = record->status;
          break;

        case COLUMN_TAGS:
          if (record->tags->len > 0)
            {
              GString *joined = g_string_new (NULL);

              for (guint t = 0; t < record->tags->len; t++)
                {
                  if (t > 0)
                    g_string_append (joined, "; ");
                  g_string_append (joined, g_ptr_array_index (record->tags, t));
                }
              value = owned = g_string_free (joined, FALSE);
            }
          break;

        case COLUMN_RATING:
          if (record->rating > 0)
            value = owned = g_strdup_printf ("%d", CLAMP (record->rating, 0, 5));
          break;

        case COLUMN_READ_STATE:
          if (record->read_state >= 0 && record->read_state < (int) G_N_ELEMENTS (states))
            value = states[record->read_state];
          break;

        case COLUMN_STARRED:
          if (record->starred != PROC_RECORD_UNSET)
            value = record->starred ? "yes" : "no";
          break;

        case COLUMN_NOTE:
          value = record->note;
          break;

        case COLUMN_ABSTRACT:
          value = record->abstract;
          break;

        case N_COLUMNS:
        default:
          g_assert_not_reached ();
        }

      append_cell (out, first, value);
      first = FALSE;
    }
  g_string_append (out, EOL);

  /* Its text, not out->str: GLib's inline appends test out for NULL,
   * after which GCC takes out->str for a NULL dereference. */
  text = g_string_free (g_steal_pointer (&out), FALSE);
  return proc_record_writer_append (writer, text, error);
}

static void
proc_csv_writer_class_init (ProcCsvWriterClass *klass)
{
  ProcRecordWriterClass *writer_class = PROC_RECORD_WRITER_CLASS (klass);

  writer_class->begin = proc_csv_writer_begin;
  writer_class->write = proc_csv_writer_write;
}

static void
proc_csv_writer_init (ProcCsvWriter *self)
{
}

ProcCsvWriter *
proc_csv_writer_new (GOutputStream    *stream,
                     ProcExportFields  fields)
{
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_CSV_WRITER,
                       "stream", stream,
                       "fields", fields,
                       NULL);
}
