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
 *   author    → authors, read by proc-names.c: "Given Family; Given
 *               Family", "Family, Given; Family, Given" or "Given Family,
 *               Given Family", the convention the file's, not the entry's
 *               (see Convention)
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

/* How the file separates names.  One entry cannot tell: "Van Roy,
 * Benjamin" is one name in a file of "Family, Given; …" and two in a file
 * of "Given Family, Given Family".  So the file decides: once an entry
 * has a ";", the file separates names with ";" (and its names are
 * "Family, Given" if that entry's have commas); a file without any ";"
 * separates them with commas.  Entries wait (in order) until the file has
 * said, at most MAX_PENDING of them: a file that has not said by then
 * uses commas. */
typedef enum
{
  CONVENTION_UNKNOWN,
  CONVENTION_SEMICOLONS,          /* "Given Family; Given Family" */
  CONVENTION_SEMICOLONS_INVERTED, /* "Family, Given; Family, Given" */
  CONVENTION_COMMAS,              /* "Given Family, Given Family" */
} Convention;

#define MAX_PENDING 2000

struct _ProcPaperCopilotReader
{
  ProcRecordReader parent_instance;

  ProcJsonArrayReader *json;
  Convention convention;
  GQueue pending;           /* of ProcPaperRecord, authors not yet read */
  GError *pending_error;    /* what ended the file, once the pending are out */
  gboolean done;
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
  g_autofree char *doi = NULL;

  record->derived_title = proc_json_dup_string (object, "title");
  if (record->derived_title == NULL)
    return NULL;

  /* Read once the file's convention is known: see resolve_authors(). */
  record->authors = proc_json_dup_string (object, "author");
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

static void
observe_convention (ProcPaperCopilotReader *self,
                    const char             *authors)
{
  g_auto(GStrv) names = NULL;

  if (self->convention != CONVENTION_UNKNOWN || authors == NULL || strchr (authors, ';') == NULL)
    return;

  self->convention = CONVENTION_SEMICOLONS;
  names = g_strsplit (authors, ";", -1);
  for (guint i = 0; names[i] != NULL; i++)
    if (strchr (names[i], ',') != NULL)
      self->convention = CONVENTION_SEMICOLONS_INVERTED;
}

/* The raw "author" string in @record->authors, read by the convention. */
static void
resolve_authors (ProcPaperCopilotReader *self,
                 ProcPaperRecord        *record)
{
  g_autofree char *raw = g_steal_pointer (&record->authors);
  g_autoptr(GPtrArray) names = NULL;
  const char *separator = ";";

  if (raw == NULL)
    return;

  /* Names of "Given Family" have no commas: in such a file, an entry
   * without ";" but with commas separates its names with commas (one
   * entry of ICML 2019 does). */
  if (self->convention == CONVENTION_COMMAS ||
      (self->convention == CONVENTION_SEMICOLONS && strchr (raw, ';') == NULL))
    separator = ",";

  names = proc_names_parse_list (raw, separator);
  if (names->len == 0)
    return;
  record->authors = proc_names_to_display (names);
  g_ptr_array_extend_and_steal (record->names, g_steal_pointer (&names));
}

static ProcPaperRecord *
pop_pending (ProcPaperCopilotReader *self)
{
  ProcPaperRecord *record = g_queue_pop_head (&self->pending);

  resolve_authors (self, record);
  return record;
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

      if (!g_queue_is_empty (&self->pending) && (self->convention != CONVENTION_UNKNOWN || self->done))
        return pop_pending (self);

      if (self->done)
        {
          if (self->pending_error != NULL)
            g_propagate_error (error, g_steal_pointer (&self->pending_error));
          return NULL;
        }

      object = proc_json_array_reader_next_object (self->json, reader, report, &line, cancellable,
                                                   &self->pending_error);
      if (object == NULL)
        {
          /* The end of the file (or an error): what waits is read by commas. */
          self->done = TRUE;
          if (self->convention == CONVENTION_UNKNOWN)
            self->convention = CONVENTION_COMMAS;
          continue;
        }

      if (!(record = record_from_object (self, object)))
        {
          proc_record_reader_reject (reader, report, line, _("the entry has no title"));
          continue;
        }

      record->line = line;
      observe_convention (self, record->authors);
      if (self->convention == CONVENTION_UNKNOWN && g_queue_get_length (&self->pending) >= MAX_PENDING)
        self->convention = CONVENTION_COMMAS;
      g_queue_push_tail (&self->pending, record);
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
  g_queue_clear_full (&self->pending, (GDestroyNotify) proc_paper_record_free);
  g_clear_error (&self->pending_error);

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
