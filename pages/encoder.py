"""Encoder block: one sentence through attention, add & norm and the feed-forward network; the residual;
post-norm against pre-norm; and the decoder's masked self-attention and cross-attention."""

from __future__ import annotations

from typing import Any, NamedTuple

import streamlit as st

from viz.encodings import embedding
from viz.i18n import encoder as enc_strings
from viz.i18n import t
from viz.model import block, encoder, model_cache
from viz.ui import layout, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import code, model_map
from viz.views import encoder as enc_block_views
from viz.views import encoding as enc_views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("enc.title", lang), s, lang, "pages/encoder.py")

EXAMPLES = tuple(enc_strings.TRANSLATIONS)
PATH_PARTS = ("stages", "norms")  # the first section's own tabs
RES_PARTS = ("input", "alike")  # and the second's

shell.heads_warning(s, lang)

# Sections as tabs: only the open one runs and draws (viz.ui.sections); each open one's first row holds its
# main chart and, beside it, the controls that move it (viz.ui.layout). Shown as tabs, each is a fragment
# that draws the page's controls in its own row: a control moved reruns the tab alone (the tab is all that
# is shown). One under the other, they run with the page, the page's controls beside the first.
sec = sections.sections(
    "enc_section",
    {k: t(f"enc.{k}.title", lang) for k in ("path", "res", "pp", "dec")},
    lang=lang,
)
FRAGMENTS = () if st.session_state.get(sections.ALL_SECTIONS) else tuple(sec)
rows = layout.rows(sec, skip=FRAGMENTS)
root = embedding.paper_scale(s.d_model)  # √d_model: a LayerNorm'd token's length


class Model(NamedTuple):
    """The block the page's controls set, and the sentence it reads."""

    tokens: tuple[str, ...]
    n_layers: int
    norm: encoder.Norm
    config: encoder.ModelConfig

    @property
    def labels(self) -> list[str]:
        return embedding.row_labels(self.tokens)


def model_controls(box: Any) -> Model:
    """The block's settings and the sentence, in ``box`` (the open section's side column)."""
    with box:
        tokens = widgets.sentence_box(
            lang,
            prefix="enc",
            examples=EXAMPLES,
            example_help=t("enc.example.help", lang),
            sentence_help=t("enc.sentence.help", lang, n=embedding.MAX_TOKENS),
            also={"enc_target": enc_strings.TRANSLATIONS},
        )
        n_layers = widgets.bounded_slider(
            t("enc.layers", lang), *encoder.LAYERS_RANGE, 6, key="enc_layers", help=t("enc.layers.help", lang)
        )
        norm = widgets.choice(
            t("enc.norm", lang),
            encoder.NORMS,
            key="enc_norm",
            lang=lang,
            format_func=lambda k: t(f"enc.norm.{k}", lang),
            radio=True,
        )
        st.caption(t("enc.norm.help", lang))
        encoding = enc_views.position_signal_choice(key="enc_encoding", lang=lang)
        seed = int(st.number_input(t("ui.att.seed", lang), 0, 9999, value=0, step=1, key="enc_seed"))
        config = encoder.ModelConfig(s.d_model, s.heads, n_layers, encoding, float(s.base), seed)
        st.caption(
            t(
                "enc.sizes",
                lang,
                d_model=s.d_model,
                heads=s.heads,
                d_k=s.d_k,
                d_ff=config.d_ff,
                layers=n_layers,
            )
        )
        if config.rotary and s.d_k < 2:
            st.warning(t("ui.att.rope_dk1", lang, d_k=s.d_k))
    return Model(tokens, n_layers, norm, config)


# ---- 1. the path through one block and the stack -------------------------------------------------------
def path_section(m: Model, row: layout.Row) -> None:
    config, tokens, norm, labels = m.config, m.tokens, m.norm, m.labels
    with row.side:
        layer = widgets.layer_choice(m.n_layers, lang, "enc_layer")
    with row.main:
        # The block's stages and the stack's lengths in tabs of their own: a slider move redraws one chart.
        part = sections.sections(
            "enc_path_part", {k: t(f"enc.path.part.{k}", lang) for k in PATH_PARTS}, lang=lang
        )
    if part["stages"].open:
        with part["stages"], widgets.guard(lang):
            p = model_cache.encoder_path(config, tokens, norm, True)
            enc_block_views.stage_grid(p, layer, labels, lang, key="enc_stages")
            zeros = block.zero_share(p.hidden[layer])
        row.side.markdown(t(f"enc.path.explain.{norm}", lang, root=root, zeros=zeros))
    if part["norms"].open:
        with part["norms"], widgets.guard(lang):
            enc_block_views.token_lengths(config, tokens, norm, layer, labels, root, lang)


