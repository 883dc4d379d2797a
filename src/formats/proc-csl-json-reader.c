/* proc-csl-json-reader.c: CSL-JSON bibliographies (Zotero, pandoc), read one item at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-csl-json-reader"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-csl-json-reader.h"
#include "proc-json-array-reader.h"
#include "proc-entry-type.h"
#include "proc-paper.h"

/* CSL-JSON (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html)
 * is an array of items, or a single item:
 *
 *   title            → the title (an item without one is skipped)
 *   author           → authors: [{given, family}] or [{literal}] become
 *                      "Given Family; Literal", with particles and a
 *                      suffix in reading order ("Ludwig van Beethoven"),
 *                      and the names in parts (both particles are the
 *                      particle; a literal a family name alone)
 *   container-title  → venue (event-title when there is no container)
 *   issued           → year: date-parts [[2024, 5]], or a year in "raw",
 *                      "literal" or a plain string
 *   DOI, URL         → doi (normalised), url (an OpenReview forum or an
 *                      arXiv page as a link of that kind too)
 *   type             → entry type ("paper-conference" → inproceedings…)
 *   editor, publisher → editors (as authors), publisher
 *   page             → pages, a range written "12--15" as we store it
 *   abstract, note   → abstract, note, kept as written
 *   id               → citation_key, when it can serve as one (not a URL)
 *   keyword          → tags, comma separated
 *   custom.proceedings → what our own exports add (see
 *                      proc-csl-json-writer.c): tags (exact, so a tag
 *                      may hold a comma), rating, read-state, starred,
 *                      status, links, triage, watchlists
 *
 * Other variables are ignored.  Empty strings count as missing. */

struct _ProcCslJsonReader
{
  ProcRecordReader parent_instance;

  ProcJsonArrayReader *json;
};

G_DEFINE_FINAL_TYPE (ProcCslJsonReader, proc_csl_json_reader, PROC_TYPE_RECORD_READER)

ProcCslJsonReader *
proc_csl_json_reader_new (GInputStream *stream,
                          const char   *display_name)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_CSL_JSON_READER,
                       "stream", stream,
                       "display-name", display_name,
                       NULL);
}

static JsonObject *
get_object (JsonObject *object,
            const char *member)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;

  return (node != NULL && JSON_NODE_HOLDS_OBJECT (node)) ? json_node_get_object (node) : NULL;
}

static JsonArray *
get_array (JsonObject *object,
           const char *member)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;

  return (node != NULL && JSON_NODE_HOLDS_ARRAY (node)) ? json_node_get_array (node) : NULL;
}

static const char *
node_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

/* Text kept exactly as written (an abstract, a note), unless blank. */
static char *
dup_text (JsonObject *object,
          const char *member)
{
  const char *text = node_string (json_object_get_member (object, member));

  for (const char *p = text; p != NULL && *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return g_strdup (text);

  return NULL;
}

/* A CSL name object in parts: {literal} is a family name alone, and
 * pandoc's {"literal": "others"} is et al. */
static ProcName *
name_from_object (JsonObject *person)
{
  g_autofree char *literal = proc_json_dup_string (person, "literal");
  g_autofree char *given = NULL;
  g_autofree char *family = NULL;
  g_autofree char *suffix = NULL;
  g_autofree char *dropping = NULL;
  g_autofree char *non_dropping = NULL;
  g_autofree char *particle = NULL;

  if (literal != NULL)
    return g_str_equal (literal, "others") ? proc_name_new_others () : proc_name_new (NULL, NULL, literal, NULL);

  given = proc_json_dup_string (person, "given");
  family = proc_json_dup_string (person, "family");
  suffix = proc_json_dup_string (person, "suffix");
  dropping = proc_json_dup_string (person, "dropping-particle");
  non_dropping = proc_json_dup_string (person, "non-dropping-particle");
  if (dropping != NULL && non_dropping != NULL)
    particle = g_strconcat (dropping, " ", non_dropping, NULL);
  else
    particle = g_strdup (dropping != NULL ? dropping : non_dropping);

  if (family == NULL && given == NULL)
    return NULL;
  if (family == NULL)
    return proc_name_new (NULL, particle, given, suffix);
  return proc_name_new (given, particle, family, suffix);
}

/* [{given, family}, {literal}] → "Given Family; Literal", and @names in parts */
static char *
dup_authors (JsonObject *item,
             GPtrArray  *names)
{
  JsonNode *node = json_object_get_member (item, "author");
  g_autoptr(GString) authors = g_string_new (NULL);
  JsonArray *array;

  /* Not CSL, but seen: the names as one string. */
  if (node_string (node) != NULL)
    return proc_json_dup_string (item, "author");

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autoptr(GString) name = g_string_new (NULL);
      ProcName *parts = NULL;

      if (JSON_NODE_HOLDS_OBJECT (element))
        parts = name_from_object (json_node_get_object (element));
      else if (node_string (element) != NULL)
        parts = proc_name_parse (node_string (element), PROC_NAME_TEXT);

      if (parts != NULL)
        {
          g_autofree char *display = proc_name_to_display (parts);

          g_string_append (name, display);
          g_ptr_array_add (names, parts);
        }

      if (name->len == 0)
        continue;

      if (authors->len > 0)
        g_string_append (authors, "; ");
      g_string_append (authors, name->str);
    }

  if (authors->len == 0)
    return NULL;

  return g_string_free (g_steal_pointer (&authors), FALSE);
}

