"""Embedding + positional encoding: what adding a position vector does to each token's vector."""

from __future__ import annotations

import streamlit as st

from viz import encodings, figures
from viz.encodings import embedding
from viz.i18n import t
from viz.ui import chart, layout, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import code, model_map
from viz.views import embedding as emb_views
from viz.views import encoding as enc_views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("emb.title", lang), s, lang, "pages/embedding.py")

# Sections as tabs: only the open one runs and draws (viz.ui.sections); each open one's first row holds its
# main chart and, beside it, the controls that move it (viz.ui.layout).
sec = sections.sections(
    "emb_section", {k: t(f"emb.{k}.title", lang) for k in ("sum", "add", "seg", "order")}, lang=lang
)
rows = layout.rows(sec)
controls = layout.page_controls(rows)
# No max_chars on the boxes: Streamlit drops a whole paste that is over it, without a word. The box takes
# any length; only the first MAX_CHARS are read, and read_tokens says so. Nine words by default, so the
# P table shows its waves changing down the rows.
text = controls.text_input(
    t("emb.sentence", lang),
    value=embedding.DEFAULT_SENTENCE,
    key="emb_text",
    help=t("emb.sentence.help", lang),
)
kind = widgets.encoding_choice(t("ui.pe.kind", lang), lang=lang, container=controls)
seed = int(
    controls.number_input(
        t("emb.seed", lang), 0, 9999, value=0, step=1, key="emb_seed", help=t("emb.seed.help", lang)
    )
)
# A trained table (MiniLM's) has one size: E is drawn at its width, and the sentence fits its rows.
with controls:
    spec = enc_views.fitted(kind, s.max_len, s.d_model, float(s.base), lang)
max_len, d_model = spec.max_len, spec.d_model
mode = widgets.choice(
    t("emb.scale", lang),
    embedding.SCALE_MODES,
    key="emb_scale_mode",
    lang=lang,
    format_func=lambda m: t(f"emb.scale.{m}", lang, sqrt=f"{embedding.paper_scale(d_model):.3g}"),
    radio=True,
    container=controls,
)
custom = 1.0
if mode == "custom":
    custom = float(
        controls.select_slider(
            t("emb.scale.value", lang), embedding.SCALE_OPTIONS, value=1.0, key="emb_scale_value"
        )
    )
scale = embedding.resolve_scale(mode, d_model, custom)

pe = enc_views.table_or_refusal(spec, lang)  # None, with the fix, when a model's files are missing
paired = encodings.uses_pairs(spec)
name = t(f"encodings.kind.{kind}", lang)
limit = min(embedding.MAX_TOKENS, max_len)


def read_tokens(raw: str) -> tuple[str, ...]:
    """Tokens of ``raw``, saying in the page what was cut and why."""
    found = embedding.tokenize(raw, limit)
    if found.chars_cut:
        st.warning(t("ui.emb.cut.chars", lang, limit=embedding.MAX_CHARS, cut=found.chars_cut))
    if found.tokens_cut:
        why = t("emb.cut.why_len", lang, max_len=max_len) if limit == max_len else ""
        st.warning(t("emb.cut.tokens", lang, limit=limit, cut=found.tokens_cut, why=why))
    return found.tokens


with controls:
    tokens = read_tokens(text)
    if encodings.info(kind).rotary:
        st.info(t("emb.rope", lang))
    if spec.layout == "split":
        st.caption(t("emb.layout", lang))
shows_sum = sec["sum"].open or sec["add"].open
parts = embedding.combine(tokens, pe, scale, seed) if tokens and shows_sum and pe is not None else None
labels = embedding.row_labels(tokens) if tokens else []

# ---- E, P and E + P ----------------------------------------------------------------------------------
if pe is not None and sec["sum"].open:
    with sec["sum"]:
        left, right = rows["sum"].main, rows["sum"].side
        if parts is None:
            left.warning(t("emb.empty", lang))
        else:
            right.caption(t("emb.tokens", lang, n=len(tokens)))
            # Plain text, shown as typed (st.code's highlighter, a chunk of its own, slowed the first load)
            right.text(" | ".join(tokens))
            # Each table on its own scale by default: on one scale P's entries (|P| <= 1) are pale beside E's.
            colours = widgets.choice(
                t("emb.colour", lang),
                ("own", "shared"),
                key="emb_colour",
                lang=lang,
                format_func=lambda v: t(f"emb.colour.{v}", lang),
                radio=True,
                container=right,
            )
            shared = colours == "shared"
            with left, widgets.guard(lang):
                emb_views.token_panels(
                    {"E": parts.e, t("emb.sum.p", lang, name=name): parts.p, "E + P": parts.x},
                    labels,
                    lang,
                    paired=paired,
                    key="emb_panels",
                    title=t("emb.sum.chart" if shared else "emb.sum.chart.own", lang, scale=f"{scale:.3g}"),
                    file_name=f"embedding_{kind}_{d_model}.csv",
                    shared_scale=shared,
                )
            right.markdown(
                t(
                    "emb.sum.explain" if shared else "emb.sum.explain.own",
                    lang,
                    e=f"{parts.mean_norm_e:.3g}",
                    p=f"{parts.mean_norm_p:.3g}",
                    scale=f"{scale:.3g}",
                    pattern=t(f"encodings.sum.{kind}", lang),
                )
            )
            notes_differ("xp", lang)  # note 004's own E + P figure has two misprinted sums

