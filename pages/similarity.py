"""Position similarity: how one position's vector relates to every other, and the rotation T(k)."""

from __future__ import annotations

import streamlit as st

from viz import encodings, figures
from viz.encodings import EncodingKind, similarity
from viz.encodings.similarity import MEASURES
from viz.i18n import t
from viz.ui import chart, layout, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import code, model_map
from viz.views import encoding as enc_views
from viz.views import relative as bias_views
from viz.views import similarity as sim_views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("sim.title", lang), s, lang, "pages/similarity.py")

# Sections as tabs: only the open one runs and draws (viz.ui.sections); each open one's first row holds its
# main chart and, beside it, the controls that move it (viz.ui.layout).
sec = sections.sections(
    "sim_section",
    {
        "row": t("sim.tab.row", lang),
        "matrix": t("sim.matrix.title", lang),
        "offset": t("sim.offset.title", lang),
        "steps": t("sim.steps.title", lang),
        "rot": t("sim.rot.title", lang),
        "bias": t("rel.title", lang),
    },
    lang=lang,
)
#: The first tab is a fragment when it is shown alone: a move of its controls (the position p, the
#: encodings, the measure) or a release of its strip reruns only the tab, not the sidebar and the page
#: around it (issue 37). With every section at once the page draws the controls, which set every section.
ALONE = not st.session_state.get(sections.ALL_SECTIONS)
FRAGMENTS = ("row",) if ALONE else ()
rows = layout.rows(sec, skip=FRAGMENTS)
first = layout.first_open(sec)


def side_by_side(row: layout.Row, kinds: list[EncodingKind]) -> list:
    """One column per compared encoding in a section's first row, and the side column beside them."""
    return [*(row.main.columns(2) if len(kinds) == 2 else [row.main]), row.side]


# ---- one position against all ------------------------------------------------------------------------
def one_against_all(chosen: sim_views.Chosen | None) -> None:
    """The first tab; ``chosen`` None: it is the tab shown, and it draws the page's controls itself."""
    row = rows["row"] if "row" in rows else layout.row("row")
    c = sim_views.choose(row.side, s, lang) if chosen is None else chosen
    if not c.kinds:
        return
    *cols, note = side_by_side(row, c.kinds)
    with layout.strips_in(note):
        sim_views.row_strip(c.kinds, c.p, c.max_len, s, lang)  # drag p (d_model, base): the charts follow
    for col, k in zip(cols, c.kinds, strict=True):
        with col, widgets.guard(lang):
            sim_views.row_chart(c.specs[k], c.tables[k], c.p, c.measure, c.names[k], lang)
    text = sim_views.row_explanation(c.measure, c.kinds, c.p, c.d_model, lang)
    sim_views.explain(note, text, c.kinds, "row.dot" if c.measure == "dot" else "row", lang)


chosen = sim_views.choose(layout.page_controls(rows), s, lang) if first not in FRAGMENTS else None
if sec["row"].open:
    with sec["row"]:
        (shell.fragment(one_against_all) if ALONE else one_against_all)(chosen)
if chosen is None:  # the first tab, shown alone, chose and drew everything: no other section is open
    chosen = sim_views.Chosen([], MEASURES[0], s.max_len, s.d_model, 0, {}, {}, {})
kinds, measure, max_len, d_model, p = chosen.kinds, chosen.measure, chosen.max_len, chosen.d_model, chosen.p
specs, tables, names = chosen.specs, chosen.tables, chosen.names
measure_name = t(f"sim.measure.{measure}", lang)

# the matrix, the offsets and the neighbour steps share these (cached) views
shared = sec["matrix"].open or sec["offset"].open or sec["steps"].open
views = {k: sim_views.similarity_views(specs[k], measure) for k in kinds} if shared else {}


# ---- all pairs -----------------------------------------------------------------------------------------
if kinds and sec["matrix"].open:
    with sec["matrix"]:
        *cols, note = side_by_side(rows["matrix"], kinds)
        for col, k in zip(cols, kinds, strict=True):
            with col, widgets.guard(lang):
                sim_views.similarity_matrix(
                    views[k],
                    names[k],
                    measure_name,
                    max_len,
                    lang,
                    key=f"sim_matrix_{k}",
                    file_name=f"similarity_matrix_{k}_{measure}_{max_len}x{d_model}.csv",
                )
        text = t("sim.matrix.explain", lang, offset=t("sim.offset.title", lang))
        sim_views.explain(note, text, kinds, "matrix.cosine" if measure == "cosine" else "matrix", lang)


