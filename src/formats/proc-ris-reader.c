/* proc-ris-reader.c: reads RIS, the tagged format of reference managers, one entry at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-ris-reader"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-entry-type.h"
#include "proc-ris-reader.h"

/* RIS is a list of "TG  - value" lines; an entry runs from its "TY" line
 * to its "ER" line.  A line without a tag continues the value above it:
 * abstracts and notes keep the line break, other fields join with a
 * space, and a keyword line that wraps is one more keyword.
 *
 * What we take:
 *   TI, T1, CT         the title (the first one given)
 *   AU, A1             authors, "Family, Given[, Suffix]" (or "Given
 *                      Family"), one per line, in parts by proc-names.c
 *   T2, JF, BT, JO, J2 the venue (in that preference)
 *   PY, Y1, DA         the year: the first four digits
 *   DO                 the DOI;  UR the landing page (more UR lines are links)
 *   L1                 PDF links; L2, L4 other links, a code host's being code
 *   AB, N2             the abstract;  KW tags;  SP, EP pages;  ID the key
 *   N1                 the note, except the "Rating: ★★★☆☆", "Read state:
 *                      read" and "Starred: yes" lines our own writer adds
 * Every other tag is ignored, as is text outside entries (some sites put
 * a few header lines before the first entry). */

/* An entry is kilobytes; a longer one is skipped, so memory stays bounded. */
#define MAX_ENTRY_BYTES (4 * 1024 * 1024)

struct _ProcRisReader
{
  ProcRecordReader parent_instance;

  guint pending_entry;   /* the line of a TY that ended the entry before it */
  char *pending_type;    /* and its value */
  gboolean seen_entry;
  gboolean seen_text;
  gboolean done;
};

G_DEFINE_FINAL_TYPE (ProcRisReader, proc_ris_reader, PROC_TYPE_RECORD_READER)

typedef struct
{
  char tag[3];
  GString *value;
} RisField;

static void
ris_field_free (RisField *field)
{
  g_string_free (field->value, TRUE);
  g_free (field);
}

