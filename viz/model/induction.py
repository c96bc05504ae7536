"""Induction heads, learned live: a two-layer attention-only Transformer trained on repeated random tokens.

The task: a start token, then ``HALF`` random tokens, then the same tokens again. The first half cannot be
predicted (loss stays near log(VOCAB)); the second half can, by a two-head circuit (Olsson et al., 2022,
"In-context learning and induction heads"): a layer-1 head copies each token's predecessor into it
(a *previous-token head*), and a layer-2 head looks for the token after the current token's earlier
occurrence (*prefix matching*, its query finding that key through what the previous-token head wrote) and
copies it to the output (*copying*). The loss on the second half sits on a plateau, then drops suddenly
when the circuit forms: the bump a class can watch.

Each head's scores, measured at every evaluation during training:

- previous-token: the mean attention from each position to the one before it;
- prefix matching: on the repeat, the mean attention from each token to the token after its earlier copy;
- copying: the eigenvalues of its OV circuit W_E W_V W_O W_U (vocabulary to vocabulary): the sum of their
  real parts over the sum of their sizes, 1 for a head that only raises the logits of the tokens it
  attends to (Elhage et al., 2021).

The same prefix-matching and copying scores rank the heads of SmolLM2 (viz.pretrained.induction).
Training is deterministic: the weights and every batch come from generators seeded by the config.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor, nn
from torch.nn import functional as F

from viz.model.attention import causal_mask, scaled_dot_product_attention
from viz.pretrained.patterns import copying, prefix_matching, previous_token

VOCAB = 64
HALF = 12  # random tokens, then the same again: sequences of 1 + 2 * HALF tokens
BATCH = 64
EVAL_BATCH = 256
EVAL_EVERY = 25
#: Wall-time bound of one run (seconds): the defaults learn the task in ~10 s on one core.
TIME_LIMIT_S = 60.0
START = 0  # the start token; the random tokens are 1 .. VOCAB - 1


@dataclass(frozen=True)
class InductionConfig:
    """Everything that determines a run; hashable, so it keys the trained runs' cache."""

    seed: int = 0
    steps: int = 800
    d_model: int = 64
    heads: int = 4
    layers: int = 2
    lr: float = 1e-3


class Layer(nn.Module):
    """One attention-only layer, pre-norm: x + W_O concat_h(softmax(q_h k_h^T / sqrt(d_head)) v_h)."""

    def __init__(self, d_model: int, heads: int) -> None:
        super().__init__()
        self.heads, self.d_head = heads, d_model // heads
        self.norm = nn.LayerNorm(d_model)
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)

    def forward(self, x: Tensor) -> tuple[Tensor, Tensor]:
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm(x)).view(b, t, 3, self.heads, self.d_head).permute(2, 0, 3, 1, 4)
        out, weights = scaled_dot_product_attention(q, k, v, causal_mask(t))  # (B, heads, T, d_head)
        mixed = out.transpose(1, 2).reshape(b, t, d)
        return x + self.out(mixed), weights


class AttentionOnly(nn.Module):
    """Token and learned position embeddings, ``layers`` attention-only layers, a final norm, the output."""

    def __init__(self, config: InductionConfig) -> None:
        super().__init__()
        self.embed = nn.Embedding(VOCAB, config.d_model)
        self.position = nn.Parameter(torch.randn(2 * HALF + 1, config.d_model) * 0.02)
        self.layers = nn.ModuleList(Layer(config.d_model, config.heads) for _ in range(config.layers))
        self.norm = nn.LayerNorm(config.d_model)
        self.unembed = nn.Linear(config.d_model, VOCAB)

    def forward(self, ids: Tensor) -> tuple[Tensor, Tensor]:
        """Logits (B, T, VOCAB) and every head's weights (layers, B, heads, T, T)."""
        x = self.embed(ids) + self.position[: ids.shape[1]]
        maps = []
        for layer in self.layers:
            x, weights = layer(x)
            maps.append(weights)
        return self.unembed(self.norm(x)), torch.stack(maps)


