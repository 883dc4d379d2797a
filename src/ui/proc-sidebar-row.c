/* proc-sidebar-row.c: one entry of the sidebar, with its live count
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-sidebar-row.h"
#include "proc-utils.h"

struct _ProcSidebarRow
{
  GtkListBoxRow parent_instance;

  ProcCollection *collection;
  char *query;
  guint count;

  GtkWidget *dot;               /* a tag's colour, drawn */
  GtkLabel *label;
  GtkLabel *count_label;
};

G_DEFINE_FINAL_TYPE (ProcSidebarRow, proc_sidebar_row, GTK_TYPE_LIST_BOX_ROW)

static void
update_count_label (ProcSidebarRow *self)
{
  g_autofree char *text = g_strdup_printf ("%'u", self->count);

  gtk_label_set_label (self->count_label, text);
}

static void
update_from_collection (ProcSidebarRow *self)
{
  gtk_label_set_label (self->label, proc_collection_get_name (self->collection));
  g_free (self->query);
  self->query = proc_collection_dup_query (self->collection);
  /* A watchlist's row says what it watches for. */
  if (proc_collection_get_kind (self->collection) == PROC_COLLECTION_KIND_WATCHLIST)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->query);
  proc_sidebar_row_set_count (self, proc_collection_get_count (self->collection));

  if (self->dot != NULL)
    gtk_widget_queue_draw (self->dot);
}

static void
proc_sidebar_row_dispose (GObject *object)
{
  ProcSidebarRow *self = (ProcSidebarRow *)object;
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  /* A context menu still open when the row goes (its tag was deleted). */
  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (GTK_IS_POPOVER (child))
        gtk_widget_unparent (child);
      child = next;
    }

  if (self->collection != NULL)
    g_signal_handlers_disconnect_by_data (self->collection, self);
  g_clear_object (&self->collection);

  G_OBJECT_CLASS (proc_sidebar_row_parent_class)->dispose (object);
}

static void
proc_sidebar_row_finalize (GObject *object)
{
  ProcSidebarRow *self = (ProcSidebarRow *)object;

  g_clear_pointer (&self->query, g_free);

  G_OBJECT_CLASS (proc_sidebar_row_parent_class)->finalize (object);
}

static void
proc_sidebar_row_class_init (ProcSidebarRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = proc_sidebar_row_dispose;
  object_class->finalize = proc_sidebar_row_finalize;
}

static void
proc_sidebar_row_init (ProcSidebarRow *self)
{
}

static void
build (ProcSidebarRow *self,
       GtkWidget      *lead)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_box_append (GTK_BOX (box), lead);

  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->label, 0);
  gtk_label_set_ellipsize (self->label, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->label), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->label));

  self->count_label = GTK_LABEL (gtk_label_new ("0"));
  gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "numeric");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->count_label));

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), box);
}

GtkWidget *
proc_sidebar_row_new_fixed (const char *icon_name,
                            const char *label,
                            const char *query)
{
  ProcSidebarRow *self = g_object_new (PROC_TYPE_SIDEBAR_ROW, NULL);

  build (self, gtk_image_new_from_icon_name (icon_name));
  gtk_label_set_label (self->label, label);
  self->query = g_strdup (query);
  update_count_label (self);

  return GTK_WIDGET (self);
}

/* The tag's colour; a tag without one, or with one that is not a colour,
 * gets a faint dot in the text's colour, which follows light and dark. */
static void
draw_dot (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        data)
{
  ProcSidebarRow *self = data;
  const char *colour = self->collection ? proc_collection_get_colour (self->collection) : NULL;
  GdkRGBA rgba;

  if (colour == NULL || *colour == '\0' || !gdk_rgba_parse (&rgba, colour))
    {
      gtk_widget_get_color (GTK_WIDGET (area), &rgba);
      rgba.alpha *= 0.35f;
    }
  proc_paint_dot (cr, width, height, &rgba);
}

/* Tags get a colour dot; lists and reading lists an icon. */
GtkWidget *
proc_sidebar_row_new_collection (ProcCollection *collection)
{
  ProcSidebarRow *self = g_object_new (PROC_TYPE_SIDEBAR_ROW, NULL);
  GtkWidget *lead;

  if (proc_collection_get_kind (collection) == PROC_COLLECTION_KIND_TAG)
    {
      lead = self->dot = g_object_new (GTK_TYPE_DRAWING_AREA,
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                       "content-width", 10,
                                       "content-height", 10,
                                       "valign", GTK_ALIGN_CENTER,
                                       NULL);
      gtk_widget_add_css_class (lead, "tag-dot");
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (lead), draw_dot, self, NULL);
    }
  else if (proc_collection_get_kind (collection) == PROC_COLLECTION_KIND_LIST)
    lead = gtk_image_new_from_icon_name ("view-list-symbolic");
  else if (proc_collection_get_kind (collection) == PROC_COLLECTION_KIND_WATCHLIST)
    lead = gtk_image_new_from_icon_name ("view-reveal-symbolic");
  else
    lead = gtk_image_new_from_icon_name ("user-bookmarks-symbolic");

  build (self, lead);
  self->collection = g_object_ref (collection);
  g_signal_connect_swapped (collection, "notify", G_CALLBACK (update_from_collection), self);
  update_from_collection (self);

  return GTK_WIDGET (self);
}

const char *
proc_sidebar_row_get_query (ProcSidebarRow *self)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR_ROW (self), NULL);

  return self->query;
}

const char *
proc_sidebar_row_get_label (ProcSidebarRow *self)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR_ROW (self), NULL);

  return gtk_label_get_label (self->label);
}

ProcCollection *
proc_sidebar_row_get_collection (ProcSidebarRow *self)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR_ROW (self), NULL);

  return self->collection;
}

void
proc_sidebar_row_set_count (ProcSidebarRow *self,
                            guint           count)
{
  g_return_if_fail (PROC_IS_SIDEBAR_ROW (self));

  if (self->count == count)
    return;

  self->count = count;
  update_count_label (self);
}

guint
proc_sidebar_row_get_count (ProcSidebarRow *self)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR_ROW (self), 0);

  return self->count;
}
