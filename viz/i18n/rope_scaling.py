"""Strings of RoPE past its training length and its long-term decay (viz/views/rope_scaling.py, the
Positional encoding page's tab), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "rs.title": {"en": "RoPE scaling", "ko": "RoPE 스케일링"},
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
    "rs.method.ntk": {"en": "NTK-aware", "ko": "NTK-aware 스케일링"},
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
        "진동수를 s로 나눕니다. 빠른 쌍까지 모든 파장이 s배 올라가서 이웃한 위치가 흐려집니다. NTK-aware "
        "스케일링(NTK, 곧 신경 탄젠트 커널 이론을 고려한 방법)은 base를 base·s^(d/(d−2))로 키웁니다. 첫 쌍의 파장은 그대로이고 마지막 쌍은 정확히 s배 "
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
        "s배 옮긴 것입니다. s × L에서 RoPE가 L에서 읽던 값을 읽고, 쿼리 가까이에서는 RoPE의 세부를 잃습니다. NTK-aware "
        "스케일링과 YaRN은 쿼리 근처에서는 RoPE를 따르고 먼 부분만 늘립니다. YaRN의 곡선은 1이 아니라 "
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
}
