"""The encoder block and decoder layer against torch's own (nn.TransformerEncoderLayer / DecoderLayer with
copied weights, both norm placements), the residual switch, and the Encoder block page's probes
(viz.model.block), its helpers and the page's display helpers (viz.views.encoder). The panels' striding is
tested with the one striding rule, in test_downsample.py."""

from __future__ import annotations

import copy
import math
from dataclasses import replace

import numpy as np
import pytest
import torch
from torch import Tensor, nn

from viz.encodings.embedding import token_vectors
from viz.i18n import encoder as enc_strings
from viz.model import block, train
from viz.model.attention import causal_mask, padding_mask
from viz.model.decoder import DECODER_SEED_OFFSET, DecoderLayer, build_decoder
from viz.model.encoder import (
    NORMS,
    EncoderLayer,
    ModelConfig,
    ModelEncoding,
    MultiHeadAttention,
    Norm,
    build,
    sentence_input,
)
from viz.views import encoder as enc_views


def randn(*shape: int, seed: int, dtype: torch.dtype = torch.float64) -> Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=dtype)


def randomize(module: nn.Module, seed: int) -> None:
    """Every parameter drawn afresh: the built model's biases are 0 and its LayerNorms 1/0, which would
    hide a misplaced bias or norm."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.randn(p.shape, generator=g, dtype=p.dtype) * 0.5)


def copy_attention(ref: nn.MultiheadAttention, ours: MultiHeadAttention) -> None:
    with torch.no_grad():
        ref.in_proj_weight.copy_(torch.cat([ours.w_q.weight, ours.w_k.weight, ours.w_v.weight]))
        assert ref.in_proj_bias is not None
        ref.in_proj_bias.copy_(torch.cat([ours.w_q.bias, ours.w_k.bias, ours.w_v.bias]))
        ref.out_proj.weight.copy_(ours.w_o.weight)
        ref.out_proj.bias.copy_(ours.w_o.bias)


def linear(ff: nn.Sequential, i: int) -> nn.Linear:
    part = ff[i]
    assert isinstance(part, nn.Linear)
    return part


def copy_ffn(ref: nn.TransformerEncoderLayer | nn.TransformerDecoderLayer, ours: nn.Sequential) -> None:
    with torch.no_grad():
        for mine, theirs in ((linear(ours, 0), ref.linear1), (linear(ours, 2), ref.linear2)):
            theirs.weight.copy_(mine.weight)
            theirs.bias.copy_(mine.bias)


def encoder_twin(ours: EncoderLayer, norm: Norm) -> nn.TransformerEncoderLayer:
    """torch's encoder layer (ReLU, no dropout) with our weights."""
    d_model = ours.attn.d_model
    d_ff = linear(ours.ff, 0).out_features
    ref = nn.TransformerEncoderLayer(
        d_model, ours.attn.n_heads, d_ff, dropout=0.0, batch_first=True, norm_first=norm == "pre"
    )
    ref = ref.double().eval()
    copy_attention(ref.self_attn, ours.attn)
    copy_ffn(ref, ours.ff)
    ref.norm1.load_state_dict(ours.norm1.state_dict())
    ref.norm2.load_state_dict(ours.norm2.state_dict())
    return ref


def our_layer(d_model: int, n_heads: int, seed: int) -> EncoderLayer:
    model = build(ModelConfig(d_model=d_model, n_heads=n_heads, encoding="none", seed=seed))
    layer = copy.deepcopy(model.layers[0]).double().eval()
    assert isinstance(layer, EncoderLayer)
    randomize(layer, seed + 100)
    return layer


