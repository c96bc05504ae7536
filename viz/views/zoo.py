"""The Attention variants page's views: every variant of the live model trained side by side on one recall
task (viz.model.zoo), a fixed-size state read back against a cache (viz.model.linear), and multi-head
latent attention's cache and absorbed scores (viz.model.variants). The zoo's runs are trained once per
seed for the whole server by its worker thread (viz.cache.jobs), with a progress bar any visitor of
the seed sees, and kept in the shared memory budget."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import streamlit as st

from viz import figures
from viz.cache import budget, jobs
from viz.cache.child import Child
from viz.figures.export import columns_csv
from viz.i18n import t
from viz.model import kv_cache
from viz.state.link import ZOO_SHOWS
from viz.state.params import SEED_MAX
from viz.ui import layout, widgets
from viz.ui.chart import chart
from viz.ui.chart import table as chart_table

if TYPE_CHECKING:
    from viz.model.zoo import ZooConfig, ZooRun

# Copies of viz.model.multihead.VARIANTS and the zoo's sizes (that module imports PyTorch, ~2 s; the
# page's other tabs need none of it). tests/app/test_app_zoo.py checks them against the source.
VARIANTS = (
    "standard",
    "mla",
    "differential",
    "gated",
    "sink",
    "qk_norm",
    "softcap",
    "sparse",
    "linear",
    "gated_delta",
    "local_global",
)
CACHE_TOKENS = 8192  # viz.model.zoo.CACHE_TOKENS
PAIRS, KEYS, WINDOW = 6, 16, 4  # viz.model.zoo.PAIRS, KEYS; viz.model.multihead.WINDOW
ZOO_SIZES = (64, 4, 2)  # viz.model.zoo.ZooConfig's d_model, heads, layers
#: About how long one variant trains, on average (CPU seconds; seed 0 took 92-110 s for the eleven, two
#: of them stopped by the 15 s limit, bench/results/zoo.md).
SECONDS_EACH = 10
#: Variants trained at once, each in a child process of its own: one per core of the machine here (the
#: children run at the lowest priority, so the class's reruns still come first).
LANES = 2
#: Seconds a child may stay silent before it is given up as hung: a run reports every 25 steps (about a CPU
#: second), but in the idle scheduling class a server busy on both cores can hold it back for long.
CALL_TIMEOUT_S = 600.0
#: Seconds between two looks at a running job's progress (each a tiny rerun of the bar, per viewer).
PROGRESS_EVERY_S = 2.0
#: The state's width (lowest, highest, default) and how many pairs the recall chart writes, per width.
WIDTHS = (4, 32, 16)
PAIRS_PER_WIDTH = 3
TRIALS = 8


def name(variant: str, lang: str) -> str:
    return t(f"zoo.v.{variant}", lang)


# ---- 1. the zoo -----------------------------------------------------------------------------------------
def _config(variant: str, seed: int) -> ZooConfig:
    from viz.model.zoo import ZooConfig

    return ZooConfig(variant=variant, seed=seed)  # type: ignore[arg-type]


def kept(seed: int) -> dict[str, ZooRun]:
    """The runs of ``seed`` someone has trained, by variant."""
    found = {v: budget.STORE.get(("zoo", _config(v, seed))) for v in VARIANTS}
    return {v: run for v, run in found.items() if run is not None}


def job_key(seed: int) -> tuple[str, int]:
    """The worker's job that trains ``seed``'s missing variants (viz.cache.jobs)."""
    return ("zoo", seed)


def train_variant(runner: Child, config: ZooConfig, progress: Callable[[float], None]) -> ZooRun:
    """One variant's run, trained in the job's child process (viz.cache.child): the server's sessions
    keep the GIL and, at the child's lower priority, the cores."""
    from viz.model import zoo

    return runner.call(zoo.train, config, progress, timeout=CALL_TIMEOUT_S)


def start_training(seed: int) -> bool:
    """Hand every variant not yet kept for ``seed`` to the server's worker (one job per seed, whoever
    presses), which trains them LANES at a time, each lane in a child process of its own, and keeps each
    run in the shared memory budget as it finishes. False when the worker's queue is full."""
    runners: dict[int, Child] = {}  # each lane's child process (by its thread), made for its first variant
    lock = threading.Lock()

    def train_one(variant: str, progress: Callable[[float], None]) -> None:
        with lock:
            runner = runners.get(threading.get_ident())
            if runner is None:
                runner = runners[threading.get_ident()] = Child()
        config = _config(variant, seed)
        budget.STORE.get_or_build(
            ("zoo", config),
            lambda: train_variant(runner, config, progress),
            namespace="viz.views.zoo",
            max_entries=4 * len(VARIANTS),
            freeze=True,
        )

    def finish() -> None:
        with lock:
            for runner in runners.values():
                runner.close()
            runners.clear()

    missing = [v for v in VARIANTS if ("zoo", _config(v, seed)) not in budget.STORE]
    return jobs.submit(job_key(seed), missing, train_one, finish, lanes=LANES) is not None


