"""SmolLM2's induction heads (viz.pretrained.induction): every score against ``transformers``' own modules
on a tiny grouped-query Llama (its attention maps, its logits, the whole vocabulary-by-vocabulary circuit
of each head built from its weights), then the real model doing what the page says: heads that match
prefixes, and a loss on the repeat far below the first time through."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from tests.support.needs import real
from tests.unit.pretrained.test_pretrained import our_llama_config, tiny_llama
from viz.pretrained import induction, llama


def test_the_repeat_is_the_same_ordinary_tokens_twice() -> None:
    ids = induction.random_repeat(3, 10)
    assert ids[:10] == ids[10:] and all(induction.LOW <= i < induction.HIGH for i in ids)
    assert induction.random_repeat(3, 10) == ids and induction.random_repeat(4, 10) != ids


@pytest.mark.parametrize(("seed", "heads", "kv_heads"), [(0, 4, 2), (1, 6, 3), (2, 6, 2)])
def test_the_scores_are_transformers_maps_logits_and_circuits(
    seed: int, heads: int, kv_heads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    hf = tiny_llama(seed, heads=heads, kv_heads=kv_heads)
    model = llama.from_state_dict(our_llama_config(hf), hf.state_dict())
    monkeypatch.setattr(induction, "LOW", 1)  # the tiny vocabulary's 60 ids
    monkeypatch.setattr(induction, "HIGH", 60)
    half = 10
    found = induction.scores(model, seed, half)
    ids = induction.random_repeat(seed, half)
    assert found.ids.tolist() == ids
    with torch.no_grad():
        out = hf(torch.tensor([ids]), output_attentions=True)
    maps = torch.stack(out.attentions)[:, 0].numpy()  # (layers, heads, T, T)
    # prefix matching: from each token of the repeat to the token after its earlier copy
    queries = np.arange(half, 2 * half)
    np.testing.assert_allclose(found.prefix, maps[:, :, queries, queries - half + 1].mean(-1), atol=1e-5)
    logp = torch.log_softmax(out.logits[0], -1)
    want = -logp[:-1].gather(1, torch.tensor(ids[1:])[:, None])[:, 0]
    np.testing.assert_allclose(found.loss, want.numpy(), atol=1e-4)
    # copying: the eigenvalues of each head's V x V circuit, built from transformers' modules (a query head
    # reads key/value head h // (heads / kv_heads), as its repeat_kv lays them out)
    final = hf.model.norm.weight.detach().double()
    unembed = hf.lm_head.weight.detach().double().T  # (d, V)
    dh = hf.config.hidden_size // heads
    for layer, block in enumerate(hf.model.layers):
        w_e = hf.model.embed_tokens.weight.detach().double() * block.input_layernorm.weight.detach().double()
        v = block.self_attn.v_proj.weight.detach().double()
        o = block.self_attn.o_proj.weight.detach().double()
        for head in range(heads):
            kv = head // (heads // kv_heads)
            w_v, w_o = v[kv * dh : (kv + 1) * dh].T, o[:, head * dh : (head + 1) * dh].T
            circuit = w_e @ w_v @ w_o * final @ unembed
            eig = np.linalg.eigvals(circuit.numpy())
            assert found.copy[layer, head] == pytest.approx(eig.real.sum() / np.abs(eig).sum(), abs=1e-6)


def test_real_smollm2_has_induction_heads_and_copies_the_repeat() -> None:
    real("smollm2")
    from viz import pretrained

    model = pretrained.load("smollm2").model
    found = induction.scores(model, 0)
    assert found.prefix.shape == (30, 9) and found.prefix.max() > 0.5
    # "a few heads in the middle layers": the strongest three sit in layers 10 to 25 (of 30), few pass 0.5
    top = np.argsort(-found.prefix, axis=None)[:3] // found.prefix.shape[1] + 1
    assert all(10 <= layer <= 25 for layer in top) and (found.prefix > 0.5).sum() <= 10
    half = induction.HALF
    first, repeat = found.loss[: half - 1].mean(), found.loss[half:]
    # random tokens cannot be guessed; a few tokens into the repeat the model copies them
    assert first > 8.0 and repeat.mean() < first / 3 and repeat[half // 2 :].mean() < 2.0
    # the strongest head's copying score against its circuit's eigenvalues found another way: through the
    # d_model x d_model matrix w_v w_o (table^T table), whose nonzero eigenvalues are the V x V circuit's
    c = model.config
    table = model.embedding.float().numpy().astype(np.float64)
    layer, head = (int(i) for i in np.unravel_index(np.argmax(found.prefix), found.prefix.shape))
    p = f"model.layers.{layer}"
    v = model.w(f"{p}.self_attn.v_proj.weight").numpy() * model.w(f"{p}.input_layernorm.weight").numpy()
    o = model.w(f"{p}.self_attn.o_proj.weight").numpy()
    kv = c.kv_of(head)
    w_v = v[kv * c.d_head : (kv + 1) * c.d_head].T.astype(np.float64)
    w_o = o[:, head * c.d_head : (head + 1) * c.d_head].T * model.w("model.norm.weight").numpy()
    eig = np.linalg.eigvals(w_v @ w_o.astype(np.float64) @ (table.T @ table))
    assert found.copy[layer, head] == pytest.approx(eig.real.sum() / np.abs(eig).sum(), abs=1e-3)
    assert found.copy.min() >= -1.0 and found.copy.max() <= 1.0


def test_the_kept_copying_scores_are_the_models_own_not_a_freed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    # CPython gives a model made after another was freed the same id(): every id() the same is that case,
    # made certain
    monkeypatch.setattr(induction, "id", lambda _: 1, raising=False)
    for seed in range(3):
        hf = tiny_llama(seed)
        model = llama.from_state_dict(our_llama_config(hf), hf.state_dict())
        np.testing.assert_array_equal(induction._copies(model), induction.copy_scores(model))
