/* proc-bibtex-reader.c: reads papers from a BibTeX file, one entry at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-reader"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-bibtex-crossref.h"
#include "proc-bibtex-reader.h"
#include "proc-bibtex-text.h"

/* The reader gathers one entry's text at a time, from its '@' to the brace
 * (or parenthesis) that closes it, then parses it.  As BibTeX does, it
 * ignores text between entries and skips @comment and @preamble.
 *
 * An entry that is not closed ends where a line starts with the next
 * "@type{" (or at the end of the file), so one missing brace costs at
 * most one entry, not the rest of the file.  When only its last value is
 * cut short, the entry is kept with that value as it is: PMLR's ICML 2019
 * BibTeX cuts long abstracts off, closing braces and all.  When the open
 * value has swallowed other fields ("title = {x,\n year = 2020"), the
 * entry is skipped.  An entry longer than MAX_ENTRY_BYTES is skipped, so
 * memory stays bounded.
 *
 * Context, as BibTeX resolves it: a paper that crossrefs a volume gets
 * the fields it lacks from it (proc-bibtex-crossref.c), so every paper
 * passes through that queue on its way out. */

#define MAX_ENTRY_BYTES (4 * 1024 * 1024)

struct _ProcBibtexReader
{
  ProcRecordReader parent_instance;

  const char *line;       /* the line reader's current line, valid until the next read */
  gsize line_len;
  gsize line_pos;         /* where its unread rest starts */
  guint line_number;

  GString *entry;         /* the text of the entry being read */
  char *unclosed;         /* why it has no end, when it has none */
  GHashTable *macros;     /* @string names, lower case → raw values */

  ProcBibtexCrossref *crossref; /* volumes, and the papers read, not returned yet */
  gboolean at_end;        /* the file is read: what waits is returned as it is */
};

/* What an entry has said so far, where the record cannot tell. */
typedef struct
{
  gboolean has_booktitle;
  gboolean has_year;
  gboolean has_read_state;
  char *crossref;         /* lower case */
  char *eprint;
  char *archive_prefix;
} Seen;

G_DEFINE_FINAL_TYPE (ProcBibtexReader, proc_bibtex_reader, PROC_TYPE_RECORD_READER)

/* At most @max_chars characters of @text, for a message: cut on a
 * character, never inside one (the line reader checked the UTF-8). */
static char *
excerpt (const char *text,
         gsize       len,
         gsize       max_chars)
{
  const char *end = text;

  for (gsize i = 0; i < max_chars && end < text + len && *end != '\0'; i++)
    end = g_utf8_next_char (end);

  return g_strndup (text, MIN ((gsize) (end - text), len));
}

typedef enum
{
  GATHER_ENTRY,
  GATHER_UNCLOSED,   /* an entry without its end; self->unclosed says why */
  GATHER_SKIPPED,
  GATHER_END,
  GATHER_ERROR,
} Gather;

typedef struct
{
  const char *text;
  gsize       len;
  gsize       pos;
  char        close;
  gboolean    unclosed;  /* the text ends before the entry does */
  const char *label;     /* the key, or @type without one, for messages */
} Parser;

#define NO_MATCH G_MAXSIZE

static const char * const months[][2] = {
  { "jan", "January" }, { "feb", "February" }, { "mar", "March" }, { "apr", "April" },
  { "may", "May" }, { "jun", "June" }, { "jul", "July" }, { "aug", "August" },
  { "sep", "September" }, { "oct", "October" }, { "nov", "November" }, { "dec", "December" },
};

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* What BibTeX accepts in entry types, field names and macro names. */
static gboolean
is_name_char (char c)
{
  return (guchar) c > 0x20 && (guchar) c != 0x7f && strchr ("\"#%'(),={}", c) == NULL;
}

/* A line that starts with "@type{" or "@type(" begins an entry. */
static gboolean
starts_entry (const char *line,
              gsize       len)
{
  gsize p = 1;

  if (len < 3 || line[0] != '@' || !g_ascii_isalpha (line[1]))
    return FALSE;

  while (p < len && g_ascii_isalnum (line[p]))
    p++;
  while (p < len && (line[p] == ' ' || line[p] == '\t'))
    p++;

  return p < len && (line[p] == '{' || line[p] == '(');
}