static gboolean
is_blank (const char *line)
{
  for (; *line; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;

  return TRUE;
}

/* "TG  - value", as Zotero reads it: a capital letter, a capital letter or
 * digit, one or two spaces, a dash, then nothing or a space and the
 * value.  @tag gets the tag, @value points into @line. */
static gboolean
parse_tag_line (const char  *line,
                char         tag[3],
                const char **value)
{
  const char *p;

  if (!g_ascii_isupper (line[0]) || !(g_ascii_isupper (line[1]) || g_ascii_isdigit (line[1])))
    return FALSE;

  p = line + 2;
  if (*p != ' ')
    return FALSE;
  p++;
  if (*p == ' ')
    p++;
  if (*p != '-')
    return FALSE;
  p++;
  if (*p != '\0' && *p != ' ')
    return FALSE;
  if (*p == ' ')
    p++;

  tag[0] = line[0];
  tag[1] = line[1];
  tag[2] = '\0';
  *value = p;
  return TRUE;
}

/* "TG -" or "TG  -", loosely: a line of a note that looks like this is
 * written with a space before it, so that no reader takes it for a tag;
 * reading removes the space again. */
gboolean
proc_ris_line_looks_like_tag (const char *line)
{
  return g_ascii_isupper (line[0]) &&
         (g_ascii_isupper (line[1]) || g_ascii_isdigit (line[1])) &&
         line[2] == ' ' &&
         (line[3] == '-' || (line[3] == ' ' && line[4] == '-'));
}

static gboolean
is_text_block (const char *tag)
{
  return g_str_equal (tag, "AB") || g_str_equal (tag, "N2") || g_str_equal (tag, "N1");
}

static void
add_field (GPtrArray  *fields,
           const char *tag,
           const char *value)
{
  RisField *field = g_new0 (RisField, 1);

  memcpy (field->tag, tag, 3);
  field->value = g_string_new (value);
  g_ptr_array_add (fields, field);
}

static void
continue_field (GPtrArray  *fields,
                const char *line)
{
  RisField *last;

  /* A continuation of the TY line says nothing we use. */
  if (fields->len == 0)
    return;

  last = g_ptr_array_index (fields, fields->len - 1);
  if (is_text_block (last->tag))
    {
      if (line[0] == ' ' && proc_ris_line_looks_like_tag (line + 1))
        line++;
      g_string_append_c (last->value, '\n');
      g_string_append (last->value, line);
    }
  else if (g_str_equal (last->tag, "KW"))
    {
      add_field (fields, "KW", line);
    }
  else if (!is_blank (line))
    {
      g_autofree char *trimmed = g_strstrip (g_strdup (line));

      g_string_append_c (last->value, ' ');
      g_string_append (last->value, trimmed);
    }
}

/* Returns: (transfer none) (nullable): the first non-empty value among
 * the tags, in the order of @tags */
static const char *
first_value (GPtrArray          *fields,
             const char * const *tags)
{
  for (guint t = 0; tags[t] != NULL; t++)
    for (guint i = 0; i < fields->len; i++)
      {
        RisField *field = g_ptr_array_index (fields, i);

        if (g_str_equal (field->tag, tags[t]) && field->value->len > 0)
          return field->value->str;
      }

  return NULL;
}

static char *
dup_nonempty (const char *value)
{
  return value != NULL && *value != '\0' ? g_strdup (value) : NULL;
}

/* "2019", "2019/06/09/", "2019///": the first four digits in a row */
static int
year_from_date (const char *value)
{
  for (const char *p = value; *p; p++)
    if (g_ascii_isdigit (p[0]) && g_ascii_isdigit (p[1]) &&
        g_ascii_isdigit (p[2]) && g_ascii_isdigit (p[3]))
      return (p[0] - '0') * 1000 + (p[1] - '0') * 100 + (p[2] - '0') * 10 + (p[3] - '0');

  return 0;
}


/* Our writer's annotation lines; anything else in N1 is the note. */
static gboolean
parse_annotation (ProcPaperRecord *record,
                  const char      *value)
{
  const char *p;

  if (g_str_has_prefix (value, "Rating: "))
    {
      int stars = 0;
      int marks = 0;

      for (p = value + strlen ("Rating: "); *p; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (c == 0x2605)        /* ★ */
            stars++;
          else if (c != 0x2606)   /* ☆ */
            return FALSE;
          marks++;
        }
      if (marks != 5)
        return FALSE;

      record->rating = stars;
      return TRUE;
    }

  if (g_str_has_prefix (value, "Read state: "))
    {
      p = value + strlen ("Read state: ");
      if (g_str_equal (p, "unread"))
        record->read_state = 0;
      else if (g_str_equal (p, "reading"))
        record->read_state = 1;
      else if (g_str_equal (p, "read"))
        record->read_state = 2;
      else
        return FALSE;
      return TRUE;
    }

  if (g_str_equal (value, "Starred: yes") || g_str_equal (value, "Starred: no"))
    {
      record->starred = g_str_equal (value, "Starred: yes");
      return TRUE;
    }

  return FALSE;
}

/* A link of the paper's own: its OpenReview forum and arXiv page have
 * kinds of their own, other addresses are read as in an abstract. */
static ProcLinkKind
classify_own (const char *url)
{
  ProcLinkKind kind = proc_link_classify_own (url);

  if (kind == PROC_LINK_OPENREVIEW || kind == PROC_LINK_ARXIV)
    return kind;

  return proc_link_classify (url);
}

static ProcPaperRecord *
record_from_fields (GPtrArray *fields)
{
  static const char * const title_tags[] = { "TI", "T1", "CT", NULL };
  static const char * const venue_tags[] = { "T2", "JF", "BT", "JO", "J2", NULL };
  static const char * const year_tags[] = { "PY", "Y1", "DA", NULL };
  static const char * const abstract_tags[] = { "AB", "N2", NULL };
  static const char * const doi_tags[] = { "DO", NULL };
  static const char * const id_tags[] = { "ID", NULL };
  static const char * const start_tags[] = { "SP", NULL };
  static const char * const end_tags[] = { "EP", NULL };
  static const char * const publisher_tags[] = { "PB", NULL };
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
  g_autoptr(GString) authors = g_string_new (NULL);
  g_autoptr(GString) note = g_string_new (NULL);
  g_autoptr(GString) editors = g_string_new (NULL);
  const char *value;
  const char *start_page;
  const char *end_page;

  /* Values end where the next tag begins: the blank lines before it are
   * not part of them. */
  for (guint i = 0; i < fields->len; i++)
    {
      RisField *field = g_ptr_array_index (fields, i);
      char *stripped = g_strstrip (field->value->str);

      if (stripped != field->value->str)
        memmove (field->value->str, stripped, strlen (stripped) + 1);
      g_string_set_size (field->value, strlen (field->value->str));
    }

  record->derived_title = dup_nonempty (first_value (fields, title_tags));
  record->venue = dup_nonempty (first_value (fields, venue_tags));
  record->abstract = dup_nonempty (first_value (fields, abstract_tags));
  record->citation_key = dup_nonempty (first_value (fields, id_tags));
  if ((value = first_value (fields, year_tags)) != NULL)
    record->year = year_from_date (value);
  if ((value = first_value (fields, doi_tags)) != NULL)
    record->doi = proc_normalize_doi (value);
  record->publisher = dup_nonempty (first_value (fields, publisher_tags));

  start_page = first_value (fields, start_tags);
  end_page = first_value (fields, end_tags);
  if (start_page != NULL && end_page != NULL && strchr (start_page, '-') == NULL)
    record->pages = g_strdup_printf ("%s--%s", start_page, end_page);
  else
    record->pages = g_strdup (start_page ? start_page : end_page);

  for (guint i = 0; i < fields->len; i++)
    {
      RisField *field = g_ptr_array_index (fields, i);
      const char *tag = field->tag;

      value = field->value->str;
      if (*value == '\0')
        continue;

      if (g_str_equal (tag, "AU") || g_str_equal (tag, "A1"))
        {
          /* "Family, Given" or "Family, Given, Suffix", or "Given Family" */
          ProcName *name = proc_name_parse (value, PROC_NAME_TEXT);
          g_autofree char *display = NULL;

          if (name == NULL)
            continue;
          display = proc_name_to_display (name);
          g_ptr_array_add (record->names, name);
          if (authors->len > 0)
            g_string_append (authors, "; ");
          g_string_append (authors, display);
        }
      else if (g_str_equal (tag, "A2") || g_str_equal (tag, "ED"))
        {
          /* the volume's editors: A2 in the specification, ED in Zotero's */
          g_autoptr(ProcName) parts = proc_name_parse (value, PROC_NAME_TEXT);
          g_autofree char *name = NULL;

          if (parts == NULL)
            continue;
          name = proc_name_to_display (parts);
          if (editors->len > 0)
            g_string_append (editors, "; ");
          g_string_append (editors, name);
        }
      else if (g_str_equal (tag, "UR"))
        {
          if (record->url == NULL)
            {
              record->url = g_strdup (value);
              proc_paper_record_add_url_link (record);
            }
          else
            proc_paper_record_add_link (record, value, classify_own (value));
        }
      else if (g_str_equal (tag, "L1"))
        {
          proc_paper_record_add_link (record, value, PROC_LINK_PDF);
        }
      else if (g_str_equal (tag, "L2") || g_str_equal (tag, "L4"))
        {
          proc_paper_record_add_link (record, value, classify_own (value));
        }
      else if (g_str_equal (tag, "KW"))
        {
          proc_paper_record_add_tag (record, value);
        }
      else if (g_str_equal (tag, "N1"))
        {
          if (parse_annotation (record, value))
            continue;
          if (note->len > 0)
            g_string_append (note, "\n\n");
          g_string_append (note, value);
        }
    }

  if (authors->len > 0)
    record->authors = g_string_free (g_steal_pointer (&authors), FALSE);
  if (note->len > 0)
    record->note = g_string_free (g_steal_pointer (&note), FALSE);
  if (editors->len > 0)
    record->editors = g_string_free (g_steal_pointer (&editors), FALSE);

  return g_steal_pointer (&record);
}

static ProcPaperRecord *
proc_ris_reader_next (ProcRecordReader  *reader,
                      ProcImportReport  *report,
                      GCancellable      *cancellable,
                      GError           **error)
{
  ProcRisReader *self = PROC_RIS_READER (reader);
  ProcLineReader *lines = proc_record_reader_get_lines (reader);

  while (!self->done)
    {
      g_autoptr(GPtrArray) fields = NULL;
      g_autoptr(ProcPaperRecord) record = NULL;
      g_autoptr(GError) local_error = NULL;
      const char *line;
      const char *value;
      char tag[3];
      guint start_line = self->pending_entry;
      g_autofree char *type = g_steal_pointer (&self->pending_type);
      gsize entry_bytes = 0;
      gsize line_len = 0;

      self->pending_entry = 0;

      /* Skip to the next TY line. */
      while (start_line == 0)
        {
          line = proc_line_reader_next (lines, NULL, cancellable, &local_error);
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return NULL;
            }

          if (line == NULL)
            {
              self->done = TRUE;
              if (self->seen_entry)
                return NULL;

              if (!self->seen_text)
                g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY,
                             _("%s: the file is empty"),
                             proc_record_reader_get_display_name (reader));
              else
                g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                             _("%s: this is not a RIS file: no line starts an entry with “TY  - ”"),
                             proc_record_reader_get_display_name (reader));
              return NULL;
            }

          if (!is_blank (line))
            self->seen_text = TRUE;
          if (parse_tag_line (line, tag, &value) && g_str_equal (tag, "TY"))
            {
              start_line = proc_line_reader_get_line (lines);
              type = g_strdup (value);
            }
        }

      self->seen_entry = TRUE;
      fields = g_ptr_array_new_with_free_func ((GDestroyNotify) ris_field_free);

      /* Read to ER, to the next TY when an ER is missing, or to the end. */
      for (;;)
        {
          line = proc_line_reader_next (lines, &line_len, cancellable, &local_error);
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return NULL;
            }

          if (line == NULL)
            {
              self->done = TRUE;
              break;
            }

          /* Past the limit, the entry's lines are read but not kept. */
          entry_bytes += line_len + 1;
          if (entry_bytes > MAX_ENTRY_BYTES && fields->len > 0)
            g_ptr_array_set_size (fields, 0);

          if (!parse_tag_line (line, tag, &value))
            {
              if (entry_bytes <= MAX_ENTRY_BYTES)
                continue_field (fields, line);
              continue;
            }

          if (g_str_equal (tag, "ER"))
            break;
          if (g_str_equal (tag, "TY"))
            {
              self->pending_entry = proc_line_reader_get_line (lines);
              self->pending_type = g_strdup (value);
              break;
            }

          if (entry_bytes <= MAX_ENTRY_BYTES)
            add_field (fields, tag, value);
        }

      if (entry_bytes > MAX_ENTRY_BYTES)
        {
          g_autofree char *reason =
            g_strdup_printf (_("the entry is longer than %u MB, too long for one paper"),
                             (guint) (MAX_ENTRY_BYTES / (1024 * 1024)));

          proc_record_reader_reject (reader, report, start_line, reason);
          continue;
        }

      record = record_from_fields (fields);
      if (record->derived_title == NULL)
        {
          proc_record_reader_reject (reader, report, start_line,
                                     _("the entry has no title (no “TI” or “T1” line)"));
          continue;
        }

      record->line = start_line;
      record->entry_type = g_strdup (proc_entry_type_from_ris (type));
      return g_steal_pointer (&record);
    }

  return NULL;
}

static void
proc_ris_reader_finalize (GObject *object)
{
  ProcRisReader *self = PROC_RIS_READER (object);

  g_free (self->pending_type);

  G_OBJECT_CLASS (proc_ris_reader_parent_class)->finalize (object);
}

static void
proc_ris_reader_class_init (ProcRisReaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordReaderClass *reader_class = PROC_RECORD_READER_CLASS (klass);

  object_class->finalize = proc_ris_reader_finalize;
  reader_class->next = proc_ris_reader_next;
}

static void
proc_ris_reader_init (ProcRisReader *self)
{
}

ProcRisReader *
proc_ris_reader_new (GInputStream *stream,
                     const char   *display_name)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_RIS_READER,
                       "stream", stream,
                       "display-name", display_name,
                       NULL);
}
