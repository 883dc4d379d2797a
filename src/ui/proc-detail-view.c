/* proc-detail-view.c: the pane that shows one paper
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-detail-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "proc-detail-view.h"
#include "proc-link-buttons.h"
#include "proc-links.h"
#include "proc-rating.h"
#include "proc-similar.h"
#include "proc-suggested-tags.h"
#include "proc-tag-editor.h"
#include "proc-utils.h"

#define DEFAULT_AUTOSAVE_DELAY 800
#define DEFAULT_RETRY_INTERVAL 5000
/* The similar papers wait for the paper to stay shown this long, so that
 * running through the list with the arrow keys looks none up. */
#define SIMILAR_DELAY_MS 150

/* Every widget shows a property of the paper and repaints on its notify,
 * whoever changed it.  Edits go to the store, which updates the paper,
 * which notifies back: the handlers compare before they write, so an edit
 * made here comes back as a no-op.  The note is the exception: the user
 * types ahead of the store, so the editor owns the text until it is saved,
 * and a notify::note is only taken when nothing is waiting to be saved.
 *
 * A note the library cannot take (a full disk, an I/O error) is never
 * dropped: while its paper is shown it stays in the editor; when another
 * paper is chosen it is kept here, by paper id, and shown again with its
 * paper.  Every few seconds the view tries again to save what it holds,
 * so the notes go in once there is space, as they do on the next change. */
typedef struct
{
  char *text;
  char *reason;             /* why the library refused it, last time */
} KeptNote;

struct _ProcDetailView
{
  GtkWidget parent_instance;

  ProcStore *store;
  ProcPaper *paper;
  char **watched;               /* the watchlists' words, marked in the abstract */
  GPtrArray *link_rows;
  guint autosave_delay;
  guint autosave_source;
  GHashTable *kept_notes;   /* paper id → KeptNote, for papers not shown */
  guint retry_interval;
  guint retry_source;
  GPtrArray *similar_rows;
  GArray *similar_ids;      /* the rows' papers, to keep the rows when they stay */
  guint similar_source;
  guint note_dirty : 1;
  guint note_failed : 1;    /* the editor's text was refused, for now: retry it */
  guint loading_note : 1;
  guint saving_note : 1;

  GtkStack *stack;
  GtkScrolledWindow *scrolled;
  GtkEditableLabel *title_label;
  GtkLabel *derived_title_label;
  GtkLabel *list_label;
  GtkWidget *controls;
  GtkToggleButton *star_button;
  ProcRating *rating;
  GtkToggleButton *unread_button;
  GtkToggleButton *reading_button;
  GtkToggleButton *read_button;
  GtkLabel *abstract_label;
  AdwPreferencesGroup *links_group;
  AdwWrapBox *link_buttons;
  AdwPreferencesGroup *similar_group;
  ProcTagEditor *tag_editor;
  ProcSuggestedTags *suggested_tags;
  GtkTextView *note_view;
  GtkTextBuffer *note_buffer;
  GtkLabel *note_status;
};

/* What save_note() is for: the autosave, or the text is about to leave
 * the editor for another paper, or someone asked (the window closes). */
typedef enum
{
  LEAVING_NOT,
  LEAVING_PAPER,
  LEAVING_ASKED,
} Leaving;

static gboolean save_note (ProcDetailView *self,
                           Leaving         leaving);

G_DEFINE_FINAL_TYPE (ProcDetailView, proc_detail_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STORE,
  PROP_PAPER,
  PROP_AUTOSAVE_DELAY,
  PROP_RETRY_INTERVAL,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

enum {
  SHOW_PAPER,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

/* GtkEditableLabel keeps its text on one line, and a paper's title is
 * often wider than the pane: let the label inside it wrap.  (Its stack
 * stays homogeneous: otherwise, while editing, GTK 4.8 asks the label for
 * its width at one line's height, and the pane grows to the whole title.) */
static void
wrap_editable_label (GtkEditableLabel *editable)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (editable));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_STACK (child))
        continue;

      for (GtkWidget *page = gtk_widget_get_first_child (child);
           page != NULL;
           page = gtk_widget_get_next_sibling (page))
        {
          if (GTK_IS_LABEL (page))
            {
              gtk_label_set_wrap (GTK_LABEL (page), TRUE);
              gtk_label_set_wrap_mode (GTK_LABEL (page), PANGO_WRAP_WORD_CHAR);
            }
        }
    }
}

/* GTK 4.8's GtkEditableLabel, when it loses the focus, starts a timeout
 * with its focus controller as the data, and does not remove it when it is
 * destroyed: closing the window while the title has the focus would run it
 * on a freed controller.  Remove it with the label. */
static void
title_destroy_cb (GtkWidget *label)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (label);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      GSource *source;

      if (!GTK_IS_EVENT_CONTROLLER_FOCUS (controller))
        continue;
      while ((source = g_main_context_find_source_by_user_data (NULL, controller)))
        g_source_destroy (source);
    }
}