# ---- the encoder layer against nn.TransformerEncoderLayer ---------------------------------------------
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize(("d_model", "n_heads"), [(8, 1), (8, 2), (12, 3), (32, 4), (32, 32)])
@pytest.mark.parametrize("mask_kind", ["none", "causal", "padding"])
def test_encoder_layer_matches_torch(norm: Norm, d_model: int, n_heads: int, mask_kind: str) -> None:
    ours = our_layer(d_model, n_heads, seed=d_model + n_heads)
    ref = encoder_twin(ours, norm)
    b, t = 3, 7
    x = randn(b, t, d_model, seed=5)
    mask, kwargs = None, {}
    if mask_kind == "causal":
        mask = causal_mask(t)
        kwargs["src_mask"] = ~causal_mask(t)  # torch: True = NOT allowed
    elif mask_kind == "padding":
        pad = padding_mask((7, 4, 2), t)
        mask = pad
        kwargs["src_key_padding_mask"] = ~pad[:, 0, 0, :]
    with torch.no_grad():
        out, weights = ours(x, mask, norm=norm)
        expected = ref(x, **kwargs)
    if (
        mask_kind == "padding"
    ):  # torch leaves padded query rows unspecified on its fast path: compare real ones
        for row, n in enumerate((7, 4, 2)):
            np.testing.assert_allclose(out[row, :n].numpy(), expected[row, :n].numpy(), atol=1e-10, rtol=0)
    else:
        np.testing.assert_allclose(out.numpy(), expected.numpy(), atol=1e-10, rtol=0)
    np.testing.assert_allclose(weights.sum(-1).numpy(), 1.0, atol=1e-12)


@pytest.mark.parametrize("norm", NORMS)
def test_a_stack_matches_torch_transformer_encoder(norm: Norm) -> None:
    config = ModelConfig(d_model=16, n_heads=4, n_layers=3, encoding="none", seed=2, norm=norm)
    model = build(config).double()
    randomize(model, 9)
    first = model.layers[0]
    assert isinstance(first, EncoderLayer)
    refs = []
    for layer in model.layers:
        assert isinstance(layer, EncoderLayer)
        refs.append(encoder_twin(layer, norm))
    final = nn.LayerNorm(16).double()
    final.load_state_dict(model.final_norm.state_dict())
    x = randn(2, 6, 16, seed=3)
    with torch.no_grad():
        h = x
        for ref in refs:
            h = ref(h)
        expected = final(h) if norm == "pre" else h
        run = model.run(x)
        got = model.finish(run.output)
    np.testing.assert_allclose(got.numpy(), expected.numpy(), atol=1e-10, rtol=0)
    assert len(run.hidden) == 4 and len(run.weights) == 3


def test_traces_hold_every_stage_by_formula() -> None:
    layer = our_layer(16, 4, seed=1)
    x = randn(2, 5, 16, seed=2)
    a_post, w = layer.attn(x)
    a_pre, _ = layer.attn(layer.norm1(x))
    with torch.no_grad():
        post = layer.trace(x, norm="post")
        pre = layer.trace(x, norm="pre")
        mid = layer.norm1(x + a_post)
        hidden = torch.relu(layer.ff[0](mid))
        np.testing.assert_allclose(post.attn.numpy(), a_post.detach().numpy(), atol=1e-12)
        np.testing.assert_allclose(post.weights.numpy(), w.detach().numpy(), atol=1e-12)
        np.testing.assert_allclose(post.mid.numpy(), mid.numpy(), atol=1e-12)
        np.testing.assert_allclose(post.hidden.numpy(), hidden.numpy(), atol=1e-12)
        np.testing.assert_allclose(post.ffn.numpy(), layer.ff[2](hidden).numpy(), atol=1e-12)
        np.testing.assert_allclose(
            post.out.numpy(), layer.norm2(mid + layer.ff[2](hidden)).numpy(), atol=1e-12
        )
        mid_pre = x + a_pre
        hidden_pre = torch.relu(layer.ff[0](layer.norm2(mid_pre)))
        np.testing.assert_allclose(pre.attn.numpy(), a_pre.detach().numpy(), atol=1e-12)
        np.testing.assert_allclose(pre.mid.numpy(), mid_pre.detach().numpy(), atol=1e-12)
        np.testing.assert_allclose(pre.hidden.numpy(), hidden_pre.detach().numpy(), atol=1e-12)
        np.testing.assert_allclose(
            pre.out.numpy(), (mid_pre + layer.ff[2](hidden_pre)).detach().numpy(), atol=1e-12
        )
    assert (post.hidden >= 0).all() and (post.hidden == 0).any()  # ReLU switched some units off


