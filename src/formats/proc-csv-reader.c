/* proc-csv-reader.c: reads a spreadsheet's CSV export (RFC 4180), one row at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-csv-reader"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-csv-reader.h"

/* The first row names the columns; they are found by name, ignoring
 * case, spaces, '_' and '-', so our own exports, Zotero's CSV export and
 * hand-made sheets all read:
 *
 *   title                      the title (required)
 *   authors, author            "Given Family; …", or "Family, Given; …",
 *                              read in parts by proc-names.c
 *   abstract, abstract note    venue, booktitle, conference, journal,
 *                              publication title: the venue
 *   year, publication year     the first four digits
 *   doi; url, link, site; pdf; code, github; pages; citation key
 *   status                     the producer's Oral/Poster (not the read state)
 *   tags, keywords, manual tags   separated by ';' (keywords also by ',')
 *   note, notes; rating (0–5 or ★s); read state (unread, reading, read);
 *   starred (yes/no)
 *
 * Other columns are ignored.  A quoted field may span lines; the record
 * keeps the line it starts on.  A row with fewer fields than the header
 * is reported and skipped (its columns cannot be trusted); extra fields
 * are accepted only when empty.  A cell that starts with apostrophes
 * before = + - @ or a tab loses one apostrophe: the one our writer (and
 * OWASP's advice) adds so that spreadsheets do not run it as a formula.
 *
 * The separator is a comma, unless the header row has none and has
 * semicolons or tabs instead (a spreadsheet in a locale whose decimal
 * separator is a comma saves "CSV" with semicolons). */

/* A quoted field that never closes would read the rest of the file
 * into one row; give up on it after this much. */
#define MAX_ROW_BYTES (4 * 1024 * 1024)

typedef enum
{
  FIELD_IGNORED = -1,
  FIELD_TITLE,
  FIELD_AUTHORS,
  FIELD_ABSTRACT,
  FIELD_VENUE,
  FIELD_YEAR,
  FIELD_DOI,
  FIELD_URL,
  FIELD_PDF,
  FIELD_CODE,
  FIELD_OPENREVIEW,
  FIELD_SUPPLEMENT,
  FIELD_ARXIV,
  FIELD_PAGES,
  FIELD_KEY,
  FIELD_STATUS,
  FIELD_TAGS,
  FIELD_KEYWORDS,      /* tags that may be separated by commas */
  FIELD_NOTE,
  FIELD_RATING,
  FIELD_READ_STATE,
  FIELD_STARRED,
} Field;

static const struct
{
  const char *name;   /* folded: lower case, without spaces, '_' or '-' */
  Field       field;
} aliases[] = {
  { "title", FIELD_TITLE },
  { "authors", FIELD_AUTHORS },
  { "author", FIELD_AUTHORS },
  { "abstract", FIELD_ABSTRACT },
  { "abstractnote", FIELD_ABSTRACT },
  { "venue", FIELD_VENUE },
  { "booktitle", FIELD_VENUE },
  { "conference", FIELD_VENUE },
  { "journal", FIELD_VENUE },
  { "publicationtitle", FIELD_VENUE },
  { "year", FIELD_YEAR },
  { "publicationyear", FIELD_YEAR },
  { "doi", FIELD_DOI },
  { "url", FIELD_URL },
  { "link", FIELD_URL },
  { "site", FIELD_URL },
  { "pdf", FIELD_PDF },
  { "code", FIELD_CODE },
  { "github", FIELD_CODE },
  { "openreview", FIELD_OPENREVIEW },
  { "supplement", FIELD_SUPPLEMENT },
  { "supp", FIELD_SUPPLEMENT },
  { "arxiv", FIELD_ARXIV },
  { "pages", FIELD_PAGES },
  { "citationkey", FIELD_KEY },
  { "status", FIELD_STATUS },
  { "tags", FIELD_TAGS },
  { "manualtags", FIELD_TAGS },
  { "keywords", FIELD_KEYWORDS },
  { "note", FIELD_NOTE },
  { "notes", FIELD_NOTE },
  { "rating", FIELD_RATING },
  { "readstate", FIELD_READ_STATE },
  { "starred", FIELD_STARRED },
};

struct _ProcCsvReader
{
  ProcRecordReader parent_instance;

  GArray *fields;        /* of Field, one per column of the header */
  char separator;
  gboolean header_read;
  gboolean header_ok;
  gboolean done;
};

G_DEFINE_FINAL_TYPE (ProcCsvReader, proc_csv_reader, PROC_TYPE_RECORD_READER)

typedef enum
{
  ROW_OK,
  ROW_END,       /* no more rows, or an error */
  ROW_UNCLOSED,  /* a quoted field without its closing quote */
} RowResult;

