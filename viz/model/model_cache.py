"""The live models: built once per server and shared by every session (never changed), their cached
results on a sentence, and the store of trained runs."""

from __future__ import annotations

import dataclasses
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

from viz.cache.budget import Cache, cached
from viz.encodings import embedding

if TYPE_CHECKING:  # torch costs ~2 s to import: only the live-model pages load it
    from viz.model import block, encoder, probe
    from viz.model.decoder import DecoderLayer
    from viz.model.encoder import Encoder, ModelConfig
    from viz.model.train import Progress, TrainConfig, Trained


# ---- the live model (torch is imported on first use, by the attention page only) ---------------------
SENTENCE_SEED = 0  # the toy word vectors are the same on every page


@cached(max_entries=6)  # up to 200 MB each (d_model 1024, 6 layers)
def live_model(config: ModelConfig) -> Encoder:
    """The untrained model for ``config``: built once per server, shared by every session, never changed."""
    from viz.model import encoder

    built = encoder.build(config)
    for p in built.parameters():
        p.requires_grad_(False)
    return built


def sentence_x(tokens: tuple[str, ...], d_model: int) -> Any:
    from viz.model import encoder

    return encoder.sentence_input(embedding.token_vectors(tokens, d_model, SENTENCE_SEED))


@cached(max_entries=16)  # up to 38 MB each (1024 heads, 48 tokens)
def sentence_maps(config: ModelConfig, tokens: tuple[str, ...]) -> np.ndarray:
    """Every head's weights for a sentence: (layers, heads, T, T)."""
    from viz.model import probe

    return probe.attention_maps(live_model(config), sentence_x(tokens, config.d_model))[:, 0]


def stack_through(config: ModelConfig, layer: int) -> ModelConfig:
    """The stack that ends at ``layer`` (0-based, below ``config.n_layers``): where a view of one layer
    comes from.

    A layer does not depend on the layers above it, and a deeper stack starts with the same layers
    (each layer's weights come from its own seed, :func:`viz.model.weights.layer_seed`), so a layer's view
    is one cached result whatever the depth. Taken from each deeper model it came out different in
    the last bit of float32 (the figure's bytes differed), and the depth slider redrew charts that
    looked the same. Showing layer k of a deeper stack builds the (k+1)-layer model once (cached
    like any other, :func:`live_model`).
    """
    if not 0 <= layer < config.n_layers:
        raise ValueError(f"layer {layer + 1} of a stack of {config.n_layers}")
    return dataclasses.replace(config, n_layers=layer + 1)


def layer_maps(config: ModelConfig, tokens: tuple[str, ...], layer: int) -> np.ndarray:
    """Every head's weights for a sentence at ``layer`` (0-based): (heads, T, T), from the stack that
    ends there (:func:`stack_through`)."""
    return sentence_maps(stack_through(config, layer), tokens)[layer]


@cached(max_entries=16)
def window_maps(config: ModelConfig, tokens: tuple[str, ...], window: int, sinks: int) -> np.ndarray:
    """The first layer's heads on a sentence under a sliding window of ``window`` with ``sinks`` sink
    tokens: (heads, T, T)."""
    import torch

    from viz.model import probe
    from viz.scores import windows

    allowed = torch.from_numpy(windows.window_mask(len(tokens), window, sinks))[None, None]
    model_ = live_model(stack_through(config, 0))
    return probe.attention_maps(model_, sentence_x(tokens, config.d_model), allowed)[0, 0]


@cached(max_entries=16)
def padded_maps(
    config: ModelConfig, first: tuple[str, ...], second: tuple[str, ...], mode: probe.MaskMode
) -> tuple[np.ndarray, np.ndarray]:
    """Two sentences in one batch, the shorter padded with [PAD]: (weights (layers, 2, heads, T, T),
    what each query may see (2, T, T))."""
    from viz.model import probe

    t_max = max(len(first), len(second))
    rows = [sentence_x(embedding.padded(s, t_max), config.d_model) for s in (first, second)]
    return probe.batch_maps(live_model(config), rows, (len(first), len(second)), mode)


@cached(max_entries=16)  # up to 0.4 MB (2 x 48 tokens x 1024 dims)
def padded_outputs(
    config: ModelConfig, first: tuple[str, ...], second: tuple[str, ...], mode: probe.MaskMode, layer: int
) -> np.ndarray:
    """Every head's output z in ``layer`` (0-based) for the batch of :func:`padded_maps`:
    (2, heads, T, d_k)."""
    from viz.model import probe

    t_max = max(len(first), len(second))
    rows = [sentence_x(embedding.padded(s, t_max), config.d_model) for s in (first, second)]
    return probe.batch_head_outputs(live_model(config), rows, (len(first), len(second)), mode, layer)


@cached(max_entries=64)
def head_steps(
    config: ModelConfig, tokens: tuple[str, ...], layer: int, head: int, causal: bool
) -> probe.Steps:
    """Cached :func:`viz.model.probe.head_steps` on a sentence; ``layer`` counts from 0, ``head`` from 1. The
    layer's steps come from the stack that ends there (:func:`stack_through`)."""
    from viz.model import probe

    x = sentence_x(tokens, config.d_model)
    return probe.head_steps(live_model(stack_through(config, layer)), x, layer, head - 1, causal)


