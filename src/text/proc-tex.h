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
char *proc_tex_to_plain_marked (const char *text);

/* Where proc_tex_to_plain_marked() puts italics and bold: U+E010 to U+E013. */
#define PROC_TEX_MARK_ITALIC_OPEN  "\xee\x80\x90"
#define PROC_TEX_MARK_ITALIC_CLOSE "\xee\x80\x91"
#define PROC_TEX_MARK_BOLD_OPEN    "\xee\x80\x92"
#define PROC_TEX_MARK_BOLD_CLOSE   "\xee\x80\x93"

G_END_DECLS