static void
set_note_status (ProcDetailView *self,
                 const char     *status,
                 gboolean        is_error)
{
  gtk_label_set_label (self->note_status, status);

  /* A refusal must stand out from the dim "Saved". */
  if (is_error)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->note_status), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->note_status), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->note_status), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->note_status), "dim-label");
    }
}

static void
update_title (ProcDetailView *self)
{
  const char *user_title;
  g_autofree char *derived = NULL;

  if (self->paper == NULL)
    return;

  /* Never pull the text from under the user's fingers. */
  if (!gtk_editable_label_get_editing (self->title_label))
    gtk_editable_set_text (GTK_EDITABLE (self->title_label), proc_paper_get_title (self->paper));

  user_title = proc_paper_get_user_title (self->paper);
  if (user_title != NULL)
    {
      /* Translators: shown under a title the user gave; %s is the title derived from the abstract */
      derived = g_strdup_printf (_("Derived title: %s"), proc_paper_get_derived_title (self->paper));
      gtk_label_set_label (self->derived_title_label, derived);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->derived_title_label), user_title != NULL);
}

static void
update_list_name (ProcDetailView *self)
{
  const char *name = self->paper ? proc_paper_get_list_name (self->paper) : NULL;

  gtk_label_set_label (self->list_label, name ? name : "");
  gtk_widget_set_visible (GTK_WIDGET (self->list_label), name != NULL && *name != '\0');
}

static void
update_star (ProcDetailView *self)
{
  gboolean starred;

  if (self->paper == NULL)
    return;

  starred = proc_paper_get_starred (self->paper);
  gtk_toggle_button_set_active (self->star_button, starred);
  gtk_button_set_icon_name (GTK_BUTTON (self->star_button),
                            starred ? "starred-symbolic" : "non-starred-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->star_button),
                               starred ? _("Unstar") : _("Star"));
}

static void
update_rating (ProcDetailView *self)
{
  if (self->paper != NULL)
    proc_rating_set_value (self->rating, proc_paper_get_rating (self->paper));
}

static GtkToggleButton *
read_state_button (ProcDetailView *self,
                   ProcReadState   state)
{
  switch (state)
    {
    case PROC_READ_STATE_READING:
      return self->reading_button;
    case PROC_READ_STATE_READ:
      return self->read_button;
    case PROC_READ_STATE_UNREAD:
    default:
      return self->unread_button;
    }
}

static void
update_read_state (ProcDetailView *self)
{
  if (self->paper != NULL)
    gtk_toggle_button_set_active (read_state_button (self, proc_paper_get_read_state (self->paper)), TRUE);
}

static void
update_abstract (ProcDetailView *self)
{
  g_autofree char *markup = NULL;

  if (self->paper == NULL)
    return;

  markup = proc_links_to_markup (proc_paper_get_abstract (self->paper));
  if (self->watched != NULL)
    {
      g_autofree char *rendered = g_steal_pointer (&markup);

      markup = proc_mark_watched (rendered, (const char * const *) self->watched);
    }
  gtk_label_set_markup (self->abstract_label, markup);
}

static void
link_row_activated_cb (AdwActionRow *row,
                       gpointer      user_data)
{
  proc_widget_open_uri (GTK_WIDGET (row), g_object_get_data (G_OBJECT (row), "url"));
}

static GtkWidget *
link_row_new (const char *url,
              gboolean    is_code)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (is_code ? "proceedings-code-symbolic" : "web-browser-symbolic");
  const char *shown = url;

  if (g_str_has_prefix (shown, "https://"))
    shown += strlen ("https://");
  else if (g_str_has_prefix (shown, "http://"))
    shown += strlen ("http://");

  /* URLs hold "&", which is not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), shown);
  if (is_code)
    /* Translators: under the link to a paper's source code */
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Code"));
  gtk_widget_set_tooltip_text (row, url);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);

  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("adw-external-link-symbolic"));

  g_object_set_data_full (G_OBJECT (row), "url", g_strdup (url), g_free);
  g_signal_connect (row, "activated", G_CALLBACK (link_row_activated_cb), NULL);

  return row;
}

static void
update_links (ProcDetailView *self)
{
  const char * const *links;
  g_autofree gboolean *shown = NULL;
  guint n_buttons;

  for (guint i = 0; i < self->link_rows->len; i++)
    adw_preferences_group_remove (self->links_group, g_ptr_array_index (self->link_rows, i));
  g_ptr_array_set_size (self->link_rows, 0);

  if (self->paper == NULL)
    {
      proc_link_buttons_fill (self->link_buttons, NULL, NULL);
      return;
    }

  /* The paper's own pages as buttons (PDF, OpenReview, Code…); the
   * other links, with their addresses, as rows. */
  links = proc_paper_get_links (self->paper);
  shown = g_new0 (gboolean, g_strv_length ((char **) links) + 1);
  n_buttons = proc_link_buttons_fill (self->link_buttons, self->paper, shown);

  for (guint i = 0; links[i] != NULL; i++)
    if (!shown[i])
      g_ptr_array_add (self->link_rows,
                       link_row_new (links[i], g_strcmp0 (proc_paper_get_link_kinds (self->paper)[i], "code") == 0));

  for (guint i = 0; i < self->link_rows->len; i++)
    adw_preferences_group_add (self->links_group, g_ptr_array_index (self->link_rows, i));
  gtk_widget_set_visible (GTK_WIDGET (self->links_group), self->link_rows->len > 0 || n_buttons > 0);
}

