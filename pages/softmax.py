"""Softmax and scaling: why attention divides the scores Q Kᵀ by √d_k, measured."""

from __future__ import annotations

from functools import partial

import streamlit as st

from viz import embedding, export, figures, softmax, worked
from viz.i18n import t
from viz.ui import chart, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import softmax as sm_views

s = shell.page_shell()
lang = s.lang

st.title(t("sm.title", lang))
st.write(t("sm.intro", lang))

c1, c2, c3 = st.columns([3, 2, 1])
with c1:
    d_k = widgets.option_slider(
        t("sm.dk", lang), softmax.DK_OPTIONS, softmax.DEFAULT_DK, key="sm_dk", help=t("sm.dk.help", lang)
    )
with c2:
    n = widgets.option_slider(
        t("sm.n", lang),
        softmax.SAMPLE_OPTIONS,
        softmax.DEFAULT_SAMPLES,
        key="sm_n",
        help=t("sm.n.help", lang),
    )
seed = int(c3.number_input(t("sm.seed", lang), 0, 9999, value=0, step=1, key="sm_seed"))
st.caption(t("sm.dk.sidebar", lang, d_model=s.d_model, heads=s.heads, d_k=s.d_k))
root = softmax.root_text(d_k)
ROW_COLORS = ("#1f4e99", "#6fb1ff")  # unscaled, scaled: bars and their score lines
raw_name = t("sm.raw", lang)
scaled_name = t("sm.scaled", lang, root=root)

# Sections as tabs: only the open one runs and draws (viz.ui.sections).
sec = sections.sections(
    "sm_section",
    {"var": t("sm.var.title", lang), "row": t("sm.tab.row", lang), "ex": t("sm.ex.title", lang)},
    lang=lang,
    own_headings=("row",),
)

# ---- 1. the variance argument --------------------------------------------------------------------------
if sec["var"].open:
    with sec["var"]:
        left, mid, note = st.columns([3, 3, 2])
        with widgets.guard(lang):
            arg = sm_views.variance_argument(d_k, n, seed)
            for col, hist, which in ((left, arg.raw, "raw"), (mid, arg.scaled, "scaled")):
                with col:
                    fig = figures.density_histogram(
                        hist.centers,
                        hist.density,
                        width=hist.width,
                        curve_x=hist.curve_x,
                        curve_y=hist.curve_y,
                        bar_name=t("sm.var.bars", lang, n=n),
                        curve_name=t(f"sm.var.curve.{which}", lang, d_k=d_k),
                        title=t(f"sm.var.hist.{which}", lang, d_k=d_k),
                        x_title=t(f"sm.var.x.{which}", lang, d_k=d_k),
                        y_title=t("sm.density", lang),
                        hovertemplate=t("sm.var.hover", lang),
                    )
                    chart.chart(
                        fig,
                        key=f"sm_hist_{which}",
                        lang=lang,
                        file_name=f"scores_{which}_dk{d_k}_n{n}_seed{seed}.csv",
                    )
                    st.caption(
                        t(
                            "sm.var.measured",
                            lang,
                            var=f"{hist.variance:.4g}",
                            expected=f"{hist.expected:.4g}",
                            err=f"{hist.margin:.2g}",
                        )
                    )
        note.markdown(t("sm.var.explain", lang, d_k=d_k, root=root))
        notes_differ(("scale_dim", "normal_shape"), lang)

        left, note = st.columns([6, 2])
        with left, widgets.guard(lang):
            sweep = sm_views.variance_sweep(n, seed)
            fig = figures.measured_curves(
                sweep.d_k,
                {t("sm.sweep.raw", lang): sweep.raw, t("sm.sweep.scaled", lang): sweep.scaled},
                errors={
                    t("sm.sweep.raw", lang): sweep.raw_error,
                    t("sm.sweep.scaled", lang): sweep.scaled_error,
                },
                references={t("sm.sweep.line_dk", lang): sweep.d_k, t("sm.sweep.line_1", lang): sweep.ones},
                title=t("sm.sweep.chart", lang, n=n),
                x_title="d_k",
                y_title=t("sm.sweep.y", lang),
                hovertemplate=t("sm.sweep.hover", lang),
                mark_x=d_k,
                mark_label=t("sm.mark", lang, d_k=d_k),
            )
            chart.chart(fig, key="sm_var_sweep", lang=lang, file_name=f"variance_by_dk_n{n}_seed{seed}.csv")
        note.markdown(t("sm.sweep.explain", lang))


