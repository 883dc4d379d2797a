/* proc-charts.c: the statistics' charts, drawn with cairo and Pango
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-charts"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <adwaita.h>

#include "proc-charts.h"

#define ROW_HEIGHT 28
#define BAR_HEIGHT 16
#define BAR_RADIUS 4
#define LABEL_GAP 12
#define VALUE_GAP 8
#define LEGEND_SWATCH 10
#define LEGEND_GAP 20

/* GNOME's palette, the shade that reads on each background. */
void
proc_chart_colours_init (ProcChartColours *colours,
                         GtkWidget        *widget)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  gtk_widget_get_color (widget, &colours->foreground);

  gdk_rgba_parse (&colours->kept, dark ? "#33d17a" : "#2ec27e");
  gdk_rgba_parse (&colours->maybe, dark ? "#f6d32d" : "#e5a50a");
  gdk_rgba_parse (&colours->accent, dark ? "#62a0ea" : "#3584e4");
  colours->skipped = colours->foreground;
  colours->skipped.alpha *= 0.3f;
  colours->neutral = colours->foreground;
  colours->neutral.alpha *= 0.35f;
  /* Pale over white; over a dark card, pale turns muddy. */
  colours->fill_alpha = dark ? 0.8 : 0.55;
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *colour,
            double         alpha)
{
  cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha * alpha);
}

/* Text in the widget's font, so that Chinese finds its font too. */
static PangoLayout *
new_layout (GtkWidget  *widget,
            const char *text,
            double      scale,
            gboolean    bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();

  if (scale != 1.0)
    pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  /* Digits of one width, so numbers line up. */
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);

  return layout;
}

