/* proc-paper-record.c: a paper as a file holds it, on its way in or out of the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-fingerprint.h"
#include "proc-match-text.h"
#include "proc-paper-record.h"

static void
watchlist_free (gpointer data)
{
  ProcRecordWatchlist *watchlist = data;

  g_free (watchlist->name);
  g_free (watchlist->query);
  g_free (watchlist);
}

ProcPaperRecord *
proc_paper_record_new (void)
{
  ProcPaperRecord *record = g_new0 (ProcPaperRecord, 1);

  record->links = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_link_free);
  record->tags = g_ptr_array_new_with_free_func (g_free);
  record->watchlists = g_ptr_array_new_with_free_func (watchlist_free);
  record->names = proc_names_new ();
  record->read_state = PROC_RECORD_UNSET;
  record->starred = PROC_RECORD_UNSET;
  return record;
}

void
proc_paper_record_free (ProcPaperRecord *record)
{
  if (record == NULL)
    return;

  g_free (record->derived_title);
  g_free (record->abstract);
  g_free (record->authors);
  g_free (record->venue);
  g_free (record->doi);
  g_free (record->url);
  g_free (record->citation_key);
  g_free (record->status);
  g_free (record->pages);
  g_free (record->entry_type);
  g_free (record->editors);
  g_free (record->publisher);
  g_free (record->note);
  g_clear_pointer (&record->links, g_ptr_array_unref);
  g_clear_pointer (&record->tags, g_ptr_array_unref);
  g_clear_pointer (&record->watchlists, g_ptr_array_unref);
  g_clear_pointer (&record->names, g_ptr_array_unref);
  g_free (record);
}

/* A deep copy, for callers that keep records a callback only lends them. */
ProcPaperRecord *
proc_paper_record_copy (const ProcPaperRecord *record)
{
  ProcPaperRecord *copy = proc_paper_record_new ();

  copy->derived_title = g_strdup (record->derived_title);
  copy->abstract = g_strdup (record->abstract);
  copy->authors = g_strdup (record->authors);
  for (guint i = 0; i < record->names->len; i++)
    g_ptr_array_add (copy->names, proc_name_copy (g_ptr_array_index (record->names, i)));
  copy->venue = g_strdup (record->venue);
  copy->year = record->year;
  copy->doi = g_strdup (record->doi);
  copy->url = g_strdup (record->url);
  copy->citation_key = g_strdup (record->citation_key);
  copy->status = g_strdup (record->status);
  copy->pages = g_strdup (record->pages);
  copy->entry_type = g_strdup (record->entry_type);
  copy->editors = g_strdup (record->editors);
  copy->publisher = g_strdup (record->publisher);
  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);

      proc_paper_record_add_link (copy, link->url, link->kind);
    }
  for (guint i = 0; i < record->tags->len; i++)
    proc_paper_record_add_tag (copy, g_ptr_array_index (record->tags, i));
  copy->note = g_strdup (record->note);
  copy->rating = record->rating;
  copy->read_state = record->read_state;
  copy->starred = record->starred;
  copy->triage = record->triage;
  for (guint i = 0; i < record->watchlists->len; i++)
    {
      const ProcRecordWatchlist *watchlist = g_ptr_array_index (record->watchlists, i);

      proc_paper_record_add_watchlist (copy, watchlist->name, watchlist->query);
    }
  copy->id = record->id;
  copy->line = record->line;
  copy->title_derived = record->title_derived;

  return copy;
}

/* Blank names or queries and a name already there are left out. */
void
proc_paper_record_add_watchlist (ProcPaperRecord *record,
                                 const char      *name,
                                 const char      *query)
{
  ProcRecordWatchlist *watchlist;
  g_autofree char *trimmed_name = NULL;
  g_autofree char *trimmed_query = NULL;

  g_return_if_fail (record != NULL);

  if (name == NULL || query == NULL)
    return;

  trimmed_name = g_strstrip (g_strdup (name));
  trimmed_query = g_strstrip (g_strdup (query));
  if (*trimmed_name == '\0' || *trimmed_query == '\0')
    return;

  for (guint i = 0; i < record->watchlists->len; i++)
    if (g_str_equal (((ProcRecordWatchlist *) g_ptr_array_index (record->watchlists, i))->name, trimmed_name))
      return;

  watchlist = g_new0 (ProcRecordWatchlist, 1);
  watchlist->name = g_steal_pointer (&trimmed_name);
  watchlist->query = g_steal_pointer (&trimmed_query);
  g_ptr_array_add (record->watchlists, watchlist);
}

