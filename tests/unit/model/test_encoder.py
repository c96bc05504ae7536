"""viz.model.encoder: its configuration, seeded weights, multi-head attention against
torch.nn.MultiheadAttention,
the position signals (added tables and RoPE) and the permutation equivariance of attention without them."""

from __future__ import annotations

import copy
import dataclasses
import math
import re
import subprocess
import sys

import numpy as np
import pytest
import torch
from torch import Tensor, nn

from viz.encodings import EncodingSpec, encode, rope_rotate
from viz.model import model_cache as live
from viz.model.attention import causal_mask, padding_mask
from viz.model.encoder import (
    MODEL_ENCODINGS,
    Encoder,
    ModelConfig,
    ModelEncoding,
    MultiHeadAttention,
    build,
    check,
    rope_apply,
    rope_tables,
    sentence_input,
)


def randn(*shape: int, seed: int, dtype: torch.dtype = torch.float32) -> Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=dtype)


def randomize(module: nn.Module, seed: int) -> None:
    """Every parameter drawn afresh (the model's biases start at 0, which would hide a misplaced bias)."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.randn(p.shape, generator=g, dtype=p.dtype) * 0.5)


# ---- the configuration ---------------------------------------------------------------------------------
def test_heads_that_do_not_divide_d_model_are_rejected_by_name() -> None:
    with pytest.raises(ValueError) as err:
        ModelConfig(d_model=100, n_heads=7)
    message = str(err.value)
    assert re.search(r"\b7\b", message) and re.search(r"\b100\b", message), message
    problems = check(100, 7)
    assert len(problems) == 1 and "7" in problems[0] and "100" in problems[0]


@pytest.mark.parametrize("n_layers", [0, -1, 7, 12])
def test_layers_outside_one_to_six_are_rejected(n_layers: int) -> None:
    with pytest.raises(ValueError, match="layers"):
        ModelConfig(n_layers=n_layers)
    assert check(128, 8, n_layers)


@pytest.mark.parametrize(("d_model", "n_heads"), [(0, 1), (8, 0), (-4, 2), (8, -1)])
def test_non_positive_sizes_are_rejected(d_model: int, n_heads: int) -> None:
    assert check(d_model, n_heads)
    with pytest.raises(ValueError):
        ModelConfig(d_model=d_model, n_heads=n_heads)


@pytest.mark.parametrize("encoding", ["sine", "", "Sinusoidal", "alibi"])
def test_unknown_encoding_is_rejected(encoding: ModelEncoding) -> None:
    with pytest.raises(ValueError, match="encoding"):
        ModelConfig(encoding=encoding)


def test_valid_sizes_have_no_problems() -> None:
    for d_model in (1, 6, 8, 128, 96):
        for n_heads in (h for h in range(1, d_model + 1) if d_model % h == 0):
            for n_layers in range(1, 7):
                assert check(d_model, n_heads, n_layers) == []
                assert ModelConfig(d_model=d_model, n_heads=n_heads, n_layers=n_layers).d_k == (
                    d_model // n_heads
                )
    for encoding in MODEL_ENCODINGS:
        ModelConfig(encoding=encoding)  # every offered encoding is accepted


def test_config_is_hashable_and_frozen() -> None:
    a, b = (
        ModelConfig(d_model=64, n_heads=4, encoding="rope"),
        ModelConfig(d_model=64, n_heads=4, encoding="rope"),
    )
    assert a == b and hash(a) == hash(b)
    assert len({a, b, ModelConfig(), ModelConfig(seed=1)}) == 3
    assert {a: 1}[b] == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seed = 3  # type: ignore[misc]


# ---- seeded weights ------------------------------------------------------------------------------------
def assert_same_state(a: nn.Module, b: nn.Module) -> None:
    sa, sb = a.state_dict(), b.state_dict()
    assert sa.keys() == sb.keys()
    for name in sa:
        assert torch.equal(sa[name], sb[name]), name


@pytest.mark.parametrize("encoding", MODEL_ENCODINGS)
def test_same_config_gives_identical_weights(encoding: ModelEncoding) -> None:
    config = ModelConfig(d_model=32, n_heads=4, n_layers=2, encoding=encoding, seed=7)
    a, b = build(config), build(config)
    assert_same_state(a, b)
    assert len(list(a.parameters())) > 0


def test_different_seed_gives_different_weights() -> None:
    a = build(ModelConfig(d_model=32, n_heads=4, n_layers=2, encoding="learned", seed=0))
    b = build(ModelConfig(d_model=32, n_heads=4, n_layers=2, encoding="learned", seed=1))
    different = 0
    for (name, pa), (_, pb) in zip(a.named_parameters(), b.named_parameters(), strict=True):
        if pa.dim() >= 2:  # every weight matrix is random (biases start at 0, LayerNorm at 1 and 0)
            assert not torch.equal(pa, pb), name
            different += 1
    assert different == 1 + 2 * 6 + 1 + 1  # embedding, 2 layers x (4 attention + 2 FFN), head, learned table


def test_weights_do_not_depend_on_the_global_rng() -> None:
    config = ModelConfig(d_model=32, n_heads=4, n_layers=2)
    with torch.random.fork_rng():
        torch.manual_seed(1)
        a = build(config)
        torch.manual_seed(2)
        b = build(config)
    assert_same_state(a, b)


def test_a_process_first_model_does_not_load_torch_dynamo() -> None:
    # Made on the meta device through nn.Embedding's own init and Module.to_empty, the first model of a
    # process imported torch._dynamo and sympy: 2.3 s of CPU in every server and test process.
    code = (
        "import sys\n"
        "from viz.model.encoder import ModelConfig, build\n"
        "from viz.model.decoder import build_decoder\n"
        "build(ModelConfig()); build_decoder(ModelConfig())\n"
        "print(sorted(m for m in ('torch._dynamo', 'sympy') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_building_leaves_the_global_rng_alone() -> None:
    with torch.random.fork_rng():
        torch.manual_seed(5)
        before = torch.random.get_rng_state()
        model = build(ModelConfig(d_model=32, n_heads=4))
        after = torch.random.get_rng_state()
    assert torch.equal(before, after)
    # The layers were made without storage and then filled: every value is set, the norms start at 1, 0.
    for name, p in model.named_parameters():
        assert torch.isfinite(p).all(), name
    norms = [m for m in model.modules() if isinstance(m, nn.LayerNorm)]
    assert len(norms) == 3  # the layer's two, and the final one a pre-norm stack uses
    for norm in norms:
        assert torch.equal(norm.weight, torch.ones_like(norm.weight))
        assert torch.equal(norm.bias, torch.zeros_like(norm.bias))


# ---- one layer's multi-head attention against torch ----------------------------------------------------
def torch_twin(ours: MultiHeadAttention) -> nn.MultiheadAttention:
    """torch's multi-head attention with our weights: Q, K, V projections stacked into in_proj."""
    ref = nn.MultiheadAttention(ours.d_model, ours.n_heads, batch_first=True).double().eval()
    with torch.no_grad():
        ref.in_proj_weight.copy_(torch.cat([ours.w_q.weight, ours.w_k.weight, ours.w_v.weight]))
        assert ref.in_proj_bias is not None
        ref.in_proj_bias.copy_(torch.cat([ours.w_q.bias, ours.w_k.bias, ours.w_v.bias]))
        ref.out_proj.weight.copy_(ours.w_o.weight)
        ref.out_proj.bias.copy_(ours.w_o.bias)
    return ref


