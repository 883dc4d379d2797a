/* proc-rating.h: a rating from none to five stars
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PROC_RATING_MAX 5

#define PROC_TYPE_RATING (proc_rating_get_type ())

G_DECLARE_FINAL_TYPE (ProcRating, proc_rating, PROC, RATING, GtkWidget)

GtkWidget *proc_rating_new       (void);
int        proc_rating_get_value (ProcRating *self);
void       proc_rating_set_value (ProcRating *self,
                                  int         value);

G_END_DECLS