static void
clear_similar (ProcDetailView *self)
{
  for (guint i = 0; i < self->similar_rows->len; i++)
    adw_preferences_group_remove (self->similar_group, g_ptr_array_index (self->similar_rows, i));
  g_ptr_array_set_size (self->similar_rows, 0);
  g_array_set_size (self->similar_ids, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->similar_group), FALSE);
}

static void
similar_row_activated_cb (AdwActionRow   *row,
                          ProcDetailView *self)
{
  /* The rows go with the paper they are for. */
  g_autoptr(ProcPaper) paper = g_object_ref (g_object_get_data (G_OBJECT (row), "paper"));

  g_signal_emit (self, signals [SHOW_PAPER], 0, paper);
}

static GtkWidget *
similar_row_new (ProcDetailView *self,
                 ProcPaper      *paper)
{
  GtkWidget *row = adw_action_row_new ();
  const char *list_name = proc_paper_get_list_name (paper);

  /* Titles hold "&" and "<", which are not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  g_object_bind_property (paper, "title", row, "title", G_BINDING_SYNC_CREATE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 2);
  /* Where it comes from, when that is not where the shown paper does:
   * the same conference's name five times would say nothing. */
  if (list_name != NULL && *list_name != '\0' &&
      g_strcmp0 (list_name, proc_paper_get_list_name (self->paper)) != 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), list_name);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));

  g_object_set_data_full (G_OBJECT (row), "paper", g_object_ref (paper), g_object_unref);
  g_signal_connect_object (row, "activated", G_CALLBACK (similar_row_activated_cb), self, 0);

  return row;
}

static gboolean
same_ids (GArray *a,
          GArray *b)
{
  return a->len == b->len &&
         memcmp (a->data, b->data, a->len * sizeof (gint64)) == 0;
}

/* The papers closest to the one shown, from the store: 5 to 20 ms at
 * 87,000 papers (proc-store-similar.c), once the paper stays shown. */
static void
update_similar (ProcDetailView *self)
{
  g_autoptr(GArray) similar = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) papers = NULL;
  g_autoptr(GError) error = NULL;

  if (self->paper == NULL || self->store == NULL)
    {
      clear_similar (self);
      return;
    }

  similar = proc_store_find_similar (self->store, proc_paper_get_id (self->paper),
                                     PROC_SIMILAR_DEFAULT_LIMIT, &error);
  if (similar == NULL)
    {
      /* Deleted meanwhile: the list lets it go. */
      if (!g_error_matches (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND))
        g_warning ("Could not find the papers similar to paper %" G_GINT64_FORMAT ": %s",
                   proc_paper_get_id (self->paper), error->message);
      clear_similar (self);
      return;
    }

  ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), similar->len);
  for (guint i = 0; i < similar->len; i++)
    g_array_append_val (ids, g_array_index (similar, ProcSimilarPaper, i).id);

  /* An edit elsewhere that changes nothing here keeps the rows, and the
   * focus that is on one of them. */
  if (self->similar_rows->len > 0 && same_ids (ids, self->similar_ids))
    return;

  papers = proc_store_load_papers (self->store, (const gint64 *) (gpointer) ids->data, ids->len, &error);
  clear_similar (self);
  if (papers == NULL)
    {
      g_warning ("Could not load the papers similar to paper %" G_GINT64_FORMAT ": %s",
                 proc_paper_get_id (self->paper), error->message);
      return;
    }

  for (guint i = 0; i < papers->len; i++)
    {
      ProcPaper *paper = g_ptr_array_index (papers, i);
      gint64 id = proc_paper_get_id (paper);
      GtkWidget *row = similar_row_new (self, paper);

      g_ptr_array_add (self->similar_rows, row);
      g_array_append_val (self->similar_ids, id);
      adw_preferences_group_add (self->similar_group, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->similar_group), papers->len > 0);
}

static gboolean
similar_cb (gpointer data)
{
  ProcDetailView *self = data;

  self->similar_source = 0;
  update_similar (self);

  return G_SOURCE_REMOVE;
}

static void
schedule_similar (ProcDetailView *self)
{
  g_clear_handle_id (&self->similar_source, g_source_remove);
  if (self->paper != NULL && self->store != NULL)
    self->similar_source = g_timeout_add (SIMILAR_DELAY_MS, similar_cb, self);
}

/* A paper added, deleted or renamed may change the similar papers. */
static void
store_changed_cb (ProcDetailView *self,
                  guint           change)
{
  if (change & PROC_STORE_CHANGE_PAPERS)
    schedule_similar (self);
}

