"""What a head does, tested on SmolLM2: the logit lens, head ablation and activation patching.

All three run :func:`viz.pretrained.llama.block` (the forward the app checks against ``transformers``)
and change one thing on the way:

- the **logit lens** reads the residual stream after every layer with the final norm and the output
  layer, as if the model stopped there (nostalgebraist, 2020);
- **ablation** replaces one head's output (what it adds before the output projection) by zeros, or by
  its mean over the text's positions, and reads the next token again;
- **activation patching** runs a corrupted text (one token changed) and puts back one piece of the clean
  text's run: the residual stream at one layer and position, or one head's output at every position.

A grid (every layer x head, every layer x position) is one batched sweep: a changed run shares every
layer before its change with the plain run, so it joins the batch at the layer it changes, starting
from the plain run's stream there. A grid of 270 runs then costs about as much as 135 whole forwards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import torch

from viz.pretrained.llama import Llama, block, causal, rotary, unembed

#: How an ablated head's output is replaced: by zeros, or by its mean over the text's positions.
Ablation = Literal["zero", "mean"]
ABLATIONS: tuple[Ablation, ...] = ("zero", "mean")
#: What a patch puts back from the clean run: the residual stream at one (layer, position), or one
#: head's output (at every position).
Patch = Literal["resid", "heads"]
PATCHES: tuple[Patch, ...] = ("resid", "heads")
#: The most rows (sequences x tokens) a sweep runs at once: the batch's activations stay near 50 MB.
ROWS = 4096
#: A progress report: the share of the sweep done, in [0, 1].
Progress = Callable[[float], None]


@dataclass(frozen=True)
class Trace:
    """The plain forward, kept for the interventions: every residual stream and every head's output."""

    ids: tuple[int, ...]
    hidden: torch.Tensor  # (layers + 1, T, d_model): the stream before each layer, then after the last
    heads: torch.Tensor  # (layers, T, heads, d_head): each head's output, before the output projection
    logits: torch.Tensor  # (vocab,): the next token after the last one


@torch.inference_mode()
def trace(model: Llama, ids: Sequence[int]) -> Trace:
    """The plain forward of ``ids``, keeping what the lens, ablation and patching read."""
    c = model.config
    t = len(ids)
    if not 0 < t <= c.max_len:
        raise ValueError(f"{t} tokens: the model reads 1 to {c.max_len}")
    x = model.embedding[torch.tensor([list(ids)], dtype=torch.long)].float()
    rope, future = rotary(c, t), causal(t)
    hidden, heads = [x[0]], []

    def keep(out: torch.Tensor) -> torch.Tensor:
        heads.append(out[0])
        return out

    for i in range(c.layers):
        x, _ = block(model, i, x, rope, future, keep)
        hidden.append(x[0])
    return Trace(tuple(ids), torch.stack(hidden), torch.stack(heads), unembed(model, x[0, -1]))


# ---- the logit lens -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lens:
    """What the output layer reads from the stream before layer 1 (row 0) and after each layer."""

    top: np.ndarray  # (layers + 1, P, K) int: the K likeliest tokens at each layer and position read
    top_p: np.ndarray  # (layers + 1, P, K): their probabilities
    answer: np.ndarray  # (P,) int: the model's own next token at each position (the last row's top)
    answer_p: np.ndarray  # (layers + 1, P): that token's probability read at each layer
    answer_rank: np.ndarray  # (layers + 1, P) int: its rank there (0: the likeliest)


@torch.inference_mode()
def lens(model: Llama, run: Trace, k: int = 5, start: int = 0) -> Lens:
    """The logit lens on every layer of ``run``, at positions ``start`` to the last (reading a position
    costs 31 products with the 49,152-token output layer). The last row is the model's own output."""
    logp = torch.log_softmax(unembed(model, run.hidden[:, start:]), dim=-1)  # (layers + 1, T - start, vocab)
    top_p, top = logp.topk(k, dim=-1)
    answer = top[-1, :, 0]  # (T,)
    chosen = logp.gather(-1, answer.expand(logp.shape[0], -1).unsqueeze(-1)).squeeze(-1)
    rank = (logp > chosen.unsqueeze(-1)).sum(-1)
    return Lens(top.numpy(), top_p.exp().numpy(), answer.numpy(), chosen.exp().numpy(), rank.numpy())


# ---- the sweep: many changed runs at once --------------------------------------------------------------
@dataclass(frozen=True)
class Change:
    """One changed run: at ``layer``, the stream at ``rows`` set to ``stream`` (len(rows), d_model) before
    the layer, and/or head ``head``'s output (T, d_head) set to ``output`` inside it."""

    layer: int
    rows: tuple[int, ...] = ()
    stream: torch.Tensor | None = None
    head: int | None = None
    output: torch.Tensor | None = None


