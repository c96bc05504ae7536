"""Attention heads: a small live PyTorch encoder, every head's attention map, masks and live training."""

from __future__ import annotations

from typing import Any

import streamlit as st

from viz.encodings import embedding
from viz.i18n import t
from viz.model import encoder, model_cache, probe
from viz.ui import layout, sections, shell, widgets
from viz.views import attention as views
from viz.views import attention_steps as steps
from viz.views import code, flow, heads, induction, model_map, training
from viz.views import encoding as enc_views
from viz.views import windows as window_views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("att.title", lang), s, lang, "pages/attention.py")

EXAMPLES = ("A dog ate the food because it was hungry", "I am good", "The cat chased the mouse")
SOURCES = ("sentence", "task")
shell.heads_warning(s, lang)

# The sections depend on the source (a sentence has five, the toy task one), chosen beside the chart: its
# value as this run's widget holds it (widgets.current_choice), the radio itself drawn with the controls.
source = widgets.current_choice("att_source", SOURCES, lang)
if source == "sentence":
    # Sections as tabs: only the open one runs and draws (viz.ui.sections).
    tabs = ("maps", "mask", "steps", "order", "window", "induction")
    titles = ("att.maps.title", "att.mask.title", "steps.title", "att.order.title", "win.title", "ind.title")
    sec = sections.sections(
        "att_section", {k: t(key, lang) for k, key in zip(tabs, titles, strict=True)}, lang=lang
    )
else:
    sec = {"maps": sections.Section(st.container(), True)}
# Each open section's first row: its main chart, and beside it the controls that move it (viz.ui.layout).
# Sections 2-4 are fragments when shown as tabs (a model control reruns the tab alone, a control of the
# tab's own only its part: tab_body), so they make their own row; one under the other, each runs with the
# page.
FRAGMENTS = () if st.session_state.get(sections.ALL_SECTIONS) else ("mask", "steps", "order")
rows = layout.rows(sec, skip=FRAGMENTS)
first = sec["maps"]
ATT_LAYERS = (1, 4)  # training time grows with depth; the Encoder block page stacks up to 6