/* The words files use for a triage decision (ProcTriage's values):
 * "keep", "maybe", "skip"; NULL for none. */
const char *
proc_record_triage_to_string (int triage)
{
  switch (triage)
    {
    case 1: return "keep";
    case 2: return "maybe";
    case 3: return "skip";
    default: return NULL;
    }
}

/* "keep", "maybe", "skip" (and "kept", "skipped"), any case; else 0. */
int
proc_record_triage_from_string (const char *text)
{
  g_autofree char *word = NULL;

  if (text == NULL)
    return 0;

  word = g_ascii_strdown (text, -1);
  g_strstrip (word);
  if (g_str_equal (word, "keep") || g_str_equal (word, "kept"))
    return 1;
  if (g_str_equal (word, "maybe"))
    return 2;
  if (g_str_equal (word, "skip") || g_str_equal (word, "skipped"))
    return 3;

  return 0;
}

/* What a content hash is taken over: the folded abstract, or without one
 * the folded title and first author. */
static GString *
content_key (const char *abstract,
             const char *title,
             const char *authors)
{
  GString *key = g_string_sized_new (abstract != NULL ? strlen (abstract) + 16 : 64);

  if (abstract != NULL && *abstract != '\0')
    {
      g_string_append (key, "abstract:");
      proc_match_append_fold (key, abstract);
    }
  else
    {
      const char *end = authors != NULL ? strchr (authors, ';') : NULL;
      g_autofree char *first = authors != NULL ? g_strndup (authors, end ? (gsize) (end - authors) : strlen (authors)) : NULL;

      g_string_append (key, "title:");
      proc_match_append_fold (key, title);
      g_string_append (key, "|");
      proc_match_append_fold (key, first != NULL ? first : "");
    }

  return key;
}

/**
 * proc_content_hash:
 * @abstract: (nullable): the paper's abstract
 * @title: (nullable): its title, used without an abstract
 * @authors: (nullable): "Given Family; …", the first used without an abstract
 *
 * Identifies a paper by its text, for de-duplication across imports: the
 * abstract when there is one, else the title and the first author, each
 * folded by proc_match_fold(), so that the same text typeset by two
 * producers (curly quotes or ``TeX'' ones, <em> or *emphasis*, — or ---)
 * is one paper.  The fingerprint (proc_fingerprint_hex(), 32 hex digits)
 * only tells texts apart; SHA-256 until schema 13 (64 digits, see
 * proc_content_hash_upgrade()).  Stored hashes depend on these bytes: a
 * change to the fold or the fingerprint needs a migration that hashes the
 * library again (see proc-schema.c, "10 → 11" and "12 → 13").
 */
char *
proc_content_hash (const char *abstract,
                   const char *title,
                   const char *authors)
{
  g_autoptr(GString) key = content_key (abstract, title, authors);

  return proc_fingerprint_hex (key->str, key->len);
}

/* Whether @stored is SHA-256 of @key, or that with a "|label" after it (a
 * paper held apart from another of the same text by its id). */
static const char *
sha256_suffix (const char    *stored,
               const GString *key)
{
  g_autofree char *sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key->str, key->len);
  gsize len = strlen (sha);

  if (strncmp (stored, sha, len) == 0 && (stored[len] == '\0' || stored[len] == '|'))
    return stored + len;
  return NULL;
}

/**
 * proc_content_hash_upgrade:
 * @stored: a paper's content hash as a library before schema 13 holds it
 *
 * The same paper's hash with today's fingerprint: a paper stored under
 * SHA-256 of its text (with its "|label", if any) gets
 * proc_content_hash() of that text (with the same label), so the records
 * that found it still find it.  Any other hash (one kept when the library
 * was hashed again in schema 11, so that two papers stayed apart) is
 * returned unchanged: no import found the paper by its text before, none
 * will now.  The authors are tried as stored, then empty, as a paper
 * without an abstract was hashed before a later import filled them in.
 *
 * Returns: (transfer full): the hash to store
 */
