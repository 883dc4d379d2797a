/* proc-title-markup.h: what a derived title never shows
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *proc_title_strip_markup (const char *text);

G_END_DECLS
