/* proc-statistics-view.c: charts of the triage, the tags and the kept papers' phrases
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-statistics-view"

#include "config.h"

#include <time.h>
#include <glib/gi18n.h>
#include <adwaita.h>

#include "proc-charts.h"
#include "proc-statistics.h"
#include "proc-statistics-view.h"

/* Bars in the tag chart; the rest are counted in its summary. */
#define MAX_TAGS 10
#define MAX_PHRASES 10
/* A burst of edits (a bulk tag, undo after undo) is read once. */
#define RELOAD_DELAY_MS 400
#define EMPTY_CHART_HEIGHT 120

struct _ProcStatisticsView
{
  GtkWidget parent_instance;

  ProcStore *store;
  ProcStatistics *statistics;
  ProcPhraseCache *phrase_cache; /* each reload reads only the changed papers anew */
  GCancellable *cancellable;     /* the load running, if any */
  guint reload_source;
  gboolean reload_again;         /* the library changed during the load */

  GtkStack *stack;
  AdwStatusPage *empty_page;
  GtkFlowBox *lower_charts;
  GtkLabel *progress_summary;
  GtkDrawingArea *progress_area;
  GtkLabel *tags_summary;
  GtkDrawingArea *tags_area;
  GtkLabel *phrases_summary;
  GtkDrawingArea *phrases_area;
};

G_DEFINE_FINAL_TYPE (ProcStatisticsView, proc_statistics_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STORE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void load (ProcStatisticsView *self);

static guint
n_triaged (const ProcTriageProgress *progress)
{
  return progress->n_kept + progress->n_maybe + progress->n_skipped;
}

static char *
format_long_date (const GDate *date)
{
  g_autoptr(GDateTime) time = g_date_time_new_local (g_date_get_year (date), g_date_get_month (date),
                                                     g_date_get_day (date), 12, 0, 0);

  /* Translators: a day in a chart's description, in g_date_time_format() notation (“June 3, 2024”) */
  return g_date_time_format (time, _("%B %-d, %Y"));
}

static void
queue_draw_charts (ProcStatisticsView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->progress_area));
  gtk_widget_queue_draw (GTK_WIDGET (self->tags_area));
  gtk_widget_queue_draw (GTK_WIDGET (self->phrases_area));
}

static char *
dup_progress_summary (const ProcTriageProgress *progress)
{
  guint triaged = n_triaged (progress);
  guint n = progress->n_papers;

  if (triaged == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The paper is not triaged yet",
                                         "None of the %'u papers is triaged yet", n), n);
  if (triaged == n)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The paper is triaged",
                                         "All %'u papers are triaged", n), n);

  /* Rounded down: 100% only when all are. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u of %'u paper triaged (%u%%)",
                                       "%'u of %'u papers triaged (%u%%)", n),
                          triaged, n, (guint) ((guint64) triaged * 100 / n));
}

/* For a screen reader: the summary, the decisions, their days. */
static char *
dup_progress_description (const ProcTriageProgress *progress)
{
  g_autofree char *summary = dup_progress_summary (progress);
  g_autofree char *decisions = NULL;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  g_autofree char *days = NULL;
  guint n_days = progress->days->len;

  if (n_triaged (progress) == 0)
    return g_steal_pointer (&summary);

  decisions = g_strdup_printf (_("%'u kept, %'u maybe, %'u skipped"),
                               progress->n_kept, progress->n_maybe, progress->n_skipped);
  if (n_days == 0)
    /* Translators: a chart's description for screen readers: what it shows, then its numbers */
    return g_strdup_printf (_("%s: %s."), summary, decisions);

  first = format_long_date (&g_array_index (progress->days, ProcTriageDay, 0).date);
  last = format_long_date (&g_array_index (progress->days, ProcTriageDay, n_days - 1).date);
  if (n_days == 1)
    /* Translators: %s is a date, like “June 3, 2024” */
    days = g_strdup_printf (_("Decided on %s"), first);
  else
    /* Translators: the days on which papers were triaged: how many, the first and the last */
    days = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Decided on %'u day, from %s to %s",
                                         "Decided on %'u days, from %s to %s", n_days),
                            n_days, first, last);

  /* Translators: the triage chart's description for screen readers: how far the triage is, the decisions, their days */
  return g_strdup_printf (_("%s: %s. %s."), summary, decisions, days);
}

