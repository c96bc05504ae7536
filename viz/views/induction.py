"""Induction heads: the Attention page's tab, where a two-layer attention-only model learns repeated random
tokens live (viz.model.induction), and the Real models page's tab, where SmolLM2's heads get the same
scores (viz.pretrained.induction). A run is trained once per setting for the whole server, with a
progress bar, and kept in the shared memory budget."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import streamlit as st

from viz import figures, pretrained
from viz.cache import budget
from viz.i18n import t
from viz.state.link import IND_CURVES
from viz.state.params import SEED_MAX
from viz.ui import layout, widgets
from viz.ui.chart import chart

if TYPE_CHECKING:
    from viz.model.induction import InductionConfig, InductionRun
    from viz.pretrained.induction import Scores

#: Training steps a visitor may ask for: the default learns the task; fewer stop before the bump.
STEPS = (100, 1500, 800)  # lowest, highest, default
#: Heads SmolLM2's ranking names.
TOP_HEADS = 12


def _head_names(layers: int, heads: int) -> list[str]:
    return [f"L{layer + 1} H{head + 1}" for layer in range(layers) for head in range(heads)]


# ---- the toy model --------------------------------------------------------------------------------------
def toy_controls(lang: str) -> InductionConfig:
    from viz.model.induction import InductionConfig

    lo, hi, default = STEPS
    steps = widgets.bounded_slider(
        t("ind.steps", lang), lo, hi, default, key="ind_steps", help=t("ind.steps.help", lang)
    )
    seed = int(
        st.number_input(
            t("ind.seed", lang), 0, SEED_MAX, value=0, step=1, key="ind_seed", persist_state=widgets.KEEP
        )
    )
    return InductionConfig(seed=seed, steps=steps)


def curve_choice(lang: str) -> str:
    """Which score every head's curve over training shows."""
    return widgets.choice(
        t("ind.curve", lang),
        IND_CURVES,
        key="ind_curve",
        lang=lang,
        format_func=lambda c: t(f"ind.score.{c}", lang),
        radio=True,
    )


def trained(config: InductionConfig, lang: str) -> InductionRun:
    """The run for ``config``: from the shared store, or trained now with a progress bar (a visitor
    asking for the same run meanwhile waits for this one)."""
    found = budget.STORE.get(("induction", config))
    if found is not None:
        return found
    from viz.model import induction

    bar = st.progress(0.0, text=t("ind.training", lang, steps=config.steps))

    def step(done: float) -> None:
        bar.progress(done, text=t("ind.training", lang, steps=config.steps))

    def build() -> InductionRun:
        return induction.train(config, step)

    run = budget.STORE.get_or_build(
        ("induction", config), build, namespace="viz.views.induction", max_entries=16, freeze=True
    )
    bar.empty()
    return run


def seconds_for(steps: int) -> int:
    """About how long ``steps`` take on one quiet core (~50 steps a second at the defaults)."""
    return max(2, round(steps / 50))


def toy_section(lang: str, row: layout.Row) -> None:
    """The run for the controls' setting, if anyone trained it; if not, a button that trains it (about
    15 s of a core at the defaults, so it waits for a press rather than run on every visit)."""
    with row.side:
        config = toy_controls(lang)
        run = budget.STORE.get(("induction", config))
        pressed = run is None and st.button(t("ind.train", lang), key="ind_train", type="primary")
        curve = curve_choice(lang) if run is not None else IND_CURVES[0]
    with row.main, widgets.guard(lang):
        if run is None and not pressed:
            st.info(t("ind.untrained", lang, steps=config.steps, seconds=seconds_for(config.steps)))
            return
        run = trained(config, lang)
        if pressed:  # drawn again from the kept run, without the button
            st.rerun()
        _toy_charts(run, curve, lang)
    with row.side:
        _toy_words(run, lang)


def _toy_charts(run: InductionRun, curve: str, lang: str) -> None:
    drops = -np.diff(run.loss_second)
    bump = int(run.steps[int(np.argmax(drops)) + 1]) if len(drops) else 0
    fig = figures.lines(
        run.steps,
        {t("ind.loss.first", lang): run.loss_first, t("ind.loss.second", lang): run.loss_second},
        y2={
            t("ind.score.prefix_best", lang): run.prefix[:, -1].max(-1),
            t("ind.score.previous_best", lang): run.previous[:, 0].max(-1),
        },
        y2_title=t("ind.score.axis", lang),
        title=t("ind.loss.chart", lang),
        x_title=t("ind.step", lang),
        y_title=t("ind.loss.axis", lang),
        mode="lines",
        mark_x=float(bump),
        mark_label=t("ind.bump", lang, step=bump),
        height=420,
    )
    chart(fig, key="ind_loss", lang=lang)
    layers, heads = run.prefix.shape[1:]
    names = _head_names(layers, heads)
    over = {"prefix": run.prefix, "copy": run.copy, "previous": run.previous}[curve]
    fig = figures.lines(
        run.steps,
        dict(zip(names, over.reshape(len(run.steps), -1).T, strict=True)),
        title=t("ind.curves.chart", lang, score=t(f"ind.score.{curve}", lang)),
        x_title=t("ind.step", lang),
        y_title=t("ind.score.axis", lang),
        mode="lines",
        mark_x=float(bump),
        mark_label=t("ind.bump", lang, step=bump),
        height=380,
        legend_right=True,
    )
    chart(fig, key="ind_curves", lang=lang)
    scores = {
        t("ind.score.previous", lang): run.previous[-1].ravel(),
        t("ind.score.prefix", lang): run.prefix[-1].ravel(),
        t("ind.score.copy", lang): run.copy[-1].ravel(),
    }
    bars = figures.grouped_bars(
        names,
        scores,
        title=t("ind.scores.chart", lang, step=int(run.steps[-1])),
        x_title=t("ind.head_axis", lang),
        y_title=t("ind.score.axis", lang),
        hovertemplate="%{x}<br>%{y:.2f}<extra>%{fullData.name}</extra>",
        y_range=(-1.05, 1.05),
    )
    chart(bars, key="ind_scores", lang=lang)
    best = int(np.argmax(run.prefix[-1, -1]))
    symbols = [str(int(i)) for i in run.example]
    labels = [f"{i} · {s}" for i, s in enumerate(symbols)]
    fig = figures.heatmap(
        run.maps[-1, best],
        title=t("ind.map.chart", lang, head=best + 1, layer=layers),
        x_title=t("ind.map.key", lang),
        y_title=t("ind.map.query", lang),
        colorbar_title=t("ind.map.weight", lang),
        hovertemplate=t("ind.map.hover", lang),
        zmin=0.0,
        zmax=1.0,
        height=520,
        x_labels=labels,
        y_labels=labels,
    )
    chart(fig, key="ind_map", lang=lang)


