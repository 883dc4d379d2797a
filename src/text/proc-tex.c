/* proc-tex.c: turn the TeX-ish text of abstracts into readable text
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-tex.h"
#include "proc-tex-table.h"

#include <string.h>

/* Abstracts are not TeX documents: they are text with inline math, a few
 * font commands and Markdown emphasis, often damaged on the way (lost
 * braces, lone dollars for prices, truncated paragraphs).  So this is not a
 * TeX interpreter but a forgiving single pass that never lets one broken
 * construct swallow the rest of the text:
 *
 *  - a `$` counts as math only when a closing `$` follows in the same
 *    paragraph, and a `{` is a group only when its `}` is in the same
 *    paragraph (and inside the enclosing math or group);
 *  - every search for a closing delimiter is remembered, so a thousand
 *    lone dollars cost one scan, not a thousand;
 *  - nesting is capped, deeper text is copied with the TeX syntax removed.
 */

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
                      * CMD_SYMBOL, 1 when it is a letter inside a word */
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

static gsize tex_command (Tex        *self,
                          gsize       pos,
                          gsize       end,
                          gboolean    math,
                          Switches   *switches,
                          GString    *out);
static void  tex_render  (Tex        *self,
                          gsize       pos,
                          gsize       end,
                          gboolean    math,
                          GString    *out);