static void
load_note (ProcDetailView *self)
{
  const char *note = self->paper ? proc_paper_get_note (self->paper) : "";
  g_autofree char *shown = NULL;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (self->note_buffer, &start, &end);
  shown = gtk_text_buffer_get_text (self->note_buffer, &start, &end, FALSE);
  if (g_strcmp0 (shown, note) == 0)
    return;

  self->loading_note = TRUE;
  gtk_text_buffer_set_text (self->note_buffer, note, -1);
  self->loading_note = FALSE;
}

static void
note_changed_cb (ProcDetailView *self)
{
  /* Our own save echoing back, or a change elsewhere while the user has
   * text waiting: the editor's text wins and will be saved. */
  if (self->saving_note || self->note_dirty)
    return;

  load_note (self);
}

static void
update_editable (ProcDetailView *self)
{
  gboolean editable = self->store != NULL && self->paper != NULL;

  gtk_editable_set_editable (GTK_EDITABLE (self->title_label), editable);
  gtk_widget_set_sensitive (self->controls, editable);
  gtk_text_view_set_editable (self->note_view, editable);
}

static void
report_error (ProcDetailView *self,
              const GError   *error)
{
  proc_widget_show_error (GTK_WIDGET (self), error);
}

static void
kept_note_free (gpointer data)
{
  KeptNote *kept = data;

  g_free (kept->text);
  g_free (kept->reason);
  g_free (kept);
}

/* A paper that is gone, or a note the store can never take, will not save
 * by itself: waiting for the disk is only for the rest. */
static gboolean
worth_retrying (const GError *error)
{
  return !g_error_matches (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND) &&
         !g_error_matches (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID);
}

/* The status under a note the library refused. */
static void
show_not_saved (ProcDetailView *self,
                const char     *reason,
                gboolean        retrying)
{
  g_autofree char *status = NULL;

  if (retrying)
    /* Translators: under the note; %s is the library's message, which
     * says that it could not write the note, and why */
    status = g_strdup_printf (_("%s. The note stays here and is saved as soon as the library can be written"), reason);
  else
    /* Translators: under the note; %s says why the library refused it */
    status = g_strdup_printf (_("Not saved: %s"), reason);
  set_note_status (self, status, TRUE);
}

static gboolean retry_cb (gpointer data);

static void
schedule_retry (ProcDetailView *self)
{
  if (self->retry_source == 0)
    self->retry_source = g_timeout_add (self->retry_interval, retry_cb, self);
}

/* Tries again each note the library refused.  Returns: whether some
 * are still not saved. */
static gboolean
retry_saving (ProcDetailView *self)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  GHashTableIter iter;
  gpointer key;
  guint saved = 0;

  if (self->note_dirty && self->note_failed)
    save_note (self, LEAVING_NOT);

  /* Saving notifies the window, which may choose another paper and so
   * change the table: walk a copy of its keys. */
  g_hash_table_iter_init (&iter, self->kept_notes);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_array_append_val (ids, *(gint64 *) key);

  for (guint i = 0; i < ids->len && self->store != NULL; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      KeptNote *kept = g_hash_table_lookup (self->kept_notes, &id);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      if (kept == NULL)
        continue;

      text = g_strdup (kept->text);
      if (proc_store_set_note (self->store, id, text, &error))
        saved++;
      else if (worth_retrying (error) && (kept = g_hash_table_lookup (self->kept_notes, &id)))
        {
          g_free (kept->reason);
          kept->reason = g_strdup (error->message);
          continue;
        }
      else
        /* Its paper was deleted since: the note went with it (and comes
         * back with an undo of the deletion). */
        g_debug ("Dropping the note kept for paper %" G_GINT64_FORMAT ": %s", id, error->message);

      /* Unless it was kept again, newer, meanwhile. */
      if ((kept = g_hash_table_lookup (self->kept_notes, &id)) && g_strcmp0 (kept->text, text) == 0)
        g_hash_table_remove (self->kept_notes, &id);
    }

  if (saved > 0)
    {
      g_autofree char *message =
        /* Translators: a toast, once notes that could not be written (a full disk) are in the library */
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%u note that could not be saved is saved now",
                                      "%u notes that could not be saved are saved now",
                                      saved),
                         saved);

      /* High, so it replaces the toast that said they were not saved. */
      proc_widget_show_toast (GTK_WIDGET (self), message, ADW_TOAST_PRIORITY_HIGH);
    }

  return (self->note_dirty && self->note_failed) || g_hash_table_size (self->kept_notes) > 0;
}

static gboolean
retry_cb (gpointer data)
{
  ProcDetailView *self = data;

  if (retry_saving (self))
    return G_SOURCE_CONTINUE;

  self->retry_source = 0;
  return G_SOURCE_REMOVE;
}

