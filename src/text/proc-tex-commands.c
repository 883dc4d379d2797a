/* proc-tex-commands.c: the commands the abstract renderer knows by name, math above all
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-tex-private.h"
#include "proc-tex-table.h"

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


static GHashTable *command_table;
guint8             tex_char_class[256];

void
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
          /* the space after a letter or an opening quote only ends the
           * name ("\\o ster", "\\textquotedblleft good"); after \\S or \\ldots
           * abstracts mean a space */
          {
            GUnicodeType type = g_unichar_type (g_utf8_get_char (rows[i].text));

            cmd->mode = rows[i].kind == PROC_TEX_ROW_LETTER || type == G_UNICODE_OPEN_PUNCTUATION ||
                        type == G_UNICODE_INITIAL_PUNCTUATION;
          }
          cmd->text = rows[i].text;
          cmd->text_only = !(rows[i].contexts & PROC_TEX_IN_MATH);
          g_hash_table_insert (table, (gpointer) cmd->name, cmd);
        }

      for (guint c = 0; c < 0x20; c++)
        if (c != '\n' && c != '\t')
          tex_char_class[c] = CLASS_TEXT | CLASS_MATH;
      for (const char *p = both; *p; p++)
        tex_char_class[(guchar) *p] |= CLASS_TEXT | CLASS_MATH;
      for (const char *p = text_only; *p; p++)
        tex_char_class[(guchar) *p] |= CLASS_TEXT;
      for (const char *p = math_only; *p; p++)
        tex_char_class[(guchar) *p] |= CLASS_MATH;

      command_table = table;
      g_once_init_leave (&initialized, 1);
    }
}

const TexCommand *
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
const TexCommand *
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
void
tex_append_math_run (Tex     *self,
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
