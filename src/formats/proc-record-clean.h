/* proc-record-clean.h: what every importer's records go through: control characters, HTML
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-import-report.h"
#include "proc-paper-record.h"

G_BEGIN_DECLS

void proc_record_clean (ProcPaperRecord  *record,
                        ProcImportReport *report,
                        const char       *file);

G_END_DECLS