@torch.inference_mode()
def sweep(
    model: Llama, base: Trace, changes: Sequence[Change], progress: Progress | None = None
) -> torch.Tensor:
    """The next token's log-probabilities (len(changes), vocab) after each changed run of ``base``'s
    text, batched (at most :data:`ROWS` rows at once)."""
    t = len(base.ids)
    per = max(1, ROWS // t)
    done: list[torch.Tensor] = []
    for start in range(0, len(changes), per):
        part = changes[start : start + per]

        def layer_done(share: float, start: int = start, n: int = len(part)) -> None:
            if progress is not None:  # the changed runs done so far, counting this batch's layers
                progress(min(1.0, (start + share * n) / len(changes)))

        done.append(_sweep(model, base, part, layer_done))
    if not done:
        return torch.empty(0, model.config.vocab)
    return torch.log_softmax(torch.cat(done), dim=-1)


def _sweep(model: Llama, base: Trace, changes: Sequence[Change], progress: Progress) -> torch.Tensor:
    c = model.config
    t = len(base.ids)
    if any(not 0 <= change.layer < c.layers for change in changes):
        raise ValueError(f"a change's layer must be 0 to {c.layers - 1}")
    rope, future = rotary(c, t), causal(t)
    order = sorted(range(len(changes)), key=lambda j: changes[j].layer)
    x = torch.empty(0, t, c.d_model)
    joined = 0
    for i in range(c.layers):
        new = [changes[j] for j in order[joined:] if changes[j].layer == i]
        edit = None
        if new:
            start = base.hidden[i].expand(len(new), t, c.d_model).clone()
            for b, change in enumerate(new):
                if change.rows and change.stream is not None:
                    start[b, list(change.rows)] = change.stream
            x = torch.cat([x, start])
            edit = _head_edit(x.shape[0] - len(new), new)
            joined += len(new)
        if x.shape[0]:
            x, _ = block(model, i, x, rope, future, edit)
        progress((i + 1) / c.layers)
    logits = unembed(model, x[:, -1])
    back = torch.empty_like(logits)
    back[torch.tensor(order, dtype=torch.long)] = logits  # the batch is in layer order: put it back
    return back


def _head_edit(first: int, new: Sequence[Change]) -> Callable[[torch.Tensor], torch.Tensor] | None:
    """The edit that sets the new runs' heads (rows ``first`` on of the batch), or None if none is set."""
    if all(change.head is None for change in new):
        return None

    def edit(heads: torch.Tensor) -> torch.Tensor:
        heads = heads.clone()
        for b, change in enumerate(new, start=first):
            if change.head is not None and change.output is not None:
                heads[b, :, change.head] = change.output
        return heads

    return edit


# ---- ablation -------------------------------------------------------------------------------------------
def ablated(run: Trace, layer: int, head: int, how: Ablation) -> torch.Tensor:
    """What head ``head`` of ``layer`` outputs once ablated (T, d_head): zeros, or its mean over the
    positions of this text (the same vector at every position)."""
    out = run.heads[layer, :, head]
    if how == "zero":
        return torch.zeros_like(out)
    return out.mean(0, keepdim=True).expand_as(out)


@torch.inference_mode()
def ablate(model: Llama, run: Trace, heads: Sequence[tuple[int, int]], how: Ablation) -> torch.Tensor:
    """The next token's log-probabilities (vocab,) with every (layer, head) of ``heads`` ablated at once."""
    c = model.config
    t = len(run.ids)
    rope, future = rotary(c, t), causal(t)
    by_layer: dict[int, list[int]] = {}
    for layer, head in heads:
        by_layer.setdefault(layer, []).append(head)
    # the layers before the first ablated one are the plain run's: start from its stream there
    first = min(by_layer, default=c.layers)
    x = run.hidden[first].unsqueeze(0)
    for i in range(first, c.layers):
        chosen = by_layer.get(i, [])

        def edit(out: torch.Tensor, i: int = i, chosen: list[int] = chosen) -> torch.Tensor:
            out = out.clone()
            for head in chosen:
                out[0, :, head] = ablated(run, i, head, how)
            return out

        x, _ = block(model, i, x, rope, future, edit if chosen else None)
    return torch.log_softmax(unembed(model, x[0, -1]), dim=-1)


def ablation_grid(
    model: Llama, run: Trace, answer: int, how: Ablation, progress: Progress | None = None
) -> np.ndarray:
    """Every head ablated alone: the change in ``answer``'s log-probability (layers, heads); negative
    where the head helped the answer."""
    c = model.config
    changes = [
        Change(layer, head=head, output=ablated(run, layer, head, how))
        for layer in range(c.layers)
        for head in range(c.heads)
    ]
    logp = sweep(model, run, changes, progress)[:, answer]
    plain = torch.log_softmax(run.logits, dim=-1)[answer]
    return (logp - plain).reshape(c.layers, c.heads).numpy()


# ---- activation patching --------------------------------------------------------------------------------
def logit_difference(logp: torch.Tensor, good: int, bad: int) -> torch.Tensor:
    """How much more the run predicts ``good`` than ``bad`` (the log-probabilities' difference)."""
    return logp[..., good] - logp[..., bad]


def patch_grid(
    model: Llama,
    clean: Trace,
    corrupt: Trace,
    good: int,
    bad: int,
    what: Patch,
    progress: Progress | None = None,
) -> np.ndarray:
    """The share of the answer each patch restores: 0 is the corrupted run's logit difference between
    ``good`` (the clean answer) and ``bad`` (the corrupted one), 1 the clean run's. ``resid`` patches the
    stream before each layer at each position (layers, T); ``heads`` each head's output (layers, heads)."""
    if len(clean.ids) != len(corrupt.ids):
        raise ValueError("the two texts must have as many tokens")
    c = model.config
    if what == "resid":
        t = len(clean.ids)
        changes = [
            Change(layer, (p,), clean.hidden[layer, p : p + 1]) for layer in range(c.layers) for p in range(t)
        ]
        shape = (c.layers, t)
    else:
        changes = [
            Change(layer, head=h, output=clean.heads[layer, :, h])
            for layer in range(c.layers)
            for h in range(c.heads)
        ]
        shape = (c.layers, c.heads)
    patched = logit_difference(sweep(model, corrupt, changes, progress), good, bad)
    low = logit_difference(torch.log_softmax(corrupt.logits, -1), good, bad)
    high = logit_difference(torch.log_softmax(clean.logits, -1), good, bad)
    return ((patched - low) / (high - low)).reshape(shape).numpy()
