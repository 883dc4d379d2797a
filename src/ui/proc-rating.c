/* proc-rating.c: a rating from none to five stars
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-rating"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-rating.h"

/* Five flat buttons: clicking the third rates three, clicking the star of
 * the current rating clears it.  Each star is a button, so Tab, the arrow
 * keys and Space reach and press them; the digits 0–5 set the rating
 * while any star has the focus. */
struct _ProcRating
{
  GtkWidget parent_instance;

  GtkWidget *stars [PROC_RATING_MAX];
  int value;
};

G_DEFINE_FINAL_TYPE (ProcRating, proc_rating, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
update_stars (ProcRating *self)
{
  g_autofree char *description = NULL;

  for (int i = 0; i < PROC_RATING_MAX; i++)
    {
      GtkWidget *star = self->stars[i];
      int n = i + 1;
      g_autofree char *label = NULL;

      gtk_button_set_icon_name (GTK_BUTTON (star),
                                n <= self->value ? "starred-symbolic" : "non-starred-symbolic");
      if (n <= self->value)
        gtk_widget_add_css_class (star, "filled");
      else
        gtk_widget_remove_css_class (star, "filled");

      if (n == self->value)
        label = g_strdup (_("Clear Rating"));
      else
        /* Translators: tooltip of the n-th star of a paper's rating */
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Rate %d Star", "Rate %d Stars", n), n);
      gtk_widget_set_tooltip_text (star, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (star),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
    }

  if (self->value == 0)
    description = g_strdup (_("Not rated"));
  else
    /* Translators: the rating as a screen reader reads it */
    description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of 5 star", "%d of 5 stars", self->value),
                                   self->value);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static void
star_clicked_cb (ProcRating *self,
                 GtkButton  *star)
{
  for (int i = 0; i < PROC_RATING_MAX; i++)
    if (self->stars[i] == GTK_WIDGET (star))
      proc_rating_set_value (self, self->value == i + 1 ? 0 : i + 1);
}

static void
set_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  proc_rating_set_value (PROC_RATING (widget), g_variant_get_int32 (parameter));
}

static void
proc_rating_dispose (GObject *object)
{
  ProcRating *self = (ProcRating *)object;

  for (int i = 0; i < PROC_RATING_MAX; i++)
    g_clear_pointer (&self->stars[i], gtk_widget_unparent);

  G_OBJECT_CLASS (proc_rating_parent_class)->dispose (object);
}

static void
proc_rating_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  ProcRating *self = PROC_RATING (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_rating_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  ProcRating *self = PROC_RATING (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      proc_rating_set_value (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_rating_class_init (ProcRatingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_rating_dispose;
  object_class->get_property = proc_rating_get_property;
  object_class->set_property = proc_rating_set_property;

  properties [PROP_VALUE] =
    g_param_spec_int ("value", NULL, NULL,
                      0, PROC_RATING_MAX, 0,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "rating.set", "i", set_action);
  for (int n = 0; n <= PROC_RATING_MAX; n++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + n, 0, "rating.set", "i", n);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0 + n, 0, "rating.set", "i", n);
    }

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "rating");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
proc_rating_init (ProcRating *self)
{
  for (int i = 0; i < PROC_RATING_MAX; i++)
    {
      self->stars[i] = gtk_button_new ();
      gtk_widget_add_css_class (self->stars[i], "flat");
      gtk_widget_add_css_class (self->stars[i], "star");
      gtk_widget_set_parent (self->stars[i], GTK_WIDGET (self));
      g_signal_connect_object (self->stars[i], "clicked", G_CALLBACK (star_clicked_cb), self,
                               G_CONNECT_SWAPPED);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rating"),
                                  -1);
  update_stars (self);
}

GtkWidget *
proc_rating_new (void)
{
  return g_object_new (PROC_TYPE_RATING, NULL);
}

int
proc_rating_get_value (ProcRating *self)
{
  g_return_val_if_fail (PROC_IS_RATING (self), 0);

  return self->value;
}

void
proc_rating_set_value (ProcRating *self,
                       int         value)
{
  g_return_if_fail (PROC_IS_RATING (self));
  g_return_if_fail (value >= 0 && value <= PROC_RATING_MAX);

  if (self->value == value)
    return;

  self->value = value;
  update_stars (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_VALUE]);
}
