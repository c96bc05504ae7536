"""Strings of the Attention heads page, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "att.title": {
        "en": "Attention heads: a small live Transformer",
        "ko": "어텐션 헤드: 지금 돌아가는 작은 트랜스포머",
    },
    "att.intro": {
        "en": "A real PyTorch encoder runs on this page: its size comes from the sidebar (d_model and heads) and the controls below. Each head compares every query with every key and spreads its attention over the tokens; the maps show those weights. An untrained model has random weights, so its maps show the mechanics, not meaning. Pick a toy task and press Train to watch heads learn a job.",
        "ko": "이 페이지에서는 실제 PyTorch 인코더가 돌아갑니다. 크기는 사이드바(d_model, heads)와 아래 설정에서 정해집니다. 헤드마다 모든 쿼리를 모든 키와 비교해 토큰들에 주의를 나눠 주고, 맵은 그 가중치를 보여 줍니다. 학습 전 모델은 가중치가 무작위라서 의미가 아니라 계산 과정만 보여 줍니다. 토이 과제를 고르고 '학습'을 누르면 헤드가 일을 배우는 모습을 볼 수 있습니다.",
    },
    "att.layers": {"en": "Layers", "ko": "층 수"},
    "att.layers.help": {
        "en": "Encoder blocks stacked on top of each other (the paper uses 6).",
        "ko": "위로 쌓는 인코더 블록의 수입니다(논문은 6개).",
    },
    "att.dk": {
        "en": "{heads} heads × d_k = {d_k} dimensions = d_model {d_model}, in {layers} layer(s). Change the head count in the sidebar: every map below is redrawn with d_k = d_model / heads.",
        "ko": "헤드 {heads}개 × d_k = {d_k}차원 = d_model {d_model}, {layers}개 층. 헤드 수는 사이드바에서 바꿉니다. 바꾸면 아래 맵이 모두 d_k = d_model / heads로 다시 그려집니다.",
    },
    "att.source": {"en": "Input", "ko": "입력"},
    "att.source.sentence": {"en": "A sentence", "ko": "문장"},
    "att.source.task": {"en": "A toy task (trainable)", "ko": "토이 과제 (학습 가능)"},
    "att.maps.title": {"en": "1. Every head's attention map", "ko": "1. 헤드별 어텐션 맵"},
    "att.maps.need": {
        "en": "Type a sentence above to see every head's attention map.",
        "ko": "위에 문장을 입력하면 헤드별 어텐션 맵이 나옵니다.",
    },
    "att.example.help": {
        "en": "Sentences from the lecture notes; picking one copies it into the box.",
        "ko": "강의 노트의 문장입니다. 고르면 입력칸에 복사됩니다.",
    },
    "att.sentence.help": {
        "en": "Split into words and punctuation; up to {n} tokens. Any language works.",
        "ko": "단어와 문장 부호로 나눕니다. 최대 {n}개 토큰. 어떤 언어든 됩니다.",
    },
    "att.key": {"en": "key (attended to)", "ko": "키 (주목받는 토큰)"},
    "att.query": {"en": "query (attending)", "ko": "쿼리 (주목하는 토큰)"},
    "att.maps.chart": {
        "en": "Layer {layer}: {heads} heads, each on d_k = {d_k} dimensions",
        "ko": "{layer}층: 헤드 {heads}개, 각각 d_k = {d_k}차원",
    },
    "att.maps.explain": {
        "en": "**How to read it.** Each small square is one head. Row = the token asking (query), column = the token it looks at (key); a dark cell means that query takes much of its output from that key. Every row adds up to 1. The heads share the same input but have their own W_Q, W_K and W_V, so each one spreads its attention differently. Fewer heads means wider heads (bigger d_k); more heads means more, narrower views.",
        "ko": "**읽는 법.** 작은 정사각형 하나가 헤드 하나입니다. 행은 묻는 토큰(쿼리), 열은 바라보는 토큰(키)이고, 진한 칸일수록 그 쿼리가 출력을 그 키에서 많이 가져옵니다. 각 행의 합은 1입니다. 헤드들은 같은 입력을 받지만 W_Q, W_K, W_V를 각자 가지므로 주의를 나누는 방식이 서로 다릅니다. 헤드가 적으면 헤드 하나가 넓어지고(d_k가 큼), 많으면 좁은 시야가 여러 개 생깁니다.",
    },
    "att.avg.chart": {
        "en": "Layer {layer}: the average of the {heads} heads",
        "ko": "{layer}층: 헤드 {heads}개의 평균",
    },
    "att.avg.explain": {
        "en": "**The average over heads** is a common summary, but it hides what the heads do separately: two heads looking in opposite directions average to a blur. The model itself never averages; it concatenates the heads and mixes them with W_O (step 3 below).",
        "ko": "**헤드 평균**은 흔히 쓰는 요약이지만, 헤드가 따로 하는 일을 가립니다. 서로 반대쪽을 보는 두 헤드를 평균하면 흐릿해집니다. 모델 자체는 평균을 내지 않고, 헤드들을 이어 붙인 다음 W_O로 섞습니다(아래 3단계).",
    },
    # ---- toy tasks and training ---------------------------------------------------------------------------
    "att.task": {"en": "Toy task", "ko": "토이 과제"},
    "att.task.reverse": {"en": "Reverse the sequence", "ko": "순서 뒤집기"},
    "att.task.previous": {"en": "Copy the previous token", "ko": "바로 앞 토큰 복사"},
    "att.task.match": {"en": "Find the matching token", "ko": "짝 토큰 찾기"},
    "att.task.reverse.about": {
        "en": "Input: {n} letters. Answer at position i: the letter at position {n} − 1 − i. Only position says where to look.",
        "ko": "입력: 글자 {n}개. 위치 i의 정답: 위치 {n} − 1 − i의 글자. 어디를 볼지는 위치만 알려 줍니다.",
    },
    "att.task.previous.about": {
        "en": "Input: {n} letters. Answer at position i: the letter just before it (position 0 answers itself). Only position says where to look.",
        "ko": "입력: 글자 {n}개. 위치 i의 정답: 바로 앞 글자(위치 0은 자기 자신). 어디를 볼지는 위치만 알려 줍니다.",
    },
    "att.task.match.about": {
        "en": "Input: {n} letters, each used exactly twice. Answer at position i: the position of the other copy of the same letter. Content finds the twin; position tells it apart from the query itself.",
        "ko": "입력: 글자 {n}개, 각 글자는 정확히 두 번 나옵니다. 위치 i의 정답: 같은 글자의 다른 하나가 있는 위치. 내용으로 짝을 찾고, 위치로 자기 자신과 구별합니다.",
    },
    "att.example_seed": {"en": "Example", "ko": "예제 번호"},
    "att.train": {"en": "Train", "ko": "학습"},
    "att.trained_already": {"en": "Trained", "ko": "학습 완료"},
    "att.too_big": {
        "en": "This model has {params} parameters. The page trains models up to {limit} (d_model 512 with one layer, or 256 with four), which take seconds; this one would take minutes on this server. Lower d_model in the sidebar or the layers above to train. Its untrained maps are shown below.",
        "ko": "이 모델의 매개변수는 {params}개입니다. 이 페이지는 {limit}개까지(d_model 512에 1층, 또는 256에 4층) 학습하며, 그러면 몇 초면 끝납니다. 이 크기는 이 서버에서 몇 분이 걸립니다. 학습하려면 사이드바의 d_model이나 위의 층 수를 줄이세요. 아래에는 학습 전 맵이 보입니다.",
    },
    "att.training": {
        "en": "Training… (changing any control stops it)",
        "ko": "학습 중… (다른 설정을 바꾸면 멈춥니다)",
    },
    "att.steps.rope": {
        "en": "With RoPE, Q and K are shown after each token's pair of dimensions has been rotated by its position.",
        "ko": "RoPE에서는 Q와 K를 각 토큰의 차원 쌍을 위치만큼 회전시킨 뒤의 값으로 보여 줍니다.",
    },
    "att.progress": {
        "en": "step {step} of at most {total} · {sec} s of at most {limit} s · loss {loss} · held-out accuracy {acc}",
        "ko": "{step} / 최대 {total} 단계 · {sec}초 / 최대 {limit}초 · 손실 {loss} · 검증 정확도 {acc}",
    },
    "att.stopped_time": {
        "en": "Stopped at the time limit: one training run may use {sec} s of this shared server, and this one got to step {steps} with {acc} of held-out positions right (the goal is {target}). The model as it stood is kept. Smaller settings (d_model, layers) train faster.",
        "ko": "시간 제한에 걸려 멈췄습니다. 이 공유 서버에서 학습 한 번은 {sec}초까지 쓸 수 있는데, 이번 학습은 {steps}단계까지 가서 검증 위치의 {acc:을/를} 맞혔습니다(목표 {target}). 그때까지의 모델을 보관합니다. 설정(d_model, 층 수)을 줄이면 더 빨리 학습합니다.",
    },
    "att.stopped_unlearnable": {
        "en": "Stopped after {steps} steps at {acc} of held-out positions right: this task cannot be learned with these settings, so training longer would not help.",
        "ko": "{steps}단계 뒤 검증 위치의 {acc:을/를} 맞힌 채 멈췄습니다. 이 설정으로는 이 과제를 배울 수 없어서, 더 오래 학습해도 나아지지 않습니다.",
    },
    "att.unlearnable.none": {
        "en": "Without a position signal the model sees the letters as an unordered set (shuffling the input only shuffles its output), so it can never tell where a letter stands, and every task here depends on that.",
        "ko": "위치 신호가 없으면 모델은 글자들을 순서 없는 집합으로 봅니다(입력을 섞으면 출력도 똑같이 섞일 뿐입니다). 그래서 글자가 어디에 있는지 알 수 없는데, 여기 과제는 모두 그것에 달려 있습니다.",
    },
    "att.unlearnable.rope_dk1": {
        "en": "With d_k = 1 RoPE has no pair of dimensions to rotate, so the model is as blind to position as with no position signal, and every task here depends on position.",
        "ko": "d_k = 1이면 RoPE가 회전시킬 차원 쌍이 없어서, 모델은 위치 신호가 없을 때처럼 위치를 볼 수 없습니다. 그런데 여기 과제는 모두 위치에 달려 있습니다.",
    },
    "att.unlearnable.short": {
        "en": "Train runs only {steps} steps, enough to see the curve stay flat.",
        "ko": "그래서 '학습'은 곡선이 평평하게 머무는 것을 볼 수 있을 만큼인 {steps}단계만 돕니다.",
    },
    "att.model_state": {"en": "Model to show", "ko": "보여 줄 모델"},
    "att.state.step": {"en": "replay at step {step}", "ko": "다시 보기: {step}단계"},
    "att.replay": {"en": "Replay the training: step", "ko": "학습 다시 보기: 단계"},
    "att.replay.help": {
        "en": "The run kept the heads' maps at {n} steps. Slide back to see the maps, the answers and the curve as they were at that step; the last step is the trained model.",
        "ko": "학습하면서 {n}개 단계의 헤드 맵을 보관했습니다. 뒤로 밀면 그 단계의 맵, 답, 곡선을 볼 수 있고, 마지막 단계가 학습된 모델입니다.",
    },
    "att.replay.example": {
        "en": "The replay keeps the maps of the first {n} examples only (numbers below {n}), so example 0 is shown instead of example {asked}.",
        "ko": "다시 보기는 처음 {n}개 예제(번호가 {n}보다 작은 것)의 맵만 보관하므로, 예제 {asked} 대신 예제 0을 보여 줍니다.",
    },
    "att.reached": {
        "en": "Trained: {acc} of held-out positions right after {steps} steps ({sec} s). This model is kept: come back to these settings and it is shown at once.",
        "ko": "학습 완료: {steps}단계 만에 검증 위치의 {acc:을/를} 맞혔습니다({sec}초). 이 모델은 보관되므로 같은 설정으로 돌아오면 바로 보입니다.",
    },
    "att.not_reached": {
        "en": "After {steps} steps the model gets only {acc} of held-out positions right (the goal is {target}).",
        "ko": "{steps}단계 뒤에도 검증 위치의 {acc}만 맞힙니다(목표 {target}).",
    },
    "att.why.rope": {
        "en": "RoPE tells a head only how far apart two tokens are, not where they stand, while reversing (and spotting the first token) needs the absolute position. Try the sinusoidal encoding.",
        "ko": "RoPE는 두 토큰이 얼마나 떨어져 있는지만 알려 줄 뿐 어디에 있는지는 알려 주지 않습니다. 그런데 뒤집기(그리고 첫 토큰 알아보기)에는 절대 위치가 필요합니다. 사인파 인코딩으로 해 보세요.",
    },
    "att.why.other": {
        "en": "This encoding makes the task hard to learn in so few steps (the Positional encoding page shows why: values that grow without bound, or rows that are hard to tell apart). Try the sinusoidal encoding.",
        "ko": "이 인코딩으로는 이 정도 단계 안에 과제를 배우기 어렵습니다(이유는 위치 인코딩 페이지에 있습니다. 값이 한없이 커지거나, 행끼리 구별하기 어렵습니다). 사인파 인코딩으로 해 보세요.",
    },
    "att.col.position": {"en": "position", "ko": "위치"},
    "att.col.input": {"en": "input", "ko": "입력"},
    "att.col.answer": {"en": "right answer", "ko": "정답"},
    "att.col.model": {"en": "model's answer", "ko": "모델의 답"},
    "att.right": {
        "en": "The model answers {right} of {n} positions of this example right.",
        "ko": "이 예제의 {n}개 위치 중 {right}개를 맞혔습니다.",
    },
    "att.state.trained": {"en": "trained", "ko": "학습 후"},
    "att.state.untrained": {"en": "untrained", "ko": "학습 전"},
    "att.task.chart": {"en": "Layer {layer}, {state}", "ko": "{layer}층, {state}"},
    "att.task.reverse.explain": {
        "en": "**What to look for.** Before training the maps are blotchy. After training, some heads light up along the anti-diagonal (top-right to bottom-left): position i looks at position T − 1 − i, exactly the letter it must output. Untrained, the model gets about one position in ten right, which is guessing.",
        "ko": "**볼 점.** 학습 전 맵은 얼룩덜룩합니다. 학습 후에는 일부 헤드가 반대 대각선(오른쪽 위에서 왼쪽 아래)을 따라 밝아집니다. 위치 i가 위치 T − 1 − i, 곧 내보내야 할 글자를 봅니다. 학습 전에는 10개 중 1개 정도만 맞히는데, 이는 찍기 수준입니다.",
    },
    "att.task.previous.explain": {
        "en": "**What to look for.** After training, heads concentrate on the cells just below the main diagonal: each position looks one step back. That is a pure position pattern; it does not depend on which letters are in the sequence.",
        "ko": "**볼 점.** 학습 후 헤드는 주대각선 바로 아래 칸에 모입니다. 각 위치가 한 칸 앞을 봅니다. 이것은 순수한 위치 패턴이라, 어떤 글자가 들어 있는지와 상관없습니다.",
    },
    "att.task.match.explain": {
        "en": "**What to look for.** After training, some heads point each letter at its twin. The pattern is not a diagonal: it changes with every example (try another example number), because it is found by content. The twin gets more weight than the query's own cell on the diagonal: position is what tells the two copies apart.",
        "ko": "**볼 점.** 학습 후 일부 헤드는 각 글자를 그 짝으로 향하게 합니다. 이 패턴은 대각선이 아니고 예제마다 바뀝니다(다른 예제 번호를 넣어 보세요). 내용으로 찾기 때문입니다. 짝은 대각선에 있는 쿼리 자신의 칸보다 더 큰 가중치를 받습니다. 두 복사본을 구별해 주는 것은 위치입니다.",
    },
    "att.curve.chart": {"en": "Training on “{task}”", "ko": "“{task}” 학습 곡선"},
    "att.curve.acc": {"en": "held-out accuracy", "ko": "검증 정확도"},
    "att.curve.loss": {"en": "training loss", "ko": "학습 손실"},
    "att.curve.step": {"en": "training step", "ko": "학습 단계"},
    "att.curve.hover": {
        "en": "%{fullData.name}<br>step %{x}: %{y:.3f}<extra></extra>",
        "ko": "%{fullData.name}<br>단계 %{x}: %{y:.3f}<extra></extra>",
    },
    "att.curve.explain": {
        "en": "**The curve.** Accuracy is measured before training (step 0: near chance, one in ten symbols or one in eight positions) and then every {every} steps, on a fixed batch the model never trains on; training stops at {target}, after {steps} steps or after {sec} s, whichever comes first. Loss (dotted, right axis) is the cross-entropy: of that held-out batch at step 0, of the training batches since the last point after that. Training uses a fixed seed, so the same settings always give the same curve and the same model.",
        "ko": "**곡선.** 정확도는 모델이 학습에 쓰지 않는 고정 배치로, 학습 전(0단계: 찍기 수준, 글자는 10개 중 1개, 위치는 8개 중 1개)과 그 뒤 {every}단계마다 잽니다. {target}에 닿거나, {steps}단계를 돌거나, {sec}초가 지나면 그중 먼저 오는 때에 학습을 멈춥니다. 손실(점선, 오른쪽 축)은 교차 엔트로피입니다. 0단계는 그 검증 배치의 손실이고, 그 뒤는 직전 점 이후 학습 배치들의 손실입니다. 시드가 고정되어 있어 같은 설정이면 언제나 같은 곡선과 같은 모델이 나옵니다.",
    },
    "att.sentence_only": {
        "en": "Masks, the step-by-step view and the word-order test work on sentences: switch the input to “A sentence” to see them.",
        "ko": "마스크, 단계별 계산, 어순 실험은 문장으로 합니다. 보려면 입력을 '문장'으로 바꾸세요.",
    },
    # ---- masks -------------------------------------------------------------------------------------------
    "att.mask.title": {"en": "2. Masks: padding and causal", "ko": "2. 마스크: 패딩과 인과"},
    "att.mask.intro": {
        "en": "Sentences travel in batches, and a batch is a rectangle: the shorter sentence is filled up with [PAD] tokens. A mask tells each query which keys it may look at; forbidden scores become −∞ before softmax, so their weight is exactly 0.",
        "ko": "문장은 배치로 묶여 들어가고, 배치는 직사각형이어야 합니다. 그래서 짧은 문장은 [PAD] 토큰으로 채웁니다. 마스크는 각 쿼리가 어떤 키를 봐도 되는지 정합니다. 금지된 점수는 소프트맥스 전에 −∞가 되므로 그 가중치는 정확히 0입니다.",
    },
    "att.mask.second": {"en": "Second sentence of the batch", "ko": "배치의 두 번째 문장"},
    "att.mask.second.help": {
        "en": "Batched with the sentence above; the shorter of the two is padded.",
        "ko": "위 문장과 한 배치로 묶입니다. 둘 중 짧은 쪽이 패딩됩니다.",
    },
    "att.mask.mode": {"en": "Mask", "ko": "마스크"},
    "att.mask.none": {"en": "none", "ko": "없음"},
    "att.mask.padding": {"en": "padding", "ko": "패딩"},
    "att.mask.causal": {"en": "causal", "ko": "인과"},
    "att.mask.both": {"en": "padding + causal", "ko": "패딩 + 인과"},
    "att.mask.need_two": {
        "en": "Both sentences need at least one word to build a batch.",
        "ko": "배치를 만들려면 두 문장 모두 단어가 하나 이상 있어야 합니다.",
    },
    "att.mask.row": {
        "en": "sentence {i}: {n} tokens + {pad} [PAD]",
        "ko": "문장 {i}: 토큰 {n}개 + [PAD] {pad}개",
    },
    "att.mask.hover": {
        "en": "query %{y}<br>key %{x}<br>allowed: %{z}<extra>1 = yes, 0 = no</extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>허용: %{z}<extra>1 = 예, 0 = 아니오</extra>",
    },
    "att.mask.pad_queries": {"en": "padding, [PAD] queries too", "ko": "패딩 ([PAD] 쿼리까지)"},
    "att.mask.pad_queries.explain": {
        "en": "**Padding, queries too.** The [PAD] columns are switched off as with the padding mask, and so are the [PAD] rows: a [PAD] query may look at no key at all. Its whole row of the mask is empty, the case the chart below the maps shows.",
        "ko": "**패딩, 쿼리까지.** 패딩 마스크처럼 [PAD] 열을 끄고, [PAD] 행도 끕니다. [PAD] 쿼리는 어떤 키도 볼 수 없어서 마스크의 그 행 전체가 비어 있습니다. 맵 아래 차트가 바로 이 경우를 보여 줍니다.",
    },
    "att.mask.z": {
        "en": "Head 1's output z = weights · V, sentence {i}, layer {layer} (first {shown} of d_k = {d_k} columns)",
        "ko": "헤드 1의 출력 z = 가중치 · V, 문장 {i}, {layer}층 (d_k = {d_k}열 중 처음 {shown}열)",
    },
    "att.mask.empty.explain": {
        "en": "**Rows with no key: {rows}.** Every score in such a row is −∞, so softmax would divide 0 by 0 and give NaN, and a NaN spreads to every number computed from it in the next layers. The code gives such a row weights 0 instead, so its output z is exactly 0: the largest |z| in these rows, over every head, is {largest}. Their maps above are empty rows for the same reason.",
        "ko": "**볼 키가 하나도 없는 행: {rows}.** 이런 행의 점수는 모두 −∞라서 소프트맥스를 그대로 계산하면 0을 0으로 나누게 되어 NaN이 나오고, NaN은 다음 층에서 그것으로 계산하는 모든 수로 번집니다. 그래서 코드는 이런 행의 가중치를 0으로 두고, 출력 z도 정확히 0이 됩니다. 이 행들의 |z| 최댓값은 모든 헤드를 통틀어 {largest}입니다. 위 맵에서 이 행들이 비어 있는 것도 같은 이유입니다.",
    },
    "att.mask.none.explain": {
        "en": "**No mask.** Every query sees every key, [PAD] included: the padded sentence's words spend part of their attention on filler that carries no meaning, and the result depends on how much padding the batch needed.",
        "ko": "**마스크 없음.** 모든 쿼리가 [PAD]를 포함한 모든 키를 봅니다. 패딩된 문장의 단어들이 의미 없는 채움 토큰에 주의를 일부 쓰게 되고, 결과가 배치에 패딩이 얼마나 들어갔는지에 따라 달라집니다.",
    },
    "att.mask.padding.explain": {
        "en": "**Padding mask.** The [PAD] columns are switched off for every query, so real words attend only to real words. The [PAD] rows still compute something, but nothing downstream reads them.",
        "ko": "**패딩 마스크.** 모든 쿼리에서 [PAD] 열이 꺼지므로 실제 단어는 실제 단어에만 주목합니다. [PAD] 행도 무언가를 계산하지만, 그 뒤에서 아무도 읽지 않습니다.",
    },
    "att.mask.causal.explain": {
        "en": "**Causal mask.** Query i may look only at keys 0..i: the lower triangle. A decoder needs this so that, while learning to predict the next word, no position can peek at the words after it.",
        "ko": "**인과 마스크.** 쿼리 i는 키 0..i만 볼 수 있습니다(아래 삼각형). 디코더는 다음 단어를 예측하도록 학습하는 동안 어떤 위치도 뒤의 단어를 엿보지 못하게 이 마스크가 필요합니다.",
    },
    "att.mask.both.explain": {
        "en": "**Both.** A key is visible only if both masks allow it: the lower triangle, with the [PAD] columns removed. This is what a decoder uses on a padded batch.",
        "ko": "**둘 다.** 두 마스크가 모두 허용해야 키가 보입니다. 아래 삼각형에서 [PAD] 열을 뺀 모양입니다. 디코더가 패딩된 배치에서 쓰는 방식입니다.",
    },
    "att.mask.maps": {
        "en": "Sentence {i} (padded), layer {layer}, mask: {mode}",
        "ko": "문장 {i}(패딩됨), {layer}층, 마스크: {mode}",
    },
    "att.mask.maps_equal": {
        "en": "Sentence {i} (as long as the other: no [PAD] needed), layer {layer}, mask: {mode}",
        "ko": "문장 {i}(다른 문장과 길이가 같아 [PAD]가 필요 없음), {layer}층, 마스크: {mode}",
    },
    "att.mask.maps.explain": {
        "en": "**Check it.** Switch between the masks and watch the {pad} columns: without a padding mask they take weight, with it they are exactly 0. With the causal mask everything above the diagonal is 0, and the first token can only attend to itself.",
        "ko": "**확인해 보세요.** 마스크를 바꿔 가며 {pad} 열을 보세요. 패딩 마스크가 없으면 가중치를 받고, 있으면 정확히 0입니다. 인과 마스크에서는 대각선 위가 모두 0이고, 첫 토큰은 자기 자신만 볼 수 있습니다.",
    },
    # ---- step by step ------------------------------------------------------------------------------------
    "att.steps.title": {"en": "3. One head, step by step", "ko": "3. 헤드 하나를 단계별로"},
    "att.steps.need": {
        "en": "Type a sentence above to follow one head through its steps.",
        "ko": "위에 문장을 입력하면 헤드 하나의 계산을 단계별로 따라갈 수 있습니다.",
    },
    "att.steps.head": {"en": "Head", "ko": "헤드"},
    "att.steps.causal": {"en": "Apply a causal mask", "ko": "인과 마스크 적용"},
    "att.steps.intro": {
        "en": "Head {h} of layer {layer}: the layer input X (d_model = {d_model} per token) is projected to this head's queries, keys and values, each d_k = {d_k} wide.",
        "ko": "{layer}층의 헤드 {h}: 층의 입력 X(토큰마다 d_model = {d_model})를 이 헤드의 쿼리, 키, 밸류로 투영합니다. 각각의 폭은 d_k = {d_k}입니다.",
    },
    "att.steps.part.qkv": {"en": "Projections Q, K, V", "ko": "Q, K, V 구하기"},
    "att.steps.part.scores": {"en": "①–④ From scores to weights", "ko": "①–④ 점수에서 가중치로"},
    "att.steps.part.out": {
        "en": "⑤–⑦ Weights · V, heads joined, W_O",
        "ko": "⑤–⑦ 가중치 · V, 헤드 합치기, W_O",
    },
    "att.steps.proj": {"en": "{name}", "ko": "{name}"},
    "att.steps.hover": {
        "en": "%{y}, dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "%{y}, 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "att.steps.qkv_note": {
        "en": "**Three views of the same tokens.** Q says what each token is looking for, K what it offers to be found by, V what it hands over once it is chosen. All three are the layer input multiplied by this head's own d_model × {d_k} matrices, so every head sees the sentence through different eyes.",
        "ko": "**같은 토큰의 세 얼굴.** Q는 각 토큰이 무엇을 찾는지, K는 무엇으로 찾아지는지, V는 뽑혔을 때 무엇을 넘겨주는지를 나타냅니다. 셋 다 층의 입력에 이 헤드만의 d_model × {d_k} 행렬을 곱한 것이라, 헤드마다 문장을 다른 눈으로 봅니다.",
    },
    "att.steps.cut": {
        "en": "The first {shown} of the head's {d_k} columns are shown.",
        "ko": "헤드의 {d_k}개 열 중 앞의 {shown}개를 보여 줍니다.",
    },
    "att.steps.scores": {"en": "① Q Kᵀ", "ko": "① Q Kᵀ"},
    "att.steps.scaled": {"en": "② ÷ √{d_k}", "ko": "② ÷ √{d_k}"},
    "att.steps.masked": {"en": "③ + mask", "ko": "③ + 마스크"},
    "att.steps.weights": {"en": "④ softmax (rows)", "ko": "④ 소프트맥스 (행별)"},
    "att.steps.pair_hover": {
        "en": "query %{y}<br>key %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "att.steps.masked_hover": {
        "en": "query %{y}<br>key %{x}<br>masked: −∞<extra></extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>마스크됨: −∞<extra></extra>",
    },
    "att.steps.squares": {
        "en": "① every query against every key; ② divided by {root} so the scores keep a size that does not grow with d_k = {d_k}; ③ forbidden pairs set to −∞ (grey; nothing changes without a mask); ④ softmax turns each row into weights that add up to 1, and −∞ becomes exactly 0.",
        "ko": "① 모든 쿼리를 모든 키와 곱합니다. ② {root:으로/로} 나눠 점수 크기가 d_k = {d_k:과/와} 함께 커지지 않게 합니다. ③ 금지된 쌍은 −∞(회색)가 됩니다. 마스크가 없으면 바뀌는 것이 없습니다. ④ 소프트맥스가 각 행을 합이 1인 가중치로 바꾸고, −∞는 정확히 0이 됩니다.",
    },
    "att.steps.z": {"en": "⑤ Z_{h} = weights · V", "ko": "⑤ Z_{h} = 가중치 · V"},
    "att.steps.concat": {
        "en": "⑥ concat(Z_1 … Z_{heads}): {d_model} columns, head {h} outlined",
        "ko": "⑥ concat(Z_1 … Z_{heads}): {d_model}개 열, 헤드 {h:은/는} 테두리",
    },
    "att.steps.concat_x": {"en": "column of the concatenation", "ko": "이어 붙인 행렬의 열"},
    "att.steps.w_o": {"en": "W_O ({d_model} × {d_model})", "ko": "W_O ({d_model} × {d_model})"},
    "att.steps.w_o_x": {"en": "output dimension", "ko": "출력 차원"},
    "att.steps.w_o_y": {"en": "concat column", "ko": "이어 붙인 열"},
    "att.steps.w_o_hover": {
        "en": "from concat column %{y}<br>to output dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "이어 붙인 열 %{y} → 출력 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "att.steps.out": {"en": "⑦ output = concat · W_O + b_O", "ko": "⑦ 출력 = concat · W_O + b_O"},
    "att.steps.strided": {
        "en": "d_model = {d_model} is wide: the concatenation, W_O and the output show every k-th column ({shown} of them) so the charts stay light.",
        "ko": "d_model({d_model})은 넓어서, 이어 붙인 행렬과 W_O, 출력은 k번째 열마다 하나씩({shown}개) 보여 줘 차트를 가볍게 유지합니다.",
    },
    "att.steps.explain": {
        "en": "**Putting heads back together.** Each head returns a T × d_k block. The blocks are laid side by side into a T × d_model matrix, and W_O mixes all of them: every output dimension can draw on every head. That is why the head count changes how the work is split, but not the size of what comes out.",
        "ko": "**헤드를 다시 합치기.** 헤드마다 T × d_k 블록을 내놓습니다. 이 블록들을 옆으로 붙이면 T × d_model 행렬이 되고, W_O가 이들을 모두 섞습니다. 출력의 각 차원이 모든 헤드를 쓸 수 있습니다. 그래서 헤드 수는 일을 나누는 방식을 바꿀 뿐, 나오는 결과의 크기는 바꾸지 않습니다.",
    },
    # ---- word order --------------------------------------------------------------------------------------
    "att.order.title": {"en": "4. Word order on the live model", "ko": "4. 실제 모델로 보는 어순"},
    "att.order.need": {
        "en": "A shuffle needs at least two tokens: type a longer sentence above.",
        "ko": "섞으려면 토큰이 두 개 이상 필요합니다. 위에 더 긴 문장을 입력하세요.",
    },
    "att.order.seed": {"en": "Shuffle", "ko": "섞기 번호"},
    "att.order.sentences": {"en": "original: {a}\nshuffled: {b}", "ko": "원래 문장: {a}\n섞은 문장: {b}"},
    "att.order.with": {"en": "with {enc}", "ko": "{enc} 사용"},
    "att.order.pick": {
        "en": "The position signal above is “none”, so both bars are the model without position. Pick an encoding to compare.",
        "ko": "위의 위치 신호가 '없음'이라서 두 막대 모두 위치 없는 모델입니다. 비교하려면 인코딩을 고르세요.",
    },
    "att.order.chart": {
        "en": "How far each output moves when the sentence is shuffled",
        "ko": "문장을 섞었을 때 각 출력이 달라지는 정도",
    },
    "att.order.x": {"en": "token (in shuffled order)", "ko": "토큰 (섞은 순서)"},
    "att.order.y": {
        "en": "max |f(shuffled) − shuffled f(original)|",
        "ko": "max |f(섞은 입력) − 섞은 f(원래 입력)|",
    },
    "att.order.hover": {
        "en": "%{fullData.name}<br>%{x}: %{y:.2e}<extra></extra>",
        "ko": "%{fullData.name}<br>%{x}: %{y:.2e}<extra></extra>",
    },
    "att.order.measured": {
        "en": "**Measured.** With the position signal switched off (the same weights), the largest change is {none} (weights: {none_w}): float rounding, so shuffling the words only shuffles the outputs. With {enc} it is {with_} (weights: {with_w}): the same word now gets a different vector in a different place.",
        "ko": "**측정값.** 같은 가중치에서 위치 신호만 끄면 가장 큰 차이는 {none}(가중치: {none_w})입니다. 부동소수점 반올림 수준이라, 단어를 섞으면 출력도 똑같이 섞일 뿐입니다. 위치 신호({enc})를 켜면 {with_}(가중치: {with_w})입니다. 같은 단어라도 자리가 바뀌면 다른 벡터를 얻습니다.",
    },
    "att.order.measured_same": {
        "en": "**Measured.** With the position signal switched off the largest change is {none} (weights: {none_w}), and with {enc} it is {with_} (weights: {with_w}): both are float rounding, so here the model cannot tell the orders apart.",
        "ko": "**측정값.** 위치 신호를 끄면 가장 큰 차이는 {none}(가중치: {none_w}), 위치 신호({enc})를 켜도 {with_}(가중치: {with_w})입니다. 둘 다 부동소수점 반올림 수준이라, 지금 설정에서는 모델이 어순을 구별하지 못합니다.",
    },
    "att.order.explain": {
        "en": "**Why.** Attention compares tokens with each other and never asks where they are, so on its own it treats a sentence as a bag of words: “The cat chased the mouse” and “The mouse chased the cat” would give the same vectors, merely in another order. Adding a position signal is what lets the model tell them apart. The log scale shows both sizes at once.",
        "ko": "**이유.** 어텐션은 토큰끼리 비교할 뿐 각 토큰이 어디 있는지는 묻지 않습니다. 그래서 그것만으로는 문장을 단어 주머니처럼 다룹니다. “The cat chased the mouse”와 “The mouse chased the cat”이 순서만 다른 같은 벡터들이 됩니다. 위치 신호를 더해야 모델이 둘을 구별합니다. 로그 눈금이라 두 크기를 한 번에 볼 수 있습니다.",
    },
}