static void
title_editing_cb (ProcDetailView *self)
{
  g_autoptr(GError) error = NULL;
  const char *text;

  if (gtk_editable_label_get_editing (self->title_label) || self->paper == NULL || self->store == NULL)
    return;

  /* Escape puts the old text back, so an unchanged text is also a cancel. */
  text = gtk_editable_get_text (GTK_EDITABLE (self->title_label));
  if (g_strcmp0 (text, proc_paper_get_title (self->paper)) != 0 &&
      !proc_store_set_user_title (self->store, proc_paper_get_id (self->paper), text, &error))
    report_error (self, error);

  /* An empty title, or one the store refused: show what the paper has. */
  update_title (self);
}

static void
star_toggled_cb (ProcDetailView *self)
{
  gboolean active = gtk_toggle_button_get_active (self->star_button);
  g_autoptr(GError) error = NULL;
  gint64 id;

  if (self->paper == NULL || self->store == NULL || active == proc_paper_get_starred (self->paper))
    return;

  id = proc_paper_get_id (self->paper);
  if (!proc_store_set_starred (self->store, &id, 1, active, &error))
    report_error (self, error);
  update_star (self);
}

static void
rating_changed_cb (ProcDetailView *self)
{
  int value = proc_rating_get_value (self->rating);
  g_autoptr(GError) error = NULL;
  gint64 id;

  if (self->paper == NULL || self->store == NULL || value == proc_paper_get_rating (self->paper))
    return;

  id = proc_paper_get_id (self->paper);
  if (!proc_store_set_rating (self->store, &id, 1, value, &error))
    report_error (self, error);
  update_rating (self);
}

static void
read_state_toggled_cb (ProcDetailView  *self,
                       GtkToggleButton *button)
{
  ProcReadState state;
  g_autoptr(GError) error = NULL;
  gint64 id;

  /* The button that went up follows the one that went down. */
  if (!gtk_toggle_button_get_active (button) || self->paper == NULL || self->store == NULL)
    return;

  if (button == self->reading_button)
    state = PROC_READ_STATE_READING;
  else if (button == self->read_button)
    state = PROC_READ_STATE_READ;
  else
    state = PROC_READ_STATE_UNREAD;

  if (state == proc_paper_get_read_state (self->paper))
    return;

  id = proc_paper_get_id (self->paper);
  if (!proc_store_set_read_state (self->store, &id, 1, state, &error))
    report_error (self, error);
  update_read_state (self);
}

static gboolean
autosave_cb (gpointer data)
{
  ProcDetailView *self = data;

  self->autosave_source = 0;
  save_note (self, LEAVING_NOT);

  return G_SOURCE_REMOVE;
}

static void
note_buffer_changed_cb (ProcDetailView *self)
{
  if (self->loading_note || self->paper == NULL)
    return;

  self->note_dirty = TRUE;
  /* Translators: under the note while it waits to be saved */
  set_note_status (self, _("Saving…"), FALSE);

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  self->autosave_source = g_timeout_add (self->autosave_delay, autosave_cb, self);
}

/* Writes the note to the library if it changed.  When @leaving, the
 * status line is about to show another paper, or the window to close, so
 * a failure is told in a toast as well. */
static gboolean
save_note (ProcDetailView *self,
           Leaving         leaving)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  gboolean saved, retrying;

  g_clear_handle_id (&self->autosave_source, g_source_remove);

  if (!self->note_dirty || self->paper == NULL)
    return TRUE;

  if (self->store == NULL)
    {
      g_set_error_literal (&error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                           _("There is no library to save the note in"));
      saved = FALSE;
    }
  else
    {
      gtk_text_buffer_get_bounds (self->note_buffer, &start, &end);
      text = gtk_text_buffer_get_text (self->note_buffer, &start, &end, FALSE);

      self->saving_note = TRUE;
      if (*text == '\0' && *proc_paper_get_note (self->paper) != '\0')
        {
          /* Clearing a note is the one note edit that loses work: offer Undo. */
          g_autoptr(ProcUndo) undo =
            proc_store_set_note_undoable (self->store, proc_paper_get_id (self->paper), text, &error);

          saved = undo != NULL;
          if (saved)
            proc_widget_offer_undo (GTK_WIDGET (self), undo);
        }
      else
        saved = proc_store_set_note (self->store, proc_paper_get_id (self->paper), text, &error);
      self->saving_note = FALSE;
    }

  if (saved)
    {
      self->note_dirty = FALSE;
      self->note_failed = FALSE;
      /* Translators: under the note once it is in the library */
      set_note_status (self, _("Saved"), FALSE);
      return TRUE;
    }

  /* The text stays in the editor, and the next change tries again; so
   * does the timer when the library may take it later. */
  retrying = worth_retrying (error);
  self->note_failed = retrying;
  show_not_saved (self, error->message, retrying);
  if (retrying)
    schedule_retry (self);

  if (leaving == LEAVING_PAPER && text != NULL && retrying)
    {
      /* The editor is about to show another paper: keep the text here. */
      KeptNote *kept = g_new0 (KeptNote, 1);
      g_autoptr(GError) told = NULL;
      gint64 id = proc_paper_get_id (self->paper);

      kept->text = g_steal_pointer (&text);
      kept->reason = g_strdup (error->message);
      g_hash_table_replace (self->kept_notes, g_memdup2 (&id, sizeof id), kept);
      g_set_error (&told, error->domain, error->code,
                   /* Translators: a toast when leaving a paper whose note could not be written; %s says why */
                   _("The note is not saved yet, but it is kept and will be saved as soon as possible. %s"),
                   error->message);
      report_error (self, told);
    }
  else if (leaving != LEAVING_NOT)
    report_error (self, error);

  return FALSE;
}

