/* proc-triage-view.c: one paper at a time, to keep, leave for later or skip
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "proc-links.h"
#include "proc-paper-list.h"
#include "proc-tex.h"
#include "proc-triage-view.h"
#include "proc-undo.h"
#include "proc-utils.h"

/* The papers still to decide are a list of their own: the window's view
 * (its sidebar entry and search) with `is:untriaged` added, in the same
 * order.  A decision takes its paper out of that list, so the paper that
 * moves into its place is the next one to show: advancing is the list
 * re-querying itself, in SQL, not a walk over the papers in C.
 *
 * In Kept, Maybe or Skipped the view's own papers are the queue, to go
 * over the maybes again; a paper decided the same way stays, and the
 * view steps past it. */
struct _ProcTriageView
{
  GtkWidget parent_instance;

  ProcStore *store;
  ProcPaperList *queue;
  ProcPaper *paper;             /* the one on the card */
  char *view_query;             /* filter and search, for the progress */
  char *view_title;
  char **terms;
  gboolean queue_is_untriaged;  /* not Kept, Maybe or Skipped gone over again */
  guint position;
  gint64 paper_id;              /* the card's paper, to find it again after a change */
  guint n_total;

  AdwHeaderBar *header_bar;
  GtkLabel *progress_label;
  GtkProgressBar *progress_bar;
  GtkStack *stack;
  GtkScrolledWindow *scroller;
  GtkLabel *position_label;
  GtkLabel *title_label;
  GtkLabel *meta_label;
  GtkLabel *abstract_label;
  GtkWidget *code_button;
  GtkFlowBox *tags_box;
  GtkWidget *keep_button;
  AdwStatusPage *done_page;
};

G_DEFINE_FINAL_TYPE (ProcTriageView, proc_triage_view, GTK_TYPE_WIDGET)

enum {
  DECIDED,
  FAILED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static const char * const triage_views[] = { "is:kept", "is:maybe", "is:skipped" };

static gboolean
is_triage_view (const char *filter)
{
  for (guint i = 0; i < G_N_ELEMENTS (triage_views); i++)
    if (g_strcmp0 (filter, triage_views[i]) == 0)
      return TRUE;

  return FALSE;
}

static void
update_progress (ProcTriageView *self)
{
  g_autofree char *total = NULL;
  g_autofree char *done = NULL;
  g_autofree char *text = NULL;
  guint n_untriaged, n_done;

  if (self->store == NULL)
    return;

  /* Outside Kept, Maybe and Skipped the queue is the view's untriaged
   * papers, counted already: one count of SQL, not two. */
  self->n_total = proc_store_count (self->store, self->view_query ? self->view_query : "");
  if (self->queue_is_untriaged && self->queue != NULL)
    n_untriaged = g_list_model_get_n_items (G_LIST_MODEL (self->queue));
  else
    {
      g_autofree char *untriaged = g_strconcat (self->view_query ? self->view_query : "", "\nis:untriaged", NULL);

      n_untriaged = proc_store_count (self->store, untriaged);
    }
  n_done = self->n_total - MIN (self->n_total, n_untriaged);

  done = g_strdup_printf ("%'u", n_done);
  total = g_strdup_printf ("%'u", self->n_total);
  /* Translators: the papers of the view with a decision, of all its papers: "1,204 / 2,610 triaged" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s / %s triaged", "%s / %s triaged", self->n_total),
                          done, total);
  gtk_label_set_label (self->progress_label, text);
  gtk_progress_bar_set_fraction (self->progress_bar, self->n_total ? (double) n_done / self->n_total : 0.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress_bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) self->n_total,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) n_done,
                                  -1);
}

static void
update_tags (ProcTriageView *self)
{
  const char * const *tags = proc_paper_get_tags (self->paper);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tags_box))) != NULL)
    gtk_flow_box_remove (self->tags_box, child);

  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    {
      GtkWidget *chip = gtk_label_new (tags[i]);

      gtk_widget_add_css_class (chip, "tag-chip");
      gtk_widget_add_css_class (chip, "triage-tag");
      gtk_flow_box_append (self->tags_box, chip);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tags_box), tags != NULL && tags[0] != NULL);
}

static void
update_card (ProcTriageView *self)
{
  g_autofree char *title = NULL;
  g_autofree char *abstract = NULL;
  g_autofree char *position = NULL;
  g_autoptr(GString) meta = g_string_new (NULL);
  const char *list_name, *authors;
  int year;

  if (self->paper == NULL)
    return;

  title = proc_tex_to_plain (proc_paper_get_title (self->paper));
  gtk_label_set_label (self->title_label, title);

  list_name = proc_paper_get_list_name (self->paper);
  year = proc_paper_get_year (self->paper);
  authors = proc_paper_get_authors (self->paper);
  if (authors != NULL && *authors != '\0')
    g_string_append (meta, authors);
  if (list_name != NULL && *list_name != '\0')
    g_string_append_printf (meta, "%s%s", meta->len ? " · " : "", list_name);
  if (year > 0 && (list_name == NULL || strstr (list_name, "20") == NULL))
    g_string_append_printf (meta, "%s%d", meta->len ? " · " : "", year);
  gtk_label_set_label (self->meta_label, meta->str);
  gtk_widget_set_visible (GTK_WIDGET (self->meta_label), meta->len > 0);

  abstract = proc_links_to_markup (proc_paper_get_abstract (self->paper));
  if (self->terms != NULL)
    {
      g_autofree char *rendered = g_steal_pointer (&abstract);

      abstract = proc_mark_watched (rendered, (const char * const *) self->terms);
    }
  if (*abstract == '\0')
    {
      g_free (abstract);
      abstract = g_markup_printf_escaped ("<i>%s</i>", _("This paper has no abstract"));
    }
  gtk_label_set_markup (self->abstract_label, abstract);

  gtk_widget_set_visible (self->code_button, proc_paper_get_code_url (self->paper) != NULL);
  if (proc_paper_get_code_url (self->paper) != NULL)
    gtk_widget_set_tooltip_text (self->code_button, proc_paper_get_code_url (self->paper));
  update_tags (self);

  /* Translators: the view being triaged, then the card's place among its
   * papers left to triage: "All Papers · 3 of 1,406 left" */
  position = g_strdup_printf (_("%s · %'u of %'u left"), self->view_title ? self->view_title : "",
                              self->position + 1, g_list_model_get_n_items (G_LIST_MODEL (self->queue)));
  gtk_label_set_label (self->position_label, position);
}

static void
paper_notify_cb (ProcTriageView *self)
{
  update_card (self);
}

static void
update_actions (ProcTriageView *self)
{
  guint n = self->queue ? g_list_model_get_n_items (G_LIST_MODEL (self->queue)) : 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "triage.decide", self->paper != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "triage.previous", self->paper != NULL && self->position > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "triage.next", self->paper != NULL && self->position + 1 < n);
}

