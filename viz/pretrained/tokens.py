"""The two models' tokenizers, and their pieces as a class can read them.

MiniLM's WordPiece comes from its own ``tokenizer.json``. SmolLM2's byte-level BPE is rebuilt from the
vocabulary and merges inside its GGUF file, with the splitting rules its GGUF names ("smollm": single
digits, then GPT-2's byte-level pattern). Both run in the ``tokenizers`` library; the tests compare the
second with ``transformers``' own reading of the GGUF. Text a visitor types is only ever text: the
models' control tokens (``<|im_start|>``...) typed into the box are read as the characters they are.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer, decoders, models, pre_tokenizers


@dataclass(frozen=True)
class Pieces:
    ids: tuple[int, ...]
    pieces: tuple[str, ...]  # as the vocabulary writes them (``##ing``, ``Ġcat``)
    shown: tuple[str, ...]  # as a class reads them (see :func:`readable`)
    cut: int  # tokens left out past the limit (0: the whole text fits)


def bert_tokenizer(folder: Path) -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


def gguf_tokenizer(reader: Any) -> Tokenizer:
    """SmolLM2's tokenizer from its GGUF fields (``tokenizer.ggml.tokens`` and ``.merges``)."""
    tokens = reader.fields["tokenizer.ggml.tokens"].contents()
    merges = [tuple(m.split(" ", 1)) for m in reader.fields["tokenizer.ggml.merges"].contents()]
    tokenizer = Tokenizer(models.BPE(vocab={tok: i for i, tok in enumerate(tokens)}, merges=merges))
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Digits(individual_digits=True),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
        ]
    )
    tokenizer.decoder = decoders.ByteLevel()
    return tokenizer


def encode(tokenizer: Tokenizer, text: str, limit: int, *, wordpiece: bool) -> Pieces:
    """``text``'s tokens (with [CLS] ... [SEP] for WordPiece), at most ``limit`` of them."""
    found = tokenizer.encode(text)
    ids, pieces = list(found.ids), list(found.tokens)
    cut = max(0, len(ids) - limit)
    if cut and wordpiece:  # keep [SEP] at the end, as the model was trained to see it
        ids, pieces = [*ids[: limit - 1], ids[-1]], [*pieces[: limit - 1], pieces[-1]]
    elif cut:
        ids, pieces = ids[:limit], pieces[:limit]
    shown = tuple(readable(p, wordpiece=wordpiece) for p in pieces)
    return Pieces(tuple(ids), tuple(pieces), shown, cut)


@functools.cache
def _byte_of() -> dict[str, int]:
    """GPT-2's byte-level alphabet: each byte as the printable character BPE vocabularies write it."""
    printable = [
        *range(ord("!"), ord("~") + 1),
        *range(ord("¡"), ord("¬") + 1),
        *range(ord("®"), ord("ÿ") + 1),
    ]
    chars, extra = list(printable), 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, chars, strict=True)}


def piece_bytes(piece: str) -> bytes:
    """The bytes a byte-level BPE piece stands for."""
    table = _byte_of()
    return bytes(table[ch] for ch in piece)


def readable(piece: str, *, wordpiece: bool) -> str:
    """A piece as a class can read it.

    WordPiece: as written (``##`` marks a piece inside a word; the uncased model's Korean arrives as
    jamo, each syllable taken apart, and is shown so). Byte-level: the bytes decoded as UTF-8, a
    leading space shown as ``␣``; a piece that is part of a character (a Korean syllable takes three
    bytes) shows its bytes in hex, e.g. ``⟨EC 95⟩``."""
    if wordpiece:
        return piece
    return readable_bytes(piece_bytes(piece))


def readable_bytes(raw: bytes) -> str:
    """Bytes as a class can read them: whole UTF-8 characters as text (a space as ``␣``), any byte that
    is not part of a whole character in hex, e.g. ``⟨EC 95⟩``."""
    out, stray = list[str](), list[str]()
    i = 0
    while i < len(raw):
        for j in range(min(len(raw), i + 4), i, -1):  # the longest whole character at i
            try:
                ch = raw[i:j].decode("utf-8")
            except UnicodeDecodeError:
                continue
            if stray:
                out.append("⟨" + " ".join(stray) + "⟩")
                stray = []
            out.extend(_visible(c) for c in ch)
            i = j
            break
        else:
            stray.append(f"{raw[i]:02X}")
            i += 1
    if stray:
        out.append("⟨" + " ".join(stray) + "⟩")
    return "".join(out)


def _visible(ch: str) -> str:
    if ch == " ":
        return "␣"
    if ch == "\n":
        return "↵"
    if unicodedata.category(ch).startswith("C"):  # control and format characters: their code point
        return f"U+{ord(ch):04X}"
    return ch


# ---- the next token, completed to whole characters ---------------------------------------------------
#: Tokens the next-token view adds at most, greedily, to a token that ends inside a character (a Korean
#: syllable is three bytes, and SmolLM2 often spends a token on each).
MORE = 3


def _needs(lead: int) -> int:
    """The length of the UTF-8 character a byte starts (0: the byte starts none, e.g. a continuation)."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def open_tail(raw: bytes) -> bytes:
    """The bytes at the end of ``raw`` that begin a character without finishing it (empty when ``raw``
    ends on a whole character, or on bytes that no continuation can make whole)."""
    for back in range(1, min(4, len(raw)) + 1):
        byte = raw[-back]
        if 0x80 <= byte <= 0xBF:  # a continuation byte: the character began further back
            continue
        need = _needs(byte)
        return raw[-back:] if need > back else b""
    return b""


def complete_greedily(
    carry: bytes,
    firsts: Sequence[int],
    bytes_of: Callable[[int], bytes],
    step: Callable[[list[tuple[int, ...]]], list[int]],
    more: int = MORE,
) -> list[tuple[int, ...]]:
    """Each first token, followed by the likeliest tokens until its bytes end on a whole character.

    ``carry`` is the text's own unfinished character (:func:`open_tail` of the text's bytes), which a first
    token that starts with continuation bytes goes on with. ``step`` takes token chains that continue the
    text, all of one length, and gives each one's likeliest next token; it is called at most ``more``
    times, each time for the chains still inside a character, so a chain holds 1 to ``1 + more`` tokens.
    """
    chains: list[tuple[int, ...]] = [(first,) for first in firsts]
    for _ in range(more):
        open_ = [
            i for i, chain in enumerate(chains) if open_tail(joined(carry, [bytes_of(t) for t in chain]))
        ]
        if not open_:
            break
        for i, token in zip(open_, step([chains[i] for i in open_]), strict=True):
            chains[i] = (*chains[i], token)
    return chains


def joined(carry: bytes, raws: Sequence[bytes]) -> bytes:
    """Tokens' bytes in a row, after the text's unfinished character ``carry`` if the first goes on with
    it (starts with a continuation byte)."""
    raw = b"".join(raws)
    return carry + raw if raw and 0x80 <= raw[0] <= 0xBF else raw


def next_label(carry: bytes, pieces: Sequence[str]) -> str:
    """A next token's label: its piece as :func:`readable` shows it or, when its bytes join others' into
    characters (tokens the view added to finish a character, or the text's own unfinished one), the
    whole characters and then the pieces in brackets: ``␣위 (␣⟨EC⟩⟨9C⟩⟨84⟩)``."""
    shown = "".join(readable(piece, wordpiece=False) for piece in pieces)
    text = readable_bytes(joined(carry, [piece_bytes(piece) for piece in pieces]))
    return shown if text == shown else f"{text} ({shown})"
