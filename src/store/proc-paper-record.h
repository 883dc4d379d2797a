/* proc-paper-record.h: a paper as a file holds it, on its way in or out of the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "proc-links.h"
#include "proc-names.h"

G_BEGIN_DECLS

/* A read state a file did not give. */
#define PROC_RECORD_UNSET (-1)

/* A watchlist as files carry it: its name and its query, so that an
 * import can create it where it is missing. */
typedef struct
{
  char *name;
  char *query;
} ProcRecordWatchlist;

/* Importers fill a record from a file; exporters get one filled from the
 * library.  Every string is UTF-8 or %NULL. */
typedef struct
{
  char      *derived_title;  /* the title: as written in the file, or derived from the abstract */
  char      *abstract;       /* may hold TeX math, *emphasis* and URLs, as the file had it */
  char      *authors;        /* "Given Family; Given Family" */
  GPtrArray *names;          /* of ProcName: the authors in parts, when the file gave
                              * or the library kept them; never %NULL, may be empty */
  char      *venue;          /* the booktitle or container, e.g. "Proceedings of the 41st ICML" */
  int        year;           /* 0 when unknown */
  char      *doi;            /* bare "10.…", see proc_normalize_doi() */
  char      *url;            /* the paper's landing page */
  char      *citation_key;   /* the key the file used, kept so exports stay stable */
  char      *status;         /* "Oral", "Poster", "Spotlight"… when the producer says */
  char      *pages;          /* "864--870" */
  GPtrArray *links;          /* of ProcLink: code, pdf, project… (never %NULL) */
  char      *entry_type;     /* BibTeX's name for it: "inproceedings", "article"… (see proc-entry-type.h) */
  char      *editors;        /* the volume's editors, "Given Family; Given Family" */
  char      *publisher;      /* "PMLR", "Association for Computational Linguistics" */

  /* Annotations, when the file carries them (our own exports do). */
  GPtrArray *tags;           /* of char *, never %NULL */
  char      *note;
  int        rating;         /* 0–5 */
  int        read_state;     /* a ProcReadState, or PROC_RECORD_UNSET */
  int        starred;        /* 0, 1, or PROC_RECORD_UNSET */
  int        triage;         /* a ProcTriage: 0 untriaged (never overwrites a decision), 1 keep, 2 maybe, 3 skip */
  GPtrArray *watchlists;     /* of ProcRecordWatchlist: the watchlists that hold the paper (never %NULL) */

  gint64     id;             /* the paper's id when it comes from the library, else 0 */
  guint      line;           /* where the entry starts in its file, for messages */
  gboolean   title_derived;  /* the title was made from the abstract, not given by the file */
} ProcPaperRecord;

ProcPaperRecord *proc_paper_record_new  (void);
void             proc_paper_record_free (ProcPaperRecord *record);
ProcPaperRecord *proc_paper_record_copy (const ProcPaperRecord *record);
void             proc_paper_record_add_link (ProcPaperRecord *record,
                                             const char      *url,
                                             ProcLinkKind     kind);
void             proc_paper_record_add_url_link (ProcPaperRecord *record);
void             proc_paper_record_add_tag  (ProcPaperRecord *record,
                                             const char      *tag);
void             proc_paper_record_add_watchlist (ProcPaperRecord *record,
                                                  const char      *name,
                                                  const char      *query);
const char      *proc_paper_record_get_link (const ProcPaperRecord *record,
                                             ProcLinkKind           kind);
const char      *proc_record_triage_to_string   (int              triage);
int              proc_record_triage_from_string (const char      *text);
char            *proc_paper_record_dup_content_hash (const ProcPaperRecord *record);
char            *proc_paper_record_dup_title_key    (const ProcPaperRecord *record);
char            *proc_content_hash                  (const char            *abstract,
                                                     const char            *title,
                                                     const char            *authors);
char            *proc_content_hash_upgrade          (const char            *stored,
                                                     const char            *abstract,
                                                     const char            *title,
                                                     const char            *authors);

/* What finds a paper again in a library: its DOI, its page, its text,
 * its title with its first author.  Worked out from the record alone, so
 * an import can have them computed on another thread. */
typedef struct
{
  char *doi;
  char *url_key;
  char *content_hash;
  char *title_key;
} ProcRecordKeys;

void             proc_record_keys_init  (ProcRecordKeys        *keys,
                                         const ProcPaperRecord *record);
void             proc_record_keys_clear (ProcRecordKeys        *keys);

char            *proc_normalize_doi   (const char *doi);
char            *proc_normalize_url   (const char *url);
char            *proc_title_key       (const char *title,
                                       const char *authors);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcPaperRecord, proc_paper_record_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ProcRecordKeys, proc_record_keys_clear)

G_END_DECLS
