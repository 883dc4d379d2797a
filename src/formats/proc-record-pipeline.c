/* proc-record-pipeline.c: reads a file's records on a thread of its own, a bounded amount ahead
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-record-clean.h"
#include "proc-record-pipeline.h"

/* An import spent a fifth of its time parsing records and working out
 * their keys (the content hash above all) before SQLite saw them.  A
 * second thread does that while the importing thread writes.
 *
 * The importing thread writes papers 8,000 at a time (proc-import-batch.c),
 * each time for half a second at 87,000 papers, then takes the next 8,000
 * in a few ms each.  The reader must have them ready by then: allowed only
 * 512 records ahead, it left the importer waiting 1.1 s of a 7 s import.
 * So it may read up to PROC_RECORD_PIPELINE_AHEAD_BYTES of the file ahead,
 * about 15,000 such abstracts, which keeps memory bounded whatever the
 * file: a record larger than that alone is still read, one at a time. */

typedef struct
{
  ProcPaperRecord *record;   /* %NULL: the end, or the reader's error */
  ProcRecordKeys keys;
  guint64 bytes;             /* of the file, this record's */
} Item;

struct _ProcRecordPipeline
{
  ProcRecordReader *reader;
  ProcImportReport *report;
  ProcRecordPipelineProgress progress;
  gpointer progress_data;
  GCancellable *cancellable;
  guint64 ahead_bytes;

  GThread *thread;
  GAsyncQueue *items;     /* of Item, read and waiting for the importer */
  GMutex lock;            /* for the three below */
  GCond room;             /* the reader waits on it while too far ahead */
  guint64 bytes_ahead;    /* of the items in the queue */
  gboolean reader_waiting;
  gboolean stopping;      /* the importer wants no more */
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

/* Waits until the importer is less than ahead_bytes behind; FALSE when
 * it wants no more. */
static gboolean
wait_for_room (ProcRecordPipeline *self)
{
  gboolean stopping;

  g_mutex_lock (&self->lock);
  while (self->bytes_ahead >= self->ahead_bytes && !self->stopping)
    {
      self->reader_waiting = TRUE;
      g_cond_wait (&self->room, &self->lock);
    }
  self->reader_waiting = FALSE;
  stopping = self->stopping;
  g_mutex_unlock (&self->lock);

  return !stopping;
}

static void
hand_over (ProcRecordPipeline *self,
           Item               *item)
{
  g_mutex_lock (&self->lock);
  self->bytes_ahead += item->bytes;
  g_mutex_unlock (&self->lock);
  g_async_queue_push (self->items, item);
}

static gpointer
read_records (gpointer data)
{
  ProcRecordPipeline *self = data;
  guint64 offset = proc_record_reader_get_offset (self->reader);
  guint n_read = 0;

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      Item *item;

      if (!wait_for_room (self))
        return NULL;

      item = g_new0 (Item, 1);
      item->record = proc_record_reader_next (self->reader, self->report, self->cancellable, &error);
      if (proc_record_reader_get_lines (self->reader) != NULL)
        proc_line_reader_report_controls (proc_record_reader_get_lines (self->reader), self->report);
      if (item->record == NULL)
        {
          /* The queue's lock hands the error over to the importer. */
          self->error = g_steal_pointer (&error);
          hand_over (self, item);
          return NULL;
        }

      /* the keys are worked out from the text as it will be stored */
      proc_record_clean (item->record, self->report,
                         proc_record_reader_get_display_name (self->reader));
      proc_record_keys_init (&item->keys, item->record);
      item->bytes = proc_record_reader_get_offset (self->reader) - offset;
      offset += item->bytes;
      n_read++;
      if (self->progress != NULL)
        self->progress (offset, n_read, self->progress_data);
      hand_over (self, item);
    }
}

/**
 * proc_record_pipeline_start:
 * @reader: past its header; the pipeline's thread reads it until stopped
 * @report: where @reader notes the entries it skips; the caller reads its
 *   problems only once proc_record_pipeline_next() returned %NULL
 * @progress: (nullable): called on the reading thread after each record
 * @ahead_bytes: how far ahead of the importer the reader may be, in bytes
 *   of the file: %PROC_RECORD_PIPELINE_AHEAD_BYTES, or less in tests
 *
 * Returns: (transfer full): the pipeline, reading
 */
ProcRecordPipeline *
proc_record_pipeline_start (ProcRecordReader           *reader,
                            ProcImportReport           *report,
                            ProcRecordPipelineProgress  progress,
                            gpointer                    progress_data,
                            guint64                     ahead_bytes,
                            GCancellable               *cancellable)
{
  ProcRecordPipeline *self = g_new0 (ProcRecordPipeline, 1);

  g_return_val_if_fail (PROC_IS_RECORD_READER (reader), NULL);

  self->reader = g_object_ref (reader);
  self->report = report;
  self->progress = progress;
  self->progress_data = progress_data;
  self->ahead_bytes = ahead_bytes;
  self->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  self->items = g_async_queue_new ();
  g_mutex_init (&self->lock);
  g_cond_init (&self->room);

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
  g_mutex_lock (&self->lock);
  self->bytes_ahead -= item->bytes;
  /* Woken once half the room is free, not for each record. */
  if (self->reader_waiting && self->bytes_ahead < self->ahead_bytes / 2)
    {
      self->reader_waiting = FALSE;
      g_cond_signal (&self->room);
    }
  g_mutex_unlock (&self->lock);

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

  /* A reader waiting for room wakes up and sees it should stop. */
  g_mutex_lock (&self->lock);
  self->stopping = TRUE;
  g_cond_signal (&self->room);
  g_mutex_unlock (&self->lock);
  g_thread_join (self->thread);

  while ((item = g_async_queue_try_pop (self->items)) != NULL)
    item_free (item);
  g_clear_error (&self->error);
  g_async_queue_unref (self->items);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->room);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->reader);
  g_free (self);
}
