/* proc-paper.h: one paper of the library, as the views see it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  PROC_READ_STATE_UNREAD  = 0,
  PROC_READ_STATE_READING = 1,
  PROC_READ_STATE_READ    = 2,
} ProcReadState;

#define PROC_TYPE_READ_STATE (proc_read_state_get_type ())
GType proc_read_state_get_type (void);

/* A triage decision: the first pass over a conference's list. */
typedef enum
{
  PROC_TRIAGE_UNTRIAGED = 0,
  PROC_TRIAGE_KEEP      = 1,
  PROC_TRIAGE_MAYBE     = 2,
  PROC_TRIAGE_SKIP      = 3,
} ProcTriage;

#define PROC_TYPE_TRIAGE (proc_triage_get_type ())
GType proc_triage_get_type (void);

#define PROC_TYPE_PAPER (proc_paper_get_type ())

G_DECLARE_FINAL_TYPE (ProcPaper, proc_paper, PROC, PAPER, GObject)

gint64               proc_paper_get_id               (ProcPaper *self);
const char          *proc_paper_get_title            (ProcPaper *self);
const char          *proc_paper_get_derived_title    (ProcPaper *self);
const char          *proc_paper_get_user_title       (ProcPaper *self);
const char          *proc_paper_get_abstract         (ProcPaper *self);
const char          *proc_paper_get_authors          (ProcPaper *self);
const char          *proc_paper_get_venue            (ProcPaper *self);
int                  proc_paper_get_year             (ProcPaper *self);
const char          *proc_paper_get_list_name        (ProcPaper *self);
gint64               proc_paper_get_added            (ProcPaper *self);
ProcReadState        proc_paper_get_read_state       (ProcPaper *self);
gboolean             proc_paper_get_starred          (ProcPaper *self);
ProcTriage           proc_paper_get_triage           (ProcPaper *self);
int                  proc_paper_get_rating           (ProcPaper *self);
const char          *proc_paper_get_note             (ProcPaper *self);
gint64               proc_paper_get_note_modified    (ProcPaper *self);
const char * const  *proc_paper_get_tags             (ProcPaper *self);
const char * const  *proc_paper_get_links            (ProcPaper *self);
const char * const  *proc_paper_get_link_kinds       (ProcPaper *self);
const char          *proc_paper_get_doi              (ProcPaper *self);
const char          *proc_paper_get_code_url         (ProcPaper *self);
gboolean             proc_paper_has_tag              (ProcPaper *self,
                                                      const char *tag);

guint                proc_paper_get_instances_created (void);
const char          *proc_read_state_to_string       (ProcReadState state);
const char          *proc_triage_to_string           (ProcTriage    triage);

G_END_DECLS