@st.fragment(run_every=PROGRESS_EVERY_S)
def _progress(seed: int, done: int, lang: str) -> None:
    """The job's progress bar, polled; the whole page runs again when a variant is done (its curve joins
    the charts) and when the job ends."""
    job = jobs.get(job_key(seed))
    if job is None or job.finished or job.done != done:
        st.rerun(scope="app")
    working = job.working  # read once: the worker moves it
    if not job.started:
        st.progress(0.0, text=t("zoo.queued", lang))
    elif working:
        names = t("zoo.and", lang).join(name(v, lang) for v in working)
        st.progress(job.progress, text=t("zoo.training", lang, names=names, done=job.done, n=len(job.items)))
    else:  # the last variant is done, the job about to end
        st.progress(job.progress)


def zoo_controls(lang: str) -> tuple[int, str, bool]:
    """The seed, what the curves show, and whether the train button was pressed (it shows while a variant
    is missing)."""
    show = widgets.choice(
        t("zoo.show", lang),
        ZOO_SHOWS,
        key="zoo_show",
        lang=lang,
        format_func=lambda k: t(f"zoo.show.{k}", lang),
        radio=True,
    )
    seed = int(st.number_input(t("zoo.seed", lang), 0, SEED_MAX, value=0, step=1, key="zoo_seed"))
    missing = 0 if jobs.active(job_key(seed)) else len(VARIANTS) - len(kept(seed))
    label = t("zoo.train", lang) if missing == len(VARIANTS) else t("zoo.train.rest", lang, n=missing)
    pressed = bool(
        missing
        and st.button(
            label,
            key="zoo_train",
            type="primary",
            help=t("zoo.train.help", lang, lanes=LANES),
            width="stretch",
        )
    )
    st.caption(t("zoo.task", lang, pairs=PAIRS, keys=KEYS))
    return seed, show, pressed


def zoo_section(lang: str, row: layout.Row) -> None:
    with row.side:
        seed, show, pressed = zoo_controls(lang)
    with row.main:
        if pressed:
            if start_training(seed):
                st.rerun()  # drawn again with the job's progress, without the button
            st.warning(t("zoo.busy", lang, n=jobs.MAX_WAITING))
        job, runs = jobs.get(job_key(seed)), kept(seed)
        if job is not None and not job.finished:
            _progress(seed, job.done, lang)
        elif job is not None and job.error and len(runs) < len(VARIANTS):
            st.error(t("zoo.failed", lang, error=job.error))
        if not runs:  # what needs no training first: every variant's cache, by formula
            _cache_bars(runs, seed, lang)
            if job is None or job.finished:
                seconds = SECONDS_EACH * len(VARIANTS) // LANES  # LANES variants at a time
                st.info(t("zoo.untrained", lang, n=len(VARIANTS), seconds=seconds))
            with row.side:  # the bars are the only chart until someone trains
                st.markdown(t("zoo.cache.notice", lang))
            return
        _curves(runs, seed, show, lang)
        _cache_bars(runs, seed, lang)
        _first_token(runs, seed, lang)
        chart_table.grid(zoo_table(runs, lang))
    with row.side:
        missed = [r for r in runs.values() if r.final_accuracy < r.config.target]
        if missed:
            config = missed[0].config
            names = ", ".join(name(r.config.variant, lang) for r in missed)
            st.caption(
                t("zoo.missed", lang, steps=config.steps, seconds=f"{config.time_limit:.0f}", names=names)
            )
        st.markdown(t("zoo.notice", lang))


def _curves(runs: dict[str, ZooRun], seed: int, show: str, lang: str) -> None:
    longest = max(runs.values(), key=lambda r: len(r.steps)).steps
    # runs stop at the target: a finished curve holds its last value to the longest run's end
    ys = {name(v, lang): np.interp(longest, r.steps, getattr(r, show)) for v, r in runs.items()}
    fig = figures.lines(
        longest,
        ys,
        title=t(f"zoo.curves.{show}", lang, seed=seed),
        x_title=t("zoo.step", lang),
        y_title=t(f"zoo.{show}", lang),
        hovertemplate=t(f"zoo.{show}.hover", lang),
        mode="lines",
        height=420,
        legend_right=True,
    )
    chart(fig, key="zoo_curves", lang=lang, file_name=f"zoo_{show}_seed{seed}.csv")