static void
focus_tags_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  proc_detail_view_focus_tags (PROC_DETAIL_VIEW (widget));
}

static void
focus_note_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  proc_detail_view_focus_note (PROC_DETAIL_VIEW (widget));
}

static void
proc_detail_view_real_show_paper (ProcDetailView *self,
                                  ProcPaper      *paper)
{
  proc_detail_view_set_paper (self, paper);
  /* The row that was activated goes with the paper it was for: the
   * keyboard goes on from the top of the paper now shown. */
  gtk_widget_grab_focus (GTK_WIDGET (self->title_label));
}

static void
proc_detail_view_dispose (GObject *object)
{
  ProcDetailView *self = (ProcDetailView *)object;
  GtkWidget *child;

  /* The last keystrokes go to the library even if nobody asked, and so do
   * the notes kept from a full disk, if it has space now. */
  if (self->kept_notes != NULL)
    {
      save_note (self, LEAVING_NOT);
      retry_saving (self);
      if (g_hash_table_size (self->kept_notes) > 0 || (self->note_dirty && self->note_failed))
        /* The window asks before it closes on them; this is a last trace. */
        g_message ("Notes on %u papers could not be saved",
                   g_hash_table_size (self->kept_notes) + (self->note_dirty && self->note_failed));
    }
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_clear_handle_id (&self->similar_source, g_source_remove);
  g_clear_pointer (&self->kept_notes, g_hash_table_unref);

  if (self->paper != NULL)
    g_signal_handlers_disconnect_by_data (self->paper, self);
  g_clear_object (&self->paper);
  if (self->store != NULL)
    g_signal_handlers_disconnect_by_data (self->store, self);
  g_clear_object (&self->store);
  g_clear_pointer (&self->link_rows, g_ptr_array_unref);
  g_clear_pointer (&self->watched, g_strfreev);
  g_clear_pointer (&self->similar_rows, g_ptr_array_unref);
  g_clear_pointer (&self->similar_ids, g_array_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_DETAIL_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (proc_detail_view_parent_class)->dispose (object);
}

static void
proc_detail_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ProcDetailView *self = PROC_DETAIL_VIEW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_PAPER:
      g_value_set_object (value, self->paper);
      break;

    case PROP_AUTOSAVE_DELAY:
      g_value_set_uint (value, self->autosave_delay);
      break;

    case PROP_RETRY_INTERVAL:
      g_value_set_uint (value, self->retry_interval);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_detail_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ProcDetailView *self = PROC_DETAIL_VIEW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      proc_detail_view_set_store (self, g_value_get_object (value));
      break;

    case PROP_PAPER:
      proc_detail_view_set_paper (self, g_value_get_object (value));
      break;

    case PROP_AUTOSAVE_DELAY:
      proc_detail_view_set_autosave_delay (self, g_value_get_uint (value));
      break;

    case PROP_RETRY_INTERVAL:
      proc_detail_view_set_retry_interval (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_detail_view_class_init (ProcDetailViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_detail_view_dispose;
  object_class->get_property = proc_detail_view_get_property;
  object_class->set_property = proc_detail_view_set_property;

  properties [PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         PROC_TYPE_STORE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties [PROP_PAPER] =
    g_param_spec_object ("paper", NULL, NULL,
                         PROC_TYPE_PAPER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ProcDetailView:autosave-delay:
   *
   * How long, in milliseconds, the note waits after the last keystroke
   * before it is saved.
   */
  properties [PROP_AUTOSAVE_DELAY] =
    g_param_spec_uint ("autosave-delay", NULL, NULL,
                       0, 60000, DEFAULT_AUTOSAVE_DELAY,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ProcDetailView:retry-interval:
   *
   * How long, in milliseconds, a note the library refused (a full disk)
   * waits before it is tried again.
   */
  properties [PROP_RETRY_INTERVAL] =
    g_param_spec_uint ("retry-interval", NULL, NULL,
                       1, 600000, DEFAULT_RETRY_INTERVAL,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ProcDetailView::show-paper:
   * @paper: a paper the view offers to go to, one of the similar papers
   *
   * Emitted when one of the similar papers is activated.  The default
   * handler shows it here; a window may first select it in its list.
   */
  signals [SHOW_PAPER] =
    g_signal_new_class_handler ("show-paper",
                                G_TYPE_FROM_CLASS (klass),
                                G_SIGNAL_RUN_LAST,
                                G_CALLBACK (proc_detail_view_real_show_paper),
                                NULL, NULL, NULL,
                                G_TYPE_NONE, 1, PROC_TYPE_PAPER);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-detail-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, stack);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, title_label);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, derived_title_label);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, list_label);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, controls);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, star_button);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, rating);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, unread_button);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, reading_button);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, read_button);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, abstract_label);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, links_group);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, link_buttons);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, similar_group);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, tag_editor);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, suggested_tags);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, note_view);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, note_buffer);
  gtk_widget_class_bind_template_child (widget_class, ProcDetailView, note_status);
  gtk_widget_class_bind_template_callback (widget_class, title_editing_cb);
  gtk_widget_class_bind_template_callback (widget_class, star_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, rating_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, read_state_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, note_buffer_changed_cb);

  gtk_widget_class_install_action (widget_class, "detail.focus-tags", NULL, focus_tags_action);
  gtk_widget_class_install_action (widget_class, "detail.focus-note", NULL, focus_note_action);
  /* Bubbling up from the buttons and labels; entries and the note take
   * the letters themselves. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "detail.focus-tags", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, 0, "detail.focus-note", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "detailview");

  g_type_ensure (PROC_TYPE_RATING);
  g_type_ensure (PROC_TYPE_TAG_EDITOR);
  g_type_ensure (PROC_TYPE_SUGGESTED_TAGS);
}

static void
proc_detail_view_init (ProcDetailView *self)
{
  self->autosave_delay = DEFAULT_AUTOSAVE_DELAY;
  self->retry_interval = DEFAULT_RETRY_INTERVAL;
  self->kept_notes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, kept_note_free);
  self->link_rows = g_ptr_array_new ();
  self->similar_rows = g_ptr_array_new ();
  self->similar_ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  gtk_widget_init_template (GTK_WIDGET (self));

  wrap_editable_label (self->title_label);
  g_signal_connect (self->title_label, "destroy", G_CALLBACK (title_destroy_cb), NULL);
  update_editable (self);
  gtk_widget_set_visible (GTK_WIDGET (self->links_group), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->similar_group), FALSE);
}

GtkWidget *
proc_detail_view_new (void)
{
  return g_object_new (PROC_TYPE_DETAIL_VIEW, NULL);
}

ProcStore *
proc_detail_view_get_store (ProcDetailView *self)
{
  g_return_val_if_fail (PROC_IS_DETAIL_VIEW (self), NULL);

  return self->store;
}

void
proc_detail_view_set_store (ProcDetailView *self,
                            ProcStore      *store)
{
  g_return_if_fail (PROC_IS_DETAIL_VIEW (self));
  g_return_if_fail (!store || PROC_IS_STORE (store));

  if (self->store == store)
    return;

  /* What was typed belongs in the library it was typed for; notes kept
   * for that library have one last chance. */
  save_note (self, LEAVING_ASKED);
  if (g_hash_table_size (self->kept_notes) > 0)
    {
      retry_saving (self);
      g_hash_table_remove_all (self->kept_notes);
    }

  if (self->store != NULL)
    g_signal_handlers_disconnect_by_func (self->store, store_changed_cb, self);
  g_set_object (&self->store, store);
  if (store != NULL)
    g_signal_connect_object (store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);
  proc_tag_editor_set_store (self->tag_editor, store);
  proc_suggested_tags_set_store (self->suggested_tags, store);
  update_editable (self);
  clear_similar (self);
  schedule_similar (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_STORE]);
}

