/* proc-bibtex-crossref.c: BibTeX's crossref: papers get the context of the volume they name
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-bibtex-crossref"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-bibtex-crossref.h"

/* An entry with `crossref = {key}` gets the fields it lacks from the entry
 * of that key, usually a @proceedings volume (PMLR's and DBLP's files),
 * whose title becomes the paper's booktitle.  BibTeX wants the volume
 * after its papers, biber takes it anywhere: a paper that names a volume
 * not seen yet waits, with every paper after it (so the file's order
 * stays), until the volume comes or the file ends; then it goes on with
 * its own fields, as BibTeX warns and goes on.  Only the context is
 * inherited (INHERITED): a volume's url, doi or abstract are not its
 * papers'.  A @proceedings no entry names is reported at the end of the
 * file, the first moment it is known. */

struct _ProcBibtexCrossref
{
  ProcBibtexApplyFunc apply;
  GDestroyNotify entry_free;
  GHashTable *volumes;      /* keys, lower case → Volume */
  GPtrArray *volume_order;  /* of Volume, in the file's order, for messages */
  GQueue *pending;          /* of Pending: papers read, not returned yet */
};

/* An entry that others may name with crossref, kept as its raw fields. */
typedef struct
{
  GPtrArray *fields;        /* name, raw value, name, raw value… */
  char *label;
  guint line;
  gboolean is_proceedings;
  gboolean used;
} Volume;

typedef struct
{
  ProcPaperRecord *record;
  char *crossref;           /* lower case: the volume it waits for, or %NULL */
  gpointer entry;
} Pending;

/* The fields a paper inherits from the entry it crossrefs: its context,
 * not the volume's own pages.  "title" comes last: the volume's title is
 * the paper's booktitle when the volume gives no booktitle. */
static const char * const INHERITED[] = {
  "booktitle", "year", "editor", "publisher", "title", NULL
};

static void
volume_free (gpointer data)
{
  Volume *volume = data;

  g_ptr_array_unref (volume->fields);
  g_free (volume->label);
  g_free (volume);
}

static void
pending_free (ProcBibtexCrossref *self,
              Pending            *pending)
{
  proc_paper_record_free (pending->record);
  g_free (pending->crossref);
  if (pending->entry != NULL)
    self->entry_free (pending->entry);
  g_free (pending);
}

/* The fields of @volume that @record lacks: its context. */
static void
inherit (ProcBibtexCrossref *self,
         Pending            *pending,
         Volume             *volume)
{
  ProcPaperRecord *record = pending->record;

  volume->used = TRUE;
  g_clear_pointer (&pending->crossref, g_free);

  for (guint k = 0; INHERITED[k] != NULL; k++)
    for (guint i = 0; i + 1 < volume->fields->len; i += 2)
      {
        const char *name = g_ptr_array_index (volume->fields, i);
        const char *raw = g_ptr_array_index (volume->fields, i + 1);

        if (!g_str_equal (name, INHERITED[k]))
          continue;
        /* what the paper has, even from another field (a journal, a
         * date), is its own */
        if ((record->venue != NULL && (g_str_equal (name, "booktitle") || g_str_equal (name, "title"))) ||
            (record->year != 0 && g_str_equal (name, "year")))
          break;
        /* the volume's title names the paper's book, when nothing else does */
        self->apply (record, g_str_equal (name, "title") ? "booktitle" : name, raw, pending->entry);
        break;
      }
}

ProcBibtexCrossref *
proc_bibtex_crossref_new (ProcBibtexApplyFunc apply,
                          GDestroyNotify      entry_free)
{
  ProcBibtexCrossref *self = g_new0 (ProcBibtexCrossref, 1);

  self->apply = apply;
  self->entry_free = entry_free;
  self->volumes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, volume_free);
  self->volume_order = g_ptr_array_new ();
  self->pending = g_queue_new ();

  return self;
}

