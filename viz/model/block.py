"""What the encoder block does to one sentence, as NumPy arrays for the Encoder block page: every stage
of every layer, what the residual connection keeps, post-norm against pre-norm (activations and the
gradients of one training step), and the decoder's masked self-attention and cross-attention.

Nothing here changes a shared model: probes run under ``torch.no_grad``, and the training step builds
its own models.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
import torch
from torch import Tensor, nn

from viz.encodings.embedding import MAX_TOKENS
from viz.model import train
from viz.model.attention import causal_mask
from viz.model.decoder import DecoderLayer
from viz.model.encoder import NORMS, Encoder, EncoderLayer, ModelConfig, Norm, build

#: The stages of one layer, in order (LayerTrace's fields).
STAGES: tuple[str, ...] = ("x", "attn", "mid", "hidden", "ffn", "out")
#: The stages a stack's flow lists per layer after its input (the FFN's wider hidden layer included), in
#: order (numbered 1-5 in the charts' labels).
FLOW_STAGES: tuple[str, ...] = ("attn", "mid", "hidden", "ffn", "out")
#: The stages compared with the input (same width as the input, so a cosine is defined).
SIMILARITY_STAGES: tuple[str, ...] = ("attn", "mid", "ffn", "out")
#: The decoder's first input token: the answer so far starts here.
BOS = "[BOS]"
#: Target words the decoder reads after [BOS], so [BOS] and the target fit the sentences' 48 tokens.
TARGET_TOKENS = MAX_TOKENS - 1
#: The toy task and batch of the gradient step (seeded, so every session measures the same step).
GRADIENT_TASK: train.Task = "reverse"
GRADIENT_SEED = 0
#: Above this many parameters per model the page does not run a gradient step (memory and time).
GRADIENT_PARAM_LIMIT = 13_000_000  # d_model 512 with N 6, 1024 with N 1: about 1 s for both steps


def _np(t: Tensor) -> np.ndarray:
    return t.detach().float().numpy().copy()


@dataclass(frozen=True)
class Path:
    """One sentence through every layer of the stack, float32: layer-major arrays (layers, T, width)."""

    norm: Norm
    residual: bool
    x: np.ndarray  # (L, T, d_model): each layer's input (x[0] = E + PE)
    attn: np.ndarray  # (L, T, d_model)
    mid: np.ndarray  # (L, T, d_model)
    hidden: np.ndarray  # (L, T, d_ff): after ReLU
    ffn: np.ndarray  # (L, T, d_model)
    out: np.ndarray  # (L, T, d_model)

    @property
    def n_layers(self) -> int:
        return int(self.x.shape[0])

    def stage(self, name: str) -> np.ndarray:
        """One stage's activations in every layer, (L, T, width)."""
        if name not in STAGES:
            raise ValueError(f"unknown stage {name!r}; expected one of {STAGES}")
        return np.asarray(getattr(self, name))

    def flow(self, stages: tuple[str, ...] = FLOW_STAGES) -> list[tuple[int, str, np.ndarray]]:
        """The stack's stages in the order the data meets them: (layer, stage, (T, width)); layer 0 is
        the input, layers count from 1."""
        steps = [(0, "x", self.x[0])]
        for layer in range(self.n_layers):
            steps.extend((layer + 1, name, self.stage(name)[layer]) for name in stages)
        return steps

    def stages(self, stages: tuple[str, ...] = FLOW_STAGES) -> list[tuple[int, str]]:
        """Which (layer, stage) each entry of :meth:`flow` is, without the arrays."""
        return [(layer, name) for layer, name, _ in self.flow(stages)]


def path(
    model: Encoder, x: Tensor, norm: Norm = "post", residual: bool = True, use_position: bool = True
) -> Path:
    """Run x: (1, T, d_model) (before the position signal) and keep every stage of every layer."""
    with torch.no_grad():
        layers = model.traces(x, use_position=use_position, residual=residual, norm=norm)
    stacked = {name: np.stack([_np(getattr(tr, name)[0]) for tr in layers]) for name in STAGES}
    return Path(norm, residual, **stacked)


def flow_labels(stages: Sequence[tuple[int, str]], short: Mapping[str, str]) -> list[str]:
    """Unique axis labels for a stack's stages [(layer, stage)]: "input", then "L1.1 attn", "L1.2 ...".

    The number after the dot counts the stages the chart shows in that layer, 1, 2, 3 ... with no gap
    (a chart that leaves the FFN's hidden layer out numbers the FFN's output .3, not .4: a skipped number
    reads as a missing stage), and keeps two "add & norm" stages apart.
    """
    labels = []
    shown: dict[int, int] = {}
    for layer, stage in stages:
        if layer == 0:
            labels.append(short[stage])
            continue
        shown[layer] = shown.get(layer, 0) + 1
        labels.append(f"L{layer}.{shown[layer]} {short[stage]}")
    return labels


