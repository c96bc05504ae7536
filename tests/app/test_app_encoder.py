"""The Encoder block page under AppTest: every chart against the same model built here, both languages,
N = 1 and 6, pre-norm, the residual switched off, the decoder, and inputs that must not break the page."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pytest
import torch
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts as chart_elements
from bench.harness.apptest import decode, ok, open_page
from viz.encodings import embedding
from viz.figures import downsample, escape_label
from viz.i18n import t
from viz.model import block, decoder, encoder, train
from viz.views.encoder import PANEL_COLUMNS

ENC = "pages/encoder.py"
GOOD = "I am good"  # the page's first example, in the box when the page opens
GOOD_TARGET = "나는 잘 지내"
DOG = "A dog ate the food because it was hungry"
DOG_TARGET = "개는 배가 고파서 음식을 먹었다"
STAGES = ("x", "attn", "mid", "hidden", "ffn", "out")
FLOW = ("attn", "mid", "hidden", "ffn", "out")  # the stages the norms chart shows per block
SIMILAR = ("attn", "mid", "ffn", "out")  # the stages the residual charts compare with the input
CHART_KEYS = (
    "enc_stages",
    "enc_norms",
    "enc_residual",
    "enc_residual_mean",
    "enc_residual_alike",
    "enc_pp_act",
    "enc_pp_grad",
    "enc_dec_self",
    "enc_dec_cross",
)
ONE_MB = 1_000_000

pytestmark = pytest.mark.usefixtures("fresh_caches")


# ---- reading the page --------------------------------------------------------------------------------
def charts(at: AppTest) -> dict[str, dict[str, Any]]:
    """Every chart of the run by its widget key (the part of the element ID after the last hyphen)."""
    out: dict[str, dict[str, Any]] = {}
    for c in chart_elements(at):
        key = c.proto.id.split("-")[-1]
        assert key not in out, key
        out[key] = json.loads(c.proto.spec)
    return out


def chart_sizes(at: AppTest) -> dict[str, int]:
    return {c.proto.id.split("-")[-1]: len(c.proto.spec) for c in chart_elements(at)}


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [w.value for w in at.warning] + [i.value for i in at.info] + [s.value for s in at.success]
    return "\n".join(str(p) for p in parts)


def heatmaps(fig: dict[str, Any]) -> list[np.ndarray]:
    """Every heatmap's z as (rows, cols), in order."""
    out = []
    for d in fig["data"]:
        assert d["type"] == "heatmap"
        out.append(decode(d["z"]).astype(np.float64).reshape(len(d["y"]), -1))
    return out


def lines(fig: dict[str, Any]) -> dict[str, np.ndarray]:
    """Every trace's y by its (escaped) name."""
    return {d["name"]: decode(d["y"]).astype(np.float64) for d in fig["data"]}


def subplot_titles(fig: dict[str, Any]) -> list[str]:
    return [a["text"] for a in fig["layout"]["annotations"]]


def title(fig: dict[str, Any]) -> str:
    return str(fig["layout"]["title"]["text"])


# ---- the same numbers, computed here from the model ---------------------------------------------------
def sentence(tokens: tuple[str, ...], d_model: int) -> torch.Tensor:
    """A sentence's input (1, T, d_model), as viz.ui._sentence_x makes it (seed 0)."""
    return encoder.sentence_input(embedding.token_vectors(tokens, d_model, 0))


def cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Token-by-token cosine of (T, d) and (T, d)."""
    return np.sum(a * b, axis=-1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1))


def alikeness(a: np.ndarray) -> float:
    """The mean cosine over ordered pairs of different rows of (T, d)."""
    unit = a / np.linalg.norm(a, axis=-1, keepdims=True)
    g = unit @ unit.T
    n = len(a)
    return float((g.sum() - np.trace(g)) / (n * (n - 1)))


@dataclass(frozen=True)
class Reference:
    """What the page should draw for one configuration, float64 copies of the model's float32 values."""

    config: encoder.ModelConfig
    tokens: tuple[str, ...]
    target: tuple[str, ...]  # [BOS] and the target's tokens
    x0: np.ndarray  # (T, d_model): E·√d + PE, the stack's input
    on: dict[str, np.ndarray]  # stage -> (L, T, width), residual on, the page's norm placement
    off: dict[str, np.ndarray]  # the same with the residual switched off
    stream: dict[encoder.Norm, np.ndarray]  # "post"/"pre" -> (L + 1,) mean token length between blocks
    pre_final: float  # the pre-norm stack's output after its final LayerNorm, mean token length
    self_maps: np.ndarray  # (heads, T_target, T_target)
    cross_maps: np.ndarray  # (heads, T_target, T_source)

    @property
    def labels(self) -> list[str]:
        return embedding.row_labels(self.tokens)

    def flow_norms(self) -> np.ndarray:
        """Each token's length at the input and then every stage of every block: (1 + 5 L, T)."""
        rows = [np.linalg.norm(self.x0, axis=-1)]
        for layer in range(self.config.n_layers):
            rows += [np.linalg.norm(self.on[s][layer], axis=-1) for s in FLOW]
        return np.stack(rows)

    def similarity(self, stages: dict[str, np.ndarray]) -> np.ndarray:
        """cos(stage, its block's input) per token for the input and every same-width stage: (1 + 4 L, T).
        Block 1 reads x0; block k reads block k - 1's output."""
        rows = [cosines(self.x0, self.x0)]
        for layer in range(self.config.n_layers):
            block_input = self.x0 if layer == 0 else stages["out"][layer - 1]
            rows += [cosines(stages[s][layer], block_input) for s in SIMILAR]
        return np.stack(rows)

    def stage_means(self, stages: dict[str, np.ndarray]) -> dict[str, float]:
        """The similarity averaged over every block's rows of each stage (and all tokens)."""
        sim = self.similarity(stages)[1:].reshape(self.config.n_layers, len(SIMILAR), -1)
        return {name: float(sim[:, i].mean()) for i, name in enumerate(SIMILAR)}

    def alike(self, stages: dict[str, np.ndarray]) -> np.ndarray:
        return np.array([alikeness(self.x0), *(alikeness(o) for o in stages["out"])])


def reference(
    *,
    d_model: int = 128,
    heads: int = 8,
    layers: int = 6,
    encoding: encoder.ModelEncoding = "sinusoidal",
    text: str = GOOD,
    target: str = GOOD_TARGET,
    norm: encoder.Norm = "post",
) -> Reference:
    config = encoder.ModelConfig(d_model, heads, layers, encoding, 10000.0, 0)
    net = encoder.build(config)
    tokens = embedding.tokenize(text).tokens
    x = sentence(tokens, d_model)
    pe = net.position_table(len(tokens))
    x0 = (x if pe is None else x + pe)[0].double().numpy()

    def as_arrays(traces: list[encoder.LayerTrace]) -> dict[str, np.ndarray]:
        return {s: np.stack([getattr(tr, s)[0].double().numpy() for tr in traces]) for s in STAGES}

    with torch.no_grad():
        on = as_arrays(net.traces(x, norm=norm))
        off = as_arrays(net.traces(x, residual=False, norm=norm))
        runs = {n: net.run(x, norm=n) for n in encoder.NORMS}
        stream = {
            n: np.array([float(h[0].double().norm(dim=-1).mean()) for h in r.hidden]) for n, r in runs.items()
        }
        pre_final = float(net.final_norm(runs["pre"].output)[0].double().norm(dim=-1).mean())
        # The decoder: [BOS] + target with the same position signal, the encoder's finished output as memory.
        goal = ("[BOS]", *embedding.tokenize(target).tokens)[: embedding.MAX_TOKENS]
        memory = runs[norm].output
        if norm == "pre":
            memory = net.final_norm(memory)
        y = sentence(goal, d_model)
        pe_y = net.position_table(len(goal))
        y = y if pe_y is None else y + pe_y
        causal = torch.ones(len(goal), len(goal), dtype=torch.bool).tril()[None, None]
        tr = decoder.build_decoder(config).trace(y, memory, causal, None, norm)
    return Reference(
        config,
        tokens,
        goal,
        x0,
        on,
        off,
        stream,
        pre_final,
        tr.self_weights[0].double().numpy(),
        tr.cross_weights[0].double().numpy(),
    )


def gradient_norms(config: encoder.ModelConfig, norm: encoder.Norm) -> tuple[np.ndarray, float]:
    """One step of the page's toy task (its task and batch seed) from fresh weights: ‖grad‖ per block."""
    cfg = replace(train.task_model_config(block.GRADIENT_TASK, config), norm=norm)
    net = encoder.build(cfg).train()
    xs, ys = train.make_batch(block.GRADIENT_TASK, train.BATCH, np.random.default_rng(block.GRADIENT_SEED))
    logits, _ = net(torch.from_numpy(xs))
    loss = torch.nn.functional.cross_entropy(
        logits.reshape(-1, logits.shape[-1]), torch.from_numpy(ys).reshape(-1)
    )
    loss.backward()
    norms = [
        math.sqrt(sum(float((p.grad.double() ** 2).sum()) for p in layer.parameters() if p.grad is not None))
        for layer in net.layers
    ]
    return np.array(norms), float(loss.detach())


