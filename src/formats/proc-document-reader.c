/* proc-document-reader.c: reads back the Markdown and HTML documents Proceedings exports
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-document-reader"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-csl-json-reader.h"
#include "proc-document-data.h"
#include "proc-document-reader.h"

/* A document is read from the data it hides (see proc-document-data.c),
 * never from the text people read: the marker on its first lines, then
 * one CSL item per paper, with its notes, stars, read state, rating,
 * tags, triage and watchlists.  What is not our export is refused before
 * anything reaches the library, with a sentence that says what to import
 * instead: a page saved from the web, a README, an export from a newer
 * Proceedings, an export without the data. */

/* The marker comes first in Markdown, after the doctype in HTML; a few
 * lines of slack for a file someone edited. */
#define MARKER_LINES 16

struct _ProcDocumentReader
{
  ProcRecordReader parent_instance;

  gboolean html;
  guint n_papers;       /* paper lines seen, read or not */
  guint n_headings;     /* what people see of a paper: "## Title", <article> */
};

G_DEFINE_FINAL_TYPE (ProcDocumentReader, proc_document_reader, PROC_TYPE_RECORD_READER)

ProcDocumentReader *
proc_document_reader_new (GInputStream *stream,
                          const char   *display_name,
                          gboolean      html)
{
  ProcDocumentReader *self;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  self = g_object_new (PROC_TYPE_DOCUMENT_READER,
                       "stream", stream,
                       "display-name", display_name,
                       NULL);
  self->html = html;
  return self;
}

static void
set_not_ours_error (ProcDocumentReader  *self,
                    GError             **error)
{
  const char *name = proc_record_reader_get_display_name (PROC_RECORD_READER (self));

  if (self->html)
    g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                 _("%s: a web page, not a list of papers. Proceedings reads back only the HTML it exports itself; "
                   "import the papers as BibTeX, RIS, CSL-JSON or CSV instead."),
                 name);
  else
    g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                 _("%s: a Markdown document, not a list of papers. Proceedings reads back only the Markdown it exports itself; "
                   "import the papers as BibTeX, RIS, CSL-JSON or CSV instead."),
                 name);
}

static void
set_no_data_error (ProcDocumentReader  *self,
                   GError             **error)
{
  g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
               _("%s: a Proceedings export without the papers’ data, which only newer exports carry. "
                 "Export the papers again, or as CSL-JSON, and import that instead."),
               proc_record_reader_get_display_name (PROC_RECORD_READER (self)));
}

static gboolean
proc_document_reader_read_header (ProcRecordReader  *reader,
                                  GCancellable      *cancellable,
                                  GError           **error)
{
  ProcDocumentReader *self = PROC_DOCUMENT_READER (reader);
  ProcLineReader *lines = proc_record_reader_get_lines (reader);
  gboolean generator = FALSE;

  for (guint i = 0; i < MARKER_LINES; i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *title = NULL;
      const char *line;
      gsize length;
      guint version = 0;

      if (!(line = proc_line_reader_next (lines, &length, cancellable, &local_error)))
        {
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          break;
        }

      /* Our HTML said who made it before it carried the data. */
      generator |= strstr (line, "<meta name=\"generator\" content=\"Proceedings") != NULL;

      if (!proc_document_parse_marker (line, &version, &title))
        continue;

      if (version > PROC_DOCUMENT_DATA_VERSION)
        {
          g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                       _("%s: exported by a newer version of Proceedings, whose documents this version cannot read. "
                         "Export the papers from it as CSL-JSON, which keeps their notes and marks, and import that instead."),
                       proc_record_reader_get_display_name (reader));
          return FALSE;
        }

      if (title != NULL)
        proc_record_reader_set_list_name (reader, title);
      return TRUE;
    }

  if (generator)
    set_no_data_error (self, error);
  else
    set_not_ours_error (self, error);
  return FALSE;
}

static ProcPaperRecord *
proc_document_reader_next (ProcRecordReader  *reader,
                           ProcImportReport  *report,
                           GCancellable      *cancellable,
                           GError           **error)
{
  ProcDocumentReader *self = PROC_DOCUMENT_READER (reader);
  ProcLineReader *lines = proc_record_reader_get_lines (reader);

  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(JsonObject) item = NULL;
      ProcPaperRecord *record;
      const char *line;
      gsize length;
      guint number;

      if (!(line = proc_line_reader_next (lines, &length, cancellable, &local_error)))
        {
          if (local_error != NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else if (self->n_papers == 0 && self->n_headings > 0)
            set_no_data_error (self, error);
          return NULL;
        }

      number = proc_line_reader_get_line (lines);
      item = proc_document_parse_paper (line, &local_error);
      if (item == NULL && local_error == NULL)
        {
          while (*line == ' ' || *line == '\t')
            line++;
          if (g_str_has_prefix (line, self->html ? "<article" : "##"))
            self->n_headings++;
          continue;
        }

      self->n_papers++;
      if (item == NULL)
        {
          /* json-glib's message quotes the broken text, cut anywhere */
          g_debug ("%s:%u: %s", proc_record_reader_get_display_name (reader), number, local_error->message);
          proc_record_reader_reject (reader, report, number,
                                     _("the paper’s data is damaged: it is not one valid JSON object"));
          continue;
        }

      if ((record = proc_csl_json_record_from_item (item)))
        {
          record->line = number;
          return record;
        }

      proc_record_reader_reject (reader, report, number, _("the entry has no title"));
    }
}

static void
proc_document_reader_class_init (ProcDocumentReaderClass *klass)
{
  ProcRecordReaderClass *reader_class = PROC_RECORD_READER_CLASS (klass);

  reader_class->read_header = proc_document_reader_read_header;
  reader_class->next = proc_document_reader_next;
}

static void
proc_document_reader_init (ProcDocumentReader *self)
{
}
