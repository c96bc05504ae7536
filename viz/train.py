"""Toy tasks for the live model and the short training loop that solves them.

Each task maps a sequence of SEQ_LEN symbols to one answer per position:

- ``reverse``: y_i = x_{T-1-i}. Only position tells where to look: a head learns the anti-diagonal.
- ``previous``: y_i = x_{i-1} (the first symbol answers itself). A head learns the diagonal just below
  the main one.
- ``match``: every symbol appears exactly twice; y_i is the position of the other copy of x_i. Content
  finds the partner and position tells it apart from the query itself, so the map is a shuffled
  pattern that follows the sequence, not a fixed diagonal.

Training is deterministic: batches come from a generator seeded by the config, so the same
:class:`TrainConfig` always gives the same model and the same curve.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np
import torch
from torch import Tensor, nn

from viz.model import Encoder, ModelConfig, build

TASKS: tuple[str, ...] = ("reverse", "previous", "match")
SEQ_LEN = 8
VOCAB = 10  # symbols A..J
SYMBOLS: tuple[str, ...] = tuple("ABCDEFGHIJ")
#: The stated goal: per-position accuracy on a fixed held-out batch.
TARGET_ACCURACY = 0.99
MAX_STEPS = 800
BATCH = 64
EVAL_BATCH = 512
EVAL_EVERY = 25
LEARNING_RATE = 3e-3
#: Largest model the page trains (parameters): d_model 512 with one layer, or 256 with four. Bigger
#: ones would take minutes on a two-core server (0.7 steps/s at d_model 1024 with four layers).
TRAIN_PARAM_LIMIT = 2_200_000


def param_count(config: ModelConfig) -> int:
    """Parameters of :func:`viz.model.build` (config): embedding, layers, final norm, answer layer,
    learned table."""
    d, ff = config.d_model, config.ff_mult * config.d_model
    per_layer = 4 * (d * d + d) + 2 * (2 * d) + (d * ff + ff) + (ff * d + d)
    learned = config.max_len * d if config.encoding == "learned" else 0
    answers = d * config.n_classes + config.n_classes
    final_norm = 2 * d
    return config.vocab_size * d + config.n_layers * per_layer + final_norm + answers + learned


def trainable(config: ModelConfig) -> bool:
    """Whether the page offers to train a model this size (see TRAIN_PARAM_LIMIT)."""
    return param_count(config) <= TRAIN_PARAM_LIMIT


def learning_rate(config: ModelConfig) -> float:
    """Adam's step size for this size: wider and deeper post-norm stacks need smaller steps.

    Measured on the reverse task: 3e-3 reaches 99% in about 100 steps at d_model 128 with 1-2 layers
    but never at d_model 256 with 2 layers or 512 with 1, where 1e-3 does (in 100-125 steps).
    """
    if config.d_model <= 128 and config.n_layers <= 2:
        return LEARNING_RATE
    if config.d_model * config.n_layers <= 512:
        return 1e-3
    return 5e-4


def n_classes(task: str) -> int:
    """Answers are symbols (reverse, previous) or positions (match)."""
    _check_task(task)
    return SEQ_LEN if task == "match" else VOCAB


def _check_task(task: str) -> None:
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; expected one of {TASKS}")


def task_model_config(task: str, base: ModelConfig) -> ModelConfig:
    """The sidebar/page model settings with this task's vocabulary and answer count."""
    return replace(base, vocab_size=VOCAB, n_classes=n_classes(task))


