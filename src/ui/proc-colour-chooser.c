/* proc-colour-chooser.c: a tag's colour, chosen among the palette's swatches
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-colour-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-colour-chooser.h"
#include "proc-utils.h"

/* GNOME's palette, the colours a tag can have; "" is none. */
static const ProcTagColour tag_colours[] = {
  { N_("Blue"), "#3584e4" },
  { N_("Green"), "#33d17a" },
  { N_("Yellow"), "#f6d32d" },
  { N_("Orange"), "#ff7800" },
  { N_("Red"), "#e01b24" },
  { N_("Purple"), "#9141ac" },
  { N_("Brown"), "#986a44" },
};

struct _ProcColourChooser
{
  GtkWidget parent_instance;

  char *colour;
  GPtrArray *buttons;   /* the "none" button first, then one per colour */
};

G_DEFINE_FINAL_TYPE (ProcColourChooser, proc_colour_chooser, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_COLOUR,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

const ProcTagColour *
proc_tag_colours_get (guint *n_colours)
{
  *n_colours = G_N_ELEMENTS (tag_colours);
  return tag_colours;
}

static const char *
button_colour (guint i)
{
  return i == 0 ? "" : tag_colours[i - 1].colour;
}

static void
button_toggled_cb (GtkToggleButton   *button,
                   ProcColourChooser *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;

  for (guint i = 0; i < self->buttons->len; i++)
    if (g_ptr_array_index (self->buttons, i) == button)
      proc_colour_chooser_set_colour (self, button_colour (i));
}

static void
proc_colour_chooser_dispose (GObject *object)
{
  ProcColourChooser *self = PROC_COLOUR_CHOOSER (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);
  g_clear_pointer (&self->colour, g_free);

  G_OBJECT_CLASS (proc_colour_chooser_parent_class)->dispose (object);
}

static void
proc_colour_chooser_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ProcColourChooser *self = PROC_COLOUR_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_COLOUR:
      g_value_set_string (value, self->colour);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_colour_chooser_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ProcColourChooser *self = PROC_COLOUR_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_COLOUR:
      proc_colour_chooser_set_colour (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_colour_chooser_class_init (ProcColourChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_colour_chooser_dispose;
  object_class->get_property = proc_colour_chooser_get_property;
  object_class->set_property = proc_colour_chooser_set_property;

  properties [PROP_COLOUR] =
    g_param_spec_string ("colour", NULL, NULL, "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "colourchooser");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
proc_colour_chooser_init (ProcColourChooser *self)
{
  guint n = G_N_ELEMENTS (tag_colours) + 1;

  self->colour = g_strdup ("");
  self->buttons = g_ptr_array_new ();
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      /* Translators: a tag colour's name, as a swatch's tooltip */
      const char *name = i == 0 ? C_("tag colour", "None") : _(tag_colours[i - 1].label);

      if (i == 0)
        gtk_button_set_icon_name (GTK_BUTTON (button), "action-unavailable-symbolic");
      else
        {
          GtkWidget *dot = proc_colour_dot_new (tag_colours[i - 1].colour);

          /* A swatch, larger than the dot beside a tag's name. */
          gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (dot), 16);
          gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (dot), 16);
          gtk_button_set_child (GTK_BUTTON (button), dot);
        }
      gtk_widget_set_tooltip_text (button, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_widget_add_css_class (button, "circular");
      gtk_widget_add_css_class (button, "colour-swatch");
      if (i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), g_ptr_array_index (self->buttons, 0));
      else
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
      g_signal_connect (button, "toggled", G_CALLBACK (button_toggled_cb), self);
      gtk_widget_set_parent (button, GTK_WIDGET (self));
      g_ptr_array_add (self->buttons, button);
    }
}

GtkWidget *
proc_colour_chooser_new (void)
{
  return g_object_new (PROC_TYPE_COLOUR_CHOOSER, NULL);
}

/* The colour chosen, as CSS writes it; "" for none. */
const char *
proc_colour_chooser_get_colour (ProcColourChooser *self)
{
  g_return_val_if_fail (PROC_IS_COLOUR_CHOOSER (self), "");

  return self->colour;
}

void
proc_colour_chooser_set_colour (ProcColourChooser *self,
                                const char        *colour)
{
  g_return_if_fail (PROC_IS_COLOUR_CHOOSER (self));

  if (colour == NULL)
    colour = "";
  if (g_strcmp0 (self->colour, colour) == 0)
    return;

  g_free (self->colour);
  self->colour = g_strdup (colour);
  for (guint i = 0; i < self->buttons->len; i++)
    if (g_ascii_strcasecmp (button_colour (i), colour) == 0)
      gtk_toggle_button_set_active (g_ptr_array_index (self->buttons, i), TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_COLOUR]);
}