/* Shows the paper at self->position, or the end when there is none. */
static void
show_position (ProcTriageView *self)
{
  guint n = self->queue ? g_list_model_get_n_items (G_LIST_MODEL (self->queue)) : 0;
  g_autoptr(ProcPaper) paper = NULL;

  /* Past the end, papers passed by with Next are still to decide. */
  if (self->position >= n)
    self->position = 0;
  if (n > 0)
    paper = g_list_model_get_item (G_LIST_MODEL (self->queue), self->position);

  if (paper != self->paper)
    {
      if (self->paper != NULL)
        g_signal_handlers_disconnect_by_func (self->paper, paper_notify_cb, self);
      g_set_object (&self->paper, paper);
      if (paper != NULL)
        {
          g_signal_connect_object (paper, "notify", G_CALLBACK (paper_notify_cb), self, G_CONNECT_SWAPPED);
          /* A new card starts at its top. */
          gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
        }
    }
  self->paper_id = paper ? proc_paper_get_id (paper) : 0;

  if (paper != NULL)
    {
      update_card (self);
      gtk_stack_set_visible_child_name (self->stack, "card");
    }
  else
    {
      adw_status_page_set_description (self->done_page,
                                       self->n_total == 0
                                       ? _("This view has no papers")
                                       : _("Every paper in this view has a decision"));
      gtk_stack_set_visible_child_name (self->stack, "done");
    }

  update_actions (self);
}

/* The list changed under the card: an edit, an import, a decision.  The
 * card keeps its paper when that is still to decide; a decided paper
 * left its place to the next one. */
static void
queue_changed_cb (ProcTriageView *self)
{
  if (self->paper_id != 0)
    {
      int found = proc_paper_list_find (self->queue, self->paper_id);

      if (found >= 0)
        self->position = found;
    }

  update_progress (self);
  show_position (self);
}

static void
code_clicked_cb (ProcTriageView *self)
{
  const char *url = self->paper ? proc_paper_get_code_url (self->paper) : NULL;

  if (url != NULL)
    proc_widget_open_uri (GTK_WIDGET (self), url);
}

static ProcTriage
triage_from_name (const char *name)
{
  if (g_strcmp0 (name, "keep") == 0)
    return PROC_TRIAGE_KEEP;
  if (g_strcmp0 (name, "maybe") == 0)
    return PROC_TRIAGE_MAYBE;
  if (g_strcmp0 (name, "skip") == 0)
    return PROC_TRIAGE_SKIP;
  return PROC_TRIAGE_UNTRIAGED;
}

