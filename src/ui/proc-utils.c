/* proc-utils.c: small helpers the widgets share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-utils"

#include "config.h"

#include <adwaita.h>

#include "proc-utils.h"
#include "proc-window.h"

/**
 * proc_widget_show_error:
 * @widget: the widget whose action failed
 * @error: what went wrong, already worded for people
 *
 * Tells the user in a toast when @widget sits in an #AdwToastOverlay, as
 * in the window; a widget on its own (a test) has nowhere to show it and
 * logs it instead.
 */
void
proc_widget_show_error (GtkWidget    *widget,
                        const GError *error)
{
  GtkWidget *overlay;
  g_autofree char *title = NULL;
  AdwToast *toast;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (error != NULL);

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }

  /* A toast's title is markup; the message may hold a name with "&" */
  title = g_markup_escape_text (error->message, -1);
  toast = adw_toast_new (title);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

/**
 * proc_widget_offer_undo:
 * @widget: the widget that made the edit
 * @undo: the edit's undo record
 *
 * Hands the record to the window around @widget, which shows it in a toast
 * with Undo and keeps it for Ctrl+Z.  A widget outside a window (a test)
 * has no one to offer it to, and the edit simply stands.
 */
void
proc_widget_offer_undo (GtkWidget *widget,
                        ProcUndo  *undo)
{
  GtkWidget *window;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (undo != NULL);

  window = gtk_widget_get_ancestor (widget, PROC_TYPE_WINDOW);
  if (window != NULL)
    proc_window_push_undo (PROC_WINDOW (window), undo);
}