/* Reads one row, which may span lines when a quoted field holds line
 * breaks.  @first_line, when given, is the row's first line, already
 * read. */
static RowResult
read_row (ProcCsvReader  *self,
          const char     *first_line,
          GPtrArray      *cells,
          guint          *start_line,
          GCancellable   *cancellable,
          GError        **error)
{
  ProcLineReader *lines = proc_record_reader_get_lines (PROC_RECORD_READER (self));
  GString *cell = g_string_new (NULL);
  const char *line = first_line;
  gboolean in_quotes = FALSE;
  gboolean quoted = FALSE;
  gsize row_bytes = 0;

  if (line == NULL)
    line = proc_line_reader_next (lines, NULL, cancellable, error);
  if (line == NULL)
    {
      g_string_free (cell, TRUE);
      return ROW_END;
    }
  *start_line = proc_line_reader_get_line (lines);

  for (;;)
    {
      for (const char *p = line; *p; p++)
        {
          if (in_quotes)
            {
              if (*p != '"')
                g_string_append_c (cell, *p);
              else if (p[1] == '"')
                g_string_append_c (cell, *p++);
              else
                in_quotes = FALSE;
            }
          else if (*p == self->separator)
            {
              g_ptr_array_add (cells, g_string_free (cell, FALSE));
              cell = g_string_new (NULL);
              quoted = FALSE;
            }
          /* A quote starts a quoted field only at its start; elsewhere,
           * as in `5" disk`, it is text. */
          else if (*p == '"' && cell->len == 0 && !quoted)
            in_quotes = quoted = TRUE;
          else
            g_string_append_c (cell, *p);
        }

      row_bytes += strlen (line) + 1;
      if (!in_quotes)
        break;

      if (row_bytes > MAX_ROW_BYTES ||
          (line = proc_line_reader_next (lines, NULL, cancellable, error)) == NULL)
        {
          g_ptr_array_add (cells, g_string_free (cell, FALSE));
          return error != NULL && *error != NULL ? ROW_END : ROW_UNCLOSED;
        }
      g_string_append_c (cell, '\n');
    }

  g_ptr_array_add (cells, g_string_free (cell, FALSE));
  return ROW_OK;
}

static char *
fold_name (const char *name)
{
  g_autofree char *lower = g_utf8_strdown (name, -1);
  GString *folded = g_string_new (NULL);

  for (const char *p = lower; *p; p++)
    if (*p != ' ' && *p != '_' && *p != '-' && *p != '\t')
      g_string_append_c (folded, *p);

  return g_string_free (folded, FALSE);
}

static Field
field_for_name (const char *name)
{
  g_autofree char *folded = fold_name (name);

  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (g_str_equal (folded, aliases[i].name))
      return aliases[i].field;

  return FIELD_IGNORED;
}

/* Counts separators outside quotes. */
static char
guess_separator (const char *line)
{
  guint commas = 0, semicolons = 0, tabs = 0;
  gboolean in_quotes = FALSE;

  for (const char *p = line; *p; p++)
    {
      if (*p == '"')
        in_quotes = !in_quotes;
      else if (in_quotes)
        continue;
      else if (*p == ',')
        commas++;
      else if (*p == ';')
        semicolons++;
      else if (*p == '\t')
        tabs++;
    }

  if (commas > 0 || (semicolons == 0 && tabs == 0))
    return ',';

  return semicolons >= tabs ? ';' : '\t';
}

static gboolean
is_blank (const char *line)
{
  for (; *line; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;

  return TRUE;
}

static gboolean
proc_csv_reader_read_header (ProcRecordReader  *reader,
                             GCancellable      *cancellable,
                             GError           **error)
{
  ProcCsvReader *self = PROC_CSV_READER (reader);
  ProcLineReader *lines = proc_record_reader_get_lines (reader);
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local_error = NULL;
  gboolean has_title = FALSE;
  const char *line;
  guint start_line;

  if (self->header_read)
    return self->header_ok;
  self->header_read = TRUE;

  while ((line = proc_line_reader_next (lines, NULL, cancellable, &local_error)) != NULL && is_blank (line))
    ;
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      self->done = TRUE;
      return FALSE;
    }
  if (line == NULL)
    {
      g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY,
                   _("%s: the file is empty; a CSV file names its columns on the first row"),
                   proc_record_reader_get_display_name (reader));
      self->done = TRUE;
      return FALSE;
    }

  self->separator = guess_separator (line);
  if (read_row (self, line, cells, &start_line, cancellable, &local_error) != ROW_OK)
    {
      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                     _("%s:%u: a quoted column name is never closed"),
                     proc_record_reader_get_display_name (reader), start_line);
      self->done = TRUE;
      return FALSE;
    }

  for (guint i = 0; i < cells->len; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (g_ptr_array_index (cells, i)));
      Field field = field_for_name (name);

      /* The first of two columns with one meaning wins. */
      for (guint j = 0; j < self->fields->len && field != FIELD_IGNORED; j++)
        if (g_array_index (self->fields, Field, j) == field)
          field = FIELD_IGNORED;

      has_title |= field == FIELD_TITLE;
      g_array_append_val (self->fields, field);
    }

  if (!has_title)
    {
      g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                   _("%s: no column is named “title”; the first row of a CSV file must name "
                     "the columns, one of them “title”"),
                   proc_record_reader_get_display_name (reader));
      self->done = TRUE;
      return FALSE;
    }

  self->header_ok = TRUE;
  return TRUE;
}

