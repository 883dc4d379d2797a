/* proc-suggested-tags.c: one-click tags for a paper, from its abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-suggested-tags"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "proc-collection-list.h"
#include "proc-key-phrases.h"
#include "proc-suggested-tags.h"
#include "proc-tex.h"
#include "proc-title.h"
#include "proc-undo.h"
#include "proc-utils.h"
#include "proc-wrap-layout.h"

/* A row of buttons under the paper's tags, each adding one tag.  The
 * library's own tags come first, so that papers on one topic end up under
 * one tag: those whose name, singular or plural, is one of the paper's key
 * phrases, then those its title or abstract mentions.  The key phrases
 * that are no tag yet follow.
 *
 * The key phrases are found when the paper shown changes (or its text
 * does); the library's tags are matched against them and the text when
 * the tags change, which is cheap: the tag list is the store's, a few
 * hundred names at most, and never a walk over the papers. */

#define MAX_SUGGESTIONS  6
#define MAX_PHRASES      8   /* a few more than shown: some are tags already */
#define MIN_TAG_CHARS    2

struct _ProcSuggestedTags
{
  GtkWidget parent_instance;

  ProcStore *store;
  ProcPaper *paper;
  ProcCollectionList *tags;
  char **phrases;           /* the paper's key phrases, best first */
  char *text;               /* its title and abstract, case-folded, to find tags in */
  char *title;              /* its title, case-folded, when it is not derived from the abstract */

  GtkWidget *heading;        /* the first child; the buttons follow it */
};