def _toy_words(run: InductionRun, lang: str) -> None:
    layers = run.prefix.shape[1]
    best = int(np.argmax(run.prefix[-1, -1]))
    feeder = int(np.argmax(run.previous[-1, 0]))
    if run.stopped:
        st.warning(t("ind.stopped", lang, step=int(run.steps[-1]), seconds=f"{run.seconds:.0f}"))
    st.write(
        t(
            "ind.found",
            lang,
            layer=layers,
            head=best + 1,
            prefix=f"{run.prefix[-1, -1, best]:.2f}",
            copy=f"{run.copy[-1, -1, best]:.2f}",
            feeder=feeder + 1,
            previous=f"{run.previous[-1, 0, feeder]:.2f}",
            seconds=f"{run.seconds:.0f}",
        )
    )
    st.markdown(t("ind.notice", lang))
    st.markdown(t("ind.curves.notice", lang))


# ---- SmolLM2 --------------------------------------------------------------------------------------------
@budget.cached(max_entries=8)  # two (30, 9) grids and 47 losses: a few KB
def real_scores(seed: int) -> Scores:
    from viz.pretrained import induction

    return induction.scores(pretrained.load("smollm2").model, seed)


def real_section(lang: str, side: Any) -> None:
    with side:
        seed = int(
            st.number_input(
                t("ind.real.seed", lang),
                0,
                SEED_MAX,
                value=0,
                step=1,
                key="ind_real_seed",
                persist_state=widgets.KEEP,
            )
        )
    found = real_scores(seed)
    info = pretrained.INFO["smollm2"]
    fig = figures.heatmap(
        found.prefix,
        x=np.arange(1, info.heads + 1),
        y=np.arange(1, info.layers + 1),
        title=t("ind.real.chart", lang),
        x_title=t("ind.head_axis", lang),
        y_title=t("ind.layer_axis", lang),
        colorbar_title=t("ind.score.prefix", lang),
        hovertemplate=t("ind.real.hover", lang),
        zmin=0.0,
        zmax=1.0,
        height=max(420, 20 * info.layers + 140),
    )
    chart(fig, key="ind_real", lang=lang)
    order = np.argsort(-found.prefix, axis=None, kind="stable")[:TOP_HEADS]
    picked = [tuple(int(v) for v in np.unravel_index(i, found.prefix.shape)) for i in order]
    bars = figures.grouped_bars(
        [f"L{layer + 1} H{head + 1}" for layer, head in picked],
        {
            t("ind.score.prefix", lang): np.array([found.prefix[p] for p in picked]),
            t("ind.score.copy", lang): np.array([found.copy[p] for p in picked]),
        },
        title=t("ind.real.top", lang, n=TOP_HEADS),
        x_title=t("ind.head_axis", lang),
        y_title=t("ind.score.axis", lang),
        hovertemplate="%{x}<br>%{y:.2f}<extra>%{fullData.name}</extra>",
        y_range=(-1.05, 1.05),
    )
    chart(bars, key="ind_real_top", lang=lang)
    half = len(found.ids) // 2
    positions = np.arange(1, len(found.ids))
    fig = figures.lines(
        positions,
        {t("ind.real.loss", lang): found.loss},
        title=t("ind.real.loss_chart", lang),
        x_title=t("ind.real.position", lang),
        y_title=t("ind.loss.axis", lang),
        mode="lines+markers",
        mark_x=float(half),
        mark_label=t("ind.real.repeat", lang),
        height=360,
    )
    chart(fig, key="ind_real_loss", lang=lang)
    # loss[j] is the token at position j + 1: the first half's are 0 .. half - 2; the repeat's first token
    # (position half) cannot be known yet, the rest of the repeat can
    first, second = float(found.loss[: half - 1].mean()), float(found.loss[half:].mean())
    st.write(
        t(
            "ind.real.found",
            lang,
            heads=", ".join(
                f"L{layer + 1} H{head + 1} ({found.prefix[layer, head]:.2f})" for layer, head in picked[:3]
            ),
            first=f"{first:.1f}",
            second=f"{second:.2f}",
        )
    )
    st.markdown(t("ind.real.notice", lang))