@pytest.mark.parametrize(("d_model", "n_heads"), [(8, 1), (8, 2), (8, 8), (12, 3), (32, 4), (5, 5)])
@pytest.mark.parametrize("mask_kind", ["none", "causal", "padding", "both"])
def test_multi_head_attention_matches_torch(d_model: int, n_heads: int, mask_kind: str) -> None:
    model = build(ModelConfig(d_model=d_model, n_heads=n_heads, encoding="none", seed=d_model + n_heads))
    ours = copy.deepcopy(model.attention(0)).double().eval()
    randomize(ours, seed=3)
    ref = torch_twin(ours)
    b, t = 3, 6
    x = randn(b, t, d_model, seed=4, dtype=torch.float64)
    lengths = (6, 4, 1)
    mask = None
    kwargs: dict[str, Tensor] = {}
    if mask_kind in ("causal", "both"):
        mask = causal_mask(t)
        kwargs["attn_mask"] = ~causal_mask(t)  # torch's attn_mask: True = NOT allowed
    if mask_kind in ("padding", "both"):
        pad = padding_mask(lengths, t)
        mask = pad if mask is None else mask & pad
        kwargs["key_padding_mask"] = ~pad[:, 0, 0, :]  # torch's key_padding_mask: True = padded
    with torch.no_grad():
        out, weights = ours(x, mask)
        ref_out, ref_weights = ref(x, x, x, need_weights=True, average_attn_weights=False, **kwargs)
    assert out.shape == (b, t, d_model) and weights.shape == (b, n_heads, t, t)
    assert ref_weights is not None
    # float64 throughout: the two differ only in the order of the sums (~1e-15).
    np.testing.assert_allclose(out.numpy(), ref_out.numpy(), atol=1e-10, rtol=0)
    np.testing.assert_allclose(weights.numpy(), ref_weights.numpy(), atol=1e-12, rtol=0)


