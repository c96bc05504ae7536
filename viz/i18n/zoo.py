"""Strings of the Attention variants page (pages/zoo.py, viz/views/zoo.py): the zoo trained side by side, a
state against a cache, multi-head latent attention's cache; English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "zoo.title": {"en": "Attention variants", "ko": "어텐션 변형"},
    "zoo.section.zoo": {"en": "1. Side by side", "ko": "1. 나란히 학습"},
    "zoo.section.state": {"en": "2. A state, not a cache", "ko": "2. 캐시 대신 상태"},
    "zoo.section.mla": {"en": "3. Latent attention (MLA)", "ko": "3. 잠재 어텐션(MLA)"},
    "zoo.section.diff": {"en": "4. Differential", "ko": "4. 차분 어텐션"},
    "zoo.section.sparse": {"en": "5. Sparse (NSA)", "ko": "5. 희소 어텐션(NSA)"},
    "zoo.section.layers": {"en": "6. Layer patterns", "ko": "6. 층 배치"},
    # ---- the variants' names (viz.model.multihead.VARIANTS) ----
    "zoo.v.standard": {"en": "standard (2017)", "ko": "기본(2017)"},
    "zoo.v.mla": {"en": "latent (MLA)", "ko": "잠재(MLA)"},
    "zoo.v.differential": {"en": "differential", "ko": "차분"},
    "zoo.v.gated": {"en": "output gate", "ko": "출력 게이트"},
    "zoo.v.sink": {"en": "sink logit", "ko": "싱크 로짓"},
    "zoo.v.qk_norm": {"en": "QK-norm", "ko": "QK 정규화"},
    "zoo.v.softcap": {"en": "soft-capping", "ko": "소프트 캡"},
    "zoo.v.sparse": {"en": "sparse (NSA)", "ko": "희소(NSA)"},
    "zoo.v.linear": {"en": "linear", "ko": "선형"},
    "zoo.v.gated_delta": {"en": "gated delta rule", "ko": "게이트 델타 규칙"},
    "zoo.v.local_global": {"en": "local + global", "ko": "지역 + 전역"},
    "zoo.v.about.standard": {
        "en": "softmax(q·k/√d) as in the 2017 paper",
        "ko": "2017년 논문 그대로의 softmax(q·k/√d)",
    },
    "zoo.v.about.mla": {
        "en": "keys and values rebuilt from one small latent per token (DeepSeek-V2, 2024)",
        "ko": "토큰마다 작은 잠재 벡터 하나에서 키와 밸류를 다시 만듦(DeepSeek-V2, 2024)",
    },
    "zoo.v.about.differential": {
        "en": "one map minus λ times a second, so shared noise cancels (ICLR 2025)",
        "ko": "맵 하나에서 두 번째 맵의 λ배를 빼서 공통 잡음을 지움(ICLR 2025)",
    },
    "zoo.v.about.gated": {
        "en": "a sigmoid gate on each head's output (NeurIPS 2025; Qwen3-Next)",
        "ko": "각 헤드 출력에 시그모이드 게이트(NeurIPS 2025, Qwen3-Next)",
    },
    "zoo.v.about.sink": {
        "en": "one learned extra logit per head that belongs to no token (gpt-oss)",
        "ko": "어느 토큰에도 속하지 않는 헤드별 학습 로짓 하나(gpt-oss)",
    },
    "zoo.v.about.qk_norm": {
        "en": "RMSNorm on every query and key before the dot product (OLMo 2, Gemma 3)",
        "ko": "내적 전에 모든 쿼리와 키에 RMSNorm(OLMo 2, Gemma 3)",
    },
    "zoo.v.about.softcap": {
        "en": "scores bent by c·tanh(s/c), never past ±c (Gemma 2)",
        "ko": "점수를 c·tanh(s/c)로 휘어 ±c를 넘지 않게 함(Gemma 2)",
    },
    "zoo.v.about.sparse": {
        "en": "compressed blocks, the best blocks in full and a local window (NSA, 2025)",
        "ko": "압축 블록, 가장 좋은 블록 전체, 가까운 창(NSA, 2025)",
    },
    "zoo.v.about.linear": {
        "en": "a fixed d×d state instead of a cache, weights φ(q)·φ(k) (2020)",
        "ko": "캐시 대신 고정된 d×d 상태, 가중치 φ(q)·φ(k)(2020)",
    },
    "zoo.v.about.gated_delta": {
        "en": "a state that overwrites a key's old value and slowly forgets (ICLR 2025; Qwen3-Next, Kimi Linear)",
        "ko": "키의 옛 밸류를 덮어쓰고 천천히 잊는 상태(ICLR 2025, Qwen3-Next, Kimi Linear)",
    },
    "zoo.v.about.local_global": {
        "en": "a {window}-token window in the first layer, everything in the second (Gemma 3 uses 5 local : 1 global)",
        "ko": "첫 층은 {window}개 토큰 창, 둘째 층은 전체(Gemma 3은 지역 5 : 전역 1)",
    },
    # ---- 1. the zoo ----
    "zoo.seed": {"en": "Seed (weights and data)", "ko": "시드(가중치와 데이터)"},
    "zoo.train": {"en": "Train them all", "ko": "모두 학습하기"},
    "zoo.train.rest": {"en": "Train the other {n}", "ko": "나머지 {n}개 학습하기"},
    "zoo.train.help": {
        "en": "Every variant learns the same recall task from the same seed and data, {lanes} at a time. "
        "The runs are kept on the server for everyone who opens this view.",
        "ko": "모든 변형이 같은 시드와 데이터로 같은 기억 과제를 {lanes}개씩 배웁니다. 결과는 서버에 남아 이 화면을 "
        "여는 모두가 봅니다.",
    },
    "zoo.untrained": {
        "en": "No run with this seed yet. Press “Train them all”: {n} small models, about {seconds} s on a "
        "quiet server.",
        "ko": "이 시드로 학습한 결과가 아직 없습니다. ‘모두 학습하기’를 누르세요. 작은 모델 {n}개에 한가한 "
        "서버에서 약 {seconds}초 걸립니다.",
    },
    "zoo.training": {
        "en": "Training {names}… ({done} of {n} done)",
        "ko": "{names} 학습 중… ({n}개 중 {done}개 끝남)",
    },
    "zoo.and": {"en": " and ", "ko": ", "},
    "zoo.queued": {
        "en": "Waiting: the server is training another seed first. You can leave this page; the runs will be "
        "here when you come back.",
        "ko": "대기 중: 서버가 다른 시드를 먼저 학습하고 있습니다. 이 페이지를 떠나도 됩니다. 돌아오면 결과가 "
        "여기 있습니다.",
    },
    "zoo.busy": {
        "en": "The server already has {n} trainings waiting. Try again in a minute, or pick a seed someone has "
        "trained.",
        "ko": "서버에 이미 학습 {n}개가 기다리고 있습니다. 1분 뒤에 다시 누르거나, 누군가 학습해 둔 시드를 "
        "고르세요.",
    },
    "zoo.failed": {
        "en": "The training stopped with an error ({error}). The runs finished before it are kept; press the "
        "button to train the rest again.",
        "ko": "학습이 오류({error})로 멈췄습니다. 그 전에 끝난 결과는 남아 있습니다. 버튼을 눌러 나머지를 다시 "
        "학습하세요.",
    },
    "zoo.task": {
        "en": "The task: {pairs} pairs such as “K3 V7”, then each key again in a new order; at every asked key "
        "the model must name its value. Chance is 1 in {keys}.",
        "ko": "과제: “K3 V7” 같은 쌍 {pairs}개 다음에 키를 순서를 바꿔 다시 묻습니다. 물은 키마다 모델은 그 "
        "밸류를 맞혀야 합니다. 찍어서 맞힐 확률은 {keys}분의 1입니다.",
    },
    "zoo.show": {"en": "Curves", "ko": "곡선"},
    "zoo.show.accuracy": {"en": "accuracy", "ko": "정확도"},
    "zoo.show.loss": {"en": "loss", "ko": "손실"},
    "zoo.curves.accuracy": {
        "en": "Held-out accuracy while training (seed {seed})",
        "ko": "학습 중 검증 정확도(시드 {seed})",
    },
    "zoo.curves.loss": {
        "en": "Held-out loss while training (seed {seed})",
        "ko": "학습 중 검증 손실(시드 {seed})",
    },
    "zoo.step": {"en": "training step", "ko": "학습 단계"},
    "zoo.accuracy": {"en": "accuracy on the asked keys", "ko": "물은 키의 정확도"},
    "zoo.loss": {"en": "cross-entropy on the asked keys (nats)", "ko": "물은 키의 교차 엔트로피(nat)"},
    "zoo.accuracy.hover": {"en": "step %{x}<br>accuracy %{y:.2f}", "ko": "단계 %{x}<br>정확도 %{y:.2f}"},
    "zoo.loss.hover": {"en": "step %{x}<br>loss %{y:.3f}", "ko": "단계 %{x}<br>손실 %{y:.3f}"},
    "zoo.cache.chart": {
        "en": "Bytes kept per token at {tokens:,} tokens of context (16-bit, whole model)",
        "ko": "문맥 {tokens:,}토큰일 때 토큰당 남기는 바이트(16비트, 모델 전체)",
    },
    "zoo.cache.notice": {
        "en": "**What to notice.** These bars need no training: each is what a variant keeps for every token "
        "of an 8k context, counted from its shapes. Latent attention keeps a small latent vector and one "
        "shared position key instead of every head's keys and values. Local + global keeps only a window "
        "in half its layers. Sparse "
        "attention (NSA) keeps a little more than the standard cache: its compressed block summaries come "
        "on top of the full keys and values. The linear and delta-rule variants keep a state of fixed size, "
        "so its share per token shrinks as the context grows. Train them all to see which also learn.",
        "ko": "**눈여겨볼 점.** 이 막대는 학습 없이 그립니다. 8k 토큰 문맥에서 각 변형이 토큰마다 남기는 양을 "
        "모양만으로 센 값입니다. 잠재 어텐션은 헤드마다 키와 밸류를 두는 대신 작은 잠재 벡터와 위치용 공유 "
        "키 하나만 남깁니다. "
        "로컬 + 글로벌은 층의 절반에서 창 안의 토큰만 남깁니다. 희소 어텐션(NSA)은 기본 캐시보다 조금 더 "
        "남깁니다. 전체 키와 밸류에 압축한 블록 요약을 더하기 때문입니다. 선형과 델타 규칙 변형은 크기가 "
        "고정된 상태를 남기므로 문맥이 길어질수록 토큰당 몫이 줄어듭니다. 모두 학습해 보면 어느 변형이 과제도 "
        "배우는지 볼 수 있습니다.",
    },
    "zoo.variant": {"en": "variant", "ko": "변형"},
    "zoo.bytes": {"en": "bytes per token (log scale)", "ko": "토큰당 바이트(로그 눈금)"},
    "zoo.bytes.hover": {"en": "%{x}<br>%{y:.3g} bytes per token", "ko": "%{x}<br>토큰당 %{y:.3g}바이트"},
    "zoo.first": {"en": "mean weight on the first token", "ko": "첫 토큰에 가는 평균 가중치"},
    "zoo.first.chart": {
        "en": "Attention on the first token after training (seed {seed}; the delta rule's map may go below 0)",
        "ko": "학습 뒤 첫 토큰에 가는 어텐션(시드 {seed}, 델타 규칙의 맵은 0 아래로 갈 수 있음)",
    },
    "zoo.first.hover": {"en": "%{x}<br>%{y:.3f} on token 1", "ko": "%{x}<br>첫 토큰에 %{y:.3f}"},
    "zoo.table": {"en": "The zoo in numbers", "ko": "숫자로 본 변형들"},
    "zoo.col.variant": {"en": "variant", "ko": "변형"},
    "zoo.col.accuracy": {"en": "final accuracy", "ko": "최종 정확도"},
    "zoo.col.reached": {"en": "step reaching 99%", "ko": "99% 도달 단계"},
    "zoo.col.seconds": {"en": "CPU seconds", "ko": "CPU 초"},
    "zoo.col.params": {"en": "parameters", "ko": "매개변수"},
    "zoo.col.bytes": {"en": "bytes/token at {tokens:,}", "ko": "{tokens:,}토큰에서 토큰당 바이트"},
    "zoo.col.first": {"en": "attention on token 1", "ko": "첫 토큰 어텐션"},
    "zoo.col.about": {"en": "what changes", "ko": "무엇이 바뀌나"},
    "zoo.table.csv": {"en": "Download the table (CSV)", "ko": "표 내려받기(CSV)"},
    "zoo.never": {"en": "not reached", "ko": "도달 못 함"},
    "zoo.notice": {
        "en": "**What to notice.** The curves sit flat near chance, then jump: that is the moment the model "
        "builds its two-step circuit (find the earlier copy of the key, read the token after it). Variants "
        "differ most in when the jump comes, and some do not make it within the step budget on this seed. "
        "The bars span four orders of magnitude: the latent variant keeps a fraction of the standard "
        "cache, and the linear and delta-rule variants keep a fixed state whatever the context, almost "
        "nothing per token at 8k tokens. The last number column is how much attention lands on the first "
        "token: a head with nothing to look at dumps its weight there.",
        "ko": "**눈여겨볼 점.** 곡선은 찍어서 맞히는 수준에 평평하게 머물다가 갑자기 뛰어오릅니다. 모델이 두 단계 "
        "회로(키가 앞서 나온 자리를 찾고, 그 다음 토큰을 읽기)를 만드는 순간입니다. 변형마다 가장 크게 다른 것은 "
        "이 도약이 오는 때이고, 이 시드에서 단계 한도 안에 도약하지 못하는 변형도 있습니다. 막대는 네 자릿수에 "
        "걸칩니다. 잠재 변형은 기본 캐시의 일부만 남기고, 선형과 델타 규칙 변형은 문맥 길이와 상관없이 고정된 "
        "상태만 남겨 8k 토큰에서는 토큰당 거의 0입니다. 숫자 열의 마지막은 첫 토큰에 가는 어텐션의 양입니다. "
        "볼 것이 없는 헤드는 가중치를 거기에 버립니다.",
    },
    "zoo.missed": {
        "en": "Not at 99% within {steps} steps or {seconds} CPU seconds on this seed: {names}. Try another seed.",
        "ko": "이 시드에서 {steps}단계 또는 CPU {seconds}초 안에 99%에 못 미친 변형: {names}. 다른 시드도 "
        "해 보세요.",
    },
    # ---- 2. a state against a cache ----
    "zoo.width": {"en": "State width d", "ko": "상태 너비 d"},
    "zoo.width.help": {
        "en": "The state is a d × d matrix: at most d keys can be independent of each other.",
        "ko": "상태는 d × d 행렬이라 서로 독립인 키는 많아야 d개입니다.",
    },
    "zoo.recall.chart": {
        "en": "Reading pairs back from a state of width {width}",
        "ko": "너비 {width}인 상태에서 쌍을 다시 읽기",
    },
    "zoo.pairs": {"en": "pairs written", "ko": "써 넣은 쌍의 수"},
    "zoo.recalled": {"en": "share read back right", "ko": "바르게 읽힌 비율"},
    "zoo.recall.hover": {"en": "%{x} pairs<br>%{y:.2f} right", "ko": "쌍 %{x}개<br>%{y:.2f} 맞음"},
    "zoo.rule.linear": {"en": "linear attention: S += v kᵀ", "ko": "선형 어텐션: S += v kᵀ"},
    "zoo.rule.delta": {"en": "delta rule: S += (v − S k) kᵀ", "ko": "델타 규칙: S += (v − S k) kᵀ"},
    "zoo.rule.softmax": {
        "en": "softmax over a cache of every pair",
        "ko": "모든 쌍을 담은 캐시에 소프트맥스",
    },
    "zoo.width.mark": {"en": "d = {width}", "ko": "d = {width}"},
    "zoo.memory.chart": {
        "en": "What the toy model keeps as the context grows (16-bit)",
        "ko": "문맥이 길어질 때 토이 모델이 남기는 것(16비트)",
    },
    "zoo.tokens": {"en": "tokens of context (log scale)", "ko": "문맥 토큰 수(로그 눈금)"},
    "zoo.kept": {"en": "bytes kept (log scale)", "ko": "남기는 바이트(로그 눈금)"},
    "zoo.memory.hover": {"en": "%{x:,} tokens<br>%{y:.3s} bytes", "ko": "토큰 %{x:,}개<br>%{y:.3s}바이트"},
    "zoo.state.notice": {
        "en": "**What to notice.** Up to d pairs every rule reads everything back: the keys can be made "
        "orthogonal. Past d the keys must overlap and reads collide, whichever rule writes the state. "
        "The softmax cache never collides because it never compresses: it keeps every key, and the "
        "second chart shows what that costs. The delta rule wins when a key is written twice: it replaces "
        "the old value where linear attention adds both (the tests check that case).",
        "ko": "**눈여겨볼 점.** 쌍이 d개까지는 어느 규칙이든 전부 다시 읽어 냅니다. 키를 서로 직교하게 만들 수 "
        "있기 때문입니다. d를 넘으면 키가 겹칠 수밖에 없어, 어느 규칙으로 쓰든 읽기가 충돌합니다. 소프트맥스 "
        "캐시는 압축하지 않고 모든 키를 남기니 충돌하지 않습니다. 그 대가는 둘째 차트에 있습니다. 델타 규칙은 "
        "같은 키를 두 번 쓸 때 이깁니다. 선형 어텐션은 두 밸류를 더하지만 델타 규칙은 옛 밸류를 바꿔 씁니다"
        "(테스트가 이 경우를 확인합니다).",
    },
    # ---- 3. multi-head latent attention ----
    "zoo.mla.chart": {
        "en": "Numbers cached per token and layer",
        "ko": "토큰과 층마다 캐시하는 수",
    },
    "zoo.mla.numbers": {"en": "numbers per token per layer (log scale)", "ko": "토큰·층당 수(로그 눈금)"},
    "zoo.mla.hover": {"en": "%{x}<br>%{y:,} numbers", "ko": "%{x}<br>수 %{y:,}개"},
    "zoo.mla.model.gpt2": {"en": "GPT-2 (multi-head)", "ko": "GPT-2(멀티헤드)"},
    "zoo.mla.model.llama2_7b": {"en": "Llama 2 7B (multi-head)", "ko": "Llama 2 7B(멀티헤드)"},
    "zoo.mla.model.llama3_8b": {"en": "Llama 3 8B (grouped-query)", "ko": "Llama 3 8B(그룹 쿼리)"},
    "zoo.mla.model.smollm2": {"en": "SmolLM2 (grouped-query)", "ko": "SmolLM2(그룹 쿼리)"},
    "zoo.mla.model.v3_mha": {
        "en": "DeepSeek-V3 if multi-head (128 × 128)",
        "ko": "DeepSeek-V3를 멀티헤드로 하면(128 × 128)",
    },
    "zoo.mla.model.v3_mla": {
        "en": "DeepSeek-V3 (latent 512 + key 64)",
        "ko": "DeepSeek-V3(잠재 512 + 키 64)",
    },
    "zoo.mla.scores.chart": {
        "en": "One head's attention weights, keys built (left) and absorbed (right)",
        "ko": "헤드 하나의 어텐션 가중치: 키를 만들어서(왼쪽), 흡수해서(오른쪽)",
    },
    "zoo.mla.built": {"en": "keys built", "ko": "키를 만듦"},
    "zoo.mla.absorbed": {"en": "absorbed", "ko": "흡수"},
    "zoo.mla.query": {"en": "query position", "ko": "쿼리 위치"},
    "zoo.mla.key": {"en": "key position", "ko": "키 위치"},
    "zoo.mla.weight": {"en": "weight", "ko": "가중치"},
    "zoo.mla.same": {
        "en": "Largest difference between the two maps: {diff} (rounding). Cached per token here: {mla} "
        "numbers against {mha} for a key and value per head.",
        "ko": "두 맵의 가장 큰 차이: {diff}(반올림 오차). 여기서 토큰당 캐시: 헤드마다 키와 밸류를 두면 "
        "{mha}개, 잠재 어텐션은 {mla}개.",
    },
    "zoo.mla.notice": {
        "en": "**What to notice.** DeepSeek-V3 has 128 heads of 128 dimensions: a key and a value per head "
        "would be 32,768 numbers per token and layer. It caches 576: a 512-wide latent and one 64-wide "
        "rotated key all heads share, about 57 times less. The two maps are the same because a query "
        "can be moved into the latent space instead (q · W_UK c = (W_UKᵀ q) · c), so the keys are never "
        "built. RoPE cannot be moved through W_UK that way, which is why a small rotated key travels "
        "beside the latent.",
        "ko": "**눈여겨볼 점.** DeepSeek-V3는 128차원 헤드가 128개라 헤드마다 키와 밸류를 두면 토큰과 층마다 "
        "32,768개입니다. 실제로는 576개를 캐시합니다. 너비 512의 잠재 벡터와 모든 헤드가 함께 쓰는 너비 64의 "
        "회전된 키 하나로, 약 57분의 1입니다. 두 맵이 같은 것은 쿼리를 잠재 공간으로 옮겨 계산할 수 있기 "
        "때문입니다(q · W_UK c = (W_UKᵀ q) · c). 그래서 키를 만들 필요가 없습니다. RoPE는 이렇게 W_UK를 "
        "통과해 옮길 수 없어서, 작은 회전 키가 잠재 벡터 옆에 따로 붙습니다.",
    },
    "zoo.intro": {
        "en": "Since 2017 the attention layer has been changed in many small ways, each to fix one thing: "
        "the cache's size, attention dumped on the first token, scores that grow without bound, the cost "
        "of reading every key. This page trains each change on the same small task and shows what it buys.",
        "ko": "2017년 이후 어텐션 층은 여러 작은 방식으로 바뀌었고, 각각은 한 가지 문제를 고칩니다. 캐시의 크기, "
        "첫 토큰에 버려지는 어텐션, 끝없이 커지는 점수, 모든 키를 읽는 비용입니다. 이 페이지는 각 변화를 같은 "
        "작은 과제로 학습시키고 무엇을 얻는지 보여 줍니다.",
    },
}