static const TexCommand commands[] = {
  /* Greek */
  { "alpha", CMD_SYMBOL, 0, "α" }, { "beta", CMD_SYMBOL, 0, "β" },
  { "gamma", CMD_SYMBOL, 0, "γ" }, { "delta", CMD_SYMBOL, 0, "δ" },
  { "epsilon", CMD_SYMBOL, 0, "ε" }, { "varepsilon", CMD_SYMBOL, 0, "ε" },
  { "zeta", CMD_SYMBOL, 0, "ζ" }, { "eta", CMD_SYMBOL, 0, "η" },
  { "theta", CMD_SYMBOL, 0, "θ" }, { "vartheta", CMD_SYMBOL, 0, "ϑ" },
  { "iota", CMD_SYMBOL, 0, "ι" }, { "kappa", CMD_SYMBOL, 0, "κ" },
  { "varkappa", CMD_SYMBOL, 0, "ϰ" }, { "lambda", CMD_SYMBOL, 0, "λ" },
  { "mu", CMD_SYMBOL, 0, "μ" }, { "nu", CMD_SYMBOL, 0, "ν" },
  { "xi", CMD_SYMBOL, 0, "ξ" }, { "omicron", CMD_SYMBOL, 0, "ο" },
  { "pi", CMD_SYMBOL, 0, "π" }, { "varpi", CMD_SYMBOL, 0, "ϖ" },
  { "rho", CMD_SYMBOL, 0, "ρ" }, { "varrho", CMD_SYMBOL, 0, "ϱ" },
  { "sigma", CMD_SYMBOL, 0, "σ" }, { "varsigma", CMD_SYMBOL, 0, "ς" },
  { "tau", CMD_SYMBOL, 0, "τ" }, { "upsilon", CMD_SYMBOL, 0, "υ" },
  { "phi", CMD_SYMBOL, 0, "φ" }, { "varphi", CMD_SYMBOL, 0, "φ" },
  { "chi", CMD_SYMBOL, 0, "χ" }, { "psi", CMD_SYMBOL, 0, "ψ" },
  { "omega", CMD_SYMBOL, 0, "ω" }, { "digamma", CMD_SYMBOL, 0, "ϝ" },
  { "Gamma", CMD_SYMBOL, 0, "Γ" }, { "Delta", CMD_SYMBOL, 0, "Δ" },
  { "Theta", CMD_SYMBOL, 0, "Θ" }, { "Lambda", CMD_SYMBOL, 0, "Λ" },
  { "Xi", CMD_SYMBOL, 0, "Ξ" }, { "Pi", CMD_SYMBOL, 0, "Π" },
  { "Sigma", CMD_SYMBOL, 0, "Σ" }, { "Upsilon", CMD_SYMBOL, 0, "Υ" },
  { "Phi", CMD_SYMBOL, 0, "Φ" }, { "Psi", CMD_SYMBOL, 0, "Ψ" },
  { "Omega", CMD_SYMBOL, 0, "Ω" },
  { "varGamma", CMD_SYMBOL, 0, "Γ" }, { "varDelta", CMD_SYMBOL, 0, "Δ" },
  { "varTheta", CMD_SYMBOL, 0, "Θ" }, { "varLambda", CMD_SYMBOL, 0, "Λ" },
  { "varPi", CMD_SYMBOL, 0, "Π" }, { "varSigma", CMD_SYMBOL, 0, "Σ" },
  { "varPhi", CMD_SYMBOL, 0, "Φ" }, { "varPsi", CMD_SYMBOL, 0, "Ψ" },
  { "varOmega", CMD_SYMBOL, 0, "Ω" },

  /* Binary operators and big operators */
  { "times", CMD_SYMBOL, 0, "×" }, { "cdot", CMD_SYMBOL, 0, "·" },
  { "ast", CMD_SYMBOL, 0, "∗" }, { "star", CMD_SYMBOL, 0, "⋆" },
  { "circ", CMD_SYMBOL, 0, "∘" }, { "bullet", CMD_SYMBOL, 0, "•" },
  { "div", CMD_SYMBOL, 0, "÷" }, { "pm", CMD_SYMBOL, 0, "±" },
  { "mp", CMD_SYMBOL, 0, "∓" }, { "oplus", CMD_SYMBOL, 0, "⊕" },
  { "ominus", CMD_SYMBOL, 0, "⊖" }, { "otimes", CMD_SYMBOL, 0, "⊗" },
  { "odot", CMD_SYMBOL, 0, "⊙" }, { "oslash", CMD_SYMBOL, 0, "⊘" },
  { "cup", CMD_SYMBOL, 0, "∪" }, { "cap", CMD_SYMBOL, 0, "∩" },
  { "sqcup", CMD_SYMBOL, 0, "⊔" }, { "sqcap", CMD_SYMBOL, 0, "⊓" },
  { "vee", CMD_SYMBOL, 0, "∨" }, { "wedge", CMD_SYMBOL, 0, "∧" },
  { "lor", CMD_SYMBOL, 0, "∨" }, { "land", CMD_SYMBOL, 0, "∧" },
  { "setminus", CMD_SYMBOL, 0, "∖" }, { "diamond", CMD_SYMBOL, 0, "⋄" },
  { "bigcup", CMD_SYMBOL, 0, "⋃" }, { "bigcap", CMD_SYMBOL, 0, "⋂" },
  { "bigoplus", CMD_SYMBOL, 0, "⨁" }, { "bigotimes", CMD_SYMBOL, 0, "⨂" },
  { "bigvee", CMD_SYMBOL, 0, "⋁" }, { "bigwedge", CMD_SYMBOL, 0, "⋀" },
  { "sum", CMD_SYMBOL, 0, "∑" }, { "prod", CMD_SYMBOL, 0, "∏" },
  { "coprod", CMD_SYMBOL, 0, "∐" }, { "int", CMD_SYMBOL, 0, "∫" },
  { "iint", CMD_SYMBOL, 0, "∬" }, { "oint", CMD_SYMBOL, 0, "∮" },
  { "over", CMD_SYMBOL, 0, "/" }, { "choose", CMD_SYMBOL, 0, " choose " },

  /* Relations */
  { "leq", CMD_SYMBOL, 0, "≤" }, { "le", CMD_SYMBOL, 0, "≤" },
  { "geq", CMD_SYMBOL, 0, "≥" }, { "ge", CMD_SYMBOL, 0, "≥" },
  { "leqslant", CMD_SYMBOL, 0, "⩽" }, { "geqslant", CMD_SYMBOL, 0, "⩾" },
  { "neq", CMD_SYMBOL, 0, "≠" }, { "ne", CMD_SYMBOL, 0, "≠" },
  { "approx", CMD_SYMBOL, 0, "≈" }, { "approxeq", CMD_SYMBOL, 0, "≊" },
  { "sim", CMD_SYMBOL, 0, "∼" }, { "simeq", CMD_SYMBOL, 0, "≃" },
  { "cong", CMD_SYMBOL, 0, "≅" }, { "equiv", CMD_SYMBOL, 0, "≡" },
  { "propto", CMD_SYMBOL, 0, "∝" }, { "ll", CMD_SYMBOL, 0, "≪" },
  { "gg", CMD_SYMBOL, 0, "≫" }, { "lesssim", CMD_SYMBOL, 0, "≲" },
  { "gtrsim", CMD_SYMBOL, 0, "≳" }, { "prec", CMD_SYMBOL, 0, "≺" },
  { "succ", CMD_SYMBOL, 0, "≻" }, { "preceq", CMD_SYMBOL, 0, "⪯" },
  { "succeq", CMD_SYMBOL, 0, "⪰" }, { "preccurlyeq", CMD_SYMBOL, 0, "≼" },
  { "succcurlyeq", CMD_SYMBOL, 0, "≽" }, { "asymp", CMD_SYMBOL, 0, "≍" },
  { "doteq", CMD_SYMBOL, 0, "≐" }, { "triangleq", CMD_SYMBOL, 0, "≜" },
  { "coloneqq", CMD_SYMBOL, 0, "≔" }, { "coloneq", CMD_SYMBOL, 0, "≔" },
  { "models", CMD_SYMBOL, 0, "⊨" }, { "vdash", CMD_SYMBOL, 0, "⊢" },
  { "dashv", CMD_SYMBOL, 0, "⊣" }, { "perp", CMD_SYMBOL, 0, "⊥" },
  { "parallel", CMD_SYMBOL, 0, "∥" }, { "mid", CMD_SYMBOL, 0, "∣" },
  { "nmid", CMD_SYMBOL, 0, "∤" }, { "in", CMD_SYMBOL, 0, "∈" },
  { "notin", CMD_SYMBOL, 0, "∉" }, { "ni", CMD_SYMBOL, 0, "∋" },
  { "subset", CMD_SYMBOL, 0, "⊂" }, { "supset", CMD_SYMBOL, 0, "⊃" },
  { "subseteq", CMD_SYMBOL, 0, "⊆" }, { "supseteq", CMD_SYMBOL, 0, "⊇" },
  { "subsetneq", CMD_SYMBOL, 0, "⊊" }, { "supsetneq", CMD_SYMBOL, 0, "⊋" },
  { "sqsubseteq", CMD_SYMBOL, 0, "⊑" }, { "sqsupseteq", CMD_SYMBOL, 0, "⊒" },

  /* Arrows */
  { "to", CMD_SYMBOL, 0, "→" }, { "rightarrow", CMD_SYMBOL, 0, "→" },
  { "leftarrow", CMD_SYMBOL, 0, "←" }, { "gets", CMD_SYMBOL, 0, "←" },
  { "leftrightarrow", CMD_SYMBOL, 0, "↔" }, { "Rightarrow", CMD_SYMBOL, 0, "⇒" },
  { "Leftarrow", CMD_SYMBOL, 0, "⇐" }, { "Leftrightarrow", CMD_SYMBOL, 0, "⇔" },
  { "implies", CMD_SYMBOL, 0, "⟹" }, { "impliedby", CMD_SYMBOL, 0, "⟸" },
  { "iff", CMD_SYMBOL, 0, "⟺" }, { "mapsto", CMD_SYMBOL, 0, "↦" },
  { "longrightarrow", CMD_SYMBOL, 0, "⟶" }, { "longleftarrow", CMD_SYMBOL, 0, "⟵" },
  { "Longrightarrow", CMD_SYMBOL, 0, "⟹" }, { "longmapsto", CMD_SYMBOL, 0, "⟼" },
  { "uparrow", CMD_SYMBOL, 0, "↑" }, { "downarrow", CMD_SYMBOL, 0, "↓" },
  { "Uparrow", CMD_SYMBOL, 0, "⇑" }, { "Downarrow", CMD_SYMBOL, 0, "⇓" },
  { "nearrow", CMD_SYMBOL, 0, "↗" }, { "searrow", CMD_SYMBOL, 0, "↘" },
  { "hookrightarrow", CMD_SYMBOL, 0, "↪" }, { "leadsto", CMD_SYMBOL, 0, "⇝" },
  { "rightleftharpoons", CMD_SYMBOL, 0, "⇌" }, { "xrightarrow", CMD_SYMBOL, 0, "→" },

  /* Other symbols */
  { "infty", CMD_SYMBOL, 0, "∞" }, { "partial", CMD_SYMBOL, 0, "∂" },
  { "nabla", CMD_SYMBOL, 0, "∇" }, { "forall", CMD_SYMBOL, 0, "∀" },
  { "exists", CMD_SYMBOL, 0, "∃" }, { "nexists", CMD_SYMBOL, 0, "∄" },
  { "neg", CMD_SYMBOL, 0, "¬" }, { "lnot", CMD_SYMBOL, 0, "¬" },
  { "emptyset", CMD_SYMBOL, 0, "∅" }, { "varnothing", CMD_SYMBOL, 0, "∅" },
  { "ell", CMD_SYMBOL, 0, "ℓ" }, { "hbar", CMD_SYMBOL, 0, "ℏ" },
  { "Re", CMD_SYMBOL, 0, "ℜ" }, { "Im", CMD_SYMBOL, 0, "ℑ" },
  { "aleph", CMD_SYMBOL, 0, "ℵ" }, { "wp", CMD_SYMBOL, 0, "℘" },
  { "prime", CMD_SYMBOL, 0, "′" }, { "angle", CMD_SYMBOL, 0, "∠" },
  { "triangle", CMD_SYMBOL, 0, "△" }, { "square", CMD_SYMBOL, 0, "□" },
  { "Box", CMD_SYMBOL, 0, "□" }, { "checkmark", CMD_SYMBOL, 0, "✓" },
  { "top", CMD_SYMBOL, 0, "⊤" }, { "bot", CMD_SYMBOL, 0, "⊥" },
  { "dagger", CMD_SYMBOL, 0, "†" }, { "ddagger", CMD_SYMBOL, 0, "‡" },
  { "surd", CMD_SYMBOL, 0, "√" }, { "sharp", CMD_SYMBOL, 0, "♯" },
  { "flat", CMD_SYMBOL, 0, "♭" }, { "degree", CMD_SYMBOL, 0, "°" },
  { "dotsc", CMD_SYMBOL, 0, "…" }, { "dotsb", CMD_SYMBOL, 0, "⋯" },
  { "cdots", CMD_SYMBOL, 0, "⋯" }, { "vdots", CMD_SYMBOL, 0, "⋮" },
  { "ddots", CMD_SYMBOL, 0, "⋱" },
  { "langle", CMD_SYMBOL, 0, "⟨" }, { "rangle", CMD_SYMBOL, 0, "⟩" },
  { "lceil", CMD_SYMBOL, 0, "⌈" }, { "rceil", CMD_SYMBOL, 0, "⌉" },
  { "lfloor", CMD_SYMBOL, 0, "⌊" }, { "rfloor", CMD_SYMBOL, 0, "⌋" },
  { "vert", CMD_SYMBOL, 0, "|" }, { "lvert", CMD_SYMBOL, 0, "|" },
  { "rvert", CMD_SYMBOL, 0, "|" }, { "Vert", CMD_SYMBOL, 0, "‖" },
  { "lVert", CMD_SYMBOL, 0, "‖" }, { "rVert", CMD_SYMBOL, 0, "‖" },
  { "lbrace", CMD_SYMBOL, 0, "{" }, { "rbrace", CMD_SYMBOL, 0, "}" },
  { "backslash", CMD_SYMBOL, 0, "∖" }, { "colon", CMD_SYMBOL, 0, ":" },
  { "bmod", CMD_SYMBOL, 0, "mod" },

  /* Text symbols: the letters, accents and symbols of proc-tex-table.c,
   * added by tex_init_tables () */
  { "item", CMD_SYMBOL, 0, "• " },
  /* Macros that abstracts use without defining them */
  { "eps", CMD_SYMBOL, 0, "ε" }, { "R", CMD_SYMBOL, 0, "ℝ" },
  { "N", CMD_SYMBOL, 0, "ℕ" }, { "Z", CMD_SYMBOL, 0, "ℤ" },
  { "Q", CMD_SYMBOL, 0, "ℚ" }, { "E", CMD_SYMBOL, 0, "𝔼" },
  { "eg", CMD_SYMBOL, 0, "e.g." }, { "ie", CMD_SYMBOL, 0, "i.e." },
  { "etal", CMD_SYMBOL, 0, "et al." }, { "wrt", CMD_SYMBOL, 0, "w.r.t." },
  { "vs", CMD_SYMBOL, 0, "vs." },

  /* Spacing */
  { "quad", CMD_SYMBOL, 0, " " }, { "qquad", CMD_SYMBOL, 0, " " },
  { "enspace", CMD_SYMBOL, 0, " " }, { "thinspace", CMD_SYMBOL, 0, " " },
  { "medspace", CMD_SYMBOL, 0, " " }, { "thickspace", CMD_SYMBOL, 0, " " },
  { "hfill", CMD_SYMBOL, 0, " " }, { "newline", CMD_SYMBOL, 0, " " },
  { "linebreak", CMD_SYMBOL, 0, " " }, { "par", CMD_SYMBOL, 0, " " },
  { "negthinspace", CMD_IGNORE, 0, NULL },

  /* Layout and sizes: nothing to show */
  { "displaystyle", CMD_IGNORE, 0, NULL }, { "textstyle", CMD_IGNORE, 0, NULL },
  { "scriptstyle", CMD_IGNORE, 0, NULL }, { "scriptscriptstyle", CMD_IGNORE, 0, NULL },
  { "limits", CMD_IGNORE, 0, NULL }, { "nolimits", CMD_IGNORE, 0, NULL },
  { "nonumber", CMD_IGNORE, 0, NULL }, { "notag", CMD_IGNORE, 0, NULL },
  { "noindent", CMD_IGNORE, 0, NULL }, { "centering", CMD_IGNORE, 0, NULL },
  { "small", CMD_IGNORE, 0, NULL }, { "footnotesize", CMD_IGNORE, 0, NULL },
  { "scriptsize", CMD_IGNORE, 0, NULL }, { "tiny", CMD_IGNORE, 0, NULL },
  { "normalsize", CMD_IGNORE, 0, NULL }, { "large", CMD_IGNORE, 0, NULL },
  { "Large", CMD_IGNORE, 0, NULL }, { "LARGE", CMD_IGNORE, 0, NULL },
  { "huge", CMD_IGNORE, 0, NULL }, { "Huge", CMD_IGNORE, 0, NULL },
  { "protect", CMD_IGNORE, 0, NULL }, { "relax", CMD_IGNORE, 0, NULL },
  { "strut", CMD_IGNORE, 0, NULL }, { "mathstrut", CMD_IGNORE, 0, NULL },
  { "smallskip", CMD_IGNORE, 0, NULL }, { "medskip", CMD_IGNORE, 0, NULL },
  { "bigskip", CMD_IGNORE, 0, NULL }, { "allowbreak", CMD_IGNORE, 0, NULL },
  { "nobreak", CMD_IGNORE, 0, NULL }, { "xspace", CMD_IGNORE, 0, NULL },
  { "maketitle", CMD_IGNORE, 0, NULL }, { "smash", CMD_IGNORE, 0, NULL },
  { "phantom", CMD_DROP, 1, NULL }, { "hphantom", CMD_DROP, 1, NULL },
  { "vphantom", CMD_DROP, 1, NULL },

  /* Delimiter sizes: \left( prints "(", \left. prints nothing */
  { "left", CMD_DELIMITER, 0, NULL }, { "right", CMD_DELIMITER, 0, NULL },
  { "middle", CMD_DELIMITER, 0, NULL }, { "mleft", CMD_DELIMITER, 0, NULL },
  { "mright", CMD_DELIMITER, 0, NULL }, { "big", CMD_DELIMITER, 0, NULL },
  { "Big", CMD_DELIMITER, 0, NULL }, { "bigg", CMD_DELIMITER, 0, NULL },
  { "Bigg", CMD_DELIMITER, 0, NULL }, { "bigl", CMD_DELIMITER, 0, NULL },
  { "bigr", CMD_DELIMITER, 0, NULL }, { "Bigl", CMD_DELIMITER, 0, NULL },
  { "Bigr", CMD_DELIMITER, 0, NULL }, { "biggl", CMD_DELIMITER, 0, NULL },
  { "biggr", CMD_DELIMITER, 0, NULL }, { "Biggl", CMD_DELIMITER, 0, NULL },
  { "Biggr", CMD_DELIMITER, 0, NULL }, { "bigm", CMD_DELIMITER, 0, NULL },

  /* References and markup that has no place in a list of papers */
  { "cite", CMD_DROP, 1, NULL }, { "citep", CMD_DROP, 1, NULL },
  { "citet", CMD_DROP, 1, NULL }, { "citealp", CMD_DROP, 1, NULL },
  { "citeauthor", CMD_DROP, 1, NULL }, { "citeyear", CMD_DROP, 1, NULL },
  { "nocite", CMD_DROP, 1, NULL }, { "ref", CMD_DROP, 1, NULL },
  { "eqref", CMD_DROP, 1, NULL }, { "autoref", CMD_DROP, 1, NULL },
  { "cref", CMD_DROP, 1, NULL }, { "Cref", CMD_DROP, 1, NULL },
  { "label", CMD_DROP, 1, NULL }, { "footnote", CMD_DROP, 1, NULL },
  { "footnotemark", CMD_IGNORE, 0, NULL }, { "thanks", CMD_DROP, 1, NULL },
  { "vspace", CMD_DROP, 1, NULL }, { "hspace", CMD_DROP, 1, NULL },
  { "color", CMD_DROP, 1, NULL }, { "begin", CMD_DROP, 1, NULL },
  { "end", CMD_DROP, 1, NULL }, { "includegraphics", CMD_DROP, 1, NULL },
  { "index", CMD_DROP, 1, NULL }, { "setlength", CMD_DROP, 2, NULL },
  { "usepackage", CMD_DROP, 1, NULL }, { "documentclass", CMD_DROP, 1, NULL },
  { "pagestyle", CMD_DROP, 1, NULL }, { "hyperlink", CMD_SECOND_ARG, 0, NULL },
  { "href", CMD_SECOND_ARG, 0, NULL }, { "textcolor", CMD_SECOND_ARG, 0, NULL },
  { "colorbox", CMD_SECOND_ARG, 0, NULL }, { "stackrel", CMD_SECOND_ARG, 0, NULL },
  { "overset", CMD_SECOND_ARG, 0, NULL }, { "underset", CMD_SECOND_ARG, 0, NULL },
  { "url", CMD_URL, 0, NULL }, { "nolinkurl", CMD_URL, 0, NULL },

  /* Fonts with an argument */
  { "textit", CMD_FONT, ARG_TEXT, "i" }, { "emph", CMD_FONT, ARG_TEXT, "i" },
  { "textsl", CMD_FONT, ARG_TEXT, "i" }, { "textbf", CMD_FONT, ARG_TEXT, "b" },
  { "texttt", CMD_FONT, ARG_TEXT, "tt" }, { "underline", CMD_FONT, ARG_SAME, "u" },
  { "uline", CMD_FONT, ARG_SAME, "u" }, { "text", CMD_FONT, ARG_TEXT, NULL },
  { "textrm", CMD_FONT, ARG_TEXT, NULL }, { "textsf", CMD_FONT, ARG_TEXT, NULL },
  { "textsc", CMD_FONT, ARG_TEXT, NULL }, { "textup", CMD_FONT, ARG_TEXT, NULL },
  { "textmd", CMD_FONT, ARG_TEXT, NULL }, { "textnormal", CMD_FONT, ARG_TEXT, NULL },
  { "mbox", CMD_FONT, ARG_TEXT, NULL }, { "hbox", CMD_FONT, ARG_TEXT, NULL },
  { "fbox", CMD_FONT, ARG_TEXT, NULL }, { "enquote", CMD_FONT, ARG_TEXT, NULL },
  { "mathrm", CMD_FONT, ARG_MATH, NULL }, { "mathsf", CMD_FONT, ARG_MATH, NULL },
  { "mathnormal", CMD_FONT, ARG_MATH, NULL }, { "mathup", CMD_FONT, ARG_MATH, NULL },
  { "mathfrak", CMD_FONT, ARG_MATH, NULL }, { "mathop", CMD_FONT, ARG_MATH, NULL },
  { "operatorname", CMD_FONT, ARG_MATH, NULL }, { "ensuremath", CMD_FONT, ARG_MATH, NULL },
  { "mathbf", CMD_FONT, ARG_MATH, "b" }, { "boldsymbol", CMD_FONT, ARG_MATH, "b" },
  { "bm", CMD_FONT, ARG_MATH, "b" }, { "pmb", CMD_FONT, ARG_MATH, "b" },
  { "mathit", CMD_FONT, ARG_MATH, "i" }, { "mathtt", CMD_FONT, ARG_MATH, "tt" },
  { "underbrace", CMD_FONT, ARG_MATH, NULL }, { "overbrace", CMD_FONT, ARG_MATH, NULL },

  /* Old-style font switches */
  { "em", CMD_SWITCH, 0, "i" }, { "it", CMD_SWITCH, 0, "i" },
  { "itshape", CMD_SWITCH, 0, "i" }, { "sl", CMD_SWITCH, 0, "i" },
  { "slshape", CMD_SWITCH, 0, "i" }, { "bf", CMD_SWITCH, 0, "b" },
  { "bfseries", CMD_SWITCH, 0, "b" }, { "tt", CMD_SWITCH, 0, "tt" },
  { "ttfamily", CMD_SWITCH, 0, "tt" }, { "rm", CMD_SWITCH, 0, NULL },
  { "sf", CMD_SWITCH, 0, NULL }, { "sc", CMD_SWITCH, 0, NULL },
  { "scshape", CMD_SWITCH, 0, NULL }, { "normalfont", CMD_SWITCH, 0, NULL },
  { "upshape", CMD_SWITCH, 0, NULL }, { "cal", CMD_SWITCH, 0, NULL },

  /* Math constructions */
  { "frac", CMD_FRAC, 0, NULL }, { "dfrac", CMD_FRAC, 0, NULL },
  { "tfrac", CMD_FRAC, 0, NULL }, { "cfrac", CMD_FRAC, 0, NULL },
  { "nicefrac", CMD_FRAC, 0, NULL }, { "sfrac", CMD_FRAC, 0, NULL },
  { "sqrt", CMD_SQRT, 0, NULL }, { "binom", CMD_BINOM, 0, NULL },
  { "dbinom", CMD_BINOM, 0, NULL }, { "tbinom", CMD_BINOM, 0, NULL },
  { "mathbb", CMD_DOUBLE_STRUCK, 0, NULL }, { "mathds", CMD_DOUBLE_STRUCK, 0, NULL },
  { "mathbbm", CMD_DOUBLE_STRUCK, 0, NULL }, { "Bbb", CMD_DOUBLE_STRUCK, 0, NULL },
  { "mathcal", CMD_SCRIPT_LETTERS, 0, NULL }, { "mathscr", CMD_SCRIPT_LETTERS, 0, NULL },
  { "textsuperscript", CMD_SCRIPT, 1, NULL }, { "textsubscript", CMD_SCRIPT, 0, NULL },
  { "not", CMD_NOT, 0, NULL },

  /* Accents; math ones take an argument, text ones too */
  { "hat", CMD_ACCENT, 0, "\xcc\x82" }, { "widehat", CMD_ACCENT, 0, "\xcc\x82" },
  { "tilde", CMD_ACCENT, 0, "\xcc\x83" }, { "widetilde", CMD_ACCENT, 0, "\xcc\x83" },
  { "bar", CMD_ACCENT, 0, "\xcc\x84" }, { "overline", CMD_ACCENT, 0, "\xcc\x85" },
  { "vec", CMD_ACCENT, 0, "\xe2\x83\x97" }, { "overrightarrow", CMD_ACCENT, 0, "\xe2\x83\x97" },
  { "dot", CMD_ACCENT, 0, "\xcc\x87" }, { "ddot", CMD_ACCENT, 0, "\xcc\x88" },
  { "dddot", CMD_ACCENT, 0, "\xe2\x83\x9b" }, { "check", CMD_ACCENT, 0, "\xcc\x8c" },
  { "breve", CMD_ACCENT, 0, "\xcc\x86" }, { "acute", CMD_ACCENT, 0, "\xcc\x81" },
  { "grave", CMD_ACCENT, 0, "\xcc\x80" }, { "mathring", CMD_ACCENT, 0, "\xcc\x8a" },

  /* \( \) and \[ \] are found by tex_control_symbol (), not by name */
};

