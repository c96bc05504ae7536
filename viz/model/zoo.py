"""The attention zoo: every variant of :mod:`viz.model.multihead` trained on one recall task with the same
seed, data and sizes, and measured the same way.

The task (multi-query associative recall, as in Arora et al., 2023, "Zoology", arXiv 2312.04927): a
sequence lists ``PAIRS`` key -> value pairs (k1 v1 k2 v2 ...), then asks for each key again in a new
order (q1 a1 q2 a2 ...); at every asked key the model must name its value. Softmax attention finds the
earlier copy of the key and reads the token after it (an induction-style two-layer circuit); a
fixed-size state must have kept every pair, which is what separates the variants. Every model has two
pre-norm layers of 64 dimensions and four heads, with RoPE.

Training is deterministic (the weights and every batch come from generators seeded by the config) and
bounded in steps and time. A run records its held-out accuracy curve, and at the end: the wall time, the
parameters, the share of attention on the first token, and the cache the variant would keep per token.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor
from torch.nn import functional as F

from viz.model import kv_cache
from viz.model.encoder import Encoder, ModelConfig, ModelEncoding, build
from viz.model.multihead import VARIANTS, Variant

PAIRS = 6
KEYS = 16  # key symbols 0..15; values are 16..31
VOCAB = 2 * KEYS
SEQ_LEN = 4 * PAIRS  # the pairs, then the questions with their answers
BATCH = 64
EVAL_BATCH = 512
EVAL_EVERY = 25
#: The tokens the cache table compares at (a long context, where the variants differ most).
CACHE_TOKENS = 8192
#: Bytes per cached number (16-bit, as models are served).
CACHE_BYTES = 2


@dataclass(frozen=True)
class ZooConfig:
    """Everything that determines one variant's run; hashable, so it keys the shared store."""

    variant: Variant = "standard"
    seed: int = 0
    steps: int = 1000
    d_model: int = 64
    heads: int = 4
    layers: int = 2
    lr: float = 3e-3
    batch: int = BATCH
    target: float = 0.99  # held-out accuracy that ends the run early
    # CPU seconds of the training thread: the run stops after the step that passes it (CPU, not wall
    # time: a busy server cuts a run short far less, though contention for caches still slows a step).
    # 15 s: at 10 s the output gate and the gated delta rule stopped at 83-87% on seed 0 (they reach 99%
    # at 11-14 s); sparse attention ends at ~0.99 and linear attention far below, even at 30 s
    # (bench/results/zoo.md).
    time_limit: float = 15.0
    # the position signal: RoPE, as the models the variants come from (the standard layer learns the
    # task in ~150 steps with it, ~400 with the sinusoidal table added to the input)
    encoding: ModelEncoding = "rope"

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown attention {self.variant!r}; expected one of {VARIANTS}")

    def model_config(self) -> ModelConfig:
        return ModelConfig(
            d_model=self.d_model,
            n_heads=self.heads,
            n_layers=self.layers,
            encoding=self.encoding,
            seed=self.seed,
            vocab_size=VOCAB,
            n_classes=VOCAB,
            max_len=SEQ_LEN,
            norm="pre",
            attention=self.variant,
        )


def batch(n: int, generator: torch.Generator) -> tuple[Tensor, Tensor]:
    """``n`` sequences (n, SEQ_LEN) and their targets (n, SEQ_LEN): the value at each asked key's
    position, -100 (ignored) elsewhere."""
    keys = torch.argsort(torch.rand(n, KEYS, generator=generator), dim=-1)[:, :PAIRS]  # distinct keys
    values = KEYS + torch.randint(0, KEYS, (n, PAIRS), generator=generator)
    order = torch.argsort(torch.rand(n, PAIRS, generator=generator), dim=-1)  # the questions' order
    asked = keys.gather(1, order)
    answers = values.gather(1, order)
    ids = torch.empty(n, SEQ_LEN, dtype=torch.long)
    ids[:, 0 : 2 * PAIRS : 2], ids[:, 1 : 2 * PAIRS : 2] = keys, values
    ids[:, 2 * PAIRS :: 2], ids[:, 2 * PAIRS + 1 :: 2] = asked, answers
    targets = torch.full_like(ids, -100)
    targets[:, 2 * PAIRS :: 2] = answers  # at an asked key, name its value
    return ids, targets