G_DEFINE_FINAL_TYPE (ProcSuggestedTags, proc_suggested_tags, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STORE,
  PROP_PAPER,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

typedef struct
{
  char  *name;
  char  *colour;            /* of an existing tag, or NULL */
  guint  rank;
  guint  occurrences;
  guint  n_papers;
  gboolean existing;
} Suggestion;

static void
suggestion_free (Suggestion *suggestion)
{
  g_free (suggestion->name);
  g_free (suggestion->colour);
  g_free (suggestion);
}

/* Names */

static char *
fold (const char *text)
{
  return g_utf8_casefold (text, -1);
}

/* "graph neural networks" and "graph neural network", "LLMs" and "LLM",
 * "policies" and "policy" are one tag. */
static char *
singular (const char *folded)
{
  gsize len = strlen (folded);

  if (len > 4 && g_str_has_suffix (folded, "ies"))
    return g_strdup_printf ("%.*sy", (int) (len - 3), folded);
  if (g_str_has_suffix (folded, "sses") || g_str_has_suffix (folded, "xes") ||
      g_str_has_suffix (folded, "ches") || g_str_has_suffix (folded, "shes"))
    return g_strndup (folded, len - 2);
  if (len > 3 && folded[len - 1] == 's' && !g_str_has_suffix (folded, "ss") &&
      !g_str_has_suffix (folded, "us") && !g_str_has_suffix (folded, "is"))
    return g_strndup (folded, len - 1);

  return g_strdup (folded);
}

static char *
plural (const char *singular_form)
{
  gsize len = strlen (singular_form);

  if (len > 2 && singular_form[len - 1] == 'y' && strchr ("aeiou", singular_form[len - 2]) == NULL)
    return g_strdup_printf ("%.*sies", (int) (len - 1), singular_form);
  if (g_str_has_suffix (singular_form, "s") || g_str_has_suffix (singular_form, "x") ||
      g_str_has_suffix (singular_form, "ch") || g_str_has_suffix (singular_form, "sh"))
    return g_strconcat (singular_form, "es", NULL);

  return g_strconcat (singular_form, "s", NULL);
}

static char *
tag_key (const char *name)
{
  g_autofree char *folded = fold (name);

  return singular (folded);
}

/* Chinese has no spaces: a name in it is found anywhere. */
static gboolean
is_word_edge (gunichar c)
{
  return c < 0x2e80 && !g_unichar_isalnum (c) && !g_unichar_ismark (c);
}

/* How often @word occurs in @text as words, not inside others. */
static guint
count_words (const char *text,
             const char *word)
{
  gsize len = strlen (word);
  gboolean wide_start = g_utf8_get_char (word) >= 0x2e80;
  gboolean wide_end = g_utf8_get_char (g_utf8_prev_char (word + len)) >= 0x2e80;
  guint n = 0;

  if (len == 0)
    return 0;

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    {
      gboolean starts = wide_start || p == text ||
                        is_word_edge (g_utf8_get_char (g_utf8_prev_char (p)));
      gboolean ends = wide_end || p[len] == '\0' || is_word_edge (g_utf8_get_char (p + len));

      n += starts && ends;
    }

  return n;
}

/* How often @text names the tag, in the singular or the plural. */
static guint
count_tag (const char *text,
           const char *folded_name)
{
  g_autofree char *one = singular (folded_name);
  g_autofree char *many = plural (one);
  guint n = count_words (text, one) + count_words (text, many);

  /* a name that is neither ("mathematics", "data") */
  if (!g_str_equal (folded_name, one) && !g_str_equal (folded_name, many))
    n += count_words (text, folded_name);

  return n;
}

/* Matching */

static gboolean
paper_has_tag (ProcSuggestedTags *self,
               const char        *key)
{
  const char * const *tags = proc_paper_get_tags (self->paper);

  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    {
      g_autofree char *other = tag_key (tags[i]);

      if (g_str_equal (other, key))
        return TRUE;
    }

  return FALSE;
}

/* Where a library tag stands among the suggestions, or G_MAXUINT when
 * the paper says nothing of it. */
static guint
rank_existing (ProcSuggestedTags *self,
               const char        *key,
               const char        *folded_name,
               guint             *occurrences)
{
  *occurrences = count_tag (self->text, folded_name);

  for (guint i = 0; self->phrases[i] != NULL; i++)
    {
      g_autofree char *phrase_key = tag_key (self->phrases[i]);

      if (g_str_equal (phrase_key, key))
        return i;
    }

  for (guint i = 0; self->phrases[i] != NULL; i++)
    {
      g_autofree char *phrase = fold (self->phrases[i]);

      if (count_tag (phrase, folded_name) > 0)
        return MAX_PHRASES + i;
    }

  if (self->title != NULL && count_tag (self->title, folded_name) > 0)
    return 2 * MAX_PHRASES;
  if (*occurrences > 0)
    return 2 * MAX_PHRASES + 1;

  return G_MAXUINT;
}

static int
compare_suggestions (gconstpointer a,
                     gconstpointer b)
{
  const Suggestion *sa = *(const Suggestion * const *) a;
  const Suggestion *sb = *(const Suggestion * const *) b;

  if (sa->rank != sb->rank)
    return sa->rank < sb->rank ? -1 : 1;
  if (sa->occurrences != sb->occurrences)
    return sa->occurrences > sb->occurrences ? -1 : 1;
  if (sa->n_papers != sb->n_papers)
    return sa->n_papers > sb->n_papers ? -1 : 1;

  return g_utf8_collate (sa->name, sb->name);
}

static GPtrArray *
collect_suggestions (ProcSuggestedTags *self)
{
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) suggestion_free);
  g_autoptr(GHashTable) library_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_items;

  if (self->paper == NULL || self->tags == NULL || self->phrases == NULL)
    return found;

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->tags));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(ProcCollection) tag = g_list_model_get_item (G_LIST_MODEL (self->tags), i);
      const char *name = proc_collection_get_name (tag);
      g_autofree char *folded = fold (name);
      g_autofree char *key = singular (folded);
      Suggestion *suggestion;
      guint occurrences;
      guint rank;

      g_hash_table_add (library_keys, g_strdup (key));
      if (g_utf8_strlen (name, -1) < MIN_TAG_CHARS || paper_has_tag (self, key))
        continue;
      if ((rank = rank_existing (self, key, folded, &occurrences)) == G_MAXUINT)
        continue;

      suggestion = g_new0 (Suggestion, 1);
      suggestion->name = g_strdup (name);
      suggestion->colour = g_strdup (proc_collection_get_colour (tag));
      suggestion->rank = rank;
      suggestion->occurrences = occurrences;
      suggestion->n_papers = proc_collection_get_count (tag);
      suggestion->existing = TRUE;
      g_ptr_array_add (found, suggestion);
    }
  g_ptr_array_sort (found, compare_suggestions);
  if (found->len > MAX_SUGGESTIONS)
    g_ptr_array_set_size (found, MAX_SUGGESTIONS);

  /* Then the phrases that are no tag yet. */
  for (guint i = 0; self->phrases[i] != NULL && found->len < MAX_SUGGESTIONS; i++)
    {
      g_autofree char *key = tag_key (self->phrases[i]);
      Suggestion *suggestion;

      if (g_hash_table_contains (library_keys, key) || paper_has_tag (self, key))
        continue;

      suggestion = g_new0 (Suggestion, 1);
      suggestion->name = g_strdup (self->phrases[i]);
      g_ptr_array_add (found, suggestion);
    }

  return found;
}

/* Buttons */

