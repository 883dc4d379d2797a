/* proc-colour-chooser.h: a tag's colour, chosen among the palette's swatches
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct
{
  const char *label;    /* untranslated: translate it when shown */
  const char *colour;   /* as CSS writes it */
} ProcTagColour;

const ProcTagColour *proc_tag_colours_get (guint *n_colours);

#define PROC_TYPE_COLOUR_CHOOSER (proc_colour_chooser_get_type ())

G_DECLARE_FINAL_TYPE (ProcColourChooser, proc_colour_chooser, PROC, COLOUR_CHOOSER, GtkWidget)

GtkWidget  *proc_colour_chooser_new        (void);
const char *proc_colour_chooser_get_colour (ProcColourChooser *self);
void        proc_colour_chooser_set_colour (ProcColourChooser *self,
                                            const char        *colour);

G_END_DECLS