/* Abstracts that passed through lossy tools read `\sqrtT`, `\mathbbR` or
 * `\emphn`: a known command that takes an argument glued to it. */
static const struct
{
  const char *prefix;
  guint       max_rest;
} glued_prefixes[] = {
  { "widetilde", 2 }, { "widehat", 2 }, { "mathcal", 3 }, { "mathbb", 3 },
  { "mathrm", 12 }, { "mathbf", 3 }, { "mathsf", 3 }, { "mathit", 3 },
  { "boldsymbol", 3 }, { "textbf", 12 }, { "textit", 12 }, { "texttt", 12 },
  { "textsc", 12 }, { "text", 12 }, { "tilde", 2 }, { "sqrt", 3 },
  { "emph", 12 }, { "hat", 2 }, { "bar", 2 }, { "vec", 2 }, { "bm", 2 },
};

/* Abstracts that went through JSON or Python strings unescaped lost the
 * first letter of \textit, \times, \frac, \theta…: "\t", "\f" and "\b" became
 * control characters and then spaces.  The words left behind are unlikely
 * to mean anything else where they stand (before a brace, or alone in math). */
static const struct
{
  const char *word;
  const char *command;
} lost_escapes_before_brace[] = {
  { "extit", "textit" }, { "extbf", "textbf" }, { "exttt", "texttt" },
  { "extsl", "textsl" }, { "extsc", "textsc" }, { "extrm", "textrm" },
  { "extsf", "textsf" }, { "ext", "text" }, { "extcolor", "textcolor" },
  { "mph", "emph" }, { "ootnote", "footnote" }, { "nquote", "enquote" },
  { "rac", "frac" }, { "ilde", "tilde" }, { "oldsymbol", "boldsymbol" },
  { "ar", "bar" }, { "ef", "ref" }, { "extsuperscript", "textsuperscript" },
}, lost_escapes_in_math[] = {
  { "imes", "times" }, { "heta", "theta" }, { "au", "tau" }, { "ho", "rho" },
  { "ightarrow", "rightarrow" }, { "abla", "nabla" }, { "eq", "neq" },
  { "riangle", "triangle" },
};

