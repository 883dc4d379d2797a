/* proc-ris-writer.c: writes papers as RIS, for Zotero, EndNote and Mendeley
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-ris-writer"

#include "config.h"

#include <string.h>

#include "proc-ris-reader.h"
#include "proc-entry-type.h"
#include "proc-ris-writer.h"

/* One entry per paper, lines ending in CRLF as the RIS specification
 * and Zotero write them, in UTF-8 without a byte order mark:
 *
 *   TY  - the record's type (proc_entry_type_for_ris()): CPAPER for a
 *         paper with a venue and no type (Zotero: conference paper), GEN
 *         for one without, JOUR, BOOK, CHAP… for the other types
 *   A2  - the volume's editors, one line each, as AU    PB  - the publisher
 *   ID  - the citation key      TI  - the title
 *   AU  - "von Family, Given[, Suffix]", one line per author, from the
 *         names in parts ("Family," for a family name alone); RIS has
 *         no et al.
 *   T2  - the venue   AB  - the abstract        PY  - the year
 *   DO  - the DOI     SP/EP - the pages         UR  - the landing page
 *   L1  - PDF links   L2  - code links, then other links (project,
 *         OpenReview, supplement, arXiv: RIS has no tag for each kind)
 *   KW  - one line per tag
 *   N1  - the note, then "Rating: ★★★★☆", "Read state: read" and
 *         "Starred: yes" as notes of their own: RIS has no fields for
 *         them, Zotero shows each as a note, and our reader reads them back
 *   ER  -
 *
 * A value with line breaks goes on over the lines that follow, which
 * readers join back; such a line that would look like a tag gets a
 * leading space so that it cannot start a field. */

struct _ProcRisWriter
{
  ProcRecordWriter parent_instance;
};

G_DEFINE_FINAL_TYPE (ProcRisWriter, proc_ris_writer, PROC_TYPE_RECORD_WRITER)

#define EOL "\r\n"

static void
add_tag (GString    *out,
         const char *tag,
         const char *value)
{
  g_autofree char *trimmed = NULL;
  const char *line;
  gboolean first = TRUE;

  if (value == NULL)
    return;

  trimmed = g_strstrip (g_strdup (value));
  if (*trimmed == '\0')
    return;

  g_string_append_printf (out, "%s  - ", tag);
  line = trimmed;
  for (;;)
    {
      gsize len = strcspn (line, "\r\n");

      if (!first && proc_ris_line_looks_like_tag (line))
        g_string_append_c (out, ' ');
      g_string_append_len (out, line, len);
      g_string_append (out, EOL);
      first = FALSE;

      line += len;
      if (*line == '\0')
        break;
      line += (line[0] == '\r' && line[1] == '\n') ? 2 : 1;
    }
}

static gboolean
is_suffix (const char *word)
{
  static const char * const suffixes[] = { "Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV", NULL };

  return g_strv_contains (suffixes, word);
}

/* "Given Family" → "Family, Given"; "Ludwig van Beethoven" → "van
 * Beethoven, Ludwig", "Martin Luther King Jr." → "King, Martin Luther,
 * Jr.".  A single word, or a name that already has a comma, stays. */
static char *
name_to_ris (const char *name)
{
  g_auto(GStrv) split = NULL;
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  g_autoptr(GString) out = g_string_new (NULL);
  const char *suffix = NULL;
  guint family;
  guint n;

  if (strchr (name, ',') != NULL)
    return g_strdup (name);

  split = g_strsplit_set (name, " \t", -1);
  for (guint i = 0; split[i] != NULL; i++)
    if (*split[i] != '\0')
      g_ptr_array_add (words, split[i]);

  n = words->len;
  if (n >= 3 && is_suffix (g_ptr_array_index (words, n - 1)))
    suffix = g_ptr_array_index (words, --n);
  if (n < 2)
    return g_strdup (name);

  /* Particles in lower case belong to the family name. */
  family = n - 1;
  while (family > 1 && g_unichar_islower (g_utf8_get_char (g_ptr_array_index (words, family - 1))))
    family--;

  for (guint i = family; i < n; i++)
    {
      if (i > family)
        g_string_append_c (out, ' ');
      g_string_append (out, g_ptr_array_index (words, i));
    }
  g_string_append_c (out, ',');
  for (guint i = 0; i < family; i++)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, g_ptr_array_index (words, i));
    }
  if (suffix != NULL)
    g_string_append_printf (out, ", %s", suffix);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
add_pages (GString    *out,
           const char *pages)
{
  const char *dash;
  g_autofree char *start = NULL;
  const char *end;

  if (pages == NULL)
    return;

  dash = strchr (pages, '-');
  if (dash == NULL)
    {
      add_tag (out, "SP", pages);
      return;
    }

  start = g_strndup (pages, dash - pages);
  end = dash + strspn (dash, "-");
  add_tag (out, "SP", start);
  add_tag (out, "EP", end);
}

static gboolean
proc_ris_writer_begin (ProcRecordWriter  *writer,
                       const char        *title,
                       GError           **error)
{
  return TRUE;
}

/* "von Family, Given[, Suffix]"; "Family," for a family name alone, which
 * "Given Family" would split.  RIS has no "et al.". */
