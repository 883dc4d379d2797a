/* proc-entry-type.h: what kind of publication a paper is, in each format's words
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-paper-record.h"

G_BEGIN_DECLS

const char *proc_entry_type_for_bibtex (const ProcPaperRecord *record);
const char *proc_entry_type_for_ris    (const ProcPaperRecord *record);
const char *proc_entry_type_for_csl    (const ProcPaperRecord *record);
const char *proc_entry_type_from_ris   (const char            *ty);
const char *proc_entry_type_from_csl   (const char            *type);

G_END_DECLS