def model_controls(box: Any) -> views.Model:
    """The model's settings and the sentence, in ``box`` (the first open section's side column)."""
    with box:
        picked = widgets.choice(
            t("att.source", lang),
            SOURCES,
            key="att_source",
            lang=lang,
            format_func=lambda k: t(f"att.source.{k}", lang),
            radio=True,
        )
        words: tuple[str, ...] = ()
        if picked == "sentence":
            words = widgets.sentence_box(
                lang,
                prefix="att",
                examples=EXAMPLES,
                example_help=t("att.example.help", lang),
                sentence_help=t("att.sentence.help", lang, n=embedding.MAX_TOKENS),
            )
            if not words:
                st.warning(t("ui.att.empty", lang))
        layers = widgets.bounded_slider(
            t("att.layers", lang), *ATT_LAYERS, 1, key="att_layers", help=t("att.layers.help", lang)
        )
        encoding = enc_views.position_signal_choice(key="att_encoding", lang=lang)
        kv = views.kv_choice(s.heads, lang, st)  # grouped-query attention: None is one KV head per query head
        seed = int(st.number_input(t("ui.att.seed", lang), 0, 9999, value=0, step=1, key="att_seed"))
        cfg = encoder.ModelConfig(s.d_model, s.heads, layers, encoding, float(s.base), seed, kv_heads=kv)
        st.caption(t("att.dk", lang, heads=s.heads, d_model=s.d_model, d_k=s.d_k, layers=layers))
        if kv is not None:
            st.caption(t("att.gqa.note", lang, heads=s.heads, kv=kv, group=s.heads // kv))
        if cfg.rotary and s.d_k < 2:
            st.warning(t("ui.att.rope_dk1", lang, d_k=s.d_k))
    return views.Model(picked, words, layers, cfg)


# the maps' view (heatmaps, one layer's lines or every layer's) at the top of the side column, above the
# model's many controls
on_maps = source == "sentence" and layout.first_open(sec) == "maps"
maps_view = flow.view_choice("att_view", lang, layout.page_controls(rows)) if on_maps else None
# the page's controls beside the first open section's chart (own row: a fragment; induction: its own model)
OWN_ROW = (*FRAGMENTS, "induction")
m = None if layout.first_open(sec) in OWN_ROW else model_controls(layout.page_controls(rows))

# ---- 1. every head's map -------------------------------------------------------------------------------
if first.open and m is not None:
    main, side = rows["maps"].main, rows["maps"].side
    source, tokens, n_layers, config = m
    labels = embedding.row_labels(tokens) if tokens else []
    with first:
        if source == "sentence" and not tokens:
            main.info(t("att.maps.need", lang))
        elif source == "sentence":
            with side:
                layer = widgets.layer_choice(n_layers, lang, "att_layer")
                lines = flow.controls("att", labels, layer, lang, maps_view)
            with main, widgets.guard(lang):
                title = t("att.maps.chart", lang, layer=layer + 1, heads=s.heads, d_k=s.d_k)
                heads.live_maps(config, tokens, layer, labels, title, lang, lines)
            if lines is None:
                side.markdown(t("att.maps.explain", lang))
            else:
                flow.notice(lang, side, lines)
            views.average_map(config, tokens, layer, lang)
            st.subheader(t("att.kv.heading", lang))
            views.kv_cache_table(config, lang)
        else:
            training.task_section(config, s, rows["maps"], lang)


# ---- 2. masks --------------------------------------------------------------------------------------------
def masks(model: views.Model, row: layout.Row) -> None:
    """A batch of two sentences, the shorter padded, under each mask."""
    first, n_layers, config = model.tokens, model.n_layers, model.config
    c1 = c2 = row.side
    other = c1.text_input(
        t("att.mask.second", lang),
        value=EXAMPLES[1],
        key="att_mask_text",
        persist_state=widgets.KEEP,
        help=t("att.mask.second.help", lang),
    )
    with c2:
        mode = widgets.choice(
            t("att.mask.mode", lang),
            probe.MASK_MODES,
            key="att_mask_mode",
            lang=lang,
            format_func=lambda k: t(f"att.mask.{k}", lang),
            radio=True,
            default="padding",
        )
    second = embedding.tokenize(other).tokens
    with row.side:
        widgets.chars_cut_note(other, lang)
        st.caption(t("att.mask.intro", lang))
    if not first or not second:
        row.main.warning(t("att.mask.need_two", lang))
        return
    with row.side:
        layer = widgets.layer_choice(n_layers, lang, "att_mask_layer")
    with row.main, widgets.guard(lang):
        maps, allowed = model_cache.padded_maps(config, first, second, mode)
        views.mask_squares(allowed, first, second, mode, lang)
    with widgets.guard(lang):
        views.padded_heads(config, maps, allowed, first, second, mode, layer, lang)


# ---- 3. one head step by step ----------------------------------------------------------------------------
def step_by_step(model: views.Model, row: layout.Row) -> None:
    """Q, K, V, Q Kᵀ, ÷ √d_k, + mask, softmax, · V, concat, · W_O for one head of a sentence."""
    tokens, n_layers, config = model.tokens, model.n_layers, model.config
    if not tokens:
        row.main.info(t("steps.need", lang))
        return
    c1 = c2 = c3 = row.side
    with c1:
        head = widgets.bounded_slider(t("steps.head", lang), 1, s.heads, 1, key="att_step_head")
    with c2:
        layer = widgets.layer_choice(n_layers, lang, "att_step_layer")
    causal = c3.toggle(
        t("steps.causal", lang), value=False, key="att_step_causal", persist_state=widgets.KEEP
    )
    labels = embedding.row_labels(tokens)
    row.side.caption(t("steps.intro", lang, h=head, layer=layer + 1, d_k=s.d_k, d_model=s.d_model))
    with row.main, widgets.guard(lang):
        st_ = model_cache.head_steps(config, tokens, layer, head, causal)
        view = views.step_view(st_.concat, st_.w_o, st_.out, st_.columns, s.d_k)
        # The steps in three tabs of their own: a head change redraws the few charts in view.
        part = sections.sections(
            "att_step_part",
            {k: t(f"steps.part.{k}", lang) for k in ("qkv", "scores", "out")},
            lang=lang,
        )
        if part["qkv"].open:
            with part["qkv"]:
                steps.projections(st_, view, labels, layer, head, s, config.rotary, lang)
        if part["scores"].open:
            with part["scores"]:
                steps.score_squares(st_, view, labels, layer, head, s, lang)
        if part["out"].open:
            with part["out"]:
                steps.head_output(st_, view, labels, layer, head, s, lang)


# ---- 4. word order -------------------------------------------------------------------------------------
def word_order(model: views.Model, row: layout.Row) -> None:
    """Shuffle the sentence and compare the outputs with and without a position signal."""
    tokens, config = model.tokens, model.config
    if len(tokens) < 2:
        row.main.info(t("att.order.need", lang))
        return
    box = row.side
    shuffle = int(
        box.number_input(
            t("att.order.seed", lang),
            0,
            9999,
            value=0,
            step=1,
            key="att_order_seed",
            persist_state=widgets.KEEP,
        )
    )
    with widgets.guard(lang):
        views.word_order(config, tokens, shuffle, lang, row)


BODIES = {"mask": masks, "steps": step_by_step, "order": word_order}


@shell.fragment
def fragment_tab(name: str) -> None:
    """Section ``name`` as the tab shown: its row, the page's controls beside its chart, its body."""
    row = layout.row(name)
    here = model_controls(row.side)
    if here.source != source:  # the page's sections depend on it
        st.rerun()
    tab_body(name, here, row)


@shell.fragment
def tab_body(name: str, model: views.Model, row: layout.Row) -> None:
    """The tab's own part, a fragment inside the tab's writing into its row: a press on its own controls
    (a head, a mask, a shuffle) reruns it alone, not the model controls above it; theirs rerun both."""
    BODIES[name](model, row)


if source == "sentence":
    for name, body in BODIES.items():
        if sec[name].open:
            with sec[name]:
                if name in FRAGMENTS:
                    fragment_tab(name)
                elif m is not None:
                    body(m, rows[name])
    if sec["window"].open and m is not None:
        with sec["window"]:
            window_views.section(m.config, m.tokens, lang, rows["window"])
    if sec["induction"].open:
        with sec["induction"]:
            induction.toy_section(lang, rows["induction"])
else:
    st.info(t("att.sentence_only", lang))

# ---- what the page is ----------------------------------------------------------------------------------
code.box("attention", lang)
layout.about(lang, lambda: st.write(t("att.intro", lang)))