static void
decide_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  proc_triage_view_decide (PROC_TRIAGE_VIEW (widget), triage_from_name (g_variant_get_string (parameter, NULL)));
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ProcTriageView *self = PROC_TRIAGE_VIEW (widget);
  guint n = self->queue ? g_list_model_get_n_items (G_LIST_MODEL (self->queue)) : 0;

  if (g_str_equal (action_name, "triage.next") && self->position + 1 < n)
    self->position++;
  else if (g_str_equal (action_name, "triage.previous") && self->position > 0)
    self->position--;
  else
    return;

  show_position (self);
}

static void
proc_triage_view_dispose (GObject *object)
{
  ProcTriageView *self = (ProcTriageView *)object;
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_TRIAGE_VIEW);
  /* The toolbar view has no name to be unparented by. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->queue != NULL)
    g_signal_handlers_disconnect_by_data (self->queue, self);
  g_clear_object (&self->queue);
  g_clear_object (&self->paper);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (proc_triage_view_parent_class)->dispose (object);
}

static void
proc_triage_view_finalize (GObject *object)
{
  ProcTriageView *self = (ProcTriageView *)object;

  g_free (self->view_query);
  g_free (self->view_title);
  g_strfreev (self->terms);

  G_OBJECT_CLASS (proc_triage_view_parent_class)->finalize (object);
}

static void
add_key (GtkShortcutController *keys,
         guint                  keyval,
         const char            *action,
         const char            *decision)
{
  gtk_shortcut_controller_add_shortcut (keys,
                                        gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (keyval, 0),
                                                                         gtk_named_action_new (action),
                                                                         decision ? "s" : NULL, decision));
}

static void
proc_triage_view_class_init (ProcTriageViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_triage_view_dispose;
  object_class->finalize = proc_triage_view_finalize;

  /**
   * ProcTriageView::decided:
   * @undo: the record that takes the decision back
   *
   * A decision reached the library; the window offers to undo it.
   */
  signals [DECIDED] =
    g_signal_new ("decided",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, PROC_TYPE_UNDO);

  /**
   * ProcTriageView::failed:
   * @error: why the library did not take the decision
   */
  signals [FAILED] =
    g_signal_new ("failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-triage-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "triageview");
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, stack);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, scroller);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, position_label);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, title_label);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, meta_label);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, abstract_label);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, code_button);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, tags_box);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, keep_button);
  gtk_widget_class_bind_template_child (widget_class, ProcTriageView, done_page);
  gtk_widget_class_bind_template_callback (widget_class, code_clicked_cb);

  gtk_widget_class_install_action (widget_class, "triage.decide", "s", decide_action);
  gtk_widget_class_install_action (widget_class, "triage.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "triage.previous", NULL, step_action);

}

static void
proc_triage_view_init (ProcTriageView *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutController *keys = GTK_SHORTCUT_CONTROLLER (controller);

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Single keys, as a mail client's: the card has no text to type in.
   * Bubbling from the card's buttons, or the view itself. */
  add_key (keys, GDK_KEY_k, "triage.decide", "keep");
  add_key (keys, GDK_KEY_1, "triage.decide", "keep");
  add_key (keys, GDK_KEY_KP_1, "triage.decide", "keep");
  add_key (keys, GDK_KEY_m, "triage.decide", "maybe");
  add_key (keys, GDK_KEY_2, "triage.decide", "maybe");
  add_key (keys, GDK_KEY_KP_2, "triage.decide", "maybe");
  add_key (keys, GDK_KEY_s, "triage.decide", "skip");
  add_key (keys, GDK_KEY_3, "triage.decide", "skip");
  add_key (keys, GDK_KEY_KP_3, "triage.decide", "skip");
  add_key (keys, GDK_KEY_j, "triage.next", NULL);
  add_key (keys, GDK_KEY_Right, "triage.next", NULL);
  add_key (keys, GDK_KEY_Left, "triage.previous", NULL);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  update_actions (self);
}

void
proc_triage_view_set_store (ProcTriageView *self,
                            ProcStore      *store)
{
  g_return_if_fail (PROC_IS_TRIAGE_VIEW (self));
  g_return_if_fail (PROC_IS_STORE (store));

  if (!g_set_object (&self->store, store))
    return;

  proc_triage_view_leave (self);
}

/**
 * proc_triage_view_leave:
 *
 * Lets the queue go until the next proc_triage_view_set_view(): the
 * queue is a paper list of its own, which queries every paper of its
 * view when made and again after every edit, triaging or not (at 870,000
 * papers, a sixth of the window's start and of each edit's wait).
 */
