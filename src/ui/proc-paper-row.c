/* proc-paper-row.c: one paper in the list
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "proc-highlight.h"
#include "proc-utils.h"
#include "proc-paper-row.h"
#include "proc-tex.h"

#define MAX_CHIPS 3
/* One caption line of the widest list pane, folded, holds fewer; every
 * character more is shaped by Pango in each of the list view's rows. */
#define PREVIEW_CHARS 180
#define HIGHLIGHT_OPEN "<span background=\"#f6d32d\" bgalpha=\"45%\">"
#define HIGHLIGHT_CLOSE "</span>"

/* Title and preview are GtkInscriptions: their size comes from font
 * metrics, not from their text, so Pango shapes text only for the rows
 * drawn.  GTK 4.8's list view builds and measures some 200 rows for each
 * new result; with labels, measuring them was most of a search's time.
 *
 * Rows are recycled by the list view: set_paper() rebinds one to another
 * paper, and the paper's notify signals repaint it when the store changes
 * that paper, without the list reloading. */
struct _ProcPaperRow
{
  GtkWidget parent_instance;

  ProcPaper *paper;
  char **terms;
  char **watched;
  char *preview;

  GtkButton *star_button;
  GtkWidget *unread_dot;
  GtkInscription *title_label;
  GtkInscription *preview_label;
  GtkBox *chips_box;
  GtkLabel *state_badge;
  GtkLabel *triage_badge;
  GtkImage *code_icon;
  GtkLabel *chips[MAX_CHIPS];
  GtkLabel *more_chip;
  gboolean star_shown;   /* what the star button shows, as set last */
};

G_DEFINE_FINAL_TYPE (ProcPaperRow, proc_paper_row, GTK_TYPE_WIDGET)

/* Markup always gives the inscription new attributes, and GTK 4.8 then
 * looks up its CSS style at once: for a row the list view has just moved
 * to a new list item, that is the whole style of the row, 200 rows per
 * new search.  Text without a search word in it goes in as plain text. */
static void
set_text_marked (ProcPaperRow   *self,
                 GtkInscription *inscription,
                 const char     *plain)
{
  const ProcHighlightSet sets[] = {
    { (const char * const *) self->terms, HIGHLIGHT_OPEN, HIGHLIGHT_CLOSE, FALSE },
    { (const char * const *) self->watched, PROC_WATCHED_OPEN, PROC_WATCHED_CLOSE, TRUE },
  };
  g_autofree char *markup = NULL;

  if (self->terms == NULL && self->watched == NULL)
    {
      gtk_inscription_set_text (inscription, plain);
      gtk_inscription_set_attributes (inscription, NULL);
      return;
    }

  markup = proc_highlight_markup_sets (plain, sets, G_N_ELEMENTS (sets));
  if (strstr (markup, HIGHLIGHT_OPEN) != NULL || strstr (markup, PROC_WATCHED_OPEN) != NULL)
    {
      gtk_inscription_set_markup (inscription, markup);
      return;
    }

  gtk_inscription_set_text (inscription, plain);
  gtk_inscription_set_attributes (inscription, NULL);
}

static void
update_title (ProcPaperRow *self)
{
  g_autofree char *plain = NULL;

  plain = proc_tex_to_plain (self->paper ? proc_paper_get_title (self->paper) : "");
  set_text_marked (self, self->title_label, plain);
}

static void
update_preview (ProcPaperRow *self)
{
  g_clear_pointer (&self->preview, g_free);
  if (self->paper != NULL)
    {
      g_autofree char *plain = proc_tex_to_plain (proc_paper_get_abstract (self->paper));

      /* One line is shown: converting the whole abstract is wasted work. */
      self->preview = g_utf8_substring (plain, 0, MIN (g_utf8_strlen (plain, -1), PREVIEW_CHARS));
    }

  set_text_marked (self, self->preview_label, self->preview);
  gtk_widget_set_visible (GTK_WIDGET (self->code_icon),
                          self->paper != NULL && proc_paper_get_code_url (self->paper) != NULL);
}

static void
update_star (ProcPaperRow *self)
{
  gboolean starred = self->paper != NULL && proc_paper_get_starred (self->paper);

  if (starred == self->star_shown)
    return;

  self->star_shown = starred;
  gtk_button_set_icon_name (self->star_button, starred ? "starred-symbolic" : "non-starred-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->star_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, starred ? _("Unstar") : _("Star"),
                                  -1);
  if (starred)
    gtk_widget_add_css_class (GTK_WIDGET (self->star_button), "starred");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->star_button), "starred");
}

/* Tooltips are asked for when shown rather than set: setting one on a
 * shown widget makes GTK query the pointer, a round trip to the display
 * server, and the list view builds some 200 rows for each new search. */