# ---- checks shared by several tests -------------------------------------------------------------------
def stage_title(name: str, layer: int, norm: str, lang: str) -> str:
    if name == "x":
        return t("enc.stage.x.first", lang) if layer == 0 else t("enc.stage.x.later", lang, k=layer)
    if name in ("attn", "mid", "out"):
        return t(f"enc.stage.{name}.{norm}", lang)
    return t(f"enc.stage.{name}", lang, d_ff=256)


def check_stages(fig: dict[str, Any], ref: Reference, layer: int) -> None:
    """The six panels of 0-based ``layer``: the model's stages, columns strided as viz.figures.downsample
    strides them (at most PANEL_COLUMNS)."""
    panels = heatmaps(fig)
    assert len(panels) == 6
    for name, drawn, trace in zip(STAGES, panels, fig["data"], strict=True):
        full = ref.on[name][layer]
        shown = downsample.stride(full.shape[1], PANEL_COLUMNS)
        assert trace["x"] == shown.labels
        assert trace["y"] == [escape_label(v) for v in ref.labels]
        np.testing.assert_allclose(drawn, full[:, shown.idx], rtol=1e-5, atol=1e-5, err_msg=name)
    if layer == 0:  # the first block reads E·√d_model + PE
        cols = downsample.stride(ref.x0.shape[1], PANEL_COLUMNS).idx
        np.testing.assert_allclose(panels[0], ref.x0[:, cols], rtol=1e-5, atol=1e-5)


def check_decoder(found: dict[str, dict[str, Any]], ref: Reference, heads: range) -> None:
    """Masked self-attention: causal, rows sum to 1, the model's maps; cross-attention: T x S, the model's."""
    n_target, n_source = len(ref.target), len(ref.tokens)
    self_maps, cross_maps = heatmaps(found["enc_dec_self"]), heatmaps(found["enc_dec_cross"])
    assert len(self_maps) == len(cross_maps) == len(heads)
    for h, m, c in zip(heads, self_maps, cross_maps, strict=True):
        assert m.shape == (n_target, n_target)
        assert c.shape == (n_target, n_source)
        assert np.all(m[np.triu_indices(n_target, 1)] == 0.0)  # exactly 0: the mask is applied before softmax
        np.testing.assert_allclose(m.sum(axis=1), 1.0, atol=1e-5)
        np.testing.assert_allclose(c.sum(axis=1), 1.0, atol=1e-5)
        np.testing.assert_allclose(m, ref.self_maps[h], atol=1e-6)
        np.testing.assert_allclose(c, ref.cross_maps[h], atol=1e-6)
    target_labels = [escape_label(v) for v in embedding.row_labels(ref.target)]
    assert found["enc_dec_self"]["data"][0]["y"] == target_labels
    assert found["enc_dec_self"]["data"][0]["x"] == target_labels
    assert found["enc_dec_cross"]["data"][0]["x"] == [escape_label(v) for v in ref.labels]


