/* proc-charts.h: the statistics' charts, drawn with cairo and Pango
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-statistics.h"

G_BEGIN_DECLS

/* One bar of a bar chart. */
typedef struct
{
  const char *label;
  guint value;
  const char *colour;   /* (nullable): a CSS colour; %NULL or "" for the chart's own */
} ProcChartBar;

/* Colours that read on the widget's background, light or dark. */
typedef struct
{
  GdkRGBA foreground;
  GdkRGBA kept;
  GdkRGBA maybe;
  GdkRGBA skipped;
  GdkRGBA accent;
  GdkRGBA neutral;      /* a tag without a colour */
  double fill_alpha;    /* of the areas under lines */
} ProcChartColours;

void proc_chart_colours_init      (ProcChartColours         *colours,
                                   GtkWidget                *widget);

void proc_chart_draw_empty        (GtkWidget                *widget,
                                   cairo_t                  *cr,
                                   int                       width,
                                   int                       height,
                                   const char               *title,
                                   const char               *description);

int  proc_chart_get_bars_height   (guint                     n_bars);
void proc_chart_draw_bars         (GtkWidget                *widget,
                                   cairo_t                  *cr,
                                   int                       width,
                                   int                       height,
                                   const ProcChartBar       *bars,
                                   guint                     n_bars,
                                   const GdkRGBA            *bar_colour);

void proc_chart_draw_progress     (GtkWidget                *widget,
                                   cairo_t                  *cr,
                                   int                       width,
                                   int                       height,
                                   const ProcTriageProgress *progress,
                                   const GDate              *today);

G_END_DECLS
