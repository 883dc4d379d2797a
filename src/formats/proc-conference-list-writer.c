/* proc-conference-list-writer.c: writes papers in the conference-list text format the app reads
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-conference-list-writer"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-conference-list-writer.h"

/* The format proc-conference-list.c reads: the list's title on the first
 * line, a blank line, then one paragraph per paper, paragraphs separated
 * by blank lines.  A paper's paragraph is its abstract as stored (TeX
 * and all) on one line: the line breaks inside it become spaces, since
 * a blank line would split the paper in two.  A paper without an
 * abstract is written as its title, so that it is not lost; the reader
 * takes such a paragraph as an abstract and derives the title from it,
 * and skips one shorter than three words.
 *
 * The format has nothing else (no authors, links or annotations), so
 * the export fields do not matter.  Lines end in LF. */

/* The reader takes a longer first line for an abstract. */
#define MAX_TITLE_CHARS 200

struct _ProcConferenceListWriter
{
  ProcRecordWriter parent_instance;
};

G_DEFINE_FINAL_TYPE (ProcConferenceListWriter, proc_conference_list_writer, PROC_TYPE_RECORD_WRITER)

/* @text on one line: each run of white space that holds a line break
 * becomes one space; the ends are trimmed. */
static char *
one_line (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p; )
    {
      if (g_ascii_isspace (*p))
        {
          const char *q = p;
          gboolean breaks = FALSE;

          while (g_ascii_isspace (*q))
            {
              breaks |= *q == '\n' || *q == '\r' || *q == '\f' || *q == '\v';
              q++;
            }
          if (breaks)
            g_string_append_c (out, ' ');
          else
            g_string_append_len (out, p, q - p);
          p = q;
        }
      else
        g_string_append_c (out, *p++);
    }

  return g_strstrip (g_string_free (out, FALSE));
}

static gboolean
proc_conference_list_writer_begin (ProcRecordWriter  *writer,
                                   const char        *title,
                                   GError           **error)
{
  g_autofree char *line = one_line (title);
  g_autoptr(GString) out = NULL;

  /* An empty first line would make the first abstract the title. */
  if (*line == '\0')
    {
      g_free (line);
      line = g_strdup (_("Papers"));
    }

  out = g_string_new (line);
  if (g_utf8_strlen (out->str, -1) > MAX_TITLE_CHARS)
    g_string_truncate (out, g_utf8_offset_to_pointer (out->str, MAX_TITLE_CHARS) - out->str);
  g_string_append_c (out, '\n');

  return proc_record_writer_append (writer, out->str, error);
}

static gboolean
proc_conference_list_writer_write (ProcRecordWriter       *writer,
                                   const ProcPaperRecord  *record,
                                   GError                **error)
{
  g_autofree char *paragraph = NULL;

  if (record->abstract != NULL)
    paragraph = one_line (record->abstract);
  if ((paragraph == NULL || *paragraph == '\0') && record->derived_title != NULL)
    {
      g_free (paragraph);
      paragraph = one_line (record->derived_title);
    }
  if (paragraph == NULL || *paragraph == '\0')
    return TRUE;

  return proc_record_writer_append_printf (writer, error, "\n%s\n", paragraph);
}

static void
proc_conference_list_writer_class_init (ProcConferenceListWriterClass *klass)
{
  ProcRecordWriterClass *writer_class = PROC_RECORD_WRITER_CLASS (klass);

  writer_class->begin = proc_conference_list_writer_begin;
  writer_class->write = proc_conference_list_writer_write;
}

static void
proc_conference_list_writer_init (ProcConferenceListWriter *self)
{
}

ProcConferenceListWriter *
proc_conference_list_writer_new (GOutputStream    *stream,
                                 ProcExportFields  fields)
{
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_CONFERENCE_LIST_WRITER,
                       "stream", stream,
                       "fields", fields,
                       NULL);
}