char *
proc_content_hash_upgrade (const char *stored,
                           const char *abstract,
                           const char *title,
                           const char *authors)
{
  const char *tries[] = { authors, "" };

  if (stored == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
    {
      g_autoptr(GString) key = NULL;
      const char *suffix;
      g_autofree char *hash = NULL;

      if (i > 0 && (authors == NULL || *authors == '\0' || (abstract != NULL && *abstract != '\0')))
        break;
      key = content_key (abstract, title, tries[i]);
      if ((suffix = sha256_suffix (stored, key)) == NULL)
        continue;
      hash = proc_fingerprint_hex (key->str, key->len);
      return g_strconcat (hash, suffix, NULL);
    }

  return g_strdup (stored);
}

/**
 * proc_paper_record_dup_content_hash:
 *
 * proc_content_hash() of @record.
 */
char *
proc_paper_record_dup_content_hash (const ProcPaperRecord *record)
{
  return proc_content_hash (record->abstract, record->derived_title, record->authors);
}

/**
 * proc_paper_record_add_url_link:
 *
 * When the record's own address (its url) is an OpenReview forum or an
 * arXiv page, adds it as a link of that kind too, so that `has:openreview`
 * finds the paper and the detail view names the button; the url stays.
 */
void
proc_paper_record_add_url_link (ProcPaperRecord *record)
{
  ProcLinkKind kind = proc_link_classify_own (record->url);

  if (kind == PROC_LINK_OPENREVIEW || kind == PROC_LINK_ARXIV)
    proc_paper_record_add_link (record, record->url, kind);
}

void
proc_paper_record_add_link (ProcPaperRecord *record,
                            const char      *url,
                            ProcLinkKind     kind)
{
  ProcLink *link;

  if (url == NULL || *url == '\0')
    return;

  for (guint i = 0; i < record->links->len; i++)
    if (g_str_equal (((ProcLink *) g_ptr_array_index (record->links, i))->url, url))
      return;

  link = g_new0 (ProcLink, 1);
  link->url = g_strdup (url);
  link->kind = kind;
  g_ptr_array_add (record->links, link);
}

/* Tags are kept as given, once each, ignoring case as the library does. */
void
proc_paper_record_add_tag (ProcPaperRecord *record,
                           const char      *tag)
{
  g_autofree char *trimmed = NULL;

  if (tag == NULL)
    return;

  trimmed = g_strstrip (g_strdup (tag));
  if (*trimmed == '\0')
    return;

  for (guint i = 0; i < record->tags->len; i++)
    {
      g_autofree char *a = g_utf8_casefold (g_ptr_array_index (record->tags, i), -1);
      g_autofree char *b = g_utf8_casefold (trimmed, -1);

      if (g_str_equal (a, b))
        return;
    }

  g_ptr_array_add (record->tags, g_steal_pointer (&trimmed));
}

/* Returns: (nullable): the first link of @kind */
const char *
proc_paper_record_get_link (const ProcPaperRecord *record,
                            ProcLinkKind           kind)
{
  for (guint i = 0; i < record->links->len; i++)
    {
      const ProcLink *link = g_ptr_array_index (record->links, i);

      if (link->kind == kind)
        return link->url;
    }

  return NULL;
}

/**
 * proc_normalize_doi:
 *
 * "https://doi.org/10.18653/V1/X" and "doi:10.18653/v1/x" are one DOI;
 * DOIs ignore ASCII case.
 *
 * Returns: (nullable): the bare, lower-case DOI, or %NULL when @doi is not one
 */
char *
proc_normalize_doi (const char *doi)
{
  static const char *prefixes[] = {
    "https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:",
  };
  g_autofree char *trimmed = NULL;
  const char *p;

  if (doi == NULL)
    return NULL;

  trimmed = g_strstrip (g_strdup (doi));
  p = trimmed;
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_ascii_strncasecmp (p, prefixes[i], strlen (prefixes[i])) == 0)
      {
        p += strlen (prefixes[i]);
        break;
      }

  if (!g_str_has_prefix (p, "10.") || strchr (p, '/') == NULL)
    return NULL;

  return g_ascii_strdown (p, -1);
}