# ---- 1. the page in both languages, N = 1 and N = 6 ----------------------------------------------------
@pytest.mark.parametrize("layers", [1, 6])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_chart_shows_the_models_numbers(lang: str, layers: int) -> None:
    at = open_page(ENC, lang=lang)
    if layers != 6:  # 6 is the slider's default
        ok(at.slider(key="enc_layers").set_value(layers).run())
    assert at.title[0].value == t("enc.title", lang)
    ref = reference(layers=layers)
    found = charts(at)
    assert set(found) == set(CHART_KEYS), sorted(found)
    body = texts(at)
    assert t("enc.sizes", lang, d_model=128, heads=8, d_k=16, d_ff=256, layers=layers) in body

    # 1. the stages of block 1, then (N = 6) of the last block
    fig = found["enc_stages"]
    assert title(fig) == t("enc.path.chart", lang, layer=1, layers=layers)
    assert subplot_titles(fig) == [escape_label(stage_title(s, 0, "post", lang)) for s in STAGES]
    check_stages(fig, ref, 0)
    zeros = float(np.mean(ref.on["hidden"][0] == 0))
    assert t("enc.path.explain.post", lang, root=math.sqrt(128), zeros=zeros) in body
    assert t("enc.strided.hidden", lang, limit=128, width=128, d_ff=256, step=1, step_ff=2) in body

    fig = found["enc_norms"]
    assert title(fig) == t("enc.norms.chart", lang, layer=1)
    norms = ref.flow_norms()
    assert len(fig["data"][0]["x"]) == 1 + 5 * layers
    drawn = lines(fig)
    np.testing.assert_allclose(drawn[t("enc.mean", lang)], norms.mean(axis=1), rtol=1e-5)
    for i, label in enumerate(ref.labels):
        np.testing.assert_allclose(drawn[escape_label(label)], norms[:, i], rtol=1e-5)
    # Post-norm: every add & norm point sits at √d_model (LayerNorm's eps makes it a hair shorter).
    for layer in range(layers):
        for j in (2, 5):  # mid and out of the block's five stages
            np.testing.assert_allclose(norms[1 + 5 * layer + j - 1], math.sqrt(128), rtol=1e-4)
    shade = fig["layout"]["shapes"][0]
    assert (shade["x0"], shade["x1"]) == (0.5, 5.5)  # block 1's five stages

    # 2. the residual
    fig = found["enc_residual"]
    assert title(fig) == t("enc.res.chart", lang)
    assert subplot_titles(fig) == [escape_label(t("enc.res.on", lang)), escape_label(t("enc.res.off", lang))]
    sim_on, sim_off = ref.similarity(ref.on), ref.similarity(ref.off)
    on_panel, off_panel = heatmaps(fig)
    np.testing.assert_allclose(on_panel, sim_on.T, atol=1e-5)
    np.testing.assert_allclose(off_panel, sim_off.T, atol=1e-5)
    assert fig["data"][0]["x"][0] == escape_label(t("enc.short.x", lang))
    assert len(fig["data"][0]["x"]) == 1 + 4 * layers
    fig = found["enc_residual_mean"]
    assert title(fig) == t("enc.res.lines", lang)
    drawn = lines(fig)
    np.testing.assert_allclose(drawn[escape_label(t("enc.res.on", lang))], sim_on.mean(axis=1), atol=1e-5)
    np.testing.assert_allclose(drawn[escape_label(t("enc.res.off", lang))], sim_off.mean(axis=1), atol=1e-5)
    fig = found["enc_residual_alike"]
    assert title(fig) == t("enc.res.alike.chart", lang)
    assert fig["data"][0]["x"] == [
        t("enc.pp.input", lang),
        *(t("enc.pp.after", lang, k=k) for k in range(1, layers + 1)),
    ]
    drawn = lines(fig)
    np.testing.assert_allclose(drawn[escape_label(t("enc.res.on", lang))], ref.alike(ref.on), atol=1e-5)
    np.testing.assert_allclose(drawn[escape_label(t("enc.res.off", lang))], ref.alike(ref.off), atol=1e-5)

    # 3. post-norm against pre-norm
    fig = found["enc_pp_act"]
    assert title(fig) == t("enc.pp.act.chart", lang)
    drawn = lines(fig)
    np.testing.assert_allclose(drawn[escape_label(t("enc.norm.post", lang))], ref.stream["post"], rtol=1e-5)
    np.testing.assert_allclose(drawn[escape_label(t("enc.norm.pre", lang))], ref.stream["pre"], rtol=1e-5)
    fig = found["enc_pp_grad"]
    assert title(fig) == t("enc.pp.grad.chart", lang)
    assert [d["type"] for d in fig["data"]] == ["bar", "bar"]
    drawn = lines(fig)
    steps = {n: gradient_norms(ref.config, n) for n in encoder.NORMS}
    for n in encoder.NORMS:
        assert fig["data"][0]["x"] == [f"{t('enc.pp.block', lang)} {k}" for k in range(1, layers + 1)]
        np.testing.assert_allclose(drawn[escape_label(t(f"enc.norm.{n}", lang))], steps[n][0], rtol=1e-4)
    if layers > 1:
        (post, loss_post), (pre, loss_pre) = steps["post"], steps["pre"]
        said = t(
            "enc.pp.grad.explain",
            lang,
            post=f"{post[-1] / post[0]:.2f}",
            pre=f"{pre[-1] / pre[0]:.2f}",
            loss_post=loss_post,
            loss_pre=loss_pre,
        )
        # At d_model 128 with 6 blocks post-norm's gradient leans toward the output, pre-norm's does not.
        assert post[-1] / post[0] > 1.0 > pre[-1] / pre[0] + 0.1
        assert said + " " + t("enc.pp.grad.agrees", lang) in body

    # 4. the decoder
    assert title(found["enc_dec_self"]) == t("enc.dec.self.chart", lang, heads=8)
    assert title(found["enc_dec_cross"]) == t("enc.dec.cross.chart", lang, heads=8)
    assert subplot_titles(found["enc_dec_self"]) == [t("ui.att.head_title", lang, h=h) for h in range(1, 9)]
    check_decoder(found, ref, range(8))
    assert t("enc.dec.self.explain", lang, leak=0.0, first=1.0) in body
    assert t("enc.dec.cross.explain", lang, t=4, s=3) in body

    if layers > 1:  # the last block's stages, and its band in the norms chart
        ok(at.button_group(key="enc_layer").set_value(layers).run())
        found = charts(at)
        assert title(found["enc_stages"]) == t("enc.path.chart", lang, layer=layers, layers=layers)
        titles = subplot_titles(found["enc_stages"])
        assert titles[0] == escape_label(t("enc.stage.x.later", lang, k=layers - 1))
        check_stages(found["enc_stages"], ref, layers - 1)
        np.testing.assert_allclose(heatmaps(found["enc_stages"])[0], ref.on["out"][layers - 2], atol=1e-5)
        shade = found["enc_norms"]["layout"]["shapes"][0]
        assert (shade["x0"], shade["x1"]) == (5 * layers - 4.5, 5 * layers + 0.5)