def causal_run(model: Encoder, ids: Tensor) -> tuple[Tensor, list[Tensor]]:
    """Logits (B, T, VOCAB) and every layer's map, each token seeing only itself and the past."""
    t = ids.shape[1]
    return model(ids, torch.ones(t, t, dtype=torch.bool).tril())


def accuracy(logits: Tensor, targets: Tensor) -> float:
    """Share of asked keys answered with the right value."""
    asked = targets != -100
    return float((logits.argmax(-1)[asked] == targets[asked]).float().mean())


def first_token_share(maps: list[Tensor]) -> float:
    """The mean weight queries after the first put on the first token, over layers, heads, queries
    and sequences (a stateful variant's map is the one its output equals, and may be negative)."""
    return float(torch.stack([m[:, :, 1:, 0].mean() for m in maps]).mean())


def cache_numbers(config: ZooConfig, tokens: int = CACHE_TOKENS) -> float:
    """Numbers the config's model keeps per token at ``tokens`` of context (viz.model.kv_cache)."""
    return kv_cache.variant_numbers(config.variant, config.d_model, config.heads, config.layers, tokens)


@dataclass(frozen=True)
class ZooRun:
    """One variant's run: its curve and what the zoo's table shows."""

    config: ZooConfig
    steps: np.ndarray  # (E,) the step of each evaluation
    accuracy: np.ndarray  # (E,) held-out accuracy on the asked keys
    loss: np.ndarray  # (E,) held-out loss on them
    seconds: float  # wall time
    cpu_seconds: float  # CPU time of the training thread
    params: int
    first_token: float  # share of attention on the first token at the end (first_token_share)
    cache_bytes: float  # bytes cached per token at CACHE_TOKENS (cache_numbers x CACHE_BYTES)
    stopped: bool  # the time limit ended the run before its steps

    @property
    def final_accuracy(self) -> float:
        return float(self.accuracy[-1])


def train(config: ZooConfig, progress: Callable[[float], None] | None = None) -> ZooRun:
    """Train a fresh model of ``config.variant`` on the recall task (Adam, the loss on the asked keys),
    evaluating every EVAL_EVERY steps on a fixed held-out batch."""
    model = build(config.model_config()).train()
    opt = torch.optim.Adam(model.parameters(), lr=config.lr)
    batches = torch.Generator().manual_seed(config.seed + 1)
    held_ids, held_targets = batch(EVAL_BATCH, torch.Generator().manual_seed(config.seed + 2))
    steps: list[int] = []
    accs: list[float] = []
    losses: list[float] = []

    def evaluate(step: int) -> list[Tensor]:
        model.eval()
        with torch.no_grad():
            logits, maps = causal_run(model, held_ids)
        model.train()
        steps.append(step)
        accs.append(accuracy(logits, held_targets))
        losses.append(float(F.cross_entropy(logits.transpose(1, 2), held_targets, ignore_index=-100)))
        return maps

    start, cpu, stopped = time.perf_counter(), time.thread_time(), False
    maps = evaluate(0)
    for step in range(1, config.steps + 1):
        ids, targets = batch(config.batch, batches)
        logits, _ = causal_run(model, ids)
        loss = F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=-100)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        used = time.thread_time() - cpu
        out_of_time = used > config.time_limit
        if step % EVAL_EVERY == 0 or step == config.steps or out_of_time:
            maps = evaluate(step)
            if progress is not None:  # whichever bound is nearer: most runs end on the time, not the steps
                share = used / config.time_limit if config.time_limit > 0 else 1.0
                progress(min(1.0, max(step / config.steps, share)))
            if accs[-1] >= config.target:
                break
            if out_of_time and step < config.steps:
                stopped = True
                break
    seconds, cpu_seconds = time.perf_counter() - start, time.thread_time() - cpu
    model.eval()
    return ZooRun(
        config,
        np.array(steps),
        np.array(accs),
        np.array(losses),
        seconds,
        cpu_seconds,
        sum(p.numel() for p in model.parameters()),
        first_token_share(maps),
        cache_numbers(config) * CACHE_BYTES,
        stopped,
    )
