"""Three more tabs of the Attention variants page, each one variant's picture: differential attention
cancelling a distractor in one row, native sparse attention's reads per query against full attention's,
and layer patterns (local and global layers, partial RoPE): the cache and how far a token sees."""

from __future__ import annotations

import numpy as np
import streamlit as st

from viz import figures
from viz.cache import budget
from viz.encodings.sinusoid import frequencies, wavelengths
from viz.i18n import t
from viz.ui import layout, widgets
from viz.ui.chart import chart

# ---- differential attention ---------------------------------------------------------------------------
#: One query's scores against eight keys in the two maps: the answer (position 5) only in the first, a
#: distractor (position 2) in both, as two heads that share a bias would see it.
FIRST = (0.3, 0.1, 2.4, 0.2, 0.0, 2.8, 0.3, 0.1)
SECOND = (0.3, 0.1, 2.4, 0.2, 0.0, 0.4, 0.3, 0.1)
ANSWER, DISTRACTOR = 5, 2
LAMBDA = (0.0, 1.0, 0.05, 0.5)  # lowest, highest, step, default


@budget.cached(max_entries=32)
def differential_row(lam: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The two maps' rows and their difference at ``lam``, by viz.model.variants.differential (scores as
    one-dimensional queries and keys, so q · k / √1 is the score)."""
    import torch

    from viz.model import variants

    q = torch.ones(1, 1, 1, 1, dtype=torch.float64)
    k1 = torch.tensor(FIRST, dtype=torch.float64).view(1, 1, -1, 1)
    k2 = torch.tensor(SECOND, dtype=torch.float64).view(1, 1, -1, 1)
    v = torch.eye(len(FIRST), dtype=torch.float64)[None, None]
    _, weights, first, second = variants.differential(q, k1, q, k2, v, lam)
    return first[0, 0, 0].numpy(), second[0, 0, 0].numpy(), weights[0, 0, 0].numpy()


def cancelling_lambda() -> float:
    """The λ at which the distractor's weight is exactly cancelled."""
    first, second, _ = differential_row(0.0)
    return float(first[DISTRACTOR] / second[DISTRACTOR])


def diff_section(lang: str, row: layout.Row) -> None:
    with row.side:
        lam = widgets.float_slider(
            t("mix.lambda", lang), *LAMBDA[:3], LAMBDA[3], "zoo_lambda", t("mix.lambda.help", lang)
        )
    first, second, diff = differential_row(lam)
    roles = {ANSWER: t("mix.answer", lang), DISTRACTOR: t("mix.distractor", lang)}
    labels = [f"{i} · {roles[i]}" if i in roles else str(i) for i in range(len(FIRST))]
    with row.main:
        fig = figures.grouped_bars(
            labels,
            {
                t("mix.first", lang): first,
                t("mix.second", lang, lam=f"{lam:.2f}"): lam * second,
                t("mix.diff", lang): diff,
            },
            title=t("mix.diff.chart", lang, lam=f"{lam:.2f}"),
            x_title=t("mix.key", lang),
            y_title=t("mix.weight", lang),
            hovertemplate="%{x}<br>%{y:.3f}",
            height=420,
        )
        chart(fig, key="zoo_diff", lang=lang, file_name=f"differential_lambda{lam:.2f}.csv")
    with row.side:
        st.write(
            t(
                "mix.diff.numbers",
                lang,
                plain=f"{first[DISTRACTOR]:.3f}",
                now=f"{diff[DISTRACTOR]:.3f}",
                answer=f"{diff[ANSWER]:.3f}",
                best=f"{cancelling_lambda():.2f}",
            )
        )
        st.markdown(t("mix.diff.notice", lang))


# ---- native sparse attention ----------------------------------------------------------------------------
SPARSE_T = 32
BLOCKS = (2, 8, 4)  # lowest, highest, default
TOPS = (0, 4, 2)
WINDOWS = (1, 16, 4)


@budget.cached(max_entries=64)
def sparse_reads(block: int, top: int, window: int) -> tuple[np.ndarray, np.ndarray]:
    """One seeded head over SPARSE_T tokens: which keys each query reads whole (selected blocks or window,
    (T, T) 0/1) and how many keys it reads in all (compressed blocks counted), (T,)."""
    import torch

    from viz.model import variants

    g = torch.Generator().manual_seed(0)
    q, k, v = (torch.randn(1, 1, SPARSE_T, 16, generator=g, dtype=torch.float64) for _ in range(3))
    run = variants.sparse_attention(
        q, k, v, torch.zeros(1, 1, SPARSE_T, 3, dtype=torch.float64), block, top, window
    )
    whole = (run.selected | run.window)[0, 0].numpy().astype(np.float32)
    return whole, variants.keys_read(run)[0, 0].numpy().astype(np.float64)


