/* proc-wrap-layout.c: children in a row, wrapped onto more rows like words
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-wrap-layout"

#include "config.h"

#include "proc-wrap-layout.h"

/* GtkFlowBox lines its children up in columns, so pills of different
 * widths leave gaps between them; libadwaita's wrap box is newer than
 * Debian 12.  This places each child at its natural width after the one
 * before, and starts a new row when the next would not fit. */
struct _ProcWrapLayout
{
  GtkLayoutManager parent_instance;

  int column_spacing;
  int row_spacing;
};

G_DEFINE_FINAL_TYPE (ProcWrapLayout, proc_wrap_layout, GTK_TYPE_LAYOUT_MANAGER)

static int
child_width (GtkWidget *child,
             int        width)
{
  int minimum, natural;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);

  return width < 0 ? natural : CLAMP (natural, MIN (minimum, width), width);
}

static int
child_height (GtkWidget *child,
              int        width)
{
  int natural;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);

  return natural;
}

/* Allocates the children of one row, each as high as the row, so that
 * a label among buttons is centred on them. */
static void
allocate_row (GPtrArray *row,
              GArray    *xs,
              GArray    *widths,
              int        y,
              int        height,
              int        width,
              gboolean   rtl)
{
  for (guint i = 0; i < row->len; i++)
    {
      int x = g_array_index (xs, int, i);
      int w = g_array_index (widths, int, i);

      gtk_widget_size_allocate (g_ptr_array_index (row, i),
                                &(GtkAllocation) { rtl ? width - x - w : x, y, w, height },
                                -1);
    }
}

/* Places the children in rows of @width (all in one row when -1);
 * allocates them when @allocate.  Returns the height they take. */
static int
lay_out (ProcWrapLayout *self,
         GtkWidget      *widget,
         int             width,
         gboolean        allocate)
{
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  g_autoptr(GPtrArray) row = g_ptr_array_new ();
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) widths = g_array_new (FALSE, FALSE, sizeof (int));
  int x = 0, y = 0, row_height = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int w, h;

      if (!gtk_widget_should_layout (child))
        continue;

      w = child_width (child, width);
      if (row->len > 0 && width >= 0 && x + w > width)
        {
          if (allocate)
            allocate_row (row, xs, widths, y, row_height, width, rtl);
          g_ptr_array_set_size (row, 0);
          g_array_set_size (xs, 0);
          g_array_set_size (widths, 0);
          y += row_height + self->row_spacing;
          x = row_height = 0;
        }
      h = child_height (child, w);

      g_ptr_array_add (row, child);
      g_array_append_val (xs, x);
      g_array_append_val (widths, w);
      x += w + self->column_spacing;
      row_height = MAX (row_height, h);
    }

  if (row->len == 0)
    return 0;
  if (allocate)
    allocate_row (row, xs, widths, y, row_height, width, rtl);

  return y + row_height;
}

static GtkSizeRequestMode
proc_wrap_layout_get_request_mode (GtkLayoutManager *manager,
                                   GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
proc_wrap_layout_measure (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          GtkOrientation    orientation,
                          int               for_size,
                          int              *minimum,
                          int              *natural,
                          int              *minimum_baseline,
                          int              *natural_baseline)
{
  ProcWrapLayout *self = PROC_WRAP_LAYOUT (manager);

  *minimum = *natural = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At least the widest child; at best all of them in one row. */
      gboolean first = TRUE;

      for (GtkWidget *child = gtk_widget_get_first_child (widget);
           child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_minimum, child_natural;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &child_minimum, &child_natural, NULL, NULL);
          *minimum = MAX (*minimum, child_minimum);
          *natural += child_natural + (first ? 0 : self->column_spacing);
          first = FALSE;
        }
    }
  else
    {
      *minimum = *natural = lay_out (self, widget, for_size, FALSE);
    }
}

static void
proc_wrap_layout_allocate (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           int               width,
                           int               height,
                           int               baseline)
{
  lay_out (PROC_WRAP_LAYOUT (manager), widget, width, TRUE);
}

static void
proc_wrap_layout_class_init (ProcWrapLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = proc_wrap_layout_get_request_mode;
  layout_class->measure = proc_wrap_layout_measure;
  layout_class->allocate = proc_wrap_layout_allocate;
}

static void
proc_wrap_layout_init (ProcWrapLayout *self)
{
  self->column_spacing = 6;
  self->row_spacing = 6;
}

GtkLayoutManager *
proc_wrap_layout_new (int column_spacing,
                      int row_spacing)
{
  ProcWrapLayout *self = g_object_new (PROC_TYPE_WRAP_LAYOUT, NULL);

  self->column_spacing = column_spacing;
  self->row_spacing = row_spacing;

  return GTK_LAYOUT_MANAGER (self);
}
