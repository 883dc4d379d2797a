/* proc-paper-copilot-reader.c: Paper Copilot's JSON paper lists, read one paper at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-paper-copilot-reader"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-json-array-reader.h"
#include "proc-paper-copilot-reader.h"

/* Paper Copilot's paper lists (one file per conference, e.g.
 * icml2019.json) are an array of objects, one per paper:
 *
 *   title     → the title (an entry without one is skipped)
 *   author    → authors: "Given Family; Given Family", as we store them
 *   abstract  → abstract, as written (it may hold TeX math)
 *   status    → status ("Oral", "Poster"…)
 *   site      → url, the landing page (or "oa" when there is no site)
 *   pdf       → a PDF link;  github → a code link;  project → a project
 *               link;  supp → a supplement link
 *   venue or conference → venue, when the producer gives one
 *   year      → year; without it, the first four-digit number in the
 *               list's name (icml2019 → 2019)
 *   doi       → doi
 *
 * Everything else (bibtex, id, track, aff…, gs_…, author_site, email,
 * keywords) is left alone: the producer's keywords are not the user's
 * tags.  Empty strings and nulls count as missing. */

struct _ProcPaperCopilotReader
{
  ProcRecordReader parent_instance;

  ProcJsonArrayReader *json;
};

G_DEFINE_FINAL_TYPE (ProcPaperCopilotReader, proc_paper_copilot_reader, PROC_TYPE_RECORD_READER)

ProcPaperCopilotReader *
proc_paper_copilot_reader_new (GInputStream *stream,
                               const char   *display_name)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_PAPER_COPILOT_READER,
                       "stream", stream,
                       "display-name", display_name,
                       NULL);
}

/* Whether @text is "A B, C D, E F": names of two words or more,
 * separated by commas (not "Family, Given" or "King, Jr."). */
static gboolean
is_comma_separated (const char *text)
{
  g_auto(GStrv) names = NULL;

  if (strchr (text, ';') != NULL || strchr (text, ',') == NULL)
    return FALSE;

  names = g_strsplit (text, ",", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_strstrip (names[i]);
      if (*names[i] != '\0' && strpbrk (names[i], " \t") == NULL)
        return FALSE;
    }

  return TRUE;
}

/* "A B;  C D ;;" → "A B; C D".  Names are separated by semicolons; one
 * entry of ICML 2019 has "A B, C D, E F" instead. */
static char *
normalize_authors (const char *text)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  if (text == NULL)
    return NULL;

  names = g_strsplit (text, is_comma_separated (text) ? "," : ";", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit_set (names[i], " \t\n\r", -1);
      gboolean first = TRUE;

      if (out->len > 0)
        g_string_append (out, "; ");

      for (guint j = 0; words[j] != NULL; j++)
        {
          if (*words[j] == '\0')
            continue;
          if (!first)
            g_string_append_c (out, ' ');
          g_string_append (out, words[j]);
          first = FALSE;
        }

      /* An empty name: take back its separator. */
      if (first && out->len >= 2 && g_str_has_suffix (out->str, "; "))
        g_string_truncate (out, out->len - 2);
    }

  if (out->len == 0)
    return NULL;

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Some producers write "www.github.com/a/b": give it a scheme, so it
 * opens.  Text that is not an address at all is dropped. */
static char *
dup_web_address (JsonObject *object,
                 const char *member)
{
  g_autofree char *value = proc_json_dup_string (object, member);
  const char *slash;
  const char *dot;

  if (value == NULL)
    return NULL;

  if (strstr (value, "://") != NULL)
    return g_steal_pointer (&value);

  slash = strchr (value, '/');
  dot = strchr (value, '.');
  if (strpbrk (value, " \t") != NULL || dot == NULL || (slash != NULL && slash < dot))
    return NULL;

  return g_strconcat ("https://", value, NULL);
}

static void
add_link (ProcPaperRecord *record,
          JsonObject      *object,
          const char      *member,
          ProcLinkKind     kind)
{
  g_autofree char *url = dup_web_address (object, member);

  proc_paper_record_add_link (record, url, kind);
}