def sparse_section(lang: str, row: layout.Row) -> None:
    with row.side:
        block = widgets.bounded_slider(
            t("mix.block", lang), *BLOCKS, key="zoo_block", help=t("mix.block.help", lang)
        )
        top = widgets.bounded_slider(t("mix.top", lang), *TOPS, key="zoo_top")
        window = widgets.bounded_slider(t("mix.window", lang), *WINDOWS, key="zoo_window")
    whole, reads = sparse_reads(block, top, window)
    with row.main:
        fig = figures.heatmap(
            whole,
            title=t("mix.sparse.chart", lang, block=block, top=top, window=window),
            x_title=t("mix.key", lang),
            y_title=t("mix.query", lang),
            colorbar_title=t("mix.read", lang),
            hovertemplate=t("mix.sparse.hover", lang),
            zmin=0.0,
            zmax=1.0,
            height=460,
        )
        chart(fig, key="zoo_sparse", lang=lang, file_name=f"sparse_b{block}_n{top}_w{window}.csv")
        fig = figures.lines(
            np.arange(SPARSE_T),
            {t("mix.sparse.reads", lang): reads, t("mix.sparse.full", lang): np.arange(1, SPARSE_T + 1)},
            title=t("mix.sparse.count", lang),
            x_title=t("mix.query", lang),
            y_title=t("mix.keys", lang),
            hovertemplate=t("mix.sparse.count.hover", lang),
            mode="lines+markers",
            height=340,
        )
        chart(fig, key="zoo_sparse_count", lang=lang)
    row.side.markdown(t("mix.sparse.notice", lang, last=int(reads[-1]), n=SPARSE_T))


# ---- layer patterns --------------------------------------------------------------------------------------
PATTERNS = ("global", "gemma3", "alternate", "local")
#: Every global layer (the 2017 stack), Gemma 3 (five local layers of 1,024 tokens to one global), Gemma 2
#: (local and global alternating, 4,096), every layer local (Mistral 7B v0.1's 4,096).
PATTERN_WINDOW = {"global": 0, "gemma3": 1024, "alternate": 4096, "local": 4096}
PATTERN_LOCAL = {"global": 0, "gemma3": 5, "alternate": 1, "local": 1}  # local layers per group
PATTERN_GLOBAL = {"global": 1, "gemma3": 1, "alternate": 1, "local": 0}
LAYERS, KV_BYTES = 24, 2 * 8 * 128 * 2  # a 24-layer model, 8 key/value heads of 128, 16-bit
ROTATED = (25, 50, 75, 100)  # shares of a head's dimensions RoPE may turn (%); the default turns all
D_HEAD = 128


def is_local(pattern: str, layer: int) -> bool:
    """Whether 0-based ``layer`` of ``pattern`` is a local one (groups of local layers, then global)."""
    local, glob = PATTERN_LOCAL[pattern], PATTERN_GLOBAL[pattern]
    return glob == 0 or (local > 0 and layer % (local + glob) < local)


def cache_bytes(pattern: str, tokens: np.ndarray) -> np.ndarray:
    """The whole model's KV cache at ``tokens`` of context: a local layer keeps its window."""
    window = PATTERN_WINDOW[pattern]
    per = [np.minimum(tokens, window) if is_local(pattern, i) else tokens for i in range(LAYERS)]
    return np.sum(per, axis=0).astype(np.float64) * KV_BYTES


def reach(pattern: str, context: int) -> np.ndarray:
    """How far back (tokens) the last token's vector can draw on after each layer: a local layer adds its
    window less one, a global layer all of the context."""
    seen, out = 1, []
    for i in range(LAYERS):
        seen = min(context, seen + PATTERN_WINDOW[pattern] - 1) if is_local(pattern, i) else context
        out.append(seen)
    return np.array(out, dtype=np.float64)


#: Where the partial-RoPE chart has a point: 1 .. 32k tokens, evenly on a log axis. Each point stands for
#: every whole distance since the one before (past ~100 tokens the points are further apart than the
#: fastest pair's turn, 2π tokens: one sample each would draw aliasing, not the curve).
DISTANCES = np.unique(np.round(np.logspace(0, 15, 240, base=2.0))).astype(np.int64)


