/* proc-record-pipeline.c: reads a file's records on a thread of its own, a bounded number ahead
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-record-pipeline.h"

/* An import spent a fifth of its time parsing records and working out
 * their keys (the content hash above all) before SQLite saw them.  A
 * second thread does that while the importing thread writes, at most
 * AHEAD records ahead of it, so memory stays bounded whatever the file. */
#define AHEAD 512

typedef struct
{
  ProcPaperRecord *record;   /* %NULL: the end, or the reader's error */
  ProcRecordKeys keys;
} Item;

struct _ProcRecordPipeline
{
  ProcRecordReader *reader;
  ProcImportReport *report;
  ProcRecordPipelineProgress progress;
  gpointer progress_data;
  GCancellable *cancellable;

  GThread *thread;
  GAsyncQueue *items;     /* of Item, read and waiting for the importer */
  GAsyncQueue *room;      /* one token per record the reader may read ahead */
  gint stopping;          /* atomic: the importer wants no more */
  GError *error;          /* the reader's, handed over with the last item */
  gboolean ended;         /* the importer has had the last item */
};

static void
item_free (Item *item)
{
  g_clear_pointer (&item->record, proc_paper_record_free);
  proc_record_keys_clear (&item->keys);
  g_free (item);
}

static gpointer
read_records (gpointer data)
{
  ProcRecordPipeline *self = data;
  guint n_read = 0;

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      Item *item;

      g_async_queue_pop (self->room);
      if (g_atomic_int_get (&self->stopping))
        return NULL;

      item = g_new0 (Item, 1);
      item->record = proc_record_reader_next (self->reader, self->report, self->cancellable, &error);
      if (item->record == NULL)
        {
          /* The queue's lock hands the error over to the importer. */
          self->error = g_steal_pointer (&error);
          g_async_queue_push (self->items, item);
          return NULL;
        }

      proc_record_keys_init (&item->keys, item->record);
      n_read++;
      if (self->progress != NULL)
        self->progress (proc_record_reader_get_offset (self->reader), n_read, self->progress_data);
      g_async_queue_push (self->items, item);
    }
}

/**
 * proc_record_pipeline_start:
 * @reader: past its header; the pipeline's thread reads it until stopped
 * @report: where @reader notes the entries it skips; the caller reads its
 *   problems only once proc_record_pipeline_next() returned %NULL
 * @progress: (nullable): called on the reading thread after each record
 *
 * Returns: (transfer full): the pipeline, reading
 */
ProcRecordPipeline *
proc_record_pipeline_start (ProcRecordReader           *reader,
                            ProcImportReport           *report,
                            ProcRecordPipelineProgress  progress,
                            gpointer                    progress_data,
                            GCancellable               *cancellable)
{
  ProcRecordPipeline *self = g_new0 (ProcRecordPipeline, 1);

  g_return_val_if_fail (PROC_IS_RECORD_READER (reader), NULL);

  self->reader = g_object_ref (reader);
  self->report = report;
  self->progress = progress;
  self->progress_data = progress_data;
  self->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  self->items = g_async_queue_new ();
  self->room = g_async_queue_new ();
  for (guint i = 0; i < AHEAD; i++)
    g_async_queue_push (self->room, GINT_TO_POINTER (1));

  self->thread = g_thread_new ("proceedings-reader", read_records, self);

  return self;
}

/**
 * proc_record_pipeline_next:
 * @keys: (out caller-allocates): the record's keys, to clear with
 *   proc_record_keys_clear()
 *
 * Returns: (transfer full) (nullable): the next record, in the file's
 *   order; %NULL at the end (@error unset) or on the reader's error
 */
ProcPaperRecord *
proc_record_pipeline_next (ProcRecordPipeline  *self,
                           ProcRecordKeys      *keys,
                           GError             **error)
{
  ProcPaperRecord *record;
  Item *item;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (keys != NULL, NULL);

  if (self->ended)
    return NULL;

  item = g_async_queue_pop (self->items);
  g_async_queue_push (self->room, GINT_TO_POINTER (1));

  if (item->record == NULL)
    {
      self->ended = TRUE;
      item_free (item);
      if (self->error != NULL)
        g_propagate_error (error, g_steal_pointer (&self->error));
      return NULL;
    }

  record = g_steal_pointer (&item->record);
  *keys = item->keys;
  memset (&item->keys, 0, sizeof item->keys);
  item_free (item);

  return record;
}

/* Stops the reading thread, waits for it, and frees what it read ahead. */
void
proc_record_pipeline_stop (ProcRecordPipeline *self)
{
  Item *item;

  if (self == NULL)
    return;

  g_atomic_int_set (&self->stopping, 1);
  /* A reader waiting for room wakes up and sees it should stop. */
  g_async_queue_push (self->room, GINT_TO_POINTER (1));
  g_thread_join (self->thread);

  while ((item = g_async_queue_try_pop (self->items)) != NULL)
    item_free (item);
  g_clear_error (&self->error);
  g_async_queue_unref (self->items);
  g_async_queue_unref (self->room);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->reader);
  g_free (self);
}
