/* names-common.h: names in parts as one line the name tests compare
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *names_describe (GPtrArray *names);

G_END_DECLS
