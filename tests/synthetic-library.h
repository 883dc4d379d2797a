/* synthetic-library.h: a library of numbered papers, for the model tests
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-store.h"

G_BEGIN_DECLS

ProcStore *synthetic_library_new    (guint        n_papers,
                                     char       **dir_out);
void       synthetic_library_remove (const char  *dir);

G_END_DECLS