def cache_bytes(variant: str) -> float:
    """Bytes the zoo's model of ``variant`` keeps per token at CACHE_TOKENS (16-bit)."""
    return kv_cache.variant_numbers(variant, *ZOO_SIZES, CACHE_TOKENS) * 2


def _cache_bars(runs: dict[str, ZooRun], seed: int, lang: str) -> None:
    """Every variant's cache per token (a formula: drawn before anyone trains), the table as its CSV."""
    fig = figures.grouped_bars(
        [name(v, lang) for v in VARIANTS],
        {t("zoo.bytes", lang): np.array([cache_bytes(v) for v in VARIANTS])},
        title=t("zoo.cache.chart", lang, tokens=CACHE_TOKENS),
        x_title=t("zoo.variant", lang),
        y_title=t("zoo.bytes", lang),
        hovertemplate=t("zoo.bytes.hover", lang),
        bar_text="%{y:.3g}",
        y_log=True,
        upright=True,
    )
    table = (lambda: zoo_csv(runs, lang)) if runs else None
    chart(fig, key="zoo_cache", lang=lang, csv=table, file_name=f"zoo_seed{seed}.csv")


def _first_token(runs: dict[str, ZooRun], seed: int, lang: str) -> None:
    fig = figures.grouped_bars(
        [name(v, lang) for v in runs],
        {t("zoo.first", lang): np.array([r.first_token for r in runs.values()])},
        title=t("zoo.first.chart", lang, seed=seed),
        x_title=t("zoo.variant", lang),
        y_title=t("zoo.first", lang),
        hovertemplate=t("zoo.first.hover", lang),
        bar_text="%{y:.3f}",
        upright=True,
    )
    chart(fig, key="zoo_first", lang=lang, file_name=f"zoo_first_token_seed{seed}.csv")


def table_columns(runs: dict[str, ZooRun], lang: str) -> dict[str, list[object]]:
    """The zoo's table: one row per trained variant."""

    def reached(r: ZooRun) -> object:
        hit = np.nonzero(r.accuracy >= r.config.target)[0]
        return int(r.steps[hit[0]]) if len(hit) else t("zoo.never", lang)

    return {
        t("zoo.col.variant", lang): [name(v, lang) for v in runs],
        t("zoo.col.accuracy", lang): [round(r.final_accuracy, 3) for r in runs.values()],
        t("zoo.col.reached", lang): [reached(r) for r in runs.values()],
        t("zoo.col.seconds", lang): [round(r.cpu_seconds, 1) for r in runs.values()],
        t("zoo.col.params", lang): [r.params for r in runs.values()],
        t("zoo.col.bytes", lang, tokens=CACHE_TOKENS): [round(r.cache_bytes, 2) for r in runs.values()],
        t("zoo.col.first", lang): [round(r.first_token, 3) for r in runs.values()],
        t("zoo.col.about", lang): [t(f"zoo.v.about.{v}", lang, window=WINDOW) for v in runs],
    }


def zoo_table(runs: dict[str, ZooRun], lang: str) -> pd.DataFrame:
    """The table as shown: the step column as text (a step or "not reached"; Arrow, which Streamlit sends
    tables through, refuses a column of numbers and text)."""
    frame = pd.DataFrame(table_columns(runs, lang))
    reached = t("zoo.col.reached", lang)
    frame[reached] = frame[reached].astype(str)
    return frame


def zoo_csv(runs: dict[str, ZooRun], lang: str) -> str:
    cols = table_columns(runs, lang)
    return columns_csv({k: [str(x) if isinstance(x, str) else x for x in v] for k, v in cols.items()})


# ---- 2. a state against a cache -------------------------------------------------------------------------
@budget.cached(max_entries=len(range(WIDTHS[0], WIDTHS[1] + 1)))
def recall_curves(width: int) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Pairs written (1 .. PAIRS_PER_WIDTH x width) and each rule's share read back right."""
    from viz.model import linear

    pairs = np.unique(np.linspace(1, PAIRS_PER_WIDTH * width, 24).round().astype(int))
    shares = [linear.recall_accuracies(int(n), width, trials=TRIALS) for n in pairs]  # the same pairs for all
    return pairs, {rule: np.array([share[rule] for share in shares]) for rule in linear.RULES}


def state_section(lang: str, row: layout.Row) -> None:
    with row.side:
        lo, hi, default = WIDTHS
        width = widgets.bounded_slider(
            t("zoo.width", lang), lo, hi, default, key="zoo_width", help=t("zoo.width.help", lang)
        )
    with row.main:
        pairs, curves = recall_curves(width)
        fig = figures.lines(
            pairs,
            {t(f"zoo.rule.{rule}", lang): y for rule, y in curves.items()},
            title=t("zoo.recall.chart", lang, width=width),
            x_title=t("zoo.pairs", lang),
            y_title=t("zoo.recalled", lang),
            hovertemplate=t("zoo.recall.hover", lang),
            mode="lines+markers",
            mark_x=float(width),
            mark_label=t("zoo.width.mark", lang, width=width),
            height=400,
        )
        chart(fig, key="zoo_recall", lang=lang, file_name=f"zoo_recall_width{width}.csv")
        _memory(lang)
    row.side.markdown(t("zoo.state.notice", lang))