# ---- 2. one block ------------------------------------------------------------------------------------
def test_one_block_has_one_bar_per_placement_and_says_there_is_nothing_to_compare() -> None:
    at = open_page(ENC)
    assert len(heatmaps(charts(at)["enc_stages"])) == 6
    assert at.button_group(key="enc_layer").value == 1  # N = 6: a block selector
    ok(at.slider(key="enc_layers").set_value(1).run())
    fig = charts(at)["enc_pp_grad"]
    assert len(fig["data"]) == 2
    for d in fig["data"]:
        assert len(decode(d["y"])) == 1
        assert d["x"] == [f"{t('enc.pp.block', 'en')} 1"]
    body = texts(at)
    assert t("enc.pp.one_layer", "en") in body
    assert "Last block ÷ first block" not in body  # the ratio caption needs two blocks
    assert not [w for w in at.button_group if w.key == "enc_layer"]  # nothing to pick with one block
    assert len(lines(charts(at)["enc_pp_act"])[escape_label(t("enc.norm.pre", "en"))]) == 2


# ---- 3. pre-norm -------------------------------------------------------------------------------------
def test_pre_norm_changes_the_titles_the_explanation_and_the_numbers() -> None:
    at = open_page(ENC)
    post_titles = subplot_titles(charts(at)["enc_stages"])
    ok(at.radio(key="enc_norm__en").set_value("pre").run())
    ref = reference(norm="pre")
    found = charts(at)
    titles = subplot_titles(found["enc_stages"])
    assert titles == [escape_label(stage_title(s, 0, "pre", "en")) for s in STAGES]
    assert [a != b for a, b in zip(titles, post_titles, strict=True)] == [
        False,
        True,
        True,
        False,
        False,
        True,
    ]
    check_stages(found["enc_stages"], ref, 0)
    body = texts(at)
    zeros = float(np.mean(ref.on["hidden"][0] == 0))
    assert t("enc.path.explain.pre", "en", zeros=zeros) in body
    assert t("enc.path.explain.post", "en", root=math.sqrt(128), zeros=zeros)[:40] not in body
    # Pre-norm does not rescale the stream: the block outputs are not all √d_model long.
    norms = ref.flow_norms()
    np.testing.assert_allclose(lines(found["enc_norms"])[t("enc.mean", "en")], norms.mean(axis=1), rtol=1e-5)
    assert np.ptp(norms[5::5].mean(axis=1)) > 1.0  # the six block outputs' mean lengths differ
    pre = lines(found["enc_pp_act"])[t("enc.norm.pre", "en")]
    np.testing.assert_allclose(pre, ref.stream["pre"], rtol=1e-5)
    assert pre[-1] > pre[0] * 1.5
    assert np.all(np.diff(pre) > 0)
    said = t(
        "enc.pp.act.explain",
        "en",
        root=math.sqrt(128),
        first=ref.stream["pre"][0],
        last=ref.stream["pre"][-1],
        layers=6,
        growth=ref.stream["pre"][-1] / ref.stream["pre"][0],
        final=ref.pre_final,
    )
    assert said in body
    # The decoder reads the pre-norm stack's output after its final LayerNorm.
    check_decoder(found, ref, range(8))
    assert not np.allclose(ref.cross_maps, reference(norm="post").cross_maps, atol=1e-4)
    # The choice survives a language switch (the radio is keyed per language).
    ok(at.button_group(key="lang").set_value("ko").run())
    assert at.radio(key="enc_norm__ko").value == "pre"
    assert subplot_titles(charts(at)["enc_stages"])[1] == escape_label(t("enc.stage.attn.pre", "ko"))
    assert t("enc.path.explain.pre", "ko", zeros=zeros) in texts(at)