/**
 * proc_normalize_url:
 *
 * Compares URLs as people mean them: the scheme (http or https), a
 * trailing slash and the host's case do not matter.
 *
 * Returns: (nullable): a key for @url, or %NULL when it is not an http(s) URL
 */
char *
proc_normalize_url (const char *url)
{
  g_autofree char *trimmed = NULL;
  const char *rest;
  const char *slash;
  g_autofree char *host = NULL;
  const char *bare_host;
  gsize len;

  if (url == NULL)
    return NULL;

  trimmed = g_strstrip (g_strdup (url));
  if (g_ascii_strncasecmp (trimmed, "https://", 8) == 0)
    rest = trimmed + 8;
  else if (g_ascii_strncasecmp (trimmed, "http://", 7) == 0)
    rest = trimmed + 7;
  else
    return NULL;

  if (*rest == '\0')
    return NULL;

  slash = strchr (rest, '/');
  host = g_ascii_strdown (rest, slash ? slash - rest : -1);
  bare_host = strncmp (host, "www.", 4) == 0 ? host + 4 : host;

  len = slash ? strlen (slash) : 0;
  while (len > 0 && slash[len - 1] == '/')
    len--;

  return g_strdup_printf ("%s%.*s", bare_host, (int) len, slash ? slash : "");
}

/* Letters and digits only, without accents, case folded: what is left of a
 * title once TeX braces, punctuation and typography are gone. */
static void
append_key_text (GString    *out,
                 const char *text)
{
  g_autofree char *decomposed = NULL;
  g_autofree char *folded = NULL;

  if (text == NULL)
    return;

  decomposed = g_utf8_normalize (text, -1, G_NORMALIZE_NFKD);
  if (decomposed == NULL)
    return;
  folded = g_utf8_casefold (decomposed, -1);

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isalnum (c))
        g_string_append_unichar (out, c);
    }
}

/**
 * proc_title_key:
 * @authors: "Given Family; …" as stored
 *
 * The same paper from two producers (a BibTeX file and a JSON list) has
 * the same title and first author once both are normalised.
 *
 * Returns: (nullable): the key, or %NULL without a title or an author
 */
char *
proc_title_key (const char *title,
                const char *authors)
{
  g_autoptr(GString) key = g_string_new (NULL);
  g_auto(GStrv) names = NULL;
  gsize title_len;

  if (title == NULL || authors == NULL)
    return NULL;

  append_key_text (key, title);
  title_len = key->len;
  if (title_len == 0)
    return NULL;

  names = g_strsplit (authors, ";", 2);
  g_string_append_c (key, '|');
  append_key_text (key, names[0]);
  if (key->len == title_len + 1)
    return NULL;

  return g_string_free (g_steal_pointer (&key), FALSE);
}

char *
proc_paper_record_dup_title_key (const ProcPaperRecord *record)
{
  return proc_title_key (record->derived_title, record->authors);
}

/**
 * proc_record_keys_init:
 *
 * Fills @keys from @record (each %NULL when the record lacks it but the
 * content hash); free them with proc_record_keys_clear().  Touches
 * nothing but its arguments, so any thread may call it.
 */
void
proc_record_keys_init (ProcRecordKeys        *keys,
                       const ProcPaperRecord *record)
{
  keys->doi = proc_normalize_doi (record->doi);
  keys->url_key = proc_normalize_url (record->url);
  keys->content_hash = proc_paper_record_dup_content_hash (record);
  keys->title_key = proc_paper_record_dup_title_key (record);
}

void
proc_record_keys_clear (ProcRecordKeys *keys)
{
  g_clear_pointer (&keys->doi, g_free);
  g_clear_pointer (&keys->url_key, g_free);
  g_clear_pointer (&keys->content_hash, g_free);
  g_clear_pointer (&keys->title_key, g_free);
}
