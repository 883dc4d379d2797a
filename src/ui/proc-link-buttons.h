/* proc-link-buttons.h: a paper's own pages as a row of buttons (PDF, OpenReview, Code…)
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-paper.h"

G_BEGIN_DECLS

guint proc_link_buttons_fill (AdwWrapBox *box,
                              ProcPaper  *paper,
                              gboolean   *shown);

G_END_DECLS
