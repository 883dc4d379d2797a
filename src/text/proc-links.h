/* proc-links.h: code, project and paper links mentioned in an abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  PROC_LINK_CODE,
  PROC_LINK_PROJECT,
  PROC_LINK_PDF,
  PROC_LINK_DOI,
  PROC_LINK_OTHER,
  /* The paper's own pages, as its producer gives them in their own
   * fields (never guessed from an abstract, where such links name other
   * papers). */
  PROC_LINK_OPENREVIEW,
  PROC_LINK_SUPPLEMENT,
  PROC_LINK_ARXIV,
} ProcLinkKind;

typedef struct
{
  char         *url;
  ProcLinkKind  kind;
} ProcLink;

void          proc_link_free             (ProcLink     *link);
GPtrArray    *proc_links_extract         (const char   *text);
const char   *proc_link_kind_to_string   (ProcLinkKind  kind);
ProcLinkKind  proc_link_kind_from_string (const char   *str);
char         *proc_links_to_markup       (const char   *text);
gsize         proc_links_address_length  (const char   *text,
                                          const char   *p,
                                          const char   *end);
ProcLinkKind  proc_link_classify         (const char   *url);
char         *proc_link_dup_href         (const char   *url);
char         *proc_doi_dup_href          (const char   *doi);
ProcLinkKind  proc_link_classify_own     (const char   *url);
char         *proc_arxiv_dup_href        (const char   *eprint);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcLink, proc_link_free)

G_END_DECLS