# ---- the encoder ---------------------------------------------------------------------------------------
SMALL = ModelConfig(d_model=32, n_heads=4, n_layers=3, vocab_size=11, n_classes=7, seed=1)


def test_encoder_forward_shapes_and_distributions() -> None:
    model = build(SMALL)
    ids = torch.from_numpy(np.random.default_rng(0).integers(0, 11, (2, 9)))
    with torch.no_grad():
        logits, weights = model(ids)
    assert logits.shape == (2, 9, 7)
    assert len(weights) == 3
    for w in weights:
        assert w.shape == (2, 4, 9, 9)
        assert (w >= 0).all()
        np.testing.assert_allclose(w.sum(-1).numpy(), 1.0, atol=1e-6)  # float32 rows of 9


def test_encoder_with_a_causal_mask_looks_only_back() -> None:
    model = build(SMALL)
    t = 9
    ids = torch.from_numpy(np.random.default_rng(1).integers(0, 11, (2, t)))
    with torch.no_grad():
        logits, weights = model(ids, causal_mask(t))
        later = ids.clone()
        later[:, -1] = (later[:, -1] + 1) % 11  # change only the last token
        logits_later, _ = model(later, causal_mask(t))
        logits_open, _ = model(later)
    upper = torch.ones(t, t, dtype=torch.bool).triu(1)
    for w in weights:
        assert (w[..., upper] == 0).all()
        np.testing.assert_allclose(w.sum(-1).numpy(), 1.0, atol=1e-6)
    # No earlier position can see the change; the last one does, and without the mask every one does.
    np.testing.assert_array_equal(logits[:, :-1].numpy(), logits_later[:, :-1].numpy())
    assert not torch.allclose(logits[:, -1], logits_later[:, -1])
    assert not torch.allclose(logits[:, 0], logits_open[:, 0])


def test_more_positions_than_the_tables_hold_are_rejected() -> None:
    model = build(ModelConfig(d_model=8, n_heads=2, max_len=10))
    with pytest.raises(ValueError, match="10"):
        model.run(torch.zeros(1, 11, 8))


@pytest.mark.parametrize("encoding", MODEL_ENCODINGS)
def test_position_signal_added_to_the_first_layer_input(encoding: ModelEncoding) -> None:
    # A base and seed other than the defaults: a model that ignored either would fail here.
    config = ModelConfig(d_model=16, n_heads=2, encoding=encoding, base=100.0, seed=3)
    model = build(config)
    t = 10
    x = randn(2, t, 16, seed=5)
    with torch.no_grad():
        h0 = model.run(x).hidden[0]
    if encoding == "none" or encoding == "rope":
        assert torch.equal(h0, x)
        assert model.position_table(t) is None
    else:
        table = encode(EncodingSpec(encoding, config.max_len, config.d_model, config.base, seed=config.seed))
        # float32 sums of values up to 9 (integer encoding): a few ulps.
        np.testing.assert_allclose(h0.numpy(), x.numpy() + table[:t], rtol=1e-6, atol=1e-6)