/* The items of a bar chart for a screen reader: “graphs, 12 papers; …”. */
static char *
dup_bar_items (const char * const *labels,
               const guint        *values,
               guint               n)
{
  GString *items = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        /* Translators: between two items of a chart's description for screen readers */
        g_string_append (items, _("; "));
      g_string_append_printf (items, g_dngettext (GETTEXT_PACKAGE, "%s, %'u paper", "%s, %'u papers", values[i]),
                              labels[i], values[i]);
    }

  return g_string_free (items, FALSE);
}

static char *
dup_tags_summary (const ProcStatistics *statistics)
{
  guint shown = statistics->tags->len;

  if (statistics->n_tags > shown)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The %'u tag with the most papers, of %'u in use",
                                         "The %'u tags with the most papers, of %'u in use", shown),
                            shown, statistics->n_tags);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u tag in use", "%'u tags in use", shown), shown);
}

static char *
dup_tags_description (const ProcStatistics *statistics)
{
  GPtrArray *tags = statistics->tags;
  g_autofree const char **labels = g_new0 (const char *, tags->len + 1);
  g_autofree guint *values = g_new0 (guint, tags->len + 1);
  g_autofree char *summary = NULL;
  g_autofree char *items = NULL;

  if (tags->len == 0)
    return g_strdup (_("No paper has a tag yet"));

  for (guint i = 0; i < tags->len; i++)
    {
      ProcTagCount *tag = g_ptr_array_index (tags, i);

      labels[i] = tag->name;
      values[i] = tag->n_papers;
    }

  summary = dup_tags_summary (statistics);
  items = dup_bar_items (labels, values, tags->len);
  /* Translators: a chart's description for screen readers: what it shows, then its numbers */
  return g_strdup_printf (_("%s: %s."), summary, items);
}

static char *
dup_phrases_summary (const ProcStatistics *statistics)
{
  guint n_kept = statistics->progress->n_kept;

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "In the title and abstract of the kept paper",
                                       "In the titles and abstracts of the %'u kept papers", n_kept),
                          n_kept);
}

static const char *
phrases_empty_title (const ProcStatistics *statistics)
{
  return statistics->progress->n_kept == 0 ? _("No Kept Papers Yet") : _("No Key Phrases");
}

static const char *
phrases_empty_description (const ProcStatistics *statistics)
{
  return statistics->progress->n_kept == 0
         ? _("The phrases that come up most in the papers you keep show here")
         : _("The kept papers’ titles and abstracts have no phrase that stands out");
}

static char *
dup_phrases_description (const ProcStatistics *statistics)
{
  GPtrArray *phrases = statistics->phrases;
  g_autofree const char **labels = g_new0 (const char *, phrases->len + 1);
  g_autofree guint *values = g_new0 (guint, phrases->len + 1);
  g_autofree char *summary = NULL;
  g_autofree char *items = NULL;

  if (phrases->len == 0)
    return g_strdup_printf (_("%s: %s."), phrases_empty_title (statistics), phrases_empty_description (statistics));

  for (guint i = 0; i < phrases->len; i++)
    {
      ProcPhraseCount *phrase = g_ptr_array_index (phrases, i);

      labels[i] = phrase->phrase;
      values[i] = phrase->n_papers;
    }

  summary = dup_phrases_summary (statistics);
  items = dup_bar_items (labels, values, phrases->len);
  return g_strdup_printf (_("%s: %s."), summary, items);
}

typedef char *(*DupText) (const ProcStatistics *statistics);

/* A bar chart's summary above it (none without bars), its height, and
 * what it tells a screen reader. */