/* A year as a number or as text: 2024 or "2024". */
static int
node_year (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      {
        gint64 year = json_node_get_int (node);

        return (year > 0 && year < 10000) ? (int) year : 0;
      }

    case G_TYPE_DOUBLE:
      {
        double year = json_node_get_double (node);

        return (year >= 1 && year < 10000) ? (int) year : 0;
      }

    case G_TYPE_STRING:
      return proc_json_find_year (json_node_get_string (node));

    default:
      return 0;
    }
}

/* {"date-parts": [[2024, 5, 1]]}, {"raw": "2024-05-01"},
 * {"literal": "Spring 2024"}, or (not CSL, but seen) "2024". */
static int
get_year (JsonObject *item)
{
  JsonNode *issued = json_object_get_member (item, "issued");
  JsonObject *date;
  JsonArray *parts;
  int year;

  if (node_string (issued) != NULL)
    return proc_json_find_year (node_string (issued));

  if (!(date = get_object (item, "issued")))
    return 0;

  parts = get_array (date, "date-parts");
  if (parts != NULL && json_array_get_length (parts) > 0)
    {
      JsonNode *first = json_array_get_element (parts, 0);

      if (JSON_NODE_HOLDS_ARRAY (first) && json_array_get_length (json_node_get_array (first)) > 0
          && (year = node_year (json_array_get_element (json_node_get_array (first), 0))) != 0)
        return year;
    }

  if ((year = proc_json_find_year (node_string (json_object_get_member (date, "raw")))) != 0)
    return year;

  return proc_json_find_year (node_string (json_object_get_member (date, "literal")));
}

/* CSL writes a range with one hyphen, BibTeX and our records with two:
 * "12-15" → "12--15".  En dashes and other text stay as they are. */
static char *
dup_pages (JsonObject *item)
{
  g_autofree char *pages = proc_json_dup_string (item, "page");
  GString *out;

  if (pages == NULL)
    return NULL;

  out = g_string_new (NULL);
  for (const char *p = pages; *p != '\0'; p++)
    {
      if (*p == '-' && p > pages && p[1] != '\0'
          && g_ascii_isalnum (p[-1]) && g_ascii_isalnum (p[1]))
        g_string_append (out, "--");
      else
        g_string_append_c (out, *p);
    }

  return g_string_free (out, FALSE);
}

/* Zotero writes ids such as "http://zotero.org/users/1/items/ABCD" or
 * "12345/ABCD"; those are not keys anyone cites.  Keep ids that are. */
