"""The code beside the maths: a folded box on each page holding the formula its main chart shows and the
functions of this app that compute it, read from the app's own source when the box is opened (so it can
never drift from what runs: tests/app/test_app_code.py traces a page's run and checks that every function
shown is called).

A function is named as ``"module:qualname"`` and imported only when its box opens: the pages that show no
model never import PyTorch for a box they keep closed. The box is an expander that reruns the page when
opened or closed, and draws its content only while open: closed, it costs a run one element."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st

from viz.i18n import t

#: The repository's root: a function's file is named relative to it.
ROOT = Path(__file__).resolve().parents[2]

#: Per page (and per real model on the Real models page), the functions its main chart's numbers come
#: from, in the order they run.
SNIPPETS: dict[str, tuple[str, ...]] = {
    # Home's diagram: its numbers, from one head's steps through the live model
    "home": ("viz.views.model_map:numbers", "viz.model.probe:head_steps"),
    "positional_encoding": ("viz.encodings.sinusoid:frequencies", "viz.encodings.sinusoid:sinusoidal_at"),
    "embedding": ("viz.encodings.embedding:combine",),
    "similarity": ("viz.encodings.similarity:pairwise",),
    "softmax": (
        "viz.scores.softmax:dot_samples",
        "viz.scores.softmax:scale_factor",
        "viz.scores.softmax:softmax",
    ),
    "attention": (
        "viz.model.encoder:MultiHeadAttention.parts",
        "viz.model.attention:scaled_dot_product_attention",
    ),
    "encoder": ("viz.model.encoder:EncoderLayer.trace",),
    "pretrained.minilm": ("viz.pretrained.bert:run",),
    "pretrained.smollm2": ("viz.pretrained.llama:run",),
    # the Real models page's writing tab (viz/views/generate.py)
    "pretrained.smollm2.generate": (
        "viz.pretrained.llama:extend_one",
        "viz.pretrained.generate:filtered",
        "viz.pretrained.generate:choose",
    ),
}


#: Per page, the formula beside the code (LaTeX: symbols only, the same in every language).
FORMULAS: dict[str, str] = {
    "home": r"\begin{aligned} X &= E\sqrt{d_{model}} + PE \\"
    r" w_0 &= \mathrm{softmax}\!\left(\frac{q_0 K^\top}{\sqrt{d_k}}\right),\quad q_0 = X_0 W_Q \\"
    r" Z &= \mathrm{LN}(X + \mathrm{MultiHead}(X)) \\"
    r" \mathrm{Out} &= \mathrm{LN}\big(Z + \mathrm{FFN}(Z)\big) \end{aligned}",
    "positional_encoding": r"\begin{aligned} \omega_i &= \mathrm{base}^{-2i/d_{model}} \\"
    r" PE_{pos,\,2i} &= \sin(pos\,\omega_i) \\ PE_{pos,\,2i+1} &= \cos(pos\,\omega_i) \end{aligned}",
    "embedding": r"X = s \cdot E + P, \qquad s \in \{1, \sqrt{d_{model}}\}",
    "similarity": r"\begin{aligned} \mathrm{dot}(p, j) &= PE_p \cdot PE_j"
    r" = \textstyle\sum_k PE_{p,k}\,PE_{j,k} \\"
    r" \cos(p, j) &= \frac{PE_p \cdot PE_j}{\lVert PE_p \rVert\,\lVert PE_j \rVert} \end{aligned}",
    "softmax": r"\begin{aligned} \mathrm{Var}(q \cdot k) &= d_k \\"
    r" z_j &= \frac{q \cdot k_j}{\sqrt{d_k}}, \quad \mathrm{Var}(z_j) = 1 \\"
    r" \mathrm{softmax}(z)_j &= \frac{e^{(z_j - m)/T}}{\sum_i e^{(z_i - m)/T}} \\"
    r" m &= \max_i z_i \end{aligned}",
    "attention": r"\begin{aligned} Q_h &= X W_Q^h,\; K_h = X W_K^h,\; V_h = X W_V^h \\"
    r" \mathrm{head}_h &= \mathrm{softmax}\!\left(\frac{Q_h K_h^\top}{\sqrt{d_k}} + M\right) V_h \\"
    r" \mathrm{MultiHead}(X) &= [\mathrm{head}_1; \dots; \mathrm{head}_H]\, W_O \end{aligned}",
    "encoder": r"\begin{aligned} Z &= \mathrm{LayerNorm}(X + \mathrm{MultiHead}(X)) \\"
    r" F &= \mathrm{ReLU}(Z W_1 + b_1) W_2 + b_2 \\ \mathrm{Out} &= \mathrm{LayerNorm}(Z + F) \end{aligned}",
    "pretrained.minilm": r"\begin{aligned} X_0 &= \mathrm{LN}(E_{tok} + P_{pos} + S_{seg}) \\"
    r" Z &= \mathrm{LN}(X + \mathrm{MultiHead}(X)) \\ F &= \mathrm{GELU}(Z W_1 + b_1) W_2 + b_2 \\"
    r" \mathrm{Out} &= \mathrm{LN}(Z + F) \end{aligned}",
    "pretrained.smollm2": r"\begin{aligned} Z &= X + \mathrm{MultiHead}_{\mathrm{RoPE},\,\mathrm{GQA}}"
    r"(\mathrm{RMSNorm}(X)) \\ N &= \mathrm{RMSNorm}(Z) \\"
    r" \mathrm{Out} &= Z + \big(\mathrm{SiLU}(N W_g) \odot N W_u\big) W_d \end{aligned}",
    # i_1, i_2, ... are the tokens from the likeliest down
    "pretrained.smollm2.generate": r"\begin{aligned} p_i &= \mathrm{softmax}(z / T)_i \\"
    r" m &= \min \{ m \le k : \textstyle\sum_{r \le m} p_{i_r} \ge p_{top} \sum_{r \le k} p_{i_r} \} \\"
    r" q_{i_r} &= p_{i_r} [r \le m] \,/\, \textstyle\sum_{s \le m} p_{i_s} \\"
    r" x_{t+1} &= i_r, \quad r = \min \{ r : \textstyle\sum_{s \le r} q_{i_s} > u \},"
    r" \; u \sim U[0, 1) \end{aligned}",
}


def resolve(ref: str) -> Callable[..., Any]:
    """The function ``"module:qualname"`` names (a method by ``Class.method``), unwrapped of decorators."""
    module_name, _, qualname = ref.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        found = getattr(found, part)
    return inspect.unwrap(found)


@functools.cache
def source(ref: str) -> tuple[str, str, int, int]:
    """The function's source without its docstring, dedented; its file (from the repository's root), its
    first and last line."""
    fn = resolve(ref)
    lines, first = inspect.getsourcelines(fn)
    text = textwrap.dedent("".join(lines))
    body = ast.parse(text).body[0]
    assert isinstance(body, ast.FunctionDef | ast.AsyncFunctionDef)
    doc = body.body[0] if body.body else None
    if (
        doc is not None
        and isinstance(doc, ast.Expr)
        and isinstance(doc.value, ast.Constant)
        and isinstance(doc.value.value, str)
        and doc.end_lineno is not None
    ):
        kept = text.splitlines(keepends=True)
        text = "".join(kept[: doc.lineno - 1] + kept[doc.end_lineno :])
    path = Path(inspect.getsourcefile(fn) or "").resolve()
    return text.rstrip() + "\n", path.relative_to(ROOT).as_posix(), first, first + len(lines) - 1


def box(page: str, lang: str) -> None:
    """The page's folded "the code" box: the formula beside the functions that compute it (``page`` is a
    key of :data:`SNIPPETS`)."""
    refs = SNIPPETS[page]
    panel = st.expander(t("code.title", lang), key=f"code_{page}", on_change="rerun", icon=":material/code:")
    if not panel.open:
        return
    with panel:
        maths, code = st.columns([2, 3], gap="medium")
        maths.latex(FORMULAS[page])
        maths.markdown(t(f"code.{page.replace('.', '_')}", lang))
        for ref in refs:
            text, path, first, last = source(ref)
            code.caption(t("code.where", lang, name=ref.partition(":")[2], path=path, first=first, last=last))
            code.code(text, language="python", wrap_lines=True)
