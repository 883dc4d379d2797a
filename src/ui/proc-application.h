/* proc-application.h: the application, its command line and its library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_APPLICATION (proc_application_get_type ())

G_DECLARE_FINAL_TYPE (ProcApplication, proc_application, PROC, APPLICATION, AdwApplication)

ProcApplication *proc_application_new       (void);
ProcStore       *proc_application_get_store (ProcApplication *self);

G_END_DECLS
