"""Strings of relative position biases: ALiBi, T5's buckets, KERPLE (viz/views/relative.py, the Position
similarity page's tab), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "rel.title": {"en": "Relative biases (ALiBi, T5)", "ko": "상대 위치 편향 (ALiBi, T5)"},
    "rel.intro": {
        "en": "Many models since 2020 add no position vector at all. Instead, each attention score q·k gets "
        "a number that depends only on how far the key is from the query. Pick a scheme and see that "
        "number for every query and key, and against the distance.",
        "ko": "2020년 이후의 많은 모델은 위치 벡터를 아예 더하지 않습니다. 대신 각 어텐션 점수 q·k에 키가 쿼리에서 "
        "얼마나 떨어져 있는지에만 달린 숫자를 더합니다. 방식을 골라, 모든 쿼리와 키에 대한 그 숫자와 거리에 따른 "
        "모양을 보세요.",
    },
    "rel.scheme": {"en": "Scheme", "ko": "방식"},
    "rel.scheme.alibi": {"en": "ALiBi", "ko": "ALiBi"},
    "rel.scheme.t5": {"en": "T5 buckets", "ko": "T5 구간"},
    "rel.scheme.kerple": {"en": "KERPLE (log)", "ko": "KERPLE (로그)"},
    "rel.len": {"en": "Sequence length", "ko": "시퀀스 길이"},
    "rel.heads": {"en": "ALiBi heads (one slope each)", "ko": "ALiBi 헤드 수 (헤드마다 기울기 하나)"},
    "rel.head": {"en": "Head shown in the matrix", "ko": "행렬에 보일 헤드"},
    "rel.causal": {
        "en": "Causal (keys after the query are masked)",
        "ko": "인과 마스크 (쿼리 뒤의 키는 가림)",
    },
    "rel.buckets": {"en": "Buckets", "ko": "구간 수"},
    "rel.maxdist": {"en": "Max distance", "ko": "최대 거리"},
    "rel.bidir": {"en": "Bidirectional (the encoder's)", "ko": "양방향 (인코더 방식)"},
    "rel.r1": {"en": "r₁ (strength)", "ko": "r₁ (세기)"},
    "rel.r2": {"en": "r₂ (how soon it flattens)", "ko": "r₂ (얼마나 빨리 완만해지는지)"},
    "rel.query": {"en": "query i", "ko": "쿼리 i"},
    "rel.key": {"en": "key j", "ko": "키 j"},
    "rel.distance": {"en": "distance i − j (keys behind the query)", "ko": "거리 i − j (쿼리 뒤쪽의 키)"},
    "rel.bias": {"en": "bias added to q·k", "ko": "q·k에 더하는 편향"},
    "rel.bias.hover": {
        "en": "query %{y}, key %{x}<br>bias %{z:.4g}<extra></extra>",
        "ko": "쿼리 %{y}, 키 %{x}<br>편향 %{z:.4g}<extra></extra>",
    },
    "rel.line.hover": {"en": "distance %{x}: %{y:.4g}", "ko": "거리 %{x}: %{y:.4g}"},
    "rel.alibi.matrix": {
        "en": "ALiBi bias, head {head} of {heads} (m = {slope})",
        "ko": "ALiBi 편향, 헤드 {head}/{heads} (m = {slope})",
    },
    "rel.alibi.lines": {
        "en": "ALiBi bias by distance, every head",
        "ko": "거리별 ALiBi 편향, 모든 헤드",
    },
    "rel.alibi.head": {"en": "head {h} (m = {m})", "ko": "헤드 {h} (m = {m})"},
    "rel.alibi.explain": {
        "en": "**What to notice.** ALiBi (Press, Smith and Lewis, ICLR 2022) adds −m·(i − j): a penalty that "
        "grows in a straight line with the distance, at a fixed slope per head. For H heads, H a power of "
        "two, the slopes are 2^(−8h/H), a geometric sequence: with 8 heads, 1/2, 1/4, …, 1/256 (for other "
        "counts the paper's code interleaves the slopes of the two nearest powers, so the steepest head "
        "need not come first). Steep heads look only at their neighbours, gentle ones almost everywhere. The matrix is the paper's Figure 3: the slope "
        "times a triangle of −(i − j), added to the scores before the softmax. Nothing is learned, and a "
        "sequence longer than in training only makes the triangle bigger, which is why ALiBi extrapolates.",
        "ko": "**눈여겨볼 점.** ALiBi(Press, Smith, Lewis, ICLR 2022)는 −m·(i − j)를 더합니다. 거리에 따라 직선으로 "
        "커지는 벌점이고, 헤드마다 기울기가 고정되어 있습니다. 헤드 수 H가 2의 거듭제곱이면 기울기는 2^(−8h/H)로 "
        "등비수열입니다. 헤드 8개이면 1/2, 1/4, …, 1/256입니다(다른 수이면 논문의 코드가 가장 가까운 두 거듭제곱의 "
        "기울기를 섞어 배치하므로 가장 가파른 헤드가 맨 앞에 오지 않을 수 있습니다). 가파른 헤드는 이웃만 보고, "
        "완만한 헤드는 거의 모든 곳을 봅니다. 행렬은 "
        "논문의 그림 3입니다. 기울기에 −(i − j)의 삼각형을 곱해 소프트맥스 전에 점수에 더합니다. 학습하는 것이 "
        "없고, 학습 때보다 긴 시퀀스는 삼각형을 키울 뿐이라서 ALiBi는 더 긴 길이로 잘 늘어납니다.",
    },
    "rel.t5.matrix": {
        "en": "T5 bucket of each pair ({buckets}, up to {maxdist})",
        "ko": "쌍마다의 T5 구간 ({buckets}개, {maxdist}까지)",
    },
    "rel.t5.bucket": {"en": "bucket", "ko": "구간"},
    "rel.t5.bucket.hover": {
        "en": "query %{y}, key %{x}<br>bucket %{z}<extra></extra>",
        "ko": "쿼리 %{y}, 키 %{x}<br>구간 %{z}<extra></extra>",
    },
    "rel.t5.lines": {"en": "T5 bucket by the key's offset", "ko": "키의 상대 위치별 T5 구간"},
    "rel.t5.offset": {"en": "key − query (negative: behind)", "ko": "키 − 쿼리 (음수: 뒤쪽)"},
    "rel.t5.series": {"en": "bucket", "ko": "구간"},
    "rel.t5.explain": {
        "en": "**What to notice.** T5 (Raffel et al., JMLR 2020, section 2.1) gives each head one learned "
        "number per bucket, and every pair of positions in a bucket gets that number. Offsets below half a "
        "direction's buckets each have their own bucket; larger ones share buckets that widen "
        "logarithmically, and every offset past the max distance falls in the last one. So near "
        "neighbours are told apart exactly, far ones only roughly, and a longer sequence reuses the last "
        "bucket. Bidirectional (the encoder) keeps separate buckets for keys ahead and behind; causal "
        "(the decoder) puts every key ahead in bucket 0, which the mask hides (left blank here). The numbers "
        "themselves are learned, so this chart shows which pairs share one.",
        "ko": "**눈여겨볼 점.** T5(Raffel 외, JMLR 2020, 2.1절)는 헤드마다 구간 하나에 학습된 숫자 하나를 두고, "
        "같은 구간에 드는 위치 쌍은 모두 그 숫자를 받습니다. 한 방향 구간 수의 절반보다 작은 거리는 저마다 구간을 "
        "가지고, 더 큰 거리는 로그 간격으로 넓어지는 구간을 함께 쓰며, 최대 거리를 넘는 거리는 모두 마지막 구간에 "
        "들어갑니다. 그래서 가까운 이웃은 정확히, 먼 위치는 대략만 구별하고, 더 긴 시퀀스는 마지막 구간을 다시 "
        "씁니다. 양방향(인코더)은 앞쪽과 뒤쪽 키의 구간을 따로 두고, 인과 마스크(디코더)는 앞쪽 키를 모두 구간 0에 "
        "넣는데 어차피 마스크가 가립니다(여기서는 빈칸). 숫자 자체는 학습되므로, 이 차트는 어떤 쌍이 한 숫자를 함께 쓰는지를 "
        "보여 줍니다.",
    },
    "rel.kerple.matrix": {
        "en": "KERPLE bias (r₁ = {r1}, r₂ = {r2})",
        "ko": "KERPLE 편향 (r₁ = {r1}, r₂ = {r2})",
    },
    "rel.kerple.lines": {
        "en": "KERPLE against ALiBi of the same first slope",
        "ko": "KERPLE과 처음 기울기가 같은 ALiBi",
    },
    "rel.kerple.series": {"en": "KERPLE: −r₁ ln(1 + r₂ d)", "ko": "KERPLE 편향: −r₁ ln(1 + r₂ d)"},
    "rel.kerple.alibi": {"en": "ALiBi: −{m}·d", "ko": "ALiBi 편향: −{m}·d"},
    "rel.kerple.explain": {
        "en": "**What to notice.** KERPLE's logarithmic variant (Chi et al., NeurIPS 2022) adds "
        "−r₁·ln(1 + r₂·|i − j|), with r₁ and r₂ learned per head. Near the query it falls like ALiBi with "
        "slope r₁·r₂ (the chart's second line); further away it flattens, so distant keys are penalised far less "
        "than ALiBi's straight line would. Raise r₂ to make it bend sooner, r₁ to make it deeper.",
        "ko": "**눈여겨볼 점.** KERPLE의 로그 변형(Chi 외, NeurIPS 2022)은 −r₁·ln(1 + r₂·|i − j|)를 더하며, r₁과 r₂는 "
        "헤드마다 학습됩니다. 쿼리 가까이에서는 기울기 r₁·r₂인 ALiBi(차트의 두 번째 선)처럼 내려가고, 멀어질수록 완만해져서 먼 "
        "키는 ALiBi의 직선보다 훨씬 적게 벌점을 받습니다. r₂를 키우면 더 빨리 꺾이고, r₁을 키우면 더 깊어집니다.",
    },
}