enum
{
  CLASS_TEXT = 1 << 0,  /* needs a look in text mode */
  CLASS_MATH = 1 << 1,  /* needs a look in math mode */
};

static GHashTable *command_table;
static guint8      char_class[256];

static void
tex_init_tables (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);
      const char *both = "\\{}'~\"&<>\x7f\xc2";
      const char *text_only = "$*`-";
      const char *math_only = "^_$";

      const ProcTexRow *rows;
      TexCommand *text_commands;
      guint n_rows;

      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        g_hash_table_insert (table, (gpointer) commands[i].name, (gpointer) &commands[i]);

      /* the text commands, shared with the BibTeX decoder: those named
       * with letters; \' and the like are control symbols */
      rows = proc_tex_table_get (&n_rows);
      text_commands = g_new0 (TexCommand, n_rows);
      for (guint i = 0; i < n_rows; i++)
        {
          TexCommand *cmd = &text_commands[i];

          if (!(rows[i].contexts & PROC_TEX_IN_RENDER) || rows[i].command[0] != '\\' ||
              !g_ascii_isalpha (rows[i].command[1]) || rows[i].kind > PROC_TEX_ROW_ACCENT)
            continue;

          cmd->name = rows[i].command + 1;
          cmd->kind = rows[i].kind == PROC_TEX_ROW_ACCENT ? CMD_ACCENT : CMD_SYMBOL;
          cmd->mode = rows[i].kind == PROC_TEX_ROW_LETTER;
          cmd->text = rows[i].text;
          cmd->text_only = !(rows[i].contexts & PROC_TEX_IN_MATH);
          g_hash_table_insert (table, (gpointer) cmd->name, cmd);
        }

      for (guint c = 0; c < 0x20; c++)
        if (c != '\n' && c != '\t')
          char_class[c] = CLASS_TEXT | CLASS_MATH;
      for (const char *p = both; *p; p++)
        char_class[(guchar) *p] |= CLASS_TEXT | CLASS_MATH;
      for (const char *p = text_only; *p; p++)
        char_class[(guchar) *p] |= CLASS_TEXT;
      for (const char *p = math_only; *p; p++)
        char_class[(guchar) *p] |= CLASS_MATH;

      command_table = table;
      g_once_init_leave (&initialized, 1);
    }
}

static const TexCommand *
tex_lookup (const char *name,
            gsize       len)
{
  char buf[32];

  if (len == 0 || len >= sizeof buf)
    return NULL;

  memcpy (buf, name, len);
  buf[len] = '\0';

  return g_hash_table_lookup (command_table, buf);
}

/* Output helpers */

