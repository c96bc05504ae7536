"""Strings of training the live model on a toy task and replaying it (viz/views/training.py, the Attention
heads page's first tab), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "train.task": {"en": "Toy task", "ko": "토이 과제"},
    "train.task.reverse": {"en": "Reverse the sequence", "ko": "순서 뒤집기"},
    "train.task.previous": {"en": "Copy the previous token", "ko": "바로 앞 토큰 복사"},
    "train.task.match": {"en": "Find the matching token", "ko": "짝 토큰 찾기"},
    "train.task.reverse.about": {
        "en": "Input: {n} letters. Answer at position i: the letter at position {n} − 1 − i. Only position says where to look.",
        "ko": "입력: 글자 {n}개. 위치 i의 정답: 위치 {n} − 1 − i의 글자. 어디를 볼지는 위치만 알려 줍니다.",
    },
    "train.task.previous.about": {
        "en": "Input: {n} letters. Answer at position i: the letter just before it (position 0 answers itself). Only position says where to look.",
        "ko": "입력: 글자 {n}개. 위치 i의 정답: 바로 앞 글자(위치 0은 자기 자신). 어디를 볼지는 위치만 알려 줍니다.",
    },
    "train.task.match.about": {
        "en": "Input: {n} letters, each used exactly twice. Answer at position i: the position of the other copy of the same letter. Content finds the twin; position tells it apart from the query itself.",
        "ko": "입력: 글자 {n}개, 각 글자는 정확히 두 번 나옵니다. 위치 i의 정답: 같은 글자의 다른 하나가 있는 위치. 내용으로 짝을 찾고, 위치로 자기 자신과 구별합니다.",
    },
    "train.example_seed": {"en": "Example", "ko": "예제 번호"},
    "train.start": {"en": "Train", "ko": "학습"},
    "train.trained_already": {"en": "Trained", "ko": "학습 완료"},
    "train.too_big": {
        "en": "This model has {params} parameters. The page trains models up to {limit} (d_model 512 with one layer, or 256 with four), which take seconds; this one would take minutes on this server. Lower d_model in the sidebar or the layers above to train. Its untrained maps are shown below.",
        "ko": "이 모델의 매개변수는 {params}개입니다. 이 페이지는 {limit}개까지(d_model 512에 1층, 또는 256에 4층) 학습하며, 그러면 몇 초면 끝납니다. 이 크기는 이 서버에서 몇 분이 걸립니다. 학습하려면 사이드바의 d_model이나 위의 층 수를 줄이세요. 아래에는 학습 전 맵이 보입니다.",
    },
    "train.running": {
        "en": "Training… (changing any control stops it)",
        "ko": "학습 중… (다른 설정을 바꾸면 멈춥니다)",
    },
    "train.progress": {
        "en": "step {step} of at most {total} · {sec} s of at most {limit} s · loss {loss} · held-out accuracy {acc}",
        "ko": "{step} / 최대 {total} 단계 · {sec}초 / 최대 {limit}초 · 손실 {loss} · 검증 정확도 {acc}",
    },
    "train.stopped_time": {
        "en": "Stopped at the time limit: one training run may use {sec} s of this shared server, and this one got to step {steps} with {acc} of held-out positions right (the goal is {target}). The model as it stood is kept. Smaller settings (d_model, layers) train faster.",
        "ko": "시간 제한에 걸려 멈췄습니다. 이 공유 서버에서 학습 한 번은 {sec}초까지 쓸 수 있는데, 이번 학습은 {steps}단계까지 가서 검증 위치의 {acc:을/를} 맞혔습니다(목표 {target}). 그때까지의 모델을 보관합니다. 설정(d_model, 층 수)을 줄이면 더 빨리 학습합니다.",
    },
    "train.stopped_unlearnable": {
        "en": "Stopped after {steps} steps at {acc} of held-out positions right: this task cannot be learned with these settings, so training longer would not help.",
        "ko": "{steps}단계 뒤 검증 위치의 {acc:을/를} 맞힌 채 멈췄습니다. 이 설정으로는 이 과제를 배울 수 없어서, 더 오래 학습해도 나아지지 않습니다.",
    },
    "train.unlearnable.none": {
        "en": "Without a position signal the model sees the letters as an unordered set (shuffling the input only shuffles its output), so it can never tell where a letter stands, and every task here depends on that.",
        "ko": "위치 신호가 없으면 모델은 글자들을 순서 없는 집합으로 봅니다(입력을 섞으면 출력도 똑같이 섞일 뿐입니다). 그래서 글자가 어디에 있는지 알 수 없는데, 여기 과제는 모두 그것에 달려 있습니다.",
    },
    "train.unlearnable.rope_dk1": {
        "en": "With d_k = 1 RoPE has no pair of dimensions to rotate, so the model is as blind to position as with no position signal, and every task here depends on position.",
        "ko": "d_k = 1이면 RoPE가 회전시킬 차원 쌍이 없어서, 모델은 위치 신호가 없을 때처럼 위치를 볼 수 없습니다. 그런데 여기 과제는 모두 위치에 달려 있습니다.",
    },
    "train.unlearnable.short": {
        "en": "Train runs only {steps} steps, enough to see the curve stay flat.",
        "ko": "그래서 '학습'은 곡선이 평평하게 머무는 것을 볼 수 있을 만큼인 {steps}단계만 돕니다.",
    },
    "train.model_state": {"en": "Model to show", "ko": "보여 줄 모델"},
    "train.state.step": {"en": "replay at step {step}", "ko": "다시 보기: {step}단계"},
    "train.replay": {"en": "Replay the training: step", "ko": "학습 다시 보기: 단계"},
    "train.replay.help": {
        "en": "The run kept the heads' maps at {n} steps. Slide back to see the maps, the answers and the curve as they were at that step; the last step is the trained model.",
        "ko": "학습하면서 {n}개 단계의 헤드 맵을 보관했습니다. 뒤로 밀면 그 단계의 맵, 답, 곡선을 볼 수 있고, 마지막 단계가 학습된 모델입니다.",
    },
    "train.replay.example": {
        "en": "The replay keeps the maps of the first {n} examples only (numbers below {n}), so example 0 is shown instead of example {asked}.",
        "ko": "다시 보기는 처음 {n}개 예제(번호가 {n}보다 작은 것)의 맵만 보관하므로, 예제 {asked} 대신 예제 0을 보여 줍니다.",
    },
    "train.reached": {
        "en": "Trained: {acc} of held-out positions right after {steps} steps ({sec} s). This model is kept: come back to these settings and it is shown at once.",
        "ko": "학습 완료: {steps}단계 만에 검증 위치의 {acc:을/를} 맞혔습니다({sec}초). 이 모델은 보관되므로 같은 설정으로 돌아오면 바로 보입니다.",
    },
    "train.not_reached": {
        "en": "After {steps} steps the model gets only {acc} of held-out positions right (the goal is {target}).",
        "ko": "{steps}단계 뒤에도 검증 위치의 {acc}만 맞힙니다(목표 {target}).",
    },
    "train.why.rope": {
        "en": "RoPE tells a head only how far apart two tokens are, not where they stand, while reversing (and spotting the first token) needs the absolute position. Try the sinusoidal encoding.",
        "ko": "RoPE는 두 토큰이 얼마나 떨어져 있는지만 알려 줄 뿐 어디에 있는지는 알려 주지 않습니다. 그런데 뒤집기(그리고 첫 토큰 알아보기)에는 절대 위치가 필요합니다. 사인파 인코딩으로 해 보세요.",
    },
    "train.why.other": {
        "en": "This encoding makes the task hard to learn in so few steps (the Positional encoding page shows why: values that grow without bound, or rows that are hard to tell apart). Try the sinusoidal encoding.",
        "ko": "이 인코딩으로는 이 정도 단계 안에 과제를 배우기 어렵습니다(이유는 위치 인코딩 페이지에 있습니다. 값이 한없이 커지거나, 행끼리 구별하기 어렵습니다). 사인파 인코딩으로 해 보세요.",
    },
    "train.col.position": {"en": "position", "ko": "위치"},
    "train.col.input": {"en": "input", "ko": "입력"},
    "train.col.answer": {"en": "right answer", "ko": "정답"},
    "train.col.model": {"en": "model's answer", "ko": "모델의 답"},
    "train.right": {
        "en": "The model answers {right} of {n} positions of this example right.",
        "ko": "이 예제의 {n}개 위치 중 {right}개를 맞혔습니다.",
    },
    "train.state.trained": {"en": "trained", "ko": "학습 후"},
    "train.state.untrained": {"en": "untrained", "ko": "학습 전"},
    "train.task.chart": {"en": "Layer {layer}, {state}", "ko": "{layer}층, {state}"},
    "train.task.reverse.explain": {
        "en": "**What to look for.** Before training the maps are blotchy. After training, some heads light up along the anti-diagonal (top-right to bottom-left): position i looks at position T − 1 − i, exactly the letter it must output. Untrained, the model gets about one position in ten right, which is guessing.",
        "ko": "**볼 점.** 학습 전 맵은 얼룩덜룩합니다. 학습 후에는 일부 헤드가 반대 대각선(오른쪽 위에서 왼쪽 아래)을 따라 밝아집니다. 위치 i가 위치 T − 1 − i, 곧 내보내야 할 글자를 봅니다. 학습 전에는 10개 중 1개 정도만 맞히는데, 이는 찍기 수준입니다.",
    },
    "train.task.previous.explain": {
        "en": "**What to look for.** After training, heads concentrate on the cells just below the main diagonal: each position looks one step back. That is a pure position pattern; it does not depend on which letters are in the sequence.",
        "ko": "**볼 점.** 학습 후 헤드는 주대각선 바로 아래 칸에 모입니다. 각 위치가 한 칸 앞을 봅니다. 이것은 순수한 위치 패턴이라, 어떤 글자가 들어 있는지와 상관없습니다.",
    },
    "train.task.match.explain": {
        "en": "**What to look for.** After training, some heads point each letter at its twin. The pattern is not a diagonal: it changes with every example (try another example number), because it is found by content. The twin gets more weight than the query's own cell on the diagonal: position is what tells the two copies apart.",
        "ko": "**볼 점.** 학습 후 일부 헤드는 각 글자를 그 짝으로 향하게 합니다. 이 패턴은 대각선이 아니고 예제마다 바뀝니다(다른 예제 번호를 넣어 보세요). 내용으로 찾기 때문입니다. 짝은 대각선에 있는 쿼리 자신의 칸보다 더 큰 가중치를 받습니다. 두 복사본을 구별해 주는 것은 위치입니다.",
    },
    "train.curve.chart": {"en": "Training on “{task}”", "ko": "“{task}” 학습 곡선"},
    "train.curve.acc": {"en": "held-out accuracy", "ko": "검증 정확도"},
    "train.curve.loss": {"en": "training loss", "ko": "학습 손실"},
    "train.curve.step": {"en": "training step", "ko": "학습 단계"},
    "train.curve.hover": {
        "en": "%{fullData.name}<br>step %{x}: %{y:.3f}<extra></extra>",
        "ko": "%{fullData.name}<br>단계 %{x}: %{y:.3f}<extra></extra>",
    },
    "train.curve.explain": {
        "en": "**The curve.** Accuracy is measured before training (step 0: near chance, one in ten symbols or one in eight positions) and then every {every} steps, on a fixed batch the model never trains on; training stops at {target}, after {steps} steps or after {sec} s, whichever comes first. Loss (dotted, right axis) is the cross-entropy: of that held-out batch at step 0, of the training batches since the last point after that. Training uses a fixed seed, so the same settings always give the same curve and the same model.",
        "ko": "**곡선.** 정확도는 모델이 학습에 쓰지 않는 고정 배치로, 학습 전(0단계: 찍기 수준, 글자는 10개 중 1개, 위치는 8개 중 1개)과 그 뒤 {every}단계마다 잽니다. {target}에 닿거나, {steps}단계를 돌거나, {sec}초가 지나면 그중 먼저 오는 때에 학습을 멈춥니다. 손실(점선, 오른쪽 축)은 교차 엔트로피입니다. 0단계는 그 검증 배치의 손실이고, 그 뒤는 직전 점 이후 학습 배치들의 손실입니다. 시드가 고정되어 있어 같은 설정이면 언제나 같은 곡선과 같은 모델이 나옵니다.",
    },
}
