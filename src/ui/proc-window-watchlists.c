/* proc-window-watchlists.c: the window's watchlists: new ones, their words marked, imports sorted
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-window-watchlists"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "proc-watchlist-dialog.h"
#include "proc-window-private.h"

/* The watchlists' words, from the library, to every view that marks
 * them: the rows shown, the detail, the triage card.  Read again only
 * when the watchlists change, not at each edit. */
static void
update_watched (ProcWindow *self)
{
  g_auto(GStrv) watched = proc_store_dup_watched_words (self->store);

  if (self->watched != NULL && g_strv_equal ((const char * const *) self->watched, (const char * const *) watched))
    return;

  g_strfreev (self->watched);
  self->watched = (watched && watched[0]) ? g_steal_pointer (&watched) : NULL;

  _proc_window_refresh_rows (self);
  proc_detail_view_set_watched (self->detail_view, (const char * const *) self->watched);
  proc_triage_view_set_highlights (self->triage_view, (const char * const *) self->watched);
}

static void
store_changed_cb (ProcWindow *self,
                  guint       change)
{
  if (change & PROC_STORE_CHANGE_WATCHLISTS)
    update_watched (self);
}

static void
created_cb (gpointer user_data,
            gint64   id)
{
  g_autoptr(ProcWindow) self = user_data;

  /* The new watchlist is what the list shows; the search that made it
   * is in it now. */
  if (proc_sidebar_select_collection (self->sidebar, PROC_COLLECTION_KIND_WATCHLIST, id))
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* A new watchlist, from the words searched for when there are some. */
static void
new_watchlist_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *words = g_strstrip (g_strdup (search));

  proc_watchlist_dialog_present (widget, self->store, 0, NULL, *words ? words : NULL,
                                 created_cb, g_object_ref (self));
}

/**
 * _proc_window_dup_watched_summary:
 *
 * After an import: how many of the new list's papers the watchlists
 * hold, so next year's conference comes sorted by what the person
 * watches for.
 *
 * Returns: (nullable): "2 of them on your watchlists", or %NULL for none
 */
char *
_proc_window_dup_watched_summary (ProcWindow *self,
                                  const char *list_name)
{
  g_autofree char *watched = proc_store_dup_watched_query (self->store);
  g_autofree char *in_list = NULL;
  guint n;

  /* A name with a quote has no query of its own. */
  if (watched == NULL || list_name == NULL || strchr (list_name, '"') != NULL)
    return NULL;

  in_list = g_strdup_printf ("%s\nlist:\"%s\"", watched, list_name);
  n = proc_store_count (self->store, in_list);
  if (n == 0)
    return NULL;

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%'u of them on your watchlists",
                                       "%'u of them on your watchlists", n), n);
}

void
_proc_window_setup_watchlists (ProcWindow *self)
{
  g_signal_connect_object (self->store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);
  update_watched (self);
}

void
_proc_window_class_add_watchlist_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-watchlist", NULL, new_watchlist_action);
}