# Sections 2-4 have controls of their own: moving one of them reruns only its section (a fragment).
@shell.fragment
def scores_and_gradients(d_k: int, seed: int) -> None:
    """Sections 2 and 3: one row of scores through softmax, then its Jacobian."""
    # ---- 2. one row of scores through softmax --------------------------------------------------------------
    st.subheader(t("sm.row.title", lang))
    c1, c2 = st.columns(2)
    with c1:
        n_keys = widgets.bounded_slider(
            t("sm.keys", lang), 2, 16, 6, key="sm_keys", help=t("sm.keys.help", lang)
        )
    temperature = float(
        c2.slider(
            t("sm.temp", lang),
            0.1,
            5.0,
            value=1.0,
            step=0.1,
            key="sm_temp",
            persist_state=widgets.KEEP,
            help=t("sm.temp.help", lang),
        )
    )
    one = softmax.one_row(d_k, n_keys, seed, temperature, many=sm_views.score_rows(d_k, n_keys, seed))
    keys = [t("sm.key", lang, j=j) for j in one.keys]
    left, note = st.columns([6, 2])
    with left, widgets.guard(lang):
        fig = figures.grouped_bars(
            keys,
            {raw_name: one.raw, scaled_name: one.scaled},
            y2={t("sm.row.score_raw", lang): one.scores, t("sm.row.score_scaled", lang): one.scaled_scores},
            y2_title=t("sm.row.score_axis", lang),
            title=t("sm.row.chart", lang, d_k=d_k, temp=f"{temperature:g}"),
            x_title=t("sm.key_axis", lang),
            y_title=t("sm.weight", lang),
            hovertemplate=t("sm.row.hover", lang),
            y_range=(0.0, 1.12),
            bar_text="%{y:.2f}",
            height=400,
            colors=ROW_COLORS,
        )
        chart.chart(
            fig,
            key="sm_row",
            lang=lang,
            file_name=f"softmax_row_dk{d_k}_keys{n_keys}_temp{temperature:g}_seed{seed}.csv",
        )
    with note:
        st.markdown(
            t(
                "sm.row.table",
                lang,
                raw=raw_name,
                scaled=scaled_name,
                max_raw=f"{one.raw.max():.3f}",
                max_scaled=f"{one.scaled.max():.3f}",
                h_raw=f"{softmax.entropy(one.raw):.3f}",
                h_scaled=f"{softmax.entropy(one.scaled):.3f}",
            )
        )
        st.markdown(t("sm.row.explain", lang, n=n_keys, uniform=f"{one.uniform_entropy:.3f}"))

    left, note = st.columns([6, 2])
    with left, widgets.guard(lang):
        rows_sweep = sm_views.row_sweep(n_keys, seed, temperature)
        grid = rows_sweep.d_k
        fig = figures.lines(
            grid,
            {
                t("sm.stat.maxp", lang, which=raw_name): rows_sweep.series("max_p", False),
                t("sm.stat.maxp", lang, which=scaled_name): rows_sweep.series("max_p", True),
            },
            y2={
                t("sm.stat.entropy", lang, which=raw_name): rows_sweep.series("entropy", False),
                t("sm.stat.entropy", lang, which=scaled_name): rows_sweep.series("entropy", True),
            },
            y2_title=t("sm.stat.entropy_axis", lang),
            mode="lines+markers",
            x_log=True,
            title=t("sm.stat.chart", lang, rows=softmax.SWEEP_ROWS, n=n_keys, temp=f"{temperature:g}"),
            x_title="d_k",
            y_title=t("sm.stat.maxp_axis", lang),
            hovertemplate=t("sm.stat.hover", lang),
            mark_x=d_k,
            mark_label=t("sm.mark", lang, d_k=d_k),
        )
        chart.chart(
            fig,
            key="sm_stats",
            lang=lang,
            file_name=f"softmax_rows_by_dk_keys{n_keys}_temp{temperature:g}_seed{seed}.csv",
        )
    note.markdown(t("sm.stat.explain", lang, uniform=f"{one.uniform_entropy:.3f}"))

    # ---- 3. the gradient argument --------------------------------------------------------------------------
    st.subheader(t("sm.grad.title", lang))
    notes_differ("saturation", lang)
    left, mid, note = st.columns([3, 3, 2])
    with left, widgets.guard(lang):
        fig = figures.measured_curves(
            grid,
            {
                raw_name: rows_sweep.series("jacobian", False),
                scaled_name: rows_sweep.series("jacobian", True),
            },
            references={t("sm.grad.uniform", lang): rows_sweep.ceiling()},
            title=t("sm.grad.chart", lang, rows=softmax.SWEEP_ROWS),
            x_title="d_k",
            y_title=t("sm.grad.y", lang),
            hovertemplate=t("sm.grad.hover", lang),
            height=440,
            mark_x=d_k,
            mark_label=t("sm.mark", lang, d_k=d_k),
        )
        chart.chart(
            fig,
            key="sm_grad",
            lang=lang,
            # the chart's measured curves and the share of saturated rows behind them
            csv=lambda: export.columns_csv(
                {
                    "d_k": grid,
                    raw_name: rows_sweep.series("jacobian", False),
                    scaled_name: rows_sweep.series("jacobian", True),
                    t("sm.grad.uniform", lang): rows_sweep.ceiling(),
                    t("csv.saturated", lang, which=raw_name): rows_sweep.series("saturated", False),
                    t("csv.saturated", lang, which=scaled_name): rows_sweep.series("saturated", True),
                }
            ),
            file_name=f"jacobian_by_dk_keys{n_keys}_temp{temperature:g}_seed{seed}.csv",
        )
    with mid, widgets.guard(lang):
        fig = figures.heatmap_panels(
            {raw_name: softmax.jacobian(one.raw), scaled_name: softmax.jacobian(one.scaled)},
            y_labels=keys,
            x=one.keys,
            title=t("sm.grad.panels", lang, d_k=d_k),
            x_title=t("sm.key_axis", lang),
            y_title=t("sm.key_axis", lang),
            colorbar_title="∂p/∂x",
            hovertemplate=t("sm.grad.panel_hover", lang),
            height=380,
        )
        chart.chart(
            fig, key="sm_jacobians", lang=lang, file_name=f"softmax_jacobians_dk{d_k}_keys{n_keys}.csv"
        )
        st.caption(
            t(
                "sm.grad.now",
                lang,
                raw=f"{softmax.jacobian_norm(one.raw):.3g}",
                scaled=f"{softmax.jacobian_norm(one.scaled):.3g}",
            )
        )
    note.markdown(
        t(
            "sm.grad.explain",
            lang,
            d_k=d_k,
            saturated=f"{one.saturated_percent:.0f}",
            raw=f"{one.many_raw.jacobian:.3g}",
            scaled=f"{one.many_scaled.jacobian:.3g}",
        )
    )