static int
get_year (JsonObject *object)
{
  JsonNode *node = json_object_get_member (object, "year");

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      {
        gint64 year = json_node_get_int (node);

        return (year > 0 && year < 10000) ? (int) year : 0;
      }

    case G_TYPE_STRING:
      return proc_json_find_year (json_node_get_string (node));

    default:
      return 0;
    }
}

static ProcPaperRecord *
record_from_object (ProcPaperCopilotReader *self,
                    JsonObject             *object)
{
  ProcRecordReader *reader = PROC_RECORD_READER (self);
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
  g_autofree char *authors = NULL;
  g_autofree char *doi = NULL;

  record->derived_title = proc_json_dup_string (object, "title");
  if (record->derived_title == NULL)
    return NULL;

  authors = proc_json_dup_string (object, "author");
  record->authors = normalize_authors (authors);
  record->abstract = proc_json_dup_string (object, "abstract");
  record->status = proc_json_dup_string (object, "status");

  record->url = dup_web_address (object, "site");
  if (record->url == NULL)
    record->url = dup_web_address (object, "oa");

  add_link (record, object, "pdf", PROC_LINK_PDF);
  add_link (record, object, "github", PROC_LINK_CODE);
  add_link (record, object, "project", PROC_LINK_PROJECT);
  add_link (record, object, "supp", PROC_LINK_SUPPLEMENT);
  add_link (record, object, "openreview", PROC_LINK_OPENREVIEW);
  add_link (record, object, "arxiv", PROC_LINK_ARXIV);
  proc_paper_record_add_url_link (record);

  record->venue = proc_json_dup_string (object, "venue");
  if (record->venue == NULL)
    record->venue = proc_json_dup_string (object, "conference");

  record->year = get_year (object);
  if (record->year == 0)
    record->year = proc_json_find_year (proc_record_reader_get_list_name (reader));

  doi = proc_json_dup_string (object, "doi");
  record->doi = proc_normalize_doi (doi);

  return g_steal_pointer (&record);
}

static gboolean
proc_paper_copilot_reader_read_header (ProcRecordReader  *reader,
                                       GCancellable      *cancellable,
                                       GError           **error)
{
  ProcPaperCopilotReader *self = PROC_PAPER_COPILOT_READER (reader);

  return proc_json_array_reader_start (self->json, cancellable, error);
}

static ProcPaperRecord *
proc_paper_copilot_reader_next (ProcRecordReader  *reader,
                                ProcImportReport  *report,
                                GCancellable      *cancellable,
                                GError           **error)
{
  ProcPaperCopilotReader *self = PROC_PAPER_COPILOT_READER (reader);

  for (;;)
    {
      g_autoptr(JsonObject) object = NULL;
      ProcPaperRecord *record;
      guint line = 0;

      object = proc_json_array_reader_next_object (self->json, reader, report, &line, cancellable, error);
      if (object == NULL)
        return NULL;

      if ((record = record_from_object (self, object)))
        {
          record->line = line;
          return record;
        }

      proc_record_reader_reject (reader, report, line, _("the entry has no title"));
    }
}

static void
proc_paper_copilot_reader_constructed (GObject *object)
{
  ProcPaperCopilotReader *self = PROC_PAPER_COPILOT_READER (object);

  G_OBJECT_CLASS (proc_paper_copilot_reader_parent_class)->constructed (object);

  self->json = proc_json_array_reader_new (proc_record_reader_get_lines (PROC_RECORD_READER (self)));
}

static void
proc_paper_copilot_reader_finalize (GObject *object)
{
  ProcPaperCopilotReader *self = PROC_PAPER_COPILOT_READER (object);

  g_clear_pointer (&self->json, proc_json_array_reader_free);

  G_OBJECT_CLASS (proc_paper_copilot_reader_parent_class)->finalize (object);
}

static void
proc_paper_copilot_reader_class_init (ProcPaperCopilotReaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordReaderClass *reader_class = PROC_RECORD_READER_CLASS (klass);

  object_class->constructed = proc_paper_copilot_reader_constructed;
  object_class->finalize = proc_paper_copilot_reader_finalize;

  reader_class->read_header = proc_paper_copilot_reader_read_header;
  reader_class->next = proc_paper_copilot_reader_next;
}

static void
proc_paper_copilot_reader_init (ProcPaperCopilotReader *self)
{
}
