"""viz.model.linear against the equations written out here in NumPy float64: linear attention as a ratio of
sums, the gated delta rule as S_t = α_t S_{t-1} (I - β_t k_t k_tᵀ) + β_t v_t k_tᵀ with the matrices built
explicitly; and the module's forms against each other (parallel = recurrent, recurrent = chunked, the
map's output = the recurrence's)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from torch import Tensor
from torch.nn import functional as F

from viz.model import linear as L

TOL = 1e-6


def randn(*shape: int, seed: int) -> Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)


def inputs(b: int, h: int, t: int, d_k: int, d_v: int, seed: int) -> tuple[Tensor, ...]:
    q = randn(b, h, t, d_k, seed=seed)
    k = F.normalize(randn(b, h, t, d_k, seed=seed + 1), dim=-1)  # as Gated DeltaNet: L2-normalised keys
    v = randn(b, h, t, d_v, seed=seed + 2)
    g = torch.Generator().manual_seed(seed + 3)
    beta = torch.rand(b, h, t, generator=g, dtype=torch.float64)
    alpha = 0.5 + 0.5 * torch.rand(b, h, t, generator=g, dtype=torch.float64)
    return q, k, v, beta, alpha


def close(got: Tensor, want: np.ndarray | Tensor) -> None:
    want_np = want.numpy() if isinstance(want, Tensor) else want
    np.testing.assert_allclose(got.numpy(), want_np, atol=TOL, rtol=0)


def np_delta(q: np.ndarray, k: np.ndarray, v: np.ndarray, beta: np.ndarray, alpha: np.ndarray | None):
    """One head: the state and outputs of the gated delta rule, with I - β k kᵀ as a matrix."""
    t, d_k = k.shape
    s = np.zeros((v.shape[1], d_k))
    out = np.zeros((t, v.shape[1]))
    for i in range(t):
        a = 1.0 if alpha is None else alpha[i]
        s = a * s @ (np.eye(d_k) - beta[i] * np.outer(k[i], k[i])) + beta[i] * np.outer(v[i], k[i])
        out[i] = s @ q[i]
    return out, s


@pytest.mark.parametrize("gated", [False, True])
def test_delta_rule_by_hand(gated: bool) -> None:
    q, k, v, beta, alpha = inputs(2, 2, 11, 6, 5, seed=0)
    out, state = L.delta_recurrent(q, k, v, beta, alpha if gated else None)
    for b in range(2):
        for h in range(2):
            a = alpha[b, h].numpy() if gated else None
            qb, kb, vb, bb = (x[b, h].numpy() for x in (q, k, v, beta))
            want_o, want_s = np_delta(qb, kb, vb, bb, a)
            np.testing.assert_allclose(out[b, h].numpy(), want_o, atol=TOL, rtol=0)
            np.testing.assert_allclose(state[b, h].numpy(), want_s, atol=TOL, rtol=0)


@pytest.mark.parametrize(("t", "chunk"), [(37, 8), (16, 16), (10, 3), (5, 64)])
@pytest.mark.parametrize("gated", [False, True])
def test_recurrent_and_chunked_forms_are_equal(t: int, chunk: int, gated: bool) -> None:
    q, k, v, beta, alpha = inputs(2, 3, t, 8, 4, seed=t)
    a = alpha if gated else None
    start = randn(2, 3, 4, 8, seed=99) * 0.3
    want_o, want_s = L.delta_recurrent(q, k, v, beta, a, state=start)
    got_o, got_s = L.delta_chunked(q, k, v, beta, a, chunk=chunk, state=start)
    close(got_o, want_o)
    close(got_s, want_s)


@pytest.mark.parametrize("gated", [False, True])
def test_the_delta_map_gives_the_recurrent_output(gated: bool) -> None:
    q, k, v, beta, alpha = inputs(1, 2, 12, 6, 3, seed=5)
    a = alpha if gated else None
    weights = L.delta_weights(q, k, beta, a)
    close(weights @ v, L.delta_recurrent(q, k, v, beta, a)[0])
    assert not bool(weights.triu(1).any())  # causal


def test_the_delta_rule_overwrites_where_linear_attention_adds() -> None:
    # one key written twice with two values (β = 1): the delta rule reads the second, linear the sum
    key = torch.zeros(1, 1, 2, 4, dtype=torch.float64)
    key[..., 0] = 1.0
    values = torch.tensor([[[[1.0, 0.0], [0.0, 1.0]]]], dtype=torch.float64)
    ones = torch.ones(1, 1, 2, dtype=torch.float64)
    out, _ = L.delta_recurrent(key, key, values, ones)
    close(out[0, 0, 1], np.array([0.0, 1.0]))
    weights = L.delta_weights(key, key, ones)
    close(weights[0, 0, 1], np.array([0.0, 1.0]))  # the first write is cancelled: weight 0 on it


def test_linear_attention_by_hand_and_its_recurrence() -> None:
    q, k, v, _, _ = inputs(2, 2, 9, 4, 3, seed=7)
    out, weights = L.linear_attention(q, k, v)

    def phi(x: np.ndarray) -> np.ndarray:  # elu + 1
        return np.where(x > 0, x + 1, np.exp(x))

    for b in range(2):
        for h in range(2):
            fq, fk = phi(q[b, h].numpy()), phi(k[b, h].numpy())
            for i in range(9):
                w = fk[: i + 1] @ fq[i]
                want = w @ v[b, h, : i + 1].numpy() / w.sum()
                np.testing.assert_allclose(out[b, h, i].numpy(), want, atol=TOL, rtol=0)
    close(weights.sum(-1), np.ones((2, 2, 9)))
    rec_out, state = L.linear_recurrent(q, k, v)
    close(rec_out, out)
    assert state.shape == (2, 2, 3, 4)  # d_v x d_k, whatever the length


@pytest.mark.parametrize("rule", ["linear", "delta"])
def test_a_state_recalls_every_pair_up_to_its_width_and_collides_after(rule: str) -> None:
    width = 16
    for pairs in (4, 16):
        assert L.recall_accuracy(pairs, width, rule) == 1.0
    assert L.recall_accuracy(3 * width, width, rule) < 0.6
    assert L.recall_accuracy(3 * width, width, "softmax") == 1.0  # the cache grew instead
    with pytest.raises(ValueError):
        L.recall_accuracy(4, 4, "nope")


@pytest.mark.parametrize("rule", ["linear", "delta"])
def test_the_states_reads_in_closed_form_are_the_pair_by_pair_writes(rule: str) -> None:
    """L.state_reads against the rules written one pair at a time: S += (v - recalled) kᵀ, where the
    delta rule first recalls S k and the linear rule recalls nothing; then every key read from S."""
    g = torch.Generator().manual_seed(3)
    for pairs, width in ((5, 8), (8, 8), (20, 6)):
        keys = F.normalize(torch.randn(pairs, width, generator=g, dtype=torch.float64), dim=-1)
        values = torch.randn(pairs, width, generator=g, dtype=torch.float64)
        s = torch.zeros(width, width, dtype=torch.float64)
        for key, value in zip(keys, values, strict=True):
            recalled = s @ key if rule == "delta" else torch.zeros_like(value)
            s = s + torch.outer(value - recalled, key)
        torch.testing.assert_close(L.state_reads(keys, values, rule), keys @ s.T, atol=1e-10, rtol=0)


@pytest.mark.parametrize("rule", ["linear", "delta"])
def test_a_batch_of_states_reads_as_each_state_alone(rule: str) -> None:
    """Leading dimensions of L.state_reads are separate states (recall_accuracies reads every trial at
    once): the batch equals the states read one by one."""
    g = torch.Generator().manual_seed(4)
    keys = F.normalize(torch.randn(2, 3, 7, 5, generator=g, dtype=torch.float64), dim=-1)
    values = torch.randn(2, 3, 7, 5, generator=g, dtype=torch.float64)
    batch = L.state_reads(keys, values, rule)
    assert batch.shape == keys.shape
    for i in range(2):
        for j in range(3):
            alone = L.state_reads(keys[i, j], values[i, j], rule)
            torch.testing.assert_close(batch[i, j], alone, atol=1e-12, rtol=0)