# ---- 2. what the residual keeps -----------------------------------------------------------------------
def residual_section(m: Model, row: layout.Row) -> None:
    config, tokens, norm, labels = m.config, m.tokens, m.norm, m.labels
    # What each stage keeps of its input, and how alike the tokens become, in tabs of their own.
    with row.main:
        part = sections.sections(
            "enc_res_part", {k: t(f"enc.res.part.{k}", lang) for k in RES_PARTS}, lang=lang
        )
    if part["input"].open:
        with part["input"], widgets.guard(lang):
            enc_block_views.kept_of_input(config, tokens, norm, labels, lang)
    if part["alike"].open:
        with part["alike"], widgets.guard(lang):
            if len(tokens) < 2:
                st.caption(t("enc.res.one_token", lang))
                return
            enc_block_views.tokens_alike(config, tokens, norm, lang)


# ---- 3. post-norm against pre-norm --------------------------------------------------------------------
def norm_section(m: Model, row: layout.Row) -> None:
    config, tokens = m.config, m.tokens
    left, right = row.main.columns(2)
    with left, widgets.guard(lang):
        enc_block_views.stream_lengths(config, tokens, root, lang)
    with right, widgets.guard(lang):
        enc_block_views.gradients(config, lang)
    row.side.caption(t("enc.pp.intro", lang))


# ---- 4. the decoder -----------------------------------------------------------------------------------
def decoder_section(m: Model, row: layout.Row) -> None:
    config, tokens, norm, labels = m.config, m.tokens, m.norm, m.labels
    with row.side:
        target_text = st.text_input(
            t("enc.dec.target", lang),
            key="enc_target",
            persist_state=widgets.KEEP,
            **widgets.initial("enc_target", value=enc_strings.TRANSLATIONS[EXAMPLES[0]]),
            help=t("enc.dec.target.help", lang),
        )
        got = embedding.tokenize(target_text, block.TARGET_TOKENS)  # [BOS] takes the 48th place
        if got.cut:
            st.warning(t("ui.att.cut", lang, n=block.TARGET_TOKENS, chars=embedding.MAX_CHARS))
        if not got.tokens:
            st.caption(t("enc.dec.empty", lang))
        st.caption(t("enc.dec.intro", lang))
    target = block.decoder_tokens(block.BOS, got.tokens, embedding.MAX_TOKENS)
    with row.main, widgets.guard(lang):
        enc_block_views.decoder_attention(config, tokens, target, norm, labels, lang)
    notes_differ("llm", lang)


BODIES = {"path": path_section, "res": residual_section, "pp": norm_section, "dec": decoder_section}


def body(name: str, m: Model, row: layout.Row) -> None:
    """Section ``name``'s charts for the block ``m`` (or why there are none), in its first ``row``."""
    if not m.tokens:
        row.main.warning(t("ui.att.empty", lang))
    else:
        BODIES[name](m, row)


@shell.fragment
def fragment_tab(name: str) -> None:
    """Section ``name`` as the tab shown: its row, the page's controls beside its chart, its body."""
    row = layout.row(name)
    tab_body(name, model_controls(row.side), row)


@shell.fragment
def tab_body(name: str, m: Model, row: layout.Row) -> None:
    """The tab's own part, a fragment inside the tab's writing into its row: a press on its own controls
    (a stage, a layer, the target) reruns it alone, not the model controls above it; theirs rerun both."""
    body(name, m, row)


# the page's controls beside the first open section's chart (drawn by the section when it is a fragment)
m = None if layout.first_open(sec) in FRAGMENTS else model_controls(layout.page_controls(rows))
for name in BODIES:
    if sec[name].open:
        with sec[name]:
            if name in FRAGMENTS:
                fragment_tab(name)
            elif m is not None and (m.tokens or name == layout.first_open(sec)):
                body(name, m, rows[name])  # one under the other: no sentence, said once

# ---- what the page is ----------------------------------------------------------------------------------
code.box("encoder", lang)
layout.about(lang, lambda: st.write(t("enc.intro", lang)))
