/* proc-line-reader.c: lines of a text file, checked, with their numbers
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-import-report.h"
#include "proc-line-reader.h"

#define CHUNK_SIZE (64 * 1024)
/* No paper list has lines this long (an abstract is kilobytes): a longer
 * one is refused rather than held in memory whole. */
#define MAX_LINE_BYTES (16 * 1024 * 1024)

/* Reads in chunks, so memory stays bounded by the longest line, and
 * accepts LF, CRLF and lone CR line ends, a UTF-8 byte order mark, and a
 * missing final newline.  A NUL byte or invalid UTF-8 is an error naming
 * the line, since such a file is not text in the format we read. */
struct _ProcLineReader
{
  GInputStream *stream;
  char *display_name;
  GByteArray *buffer;       /* bytes read but not yet returned */
  gsize start;              /* where the next line begins in buffer */
  GString *line;
  guint line_number;
  guint64 offset;           /* bytes consumed, for progress */
  gboolean eof;
  gboolean skip_lf;         /* the last line ended in CR: a LF next is part of it */
  guint64 bytes_read;
  ProcLineReaderProgress progress;
  gpointer progress_data;
  GArray *controls;         /* of ControlLine, removed and not yet reported */
};

typedef struct
{
  guint line;
  guint count;
} ControlLine;

ProcLineReader *
proc_line_reader_new (GInputStream *stream,
                      const char   *display_name)
{
  ProcLineReader *reader = g_new0 (ProcLineReader, 1);

  reader->stream = g_object_ref (stream);
  reader->display_name = g_strdup (display_name);
  /* Allocated now: an empty file must not leave it without data, since
   * data + 0 on a NULL pointer is undefined. */
  reader->buffer = g_byte_array_sized_new (CHUNK_SIZE);
  reader->line = g_string_new (NULL);
  reader->controls = g_array_new (FALSE, FALSE, sizeof (ControlLine));
  return reader;
}

void
proc_line_reader_free (ProcLineReader *reader)
{
  if (reader == NULL)
    return;

  g_clear_object (&reader->stream);
  g_free (reader->display_name);
  g_byte_array_unref (reader->buffer);
  g_string_free (reader->line, TRUE);
  g_array_unref (reader->controls);
  g_free (reader);
}

static gboolean
fill (ProcLineReader  *reader,
      GCancellable    *cancellable,
      GError         **error)
{
  gssize n;

  if (reader->start > 0)
    {
      g_byte_array_remove_range (reader->buffer, 0, reader->start);
      reader->start = 0;
    }

  g_byte_array_set_size (reader->buffer, reader->buffer->len + CHUNK_SIZE);
  n = g_input_stream_read (reader->stream,
                           reader->buffer->data + reader->buffer->len - CHUNK_SIZE,
                           CHUNK_SIZE, cancellable, error);
  if (n < 0)
    {
      g_byte_array_set_size (reader->buffer, reader->buffer->len - CHUNK_SIZE);
      g_prefix_error (error, "%s: ", reader->display_name);
      return FALSE;
    }

  g_byte_array_set_size (reader->buffer, reader->buffer->len - CHUNK_SIZE + n);
  if (n == 0)
    reader->eof = TRUE;

  /* Long stretches without a paper (comments, skipped entries) still
   * move the progress bar. */
  reader->bytes_read += n;
  if (reader->progress != NULL && n > 0)
    reader->progress (reader->bytes_read, reader->progress_data);

  return TRUE;
}

/* Control characters (but tab) are damage, not text, in every format
 * we read: they go, and the line is reported (proc_line_reader_report_controls). */
static void
strip_controls (ProcLineReader *reader)
{
  char *s = reader->line->str;
  gsize len = reader->line->len;
  ControlLine found = { reader->line_number, 0 };
  gsize i, j;

  /* most lines have none: look before copying */
  for (i = 0; i < len; i++)
    {
      guchar c = s[i];

      if ((c < 0x20 && c != '\t') || c == 0x7f ||
          (c == 0xc2 && i + 1 < len && (guchar) s[i + 1] >= 0x80 && (guchar) s[i + 1] <= 0x9f))
        break;
    }
  if (i == len)
    return;

  for (j = i; i < len; )
    {
      guchar c = s[i];

      if ((c < 0x20 && c != '\t') || c == 0x7f)
        {
          found.count++;
          i++;
        }
      else if (c == 0xc2 && i + 1 < len && (guchar) s[i + 1] >= 0x80 && (guchar) s[i + 1] <= 0x9f)
        {
          found.count++;
          i += 2;
        }
      else
        s[j++] = s[i++];
    }

  if (found.count > 0)
    {
      g_string_truncate (reader->line, j);
      g_array_append_val (reader->controls, found);
    }
}

