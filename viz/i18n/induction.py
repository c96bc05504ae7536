"""Strings of induction heads (viz/views/induction.py: the Attention page's induction tab, where a toy
model learns them, and the Real models page's, where SmolLM2's heads are scored), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "ind.title": {"en": "6. Induction heads", "ko": "6. 귀납 헤드"},
    "ind.steps": {"en": "Training steps", "ko": "학습 단계 수"},
    "ind.steps.help": {
        "en": "Each step trains on 64 new sequences. The repeat is learned after a few hundred steps; with "
        "fewer the run stops before the drop.",
        "ko": "단계마다 새 시퀀스 64개로 학습합니다. 반복 부분은 수백 단계 뒤에 배워지고, 그보다 적으면 손실이 "
        "떨어지기 전에 멈춥니다.",
    },
    "ind.seed": {"en": "Seed (weights and data)", "ko": "시드(가중치와 데이터)"},
    "ind.train": {"en": "Train the model", "ko": "모델 학습하기"},
    "ind.untrained": {
        "en": "No one has trained this setting yet. Press “Train the model”: {steps} steps take about "
        "{seconds} s on a quiet server, "
        "and the run is kept for everyone who opens this view.",
        "ko": "아직 아무도 이 설정으로 학습하지 않았습니다. ‘모델 학습하기’를 누르세요. {steps}단계에 한가한 "
        "서버에서 약 {seconds}초가 "
        "걸리고, 결과는 이 화면을 여는 모든 사람에게 남습니다.",
    },
    "ind.training": {
        "en": "Training the two-layer model for {steps} steps…",
        "ko": "2층 모델을 {steps}단계 학습하는 중…",
    },
    "ind.loss.first": {"en": "loss, first half (unpredictable)", "ko": "손실, 앞 절반(예측 불가)"},
    "ind.loss.second": {"en": "loss, the repeat", "ko": "손실, 반복 부분"},
    "ind.score.prefix_best": {"en": "best prefix matching, layer 2", "ko": "최고 접두사 일치, 2층"},
    "ind.score.previous_best": {"en": "best previous-token score, layer 1", "ko": "최고 이전 토큰 점수, 1층"},
    "ind.score.axis": {"en": "Score", "ko": "점수"},
    "ind.loss.chart": {
        "en": "Loss while a two-layer model learns repeated random tokens",
        "ko": "2층 모델이 반복되는 무작위 토큰을 학습하는 동안의 손실",
    },
    "ind.step": {"en": "Training step", "ko": "학습 단계"},
    "ind.loss.axis": {"en": "Loss (nats per token)", "ko": "손실(토큰당 nat)"},
    "ind.bump": {"en": "fastest drop (step {step})", "ko": "가장 빠른 하락({step}단계)"},
    "ind.score.previous": {"en": "previous token", "ko": "이전 토큰"},
    "ind.score.prefix": {"en": "prefix matching", "ko": "접두사 일치"},
    "ind.score.copy": {"en": "copying", "ko": "복사"},
    "ind.scores.chart": {
        "en": "Every head's scores after step {step}",
        "ko": "{step}단계 뒤 모든 헤드의 점수",
    },
    "ind.curve": {"en": "Score over training", "ko": "학습 중 점수"},
    "ind.curves.chart": {
        "en": "Every head's {score} score during training",
        "ko": "학습하는 동안 모든 헤드의 {score} 점수",
    },
    "ind.head_axis": {"en": "Head", "ko": "헤드"},
    "ind.layer_axis": {"en": "Layer", "ko": "층"},
    "ind.map.chart": {
        "en": "Head {head} of layer {layer} on a held-out sequence: the stripe is the token after each earlier copy",
        "ko": "검증 시퀀스에서 {layer}층 헤드 {head}: 줄무늬는 앞선 복사본 바로 다음 토큰",
    },
    "ind.map.key": {"en": "Key: position · token", "ko": "키: 위치 · 토큰"},
    "ind.map.query": {"en": "Query: position · token", "ko": "쿼리: 위치 · 토큰"},
    "ind.map.weight": {"en": "weight", "ko": "가중치"},
    "ind.map.hover": {
        "en": "query %{y}<br>key %{x}<br>weight %{z:.2f}<extra></extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>가중치 %{z:.2f}<extra></extra>",
    },
    "ind.stopped": {
        "en": "The run stopped at step {step} after {seconds} s (the server's time limit): a busy server.",
        "ko": "{seconds}초 뒤 {step}단계에서 멈췄습니다(서버의 시간 제한). 서버가 바쁩니다.",
    },
    "ind.found": {
        "en": "Layer {layer}'s head {head} matches prefixes (score {prefix}) and copies (score {copy}). It "
        "finds its key through what layer 1 wrote: layer 1's heads each look partly at the previous token "
        "(the most, head {feeder}, {previous} of its weight; they share the job). Trained in {seconds} s.",
        "ko": "{layer}층의 헤드 {head}이(가) 접두사를 찾고(점수 {prefix}) 복사합니다(점수 {copy}). 그 키는 1층이 "
        "적어 둔 것을 통해 찾습니다. 1층의 헤드들은 저마다 바로 앞 토큰을 조금씩 봅니다(가장 많이 보는 헤드 "
        "{feeder:은/는} 가중치의 {previous}; 일을 나눠 맡습니다). 학습에 {seconds}초 걸렸습니다.",
    },
    "ind.notice": {
        "en": "**What to notice.** Each sequence is a start token, 12 random tokens and the same 12 again "
        "(in training, a repeat of 6 to 12 tokens at a place that varies, so that only content, not position, "
        "finds the earlier copy). The first half can never be predicted (its loss stays near log 63 ≈ 4.1). "
        "The repeat's loss sits on a plateau, then falls steeply within a hundred steps: the bump. It falls "
        "when two kinds of head appear together: in layer 1 heads that look at the previous token (and so "
        'write "my predecessor was X" into each position), and in layer 2 a head whose query, the current '
        "token, finds the position whose predecessor was the same token, and copies what is there. That is "
        "an **induction head**: the simplest in-context learning, and the scores measure it.",
        "ko": "**눈여겨볼 점.** 시퀀스는 시작 토큰, 무작위 토큰 12개, 그리고 같은 12개로 되어 있습니다(학습 "
        "때는 6~12개가 매번 다른 자리에서 반복되어, 위치가 아니라 내용으로만 앞선 복사본을 찾을 수 있습니다). 앞 "
        "절반은 결코 예측할 수 없습니다(손실이 log 63 ≈ 4.1 근처에 머뭅니다). 반복 부분의 손실은 한동안 "
        "평평하다가 백 단계 안에 가파르게 떨어집니다. 이것이 바로 그 ‘혹’입니다. 손실은 두 종류의 헤드가 "
        "함께 생길 때 떨어집니다. 1층에서는 바로 앞 토큰을 보는 헤드들(각 위치에 ‘내 앞은 X였다’를 적음), 2층에서는 "
        "현재 토큰을 쿼리로 삼아 앞 토큰이 같은 토큰이었던 위치를 찾아 그곳의 토큰을 복사하는 헤드입니다. "
        "이것이 **귀납 헤드**로, 가장 단순한 문맥 내 학습이며 점수들이 이를 잽니다.",
    },
    "ind.curves.notice": {
        "en": "**Head by head.** Pick a score under “Score over training”. Layer 2's heads copy (a copying "
        "score near 1) long before the bump: they already raise the logit of whatever they look at, but do "
        "not yet look at the right token. At the bump, layer 2's prefix-matching scores and layer 1's "
        "previous-token scores climb together: each half of the circuit is useless without the other.",
        "ko": "**헤드별로.** ‘학습 중 점수’에서 점수를 고르세요. 2층 헤드들은 혹보다 훨씬 먼저 복사합니다(복사 "
        "점수가 1 가까이). 보는 토큰의 로짓은 이미 올리지만, 아직 알맞은 토큰을 보지 못합니다. 혹에서 2층의 "
        "접두사 일치 점수와 1층의 이전 토큰 점수가 함께 오릅니다. 회로의 두 절반은 서로가 없으면 쓸모가 "
        "없습니다.",
    },
    "ind.real.seed": {"en": "Random tokens' seed", "ko": "무작위 토큰 시드"},
    "ind.real.chart": {
        "en": "SmolLM2's heads on 24 random tokens repeated: prefix-matching score",
        "ko": "무작위 토큰 24개를 반복했을 때 SmolLM2 헤드의 접두사 일치 점수",
    },
    "ind.real.hover": {
        "en": "layer %{y}, head %{x}<br>prefix matching %{z:.2f}<extra></extra>",
        "ko": "%{y}층, 헤드 %{x}<br>접두사 일치 %{z:.2f}<extra></extra>",
    },
    "ind.real.top": {
        "en": "The {n} heads that match prefixes most, with their copying scores",
        "ko": "접두사 일치 점수가 가장 높은 헤드 {n}개와 복사 점수",
    },
    "ind.real.loss": {"en": "loss of the token", "ko": "그 토큰의 손실"},
    "ind.real.loss_chart": {
        "en": "Loss of each token: the first time through, then the repeat",
        "ko": "각 토큰의 손실: 처음 읽을 때와 반복될 때",
    },
    "ind.real.position": {"en": "Position of the token predicted", "ko": "예측한 토큰의 위치"},
    "ind.real.repeat": {"en": "the repeat begins", "ko": "반복 시작"},
    "ind.real.found": {
        "en": "The strongest induction heads: {heads}. SmolLM2's loss is {first} nats per token the first "
        "time through (random tokens cannot be guessed) and {second} on the repeat: it copies from its "
        "context.",
        "ko": "가장 강한 귀납 헤드: {heads}. SmolLM2의 손실은 처음 읽을 때 토큰당 {first} nat(무작위 토큰은 "
        "맞힐 수 없음)이고 반복 부분에서는 {second}입니다. 문맥에서 복사합니다.",
    },
    "ind.real.notice": {
        "en": "**What to notice.** The scores are the toy model's, measured on a text no one writes: random "
        "tokens, then the same again. A few heads in the middle layers look from each token to the one "
        "after its earlier copy, as the toy model's layer-2 head learned to; most heads do not. Their "
        "copying scores say whether what they bring raises that token's own logit. The loss chart shows the "
        "result: high the first time through, then, a few tokens into the repeat, far lower.",
        "ko": "**눈여겨볼 점.** 점수는 토이 모델에서 쓴 것과 같고, 아무도 쓰지 않을 글(무작위 토큰과 그 반복)"
        "에서 잽니다. 가운데 층의 몇몇 헤드가 각 토큰에서 앞선 복사본의 다음 토큰을 봅니다. 토이 모델의 2층 "
        "헤드가 배운 것과 같습니다. 대부분의 헤드는 그렇지 않습니다. 복사 점수는 가져온 것이 그 토큰 자신의 "
        "로짓을 올리는지 말해 줍니다. 손실 차트가 결과입니다. 처음 읽을 때는 높고, 반복이 몇 토큰 "
        "진행되면 훨씬 낮아집니다.",
    },
}
