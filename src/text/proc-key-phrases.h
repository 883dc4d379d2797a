/* proc-key-phrases.h: the key phrases of an abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char **proc_key_phrases_extract (const char *text,
                                 guint       max_phrases);

G_END_DECLS
