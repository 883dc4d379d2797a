/* proc-bibtex-writer.c: writes papers as BibTeX entries
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-writer"

#include "config.h"

#include <string.h>

#include "proc-bibtex-text.h"
#include "proc-bibtex-writer.h"
#include "proc-entry-type.h"

/* The entries BibTeX, biber, bibtool and pandoc read, and that
 * ProcBibtexReader reads back into the same records:
 *
 *   @inproceedings{mao2019baseline,      (@misc when there is no venue)
 *     title = {A {BERT} Study},          (words with inner capitals braced)
 *     author = {Mao, Jingkai and de Lhoneux, Miryam},
 *                                        (the names in parts: proc_bibtex_encode_name())
 *     booktitle = {…},                   (journal = {…} for an @article)
 *     editor = {…}, publisher = {…}, year = {…}, pages = {…},
 *     doi = {…}, url = {…}, pdf = {…}, openreview = {…}, supp = {…},
 *     eprint = {2401.00001}, archiveprefix = {arXiv},
 *     code = {…}, project = {…},
 *     x-proceedings-links = {other https://… code https://…},
 *                                        (links beyond the first of each kind)
 *
 * The type is the record's own (kept from the file it came from), else
 * @inproceedings for a paper with a venue and @misc for one without
 * (proc_entry_type_for_bibtex()).
 *     keywords = {tag, {tag, with comma}},      (PROC_EXPORT_TAGS)
 *     note = {…},                               (PROC_EXPORT_NOTES)
 *     abstract = {…},                           (PROC_EXPORT_ABSTRACTS)
 *     x-proceedings-rating = {4},               (PROC_EXPORT_RATINGS, when rated)
 *     x-proceedings-read = {read},              (PROC_EXPORT_READ_STATE: read, reading, unread)
 *     x-proceedings-starred = {yes},            (PROC_EXPORT_READ_STATE, when starred)
 *     x-proceedings-triage = {keep},            (PROC_EXPORT_READ_STATE: keep, maybe, skip)
 *     x-proceedings-watchlists = {Diffusion = diffusion OR "score matching"; RL = tag:rl}
 *                                               (PROC_EXPORT_TAGS: the watchlists that hold
 *                                               the paper, name = query, %-escaped)
 *   }
 *
 * Text other than ASCII stays UTF-8, which biber, pandoc and bibtool read
 * (BibTeX 8-bit reads it too, but sorts it by bytes).  The export's name
 * is not written: bibtool warns about any text between entries.
 *
 * Keys: the record's own key when BibTeX can use it, else one made from
 * the paper alone (proc_bibtex_make_key()), so a paper keeps its key
 * from one export to the next.  When two papers of one export would
 * share a key, the second gets "a" appended, the third "b", and so on,
 * in the order they are written. */

struct _ProcBibtexWriter
{
  ProcRecordWriter parent_instance;

  GHashTable *keys;   /* the keys written so far, lower case */
  guint n_written;
};

G_DEFINE_FINAL_TYPE (ProcBibtexWriter, proc_bibtex_writer, PROC_TYPE_RECORD_WRITER)

static const char * const read_states[] = { "unread", "reading", "read" };

/* "a", "b", … "z", "aa", "ab", … */
static void
append_suffix (GString *key,
               guint    n)
{
  char letters[16];
  guint len = 0;

  do
    {
      letters[len++] = 'a' + n % 26;
      n = n / 26;
    }
  while (n-- > 0 && len < sizeof letters);

  while (len > 0)
    g_string_append_c (key, letters[--len]);
}

static char *
unique_key (ProcBibtexWriter      *self,
            const ProcPaperRecord *record)
{
  g_autofree char *base = NULL;
  g_autoptr(GString) key = NULL;
  gsize base_len;

  if (proc_bibtex_is_valid_key (record->citation_key))
    base = g_strdup (record->citation_key);
  else
    base = proc_bibtex_make_key (record->authors, record->derived_title, record->year);

  key = g_string_new (base);
  base_len = key->len;

  for (guint n = 0; ; n++)
    {
      g_autofree char *folded = g_ascii_strdown (key->str, key->len);

      if (!g_hash_table_contains (self->keys, folded))
        {
          g_hash_table_add (self->keys, g_steal_pointer (&folded));
          break;
        }

      g_string_truncate (key, base_len);
      append_suffix (key, n);
    }

  return g_string_free (g_steal_pointer (&key), FALSE);
}

/* The first arXiv link whose identifier eprint can hold, and that
 * identifier in @id. */
