/* proc-utils.h: small helpers the widgets share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void proc_widget_show_error (GtkWidget    *widget,
                             const GError *error);

G_END_DECLS