# ---- 4. bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \t ",
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "나는 학교에 간다",
        "\u202eevil\u200b text\x00",
        "w " * 150,
        "one",
    ],
    ids=["empty", "blank", "script", "img", "korean", "control", "overlong", "one-word"],
)
def test_any_sentence_gives_a_message_or_charts_never_a_traceback(text: str) -> None:
    at = open_page(ENC)
    ok(at.text_input(key="enc_text").input(text).run())
    tokens = embedding.tokenize(text).tokens
    body = texts(at)
    cut = t("ui.att.cut", "en", n=embedding.MAX_TOKENS, chars=embedding.MAX_CHARS)
    if not tokens:
        assert t("ui.att.empty", "en") in body
        assert not charts(at)
        ok(at.text_input(key="enc_text").input(GOOD).run())  # and the page comes back
        assert set(charts(at)) == set(CHART_KEYS)
        return
    assert t("ui.att.empty", "en") not in body
    found = charts(at)
    expected = set(CHART_KEYS) - ({"enc_residual_alike"} if len(tokens) == 1 else set())
    assert set(found) == expected, sorted(found)
    if len(tokens) == 1:
        assert t("enc.res.one_token", "en") in body
    if text == "w " * 150:
        assert cut in body
        assert len(tokens) == embedding.MAX_TOKENS == 48
    else:
        assert cut not in body
    ref = reference(text=text)
    check_stages(found["enc_stages"], ref, 0)
    check_decoder(found, ref, range(8))
    labels = [
        *found["enc_stages"]["data"][0]["y"],
        *found["enc_residual"]["data"][0]["y"],
        *(d["name"] for d in found["enc_norms"]["data"]),
        *found["enc_dec_cross"]["data"][0]["x"],
    ]
    assert all("<" not in label and ">" not in label for label in labels)  # escaped: Plotly renders tags
    if "<" in text:
        assert "&lt;" in found["enc_stages"]["data"][0]["y"][0]
    for key, size in chart_sizes(at).items():
        assert size < ONE_MB, (key, size)


def test_an_empty_or_overlong_target_still_draws_the_decoder() -> None:
    at = open_page(ENC)
    ok(at.text_input(key="enc_target").input("").run())
    assert t("enc.dec.empty", "en") in texts(at)
    found = charts(at)
    assert set(found) == set(CHART_KEYS)
    ref = reference(target="")
    assert ref.target == ("[BOS]",)
    check_decoder(found, ref, range(8))
    for m in heatmaps(found["enc_dec_self"]):
        assert m.tolist() == [[1.0]]  # [BOS] can only look at itself
    assert found["enc_dec_cross"]["data"][0]["y"] == ["0 · [BOS]"]
    assert t("enc.dec.self.explain", "en", leak=0.0, first=1.0) in texts(at)
    assert t("enc.dec.cross.explain", "en", t=1, s=3) in texts(at)

    ok(at.text_input(key="enc_target").input("v " * 150).run())
    body = texts(at)
    assert t("enc.dec.empty", "en") not in body
    assert t("ui.att.cut", "en", n=block.TARGET_TOKENS, chars=embedding.MAX_CHARS) in body
    ref = reference(target="v " * 150)
    assert len(ref.target) == 48  # [BOS] and the first 47 target tokens
    check_decoder(charts(at), ref, range(8))

    # 47 words fit after [BOS] and are all drawn; a 48th is cut, and the page says so.
    words = [f"w{i}" for i in range(48)]
    ok(at.text_input(key="enc_target").input(" ".join(words[:47])).run())
    assert t("ui.att.cut", "en", n=block.TARGET_TOKENS, chars=embedding.MAX_CHARS) not in texts(at)
    assert charts(at)["enc_dec_cross"]["data"][0]["y"][-1] == "47 · w46"
    ok(at.text_input(key="enc_target").input(" ".join(words)).run())
    assert t("ui.att.cut", "en", n=block.TARGET_TOKENS, chars=embedding.MAX_CHARS) in texts(at)
    assert charts(at)["enc_dec_cross"]["data"][0]["y"][-1] == "47 · w46"


