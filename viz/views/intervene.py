"""The Real models page's tools that test what a head does (SmolLM2, viz.pretrained.intervene): the logit
lens and head ablation, each a tab with its controls beside its chart, and what the patching tab
(viz/views/patching.py) shares with them: the kept plain run of a text, and the grids. A grid runs the
model hundreds of times: each is computed once per text for the whole server, by a low-priority worker
process, with a progress bar, and kept in the shared memory budget."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, cast

import numpy as np
import streamlit as st

from viz import figures, pretrained
from viz.cache import budget
from viz.figures import export
from viz.i18n import t
from viz.pretrained import patterns, tokens
from viz.pretrained.tokens import Pieces
from viz.state.link import ABLATIONS
from viz.ui import sections, widgets
from viz.ui.chart import chart
from viz.ui.chart import table as chart_table

if TYPE_CHECKING:  # PyTorch is imported where a tool runs (viz.pretrained.intervene imports it)
    from viz.pretrained import intervene
    from viz.pretrained.intervene import Ablation

KEY = "smollm2"
#: The grids' longest text: a patching grid at 16 tokens runs 480 changed runs (~10 s on two cores).
GRID_TOKENS = 16
#: Positions the lens reads (the text's last ones): each costs 31 products with the 49,152-token output
#: layer; 12 keep its first view near a second on one core, 16 took 1.2 s (bench/results/intervene.md).
LENS_POSITIONS = 12
#: The lens's tokens per cell (the likeliest K; the CSV has them all).
LENS_K = 5
#: Heads named in words under the ablation grid.
NAMED = 3
#: The heads a visitor may ablate: every head of the layer, or one (as the link writes it).
HEAD_CHOICES = ("all", *(str(h) for h in range(1, 10)))


def offered(lang: str, text: str) -> bool:
    """Whether the chosen model can be tested here (SmolLM2); if not, say so in the tab. On a Korean
    text, say what the small model does with it."""
    if pretrained.INFO[widgets.current_choice("real_model", pretrained.MODELS, lang)].causal:
        korean_note(text, lang)
        return True
    st.info(t("iv.minilm", lang))
    return False


def korean_note(text: str, lang: str) -> None:
    """On a Korean text, say plainly what the small model does with it (it saw little Korean)."""
    if any("가" <= ch <= "힣" for ch in text):
        st.info(t("iv.korean", lang))


def literal(text: str) -> str:
    """A token or a visitor's word in a sentence Streamlit reads as Markdown: shown as itself."""
    return chart_table.literal(text)  # type: ignore[return-value]


def label(token: int) -> str:
    return tokens.readable(pretrained.load(KEY).tokenizer.id_to_token(token), wordpiece=False)


def _quoted(token: int) -> str:
    return figures.escape_label(f"'{label(token)}'")


def axis_title(kind: Literal["position", "head", "layer"], lang: str) -> str:
    """An axis title of this module's strings, for the patching tab's grid."""
    return t(f"iv.{kind}_axis", lang)


def _layer_names(lang: str, layers: int) -> list[str]:
    return [t("iv.embed_row", lang)] + [t("iv.layer_row", lang, layer=i) for i in range(1, layers + 1)]


# ---- the logit lens -------------------------------------------------------------------------------------
def lens_start(n: int) -> int:
    """The first position the lens reads in a text of ``n`` tokens: the last :data:`LENS_POSITIONS`."""
    return max(0, n - LENS_POSITIONS)


@budget.cached(max_entries=8)  # every stream and head output of the text: ~140 KB a token
def traced(ids: tuple[int, ...]) -> intervene.Trace:
    """The plain run the lens and the ablations of one text share (run once, not once per view)."""
    from viz.pretrained import intervene

    return intervene.trace(pretrained.load(KEY).model, ids)


@budget.cached(max_entries=32)  # (31, 12, 5) ids and probabilities: a few KB
def lens_of(ids: tuple[int, ...]) -> intervene.Lens:
    from viz.pretrained import intervene

    return intervene.lens(pretrained.load(KEY).model, traced(ids), LENS_K, lens_start(len(ids)))


def lens_controls(labels: Sequence[str], lang: str) -> int:
    """The position whose answer the lower chart follows (from 0, among those the lens reads): the control
    holds 0 for the last token and i for the i-th, as the link writes it."""
    n = len(labels)
    first = lens_start(n) + 1
    widgets.keep_in_range(
        "lens_pos", n, lambda kept: min(max(kept, first), n) if isinstance(kept, int) and kept else 0
    )
    picked = st.selectbox(
        t("iv.lens.position", lang),
        [0, *range(first, n + 1)],
        format_func=lambda i: t("iv.lens.position.last", lang) if i == 0 else labels[i - 1],
        key="lens_pos",
        help=t("iv.lens.position.help", lang),
        persist_state=widgets.KEEP,
    )
    return int(picked) - 1 if picked else n - 1


