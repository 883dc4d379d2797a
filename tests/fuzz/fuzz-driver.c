/* fuzz-driver.c: runs a fuzz harness without libFuzzer, over its seeds and mutations of them
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz-common.h"

/* The default suites' short smoke of each target, built with gcc: every
 * file of the corpus folders given on the command line, then a fixed
 * number of mutations of each (bit flips, bytes that matter to the
 * formats, cuts, repeats, splices with another seed), drawn from a
 * seeded PRNG so that every run tries the same inputs.
 *
 *   fuzz-bibtex [--mutations N] [--seed S] CORPUS-FOLDER-OR-FILE…
 *
 * On a crash the input is written to crash-<target>-<n> in the current
 * folder, to be replayed with the same command and that one file. */

static const char * const tokens[] = {
  "{", "}", "\"", "\n", "\r", "\r\n", ",", "=", "#", "\\", "$", "%", "@", "(", ")",
  "[", "]", ":", "'", "\t", " ", "\xef\xbb\xbf", "\xff", "\xc3", "\xe2\x80", "\0",
  "@article{", "@string{", "@comment{", "@preamble{", "title = {", "abstract = \"",
  "TY  - JOUR\n", "ER  - \n", "TI  - ", "AB  - ", "T1  - ",
  "\"title\": ", "\"author\": [{\"family\": ", "{\"title\": \"x\"}", "null", "1e999", "\\u0000", "\\ud800",
  "title,abstract\n", "\"\"", "{{{{{{{{{{{{{{{{", "}}}}}}}}", "[[[[[[[[[[[[[[[[", "\\'{e}", "$$", "\\\\",
};

static GBytes *current;
static const char *target;
static guint n_crash;

static void
save_current (void)
{
  char path[256];
  FILE *out;

  if (current == NULL)
    return;

  snprintf (path, sizeof path, "crash-%s-%u", target, n_crash++);
  if ((out = fopen (path, "wb")) != NULL)
    {
      gsize size;
      const void *data = g_bytes_get_data (current, &size);

      fwrite (data, 1, size, out);
      fclose (out);
      fprintf (stderr, "fuzz-driver: the input that failed is in %s\n", path);
    }
}

static void
on_crash (int signum)
{
  save_current ();
  signal (signum, SIG_DFL);
  raise (signum);
}

/* AddressSanitizer ends the process without a signal; it calls this. */
extern void __sanitizer_set_death_callback (void (*callback) (void)) __attribute__((weak));

static void
run (GBytes *input)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (input, &size);
  /* A copy of its own, so that reading past the end is caught. */
  g_autofree guint8 *copy = g_memdup2 (data, size);

  current = input;
  LLVMFuzzerTestOneInput (copy, size);
  current = NULL;
}

static void
insert_bytes (GByteArray   *array,
              guint         at,
              const guint8 *bytes,
              guint         len)
{
  guint old = array->len;

  g_byte_array_set_size (array, old + len);
  memmove (array->data + at + len, array->data + at, old - at);
  memcpy (array->data + at, bytes, len);
}