static void
show_bars (GtkLabel             *summary_label,
           GtkDrawingArea       *area,
           guint                 n_bars,
           DupText               dup_summary,
           DupText               dup_description,
           const ProcStatistics *statistics)
{
  g_autofree char *description = dup_description (statistics);

  if (n_bars > 0)
    {
      g_autofree char *summary = dup_summary (statistics);

      gtk_label_set_label (summary_label, summary);
    }
  gtk_widget_set_visible (GTK_WIDGET (summary_label), n_bars > 0);
  gtk_drawing_area_set_content_height (area, n_bars > 0 ? proc_chart_get_bars_height (n_bars) : EMPTY_CHART_HEIGHT);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static void
update (ProcStatisticsView *self)
{
  ProcStatistics *statistics = self->statistics;
  g_autofree char *progress_summary = NULL;
  g_autofree char *progress_description = NULL;

  if (statistics->progress->n_papers == 0)
    {
      adw_status_page_set_title (self->empty_page, _("No Papers"));
      adw_status_page_set_description (self->empty_page,
                                       _("Import a conference’s paper list to see how its triage goes"));
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  progress_summary = dup_progress_summary (statistics->progress);
  progress_description = dup_progress_description (statistics->progress);
  gtk_label_set_label (self->progress_summary, progress_summary);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress_area),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, progress_description,
                                  -1);

  show_bars (self->tags_summary, self->tags_area, statistics->tags->len,
             dup_tags_summary, dup_tags_description, statistics);
  show_bars (self->phrases_summary, self->phrases_area, statistics->phrases->len,
             dup_phrases_summary, dup_phrases_description, statistics);

  gtk_stack_set_visible_child_name (self->stack, "charts");
  queue_draw_charts (self);
}

static void
show_error (ProcStatisticsView *self,
            const GError       *error)
{
  adw_status_page_set_title (self->empty_page, _("Could Not Read the Library"));
  adw_status_page_set_description (self->empty_page, error->message);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(ProcStatisticsView) self = user_data;
  g_autoptr(GError) error = NULL;
  ProcStatistics *statistics = proc_store_load_statistics_finish (PROC_STORE (object), result, &error);

  /* Cancelled: the view is going away. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->cancellable);

  if (statistics == NULL)
    show_error (self, error);
  else
    {
      g_clear_pointer (&self->statistics, proc_statistics_free);
      self->statistics = statistics;
      update (self);
    }

  if (self->reload_again)
    {
      self->reload_again = FALSE;
      load (self);
    }
}

static void
load (ProcStatisticsView *self)
{
  if (self->cancellable != NULL)
    {
      self->reload_again = TRUE;
      return;
    }

  self->cancellable = g_cancellable_new ();
  proc_store_load_statistics_async (self->store, MAX_TAGS, MAX_PHRASES, self->phrase_cache,
                                    self->cancellable, loaded_cb, g_object_ref (self));
}

static gboolean
reload_cb (gpointer data)
{
  ProcStatisticsView *self = data;

  self->reload_source = 0;
  load (self);

  return G_SOURCE_REMOVE;
}

/* Every change that commits, notes as they autosave included: the
 * reload waits for the burst to end, and reads off the main thread. */
static void
store_changed_cb (ProcStatisticsView *self,
                  guint               change)
{
  if ((change & (PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS)) == 0)
    return;

  if (self->reload_source == 0)
    self->reload_source = g_timeout_add (RELOAD_DELAY_MS, reload_cb, self);
}

static void
style_changed_cb (ProcStatisticsView *self)
{
  queue_draw_charts (self);
}

static void
draw_progress (GtkDrawingArea *area,
               cairo_t        *cr,
               int             width,
               int             height,
               gpointer        user_data)
{
  ProcStatisticsView *self = user_data;
  GDate today;

  if (self->statistics == NULL)
    return;

  if (self->statistics->progress->days->len == 0)
    {
      proc_chart_draw_empty (GTK_WIDGET (area), cr, width, height,
                             _("No Papers Triaged Yet"),
                             _("The papers you keep, skip or leave for maybe add up here, day by day"));
      return;
    }

  g_date_clear (&today, 1);
  g_date_set_time_t (&today, time (NULL));
  proc_chart_draw_progress (GTK_WIDGET (area), cr, width, height, self->statistics->progress, &today);
}

static void
draw_tags (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  ProcStatisticsView *self = user_data;
  g_autofree ProcChartBar *bars = NULL;
  ProcChartColours colours;
  GPtrArray *tags;

  if (self->statistics == NULL)
    return;

  tags = self->statistics->tags;
  if (tags->len == 0)
    {
      proc_chart_draw_empty (GTK_WIDGET (area), cr, width, height,
                             _("No Tagged Papers"),
                             _("Tag papers to see how many each tag holds"));
      return;
    }

  bars = g_new0 (ProcChartBar, tags->len);
  for (guint i = 0; i < tags->len; i++)
    {
      ProcTagCount *tag = g_ptr_array_index (tags, i);

      bars[i].label = tag->name;
      bars[i].value = tag->n_papers;
      bars[i].colour = tag->colour;
    }

  proc_chart_colours_init (&colours, GTK_WIDGET (area));
  proc_chart_draw_bars (GTK_WIDGET (area), cr, width, height, bars, tags->len, &colours.neutral);
}

static void
draw_phrases (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  ProcStatisticsView *self = user_data;
  g_autofree ProcChartBar *bars = NULL;
  ProcChartColours colours;
  GPtrArray *phrases;

  if (self->statistics == NULL)
    return;

  phrases = self->statistics->phrases;
  if (phrases->len == 0)
    {
      proc_chart_draw_empty (GTK_WIDGET (area), cr, width, height,
                             phrases_empty_title (self->statistics),
                             phrases_empty_description (self->statistics));
      return;
    }

  bars = g_new0 (ProcChartBar, phrases->len);
  for (guint i = 0; i < phrases->len; i++)
    {
      ProcPhraseCount *phrase = g_ptr_array_index (phrases, i);

      bars[i].label = phrase->phrase;
      bars[i].value = phrase->n_papers;
    }

  proc_chart_colours_init (&colours, GTK_WIDGET (area));
  proc_chart_draw_bars (GTK_WIDGET (area), cr, width, height, bars, phrases->len, &colours.accent);
}

static void
proc_statistics_view_constructed (GObject *object)
{
  ProcStatisticsView *self = (ProcStatisticsView *)object;

  G_OBJECT_CLASS (proc_statistics_view_parent_class)->constructed (object);

  g_return_if_fail (self->store != NULL);

  g_signal_connect_object (self->store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);
  load (self);
}

static void
proc_statistics_view_dispose (GObject *object)
{
  ProcStatisticsView *self = (ProcStatisticsView *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->reload_source, g_source_remove);
  g_clear_pointer (&self->statistics, proc_statistics_free);
  g_clear_pointer (&self->phrase_cache, proc_phrase_cache_unref);
  g_clear_object (&self->store);

  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_STATISTICS_VIEW);

  G_OBJECT_CLASS (proc_statistics_view_parent_class)->dispose (object);
}