if sec["row"].open:
    with sec["row"]:
        scores_and_gradients(d_k, seed)


def _fit_length() -> None:
    """A new sentence starts with all of its words (up to the limit) in use."""
    typed = embedding.tokenize(str(st.session_state.get("sm_text", "")), worked.MAX_WORDS)
    st.session_state["sm_len"] = max(len(typed.tokens), 1)


@shell.fragment
def worked_example(d_k: int, seed: int) -> None:
    """Section 4: the four steps on a sentence, with random weights or on the notes' own numbers."""
    # ---- 4. the worked example -----------------------------------------------------------------------------
    notes = (
        widgets.choice(
            t("notes.ex.source", lang),
            ("random", "notes"),
            key="sm_ex_source",
            lang=lang,
            format_func=lambda v: t(f"notes.ex.source.{v}", lang),
            radio=True,
        )
        == "notes"
    )
    if notes:  # note 004's "I am good": its inputs, every later step computed (worked.note_example)
        st.write(t("notes.ex.intro", lang))
        found = embedding.tokenize(" ".join(worked.NOTE_TOKENS), worked.MAX_WORDS)
    else:
        st.write(t("sm.ex.intro", lang, d_model=s.d_model, d_k=d_k))
        c1, c2 = st.columns([3, 2])
        text = c1.text_input(
            t("sm.ex.sentence", lang),
            value="I am good",
            key="sm_text",
            persist_state=widgets.KEEP,
            on_change=_fit_length,
            help=t("sm.ex.sentence.help", lang, n=worked.MAX_WORDS),
        )
        found = embedding.tokenize(text, worked.MAX_WORDS)
        widgets.chars_cut_note(text, lang)
    if found.tokens_cut:
        st.warning(t("sm.ex.cut", lang, n=worked.MAX_WORDS, cut=found.tokens_cut))
    if not found.tokens:
        st.warning(t("sm.ex.empty", lang))
    else:
        length = len(found.tokens)
        if not notes:
            with c2:
                length = widgets.bounded_slider(
                    t("sm.ex.length", lang),
                    1,
                    len(found.tokens),
                    len(found.tokens),
                    key="sm_len",
                    help=t("sm.ex.length.help", lang),
                )
        tokens = found.tokens[:length]
        labels = worked.token_labels(tokens)
        with widgets.guard(lang):
            if notes:
                example = worked.note_example()
                w, d_k, dims = example.worked, example.d_k, list(example.columns)
                columns = ", ".join(map(str, dims))
                slips = {  # where the note's printed weights are off, worked out from the computed ones
                    "row_i": worked.row_text(w.weights, 0),
                    "row_good": worked.row_text(w.weights, 2),
                    "i_am": f"{w.weights[0, 1]:.3f}",
                    "fixes": worked.misprint_text(example, example.misprints()),
                }
            else:
                w = worked.worked_example(tokens, s.d_model, d_k, seed)
                dims = list(range(min(d_k, worked.SHOWN_COLUMNS)))
            shown = len(dims)
            scale_root = softmax.root_text(d_k)
            # the notes' numbers as the note writes them (12.375, 0.631); weights to 3 places like its text
            number, weight = ("%{z:.5~g}", "%{z:.3f}") if notes else ("%{z:.2f}", "%{z:.2f}")
            height = figures.rows_height(length)
            matrix = partial(figures.heatmap, x_title="", cell_text=number, height=height)
            token_corner = export.corner(t("emb.token", lang), t("chart.dimension", lang))
            # the worked files say where their numbers came from: note 004's, or this seed's weights
            source = "notes004" if notes else f"seed{seed}"
            # The steps in tabs of their own: a d_k move redraws the one to three charts in view.
            part = sections.sections(
                "sm_ex_part",
                {k: t(f"sm.ex.part.{k}", lang) for k in ("qkv", "steps", "out")},
                lang=lang,
            )
            if part["qkv"].open:
                with part["qkv"]:
                    fig = figures.heatmap_panels(
                        {
                            "Q = X·W^Q": w.q[:, :shown],
                            "K = X·W^K": w.k[:, :shown],
                            "V = X·W^V": w.v[:, :shown],
                        },
                        y_labels=labels,
                        x=dims,
                        title=t("notes.ex.qkv", lang, columns=columns)
                        if notes
                        else t("sm.ex.qkv", lang, n=length, d_k=d_k),
                        x_title=t("chart.dimension", lang),
                        y_title=t("emb.token", lang),
                        colorbar_title=t("chart.value", lang),
                        hovertemplate=t("sm.ex.qkv_hover", lang),
                        height=figures.rows_height(length, base=170),
                        cell_text=number if notes else "%{z:.1f}",
                    )
                    chart.chart(
                        fig,
                        key="sm_qkv",
                        lang=lang,
                        # every column of Q, K and V (the chart shows the first few)
                        csv=lambda: "\r\n".join(
                            export.comment(name)
                            + export.matrix_csv(
                                m, corner=token_corner, rows=labels, cols=dims if notes else None
                            )
                            for name, m in (("Q = X·W^Q", w.q), ("K = X·W^K", w.k), ("V = X·W^V", w.v))
                        ),
                        file_name=f"worked_qkv_{length}words_dk{d_k}_{source}.csv",
                    )
                    if notes:
                        st.caption(t("notes.ex.columns", lang))
                        notes_differ("ex_k3", lang)
                    elif shown < d_k:
                        st.caption(t("sm.ex.columns", lang, shown=shown, d_k=d_k))
            if part["steps"].open:
                with part["steps"]:
                    step_cols = st.columns(3)
                    steps = (
                        (
                            "sm_step_scores",
                            w.scores,
                            t("sm.ex.step1", lang),
                            t("notes.ex.step1.note" if notes else "sm.ex.step1.note", lang),
                        ),
                        (
                            "sm_step_scaled",
                            w.scaled,
                            t("sm.ex.step2", lang, root=scale_root),
                            t("sm.ex.step2.note", lang),
                        ),
                        ("sm_step_weights", w.weights, t("sm.ex.step3", lang), t("sm.ex.step3.note", lang)),
                    )
                    for col, (key, values, title, caption) in zip(step_cols, steps, strict=True):
                        with col:
                            fig = matrix(
                                values,
                                x_labels=labels,
                                y_labels=labels,
                                title=title,
                                y_title=t("sm.ex.query", lang),
                                colorbar_title="",
                                hovertemplate=t("sm.ex.pair_hover", lang),
                                zmin=0.0 if key == "sm_step_weights" else None,
                                zmax=1.0 if key == "sm_step_weights" else None,
                                cell_text=weight if key == "sm_step_weights" else number,
                            )
                            chart.chart(
                                fig,
                                key=key,
                                lang=lang,
                                file_name=f"worked_{key[8:]}_{length}words_dk{d_k}_{source}.csv",
                            )
                            st.caption(caption)
                    if notes:
                        notes_differ("ex_weights", lang, **slips)
            if part["out"].open:
                with part["out"]:
                    left, right = st.columns([3, 2])
                    with left:
                        fig = matrix(
                            w.output[:, :shown],
                            x=dims,
                            y_labels=labels,
                            title=t("sm.ex.step4", lang),
                            y_title=t("sm.ex.query", lang),
                            colorbar_title=t("chart.value", lang),
                            hovertemplate=t("sm.ex.out_hover", lang),
                            cell_text=weight,
                        )
                        chart.chart(
                            fig,
                            key="sm_step_output",
                            lang=lang,
                            # every column of the output (the chart shows the first few)
                            csv=partial(
                                export.matrix_csv,
                                w.output,
                                corner=token_corner,
                                rows=labels,
                                cols=dims if notes else None,
                            ),
                            file_name=f"worked_output_{length}words_dk{d_k}_{source}.csv",
                        )
                    with right:
                        # the sentence may have got shorter since a later word was picked: keep its last
                        widgets.keep_index("sm_query", length)
                        query = int(
                            st.selectbox(
                                t("sm.ex.pick", lang),
                                list(range(length)),
                                format_func=labels.__getitem__,
                                key="sm_query",
                                persist_state=widgets.KEEP,
                            )
                            or 0
                        )
                        st.code(
                            worked.weighted_sum(w.weights, tokens, query, digits=3 if notes else 2),
                            language=None,
                        )
                        st.markdown(
                            t(
                                "sm.ex.compare",
                                lang,
                                scaled=f"{w.weights[query].max():.3f}",
                                raw=f"{w.unscaled_weights[query].max():.3f}",
                            )
                        )
                    st.code(
                        worked.weighted_sum_numbers(w, query, digits=3 if notes else 2), language=None
                    )  # full width: 8 columns fit
                    if notes:
                        st.caption(t("notes.ex.numbers", lang, columns=columns))
                        notes_differ("ex_weights", lang, **slips)
                        st.markdown(t("notes.ex.explain", lang))
                    else:
                        st.caption(t("sm.ex.numbers", lang, shown=shown, d_k=d_k))
                        st.markdown(t("sm.ex.explain", lang))


if sec["ex"].open:
    with sec["ex"]:
        worked_example(d_k, seed)
