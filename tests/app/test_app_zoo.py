"""The Attention variants page under AppTest: every tab opens from a link in English and Korean; the zoo's
button trains every variant once for the server and its charts and table are those runs; the state tab's
curves are viz.model.linear's; the latent tab's two maps are equal."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable

import numpy as np
import pytest

from bench.harness.apptest import charts, decode, figure, open_link
from viz.cache import jobs
from viz.cache.child import Child
from viz.i18n import t
from viz.model import linear, multihead, zoo
from viz.views import mixers
from viz.views import zoo as views

pytestmark = pytest.mark.usefixtures("fresh_caches")

SHORT = 5  # training steps per variant here: the runs' numbers, not their quality, are under test


@pytest.fixture
def short_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    real = views._config
    monkeypatch.setattr(views, "_config", lambda v, seed: dataclasses.replace(real(v, seed), steps=SHORT))


def test_the_views_copies_of_the_model_constants_are_right() -> None:
    assert views.VARIANTS == multihead.VARIANTS
    assert (views.CACHE_TOKENS, views.PAIRS, views.KEYS, views.WINDOW) == (
        zoo.CACHE_TOKENS,
        zoo.PAIRS,
        zoo.KEYS,
        multihead.WINDOW,
    )
    from viz.state import link

    assert link.ZOO_WIDTHS == views.WIDTHS
    config = zoo.ZooConfig()
    assert (config.d_model, config.heads, config.layers) == views.ZOO_SIZES
    for v in multihead.VARIANTS:
        assert (
            views.cache_bytes(v)
            == zoo.cache_numbers(dataclasses.replace(config, variant=v)) * zoo.CACHE_BYTES
        )


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.usefixtures("short_runs")
def test_the_zoo_trains_every_variant_once_and_draws_those_runs(lang: str) -> None:
    at = open_link("zoo", seed="3", lang=lang)
    n = len(multihead.VARIANTS)
    assert [i.value for i in at.info] == [
        t("zoo.untrained", lang, n=n, seconds=views.SECONDS_EACH * n // views.LANES)
    ]
    assert [c.proto.id.split("-")[-1] for c in charts(at)] == ["zoo_cache"]  # the formula's chart, first
    # its own "what to notice" beside it (the trained page's notice is about the curves too)
    said = "\n".join(m.value for m in at.markdown)
    assert t("zoo.cache.notice", lang) in said and t("zoo.notice", lang) not in said
    at.button(key="zoo_train").click().run()
    assert not at.exception
    assert not [b for b in at.button if b.key == "zoo_train"]  # training or trained: no button
    assert jobs.wait(views.job_key(3), timeout=300)  # the server's worker trains; the page does not wait
    at.run()
    runs = {
        v: zoo.train(dataclasses.replace(zoo.ZooConfig(variant=v, seed=3), steps=SHORT))
        for v in multihead.VARIANTS
    }
    curves = figure(at, "zoo_curves")["data"]
    assert [c["name"] for c in curves] == [t(f"zoo.v.{v}", lang) for v in multihead.VARIANTS]
    for c, run in zip(curves, runs.values(), strict=True):
        np.testing.assert_allclose(decode(c["y"]), run.accuracy, atol=1e-6)
    bars = figure(at, "zoo_cache")["data"][0]
    np.testing.assert_allclose(decode(bars["y"]), [r.cache_bytes for r in runs.values()], rtol=1e-6)
    first = figure(at, "zoo_first")["data"][0]
    np.testing.assert_allclose(decode(first["y"]), [r.first_token for r in runs.values()], atol=1e-6)
    table = at.dataframe[0].value
    assert len(table) == n
    assert list(table[t("zoo.col.params", lang)]) == [r.params for r in runs.values()]
    said = "\n".join(m.value for m in at.markdown)
    assert t("zoo.notice", lang) in said and t("zoo.cache.notice", lang) not in said
    # five steps reach 99% nowhere: every variant is named as missing it
    names = ", ".join(t(f"zoo.v.{v}", lang) for v in multihead.VARIANTS)
    missed = t("zoo.missed", lang, steps=SHORT, seconds=f"{zoo.ZooConfig().time_limit:.0f}", names=names)
    assert missed in [c.value for c in at.caption]
    # the radio turns the curves into the held-out loss, and the address says so
    at.radio(key=f"zoo_show__{lang}").set_value("loss").run()
    curves = figure(at, "zoo_curves")["data"]
    for c, run in zip(curves, runs.values(), strict=True):
        np.testing.assert_allclose(decode(c["y"]), run.loss, rtol=1e-5)
    assert at.query_params.get("show") == "loss"
    # a second visitor gets the same runs without training
    again = open_link("zoo", seed="3", lang=lang)
    assert not again.info and len(charts(again)) == 3


@pytest.mark.usefixtures("short_runs")
def test_training_runs_on_the_server_and_every_visitor_of_the_seed_sees_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The press hands the work to the server's worker: the page returns at once with a progress bar, a
    second visitor sees the same job (no button, no second training) and both get the runs."""
    release, real_train, trained = threading.Event(), views.train_variant, list[str]()

    def held_train(runner: Child, config: zoo.ZooConfig, progress: Callable[[float], None]) -> zoo.ZooRun:
        assert release.wait(120)
        trained.append(config.variant)
        return real_train(runner, config, progress)  # in the job's child process, as the page does

    monkeypatch.setattr(views, "train_variant", held_train)
    try:
        _watch_a_held_job(release, trained)
    finally:  # whatever failed, the server's one worker is not left waiting for this test
        release.set()
        jobs.wait(views.job_key(5), timeout=300)