def _memory(lang: str) -> None:
    tokens = np.power(2.0, np.arange(8, 18))  # 256 .. 131,072
    d_k, heads, layers = 16, 4, 2  # the zoo's toy model
    cache = 2 * heads * d_k * layers * 2 * tokens  # a key and a value per head and layer, 16-bit
    state = np.full_like(tokens, heads * d_k * d_k * layers * 2)
    fig = figures.lines(
        tokens,
        {name("standard", lang): cache, name("gated_delta", lang): state},
        title=t("zoo.memory.chart", lang),
        x_title=t("zoo.tokens", lang),
        y_title=t("zoo.kept", lang),
        hovertemplate=t("zoo.memory.hover", lang),
        mode="lines+markers",
        x_log=True,
        x_decades=True,
        y_log=True,
        height=360,
    )
    chart(fig, key="zoo_memory", lang=lang)


# ---- 3. multi-head latent attention ---------------------------------------------------------------------
#: DeepSeek-V3's config.json: 128 heads of 128 dimensions; kv_lora_rank 512, qk_rope_head_dim 64.
V3_HEADS, V3_D_HEAD, V3_LATENT, V3_ROPE = 128, 128, 512, 64
MLA_MODELS = ("gpt2", "llama2_7b", "llama3_8b", "smollm2")


def mla_numbers() -> dict[str, int]:
    """Numbers cached per token and layer: published models' keys and values, and DeepSeek-V3 both ways."""
    out = {k: 2 * kv_cache.MODELS[k].kv_heads * kv_cache.MODELS[k].d_head for k in MLA_MODELS}
    out["v3_mha"] = 2 * V3_HEADS * V3_D_HEAD
    out["v3_mla"] = V3_LATENT + V3_ROPE
    return out


@budget.cached(max_entries=1)
def absorbed_maps() -> tuple[np.ndarray, np.ndarray, float, int, int]:
    """One head's weights of a small random MLA, keys built and absorbed; their largest difference; and
    the numbers cached per token there, latent against a key and a value per head."""
    import torch

    from viz.model import multihead, variants

    torch.manual_seed(0)
    layer = multihead.MultiHeadAttention(64, 4, variant="mla").double().eval()
    x = torch.randn(1, 10, 64, generator=torch.Generator().manual_seed(1), dtype=torch.float64)
    mask = torch.ones(10, 10, dtype=torch.bool).tril()
    w = layer.latent_weights()
    with torch.no_grad():
        built = variants.latent_attention(x, w, 4, 10000.0, mask).weights[0, 0].numpy()
        absorbed = variants.latent_attention(x, w, 4, 10000.0, mask, absorbed=True).weights[0, 0].numpy()
    d_c, d_r = multihead.latent_width(16)
    return built, absorbed, float(np.abs(built - absorbed).max()), d_c + d_r, 2 * 4 * 16


def mla_section(lang: str, row: layout.Row) -> None:
    numbers = mla_numbers()
    with row.main:
        fig = figures.grouped_bars(
            [t(f"zoo.mla.model.{k}", lang) for k in numbers],
            {t("zoo.mla.numbers", lang): np.array(list(numbers.values()), dtype=float)},
            title=t("zoo.mla.chart", lang),
            y_title=t("zoo.mla.numbers", lang),
            hovertemplate=t("zoo.mla.hover", lang),
            bar_text="%{y:,}",
            y_log=True,
            height=420,
        )
        chart(fig, key="zoo_mla", lang=lang)
        built, absorbed, diff, mla, mha = absorbed_maps()
        labels = [str(i) for i in range(built.shape[0])]
        fig = figures.heatmap_panels(
            {t("zoo.mla.built", lang): built, t("zoo.mla.absorbed", lang): absorbed},
            y_labels=labels,
            x=np.arange(built.shape[1]),
            title=t("zoo.mla.scores.chart", lang),
            x_title=t("zoo.mla.key", lang),
            y_title=t("zoo.mla.query", lang),
            colorbar_title=t("zoo.mla.weight", lang),
            height=380,
        )
        chart(fig, key="zoo_mla_maps", lang=lang)
    with row.side:
        st.write(t("zoo.mla.same", lang, diff=f"{diff:.1e}", mla=mla, mha=mha))
        st.markdown(t("zoo.mla.notice", lang))
