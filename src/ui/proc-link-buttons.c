/* proc-link-buttons.c: a paper's own pages as a row of buttons (PDF, OpenReview, Code…)
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-link-buttons"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-link-buttons.h"
#include "proc-links.h"
#include "proc-utils.h"

/* The kinds a button names, in the order a reader looks for them: the
 * paper itself, its reviews, its code, then the rest.  The labels are the
 * exports' own ("link" context), so both read the same. */
static const struct
{
  ProcLinkKind kind;
  const char *label;
} buttons[] = {
  { PROC_LINK_PDF, NC_("link", "PDF") },
  { PROC_LINK_OPENREVIEW, NC_("link", "OpenReview") },
  { PROC_LINK_CODE, NC_("link", "Code") },
  { PROC_LINK_SUPPLEMENT, NC_("link", "Supplement") },
  { PROC_LINK_ARXIV, NC_("link", "arXiv") },
  { PROC_LINK_DOI, NC_("link", "DOI") },
};

static void
button_clicked_cb (GtkButton *button,
                   gpointer   user_data)
{
  proc_widget_open_uri (GTK_WIDGET (button), g_object_get_data (G_OBJECT (button), "url"));
}

static void
add_button (AdwWrapBox *box,
            const char *label,
            const char *url)
{
  GtkWidget *button = gtk_button_new_with_label (g_dpgettext2 (NULL, "link", label));

  /* the address itself, so that a reader sees where it goes */
  gtk_widget_set_tooltip_text (button, url);
  g_object_set_data_full (G_OBJECT (button), "url", g_strdup (url), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked_cb), NULL);
  adw_wrap_box_append (box, button);
}

/**
 * proc_link_buttons_fill:
 * @box: the box to fill, emptied first
 * @paper: (nullable): the paper
 * @shown: (out caller-allocates): one flag for each of the paper's links
 *   (proc_paper_get_links()), set for those a button shows
 *
 * A button for the first link of each kind in `buttons`, and for the
 * paper's DOI; every other link is for the caller to list.
 *
 * Returns: how many buttons @box holds
 */
guint
proc_link_buttons_fill (AdwWrapBox *box,
                        ProcPaper  *paper,
                        gboolean   *shown)
{
  const char * const *links;
  const char * const *kinds;
  GtkWidget *child;
  guint n_buttons = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    adw_wrap_box_remove (box, child);

  if (paper == NULL)
    return 0;

  links = proc_paper_get_links (paper);
  kinds = proc_paper_get_link_kinds (paper);

  for (guint b = 0; b < G_N_ELEMENTS (buttons); b++)
    {
      g_autofree char *button_href = NULL;

      /* the paper's own DOI, before one its abstract mentions */
      if (buttons[b].kind == PROC_LINK_DOI)
        button_href = proc_doi_dup_href (proc_paper_get_doi (paper));

      for (guint i = 0; links[i] != NULL && kinds[i] != NULL; i++)
        {
          g_autofree char *href = NULL;

          if (proc_link_kind_from_string (kinds[i]) != buttons[b].kind)
            continue;
          href = proc_link_dup_href (links[i]);
          if (href == NULL && buttons[b].kind == PROC_LINK_DOI)
            href = proc_doi_dup_href (links[i]);
          if (href == NULL)
            continue;
          if (button_href == NULL)
            button_href = g_strdup (href);
          /* the link the button opens is not listed again */
          shown[i] = g_str_equal (href, button_href);
        }

      if (button_href != NULL)
        {
          add_button (box, buttons[b].label, button_href);
          n_buttons++;
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (box), n_buttons > 0);

  return n_buttons;
}
