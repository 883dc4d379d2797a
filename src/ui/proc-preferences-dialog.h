/* proc-preferences-dialog.h: the preferences, bound to GSettings
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PROC_TYPE_PREFERENCES_DIALOG (proc_preferences_dialog_get_type ())

G_DECLARE_FINAL_TYPE (ProcPreferencesDialog, proc_preferences_dialog, PROC, PREFERENCES_DIALOG, AdwPreferencesDialog)

AdwDialog *proc_preferences_dialog_new (const char *library_path);

G_END_DECLS
