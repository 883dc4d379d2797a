/* proc-bibtex-crossref.h: BibTeX's crossref: papers get the context of the volume they name
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-record-reader.h"

G_BEGIN_DECLS

typedef struct _ProcBibtexCrossref ProcBibtexCrossref;

/* Applies the raw field @name of a volume to @record as the reader reads
 * the paper's own fields; @entry is the paper's own reading state. */
typedef void (*ProcBibtexApplyFunc) (ProcPaperRecord *record,
                                     const char      *name,
                                     const char      *raw,
                                     gpointer         entry);

ProcBibtexCrossref *proc_bibtex_crossref_new            (ProcBibtexApplyFunc  apply,
                                                         GDestroyNotify       entry_free);
void                proc_bibtex_crossref_free           (ProcBibtexCrossref  *self);
void                proc_bibtex_crossref_add_volume     (ProcBibtexCrossref  *self,
                                                         const char          *key,
                                                         const char          *label,
                                                         GPtrArray           *fields,
                                                         guint                line,
                                                         gboolean             is_proceedings);
void                proc_bibtex_crossref_push           (ProcBibtexCrossref  *self,
                                                         ProcPaperRecord     *record,
                                                         const char          *crossref,
                                                         gpointer             entry);
ProcPaperRecord    *proc_bibtex_crossref_pop            (ProcBibtexCrossref  *self,
                                                         gboolean             at_end);
void                proc_bibtex_crossref_report_unused  (ProcBibtexCrossref  *self,
                                                         ProcRecordReader    *reader,
                                                         ProcImportReport    *report);

G_END_DECLS
