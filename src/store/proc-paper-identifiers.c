/* proc-paper-identifiers.c: the ids that tell two papers apart whatever their text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-paper-identifiers"

#include "config.h"

#include <string.h>

#include "proc-paper-identifiers.h"
#include "proc-store-private.h"

/* Two entries with different DOIs, OpenReview forums or arXiv ids are two
 * papers even when their abstracts are equal (a workshop version, a
 * paper resubmitted, a producer's template abstract): matching by text
 * asks these first. */

static char *
arxiv_id_from (const char *text,
               gsize       len)
{
  g_autofree char *id = g_ascii_strdown (text, len);
  char *v;

  g_strstrip (id);
  if (g_str_has_suffix (id, ".pdf"))
    id[strlen (id) - 4] = '\0';
  /* 2401.01234v2 → 2401.01234 */
  if ((v = strrchr (id, 'v')) != NULL && v > id && g_ascii_isdigit (v[-1]) && v[1] != '\0' &&
      strspn (v + 1, "0123456789") == strlen (v + 1))
    *v = '\0';

  return *id != '\0' ? g_steal_pointer (&id) : NULL;
}

/* An arXiv id in an address: arxiv.org/abs/X, arxiv.org/pdf/X. */
static char *
arxiv_from_url (const char *url)
{
  static const char * const paths[] = { "arxiv.org/abs/", "arxiv.org/pdf/" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      const char *p = strstr (url, paths[i]);

      if (p != NULL)
        {
          p += strlen (paths[i]);
          return arxiv_id_from (p, strcspn (p, "?#"));
        }
    }
  return NULL;
}

/* An OpenReview forum in an address: openreview.net/forum?id=X, pdf?id=X. */
static char *
openreview_from_url (const char *url)
{
  const char *p;

  if (strstr (url, "openreview.net/") == NULL || (p = strstr (url, "id=")) == NULL ||
      (p != url && p[-1] != '?' && p[-1] != '&'))
    return NULL;

  p += 3;
  if (strcspn (p, "&#") == 0)
    return NULL;
  return g_strndup (p, strcspn (p, "&#"));
}

static void
add_doi (ProcPaperIdentifiers *ids,
         const char           *doi)
{
  g_autofree char *bare = proc_normalize_doi (doi);

  if (bare == NULL)
    return;

  if (g_str_has_prefix (bare, "10.48550/arxiv."))
    {
      if (ids->arxiv == NULL)
        ids->arxiv = arxiv_id_from (bare + strlen ("10.48550/arxiv."), -1);
    }
  else if (ids->doi == NULL)
    ids->doi = g_steal_pointer (&bare);
}

static void
add_url (ProcPaperIdentifiers *ids,
         const char           *url)
{
  if (url == NULL)
    return;

  if (g_str_has_prefix (url, "https://doi.org/") || g_str_has_prefix (url, "http://doi.org/") ||
      g_str_has_prefix (url, "https://dx.doi.org/") || g_str_has_prefix (url, "http://dx.doi.org/"))
    {
      add_doi (ids, url);
      return;
    }
  if (ids->openreview == NULL)
    ids->openreview = openreview_from_url (url);
  if (ids->arxiv == NULL)
    ids->arxiv = arxiv_from_url (url);
}

/**
 * proc_paper_identifiers_init_record:
 *
 * Fills @ids from @record's DOI, address and links; clear them with
 * proc_paper_identifiers_clear().
 */
void
proc_paper_identifiers_init_record (ProcPaperIdentifiers  *ids,
                                    const ProcPaperRecord *record)
{
  memset (ids, 0, sizeof *ids);
  add_doi (ids, record->doi);
  add_url (ids, record->url);
  for (guint i = 0; i < record->links->len; i++)
    add_url (ids, ((const ProcLink *) g_ptr_array_index (record->links, i))->url);
}

/**
 * proc_paper_identifiers_init_stored:
 *
 * Fills @ids from the DOI, address and links the library has for
 * @paper_id.
 */
gboolean
proc_paper_identifiers_init_stored (ProcPaperIdentifiers  *ids,
                                    ProcStore             *store,
                                    gint64                 paper_id,
                                    GError               **error)
{
  sqlite3_stmt *stmt;

  memset (ids, 0, sizeof *ids);

  if (!(stmt = _proc_store_prepare (store, "SELECT doi, url FROM papers WHERE id = ?", error)))
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, paper_id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      add_doi (ids, (const char *) sqlite3_column_text (stmt, 0));
      add_url (ids, (const char *) sqlite3_column_text (stmt, 1));
    }
  sqlite3_reset (stmt);

  if (!(stmt = _proc_store_prepare (store, "SELECT url FROM paper_links WHERE paper_id = ? ORDER BY position", error)))
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, paper_id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    add_url (ids, (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);

  return TRUE;
}

void
proc_paper_identifiers_clear (ProcPaperIdentifiers *ids)
{
  g_clear_pointer (&ids->doi, g_free);
  g_clear_pointer (&ids->openreview, g_free);
  g_clear_pointer (&ids->arxiv, g_free);
}

static gboolean
differ (const char *a,
        const char *b)
{
  return a != NULL && b != NULL && strcmp (a, b) != 0;
}

/**
 * proc_paper_identifiers_conflict:
 *
 * Returns: whether @a and @b name different papers: a DOI, an OpenReview
 *   forum or an arXiv id that both have and that differs
 */
gboolean
proc_paper_identifiers_conflict (const ProcPaperIdentifiers *a,
                                 const ProcPaperIdentifiers *b)
{
  return differ (a->doi, b->doi) || differ (a->openreview, b->openreview) || differ (a->arxiv, b->arxiv);
}

/**
 * proc_paper_identifiers_dup_label:
 *
 * Returns: (nullable): the first id @ids has, as "doi:…", "openreview:…" or
 *   "arxiv:…", to tell apart two papers of equal text
 */
char *
proc_paper_identifiers_dup_label (const ProcPaperIdentifiers *ids)
{
  if (ids->doi != NULL)
    return g_strconcat ("doi:", ids->doi, NULL);
  if (ids->openreview != NULL)
    return g_strconcat ("openreview:", ids->openreview, NULL);
  if (ids->arxiv != NULL)
    return g_strconcat ("arxiv:", ids->arxiv, NULL);
  return NULL;
}
