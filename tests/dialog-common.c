/* dialog-common.c: what the window tests do with dialogs: find the one shown, answer it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dialog-common.h"

/* A dialog is a widget inside the window it was presented over, the
 * window's visible dialog, topmost; one presented without a window (the
 * library could not be opened) is the child of a window of its own.  A
 * dialog that is closing, animating away, is neither. */
static AdwDialog *
shown_in (GtkWindow *window)
{
  GtkWidget *child;

  if (ADW_IS_APPLICATION_WINDOW (window))
    return adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
  if (ADW_IS_WINDOW (window))
    return adw_window_get_visible_dialog (ADW_WINDOW (window));

  child = gtk_window_get_child (window);
  if (ADW_IS_DIALOG (child) && gtk_widget_get_visible (GTK_WIDGET (window)))
    return ADW_DIALOG (child);

  return NULL;
}

/**
 * dialog_find_shown:
 * @type: a dialog type, such as %ADW_TYPE_ALERT_DIALOG
 *
 * Returns: (transfer none) (nullable): the dialog of @type that a person
 *   sees now, over any window
 */
AdwDialog *
dialog_find_shown (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      AdwDialog *dialog = shown_in (window);

      if (dialog != NULL && G_TYPE_CHECK_INSTANCE_TYPE (dialog, type))
        return dialog;
    }

  return NULL;
}

/* Whether a person sees @dialog's contents: the dialog is mapped at once,
 * what it holds only once its sheet starts to open. */
static gboolean
contents_shown (AdwDialog *dialog)
{
  GtkWidget *child = adw_dialog_get_child (dialog);

  return child != NULL && gtk_widget_get_mapped (child) && gtk_widget_get_width (child) > 0;
}

/* Waits, within ten seconds, until a person sees @dialog's contents. */
void
dialog_wait_drawn (AdwDialog *dialog)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!contents_shown (dialog) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (contents_shown (dialog));
}

/* The dialog of @type once it is shown and laid out, within ten seconds
 * (the sanitizers' frames are slow); the test fails without one. */
AdwDialog *
dialog_wait_shown (GType type)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  AdwDialog *dialog;

  while (((dialog = dialog_find_shown (type)) == NULL || !contents_shown (dialog)) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  if (dialog == NULL || !contents_shown (dialog))
    g_error ("No %s shown", g_type_name (type));

  return dialog;
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      if ((found = find_button (child, label)) != NULL)
        return found;
    }

  return NULL;
}

/* The button of @dialog whose label, mnemonic included, is @label. */
GtkWidget *
dialog_find_button (AdwDialog  *dialog,
                    const char *label)
{
  return find_button (GTK_WIDGET (dialog), label);
}

/* The button that gives @response: the one labelled as the response is. */
GtkWidget *
alert_dialog_button (AdwAlertDialog *dialog,
                     const char     *response)
{
  g_assert_true (adw_alert_dialog_has_response (dialog, response));

  return dialog_find_button (ADW_DIALOG (dialog),
                             adw_alert_dialog_get_response_label (dialog, response));
}

/* Answers @dialog as a click on the response's button does: only when the
 * button can be clicked; the dialog then closes. */
void
alert_dialog_respond (AdwAlertDialog *dialog,
                      const char     *response)
{
  /* Held: with animations off, the dialog goes within the click. */
  g_autoptr(AdwDialog) held = g_object_ref (ADW_DIALOG (dialog));
  GtkWidget *button = alert_dialog_button (dialog, response);

  g_assert_nonnull (button);
  /* Under the sanitizers a frame can take seconds: the dialog may still be
   * coming in. */
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       !gtk_widget_get_mapped (button) && g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (adw_alert_dialog_get_response_enabled (dialog, response));
  g_signal_emit_by_name (button, "clicked");
  dialog_wait_closed (held);
}

/* Waits until @dialog, which the caller holds, is no longer shown: closed
 * and its animation ended. */
void
dialog_wait_closed (AdwDialog *dialog)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (gtk_widget_get_mapped (GTK_WIDGET (dialog)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
}

/**
 * shortcuts_wait_shown:
 * @window: the window whose menu or Ctrl+? asked for them
 *
 * Returns: (transfer none): the keyboard shortcuts, as this platform
 *   shows them: from libadwaita 1.8 on an AdwShortcutsDialog over
 *   @window, before it the GtkShortcutsWindow of @window
 */
GtkWidget *
shortcuts_wait_shown (GtkWindow *window)
{
#if ADW_CHECK_VERSION (1, 8, 0)
  AdwDialog *dialog;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = dialog_wait_shown (ADW_TYPE_SHORTCUTS_DIALOG);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_assert_true (gtk_widget_get_root (GTK_WIDGET (dialog)) == GTK_ROOT (window));

  return GTK_WIDGET (dialog);
#else
  /* Deprecated in GTK 4.18 with nothing in its place before libadwaita
   * 1.8: found by its name. */
  GType type = g_type_from_name ("GtkShortcutsWindow");
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

          if (type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type) &&
              gtk_widget_get_mapped (GTK_WIDGET (toplevel)) &&
              gtk_window_get_transient_for (toplevel) == window)
            return GTK_WIDGET (toplevel);
        }
      g_main_context_iteration (NULL, FALSE);
    }

  g_error ("No keyboard shortcuts shown");
#endif
}

/* Closes what shortcuts_wait_shown() found, and waits for it to go. */
void
shortcuts_close (GtkWidget *shortcuts)
{
  g_autoptr(GtkWidget) held = g_object_ref (shortcuts);
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  if (ADW_IS_DIALOG (shortcuts))
    g_assert_true (adw_dialog_close (ADW_DIALOG (shortcuts)));
  else
    gtk_window_close (GTK_WINDOW (shortcuts));

  while (gtk_widget_get_mapped (held) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (gtk_widget_get_mapped (held));
}
