"""Strings of sliding windows and sinks (viz/views/windows.py, the Attention heads page's fifth tab),
English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "win.title": {"en": "5. Sliding windows and sinks", "ko": "5. 슬라이딩 윈도와 싱크"},
    "win.intro": {
        "en": "Long-context models often let each token read only the last W tokens (a sliding window), "
        "and keep the first few tokens readable by everyone (attention sinks). Set the window and the "
        "sinks, and see the mask, how far information still travels through a stack of layers, and how "
        "much attention a real model gives its first tokens.",
        "ko": "긴 문맥을 다루는 모델은 각 토큰이 마지막 W개 토큰만 읽게 하고(슬라이딩 윈도), 처음 몇 토큰은 모두가 "
        "읽을 수 있게 남겨 두곤 합니다(어텐션 싱크). 윈도와 싱크를 정하고, 마스크와 여러 층을 거치며 정보가 얼마나 "
        "멀리 가는지, 실제 모델이 처음 토큰에 어텐션을 얼마나 주는지 보세요.",
    },
    "win.len": {"en": "Tokens", "ko": "토큰 수"},
    "win.window": {"en": "Window W", "ko": "윈도 W"},
    "win.sinks": {"en": "Sink tokens k", "ko": "싱크 토큰 k"},
    "win.layers": {
        "en": "Windowed layers stacked (for the reach)",
        "ko": "쌓은 윈도 층 수 (도달 범위 계산용)",
    },
    "win.mask.title": {"en": "Mask: window {w}, {k} sink(s)", "ko": "마스크: 윈도 {w}, 싱크 {k}개"},
    "win.mask.colorbar": {"en": "1 window · 2 sink", "ko": "1 윈도 · 2 싱크"},
    "win.mask.hover": {
        "en": "query %{y}, key %{x}: %{z:.0f} (1 in the window, 2 a sink)<extra></extra>",
        "ko": "쿼리 %{y}, 키 %{x}: %{z:.0f} (1 윈도 안, 2 싱크)<extra></extra>",
    },
    "win.reach.title": {
        "en": "What reaches each query after {layers} layer(s)",
        "ko": "{layers}개 층 뒤 각 쿼리에 닿는 키",
    },
    "win.reach.colorbar": {"en": "reached", "ko": "닿음"},
    "win.reach.hover": {
        "en": "key %{x} reaches query %{y}<extra></extra>",
        "ko": "키 %{x} → 쿼리 %{y}: 닿음<extra></extra>",
    },
    "win.explain": {
        "en": "**What to notice.** Left, the mask: query i reads key j only when 0 ≤ i − j < {w}, plus the "
        "sink columns on the left. Right, the same mask through a stack: layer 2 reads layer 1's outputs, "
        "which already mixed {w} tokens, so what a query has heard from grows by W − 1 positions a layer, "
        "{span} after {layers} layer(s) (Mistral 7B, Figure 1; at most the sequence). Sinks reach every "
        "query at once. Each layer costs W keys per query, not the whole sequence.",
        "ko": "**눈여겨볼 점.** 왼쪽은 마스크입니다. 쿼리 i는 0 ≤ i − j < {w}일 때만 키 j를 읽고, 왼쪽의 싱크 열도 "
        "읽습니다. 오른쪽은 같은 마스크를 여러 층 쌓은 것입니다. 2층은 이미 {w}개 토큰을 섞은 1층의 출력을 읽으므로, "
        "쿼리가 들은 범위는 층마다 W − 1칸씩 넓어져 {layers}개 층 뒤에는 {span}칸입니다(Mistral 7B, 그림 1, 시퀀스 "
        "길이까지). 싱크는 처음부터 모든 쿼리에 닿습니다. 층마다 쿼리 하나가 읽는 키는 시퀀스 전체가 아니라 W개뿐입니다.",
    },
    "win.maps.title": {
        "en": "This page's model under the window ({w}) and {k} sink(s): layer 1, {n} tokens",
        "ko": "윈도({w})와 싱크 {k}개를 적용한 이 페이지의 모델: 1층, 토큰 {n}개",
    },
    "win.maps.explain": {
        "en": "The same heads as the first tab, now under this mask: outside the window and the sinks every "
        "weight is 0, and each row's weight is spread over the keys left, still summing to 1. (The sentence "
        "is this page's; the window is cut to its length.)",
        "ko": "첫 번째 탭과 같은 헤드에 이 마스크를 적용했습니다. 윈도와 싱크 밖의 가중치는 모두 0이고, 각 행의 "
        "가중치는 남은 키에 나뉘어 여전히 합이 1입니다. (문장은 이 페이지의 것이고, 윈도는 문장 길이로 잘립니다.)",
    },
    "win.span.title": {
        "en": "How far back the last of {n} tokens has heard, by depth (window only)",
        "ko": "{n}개 토큰 중 마지막 토큰이 들은 범위, 깊이에 따라 (윈도만)",
    },
    "win.span.x": {"en": "layers", "ko": "층 수"},
    "win.span.y": {"en": "positions back", "ko": "뒤로 몇 칸"},
    "win.span.hover": {"en": "%{x} layer(s): %{y:.0f}", "ko": "%{x}개 층: %{y:.0f}"},
    "win.span.measured": {"en": "measured on the mask", "ko": "마스크에서 잰 값"},
    "win.span.formula": {"en": "layers × (W − 1), W = {w}", "ko": "층 수 × (W − 1), W = {w}"},
    "win.span.explain": {
        "en": "**What to notice.** The reach grows in a straight line with depth until it covers the "
        "whole sequence: a 32-layer model with a 4,096-token window can carry information about 131,000 "
        "tokens back, though each layer only ever reads 4,096.",
        "ko": "**눈여겨볼 점.** 닿는 범위는 시퀀스 전체를 덮을 때까지 깊이에 따라 직선으로 늘어납니다. 윈도가 4,096 "
        "토큰인 32층 모델은 약 131,000 토큰 뒤의 정보까지 전할 수 있지만, 각 층이 읽는 것은 늘 4,096개뿐입니다.",
    },
    "win.real.intro": {
        "en": "**Why keep sinks?** StreamingLLM (Xiao et al. 2024) found that trained models put a large "
        "share of every softmax on the first tokens, whatever they say; drop them as the window moves on "
        "and the model breaks. Here is SmolLM2 (the Real models page's decoder) on this page's sentence.",
        "ko": "**왜 싱크를 남길까?** StreamingLLM(Xiao 외 2024)은 학습된 모델이 내용과 상관없이 모든 소프트맥스의 큰 "
        "몫을 처음 토큰에 준다는 것을 발견했습니다. 윈도가 움직이며 그 토큰을 버리면 모델이 망가집니다. 이 페이지의 "
        "문장에 대한 SmolLM2(실제 모델 페이지의 디코더)를 보세요.",
    },
    "win.real.title": {
        "en": "SmolLM2: attention on the first token(s), per layer ({n} tokens)",
        "ko": "SmolLM2: 층마다 처음 토큰에 가는 어텐션 ({n}개 토큰)",
    },
    "win.real.series": {"en": "first {k} token(s)", "ko": "처음 {k}개 토큰"},
    "win.real.x": {"en": "layer", "ko": "층"},
    "win.real.y": {
        "en": "share of attention (mean over heads and queries)",
        "ko": "어텐션 비율 (헤드와 쿼리 평균)",
    },
    "win.real.hover": {"en": "layer %{x}: %{y:.1%}", "ko": "%{x}층: %{y:.1%}"},
    "win.real.uniform": {
        "en": "A head spreading its attention evenly over the keys it can see would give the first {k} "
        "token(s) {share} on average here.",
        "ko": "보이는 키에 어텐션을 고르게 나누는 헤드라면 여기서 처음 {k}개 토큰이 받는 몫은 평균 {share}입니다.",
    },
    "win.real.short": {
        "en": "The sentence needs more than {k} token(s) for SmolLM2 to show this.",
        "ko": "SmolLM2로 이것을 보려면 문장이 {k}개보다 많은 토큰이어야 합니다.",
    },
}