@pytest.mark.parametrize("norm", NORMS)
def test_residual_off_keeps_only_the_sublayers(norm: Norm) -> None:
    layer = our_layer(16, 2, seed=4)
    x = randn(1, 6, 16, seed=6)
    with torch.no_grad():
        tr = layer.trace(x, residual=False, norm=norm)
        if norm == "post":
            a, _ = layer.attn(x)
            mid = layer.norm1(a)
            out = layer.norm2(layer.ff(mid))
        else:
            a, _ = layer.attn(layer.norm1(x))
            mid = a
            out = layer.ff(layer.norm2(mid))
    np.testing.assert_allclose(tr.mid.numpy(), mid.numpy(), atol=1e-12)
    np.testing.assert_allclose(tr.out.numpy(), out.numpy(), atol=1e-12)


def test_norm_placement_runs_on_the_same_weights() -> None:
    post = build(ModelConfig(d_model=32, n_heads=4, n_layers=2, seed=3))
    pre = build(ModelConfig(d_model=32, n_heads=4, n_layers=2, seed=3, norm="pre"))
    for (name, a), (_, b) in zip(post.state_dict().items(), pre.state_dict().items(), strict=True):
        assert torch.equal(a, b), name
    x = sentence_input(token_vectors(("I", "am", "good"), 32, 0))
    ids = torch.tensor([[1, 2, 3, 4]])
    with torch.no_grad():
        for h_post_as_pre, h_pre in zip(post.run(x, norm="pre").hidden, pre.run(x).hidden, strict=True):
            assert torch.equal(h_post_as_pre, h_pre)
        logits, _ = pre(ids)
        run = pre.run(pre.embed(ids))
        np.testing.assert_allclose(logits.numpy(), pre.head(pre.final_norm(run.output)).numpy(), atol=1e-6)
        logits_post, _ = post(ids)
        np.testing.assert_allclose(
            logits_post.numpy(), post.head(post.run(post.embed(ids)).output).numpy(), atol=1e-6
        )


def test_unknown_norm_is_refused() -> None:
    with pytest.raises(ValueError, match="norm"):
        ModelConfig(norm="middle")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="norm"):
        our_layer(8, 2, seed=0).trace(randn(1, 2, 8, seed=0), norm="sandwich")  # type: ignore[arg-type]


# ---- the decoder layer ------------------------------------------------------------------------------------
def decoder_twin(ours: DecoderLayer, norm: Norm) -> nn.TransformerDecoderLayer:
    d_model, d_ff = ours.self_attn.d_model, linear(ours.ff, 0).out_features
    ref = nn.TransformerDecoderLayer(
        d_model, ours.self_attn.n_heads, d_ff, dropout=0.0, batch_first=True, norm_first=norm == "pre"
    )
    ref = ref.double().eval()
    copy_attention(ref.self_attn, ours.self_attn)
    copy_attention(ref.multihead_attn, ours.cross_attn)
    copy_ffn(ref, ours.ff)
    for mine, theirs in ((ours.norm1, ref.norm1), (ours.norm2, ref.norm2), (ours.norm3, ref.norm3)):
        theirs.load_state_dict(mine.state_dict())
    return ref


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize(("d_model", "n_heads"), [(8, 2), (12, 3), (32, 8)])
def test_decoder_layer_matches_torch(norm: Norm, d_model: int, n_heads: int) -> None:
    ours = build_decoder(ModelConfig(d_model=d_model, n_heads=n_heads, encoding="none", seed=1)).double()
    randomize(ours, 4)
    ref = decoder_twin(ours, norm)
    t, s = 5, 7
    y, memory = randn(2, t, d_model, seed=1), randn(2, s, d_model, seed=2)
    with torch.no_grad():
        tr = ours.trace(y, memory, causal_mask(t)[None, None], None, norm)
        expected = ref(y, memory, tgt_mask=~causal_mask(t))
        # The cross step's queries: what the first sublayer handed on (normalised first under pre-norm).
        if norm == "post":
            queries = ours.norm1(y + ours.self_attn(y, causal_mask(t))[0])
        else:
            queries = ours.norm2(y + ours.self_attn(ours.norm1(y), causal_mask(t))[0])
        _, ref_w = ref.multihead_attn(queries, memory, memory, need_weights=True, average_attn_weights=False)
    np.testing.assert_allclose(tr.out.numpy(), expected.numpy(), atol=1e-10, rtol=0)
    assert tr.self_weights.shape == (2, n_heads, t, t) and tr.cross_weights.shape == (2, n_heads, t, s)
    assert float(tr.self_weights.triu(1).abs().max()) == 0.0
    np.testing.assert_allclose(tr.cross_weights.sum(-1).numpy(), 1.0, atol=1e-12)
    assert ref_w is not None
    np.testing.assert_allclose(tr.cross_weights.numpy(), ref_w.numpy(), atol=1e-12)


