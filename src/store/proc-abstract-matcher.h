/* proc-abstract-matcher.h: finds the authorless paper whose abstract an incoming record shares
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-store.h"

G_BEGIN_DECLS

typedef struct _ProcAbstractMatcher ProcAbstractMatcher;

ProcAbstractMatcher *proc_abstract_matcher_new    (ProcStore            *store,
                                                   gint64                below_id);
gint64               proc_abstract_matcher_find   (ProcAbstractMatcher  *self,
                                                   const char           *abstract,
                                                   double               *similarity,
                                                   GError              **error);
void                 proc_abstract_matcher_forget (ProcAbstractMatcher  *self,
                                                   gint64                paper_id);
void                 proc_abstract_matcher_free   (ProcAbstractMatcher  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcAbstractMatcher, proc_abstract_matcher_free)

G_END_DECLS