def _watch_a_held_job(release: threading.Event, trained: list[str]) -> None:
    at = open_link("zoo", seed="5")
    at.button(key="zoo_train").click().run()
    assert not at.exception
    bars = at.get("progress")
    assert len(bars) == 1 and bars[0].proto.value == 0  # the first variant has not finished
    job = jobs.get(views.job_key(5))
    first_two = tuple(multihead.VARIANTS[: views.LANES])
    for _ in range(600):  # the job's lanes each take a variant, in order
        if job is not None and job.working == first_two:
            break
        time.sleep(0.05)
    other = open_link("zoo", seed="5", lang="ko")
    assert not [b for b in other.button if b.key == "zoo_train"] and len(other.get("progress")) == 1
    names = t("zoo.and", "ko").join(t(f"zoo.v.{v}", "ko") for v in first_two)
    text = t("zoo.training", "ko", names=names, done=0, n=len(multihead.VARIANTS))
    assert other.get("progress")[0].proto.text == text  # both variants being trained are named
    assert not other.info  # no "press the button": it is pressed
    release.set()
    assert jobs.wait(views.job_key(5), timeout=300)
    # each variant trained once, for both visitors (two at a time: in any order)
    assert sorted(trained) == sorted(multihead.VARIANTS)
    for page in (at, other):
        page.run()
        assert not page.get("progress") and len(charts(page)) == 3


@pytest.mark.usefixtures("short_runs")
def test_the_button_trains_only_the_variants_missing() -> None:
    from viz.cache import budget

    ready = views._config("standard", 4)
    budget.STORE.get_or_build(("zoo", ready), lambda: zoo.train(ready), namespace="viz.views.zoo")
    at = open_link("zoo", seed="4")
    assert at.button(key="zoo_train").label == t("zoo.train.rest", "en", n=len(multihead.VARIANTS) - 1)
    assert len(charts(at)) == 3  # the kept run is drawn already


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_state_tab_reads_pairs_back_as_the_model_module_does(lang: str) -> None:
    at = open_link("zoo", tab="state", width="8", lang=lang)
    data = figure(at, "zoo_recall")["data"]
    pairs = decode(data[0]["x"])
    assert pairs[0] == 1 and pairs[-1] == views.PAIRS_PER_WIDTH * 8
    for trace, rule in zip(data[:3], ("linear", "delta", "softmax"), strict=True):
        assert trace["name"] == t(f"zoo.rule.{rule}", lang)
        want = [linear.recall_accuracy(int(n), 8, rule, trials=views.TRIALS) for n in pairs]
        np.testing.assert_allclose(decode(trace["y"]), want, atol=1e-6)
    assert figure(at, "zoo_memory")["data"]
    assert t("zoo.state.notice", lang) in "\n".join(m.value for m in at.markdown)