def layer_span(stages: Sequence[tuple[int, str]], layer: int) -> tuple[int, int]:
    """The first and last index in ``stages`` of 1-based ``layer``'s stages."""
    found = [i for i, (at, _) in enumerate(stages) if at == layer]
    if not found:
        raise ValueError(f"layer {layer} is not in the stack")
    return found[0], found[-1]


def token_series(tokens: Sequence[str], per_stage: np.ndarray) -> dict[str, np.ndarray]:
    """Per-token values over stages, (stages, T), as {token label: (stages,)}; labels must be unique."""
    values = np.asarray(per_stage)
    return {label: values[:, i] for i, label in enumerate(tokens)}


def column_mean(per_stage: np.ndarray) -> np.ndarray:
    """The mean over tokens at each stage: (stages, T) -> (stages,)."""
    return np.asarray(per_stage, dtype=np.float64).mean(axis=-1)


def zero_share(a: np.ndarray) -> float:
    """The share of exact zeros (what ReLU switched off), in [0, 1]."""
    arr = np.asarray(a)
    return float(np.mean(arr == 0)) if arr.size else 0.0


def token_norms(a: np.ndarray) -> np.ndarray:
    """‖a_t‖₂ of each token's vector: (..., T, width) -> (..., T)."""
    return np.linalg.norm(np.asarray(a, dtype=np.float64), axis=-1)


def flow_norms(p: Path) -> np.ndarray:
    """Each token's length at every stage of :meth:`Path.flow`: (stages, T)."""
    return np.stack([token_norms(a) for _, _, a in p.flow()])


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """cos(a_t, b_t) = a_t · b_t / (‖a_t‖ ‖b_t‖) token by token: (T, d) and (T, d) -> (T,); 0 where a
    vector is 0."""
    a64, b64 = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    denom = np.linalg.norm(a64, axis=-1) * np.linalg.norm(b64, axis=-1)
    dots = np.einsum("td,td->t", a64, b64)
    return np.divide(dots, denom, out=np.zeros_like(dots), where=denom > 0)


def similarity_to_input(p: Path) -> tuple[list[tuple[int, str]], np.ndarray]:
    """cos(stage output, its block's input) per token, for the stack's input and every same-width stage:
    ([(layer, stage)], (stages, T)). The input's own row is all 1; block k's stages are compared with
    x[k - 1], what block k received."""
    steps = p.flow(SIMILARITY_STAGES)
    rows = [cosine(a, p.x[max(layer - 1, 0)]) for layer, _, a in steps]
    return [(layer, name) for layer, name, _ in steps], np.stack(rows)


def stage_mean(where: list[tuple[int, str]], values: np.ndarray, stages: tuple[str, ...]) -> float:
    """The mean of ``values`` (stages, T) over the rows of the named stages (all blocks, all tokens)."""
    rows = [i for i, (layer, name) in enumerate(where) if layer > 0 and name in stages]
    return float(np.asarray(values)[rows].mean()) if rows else float("nan")


def mean_pairwise_cosine(a: np.ndarray) -> float:
    """The mean cosine between different tokens' vectors of (T, d); nan for one token. Near 1 means the
    tokens have become alike."""
    a64 = np.asarray(a, dtype=np.float64)
    n = a64.shape[0]
    if n < 2:
        return float("nan")
    norms = np.linalg.norm(a64, axis=-1, keepdims=True)
    unit = np.divide(a64, norms, out=np.zeros_like(a64), where=norms > 0)
    g = unit @ unit.T
    return float((g.sum() - np.trace(g)) / (n * (n - 1)))


def token_alikeness(p: Path) -> np.ndarray:
    """:func:`mean_pairwise_cosine` of the stack's input and of every block's output: (L + 1,)."""
    return np.array([mean_pairwise_cosine(a) for a in (p.x[0], *p.out)])


@dataclass(frozen=True)
class StackNorms:
    """Mean per-token norm of the residual stream entering each layer and leaving the last, (L + 1,),
    for both norm placements on the same weights; and the pre-norm stack's output after its final
    LayerNorm."""

    post: np.ndarray
    pre: np.ndarray
    pre_final: float


