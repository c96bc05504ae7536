"""Positional encoding: the table of position vectors, its waves, and the conditions it meets."""

from __future__ import annotations

import streamlit as st

from viz import encodings, figures
from viz.encodings import EncodingSpec
from viz.i18n import t
from viz.ui import chart, layout, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import code, model_map
from viz.views import encoding as enc_views
from viz.views import positional_encoding as pe_views
from viz.views import rope_scaling as rope_views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("pe.title", lang), s, lang, "pages/positional_encoding.py")

# Sections as tabs: only the open one runs and draws (viz.ui.sections); each open one's first row holds its
# main chart and, beside it, the controls that move it (viz.ui.layout).
sec = sections.sections(
    "pe_section",
    {
        "table": t("pe.tab.table", lang),
        "curves": t("pe.curves.title", lang),
        "waves": t("pe.wave.title", lang),
        "score": t("pe.score.title", lang),
        "rope": t("rs.title", lang),
    },
    lang=lang,
)
rows = layout.rows(sec)
controls = layout.page_controls(rows)
kind = widgets.encoding_choice(t("ui.pe.kind", lang), lang=lang, container=controls)
about = encodings.info(kind)
split = False
if about.split_layout:
    layout_choice = widgets.choice(
        t("pe.layout", lang),
        ("interleaved", "split"),
        key="pe_layout",
        lang=lang,
        format_func=lambda v: t(f"pe.layout.{v}", lang),
        radio=True,
        container=controls,
    )
    split = layout_choice == "split"
# A trained table (MiniLM's) has one size: its width, and at most its rows (enc_views.size_note says so).
spec = encodings.fit(
    EncodingSpec(kind, s.max_len, s.d_model, float(s.base), "split" if split else "interleaved")
)
max_len, d_model = spec.max_len, spec.d_model
name = t(f"encodings.kind.{kind}", lang)
with controls:
    enc_views.size_note(kind, max_len, d_model, s.max_len, lang)
pe = enc_views.table_or_refusal(spec, lang)  # None, with the fix, when a model's files are missing

# ---- the table as a heatmap --------------------------------------------------------------------------
if pe is not None and sec["table"].open:
    with sec["table"]:
        left, right = rows["table"].main, rows["table"].side
        with left, widgets.guard(lang), layout.strips_in(right):
            enc_views.live_overview(  # follows its sliders as they are dragged (viz.ui.live)
                pe,
                spec,
                lang,
                key="pe_heatmap",
                name=name,
                file_name=f"pe_{kind}_{max_len}x{d_model}.csv",
                current=s,
            )
        right.markdown(t(f"encodings.heatmap.{kind}", lang))

        if about.split_layout:
            notes_differ("pe_sincos", lang, table=t(f"notes.pe_sincos.table.{spec.layout}", lang))
            left, right = st.columns([1, 1])
            with right, widgets.guard(lang):
                order = encodings.split_order(d_model)
                fig = figures.lines(
                    list(range(d_model)),
                    {"": order},
                    mode="markers",
                    title=t("pe.perm.title", lang),
                    x_title=t("pe.perm.x", lang),
                    y_title=t("pe.perm.y", lang),
                    height=300,
                    hovertemplate=t("pe.perm.hover", lang),
                )
                chart.chart(fig, key="pe_perm", lang=lang, file_name=f"pe_layout_permutation_{d_model}.csv")
            # a statement about the permutation, read from the columns' formulas (not two full tables)
            matched = encodings.layout_matches(d_model)
            left.markdown(t("pe.layout.same", lang, matched=matched, d=d_model))

        # ---- exact values for a window ----------------------------------------------------------------
        if st.toggle(t("pe.window.toggle", lang), key="pe_window", persist_state=widgets.KEEP):
            with widgets.guard(lang):
                pe_views.exact_window(pe, spec, lang, key="pe_win")