static void
proc_statistics_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  ProcStatisticsView *self = PROC_STATISTICS_VIEW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_statistics_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  ProcStatisticsView *self = PROC_STATISTICS_VIEW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_statistics_view_class_init (ProcStatisticsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = proc_statistics_view_constructed;
  object_class->dispose = proc_statistics_view_dispose;
  object_class->get_property = proc_statistics_view_get_property;
  object_class->set_property = proc_statistics_view_set_property;

  properties [PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         PROC_TYPE_STORE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-statistics-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, stack);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, lower_charts);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, progress_summary);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, progress_area);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, tags_summary);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, tags_area);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, phrases_summary);
  gtk_widget_class_bind_template_child (widget_class, ProcStatisticsView, phrases_area);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "statisticsview");
}

static void
proc_statistics_view_init (ProcStatisticsView *self)
{
  self->phrase_cache = proc_phrase_cache_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_drawing_area_set_draw_func (self->progress_area, draw_progress, self, NULL);
  gtk_drawing_area_set_draw_func (self->tags_area, draw_tags, self, NULL);
  gtk_drawing_area_set_draw_func (self->phrases_area, draw_phrases, self, NULL);

  /* The cards are not to be selected or focused, only laid out. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->lower_charts));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
proc_statistics_view_new (ProcStore *store)
{
  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  return g_object_new (PROC_TYPE_STATISTICS_VIEW, "store", store, NULL);
}

ProcStore *
proc_statistics_view_get_store (ProcStatisticsView *self)
{
  g_return_val_if_fail (PROC_IS_STATISTICS_VIEW (self), NULL);

  return self->store;
}