static gboolean
read_line (ProcBibtexReader  *self,
           GCancellable      *cancellable,
           GError           **error)
{
  ProcLineReader *lines = proc_record_reader_get_lines (PROC_RECORD_READER (self));

  self->line = proc_line_reader_next (lines, &self->line_len, cancellable, error);
  self->line_pos = 0;
  self->line_number = proc_line_reader_get_line (lines);
  if (self->line == NULL)
    self->line_len = 0;

  return self->line != NULL;
}

/* Where the key that starts at @pos ends.  OpenReview writes TeX in
 * keys ("ram{\\'\\i}rez2024optimising"), so braces inside it nest. */
static gsize
key_end (const char *text,
         gsize       pos,
         gsize       len,
         char        close)
{
  guint depth = 0;

  for (; pos < len; pos++)
    {
      char c = text[pos];

      if (c == '{')
        depth++;
      else if (c == '}' && depth > 0)
        depth--;
      else if (depth == 0 && (c == ',' || is_space (c) || c == close))
        break;
    }

  return pos;
}

/* The key of a gathered entry, for messages about it. */
static char *
entry_label (const char *text,
             gsize       len)
{
  gsize p = 1;
  gsize type_start, type_end, key_start;
  char close = '}';

  while (p < len && is_space (text[p]))
    p++;
  type_start = p;
  while (p < len && is_name_char (text[p]))
    p++;
  type_end = p;
  while (p < len && is_space (text[p]))
    p++;
  if (p < len && text[p++] == '(')
    close = ')';
  while (p < len && is_space (text[p]))
    p++;
  key_start = p;
  p = key_end (text, p, len, close);

  if (p > key_start)
    return g_strndup (text + key_start, MIN (p - key_start, 80));

  return g_strdup_printf ("@%.*s", (int) (type_end - type_start), text + type_start);
}

/* Drops lines up to the next one that starts an entry. */
static Gather
skip_to_next_entry (ProcBibtexReader  *self,
                    GCancellable      *cancellable,
                    GError           **error)
{
  g_autoptr(GError) local_error = NULL;

  while (read_line (self, cancellable, &local_error))
    if (starts_entry (self->line, self->line_len))
      return GATHER_SKIPPED;

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return GATHER_ERROR;
    }

  return GATHER_SKIPPED;
}

/* Finds the next entry and gathers its text into self->entry. */
static Gather
gather_entry (ProcBibtexReader  *self,
              ProcImportReport  *report,
              guint             *start_line,
              GCancellable      *cancellable,
              GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize start = 0;
  gsize pos = 0;
  guint depth = 0;
  gboolean in_quote = FALSE;
  char open = '{';

  /* Outside entries: everything but an '@' is a comment. */
  for (;;)
    {
      const char *line = self->line;
      const char *at;
      gsize p, type_start, type_len;
      gboolean line_start = TRUE;

      if (line == NULL || self->line_pos >= self->line_len)
        {
          if (!read_line (self, cancellable, &local_error))
            break;
          continue;
        }

      at = memchr (line + self->line_pos, '@', self->line_len - self->line_pos);
      if (at == NULL)
        {
          self->line_pos = self->line_len;
          continue;
        }

      for (const char *q = line; q < at; q++)
        line_start &= (*q == ' ' || *q == '\t');

      p = at - line + 1;
      while (p < self->line_len && (line[p] == ' ' || line[p] == '\t'))
        p++;
      type_start = p;
      while (p < self->line_len && is_name_char (line[p]))
        p++;
      type_len = p - type_start;
      while (p < self->line_len && (line[p] == ' ' || line[p] == '\t'))
        p++;

      if (type_len > 0 && p < self->line_len && (line[p] == '{' || line[p] == '('))
        {
          start = at - line;
          open = line[p];
          pos = p + 1;
          depth = open == '{' ? 1 : 0;
          break;
        }

      /* "@comment" without braces comments out the rest of its line */
      if (type_len == 7 && g_ascii_strncasecmp (line + type_start, "comment", 7) == 0)
        {
          self->line_pos = self->line_len;
          continue;
        }

      /* An '@' in running text ("write to me@example.org") is a comment
       * too; at the start of a line it was meant as an entry. */
      if (line_start && type_len > 0)
        {
          g_autofree char *shown = excerpt (line + type_start, type_len, 40);
          g_autofree char *reason =
            g_strdup_printf (_("“@%s” is not followed by “{” or “(”, so it starts no entry"), shown);
          proc_record_reader_reject (PROC_RECORD_READER (self), report, self->line_number, reason);
        }
      self->line_pos = MAX (p, (gsize) (at - line) + 1);
    }

  if (self->line == NULL)
    {
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return GATHER_ERROR;
        }
      return GATHER_END;
    }

  /* Inside the entry: up to the brace that closes it.  BibTeX counts
   * every brace, escaped or not. */
  *start_line = self->line_number;
  g_string_truncate (self->entry, 0);

  for (;;)
    {
      const char *line = self->line;
      gsize len = self->line_len;

      for (; pos < len; pos++)
        {
          char c = line[pos];

          if (c == '{')
            {
              depth++;
            }
          else if (c == '}')
            {
              if (depth > 0)
                depth--;
              if (open == '{' && depth == 0)
                break;
            }
          else if (open == '(' && depth == 0)
            {
              if (c == '"')
                in_quote = !in_quote;
              else if (c == ')' && !in_quote)
                break;
            }
        }

      if (pos < len)
        {
          g_string_append_len (self->entry, line + start, pos + 1 - start);
          self->line_pos = pos + 1;
          return GATHER_ENTRY;
        }

      g_string_append_len (self->entry, line + start, len - start);
      g_string_append_c (self->entry, '\n');

      if (self->entry->len > MAX_ENTRY_BYTES)
        {
          g_autofree char *label = entry_label (self->entry->str, self->entry->len);
          g_autofree char *reason =
            g_strdup_printf (_("the entry “%s” is longer than %u MB, so its end is probably missing"),
                             label, MAX_ENTRY_BYTES / (1024 * 1024));

          proc_record_reader_reject (PROC_RECORD_READER (self), report, *start_line, reason);
          return skip_to_next_entry (self, cancellable, error);
        }

      if (!read_line (self, cancellable, &local_error))
        {
          g_autofree char *label = NULL;

          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return GATHER_ERROR;
            }
          label = entry_label (self->entry->str, self->entry->len);
          g_free (self->unclosed);
          self->unclosed = g_strdup_printf (_("the entry “%s” is not closed: the file ends first"), label);
          return GATHER_UNCLOSED;
        }

      if (starts_entry (self->line, self->line_len))
        {
          g_autofree char *label = entry_label (self->entry->str, self->entry->len);

          g_free (self->unclosed);
          self->unclosed = g_strdup_printf (_("the entry “%s” is not closed before the next entry on line %u"),
                                            label, self->line_number);
          return GATHER_UNCLOSED;
        }

      start = pos = 0;
    }
}

