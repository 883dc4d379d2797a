/* proc-entry-type.c: what kind of publication a paper is, in each format's words
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-entry-type"

#include "config.h"

#include <string.h>

#include "proc-entry-type.h"

/* The library keeps BibTeX's name for the type (ProcPaperRecord's
 * entry_type); each format's name for it comes from this table.  The
 * first row that names a RIS or CSL type is the one read back, so a
 * round trip through either keeps the type.  A record without a type
 * (a plain list, Paper Copilot's JSON) is a conference paper when it
 * has a venue, else what each format calls a paper of no kind. */
static const struct
{
  const char *bibtex;
  const char *ris;
  const char *csl;
} types[] = {
  { "inproceedings", "CPAPER", "paper-conference" },
  { "article", "JOUR", "article-journal" },
  { "misc", "GEN", "article" },
  { "book", "BOOK", "book" },
  { "incollection", "CHAP", "chapter" },
  { "inbook", "CHAP", "chapter" },
  { "proceedings", "CONF", "book" },
  { "techreport", "RPRT", "report" },
  { "report", "RPRT", "report" },
  { "phdthesis", "THES", "thesis" },
  { "mastersthesis", "THES", "thesis" },
  { "thesis", "THES", "thesis" },
  { "unpublished", "UNPB", "manuscript" },
  { "online", "ELEC", "webpage" },
  { "manual", "GEN", "report" },
};

static int
find_bibtex (const char *type)
{
  for (guint i = 0; type != NULL && i < G_N_ELEMENTS (types); i++)
    if (g_ascii_strcasecmp (types[i].bibtex, type) == 0)
      return (int) i;

  return -1;
}

static gboolean
has_venue (const ProcPaperRecord *record)
{
  return record->venue != NULL && *record->venue != '\0';
}

/* Returns: the BibTeX entry type to write: the record's own, when it is
 * one BibTeX or biblatex knows, else "inproceedings" for a paper with a
 * venue and "misc" for one without */
const char *
proc_entry_type_for_bibtex (const ProcPaperRecord *record)
{
  int i = find_bibtex (record->entry_type);

  /* "misc" with a venue was ours before the type was kept: a paper of
   * the venue */
  if (i >= 0 && !(g_str_equal (types[i].bibtex, "misc") && has_venue (record)))
    return types[i].bibtex;

  return has_venue (record) ? "inproceedings" : "misc";
}

const char *
proc_entry_type_for_ris (const ProcPaperRecord *record)
{
  return types[find_bibtex (proc_entry_type_for_bibtex (record))].ris;
}

const char *
proc_entry_type_for_csl (const ProcPaperRecord *record)
{
  return types[find_bibtex (proc_entry_type_for_bibtex (record))].csl;
}

/* Returns: (nullable): the BibTeX type of a RIS "TY", %NULL when unknown */
const char *
proc_entry_type_from_ris (const char *ty)
{
  g_autofree char *stripped = NULL;

  if (ty == NULL)
    return NULL;
  stripped = g_strstrip (g_strdup (ty));
  /* Zotero and EndNote write CONF for a conference paper too */
  if (g_ascii_strcasecmp (stripped, "CONF") == 0)
    return "inproceedings";

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_ascii_strcasecmp (types[i].ris, stripped) == 0)
      return types[i].bibtex;

  return NULL;
}

/* Returns: (nullable): the BibTeX type of a CSL "type", %NULL when unknown */
const char *
proc_entry_type_from_csl (const char *type)
{
  if (type == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_str_equal (types[i].csl, type))
      return types[i].bibtex;

  return NULL;
}
