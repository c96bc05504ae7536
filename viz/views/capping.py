"""The Softmax page's tab on keeping scores in range (viz.scores.capping): a query that grows collapses the
softmax row unless queries and keys are RMS-normalised first (QK-norm), and soft-capping bends an outlier
score where clipping flattens it."""

from __future__ import annotations

from typing import cast

import numpy as np
import streamlit as st

from viz import figures
from viz.cache.budget import cached
from viz.i18n import t
from viz.scores import capping
from viz.ui import layout, widgets
from viz.ui.chart import chart


def _number_slider(
    label: str, options: tuple[float, ...], default: float, key: str, help: str | None = None
) -> float:
    """A select-slider over numbers that need not be whole (widgets.option_slider's are)."""
    widgets.keep_in_range(key, options, lambda kept: kept if kept in options else default)
    picked = st.select_slider(
        label, options, key=key, help=help, persist_state=widgets.KEEP, **widgets.initial(key, value=default)
    )
    return float(cast(float, picked))


@cached(max_entries=32)
def entropies(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scales (a fine log grid) and the row's entropy at each, without and with QK-norm."""
    q, k = capping.example(seed)
    grid = np.geomspace(capping.SCALES[0], capping.SCALES[-1], 41)
    return grid, capping.entropy_by_scale(q, k, grid, False), capping.entropy_by_scale(q, k, grid, True)


def section(seed: int, lang: str, row: layout.Row | None = None) -> None:
    row = row or layout.row("cap")
    with row.side:
        scale = _number_slider(
            t("cap.scale", lang), capping.SCALES, 1.0, "sm_qscale", t("cap.scale.help", lang)
        )
    grid, plain, normed = entropies(seed)
    q, k = capping.example(seed)
    rows = {qk: capping.softmax(capping.scores(q, k, scale, qk)) for qk in (False, True)}
    with row.main:
        fig = figures.lines(
            grid,
            {t("cap.plain", lang): plain, t("cap.qknorm", lang): normed},
            title=t("cap.entropy.chart", lang, keys=capping.KEYS, d=capping.D_K),
            x_title=t("cap.scale.axis", lang),
            y_title=t("cap.entropy", lang),
            hovertemplate=t("cap.entropy.hover", lang),
            x_log=True,
            x_decades=True,
            mark_x=scale,
            mark_label=t("cap.now", lang, scale=f"{scale:g}"),
            levels={t("cap.uniform", lang): float(np.log(capping.KEYS))},
            height=380,
        )
        chart(fig, key="cap_entropy", lang=lang, file_name=f"qk_norm_entropy_seed{seed}.csv")
        fig = figures.grouped_bars(
            [str(j) for j in range(capping.KEYS)],
            {t("cap.plain", lang): rows[False], t("cap.qknorm", lang): rows[True]},
            title=t("cap.row.chart", lang, scale=f"{scale:g}"),
            x_title=t("cap.key", lang),
            y_title=t("cap.weight", lang),
            hovertemplate="%{x}<br>%{y:.3f}",
            height=320,
        )
        chart(fig, key="cap_row", lang=lang, file_name=f"qk_norm_row_x{scale:g}_seed{seed}.csv")
    with row.side:
        st.write(
            t(
                "cap.says",
                lang,
                scale=f"{scale:g}",
                plain=f"{float(capping.entropy(rows[False])):.2f}",
                normed=f"{float(capping.entropy(rows[True])):.2f}",
                top=f"{float(rows[False].max()):.2f}",
                uniform=f"{np.log(capping.KEYS):.2f}",
            )
        )
        st.markdown(t("cap.qk.notice", lang))
    _capping(seed, lang)


def _capping(seed: int, lang: str) -> None:
    main, side = st.columns([3, 2])
    with side:
        cap = _number_slider(t("cap.cap", lang), capping.CAPS, 10.0, "sm_cap")
    x = np.linspace(-3 * cap, 3 * cap, 121)
    row = capping.with_outlier(seed)
    weights = {
        t("cap.raw", lang): capping.softmax(row),
        t("cap.soft", lang, c=f"{cap:g}"): capping.softmax(capping.soft_cap(row, cap)),
        t("cap.clip", lang, c=f"{cap:g}"): capping.softmax(capping.clip(row, cap)),
    }
    with main:
        fig = figures.lines(
            x,
            {
                t("cap.identity", lang): x,
                t("cap.soft", lang, c=f"{cap:g}"): capping.soft_cap(x, cap),
                t("cap.clip", lang, c=f"{cap:g}"): capping.clip(x, cap),
            },
            title=t("cap.curves.chart", lang, c=f"{cap:g}"),
            x_title=t("cap.score", lang),
            y_title=t("cap.capped", lang),
            hovertemplate="%{x:.2f} → %{y:.2f}",
            height=340,
        )
        chart(fig, key="cap_curves", lang=lang, file_name=f"soft_cap_{cap:g}.csv")
        fig = figures.grouped_bars(
            [str(j) for j in range(len(row))],
            weights,
            title=t("cap.outlier.chart", lang, c=f"{cap:g}"),
            x_title=t("cap.key", lang),
            y_title=t("cap.weight", lang),
            hovertemplate="%{x}<br>%{y:.3f}",
            height=320,
        )
        chart(fig, key="cap_outlier", lang=lang, file_name=f"soft_cap_row_{cap:g}_seed{seed}.csv")
    with side:
        shares = [f"{float(w[3]):.2f}" for w in weights.values()]
        st.write(t("cap.outlier.says", lang, raw=shares[0], soft=shares[1], clipped=shares[2], c=f"{cap:g}"))
        st.markdown(t("cap.cap.notice", lang))
