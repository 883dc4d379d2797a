/* proc-fingerprint.c: a fast 128-bit fingerprint of bytes, for keys that are not secrets
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-fingerprint.h"

/* A paper's content hash only has to tell texts apart, not resist an
 * attacker: SHA-256 of the folded abstract was a tenth of an import's
 * instructions at 87,000 papers, on the thread that reads the file.
 * This is MurmurHash3's x64 128-bit variant (Austin Appleby, public
 * domain), about ten times faster; at 128 bits, two different texts of a
 * library of a million papers share a fingerprint with odds of about
 * 1 in 10^26.  The bytes are read little-endian whatever the machine, so
 * a library's fingerprints are the same on every machine. */

static inline guint64
rotl64 (guint64 x,
        int     r)
{
  return (x << r) | (x >> (64 - r));
}

static inline guint64
fmix64 (guint64 k)
{
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  k ^= k >> 33;
  return k;
}

static inline guint64
read64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, sizeof v);
  return GUINT64_FROM_LE (v);
}

/**
 * proc_fingerprint:
 * @seed: 0 for content hashes
 * @out: (out caller-allocates): the two halves, as MurmurHash3_x64_128
 *   gives them
 */
void
proc_fingerprint (const void *data,
                  gsize       len,
                  guint32     seed,
                  guint64     out[2])
{
  const guint64 c1 = G_GUINT64_CONSTANT (0x87c37b91114253d5);
  const guint64 c2 = G_GUINT64_CONSTANT (0x4cf5ad432745937f);
  const guint8 *bytes = data;
  const guint8 *tail;
  gsize n_blocks = len / 16;
  guint64 h1 = seed, h2 = seed;
  guint64 k1 = 0, k2 = 0;

  for (gsize i = 0; i < n_blocks; i++)
    {
      k1 = read64 (bytes + i * 16);
      k2 = read64 (bytes + i * 16 + 8);

      k1 *= c1; k1 = rotl64 (k1, 31); k1 *= c2; h1 ^= k1;
      h1 = rotl64 (h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729;
      k2 *= c2; k2 = rotl64 (k2, 33); k2 *= c1; h2 ^= k2;
      h2 = rotl64 (h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5;
    }

  tail = bytes + n_blocks * 16;
  k1 = k2 = 0;
  switch (len & 15)
    {
    case 15: k2 ^= (guint64) tail[14] << 48; G_GNUC_FALLTHROUGH;
    case 14: k2 ^= (guint64) tail[13] << 40; G_GNUC_FALLTHROUGH;
    case 13: k2 ^= (guint64) tail[12] << 32; G_GNUC_FALLTHROUGH;
    case 12: k2 ^= (guint64) tail[11] << 24; G_GNUC_FALLTHROUGH;
    case 11: k2 ^= (guint64) tail[10] << 16; G_GNUC_FALLTHROUGH;
    case 10: k2 ^= (guint64) tail[9] << 8; G_GNUC_FALLTHROUGH;
    case 9:
      k2 ^= (guint64) tail[8];
      k2 *= c2; k2 = rotl64 (k2, 33); k2 *= c1; h2 ^= k2;
      G_GNUC_FALLTHROUGH;
    case 8: k1 ^= (guint64) tail[7] << 56; G_GNUC_FALLTHROUGH;
    case 7: k1 ^= (guint64) tail[6] << 48; G_GNUC_FALLTHROUGH;
    case 6: k1 ^= (guint64) tail[5] << 40; G_GNUC_FALLTHROUGH;
    case 5: k1 ^= (guint64) tail[4] << 32; G_GNUC_FALLTHROUGH;
    case 4: k1 ^= (guint64) tail[3] << 24; G_GNUC_FALLTHROUGH;
    case 3: k1 ^= (guint64) tail[2] << 16; G_GNUC_FALLTHROUGH;
    case 2: k1 ^= (guint64) tail[1] << 8; G_GNUC_FALLTHROUGH;
    case 1:
      k1 ^= (guint64) tail[0];
      k1 *= c1; k1 = rotl64 (k1, 31); k1 *= c2; h1 ^= k1;
      break;
    default:
      break;
    }

  h1 ^= len;
  h2 ^= len;
  h1 += h2;
  h2 += h1;
  h1 = fmix64 (h1);
  h2 = fmix64 (h2);
  h1 += h2;
  h2 += h1;

  out[0] = h1;
  out[1] = h2;
}

/**
 * proc_fingerprint_hex:
 *
 * Returns: (transfer full): proc_fingerprint() of @data with seed 0, as
 *   PROC_FINGERPRINT_HEX_LEN lower-case hex digits (the first half first)
 */
char *
proc_fingerprint_hex (const void *data,
                      gsize       len)
{
  static const char digits[] = "0123456789abcdef";
  char *hex = g_malloc (PROC_FINGERPRINT_HEX_LEN + 1);
  guint64 halves[2];

  proc_fingerprint (data, len, 0, halves);
  for (guint h = 0; h < 2; h++)
    for (guint i = 0; i < 16; i++)
      hex[h * 16 + i] = digits[(halves[h] >> (60 - 4 * i)) & 0xf];
  hex[PROC_FINGERPRINT_HEX_LEN] = '\0';

  return hex;
}