# ---- chosen dimensions as curves ---------------------------------------------------------------------
if pe is not None and sec["curves"].open:
    with sec["curves"]:
        left, right = rows["curves"].main, rows["curves"].side
        with right:
            dims = widgets.int_multiselect(
                t("pe.curves.pick", lang), d_model, encodings.wave_columns(spec), key="pe_dims"
            )
        with left, widgets.guard(lang), layout.strips_in(right):
            if dims:
                pe_views.curves(pe, spec, dims, s, lang)  # follows its sliders as they are dragged
                if max_len > enc_views.CURVE_WINDOW:
                    st.caption(t("pe.curves.window", lang, max_len=max_len, window=enc_views.CURVE_WINDOW))
            else:
                st.warning(t("pe.curves.none", lang))
        right.markdown(t("pe.curves.explain", lang))


# ---- wavelengths -------------------------------------------------------------------------------------
if pe is not None and sec["waves"].open:
    with sec["waves"]:
        left, right = rows["waves"].main, rows["waves"].side
        waves = encodings.periods(spec)
        if waves is None:
            left.info(t("pe.wave.none", lang))
        else:
            spectral = about.waves == "spectrum"  # a trained table: each column's strongest wave
            with left, widgets.guard(lang):
                fig = figures.log_markers(
                    waves.index,
                    waves.period,
                    hline=max_len,
                    hline_label=t("pe.wave.max_len", lang, max_len=max_len),
                    title=t("pe.wave.title.spectrum" if spectral else "pe.wave.title", lang),
                    x_title=t("pe.wave.x_pairs" if about.waves == "pair" else "pe.wave.x_cols", lang),
                    y_title=t("pe.wave.y", lang),
                    hovertemplate=t("pe.wave.hover.spectrum" if spectral else "pe.wave.hover", lang),
                    color=waves.strength,
                    color_title=t("pe.wave.strength", lang),
                    level=float(about.size[0]) if about.size else None,  # a trained table's own length
                    level_label=t("pe.wave.table", lang, rows=about.size[0]) if about.size else "",
                )
                chart.chart(fig, key="pe_waves", lang=lang, file_name=f"pe_{kind}_wavelengths_d{d_model}.csv")
            explain = {"column": "pe.wave.binary", "spectrum": "pe.wave.spectrum"}.get(
                str(about.waves), "pe.wave.explain"
            )
            right.markdown(
                t(
                    explain,
                    lang,
                    slow=waves.longer_than_max_len,
                    total=waves.period.size,
                    max_len=max_len,
                    name=name,
                    rows=(about.size or (max_len, d_model))[0],
                )
            )
        if kind == "sinusoidal":
            notes_differ(("pe_index", "pe_freq"), lang)  # i numbers the pairs this tab plots


# ---- scorecard ---------------------------------------------------------------------------------------
if pe is not None and sec["score"].open:
    with sec["score"]:
        left, right = rows["score"].main, rows["score"].side
        right.caption(t("pe.score.intro", lang))
        with left, widgets.guard(lang):
            cheap = pe_views.comparison_is_cheap(spec)
            compare = cheap or st.toggle(
                t("pe.score.compare", lang),
                key="pe_score_compare",
                help=t("pe.score.compare.help", lang),
                persist_state=widgets.KEEP,
            )
            pe_views.scorecard_table(spec, lang, compare=compare)
        right.markdown(t("pe.score.explain", lang))


# ---- RoPE past its training length (its own head width; the sidebar's base) ------------------------------
if sec["rope"].open:
    with sec["rope"]:
        rope_views.section(float(s.base), lang, rows["rope"])

# ---- what the page is, and where the notes differ on its table ---------------------------------------------
code.box("positional_encoding", lang)


def closing_words() -> None:
    st.write(t("pe.intro", lang))
    st.info(t(f"encodings.about.{kind}", lang))
    if kind == "sinusoidal":  # the notes write about this table only; their slips are flagged beside it
        notes_differ("pe_base", lang)


layout.about(lang, closing_words)
