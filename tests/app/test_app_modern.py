"""The position schemes beyond the 2017 paper, in the pages (AppTest): the Similarity page's relative
biases (ALiBi, T5's buckets, KERPLE) and the Positional encoding page's RoPE scaling, in both languages,
each chart holding the numbers viz.encodings.relative and viz.encodings.rope_scaling compute, and their
links."""

from __future__ import annotations

import json

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, new_app, ok
from viz import pretrained
from viz.encodings import relative, rope_scaling
from viz.i18n import t
from viz.scores import online_softmax, windows
from viz.ui import widgets

pytestmark = pytest.mark.usefixtures("fresh_caches")


def open_tab(page: str, **query: str) -> AppTest:
    at = new_app(**query)
    at.switch_page(f"pages/{page}.py")
    return ok(at.run())


def figure(at: AppTest, key: str) -> dict:
    (found,) = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    return found


def matrix(at: AppTest, key: str) -> np.ndarray:
    return decode(figure(at, key)["data"][0]["z"])


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_alibi_shows_the_chosen_heads_bias_and_every_heads_line(lang: str) -> None:
    at = open_tab("similarity", tab="bias", blen="12", bheads="6", bhead="3", lang=lang)
    want = relative.alibi(12, 6)[2]
    got = matrix(at, "rel_alibi_matrix")
    np.testing.assert_allclose(got[np.isfinite(want)], want[np.isfinite(want)], rtol=1e-6)
    assert np.all(np.isnan(got[~np.isfinite(want)]))  # the future keys are blank, not a number
    lines = figure(at, "rel_alibi_lines")["data"]
    slopes = relative.alibi_slopes(6)
    # a live chart: a trace for each head the slider offers, those past the 6 heads hidden and empty
    shown = [trace for trace in lines if trace.get("visible", True)]
    assert len(shown) == 6 and all(not trace["x"] for trace in lines[6:])
    for h, (trace, m) in enumerate(zip(shown, slopes, strict=True)):
        np.testing.assert_allclose(decode(trace["y"]), -m * np.arange(12), rtol=1e-6)
        assert trace["name"] == t("rel.alibi.head", lang, h=h + 1, m=f"{m:.3g}")
    assert t("rel.alibi.explain", lang) in [m.value for m in at.markdown]
    # symmetric: the encoder's form
    at.toggle(key="rel_causal").set_value(False).run()
    np.testing.assert_allclose(matrix(ok(at), "rel_alibi_matrix"), relative.alibi(12, 6, causal=False)[2])