static void
suggestion_clicked_cb (ProcSuggestedTags *self,
                       GtkButton         *button)
{
  const char *name = g_object_get_data (G_OBJECT (button), "tag");
  gboolean had_focus = gtk_widget_has_focus (GTK_WIDGET (button));
  guint index = 0;
  g_autofree char *tag = g_strdup (name);
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  if (self->store == NULL || self->paper == NULL)
    return;

  for (GtkWidget *before = gtk_widget_get_prev_sibling (GTK_WIDGET (button));
       before != self->heading;
       before = gtk_widget_get_prev_sibling (before))
    index++;

  /* The paper notifies its new tags, and the button goes with them. */
  id = proc_paper_get_id (self->paper);
  if (!(undo = proc_store_add_tag_undoable (self->store, &id, 1, tag, &error)))
    {
      proc_widget_show_error (GTK_WIDGET (self), error);
      return;
    }
  proc_widget_offer_undo (GTK_WIDGET (self), undo);

  /* Keys go on to the suggestion that took its place, or the one before. */
  if (had_focus)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (self->heading);
      GtkWidget *last = next;

      for (; next != NULL && index > 0; index--)
        last = next, next = gtk_widget_get_next_sibling (next);
      if (next == NULL)
        next = last;
      if (next != NULL)
        gtk_widget_grab_focus (next);
    }
}

static GtkWidget *
button_new (ProcSuggestedTags *self,
            const Suggestion  *suggestion)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *icon = gtk_image_new_from_icon_name ("list-add-symbolic");
  GtkWidget *dot = proc_colour_dot_new (suggestion->colour);
  GtkWidget *label = gtk_label_new (suggestion->name);
  g_autofree char *description = NULL;

  gtk_box_append (GTK_BOX (content), icon);
  if (dot != NULL)
    gtk_box_append (GTK_BOX (content), dot);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  gtk_box_append (GTK_BOX (content), label);
  gtk_button_set_child (GTK_BUTTON (button), content);

  if (suggestion->existing)
    /* Translators: tooltip and spoken name of a suggested tag the library has; %s is the tag */
    description = g_strdup_printf (_("Add Tag “%s”"), suggestion->name);
  else
    /* Translators: tooltip and spoken name of a suggested tag from the abstract, which no paper has yet; %s is the tag */
    description = g_strdup_printf (_("Add New Tag “%s”"), suggestion->name);
  gtk_widget_set_tooltip_text (button, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description,
                                  -1);

  gtk_widget_add_css_class (button, "suggested-tag");
  g_object_set_data_full (G_OBJECT (button), "tag", g_strdup (suggestion->name), g_free);
  g_signal_connect_object (button, "clicked", G_CALLBACK (suggestion_clicked_cb), self, G_CONNECT_SWAPPED);

  return button;
}

static void
rebuild (ProcSuggestedTags *self)
{
  g_autoptr(GPtrArray) suggestions = collect_suggestions (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_next_sibling (self->heading)))
    gtk_widget_unparent (child);

  for (guint i = 0; i < suggestions->len; i++)
    gtk_widget_insert_before (button_new (self, g_ptr_array_index (suggestions, i)),
                              GTK_WIDGET (self), NULL);

  gtk_widget_set_visible (GTK_WIDGET (self), suggestions->len > 0);
}

/* The text the phrases come from: the paper's own title first, when it
 * has one, as proc_key_phrases_extract() reads a title. */
static void
read_paper (ProcSuggestedTags *self)
{
  g_autoptr(GString) source = g_string_new (NULL);
  g_autofree char *derived = NULL;
  g_autofree char *plain = NULL;
  const char *title;
  const char *abstract;

  g_clear_pointer (&self->phrases, g_strfreev);
  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->title, g_free);

  if (self->paper == NULL)
    return;

  title = proc_paper_get_title (self->paper);
  abstract = proc_paper_get_abstract (self->paper);
  derived = proc_title_derive (abstract);

  /* A title derived from the abstract would count its first sentence twice. */
  if (*title != '\0' && !g_str_equal (title, derived) && !g_str_has_prefix (abstract, title))
    {
      g_autofree char *plain_title = proc_tex_to_plain (title);

      self->title = fold (plain_title);
      g_string_append (source, title);
      /* "Is attention all you need?": a title, not a sentence */
      while (source->len > 0 && strchr (".?!", source->str[source->len - 1]) != NULL)
        g_string_truncate (source, source->len - 1);
      g_string_append (source, "\n\n");
    }
  g_string_append (source, abstract);

  self->phrases = proc_key_phrases_extract (source->str, MAX_PHRASES);
  plain = proc_tex_to_plain (source->str);
  self->text = fold (plain);
}

