"""SmolLM2's induction heads (viz.pretrained.induction): its copying scores against the whole circuit's
eigenvalues for a few heads, and the model doing what the page says: heads that match prefixes, and a
loss on the repeat far below the first time through."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support.needs import real
from viz.pretrained import induction


def test_the_repeat_is_the_same_ordinary_tokens_twice() -> None:
    ids = induction.random_repeat(3, 10)
    assert ids[:10] == ids[10:] and all(induction.LOW <= i < induction.HIGH for i in ids)
    assert induction.random_repeat(3, 10) == ids and induction.random_repeat(4, 10) != ids


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