def test_fewer_heads_bring_the_shown_head_back_into_range() -> None:
    at = open_tab("similarity", tab="bias", bheads="8", bhead="8")
    at.slider(key="rel_heads").set_value(3).run()
    assert ok(at).slider(key="rel_head").value == 3
    np.testing.assert_allclose(
        np.nan_to_num(matrix(at, "rel_alibi_matrix"), nan=-1e9),
        np.nan_to_num(relative.alibi(32, 3)[2], neginf=-1e9),
        rtol=1e-6,
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("bidir", ["1", "0"])
def test_t5_shows_each_pairs_bucket_and_the_bucket_by_offset(lang: str, bidir: str) -> None:
    at = open_tab(
        "similarity", tab="bias", bias="t5", blen="40", buckets="16", maxdist="32", bidir=bidir, lang=lang
    )
    both = bidir == "1"
    want = relative.t5_buckets(40, bidirectional=both, num_buckets=16, max_distance=32).astype(float)
    if not both:  # a causal model's future keys are masked: left blank
        want[np.triu_indices(40, 1)] = np.nan
    np.testing.assert_array_equal(matrix(at, "rel_t5_matrix"), want)
    line = figure(at, "rel_t5_lines")["data"][0]
    offsets = decode(line["x"]).astype(int)
    np.testing.assert_array_equal(offsets, np.arange(-39, 40))
    np.testing.assert_array_equal(
        decode(line["y"]), relative.t5_bucket(offsets, bidirectional=both, num_buckets=16, max_distance=32)
    )
    assert t("rel.t5.explain", lang) in [m.value for m in at.markdown]


def test_kerple_bends_away_from_alibi_of_its_first_slope() -> None:
    at = open_tab("similarity", tab="bias", bias="kerple", blen="20", r1="2.0", r2="0.5")
    lines = figure(at, "rel_kerple_lines")["data"]
    d = np.arange(20)
    np.testing.assert_allclose(decode(lines[0]["y"]), -2.0 * np.log1p(0.5 * d), rtol=1e-6)
    np.testing.assert_allclose(decode(lines[1]["y"]), -1.0 * d, rtol=1e-6)  # slope r1 * r2 = 1
    assert np.all(decode(lines[0]["y"])[2:] > decode(lines[1]["y"])[2:])  # flatter far away


def test_a_bad_bias_value_in_the_link_is_refused_and_said() -> None:
    at = open_tab("similarity", tab="bias", bias="rope", r1="9", blen="1")
    notes = " ".join(str(w.value) for w in at.text)
    for name in ("bias", "r1", "blen"):
        assert f"{name} = " in notes
    assert at.radio(key=widgets.choice_key("rel_scheme", "en")).value == "alibi"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_rope_scaling_draws_every_methods_wavelengths_ramp_and_scores(lang: str) -> None:
    at = open_tab("positional_encoding", tab="rope", L="1024", s="8", dh="64", lang=lang)
    found = rope_scaling.scaling(64, 10000.0, 8.0, 1024)
    waves = figure(at, "rs_waves")["data"]
    for trace, method in zip(waves, rope_scaling.METHODS, strict=False):
        assert trace["name"] == t(f"rs.method.{method}", lang)
        np.testing.assert_allclose(decode(trace["y"]), found.wavelengths(method), rtol=1e-5)
    levels = [
        tr for tr in waves if tr["name"] in (t("rs.level.l", lang, n=1024), t("rs.level.sl", lang, n=8192))
    ]
    assert [tr["y"][0] for tr in levels] == [1024, 8192]
    np.testing.assert_allclose(decode(figure(at, "rs_ramp")["data"][0]["y"]), found.ramp, rtol=1e-6)
    scores = figure(at, "rs_scores")["data"]
    x = decode(scores[0]["x"]).astype(np.float64)
    assert x[0] == 1 and x[-1] == pytest.approx(2 * 8 * 1024, rel=1e-6)  # log-spaced to twice s * L
    yarn = rope_scaling.score_window(found.frequencies["yarn"], x, 1.1 * x, found.temperature)
    np.testing.assert_allclose(decode(scores[3]["y"]), yarn, rtol=1e-3, atol=1e-5)
    pi = rope_scaling.score_window(found.frequencies["pi"], x, 1.1 * x)
    rope = rope_scaling.score_window(found.frequencies["rope"], x / 8, 1.1 * x / 8)
    np.testing.assert_allclose(pi, rope, atol=1e-9)  # "Position Interpolation's curve is RoPE's moved by s"
    (metric,) = [m for m in at.metric if m.label == t("rs.temperature", lang)]
    assert metric.value == f"{0.1 * np.log(8) + 1:.3f}"
    assert t("rs.wave.explain", lang) in [m.value for m in at.markdown]
    bound = figure(at, "rs_bound")["data"][0]
    np.testing.assert_allclose(
        decode(bound["y"]), rope_scaling.relative_upper_bound(64, 10000.0, np.arange(257)), rtol=1e-5
    )
    decay = figure(at, "rs_xpos")["data"]
    x = decode(decay[1]["x"]).astype(np.float64)
    np.testing.assert_array_equal(x, np.arange(1025))  # every distance up to L
    xpos = rope_scaling.xpos_score(64, 10000.0, x)
    np.testing.assert_allclose(decode(decay[1]["y"]), xpos, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_online_softmax_steps_through_the_blocks_and_matches_the_full_softmax(lang: str) -> None:
    at = open_tab("softmax", tab="online", okeys="10", oblock="3", ostep="2", seed="4", lang=lang)
    scores, values = online_softmax.example(10, 4, 4)
    found = online_softmax.steps(scores, values, 3)
    points = figure(at, "os_scores")["data"]
    read, this, unread = (decode(points[i]["y"]) for i in range(3))
    np.testing.assert_allclose(read[:3], scores[:3], rtol=1e-6)
    np.testing.assert_allclose(this[3:6], scores[3:6], rtol=1e-6)
    np.testing.assert_allclose(unread[6:], scores[6:], rtol=1e-6)
    assert np.all(np.isnan(read[3:])) and np.all(np.isnan(unread[:6]))
    running = figure(at, "os_running")["data"]
    np.testing.assert_allclose(decode(running[0]["y"]), [s.m for s in found], rtol=1e-6)
    np.testing.assert_allclose(decode(running[1]["y"]), [s.total for s in found], rtol=1e-6)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[t("os.metric.m", lang)] == f"{found[1].m:.4f}"
    assert metrics[t("os.metric.rescale", lang)] == f"{found[1].rescale:.4f}"
    _, exact = online_softmax.full(scores, values)
    gap = float(np.max(np.abs(found[-1].output - exact)))
    assert t("os.check", lang, gap=f"{gap:.1e}", blocks=4, n=10) in [m.value for m in at.markdown]
    # fewer keys: the block and the step come back into range, and the step opens on the last block
    at.slider(key="os_keys").set_value(4).run()
    ok(at)
    assert at.slider(key="os_block").value == 3 and at.slider(key="os_step").value == 2


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_sliding_windows_show_the_mask_the_reach_and_a_real_models_sinks(lang: str) -> None:
    from tests.support.needs import real

    real("smollm2")
    at = open_tab("attention", tab="window", wlen="20", w="4", sinks="2", wlayers="3", lang=lang)
    allowed = windows.window_mask(20, 4, 2)
    mask = matrix(at, "win_mask")
    np.testing.assert_array_equal(~np.isnan(mask), allowed)
    np.testing.assert_array_equal(
        mask[~np.isnan(mask)] == 2, (allowed & ~windows.window_mask(20, 4))[allowed]
    )
    np.testing.assert_array_equal(~np.isnan(matrix(at, "win_reach")), windows.reach(allowed, 3))
    span = figure(at, "win_span")["data"]
    np.testing.assert_array_equal(decode(span[0]["y"]), decode(span[1]["y"]))  # measured = formula
    np.testing.assert_array_equal(decode(span[1]["y"]), np.minimum(np.arange(1, 9) * 3, 19))
    # the page's live model on its sentence under that mask: zero outside it, rows still summing to 1
    from viz.model import encoder, model_cache

    words = ("A", "dog", "ate", "the", "food", "because", "it", "was", "hungry")
    config = encoder.ModelConfig(128, 8, 1, "sinusoidal", 10000.0, 0)
    want = model_cache.window_maps(config, words, 4, 2)
    grid = figure(at, "win_maps_grid")["data"]
    np.testing.assert_allclose(decode(grid[0]["z"]), want[0], rtol=1e-5, atol=1e-7)
    assert np.all(want[:, ~windows.window_mask(9, 4, 2)] == 0)
    np.testing.assert_allclose(want.sum(-1), 1.0, rtol=1e-5)
    # SmolLM2 on the page's sentence: the share of attention on the first token(s), per layer
    text = "A dog ate the food because it was hungry"
    ids = tuple(pretrained.tokenize("smollm2", text).ids)
    maps = pretrained.run("smollm2", ids).attention
    real_chart = figure(at, "win_real")["data"]
    np.testing.assert_allclose(decode(real_chart[0]["y"]), windows.sink_share(maps, 1), rtol=1e-5)
    np.testing.assert_allclose(decode(real_chart[1]["y"]), windows.sink_share(maps, 2), rtol=1e-5)
    uniform = np.mean([1 / (q + 1) for q in range(1, len(ids))])
    assert np.median(windows.sink_share(maps, 1)) > 2 * uniform  # far above an even spread: a sink


def test_a_shorter_sequence_brings_the_window_back_into_range() -> None:
    at = open_tab("attention", tab="window", wlen="64", w="40")
    at.slider(key="win_len").set_value(10).run()
    assert ok(at).slider(key="win_w").value == 10
    assert matrix(at, "win_mask").shape == (10, 10)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_causal_mask_leaks_position_without_any_encoding(lang: str) -> None:
    import torch

    from viz.model import encoder, model_cache, probe

    at = open_tab("attention", tab="order", enc="none", ocausal="1", lang=lang)
    tokens = ("A", "dog", "ate", "the", "food", "because", "it", "was", "hungry")
    config = encoder.ModelConfig(d_model=128, n_heads=8, n_layers=1, encoding="none")
    x = model_cache.sentence_x(tokens, config.d_model)
    perm = probe.shuffle_order(len(tokens), 0)
    net = model_cache.live_model(config)
    leaked = probe.order_test(net, x, perm, use_position=False, causal=True)
    assert leaked.relative > 0.1  # NoPE + causal: the shuffle moves the outputs
    assert probe.order_test(net, x, perm, use_position=False).relative < 1e-5  # bidirectional: it does not
    markdown = [m.value for m in at.markdown]
    assert t("att.order.explain.causal", lang) in markdown and t("att.nope.explain", lang) in markdown
    lines = figure(at, "att_nope")["data"]
    with torch.no_grad():
        run = net.run(x, probe.causal_mask(len(tokens))[None, None], use_position=False)
    np.testing.assert_allclose(decode(lines[0]["y"]), run.weights[0][0, :, :, 0].mean(0).numpy(), rtol=1e-5)
    np.testing.assert_allclose(decode(lines[-1]["y"]), 1 / (np.arange(len(tokens)) + 1), rtol=1e-6)


def test_a_uniform_causal_head_gives_the_first_token_one_over_t_plus_one() -> None:
    import torch

    from viz.model import encoder, probe

    net = encoder.build(encoder.ModelConfig(d_model=16, n_heads=2, encoding="none"))
    with torch.no_grad():
        for p in net.attention(0).parameters():  # zero queries and keys: every score equal
            p.zero_()
    x = torch.randn(1, 7, 16, generator=torch.Generator().manual_seed(0))
    np.testing.assert_allclose(probe.first_key_weights(net, x)[0], 1 / (np.arange(7) + 1), rtol=1e-6)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_grouped_query_heads_are_named_in_the_maps_and_the_cache_shrinks(lang: str) -> None:
    from viz.model import encoder, kv_cache, model_cache

    at = open_tab("attention", kv="2", lang=lang)
    grid = figure(at, "att_maps_grid")
    titles = [a["text"] for a in grid["layout"]["annotations"] if "KV" in a.get("text", "")]
    assert titles == [t("heads.title.kv", lang, h=h + 1, kv=h // 4 + 1) for h in range(8)]
    config = encoder.ModelConfig(128, 8, 1, "sinusoidal", 10000.0, 0, kv_heads=2)
    tokens = ("A", "dog", "ate", "the", "food", "because", "it", "was", "hungry")
    maps = model_cache.layer_maps(config, tokens, 0)
    np.testing.assert_allclose(decode(grid["data"][0]["z"]), maps[0], rtol=1e-5)
    table = at.dataframe[0].value
    per_token = list(table.iloc[:, 2])
    assert per_token[0] == f"{kv_cache.bytes_per_token(kv_cache.live(config)) / 1024:,.1f} KiB"
    assert per_token[list(kv_cache.MODELS).index("llama3_8b") + 1] == "128.0 KiB"
    assert table.iloc[list(kv_cache.MODELS).index("llama3_8b") + 1, 3] == "1.000 GiB"  # 8,192 tokens
    at.select_slider(key="att_kv_tokens").set_value(131072).run()
    table = ok(at).dataframe[0].value
    assert table.columns[3] == t("att.kv.col.total", lang, n="131,072")
    assert table.iloc[list(kv_cache.MODELS).index("llama3_8b") + 1, 3] == "16.000 GiB"
    # a count that does not divide the heads falls back to one KV head per query head
    at = open_tab("attention", kv="3")
    assert at.selectbox(key="att_kv").value == 8


@pytest.mark.parametrize(
    ("page", "query", "names"),
    [
        ("positional_encoding", {"tab": "rope", "s": "3", "L": "100", "dh": "7"}, ("s", "L", "dh")),
        (
            "softmax",
            {"tab": "online", "okeys": "1000", "oblock": "0", "ostep": "x"},
            ("okeys", "oblock", "ostep"),
        ),
        ("attention", {"tab": "window", "wlen": "0", "w": "-1", "sinks": "9"}, ("wlen", "w", "sinks")),
        ("attention", {"kv": "0"}, ("kv",)),
        (
            "similarity",
            {"tab": "bias", "bheads": "99", "maxdist": "7", "bidir": "maybe"},
            ("bheads", "maxdist", "bidir"),
        ),
    ],
)
def test_bad_values_for_the_new_controls_are_refused_and_the_page_still_draws(
    page: str, query: dict[str, str], names: tuple[str, ...]
) -> None:
    at = open_tab(page, **query)
    notes = " ".join(str(w.value) for w in at.text)
    for name in names:
        assert f"{name} = " in notes, name
    assert charts(at)


@pytest.mark.parametrize(
    ("page", "query"),
    [
        ("similarity", {"tab": "bias", "blen": "4", "bheads": "16", "bhead": "16"}),
        ("similarity", {"tab": "bias", "bias": "t5", "blen": "256", "buckets": "8", "maxdist": "1024"}),
        ("similarity", {"tab": "bias", "bias": "t5", "blen": "64", "buckets": "64", "maxdist": "16"}),
        ("similarity", {"tab": "bias", "bias": "t5", "buckets": "32", "maxdist": "16", "bidir": "0"}),
        ("positional_encoding", {"tab": "rope", "dh": "16", "L": "256", "s": "32"}),
        ("softmax", {"tab": "online", "okeys": "4", "oblock": "64", "ostep": "64"}),
        ("attention", {"tab": "window", "wlen": "4", "w": "128", "sinks": "4", "wlayers": "8"}),
        ("attention", {"kv": "1", "d_model": "2", "heads": "2"}),
    ],
)
def test_the_new_tabs_at_their_edges(page: str, query: dict[str, str]) -> None:
    at = open_tab(page, **query)  # ok(): no exception, no error box
    assert charts(at)
    if query.get("bias") == "t5":  # every bucket one of the model's: a max distance with no room is moved
        buckets = decode(figure(at, "rel_t5_matrix")["data"][0]["z"])
        shown = buckets[~np.isnan(buckets)]
        assert shown.min() >= 0 and shown.max() < int(query["buckets"])


def test_a_causal_shuffle_of_identical_words_says_nothing_moved() -> None:
    at = open_tab("attention", tab="order", enc="none", ocausal="1", text="the the the the")
    markdown = [m.value for m in at.markdown]
    assert not any(m.startswith(t("att.order.measured.causal", "en")[:30]) for m in markdown)
    assert any(m.startswith(t("att.order.measured_same", "en")[:30]) for m in markdown)


def test_yarns_score_starts_at_its_factor_squared() -> None:
    at = open_tab("positional_encoding", tab="rope", s="4")
    lines = figure(at, "rs_scores")["data"]
    rope, yarn = decode(lines[0]["y"]), decode(lines[3]["y"])
    factor = 0.1 * np.log(4) + 1
    # near the query YaRN keeps RoPE's fast pairs, so its curve is RoPE's times the factor squared there
    assert yarn[0] / rope[0] == pytest.approx(factor**2, rel=0.01)
