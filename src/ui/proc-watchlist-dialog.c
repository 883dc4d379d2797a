/* proc-watchlist-dialog.c: a watchlist's name and words, with what they find
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "proc-utils.h"
#include "proc-watchlist-dialog.h"

/* An AdwAlertDialog with two entries: the name the sidebar shows, and
 * the words, in the search language.  Under them, as the words are typed,
 * how many papers they find now: the count is the same SQL the sidebar
 * runs, a few milliseconds.  The dialog writes the watchlist itself, in
 * one transaction, and tells the caller its id. */
typedef struct
{
  GtkWidget *parent;            /* weak: where a refusal is shown */
  ProcStore *store;
  gint64 id;                    /* 0 for a new one */
  gboolean name_edited;         /* typed by the user, not taken from the words */
  GtkEditable *name;
  GtkEditable *words;
  GtkLabel *finds;
  ProcWatchlistDone done;
  gpointer user_data;
} Dialog;

static void
dialog_free (Dialog *dialog)
{
  g_clear_weak_pointer (&dialog->parent);
  g_clear_object (&dialog->store);
  g_free (dialog);
}

static void
update (AdwAlertDialog *message,
        Dialog         *dialog)
{
  const char *words = gtk_editable_get_text (dialog->words);
  const char *name = gtk_editable_get_text (dialog->name);
  g_autofree char *stripped = g_strstrip (g_strdup (words));
  g_autofree char *name_stripped = g_strstrip (g_strdup (name));
  g_autofree char *text = NULL;
  guint n;

  if (*stripped == '\0')
    {
      gtk_label_set_label (dialog->finds,
                           _("Words or \"phrases\" to watch for; OR between alternatives"));
      adw_alert_dialog_set_response_enabled (message, "save", FALSE);
      return;
    }

  n = proc_store_count (dialog->store, stripped);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Finds %'u paper in the library",
                                       "Finds %'u papers in the library", n), n);
  gtk_label_set_label (dialog->finds, text);
  adw_alert_dialog_set_response_enabled (message, "save", *name_stripped != '\0');
}

/* "a" OR "b c": a name to start from, "a, b c". */
static char *
name_from_words (const char *words)
{
  g_auto(GStrv) parts = g_strsplit (words, " OR ", -1);
  g_autofree char *joined = NULL;
  GString *name;

  for (guint i = 0; parts[i] != NULL; i++)
    g_strstrip (parts[i]);
  joined = g_strjoinv (", ", parts);
  name = g_string_new (NULL);
  for (const char *p = joined; *p != '\0'; p++)
    if (*p != '"')
      g_string_append_c (name, *p);

  return g_string_free (name, FALSE);
}

static void
words_changed_cb (GtkEditable    *words,
                  AdwAlertDialog *message)
{
  Dialog *dialog = g_object_get_data (G_OBJECT (message), "dialog");

  /* A new watchlist is named after its words until the user names it. */
  if (dialog->id == 0 && !dialog->name_edited)
    {
      g_autofree char *name = name_from_words (gtk_editable_get_text (words));

      g_signal_handlers_block_matched (dialog->name, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, message);
      gtk_editable_set_text (dialog->name, name);
      g_signal_handlers_unblock_matched (dialog->name, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, message);
    }

  update (message, dialog);
}

static void
name_changed_cb (GtkEditable    *name,
                 AdwAlertDialog *message)
{
  Dialog *dialog = g_object_get_data (G_OBJECT (message), "dialog");

  dialog->name_edited = TRUE;
  update (message, dialog);
}

/* Enter saves, as the default response's button does, once it may (not
 * before: the dialog would activate the entry again). */
static void
activate_cb (GtkWidget      *entry,
             AdwAlertDialog *message)
{
  if (adw_alert_dialog_get_response_enabled (message, "save"))
    gtk_widget_activate_default (entry);
}