def test_cross_attention_takes_keys_and_values_from_memory() -> None:
    mha = copy.deepcopy(build_decoder(ModelConfig(d_model=16, n_heads=4, seed=0)).cross_attn).double()
    randomize(mha, 1)
    ref = nn.MultiheadAttention(16, 4, batch_first=True).double()
    copy_attention(ref, mha)
    x, memory = randn(1, 3, 16, seed=1), randn(1, 9, 16, seed=2)
    with torch.no_grad():
        out, w = mha(x, memory=memory)
        ref_out, ref_w = ref(x, memory, memory, need_weights=True, average_attn_weights=False)
    assert ref_w is not None and w.shape == (1, 4, 3, 9)
    np.testing.assert_allclose(out.numpy(), ref_out.numpy(), atol=1e-10)
    np.testing.assert_allclose(w.numpy(), ref_w.numpy(), atol=1e-12)


def test_decoder_weights_are_seeded_and_not_the_encoders() -> None:
    config = ModelConfig(d_model=16, n_heads=4, seed=5)
    with torch.random.fork_rng():
        torch.manual_seed(1)
        before = torch.random.get_rng_state()
        a = build_decoder(config)
        assert torch.equal(before, torch.random.get_rng_state())
    b = build_decoder(config)
    for (name, p), (_, q) in zip(a.state_dict().items(), b.state_dict().items(), strict=True):
        assert torch.equal(p, q), name
    encoder = build(config)
    assert not torch.equal(a.self_attn.w_q.weight, encoder.attention(0).w_q.weight)
    other = build_decoder(replace(config, seed=6))
    assert not torch.equal(a.self_attn.w_q.weight, other.self_attn.w_q.weight)
    assert DECODER_SEED_OFFSET > 9999  # the page's seeds (0..9999) never make a decoder equal to an encoder
    assert not a.training


# ---- viz.model.block
# ---------------------------------------------------------------------------------------------
CONFIG = ModelConfig(d_model=32, n_heads=4, n_layers=3, seed=2)
TOKENS = ("A", "dog", "ate", "the", "food")


def sentence(config: ModelConfig = CONFIG, tokens: tuple[str, ...] = TOKENS) -> Tensor:
    return sentence_input(token_vectors(tokens, config.d_model, 0))


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("residual", [True, False])
def test_path_holds_the_traces(norm: Norm, residual: bool) -> None:
    model = build(CONFIG)
    x = sentence()
    p = block.path(model, x, norm, residual)
    with torch.no_grad():
        traces = model.traces(x, residual=residual, norm=norm)
    assert p.n_layers == 3 and p.norm == norm and p.residual == residual
    for name in block.STAGES:
        np.testing.assert_array_equal(
            p.stage(name), np.stack([getattr(tr, name)[0].numpy() for tr in traces])
        )
    assert p.hidden.shape == (3, 5, CONFIG.d_ff) and p.x.shape == (3, 5, 32)
    flow = p.flow()
    assert len(flow) == 1 + 5 * 3 and flow[0][0] == 0 and flow[-1][:2] == (3, "out")
    np.testing.assert_array_equal(p.x[1], p.out[0])  # each block reads the one before
    with pytest.raises(ValueError):
        p.stage("nope")


