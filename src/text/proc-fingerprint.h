/* proc-fingerprint.h: a fast 128-bit fingerprint of bytes, for keys that are not secrets
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The hex form's length, without the NUL */
#define PROC_FINGERPRINT_HEX_LEN 32

void  proc_fingerprint      (const void *data,
                             gsize       len,
                             guint32     seed,
                             guint64     out[2]);
char *proc_fingerprint_hex  (const void *data,
                             gsize       len);

G_END_DECLS
