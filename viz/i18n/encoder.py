"""Strings of the Encoder block page, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "enc.title": {
        "en": "Encoder block: attention, add & norm, feed-forward",
        "ko": "인코더 블록: 어텐션, Add & Norm, 피드포워드",
    },
    "enc.intro": {
        "en": "An encoder block does four things to every token: multi-head attention mixes in information from the other tokens; add & norm adds the block's input back (the residual connection) and rescales each token with LayerNorm; a small two-layer network with ReLU (the feed-forward network) transforms each token on its own; and a second add & norm. The paper stacks N = 6 such blocks. This page follows one sentence through a live PyTorch stack (untrained, seeded weights) and shows what each stage does to the numbers.",
        "ko": "인코더 블록은 토큰마다 네 가지 일을 합니다. 멀티헤드 어텐션이 다른 토큰들의 정보를 섞어 넣고, Add & Norm이 블록의 입력을 다시 더한 뒤(잔차 연결) LayerNorm으로 토큰마다 크기를 맞춥니다. 이어서 ReLU를 사이에 둔 작은 두 층 신경망(피드포워드 네트워크)이 토큰 하나하나를 따로 변환하고, 다시 Add & Norm을 거칩니다. 논문은 이런 블록을 N = 6개 쌓습니다. 이 페이지는 실제 PyTorch 스택(학습 전, 시드로 정한 가중치)에 문장 하나를 통과시키며 단계마다 숫자가 어떻게 바뀌는지 보여 줍니다.",
    },
    "enc.layers": {"en": "Blocks in the stack (N)", "ko": "쌓은 블록 수 (N)"},
    "enc.layers.help": {
        "en": "How many encoder blocks the sentence passes through, one after the other (the paper uses 6).",
        "ko": "문장이 차례로 통과하는 인코더 블록의 수입니다(논문은 6개).",
    },
    "enc.norm": {"en": "LayerNorm placement", "ko": "LayerNorm 위치"},
    "enc.norm.post": {"en": "post-norm (the paper)", "ko": "Post-norm (논문)"},
    "enc.norm.pre": {"en": "pre-norm", "ko": "Pre-norm (사전 정규화)"},
    "enc.norm.help": {
        "en": "Post-norm: LayerNorm(x + sublayer(x)), as in the paper. Pre-norm: x + sublayer(LayerNorm(x)), used by most large models today. Both run on the same weights.",
        "ko": "Post-norm: LayerNorm(x + sublayer(x)), 논문의 방식입니다. Pre-norm: x + sublayer(LayerNorm(x)), 요즘 큰 모델 대부분이 씁니다. 두 방식 모두 같은 가중치로 돌아갑니다.",
    },
    "enc.sizes": {
        "en": "d_model = {d_model}, {heads} heads of d_k = {d_k}, feed-forward hidden width d_ff = {d_ff} (2 × d_model; the paper uses 4 ×), {layers} block(s). d_model and heads come from the sidebar.",
        "ko": "d_model = {d_model}, 헤드 {heads}개(d_k = {d_k}), 피드포워드 은닉층 너비 d_ff = {d_ff}(2 × d_model, 논문은 4 ×), 블록 {layers}개. d_model과 헤드 수는 사이드바에서 정합니다.",
    },
    "enc.sentence.help": {
        "en": "The sentence the encoder reads (up to {n} tokens). Each word gets a fixed toy vector; the position signal is added to it.",
        "ko": "인코더가 읽는 문장입니다(최대 {n}개 토큰). 단어마다 고정된 토이 벡터가 정해지고 여기에 위치 신호가 더해집니다.",
    },
    "enc.example.help": {
        "en": "Sentences from the lecture notes; picking one copies it into the box, and its Korean translation into the decoder's box below.",
        "ko": "강의 노트의 문장입니다. 고르면 입력칸에 복사되고, 아래 디코더 입력칸에는 그 한국어 번역이 들어갑니다.",
    },
    # ---- 1. the path --------------------------------------------------------------------------------
    "enc.path.title": {"en": "1. One sentence through the block", "ko": "1. 블록을 지나는 문장 하나"},
    "enc.stage.x.first": {"en": "input x = E + PE", "ko": "입력 x = E + PE"},
    "enc.stage.x.later": {"en": "input x = output of block {k}", "ko": "입력 x = 블록 {k}의 출력"},
    "enc.stage.attn.post": {"en": "multi-head attention(x)", "ko": "멀티헤드 어텐션(x)"},
    "enc.stage.attn.pre": {"en": "multi-head attention(norm(x))", "ko": "멀티헤드 어텐션(norm(x))"},
    "enc.stage.mid.post": {"en": "add & norm: norm(x + attention)", "ko": "Add & Norm: norm(x + 어텐션)"},
    "enc.stage.mid.pre": {"en": "add: x + attention", "ko": "Add: x + 어텐션"},
    "enc.stage.hidden": {
        "en": "FFN hidden: ReLU(· W₁ + b₁), {d_ff} wide",
        "ko": "FFN 은닉층: ReLU(· W₁ + b₁), 너비 {d_ff}",
    },
    "enc.stage.ffn": {"en": "FFN output: · W₂ + b₂", "ko": "FFN 출력: · W₂ + b₂"},
    "enc.stage.out.post": {"en": "add & norm: block output", "ko": "Add & Norm: 블록 출력"},
    "enc.stage.out.pre": {"en": "add: block output", "ko": "Add: 블록 출력"},
    "enc.short.x": {"en": "input", "ko": "입력"},
    "enc.short.attn": {"en": "attn", "ko": "어텐션"},
    "enc.short.mid.post": {"en": "add&norm", "ko": "add&norm"},
    "enc.short.mid.pre": {"en": "add", "ko": "add"},
    "enc.short.hidden": {"en": "ReLU", "ko": "ReLU"},
    "enc.short.ffn": {"en": "FFN", "ko": "FFN"},
    "enc.short.out.post": {"en": "add&norm", "ko": "add&norm"},
    "enc.short.out.pre": {"en": "add", "ko": "add"},
    "enc.path.part.stages": {"en": "The six stages of the chosen block", "ko": "고른 블록의 여섯 단계"},
    "enc.path.part.norms": {"en": "Each token's length through the stack", "ko": "스택을 지나는 토큰별 길이"},
    "enc.path.chart": {
        "en": "Block {layer} of {layers}: the activations at each stage (rows: tokens, columns: dimensions)",
        "ko": "블록 {layer} / {layers}: 단계별 활성값 (행: 토큰, 열: 차원)",
    },
    "enc.token": {"en": "token", "ko": "토큰"},
    "enc.dim": {"en": "dimension", "ko": "차원"},
    "enc.value": {"en": "value", "ko": "값"},
    "enc.act.hover": {
        "en": "token %{y}<br>dimension %{x}<br>value %{z:.3f}",
        "ko": "토큰 %{y}<br>차원 %{x}<br>값 %{z:.3f}",
    },
    "enc.strided": {
        "en": "A panel shows at most {limit} columns: here one dimension in {step} of d_model = {width} is drawn, and one in {step_ff} of the hidden layer's {d_ff}. Hover gives each column's real dimension.",
        "ko": "패널 하나에는 열을 최대 {limit}개까지 그립니다. 그래서 d_model = {width}차원은 {step}개마다 하나씩, 은닉층 {d_ff}차원은 {step_ff}개마다 하나씩 그렸습니다. 마우스를 올리면 각 열의 실제 차원 번호가 보입니다.",
    },
    "enc.strided.hidden": {
        "en": "A panel shows at most {limit} columns: the FFN's hidden layer is {d_ff} wide, so one dimension in {step_ff} is drawn (hover gives the real dimension). The other panels show every dimension.",
        "ko": "패널 하나에는 열을 최대 {limit}개까지 그립니다. FFN 은닉층은 {d_ff}차원이라 {step_ff}개마다 하나씩 그렸습니다(마우스를 올리면 실제 차원 번호가 보입니다). 나머지 패널은 모든 차원을 보여 줍니다.",
    },
    "enc.path.explain.post": {
        "en": "**What to notice.** The attention output is a fresh mixture of the tokens, unlike its input. Add & norm puts the input back and LayerNorm rescales every token to mean 0 and variance 1, so its length becomes √d_model = {root:.2f}. In the FFN's hidden layer ReLU switched off {zeros:.0%} of the units (the white cells); the second linear layer maps the rest back to d_model, token by token, with the same weights for every position.",
        "ko": "**눈여겨볼 점.** 어텐션 출력은 입력과 닮지 않은, 토큰들을 새로 섞은 값입니다. Add & Norm이 입력을 다시 더하고 LayerNorm이 토큰마다 평균 0, 분산 1로 맞추므로 토큰 벡터의 길이는 √d_model(= {root:.2f})이 됩니다. FFN 은닉층에서는 ReLU가 유닛의 {zeros:.0%}를 껐습니다(흰 칸). 두 번째 선형층이 남은 값을 다시 d_model 차원으로 돌려놓는데, 모든 위치에 같은 가중치를 토큰마다 따로 적용합니다.",
    },
    "enc.path.explain.pre": {
        "en": "**What to notice.** In pre-norm the sublayers read a LayerNorm'd copy of x, and the sum x + sublayer is left as it is: the block's output is not rescaled, so its length can grow from block to block (section 3). In the FFN's hidden layer ReLU switched off {zeros:.0%} of the units (the white cells).",
        "ko": "**눈여겨볼 점.** Pre-norm에서는 서브층이 LayerNorm을 거친 x의 사본을 읽고, 합 x + 서브층은 그대로 둡니다. 블록 출력의 크기를 다시 맞추지 않으므로 블록을 지날수록 길이가 커질 수 있습니다(3절). FFN 은닉층에서는 ReLU가 유닛의 {zeros:.0%}를 껐습니다(흰 칸).",
    },
    "enc.norms.chart": {
        "en": "Each token's length ‖x‖ at every stage of the stack (block {layer} shaded)",
        "ko": "스택의 모든 단계에서 토큰별 길이 ‖x‖ (블록 {layer} 음영)",
    },
    "enc.norms.explain.pre": {
        "en": "One thin line per token, the thick line is their mean. The shaded band is the block picked above, whose stages “{stages}” draws as heatmaps. With pre-norm nothing resets the stream: each add makes the tokens a little longer, block after block (the final LayerNorm after the stack is not drawn here).",
        "ko": "가는 선 하나가 토큰 하나이고, 굵은 선은 그 평균입니다. 음영 띠는 위에서 고른 블록이고, 그 블록의 단계는 ‘{stages}’에 히트맵으로 나옵니다. Pre-norm에서는 흐름의 길이를 다시 맞추는 단계가 없어서, Add를 거칠 때마다 토큰이 블록마다 조금씩 길어집니다(스택 뒤의 마지막 LayerNorm은 여기 그리지 않았습니다).",
    },
    "enc.stage": {"en": "stage", "ko": "단계"},
    "enc.norm_axis": {"en": "length ‖x‖", "ko": "길이 ‖x‖"},
    "enc.mean": {"en": "mean over tokens", "ko": "토큰 평균"},
    "enc.norms.hover": {"en": "%{x}<br>‖x‖ = %{y:.2f}", "ko": "%{x}<br>‖x‖ = %{y:.2f}"},
    "enc.norms.explain": {
        "en": "One thin line per token, the thick line is their mean. The shaded band is the block picked above, whose stages “{stages}” draws as heatmaps. With post-norm every add & norm point sits at √d_model = {root:.2f}: LayerNorm resets each token's length, whatever the sublayer added.",
        "ko": "가는 선 하나가 토큰 하나이고, 굵은 선은 그 평균입니다. 음영 띠는 위에서 고른 블록이고, 그 블록의 단계는 ‘{stages}’에 히트맵으로 나옵니다. Post-norm에서는 Add & Norm 지점이 모두 √d_model(= {root:.2f})에 놓입니다. 서브층이 무엇을 더했든 LayerNorm이 토큰마다 길이를 다시 맞추기 때문입니다.",
    },
    # ---- 2. the residual ------------------------------------------------------------------------------
    "enc.res.title": {"en": "2. What the residual connection keeps", "ko": "2. 잔차 연결이 지켜 주는 것"},
    "enc.res.part.input": {
        "en": "Each stage against its block's input",
        "ko": "단계마다 블록의 입력과 비교",
    },
    "enc.res.part.alike": {"en": "How alike the tokens become", "ko": "토큰들이 얼마나 닮아 가나"},
    "enc.res.on": {"en": "with the residual (x + sublayer)", "ko": "잔차 연결 있음 (x + 서브층)"},
    "enc.res.off": {
        "en": "residual switched off: each add keeps only the sublayer",
        "ko": "잔차 연결 끔: 각 Add가 서브층 출력만 남김",
    },
    "enc.res.chart": {
        "en": "Cosine similarity of each stage's output to its block's input, token by token",
        "ko": "단계별 출력과 그 블록 입력의 코사인 유사도 (토큰별)",
    },
    "enc.cos": {"en": "cosine", "ko": "코사인"},
    "enc.res.hover": {
        "en": "token %{y}<br>%{x}<br>cosine %{z:.3f}",
        "ko": "토큰 %{y}<br>%{x}<br>코사인 %{z:.3f}",
    },
    "enc.res.lines": {
        "en": "Mean similarity to the block's input, with and without the residual",
        "ko": "블록 입력과의 평균 유사도: 잔차 연결 있음과 없음",
    },
    "enc.res.lines.hover": {"en": "%{x}<br>cosine %{y:.3f}", "ko": "%{x}<br>코사인 %{y:.3f}"},
    "enc.res.explain": {
        "en": "**What to notice.** Each cell asks whether a stage's vector still points the way its block's input did (1 = same direction, 0 = unrelated). Averaged over blocks and tokens, the sums (add & norm, or add) keep {on:.2f} of that direction with the residual, and {off:.2f} with it switched off. The sublayer outputs on their own (attention, FFN) give {sub:.2f}: a sublayer computes something new, and the sum x + sublayer carries the block's input past it, so each block adjusts its input instead of replacing it.",
        "ko": "**눈여겨볼 점.** 칸마다 '이 단계의 벡터가 아직 블록 입력과 같은 방향을 가리키는가'를 묻습니다(1 = 같은 방향, 0 = 무관). 블록과 토큰 전체의 평균으로 보면, 합(Add & Norm 또는 Add)이 입력의 방향을 지키는 정도는 잔차 연결이 있을 때 {on:.2f}, 끄면 {off:.2f}입니다. 서브층(어텐션, FFN)의 출력만 보면 {sub:.2f}입니다. 서브층은 새로운 것을 계산하고, 합 x + 서브층이 블록의 입력을 그 옆으로 실어 나릅니다. 그래서 블록은 입력을 갈아 치우지 않고 조금씩 고쳐 나갑니다.",
    },
    "enc.res.alike.chart": {
        "en": "How alike the tokens become: mean cosine between different tokens",
        "ko": "토큰들이 얼마나 닮아 가는가: 서로 다른 토큰 사이의 평균 코사인",
    },
    "enc.res.collapse": {
        "en": "**What else is lost.** The chart on the left compares the tokens with each other (mean cosine between different tokens). At the input: {start:.2f}. After the first block: {on_first:.2f} with the residual, {off_first:.2f} without; after the last: {on_last:.2f} and {off_last:.2f}. Near 1, every token carries almost the same vector and the blocks above can no longer tell the words apart.",
        "ko": "**잃는 것이 하나 더 있습니다.** 왼쪽 차트는 토큰들을 서로 비교합니다(서로 다른 토큰 사이의 평균 코사인). 입력: {start:.2f}. 첫 블록 뒤: 잔차 연결이 있으면 {on_first:.2f}, 없으면 {off_first:.2f}. 마지막 블록 뒤: {on_last:.2f}, {off_last:.2f}. 1에 가까우면 모든 토큰이 거의 같은 벡터를 갖게 되어 위의 블록들이 단어들을 더는 구별하지 못합니다.",
    },
    "enc.res.collapse.both": {
        "en": "In this untrained stack the tokens drift together even with the residual, only more slowly: untrained attention mostly averages them.",
        "ko": "학습 전인 이 스택에서는 잔차 연결이 있어도 토큰들이 서로 닮아 갑니다. 다만 더 천천히 닮아 갑니다. 학습 전 어텐션은 토큰들을 대체로 평균 내기 때문입니다.",
    },
    "enc.res.collapse.pre": {
        "en": "Pre-norm, on the same weights, keeps them further apart: {pre:.2f} after the last block (try the switch above).",
        "ko": "같은 가중치의 Pre-norm은 토큰들을 더 떨어뜨려 둡니다. 마지막 블록 뒤 값은 {pre:.2f}입니다(위의 선택지로 바꿔 보세요).",
    },
    "enc.res.one_token": {
        "en": "With one token there is no pair of tokens to compare.",
        "ko": "토큰이 하나뿐이라 비교할 토큰 쌍이 없습니다.",
    },
    # ---- 3. post vs pre ---------------------------------------------------------------------------------
    "enc.pp.title": {
        "en": "3. Post-norm (the paper) against pre-norm",
        "ko": "3. Post-norm(논문)과 Pre-norm 비교",
    },
    "enc.pp.intro": {
        "en": "The same weights, with LayerNorm moved: after each sum (post-norm, the paper) or in front of each sublayer (pre-norm). A pre-norm stack ends with one more LayerNorm.",
        "ko": "같은 가중치에서 LayerNorm의 위치만 옮깁니다. 합 다음에 두면 Post-norm(논문), 서브층 앞에 두면 Pre-norm입니다. Pre-norm 스택은 맨 끝에 LayerNorm을 하나 더 둡니다.",
    },
    "enc.pp.act.chart": {
        "en": "Activation norms: mean ‖x‖ of the residual stream between blocks",
        "ko": "활성값 크기: 블록 사이 잔차 흐름의 평균 ‖x‖",
    },
    "enc.pp.stream": {"en": "position in the stack", "ko": "스택 안의 위치"},
    "enc.pp.input": {"en": "input", "ko": "입력"},
    "enc.pp.after": {"en": "after block {k}", "ko": "블록 {k} 뒤"},
    "enc.pp.grad.chart": {
        "en": "Gradient norms of one training step, per block",
        "ko": "학습 한 스텝의 블록별 그래디언트 크기",
    },
    "enc.pp.block": {"en": "block", "ko": "블록"},
    "enc.pp.grad_axis": {"en": "‖∂loss/∂θ‖ over the block", "ko": "블록 전체의 ‖∂loss/∂θ‖"},
    "enc.pp.grad.hover": {"en": "%{x}<br>‖grad‖ = %{y:.3f}", "ko": "%{x}<br>‖grad‖ = %{y:.3f}"},
    "enc.pp.act.explain": {
        "en": "Post-norm ends every block with LayerNorm, so after every block the stream's length is √d_model = {root:.2f}. Pre-norm only ever adds to the stream: here its mean length goes {first:.1f} → {last:.1f} over {layers} block(s) (× {growth:.2f}), and the final LayerNorm brings it back to {final:.2f}.",
        "ko": "Post-norm은 블록마다 LayerNorm으로 끝나므로 블록을 지날 때마다 흐름의 길이가 √d_model(= {root:.2f})입니다. Pre-norm은 흐름에 더하기만 합니다. 여기서는 블록 {layers}개를 지나며 평균 길이가 {first:.1f}에서 {last:.1f}까지 커지고(× {growth:.2f}), 마지막 LayerNorm을 거치면 다시 {final:.2f}입니다.",
    },
    "enc.pp.grad.explain": {
        "en": "One step of training on a toy task (reverse 8 letters; one seeded batch of 64) from these starting weights, then the length of each block's gradient. Last block ÷ first block: post-norm {post}, pre-norm {pre} (loss {loss_post:.3f} and {loss_pre:.3f}). What is known about deep stacks at initialisation (Xiong et al., 2020): in post-norm the blocks near the output get the largest gradients, which is why post-norm needs a learning-rate warm-up; in pre-norm the plain x + … path reaches every block directly, and the gradients stay level or shrink toward the output (each later block's LayerNorm divides by a longer stream). One untrained step of a small model shows this only as a tendency, clearest with more blocks.",
        "ko": "이 초기 가중치에서 토이 과제(8글자 뒤집기, 시드로 고정한 배치 64개)로 학습을 한 스텝 하고 블록마다 그래디언트의 길이를 쟀습니다. 마지막 블록 ÷ 첫 블록: Post-norm {post}, Pre-norm {pre}(손실 {loss_post:.3f}, {loss_pre:.3f}). 깊은 스택의 초기 상태에 대해 알려진 사실(Xiong 외, 2020): Post-norm에서는 출력에 가까운 블록이 가장 큰 그래디언트를 받고, 그래서 학습률 워밍업이 필요합니다. Pre-norm에서는 곧게 이어진 x + … 길로 그래디언트가 모든 블록에 바로 닿아, 크기가 고르거나 출력 쪽으로 갈수록 작아집니다(뒤쪽 블록의 LayerNorm은 더 길어진 흐름으로 나누기 때문입니다). 학습 전 작은 모델의 한 스텝이라 경향으로만 보이며, 블록이 많을수록 잘 드러납니다.",
    },
    "enc.pp.grad.agrees": {
        "en": "Here post-norm's profile leans toward the output more than pre-norm's, as expected.",
        "ko": "여기서도 예상대로 Post-norm의 그래디언트가 Pre-norm보다 출력 쪽으로 더 쏠려 있습니다.",
    },
    "enc.pp.grad.differs": {
        "en": "Here the two profiles do not show that difference: at this size one step is too small a sample (try N = 6).",
        "ko": "여기서는 두 방식의 차이가 드러나지 않습니다. 이 크기에서는 한 스텝이 너무 작은 표본입니다(N = 6으로 해 보세요).",
    },
    "enc.pp.no_first": {
        "en": "— means almost no gradient reaches the first block at this size (with very few dimensions, LayerNorm's output barely depends on its input).",
        "ko": "—는 이 크기에서 첫 블록까지 그래디언트가 거의 닿지 않는다는 뜻입니다(차원이 아주 적으면 LayerNorm의 출력이 입력에 거의 좌우되지 않습니다).",
    },
    "enc.pp.one_layer": {
        "en": "With one block there is no first and last block to compare: set N to 2 or more.",
        "ko": "블록이 하나뿐이라 첫 블록과 마지막 블록을 비교할 수 없습니다. N을 2 이상으로 두세요.",
    },
    "enc.pp.too_big": {
        "en": "A training step at this size would build two models of {params:,} parameters each; this page stops at {limit:,}. Lower d_model or N to see the gradients (the activation norms on the left are still live).",
        "ko": "이 크기에서 학습 스텝을 하려면 매개변수 {params:,}개짜리 모델을 두 개 만들어야 합니다. 이 페이지의 한도는 {limit:,}개입니다. 그래디언트를 보려면 d_model이나 N을 줄이세요(왼쪽 활성값 크기는 계속 계산됩니다).",
    },
    # ---- 4. the decoder -------------------------------------------------------------------------------
    "enc.dec.title": {"en": "4. The decoder's difference", "ko": "4. 디코더는 무엇이 다른가"},
    "enc.dec.intro": {
        "en": "A decoder layer is built from the same parts, in this order: masked self-attention → add & norm → cross-attention → add & norm → feed-forward → add & norm (and, after the last layer, a linear layer and softmax over the vocabulary). Below, one decoder layer with this page's sizes reads the target sentence while the encoder stack above reads the source.",
        "ko": "디코더 층은 같은 부품을 이 순서로 씁니다: 마스크드 셀프 어텐션 → Add & Norm → 크로스 어텐션 → Add & Norm → 피드포워드 → Add & Norm(마지막 층 뒤에는 선형층과 어휘 전체에 대한 소프트맥스). 아래에서는 이 페이지와 같은 크기의 디코더 층 하나가 목표 문장을 읽고, 위의 인코더 스택이 원문을 읽습니다.",
    },
    "enc.dec.target": {"en": "Target sentence (the decoder's side)", "ko": "목표 문장 (디코더 쪽)"},
    "enc.dec.target.help": {
        "en": "For translation: the sentence being written. The decoder reads [BOS] and then these tokens, each predicting the next.",
        "ko": "번역이라면 지금 써 나가는 문장입니다. 디코더는 [BOS]와 그 뒤의 토큰들을 읽고, 각 자리에서 다음 토큰을 예측합니다.",
    },
    "enc.dec.self.chart": {
        "en": "Masked self-attention over the target ({heads} heads): a query sees only itself and earlier tokens",
        "ko": "목표 문장의 마스크드 셀프 어텐션 (헤드 {heads}개): 쿼리는 자기 자신과 앞 토큰만 봅니다",
    },
    "enc.dec.cross.chart": {
        "en": "Cross-attention ({heads} heads): queries from the decoder, keys and values from the encoder's output",
        "ko": "크로스 어텐션 (헤드 {heads}개): 쿼리는 디코더에서, 키와 밸류는 인코더 출력에서",
    },
    "enc.dec.query": {"en": "query (target token)", "ko": "쿼리 (목표 토큰)"},
    "enc.dec.key_target": {"en": "key (target token)", "ko": "키 (목표 토큰)"},
    "enc.dec.key_source": {"en": "key (source token)", "ko": "키 (원문 토큰)"},
    "enc.dec.self.explain": {
        "en": "**Masked self-attention.** While writing word t the decoder must not peek at words it has not written yet, so the causal mask sets every score above the diagonal to −∞ before softmax: the largest weight any query gives to a later token here is {leak:.1g}. The first row, [BOS], can only look at itself (weight {first:.2f}). During training this lets all positions be computed at once without cheating.",
        "ko": "**마스크드 셀프 어텐션.** t번째 단어를 쓰는 동안 디코더는 아직 쓰지 않은 단어를 미리 보면 안 됩니다. 그래서 인과 마스크가 소프트맥스 전에 대각선 위의 점수를 모두 −∞로 바꿉니다. 여기서 어떤 쿼리가 뒤 토큰에 준 가중치의 최댓값은 {leak:.1g}입니다. 첫 행인 [BOS]는 자기 자신만 볼 수 있습니다(가중치 {first:.2f}). 덕분에 학습할 때 모든 위치를 한꺼번에 계산해도 답을 훔쳐보지 않습니다.",
    },
    "enc.dec.cross.explain": {
        "en": "**Cross-attention.** The queries come from the decoder (one row per target token), the keys and values from the encoder's final output (one column per source token), so the map is {t} × {s}, not square, and no mask is needed: the whole source is known. Each row sums to 1.",
        "ko": "**크로스 어텐션.** 쿼리는 디코더에서(목표 토큰마다 한 행), 키와 밸류는 인코더의 최종 출력에서(원문 토큰마다 한 열) 옵니다. 그래서 맵은 정사각형이 아닌 {t} × {s}이고, 원문 전체를 이미 알고 있으므로 마스크가 필요 없습니다. 행마다 합은 1입니다.",
    },
    "enc.dec.untrained": {
        "en": "The decoder's weights are untrained (seeded), like the encoder's: the maps show the wiring (which query may see which key), not a learned alignment between the languages.",
        "ko": "디코더 가중치도 인코더처럼 학습 전(시드로 고정)입니다. 맵은 어떤 쿼리가 어떤 키를 볼 수 있는지라는 연결 구조를 보여 줄 뿐, 두 언어 사이에 학습된 대응을 보여 주지는 않습니다.",
    },
    "enc.dec.empty": {
        "en": "The target sentence is empty: the decoder reads [BOS] alone.",
        "ko": "목표 문장이 비어 있어서 디코더는 [BOS] 하나만 읽습니다.",
    },
    # The notes' example sentences (the encoder's input) and their Korean translations (the decoder's
    # target): TRANSLATIONS below maps each "en" to its "ko".
    "enc.target.i_am_good": {"en": "I am good", "ko": "나는 잘 지내"},
    "enc.target.dog": {
        "en": "A dog ate the food because it was hungry",
        "ko": "개는 배가 고파서 음식을 먹었다",
    },
    "enc.target.cat": {"en": "The cat chased the mouse", "ko": "고양이가 쥐를 쫓았다"},
}

#: The notes' example sentences, in order, by their keys above: "en" is the sentence, "ko" its Korean
#: translation (what the decoder reads on the Encoder block page).
TRANSLATION_KEYS: tuple[str, ...] = ("enc.target.i_am_good", "enc.target.dog", "enc.target.cat")
#: Each example sentence with its Korean translation for the decoder's side.
TRANSLATIONS: dict[str, str] = {STRINGS[key]["en"]: STRINGS[key]["ko"] for key in TRANSLATION_KEYS}
