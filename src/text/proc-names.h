/* proc-names.h: personal names in parts, read as BibTeX reads them
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One name in the parts that BibTeX, biber and CSL agree on.  Every part
 * is Unicode text without TeX, or %NULL.  "and others" is a name of its
 * own, with @others set and no parts. */
typedef struct
{
  char     *given;     /* "Benjamin", "Jean-Paul", "A. B." */
  char     *particle;  /* BibTeX's von part: "de", "van den", "von" */
  char     *family;    /* "Van Roy", "Freitas", "Le Cun" */
  char     *suffix;    /* BibTeX's Jr part: "Jr.", "III" */
  gboolean  others;    /* "and others": et al. */
} ProcName;

/* How names come as plain text, e.g. in a RIS line or a CSV cell. */
typedef enum
{
  PROC_NAME_TEXT,      /* a file's text: "Given von Family" or "von Family, Given[, Suffix]" */
  PROC_NAME_BIBTEX,    /* a BibTeX field's text: TeX is decoded, braces group */
} ProcNameSource;

ProcName  *proc_name_new          (const char     *given,
                                   const char     *particle,
                                   const char     *family,
                                   const char     *suffix);
ProcName  *proc_name_new_others   (void);
ProcName  *proc_name_copy         (const ProcName *name);
void       proc_name_free         (ProcName       *name);

ProcName  *proc_name_parse        (const char     *text,
                                   ProcNameSource  source);
char      *proc_name_to_display   (const ProcName *name);

GPtrArray *proc_names_new         (void);
GPtrArray *proc_names_copy        (GPtrArray      *names);
GPtrArray *proc_names_parse_list  (const char     *text,
                                   const char     *separator);
char      *proc_names_to_display  (GPtrArray      *names);
char      *proc_names_serialize   (GPtrArray      *names);
GPtrArray *proc_names_deserialize (const char     *text);

gboolean   proc_name_is_particle  (const char     *word);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcName, proc_name_free)

G_END_DECLS