static gboolean
is_formula_start (char c)
{
  return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

/* Removes the apostrophe that guards a formula, see above. */
static const char *
unguard (const char *cell)
{
  const char *p = cell;

  while (*p == '\'')
    p++;

  return p > cell && is_formula_start (*p) ? cell + 1 : cell;
}

static int
parse_year (const char *value)
{
  for (const char *p = value; *p; p++)
    if (g_ascii_isdigit (p[0]) && g_ascii_isdigit (p[1]) &&
        g_ascii_isdigit (p[2]) && g_ascii_isdigit (p[3]))
      return (p[0] - '0') * 1000 + (p[1] - '0') * 100 + (p[2] - '0') * 10 + (p[3] - '0');

  return 0;
}

/* "Family, Given; Family, Given" (Zotero) or "Given Family; …" (ours):
 * the names in parts into @names, and as the library shows them */
static char *
parse_authors (const char *value,
               GPtrArray  *names)
{
  g_autoptr(GPtrArray) parsed = proc_names_parse_list (value, ";");
  char *display;

  if (parsed->len == 0)
    return NULL;

  display = proc_names_to_display (parsed);
  g_ptr_array_extend_and_steal (names, g_steal_pointer (&parsed));
  return display;
}

static void
add_tags (ProcPaperRecord *record,
          const char      *value,
          gboolean         commas)
{
  g_auto(GStrv) tags = NULL;

  if (commas && strchr (value, ';') == NULL)
    tags = g_strsplit (value, ",", -1);
  else
    tags = g_strsplit (value, ";", -1);

  for (guint i = 0; tags[i] != NULL; i++)
    proc_paper_record_add_tag (record, tags[i]);
}

static int
parse_rating (const char *value)
{
  int stars = 0;

  if (g_ascii_isdigit (value[0]) && value[1] == '\0')
    return MIN (value[0] - '0', 5);

  for (const char *p = value; *p; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) == 0x2605)   /* ★ */
      stars++;

  return MIN (stars, 5);
}

static int
parse_read_state (const char *value)
{
  if (g_ascii_strcasecmp (value, "unread") == 0)
    return 0;
  if (g_ascii_strcasecmp (value, "reading") == 0)
    return 1;
  if (g_ascii_strcasecmp (value, "read") == 0)
    return 2;

  return PROC_RECORD_UNSET;
}

static int
parse_starred (const char *value)
{
  static const char * const yes[] = { "yes", "true", "1", "y", NULL };
  static const char * const no[] = { "no", "false", "0", "n", NULL };
  g_autofree char *lower = g_ascii_strdown (value, -1);

  if (g_strv_contains (yes, lower) || g_str_equal (value, "★"))
    return 1;
  if (g_strv_contains (no, lower))
    return 0;

  return PROC_RECORD_UNSET;
}

static void
set_string (char       **field,
            const char  *value)
{
  if (*field == NULL)
    *field = g_strdup (value);
}

