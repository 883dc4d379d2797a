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
#include "proc-colour-chooser.h"
#include "proc-undo-receiver.h"
#include "proc-utils.h"

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
 * Hands the record to the #ProcUndoReceiver around @widget, the window,
 * which shows it in a toast with Undo and keeps it for Ctrl+Z.  A widget
 * outside a window (a test) has no one to offer it to, and the edit
 * simply stands.
 */
void
proc_widget_offer_undo (GtkWidget *widget,
                        ProcUndo  *undo)
{
  GtkWidget *receiver;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (undo != NULL);

  receiver = gtk_widget_get_ancestor (widget, PROC_TYPE_UNDO_RECEIVER);
  if (receiver != NULL)
    proc_undo_receiver_receive (PROC_UNDO_RECEIVER (receiver), undo);
}

static void
open_uri_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GtkWidget) widget = user_data;
  g_autoptr(GError) error = NULL;

  if (gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (source), result, &error) ||
      g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED))
    return;

  /* The link's row may have gone since (another paper shown). */
  if (gtk_widget_get_root (widget) != NULL)
    proc_widget_show_error (widget, error);
  else
    g_debug ("%s", error->message);
}

/**
 * proc_widget_open_uri:
 * @widget: the widget whose link was clicked
 * @uri: a link, such as a paper's page or its code
 *
 * Opens @uri in the browser (through the OpenURI portal inside Flatpak);
 * when it cannot be, says why in a toast of the window around @widget.
 */
void
proc_widget_open_uri (GtkWidget  *widget,
                      const char *uri)
{
  g_autoptr(GtkUriLauncher) launcher = NULL;
  GtkRoot *root;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (uri != NULL);

  launcher = gtk_uri_launcher_new (uri);
  root = gtk_widget_get_root (widget);
  gtk_uri_launcher_launch (launcher, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, NULL,
                           open_uri_done_cb, g_object_ref (widget));
}

static void
draw_dot (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        data)
{
  proc_paint_dot (cr, width, height, data);
}

/**
 * proc_paint_dot:
 * @rgba: its colour
 *
 * Paints a tag's dot, a disc filling @width × @height, with @cr: the one
 * drawing of the dots beside tags' names, in chips, menus and the sidebar.
 */
void
proc_paint_dot (cairo_t       *cr,
                int            width,
                int            height,
                const GdkRGBA *rgba)
{
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

#if !ADW_CHECK_VERSION (1, 8, 0)
static gboolean
let_heading_wrap (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title-2"))
    {
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD_CHAR);
      return TRUE;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (let_heading_wrap (child))
      return TRUE;

  return FALSE;
}
#endif

/**
 * proc_alert_dialog_new:
 * @body: (nullable): what to say under the heading
 *
 * Returns: (transfer floating): an #AdwAlertDialog with @heading and @body
 */
AdwDialog *
proc_alert_dialog_new (const char *heading,
                       const char *body)
{
  AdwDialog *dialog = adw_alert_dialog_new (heading, body);

#if !ADW_CHECK_VERSION (1, 8, 0)
  /* libadwaita 1.7 measures its large heading at widths narrower than the
   * heading, and GTK warns, once the heading is longer than about 250
   * pixels (libadwaita#1025, mended in 1.8): a heading that may wrap can
   * be measured at any width.  At such widths the dialog shows its small
   * heading instead all the same, so nothing a person sees changes. */
  let_heading_wrap (adw_dialog_get_child (dialog));
#endif

  return dialog;
}

static void
name_response_cb (AdwAlertDialog *dialog,
                  const char     *response,
                  gpointer        user_data)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  GtkWidget *chooser = g_object_get_data (G_OBJECT (dialog), "colour-chooser");
  g_autofree char *name = NULL;

  if (g_strcmp0 (response, "ok") != 0)
    return;

  name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  if (chooser != NULL)
    ((ProcTagCallback) g_object_get_data (G_OBJECT (dialog), "callback"))
      (user_data, name, proc_colour_chooser_get_colour (PROC_COLOUR_CHOOSER (chooser)));
  else
    ((ProcNameCallback) g_object_get_data (G_OBJECT (dialog), "callback")) (user_data, name);
}

/* Enter in the entry answers as the default response's button does, once
 * there is a name; not before (the dialog would activate the entry again). */
static void
name_activate_cb (GtkEntry       *entry,
                  AdwAlertDialog *dialog)
{
  if (adw_alert_dialog_get_response_enabled (dialog, "ok"))
    gtk_widget_activate_default (GTK_WIDGET (entry));
}

static void
name_changed_cb (GtkEditable    *entry,
                 AdwAlertDialog *dialog)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_alert_dialog_set_response_enabled (dialog, "ok", *text != '\0');
}

