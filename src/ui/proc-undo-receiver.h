/* proc-undo-receiver.h: what keeps the edits of the widgets inside it, for Undo
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "proc-undo.h"

G_BEGIN_DECLS

#define PROC_TYPE_UNDO_RECEIVER (proc_undo_receiver_get_type ())

G_DECLARE_INTERFACE (ProcUndoReceiver, proc_undo_receiver, PROC, UNDO_RECEIVER, GtkWidget)

struct _ProcUndoReceiverInterface
{
  GTypeInterface parent_iface;

  void (*receive) (ProcUndoReceiver *self,
                   ProcUndo         *undo);
};

void proc_undo_receiver_receive (ProcUndoReceiver *self,
                                 ProcUndo         *undo);

G_END_DECLS