# ---- the same values by offset -----------------------------------------------------------------------
# A tab of its own: the matrix and the offsets together made one d_model move redraw four charts.
if kinds and sec["offset"].open:
    with sec["offset"]:
        *cols, note = side_by_side(rows["offset"], kinds)
        with layout.strips_in(note):
            sim_views.offset_strip(kinds, s, lang)  # drag d_model or base: the points and curves follow
        for col, k in zip(cols, kinds, strict=True):
            with col, widgets.guard(lang):
                sim_views.by_offset(
                    views[k],
                    names[k],
                    measure,
                    measure_name,
                    lang,
                    key=f"sim_offset_{k}",
                    file_name=f"similarity_by_offset_{k}_{measure}_{max_len}x{d_model}.csv",
                    spec=specs[k],
                )
        sim_views.explain(note, t("sim.offset.explain", lang), kinds, "offset", lang)


# ---- neighbour steps ---------------------------------------------------------------------------------
if kinds and sec["steps"].open:
    with sec["steps"]:
        left, right = rows["steps"].main, rows["steps"].side
        if max_len < 2:
            left.info(t("sim.steps.none", lang))
        else:
            with left, widgets.guard(lang):
                steps = {names[k]: views[k].steps for k in kinds}
                fig = figures.lines(
                    similarity.step_positions(max_len),
                    steps,
                    title=t("sim.steps.chart", lang),
                    x_title=t("sim.steps.x", lang),
                    y_title=t("sim.steps.y", lang),
                    hovertemplate=t("sim.steps.hover", lang),
                    x_window=enc_views.CURVE_WINDOW,
                )
                chart.chart(
                    fig,
                    key="sim_steps",
                    lang=lang,
                    file_name=f"neighbour_steps_{'_'.join(kinds)}_{max_len}x{d_model}.csv",
                )
            uneven = ", ".join(
                t("sim.steps.item", lang, name=names[k], value=f"{views[k].unevenness:.3g}") for k in kinds
            )
            right.markdown(t("sim.steps.explain", lang, values=uneven))


# ---- relative position: T(k) -------------------------------------------------------------------------
if sec["rot"].open:
    with sec["rot"]:
        right = rows["rot"].side
        left, mid = rows["rot"].main.columns(2)
        with right:
            k_shift = widgets.position_slider(t("sim.rot.k", lang), max(s.max_len, 2), 1, key="sim_k")
            pair = widgets.position_slider(
                t("sim.rot.pair", lang), similarity.pair_count(s.d_model), 0, key="sim_pair"
            )
        corner = similarity.CORNER
        with right:
            whole = s.d_model <= corner or st.toggle(
                t("sim.rot.whole", lang),
                key="sim_rot_whole",
                persist_state=widgets.KEEP,
                help=t("sim.rot.whole.help", lang),
            )
        with left, widgets.guard(lang):
            rotation = encodings.relative_rotation(k_shift, s.d_model, float(s.base))
            sim_views.square_overview(
                rotation if whole else rotation[:corner, :corner],
                lang,
                paired=True,
                key="sim_rot",
                title=t(
                    "sim.rot.chart" if whole else "sim.rot.corner",
                    lang,
                    k=k_shift,
                    d_model=s.d_model,
                    n=min(corner, s.d_model),
                ),
                file_name=f"T_k{k_shift}_d{s.d_model}.csv",
                axis="ui.chart.dimension",
                cell_text=None if whole else sim_views.CORNER_TEXT,
            )
        with mid, widgets.guard(lang):
            orbit = similarity.pair_orbit(pair, k_shift, p, s.max_len, s.d_model, float(s.base))
            fig = figures.heatmap(
                orbit.block,
                x=similarity.pair_columns(pair),
                y=similarity.pair_columns(pair),
                title=t("sim.rot.block", lang, pair=pair),
                x_title=t("ui.chart.dimension", lang),
                y_title=t("ui.chart.dimension", lang),
                colorbar_title=t("ui.chart.value", lang),
                hovertemplate=t("sim.rot.hover", lang),
                zmin=-1.0,
                zmax=1.0,
                cell_text="%{z:.4f}",
                height=260,
            )
            chart.chart(
                fig, key="sim_block", lang=lang, file_name=f"T_block_k{k_shift}_pair{pair}_d{s.d_model}.csv"
            )
            st.markdown(
                t(
                    "sim.rot.angle",
                    lang,
                    k=k_shift,
                    pair=pair,
                    rad=f"{orbit.angle:.4g}",
                    deg=f"{similarity.wrapped_degrees(orbit.angle):.2f}",
                )
            )
        with right:
            sim_views.rotation_check(k_shift, s.max_len, s.d_model, float(s.base), lang)
        st.caption(t("sim.rot.intro", lang))
        notes_differ("shift", lang)
        left, right = st.columns([6, 2])
        with left, widgets.guard(lang):
            sim_views.pair_orbit(orbit, pair, k_shift, p, s.max_len, lang)
        right.markdown(t("sim.orbit.explain", lang))


# ---- relative position biases (ALiBi, T5, KERPLE) ------------------------------------------------------
if sec["bias"].open:
    with sec["bias"]:
        bias_views.section(lang, rows["bias"])

# ---- what the page is ---------------------------------------------------------------------------------
code.box("similarity", lang)
layout.about(lang, lambda: st.write(t("sim.intro", lang)))