/**
 * proc_detail_view_get_paper:
 *
 * Returns: (transfer none) (nullable): the paper shown
 */
ProcPaper *
proc_detail_view_get_paper (ProcDetailView *self)
{
  g_return_val_if_fail (PROC_IS_DETAIL_VIEW (self), NULL);

  return self->paper;
}

/* The paper has a note that the library refused when it was left: the
 * editor takes it back, still to be saved. */
static void
show_kept_note (ProcDetailView *self)
{
  gint64 id = proc_paper_get_id (self->paper);
  KeptNote *kept = g_hash_table_lookup (self->kept_notes, &id);

  if (kept == NULL)
    return;

  self->loading_note = TRUE;
  gtk_text_buffer_set_text (self->note_buffer, kept->text, -1);
  self->loading_note = FALSE;
  self->note_dirty = TRUE;
  self->note_failed = TRUE;
  show_not_saved (self, kept->reason, TRUE);
  g_hash_table_remove (self->kept_notes, &id);
  schedule_retry (self);
}

/**
 * proc_detail_view_set_paper:
 * @paper: (nullable): the paper to show, or %NULL for none
 *
 * Shows @paper, after saving a pending note and a title being edited to
 * the paper shown before.
 */
void
proc_detail_view_set_paper (ProcDetailView *self,
                            ProcPaper      *paper)
{
  static const char * const notifications[] = {
    "notify::title", "notify::derived-title", "notify::user-title",
  };

  g_return_if_fail (PROC_IS_DETAIL_VIEW (self));
  g_return_if_fail (!paper || PROC_IS_PAPER (paper));

  if (self->paper == paper)
    return;

  /* Both finish on the paper they were started on. */
  gtk_editable_label_stop_editing (self->title_label, TRUE);
  save_note (self, LEAVING_PAPER);

  if (self->paper != NULL)
    g_signal_handlers_disconnect_by_data (self->paper, self);
  g_set_object (&self->paper, paper);

  if (paper != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (notifications); i++)
        g_signal_connect_object (paper, notifications[i], G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::list-name", G_CALLBACK (update_list_name), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::starred", G_CALLBACK (update_star), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::rating", G_CALLBACK (update_rating), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::read-state", G_CALLBACK (update_read_state), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::abstract", G_CALLBACK (update_abstract), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::links", G_CALLBACK (update_links), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::code-url", G_CALLBACK (update_links), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::note", G_CALLBACK (note_changed_cb), self, G_CONNECT_SWAPPED);
    }

  self->note_dirty = FALSE;
  self->note_failed = FALSE;
  set_note_status (self, "", FALSE);
  load_note (self);
  if (paper != NULL)
    show_kept_note (self);

  update_title (self);
  update_list_name (self);
  update_star (self);
  update_rating (self);
  update_read_state (self);
  update_abstract (self);
  update_links (self);
  proc_tag_editor_set_paper (self->tag_editor, paper);
  proc_suggested_tags_set_paper (self->suggested_tags, paper);
  update_editable (self);
  /* The last paper's similar papers go at once; this one's come when it
   * has stayed a moment. */
  clear_similar (self);
  schedule_similar (self);

  gtk_stack_set_visible_child_name (self->stack, paper ? "paper" : "empty");
  /* A new paper is read from its top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scrolled), 0);

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PAPER]);
}

guint
proc_detail_view_get_autosave_delay (ProcDetailView *self)
{
  g_return_val_if_fail (PROC_IS_DETAIL_VIEW (self), DEFAULT_AUTOSAVE_DELAY);

  return self->autosave_delay;
}

void
proc_detail_view_set_autosave_delay (ProcDetailView *self,
                                     guint           delay_ms)
{
  g_return_if_fail (PROC_IS_DETAIL_VIEW (self));

  if (self->autosave_delay == delay_ms)
    return;

  self->autosave_delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_AUTOSAVE_DELAY]);
}

guint
proc_detail_view_get_retry_interval (ProcDetailView *self)
{
  g_return_val_if_fail (PROC_IS_DETAIL_VIEW (self), DEFAULT_RETRY_INTERVAL);

  return self->retry_interval;
}

void
proc_detail_view_set_retry_interval (ProcDetailView *self,
                                     guint           interval_ms)
{
  g_return_if_fail (PROC_IS_DETAIL_VIEW (self));
  g_return_if_fail (interval_ms > 0);

  if (self->retry_interval == interval_ms)
    return;

  self->retry_interval = interval_ms;
  /* A retry already waiting keeps its time. */
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_RETRY_INTERVAL]);
}