@cached(max_entries=64)
def order_test(
    config: ModelConfig,
    tokens: tuple[str, ...],
    shuffle_seed: int,
    use_position: bool = True,
    causal: bool = False,
) -> probe.OrderTest:
    """Cached :func:`viz.model.probe.order_test` with a seeded shuffle of the sentence."""
    from viz.model import probe

    perm = probe.shuffle_order(len(tokens), shuffle_seed)
    x = sentence_x(tokens, config.d_model)
    return probe.order_test(live_model(config), x, perm, use_position, causal)


@cached(max_entries=64)
def first_key_weights(config: ModelConfig, tokens: tuple[str, ...]) -> np.ndarray:
    """Cached :func:`viz.model.probe.first_key_weights` on a sentence."""
    from viz.model import probe

    return probe.first_key_weights(live_model(config), sentence_x(tokens, config.d_model))


@cached(max_entries=6)
def live_decoder(config: ModelConfig) -> DecoderLayer:
    """One untrained decoder layer for ``config``'s sizes: shared by every session, never changed."""
    from viz.model import decoder

    built = decoder.build_decoder(config)
    for p in built.parameters():
        p.requires_grad_(False)
    return built


@cached(max_entries=32)  # up to 3.5 MB (6 layers of 48 x 1024)
def encoder_path(
    config: ModelConfig, tokens: tuple[str, ...], norm: encoder.Norm, residual: bool
) -> block.Path:
    """Cached :func:`viz.model.block.path`: a sentence through every stage of the stack."""
    from viz.model import block

    return block.path(live_model(config), sentence_x(tokens, config.d_model), norm, residual)


@cached(max_entries=32)
def stack_norms(config: ModelConfig, tokens: tuple[str, ...]) -> block.StackNorms:
    """Cached :func:`viz.model.block.stack_norms` on a sentence."""
    from viz.model import block

    return block.stack_norms(live_model(config), sentence_x(tokens, config.d_model))


@cached(max_entries=32)
def gradient_steps(config: ModelConfig) -> dict[encoder.Norm, block.GradientStep]:
    """One training step's per-layer gradient norms, for each norm placement (cached: ~1 s when big)."""
    from viz.model import block, encoder

    return {norm: block.gradient_step(config, norm) for norm in encoder.NORMS}


@cached(max_entries=32)
def decoder_maps(
    config: ModelConfig, source: tuple[str, ...], target: tuple[str, ...], norm: encoder.Norm
) -> block.DecoderMaps:
    """Cached :func:`viz.model.block.decoder_maps`: ``target`` starts with [BOS] (the caller adds it)."""
    from viz.model import block

    x_src, y_tgt = (sentence_x(tokens, config.d_model) for tokens in (source, target))
    return block.decoder_maps(live_model(config), live_decoder(config), x_src, y_tgt, norm)


class _TrainedStore:
    """Trained models by :class:`~viz.model.train.TrainConfig`, shared by every session of the server.

    Training reports progress to the page that started it, so it cannot run inside a cached function
    (Streamlit would record and replay those page updates); this store plays the cache's part, with
    one lock per config so that two sessions asking for the same model train it once. Finished runs
    are kept in the server's shared store (:mod:`viz.cache.budget`): they count against the one memory budget
    with every other cache, but are pinned: a run costs 1-30 s of a core to make, so cheap figures and
    maps never push one out; only a newer run does, past :data:`LIMIT` of them. A trained run is at
    most about 9 MB, so they hold at most about 110 MB of the budget.
    """

    LIMIT = 12

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.done: Cache[TrainConfig, Trained] = Cache("trained", max_entries=self.LIMIT, pinned=True)
        self.training: dict[TrainConfig, threading.Lock] = {}

    def get(self, config: TrainConfig) -> Trained | None:
        return self.done.get(config)  # the store has its own lock, and makes it the most recent

    def train(self, config: TrainConfig, progress: Progress | None) -> Trained:
        """Train ``config`` once; a second caller waits for the first. A rerun raised from ``progress``
        (the user moved a control) abandons the run: nothing half-trained is stored."""
        from viz.model import train

        with self.lock:
            key_lock = self.training.setdefault(config, threading.Lock())
        try:
            with key_lock:
                found = self.get(config)
                if found is not None:
                    return found
                result = train.train(config, progress)
                self.done[config] = result  # measured once; evicts the least recently used if need be
                return result
        finally:
            with self.lock:
                if not key_lock.locked():
                    self.training.pop(config, None)


# one per server process, shared by every session (its runs live in viz.cache.budget)
_STORE = _TrainedStore()


def _trained_store() -> _TrainedStore:
    return _STORE


def trained_model(config: TrainConfig) -> Trained | None:
    """The model trained for ``config`` if some session has trained it (shared, read-only)."""
    return _trained_store().get(config)


def train_model(config: TrainConfig, progress: Progress | None = None) -> Trained:
    """Train (or fetch) the model for ``config``, calling ``progress(step, max_steps, history)``."""
    return _trained_store().train(config, progress)