/* Parsing a gathered entry */

static void
skip_space (Parser *p)
{
  while (p->pos < p->len && is_space (p->text[p->pos]))
    p->pos++;
}

static char *
parse_name (Parser *p)
{
  gsize start = p->pos;

  while (p->pos < p->len && is_name_char (p->text[p->pos]))
    p->pos++;

  return g_ascii_strdown (p->text + start, p->pos - start);
}

/* The brace that closes the one at @pos, counting as BibTeX does. */
static gsize
brace_end (const char *text,
           gsize       pos,
           gsize       len)
{
  guint depth = 0;

  for (gsize i = pos; i < len; i++)
    {
      if (text[i] == '{')
        depth++;
      else if (text[i] == '}' && --depth == 0)
        return i;
    }

  return NO_MATCH;
}

static gsize
quote_end (const char *text,
           gsize       pos,
           gsize       len)
{
  guint depth = 0;

  for (gsize i = pos + 1; i < len; i++)
    {
      if (text[i] == '{')
        depth++;
      else if (text[i] == '}' && depth > 0)
        depth--;
      else if (text[i] == '"' && depth == 0)
        return i;
    }

  return NO_MATCH;
}

/* Whether a line of @text after its first looks like "name = …": a
 * field that an open value has swallowed. */
static gboolean
has_field_line (const char *text,
                gsize       len)
{
  const char *first_end = memchr (text, '\n', len);

  for (const char *line = first_end ? first_end + 1 : NULL; line != NULL && line < text + len; )
    {
      const char *end = memchr (line, '\n', text + len - line);
      const char *p = line;

      while (p < text + len && (*p == ' ' || *p == '\t'))
        p++;
      if (p < text + len && g_ascii_isalpha (*p))
        {
          while (p < text + len && (g_ascii_isalnum (*p) || *p == '_' || *p == '-'))
            p++;
          while (p < text + len && (*p == ' ' || *p == '\t'))
            p++;
          if (p < text + len && *p == '=')
            return TRUE;
        }

      line = end ? end + 1 : NULL;
    }

  return FALSE;
}