def test_heads_that_do_not_divide_are_explained_and_the_page_still_works() -> None:
    at = open_page(ENC, heads="3")  # 3 does not divide the default d_model 128
    options = ", ".join(str(d) for d in (1, 2, 4, 8, 16, 32, 64, 128))
    # A link's count is the count asked for: the nearest divisor (2, the smaller on a tie) is used.
    said = t("ui.att.heads_bad", "en", asked=3, d_model=128, share="42.67", used=2, d_k=64, options=options)
    assert said in texts(at)
    found = charts(at)
    assert set(found) == set(CHART_KEYS)
    check_decoder(found, reference(heads=2), range(2))
    # A count chosen earlier that stops dividing when d_model changes: 16 heads, then d_model = 100.
    ok(at.selectbox(key="heads").set_value(16).run())
    ok(at.slider(key="d_model").set_value(100).run())
    body = texts(at)
    options = ", ".join(str(d) for d in (1, 2, 4, 5, 10, 20, 25, 50, 100))
    said = t("ui.att.heads_bad", "en", asked=16, d_model=100, share="6.25", used=20, d_k=5, options=options)
    assert said in body
    assert t("ui.att.grid_cut", "en", shown=16, heads=20) in body
    assert t("enc.sizes", "en", d_model=100, heads=20, d_k=5, d_ff=200, layers=6) in body
    ok(at.slider(key="enc_dec_first").set_value(5).run())  # heads 5..20 of the decoder
    found = charts(at)
    assert set(found) == set(CHART_KEYS)
    assert subplot_titles(found["enc_dec_cross"])[-1] == t("ui.att.head_title", "en", h=20)
    ref = reference(d_model=100, heads=20)
    check_decoder(found, ref, range(4, 20))
    check_stages(found["enc_stages"], ref, 0)
    # d_ff = 200 is over the 128-column limit: every 2nd column (ceil(200 / 128) = 2), d_model's 100 all.
    assert found["enc_stages"]["data"][3]["x"] == [str(i) for i in range(0, 200, 2)]
    assert found["enc_stages"]["data"][0]["x"] == [str(i) for i in range(100)]


def test_rope_with_one_dimension_per_head_is_flagged_and_drawn() -> None:
    at = open_page(ENC, d_model="8", heads="8")
    ok(at.selectbox(key="enc_encoding__en").set_value("rope").run())
    body = texts(at)
    assert t("ui.att.rope_dk1", "en", d_k=1) in body
    assert t("enc.sizes", "en", d_model=8, heads=8, d_k=1, d_ff=16, layers=6) in body
    found = charts(at)
    assert set(found) == set(CHART_KEYS)
    ref = reference(d_model=8, heads=8, encoding="rope")
    assert ref.x0.tolist() == sentence(ref.tokens, 8)[0].double().numpy().tolist()  # RoPE adds nothing
    for name, drawn in zip(STAGES, heatmaps(found["enc_stages"]), strict=True):
        np.testing.assert_allclose(drawn, ref.on[name][0], rtol=1e-5, atol=1e-5, err_msg=name)
    np.testing.assert_allclose(
        lines(found["enc_pp_act"])[t("enc.norm.pre", "en")], ref.stream["pre"], rtol=1e-5
    )
    check_decoder(found, ref, range(8))


def test_a_wide_deep_stack_skips_the_gradient_step_and_draws_the_rest() -> None:
    at = open_page(ENC, d_model="1024")  # N = 6 by default
    ok(at.text_input(key="enc_text").input("w " * 150).run())  # 48 tokens: the largest charts
    ok(at.text_input(key="enc_target").input("v " * 150).run())
    config = encoder.ModelConfig(1024, 8, 6, "sinusoidal", 10000.0, 0)
    params = train.param_count(train.task_model_config("reverse", config))
    assert params > 13_000_000
    body = texts(at)
    assert t("enc.pp.too_big", "en", params=params, limit=13_000_000) in body
    assert t("enc.strided", "en", limit=128, width=1024, d_ff=2048, step=8, step_ff=16) in body
    found = charts(at)
    assert set(found) == set(CHART_KEYS) - {"enc_pp_grad"}
    for key, size in chart_sizes(at).items():
        assert size < ONE_MB, (key, size)
    fig = found["enc_stages"]
    assert fig["data"][0]["x"] == [str(i) for i in range(0, 1024, 8)]
    assert fig["data"][3]["x"] == [str(i) for i in range(0, 2048, 16)]  # the FFN's hidden layer
    ref = reference(d_model=1024, text="w " * 150, target="v " * 150)
    check_stages(fig, ref, 0)
    np.testing.assert_allclose(
        lines(found["enc_pp_act"])[t("enc.norm.post", "en")], ref.stream["post"], rtol=1e-5
    )
    check_decoder(found, ref, range(8))