def test_a_width_out_of_range_is_refused_and_the_tab_still_draws() -> None:
    at = open_link("zoo", tab="state", width="9999")
    assert at.session_state["zoo_width"] == views.WIDTHS[2]
    assert figure(at, "zoo_recall")["data"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_latent_tab_shows_equal_maps_and_published_caches(lang: str) -> None:
    at = open_link("zoo", tab="mla", lang=lang)
    bars = figure(at, "zoo_mla")["data"][0]
    numbers = dict(zip(bars["x"], decode(bars["y"]), strict=True))
    assert numbers[t("zoo.mla.model.v3_mla", lang)] == 576
    assert numbers[t("zoo.mla.model.v3_mha", lang)] == 32768
    assert numbers[t("zoo.mla.model.llama3_8b", lang)] == 2 * 8 * 128
    maps = figure(at, "zoo_mla_maps")["data"]
    built, absorbed = decode(maps[0]["z"]), decode(maps[1]["z"])
    np.testing.assert_allclose(built, absorbed, atol=1e-6)
    assert float(np.nanmax(built)) > 0.1
    said = "\n".join(m.value for m in at.markdown)
    assert t("zoo.mla.notice", lang) in said


# ---- the variants' own tabs (viz/views/mixers.py) --------------------------------------------------------
def np_softmax(x: tuple[float, ...]) -> np.ndarray:
    e = np.exp(np.asarray(x))
    return e / e.sum()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_differential_tab_takes_lambda_times_the_second_map_away(lang: str) -> None:
    at = open_link("zoo", tab="diff", lam="0.7", lang=lang)
    bars = figure(at, "zoo_diff")["data"]
    first, second = np_softmax(mixers.FIRST), np_softmax(mixers.SECOND)
    np.testing.assert_allclose(decode(bars[0]["y"]), first, atol=1e-6)
    np.testing.assert_allclose(decode(bars[1]["y"]), 0.7 * second, atol=1e-6)
    np.testing.assert_allclose(decode(bars[2]["y"]), first - 0.7 * second, atol=1e-6)
    best = first[mixers.DISTRACTOR] / second[mixers.DISTRACTOR]
    assert mixers.cancelling_lambda() == pytest.approx(best)
    _, _, diff = mixers.differential_row(round(best, 2))
    assert abs(diff[mixers.DISTRACTOR]) < 0.01 < diff[mixers.ANSWER]  # cancelled; the answer stays
    assert t("mix.diff.notice", lang) in "\n".join(m.value for m in at.markdown)


def test_the_sparse_tab_draws_the_reads_of_viz_model_variants() -> None:
    import torch

    from viz.model import variants

    at = open_link("zoo", tab="sparse", block="3", top="1", window="5")
    g = torch.Generator().manual_seed(0)
    q, k, v = (torch.randn(1, 1, mixers.SPARSE_T, 16, generator=g, dtype=torch.float64) for _ in range(3))
    run = variants.sparse_attention(
        q, k, v, torch.zeros(1, 1, mixers.SPARSE_T, 3, dtype=torch.float64), 3, 1, 5
    )
    whole = decode(figure(at, "zoo_sparse")["data"][0]["z"]).reshape(mixers.SPARSE_T, mixers.SPARSE_T)
    np.testing.assert_array_equal(whole, (run.selected | run.window)[0, 0].numpy())
    counts = figure(at, "zoo_sparse_count")["data"]
    np.testing.assert_array_equal(decode(counts[0]["y"]), variants.keys_read(run)[0, 0].numpy())
    np.testing.assert_array_equal(decode(counts[1]["y"]), np.arange(1, mixers.SPARSE_T + 1))
    # the last query: 10 compressed blocks, and whole: the window (tokens 27-31, its own partial block 30-31
    # in it) and one selected block of 3, inside the window or not
    assert 10 + 5 <= decode(counts[0]["y"])[-1] <= 10 + 5 + 3 < mixers.SPARSE_T


def test_the_layers_tab_counts_the_cache_and_the_reach_by_hand() -> None:
    at = open_link("zoo", tab="layers", rotated="25")
    lines = {c["name"]: decode(c["y"]) for c in figure(at, "zoo_layers")["data"]}
    tokens = 2.0 ** np.arange(10, 18)
    name = t("mix.pattern.gemma3", "en")
    # 24 layers, 5 local (1,024 tokens) to 1 global: 20 local, 4 global; 4 KiB per token per layer
    want = (4 * tokens + 20 * np.minimum(tokens, 1024)) * 4096 / 2**20
    np.testing.assert_allclose(lines[name], want, rtol=1e-6)
    everything = lines[t("mix.pattern.global", "en")]
    assert everything[-1] / lines[name][-1] == pytest.approx(24 / (4 + 20 * 1024 / 2**17), rel=1e-6)
    reach = {c["name"]: decode(c["y"]) for c in figure(at, "zoo_reach")["data"]}
    local = reach[t("mix.pattern.local", "en")]
    np.testing.assert_allclose(local, np.minimum(32768, 1 + np.arange(1, 25) * 4095))
    assert t("mix.pattern.global", "en") not in reach  # the whole context from layer 1: a level line
    level = [c for c in figure(at, "zoo_reach")["data"] if c["name"] == t("mix.reach.all", "en")]
    assert level and set(decode(level[0]["y"])) == {32768.0}
    said = "\n".join(m.value for m in at.markdown)
    assert t("mix.rotated.says", "en", share=25, pairs=16, d=128, longest="35,333") in said


def _rope_score(share: int, distance: float) -> float:
    """q . RoPE(distance) q / |q|^2 for a 128-dimensional q with equal energy in every pair, RoPE turning the
    first ``share``% of the dimensions (pairs (0,1), (2,3), ... at base 10000 over the turned width), by
    rotating each pair with its own 2 x 2 matrix."""
    d, turned = 128, 128 * share // 100
    phases = np.random.default_rng(0).uniform(0, 2 * np.pi, d // 2)
    q = np.stack([np.cos(phases), np.sin(phases)], axis=1).ravel() / np.sqrt(d // 2)
    k = q.copy()
    for i in range(turned // 2):
        angle = distance * 10000.0 ** (-2 * i / turned)
        rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        k[2 * i : 2 * i + 2] = rot @ q[2 * i : 2 * i + 2]
    return float(q @ k / (q @ q))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_partial_rope_chart_follows_the_slider_and_rotation_matrices(lang: str) -> None:
    at = open_link("zoo", tab="layers", rotated="25", lang=lang)
    curves = {c["name"]: c for c in figure(at, "zoo_partial")["data"]}
    quarter = curves[t("mix.partial.share", lang, share=25)]
    x, y = decode(quarter["x"]), decode(quarter["y"])
    low = decode(curves[t("mix.partial.low", lang, share=25)]["y"])
    assert x[0] == 1 and x[-1] == 2**15
    # each point: the mean and the lowest over the whole distances since the point before
    for i in (0, 5, 20, 60, 100):
        stretch = [_rope_score(25, float(d)) for d in range(int(x[i - 1]) + 1 if i else 1, int(x[i]) + 1)]
        assert y[i] == pytest.approx(np.mean(stretch), abs=1e-6)
        assert low[i] == pytest.approx(min(stretch), abs=1e-6)
    assert low.min() > 0.6 and y[-40:].mean() == pytest.approx(0.75, abs=0.02)  # what the notice says
    whole = decode(curves[t("mix.partial.all", lang)]["y"])
    assert abs(whole[-40:].mean()) < 0.1  # every dimension turned: about 0 far back
    at.select_slider(key="zoo_rotated").set_value(50).run()
    curves = figure(at, "zoo_partial")["data"]
    assert decode(curves[0]["y"])[3] == pytest.approx(_rope_score(50, float(x[3])), abs=1e-6)
    assert at.query_params.get("rotated") == "50"
    at.select_slider(key="zoo_rotated").set_value(100).run()
    names = [c["name"] for c in figure(at, "zoo_partial")["data"]]
    # no second curve equal to the first
    assert names == [t("mix.partial.share", lang, share=100), t("mix.partial.low", lang, share=100)]
    assert "rotated" not in at.query_params  # the default is left out of the link