/* A value: braced or quoted text, a number or a macro, joined by '#'.
 * Returns the raw text, or %NULL with @reason set. */
static char *
parse_value (ProcBibtexReader  *self,
             Parser            *p,
             const char        *field,
             char             **reason)
{
  g_autoptr(GString) value = g_string_new (NULL);

  for (;;)
    {
      char c;

      skip_space (p);
      c = p->pos < p->len ? p->text[p->pos] : '\0';

      if (c == '{' || c == '"')
        {
          gsize close = c == '{' ? brace_end (p->text, p->pos, p->len) : quote_end (p->text, p->pos, p->len);

          if (close == NO_MATCH && p->unclosed)
            {
              /* cut short: the value runs to the end of the text, unless
               * it has swallowed the fields after it */
              if (has_field_line (p->text + p->pos + 1, p->len - p->pos - 1))
                {
                  *reason = g_strdup (""); /* parse_entry gives the reason */
                  return NULL;
                }
              g_string_append_len (value, p->text + p->pos + 1, p->len - p->pos - 1);
              p->pos = p->len;
              break;
            }
          if (close == NO_MATCH)
            {
              *reason = g_strdup_printf (_("in the entry “%s”, the value of “%s” is not closed"),
                                         p->label, field);
              return NULL;
            }
          /* in an entry without its end, the brace that closes this value
           * may have been meant for the entry */
          if (p->unclosed && has_field_line (p->text + p->pos + 1, close - p->pos - 1))
            {
              *reason = g_strdup ("");
              return NULL;
            }
          g_string_append_len (value, p->text + p->pos + 1, close - p->pos - 1);
          p->pos = close + 1;
        }
      else if (g_ascii_isdigit (c))
        {
          while (p->pos < p->len && g_ascii_isdigit (p->text[p->pos]))
            g_string_append_c (value, p->text[p->pos++]);
        }
      else if (c != '\0' && is_name_char (c))
        {
          g_autofree char *name = parse_name (p);
          const char *macro = g_hash_table_lookup (self->macros, name);

          /* BibTeX warns about an undefined macro and reads it as empty. */
          if (macro != NULL)
            g_string_append (value, macro);
        }
      else
        {
          *reason = g_strdup_printf (_("in the entry “%s”, the field “%s” has no value"),
                                     p->label, field);
          return NULL;
        }

      skip_space (p);
      if (p->pos < p->len && p->text[p->pos] == '#')
        {
          p->pos++;
          continue;
        }

      break;
    }

  return g_string_free (g_steal_pointer (&value), FALSE);
}

static int
parse_year (const char *value)
{
  while (*value != '\0' && !g_ascii_isdigit (*value))
    value++;

  if (g_ascii_isdigit (*value))
    {
      gint64 year = g_ascii_strtoll (value, NULL, 10);

      if (year >= 1000 && year <= 9999)
        return (int) year;
    }

  return 0;
}

static int
parse_read_state (const char *value)
{
  if (g_ascii_strcasecmp (value, "read") == 0)
    return 2;
  if (g_ascii_strcasecmp (value, "reading") == 0)
    return 1;
  if (g_ascii_strcasecmp (value, "unread") == 0)
    return 0;

  return PROC_RECORD_UNSET;
}

static int
parse_yes_no (const char *value)
{
  static const char * const yes[] = { "yes", "true", "1", NULL };
  static const char * const no[] = { "no", "false", "0", NULL };
  g_autofree char *lower = g_ascii_strdown (value, -1);

  if (g_strv_contains (yes, lower))
    return 1;
  if (g_strv_contains (no, lower))
    return 0;

  return PROC_RECORD_UNSET;
}

static void
set_text (char       **field,
          const char  *raw,
          ProcBibtexText kind)
{
  char *text;

  /* the first of two fields of one name wins, as in BibTeX */
  if (*field != NULL)
    return;

  text = proc_bibtex_decode (raw, kind);
  if (*text == '\0')
    g_free (text);
  else
    *field = text;
}

/* Entries that are papers and may be crossref'd too. */
static const char * const BOOK_TYPES[] = {
  "book", "mvbook", "collection", "mvcollection", "periodical", NULL
};

static void
seen_clear (Seen *seen)
{
  g_clear_pointer (&seen->crossref, g_free);
  g_clear_pointer (&seen->eprint, g_free);
  g_clear_pointer (&seen->archive_prefix, g_free);
}

static void
seen_free (gpointer data)
{
  seen_clear (data);
  g_free (data);
}