static char *
name_parts_to_ris (const ProcName *name)
{
  GString *out;

  if (name->others || name->family == NULL)
    return NULL;

  out = g_string_new (NULL);
  if (name->particle != NULL)
    g_string_append_printf (out, "%s ", name->particle);
  g_string_append (out, name->family);
  if (name->given != NULL || name->suffix != NULL)
    g_string_append_printf (out, ", %s", name->given != NULL ? name->given : "");
  else
    g_string_append_c (out, ',');
  if (name->suffix != NULL)
    g_string_append_printf (out, ", %s", name->suffix);

  return g_string_free (out, FALSE);
}

static gboolean
proc_ris_writer_write (ProcRecordWriter       *writer,
                       const ProcPaperRecord  *record,
                       GError                **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *text = NULL;

  add_tag (out, "TY", proc_entry_type_for_ris (record));
  add_tag (out, "ID", record->citation_key);
  add_tag (out, "TI", record->derived_title);

  for (guint i = 0; i < record->names->len; i++)
    {
      g_autofree char *name = name_parts_to_ris (g_ptr_array_index (record->names, i));

      if (name != NULL)
        add_tag (out, "AU", name);
    }

  /* Papers stored before names were kept in parts have only "Given Family". */
  if (record->authors != NULL && record->names->len == 0)
    {
      g_auto(GStrv) names = g_strsplit (record->authors, ";", -1);

      for (guint i = 0; names[i] != NULL; i++)
        {
          g_autofree char *name = NULL;

          g_strstrip (names[i]);
          if (*names[i] == '\0')
            continue;
          name = name_to_ris (names[i]);
          add_tag (out, "AU", name);
        }
    }

  add_tag (out, "T2", record->venue);
  if (record->editors != NULL)
    {
      g_auto(GStrv) names = g_strsplit (record->editors, ";", -1);

      for (guint i = 0; names[i] != NULL; i++)
        {
          g_autofree char *name = NULL;

          g_strstrip (names[i]);
          if (*names[i] == '\0')
            continue;
          name = name_to_ris (names[i]);
          add_tag (out, "A2", name);
        }
    }
  add_tag (out, "PB", record->publisher);
  if (proc_record_writer_has_field (writer, PROC_EXPORT_ABSTRACTS))
    add_tag (out, "AB", record->abstract);
  if (record->year > 0)
    g_string_append_printf (out, "PY  - %d" EOL, record->year);
  add_tag (out, "DO", record->doi);
  add_pages (out, record->pages);
  add_tag (out, "UR", record->url);

  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);

      if (link->kind == PROC_LINK_PDF)
        add_tag (out, "L1", link->url);
    }
  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);

      if (link->kind == PROC_LINK_CODE)
        add_tag (out, "L2", link->url);
    }
  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);

      /* The DOI has its own line. */
      if (link->kind == PROC_LINK_PROJECT || link->kind == PROC_LINK_OTHER ||
          link->kind == PROC_LINK_OPENREVIEW || link->kind == PROC_LINK_SUPPLEMENT ||
          link->kind == PROC_LINK_ARXIV)
        add_tag (out, "L2", link->url);
    }

  if (proc_record_writer_has_field (writer, PROC_EXPORT_TAGS))
    for (guint i = 0; i < record->tags->len; i++)
      add_tag (out, "KW", g_ptr_array_index (record->tags, i));

  if (proc_record_writer_has_field (writer, PROC_EXPORT_NOTES))
    add_tag (out, "N1", record->note);

  /* Not translated: these lines are data that our reader reads back. */
  if (proc_record_writer_has_field (writer, PROC_EXPORT_RATINGS) &&
      record->rating > 0 && record->rating <= 5)
    {
      g_string_append (out, "N1  - Rating: ");
      for (int i = 0; i < 5; i++)
        g_string_append (out, i < record->rating ? "★" : "☆");
      g_string_append (out, EOL);
    }

  if (proc_record_writer_has_field (writer, PROC_EXPORT_READ_STATE))
    {
      static const char * const states[] = { "unread", "reading", "read" };

      if (record->read_state >= 0 && record->read_state < (int) G_N_ELEMENTS (states))
        g_string_append_printf (out, "N1  - Read state: %s" EOL, states[record->read_state]);
      if (record->starred != PROC_RECORD_UNSET)
        g_string_append_printf (out, "N1  - Starred: %s" EOL, record->starred ? "yes" : "no");
    }

  g_string_append (out, "ER  - " EOL EOL);

  /* Its text, not out->str: GLib's inline appends test out for NULL,
   * after which GCC takes out->str for a NULL dereference. */
  text = g_string_free (g_steal_pointer (&out), FALSE);
  return proc_record_writer_append (writer, text, error);
}

static void
proc_ris_writer_class_init (ProcRisWriterClass *klass)
{
  ProcRecordWriterClass *writer_class = PROC_RECORD_WRITER_CLASS (klass);

  writer_class->begin = proc_ris_writer_begin;
  writer_class->write = proc_ris_writer_write;
}

static void
proc_ris_writer_init (ProcRisWriter *self)
{
}

ProcRisWriter *
proc_ris_writer_new (GOutputStream    *stream,
                     ProcExportFields  fields)
{
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_RIS_WRITER,
                       "stream", stream,
                       "fields", fields,
                       NULL);
}
