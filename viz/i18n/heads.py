"""Strings of every head's attention map (viz/views/heads.py: the Attention heads page's first tab, its
toy tasks and its sliding windows), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "heads.title.kv": {"en": "head {h} · KV {kv}", "ko": "헤드 {h} · KV {kv}"},
    "heads.one_layer": {
        "en": "This model has one layer, so there is one row: raise “Layers” to see how the heads of "
        "deeper layers read the sentence.",
        "ko": "이 모델은 층이 하나라서 행도 하나입니다. “층 수”를 올리면 더 깊은 층의 헤드들이 문장을 어떻게 "
        "읽는지 볼 수 있습니다.",
    },
}