static void
append_escaped_char (Tex     *self,
                     GString *out,
                     char     c)
{
  if (((guchar) c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
    return;

  if (self->markup)
    {
      switch (c)
        {
        case '&': g_string_append (out, "&amp;"); return;
        case '<': g_string_append (out, "&lt;"); return;
        case '>': g_string_append (out, "&gt;"); return;
        case '\'': g_string_append (out, "&#39;"); return;
        case '"': g_string_append (out, "&quot;"); return;
        default: break;
        }
    }

  g_string_append_c (out, c);
}

/* Copies text verbatim but escaped, without control characters. */
static void
append_escaped (Tex        *self,
                GString    *out,
                const char *s,
                gsize       len)
{
  for (gsize i = 0; i < len; i++)
    {
      guchar c = s[i];

      if (c == 0xc2 && i + 1 < len && (guchar) s[i + 1] >= 0x80 && (guchar) s[i + 1] <= 0x9f)
        i++;
      else
        append_escaped_char (self, out, c);
    }
}

/* In plain text with marks, italics and bold keep their extent. */
static void
append_mark (GString    *out,
             const char *tag,
             gboolean    closing)
{
  if (g_str_equal (tag, "i"))
    g_string_append (out, closing ? PROC_TEX_MARK_ITALIC_CLOSE : PROC_TEX_MARK_ITALIC_OPEN);
  else if (g_str_equal (tag, "b"))
    g_string_append (out, closing ? PROC_TEX_MARK_BOLD_CLOSE : PROC_TEX_MARK_BOLD_OPEN);
}

static void
append_tag (GString    *out,
            const char *tag,
            gboolean    closing)
{
  g_string_append_c (out, '<');
  if (closing)
    g_string_append_c (out, '/');
  g_string_append (out, tag);
  g_string_append_c (out, '>');
}

/* Position helpers */

static gboolean
is_paragraph_break (const char *text,
                    gsize       pos,
                    gsize       end)
{
  if (text[pos] != '\n')
    return FALSE;

  for (pos++; pos < end; pos++)
    {
      if (text[pos] == '\n')
        return TRUE;
      if (text[pos] != ' ' && text[pos] != '\t' && text[pos] != '\r')
        return FALSE;
    }

  return FALSE;
}

static void
tex_match_braces (Tex *self)
{
  g_autoptr(GArray) stack = NULL;
  const char *text = self->text;

  if (self->len >= NO_BRACE || memchr (text, '{', self->len) == NULL)
    return;

  stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->match = g_new (guint32, self->len);
  memset (self->match, 0xff, self->len * sizeof (guint32));

  for (gsize i = 0; i < self->len; i++)
    {
      i += strcspn (text + i, "\\{}\n");
      if (i >= self->len)
        break;

      switch (text[i])
        {
        case '\\':
          i++;  /* \{ \} \\ are not braces */
          break;

        case '{':
          {
            guint32 open = i;
            g_array_append_val (stack, open);
          }
          break;

        case '}':
          if (stack->len > 0)
            {
              guint32 open = g_array_index (stack, guint32, stack->len - 1);

              g_array_set_size (stack, stack->len - 1);
              self->match[open] = i;
            }
          break;

        case '\n':
          /* A group never spans paragraphs: a lost brace stays local. */
          if (is_paragraph_break (text, i, self->len))
            g_array_set_size (stack, 0);
          break;

        default:
          break;
        }
    }
}

/* The '}' of the '{' at @pos, when it lies before @end. */
static gsize
tex_partner (Tex   *self,
             gsize  pos,
             gsize  end)
{
  guint32 close;

  if (self->match == NULL)
    return NO_MATCH;

  close = self->match[pos];
  if (close == NO_BRACE || close >= end)
    return NO_MATCH;

  return close;
}

static gboolean
is_dollar_closer (const char *text,
                  gsize       pos,
                  gsize       len)
{
  /* "from $5 to $10": a '$' after a space and before a digit is a price,
   * while "($\geq$10%)" closes math before a digit. */
  return text[pos] == '$' &&
         !(pos > 0 && g_ascii_isspace (text[pos - 1]) &&
           pos + 1 < len && g_ascii_isdigit (text[pos + 1]));
}

/* Finds the closing delimiter of @kind at or after @pos, before @end and in
 * the same paragraph.  Returns its offset or NO_MATCH. */
static gsize
tex_find_close (Tex   *self,
                guint  kind,
                gsize  pos,
                gsize  end)
{
  const char *text = self->text;
  CloseMemo *memo = &self->memo[kind];
  gsize start = pos;
  gsize i = pos;

  if (memo->from <= pos && pos < memo->until)
    {
      if (memo->until >= end)
        return NO_MATCH;
      i = memo->until;
      start = memo->from;
    }

  while (i < end)
    {
      char c = text[i];

      if (c == '\\')
        {
          if (i + 1 < end && ((kind == CLOSE_PAREN && text[i + 1] == ')') ||
                              (kind == CLOSE_BRACKET && text[i + 1] == ']')))
            break;
          i += 2;
          continue;
        }

      if (c == '$')
        {
          if (kind == CLOSE_DOLLAR && is_dollar_closer (text, i, self->len))
            break;
          if (kind == CLOSE_DISPLAY && i + 1 < end && text[i + 1] == '$')
            break;
        }
      else if (c == '\n' && is_paragraph_break (text, i, self->len))
        {
          memo->from = start;
          memo->until = i;
          return NO_MATCH;
        }

      i++;
    }

  memo->from = start;
  memo->until = MIN (i, end);

  return i < end ? i : NO_MATCH;
}

/* Unicode tables */

static gunichar
to_superscript (gunichar c)
{
  static const gunichar lower[26] = {
    0x1d43, 0x1d47, 0x1d9c, 0x1d48, 0x1d49, 0x1da0, 0x1d4d, 0x02b0, 0x2071,
    0x02b2, 0x1d4f, 0x02e1, 0x1d50, 0x207f, 0x1d52, 0x1d56, 0, 0x02b3,
    0x02e2, 0x1d57, 0x1d58, 0x1d5b, 0x02b7, 0x02e3, 0x02b8, 0x1dbb,
  };
  static const gunichar upper[26] = {
    0x1d2c, 0x1d2e, 0, 0x1d30, 0x1d31, 0, 0x1d33, 0x1d34, 0x1d35, 0x1d36,
    0x1d37, 0x1d38, 0x1d39, 0x1d3a, 0x1d3c, 0x1d3e, 0, 0x1d3f, 0, 0x1d40,
    0x1d41, 0x2c7d, 0x1d42, 0, 0, 0,
  };

  if (c >= 'a' && c <= 'z')
    return lower[c - 'a'];
  if (c >= 'A' && c <= 'Z')
    return upper[c - 'A'];

  switch (c)
    {
    case '0': return 0x2070;
    case '1': return 0x00b9;
    case '2': return 0x00b2;
    case '3': return 0x00b3;
    case '4': case '5': case '6': case '7': case '8': case '9':
      return 0x2074 + (c - '4');
    case '+': return 0x207a;
    case '-': case 0x2212: return 0x207b;
    case '=': return 0x207c;
    case '(': return 0x207d;
    case ')': return 0x207e;
    case 0x03b1: return 0x1d45;  /* α */
    case 0x03b2: return 0x1d5d;  /* β */
    case 0x03b3: return 0x1d5e;  /* γ */
    case 0x03b4: return 0x1d5f;  /* δ */
    case 0x03b5: return 0x1d4b;  /* ε */
    case 0x03b8: return 0x1dbf;  /* θ */
    case 0x03b9: return 0x1da5;  /* ι */
    case 0x03c6: return 0x1db2;  /* φ */
    case 0x03c7: return 0x1d61;  /* χ */
    case 0x22a4: return 0x1d40;  /* ⊤, the transpose */
    default: return 0;
    }
}

static gunichar
to_subscript (gunichar c)
{
  static const gunichar lower[26] = {
    0x2090, 0, 0, 0, 0x2091, 0, 0, 0x2095, 0x1d62, 0x2c7c, 0x2096, 0x2097,
    0x2098, 0x2099, 0x2092, 0x209a, 0, 0x1d63, 0x209b, 0x209c, 0x1d64,
    0x1d65, 0, 0x2093, 0, 0,
  };

  if (c >= 'a' && c <= 'z')
    return lower[c - 'a'];
  if (c >= '0' && c <= '9')
    return 0x2080 + (c - '0');

  switch (c)
    {
    case '+': return 0x208a;
    case '-': case 0x2212: return 0x208b;
    case '=': return 0x208c;
    case '(': return 0x208d;
    case ')': return 0x208e;
    case 0x03b2: return 0x1d66;  /* β */
    case 0x03b3: return 0x1d67;  /* γ */
    case 0x03c1: return 0x1d68;  /* ρ */
    case 0x03c6: return 0x1d69;  /* φ */
    case 0x03c7: return 0x1d6a;  /* χ */
    default: return 0;
    }
}

static gboolean
is_script_char (gunichar c)
{
  return (c >= 0x2070 && c <= 0x209c) || (c >= 0x1d2c && c <= 0x1dbf) ||
         c == 0x00b9 || c == 0x00b2 || c == 0x00b3 || (c >= 0x02b0 && c <= 0x02e3) ||
         c == 0x2c7c || c == 0x2c7d;
}

static gunichar
to_double_struck (gunichar c)
{
  switch (c)
    {
    case 'C': return 0x2102;
    case 'H': return 0x210d;
    case 'N': return 0x2115;
    case 'P': return 0x2119;
    case 'Q': return 0x211a;
    case 'R': return 0x211d;
    case 'Z': return 0x2124;
    default: break;
    }

  if (c >= 'A' && c <= 'Z')
    return 0x1d538 + (c - 'A');
  if (c >= 'a' && c <= 'z')
    return 0x1d552 + (c - 'a');
  if (c >= '0' && c <= '9')
    return 0x1d7d8 + (c - '0');

  return c;
}

static gunichar
to_script_letter (gunichar c)
{
  /* The letters that Unicode had before its math block keep their code. */
  switch (c)
    {
    case 'B': return 0x212c;
    case 'E': return 0x2130;
    case 'F': return 0x2131;
    case 'H': return 0x210b;
    case 'I': return 0x2110;
    case 'L': return 0x2112;
    case 'M': return 0x2133;
    case 'R': return 0x211b;
    case 'e': return 0x212f;
    case 'g': return 0x210a;
    case 'o': return 0x2134;
    default: break;
    }

  if (c >= 'A' && c <= 'Z')
    return 0x1d49c + (c - 'A');
  if (c >= 'a' && c <= 'z')
    return 0x1d4b6 + (c - 'a');

  return c;
}

/* Post-processing of rendered pieces.  In markup, tags pass through and an
 * entity counts as one character. */

static const char *
skip_markup (const char *p)
{
  char stop = *p == '<' ? '>' : ';';
  const char *q = strchr (p, stop);

  return q != NULL ? q + 1 : p + strlen (p);
}

static void
append_mapped (Tex         *self,
               GString     *out,
               const char  *s,
               gunichar   (*map) (gunichar))
{
  for (const char *p = s; *p; )
    {
      if (self->markup && (*p == '<' || *p == '&'))
        {
          const char *q = skip_markup (p);

          g_string_append_len (out, p, q - p);
          p = q;
          continue;
        }

      g_string_append_unichar (out, map (g_utf8_get_char (p)));
      p = g_utf8_next_char (p);
    }
}

static void
append_accented (Tex        *self,
                 GString    *out,
                 const char *s,
                 const char *mark)
{
  g_autoptr(GString) tmp = g_string_new (NULL);
  g_autofree char *composed = NULL;

  for (const char *p = s; *p; )
    {
      const char *q;

      if (self->markup && *p == '<')
        {
          q = skip_markup (p);
          g_string_append_len (tmp, p, q - p);
          p = q;
          continue;
        }

      q = (self->markup && *p == '&') ? skip_markup (p) : g_utf8_next_char (p);
      /* the dotless i and j under an accent are plain letters */
      if (g_str_has_prefix (p, "ı"))
        g_string_append_c (tmp, 'i');
      else if (g_str_has_prefix (p, "ȷ"))
        g_string_append_c (tmp, 'j');
      else
        g_string_append_len (tmp, p, q - p);
      if (!g_ascii_isspace (*p))
        g_string_append (tmp, mark);
      p = q;
    }

  /* Õ rather than O + U+0303, wherever Unicode has the precomposed form */
  composed = g_utf8_normalize (tmp->str, tmp->len, G_NORMALIZE_NFC);
  g_string_append (out, composed != NULL ? composed : tmp->str);
}

/* Whether @s reads as one term, so that a/b and √x need no parentheses. */
static gboolean
is_atomic (Tex        *self,
           const char *s)
{
  const char *p = s;
  gsize len = strlen (s);
  guint n = 0;

  if (len >= 2 && s[0] == '(' && s[len - 1] == ')')
    {
      int level = 0;

      for (gsize i = 0; i < len; i++)
        {
          level += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
          if (level == 0 && i + 1 < len)
            break;
          if (level == 0)
            return TRUE;
        }
    }

  while (*p)
    {
      gunichar c;

      if (self->markup && *p == '<')
        {
          p = skip_markup (p);
          continue;
        }
      if (self->markup && *p == '&')
        return FALSE;

      c = g_utf8_get_char (p);
      if (!(g_unichar_isalnum (c) || g_unichar_ismark (c) || is_script_char (c) ||
            c == '.' || c == 0x2032 || c == 0x221e || c == 0x221a || c == 0x2202 ||
            c == 0x2207))
        return FALSE;
      n++;
      p = g_utf8_next_char (p);
    }

  return n > 0;
}

static void
append_operand (Tex        *self,
                GString    *out,
                const char *s)
{
  if (*s == '\0' || is_atomic (self, s))
    {
      g_string_append (out, s);
    }
  else
    {
      g_string_append_c (out, '(');
      g_string_append (out, s);
      g_string_append_c (out, ')');
    }
}

static void
append_script (Tex        *self,
               GString    *out,
               const char *s,
               gboolean    super)
{
  static const char * const as_is[] = { "*", "∗", "⋆", "′", "″", "‴", "†", "‡", "∘", "'" };
  gsize start = out->len;
  gboolean converted = TRUE;

  if (*s == '\0')
    return;

  /* x*, f′ and A† read better on the line than raised */
  for (guint i = 0; i < G_N_ELEMENTS (as_is); i++)
    if (strcmp (s, as_is[i]) == 0)
      {
        g_string_append (out, s);
        return;
      }

  for (const char *p = s; *p && converted; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gunichar m;

      if (c == ' ')
        continue;

      m = super ? to_superscript (c) : to_subscript (c);
      if (m == 0)
        converted = FALSE;
      else
        g_string_append_unichar (out, m);
    }

  if (converted)
    return;

  g_string_truncate (out, start);

  if (self->markup)
    {
      append_tag (out, super ? "sup" : "sub", FALSE);
      g_string_append (out, s);
      append_tag (out, super ? "sup" : "sub", TRUE);
    }
  else
    {
      /* x_CE and x^∞ read fine, x^2n does not: x^(2n) */
      gboolean word = TRUE;

      for (const char *p = s; *p; p = g_utf8_next_char (p))
        if (!g_unichar_isalpha (g_utf8_get_char (p)))
          word = FALSE;
      if (g_utf8_strlen (s, -1) == 1)
        word = TRUE;

      g_string_append_c (out, super ? '^' : '_');
      if (word)
        {
          g_string_append (out, s);
        }
      else
        {
          g_string_append_c (out, '(');
          g_string_append (out, s);
          g_string_append_c (out, ')');
        }
    }
}

static GString *
trim (GString *s)
{
  gsize start = 0;

  while (s->len > 0 && g_ascii_isspace (s->str[s->len - 1]))
    g_string_truncate (s, s->len - 1);
  while (start < s->len && g_ascii_isspace (s->str[start]))
    start++;
  g_string_erase (s, 0, start);

  return s;
}

/* Arguments */

static gsize
skip_blanks (const char *text,
             gsize       pos,
             gsize       end)
{
  while (pos < end && (text[pos] == ' ' || text[pos] == '\t'))
    pos++;

  return pos;
}

/* Renders one argument — a group, a command or a character — into @out. */
static gsize
tex_arg (Tex      *self,
         gsize     pos,
         gsize     end,
         gboolean  math,
         GString  *out)
{
  const char *text = self->text;
  gsize close;

  pos = skip_blanks (text, pos, end);
  if (pos >= end)
    return pos;

  switch (text[pos])
    {
    case '{':
      close = tex_partner (self, pos, end);
      if (close == NO_MATCH)
        return pos + 1;  /* an unbalanced brace is dropped, the text stays */
      tex_render (self, pos + 1, close, math, out);
      return close + 1;

    case '}':
      return pos;

    case '\\':
      if (self->depth >= MAX_DEPTH)
        return pos + 1;
      self->depth++;
      pos = tex_command (self, pos, end, math, NULL, out);
      self->depth--;
      return pos;

    default:
      close = g_utf8_next_char (text + pos) - text;
      append_escaped (self, out, text + pos, MIN (close, end) - pos);
      return MIN (close, end);
    }
}

static gsize
tex_take_arg (Tex        *self,
              gsize       pos,
              gsize       end,
              gboolean    math,
              const char *glued,
              GString    *out)
{
  if (glued != NULL)
    {
      append_escaped (self, out, glued, strlen (glued));
      return pos;
    }

  return tex_arg (self, pos, end, math, out);
}

static gsize
tex_skip_arg (Tex   *self,
              gsize  pos,
              gsize  end)
{
  const char *text = self->text;
  gsize close;

  pos = skip_blanks (text, pos, end);
  if (pos >= end || text[pos] == '}')
    return pos;

  if (text[pos] == '{')
    {
      close = tex_partner (self, pos, end);
      return close == NO_MATCH ? pos + 1 : close + 1;
    }

  if (text[pos] == '\\')
    {
      pos++;
      while (pos < end && g_ascii_isalpha (text[pos]))
        pos++;
      return pos;
    }

  return MIN ((gsize) (g_utf8_next_char (text + pos) - text), end);
}

/* An optional argument: [ ... ] on the same line, short.  Returns the
 * position after it, and its inner range through @inner_start/@inner_end. */
static gsize
tex_optional_arg (Tex   *self,
                  gsize  pos,
                  gsize  end,
                  gsize *inner_start,
                  gsize *inner_end)
{
  const char *text = self->text;
  gsize p = skip_blanks (text, pos, end);

  *inner_start = *inner_end = 0;
  if (p >= end || text[p] != '[')
    return pos;

  for (gsize i = p + 1; i < end && i < p + 80; i++)
    {
      if (text[i] == ']')
        {
          *inner_start = p + 1;
          *inner_end = i;
          return i + 1;
        }
      if (text[i] == '\n' || text[i] == '[' || text[i] == '$')
        break;
    }

  return pos;
}

/* Commands */

static gsize
tex_inline_math (Tex     *self,
                 gsize    pos,
                 gsize    end,
                 guint    kind,
                 GString *out)
{
  gsize close = tex_find_close (self, kind, pos, end);

  if (close == NO_MATCH)
    return pos;

  tex_render (self, pos, close, TRUE, out);

  return close + 2;
}

static gsize
tex_apply (Tex              *self,
           const TexCommand *cmd,
           gsize             pos,
           gsize             end,
           gboolean          math,
           Switches         *switches,
           const char       *glued,
           GString          *out)
{
  const char *text = self->text;
  g_autoptr(GString) a = NULL;
  g_autoptr(GString) b = NULL;
  gsize inner_start, inner_end;

  /* \operatorname*{argmax}, \section*{...} */
  if (glued == NULL && cmd->kind != CMD_SYMBOL && cmd->kind != CMD_IGNORE &&
      pos < end && text[pos] == '*')
    pos++;

  switch ((CmdKind) cmd->kind)
    {
    case CMD_SYMBOL:
      append_escaped (self, out, cmd->text, strlen (cmd->text));
      /* "na\"\i ve", "\o ster": the space only ends the command name */
      if (cmd->mode == 1 && glued == NULL && pos < end && text[pos] == ' ')
        pos++;
      break;

    case CMD_IGNORE:
      break;

    case CMD_DROP:
      pos = tex_optional_arg (self, pos, end, &inner_start, &inner_end);
      for (guint i = 0; i < cmd->mode; i++)
        pos = tex_skip_arg (self, pos, end);
      break;

    case CMD_FONT:
      {
        gboolean arg_math = cmd->mode == ARG_SAME ? math : cmd->mode == ARG_MATH;

        gsize start = out->len;

        if (self->markup && cmd->text != NULL)
          append_tag (out, cmd->text, FALSE);
        else if (self->marks && cmd->text != NULL)
          append_mark (out, cmd->text, FALSE);
        pos = tex_take_arg (self, pos, end, arg_math, glued, out);
        if (self->marks && !self->markup && cmd->text != NULL)
          append_mark (out, cmd->text, TRUE);
        if (self->markup && cmd->text != NULL)
          {
            if (out->len == start + strlen (cmd->text) + 2)
              g_string_truncate (out, start);  /* no empty <i></i> */
            else
              append_tag (out, cmd->text, TRUE);
          }
      }
      break;

    case CMD_SWITCH:
      /* "{\bf bold}": the space only ends the command name */
      pos = skip_blanks (text, pos, end);
      if (switches != NULL && self->markup && cmd->text != NULL && switches->n < MAX_SWITCHES)
        {
          append_tag (out, cmd->text, FALSE);
          switches->tags[switches->n++] = cmd->text;
        }
      break;

    case CMD_ACCENT:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, math, glued, a);
      append_accented (self, out, trim (a)->str, cmd->text);
      break;

    case CMD_NOT:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, math, glued, a);
      append_accented (self, out, trim (a)->str, "\xcc\xb8");
      break;

    case CMD_SCRIPT:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, FALSE, glued, a);
      append_script (self, out, trim (a)->str, cmd->mode == 1);
      break;

    case CMD_FRAC:
    case CMD_BINOM:
      a = g_string_new (NULL);
      b = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, TRUE, glued, a);
      pos = tex_arg (self, pos, end, TRUE, b);
      trim (a);
      trim (b);
      if (cmd->kind == CMD_BINOM)
        {
          g_string_append_printf (out, "C(%s, %s)", a->str, b->str);
        }
      else
        {
          append_operand (self, out, a->str);
          g_string_append_c (out, '/');
          append_operand (self, out, b->str);
        }
      break;

    case CMD_SQRT:
      a = g_string_new (NULL);
      if (glued == NULL)
        pos = tex_optional_arg (self, pos, end, &inner_start, &inner_end);
      else
        inner_start = inner_end = 0;
      if (inner_end > inner_start)
        {
          b = g_string_new (NULL);
          tex_render (self, inner_start, inner_end, TRUE, b);
        }
      pos = tex_take_arg (self, pos, end, TRUE, glued, a);
      trim (a);
      if (b != NULL && strcmp (trim (b)->str, "3") == 0)
        g_string_append (out, "∛");
      else if (b != NULL && strcmp (b->str, "4") == 0)
        g_string_append (out, "∜");
      else
        {
          if (b != NULL)
            append_script (self, out, b->str, TRUE);
          g_string_append (out, "√");
        }
      append_operand (self, out, a->str);
      break;

    case CMD_DOUBLE_STRUCK:
    case CMD_SCRIPT_LETTERS:
      a = g_string_new (NULL);
      pos = tex_take_arg (self, pos, end, TRUE, glued, a);
      append_mapped (self, out, a->str,
                     cmd->kind == CMD_DOUBLE_STRUCK ? to_double_struck : to_script_letter);
      break;

    case CMD_SECOND_ARG:
      pos = tex_skip_arg (self, pos, end);
      pos = tex_arg (self, pos, end, math, out);
      break;

    case CMD_URL:
      pos = skip_blanks (text, pos, end);
      if (pos < end && text[pos] == '{')
        {
          gsize close = tex_partner (self, pos, end);

          if (close != NO_MATCH)
            {
              /* Verbatim, except the escapes people add anyway: \_ \% \# \& */
              for (gsize i = pos + 1; i < close; i++)
                if (!(text[i] == '\\' && i + 1 < close && strchr ("_%#&~$", text[i + 1])))
                  append_escaped_char (self, out, text[i]);
              pos = close + 1;
            }
        }
      break;

    case CMD_DELIMITER:
      pos = skip_blanks (text, pos, end);
      if (pos < end && text[pos] == '.')
        pos++;
      break;

    default:
      break;
    }

  return pos;
}