static gboolean
check_line (ProcLineReader  *reader,
            GError         **error)
{
  const char *text = reader->line->str;
  gsize len = reader->line->len;
  const char *end;

  if (memchr (text, '\0', len) != NULL)
    {
      g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_NUL,
                   _("%s:%u: the file contains a NUL byte, so it is not a text file"),
                   reader->display_name, reader->line_number);
      return FALSE;
    }

  if (!g_utf8_validate_len (text, len, &end))
    {
      g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_ENCODING,
                   _("%s:%u: the text is not valid UTF-8 (byte %u of the line); "
                     "save the file as UTF-8 and import it again"),
                   reader->display_name, reader->line_number, (guint) (end - text) + 1);
      return FALSE;
    }

  strip_controls (reader);

  return TRUE;
}

/**
 * proc_line_reader_next:
 * @length: (out) (optional): the line's length in bytes
 *
 * Returns: (nullable): the next line without its line end, valid until the
 *   next call; %NULL at the end of the file (@error unset) or on error
 */
const char *
proc_line_reader_next (ProcLineReader  *reader,
                       gsize           *length,
                       GCancellable    *cancellable,
                       GError         **error)
{
  g_string_truncate (reader->line, 0);

  for (;;)
    {
      const guint8 *data = reader->buffer->data + reader->start;
      gsize available = reader->buffer->len - reader->start;
      gsize i;

      if (reader->skip_lf && available > 0)
        {
          if (data[0] == '\n')
            {
              reader->start++;
              reader->offset++;
              data++;
              available--;
            }
          reader->skip_lf = FALSE;
        }

      for (i = 0; i < available; i++)
        if (data[i] == '\n' || data[i] == '\r')
          break;

      if (i < available)
        {
          g_string_append_len (reader->line, (const char *) data, i);
          reader->skip_lf = (data[i] == '\r');
          reader->start += i + 1;
          reader->offset += i + 1;
          break;
        }

      g_string_append_len (reader->line, (const char *) data, available);
      reader->start += available;
      reader->offset += available;

      if (reader->line->len > MAX_LINE_BYTES)
        {
          g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                       _("%s:%u: the line is longer than %u MB, so this is not a paper list "
                         "Proceedings can read"),
                       reader->display_name, reader->line_number + 1,
                       (guint) (MAX_LINE_BYTES / (1024 * 1024)));
          g_string_truncate (reader->line, 0);
          return NULL;
        }

      if (reader->eof)
        {
          if (reader->line->len == 0)
            return NULL;
          break;
        }

      if (!fill (reader, cancellable, error))
        return NULL;
      if (reader->eof && reader->start >= reader->buffer->len && reader->line->len == 0)
        return NULL;
    }

  reader->line_number++;

  /* A byte order mark says "UTF-8" and nothing more. */
  if (reader->line_number == 1 && g_str_has_prefix (reader->line->str, "\xef\xbb\xbf"))
    g_string_erase (reader->line, 0, 3);

  if (!check_line (reader, error))
    return NULL;

  if (length != NULL)
    *length = reader->line->len;

  return reader->line->str;
}

guint
proc_line_reader_get_line (ProcLineReader *reader)
{
  return reader->line_number;
}

guint64
proc_line_reader_get_offset (ProcLineReader *reader)
{
  return reader->offset;
}

const char *
proc_line_reader_get_display_name (ProcLineReader *reader)
{
  return reader->display_name;
}

void
proc_line_reader_set_progress (ProcLineReader         *reader,
                               ProcLineReaderProgress  progress,
                               gpointer                user_data)
{
  reader->progress = progress;
  reader->progress_data = user_data;
}

/* Notes in @report's warnings the lines whose control characters were
 * removed since the last call. */
void
proc_line_reader_report_controls (ProcLineReader   *reader,
                                  ProcImportReport *report)
{
  for (guint i = 0; i < reader->controls->len; i++)
    {
      ControlLine *found = &g_array_index (reader->controls, ControlLine, i);
      g_autofree char *reason = NULL;

      reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u control character removed",
                                             "%u control characters removed", found->count),
                                found->count);
      proc_import_report_warn (report, reader->display_name, found->line, reason);
    }
  g_array_set_size (reader->controls, 0);
}
