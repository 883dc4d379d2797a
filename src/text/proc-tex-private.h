/* proc-tex-private.h: what the pieces of the abstract renderer share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MAX_DEPTH        48
#define MAX_SWITCHES     8
#define MAX_EMPHASIS     400  /* bytes; Markdown emphasis longer than this is not emphasis */
#define NO_MATCH         G_MAXSIZE
#define NO_BRACE         G_MAXUINT32

typedef enum
{
  CMD_SYMBOL,        /* prints `text` */
  CMD_IGNORE,        /* prints nothing, takes no argument */
  CMD_DROP,          /* prints nothing; an optional [...] and `mode` arguments */
  CMD_FONT,          /* one argument inside the tag `text` (none when NULL) */
  CMD_SWITCH,        /* {\em ...}: the tag `text` until the end of the group */
  CMD_ACCENT,        /* one argument, the combining mark `text` after each character */
  CMD_SCRIPT,        /* \textsuperscript (mode 1) and \textsubscript (mode 0) */
  CMD_FRAC,
  CMD_SQRT,
  CMD_BINOM,
  CMD_DOUBLE_STRUCK,
  CMD_SCRIPT_LETTERS,
  CMD_SECOND_ARG,    /* \href{url}{text}, \textcolor{red}{text}: prints the second */
  CMD_URL,
  CMD_DELIMITER,     /* \left, \big…: the delimiter that follows prints itself */
  CMD_NOT,
} CmdKind;

typedef enum
{
  ARG_SAME,
  ARG_TEXT,
  ARG_MATH,
} ArgMode;

typedef struct
{
  const char *name;
  guint8      kind;
  guint8      mode;  /* ArgMode; the argument count for CMD_DROP; for a
                      * CMD_SYMBOL, 1 when a space after it only ends its
                      * name (a letter inside a word, an opening quote) */
  const char *text;
  gboolean    text_only;  /* a row of proc-tex-table.c that means something else in math */
} TexCommand;

typedef struct
{
  const char *tags[MAX_SWITCHES];
  guint       n;
} Switches;

/* "No closing delimiter of this kind in [from, until)": a fact about the
 * text, so it holds for every later search that starts inside the range. */
typedef struct
{
  gsize from;
  gsize until;
} CloseMemo;

enum
{
  CLOSE_DOLLAR,
  CLOSE_DISPLAY,
  CLOSE_PAREN,
  CLOSE_BRACKET,
  N_CLOSE
};

typedef struct
{
  const char *text;
  gsize       len;
  guint32    *match;       /* for each '{', the offset of its '}'; NULL without braces */
  gboolean    markup;
  gboolean    marks;         /* plain text, emphasis between PROC_TEX_MARK_* */
  gboolean    has_controls;  /* control characters to drop: runs need the slow scan */
  guint       depth;
  gboolean    double_quote_open;
  gboolean    single_quote_open;
  CloseMemo   memo[N_CLOSE];
} Tex;

enum
{
  CLASS_TEXT = 1 << 0,  /* needs a look in text mode */
  CLASS_MATH = 1 << 1,  /* needs a look in math mode */
};

extern guint8 tex_char_class[256];

G_GNUC_INTERNAL
void tex_append_escaped_char (Tex     *self,
                              GString *out,
                              char     c);

G_GNUC_INTERNAL
void tex_append_escaped (Tex        *self,
                         GString    *out,
                         const char *s,
                         gsize       len);

G_GNUC_INTERNAL
void tex_append_mark (GString    *out,
                      const char *tag,
                      gboolean    closing);

G_GNUC_INTERNAL
void tex_append_tag (GString    *out,
                     const char *tag,
                     gboolean    closing);

G_GNUC_INTERNAL
gsize tex_partner (Tex   *self,
                   gsize  pos,
                   gsize  end);

G_GNUC_INTERNAL
gsize tex_find_close (Tex   *self,
                      guint  kind,
                      gsize  pos,
                      gsize  end);

G_GNUC_INTERNAL
void tex_render (Tex      *self,
                 gsize     pos,
                 gsize     end,
                 gboolean  math,
                 GString  *out);

G_GNUC_INTERNAL
void tex_init_tables (void);

G_GNUC_INTERNAL
const TexCommand * tex_lookup (const char *name,
                               gsize       len);

G_GNUC_INTERNAL
const TexCommand * tex_lost_command (Tex     *self,
                                     gsize    pos,
                                     GString *out);

G_GNUC_INTERNAL
void tex_append_math_run (Tex     *self,
                          GString *out,
                          gsize    start,
                          gsize    end);

G_GNUC_INTERNAL
gunichar tex_to_double_struck (gunichar c);

G_GNUC_INTERNAL
gunichar tex_to_script_letter (gunichar c);

G_GNUC_INTERNAL
void tex_append_mapped (Tex         *self,
                        GString     *out,
                        const char  *s,
                        gunichar   (*map) (gunichar));

G_GNUC_INTERNAL
void tex_append_accented (Tex        *self,
                          GString    *out,
                          const char *s,
                          const char *mark);

G_GNUC_INTERNAL
void tex_append_operand (Tex        *self,
                         GString    *out,
                         const char *s);

G_GNUC_INTERNAL
void tex_append_script (Tex        *self,
                        GString    *out,
                        const char *s,
                        gboolean    super);

G_GNUC_INTERNAL
GString * tex_trim (GString *s);

G_GNUC_INTERNAL
gsize tex_arg (Tex      *self,
               gsize     pos,
               gsize     end,
               gboolean  math,
               GString  *out);

G_GNUC_INTERNAL
gsize tex_apply (Tex              *self,
                 const TexCommand *cmd,
                 gsize             pos,
                 gsize             end,
                 gboolean          math,
                 Switches         *switches,
                 const char       *glued,
                 GString          *out);

G_GNUC_INTERNAL
gsize tex_control_symbol (Tex      *self,
                          gsize     pos,
                          gsize     end,
                          gboolean  math,
                          GString  *out);

G_GNUC_INTERNAL
gsize tex_command (Tex      *self,
                   gsize     pos,
                   gsize     end,
                   gboolean  math,
                   Switches *switches,
                   GString  *out);

G_END_DECLS