/**
 * proc_detail_view_get_n_unsaved_notes:
 *
 * Returns: how many notes the library refused and the view holds, the
 *   one in the editor included, to save when it can
 */
guint
proc_detail_view_get_n_unsaved_notes (ProcDetailView *self)
{
  g_return_val_if_fail (PROC_IS_DETAIL_VIEW (self), 0);

  return g_hash_table_size (self->kept_notes) + (self->note_dirty && self->note_failed);
}

void
proc_detail_view_focus_tags (ProcDetailView *self)
{
  g_return_if_fail (PROC_IS_DETAIL_VIEW (self));

  if (self->paper != NULL)
    proc_tag_editor_focus_entry (self->tag_editor);
}

void
proc_detail_view_focus_note (ProcDetailView *self)
{
  g_return_if_fail (PROC_IS_DETAIL_VIEW (self));

  if (self->paper != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->note_view));
}

/**
 * proc_detail_view_save_note:
 *
 * Saves the note now if it has changes waiting for the autosave delay:
 * before the window closes, say; and the notes of other papers that the
 * library refused before.  A failure is shown under the note and in a
 * toast, and the text stays in the editor.
 *
 * Returns: %TRUE if every note is in the library
 */
gboolean
proc_detail_view_save_note (ProcDetailView *self)
{
  g_return_val_if_fail (PROC_IS_DETAIL_VIEW (self), FALSE);

  if (!save_note (self, LEAVING_ASKED))
    return FALSE;

  return !retry_saving (self);
}

/**
 * proc_detail_view_set_watched:
 * @terms: (nullable): the watchlists' words, marked in the abstract
 */
void
proc_detail_view_set_watched (ProcDetailView     *self,
                              const char * const *terms)
{
  g_return_if_fail (PROC_IS_DETAIL_VIEW (self));

  if (self->watched != NULL && terms != NULL && g_strv_equal ((const char * const *) self->watched, terms))
    return;

  g_clear_pointer (&self->watched, g_strfreev);
  self->watched = (terms && terms[0]) ? g_strdupv ((char **) terms) : NULL;
  update_abstract (self);
}