static const char *
first_arxiv (const ProcPaperRecord  *record,
             char                  **id)
{
  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);
      const char *rest;

      if (link->kind != PROC_LINK_ARXIV)
        continue;
      if ((rest = strstr (link->url, "arxiv.org/abs/")) == NULL)
        continue;
      rest += strlen ("arxiv.org/abs/");
      if (*rest == '\0')
        continue;
      if (id != NULL)
        *id = g_strdup (rest);
      return link->url;
    }

  return NULL;
}

/* The links that have no field of their own: "kind URL kind URL". */
static char *
encode_other_links (const ProcPaperRecord *record)
{
  static const ProcLinkKind own_fields[] = {
    PROC_LINK_PDF, PROC_LINK_CODE, PROC_LINK_PROJECT, PROC_LINK_OPENREVIEW, PROC_LINK_SUPPLEMENT,
  };
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);
      g_autofree char *url = NULL;
      g_auto(GStrv) words = NULL;
      gboolean written = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (own_fields); k++)
        written |= link->kind == own_fields[k] && proc_paper_record_get_link (record, link->kind) == link->url;
      written |= link->kind == PROC_LINK_ARXIV && link->url == first_arxiv (record, NULL);
      if (written)
        continue;

      /* URLs have no spaces, but make sure: they separate the list */
      url = proc_bibtex_encode (link->url, PROC_BIBTEX_TEXT_VERBATIM);
      words = g_strsplit (url, " ", -1);
      g_free (url);
      url = g_strjoinv ("%20", words);

      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, "%s %s", proc_link_kind_to_string (link->kind), url);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The watchlists, "name = query; name = query".  The characters that
 * would end an item or unbalance the braces are written %XX, so the
 * text comes back exact without any TeX decoding. */
static void
append_watchlist_text (GString    *out,
                       const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = *p;

      if (c < 0x20 || c == '%' || c == ';' || c == '=' || c == '{' || c == '}' || c == '\\')
        g_string_append_printf (out, "%%%02X", c);
      else
        g_string_append_c (out, c);
    }
}

static char *
encode_watchlists (const ProcPaperRecord *record)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < record->watchlists->len; i++)
    {
      const ProcRecordWatchlist *watchlist = g_ptr_array_index (record->watchlists, i);

      if (out->len > 0)
        g_string_append (out, "; ");
      append_watchlist_text (out, watchlist->name);
      g_string_append (out, " = ");
      append_watchlist_text (out, watchlist->query);
    }

  return g_string_free (out, FALSE);
}

/* Takes @value; empty values are left out. */
static void
add_field (GString    *entry,
           const char *name,
           char       *value)
{
  if (value != NULL && *value != '\0')
    g_string_append_printf (entry, ",\n  %s = {%s}", name, value);

  g_free (value);
}

static gboolean
proc_bibtex_writer_begin (ProcRecordWriter  *writer,
                          const char        *title,
                          GError           **error)
{
  return TRUE;
}