static ProcPaperRecord *
record_from_cells (ProcCsvReader *self,
                   GPtrArray     *cells)
{
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field field = g_array_index (self->fields, Field, i);
      g_autofree char *trimmed = NULL;
      const char *value;

      if (field == FIELD_IGNORED)
        continue;

      /* Notes and abstracts keep their inner line breaks; the ends of
       * every cell are trimmed. */
      trimmed = g_strstrip (g_strdup (unguard (g_ptr_array_index (cells, i))));
      value = trimmed;
      if (*value == '\0')
        continue;

      switch (field)
        {
        case FIELD_TITLE:
          set_string (&record->derived_title, value);
          break;

        case FIELD_AUTHORS:
          if (record->authors == NULL)
            record->authors = parse_authors (value, record->names);
          break;

        case FIELD_ABSTRACT:
          set_string (&record->abstract, value);
          break;

        case FIELD_VENUE:
          set_string (&record->venue, value);
          break;

        case FIELD_YEAR:
          record->year = parse_year (value);
          break;

        case FIELD_DOI:
          record->doi = proc_normalize_doi (value);
          break;

        case FIELD_URL:
          set_string (&record->url, value);
          break;

        case FIELD_PDF:
          proc_paper_record_add_link (record, value, PROC_LINK_PDF);
          break;

        case FIELD_CODE:
          proc_paper_record_add_link (record, value, PROC_LINK_CODE);
          break;

        case FIELD_OPENREVIEW:
          proc_paper_record_add_link (record, value, PROC_LINK_OPENREVIEW);
          break;

        case FIELD_SUPPLEMENT:
          proc_paper_record_add_link (record, value, PROC_LINK_SUPPLEMENT);
          break;

        case FIELD_ARXIV:
          proc_paper_record_add_link (record, value, PROC_LINK_ARXIV);
          break;

        case FIELD_PAGES:
          set_string (&record->pages, value);
          break;

        case FIELD_KEY:
          set_string (&record->citation_key, value);
          break;

        case FIELD_STATUS:
          set_string (&record->status, value);
          break;

        case FIELD_TAGS:
        case FIELD_KEYWORDS:
          add_tags (record, value, field == FIELD_KEYWORDS);
          break;

        case FIELD_NOTE:
          set_string (&record->note, value);
          break;

        case FIELD_RATING:
          record->rating = parse_rating (value);
          break;

        case FIELD_READ_STATE:
          record->read_state = parse_read_state (value);
          break;

        case FIELD_STARRED:
          record->starred = parse_starred (value);
          break;

        case FIELD_IGNORED:
        default:
          break;
        }
    }

  return g_steal_pointer (&record);
}

static gboolean
all_empty (GPtrArray *cells,
           guint      from)
{
  for (guint i = from; i < cells->len; i++)
    if (!is_blank (g_ptr_array_index (cells, i)))
      return FALSE;

  return TRUE;
}

static ProcPaperRecord *
proc_csv_reader_next (ProcRecordReader  *reader,
                      ProcImportReport  *report,
                      GCancellable      *cancellable,
                      GError           **error)
{
  ProcCsvReader *self = PROC_CSV_READER (reader);

  if (!self->header_read && !proc_csv_reader_read_header (reader, cancellable, error))
    return NULL;

  while (!self->done)
    {
      g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(ProcPaperRecord) record = NULL;
      g_autoptr(GError) local_error = NULL;
      guint n_columns = self->fields->len;
      guint start_line = 0;

      switch (read_row (self, NULL, cells, &start_line, cancellable, &local_error))
        {
        case ROW_END:
          self->done = TRUE;
          if (local_error != NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;

        case ROW_UNCLOSED:
          proc_record_reader_reject (reader, report, start_line,
                                     _("a quoted field that starts on this row is never closed"));
          continue;

        case ROW_OK:
        default:
          break;
        }

      /* Blank lines are not rows. */
      if (all_empty (cells, 0))
        continue;

      if (cells->len < n_columns || !all_empty (cells, n_columns))
        {
          g_autofree char *reason =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "the row has %u field, but the first row names %u columns",
                                          "the row has %u fields, but the first row names %u columns",
                                          cells->len),
                             cells->len, n_columns);
          proc_record_reader_reject (reader, report, start_line, reason);
          continue;
        }

      record = record_from_cells (self, cells);
      if (record->derived_title == NULL)
        {
          proc_record_reader_reject (reader, report, start_line, _("the row has no title"));
          continue;
        }

      record->line = start_line;
      return g_steal_pointer (&record);
    }

  return NULL;
}

static void
proc_csv_reader_finalize (GObject *object)
{
  ProcCsvReader *self = PROC_CSV_READER (object);

  g_clear_pointer (&self->fields, g_array_unref);

  G_OBJECT_CLASS (proc_csv_reader_parent_class)->finalize (object);
}

static void
proc_csv_reader_class_init (ProcCsvReaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordReaderClass *reader_class = PROC_RECORD_READER_CLASS (klass);

  object_class->finalize = proc_csv_reader_finalize;

  reader_class->read_header = proc_csv_reader_read_header;
  reader_class->next = proc_csv_reader_next;
}

static void
proc_csv_reader_init (ProcCsvReader *self)
{
  self->fields = g_array_new (FALSE, FALSE, sizeof (Field));
  self->separator = ',';
}

ProcCsvReader *
proc_csv_reader_new (GInputStream *stream,
                     const char   *display_name)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_CSV_READER,
                       "stream", stream,
                       "display-name", display_name,
                       NULL);
}
