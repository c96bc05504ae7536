"""Toy tasks for the live model and the short training loop that solves them.

Each task maps a sequence of SEQ_LEN symbols to one answer per position:

- ``reverse``: y_i = x_{T-1-i}. Only position tells where to look: a head learns the anti-diagonal.
- ``previous``: y_i = x_{i-1} (the first symbol answers itself). A head learns the diagonal just below
  the main one.
- ``match``: every symbol appears exactly twice; y_i is the position of the other copy of x_i. Content
  finds the partner and position tells it apart from the query itself, so the map is a shuffled
  pattern that follows the sequence, not a fixed diagonal.

Training is deterministic: batches come from a generator seeded by the config, so the same
:class:`TrainConfig` always gives the same model and the same curve (unless the wall-time bound,
:data:`TIME_LIMIT_S`, stops it first). Every run keeps a few snapshots of its heads' maps on the first
examples, so that any session can replay how the maps changed while the model learned.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, get_args

import numpy as np
import torch
from torch import Tensor, nn

from viz.model.encoder import NO_ENCODING, Encoder, ModelConfig, build

Task = Literal["reverse", "previous", "match"]
TASKS: tuple[Task, ...] = get_args(Task)
SEQ_LEN = 8
VOCAB = 10  # symbols A..J
SYMBOLS: tuple[str, ...] = tuple("ABCDEFGHIJ")
#: The stated goal: per-position accuracy on a fixed held-out batch.
TARGET_ACCURACY = 0.99
#: Step bound of one run. Sinusoidal and learned tables reach the target in 50-200 steps at every size
#: the page trains (bench/results/train.md); the binary table needs up to 650 ("previous"), and the
#: normalized one is still climbing at 800, which is where its curve shows the difference.
MAX_STEPS = 800
#: Wall-time bound of one run (seconds), checked after every step. The defaults take about 1 s and the
#: largest trainable sizes reach the target in 19-23 s on the two-core server (d_model 512 on "match",
#: 256 with four layers on "reverse": bench/results/train.md); 30 s lets those finish while one press
#: can hold a core for half a minute at most (800 steps at d_model 512 took 80 s idle, 140-170 s busy).
TIME_LIMIT_S = 30.0
#: Steps run when the config cannot learn its task at all (:func:`unlearnable`): without a position
#: signal the held-out accuracy is flat from step 50 on at every task (0.3 for reverse and previous,
#: 0.13 for match, measured at the defaults over 800 steps), so 100 steps (four evaluations) show the
#: flat curve, about 1 s at the defaults instead of 10 s, and 10 s at d_model 512 instead of 80.
UNLEARNABLE_STEPS = 100
#: Snapshots of the heads' maps kept per run for the replay (step 0, the last step and evenly between).
SNAPSHOTS = 8
#: The examples (example numbers 0 .. REPLAY_EXAMPLES - 1) whose maps each snapshot keeps.
REPLAY_EXAMPLES = 4
BATCH = 64
EVAL_BATCH = 512
EVAL_EVERY = 25
LEARNING_RATE = 3e-3
#: Largest model the page trains (parameters): d_model 512 with one layer, or 256 with four. Bigger
#: ones would take minutes on a two-core server (0.7 steps/s at d_model 1024 with four layers).
TRAIN_PARAM_LIMIT = 2_200_000


def param_count(config: ModelConfig) -> int:
    """Parameters of :func:`viz.model.encoder.build` (config): embedding, layers, final norm, answer layer,
    learned table."""
    d, ff = config.d_model, config.ff_mult * config.d_model
    per_layer = 4 * (d * d + d) + 2 * (2 * d) + (d * ff + ff) + (ff * d + d)
    learned = config.max_len * d if config.position is not None and config.position.learned else 0
    answers = d * config.n_classes + config.n_classes
    final_norm = 2 * d
    return config.vocab_size * d + config.n_layers * per_layer + final_norm + answers + learned


def trainable(config: ModelConfig) -> bool:
    """Whether the page offers to train a model this size (see TRAIN_PARAM_LIMIT)."""
    return param_count(config) <= TRAIN_PARAM_LIMIT


Unlearnable = Literal["none", "rope_dk1"]


def unlearnable(config: ModelConfig) -> Unlearnable | None:
    """Why no amount of training can solve the tasks with this model, or None if it can try.

    Every task's answer at position i depends on i (reverse, previous) or is a position (match). A model
    with no position signal is permutation-equivariant (shuffling its input only shuffles its output),
    so it cannot say where a token stands: "none". RoPE with d_k = 1 has no pair of dimensions to rotate
    and is as blind: "rope_dk1".
    """
    if config.encoding == NO_ENCODING:
        return "none"
    if config.rotary and config.d_k < 2:
        return "rope_dk1"
    return None


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


def n_classes(task: Task) -> int:
    """Answers are symbols (reverse, previous) or positions (match)."""
    _check_task(task)
    return SEQ_LEN if task == "match" else VOCAB


def as_task(text: object) -> Task | None:
    """``text`` as a task if it names one (a value from a URL or a widget), else None."""
    return next((task for task in TASKS if task == text), None)


def _check_task(task: Task) -> None:
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; expected one of {TASKS}")


def task_model_config(task: Task, base: ModelConfig) -> ModelConfig:
    """The sidebar/page model settings with this task's vocabulary and answer count."""
    return replace(base, vocab_size=VOCAB, n_classes=n_classes(task))


