/* window-common.h: what the window tests of triage and watchlists share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-window-private.h"

G_BEGIN_DECLS

typedef void (*WindowScenario) (ProcWindow *window);

void        window_test_init     (int           *argc,
                                  char        ***argv,
                                  const char    *name);
void        window_test_finish   (void);
const char *window_test_library  (void);
void        window_test_reset_library (void);
GSettings  *window_test_settings (void);
void        window_test_run      (WindowScenario scenario);

void        wait_ms              (guint          ms);
char       *raw_text             (const char    *sql);
GtkWidget  *find_by_id           (GtkWidget     *widget,
                                  const char    *id);
gboolean    has_label            (GtkWidget     *widget,
                                  const char    *text);
gboolean    toast_shown          (ProcWindow    *window,
                                  const char    *text);
guint       sidebar_count        (ProcWindow    *window,
                                  const char    *label);
void        click                (GtkWidget     *button);
void        right_click          (GtkWidget     *widget);
void        search_for           (ProcWindow    *window,
                                  const char    *text);

G_END_DECLS