def partial_match(share: int, distances: np.ndarray) -> np.ndarray:
    """How well a query matches the same vector as a key ``distances`` tokens away, with RoPE turning
    ``share``% of a D_HEAD-dimensional head (the first dimensions, as GPT-NeoX's rotary_pct): the mean over
    the head's pairs of cos(distance x the pair's frequency), a pair RoPE leaves alone counting 1 (equal
    energy in every pair, so the score is 1 at distance 0)."""
    total, pairs = D_HEAD // 2, D_HEAD * share // 100 // 2
    turned = np.zeros(len(distances))
    if pairs:
        freqs = frequencies(2 * pairs, 10000.0)  # RoPE's pairs over the turned width
        turned = np.cos(np.outer(np.asarray(distances, dtype=np.float64), freqs)).sum(axis=1)
    return (turned + (total - pairs)) / total


@budget.cached(max_entries=len(ROTATED))
def partial_curves(share: int) -> tuple[np.ndarray, np.ndarray]:
    """The mean and the lowest :func:`partial_match` over each stretch of whole distances that ends at a
    point of DISTANCES (the first stretch is distance 1 alone)."""
    scores = partial_match(share, np.arange(1, int(DISTANCES[-1]) + 1))  # index i: distance i + 1
    starts = np.concatenate([[0], DISTANCES[:-1]])
    return np.add.reduceat(scores, starts) / (DISTANCES - starts), np.minimum.reduceat(scores, starts)


def layers_section(lang: str, row: layout.Row) -> None:
    with row.side:
        share = widgets.option_slider(
            t("mix.rotated", lang), ROTATED, ROTATED[-1], "zoo_rotated", t("mix.rotated.help", lang)
        )
    tokens = np.power(2.0, np.arange(10, 18))  # 1k .. 128k
    names = {p: t(f"mix.pattern.{p}", lang) for p in PATTERNS}
    with row.main:
        fig = figures.lines(
            tokens,
            {names[p]: cache_bytes(p, tokens) / 2**20 for p in PATTERNS},
            title=t("mix.cache.chart", lang, layers=LAYERS),
            x_title=t("mix.tokens", lang),
            y_title=t("mix.mib", lang),
            hovertemplate=t("mix.cache.hover", lang),
            mode="lines+markers",
            x_log=True,
            x_decades=True,
            y_log=True,
            height=400,
        )
        chart(fig, key="zoo_layers", lang=lang)
        context = 32768
        fig = figures.lines(
            np.arange(1, LAYERS + 1),
            # every layer global reaches the whole context from the first layer: a level, not a flat curve
            # that would hide the others where they reach it too
            {names[p]: reach(p, context) for p in PATTERNS if p != "global"},
            levels={t("mix.reach.all", lang): float(context)},
            title=t("mix.reach.chart", lang, context=context),
            x_title=t("mix.layer", lang),
            y_title=t("mix.reach", lang),
            hovertemplate=t("mix.reach.hover", lang),
            mode="lines+markers",
            y_log=True,
            height=360,
        )
        chart(fig, key="zoo_reach", lang=lang)
        mean, low = partial_curves(share)
        partial = {t("mix.partial.share", lang, share=share): mean}
        if share != ROTATED[-1]:  # the whole head turned, for comparison (the same curve at 100%)
            partial[t("mix.partial.all", lang)] = partial_curves(ROTATED[-1])[0]
        partial[t("mix.partial.low", lang, share=share)] = low
        fig = figures.lines(
            DISTANCES,
            partial,
            title=t("mix.partial.chart", lang, d=D_HEAD),
            x_title=t("mix.distance", lang),
            y_title=t("mix.match", lang),
            hovertemplate=t("mix.partial.hover", lang),
            x_log=True,
            x_decades=True,
            height=360,
        )
        chart(fig, key="zoo_partial", lang=lang, file_name=f"partial_rope_{share}.csv")
    pairs = D_HEAD * share // 100 // 2
    longest = float(wavelengths(2 * pairs, 10000.0)[-1]) if pairs else 0.0
    with row.side:
        st.write(t("mix.rotated.says", lang, share=share, pairs=pairs, d=D_HEAD, longest=f"{longest:,.0f}"))
        st.markdown(t("mix.layers.notice", lang))