/* A backslash and one character that is not a letter. */
static gsize
tex_control_symbol (Tex      *self,
                    gsize     pos,
                    gsize     end,
                    gboolean  math,
                    GString  *out)
{
  const char *text = self->text;
  const ProcTexRow *row;
  char c = text[pos + 1];
  gsize next = pos + 2;

  switch (c)
    {
    case '{': case '}': case '%': case '&': case '#': case '_': case '$':
      append_escaped_char (self, out, c);
      return next;

    case '|':
      g_string_append (out, "‖");
      return next;

    case '\\': case ',': case ';': case ':': case '>': case ' ': case '\t': case '\n':
      g_string_append_c (out, ' ');
      return next;

    case '!': case '/': case '-': case '@': case '*':
      return next;

    case '(':
    case '[':
      if (!math)
        {
          gsize after = tex_inline_math (self, next, end,
                                         c == '(' ? CLOSE_PAREN : CLOSE_BRACKET, out);
          if (after != next)
            return after;
        }
      g_string_append_c (out, c);
      return next;

    case ')':
    case ']':
      g_string_append_c (out, c);
      return next;

    default:
      break;
    }

  row = proc_tex_table_lookup (text + pos, 2);
  if (row != NULL && row->kind == PROC_TEX_ROW_ACCENT && (row->contexts & PROC_TEX_IN_RENDER))
    {
      g_autoptr(GString) a = g_string_new (NULL);

      next = tex_arg (self, next, end, math, a);
      append_accented (self, out, trim (a)->str, row->text);
      return next;
    }

  /* Any other character, non-ASCII included, stands for itself. */
  next = MIN ((gsize) (g_utf8_next_char (text + pos + 1) - text), end);
  append_escaped (self, out, text + pos + 1, next - (pos + 1));

  return next;
}

