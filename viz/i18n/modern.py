"""Strings of the position schemes beyond the 2017 paper: relative position biases (the Similarity
page's tab) and RoPE past its training length (the Positional encoding page's tab)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # ---- relative position biases (pages/similarity.py, viz/views/relative.py) ------------------------
    "sim.tab.bias": {"en": "Relative biases (ALiBi, T5)", "ko": "상대 위치 편향 (ALiBi, T5)"},
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
    "rel.heads": {"en": "Heads", "ko": "헤드 수"},
    "rel.head": {"en": "Head shown in the matrix", "ko": "행렬에 보일 헤드"},
    "rel.causal": {"en": "Causal (keys after the query are masked)", "ko": "인과적 (쿼리 뒤의 키는 가림)"},
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
        "씁니다. 양방향(인코더)은 앞쪽과 뒤쪽 키의 구간을 따로 두고, 인과적(디코더)은 앞쪽 키를 모두 구간 0에 "
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
    # ---- RoPE beyond its training length (pages/positional_encoding.py, viz/views/rope_scaling.py) -------
    "pe.tab.rope": {"en": "RoPE scaling", "ko": "RoPE 늘이기"},
    "rs.intro": {
        "en": "A RoPE model trained on L positions meets angles it never saw when it reads more. Three "
        "methods change each pair's rotation frequency so that s × L positions look familiar. The head "
        "width and base here are RoPE's (the base is the sidebar's).",
        "ko": "L개 위치로 학습한 RoPE 모델은 더 긴 글을 읽을 때 본 적 없는 각도를 만납니다. 세 가지 방법이 쌍마다 "
        "회전 진동수를 바꾸어 s × L개의 위치가 익숙해 보이게 합니다. 여기서 헤드 너비와 base는 RoPE의 것입니다 "
        "(base는 사이드바의 값).",
    },
    "rs.len": {"en": "Training length L", "ko": "학습 길이 L"},
    "rs.scale": {"en": "Scale factor s", "ko": "늘리는 배율 s"},
    "rs.dhead": {"en": "Head width d", "ko": "헤드 너비 d"},
    "rs.method.rope": {"en": "RoPE (unchanged)", "ko": "RoPE (그대로)"},
    "rs.method.pi": {"en": "Position Interpolation", "ko": "위치 보간 (PI)"},
    "rs.method.ntk": {"en": "NTK-aware", "ko": "NTK 인식 스케일링"},
    "rs.method.yarn": {"en": "YaRN", "ko": "YaRN"},
    "rs.wave.title": {"en": "Wavelength of each pair, by method", "ko": "방법별 쌍마다의 파장"},
    "rs.pair": {"en": "pair i (columns 2i, 2i + 1)", "ko": "쌍 i (2i, 2i + 1번 열)"},
    "rs.wavelength": {"en": "wavelength (positions, log scale)", "ko": "파장 (위치 수, 로그 눈금)"},
    "rs.wave.hover": {"en": "pair %{x}: %{y:.4g} positions", "ko": "쌍 %{x}: %{y:.4g}칸"},
    "rs.level.l": {"en": "L = {n}", "ko": "L = {n}"},
    "rs.level.sl": {"en": "s × L = {n}", "ko": "s × L = {n}"},
    "rs.ramp.title": {
        "en": "YaRN's blend of each pair: 0 keeps RoPE, 1 divides by s",
        "ko": "YaRN의 쌍별 혼합: 0은 RoPE 그대로, 1은 s로 나눔",
    },
    "rs.ramp": {"en": "blend", "ko": "혼합 비율"},
    "rs.ramp.series": {"en": "YaRN's ramp", "ko": "YaRN의 램프"},
    "rs.ramp.hover": {"en": "pair %{x}: %{y:.3f}", "ko": "쌍 %{x}: %{y:.3f}"},
    "rs.score.title": {
        "en": "q·k of one query and key against their distance (mean over each 10 % of distance)",
        "ko": "쿼리와 키 하나의 q·k, 거리에 따라 (거리의 10 % 구간마다 평균)",
    },
    "rs.distance": {
        "en": "distance between query and key (positions, log scale)",
        "ko": "쿼리와 키 사이의 거리 (위치 수, 로그 눈금)",
    },
    "rs.score": {"en": "q·k (1 at distance 0; YaRN: its factor²)", "ko": "q·k (거리 0에서 1, YaRN은 배율²)"},
    "rs.score.hover": {"en": "distance %{x:.0f}: %{y:.4f}", "ko": "거리 %{x:.0f}: %{y:.4f}"},
    "rs.mark.l": {"en": "L", "ko": "L"},
    "rs.mark.sl": {"en": "s × L", "ko": "s × L"},
    "rs.temperature": {"en": "YaRN factor", "ko": "YaRN 배율"},
    "rs.temperature.help": {
        "en": "YaRN's attention factor, 0.1 ln s + 1. YaRN multiplies cos and sin by it, so every score q·k by its square: longer texts "
        "spread the softmax thinner, and this sharpens it back.",
        "ko": "YaRN의 어텐션 배율 0.1 ln s + 1입니다. YaRN은 cos과 sin에 이 배율을 곱하므로 모든 점수 q·k에는 그 제곱이 곱해집니다. 글이 길어질수록 "
        "소프트맥스가 얇게 퍼지는데, 이것이 다시 뾰족하게 만듭니다.",
    },
    "rs.wave.explain": {
        "en": "**What to notice.** RoPE turns pair i by pos·θᵢ with θᵢ = base^(−2i/d): the pairs on the left "
        "turn fast, and those on the right, once their wavelengths pass L (the red line), never finished a "
        "turn in training. Position Interpolation (Chen et al. 2023) divides every frequency by s: every "
        "wavelength moves up by s, the fast pairs too, which blurs neighbouring positions. NTK-aware "
        "scaling raises the base to base·s^(d/(d−2)): the first pair keeps its wavelength and the last is "
        "stretched by exactly s. YaRN (Peng et al. 2023) keeps the pairs that turn more than 32 times over "
        "L, divides those that turn less than once by s, and blends the pairs between along the ramp.",
        "ko": "**눈여겨볼 점.** RoPE는 쌍 i를 pos·θᵢ만큼 돌리고 θᵢ = base^(−2i/d)입니다. 왼쪽 쌍은 빨리 돌고, 오른쪽 "
        "쌍은 파장이 L(빨간 선)을 넘으면 학습 중에 한 바퀴도 다 돌지 못했습니다. 위치 보간(Chen 외 2023)은 모든 "
        "진동수를 s로 나눕니다. 빠른 쌍까지 모든 파장이 s배 올라가서 이웃한 위치가 흐려집니다. NTK 인식 "
        "스케일링은 base를 base·s^(d/(d−2))로 키웁니다. 첫 쌍의 파장은 그대로이고 마지막 쌍은 정확히 s배 "
        "늘어납니다. YaRN(Peng 외 2023)은 L 동안 32바퀴보다 많이 도는 쌍은 그대로 두고, 한 바퀴도 못 도는 쌍은 "
        "s로 나누며, 그 사이의 쌍은 램프를 따라 섞습니다.",
    },
    "rs.score.explain": {
        "en": "**What to notice.** The query and the key are the same vector, so only the rotation between "
        "them changes the score: 1 at distance 0, then a fall. Each point averages the score over distances "
        "from x to 1.1x, so the fast pairs' flicker cancels and the trend the slow pairs set shows. On this "
        "log axis Position Interpolation's curve is RoPE's moved right by s: at s × L it reads what RoPE "
        "read at L, and close to the query it has lost RoPE's detail. NTK-aware scaling and YaRN follow "
        "RoPE near the query and stretch only the far part. YaRN's curve starts at its attention factor "
        "squared instead of 1, and that factor scales every score: higher where the score is positive, "
        "lower where it dips below 0.",
        "ko": "**눈여겨볼 점.** 쿼리와 키가 같은 벡터라서 둘 사이의 회전만 점수를 바꿉니다. 거리 0에서 1이고 "
        "점점 내려갑니다. 각 점은 x에서 1.1x까지의 거리에서 점수를 평균한 값이라, 빠른 쌍의 깜빡임은 서로 "
        "지워지고 느린 쌍이 정하는 흐름이 보입니다. 이 로그 축에서 위치 보간의 곡선은 RoPE의 곡선을 오른쪽으로 "
        "s배 옮긴 것입니다. s × L에서 RoPE가 L에서 읽던 값을 읽고, 쿼리 가까이에서는 RoPE의 세부를 잃습니다. NTK "
        "인식 스케일링과 YaRN은 쿼리 근처에서는 RoPE를 따르고 먼 부분만 늘립니다. YaRN의 곡선은 1이 아니라 "
        "어텐션 배율의 제곱에서 시작하고, 그 배율이 모든 점수에 곱해집니다. 점수가 양수인 곳에서는 더 높고, 0 아래로 "
        "내려가는 곳에서는 더 낮습니다.",
    },
    "rs.decay.heading": {
        "en": "Long-term decay: RoPE and xPos",
        "ko": "먼 거리에서 줄어드는 점수: RoPE와 xPos",
    },
    "rs.bound.title": {
        "en": "RoFormer Fig. 2: bound on q·k (d = {d})",
        "ko": "RoFormer 그림 2: q·k의 상한 (d = {d})",
    },
    "rs.bound.series": {"en": "(1/(d/2)) Σⱼ |Sⱼ|", "ko": "(1/(d/2)) Σⱼ |Sⱼ|"},
    "rs.bound.x": {"en": "relative distance", "ko": "상대 거리"},
    "rs.bound.y": {"en": "relative upper bound", "ko": "상대 상한"},
    "rs.decay.title": {"en": "q·k of equal vectors: RoPE and xPos", "ko": "같은 벡터의 q·k: RoPE와 xPos"},
    "rs.decay.x": {"en": "distance (up to L = {n})", "ko": "거리 (L = {n}까지)"},
    "rs.decay.rope": {"en": "RoPE", "ko": "RoPE"},
    "rs.decay.xpos": {"en": "xPos (ζᵢ^(distance/512))", "ko": "xPos (ζᵢ^(거리/512))"},
    "rs.decay.explain": {
        "en": "**What to notice.** RoFormer (Su et al. 2021) shows why RoPE's scores fade with distance: "
        "q·k is at most a constant times (1/(d/2)) Σⱼ |Sⱼ|, where Sⱼ adds up the first j pairs' turns "
        "e^(i·x·θₖ); as the distance x grows the turns point every way and cancel, so the bound falls (left, "
        "the paper's Figure 2). The fall is slow, and the score itself keeps flickering far from the query "
        "(middle, blue). xPos (Sun et al. 2022) adds an explicit decay: the query is scaled by ζᵢ^(n/512) "
        "and the key by ζᵢ^(−m/512) with ζᵢ = (2i/d + 0.4)/1.4, so pair i fades as ζᵢ^(distance/512). The "
        "fast pairs, which make the flicker, fade within a few hundred positions; far from the query the "
        "xPos curve is steadier.",
        "ko": "**눈여겨볼 점.** RoFormer(Su 외 2021)는 RoPE의 점수가 거리에 따라 줄어드는 이유를 보입니다. q·k는 "
        "상수 곱하기 (1/(d/2)) Σⱼ |Sⱼ|를 넘지 못하는데, Sⱼ는 처음 j개 쌍의 회전 e^(i·x·θₖ)를 더한 것입니다. 거리 "
        "x가 커지면 회전들이 여러 방향을 가리켜 서로 지워지므로 상한이 내려갑니다(왼쪽, 논문의 그림 2). 그 감소는 "
        "느리고, 점수 자체는 쿼리에서 멀어져도 계속 깜빡입니다(가운데, 파란 선). xPos(Sun 외 2022)는 명시적인 "
        "감쇠를 더합니다. 쿼리에 ζᵢ^(n/512), 키에 ζᵢ^(−m/512)를 곱하고 ζᵢ = (2i/d + 0.4)/1.4이므로, 쌍 i는 "
        "ζᵢ^(거리/512)로 줄어듭니다. 깜빡임을 만드는 빠른 쌍이 수백 칸 안에 사라져서, 쿼리에서 먼 곳의 xPos 곡선이 "
        "더 안정적입니다.",
    },
    # ---- online softmax (pages/softmax.py, viz/views/online_softmax.py) ------------------------------------
    "sm.tab.online": {
        "en": "5. Online softmax (FlashAttention)",
        "ko": "5. 온라인 소프트맥스 (FlashAttention)",
    },
    "os.intro": {
        "en": "Standard attention writes down every score of a query's row, then takes the softmax. "
        "FlashAttention never holds the whole row: it reads the keys in blocks and keeps only a running "
        "maximum m, a running sum l and a running weighted sum of the values. Step through one query's keys "
        "block by block (scores drawn from the page's seed).",
        "ko": "보통의 어텐션은 쿼리 한 행의 점수를 모두 적어 둔 다음 소프트맥스를 계산합니다. FlashAttention은 그 행 "
        "전체를 들고 있지 않습니다. 키를 블록 단위로 읽으면서 누적 최댓값 m, 누적 합 l, 값 벡터의 누적 가중합만 "
        "유지합니다. 쿼리 하나의 키를 블록마다 따라가 보세요(점수는 이 페이지의 시드로 뽑습니다).",
    },
    "os.keys": {"en": "Keys N", "ko": "키 개수 N"},
    "os.block": {"en": "Block size B", "ko": "블록 크기 B"},
    "os.step": {"en": "After block", "ko": "몇 번째 블록까지"},
    "os.key": {"en": "key j", "ko": "키 j"},
    "os.score": {"en": "score s_j", "ko": "점수 s_j"},
    "os.score.hover": {"en": "key %{x}: %{y:.3f}", "ko": "키 %{x}: %{y:.3f}"},
    "os.read": {"en": "read before", "ko": "이전에 읽음"},
    "os.this": {"en": "block {k}", "ko": "블록 {k}"},
    "os.unread": {"en": "not read yet", "ko": "아직 안 읽음"},
    "os.m": {"en": "running max m = {m}", "ko": "누적 최댓값 m = {m}"},
    "os.scores.title": {
        "en": "One query's scores, block {k} of {blocks}",
        "ko": "쿼리 하나의 점수, 블록 {k}/{blocks}",
    },
    "os.running.title": {
        "en": "The running max m and sum l after each block",
        "ko": "블록마다의 누적 최댓값 m과 합 l",
    },
    "os.block.axis": {"en": "block", "ko": "블록"},
    "os.m.axis": {"en": "running max m", "ko": "누적 최댓값 m"},
    "os.l.axis": {"en": "running sum l (dotted)", "ko": "누적 합 l (점선)"},
    "os.m.series": {"en": "m", "ko": "m"},
    "os.l.series": {"en": "l", "ko": "l"},
    "os.running.hover": {"en": "after block %{x}: %{y:.4f}", "ko": "블록 %{x} 뒤: %{y:.4f}"},
    "os.now": {"en": "block {k}", "ko": "블록 {k}"},
    "os.metric.m": {"en": "m, the max so far", "ko": "지금까지의 최댓값 m"},
    "os.metric.l": {"en": "l = Σ e^(s − m)", "ko": "l = Σ e^(s − m)"},
    "os.metric.rescale": {"en": "rescale e^(m_old − m)", "ko": "재조정 e^(m_old − m)"},
    "os.metric.rescale.help": {
        "en": "What the sums so far were multiplied by at this block: below 1 when the block held a new "
        "maximum, exactly 1 when it did not (the first block has nothing to rescale: it shows 1).",
        "ko": "이 블록에서 지금까지의 합에 곱한 값입니다. 블록에 새 최댓값이 있었으면 1보다 작고, 없었으면 정확히 "
        "1입니다(첫 블록은 재조정할 것이 없어 1로 보입니다).",
    },
    "os.check": {
        "en": "After all {blocks} blocks the output, acc / l, differs from softmax(s)·V computed on the whole "
        "row of {n} keys by at most **{gap}**: the same numbers, up to rounding.",
        "ko": "{blocks}개 블록을 모두 읽은 뒤의 출력 acc / l은 키 {n}개의 행 전체로 계산한 softmax(s)·V와 최대 "
        "**{gap}**만큼 다릅니다. 반올림 오차를 빼면 같은 값입니다.",
    },
    "os.mem.title": {
        "en": "Memory beyond Q, K, V and the output (float32, log-log)",
        "ko": "Q, K, V와 출력 외에 필요한 메모리 (float32, 로그-로그)",
    },
    "os.mem.x": {"en": "sequence length N (queries = keys)", "ko": "시퀀스 길이 N (쿼리 = 키)"},
    "os.mem.y": {"en": "bytes", "ko": "바이트"},
    "os.mem.hover": {"en": "N = %{x:.0f}: %{y:.3s}B", "ko": "N = %{x:.0f}: %{y:.3s}B"},
    "os.mem.standard": {"en": "standard: the N × N scores", "ko": "보통: N × N 점수"},
    "os.mem.online": {
        "en": "online: m and l per query, one {b} × {b} block",
        "ko": "온라인: 쿼리마다 m과 l, {b} × {b} 블록 하나",
    },
    "os.explain": {
        "en": "**What to notice.** Softmax needs the row's maximum (to keep e^s from overflowing) and its "
        "sum, which seem to need the whole row first. Online softmax keeps both running: when a block "
        "brings a larger score, everything summed so far is multiplied by e^(m_old − m_new), which is "
        "exactly what it would have been had that maximum been known from the start. So the result is the "
        "same to rounding, but the N × N scores are never stored: their memory grows as N² (a 131,072-token "
        "sequence would need 64 GiB for one head), the running state only as N. FlashAttention (Dao et al. "
        "2022) does this in tiles that fit in a GPU's fast on-chip memory; the idea is Milakov and "
        "Gimelshein's online softmax (2018).",
        "ko": "**눈여겨볼 점.** 소프트맥스에는 행의 최댓값(e^s가 넘치지 않도록)과 합이 필요해서, 행 전체를 먼저 "
        "알아야 할 것처럼 보입니다. 온라인 소프트맥스는 둘을 누적해 갑니다. 어떤 블록에 더 큰 점수가 있으면 "
        "지금까지 더한 것에 e^(m_old − m_new)를 곱하는데, 처음부터 그 최댓값을 알았을 때와 정확히 같은 값이 "
        "됩니다. 그래서 결과는 반올림을 빼면 같지만 N × N 점수를 저장하지 않습니다. 그 메모리는 N²로 늘고(131,072 "
        "토큰이면 헤드 하나에 64 GiB), 누적 상태는 N으로만 늡니다. FlashAttention(Dao 외 2022)은 이것을 GPU의 빠른 "
        "칩 내부 메모리에 들어가는 타일 단위로 합니다. 생각 자체는 Milakov와 Gimelshein의 온라인 소프트맥스(2018)"
        "입니다.",
    },
    # ---- sliding windows and sinks (pages/attention.py, viz/views/windows.py) -------------------------------
    "att.window.title": {"en": "5. Sliding windows and sinks", "ko": "5. 슬라이딩 윈도와 싱크"},
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
    "win.layers": {"en": "Layers", "ko": "층 수"},
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
    # ---- no position encoding in a causal model (the Attention page's word-order tab) ---------------------
    "att.order.causal": {"en": "Causal mask (a decoder)", "ko": "인과 마스크 (디코더)"},
    "att.order.causal.help": {
        "en": "Each token reads only itself and the tokens before it, as in GPT-style decoders.",
        "ko": "GPT 같은 디코더처럼 각 토큰이 자기 자신과 앞의 토큰만 읽습니다.",
    },
    "att.order.measured.causal": {
        "en": "**Measured, with the causal mask.** With the position signal switched off (the same weights) "
        "the largest change is {none} (weights: {none_w}); with {enc} it is {with_} (weights: {with_w}). Far "
        "above float rounding either way: here shuffling the words does more than shuffle the outputs.",
        "ko": "**측정값, 인과 마스크에서.** 같은 가중치에서 위치 신호를 끄면 가장 큰 차이는 {none}(가중치: {none_w}), "
        "위치 신호({enc})를 켜면 {with_}(가중치: {with_w})입니다. 어느 쪽이든 부동소수점 반올림보다 훨씬 커서, 여기서는 "
        "단어를 섞으면 출력이 섞이는 것 이상으로 달라집니다.",
    },
    "att.order.explain.causal": {
        "en": "**Why, with a causal mask.** Now the blue bars are large too: with no position signal at "
        "all (NoPE), a shuffle still changes the outputs, because the mask decides what each token may "
        "read, and that depends on where it stands. The first token sees only itself, the tenth sees ten. "
        "So a decoder learns word order even without an encoding (Kazemnejad et al. 2023), which an encoder "
        "cannot. The chart below shows how the mask alone carries a position.",
        "ko": "**이유, 인과 마스크에서.** 이제 파란 막대도 큽니다. 위치 신호가 전혀 없어도(NoPE) 섞으면 출력이 "
        "바뀝니다. 각 토큰이 무엇을 읽을 수 있는지는 마스크가 정하고, 그것은 토큰이 선 자리에 달려 있기 "
        "때문입니다. 첫 토큰은 자기 자신만, 열 번째 토큰은 열 개를 봅니다. 그래서 디코더는 인코딩 없이도 어순을 "
        "배울 수 있고(Kazemnejad 외 2023), 인코더는 그러지 못합니다. 아래 차트는 마스크만으로 위치가 전해지는 "
        "모습입니다.",
    },
    "att.nope.title": {
        "en": "No position signal, causal mask: weight on the first token",
        "ko": "위치 신호 없음, 인과 마스크: 첫 토큰에 가는 가중치",
    },
    "att.nope.x": {"en": "query position t", "ko": "쿼리 위치 t"},
    "att.nope.y": {"en": "weight on token 0 (mean over heads)", "ko": "토큰 0에 가는 가중치 (헤드 평균)"},
    "att.nope.hover": {"en": "t = %{x}: %{y:.3f}", "ko": "t = %{x}: %{y:.3f}"},
    "att.nope.layer": {"en": "layer {n}", "ko": "{n}층"},
    "att.nope.uniform": {"en": "uniform head: 1/(t+1)", "ko": "고른 헤드: 1/(t+1)"},
    "att.nope.explain": {
        "en": "**What to notice.** A head whose scores are all equal spreads a query's attention evenly "
        "over the t + 1 tokens it may read, so the first token gets exactly 1/(t + 1): a number that says "
        "how far in the query is. That is the proof's idea (Kazemnejad et al. 2023, Theorem 1): from such "
        "a head a later layer can read off positions. This untrained model's heads are not uniform, so "
        "its curves only roughly follow 1/(t + 1), closer for some seeds and sizes than for others.",
        "ko": "**눈여겨볼 점.** 점수가 모두 같은 헤드는 쿼리의 어텐션을 읽을 수 있는 t + 1개 토큰에 고르게 나누므로, "
        "첫 토큰은 정확히 1/(t + 1)을 받습니다. 쿼리가 얼마나 안쪽에 있는지 알려 주는 숫자입니다. 이것이 증명의 "
        "생각입니다(Kazemnejad 외 2023, 정리 1). 그런 헤드가 있으면 다음 층이 위치를 읽어 낼 수 있습니다. 이 학습 "
        "전 모델의 헤드는 고르지 않아서 곡선이 1/(t + 1)을 대략만 따르며, 시드와 크기에 따라 더 가깝기도 멀기도 합니다.",
    },
    # ---- grouped-query attention and the KV cache (pages/attention.py, viz/views/attention.py) ------------
    "att.kv": {"en": "Key/value heads", "ko": "키/값 헤드 수"},
    "att.kv.option": {"en": "{kv} ({group} query heads each)", "ko": "{kv}개 (쿼리 헤드 {group}개씩)"},
    "att.kv.help": {
        "en": "As many as the query heads is the paper's multi-head attention; fewer is grouped-query "
        "attention (GQA), where several query heads share one key and one value head; 1 is multi-query "
        "attention. The query heads stay as they are.",
        "ko": "쿼리 헤드 수와 같으면 논문의 멀티헤드 어텐션입니다. 더 적으면 여러 쿼리 헤드가 키 헤드와 값 헤드 하나를 "
        "함께 쓰는 그룹 쿼리 어텐션(GQA)이고, 1이면 멀티쿼리 어텐션입니다. 쿼리 헤드는 그대로입니다.",
    },
    "att.head_title.kv": {"en": "head {h} · KV {kv}", "ko": "헤드 {h} · KV {kv}"},
    "att.gqa.note": {
        "en": "Grouped-query attention: {heads} query heads share {kv} key/value head(s), {group} each. "
        "Heads with the same KV number in their titles read the same keys, so their maps differ only "
        "through their queries.",
        "ko": "그룹 쿼리 어텐션: 쿼리 헤드 {heads}개가 키/값 헤드 {kv}개를 {group}개씩 함께 씁니다. 제목의 KV 번호가 "
        "같은 헤드는 같은 키를 읽으므로, 맵은 쿼리를 통해서만 달라집니다.",
    },
    "kv.heading": {"en": "The key/value cache", "ko": "키/값 캐시"},
    "kv.col.model": {"en": "model", "ko": "모델"},
    "kv.col.shape": {"en": "layers · heads · KV heads · d_head", "ko": "층 · 헤드 · KV 헤드 · d_head"},
    "kv.col.per_token": {"en": "per token", "ko": "토큰당"},
    "kv.col.total": {"en": "{n} tokens", "ko": "{n} 토큰"},
    "kv.tokens": {"en": "Tokens in the cache", "ko": "캐시 속 토큰 수"},
    "kv.shape": {"en": "{layers} · {heads} · {kv} · {d}", "ko": "{layers} · {heads} · {kv} · {d}"},
    "kv.model.live": {
        "en": "this page's model, as a decoder (float32)",
        "ko": "이 페이지의 모델, 디코더라면 (float32)",
    },
    "kv.model.gpt2": {"en": "GPT-2 small (16-bit)", "ko": "GPT-2 small (16비트)"},
    "kv.model.llama2_7b": {"en": "Llama 2 7B (16-bit)", "ko": "Llama 2 7B (16비트)"},
    "kv.model.llama3_8b": {"en": "Llama 3 8B (16-bit)", "ko": "Llama 3 8B (16비트)"},
    "kv.model.mistral_7b": {"en": "Mistral 7B (16-bit)", "ko": "Mistral 7B (16비트)"},
    "kv.model.smollm2": {"en": "SmolLM2-135M (16-bit)", "ko": "SmolLM2-135M (16비트)"},
    "kv.model.falcon_7b": {"en": "Falcon 7B (16-bit)", "ko": "Falcon 7B (16비트)"},
    "kv.explain": {
        "en": "**What to notice.** A decoder keeps every past token's keys and values, in every layer, so "
        "that a new token need not recompute them: 2 × layers × KV heads × d_head numbers per token. "
        "Llama 2 7B gives each of its 32 query heads its own keys and values (512 KiB a token); Llama 3 8B "
        "shares 8 among them (128 KiB), a quarter of the memory for the same query heads, and Falcon 7B "
        "shares one (multi-query). Change the key/value heads above to see this model's share.",
        "ko": "**눈여겨볼 점.** 디코더는 새 토큰이 다시 계산하지 않도록 지난 토큰의 키와 값을 모든 층에 간직합니다. "
        "토큰마다 2 × 층 수 × KV 헤드 × d_head개의 숫자입니다. Llama 2 7B는 쿼리 헤드 32개가 저마다 키와 값을 "
        "가집니다(토큰당 512 KiB). Llama 3 8B는 8개를 함께 써서(128 KiB) 같은 쿼리 헤드로 메모리가 4분의 1이고, "
        "Falcon 7B는 하나를 함께 씁니다(멀티쿼리). 위에서 키/값 헤드 수를 바꾸어 이 모델의 몫을 보세요.",
    },
}
