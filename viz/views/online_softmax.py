"""The Softmax page's tab on online softmax (FlashAttention's idea): one query's keys read block by block,
the running maximum and sum after each block, the output equal to the full softmax's, and the memory
each way needs as the sequence grows."""

from __future__ import annotations

import numpy as np
import streamlit as st

from viz import figures
from viz.cache.budget import cached
from viz.i18n import t
from viz.scores import online_softmax
from viz.ui import layout, widgets
from viz.ui.chart import chart

KEYS = (4, 64, 16)  # lo, hi, default
D_V = 4
MEMORY_N = np.power(2.0, np.arange(8, 18))  # 256 .. 131,072 tokens


@cached(max_entries=32)
def run(n: int, block: int, seed: int) -> tuple[np.ndarray, np.ndarray, list[online_softmax.Step]]:
    scores, values = online_softmax.example(n, D_V, seed)
    return scores, values, online_softmax.steps(scores, values, block)


def section(seed: int, lang: str, row: layout.Row | None = None) -> None:
    """The whole tab: N and B and the block to stop after beside the charts, the check and what to notice,
    then the tab's opening words. ``row`` is the tab's first row (viz.ui.layout.rows), made here when not
    given."""
    row = row or layout.row("os")
    c1 = c2 = c3 = row.side
    with c1:
        n = widgets.bounded_slider(t("os.keys", lang), *KEYS, key="os_keys")
    with c2:
        block = widgets.bounded_slider(t("os.block", lang), 1, n, 4, key="os_block")
    blocks = -(-n // block)
    with c3:
        step = widgets.bounded_slider(t("os.step", lang), 1, blocks, blocks, key="os_step")
    scores, values, found = run(n, block, seed)
    now = found[step - 1]
    x = np.arange(n)
    read, this, unread = (
        np.where(mask, scores, np.nan) for mask in (x < now.lo, (x >= now.lo) & (x < now.hi), x >= now.hi)
    )
    (left, mid), note = row.main.columns(2), row.side
    with left, widgets.guard(lang):
        fig = figures.lines(
            x,
            {t("os.read", lang): read, t("os.this", lang, k=step): this, t("os.unread", lang): unread},
            title=t("os.scores.title", lang, k=step, blocks=blocks),
            x_title=t("os.key", lang),
            y_title=t("os.score", lang),
            hovertemplate=t("os.score.hover", lang),
            mode="markers",
            levels={t("os.m", lang, m=f"{now.m:.3f}"): now.m},
            height=380,
        )
        chart(
            fig, key="os_scores", lang=lang, file_name=f"online_softmax_scores_n{n}_b{block}_seed{seed}.csv"
        )
    with mid, widgets.guard(lang):
        k = np.arange(1, blocks + 1)
        fig = figures.lines(
            k,
            {t("os.m.series", lang): [s.m for s in found]},
            y2={t("os.l.series", lang): [s.total for s in found]},
            y2_title=t("os.l.axis", lang),
            title=t("os.running.title", lang),
            x_title=t("os.block.axis", lang),
            y_title=t("os.m.axis", lang),
            hovertemplate=t("os.running.hover", lang),
            mode="lines+markers",
            mark_x=float(step),
            mark_label=t("os.now", lang, k=step),
            height=380,
        )
        chart(
            fig, key="os_running", lang=lang, file_name=f"online_softmax_running_n{n}_b{block}_seed{seed}.csv"
        )
    with note:
        st.metric(t("os.metric.m", lang), f"{now.m:.4f}")
        st.metric(t("os.metric.l", lang), f"{now.total:.4f}")
        st.metric(t("os.metric.rescale", lang), f"{now.rescale:.4f}", help=t("os.metric.rescale.help", lang))
    _, exact = online_softmax.full(scores, values)
    gap = float(np.max(np.abs(found[-1].output - exact)))
    st.markdown(t("os.check", lang, gap=f"{gap:.1e}", blocks=blocks, n=n))
    left, note = st.columns([6, 2])
    with left, widgets.guard(lang):
        standard, online = online_softmax.memory_bytes(MEMORY_N, block)
        fig = figures.lines(
            MEMORY_N,
            {t("os.mem.standard", lang): standard, t("os.mem.online", lang, b=block): online},
            title=t("os.mem.title", lang),
            x_title=t("os.mem.x", lang),
            y_title=t("os.mem.y", lang),
            hovertemplate=t("os.mem.hover", lang),
            mode="lines+markers",
            x_log=True,
            y_log=True,
            height=360,
        )
        chart(fig, key="os_memory", lang=lang, file_name=f"online_softmax_memory_b{block}.csv")
    note.markdown(t("os.explain", lang))
    st.caption(t("os.intro", lang))