def make_batch(task: Task, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
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


def example(task: Task, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One sequence of ``task`` and its answers (shape (SEQ_LEN,) each), fixed by ``seed``."""
    x, y = make_batch(task, 1, np.random.default_rng([seed, TASKS.index(task), 7]))
    return x[0], y[0]


def symbols(ids: np.ndarray) -> list[str]:
    """Token ids as the letters the page shows."""
    return [SYMBOLS[int(i)] for i in ids]


def correct(predicted: np.ndarray, answers: np.ndarray) -> int:
    """How many positions the model answered right."""
    return int(np.sum(np.asarray(predicted) == np.asarray(answers)))


def answer_labels(task: Task, answers: np.ndarray) -> list[str]:
    """Answers as text: a letter, or for ``match`` the position of the partner."""
    return [str(int(a)) for a in answers] if task == "match" else symbols(answers)


@dataclass(frozen=True)
class TrainConfig:
    """A model config plus a task: the key of a trained model."""

    model: ModelConfig
    task: Task = "reverse"
    max_steps: int = MAX_STEPS
    target: float = TARGET_ACCURACY
    batch: int = BATCH
    lr: float | None = None  # None: learning_rate(model)

    def __post_init__(self) -> None:
        _check_task(self.task)
        if self.model.n_classes != n_classes(self.task) or self.model.vocab_size != VOCAB:
            raise ValueError("use task_model_config(task, model) to size the model for the task")


#: Why a run stopped: it reached the target, ran out of steps, ran out of time, or cannot learn the task.
Stop = Literal["target", "steps", "time", "unlearnable"]


@dataclass(frozen=True)
class Snapshot:
    """The heads at one evaluation of a run, on the first REPLAY_EXAMPLES examples of the task.

    Bytes: REPLAY_EXAMPLES x layers x heads x SEQ_LEN² x 2 (float16) + the answers: 4 KiB at the
    defaults (1 layer, 8 heads), so the SNAPSHOTS of a run take 33 KiB; at the largest trainable size
    with 8 heads (4 layers) 130 KiB. float16 keeps weights in [0, 1] to three decimals, more than a
    heatmap shows.
    """

    step: int
    maps: np.ndarray  # (REPLAY_EXAMPLES, layers, heads, SEQ_LEN, SEQ_LEN) float16
    answers: np.ndarray  # (REPLAY_EXAMPLES, SEQ_LEN) int8: the model's answer at each position

    @property
    def nbytes(self) -> int:
        return int(self.maps.nbytes + self.answers.nbytes)


@dataclass
class History:
    """The training curve: evaluated every EVAL_EVERY steps on a fixed held-out batch."""

    steps: list[int] = field(default_factory=list)  # starts at 0: the untrained model
    loss: list[float] = field(default_factory=list)  # mean training loss since the last point (0: held-out)
    accuracy: list[float] = field(default_factory=list)  # held-out per-position accuracy
    reached_at: int | None = None  # first step with accuracy >= target
    seconds: float = 0.0  # wall time of the loop so far (measured; not part of the result's identity)
    stop: Stop = "steps"  # why the run ended (while it runs: "steps")
    step_bound: int = MAX_STEPS  # the steps this run could take: max_steps, or UNLEARNABLE_STEPS
    time_limit: float = TIME_LIMIT_S  # its wall-time bound (seconds)
    snapshots: list[Snapshot] = field(default_factory=list, repr=False)  # at most SNAPSHOTS once done

    @property
    def final_accuracy(self) -> float:
        return self.accuracy[-1] if self.accuracy else 0.0

    @property
    def snapshot_bytes(self) -> int:
        """Memory the replay's snapshots hold."""
        return sum(s.nbytes for s in self.snapshots)

    def upto(self, step: int) -> tuple[list[int], list[float], list[float]]:
        """The curve (steps, loss, accuracy) as it stood at ``step``: the replay's view of it."""
        n = sum(1 for s in self.steps if s <= step)
        return self.steps[:n], self.loss[:n], self.accuracy[:n]

    def snapshot_at(self, step: int) -> Snapshot:
        """The last snapshot taken at or before ``step`` (the first one if none was)."""
        found = [s for s in self.snapshots if s.step <= step]
        return found[-1] if found else self.snapshots[0]


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


def replay_inputs(task: Task) -> np.ndarray:
    """The sequences whose maps a run's snapshots keep: examples 0 .. REPLAY_EXAMPLES - 1, (n, SEQ_LEN)."""
    return np.stack([example(task, seed)[0] for seed in range(REPLAY_EXAMPLES)])


def snapshot(model: Encoder, step: int, inputs: Tensor) -> Snapshot:
    """The heads' maps and answers of ``model`` on ``inputs`` (n, SEQ_LEN), without changing it."""
    was_training = model.training
    model.eval()  # the maps as the page would draw them (no dropout in this model, but say so anyway)
    with torch.no_grad():
        logits, weights = model(inputs)
    model.train(was_training)
    maps = torch.stack(weights, dim=1)  # (n, layers, heads, T, T)
    return Snapshot(step, maps.numpy().astype(np.float16), logits.argmax(-1).numpy().astype(np.int8))


def thin(snapshots: list[Snapshot], keep: int = SNAPSHOTS) -> list[Snapshot]:
    """At most ``keep`` snapshots, evenly spread over the run, the first and the last always kept."""
    if len(snapshots) <= keep:
        return list(snapshots)
    picked = np.unique(np.round(np.linspace(0, len(snapshots) - 1, keep)).astype(int))
    return [snapshots[i] for i in picked]


def train(
    config: TrainConfig, progress: Progress | None = None, *, time_limit: float | None = None
) -> Trained:
    """Train a fresh model on ``config.task`` with Adam until the held-out accuracy reaches the target.

    Stops at ``config.target`` (checked every EVAL_EVERY steps), after ``config.max_steps`` (or
    UNLEARNABLE_STEPS when :func:`unlearnable` says the model cannot learn the task), or at the first
    step that ends ``time_limit`` seconds (None: TIME_LIMIT_S, read at call time) after the loop
    started; ``history.stop`` says which. The last step is always evaluated.
    ``progress(step, step_bound, history)`` is called at every evaluation.
    """
    if time_limit is None:
        time_limit = TIME_LIMIT_S
    model = build(config.model).train()
    rng = np.random.default_rng([config.model.seed, TASKS.index(config.task), 1])
    x_eval, y_eval = (torch.from_numpy(a) for a in make_batch(config.task, EVAL_BATCH, rng))
    replay = torch.from_numpy(replay_inputs(config.task))
    opt = torch.optim.Adam(model.parameters(), lr=config.lr or learning_rate(config.model))
    loss_fn = nn.CrossEntropyLoss()
    blind = unlearnable(config.model) is not None
    bound = min(config.max_steps, UNLEARNABLE_STEPS) if blind else config.max_steps
    history = History(step_bound=bound, time_limit=time_limit)
    taken: list[Snapshot] = []  # one per evaluation; thinned to SNAPSHOTS at the end
    with torch.no_grad():  # the starting point of the curve: the untrained model on the held-out batch
        history.steps.append(0)
        history.loss.append(float(sequence_loss(loss_fn, model(x_eval)[0], y_eval)))
        history.accuracy.append(accuracy(model, x_eval, y_eval))
    taken.append(snapshot(model, 0, replay))
    start = time.perf_counter()
    running, counted = 0.0, 0
    stop: Stop = "unlearnable" if blind else "steps"
    for step in range(1, bound + 1):
        x, y = (torch.from_numpy(a) for a in make_batch(config.task, config.batch, rng))
        logits, _ = model(x)  # (B, T, classes)
        loss = sequence_loss(loss_fn, logits, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        running, counted = running + loss.item(), counted + 1
        out_of_time = time.perf_counter() - start >= time_limit
        if step % EVAL_EVERY == 0 or step == bound or out_of_time:
            acc = accuracy(model, x_eval, y_eval)
            history.steps.append(step)
            history.loss.append(running / counted)
            history.accuracy.append(acc)
            taken.append(snapshot(model, step, replay))
            history.seconds = time.perf_counter() - start
            running, counted = 0.0, 0
            if progress is not None:
                progress(step, bound, history)
            if acc >= config.target:
                history.reached_at, stop = step, "target"
                break
            if out_of_time:
                stop = "time"
                break
    history.seconds = time.perf_counter() - start
    history.stop = stop
    history.snapshots = thin(taken)
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)  # shared and read-only from here on
    return Trained(config, model, history)