static void
paper_text_changed_cb (ProcSuggestedTags *self)
{
  read_paper (self);
  rebuild (self);
}

static void
store_changed_cb (ProcSuggestedTags *self,
                  guint              change,
                  ProcStore         *store)
{
  /* A tag was created, renamed or deleted: the list is fresh by now. */
  if (change & PROC_STORE_CHANGE_TAGS)
    rebuild (self);
}

/* GObject */

static void
proc_suggested_tags_dispose (GObject *object)
{
  ProcSuggestedTags *self = (ProcSuggestedTags *)object;
  GtkWidget *child;

  proc_suggested_tags_set_paper (self, NULL);
  proc_suggested_tags_set_store (self, NULL);

  g_clear_pointer (&self->phrases, g_strfreev);
  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->title, g_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_SUGGESTED_TAGS);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (proc_suggested_tags_parent_class)->dispose (object);
}

static void
proc_suggested_tags_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ProcSuggestedTags *self = PROC_SUGGESTED_TAGS (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_PAPER:
      g_value_set_object (value, self->paper);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_suggested_tags_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ProcSuggestedTags *self = PROC_SUGGESTED_TAGS (object);

  switch (prop_id)
    {
    case PROP_STORE:
      proc_suggested_tags_set_store (self, g_value_get_object (value));
      break;

    case PROP_PAPER:
      proc_suggested_tags_set_paper (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_suggested_tags_class_init (ProcSuggestedTagsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_suggested_tags_dispose;
  object_class->get_property = proc_suggested_tags_get_property;
  object_class->set_property = proc_suggested_tags_set_property;

  properties [PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         PROC_TYPE_STORE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties [PROP_PAPER] =
    g_param_spec_object ("paper", NULL, NULL,
                         PROC_TYPE_PAPER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-suggested-tags.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcSuggestedTags, heading);

  gtk_widget_class_set_layout_manager_type (widget_class, PROC_TYPE_WRAP_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "suggestedtags");
}

static void
proc_suggested_tags_init (ProcSuggestedTags *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
proc_suggested_tags_new (void)
{
  return g_object_new (PROC_TYPE_SUGGESTED_TAGS, NULL);
}

ProcStore *
proc_suggested_tags_get_store (ProcSuggestedTags *self)
{
  g_return_val_if_fail (PROC_IS_SUGGESTED_TAGS (self), NULL);

  return self->store;
}

void
proc_suggested_tags_set_store (ProcSuggestedTags *self,
                               ProcStore         *store)
{
  g_return_if_fail (PROC_IS_SUGGESTED_TAGS (self));
  g_return_if_fail (!store || PROC_IS_STORE (store));

  if (self->store == store)
    return;

  if (self->store != NULL)
    g_signal_handlers_disconnect_by_data (self->store, self);
  g_set_object (&self->store, store);
  g_clear_object (&self->tags);

  if (store != NULL)
    {
      self->tags = proc_collection_list_new (store, PROC_COLLECTION_KIND_TAG);
      /* After the tag list, which refreshes on the same signal. */
      g_signal_connect_object (store, "changed", G_CALLBACK (store_changed_cb), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    }

  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_STORE]);
}

ProcPaper *
proc_suggested_tags_get_paper (ProcSuggestedTags *self)
{
  g_return_val_if_fail (PROC_IS_SUGGESTED_TAGS (self), NULL);

  return self->paper;
}

void
proc_suggested_tags_set_paper (ProcSuggestedTags *self,
                               ProcPaper         *paper)
{
  g_return_if_fail (PROC_IS_SUGGESTED_TAGS (self));
  g_return_if_fail (!paper || PROC_IS_PAPER (paper));

  if (self->paper == paper)
    return;

  if (self->paper != NULL)
    g_signal_handlers_disconnect_by_data (self->paper, self);
  g_set_object (&self->paper, paper);

  if (paper != NULL)
    {
      g_signal_connect_object (paper, "notify::tags", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::title", G_CALLBACK (paper_text_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (paper, "notify::abstract", G_CALLBACK (paper_text_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }

  read_paper (self);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PAPER]);
}

/**
 * proc_suggested_tags_dup_names:
 *
 * Returns: (transfer full): the tags suggested, in the order shown
 */
char **
proc_suggested_tags_dup_names (ProcSuggestedTags *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **names;

  g_return_val_if_fail (PROC_IS_SUGGESTED_TAGS (self), NULL);

  for (GtkWidget *button = gtk_widget_get_next_sibling (self->heading);
       button != NULL;
       button = gtk_widget_get_next_sibling (button))
    g_strv_builder_add (builder, g_object_get_data (G_OBJECT (button), "tag"));

  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}