# ---- add or concatenate --------------------------------------------------------------------------
if pe is not None and sec["add"].open:
    with sec["add"]:
        left, right = rows["add"].main, rows["add"].side
        if parts is None:
            left.warning(t("emb.empty", lang))
        else:
            with left:
                emb_views.add_or_concat(parts, labels, scale, kind, d_model, lang, note=right)
            left, right = st.columns([3, 1])
            with left:
                emb_views.cost_table(embedding.cost(len(tokens), d_model), len(tokens), lang)
            right.markdown(t("emb.cost.explain", lang, d=d_model))

# ---- segments ----------------------------------------------------------------------------------------
if pe is not None and sec["seg"].open:
    with sec["seg"]:
        left, right = rows["seg"].main, rows["seg"].side
        second = right.text_input(
            t("emb.seg.second", lang),
            value="The cat chased the mouse",
            key="emb_text_b",
            persist_state=widgets.KEEP,
        )
        with right:
            pair = embedding.sentence_pair(tokens, read_tokens(second), limit)
            if pair.cut:
                st.warning(t("emb.seg.cut", lang, cut=pair.cut, max_len=max_len))
        with left, widgets.guard(lang):
            seg = embedding.combine(pair.tokens, pe, scale, seed, segment_ids=pair.segment_ids)
            if seg.s is not None and pair.tokens:
                emb_views.token_panels(
                    {
                        t("emb.seg.token", lang): seg.e,
                        t("emb.seg.position", lang): seg.p,
                        t("emb.seg.segment", lang): seg.s,
                        t("emb.seg.sum", lang): seg.x,
                    },
                    embedding.row_labels(pair.tokens, embedding.segment_tags(pair.segment_ids)),
                    lang,
                    paired=paired,
                    key="emb_segments",
                    title=t("emb.seg.chart", lang),
                    file_name=f"segments_{kind}_{d_model}.csv",
                )
        right.markdown(t("emb.seg.explain", lang))

# ---- word order --------------------------------------------------------------------------------------
if pe is not None and sec["order"].open:
    with sec["order"]:
        left, right = rows["order"].main, rows["order"].side
        c1 = c2 = right
        text_a = c1.text_input(
            t("emb.order.a", lang),
            value="The cat chased the mouse",
            key="emb_order_a",
            persist_state=widgets.KEEP,
        )
        text_b = c2.text_input(
            t("emb.order.b", lang),
            value="The mouse chased the cat",
            key="emb_order_b",
            persist_state=widgets.KEEP,
        )
        with c1:
            words_a = read_tokens(text_a)
        with c2:
            words_b = read_tokens(text_b)
        with left, widgets.guard(lang):
            if not words_a or not words_b:
                st.warning(t("emb.empty", lang))
            else:
                check = embedding.order_check(
                    embedding.scaled(words_a, d_model, seed, scale),
                    embedding.scaled(words_b, d_model, seed, scale),
                    pe,
                    words_a,
                    words_b,
                )
                right.metric(t("emb.order.plain", lang), embedding.fmt_distance(check.distance_plain))
                right.metric(t("emb.order.with_pe", lang), embedding.fmt_distance(check.distance_pe))
                right.caption(t("emb.order.distance", lang))
                if check.permutation is None or check.word_shift_plain is None or check.word_shift_pe is None:
                    st.info(t("emb.order.not_perm", lang))
                else:
                    # Plain text: the words are the user's, and a caption would read them as Markdown.
                    right.text(
                        t("emb.order.moves", lang, moves=embedding.describe_moves(words_a, check.permutation))
                    )
                    fig = figures.grouped_bars(
                        embedding.row_labels(words_a),
                        {
                            t("emb.order.shift_plain", lang): check.word_shift_plain,
                            t("emb.order.shift_pe", lang): check.word_shift_pe,
                        },
                        title=t("emb.order.chart", lang),
                        x_title=t("emb.order.x", lang),
                        y_title=t("emb.order.y", lang),
                        hovertemplate="%{x}: %{y:.4g}",
                        bar_text="%{y:.3g}",
                    )
                    chart.chart(
                        fig, key="emb_order", lang=lang, file_name=f"word_order_{kind}_d{d_model}.csv"
                    )
        right.markdown(t("emb.order.explain", lang))

# ---- what the page is ----------------------------------------------------------------------------------
code.box("embedding", lang)
layout.about(lang, lambda: st.write(t("emb.intro", lang)))