def lens(pieces: Pieces, labels: Sequence[str], position: int, lang: str) -> None:
    found = lens_of(pieces.ids)
    start = lens_start(len(labels))
    shown, position = labels[start:], position - start
    layers = found.top.shape[0] - 1
    rows = _layer_names(lang, layers)[::-1]  # the model's own output on top, as the model stacks them
    words = np.vectorize(label, otypes=[object])(found.top[::-1, :, 0])
    fig = figures.heatmap(
        found.top_p[::-1, :, 0],
        title=t("iv.lens.chart", lang),
        x_title=t("iv.position_axis", lang),
        y_title=t("iv.layer_axis", lang),
        colorbar_title=t("iv.lens.color", lang),
        hovertemplate=t("iv.lens.hover", lang),
        zmin=0.0,
        zmax=1.0,
        height=max(520, 19 * (layers + 1) + 140),
        cell_labels=[[figures.escape_label(w[:8]) for w in row] for row in words],
        cell_font=10,
        x_labels=list(shown),
        y_labels=rows,
    )
    chart(fig, key="iv_lens", lang=lang, csv=lambda: lens_csv(found, shown, lang, start))
    if start:
        st.caption(t("iv.lens.last", lang, n=LENS_POSITIONS, total=len(labels)))
    answer = int(found.answer[position])
    rank = found.answer_rank[:, position] + 1
    follow = figures.lines(
        np.arange(layers + 1),
        {t("iv.lens.p", lang): found.answer_p[:, position]},
        y2={t("iv.lens.rank", lang): rank},
        y2_title=t("iv.lens.rank_axis", lang),
        y2_log=True,
        title=t(
            "iv.lens.follow_chart", lang, answer=_quoted(answer), pos=figures.escape_label(shown[position])
        ),
        x_title=t("iv.lens.layer_axis", lang),
        y_title=t("iv.lens.p_axis", lang),
        hovertemplate=t("iv.lens.follow_hover", lang),
        mode="lines+markers",
    )
    chart(follow, key="iv_lens_follow", lang=lang)
    top, ten = patterns.stays_from(rank == 1), patterns.stays_from(rank <= 10)
    if top == layers:
        st.write(t("iv.lens.never", lang, answer=literal(f"'{label(answer)}'"), ten=ten))
    else:
        st.write(t("iv.lens.found", lang, answer=literal(f"'{label(answer)}'"), top=top, ten=ten))
    st.markdown(t("iv.lens.notice", lang))


def lens_csv(found: intervene.Lens, labels: Sequence[str], lang: str, start: int = 0) -> str:
    """Every cell's K likeliest tokens and their probabilities, and the final answer's probability and
    rank there: one row per (layer, position)."""
    layers, n, k = found.top.shape
    layer, pos = np.indices((layers, n))
    columns: dict[str, Any] = {"layer": layer.ravel(), "position": pos.ravel() + start}
    columns["token"] = [labels[int(p)] for p in pos.ravel()]
    for j in range(k):
        columns[f"top{j + 1}"] = [label(int(i)) for i in found.top[..., j].ravel()]
        columns[f"p{j + 1}"] = found.top_p[..., j].ravel()
    columns["answer"] = [label(int(found.answer[p])) for p in pos.ravel()]
    columns["answer_p"] = found.answer_p.ravel()
    columns["answer_rank"] = found.answer_rank.ravel() + 1
    return export.columns_csv(columns, note=t("iv.lens.chart", lang))


# ---- ablation -------------------------------------------------------------------------------------------
def ablation_controls(lang: str) -> tuple[int, str, Ablation]:
    """The layer (from 1), the head ("all" or "1".."9") and how its output is replaced."""
    info = pretrained.INFO[KEY]
    layer = widgets.bounded_slider(t("iv.abl.layer", lang), 1, info.layers, 24, key="abl_layer")
    head = widgets.choice(
        t("iv.abl.head", lang),
        HEAD_CHOICES[: info.heads + 1],
        key="abl_head",
        lang=lang,
        format_func=lambda h: t("iv.abl.all_heads", lang) if h == "all" else t("iv.abl.head_n", lang, head=h),
        default="5",
    )
    how = widgets.choice(
        t("iv.abl.how", lang),
        ABLATIONS,
        key="abl_how",
        lang=lang,
        format_func=lambda a: t(f"iv.abl.how.{a}", lang),
        radio=True,
    )
    st.caption(t("iv.abl.how.help", lang))
    return layer, head, cast("Ablation", how)


@budget.cached(max_entries=64)
def ablated(ids: tuple[int, ...], heads: tuple[tuple[int, int], ...], how: Ablation) -> np.ndarray:
    """The next token's probabilities (vocab,) with ``heads`` ablated."""
    from viz.pretrained import intervene

    return intervene.ablate(pretrained.load(KEY).model, traced(ids), heads, how).exp().numpy()


def plain_logp(ids: tuple[int, ...]) -> np.ndarray:
    """The plain run's next-token log-probabilities (what whole-character labels read), from its kept
    probabilities: no run again once the kept plain run has left the budget (a probability that
    underflowed reads -inf, never among the likeliest)."""
    with np.errstate(divide="ignore"):
        return np.log(ablated(ids, (), "zero"))


