/* proc-paper-private.h: how the store fills and updates papers
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sqlite3.h>

#include "proc-paper.h"

G_BEGIN_DECLS

/* The columns _proc_paper_load() reads, in this order.  Tags and links come
 * from correlated subqueries so that one statement loads a whole page. */
#define PROC_PAPER_SELECT \
  "SELECT p.id, p.derived_title, p.user_title, p.abstract, p.authors, p.venue, p.year," \
  " l.name, p.added_at, p.read_state, p.starred, p.rating, p.note, p.note_modified_at," \
  " (SELECT group_concat(name, char(31)) FROM (SELECT t.name FROM paper_tags pt" \
  "   JOIN tags t ON t.id = pt.tag_id WHERE pt.paper_id = p.id ORDER BY t.name COLLATE NOCASE))," \
  " (SELECT group_concat(kind || char(30) || url, char(31)) FROM (SELECT kind, url" \
  "   FROM paper_links WHERE paper_id = p.id ORDER BY position))" \
  " , p.triage, p.doi" \
  " FROM papers p LEFT JOIN lists l ON l.id = p.list_id"

ProcPaper *_proc_paper_new           (gint64         id);
void       _proc_paper_load          (ProcPaper     *self,
                                      sqlite3_stmt  *stmt);
void       _proc_paper_set_starred   (ProcPaper     *self,
                                      gboolean       starred);
void       _proc_paper_set_read_state (ProcPaper    *self,
                                      ProcReadState  state);
void       _proc_paper_set_triage    (ProcPaper     *self,
                                      ProcTriage     triage);
void       _proc_paper_set_rating    (ProcPaper     *self,
                                      int            rating);
void       _proc_paper_set_note      (ProcPaper     *self,
                                      const char    *note,
                                      gint64         modified);
void       _proc_paper_set_user_title (ProcPaper    *self,
                                      const char    *user_title);
void       _proc_paper_set_tags      (ProcPaper     *self,
                                      const char * const *tags);

G_END_DECLS