static gboolean
query_tooltip_cb (GtkWidget    *widget,
                  int           x,
                  int           y,
                  gboolean      keyboard_mode,
                  GtkTooltip   *tooltip,
                  ProcPaperRow *self)
{
  if (widget == GTK_WIDGET (self->star_button))
    gtk_tooltip_set_text (tooltip, self->star_shown ? _("Unstar") : _("Star"));
  else if (widget == self->unread_dot)
    gtk_tooltip_set_text (tooltip, _("Unread"));
  else
    gtk_tooltip_set_text (tooltip, _("Has a code link"));

  return TRUE;
}

static void
update_state (ProcPaperRow *self)
{
  ProcReadState state = self->paper ? proc_paper_get_read_state (self->paper) : PROC_READ_STATE_UNREAD;

  gtk_widget_set_visible (self->unread_dot, state == PROC_READ_STATE_UNREAD);
  gtk_widget_set_visible (GTK_WIDGET (self->state_badge), state == PROC_READ_STATE_READING);
  /* Translators: a badge on a paper that is being read */
  gtk_label_set_label (self->state_badge, C_("read state", "Reading"));

  if (state == PROC_READ_STATE_READ)
    gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "read");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->title_label), "read");
}

/* Chip labels are made when a paper first needs them and then reused
 * as the row shows other papers: most papers have no tags, and the list
 * view makes some 200 rows for each new result. */
static GtkLabel *
ensure_chip (ProcPaperRow  *self,
             GtkLabel     **chip,
             gboolean       is_tag)
{
  if (*chip == NULL)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_widget_add_css_class (label, "caption");
      if (is_tag)
        {
          gtk_widget_add_css_class (label, "row-tag-chip");
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
        }
      else
        gtk_widget_add_css_class (label, "dim-label");

      /* Tags in their order, the count of the others last. */
      if (is_tag && self->more_chip != NULL)
        gtk_widget_insert_before (label, GTK_WIDGET (self->chips_box), GTK_WIDGET (self->more_chip));
      else
        gtk_box_append (self->chips_box, label);
      *chip = GTK_LABEL (label);
    }

  return *chip;
}

/* The triage decision, as the sidebar names it, in its colour. */
static void
update_triage (ProcPaperRow *self)
{
  static const char * const classes[] = { NULL, "kept", "maybe", "skipped" };
  ProcTriage triage = self->paper ? proc_paper_get_triage (self->paper) : PROC_TRIAGE_UNTRIAGED;
  GtkWidget *badge = GTK_WIDGET (self->triage_badge);

  for (guint i = 1; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (badge, classes[i]);

  gtk_widget_set_visible (badge, triage != PROC_TRIAGE_UNTRIAGED);
  switch (triage)
    {
    case PROC_TRIAGE_KEEP: gtk_label_set_label (self->triage_badge, _("Kept")); break;
    case PROC_TRIAGE_MAYBE: gtk_label_set_label (self->triage_badge, _("Maybe")); break;
    case PROC_TRIAGE_SKIP: gtk_label_set_label (self->triage_badge, _("Skipped")); break;
    case PROC_TRIAGE_UNTRIAGED:
    default: return;
    }
  gtk_widget_add_css_class (badge, classes[triage]);
}

static void
update_chips (ProcPaperRow *self)
{
  const char * const *tags = self->paper ? proc_paper_get_tags (self->paper) : NULL;
  guint n = tags ? g_strv_length ((char **) tags) : 0;

  for (guint i = 0; i < MAX_CHIPS; i++)
    {
      if (i < n)
        gtk_label_set_label (ensure_chip (self, &self->chips[i], TRUE), tags[i]);
      if (self->chips[i] != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->chips[i]), i < n);
    }

  if (n > MAX_CHIPS)
    {
      g_autofree char *more = g_strdup_printf ("+%u", n - MAX_CHIPS);

      gtk_label_set_label (ensure_chip (self, &self->more_chip, FALSE), more);
    }
  if (self->more_chip != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->more_chip), n > MAX_CHIPS);

  gtk_widget_set_visible (GTK_WIDGET (self->chips_box),
                          n > 0 || gtk_widget_get_visible (GTK_WIDGET (self->state_badge)) ||
                          gtk_widget_get_visible (GTK_WIDGET (self->triage_badge)));
}

static void
paper_notify_cb (ProcPaperRow *self,
                 GParamSpec   *pspec,
                 ProcPaper    *paper)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "title"))
    update_title (self);
  else if (g_str_equal (name, "abstract") || g_str_equal (name, "code-url"))
    update_preview (self);
  else if (g_str_equal (name, "starred"))
    update_star (self);
  else if (g_str_equal (name, "read-state"))
    {
      update_state (self);
      update_chips (self);
    }
  else if (g_str_equal (name, "tags"))
    update_chips (self);
  else if (g_str_equal (name, "triage"))
    {
      update_triage (self);
      update_chips (self);
    }
}