void
proc_bibtex_crossref_free (ProcBibtexCrossref *self)
{
  Pending *pending;

  if (self == NULL)
    return;

  while ((pending = g_queue_pop_head (self->pending)) != NULL)
    pending_free (self, pending);
  g_queue_free (self->pending);
  g_ptr_array_unref (self->volume_order);
  g_hash_table_unref (self->volumes);
  g_free (self);
}

/**
 * proc_bibtex_crossref_add_volume:
 * @fields: the entry's raw fields, name then value
 * @is_proceedings: whether the entry is a volume only (reported when no
 *   paper names it), or a paper too (a @book)
 *
 * Keeps an entry that others may crossref, and gives its context to the
 * papers that wait for it.  The first entry of a key wins, as in BibTeX.
 */
void
proc_bibtex_crossref_add_volume (ProcBibtexCrossref *self,
                                 const char         *key,
                                 const char         *label,
                                 GPtrArray          *fields,
                                 guint               line,
                                 gboolean            is_proceedings)
{
  g_autofree char *folded = g_ascii_strdown (key, -1);
  Volume *volume;

  if (*folded == '\0' || g_hash_table_contains (self->volumes, folded))
    return;

  volume = g_new0 (Volume, 1);
  volume->fields = g_ptr_array_ref (fields);
  volume->label = g_strdup (label);
  volume->line = line;
  volume->is_proceedings = is_proceedings;
  g_ptr_array_add (self->volume_order, volume);

  for (GList *l = self->pending->head; l != NULL; l = l->next)
    {
      Pending *pending = l->data;

      if (g_strcmp0 (pending->crossref, folded) == 0)
        inherit (self, pending, volume);
    }

  g_hash_table_insert (self->volumes, g_steal_pointer (&folded), volume);
}

/**
 * proc_bibtex_crossref_push:
 * @record: (transfer full): a paper, as its own fields give it
 * @crossref: (nullable): the key it names
 * @entry: (transfer full) (nullable): what the apply function needs of
 *   the paper's own reading
 *
 * Gives @record the context of its volume, now or when the volume comes,
 * and queues it for proc_bibtex_crossref_pop().
 */
void
proc_bibtex_crossref_push (ProcBibtexCrossref *self,
                           ProcPaperRecord    *record,
                           const char         *crossref,
                           gpointer            entry)
{
  Pending *pending = g_new0 (Pending, 1);

  pending->record = record;
  pending->entry = entry;
  if (crossref != NULL && *crossref != '\0')
    {
      Volume *volume;

      pending->crossref = g_ascii_strdown (crossref, -1);
      if ((volume = g_hash_table_lookup (self->volumes, pending->crossref)) != NULL)
        inherit (self, pending, volume);
    }

  g_queue_push_tail (self->pending, pending);
}

/**
 * proc_bibtex_crossref_pop:
 * @at_end: whether the file has ended: papers still waiting go as they are
 *
 * Returns: (transfer full) (nullable): the first paper queued, once it has
 *   its context, else %NULL
 */
ProcPaperRecord *
proc_bibtex_crossref_pop (ProcBibtexCrossref *self,
                          gboolean            at_end)
{
  Pending *pending = g_queue_peek_head (self->pending);
  ProcPaperRecord *record;

  if (pending == NULL || (pending->crossref != NULL && !at_end))
    return NULL;

  g_queue_pop_head (self->pending);
  record = g_steal_pointer (&pending->record);
  pending_free (self, pending);

  return record;
}

/* The volumes no entry named: each a whole volume, not a paper. */
void
proc_bibtex_crossref_report_unused (ProcBibtexCrossref *self,
                                    ProcRecordReader   *reader,
                                    ProcImportReport   *report)
{
  for (guint i = 0; i < self->volume_order->len; i++)
    {
      Volume *volume = g_ptr_array_index (self->volume_order, i);
      g_autofree char *reason = NULL;

      if (!volume->is_proceedings || volume->used)
        continue;
      reason = g_strdup_printf (_("“%s” is a @proceedings entry: a whole volume, not a paper"), volume->label);
      proc_record_reader_reject (reader, report, volume->line, reason);
    }
  g_ptr_array_set_size (self->volume_order, 0);
}
