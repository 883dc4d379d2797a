/* fuzz-common.c: reads every record of a fuzzed input and checks each
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "proc-import-report.h"

/* Messages name the input by this name, so they can be checked. */
#define DISPLAY_NAME "fuzz-input"

void
fuzz_fail (const char *file,
           int         line,
           const char *condition,
           const char *format,
           ...)
{
  va_list args;

  fprintf (stderr, "%s:%d: invariant violated: %s: ", file, line, condition);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

/* Lines as the line reader counts them: LF, CRLF and a lone CR each end
 * one; text after the last line end is a line too. */
guint
fuzz_count_lines (const guint8 *data,
                  gsize         size)
{
  guint n = 0;

  for (gsize i = 0; i < size; i++)
    {
      if (data[i] == '\n')
        n++;
      else if (data[i] == '\r')
        {
          n++;
          if (i + 1 < size && data[i + 1] == '\n')
            i++;
        }
    }

  if (size > 0 && data[size - 1] != '\n' && data[size - 1] != '\r')
    n++;

  return n;
}

static void
check_text (const char *what,
            const char *text)
{
  if (text == NULL)
    return;

  fuzz_check (g_utf8_validate (text, -1, NULL), "%s is not valid UTF-8", what);
}

/* A message names the input and a line within it: "fuzz-input:12: …",
 * or the input alone when no line applies. */
void
fuzz_check_message (const char *message,
                    guint       n_lines)
{
  const char *rest;
  guint64 line;
  char *end = NULL;

  fuzz_check (message != NULL && *message != '\0', "an empty message");
  fuzz_check (g_utf8_validate (message, -1, NULL), "message is not UTF-8: %s", message);
  fuzz_check (g_str_has_prefix (message, DISPLAY_NAME ":"), "message does not name the file: %s", message);

  rest = message + strlen (DISPLAY_NAME ":");
  if (!g_ascii_isdigit (*rest))
    {
      fuzz_check (*rest == ' ', "message has no line and no reason: %s", message);
      return;
    }

  line = g_ascii_strtoull (rest, &end, 10);
  fuzz_check (end != NULL && *end == ':', "message line is not followed by a reason: %s", message);
  fuzz_check (line >= 1 && line <= MAX (n_lines, 1),
              "message names line %" G_GUINT64_FORMAT " of %u: %s", line, n_lines, message);
}

static void
check_record (const ProcPaperRecord *record,
              guint                  n_lines)
{
  fuzz_check (record->derived_title != NULL && *record->derived_title != '\0',
              "a record without a title was accepted (line %u)", record->line);
  fuzz_check (record->line >= 1 && record->line <= MAX (n_lines, 1),
              "record line %u of %u", record->line, n_lines);

  check_text ("title", record->derived_title);
  check_text ("abstract", record->abstract);
  check_text ("authors", record->authors);
  check_text ("venue", record->venue);
  check_text ("doi", record->doi);
  check_text ("url", record->url);
  check_text ("citation key", record->citation_key);
  check_text ("status", record->status);
  check_text ("pages", record->pages);
  check_text ("note", record->note);

  for (guint i = 0; i < record->tags->len; i++)
    check_text ("tag", g_ptr_array_index (record->tags, i));

  fuzz_check (record->rating >= 0 && record->rating <= 5, "rating %d", record->rating);
  fuzz_check (record->starred == PROC_RECORD_UNSET || record->starred == 0 || record->starred == 1,
              "starred %d", record->starred);
}

void
fuzz_read_records (ProcRecordFormat  format,
                   const guint8     *data,
                   gsize             size)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (data, size, NULL);
  g_autoptr(ProcRecordReader) reader = proc_record_format_new_reader (format, stream, DISPLAY_NAME);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  guint n_lines = fuzz_count_lines (data, size);
  guint n_records = 0;
  guint64 last_offset = 0;

  fuzz_check (reader != NULL, "no reader for format %u", format);

  if (proc_record_reader_read_header (reader, NULL, &error))
    {
      ProcPaperRecord *record;

      while ((record = proc_record_reader_next (reader, report, NULL, &error)) != NULL)
        {
          guint64 offset = proc_record_reader_get_offset (reader);

          check_record (record, n_lines);
          fuzz_check (offset >= last_offset && offset <= size,
                      "offset %" G_GUINT64_FORMAT " after %" G_GUINT64_FORMAT " of %" G_GSIZE_FORMAT,
                      offset, last_offset, size);
          last_offset = offset;
          proc_paper_record_free (record);

          /* Every record costs at least a byte of input. */
          fuzz_check (++n_records <= size, "%u records from %" G_GSIZE_FORMAT " bytes", n_records, size);
        }
    }

  if (error != NULL)
    fuzz_check_message (error->message, n_lines);

  fuzz_check (report->rejected == report->problems->len, "%u rejected, %u problems",
              report->rejected, report->problems->len);
  for (guint i = 0; i < report->problems->len; i++)
    fuzz_check_message (g_ptr_array_index (report->problems, i), n_lines);
}
