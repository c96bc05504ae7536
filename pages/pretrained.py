"""Real models: two pretrained models (all-MiniLM-L6-v2, SmolLM2-135M-Instruct) read the visitor's text
on this server; every head of every layer, one head large, the heads' measured patterns, the attention
sink and the next token."""

from __future__ import annotations

from typing import Any, NamedTuple

import streamlit as st

from viz import pretrained
from viz.i18n import t
from viz.pretrained.tokens import Pieces
from viz.state import link as url_link
from viz.ui import layout, sections, shell, widgets
from viz.views import code, flow, generate, induction, intervene, model_map, patching
from viz.views import pretrained as views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("real.title", lang), s, lang, "pages/pretrained.py")

EXAMPLES = url_link.REAL_EXAMPLES

# Sections as tabs: only the open one runs and draws (viz.ui.sections); each open one's first row holds its
# main chart and, beside it, the controls that move it (viz.ui.layout).
sec = sections.sections(
    "real_section",
    {k: t(f"real.section.{k}", lang) for k in url_link.REAL_SECTIONS},
    lang=lang,
)
#: The one-head tab is a fragment when it is shown alone: a move of its controls (the layer, the head, the
#: view, and the model and sentence it draws itself) reruns only the tab, not the sidebar and the page
#: around it (issue 37). With every section at once the page draws the controls, which set every section.
ALONE = not st.session_state.get(sections.ALL_SECTIONS)
FRAGMENTS = ("one",) if ALONE else ()
rows = layout.rows(sec, skip=FRAGMENTS)
#: The model whose code the box under the page shows (set by the page's whole run).
CODE_MODEL = "_real_code_model"
# the writing tab's controls (SmolLM2 only) at the top of its side column too: its count moves often
writes = pretrained.INFO[widgets.current_choice("real_model", pretrained.MODELS, lang)].causal
gen = generate.controls(lang, rows["generate"].side) if sec["generate"].open and writes else None


class Chosen(NamedTuple):
    """What the page's controls chose: the model, the text, and the model's reading of the text (None
    when it cannot be read: the page says why)."""

    key: str
    text: str
    analysed: Any


def choose(box: Any) -> Chosen:
    """The page's controls in ``box`` (a section's side column): the model and the text."""
    with box:
        key = widgets.choice(
            t("real.model", lang),
            pretrained.MODELS,
            key="real_model",
            lang=lang,
            format_func=lambda k: t(f"real.model.{k}", lang),
            radio=True,
        )
        info = pretrained.INFO[key]
        text = widgets.text_box(
            lang,
            prefix="real",
            examples=EXAMPLES,
            label=t("real.sentence", lang),
            help=t("real.sentence.help", lang, limit=info.limit, n=pretrained.MAX_TOKENS),
        )
        ok = views.ready(key, lang) and views.load(key, lang)
        analysed = views.analyse(key, text, lang) if ok else None
        st.caption(t(f"real.about.{key}", lang))
    return Chosen(key, text, analysed)


def one_head(chosen: Chosen | None) -> None:
    """The one-head tab; ``chosen`` None: it is the tab shown, and it draws the page's controls itself."""
    row = rows["one"] if "one" in rows else layout.row("one")
    # the view (heatmaps or lines) at the top of its side column, above the page's controls
    view = flow.view_choice("real_view", lang, row.side)
    key, _, analysed = choose(row.side) if chosen is None else chosen
    if st.session_state.get(CODE_MODEL, key) != key:
        st.rerun()  # another model: the code box under the page follows it
    if analysed is not None:
        head_view(key, analysed[0], view, row)


@shell.fragment
def head_view(key: str, pieces: Pieces, view: str, row: layout.Row) -> None:
    """The layer, the head and their chart, a fragment inside the tab's writing into its row: a layer or
    head press reruns them alone, not the model and the text above them."""
    info, result = pretrained.INFO[key], None
    with widgets.guard(lang):  # the memoized run: a cache hit, or run again if other texts evicted it
        result = pretrained.run(key, pieces.ids)
    if result is None:
        return
    with row.side:
        layer = widgets.bounded_slider(t("real.one.layer", lang), 1, info.layers, 1, key="real_layer")
        lines = flow.controls("real", views.labels(pieces), layer - 1, lang, view)
        if lines is None:  # lines draw every head of the layer
            head = widgets.bounded_slider(t("real.one.head", lang), 1, info.heads, 1, key="real_head")
    with row.main, widgets.guard(lang):
        if lines is None:
            views.one_head(result, pieces, key, layer - 1, head - 1, lang)
        else:
            views.layer_lines(result, pieces, key, lines, lang)
    if lines is not None:
        flow.notice(lang, row.side, lines)