/* A link of the paper's own, from a field that names its kind. */
static void
add_own_link (ProcPaperRecord *record,
              const char      *raw,
              ProcLinkKind     kind)
{
  g_autofree char *url = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);

  g_strstrip (url);
  if (*url != '\0')
    proc_paper_record_add_link (record, url, kind);
}

/* The entry types of BibTeX and biblatex, as the library stores them;
 * BibTeX's @conference is @inproceedings by another name. */
static char *
normalize_entry_type (const char *type)
{
  if (g_str_equal (type, "conference"))
    return g_strdup ("inproceedings");

  return g_strdup (type);
}

/* "%3B" → ";": what proc-bibtex-writer.c escaped in a watchlist.  Line
 * breaks and indents (bibtool rewraps long fields) are one space. */
static char *
dup_watchlist_text (const char *text,
                    gsize       len)
{
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i < len; i++)
    {
      if (text[i] == '%' && i + 2 < len && g_ascii_isxdigit (text[i + 1]) && g_ascii_isxdigit (text[i + 2]))
        {
          g_string_append_c (out, (char) (g_ascii_xdigit_value (text[i + 1]) * 16 + g_ascii_xdigit_value (text[i + 2])));
          i += 2;
        }
      else if (g_ascii_isspace (text[i]))
        {
          if (out->len > 0 && out->str[out->len - 1] != ' ')
            g_string_append_c (out, ' ');
        }
      else
        g_string_append_c (out, text[i]);
    }

  return g_strstrip (g_string_free (out, FALSE));
}

/* "name = query; name = query" */
static void
read_watchlists (ProcPaperRecord *record,
                 const char      *raw)
{
  g_auto(GStrv) items = g_strsplit (raw, ";", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *equals = strchr (items[i], '=');
      g_autofree char *name = NULL;
      g_autofree char *query = NULL;

      if (equals == NULL)
        continue;
      name = dup_watchlist_text (items[i], equals - items[i]);
      query = dup_watchlist_text (equals + 1, strlen (equals + 1));
      proc_paper_record_add_watchlist (record, name, query);
    }
}

