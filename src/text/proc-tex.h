/* proc-tex.h: turn the TeX-ish text of abstracts into readable text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *proc_tex_to_plain  (const char *text);
char *proc_tex_to_markup (const char *text);

G_END_DECLS
