/* proc-statistics-window.c: the statistics, in a window beside the main one
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-statistics-window"

#include "config.h"

#include "proc-statistics-window.h"

/* A window of its own, not an AdwDialog: a dialog is modal, over the main
 * window, and the charts are there to follow the triage as it goes on in
 * the main window beside them; the person also sizes it to the charts. */
struct _ProcStatisticsWindow
{
  AdwWindow parent_instance;

  AdwToolbarView *toolbar_view;
  ProcStatisticsView *view;
};

G_DEFINE_FINAL_TYPE (ProcStatisticsWindow, proc_statistics_window, ADW_TYPE_WINDOW)

static void
proc_statistics_window_class_init (ProcStatisticsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsWindow, toolbar_view);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
proc_statistics_window_init (ProcStatisticsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
proc_statistics_window_new (GtkWindow *parent,
                            ProcStore *store)
{
  ProcStatisticsWindow *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  /* Not one of the application's windows: the application takes its
   * active window for the main one. */
  self = g_object_new (PROC_TYPE_STATISTICS_WINDOW, "transient-for", parent, NULL);
  self->view = PROC_STATISTICS_VIEW (proc_statistics_view_new (store));
  adw_toolbar_view_set_content (self->toolbar_view, GTK_WIDGET (self->view));

  return GTK_WIDGET (self);
}

ProcStatisticsView *
proc_statistics_window_get_view (ProcStatisticsWindow *self)
{
  g_return_val_if_fail (PROC_IS_STATISTICS_WINDOW (self), NULL);

  return self->view;
}

/**
 * proc_statistics_window_present:
 *
 * Shows the statistics of @parent's library: the window already open
 * for it, or a new one.
 */
void
proc_statistics_window_present (GtkWindow *parent,
                                ProcStore *store)
{
  g_autoptr(GListModel) toplevels = NULL;
  GtkWidget *window;

  g_return_if_fail (GTK_IS_WINDOW (parent));

  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (PROC_IS_STATISTICS_WINDOW (toplevel) &&
          gtk_window_get_transient_for (toplevel) == parent)
        {
          gtk_window_present (toplevel);
          return;
        }
    }

  window = proc_statistics_window_new (parent, store);
  gtk_window_present (GTK_WINDOW (window));
}