def test_norms_and_cosines_by_formula() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=(4, 6)), rng.normal(size=(4, 6))
    np.testing.assert_allclose(block.token_norms(a), [math.sqrt(sum(v * v for v in row)) for row in a])
    expected = [
        float(np.dot(u, v) / np.linalg.norm(u) / np.linalg.norm(v)) for u, v in zip(a, b, strict=True)
    ]
    np.testing.assert_allclose(block.cosine(a, b), expected)
    zero = np.zeros((1, 6))
    assert block.cosine(zero, b[:1])[0] == 0.0
    pairs = [
        float(np.dot(a[i], a[j]) / np.linalg.norm(a[i]) / np.linalg.norm(a[j]))
        for i in range(4)
        for j in range(4)
        if i != j
    ]
    assert block.mean_pairwise_cosine(a) == pytest.approx(np.mean(pairs))
    assert math.isnan(block.mean_pairwise_cosine(a[:1]))
    assert block.mean_pairwise_cosine(np.ones((3, 5))) == pytest.approx(1.0)


def test_similarity_to_input_and_what_the_residual_keeps() -> None:
    config = ModelConfig(d_model=128, n_heads=8, n_layers=6, seed=0)
    model = build(config)
    x = sentence(config, ("A", "dog", "ate", "the", "food", "because", "it", "was", "hungry"))
    on, off = block.path(model, x, "post", True), block.path(model, x, "post", False)
    where, sim_on = block.similarity_to_input(on)
    _, sim_off = block.similarity_to_input(off)
    assert where[0] == (0, "x") and len(where) == 1 + 4 * 6 and sim_on.shape == (25, 9)
    np.testing.assert_allclose(sim_on[0], 1.0, atol=1e-6)
    np.testing.assert_allclose(sim_on[2], block.cosine(on.mid[0], on.x[0]))
    np.testing.assert_allclose(sim_on[6], block.cosine(on.mid[1], on.x[1]))  # block 2 against its own input
    np.testing.assert_allclose(sim_on[8], block.cosine(on.out[1], on.out[0]))
    kept = block.stage_mean(where, sim_on, ("mid", "out"))
    rows = [i for i, (layer, name) in enumerate(where) if layer and name in ("mid", "out")]
    assert kept == pytest.approx(sim_on[rows].mean()) and len(rows) == 12
    assert math.isnan(block.stage_mean(where, sim_on, ("hidden",)))
    # Without the residual nothing of the input survives past the first sublayer: the cosines are those
    # of unrelated directions (two random ones in d dimensions: E|cos| = √(2 / (π d)), 0.07 here), within
    # a factor of two; with it, the sums keep much of the input.
    assert np.abs(sim_off[1:]).mean() < 2 * math.sqrt(2 / (math.pi * config.d_model))
    assert sim_on[2].mean() > 0.5 and sim_on[-1].mean() > np.abs(sim_off[-1]).mean() + 0.1
    alike_on, alike_off = block.token_alikeness(on), block.token_alikeness(off)
    assert alike_on.shape == (7,) and alike_on[0] == alike_off[0]
    assert alike_off[-1] > 0.99 and alike_on[1] < alike_off[1]


def test_flow_norms_and_the_post_norm_length() -> None:
    config = ModelConfig(d_model=64, n_heads=4, n_layers=2, seed=1)
    p = block.path(build(config), sentence(config), "post", True)
    norms = block.flow_norms(p)
    assert norms.shape == (11, 5)
    # A LayerNorm'd token (weight 1, bias 0) has mean 0 and variance 1: its length is √d_model.
    for i in (2, 5, 7, 10):
        np.testing.assert_allclose(norms[i], math.sqrt(64), rtol=1e-4)