static void
apply_field (ProcPaperRecord *record,
             const char      *name,
             const char      *raw,
             Seen            *seen)
{
  g_autofree char *verbatim = NULL;

  if (g_str_equal (name, "title"))
    {
      set_text (&record->derived_title, raw, PROC_BIBTEX_TEXT_TITLE);
    }
  else if (g_str_equal (name, "author"))
    {
      if (record->authors == NULL)
        {
          g_autoptr(GPtrArray) names = proc_bibtex_parse_names (raw);

          record->authors = proc_names_to_display (names);
          if (*record->authors == '\0')
            g_clear_pointer (&record->authors, g_free);
          else
            g_ptr_array_extend_and_steal (record->names, g_steal_pointer (&names));
        }
    }
  else if (g_str_equal (name, "booktitle"))
    {
      /* a booktitle names the venue better than a journal field */
      if (!seen->has_booktitle)
        g_clear_pointer (&record->venue, g_free);
      seen->has_booktitle = TRUE;
      set_text (&record->venue, raw, PROC_BIBTEX_TEXT_TITLE);
    }
  else if (g_str_equal (name, "journal") || g_str_equal (name, "journaltitle"))
    {
      set_text (&record->venue, raw, PROC_BIBTEX_TEXT_TITLE);
    }
  else if (g_str_equal (name, "year") || g_str_equal (name, "date"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      /* biblatex's date gives the year when there is no year field */
      if (!seen->has_year)
        record->year = parse_year (verbatim);
      seen->has_year |= g_str_equal (name, "year");
    }
  else if (g_str_equal (name, "doi"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      if (record->doi == NULL)
        record->doi = proc_normalize_doi (verbatim);
    }
  else if (g_str_equal (name, "url"))
    {
      set_text (&record->url, raw, PROC_BIBTEX_TEXT_VERBATIM);
    }
  else if (g_str_equal (name, "pdf"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      proc_paper_record_add_link (record, verbatim, PROC_LINK_PDF);
    }
  else if (g_str_equal (name, "openreview"))
    {
      add_own_link (record, raw, PROC_LINK_OPENREVIEW);
    }
  else if (g_str_equal (name, "supp") || g_str_equal (name, "supplement") ||
           g_str_equal (name, "supplementary"))
    {
      add_own_link (record, raw, PROC_LINK_SUPPLEMENT);
    }
  else if (g_str_equal (name, "ee"))
    {
      /* DBLP's "electronic edition": the publisher's page, often a DOI */
      ProcLinkKind kind;

      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      kind = proc_link_classify_own (verbatim);
      if (kind == PROC_LINK_DOI && record->doi == NULL)
        record->doi = proc_normalize_doi (verbatim);
      else if (kind != PROC_LINK_DOI && *verbatim != '\0')
        proc_paper_record_add_link (record, verbatim, kind);
    }
  else if (g_str_equal (name, "eprint"))
    {
      if (seen->eprint == NULL)
        seen->eprint = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
    }
  else if (g_str_equal (name, "archiveprefix") || g_str_equal (name, "eprinttype"))
    {
      if (seen->archive_prefix == NULL)
        seen->archive_prefix = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
    }
  else if (g_str_equal (name, "crossref"))
    {
      if (seen->crossref == NULL)
        {
          verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
          seen->crossref = g_ascii_strdown (g_strstrip (verbatim), -1);
        }
    }
  else if (g_str_equal (name, "editor"))
    {
      if (record->editors == NULL)
        {
          record->editors = proc_bibtex_decode_names (raw);
          if (*record->editors == '\0')
            g_clear_pointer (&record->editors, g_free);
        }
    }
  else if (g_str_equal (name, "publisher"))
    {
      set_text (&record->publisher, raw, PROC_BIBTEX_TEXT_PLAIN);
    }
  else if (g_str_equal (name, "software"))
    {
      add_own_link (record, raw, PROC_LINK_CODE);
    }
  else if (g_str_equal (name, "code") || g_str_equal (name, "github"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      proc_paper_record_add_link (record, verbatim, PROC_LINK_CODE);
    }
  else if (g_str_equal (name, "project"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      proc_paper_record_add_link (record, verbatim, PROC_LINK_PROJECT);
    }
  else if (g_str_equal (name, "x-proceedings-links"))
    {
      g_auto(GStrv) words = g_strsplit_set (raw, " \t\r\n", -1);
      const char *kind = NULL;

      /* "kind URL kind URL", wherever the lines break */
      for (guint i = 0; words[i] != NULL; i++)
        {
          g_autofree char *url = NULL;

          if (*words[i] == '\0')
            continue;
          if (kind == NULL)
            {
              kind = words[i];
              continue;
            }
          url = proc_bibtex_decode (words[i], PROC_BIBTEX_TEXT_VERBATIM);
          proc_paper_record_add_link (record, url, proc_link_kind_from_string (kind));
          kind = NULL;
        }
    }
  else if (g_str_equal (name, "abstract"))
    {
      set_text (&record->abstract, raw, PROC_BIBTEX_TEXT_ABSTRACT);
    }
  else if (g_str_equal (name, "pages"))
    {
      set_text (&record->pages, raw, PROC_BIBTEX_TEXT_VERBATIM);
    }
  else if (g_str_equal (name, "keywords"))
    {
      g_autoptr(GPtrArray) tags = proc_bibtex_split_list (raw);

      for (guint i = 0; i < tags->len; i++)
        proc_paper_record_add_tag (record, g_ptr_array_index (tags, i));
    }
  else if (g_str_equal (name, "note"))
    {
      set_text (&record->note, raw, PROC_BIBTEX_TEXT_PLAIN);
    }
  else if (g_str_equal (name, "x-proceedings-rating"))
    {
      int rating;

      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      rating = (int) g_ascii_strtoll (verbatim, NULL, 10);
      if (rating >= 0 && rating <= 5)
        record->rating = rating;
    }
  else if (g_str_equal (name, "x-proceedings-read"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      record->read_state = parse_read_state (verbatim);
      seen->has_read_state = record->read_state != PROC_RECORD_UNSET;
    }
  else if (g_str_equal (name, "x-proceedings-starred"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      record->starred = parse_yes_no (verbatim);
    }
  else if (g_str_equal (name, "x-proceedings-triage"))
    {
      verbatim = proc_bibtex_decode (raw, PROC_BIBTEX_TEXT_VERBATIM);
      record->triage = proc_record_triage_from_string (verbatim);
    }
  else if (g_str_equal (name, "x-proceedings-watchlists"))
    {
      read_watchlists (record, raw);
    }
}

static gboolean
parse_string_definition (ProcBibtexReader  *self,
                         Parser            *p,
                         char             **reason)
{
  g_autofree char *name = NULL;
  char *value;

  skip_space (p);
  name = parse_name (p);
  skip_space (p);
  if (*name == '\0' || p->pos >= p->len || p->text[p->pos] != '=')
    {
      *reason = g_strdup (_("the @string definition has no “name = value”"));
      return FALSE;
    }
  p->pos++;

  value = parse_value (self, p, name, reason);
  if (value == NULL)
    return FALSE;

  g_hash_table_replace (self->macros, g_steal_pointer (&name), value);
  return TRUE;
}

/* Links an entry gives in fields that say no kind: an arXiv eprint, an
 * OpenReview forum or an arXiv page as its url. */
static void
add_implied_links (ProcPaperRecord *record,
                   const Seen      *seen)
{
  if (seen->eprint != NULL)
    {
      g_autofree char *href = NULL;
      gboolean is_arxiv;

      /* Better BibTeX writes archiveprefix, biblatex eprinttype; without
       * either, only an identifier of arXiv's own shape is taken */
      if (seen->archive_prefix != NULL)
        is_arxiv = g_ascii_strcasecmp (g_strstrip (seen->archive_prefix), "arxiv") == 0;
      else
        is_arxiv = g_regex_match_simple ("^\\s*(arxiv:)?[0-9]{4}\\.[0-9]{4,5}(v[0-9]+)?\\s*$",
                                         seen->eprint, G_REGEX_CASELESS, 0);
      if (is_arxiv && (href = proc_arxiv_dup_href (seen->eprint)) != NULL)
        proc_paper_record_add_link (record, href, PROC_LINK_ARXIV);
    }

  proc_paper_record_add_url_link (record);
}

/* Returns: (transfer full) (nullable): the paper, or %NULL for an entry
 * that is not one (@string, @comment, @proceedings) or that was rejected;
 * @seen_out gets what the paper says beyond its record */
static ProcPaperRecord *
parse_entry (ProcBibtexReader *self,
             ProcImportReport *report,
             guint             line,
             gboolean          unclosed,
             Seen             *seen_out)
{
  g_autoptr(ProcPaperRecord) record = NULL;
  g_autofree char *type = NULL;
  g_autofree char *key = NULL;
  g_autofree char *label = NULL;
  g_autofree char *reason = NULL;
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  Parser p = { self->entry->str, self->entry->len, 1, '}', unclosed, NULL };
  Seen seen = { 0, };
  gsize key_start;

  skip_space (&p);
  type = parse_name (&p);
  skip_space (&p);
  p.close = p.text[p.pos] == '(' ? ')' : '}';
  p.pos++;

  if (g_str_equal (type, "comment") || g_str_equal (type, "preamble"))
    return NULL;

  if (g_str_equal (type, "string"))
    {
      if (!parse_string_definition (self, &p, &reason))
        proc_record_reader_reject (PROC_RECORD_READER (self), report, line,
                                   unclosed ? self->unclosed : reason);
      return NULL;
    }

  skip_space (&p);
  key_start = p.pos;
  p.pos = key_end (p.text, p.pos, p.len, p.close);
  key = g_strndup (p.text + key_start, p.pos - key_start);
  label = *key != '\0' ? g_strdup (key) : g_strdup_printf ("@%s", type);
  p.label = label;

  record = proc_paper_record_new ();
  record->line = line;

  for (;;)
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;

      skip_space (&p);
      if (p.pos >= p.len || p.text[p.pos] == p.close)
        break;

      if (p.text[p.pos] != ',')
        {
          g_autofree char *shown = excerpt (p.text + p.pos, p.len - p.pos, 20);

          reason = g_strdup_printf (_("in the entry “%s”, a comma is missing before “%s”"), label, shown);
          goto reject;
        }
      p.pos++;
      skip_space (&p);
      if (p.pos >= p.len || p.text[p.pos] == p.close)
        break;

      name = parse_name (&p);
      if (*name == '\0')
        {
          g_autofree char *shown = excerpt (p.text + p.pos, p.len - p.pos, 20);

          reason = g_strdup_printf (_("in the entry “%s”, a field name is missing before “%s”"), label, shown);
          goto reject;
        }

      skip_space (&p);
      if (p.pos >= p.len || p.text[p.pos] != '=')
        {
          reason = g_strdup_printf (_("in the entry “%s”, the field “%s” has no “=”"), label, name);
          goto reject;
        }
      p.pos++;

      value = parse_value (self, &p, name, &reason);
      if (value == NULL)
        goto reject;

      apply_field (record, name, value, &seen);
      g_ptr_array_add (fields, g_steal_pointer (&name));
      g_ptr_array_add (fields, g_steal_pointer (&value));
    }

  /* a volume: context for the papers that crossref it, not a paper */
  if (g_str_equal (type, "proceedings") || g_str_equal (type, "mvproceedings"))
    {
      proc_bibtex_crossref_add_volume (self->crossref, key, label, fields, line, TRUE);
      seen_clear (&seen);
      return NULL;
    }

  if (record->derived_title == NULL)
    {
      reason = g_strdup_printf (_("the entry “%s” has no title"), label);
      goto reject;
    }

  /* a book is a paper of its own and the volume of its chapters; other
   * entries are kept as papers only, so an import holds one entry's
   * fields at a time */
  if (g_strv_contains (BOOK_TYPES, type))
    proc_bibtex_crossref_add_volume (self->crossref, key, label, fields, line, FALSE);

  if (*key != '\0')
    record->citation_key = g_steal_pointer (&key);
  record->entry_type = normalize_entry_type (type);
  add_implied_links (record, &seen);

  /* Our own exports leave out the star when it is off. */
  if (seen.has_read_state && record->starred == PROC_RECORD_UNSET)
    record->starred = 0;

  *seen_out = seen;
  return g_steal_pointer (&record);

reject:
  seen_clear (&seen);
  /* in an entry without its end, that is the problem to name */
  proc_record_reader_reject (PROC_RECORD_READER (self), report, line,
                             unclosed ? self->unclosed : reason);
  return NULL;
}

/* A volume's field, as the paper's own would be applied. */
static void
apply_entry_field (ProcPaperRecord *record,
                   const char      *name,
                   const char      *raw,
                   gpointer         entry)
{
  apply_field (record, name, raw, entry);
}

static ProcPaperRecord *
proc_bibtex_reader_next (ProcRecordReader  *reader,
                         ProcImportReport  *report,
                         GCancellable      *cancellable,
                         GError           **error)
{
  ProcBibtexReader *self = PROC_BIBTEX_READER (reader);

  for (;;)
    {
      ProcPaperRecord *record;
      Seen *seen;
      gboolean unclosed = FALSE;
      guint line = 0;

      if ((record = proc_bibtex_crossref_pop (self->crossref, self->at_end)) != NULL)
        return record;
      if (self->at_end)
        {
          proc_bibtex_crossref_report_unused (self->crossref, reader, report);
          return NULL;
        }

      switch (gather_entry (self, report, &line, cancellable, error))
        {
        case GATHER_END:
          self->at_end = TRUE;
          continue;

        case GATHER_ERROR:
          return NULL;

        case GATHER_SKIPPED:
          continue;

        case GATHER_UNCLOSED:
          unclosed = TRUE;
          break;

        case GATHER_ENTRY:
        default:
          break;
        }

      seen = g_new0 (Seen, 1);
      record = parse_entry (self, report, line, unclosed, seen);
      if (record == NULL)
        {
          seen_free (seen);
          continue;
        }

      proc_bibtex_crossref_push (self->crossref, record, seen->crossref, seen);
    }
}

static void
proc_bibtex_reader_finalize (GObject *object)
{
  ProcBibtexReader *self = PROC_BIBTEX_READER (object);

  g_string_free (self->entry, TRUE);
  g_free (self->unclosed);
  g_hash_table_unref (self->macros);
  proc_bibtex_crossref_free (self->crossref);

  G_OBJECT_CLASS (proc_bibtex_reader_parent_class)->finalize (object);
}

static void
proc_bibtex_reader_class_init (ProcBibtexReaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordReaderClass *reader_class = PROC_RECORD_READER_CLASS (klass);

  object_class->finalize = proc_bibtex_reader_finalize;

  reader_class->next = proc_bibtex_reader_next;
}

static void
proc_bibtex_reader_init (ProcBibtexReader *self)
{
  self->entry = g_string_new (NULL);
  self->macros = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->crossref = proc_bibtex_crossref_new (apply_entry_field, seen_free);

  for (guint i = 0; i < G_N_ELEMENTS (months); i++)
    g_hash_table_insert (self->macros, g_strdup (months[i][0]), g_strdup (months[i][1]));
}

ProcBibtexReader *
proc_bibtex_reader_new (GInputStream *stream,
                        const char   *display_name)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_BIBTEX_READER,
                       "stream", stream,
                       "display-name", display_name,
                       NULL);
}
