/* test-fingerprint.c: the content hash's fingerprint is MurmurHash3_x64_128, bit for bit
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-fingerprint.h"

static void
put_le (guint8  *out,
        guint64  value)
{
  for (guint i = 0; i < 8; i++)
    out[i] = (value >> (8 * i)) & 0xff;
}

/* SMHasher's check of an implementation: keys of 0 to 255 bytes (0, 1,
 * 2…), each with the seed 256 - length, hashed together; the first four
 * bytes of that are 0x6384BA69 for MurmurHash3_x64_128.  Every length's
 * tail and every block path counts, so a slip anywhere fails it. */
static void
test_verification (void)
{
  guint8 key[256];
  guint8 hashes[256 * 16];
  guint64 final[2];
  guint32 verification;

  for (guint i = 0; i < 256; i++)
    {
      guint64 h[2];

      key[i] = i;
      proc_fingerprint (key, i, 256 - i, h);
      put_le (hashes + i * 16, h[0]);
      put_le (hashes + i * 16 + 8, h[1]);
    }
  proc_fingerprint (hashes, sizeof hashes, 0, final);
  verification = final[0] & 0xffffffff;

  g_assert_cmphex (verification, ==, 0x6384BA69);
}

static void
test_hex (void)
{
  g_autofree char *empty = proc_fingerprint_hex ("", 0);
  g_autofree char *a = proc_fingerprint_hex ("abstract:we study transformers", 30);
  g_autofree char *b = proc_fingerprint_hex ("abstract:we study transformerz", 30);
  g_autofree char *again = proc_fingerprint_hex ("abstract:we study transformers", 30);
  guint64 h[2];
  char expected[PROC_FINGERPRINT_HEX_LEN + 1];

  /* the empty input with seed 0 hashes to zero */
  g_assert_cmpstr (empty, ==, "00000000000000000000000000000000");

  g_assert_cmpuint (strlen (a), ==, PROC_FINGERPRINT_HEX_LEN);
  g_assert_cmpstr (a, ==, again);
  g_assert_cmpstr (a, !=, b);

  /* the hex is the two halves, first first */
  proc_fingerprint ("abstract:we study transformers", 30, 0, h);
  g_snprintf (expected, sizeof expected, "%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x", h[0], h[1]);
  g_assert_cmpstr (a, ==, expected);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fingerprint/verification", test_verification);
  g_test_add_func ("/fingerprint/hex", test_hex);

  return g_test_run ();
}
