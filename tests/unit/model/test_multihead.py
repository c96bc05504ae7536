"""The live model's attention switch (viz.model.multihead): every variant builds from a ModelConfig, runs,
and reduces to the paper's layer where its paper says it should (the sink at -inf, a gate wide open, a
cap far away); its map is the one its output is made of; the stateful variants never see the future."""

from __future__ import annotations

import math

import pytest
import torch

from viz.model import linear, multihead, variants
from viz.model.encoder import ModelConfig, build
from viz.model.multihead import VARIANTS, MultiHeadAttention

D, H, T = 32, 4, 10


def layer(variant: multihead.Variant, index: int = 0, seed: int = 0) -> MultiHeadAttention:
    torch.manual_seed(seed)
    attn = MultiHeadAttention(D, H, variant=variant, layer=index)
    attn.init_extra(torch.Generator().manual_seed(seed))  # what viz.model.weights does in a model
    return attn.double().eval()


def same_projections(src: MultiHeadAttention, dst: MultiHeadAttention) -> None:
    for name in ("w_q", "w_k", "w_v", "w_o"):
        getattr(dst, name).load_state_dict(getattr(src, name).state_dict())


def x_in(seed: int = 1) -> torch.Tensor:
    return torch.randn(2, T, D, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)


CAUSAL = torch.ones(T, T, dtype=torch.bool).tril()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_builds_from_a_config_and_runs(variant: multihead.Variant) -> None:
    model = build(
        ModelConfig(d_model=D, n_heads=H, n_layers=2, vocab_size=12, n_classes=12, attention=variant)
    )
    ids = torch.randint(0, 12, (3, T), generator=torch.Generator().manual_seed(0))
    logits, maps = model(ids, CAUSAL)
    assert logits.shape == (3, T, 12) and bool(torch.isfinite(logits).all())
    assert len(maps) == 2 and all(m.shape == (3, H, T, T) for m in maps)
    assert all(not bool(m.triu(1).any()) for m in maps)  # nothing from the future
    # the same config gives the same weights
    again = build(
        ModelConfig(d_model=D, n_heads=H, n_layers=2, vocab_size=12, n_classes=12, attention=variant)
    )
    assert all(
        torch.equal(a, b)
        for a, b in zip(model.state_dict().values(), again.state_dict().values(), strict=True)
    )