# ---- RoPE ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("d_k", [2, 5, 8, 16])
@pytest.mark.parametrize("base", [10000.0, 100.0])
def test_rope_apply_is_rope_rotate_row_by_row(d_k: int, base: float) -> None:
    t = 40
    x = randn(t, d_k, seed=d_k, dtype=torch.float64)
    before = x.clone()
    cos, sin = rope_tables(t, d_k, base)
    assert cos.shape == sin.shape == (t, d_k // 2)
    got = rope_apply(x, cos, sin).numpy()
    assert torch.equal(x, before)  # the input is not rotated in place
    expected = np.stack([rope_rotate(x[i].numpy(), np.array([i]), base)[0] for i in range(t)])
    # The tables hold float32 angles (pos ω up to 39 rad, ulp ~4e-6): rotated entries agree to ~1e-5.
    np.testing.assert_allclose(got, expected, atol=2e-5, rtol=0)
    assert not np.allclose(got[1:], x[1:].numpy(), atol=1e-3)  # it does rotate
    if d_k % 2:
        np.testing.assert_array_equal(got[:, -1], x[:, -1].numpy())  # the lone column stays


def test_rope_apply_broadcasts_over_batch_and_heads() -> None:
    t, d_k = 7, 6
    x = randn(2, 3, t, d_k, seed=9, dtype=torch.float64)
    cos, sin = rope_tables(t, d_k, 10000.0)
    got = rope_apply(x, cos, sin)
    for b in range(2):
        for h in range(3):
            np.testing.assert_array_equal(got[b, h].numpy(), rope_apply(x[b, h], cos, sin).numpy())


def test_rope_model_rotates_queries_and_keys_by_position() -> None:
    config = ModelConfig(d_model=16, n_heads=2, encoding="rope", base=100.0, seed=2)
    model = build(config)
    attn = model.attention(0)
    assert attn.rope_base == 100.0
    randomize(attn, seed=8)  # nonzero biases too: RoPE rotates x W_Qᵀ + b, bias included
    t = 9
    x = randn(1, t, 16, seed=6)
    with torch.no_grad():
        parts = attn.parts(x)
    xn = x[0].double().numpy()
    for name, lin, rotated in (("q", attn.w_q, True), ("k", attn.w_k, True), ("v", attn.w_v, False)):
        plain = (
            xn @ lin.weight.detach().double().numpy().T + lin.bias.detach().double().numpy()
        )  # (T, d_model)
        for h in range(2):
            cols = plain[:, h * 8 : (h + 1) * 8]
            expected = rope_rotate(cols, np.arange(t), 100.0) if rotated else cols
            np.testing.assert_allclose(getattr(parts, name)[0, h].numpy(), expected, atol=1e-5)


def test_rope_scores_depend_only_on_the_offset() -> None:
    """(R_m q) · (R_n k) = q · R_(n-m) k: the same content at shifted positions scores the same."""
    t, d_k, base = 12, 8, 10000.0
    q0, k0 = randn(d_k, seed=10, dtype=torch.float64), randn(d_k, seed=11, dtype=torch.float64)
    cos, sin = rope_tables(t, d_k, base)
    qr, kr = rope_apply(q0.expand(t, d_k), cos, sin), rope_apply(k0.expand(t, d_k), cos, sin)
    score = (qr @ kr.T).numpy()  # score[m, n]: query at m, key at n
    for m in range(t):
        for n in range(t):
            offset = n - m
            by_offset = (
                rope_rotate(q0.numpy(), np.array([0]), base)[0]
                @ rope_rotate(k0.numpy(), np.array([offset]), base)[0]
            )
            assert score[m, n] == pytest.approx(by_offset, abs=1e-4)
            for s in range(1, t - max(m, n)):
                assert score[m, n] == pytest.approx(score[m + s, n + s], abs=1e-4)
    # ... and it does depend on the offset: otherwise the check above would be empty.
    assert np.ptp(score[0]) > 0.1


def test_rope_model_scores_follow_the_offset_for_repeated_tokens() -> None:
    """Through the real layer: a sequence of one repeated token gives Toeplitz scores in every head."""
    model = build(ModelConfig(d_model=16, n_heads=2, encoding="rope", seed=4))
    t = 10
    x = randn(1, 1, 16, seed=12).expand(1, t, 16).contiguous()
    with torch.no_grad():
        parts = model.attention(0).parts(x)
    for h in range(2):
        s = (parts.q[0, h] @ parts.k[0, h].T).numpy()
        for offset in range(-(t - 1), t):
            diagonal = np.diagonal(s, offset=offset)
            np.testing.assert_allclose(diagonal, diagonal[0], atol=1e-4)
        assert np.ptp(s[0]) > 1e-2


# ---- word order ----------------------------------------------------------------------------------------
PERM = np.random.default_rng(3).permutation(10)


@pytest.mark.parametrize("encoding", MODEL_ENCODINGS)
def test_only_a_model_without_position_is_permutation_equivariant(encoding: ModelEncoding) -> None:
    model = build(ModelConfig(d_model=32, n_heads=4, n_layers=2, encoding=encoding))
    x = randn(2, 10, 32, seed=13)
    perm = torch.from_numpy(PERM)
    with torch.no_grad():
        plain, shuffled = model.run(x), model.run(x[:, perm])
    difference = float((shuffled.output - plain.output[:, perm]).abs().max())
    if encoding == "none":
        # Every step is per position or a weighted sum over all positions: f(P x) = P f(x) up to float32
        # rounding of outputs of size ~3 (LayerNorm), so well below 1e-4.
        assert difference < 1e-4
        for wa, wb in zip(plain.weights, shuffled.weights, strict=True):
            np.testing.assert_allclose(wb.numpy(), wa[:, :, perm][:, :, :, perm].numpy(), atol=1e-6)
    else:
        assert difference > 1e-2, encoding


@pytest.mark.parametrize("encoding", MODEL_ENCODINGS)
def test_use_position_false_is_the_same_model_without_an_encoding(encoding: ModelEncoding) -> None:
    """The weights are drawn in the same order whatever the encoding, so switching the position signal off
    must give exactly the model built with encoding "none" (no table added, no RoPE rotation)."""
    config = ModelConfig(d_model=32, n_heads=4, n_layers=2, encoding=encoding, seed=6)
    model, blind = build(config), build(dataclasses.replace(config, encoding="none"))
    x = randn(2, 10, 32, seed=14)
    mask = causal_mask(10)
    with torch.no_grad():
        off, reference = model.run(x, mask, use_position=False), blind.run(x, mask)
        on = model.run(x, mask)
    assert torch.equal(off.hidden[0], x)
    for a, b in zip(off.hidden + off.weights, reference.hidden + reference.weights, strict=True):
        np.testing.assert_allclose(a.numpy(), b.numpy(), atol=1e-6, rtol=0)
    if encoding != "none":
        assert float((on.output - off.output).abs().max()) > 1e-2  # the default does use position


# ---- sentence input ------------------------------------------------------------------------------------
def test_sentence_input_scales_by_root_d_model() -> None:
    d, t = 64, 5
    vectors = np.random.default_rng(0).normal(0.0, 1 / math.sqrt(d), (t, d))
    x = sentence_input(vectors)
    assert x.shape == (1, t, d)
    assert x.dtype == torch.float32  # the model's weights are float32
    np.testing.assert_allclose(x[0].numpy(), vectors * 8.0, rtol=1e-6)
    assert x.std().item() == pytest.approx(1.0, abs=0.1)  # N(0, 1/d) entries become N(0, 1)
    assert isinstance(build(ModelConfig(d_model=d, n_heads=4)).run(x).output, Tensor)


def test_encoder_type() -> None:
    assert isinstance(build(ModelConfig()), Encoder)
    assert not build(ModelConfig()).training


def test_a_deeper_stack_starts_with_the_shallower_stacks_layers() -> None:
    """viz.ui.layer_maps takes a layer's attention weights from the stack that ends there: the weights
    are drawn layer by layer from the seed, and a layer does not depend on the layers above it."""
    from viz.model import probe

    x = sentence_input(np.random.default_rng(3).normal(0.0, 64**-0.5, size=(7, 64)).astype(np.float32))
    for norm in ("post", "pre"):
        deep, shallow = (build(ModelConfig(64, 4, n, "sinusoidal", norm=norm)) for n in (4, 2))
        for mine, theirs in zip(shallow.layers, deep.layers, strict=False):
            for (name, a), (_, b) in zip(mine.state_dict().items(), theirs.state_dict().items(), strict=True):
                assert torch.equal(a, b), (norm, name)
        deep_maps, shallow_maps = probe.attention_maps(deep, x), probe.attention_maps(shallow, x)
        assert deep_maps.shape[0] == 4 and shallow_maps.shape[0] == 2
        np.testing.assert_allclose(deep_maps[:2], shallow_maps, atol=1e-6)
        assert not np.allclose(deep_maps[2], deep_maps[1], atol=1e-3)  # the layers do differ


def test_the_weights_do_not_depend_on_how_many_threads_draw_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The layers are drawn two at a time (viz.model.weights.INIT_THREADS), each from its own seed."""
    from viz.model import weights

    config = ModelConfig(48, 4, 5, "sinusoidal", seed=11)
    together = build(config).state_dict()
    monkeypatch.setattr(weights, "INIT_THREADS", 1)
    alone = build(config).state_dict()
    assert together.keys() == alone.keys()
    for name, value in together.items():
        assert torch.equal(value, alone[name]), name
    w_q = [together[f"layers.{i}.attn.w_q.weight"] for i in range(5)]
    assert all(not torch.equal(w_q[0], w_q[i]) for i in range(1, 5))  # and the layers differ


def test_each_layer_draws_from_a_seed_no_other_part_uses() -> None:
    """torch keeps a seed's low 32 bits: a layer's seed must not be one the embedding and head (the
    model's seed) or a decoder (seed + DECODER_SEED_OFFSET) start from, for any seed the pages offer."""
    from viz.model import decoder, weights
    from viz.model import encoder as model

    seeds = range(10_000)  # the pages' seed boxes
    used = {s % 2**32 for s in seeds} | {(s + decoder.DECODER_SEED_OFFSET) % 2**32 for s in seeds}
    layers = range(model.LAYERS_RANGE[1])
    for seed in seeds:
        mine = [weights.layer_seed(seed, layer) % 2**32 for layer in layers]
        assert len(set(mine)) == len(mine) and not used.intersection(mine), seed

    def corr(a: Tensor, b: Tensor) -> float:
        return float(np.corrcoef(a.detach().flatten().numpy(), b.detach().flatten().numpy())[0, 1])

    # the default model's parts are unrelated (with one shared stream, the head was a multiple of W_Q)
    m = build(ModelConfig())
    w_q = m.attention(0).w_q.weight
    rows = m.head.weight.shape[0]
    assert abs(corr(m.head.weight, w_q[rows : 2 * rows])) < 0.2
    assert abs(corr(m.embed.weight, w_q[: m.embed.weight.shape[0]])) < 0.2


def test_layer_maps_take_a_layer_from_the_stack_that_ends_there() -> None:

    config, tokens = ModelConfig(64, 4, 3, "sinusoidal"), ("the", "cat", "sat")
    got = live.layer_maps(config, tokens, 1)
    assert got.shape == (4, 3, 3)
    assert np.array_equal(got, live.sentence_maps(dataclasses.replace(config, n_layers=2), tokens)[1])
    np.testing.assert_allclose(got, live.sentence_maps(config, tokens)[1], atol=1e-6)  # the deep stack's
    with pytest.raises(ValueError, match="layer 4 of a stack of 3"):
        live.layer_maps(config, tokens, 3)