static gsize
tex_unknown (Tex        *self,
             const char *name,
             gsize       len,
             gsize       pos,
             gsize       end,
             gboolean    math,
             GString    *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (glued_prefixes); i++)
    {
      const char *prefix = glued_prefixes[i].prefix;
      gsize plen = strlen (prefix);

      if (len > plen && len - plen <= glued_prefixes[i].max_rest &&
          strncmp (name, prefix, plen) == 0)
        {
          g_autofree char *rest = g_strndup (name + plen, len - plen);

          return tex_apply (self, tex_lookup (prefix, plen), pos, end, math, NULL, rest, out);
        }
    }

  /* An unknown macro: its name is the best guess at what it prints. */
  append_escaped (self, out, name, len);

  return pos;
}

static gsize
tex_command (Tex      *self,
             gsize     pos,
             gsize     end,
             gboolean  math,
             Switches *switches,
             GString  *out)
{
  const char *text = self->text;
  const TexCommand *cmd;
  gsize name_end;

  if (pos + 1 >= end)
    return end;  /* a trailing backslash */

  if (!g_ascii_isalpha (text[pos + 1]))
    return tex_control_symbol (self, pos, end, math, out);

  name_end = pos + 1;
  while (name_end < end && g_ascii_isalpha (text[name_end]))
    name_end++;

  cmd = tex_lookup (text + pos + 1, name_end - pos - 1);

  /* One-letter text commands mean something else in math: \l( and \r) are
   * common shorthands for \left( and \right), \d and \o for d and o. */
  if (cmd != NULL && math && cmd->text_only)
    {
      if (text[pos + 1] == 'l' || text[pos + 1] == 'r')
        return name_end;
      cmd = NULL;
    }

  if (cmd == NULL)
    return tex_unknown (self, text + pos + 1, name_end - pos - 1, name_end, end, math, out);

  return tex_apply (self, cmd, name_end, end, math, switches, NULL, out);
}

/* Lost escapes (see lost_escapes_before_brace) */

static const char *
lookup_lost_escape (const char *word,
                    gsize       len,
                    gboolean    before_brace)
{
  guint n = before_brace ? G_N_ELEMENTS (lost_escapes_before_brace)
                         : G_N_ELEMENTS (lost_escapes_in_math);

  for (guint i = 0; i < n; i++)
    {
      const char *w = before_brace ? lost_escapes_before_brace[i].word
                                   : lost_escapes_in_math[i].word;

      if (strlen (w) == len && memcmp (w, word, len) == 0)
        return before_brace ? lost_escapes_before_brace[i].command
                            : lost_escapes_in_math[i].command;
    }

  return NULL;
}

/* Whether the space at @pos is what is left of the lost escape: it
 * follows a dollar, a brace or another space rather than a word */
static gboolean
lost_escape_space (const char *text,
                   gsize       pos)
{
  return g_ascii_isspace (text[pos]) &&
         (pos == 0 || strchr ("${( \t", text[pos - 1]) != NULL);
}

/* At a '{': if the word just before it is a command that lost its escape,
 * takes the word back out of @out and returns the command. */
static const TexCommand *
tex_lost_command (Tex     *self,
                  gsize    pos,
                  GString *out)
{
  const char *text = self->text;
  const char *name;
  gsize start = pos;

  while (start > 0 && pos - start < 16 && g_ascii_islower (text[start - 1]))
    start--;

  if (start == pos || pos - start >= 16 ||
      (start > 0 && !strchr (" \t$([{", text[start - 1])) ||
      out->len < pos - start ||
      memcmp (out->str + out->len - (pos - start), text + start, pos - start) != 0)
    return NULL;

  name = lookup_lost_escape (text + start, pos - start, TRUE);
  if (name == NULL)
    return NULL;

  g_string_truncate (out, out->len - (pos - start));
  if (start > 0 && lost_escape_space (text, start - 1) &&
      out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);

  return tex_lookup (name, strlen (name));
}

/* Copies a run of math that needs no interpretation, repairing lost
 * escapes ("3 imes 4") on the way. */
static void
append_math_run (Tex     *self,
                 GString *out,
                 gsize    start,
                 gsize    end)
{
  const char *text = self->text;
  gsize copied = start;

  for (gsize i = start; i < end; )
    {
      gsize j = i;
      const char *name;

      if (!g_ascii_isalpha (text[i]))
        {
          i++;
          continue;
        }

      while (j < end && g_ascii_isalpha (text[j]))
        j++;

      if (i > 0 && g_ascii_isspace (text[i - 1]) &&
          (name = lookup_lost_escape (text + i, j - i, FALSE)) != NULL)
        {
          const TexCommand *cmd = tex_lookup (name, strlen (name));

          g_string_append_len (out, text + copied,
                               i - copied - (i - 1 >= copied && lost_escape_space (text, i - 1)));
          if (cmd != NULL && cmd->kind == CMD_SYMBOL)
            g_string_append (out, cmd->text);
          else
            g_string_append_len (out, text + i, j - i);
          copied = j;
        }

      i = j;
    }

  g_string_append_len (out, text + copied, end - copied);
}

/* Text-mode constructions */

static gsize
tex_dollar (Tex     *self,
            gsize    pos,
            gsize    end,
            GString *out)
{
  const char *text = self->text;
  gsize close;

  if (pos + 1 < end && text[pos + 1] == '$')
    {
      close = tex_find_close (self, CLOSE_DISPLAY, pos + 2, end);
      if (close != NO_MATCH)
        {
          tex_render (self, pos + 2, close, TRUE, out);
          return close + 2;
        }
      g_string_append (out, "$$");
      return pos + 2;
    }

  close = tex_find_close (self, CLOSE_DOLLAR, pos + 1, end);
  if (close == NO_MATCH)
    {
      g_string_append_c (out, '$');
      return pos + 1;
    }

  tex_render (self, pos + 1, close, TRUE, out);

  return close + 1;
}

/* *emphasis* and **strong**, only when the stars hug the words. */
static gsize
tex_emphasis (Tex     *self,
              gsize    pos,
              gsize    end,
              GString *out)
{
  const char *text = self->text;
  gsize run = 0;
  gsize limit;
  char before, after;

  while (pos + run < end && text[pos + run] == '*')
    run++;

  before = pos > 0 ? text[pos - 1] : ' ';
  after = pos + run < end ? text[pos + run] : ' ';

  if (run > 2 || g_ascii_isalnum (before) || g_ascii_isspace (after) || pos + run >= end)
    goto literal;

  limit = MIN (end, pos + run + MAX_EMPHASIS);
  for (gsize i = pos + run; i < limit; )
    {
      gsize r = 0;

      if (text[i] == '\\')
        {
          i += 2;
          continue;
        }
      if (text[i] == '\n' && is_paragraph_break (text, i, end))
        break;
      if (text[i] != '*')
        {
          i++;
          continue;
        }

      while (i + r < end && text[i + r] == '*')
        r++;

      if (r == run && i > pos + run && !g_ascii_isspace (text[i - 1]) &&
          (i + r >= end || !g_ascii_isalnum (text[i + r])))
        {
          const char *tag = run == 1 ? "i" : "b";

          if (self->markup)
            append_tag (out, tag, FALSE);
          else if (self->marks)
            append_mark (out, tag, FALSE);
          tex_render (self, pos + run, i, FALSE, out);
          if (self->markup)
            append_tag (out, tag, TRUE);
          else if (self->marks)
            append_mark (out, tag, TRUE);
          return i + r;
        }

      i += r;
    }

literal:
  g_string_append_len (out, text + pos, run);
  return pos + run;
}