/* The dialog of proc_ask_name(), with @below under its entry. */
static void
present_name_dialog (GtkWidget  *parent,
                     const char *heading,
                     const char *initial,
                     const char *placeholder,
                     const char *accept,
                     GtkWidget  *below,
                     gpointer    callback,
                     gpointer    user_data)
{
  AdwDialog *dialog = proc_alert_dialog_new (heading, NULL);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *extra = entry;

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  if (initial != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), initial);
  if (below != NULL)
    {
      extra = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
      gtk_box_append (GTK_BOX (extra), entry);
      gtk_box_append (GTK_BOX (extra), below);
      g_object_set_data (G_OBJECT (dialog), "colour-chooser", below);
    }
  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (dialog), extra);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "cancel", _("_Cancel"),
                                  "ok", accept,
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "ok", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "ok");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  name_changed_cb (GTK_EDITABLE (entry), ADW_ALERT_DIALOG (dialog));
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_object_set_data (G_OBJECT (dialog), "callback", callback);
  g_signal_connect (entry, "changed", G_CALLBACK (name_changed_cb), dialog);
  g_signal_connect (entry, "activate", G_CALLBACK (name_activate_cb), dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (name_response_cb), user_data);
  adw_dialog_set_focus (dialog, entry);
  adw_dialog_present (dialog, parent);
}

/**
 * proc_ask_name:
 * @initial: (nullable): the name to start from, when renaming
 *
 * Asks for a name in a dialog over the window of @parent; @callback gets it,
 * without white space around it, when the user accepts.  An empty name
 * cannot be accepted.
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
  present_name_dialog (parent, heading, initial, placeholder, accept, NULL, callback, user_data);
}

/**
 * proc_ask_new_tag:
 *
 * Asks for a new tag's name and its colour (none unless one is chosen).
 */
void
proc_ask_new_tag (GtkWidget       *parent,
                  ProcTagCallback  callback,
                  gpointer         user_data)
{
  present_name_dialog (parent, _("New Tag"), NULL, _("Tag name"), _("_Add Tag"), proc_colour_chooser_new (),
                       callback, user_data);
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

typedef struct
{
  GtkPopoverMenu **slot;
  GtkWidget *popover;   /* a reference */
} ClosedMenu;

/* After the event that closed it: the item's action has run, and GTK
 * has done with the popover. */
static gboolean
let_closed_menu_go_cb (gpointer data)
{
  ClosedMenu *closed = data;

  /* Still parented, it is still its owner's menu (a new menu, or the
   * owner's dispose, unparents it first). */
  if (gtk_widget_get_parent (closed->popover) != NULL &&
      !gtk_widget_get_visible (closed->popover) &&
      *closed->slot == GTK_POPOVER_MENU (closed->popover))
    proc_clear_context_menu (closed->slot);

  g_object_unref (closed->popover);
  g_free (closed);
  return G_SOURCE_REMOVE;
}

static void
context_menu_closed_cb (GtkPopover      *popover,
                        GtkPopoverMenu **slot)
{
  ClosedMenu *closed = g_new (ClosedMenu, 1);

  closed->slot = slot;
  closed->popover = g_object_ref (GTK_WIDGET (popover));
  g_idle_add (let_closed_menu_go_cb, closed);
}

/**
 * proc_popup_context_menu:
 * @parent: the widget the menu belongs to
 * @menu: (inout) (nullable): where the owner of @parent keeps its context menu
 * @model: the menu's items
 * @x: where the menu points, in @parent's coordinates
 * @y: the same, down
 *
 * Opens @model as @parent's context menu.  The popover outlives its
 * closing until the next idle: GtkModelButton closes the menu before its
 * action runs, so a popover let go in ::closed is gone when the action is
 * looked up.  The owner's dispose calls proc_clear_context_menu().
 */
void
proc_popup_context_menu (GtkWidget       *parent,
                         GtkPopoverMenu **menu,
                         GMenuModel      *model,
                         double           x,
                         double           y)
{
  g_return_if_fail (GTK_IS_WIDGET (parent));
  g_return_if_fail (menu != NULL);

  proc_clear_context_menu (menu);
  *menu = GTK_POPOVER_MENU (gtk_popover_menu_new_from_model (model));
  /* @parent may go first, a recycled row say, and the popover with it. */
  g_object_add_weak_pointer (G_OBJECT (*menu), (gpointer *) menu);
  gtk_widget_set_parent (GTK_WIDGET (*menu), parent);
  gtk_popover_set_has_arrow (GTK_POPOVER (*menu), FALSE);
  gtk_widget_set_halign (GTK_WIDGET (*menu), GTK_ALIGN_START);
  gtk_popover_set_pointing_to (GTK_POPOVER (*menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  g_signal_connect (*menu, "closed", G_CALLBACK (context_menu_closed_cb), menu);
  gtk_popover_popup (GTK_POPOVER (*menu));
}

/* Lets the menu of proc_popup_context_menu() go. */
void
proc_clear_context_menu (GtkPopoverMenu **menu)
{
  GtkWidget *popover = GTK_WIDGET (*menu);

  if (popover == NULL)
    return;

  g_object_remove_weak_pointer (G_OBJECT (popover), (gpointer *) menu);
  *menu = NULL;
  g_signal_handlers_disconnect_by_func (popover, context_menu_closed_cb, menu);
  gtk_widget_unparent (popover);
}