static GBytes *
mutate (GRand     *rand,
        GPtrArray *seeds,
        GBytes    *seed)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (seed, &size);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint n = g_rand_int_range (rand, 1, 5);

  g_byte_array_append (out, data, size);

  for (guint m = 0; m < n; m++)
    {
      guint len = out->len;
      guint at = len > 0 ? g_rand_int_range (rand, 0, len) : 0;

      switch (g_rand_int_range (rand, 0, 8))
        {
        case 0:   /* flip a bit */
          if (len > 0)
            out->data[at] ^= 1 << g_rand_int_range (rand, 0, 8);
          break;

        case 1:   /* a byte the formats care about */
          if (len > 0)
            out->data[at] = "{}\"\n\r,=@\\$[]\0\xff\xc3 "[g_rand_int_range (rand, 0, 16)];
          break;

        case 2:   /* cut the end off */
          g_byte_array_set_size (out, at);
          break;

        case 3:   /* cut a piece out */
          if (len > 0)
            g_byte_array_remove_range (out, at, g_rand_int_range (rand, 0, MIN (len - at, 256) + 1));
          break;

        case 4:   /* repeat a piece */
          if (len > 0)
            {
              guint piece = g_rand_int_range (rand, 1, MIN (len - at, 64) + 1);
              guint times = g_rand_int_range (rand, 1, 64);
              g_autofree guint8 *copy = g_memdup2 (out->data + at, piece);

              for (guint t = 0; t < times; t++)
                insert_bytes (out, at, copy, piece);
            }
          break;

        case 5:   /* put in a token */
        case 6:
          {
            guint k = g_rand_int_range (rand, 0, G_N_ELEMENTS (tokens));
            gsize token_len = tokens[k][0] == '\0' ? 1 : strlen (tokens[k]);

            insert_bytes (out, at, (const guint8 *) tokens[k], token_len);
          }
          break;

        case 7:   /* the start of this seed, the rest of another */
          {
            GBytes *other = g_ptr_array_index (seeds, g_rand_int_range (rand, 0, seeds->len));
            gsize other_size;
            const guint8 *other_data = g_bytes_get_data (other, &other_size);
            guint from = other_size > 0 ? g_rand_int_range (rand, 0, other_size) : 0;

            g_byte_array_set_size (out, at);
            g_byte_array_append (out, other_data + from, other_size - from);
          }
          break;

        default:
          g_assert_not_reached ();
        }
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
add_seeds (GPtrArray  *seeds,
           const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;
  char *contents;
  gsize length;

  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      if (!g_file_get_contents (path, &contents, &length, &error))
        {
          g_printerr ("fuzz-driver: %s\n", error->message);
          exit (EXIT_FAILURE);
        }
      g_ptr_array_add (seeds, g_bytes_new_take (contents, length));
      return;
    }

  if (!(dir = g_dir_open (path, 0, &error)))
    {
      g_printerr ("fuzz-driver: %s\n", error->message);
      exit (EXIT_FAILURE);
    }

  /* In order, so every run tries the same inputs. */
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_paths);
  for (guint i = 0; i < names->len; i++)
    add_seeds (seeds, g_ptr_array_index (names, i));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GRand) rand = NULL;
  guint mutations = 100;
  guint32 seed = 20260;
  guint64 runs = 0;
  gint64 start = g_get_monotonic_time ();
  int i;

  target = g_path_get_basename (argv[0]);
  signal (SIGSEGV, on_crash);
  signal (SIGABRT, on_crash);
  signal (SIGBUS, on_crash);
  signal (SIGFPE, on_crash);
  if (__sanitizer_set_death_callback != NULL)
    __sanitizer_set_death_callback (save_current);

  for (i = 1; i < argc && g_str_has_prefix (argv[i], "--"); i += 2)
    {
      if (i + 1 >= argc)
        break;
      if (g_str_equal (argv[i], "--mutations"))
        mutations = (guint) g_ascii_strtoull (argv[i + 1], NULL, 10);
      else if (g_str_equal (argv[i], "--seed"))
        seed = (guint32) g_ascii_strtoull (argv[i + 1], NULL, 10);
      else
        {
          g_printerr ("fuzz-driver: unknown option %s\n", argv[i]);
          return EXIT_FAILURE;
        }
    }

  if (i >= argc)
    {
      g_printerr ("usage: %s [--mutations N] [--seed S] CORPUS-FOLDER-OR-FILE…\n", argv[0]);
      return EXIT_FAILURE;
    }

  for (; i < argc; i++)
    add_seeds (seeds, argv[i]);

  if (seeds->len == 0)
    {
      g_printerr ("fuzz-driver: no seeds\n");
      return EXIT_FAILURE;
    }

  rand = g_rand_new_with_seed (seed);

  for (guint s = 0; s < seeds->len; s++)
    {
      GBytes *input = g_ptr_array_index (seeds, s);

      run (input);
      runs++;

      for (guint m = 0; m < mutations; m++)
        {
          g_autoptr(GBytes) mutant = mutate (rand, seeds, input);

          run (mutant);
          runs++;
        }
    }

  /* The empty input, always. */
  {
    g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);

    run (empty);
    runs++;
  }

  printf ("%s: %" G_GUINT64_FORMAT " inputs from %u seeds in %.1f s\n", target, runs, seeds->len,
          (g_get_monotonic_time () - start) / 1e6);
  return EXIT_SUCCESS;
}