def stack_norms(model: Encoder, x: Tensor) -> StackNorms:
    """Activation norms through the stack, post-norm and pre-norm, for x: (1, T, d_model)."""
    with torch.no_grad():
        runs = {norm: model.run(x, norm=norm) for norm in NORMS}
        final = model.finish(runs["pre"].output, "pre")
    means = {
        norm: np.array([token_norms(_np(h[0])).mean() for h in run.hidden]) for norm, run in runs.items()
    }
    return StackNorms(means["post"], means["pre"], float(token_norms(_np(final[0])).mean()))


@dataclass(frozen=True)
class GradientStep:
    """One training step's gradients, per encoder layer (‖∂loss/∂θ‖₂ over the layer's parameters)."""

    norms: np.ndarray  # (L,)
    loss: float


def layer_gradient_norms(model: Encoder) -> np.ndarray:
    """‖grad‖₂ over all of each layer's parameters after a backward pass: (L,)."""
    out = []
    for layer in model.layers:
        assert isinstance(layer, EncoderLayer)
        sq = sum(float((p.grad.double() ** 2).sum()) for p in layer.parameters() if p.grad is not None)
        out.append(sq**0.5)
    return np.array(out)


def gradient_step(config: ModelConfig, norm: Norm) -> GradientStep:
    """The gradients of one step on the toy task at initialisation: a fresh model (config's sizes and
    seed, on the task's vocabulary, LayerNorm placed by ``norm``), one seeded batch, cross-entropy,
    backward. Post and pre start from the same weights."""
    if not gradient_ok(config):
        raise ValueError(f"{gradient_params(config)} parameters is above {GRADIENT_PARAM_LIMIT}")
    cfg = replace(train.task_model_config(GRADIENT_TASK, config), norm=norm)
    model = build(cfg).train()
    xs, ys = train.make_batch(GRADIENT_TASK, train.BATCH, np.random.default_rng(GRADIENT_SEED))
    logits, _ = model(torch.from_numpy(xs))
    loss = train.sequence_loss(nn.CrossEntropyLoss(), logits, torch.from_numpy(ys))
    loss.backward()
    return GradientStep(layer_gradient_norms(model), float(loss.detach()))


def gradient_params(config: ModelConfig) -> int:
    """Parameters of each model :func:`gradient_step` builds for these sizes."""
    return train.param_count(train.task_model_config(GRADIENT_TASK, config))


def gradient_ok(config: ModelConfig) -> bool:
    """Whether :func:`gradient_step` runs for these sizes."""
    return gradient_params(config) <= GRADIENT_PARAM_LIMIT


@dataclass(frozen=True)
class DecoderMaps:
    """The decoder layer's attention for a target sentence of T tokens and a source of S tokens."""

    self_weights: np.ndarray  # (heads, T, T): masked self-attention over the target
    cross_weights: np.ndarray  # (heads, T, S): target queries, source keys and values


def decoder_maps(
    encoder: Encoder, decoder: DecoderLayer, source: Tensor, target: Tensor, norm: Norm = "post"
) -> DecoderMaps:
    """source (1, S, d_model) through the encoder stack; target (1, T, d_model) with the same position
    signal through one decoder layer, the causal mask on its self-attention."""
    with torch.no_grad():
        memory = encoder.finish(encoder.run(source, norm=norm).output, norm)  # (1, S, d_model)
        t = target.shape[1]
        pe = encoder.position_table(t)
        y = target if pe is None else target + pe
        tr = decoder.trace(y, memory, causal_mask(t)[None, None], None, norm)
    return DecoderMaps(_np(tr.self_weights[0]), _np(tr.cross_weights[0]))


def decoder_tokens(bos: str, tokens: Sequence[str], limit: int) -> tuple[str, ...]:
    """The decoder's input: [BOS] and then the answer so far (the target shifted right by one), at
    most ``limit`` tokens in all."""
    return (bos, *tokens)[: max(int(limit), 1)]


def first_self_weight(maps: np.ndarray) -> float:
    """The weight the first query gives itself, smallest over heads: (heads, T, T) -> float (1 under a
    causal mask, where the first token can see only itself)."""
    return float(np.asarray(maps)[:, 0, 0].min())


def above_diagonal(maps: np.ndarray) -> float:
    """The largest weight a query gives to a later key: (..., T, T) -> max over the strict upper triangle
    (0 for a causal map; 0 for one token)."""
    m = np.asarray(maps, dtype=np.float64)
    t = m.shape[-1]
    upper = np.triu(np.ones((t, t), dtype=bool), k=1)
    return float(m[..., upper].max()) if upper.any() else 0.0
