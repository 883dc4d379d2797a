/* proc-watchlist-dialog.h: a watchlist's name and words, with what they find
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-store.h"

G_BEGIN_DECLS

typedef void (*ProcWatchlistDone) (gpointer user_data, gint64 id);

void proc_watchlist_dialog_present (GtkWidget         *parent,
                                    ProcStore         *store,
                                    gint64             id,
                                    const char        *name,
                                    const char        *query,
                                    ProcWatchlistDone  done,
                                    gpointer           user_data);

G_END_DECLS