def test_bad_variants_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown attention"):
        ModelConfig(attention="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="even"):
        ModelConfig(d_model=12, n_heads=4, attention="differential")


@pytest.mark.parametrize(
    "variant", ["standard", "sink", "softcap", "sparse", "linear", "gated_delta", "qk_norm"]
)
def test_the_map_is_what_the_output_is_made_of(variant: multihead.Variant) -> None:
    p = layer(variant).parts(x_in(), CAUSAL)
    torch.testing.assert_close(p.weights @ p.v, p.z, atol=1e-10, rtol=0)


def test_mla_in_the_layer_is_latent_attention() -> None:
    mla = layer("mla")
    with torch.no_grad():  # a gain and a bias other than the initial ones: the test sees they are applied
        mla.latent_norm.weight.copy_(torch.linspace(0.5, 1.5, mla.latent_norm.weight.numel()))
        mla.w_q.bias.copy_(torch.linspace(-1.0, 1.0, mla.w_q.bias.numel()))
    x = x_in()
    p = mla.parts(x, CAUSAL)
    w = variants.LatentWeights(
        mla.down_kv.weight,
        mla.up_k.weight,
        mla.up_v.weight,
        mla.rope_k.weight,
        mla.w_q.weight,
        mla.rope_q.weight,
        mla.latent_norm.weight,
        mla.w_q.bias,
    )
    run = variants.latent_attention(x, w, H, 10000.0, CAUSAL, absorbed=True)
    torch.testing.assert_close(p.z, run.z, atol=1e-10, rtol=0)
    torch.testing.assert_close(p.weights @ p.v, p.z, atol=1e-10, rtol=0)
    assert not hasattr(mla, "w_k")  # its keys come from the latent


def test_a_sink_at_minus_infinity_and_an_open_gate_are_the_paper_layer() -> None:
    base, x = layer("standard"), x_in()
    want = base(x, CAUSAL)[0]
    sink = layer("sink", seed=5)
    same_projections(base, sink)
    with torch.no_grad():
        sink.sink.fill_(float("-inf"))
    torch.testing.assert_close(sink(x, CAUSAL)[0], want, atol=1e-12, rtol=0)
    gated = layer("gated", seed=6)
    same_projections(base, gated)
    with torch.no_grad():
        gated.w_gate.weight.zero_()
        gated.w_gate.bias.fill_(60.0)  # σ(60) = 1 to double precision
    torch.testing.assert_close(gated(x, CAUSAL)[0], want, atol=1e-12, rtol=0)


def test_a_far_cap_is_no_cap_and_qk_norm_normalises(monkeypatch: pytest.MonkeyPatch) -> None:
    base, x = layer("standard"), x_in()
    capped = layer("softcap", seed=7)
    same_projections(base, capped)
    monkeypatch.setattr(multihead, "SOFT_CAP", 1e12)
    torch.testing.assert_close(capped(x, CAUSAL)[0], base(x, CAUSAL)[0], atol=1e-10, rtol=0)
    normed = layer("qk_norm", seed=8)
    p = normed.parts(x, CAUSAL)
    q = normed._split(normed.w_q(x))
    k = normed._split(normed.w_k(x))
    q, k = variants.rms_norm(q), variants.rms_norm(k)
    scores = (q @ k.transpose(-2, -1) / math.sqrt(D // H)).masked_fill(~CAUSAL, float("-inf"))
    torch.testing.assert_close(p.weights, torch.softmax(scores, -1), atol=1e-12, rtol=0)


def test_local_layers_see_a_window_and_global_layers_everything() -> None:
    x = x_in()
    with torch.no_grad():
        local = layer("local_global", 0).parts(x, CAUSAL).weights
        full = layer("local_global", 1).parts(x, CAUSAL).weights
    far = torch.ones(T, T, dtype=torch.bool).tril(-multihead.WINDOW)
    assert float(local[..., far].abs().max()) == 0.0
    assert float(full[..., far].min()) > 0.0


@pytest.mark.parametrize("variant", ["linear", "gated_delta"])
def test_stateful_variants_never_see_the_future_even_unmasked(variant: multihead.Variant) -> None:
    attn = layer(variant)
    x = x_in()
    later = x.clone()
    later[:, 6:] = torch.randn(2, T - 6, D, dtype=torch.float64)
    a, b = attn(x)[0], attn(later)[0]
    torch.testing.assert_close(a[:, :6], b[:, :6], atol=1e-12, rtol=0)
    assert not torch.allclose(a[:, 6:], b[:, 6:])


def test_the_gated_delta_layer_is_the_rule() -> None:
    attn = layer("gated_delta")
    x = x_in()
    p = attn.parts(x, None)
    beta = torch.sigmoid(attn.w_beta(x)).transpose(1, 2)
    alpha = torch.sigmoid(attn.w_alpha(x) + multihead.ALPHA_BIAS).transpose(1, 2)
    q, k = torch.nn.functional.normalize(p.q, dim=-1), torch.nn.functional.normalize(p.k, dim=-1)
    want, _ = linear.delta_recurrent(q, k, p.v, beta, alpha)
    torch.testing.assert_close(p.z, want, atol=1e-10, rtol=0)


def test_the_gated_delta_layers_short_convolutions_are_torchs_depthwise_conv1d() -> None:
    """q, k and v are SiLU of a causal depthwise convolution (width CONV) of their projections, as
    ``F.conv1d`` with one group per channel computes it (the layer sums shifted copies instead)."""
    attn = layer("gated_delta")
    x = x_in()
    p = attn.parts(x, None)
    f = torch.nn.functional
    for which, (proj, got) in enumerate(((attn.w_q, p.q), (attn.w_k, p.k), (attn.w_v, p.v))):
        channels = proj(x).transpose(1, 2)  # (B, D, T): channel h * d_k + i
        pad = f.pad(channels, (multihead.CONV - 1, 0))
        want = f.silu(f.conv1d(pad, attn.convs[which][:, None, :], groups=D))  # (B, D, T)
        want = want.transpose(1, 2).reshape(2, T, H, D // H).transpose(1, 2)  # (B, H, T, d_k)
        torch.testing.assert_close(got, want, atol=1e-12, rtol=0)
    assert not torch.equal(p.q, f.silu(attn._split(attn.w_q(x))))  # the convolution did something


def test_the_gated_layer_multiplies_each_heads_output_by_its_sigmoid_gate() -> None:
    """z_h ⊙ σ(x W_θ + b + GATE_BIAS) per head, written out: the gate's offset is applied, once."""
    attn, x = layer("gated", seed=7), x_in()
    p = attn.parts(x, CAUSAL)
    plain = torch.softmax(
        (p.q @ p.k.transpose(-2, -1) / math.sqrt(D // H)).masked_fill(~CAUSAL, -math.inf), -1
    )
    logits = (x @ attn.w_gate.weight.T + attn.w_gate.bias).view(2, T, H, D // H).transpose(1, 2)
    want = (plain @ p.v) / (1 + torch.exp(-(logits + multihead.GATE_BIAS)))
    torch.testing.assert_close(p.z, want, atol=1e-12, rtol=0)