void
proc_triage_view_leave (ProcTriageView *self)
{
  g_return_if_fail (PROC_IS_TRIAGE_VIEW (self));

  if (self->queue != NULL)
    g_signal_handlers_disconnect_by_data (self->queue, self);
  g_clear_object (&self->queue);
  self->position = 0;
  show_position (self);
}

/**
 * proc_triage_view_set_view:
 *
 * Triages the papers of the window's view, @title: its sidebar entry @filter and
 * its @search, in its order.  The card goes back to the first paper left.
 */
void
proc_triage_view_set_view (ProcTriageView *self,
                           const char     *title,
                           const char     *filter,
                           const char     *search,
                           ProcSortKey     sort_key,
                           gboolean        descending)
{
  g_autofree char *queue_filter = NULL;

  g_return_if_fail (PROC_IS_TRIAGE_VIEW (self));
  g_return_if_fail (self->store != NULL);

  if (self->queue == NULL)
    {
      self->queue = proc_paper_list_new (self->store);
      g_signal_connect_object (self->queue, "items-changed", G_CALLBACK (queue_changed_cb), self, G_CONNECT_SWAPPED);
    }

  g_free (self->view_title);
  self->view_title = g_strdup (title);
  g_free (self->view_query);
  /* Lines of their own, each to match (see proc_store_query_ids()):
   * a watchlist's "a OR b" stays one condition. */
  self->view_query = g_strjoin ("\n", filter ? filter : "", search ? search : "", NULL);

  self->queue_is_untriaged = !is_triage_view (filter);
  queue_filter = self->queue_is_untriaged
    ? g_strconcat (filter ? filter : "", "\nis:untriaged", NULL)
    : g_strdup (filter);

  self->position = 0;
  self->paper_id = 0;
  g_signal_handlers_block_by_func (self->queue, queue_changed_cb, self);
  proc_paper_list_set_sort_key (self->queue, sort_key);
  proc_paper_list_set_descending (self->queue, descending);
  proc_paper_list_set_search (self->queue, search);
  proc_paper_list_set_filter (self->queue, queue_filter);
  g_signal_handlers_unblock_by_func (self->queue, queue_changed_cb, self);

  update_progress (self);
  show_position (self);
}

/* The watchlists' words, marked in the card. */
void
proc_triage_view_set_highlights (ProcTriageView     *self,
                                 const char * const *terms)
{
  g_return_if_fail (PROC_IS_TRIAGE_VIEW (self));

  g_strfreev (self->terms);
  self->terms = (terms && terms[0]) ? g_strdupv ((char **) terms) : NULL;
  update_card (self);
}

ProcPaper *
proc_triage_view_get_paper (ProcTriageView *self)
{
  g_return_val_if_fail (PROC_IS_TRIAGE_VIEW (self), NULL);

  return self->paper;
}

/* Brings a paper back to the card: the one whose decision was undone. */
void
proc_triage_view_show_paper (ProcTriageView *self,
                             gint64          id)
{
  int found;

  g_return_if_fail (PROC_IS_TRIAGE_VIEW (self));

  if (self->queue == NULL || (found = proc_paper_list_find (self->queue, id)) < 0)
    return;

  self->position = found;
  show_position (self);
}

/**
 * proc_triage_view_decide:
 *
 * Records @triage for the card's paper in one transaction and moves on to
 * the next paper to decide; emits ::decided with the undo record.
 *
 * Returns: whether the decision reached the library
 */
gboolean
proc_triage_view_decide (ProcTriageView *self,
                         ProcTriage      triage)
{
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  g_return_val_if_fail (PROC_IS_TRIAGE_VIEW (self), FALSE);

  if (self->paper == NULL || triage == PROC_TRIAGE_UNTRIAGED)
    return FALSE;

  id = proc_paper_get_id (self->paper);
  /* The list re-queries while the edit is committed: find the next paper
   * where this one was, not this one again. */
  self->paper_id = 0;
  undo = proc_store_set_triage_undoable (self->store, &id, 1, triage, &error);
  if (undo == NULL)
    {
      self->paper_id = id;
      g_signal_emit (self, signals [FAILED], 0, error);
      return FALSE;
    }

  /* Decided the way it stood (a maybe kept as maybe): it is still here,
   * and the list did not change; the card moves on by itself. */
  if (self->paper_id == 0)
    {
      if (proc_paper_list_get_id (self->queue, self->position) == id)
        self->position++;
      show_position (self);
    }

  g_signal_emit (self, signals [DECIDED], 0, undo);
  return TRUE;
}

/* Puts the keyboard on the card, so its single keys work at once. */
void
proc_triage_view_focus (ProcTriageView *self)
{
  g_return_if_fail (PROC_IS_TRIAGE_VIEW (self));

  gtk_widget_grab_focus (self->keep_button);
}