def ablation(pieces: Pieces, layer: int, head: str, how: Ablation, lang: str) -> None:
    picked = range(pretrained.INFO[KEY].heads) if head == "all" else [int(head) - 1]
    plain = ablated(pieces.ids, (), "zero")  # nothing ablated: the same whatever the mode
    after = ablated(pieces.ids, tuple((layer - 1, h) for h in picked), how)
    best = np.argsort(-plain, kind="stable")[:10]
    answer = int(best[0])
    names = pretrained.whole_labels(KEY, pieces.ids, plain_logp(pieces.ids), [int(i) for i in best])
    what = t("iv.abl.all_heads", lang) if head == "all" else t("iv.abl.head_n", lang, head=head)
    fig = figures.grouped_bars(
        [names.get(int(i), label(int(i))) for i in best],
        {t("iv.abl.before", lang): plain[best], t("iv.abl.after", lang): after[best]},
        title=t(
            "iv.abl.chart",
            lang,
            what=what,
            layer=layer,
            answer=figures.escape_label(f"'{names.get(answer, label(answer))}'"),
            before=f"{plain[answer]:.0%}",
            after=f"{after[answer]:.0%}",
        ),
        x_title=t("iv.abl.x", lang),
        y_title=t("iv.abl.y", lang),
        hovertemplate=t("iv.abl.hover", lang),
        y_range=(0.0, 1.05),
        bar_text="%{y:.0%}",
    )
    chart(fig, key="iv_ablate", lang=lang)


def too_long_for_grid(pieces: Pieces, lang: str) -> bool:
    if len(pieces.ids) > GRID_TOKENS:
        st.info(t("iv.too_long", lang, max=GRID_TOKENS, n=len(pieces.ids)))
        return True
    return False


def shared_grid(
    key: tuple[object, ...], runs: int, job: dict[str, Any], lang: str, auto: bool
) -> np.ndarray | None:
    """A grid from the shared store, or computed once by the low-priority worker process
    (viz.pretrained.worker) with a progress bar; callers asking for one grid at once wait for the first
    one's instead of each computing it. Unless ``auto``, and always when every section is shown at
    once, a grid no one computed yet waits for a press of its button (None until then): it runs the
    model hundreds of times."""
    found = budget.STORE.get(key)
    if found is not None:
        return found
    if not auto or st.session_state.get(sections.ALL_SECTIONS):
        ask = st.empty()  # the question and its button, gone once pressed: the grid takes their place
        with ask.container():
            st.info(t("iv.grid.ask", lang, n=runs))
            if not st.button(t("iv.grid.go", lang), key=f"iv_go_{key[0]}", type="primary"):
                return None
        ask.empty()
    from viz.pretrained import worker

    bar = st.progress(0.0, text=t("iv.waiting", lang))

    def step(done: float) -> None:
        bar.progress(done, text=t("iv.progress", lang, n=runs))

    def made() -> np.ndarray:
        return worker.grid(**job, progress=step, started=lambda: step(0.0))

    grid = budget.STORE.get_or_build(
        key, made, namespace="viz.views.intervene.grids", max_entries=32, freeze=True
    )
    bar.empty()
    return grid


def ablation_grid(pieces: Pieces, how: Ablation, lang: str) -> None:
    if too_long_for_grid(pieces, lang):
        return
    info = pretrained.INFO[KEY]
    ids = pieces.ids
    answer = int(np.argmax(ablated(ids, (), "zero")))
    job = {"kind": "ablation", "ids": ids, "option": how, "good": answer}
    grid = shared_grid(("ablation", ids, how), info.layers * info.heads, job, lang, auto=False)
    if grid is None:
        return
    fig = figures.heatmap(
        grid,
        x=np.arange(1, info.heads + 1),
        y=np.arange(1, info.layers + 1),
        title=t("iv.abl.grid_chart", lang, how=t(f"iv.abl.how.{how}", lang), answer=_quoted(answer)),
        x_title=t("iv.head_axis", lang),
        y_title=t("iv.layer_axis", lang),
        colorbar_title=t("iv.abl.grid_color", lang),
        hovertemplate=t("iv.abl.grid_hover", lang),
        height=max(420, 20 * info.layers + 140),
        # around 0 whatever the signs: blue lowers the answer, red raises it, as the notice says
        zmin=-float(np.abs(grid).max()) - 1e-9,
        zmax=float(np.abs(grid).max()) + 1e-9,
    )
    chart(fig, key="iv_ablate_grid", lang=lang)
    order = np.argsort(grid, axis=None, kind="stable")[:NAMED]
    named = [np.unravel_index(i, grid.shape) for i in order]
    heads = ", ".join(
        t("iv.abl.named", lang, layer=int(lr) + 1, head=int(h) + 1, delta=float(grid[lr, h]))
        for lr, h in named
    )
    others = np.ones(grid.shape, dtype=bool)
    others.flat[order] = False
    small = f"{np.abs(grid[others]).max():.2f}"  # every other head, whichever way it moves the answer
    st.write(t("iv.abl.matters", lang, answer=literal(f"'{label(answer)}'"), heads=heads, small=small))
    st.markdown(t("iv.abl.notice", lang))
