"""Strings of the Softmax page's tab on keeping scores in range: QK-norm and soft-capping
(viz/views/capping.py), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "cap.title": {"en": "6. Keeping scores in range", "ko": "6. 점수를 범위 안에 두기"},
    "cap.scale": {"en": "Scale the query by", "ko": "쿼리에 곱할 배율"},
    "cap.scale.help": {
        "en": "As training goes on, the query and key weights can grow; multiplying q stands for that growth.",
        "ko": "학습이 진행되면 쿼리와 키의 가중치가 커질 수 있습니다. q에 곱하는 배율이 그 성장을 나타냅니다.",
    },
    "cap.plain": {"en": "plain: (s·q)·k/√d", "ko": "그대로: (s·q)·k/√d"},
    "cap.qknorm": {
        "en": "QK-norm: RMSNorm(s·q)·RMSNorm(k)/√d",
        "ko": "QK 정규화: RMSNorm(s·q)·RMSNorm(k)/√d",
    },
    "cap.entropy.chart": {
        "en": "Entropy of one softmax row as the query grows ({keys} keys, d = {d})",
        "ko": "쿼리가 커질 때 소프트맥스 행 하나의 엔트로피(키 {keys}개, d = {d})",
    },
    "cap.scale.axis": {"en": "scale of q (log scale)", "ko": "q의 배율(로그 눈금)"},
    "cap.entropy": {"en": "entropy (nats)", "ko": "엔트로피(nat)"},
    "cap.entropy.hover": {"en": "×%{x:.2f}<br>%{y:.2f} nats", "ko": "배율 ×%{x:.2f}<br>%{y:.2f} nat"},
    "cap.now": {"en": "×{scale}", "ko": "×{scale}"},
    "cap.uniform": {"en": "every key alike (log n)", "ko": "모든 키가 같을 때(log n)"},
    "cap.row.chart": {"en": "The row's weights with q × {scale}", "ko": "q × {scale}일 때 행의 가중치"},
    "cap.key": {"en": "key", "ko": "키"},
    "cap.weight": {"en": "weight", "ko": "가중치"},
    "cap.says": {
        "en": "At q × {scale} the row's entropy is {plain} nats without QK-norm (its largest weight {top}) and "
        "{normed} with it; every key alike would be {uniform}.",
        "ko": "q × {scale}에서 행의 엔트로피는 QK 정규화 없이 {plain} nat(가장 큰 가중치 {top}), 있으면 {normed} "
        "nat입니다. 모든 키가 같으면 {uniform}입니다.",
    },
    "cap.qk.notice": {
        "en": "**What to notice.** Without QK-norm, a query twice as long doubles every score, and the row "
        "collapses onto one key: entropy falls towards 0 and the softmax's gradient with it. With QK-norm the "
        "length of q cancels out, so the curve is flat: the model can only sharpen attention through the "
        "norm's learned gains, slowly. OLMo 2 and Gemma 3 added it because such collapses stopped training "
        "runs.",
        "ko": "**눈여겨볼 점.** QK 정규화가 없으면 쿼리가 두 배 길어질 때 모든 점수가 두 배가 되어 행이 키 하나로 "
        "쏠립니다. 엔트로피가 0으로 떨어지고 소프트맥스의 그래디언트도 함께 사라집니다. QK 정규화가 있으면 q의 "
        "길이가 상쇄되어 곡선이 평평합니다. 모델은 정규화의 학습 게인으로만 천천히 어텐션을 날카롭게 할 수 "
        "있습니다. OLMo 2와 Gemma 3가 이를 넣은 것은 이런 쏠림이 학습을 망쳤기 때문입니다.",
    },
    "cap.cap": {"en": "Cap c", "ko": "상한 c"},
    "cap.identity": {"en": "no cap", "ko": "상한 없음"},
    "cap.soft": {"en": "soft cap: {c}·tanh(s/{c})", "ko": "소프트 캡: {c}·tanh(s/{c})"},
    "cap.clip": {"en": "clip at ±{c}", "ko": "±{c}에서 자르기"},
    "cap.curves.chart": {
        "en": "A score before and after the cap (c = {c})",
        "ko": "상한 전후의 점수(c = {c})",
    },
    "cap.score": {"en": "score s", "ko": "점수 s"},
    "cap.capped": {"en": "score used", "ko": "쓰이는 점수"},
    "cap.raw": {"en": "no cap", "ko": "상한 없음"},
    "cap.outlier.chart": {
        "en": "One row whose key 3 scores 12: weights with and without the cap (c = {c})",
        "ko": "키 3의 점수가 12인 행: 상한이 있을 때와 없을 때의 가중치(c = {c})",
    },
    "cap.outlier.says": {
        "en": "Key 3 takes {raw} of the row without a cap, {soft} with the soft cap and {clipped} clipped at "
        "±{c}.",
        "ko": "키 3이 가져가는 행의 몫: 상한 없이 {raw}, 소프트 캡으로 {soft}, ±{c}에서 자르면 {clipped}.",
    },
    "cap.cap.notice": {
        "en": "**What to notice.** Near 0 the soft cap is the score itself; it bends from about c/2 and never "
        "passes c, so one runaway score cannot take the whole row. Clipping gives almost the same numbers "
        "but is flat past c: a clipped score's gradient is 0 and training cannot pull it back. Gemma 2 caps "
        "attention scores at 50 and its output logits at 30.",
        "ko": "**눈여겨볼 점.** 0 근처에서 소프트 캡은 점수 그대로이고, c/2쯤부터 휘어 c를 넘지 않으므로 폭주하는 "
        "점수 하나가 행 전체를 가져가지 못합니다. 자르기도 숫자는 거의 같지만 c를 넘으면 평평해서, 잘린 점수의 "
        "그래디언트가 0이 되어 학습이 되돌릴 수 없습니다. Gemma 2는 어텐션 점수를 50에서, 출력 로짓을 30에서 "
        "캡합니다.",
    },
}
