/* proc-conference-list.c: the conference-list text format, read one paper at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "proc-conference-list.h"
#include "proc-line-reader.h"
#include "proc-links.h"
#include "proc-title.h"

/* The format: the list's title on the first line, then one abstract per
 * paragraph, paragraphs separated by blank lines.  A paragraph wrapped over
 * several lines is joined with spaces. */

#define MAX_TITLE_LENGTH 200
#define MIN_ABSTRACT_WORDS 3
/* An abstract is kilobytes; a longer paragraph is skipped, not kept. */
#define MAX_ABSTRACT_BYTES (4 * 1024 * 1024)

struct _ProcConferenceList
{
  ProcRecordReader parent_instance;

  ProcLineReader *lines;   /* owned by the parent */
  const char *display_name;
  char *pending;       /* a line read ahead while looking for the title */
  guint pending_line;
  gboolean done;
};

G_DEFINE_FINAL_TYPE (ProcConferenceList, proc_conference_list, PROC_TYPE_RECORD_READER)

ProcConferenceList *
proc_conference_list_new (GInputStream *stream,
                          const char   *display_name)
{
  return g_object_new (PROC_TYPE_CONFERENCE_LIST,
                       "stream", stream,
                       "display-name", display_name,
                       NULL);
}

static gboolean
is_blank (const char *line)
{
  for (; *line; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;

  return TRUE;
}

/**
 * proc_conference_list_read_title:
 *
 * Reads the first line as the list's title when it is one: a short line
 * followed by a blank line.  A file that starts straight with an abstract
 * is named after the file instead, and that abstract is kept.
 */
gboolean
proc_conference_list_read_title (ProcConferenceList  *reader,
                                 GCancellable        *cancellable,
                                 GError             **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *first = NULL;
  const char *line;
  guint first_line = 0;

  /* Skip blank lines before the title. */
  while ((line = proc_line_reader_next (reader->lines, NULL, cancellable, &local_error)) && is_blank (line))
    ;
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (line == NULL)
    {
      g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY,
                   _("%s:%u: the file is empty; a paper list has its title on the first line, "
                     "then one abstract per paragraph"),
                   reader->display_name, MAX (1, proc_line_reader_get_line (reader->lines)));
      return FALSE;
    }

  first = g_strstrip (g_strdup (line));
  first_line = proc_line_reader_get_line (reader->lines);

  line = proc_line_reader_next (reader->lines, NULL, cancellable, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if ((line == NULL || is_blank (line)) && g_utf8_strlen (first, -1) <= MAX_TITLE_LENGTH)
    {
      proc_record_reader_set_list_name (PROC_RECORD_READER (reader), first);
      return TRUE;
    }

  /* No title: the first line begins an abstract, and so may the second;
   * the list keeps the file's name. */
  reader->pending = g_steal_pointer (&first);
  reader->pending_line = first_line;
  if (line != NULL && !is_blank (line))
    {
      g_autofree char *second = g_strstrip (g_strdup (line));
      char *joined = g_strjoin (" ", reader->pending, second, NULL);

      g_free (reader->pending);
      reader->pending = joined;
    }

  return TRUE;
}

const char *
proc_conference_list_get_title (ProcConferenceList *reader)
{
  return proc_record_reader_get_list_name (PROC_RECORD_READER (reader));
}

static gboolean
has_enough_words (const char *text)
{
  guint words = 0;
  gboolean in_word = FALSE;

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* Ideographs carry a word each: Chinese has no spaces. */
      if (g_unichar_type (c) == G_UNICODE_OTHER_LETTER && g_unichar_iswide (c))
        words++;
      else if (!g_unichar_isspace (c) && !in_word)
        words++;
      in_word = !g_unichar_isspace (c);
      if (words >= MIN_ABSTRACT_WORDS)
        return TRUE;
    }

  return FALSE;
}

/**
 * proc_conference_list_next:
 * @report: where a paragraph that is not an abstract is reported
 *
 * Returns: (transfer full) (nullable): the next paper; %NULL at the end
 *   of the file (@error unset) or when the file is not valid text
 */