# ---- 5. the residual ---------------------------------------------------------------------------------
def test_without_the_residual_the_input_is_lost_and_the_tokens_collapse() -> None:
    at = open_page(ENC)
    ok(at.selectbox(key="enc_example").set_value(DOG).run())
    assert at.text_input(key="enc_text").value == DOG
    assert at.text_input(key="enc_target").value == DOG_TARGET
    ref = reference(text=DOG, target=DOG_TARGET)
    found = charts(at)
    on_panel, off_panel = heatmaps(found["enc_residual"])
    assert off_panel.shape == (9, 1 + 4 * 6)
    np.testing.assert_allclose(off_panel, ref.similarity(ref.off).T, atol=1e-5)
    np.testing.assert_allclose(on_panel, ref.similarity(ref.on).T, atol=1e-5)
    np.testing.assert_allclose(off_panel[:, 0], 1.0, atol=1e-5)  # the input compared with itself
    assert np.abs(off_panel[:, 1:]).max() < 0.3  # every sublayer stage: unrelated to the input
    assert on_panel[:, 2].mean() > 0.5  # with the residual, the first add & norm still looks like it
    mean = lines(found["enc_residual_mean"])
    off_line, on_line = mean[t("enc.res.off", "en")], mean[t("enc.res.on", "en")]
    np.testing.assert_allclose(off_line, off_panel.mean(axis=0), atol=1e-5)  # the panel's column means
    sums = [1 + 4 * b + offset for b in range(6) for offset in (1, 3)]  # each block's two adds
    assert on_line[sums].min() > 0.5  # with the residual every sum keeps the block's input
    # without it the cosines are those of unrelated directions: E|cos| = √(2 / (π d)) for two random
    # ones in d = 128 dimensions (0.07), within a factor of two
    assert np.abs(off_panel[:, 1:]).mean() < 2 * math.sqrt(2 / (math.pi * 128))

    alike = lines(found["enc_residual_alike"])
    alike_on, alike_off = alike[t("enc.res.on", "en")], alike[t("enc.res.off", "en")]
    np.testing.assert_allclose(alike_off, ref.alike(ref.off), atol=1e-5)
    np.testing.assert_allclose(alike_on, ref.alike(ref.on), atol=1e-5)
    assert alike_off[0] == alike_on[0] < 0.5  # the same input: words still apart
    assert alike_off[-1] > 0.99  # without the residual every token ends up with the same direction
    assert alike_off[2] > 0.99  # already after block 2
    assert (alike_on[1:] < alike_off[1:]).all()  # the residual slows the collapse down, at every block

    body = texts(at)
    kept_on, kept_off = ref.stage_means(ref.on), ref.stage_means(ref.off)
    on = (kept_on["mid"] + kept_on["out"]) / 2  # the same number of rows each
    off = (kept_off["mid"] + kept_off["out"]) / 2
    sub = (kept_on["attn"] + kept_on["ffn"]) / 2
    assert (
        on > 0.5 and abs(off) < 0.1 and abs(sub) < 0.1
    )  # the sums keep the block's input; nothing else does
    assert t("enc.res.explain", "en", on=on, off=off, sub=sub) in body
    a_on, a_off = ref.alike(ref.on), ref.alike(ref.off)
    said = t(
        "enc.res.collapse",
        "en",
        start=a_on[0],
        off_first=a_off[1],
        off_last=a_off[-1],
        on_first=a_on[1],
        on_last=a_on[-1],
    )
    assert said in body
    # Untrained post-norm attention averages the tokens: they drift together even with the residual,
    # while pre-norm on the same weights keeps them further apart; the page says both, with the numbers.
    pre = reference(text=DOG, target=DOG_TARGET, norm="pre")
    pre_last = pre.alike(pre.on)[-1]
    assert a_on[-1] > 0.9 and pre_last < a_on[-1] - 0.1
    both = t("enc.res.collapse.both", "en")
    assert " ".join([said, both, t("enc.res.collapse.pre", "en", pre=pre_last)]) in body