def make_batch(task: str, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(inputs, targets), both int64 of shape (n, SEQ_LEN)."""
    _check_task(task)
    if task == "match":
        half = SEQ_LEN // 2
        x = np.empty((n, SEQ_LEN), dtype=np.int64)
        y = np.empty((n, SEQ_LEN), dtype=np.int64)
        for row in range(n):
            symbols = rng.choice(VOCAB, size=half, replace=False)
            order = rng.permutation(SEQ_LEN)  # order[2s], order[2s+1] hold symbol s
            x[row, order] = np.repeat(symbols, 2)
            y[row, order[0::2]] = order[1::2]
            y[row, order[1::2]] = order[0::2]
        return x, y
    x = rng.integers(0, VOCAB, size=(n, SEQ_LEN), dtype=np.int64)
    if task == "reverse":
        return x, x[:, ::-1].copy()
    y = np.concatenate([x[:, :1], x[:, :-1]], axis=1)
    return x, y


def example(task: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One sequence of ``task`` and its answers (shape (SEQ_LEN,) each), fixed by ``seed``."""
    x, y = make_batch(task, 1, np.random.default_rng([seed, TASKS.index(task), 7]))
    return x[0], y[0]


def symbols(ids: np.ndarray) -> list[str]:
    """Token ids as the letters the page shows."""
    return [SYMBOLS[int(i)] for i in ids]


def answer_labels(task: str, answers: np.ndarray) -> list[str]:
    """Answers as text: a letter, or for ``match`` the position of the partner."""
    return [str(int(a)) for a in answers] if task == "match" else symbols(answers)


@dataclass(frozen=True)
class TrainConfig:
    """A model config plus a task: the key of a trained model."""

    model: ModelConfig
    task: str = "reverse"
    max_steps: int = MAX_STEPS
    target: float = TARGET_ACCURACY
    batch: int = BATCH
    lr: float | None = None  # None: learning_rate(model)

    def __post_init__(self) -> None:
        _check_task(self.task)
        if self.model.n_classes != n_classes(self.task) or self.model.vocab_size != VOCAB:
            raise ValueError("use task_model_config(task, model) to size the model for the task")


@dataclass
class History:
    """The training curve: evaluated every EVAL_EVERY steps on a fixed held-out batch."""

    steps: list[int] = field(default_factory=list)  # starts at 0: the untrained model
    loss: list[float] = field(default_factory=list)  # mean training loss since the last point (0: held-out)
    accuracy: list[float] = field(default_factory=list)  # held-out per-position accuracy
    reached_at: int | None = None  # first step with accuracy >= target
    seconds: float = 0.0  # wall time of the loop (measured; not part of the result's identity)

    @property
    def final_accuracy(self) -> float:
        return self.accuracy[-1] if self.accuracy else 0.0


@dataclass
class Trained:
    """A trained model and its curve. Treat both as read-only: they are shared by every session."""

    config: TrainConfig
    model: Encoder
    history: History


Progress = Callable[[int, int, History], None]


def sequence_loss(loss_fn: nn.CrossEntropyLoss, logits: Tensor, y: Tensor) -> Tensor:
    """Cross-entropy over every position: logits (B, T, classes), y (B, T)."""
    return loss_fn(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))


def accuracy(model: Encoder, x: Tensor, y: Tensor) -> float:
    """Share of positions whose highest-scoring answer is right."""
    with torch.no_grad():
        logits, _ = model(x)
    return float((logits.argmax(-1) == y).float().mean())


def train(config: TrainConfig, progress: Progress | None = None) -> Trained:
    """Train a fresh model on ``config.task`` with Adam until the held-out accuracy reaches the target.

    Stops at ``config.target`` (checked every EVAL_EVERY steps) or after ``config.max_steps``.
    ``progress(step, max_steps, history)`` is called at every evaluation.
    """
    model = build(config.model).train()
    rng = np.random.default_rng([config.model.seed, TASKS.index(config.task), 1])
    x_eval, y_eval = (torch.from_numpy(a) for a in make_batch(config.task, EVAL_BATCH, rng))
    opt = torch.optim.Adam(model.parameters(), lr=config.lr or learning_rate(config.model))
    loss_fn = nn.CrossEntropyLoss()
    history = History()
    with torch.no_grad():  # the starting point of the curve: the untrained model on the held-out batch
        history.steps.append(0)
        history.loss.append(float(sequence_loss(loss_fn, model(x_eval)[0], y_eval)))
        history.accuracy.append(accuracy(model, x_eval, y_eval))
    start = time.perf_counter()
    running, counted = 0.0, 0
    for step in range(1, config.max_steps + 1):
        x, y = (torch.from_numpy(a) for a in make_batch(config.task, config.batch, rng))
        logits, _ = model(x)  # (B, T, classes)
        loss = sequence_loss(loss_fn, logits, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        running, counted = running + loss.item(), counted + 1
        if step % EVAL_EVERY == 0 or step == config.max_steps:
            acc = accuracy(model, x_eval, y_eval)
            history.steps.append(step)
            history.loss.append(running / counted)
            history.accuracy.append(acc)
            running, counted = 0.0, 0
            if progress is not None:
                progress(step, config.max_steps, history)
            if acc >= config.target:
                history.reached_at = step
                break
    history.seconds = time.perf_counter() - start
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)  # shared and read-only from here on
    return Trained(config, model, history)