def repeated(n: int, generator: torch.Generator, half: int = HALF, vary: bool = False) -> Tensor:
    """``n`` sequences of 1 + 2 * ``half`` tokens: the start token, ``half`` random tokens, the same again.

    With ``vary``, each sequence repeats fewer tokens, a length drawn from half / 2 to half, and ends with
    random ones: where the repeat begins then differs from one sequence to the next, so a head cannot
    find the earlier copy by position alone (a fixed offset is learned as "look 11 back"), only by
    content: an induction head."""
    tokens = torch.randint(1, VOCAB, (n, 2 * half), generator=generator)
    lengths = (
        torch.randint(half // 2, half + 1, (n,), generator=generator) if vary else torch.full((n,), half)
    )
    for row, m in enumerate(lengths.tolist()):
        tokens[row, m : 2 * m] = tokens[row, :m]
    return torch.cat([torch.full((n, 1), START), tokens], dim=1)


# ---- the heads' scores (previous_token, prefix_matching, copying: viz.pretrained.patterns) ------------
@torch.no_grad()
def copying_scores(model: AttentionOnly) -> np.ndarray:
    """(layers, heads): every head's copying score, its circuit read through the embedding, the layer's
    norm scale, its value and output weights, the final norm scale and the output layer."""
    rows = []
    w_u = model.unembed.weight.T.numpy()  # (d, V)
    final = model.norm.weight.numpy()
    for layer in model.layers:
        assert isinstance(layer, Layer)
        d, dh = layer.out.weight.shape[0], layer.d_head
        w_e = model.embed.weight.numpy() * layer.norm.weight.numpy()
        v = layer.qkv.weight[2 * d :].numpy()  # (d, d): value rows, head by head
        o = layer.out.weight.numpy()  # (d, d): columns head by head
        rows.append(
            [
                copying(w_e, v[h * dh : (h + 1) * dh].T, o[:, h * dh : (h + 1) * dh].T * final, w_u)
                for h in range(layer.heads)
            ]
        )
    return np.array(rows)


@torch.no_grad()
def measure(model: AttentionOnly, ids: Tensor) -> tuple[float, float, np.ndarray, np.ndarray, np.ndarray]:
    """What an evaluation records of ``model`` on the sequences ``ids`` (built by :func:`repeated`, without
    ``vary``): the loss on the first half and on the repeat (:func:`split_loss`), and every head's
    previous-token, prefix-matching and copying score, each (layers, heads)."""
    logits, maps = model(ids)
    mean = maps.mean(1).numpy()  # (layers, heads, T, T) over the batch
    first, second = split_loss(logits, ids)
    return first, second, previous_token(mean), prefix_matching(mean, HALF), copying_scores(model)


# ---- training -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class InductionRun:
    """A run's curves, one value per evaluation, and the trained model's maps on the first example."""

    config: InductionConfig
    steps: np.ndarray  # (E,) the step of each evaluation
    loss_first: np.ndarray  # (E,) held-out loss on the first half (unpredictable)
    loss_second: np.ndarray  # (E,) held-out loss on the repeat
    previous: np.ndarray  # (E, layers, heads) previous-token scores
    prefix: np.ndarray  # (E, layers, heads) prefix-matching scores
    copy: np.ndarray  # (E, layers, heads) copying scores
    example: np.ndarray  # (1 + 2 * HALF,) the first held-out sequence
    maps: np.ndarray  # (layers, heads, T, T) the trained model's weights on it
    seconds: float
    stopped: bool  # the time limit ended the run before its steps


def split_loss(logits: Tensor, ids: Tensor) -> tuple[float, float]:
    """The mean next-token loss on the first half (tokens 2 .. HALF, after the first random one) and on
    the repeat from its second token (its first cannot be known before it comes)."""
    loss = F.cross_entropy(logits[:, :-1].transpose(1, 2), ids[:, 1:], reduction="none")  # (B, T - 1)
    # loss[:, j] is token j + 1's: the first half's are 1 .. HALF - 1, the repeat's first is HALF
    return float(loss[:, 1:HALF].mean()), float(loss[:, HALF + 1 :].mean())


def train(config: InductionConfig, progress: Callable[[float], None] | None = None) -> InductionRun:
    """Train a fresh model on the task (Adam, the loss on every next token), evaluating every EVAL_EVERY
    steps on a fixed held-out batch."""
    torch.manual_seed(config.seed)
    model = AttentionOnly(config)
    opt = torch.optim.Adam(model.parameters(), lr=config.lr)
    batches = torch.Generator().manual_seed(config.seed + 1)
    held_out = repeated(EVAL_BATCH, torch.Generator().manual_seed(config.seed + 2))
    curves: dict[str, list[object]] = {k: [] for k in ("steps", "first", "second", "prev", "prefix", "copy")}

    def evaluate(step: int) -> None:
        for key, value in zip(curves, (step, *measure(model, held_out)), strict=True):
            curves[key].append(value)

    start, step, stopped = time.perf_counter(), 0, False
    evaluate(0)
    while step < config.steps:
        ids = repeated(BATCH, batches, vary=True)
        logits, _ = model(ids)
        loss = F.cross_entropy(logits[:, :-1].reshape(-1, VOCAB), ids[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % EVAL_EVERY == 0 or step == config.steps:
            evaluate(step)
            if progress is not None:
                progress(step / config.steps)
            if time.perf_counter() - start > TIME_LIMIT_S and step < config.steps:
                stopped = True
                break
    with torch.no_grad():
        _, maps = model(held_out[:1])
    return InductionRun(
        config,
        np.array(curves["steps"]),
        np.array(curves["first"]),
        np.array(curves["second"]),
        np.stack(curves["prev"]),  # type: ignore[arg-type]
        np.stack(curves["prefix"]),  # type: ignore[arg-type]
        np.stack(curves["copy"]),  # type: ignore[arg-type]
        held_out[0].numpy(),
        maps[:, 0].numpy(),
        time.perf_counter() - start,
        stopped,
    )
