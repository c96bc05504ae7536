"""A BERT encoder (all-MiniLM-L6-v2) written out step by step, so every head's attention weights come
back as plain arrays, as the rest of the app's models do.

Weights are read by their ``transformers`` names (``encoder.layer.0.attention.self.query.weight``...),
from the model's safetensors file or from any BertModel's state dict (the tests build tiny random ones
and compare this forward with ``transformers``' own at 1e-5).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch.nn import functional as F


@dataclass(frozen=True)
class BertConfig:
    vocab: int
    d_model: int
    layers: int
    heads: int
    d_ff: int
    max_len: int
    eps: float

    @property
    def d_head(self) -> int:
        return self.d_model // self.heads

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> BertConfig:
        def num(key: str) -> int:
            return int(str(raw[key]))

        return cls(
            vocab=num("vocab_size"),
            d_model=num("hidden_size"),
            layers=num("num_hidden_layers"),
            heads=num("num_attention_heads"),
            d_ff=num("intermediate_size"),
            max_len=num("max_position_embeddings"),
            eps=float(str(raw.get("layer_norm_eps", 1e-12))),
        )


@dataclass(frozen=True)
class Bert:
    """A loaded encoder: its config and its weights by ``transformers`` name (float32, never changed)."""

    config: BertConfig
    weights: Mapping[str, torch.Tensor]

    def w(self, name: str) -> torch.Tensor:
        return self.weights[name]

    @property
    def positions(self) -> np.ndarray:
        """The learned position table (max_len x d_model), as the model adds it to each token."""
        table = self.w("embeddings.position_embeddings.weight").numpy().copy()
        table.flags.writeable = False
        return table


@dataclass(frozen=True)
class BertRun:
    hidden: np.ndarray  # (layers + 1, T, d_model): the embeddings, then each layer's output
    attention: np.ndarray  # (layers, heads, T, T), each row a query's weights over the keys


def from_state_dict(config: BertConfig, state: Mapping[str, torch.Tensor]) -> Bert:
    """A :class:`Bert` over ``state`` (a BertModel's ``state_dict()``, optionally with a ``bert.`` prefix)."""
    weights = {k.removeprefix("bert."): v.detach().to(torch.float32).contiguous() for k, v in state.items()}
    for v in weights.values():
        v.requires_grad_(False)
    return Bert(config, weights)


def load(folder: Path) -> Bert:
    """all-MiniLM-L6-v2 from its folder (config.json, model.safetensors); hashes are checked by the caller."""
    from safetensors.torch import load_file

    config = BertConfig.from_json(json.loads((folder / "config.json").read_text(encoding="utf-8")))
    return from_state_dict(config, load_file(str(folder / "model.safetensors")))


def _linear(x: torch.Tensor, model: Bert, name: str) -> torch.Tensor:
    return F.linear(x, model.w(f"{name}.weight"), model.w(f"{name}.bias"))


def _norm(x: torch.Tensor, model: Bert, name: str) -> torch.Tensor:
    c = model.config
    return F.layer_norm(x, (c.d_model,), model.w(f"{name}.weight"), model.w(f"{name}.bias"), c.eps)


@torch.inference_mode()
def run(model: Bert, ids: list[int]) -> BertRun:
    """The encoder on one sequence of token ids (with its [CLS] and [SEP]; no padding, so no mask)."""
    c = model.config
    if not 0 < len(ids) <= c.max_len:
        raise ValueError(f"{len(ids)} tokens: the model reads 1 to {c.max_len}")
    t = len(ids)
    index = torch.tensor(ids, dtype=torch.long)
    x = (
        model.w("embeddings.word_embeddings.weight")[index]
        + model.w("embeddings.position_embeddings.weight")[:t]
        + model.w("embeddings.token_type_embeddings.weight")[0]
    )
    x = _norm(x, model, "embeddings.LayerNorm")
    hidden, maps = [x], []
    for i in range(c.layers):
        p = f"encoder.layer.{i}"

        def split(y: torch.Tensor) -> torch.Tensor:
            return y.view(t, c.heads, c.d_head).transpose(0, 1)  # (heads, T, d_head)

        q = split(_linear(x, model, f"{p}.attention.self.query"))
        k = split(_linear(x, model, f"{p}.attention.self.key"))
        v = split(_linear(x, model, f"{p}.attention.self.value"))
        weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(c.d_head), dim=-1)
        mixed = (weights @ v).transpose(0, 1).reshape(t, c.d_model)
        x = _norm(
            _linear(mixed, model, f"{p}.attention.output.dense") + x, model, f"{p}.attention.output.LayerNorm"
        )
        inner = F.gelu(_linear(x, model, f"{p}.intermediate.dense"))  # the exact (erf) GELU, as BERT's
        x = _norm(_linear(inner, model, f"{p}.output.dense") + x, model, f"{p}.output.LayerNorm")
        hidden.append(x)
        maps.append(weights)
    return BertRun(torch.stack(hidden).numpy(), torch.stack(maps).numpy())