static gboolean
proc_bibtex_writer_write (ProcRecordWriter       *writer,
                          const ProcPaperRecord  *record,
                          GError                **error)
{
  ProcBibtexWriter *self = PROC_BIBTEX_WRITER (writer);
  g_autoptr(GString) entry = g_string_new (NULL);
  g_autofree char *key = unique_key (self, record);
  const char *doi = record->doi ? record->doi : proc_paper_record_get_link (record, PROC_LINK_DOI);
  const char *type = proc_entry_type_for_bibtex (record);
  g_autofree char *arxiv_id = NULL;

  if (self->n_written++ > 0)
    g_string_append_c (entry, '\n');

  g_string_append_printf (entry, "@%s{%s", type, key);

  add_field (entry, "title", proc_bibtex_encode_title (record->derived_title));
  /* Papers stored before names were kept in parts have only "Given Family". */
  if (record->names->len > 0)
    add_field (entry, "author", proc_bibtex_encode_name_list (record->names));
  else
    add_field (entry, "author", proc_bibtex_encode_names (record->authors));
  add_field (entry, g_str_equal (type, "article") ? "journal" : "booktitle",
             proc_bibtex_encode (record->venue, PROC_BIBTEX_TEXT_TITLE));
  add_field (entry, "editor", proc_bibtex_encode_names (record->editors));
  add_field (entry, "publisher", proc_bibtex_encode (record->publisher, PROC_BIBTEX_TEXT_PLAIN));
  if (record->year > 0)
    add_field (entry, "year", g_strdup_printf ("%d", record->year));
  add_field (entry, "pages", proc_bibtex_encode (record->pages, PROC_BIBTEX_TEXT_VERBATIM));
  if (doi != NULL)
    {
      g_autofree char *normalized = proc_normalize_doi (doi);

      add_field (entry, "doi", proc_bibtex_encode (normalized ? normalized : doi, PROC_BIBTEX_TEXT_VERBATIM));
    }
  add_field (entry, "url", proc_bibtex_encode (record->url, PROC_BIBTEX_TEXT_VERBATIM));
  add_field (entry, "pdf", proc_bibtex_encode (proc_paper_record_get_link (record, PROC_LINK_PDF),
                                               PROC_BIBTEX_TEXT_VERBATIM));
  /* an OpenReview forum that is the paper's url is read back from it */
  if (g_strcmp0 (proc_paper_record_get_link (record, PROC_LINK_OPENREVIEW), record->url) != 0)
    add_field (entry, "openreview", proc_bibtex_encode (proc_paper_record_get_link (record, PROC_LINK_OPENREVIEW),
                                                        PROC_BIBTEX_TEXT_VERBATIM));
  add_field (entry, "supp", proc_bibtex_encode (proc_paper_record_get_link (record, PROC_LINK_SUPPLEMENT),
                                                PROC_BIBTEX_TEXT_VERBATIM));
  if (first_arxiv (record, &arxiv_id) != NULL)
    {
      add_field (entry, "eprint", proc_bibtex_encode (arxiv_id, PROC_BIBTEX_TEXT_VERBATIM));
      add_field (entry, "archiveprefix", g_strdup ("arXiv"));
    }
  add_field (entry, "code", proc_bibtex_encode (proc_paper_record_get_link (record, PROC_LINK_CODE),
                                                PROC_BIBTEX_TEXT_VERBATIM));
  add_field (entry, "project", proc_bibtex_encode (proc_paper_record_get_link (record, PROC_LINK_PROJECT),
                                                   PROC_BIBTEX_TEXT_VERBATIM));
  add_field (entry, "x-proceedings-links", encode_other_links (record));

  if (proc_record_writer_has_field (writer, PROC_EXPORT_TAGS) && record->tags->len > 0)
    add_field (entry, "keywords", proc_bibtex_encode_list ((const char * const *) record->tags->pdata,
                                                           record->tags->len));
  if (proc_record_writer_has_field (writer, PROC_EXPORT_NOTES))
    add_field (entry, "note", proc_bibtex_encode (record->note, PROC_BIBTEX_TEXT_PLAIN));
  if (proc_record_writer_has_field (writer, PROC_EXPORT_ABSTRACTS))
    add_field (entry, "abstract", proc_bibtex_encode (record->abstract, PROC_BIBTEX_TEXT_ABSTRACT));

  if (proc_record_writer_has_field (writer, PROC_EXPORT_RATINGS) && record->rating > 0)
    add_field (entry, "x-proceedings-rating", g_strdup_printf ("%d", MIN (record->rating, 5)));
  if (proc_record_writer_has_field (writer, PROC_EXPORT_READ_STATE))
    {
      if (record->read_state >= 0 && record->read_state < (int) G_N_ELEMENTS (read_states))
        add_field (entry, "x-proceedings-read", g_strdup (read_states[record->read_state]));
      if (record->starred == 1)
        add_field (entry, "x-proceedings-starred", g_strdup ("yes"));
      add_field (entry, "x-proceedings-triage", g_strdup (proc_record_triage_to_string (record->triage)));
    }
  if (proc_record_writer_has_field (writer, PROC_EXPORT_TAGS))
    add_field (entry, "x-proceedings-watchlists", encode_watchlists (record));

  g_string_append (entry, "\n}\n");

  return proc_record_writer_append (writer, entry->str, error);
}

static void
proc_bibtex_writer_finalize (GObject *object)
{
  ProcBibtexWriter *self = PROC_BIBTEX_WRITER (object);

  g_hash_table_unref (self->keys);

  G_OBJECT_CLASS (proc_bibtex_writer_parent_class)->finalize (object);
}

static void
proc_bibtex_writer_class_init (ProcBibtexWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ProcRecordWriterClass *writer_class = PROC_RECORD_WRITER_CLASS (klass);

  object_class->finalize = proc_bibtex_writer_finalize;

  writer_class->begin = proc_bibtex_writer_begin;
  writer_class->write = proc_bibtex_writer_write;
}

static void
proc_bibtex_writer_init (ProcBibtexWriter *self)
{
  self->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

ProcBibtexWriter *
proc_bibtex_writer_new (GOutputStream    *stream,
                        ProcExportFields  fields)
{
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  return g_object_new (PROC_TYPE_BIBTEX_WRITER,
                       "stream", stream,
                       "fields", (guint) fields,
                       NULL);
}