st.session_state.pop(CODE_MODEL, None)  # the whole run's tab draws for the model it reads
chosen = choose(layout.page_controls(rows)) if layout.first_open(sec) not in FRAGMENTS else None
if sec["one"].open:
    with sec["one"]:
        (shell.fragment(one_head) if ALONE else one_head)(chosen)
if chosen is None:  # the one-head tab, shown alone, chose and drew everything: no other section is open
    chosen = Chosen(widgets.current_choice("real_model", pretrained.MODELS, lang), "", None)
key, text, analysed = chosen
info = pretrained.INFO[key]
st.session_state[CODE_MODEL] = key

if analysed is not None:
    pieces, result = analysed
    if sec["tokens"].open:
        with sec["tokens"], rows["tokens"].main:
            views.tokens_table(pieces, key, lang, rows["tokens"].side)
    if sec["all"].open:
        with sec["all"], rows["all"].main, widgets.guard(lang):
            views.overview(result, key, len(pieces.ids), lang, tokens=pieces.shown)
    if sec["patterns"].open:
        with sec["patterns"]:
            offered = views.measures_offered(key)
            measure = widgets.choice(
                t("real.pat.measure", lang),
                offered,
                key="real_measure",
                lang=lang,
                format_func=lambda m: t(f"real.pat.{m}", lang),
                container=rows["patterns"].side,
            )
            with rows["patterns"].main, widgets.guard(lang):
                views.head_patterns(result, key, measure, lang)
            with widgets.guard(lang):
                if info.causal:
                    views.sink(result, key, lang)
    if sec["next"].open:
        with sec["next"]:
            with rows["next"].side:
                temperature = widgets.float_slider(
                    t("real.next.temperature", lang),
                    0.1,
                    3.0,
                    0.1,
                    1.0,
                    "real_temp",
                    t("real.next.temperature.help", lang),
                )
                k = widgets.bounded_slider(t("real.next.k", lang), 3, 30, 10, key="real_k")
            with rows["next"].main, widgets.guard(lang):
                views.next_token(result, pieces, key, temperature, k, lang)
    if sec["generate"].open:
        with sec["generate"]:
            if gen is not None and info.causal:
                with rows["generate"].main, widgets.guard(lang):
                    generate.view(pieces, *gen, lang, views.labels(pieces))
            else:
                st.info(t("gen.minilm", lang))
    # the tools that test what a head does (SmolLM2): the logit lens, ablation, patching
    if sec["lens"].open:
        with sec["lens"]:
            if intervene.offered(lang, text):
                with rows["lens"].side:
                    position = intervene.lens_controls(views.labels(pieces), lang)
                with rows["lens"].main, widgets.guard(lang):
                    intervene.lens(pieces, views.labels(pieces), position, lang)
    if sec["ablate"].open:
        with sec["ablate"]:
            if intervene.offered(lang, text):
                with rows["ablate"].side:
                    a_layer, a_head, how = intervene.ablation_controls(lang)
                with rows["ablate"].main, widgets.guard(lang):
                    intervene.ablation(pieces, a_layer, a_head, how, lang)
                with widgets.guard(lang):
                    intervene.ablation_grid(pieces, how, lang)
    if sec["patch"].open:
        with sec["patch"]:
            if intervene.offered(lang, text):
                with rows["patch"].side:
                    corrupted, what = patching.patch_controls(lang)
                with rows["patch"].main, widgets.guard(lang):
                    patching.patching(pieces, views.labels(pieces), corrupted, what, lang)
    if sec["induction"].open:
        with sec["induction"]:
            if intervene.offered(lang, ""):
                with rows["induction"].main, widgets.guard(lang):
                    induction.real_section(lang, rows["induction"].side)

# ---- what the page is ----------------------------------------------------------------------------------
code.box(f"pretrained.{key}.generate" if gen is not None and info.causal else f"pretrained.{key}", lang)
layout.about(lang, lambda: st.write(t("real.intro", lang)))