static void
star_clicked_cb (ProcPaperRow *self)
{
  if (self->paper == NULL)
    return;

  /* Through the window's action, so the edit gets its toast and undo. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.toggle-star-paper", "x",
                              proc_paper_get_id (self->paper));
}

static void
proc_paper_row_dispose (GObject *object)
{
  ProcPaperRow *self = (ProcPaperRow *)object;
  GtkWidget *child;

  proc_paper_row_set_paper (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_PAPER_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (proc_paper_row_parent_class)->dispose (object);
}

static void
proc_paper_row_finalize (GObject *object)
{
  ProcPaperRow *self = (ProcPaperRow *)object;

  g_clear_pointer (&self->terms, g_strfreev);
  g_clear_pointer (&self->watched, g_strfreev);
  g_clear_pointer (&self->preview, g_free);

  G_OBJECT_CLASS (proc_paper_row_parent_class)->finalize (object);
}

static void
proc_paper_row_class_init (ProcPaperRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_paper_row_dispose;
  object_class->finalize = proc_paper_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-paper-row.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, star_button);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, unread_dot);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, preview_label);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, chips_box);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, state_badge);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, triage_badge);
  gtk_widget_class_bind_template_child (widget_class, ProcPaperRow, code_icon);
  gtk_widget_class_bind_template_callback (widget_class, star_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, query_tooltip_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "paperrow");
}

static void
proc_paper_row_init (ProcPaperRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
proc_paper_row_new (void)
{
  return g_object_new (PROC_TYPE_PAPER_ROW, NULL);
}

ProcPaper *
proc_paper_row_get_paper (ProcPaperRow *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_ROW (self), NULL);

  return self->paper;
}

void
proc_paper_row_set_paper (ProcPaperRow *self,
                          ProcPaper    *paper)
{
  g_return_if_fail (PROC_IS_PAPER_ROW (self));
  g_return_if_fail (!paper || PROC_IS_PAPER (paper));

  if (self->paper == paper)
    return;

  if (self->paper != NULL)
    g_signal_handlers_disconnect_by_data (self->paper, self);
  g_set_object (&self->paper, paper);

  /* Unbound, the row is not shown, and its next paper sets every field:
   * emptying them first doubled the work each new search gives GTK. */
  if (paper == NULL)
    return;

  g_signal_connect_object (paper, "notify", G_CALLBACK (paper_notify_cb), self, G_CONNECT_SWAPPED);

  update_title (self);
  update_preview (self);
  update_star (self);
  update_state (self);
  update_triage (self);
  update_chips (self);
}

/**
 * proc_paper_row_set_highlight:
 * @terms: (nullable): the words being searched, marked in title and preview
 */
void
proc_paper_row_set_highlight (ProcPaperRow       *self,
                              const char * const *terms)
{
  g_return_if_fail (PROC_IS_PAPER_ROW (self));

  if (self->terms == NULL && (terms == NULL || terms[0] == NULL))
    return;
  if (self->terms != NULL && terms != NULL && g_strv_equal ((const char * const *) self->terms, terms))
    return;

  g_strfreev (self->terms);
  self->terms = (terms && terms[0]) ? g_strdupv ((char **) terms) : NULL;
  /* A row about to be bound marks its paper's words then. */
  if (self->paper != NULL)
    {
      update_title (self);
      update_preview (self);
    }
}

/**
 * proc_paper_row_set_watched:
 * @terms: (nullable): the watchlists' words, marked in their own colour
 */
void
proc_paper_row_set_watched (ProcPaperRow       *self,
                            const char * const *terms)
{
  g_return_if_fail (PROC_IS_PAPER_ROW (self));

  if (self->watched == NULL && (terms == NULL || terms[0] == NULL))
    return;
  if (self->watched != NULL && terms != NULL && g_strv_equal ((const char * const *) self->watched, terms))
    return;

  g_strfreev (self->watched);
  self->watched = (terms && terms[0]) ? g_strdupv ((char **) terms) : NULL;
  if (self->paper != NULL)
    {
      update_title (self);
      update_preview (self);
    }
}

void
proc_paper_row_set_show_preview (ProcPaperRow *self,
                                 gboolean      show)
{
  g_return_if_fail (PROC_IS_PAPER_ROW (self));

  gtk_widget_set_visible (GTK_WIDGET (self->preview_label), show);
}

/* The title as a person reads it in the row. */
const char *
proc_paper_row_get_title_text (ProcPaperRow *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_ROW (self), NULL);

  return gtk_inscription_get_text (self->title_label);
}

GtkWidget *
proc_paper_row_get_star_button (ProcPaperRow *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_ROW (self), NULL);

  return GTK_WIDGET (self->star_button);
}