static char *
dup_citation_key (JsonObject *item)
{
  g_autofree char *id = proc_json_dup_string (item, "id");

  if (id == NULL || strstr (id, "://") != NULL || strpbrk (id, " \t\n,{}()\"'#%=\\~") != NULL)
    return NULL;

  return g_steal_pointer (&id);
}

static int
read_state_from_string (const char *text)
{
  if (g_strcmp0 (text, "unread") == 0)
    return PROC_READ_STATE_UNREAD;
  if (g_strcmp0 (text, "reading") == 0)
    return PROC_READ_STATE_READING;
  if (g_strcmp0 (text, "read") == 0)
    return PROC_READ_STATE_READ;

  return PROC_RECORD_UNSET;
}

static void
read_annotations (ProcPaperRecord *record,
                  JsonObject      *ours)
{
  static const struct { const char *member; ProcLinkKind kind; } link_members[] = {
    { "code", PROC_LINK_CODE },
    { "pdf", PROC_LINK_PDF },
    { "project", PROC_LINK_PROJECT },
  };
  JsonArray *tags = get_array (ours, "tags");
  JsonArray *links = get_array (ours, "links");
  JsonNode *node;
  g_autofree char *read_state = NULL;

  /* The exact tags replace the keyword string's, which a comma in a
   * tag would have split. */
  if (tags != NULL)
    {
      g_ptr_array_set_size (record->tags, 0);
      for (guint i = 0; i < json_array_get_length (tags); i++)
        proc_paper_record_add_tag (record, node_string (json_array_get_element (tags, i)));
    }

  node = json_object_get_member (ours, "rating");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    record->rating = (int) CLAMP (json_node_get_int (node), 0, 5);

  read_state = proc_json_dup_string (ours, "read-state");
  record->read_state = read_state_from_string (read_state);

  node = json_object_get_member (ours, "starred");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && (json_node_get_value_type (node) == G_TYPE_BOOLEAN || json_node_get_value_type (node) == G_TYPE_INT64))
    record->starred = json_node_get_int (node) != 0;

  if (record->status == NULL)
    record->status = proc_json_dup_string (ours, "status");

  {
    g_autofree char *triage = proc_json_dup_string (ours, "triage");
    JsonArray *watchlists = get_array (ours, "watchlists");

    record->triage = proc_record_triage_from_string (triage);
    for (guint i = 0; watchlists != NULL && i < json_array_get_length (watchlists); i++)
      {
        JsonNode *element = json_array_get_element (watchlists, i);
        g_autofree char *name = NULL;
        g_autofree char *query = NULL;

        if (!JSON_NODE_HOLDS_OBJECT (element))
          continue;
        name = proc_json_dup_string (json_node_get_object (element), "name");
        query = proc_json_dup_string (json_node_get_object (element), "query");
        proc_paper_record_add_watchlist (record, name, query);
      }
  }

  for (guint i = 0; links != NULL && i < json_array_get_length (links); i++)
    {
      JsonNode *element = json_array_get_element (links, i);
      g_autofree char *url = NULL;
      g_autofree char *kind = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;

      url = proc_json_dup_string (json_node_get_object (element), "url");
      kind = proc_json_dup_string (json_node_get_object (element), "kind");
      proc_paper_record_add_link (record, url, proc_link_kind_from_string (kind));
    }

  for (guint i = 0; i < G_N_ELEMENTS (link_members); i++)
    {
      g_autofree char *url = proc_json_dup_string (ours, link_members[i].member);

      proc_paper_record_add_link (record, url, link_members[i].kind);
    }
}

/* The editors, read as dup_authors() reads authors (so names are read
 * one way): the "editor" array under the name "author". */
static char *
dup_editors (JsonObject *item)
{
  JsonNode *node = json_object_get_member (item, "editor");
  g_autoptr(JsonObject) alias = NULL;
  g_autoptr(GPtrArray) names = proc_names_new ();

  if (node == NULL)
    return NULL;

  alias = json_object_new ();
  json_object_set_member (alias, "author", json_node_copy (node));

  /* editors are kept as their display string alone */
  return dup_authors (alias, names);
}

