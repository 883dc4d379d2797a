/* proc-utils.c: small helpers the widgets share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-utils"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "proc-highlight.h"
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
  g_return_if_fail (error != NULL);

  proc_widget_show_toast (widget, error->message, ADW_TOAST_PRIORITY_HIGH);
}

/* @message in a toast of the window around @widget, or a warning outside
 * a window (a test). */
void
proc_widget_show_toast (GtkWidget        *widget,
                        const char       *message,
                        AdwToastPriority  priority)
{
  GtkWidget *overlay;
  g_autofree char *title = NULL;
  AdwToast *toast;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (message != NULL);

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  /* The window itself: its overlay is its content. */
  if (overlay == NULL && ADW_IS_APPLICATION_WINDOW (widget) &&
      ADW_IS_TOAST_OVERLAY (adw_application_window_get_content (ADW_APPLICATION_WINDOW (widget))))
    overlay = adw_application_window_get_content (ADW_APPLICATION_WINDOW (widget));
  if (overlay == NULL)
    {
      g_warning ("%s", message);
      return;
    }

  /* A toast's title is markup; the message may hold a name with "&" */
  title = g_markup_escape_text (message, -1);
  toast = adw_toast_new (title);
  adw_toast_set_priority (toast, priority);
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

static void
draw_dot (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        data)
{
  const GdkRGBA *rgba = data;

  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

/**
 * proc_colour_dot_new:
 * @colour: (nullable): a tag's colour, as CSS writes it
 *
 * Returns: (transfer floating) (nullable): a small dot in @colour, to
 *   put before a tag's name; %NULL when the tag has no colour
 */
GtkWidget *
proc_colour_dot_new (const char *colour)
{
  GdkRGBA rgba;
  GtkWidget *dot;

  if (colour == NULL || *colour == '\0' || !gdk_rgba_parse (&rgba, colour))
    return NULL;

  dot = g_object_new (GTK_TYPE_DRAWING_AREA,
                      "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                      "content-width", 8,
                      "content-height", 8,
                      "valign", GTK_ALIGN_CENTER,
                      NULL);
  gtk_widget_add_css_class (dot, "tag-dot");
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (dot), draw_dot,
                                  g_memdup2 (&rgba, sizeof rgba), g_free);
  return dot;
}

static void
name_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  gpointer          user_data)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  ProcNameCallback callback = g_object_get_data (G_OBJECT (dialog), "callback");

  if (g_strcmp0 (response, "ok") == 0)
    callback (user_data, gtk_editable_get_text (entry));
}

static void
name_activate_cb (GtkEntry         *entry,
                  AdwMessageDialog *dialog)
{
  if (adw_message_dialog_get_response_enabled (dialog, "ok"))
    adw_message_dialog_response (dialog, "ok");
}

static void
name_changed_cb (GtkEditable      *entry,
                 AdwMessageDialog *dialog)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_message_dialog_set_response_enabled (dialog, "ok", *text != '\0');
}

/**
 * proc_ask_name:
 * @initial: (nullable): the name to start from, when renaming
 *
 * Asks for a name in a dialog over @parent's window; @callback gets it
 * when the user accepts.  An empty name cannot be accepted.
 */
void
proc_ask_name (GtkWidget        *parent,
               const char       *heading,
               const char       *initial,
               const char       *placeholder,
               const char       *accept,
               ProcNameCallback  callback,
               gpointer          user_data)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (parent));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (window) ? GTK_WINDOW (window) : NULL,
                                              heading, NULL);
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  if (initial != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), initial);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "ok", accept,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "ok", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "ok");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  name_changed_cb (GTK_EDITABLE (entry), ADW_MESSAGE_DIALOG (dialog));
  g_object_set_data (G_OBJECT (dialog), "callback", callback);
  g_signal_connect (entry, "changed", G_CALLBACK (name_changed_cb), dialog);
  g_signal_connect (entry, "activate", G_CALLBACK (name_activate_cb), dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (name_response_cb), user_data);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

/**
 * proc_mark_watched:
 * @markup: Pango markup, such as an abstract rendered with its links
 * @watched: (nullable): the watchlists' words
 *
 * Returns: (transfer full): @markup with the words marked where a word starts
 */
char *
proc_mark_watched (const char         *markup,
                   const char * const *watched)
{
  const ProcHighlightSet set = { watched, PROC_WATCHED_OPEN, PROC_WATCHED_CLOSE, TRUE };

  if (watched == NULL || watched[0] == NULL)
    return g_strdup (markup);

  return proc_highlight_in_markup (markup, &set, 1);
}
