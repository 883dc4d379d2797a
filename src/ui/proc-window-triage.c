/* proc-window-triage.c: the window's triage mode, one paper at a time
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-window-triage"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-window-private.h"

/* The mode is a setting (win.triage-mode is its action), so a person who
 * stops halfway through a conference finds the card again next time. */
gboolean
_proc_window_get_triage_mode (ProcWindow *self)
{
  return gtk_stack_get_visible_child (self->mode_stack) == GTK_WIDGET (self->triage_view);
}

/* The card follows the list's view: its sidebar entry, search and order. */
static void
follow_view (ProcWindow *self)
{
  if (!_proc_window_get_triage_mode (self))
    return;

  proc_triage_view_set_view (self->triage_view,
                             proc_sidebar_get_title (self->sidebar),
                             proc_paper_list_get_filter (self->papers),
                             proc_paper_list_get_search (self->papers),
                             proc_paper_list_get_sort_key (self->papers),
                             proc_paper_list_get_descending (self->papers));
}

static void
apply_mode (ProcWindow *self)
{
  gboolean triage = g_settings_get_boolean (self->settings, "triage-mode");

  if (triage == _proc_window_get_triage_mode (self))
    return;

  if (triage)
    {
      /* A note being typed is saved before its pane is hidden. */
      proc_detail_view_save_note (self->detail_view);
      gtk_stack_set_visible_child (self->mode_stack, GTK_WIDGET (self->triage_view));
      follow_view (self);
      proc_triage_view_focus (self->triage_view);
    }
  else
    {
      gtk_stack_set_visible_child (self->mode_stack, GTK_WIDGET (self->browse_view));
      proc_triage_view_leave (self->triage_view);
      gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
    }

  adw_navigation_split_view_set_show_content (self->outer_view, TRUE);
  _proc_window_update_actions (self);
}

static void
decided_cb (ProcWindow     *self,
            ProcUndo       *undo,
            ProcTriageView *view)
{
  proc_window_push_undo (self, undo);
}

static void
failed_cb (ProcWindow     *self,
           const GError   *error,
           ProcTriageView *view)
{
  proc_window_report_error (self, error);
}

/**
 * _proc_window_triage_undone:
 *
 * After Undo, the card goes back to the paper whose decision was taken
 * back, to decide it again.
 */
void
_proc_window_triage_undone (ProcWindow *self,
                            ProcUndo   *undo)
{
  const gint64 *ids;
  guint n_ids;

  if (!_proc_window_get_triage_mode (self))
    return;

  ids = proc_undo_get_paper_ids (undo, &n_ids);
  if (n_ids == 1)
    proc_triage_view_show_paper (self->triage_view, ids[0]);
}

void
_proc_window_setup_triage (ProcWindow *self)
{
  proc_triage_view_set_store (self->triage_view, self->store);

  g_signal_connect_object (self->triage_view, "decided", G_CALLBACK (decided_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->triage_view, "failed", G_CALLBACK (failed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->papers, "notify::filter", G_CALLBACK (follow_view), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->papers, "notify::search", G_CALLBACK (follow_view), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->papers, "notify::sort-key", G_CALLBACK (follow_view), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->papers, "notify::descending", G_CALLBACK (follow_view), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::triage-mode", G_CALLBACK (apply_mode), self, G_CONNECT_SWAPPED);
  apply_mode (self);
}

void
_proc_window_class_add_triage_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "win.triage-mode", NULL);
}
