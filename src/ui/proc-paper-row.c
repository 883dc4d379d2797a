/* proc-paper-row.c: one paper in the list
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "proc-paper-row.h"
#include "proc-tex.h"

/* Rows are recycled by the list view: set_paper() rebinds one to another
 * paper, and property bindings repaint it when the store changes that
 * paper, without the list reloading. */
struct _ProcPaperRow
{
  GtkWidget parent_instance;

  ProcPaper *paper;
  GBinding *title_binding;
  gulong abstract_handler;

  GtkLabel *title_label;
  GtkLabel *preview_label;
  GtkImage *code_icon;
};

G_DEFINE_FINAL_TYPE (ProcPaperRow, proc_paper_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PAPER,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
update_preview (ProcPaperRow *self)
{
  g_autofree char *plain = NULL;

  if (self->paper == NULL)
    {
      gtk_label_set_label (self->preview_label, "");
      return;
    }

  plain = proc_tex_to_plain (proc_paper_get_abstract (self->paper));
  gtk_label_set_label (self->preview_label, plain);
  gtk_widget_set_visible (GTK_WIDGET (self->code_icon), proc_paper_get_code_url (self->paper) != NULL);
}

static void
proc_paper_row_dispose (GObject *object)
{
  ProcPaperRow *self = (ProcPaperRow *)object;
  GtkWidget *child;

  proc_paper_row_set_paper (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_PAPER_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (proc_paper_row_parent_class)->dispose (object);
}

static void
proc_paper_row_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ProcPaperRow *self = PROC_PAPER_ROW (object);

  switch (prop_id)
    {
    case PROP_PAPER:
      g_value_set_object (value, self->paper);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_paper_row_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ProcPaperRow *self = PROC_PAPER_ROW (object);

  switch (prop_id)
    {
    case PROP_PAPER:
      proc_paper_row_set_paper (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_paper_row_class_init (ProcPaperRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_paper_row_dispose;
  object_class->get_property = proc_paper_row_get_property;
  object_class->set_property = proc_paper_row_set_property;

  properties [PROP_PAPER] =
    g_param_spec_object ("paper", NULL, NULL,
                         PROC_TYPE_PAPER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-paper-row.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, preview_label);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, code_icon);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "paperrow");
}

static void
proc_paper_row_init (ProcPaperRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
proc_paper_row_new (void)
{
  return g_object_new (PROC_TYPE_PAPER_ROW, NULL);
}

ProcPaper *
proc_paper_row_get_paper (ProcPaperRow *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_ROW (self), NULL);

  return self->paper;
}

void
proc_paper_row_set_paper (ProcPaperRow *self,
                          ProcPaper    *paper)
{
  g_return_if_fail (PROC_IS_PAPER_ROW (self));
  g_return_if_fail (!paper || PROC_IS_PAPER (paper));

  if (self->paper == paper)
    return;

  g_clear_pointer (&self->title_binding, g_binding_unbind);
  if (self->paper != NULL)
    g_clear_signal_handler (&self->abstract_handler, self->paper);
  g_set_object (&self->paper, paper);

  if (paper != NULL)
    {
      self->title_binding = g_object_bind_property (paper, "title", self->title_label, "label",
                                                    G_BINDING_SYNC_CREATE);
      self->abstract_handler = g_signal_connect_swapped (paper, "notify::abstract",
                                                         G_CALLBACK (update_preview), self);
    }

  update_preview (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PAPER]);
}