ProcPaperRecord *
proc_conference_list_next (ProcConferenceList  *reader,
                           ProcImportReport    *report,
                           GCancellable        *cancellable,
                           GError             **error)
{
  while (!reader->done)
    {
      g_autoptr(GString) paragraph = g_string_new (NULL);
      g_autoptr(ProcPaperRecord) record = NULL;
      guint start_line = 0;
      gboolean too_long = FALSE;
      const char *line;

      if (reader->pending != NULL)
        {
          g_string_append (paragraph, reader->pending);
          start_line = reader->pending_line;
          g_clear_pointer (&reader->pending, g_free);
        }

      for (;;)
        {
          g_autoptr(GError) local_error = NULL;
          g_autofree char *trimmed = NULL;

          line = proc_line_reader_next (reader->lines, NULL, cancellable, &local_error);
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return NULL;
            }

          if (line == NULL)
            {
              reader->done = TRUE;
              break;
            }

          if (is_blank (line))
            {
              if (paragraph->len > 0)
                break;
              continue;
            }

          if (too_long)
            continue;

          trimmed = g_strstrip (g_strdup (line));
          if (paragraph->len == 0)
            start_line = proc_line_reader_get_line (reader->lines);
          else
            g_string_append_c (paragraph, ' ');
          g_string_append (paragraph, trimmed);

          /* Read on to the paragraph's end, keeping nothing more. */
          if (paragraph->len > MAX_ABSTRACT_BYTES)
            {
              too_long = TRUE;
              g_string_truncate (paragraph, 1);
            }
        }

      if (paragraph->len == 0)
        continue;

      if (too_long)
        {
          g_autofree char *reason =
            g_strdup_printf (_("the paragraph is longer than %u MB, too long for an abstract"),
                             (guint) (MAX_ABSTRACT_BYTES / (1024 * 1024)));
          proc_record_reader_reject (PROC_RECORD_READER (reader), report, start_line, reason);
          continue;
        }

      if (!has_enough_words (paragraph->str))
        {
          /* g_utf8_substring () walks on past the end of a shorter text */
          g_autofree char *shown = g_utf8_substring (paragraph->str, 0,
                                                     MIN (g_utf8_strlen (paragraph->str, -1), 60));
          g_autofree char *reason =
            g_strdup_printf (_("“%s” is too short to be an abstract"), shown);
          proc_record_reader_reject (PROC_RECORD_READER (reader), report, start_line, reason);
          continue;
        }

      record = proc_paper_record_new ();
      record->line = start_line;
      record->derived_title = proc_title_derive (paragraph->str);
      record->title_derived = TRUE;
      /* A paragraph that starts with punctuation (". With only…") gives
       * no title: its first words stand in. */
      if (record->derived_title[0] == '\0')
        {
          g_free (record->derived_title);
          record->derived_title = g_strstrip (g_utf8_substring (paragraph->str, 0,
                                                                MIN (g_utf8_strlen (paragraph->str, -1), 100)));
        }
      g_clear_pointer (&record->links, g_ptr_array_unref);
      record->links = proc_links_extract (paragraph->str);
      record->abstract = g_string_free (g_steal_pointer (&paragraph), FALSE);

      return g_steal_pointer (&record);
    }

  return NULL;
}

guint64
proc_conference_list_get_offset (ProcConferenceList *reader)
{
  return proc_record_reader_get_offset (PROC_RECORD_READER (reader));
}

static gboolean
proc_conference_list_read_header (ProcRecordReader  *reader,
                                  GCancellable      *cancellable,
                                  GError           **error)
{
  return proc_conference_list_read_title (PROC_CONFERENCE_LIST (reader), cancellable, error);
}

static ProcPaperRecord *
proc_conference_list_real_next (ProcRecordReader  *reader,
                                ProcImportReport  *report,
                                GCancellable      *cancellable,
                                GError           **error)
{
  return proc_conference_list_next (PROC_CONFERENCE_LIST (reader), report, cancellable, error);
}

static void
proc_conference_list_constructed (GObject *object)
{
  ProcConferenceList *self = PROC_CONFERENCE_LIST (object);

  G_OBJECT_CLASS (proc_conference_list_parent_class)->constructed (object);

  self->lines = proc_record_reader_get_lines (PROC_RECORD_READER (self));
  self->display_name = proc_record_reader_get_display_name (PROC_RECORD_READER (self));
}

static void
proc_conference_list_finalize (GObject *object)
{
  ProcConferenceList *self = PROC_CONFERENCE_LIST (object);

  g_clear_pointer (&self->pending, g_free);

  G_OBJECT_CLASS (proc_conference_list_parent_class)->finalize (object);
}

static void
proc_conference_list_class_init (ProcConferenceListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordReaderClass *reader_class = PROC_RECORD_READER_CLASS (klass);

  object_class->constructed = proc_conference_list_constructed;
  object_class->finalize = proc_conference_list_finalize;

  reader_class->read_header = proc_conference_list_read_header;
  reader_class->next = proc_conference_list_real_next;
}

static void
proc_conference_list_init (ProcConferenceList *self)
{
}