def test_stack_norms_post_stays_pre_grows() -> None:
    config = ModelConfig(d_model=128, n_heads=8, n_layers=6, seed=0)
    model = build(config)
    x = sentence(config)
    sn = block.stack_norms(model, x)
    with torch.no_grad():
        pre = model.run(x, norm="pre")
    expected = [np.linalg.norm(h[0].numpy(), axis=-1).mean() for h in pre.hidden]
    np.testing.assert_allclose(sn.pre, expected, rtol=1e-5)
    np.testing.assert_allclose(sn.post[1:], math.sqrt(128), rtol=1e-4)
    assert sn.post[0] == pytest.approx(sn.pre[0])
    assert np.all(np.diff(sn.pre) > 0) and sn.pre_final == pytest.approx(math.sqrt(128), rel=1e-4)


def test_gradient_step_equals_autograd_by_hand() -> None:
    config = ModelConfig(d_model=32, n_heads=4, n_layers=3, seed=4)
    for norm in NORMS:
        got = block.gradient_step(config, norm)
        cfg = replace(train.task_model_config(block.GRADIENT_TASK, config), norm=norm)
        model = build(cfg)
        xs, ys = train.make_batch(
            block.GRADIENT_TASK, train.BATCH, np.random.default_rng(block.GRADIENT_SEED)
        )
        logits, _ = model(torch.from_numpy(xs))
        loss = nn.functional.cross_entropy(
            logits.reshape(-1, logits.shape[-1]), torch.from_numpy(ys).reshape(-1)
        )
        loss.backward()
        expected = [
            math.sqrt(
                sum(float((p.grad.double() ** 2).sum()) for p in layer.parameters() if p.grad is not None)
            )
            for layer in model.layers
        ]
        np.testing.assert_allclose(got.norms, expected, rtol=1e-6)
        assert got.loss == pytest.approx(float(loss.detach()), rel=1e-6)
        assert got.norms.shape == (3,) and np.all(got.norms > 0)
        np.testing.assert_array_equal(block.gradient_step(config, norm).norms, got.norms)  # deterministic


def test_gradient_limit() -> None:
    small = ModelConfig(d_model=128, n_heads=8, n_layers=6)
    big = ModelConfig(d_model=1024, n_heads=8, n_layers=6)
    assert block.gradient_ok(small) and not block.gradient_ok(big)
    assert block.gradient_params(big) == train.param_count(train.task_model_config(block.GRADIENT_TASK, big))
    assert block.gradient_params(big) > block.GRADIENT_PARAM_LIMIT
    with pytest.raises(ValueError, match="parameters"):
        block.gradient_step(big, "post")


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("encoding", ["sinusoidal", "rope", "none"])
def test_decoder_maps(norm: Norm, encoding: ModelEncoding) -> None:
    config = ModelConfig(d_model=32, n_heads=4, n_layers=2, encoding=encoding, seed=3)
    encoder, decoder = build(config), build_decoder(config)
    src = sentence(config, ("I", "am", "good"))
    tgt = sentence(config, (block.BOS, "나는", "잘", "지내"))
    maps = block.decoder_maps(encoder, decoder, src, tgt, norm)
    assert maps.self_weights.shape == (4, 4, 4) and maps.cross_weights.shape == (4, 4, 3)
    assert block.above_diagonal(maps.self_weights) == 0.0
    np.testing.assert_allclose(maps.self_weights[:, 0, 0], 1.0)
    np.testing.assert_allclose(maps.self_weights.sum(-1), 1.0, atol=1e-6)
    np.testing.assert_allclose(maps.cross_weights.sum(-1), 1.0, atol=1e-6)
    # Against torch: the encoder's output (the final LayerNorm under pre-norm) as memory, fed to
    # nn.TransformerDecoderLayer with the decoder's weights; its cross-attention weights for the same
    # queries must be ours.
    with torch.no_grad():
        h = src
        pe = encoder.position_table(3)
        h = h + pe if pe is not None else h
        for layer in encoder.layers:
            assert isinstance(layer, EncoderLayer)
            h = layer(h, norm=norm)[0]
        memory = nn.functional.layer_norm(h, (32,)) if norm == "pre" else h
        if encoding != "rope":  # torch's decoder layer has no RoPE
            twin = copy.deepcopy(decoder).double()
            ref = decoder_twin(twin, norm)
            pe_target = encoder.position_table(4)
            y = tgt.double() if pe_target is None else tgt.double() + pe_target.double()
            if norm == "post":
                q = twin.norm1(y + twin.self_attn(y, causal_mask(4))[0])
            else:
                q = twin.norm2(y + twin.self_attn(twin.norm1(y), causal_mask(4))[0])
            m = memory.double()
            _, w = ref.multihead_attn(q, m, m, average_attn_weights=False)
            assert w is not None
            np.testing.assert_allclose(maps.cross_weights, w[0].numpy(), atol=1e-5)