static void
response_cb (AdwAlertDialog *message,
             const char     *response,
             gpointer        user_data)
{
  Dialog *dialog = g_object_get_data (G_OBJECT (message), "dialog");
  g_autoptr(GError) error = NULL;
  const char *name = gtk_editable_get_text (dialog->name);
  const char *words = gtk_editable_get_text (dialog->words);
  gint64 id = dialog->id;

  if (g_strcmp0 (response, "save") != 0)
    return;

  if (id == 0)
    id = proc_store_create_watchlist (dialog->store, name, words, &error);
  else if (!proc_store_update_watchlist (dialog->store, id, name, words, &error))
    id = 0;

  /* Refused (a name taken, no words): the reason, in the window. */
  if (id == 0)
    {
      if (dialog->parent != NULL)
        proc_widget_show_error (dialog->parent, error);
      return;
    }

  if (dialog->done != NULL)
    dialog->done (dialog->user_data, id);
}

static GtkWidget *
add_entry (GtkWidget  *box,
           const char *label_text,
           const char *text,
           const char *placeholder)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  if (text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), entry);

  return entry;
}

/**
 * proc_watchlist_dialog_present:
 * @id: the watchlist to edit, or 0 for a new one
 * @name: (nullable): its name, when editing
 * @query: (nullable): its words, or those to start a new one from
 * @done: (nullable): called with the watchlist's id once it is saved
 *
 * Asks for a watchlist's name and words over the window of @parent, and saves
 * them; a refusal is shown as a toast, with its reason.
 */
void
proc_watchlist_dialog_present (GtkWidget         *parent,
                               ProcStore         *store,
                               gint64             id,
                               const char        *name,
                               const char        *query,
                               ProcWatchlistDone  done,
                               gpointer           user_data)
{
  Dialog *dialog;
  AdwDialog *message;
  GtkWidget *box;

  g_return_if_fail (GTK_IS_WIDGET (parent));
  g_return_if_fail (PROC_IS_STORE (store));

  message = proc_alert_dialog_new (id == 0 ? _("New Watchlist") : _("Edit Watchlist"),
                                   _("Papers with these words are gathered in the sidebar and marked in "
                                     "colour, in the lists you have and in those you import later."));
  dialog = g_new0 (Dialog, 1);
  g_set_weak_pointer (&dialog->parent, parent);
  dialog->store = g_object_ref (store);
  dialog->id = id;
  dialog->name_edited = (id != 0);
  dialog->done = done;
  dialog->user_data = user_data;
  g_object_set_data_full (G_OBJECT (message), "dialog", dialog, (GDestroyNotify) dialog_free);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  dialog->words = GTK_EDITABLE (add_entry (box, _("_Words"), query,
                                           _("\"conformal prediction\" OR calibration")));
  dialog->finds = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (dialog->finds, 0);
  gtk_label_set_wrap (dialog->finds, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (dialog->finds), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (dialog->finds), "dim-label");
  gtk_widget_set_margin_bottom (GTK_WIDGET (dialog->finds), 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (dialog->finds));
  {
    g_autofree char *start = (id == 0 && query != NULL) ? name_from_words (query) : NULL;

    dialog->name = GTK_EDITABLE (add_entry (box, _("_Name"), id != 0 ? name : start, _("Watchlist name")));
  }
  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (message), box);

  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (message),
                                  "cancel", _("_Cancel"),
                                  "save", id == 0 ? _("_Create") : _("_Save"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (message), "save", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (message), "save");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (message), "cancel");

  g_signal_connect (dialog->words, "changed", G_CALLBACK (words_changed_cb), message);
  g_signal_connect (dialog->name, "changed", G_CALLBACK (name_changed_cb), message);
  g_signal_connect (dialog->words, "activate", G_CALLBACK (activate_cb), message);
  g_signal_connect (dialog->name, "activate", G_CALLBACK (activate_cb), message);
  g_signal_connect (message, "response", G_CALLBACK (response_cb), NULL);
  update (ADW_ALERT_DIALOG (message), dialog);

  adw_dialog_set_focus (message, GTK_WIDGET (dialog->words));
  adw_dialog_present (message, parent);
}
