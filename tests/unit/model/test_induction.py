"""Induction heads (viz.model.induction): the scores on hand-built heads whose answer is known, the copying
score against the eigenvalues of the whole vocabulary-by-vocabulary circuit, the data, and the toy
model learning the task in class time with a head whose prefix-matching score passes 0.5."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from viz.model import induction
from viz.pretrained import patterns

HALF = 5
T = 1 + 2 * HALF


def causal_uniform() -> np.ndarray:
    """A head that spreads its weight evenly over every earlier position."""
    return np.tril(np.ones((T, T))) / np.arange(1, T + 1)[:, None]


def previous_head() -> np.ndarray:
    m = np.zeros((T, T))
    m[0, 0] = 1.0
    m[np.arange(1, T), np.arange(T - 1)] = 1.0
    return m


def induction_head() -> np.ndarray:
    """On the repeat, all weight on the token after the current token's earlier copy; elsewhere on the
    start token."""
    m = np.zeros((T, T))
    m[: 1 + HALF, 0] = 1.0
    for q in range(1 + HALF, T):
        m[q, q - HALF + 1] = 1.0
    return m


def hand_built() -> np.ndarray:
    """Two layers of two heads: a previous-token head in layer 1 and an induction head in layer 2, the
    others uniform (layers, heads, T, T)."""
    return np.array([[previous_head(), causal_uniform()], [causal_uniform(), induction_head()]])


def test_the_scores_find_the_hand_built_heads() -> None:
    maps = hand_built()
    prev = patterns.previous_token(maps)
    prefix = patterns.prefix_matching(maps, HALF)
    assert prev[0, 0] == 1.0 and prefix[1, 1] == 1.0
    # a uniform head over i + 1 positions gives each 1 / (i + 1)
    want = np.mean([1 / (i + 1) for i in range(1, T)])
    assert prev[0, 1] == pytest.approx(want) and prev[1, 0] == pytest.approx(want)
    assert prefix[1, 0] == pytest.approx(np.mean([1 / (q + 1) for q in range(1 + HALF, T)]))
    assert prefix[0, 0] == 0.0  # looking one back is not looking at the token after the earlier copy
    assert patterns.previous_token(maps)[1, 1] < 0.25


def test_the_copying_score_is_that_of_the_whole_circuits_eigenvalues() -> None:
    rng = np.random.default_rng(0)
    vocab, d, dh = 30, 12, 4
    for _ in range(5):
        w_e, w_v, w_o, w_u = (rng.normal(size=s) for s in [(vocab, d), (d, dh), (dh, d), (d, vocab)])
        eig = np.linalg.eigvals(w_e @ w_v @ w_o @ w_u)  # the V x V circuit itself
        assert patterns.copying(w_e, w_v, w_o, w_u) == pytest.approx(eig.real.sum() / np.abs(eig).sum())
    # a head that maps each token onto itself copies (1), one that maps it onto its opposite does not (-1)
    w_e = rng.normal(size=(vocab, d))
    pinv = np.linalg.pinv(w_e)
    assert patterns.copying(w_e, np.eye(d)[:, :d], np.eye(d), pinv) == pytest.approx(1.0)
    assert patterns.copying(w_e, np.eye(d), -np.eye(d), pinv) == pytest.approx(-1.0)


def test_the_models_copying_scores_read_its_own_weights() -> None:
    config = induction.InductionConfig(seed=3)
    torch.manual_seed(0)
    model = induction.AttentionOnly(config)
    scores = induction.copying_scores(model)
    assert scores.shape == (2, 4)
    layer = model.layers[1]
    assert isinstance(layer, induction.Layer)
    d, dh = config.d_model, config.d_model // config.heads
    with torch.no_grad():
        w_e = (model.embed.weight * layer.norm.weight).numpy()
        w_v = layer.qkv.weight[2 * d + dh : 2 * d + 2 * dh].T.numpy()
        w_o = (layer.out.weight[:, dh : 2 * dh].T * model.norm.weight).numpy()
        circuit = w_e @ w_v @ w_o @ model.unembed.weight.T.numpy()
    eig = np.linalg.eigvals(circuit.astype(np.float64))
    assert scores[1, 1] == pytest.approx(eig.real.sum() / np.abs(eig).sum(), abs=1e-6)


def test_the_task_repeats_random_tokens_after_a_start_token() -> None:
    ids = induction.repeated(8, torch.Generator().manual_seed(0))
    assert ids.shape == (8, 1 + 2 * induction.HALF)
    assert (ids[:, 0] == induction.START).all() and (ids[:, 1:] > 0).all()
    assert torch.equal(ids[:, 1 : 1 + induction.HALF], ids[:, 1 + induction.HALF :])


def test_the_toy_model_learns_the_repeat_with_a_bump_and_an_induction_head(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # no wall-time bound here (how long it takes is bench/intervene_bench.py's): the run is the same
    # whatever else the machine is doing
    monkeypatch.setattr(induction, "TIME_LIMIT_S", float("inf"))
    run = induction.train(induction.InductionConfig())
    assert not run.stopped
    # the first half stays unpredictable; the repeat's loss falls from a plateau to near zero
    assert run.loss_first[-1] > 0.8 * np.log(induction.VOCAB - 1)
    assert run.loss_second[0] > 3.5 and run.loss_second[-1] < 0.4 * run.loss_second[0]
    # the bump: a plateau, then a fall within 100 steps (4 evaluations) larger than the first quarter's
    falls = run.loss_second[:-4] - run.loss_second[4:]
    assert falls.max() > 1.0 and falls.max() > 2 * (run.loss_second[0] - run.loss_second[len(falls) // 4])
    assert run.prefix[-1, 1].max() > 0.5  # a layer-2 head matches prefixes
    assert run.prefix[0].max() < 0.2  # it was not there before training
    # copying comes first (what the tab's notice says): 200 steps before a layer-2 head starts matching
    # prefixes, one already copies
    onset = int(np.argmax(run.prefix[:, 1].max(-1) > 0.2))
    assert onset >= 8 and run.copy[onset - 8, 1].max() > 0.8
    # layer 1's heads share the previous-token job: each looks back more than twice as much as at first
    assert np.all(run.previous[-1, 0] > 1.5 * run.previous[0, 0]) and run.previous[-1, 0].max() > 0.25
    again = induction.train(induction.InductionConfig(steps=50))
    np.testing.assert_allclose(again.loss_second, run.loss_second[: len(again.loss_second)], rtol=1e-5)


# ---- a hand-built model whose induction circuit is known ------------------------------------------------
# The toy architecture (viz.model.induction.AttentionOnly) with every weight set by hand, d_model 256 in
# four subspaces: the token (one dimension per token), the position, "my predecessor was" (written by
# layer 1's head 3) and the answer (written by layer 2's head 2, read by the output layer). The other
# heads have no weights at all: they look everywhere evenly and write nothing.
TOK, POS, PREV, OUT = 0, 64, 64 + 25, 64 + 25 + 64
PREVIOUS_HEAD, INDUCTION_HEAD = 2, 1  # layer 1's head 3, layer 2's head 2 (from 0)


def hand_built_model() -> induction.AttentionOnly:
    config = induction.InductionConfig(d_model=256, heads=4)
    model = induction.AttentionOnly(config)
    vocab, length, d, dh = induction.VOCAB, 1 + 2 * induction.HALF, 256, 64
    tokens, positions = torch.arange(vocab), torch.arange(length)
    with torch.no_grad():
        for p in model.parameters():
            p.zero_()
        for norm in [model.norm, *(layer.norm for layer in model.layers)]:
            assert isinstance(norm, torch.nn.LayerNorm)
            norm.weight.fill_(1.0)
        model.embed.weight[tokens, TOK + tokens] = 1.0
        model.position[positions, POS + positions] = 1.0
        first, second = model.layers
        assert isinstance(first, induction.Layer) and isinstance(second, induction.Layer)
        # layer 1, the previous-token head: position i's query finds the key of position i - 1 (whose
        # key says "i"), and the value it brings, that position's token, is written as "my predecessor"
        h = PREVIOUS_HEAD * dh
        first.qkv.weight[h + positions, POS + positions] = 1.0
        first.qkv.weight[d + h + positions[1:], POS + positions[:-1]] = 1.0
        first.qkv.weight[2 * d + h + tokens, TOK + tokens] = 1.0
        first.out.weight[PREV + tokens, h + tokens] = 1.0
        # layer 2, the induction head: the current token's query finds the position whose predecessor
        # was that token; the value is the token there, written as the answer the output layer reads
        h = INDUCTION_HEAD * dh
        second.qkv.weight[h + tokens, TOK + tokens] = 3.0
        second.qkv.weight[d + h + tokens, PREV + tokens] = 3.0
        second.qkv.weight[2 * d + h + tokens, TOK + tokens] = 1.0
        second.out.weight[OUT + tokens, h + tokens] = 1.0
        model.unembed.weight[tokens, OUT + tokens] = 4.0
    return model


def test_the_scores_find_the_known_heads_of_a_hand_built_model() -> None:
    model = hand_built_model()
    ids = induction.repeated(256, torch.Generator().manual_seed(5))
    first, second, previous, prefix, copy = induction.measure(model, ids)
    assert previous.shape == prefix.shape == copy.shape == (2, 4)
    # the previous-token head is layer 1's head 3, and nothing else comes close
    assert previous[0, PREVIOUS_HEAD] > 0.99
    assert np.delete(previous.ravel(), PREVIOUS_HEAD).max() < 0.3
    # the induction head is layer 2's head 2; it shares its weight only when a token occurs twice in the
    # random half (then two earlier positions had it as predecessor)
    assert prefix[1, INDUCTION_HEAD] > 0.85
    assert np.delete(prefix.ravel(), 4 + INDUCTION_HEAD).max() < 0.2
    # its circuit maps each token onto itself (copying 1); the others map nothing onto the output (0)
    assert copy[1, INDUCTION_HEAD] == pytest.approx(1.0)
    assert np.abs(np.delete(copy.ravel(), 4 + INDUCTION_HEAD)).max() < 1e-9
    # and the circuit works: the repeat is predicted, the first half is not
    assert first > 0.9 * np.log(induction.VOCAB - 1) and second < 0.5


def test_the_hand_built_induction_head_depends_on_the_previous_token_head() -> None:
    # without layer 1's head the layer-2 query finds no key: the circuit needs both (K-composition)
    model = hand_built_model()
    first_layer = model.layers[0]
    assert isinstance(first_layer, induction.Layer)
    with torch.no_grad():
        first_layer.out.weight.zero_()
    ids = induction.repeated(256, torch.Generator().manual_seed(5))
    _, second, _, prefix, copy = induction.measure(model, ids)
    assert prefix[1, INDUCTION_HEAD] < 0.2 and second > 3.0
    assert copy[1, INDUCTION_HEAD] == pytest.approx(1.0)  # what it would copy is unchanged