/* Copies text with the TeX syntax left out; for nesting beyond MAX_DEPTH. */
static void
tex_render_raw (Tex     *self,
                gsize    pos,
                gsize    end,
                GString *out)
{
  for (; pos < end; pos++)
    {
      char c = self->text[pos];

      if (c == '\\' || c == '{' || c == '}' || c == '$' || c == '^' || c == '_')
        continue;
      append_escaped (self, out, self->text + pos, 1);
    }
}

static void
tex_render (Tex      *self,
            gsize     pos,
            gsize     end,
            gboolean  math,
            GString  *out)
{
  const char *text = self->text;
  guint8 mask = math ? CLASS_MATH : CLASS_TEXT;
  Switches switches = { { NULL }, 0 };

  if (self->depth >= MAX_DEPTH)
    {
      tex_render_raw (self, pos, end, out);
      return;
    }

  self->depth++;

  while (pos < end)
    {
      guchar c = text[pos];

      if (!(char_class[c] & mask))
        {
          gsize start = pos;

          if (self->has_controls)
            {
              do
                pos++;
              while (pos < end && !(char_class[(guchar) text[pos]] & mask));
            }
          else
            {
              /* strcspn () is vectorised for up to sixteen bytes */
              static const char * const specials[2][2] = {
                { "\\{}$*`'-~\xc2", "\\{}$*`'-~\xc2&<>\"" },
                { "\\{}^_'~$\xc2", "\\{}^_'~$\xc2&<>\"" },
              };

              pos += strcspn (text + pos, specials[math][self->markup]);
              pos = MIN (pos, end);
            }
          if (math)
            append_math_run (self, out, start, pos);
          else
            g_string_append_len (out, text + start, pos - start);
          continue;
        }

      switch (c)
        {
        case '\\':
          pos = tex_command (self, pos, end, math, &switches, out);
          break;

        case '{':
          {
            const TexCommand *lost = tex_lost_command (self, pos, out);
            gsize close;

            if (lost != NULL)
              {
                pos = tex_apply (self, lost, pos, end, math, &switches, NULL, out);
                break;
              }

            close = tex_partner (self, pos, end);
            if (close == NO_MATCH)
              {
                pos++;
              }
            else
              {
                tex_render (self, pos + 1, close, math, out);
                pos = close + 1;
              }
          }
          break;

        case '}':
          pos++;
          break;

        case '$':
          if (math)
            {
              g_string_append_c (out, '$');
              pos++;
            }
          else
            {
              pos = tex_dollar (self, pos, end, out);
            }
          break;

        case '^':
        case '_':
          {
            g_autoptr(GString) arg = g_string_new (NULL);

            pos = tex_arg (self, pos + 1, end, TRUE, arg);
            append_script (self, out, trim (arg)->str, c == '^');
          }
          break;

        case '*':
          pos = tex_emphasis (self, pos, end, out);
          break;

        case '`':
          if (pos + 1 < end && text[pos + 1] == '`')
            {
              g_string_append (out, "“");
              self->double_quote_open = TRUE;
              pos += 2;
            }
          else
            {
              g_string_append (out, "‘");
              self->single_quote_open = TRUE;
              pos++;
            }
          break;

        case '\'':
          if (math)
            {
              static const char * const primes[] = { "′", "″", "‴" };
              gsize run = 0;

              while (pos + run < end && text[pos + run] == '\'')
                run++;
              for (gsize i = run; i > 0; i -= MIN (i, 3))
                g_string_append (out, primes[MIN (i, 3) - 1]);
              pos += run;
            }
          else if (pos + 1 < end && text[pos + 1] == '\'')
            {
              /* ''closing'' quotes only close ``opening'' ones; after a
               * straight " they are a straight " too */
              if (self->double_quote_open)
                g_string_append (out, "”");
              else
                append_escaped_char (self, out, '"');
              self->double_quote_open = FALSE;
              pos += 2;
            }
          else if (self->single_quote_open &&
                   !(pos + 1 < end && g_ascii_isalpha (text[pos + 1])))
            {
              g_string_append (out, "’");
              self->single_quote_open = FALSE;
              pos++;
            }
          else
            {
              append_escaped_char (self, out, '\'');
              pos++;
            }
          break;

        case '-':
          if (pos + 2 < end && text[pos + 1] == '-' && text[pos + 2] == '-')
            {
              g_string_append (out, "—");
              pos += 3;
            }
          else if (pos + 1 < end && text[pos + 1] == '-')
            {
              g_string_append (out, "–");
              pos += 2;
            }
          else
            {
              g_string_append_c (out, '-');
              pos++;
            }
          break;

        case '~':
          if (math)
            {
              g_string_append_c (out, ' ');
            }
          else
            {
              /* A TeX tie sits between words ("Fig.~2", "et al.~\cite");
               * elsewhere abstracts use ~ for "about" ("~20%", "13~133×"). */
              char before = pos > 0 ? text[pos - 1] : ' ';
              char after = pos + 1 < end ? text[pos + 1] : ' ';

              if ((g_ascii_isalpha (before) || before == '.') &&
                  (g_ascii_isalnum (after) || after == '\\' || after == '$' || after == '['))
                g_string_append (out, self->markup ? "\xc2\xa0" : " ");
              else
                g_string_append_c (out, '~');
            }
          pos++;
          break;

        case 0xc2:
          /* C1 control characters go; other U+0080–U+00BF stay */
          if (pos + 1 < end && (guchar) text[pos + 1] >= 0x80 && (guchar) text[pos + 1] <= 0x9f)
            {
              pos += 2;
            }
          else
            {
              g_string_append_len (out, text + pos, MIN (2, end - pos));
              pos += 2;
            }
          break;

        default:
          append_escaped_char (self, out, c);
          pos++;
          break;
        }
    }

  while (switches.n > 0)
    append_tag (out, switches.tags[--switches.n], TRUE);

  self->depth--;
}

/* Whether @text has bytes beyond ASCII, and control characters other than
 * tab and newline; eight bytes at a time, as every abstract goes through. */
static void
scan_bytes (const char *text,
            gsize       len,
            gboolean   *non_ascii,
            gboolean   *controls)
{
  const guint64 high = 0x8080808080808080ull;
  const guint64 ones = 0x0101010101010101ull;
  gsize i = 0;

  *non_ascii = *controls = FALSE;

  for (; i + 8 <= len; i += 8)
    {
      guint64 v;

      memcpy (&v, text + i, 8);
      *non_ascii |= (v & high) != 0;

      /* a byte below 0x20, or 0x7f: look closer (tabs and newlines are fine) */
      if ((((v - 0x20 * ones) & ~v) | ((v ^ (0x7f * ones)) - ones)) & high & ~v)
        for (gsize k = i; k < i + 8; k++)
          {
            guchar c = text[k];

            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
              *controls = TRUE;
          }
    }

  for (; i < len; i++)
    {
      guchar c = text[i];

      *non_ascii |= c >= 0x80;
      if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
        *controls = TRUE;
    }
}

static char *
tex_convert (const char *text,
             gboolean    markup,
             gboolean    marks)
{
  g_autofree char *valid = NULL;
  gboolean non_ascii = FALSE;
  GString *out;
  Tex self = { 0 };
  gsize len;

  if (text == NULL)
    return g_strdup ("");

  tex_init_tables ();

  len = strlen (text);
  scan_bytes (text, len, &non_ascii, &self.has_controls);
  if (non_ascii && !g_utf8_validate (text, len, NULL))
    {
      text = valid = g_utf8_make_valid (text, len);
      len = strlen (text);
    }

  self.text = text;
  self.len = len;
  self.markup = markup;
  self.marks = marks;
  tex_match_braces (&self);

  out = g_string_sized_new (self.len + 16);
  tex_render (&self, 0, self.len, FALSE, out);

  g_free (self.match);

  return g_string_free (out, FALSE);
}

/**
 * proc_tex_to_plain:
 * @text: (nullable): an abstract, with inline TeX and Markdown emphasis
 *
 * Turns @text into plain Unicode text: math becomes Unicode (Greek letters,
 * operators, superscripts where Unicode has them), font commands and
 * emphasis markers disappear, unbalanced `$` and braces stay as they are.
 *
 * Returns: (transfer full): plain text, valid UTF-8, never %NULL
 */
char *
proc_tex_to_plain (const char *text)
{
  return tex_convert (text, FALSE, FALSE);
}

/**
 * proc_tex_to_markup:
 * @text: (nullable): an abstract, with inline TeX and Markdown emphasis
 *
 * Like proc_tex_to_plain(), but returns Pango markup: the text is escaped,
 * emphasis and fonts become `<i>`, `<b>`, `<tt>` and `<u>`, and
 * superscripts that Unicode lacks become `<sup>` and `<sub>`.
 *
 * Returns: (transfer full): Pango markup, never %NULL
 */
char *
proc_tex_to_markup (const char *text)
{
  return tex_convert (text, TRUE, FALSE);
}

/**
 * proc_tex_to_plain_marked:
 * @text: (nullable): an abstract, with inline TeX and Markdown emphasis
 *
 * Like proc_tex_to_plain(), but italics and bold (`*x*`, `**x**`,
 * `\textit{x}`, `\emph{x}`, `\textbf{x}`) stand between the private-use
 * characters PROC_TEX_MARK_ITALIC_OPEN and _CLOSE, or PROC_TEX_MARK_BOLD_*,
 * for a writer to turn into its own emphasis once the text is escaped.
 *
 * Returns: (transfer full): plain text with marks, never %NULL
 */
char *
proc_tex_to_plain_marked (const char *text)
{
  return tex_convert (text, FALSE, TRUE);
}