# ---- the block's helpers, viz.views.encoder ----------------------------------------------------------
def test_flow_labels_are_unique_and_layer_span() -> None:
    p = block.path(build(CONFIG), sentence(), "post", True)
    where = [(layer, name) for layer, name, _ in p.flow()]
    assert p.stages() == where
    short = {
        "x": "input",
        "attn": "attn",
        "mid": "add&norm",
        "hidden": "ReLU",
        "ffn": "FFN",
        "out": "add&norm",
    }
    labels = block.flow_labels(where, short)
    assert len(set(labels)) == len(labels) == 16
    assert labels[:3] == ["input", "L1.1 attn", "L1.2 add&norm"] and labels[5] == "L1.5 add&norm"
    assert block.layer_span(where, 1) == (1, 5) and block.layer_span(where, 3) == (11, 15)
    with pytest.raises(ValueError):
        block.layer_span(where, 4)


def test_small_helpers() -> None:
    assert block.zero_share(np.array([0.0, 1.0, 0.0, 2.0])) == 0.5 and block.zero_share(np.array([])) == 0.0
    assert enc_views.ratio(3.0, 2.0) == 1.5 and math.isnan(enc_views.ratio(1.0, 0.0))
    assert (
        math.isnan(enc_views.ratio(5.0, 1e-12)) and enc_views.ratio(1e-12, 2e-12) == 0.5
    )  # relative, not absolute
    assert enc_views.ratio_text(1.234) == "1.23" and enc_views.ratio_text(float("nan")) == "—"
    assert enc_views.has_nan(1.0, float("nan")) and not enc_views.has_nan(1.0, 2.0)
    assert enc_views.clearly_below(0.6, 1.2) and not enc_views.clearly_below(0.88, 0.88)
    assert (
        not enc_views.clearly_below(float("nan"), 1.0)
        and enc_views.converges(0.95)
        and not enc_views.converges(0.5)
    )
    maps = np.array([np.eye(3), np.full((3, 3), 1 / 3)])
    assert block.first_self_weight(maps) == pytest.approx(1 / 3)
    causal = np.tril(np.ones((3, 3))) / np.arange(1, 4)[:, None]
    assert block.above_diagonal(causal) == 0.0
    leaky = causal.copy()
    leaky[0, 2] = 0.25
    assert block.above_diagonal(leaky) == 0.25 and block.above_diagonal(np.ones((1, 1))) == 0.0
    assert enc_views.layer_labels(2, "block") == ["block 1", "block 2"]
    assert enc_views.boundary_labels(2, "input", "after {k}") == ["input", "after 1", "after 2"]
    series = block.token_series(["0 · a", "1 · b"], np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    assert series["1 · b"].tolist() == [2.0, 4.0, 6.0]
    np.testing.assert_allclose(block.column_mean(np.array([[1.0, 3.0], [2.0, 6.0]])), [2.0, 4.0])
    assert block.decoder_tokens("[BOS]", ("a", "b"), 48) == ("[BOS]", "a", "b")
    assert block.decoder_tokens("[BOS]", tuple("abcdef"), 3) == ("[BOS]", "a", "b")
    assert block.decoder_tokens("[BOS]", (), 48) == ("[BOS]",)
    assert all(enc_strings.TRANSLATIONS.values())
