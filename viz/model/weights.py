"""How the live models' weights are drawn: every layer from a generator of its own, seeded by the model's
seed and the layer's place, two layers at a time. The same seed always gives the same weights."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch
from torch import nn


def init_parts(module: nn.Module, g: torch.Generator) -> None:
    """LayerNorms to 1 and 0; every Linear Xavier-uniform from ``g`` with zero bias, in module order; an
    attention variant's other weights by its ``init_extra`` (viz.model.multihead)."""
    for part in module.modules():
        init_extra = getattr(part, "init_extra", None)
        if callable(init_extra):
            init_extra(g)
        if isinstance(part, nn.RMSNorm) and part.weight is not None:
            nn.init.ones_(part.weight)
        elif isinstance(part, nn.LayerNorm):
            nn.init.ones_(part.weight)
            nn.init.zeros_(part.bias)
        elif isinstance(part, nn.Linear):
            nn.init.xavier_uniform_(part.weight, generator=g)
            if part.bias is not None:
                nn.init.zeros_(part.bias)


def layer_seed(seed: int, layer: int) -> int:
    """The seed of layer ``layer``'s (0-based) generator in a model seeded ``seed``: a layer's weights
    depend on the seed and its place only, so a deeper stack starts with the same layers.

    torch's CPU generator keeps only a seed's low 32 bits, so the seed is hashed into 32 bits
    (``numpy.random.SeedSequence``) above :data:`LAYER_SEED_FLOOR`: never the seed of the embedding and
    head's generator (the model's seed) nor of a decoder's (seed +
    :data:`viz.model.decoder.DECODER_SEED_OFFSET`).
    """
    state = int(np.random.SeedSequence([seed, layer, LAYER_SEED_TAG]).generate_state(1, np.uint64)[0])
    return LAYER_SEED_FLOOR + state % ((1 << 32) - LAYER_SEED_FLOOR)


#: Above every plain seed the app uses (0-9999, and the decoder's 1,000,003 more); a tag of our own.
LAYER_SEED_FLOOR, LAYER_SEED_TAG = 1 << 24, 0x1A7E5


def init_layers(layers: list[nn.Module], seed: int) -> None:
    """Every layer's weights from its own generator (:func:`layer_seed`), two layers at a time.

    Drawing the numbers is most of building a wide model (about 50 million at d_model 1024 with six
    layers, 0.37 s in one thread, the page's whole rerun waiting on it); torch releases the GIL while it
    draws, so the two cores share the layers. The result does not depend on the threads.
    """

    def draw(index: int) -> None:
        # no_grad is per thread: init_parts sets its own, which the pool's threads need
        init_parts(layers[index], torch.Generator().manual_seed(layer_seed(seed, index)))

    if len(layers) < 2:
        for index in range(len(layers)):
            draw(index)
        return
    with ThreadPoolExecutor(max_workers=INIT_THREADS) as pool:
        list(pool.map(draw, range(len(layers))))  # list(): raise what a layer raised


#: Threads drawing a model's layers (the machines have two cores).
INIT_THREADS = 2


def materialise(module: nn.Module) -> nn.Module:
    """``module.to_empty(device="cpu")`` for a module made on the meta device: uninitialised CPU storage
    of the same shapes and dtypes. Made with ``torch.empty`` rather than ``to_empty``'s ``empty_like`` of
    each meta tensor, whose first call loads PyTorch's Python references and decompositions (0.5-1 s of
    CPU once per process)."""
    return module._apply(lambda t: torch.empty(t.shape, dtype=t.dtype))
