/* proc-html-text.h: the HTML that abstracts carry, as the app's own text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  PROC_HTML_TEXT_ABSTRACT,   /* emphasis as *x* and **x**, <sub>/<sup> as TeX math */
  PROC_HTML_TEXT_PLAIN,      /* a title or a name: every tag goes */
} ProcHtmlText;

char *proc_html_text_decode (const char   *text,
                             ProcHtmlText  kind);

G_END_DECLS
