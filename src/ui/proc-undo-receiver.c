/* proc-undo-receiver.c: what keeps the edits of the widgets inside it, for Undo
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-undo-receiver.h"

/* The widgets that make edits (the sidebar, the detail, the tag editor)
 * hand them to the receiver around them, the window, through
 * proc_widget_offer_undo(): they sit below the window and know nothing of
 * it. */
G_DEFINE_INTERFACE (ProcUndoReceiver, proc_undo_receiver, GTK_TYPE_WIDGET)

static void
proc_undo_receiver_default_init (ProcUndoReceiverInterface *iface)
{
}

/**
 * proc_undo_receiver_receive:
 * @undo: an edit just made
 *
 * Keeps @undo for Ctrl+Z and offers to undo it.
 */
void
proc_undo_receiver_receive (ProcUndoReceiver *self,
                            ProcUndo         *undo)
{
  g_return_if_fail (PROC_IS_UNDO_RECEIVER (self));
  g_return_if_fail (undo != NULL);

  PROC_UNDO_RECEIVER_GET_IFACE (self)->receive (self, undo);
}