static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   width,
                   double   height,
                   double   radius)
{
  radius = MIN (radius, MIN (width, height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/**
 * proc_chart_draw_empty:
 *
 * What a chart says when it has nothing to show: a title and a line of
 * explanation, centred, in the dimmed colour of GNOME's empty states.
 */
void
proc_chart_draw_empty (GtkWidget  *widget,
                       cairo_t    *cr,
                       int         width,
                       int         height,
                       const char *title,
                       const char *description)
{
  g_autoptr(PangoLayout) title_layout = new_layout (widget, title, 1.0, TRUE);
  g_autoptr(PangoLayout) description_layout = new_layout (widget, description, 1.0, FALSE);
  ProcChartColours colours;
  int text_width = MAX (1, width * 4 / 5);
  int title_height, description_height;
  double y;

  proc_chart_colours_init (&colours, widget);

  /* Both centred in the same column, which they wrap in. */
  pango_layout_set_alignment (title_layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (title_layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (title_layout, text_width * PANGO_SCALE);
  pango_layout_set_alignment (description_layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (description_layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (description_layout, text_width * PANGO_SCALE);

  pango_layout_get_pixel_size (title_layout, NULL, &title_height);
  pango_layout_get_pixel_size (description_layout, NULL, &description_height);

  y = MAX (0, (height - title_height - 6 - description_height) / 2.0);
  set_source (cr, &colours.foreground, 0.7);
  show_layout (cr, title_layout, (width - text_width) / 2.0, y);
  set_source (cr, &colours.foreground, 0.55);
  show_layout (cr, description_layout, (width - text_width) / 2.0, y + title_height + 6);
}

int
proc_chart_get_bars_height (guint n_bars)
{
  return n_bars * ROW_HEIGHT;
}

/**
 * proc_chart_draw_bars:
 * @bar_colour: the colour of bars that have none of their own
 *
 * Horizontal bars, one per row: the label (ellipsized past two fifths of
 * the width), the bar from a common start, its value at its end.
 */
void
proc_chart_draw_bars (GtkWidget          *widget,
                      cairo_t            *cr,
                      int                 width,
                      int                 height,
                      const ProcChartBar *bars,
                      guint               n_bars,
                      const GdkRGBA      *bar_colour)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_object_unref);
  ProcChartColours colours;
  guint max_value = 1;
  int label_width = 0;
  int value_width = 0;
  double bar_x, bar_space;

  proc_chart_colours_init (&colours, widget);

  for (guint i = 0; i < n_bars; i++)
    {
      g_autofree char *value = g_strdup_printf ("%'u", bars[i].value);
      PangoLayout *label_layout = new_layout (widget, bars[i].label, 1.0, FALSE);
      PangoLayout *value_layout = new_layout (widget, value, 0.9, FALSE);
      int w, h;

      pango_layout_get_pixel_size (label_layout, &w, &h);
      label_width = MAX (label_width, w);
      pango_layout_get_pixel_size (value_layout, &w, &h);
      value_width = MAX (value_width, w);
      max_value = MAX (max_value, bars[i].value);
      g_ptr_array_add (labels, label_layout);
      g_ptr_array_add (values, value_layout);
    }

  label_width = MIN (label_width, width * 2 / 5);
  bar_x = label_width + LABEL_GAP;
  bar_space = MAX (1, width - bar_x - VALUE_GAP - value_width);

  for (guint i = 0; i < n_bars; i++)
    {
      PangoLayout *label_layout = g_ptr_array_index (labels, i);
      PangoLayout *value_layout = g_ptr_array_index (values, i);
      double row_y = i * ROW_HEIGHT;
      double length = MAX (2, bar_space * bars[i].value / max_value);
      GdkRGBA colour = *bar_colour;
      int w, h;

      if (bars[i].colour != NULL && *bars[i].colour != '\0' && !gdk_rgba_parse (&colour, bars[i].colour))
        colour = colours.neutral;

      pango_layout_set_ellipsize (label_layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_width (label_layout, MAX (1, label_width) * PANGO_SCALE);
      pango_layout_get_pixel_size (label_layout, &w, &h);
      set_source (cr, &colours.foreground, 1.0);
      show_layout (cr, label_layout, 0, row_y + (ROW_HEIGHT - h) / 2.0);

      set_source (cr, &colour, 1.0);
      rounded_rectangle (cr, bar_x, row_y + (ROW_HEIGHT - BAR_HEIGHT) / 2.0, length, BAR_HEIGHT, BAR_RADIUS);
      cairo_fill (cr);

      pango_layout_get_pixel_size (value_layout, &w, &h);
      set_source (cr, &colours.foreground, 0.7);
      show_layout (cr, value_layout, bar_x + length + VALUE_GAP, row_y + (ROW_HEIGHT - h) / 2.0);
    }
}

/* 1, 2 or 5 times a power of ten, so that @max takes about @n_ticks. */
static guint
nice_step (guint max,
           guint n_ticks)
{
  double raw = MAX (1.0, (double) max / n_ticks);
  double magnitude = pow (10, floor (log10 (raw)));
  double fraction = raw / magnitude;
  double nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;

  return MAX (1, (guint) (nice * magnitude));
}

/* Days between labels: a day, two, a week, two weeks, or whole months. */
static guint
nice_day_step (double min_days)
{
  static const guint steps[] = { 1, 2, 7, 14, 30, 61, 91, 182, 365 };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (min_days <= steps[i])
      return steps[i];

  return 365 * (guint) ceil (min_days / 365);
}

static char *
format_axis_date (guint32 julian)
{
  g_autoptr(GDateTime) time = NULL;
  GDate date;

  g_date_clear (&date, 1);
  g_date_set_julian (&date, julian);
  time = g_date_time_new_local (g_date_get_year (&date), g_date_get_month (&date), g_date_get_day (&date),
                                12, 0, 0);

  /* Translators: a day on the axis of the triage chart, in g_date_time_format() notation (“Jun 3”) */
  return g_date_time_format (time, _("%b %-d"));
}

typedef struct
{
  PangoLayout *name;
  PangoLayout *count;
  const GdkRGBA *colour;
  gboolean dashed;
  int width;
} LegendItem;

static void
legend_item_clear (LegendItem *item)
{
  g_clear_object (&item->name);
  g_clear_object (&item->count);
}

static void
legend_item_init (LegendItem    *item,
                  GtkWidget     *widget,
                  const char    *name,
                  guint          count,
                  const GdkRGBA *colour,
                  gboolean       dashed)
{
  g_autofree char *text = g_strdup_printf ("%'u", count);
  int name_width, count_width;

  item->name = new_layout (widget, name, 1.0, FALSE);
  item->count = new_layout (widget, text, 1.0, FALSE);
  item->colour = colour;
  item->dashed = dashed;
  pango_layout_get_pixel_size (item->name, &name_width, NULL);
  pango_layout_get_pixel_size (item->count, &count_width, NULL);
  item->width = (dashed ? 2 * LEGEND_SWATCH : LEGEND_SWATCH) + 6 + name_width + 6 + count_width;
}

/* The legend, wrapped to @width; returns its height. */
static int
draw_legend (cairo_t                *cr,
             const ProcChartColours *colours,
             LegendItem             *items,
             guint                   n_items,
             int                     width)
{
  int line_height = 0;
  double x = 0, y = 0;

  for (guint i = 0; i < n_items; i++)
    {
      int h;

      pango_layout_get_pixel_size (items[i].name, NULL, &h);
      line_height = MAX (line_height, h);
    }

  for (guint i = 0; i < n_items; i++)
    {
      LegendItem *item = &items[i];
      int swatch_width = item->dashed ? 2 * LEGEND_SWATCH : LEGEND_SWATCH;
      int name_width;

      if (x > 0 && x + item->width > width)
        {
          x = 0;
          y += line_height + 4;
        }

      if (item->dashed)
        {
          static const double dash[] = { 4, 3 };

          cairo_save (cr);
          set_source (cr, item->colour, 1.0);
          cairo_set_line_width (cr, 1.5);
          cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
          cairo_move_to (cr, x, y + line_height / 2.0);
          cairo_line_to (cr, x + swatch_width, y + line_height / 2.0);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      else
        {
          set_source (cr, item->colour, 1.0);
          rounded_rectangle (cr, x, y + (line_height - LEGEND_SWATCH) / 2.0, LEGEND_SWATCH, LEGEND_SWATCH, 3);
          cairo_fill (cr);
        }

      pango_layout_get_pixel_size (item->name, &name_width, NULL);
      set_source (cr, &colours->foreground, 1.0);
      show_layout (cr, item->name, x + swatch_width + 6, y);
      set_source (cr, &colours->foreground, 0.6);
      show_layout (cr, item->count, x + swatch_width + 6 + name_width + 6, y);

      x += item->width + LEGEND_GAP;
    }

  return (int) y + line_height;
}

/* One band of the stack: between @lower and @lower + @values. */
static void
draw_band (cairo_t       *cr,
           double         fill_alpha,
           const guint   *lower,
           const guint   *values,
           guint          n,
           double         x0,
           double         x_scale,
           double         y1,
           double         y_scale,
           const GdkRGBA *colour)
{
  cairo_move_to (cr, x0, y1 - (lower[0] + values[0]) * y_scale);
  for (guint i = 1; i < n; i++)
    cairo_line_to (cr, x0 + i * x_scale, y1 - (lower[i] + values[i]) * y_scale);

  cairo_save (cr);
  for (guint i = n; i-- > 0;)
    cairo_line_to (cr, x0 + i * x_scale, y1 - lower[i] * y_scale);
  cairo_close_path (cr);
  set_source (cr, colour, fill_alpha);
  cairo_fill (cr);
  cairo_restore (cr);

  /* The upper edge again, solid, over the band. */
  cairo_move_to (cr, x0, y1 - (lower[0] + values[0]) * y_scale);
  for (guint i = 1; i < n; i++)
    cairo_line_to (cr, x0 + i * x_scale, y1 - (lower[i] + values[i]) * y_scale);
  set_source (cr, colour, 1.0);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

/**
 * proc_chart_draw_progress:
 * @progress: with at least one day of decisions
 * @today: the local date, where the time axis ends at the latest
 *
 * The papers triaged so far, day by day: kept, maybe and skipped stacked
 * from the day before the first decision, when none was made, to today.
 * When they are a quarter of the library or more, the axis runs to the
 * number of papers, drawn dashed, so the chart shows how far along the
 * triage is; below that the bands would be slivers, and the axis runs to
 * the decisions instead.
 */
void
proc_chart_draw_progress (GtkWidget                *widget,
                          cairo_t                  *cr,
                          int                       width,
                          int                       height,
                          const ProcTriageProgress *progress,
                          const GDate              *today)
{
  ProcChartColours colours;
  LegendItem legend[4] = { { 0 } };
  guint n_legend = 3;
  const ProcTriageDay *days = (const ProcTriageDay *) (gpointer) progress->days->data;
  guint n_days = progress->days->len;
  guint32 first, last;
  guint span;
  g_autofree guint *zero = NULL;
  g_autofree guint *kept = NULL;
  g_autofree guint *maybe = NULL;
  g_autofree guint *lower = NULL;
  g_autofree guint *skipped = NULL;
  guint top, y_max, step;
  gboolean show_total;
  int legend_height, gutter = 0, label_height = 0, date_width, date_height;
  double x0, x1, y0, y1, x_scale, y_scale;
  g_autofree char *sample = NULL;
  g_autoptr(PangoLayout) sample_layout = NULL;
  guint day_step;

  g_return_if_fail (n_days > 0);

  proc_chart_colours_init (&colours, widget);

  /* The running totals on each day of the axis, from the zero before. */
  first = g_date_get_julian (&days[0].date) - 1;
  last = MAX (g_date_get_julian (&days[n_days - 1].date), g_date_get_julian (today));
  span = last - first;
  zero = g_new0 (guint, span + 1);
  kept = g_new0 (guint, span + 1);
  maybe = g_new0 (guint, span + 1);
  skipped = g_new0 (guint, span + 1);
  lower = g_new0 (guint, span + 1);
  for (guint i = 0, d = 0; i <= span; i++)
    {
      while (d < n_days && g_date_get_julian (&days[d].date) <= first + i)
        d++;
      if (d > 0)
        {
          kept[i] = days[d - 1].total_kept;
          maybe[i] = days[d - 1].total_maybe;
          skipped[i] = days[d - 1].total_skipped;
        }
    }
  top = kept[span] + maybe[span] + skipped[span];

  show_total = progress->n_papers > 0 && (guint64) top * 4 >= progress->n_papers;
  if (show_total)
    {
      y_max = MAX (progress->n_papers, top);
      step = nice_step (y_max, 4);
    }
  else
    {
      step = nice_step (MAX (top, 1), 4);
      y_max = MAX (step, (top + step - 1) / step * step);
    }

  /* Translators: the triage chart's legend */
  legend_item_init (&legend[0], widget, C_("papers", "Kept"), progress->n_kept, &colours.kept, FALSE);
  legend_item_init (&legend[1], widget, C_("papers", "Maybe"), progress->n_maybe, &colours.maybe, FALSE);
  legend_item_init (&legend[2], widget, C_("papers", "Skipped"), progress->n_skipped, &colours.skipped, FALSE);
  if (show_total)
    legend_item_init (&legend[n_legend++], widget, _("All papers"), progress->n_papers, &colours.foreground, TRUE);
  legend_height = draw_legend (cr, &colours, legend, n_legend, width);
  for (guint i = 0; i < n_legend; i++)
    legend_item_clear (&legend[i]);

  /* The gutter fits the widest number of the axis. */
  for (guint value = 0; value <= y_max; value += step)
    {
      g_autofree char *text = g_strdup_printf ("%'u", value);
      g_autoptr(PangoLayout) layout = new_layout (widget, text, 0.85, FALSE);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      gutter = MAX (gutter, w);
      label_height = MAX (label_height, h);
    }
  if (show_total)
    {
      g_autofree char *text = g_strdup_printf ("%'u", progress->n_papers);
      g_autoptr(PangoLayout) layout = new_layout (widget, text, 0.85, TRUE);
      int w;

      pango_layout_get_pixel_size (layout, &w, NULL);
      gutter = MAX (gutter, w);
    }
  gutter += 10;

  sample = format_axis_date (last);
  sample_layout = new_layout (widget, sample, 0.85, FALSE);
  pango_layout_get_pixel_size (sample_layout, &date_width, &date_height);

  x0 = gutter;
  x1 = width - MAX (8, date_width / 2.0);
  y0 = legend_height + 16 + label_height / 2.0;
  y1 = height - date_height - 8;
  if (x1 - x0 < 10 || y1 - y0 < 10)
    return;
  x_scale = (x1 - x0) / span;
  y_scale = (y1 - y0) / y_max;

  /* Grid lines with their numbers; the total, when shown, is the top. */
  cairo_set_line_width (cr, 1);
  for (guint value = 0; value <= y_max; value += step)
    {
      double y = round (y1 - value * y_scale) + 0.5;
      g_autofree char *text = NULL;
      g_autoptr(PangoLayout) layout = NULL;
      int w, h;

      if (show_total && value != 0 && (value == y_max || (y_max - value) * y_scale < label_height + 2))
        continue;

      set_source (cr, &colours.foreground, value == 0 ? 0.35 : 0.1);
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1, y);
      cairo_stroke (cr);

      text = g_strdup_printf ("%'u", value);
      layout = new_layout (widget, text, 0.85, FALSE);
      pango_layout_get_pixel_size (layout, &w, &h);
      set_source (cr, &colours.foreground, 0.6);
      show_layout (cr, layout, gutter - 10 - w, y - h / 2.0);
    }

  /* Running totals never fall: a band empty at the end is empty all along. */
  if (kept[span] > 0)
    draw_band (cr, colours.fill_alpha, zero, kept, span + 1, x0, x_scale, y1, y_scale, &colours.kept);
  for (guint i = 0; i <= span; i++)
    lower[i] = kept[i];
  if (maybe[span] > 0)
    draw_band (cr, colours.fill_alpha, lower, maybe, span + 1, x0, x_scale, y1, y_scale, &colours.maybe);
  for (guint i = 0; i <= span; i++)
    lower[i] += maybe[i];
  if (skipped[span] > 0)
    draw_band (cr, colours.fill_alpha, lower, skipped, span + 1, x0, x_scale, y1, y_scale, &colours.skipped);

  if (show_total)
    {
      static const double dash[] = { 4, 3 };
      double y = round (y1 - progress->n_papers * y_scale) + 0.5;
      g_autofree char *text = g_strdup_printf ("%'u", progress->n_papers);
      g_autoptr(PangoLayout) layout = new_layout (widget, text, 0.85, TRUE);
      int w, h;

      cairo_save (cr);
      set_source (cr, &colours.foreground, 0.6);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1, y);
      cairo_stroke (cr);
      cairo_restore (cr);

      pango_layout_get_pixel_size (layout, &w, &h);
      set_source (cr, &colours.foreground, 0.8);
      show_layout (cr, layout, gutter - 10 - w, y - h / 2.0);
    }

  /* Dates under the axis, from today back, far enough apart to read. */
  day_step = nice_day_step ((date_width + 24) / x_scale);
  for (guint i = span + 1; i-- > 0;)
    {
      g_autofree char *text = NULL;
      g_autoptr(PangoLayout) layout = NULL;
      double x = x0 + i * x_scale;
      int w, h;

      if ((span - i) % day_step != 0)
        continue;

      text = format_axis_date (first + i);
      layout = new_layout (widget, text, 0.85, FALSE);
      pango_layout_get_pixel_size (layout, &w, &h);
      /* The first label would reach out of the chart; the axis's numbers are above it. */
      if (x - w / 2.0 < 0)
        continue;

      set_source (cr, &colours.foreground, 0.35);
      cairo_move_to (cr, round (x) + 0.5, y1);
      cairo_line_to (cr, round (x) + 0.5, y1 + 4);
      cairo_stroke (cr);

      set_source (cr, &colours.foreground, 0.6);
      show_layout (cr, layout, x - w / 2.0, y1 + 6);
    }
}