/**
 * proc_csl_json_record_from_item:
 * @item: one CSL item
 *
 * Returns: (transfer full) (nullable): its record, %NULL when it has no title
 */
ProcPaperRecord *
proc_csl_json_record_from_item (JsonObject *item)
{
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
  g_autofree char *doi = NULL;
  g_autofree char *keywords = NULL;
  g_autofree char *type = NULL;
  JsonObject *ours;

  record->derived_title = proc_json_dup_string (item, "title");
  if (record->derived_title == NULL)
    return NULL;

  record->authors = dup_authors (item, record->names);
  record->venue = proc_json_dup_string (item, "container-title");
  if (record->venue == NULL)
    record->venue = proc_json_dup_string (item, "event-title");
  record->year = get_year (item);
  doi = proc_json_dup_string (item, "DOI");
  record->doi = proc_normalize_doi (doi);
  record->url = proc_json_dup_string (item, "URL");
  proc_paper_record_add_url_link (record);
  record->editors = dup_editors (item);
  record->publisher = proc_json_dup_string (item, "publisher");
  type = proc_json_dup_string (item, "type");
  record->entry_type = g_strdup (proc_entry_type_from_csl (type));
  record->pages = dup_pages (item);
  record->abstract = dup_text (item, "abstract");
  record->note = dup_text (item, "note");
  record->citation_key = dup_citation_key (item);

  keywords = proc_json_dup_string (item, "keyword");
  if (keywords != NULL)
    {
      g_auto(GStrv) tags = g_strsplit (keywords, ",", -1);

      for (guint i = 0; tags[i] != NULL; i++)
        proc_paper_record_add_tag (record, tags[i]);
    }

  if ((ours = get_object (get_object (item, "custom"), "proceedings")))
    read_annotations (record, ours);

  return g_steal_pointer (&record);
}

static gboolean
proc_csl_json_reader_read_header (ProcRecordReader  *reader,
                                  GCancellable      *cancellable,
                                  GError           **error)
{
  ProcCslJsonReader *self = PROC_CSL_JSON_READER (reader);

  return proc_json_array_reader_start (self->json, cancellable, error);
}

static ProcPaperRecord *
proc_csl_json_reader_next (ProcRecordReader  *reader,
                           ProcImportReport  *report,
                           GCancellable      *cancellable,
                           GError           **error)
{
  ProcCslJsonReader *self = PROC_CSL_JSON_READER (reader);

  for (;;)
    {
      g_autoptr(JsonObject) item = NULL;
      ProcPaperRecord *record;
      guint line = 0;

      item = proc_json_array_reader_next_object (self->json, reader, report, &line, cancellable, error);
      if (item == NULL)
        return NULL;

      if ((record = proc_csl_json_record_from_item (item)))
        {
          record->line = line;
          return record;
        }

      proc_record_reader_reject (reader, report, line, _("the entry has no title"));
    }
}

static void
proc_csl_json_reader_constructed (GObject *object)
{
  ProcCslJsonReader *self = PROC_CSL_JSON_READER (object);

  G_OBJECT_CLASS (proc_csl_json_reader_parent_class)->constructed (object);

  self->json = proc_json_array_reader_new (proc_record_reader_get_lines (PROC_RECORD_READER (self)));
}

static void
proc_csl_json_reader_finalize (GObject *object)
{
  ProcCslJsonReader *self = PROC_CSL_JSON_READER (object);

  g_clear_pointer (&self->json, proc_json_array_reader_free);

  G_OBJECT_CLASS (proc_csl_json_reader_parent_class)->finalize (object);
}

static void
proc_csl_json_reader_class_init (ProcCslJsonReaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordReaderClass *reader_class = PROC_RECORD_READER_CLASS (klass);

  object_class->constructed = proc_csl_json_reader_constructed;
  object_class->finalize = proc_csl_json_reader_finalize;

  reader_class->read_header = proc_csl_json_reader_read_header;
  reader_class->next = proc_csl_json_reader_next;
}

static void
proc_csl_json_reader_init (ProcCslJsonReader *self)
{
}
