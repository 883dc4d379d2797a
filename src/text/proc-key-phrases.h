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

gboolean proc_key_phrases_is_stop_word (const char *lower,
                                        gboolean   *weak);

G_END_DECLS
