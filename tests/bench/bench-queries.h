/* bench-queries.h: the fixed searches the benchmark types and times
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Typed into the window one character at a time (bench-window) and run
 * whole through the sqlite3 shell as the floor (bench-store).  Words and
 * phrases a researcher looks for in an ML conference, from rare to
 * common, one and two words.
 */

#pragma once

static const char * const bench_queries[] = {
  "transformer",
  "diffusion model",
  "reinforcement learning",
  "graph neural",
  "contrastive",
  "federated",
  "bayesian optimization",
  "attention",
  "robust",
  "language model",
  "kernel",
  "sparse",
  "causal inference",
  "meta-learning",
  "adversarial examples",
  "point cloud",
  "radiance field",
  "protein",
  "optimal transport",
  "few-shot",
};

#define BENCH_N_QUERIES (sizeof bench_queries / sizeof bench_queries[0])
