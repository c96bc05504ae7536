"""Strings of the Attention heads page (pages/attention.py, viz/views/attention.py): its maps, masks and word
order, no position signal in a causal model, grouped-query attention and the KV cache, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "att.title": {
        "en": "Attention heads: a small live Transformer",
        "ko": "어텐션 헤드: 지금 돌아가는 작은 트랜스포머",
    },
    "att.intro": {
        "en": "A real PyTorch encoder runs on this page: its size comes from the sidebar (d_model and heads) and the controls below. Each head compares every query with every key and spreads its attention over the tokens; the maps show those weights. An untrained model has random weights, so its maps show the mechanics, not meaning. Pick a toy task and press Train to watch heads learn a job.",
        "ko": "이 페이지에서는 실제 PyTorch 인코더가 돌아갑니다. 크기는 사이드바(d_model, heads)와 아래 설정에서 정해집니다. 헤드마다 모든 쿼리를 모든 키와 비교해 토큰들에 어텐션을 나눠 주고, 맵은 그 가중치를 보여 줍니다. 학습 전 모델은 가중치가 무작위라서 의미가 아니라 계산 과정만 보여 줍니다. 토이 과제를 고르고 '학습'을 누르면 헤드가 일을 배우는 모습을 볼 수 있습니다.",
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
    "att.maps.chart": {
        "en": "Layer {layer}: {heads} heads, each on d_k = {d_k} dimensions",
        "ko": "{layer}층: 헤드 {heads}개, 각각 d_k = {d_k}차원",
    },
    "att.maps.explain": {
        "en": "**How to read it.** Each small square is one head. Row = the token asking (query), column = the token it looks at (key); a dark cell means that query takes much of its output from that key. Every row adds up to 1. The heads share the same input but have their own W_Q, W_K and W_V, so each one spreads its attention differently. Fewer heads means wider heads (bigger d_k); more heads means more, narrower views.",
        "ko": "**읽는 법.** 작은 정사각형 하나가 헤드 하나입니다. 행은 묻는 토큰(쿼리), 열은 바라보는 토큰(키)이고, 진한 칸일수록 그 쿼리가 출력을 그 키에서 많이 가져옵니다. 각 행의 합은 1입니다. 헤드들은 같은 입력을 받지만 W_Q, W_K, W_V를 각자 가지므로 어텐션을 나누는 방식이 서로 다릅니다. 헤드가 적으면 헤드 하나가 넓어지고(d_k가 큼), 많으면 좁은 시야가 여러 개 생깁니다.",
    },
    "att.avg.chart": {
        "en": "Layer {layer}: the average of the {heads} heads",
        "ko": "{layer}층: 헤드 {heads}개의 평균",
    },
    "att.avg.explain": {
        "en": "**The average over heads** is a common summary, but it hides what the heads do separately: two heads looking in opposite directions average to a blur. The model itself never averages; it concatenates the heads and mixes them with W_O (step 3 below).",
        "ko": "**헤드 평균**은 흔히 쓰는 요약이지만, 헤드가 따로 하는 일을 가립니다. 서로 반대쪽을 보는 두 헤드를 평균하면 흐릿해집니다. 모델 자체는 평균을 내지 않고, 헤드들을 이어 붙인 다음 W_O로 섞습니다(아래 3단계).",
    },
    "att.sentence_only": {
        "en": "Masks, the step-by-step view and the word-order test work on sentences: switch the input to “A sentence” to see them.",
        "ko": "마스크, 단계별 계산, 어순 실험은 문장으로 합니다. 보려면 입력을 '문장'으로 바꾸세요.",
    },
    # ---- masks -------------------------------------------------------------------------------------------
    "att.mask.title": {"en": "2. Masks: padding and causal", "ko": "2. 마스크: 패딩 마스크와 인과 마스크"},
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
    "att.mask.none": {"en": "none", "ko": "마스크 없음"},
    "att.mask.padding": {"en": "padding", "ko": "패딩 마스크"},
    "att.mask.causal": {"en": "causal", "ko": "인과 마스크"},
    "att.mask.both": {"en": "padding + causal", "ko": "패딩 + 인과 마스크"},
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
    "att.mask.pad_queries": {"en": "padding, [PAD] queries too", "ko": "패딩 마스크 ([PAD] 쿼리까지)"},
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
        "ko": "**마스크 없음.** 모든 쿼리가 [PAD]를 포함한 모든 키를 봅니다. 패딩된 문장의 단어들이 의미 없는 패딩 토큰에 어텐션을 일부 쓰게 되고, 결과가 배치에 패딩이 얼마나 들어갔는지에 따라 달라집니다.",
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
        "ko": "문장 {i}(패딩됨), {layer}층, {mode}",
    },
    "att.mask.maps_equal": {
        "en": "Sentence {i} (as long as the other: no [PAD] needed), layer {layer}, mask: {mode}",
        "ko": "문장 {i}(다른 문장과 길이가 같아 [PAD]가 필요 없음), {layer}층, {mode}",
    },
    "att.mask.maps.explain": {
        "en": "**Check it.** Switch between the masks and watch the {pad} columns: without a padding mask they take weight, with it they are exactly 0. With the causal mask everything above the diagonal is 0, and the first token can only attend to itself.",
        "ko": "**확인해 보세요.** 마스크를 바꿔 가며 {pad} 열을 보세요. 패딩 마스크가 없으면 가중치를 받고, 있으면 정확히 0입니다. 인과 마스크에서는 대각선 위가 모두 0이고, 첫 토큰은 자기 자신만 볼 수 있습니다.",
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
    "att.order.rounding_axis": {
        "en": "Every bar here is float rounding, so the axis is fixed from 10⁻¹² to 1 rather than zoomed onto them: equal bars look equal.",
        "ko": "여기 막대는 모두 부동소수점 반올림이라, 축을 막대에 맞춰 확대하지 않고 10⁻¹²부터 1까지로 고정했습니다. 같은 막대는 같게 보입니다.",
    },
    "att.order.explain": {
        "en": "**Why.** Attention compares tokens with each other and never asks where they are, so on its own it treats a sentence as a bag of words: “The cat chased the mouse” and “The mouse chased the cat” would give the same vectors, merely in another order. Adding a position signal is what lets the model tell them apart. The log scale shows both sizes at once.",
        "ko": "**이유.** 어텐션은 토큰끼리 비교할 뿐 각 토큰이 어디 있는지는 묻지 않습니다. 그래서 그것만으로는 문장을 단어 주머니처럼 다룹니다. “The cat chased the mouse”와 “The mouse chased the cat”이 순서만 다른 같은 벡터들이 됩니다. 위치 신호를 더해야 모델이 둘을 구별합니다. 로그 눈금이라 두 크기를 한 번에 볼 수 있습니다.",
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
    "att.kv": {"en": "Key/value heads", "ko": "키/밸류 헤드 수"},
    "att.kv.option": {"en": "{kv} ({group} query heads each)", "ko": "{kv}개 (쿼리 헤드 {group}개씩)"},
    "att.kv.help": {
        "en": "As many as the query heads is the paper's multi-head attention; fewer is grouped-query "
        "attention (GQA), where several query heads share one key and one value head; 1 is multi-query "
        "attention. The query heads stay as they are.",
        "ko": "쿼리 헤드 수와 같으면 논문의 멀티헤드 어텐션입니다. 더 적으면 여러 쿼리 헤드가 키 헤드와 밸류 헤드 하나를 "
        "함께 쓰는 그룹 쿼리 어텐션(GQA)이고, 1이면 멀티쿼리 어텐션입니다. 쿼리 헤드는 그대로입니다.",
    },
    "att.gqa.note": {
        "en": "Grouped-query attention: {heads} query heads share {kv} key/value head(s), {group} each. "
        "Heads with the same KV number in their titles read the same keys, so their maps differ only "
        "through their queries.",
        "ko": "그룹 쿼리 어텐션: 쿼리 헤드 {heads}개가 키/밸류 헤드 {kv}개를 {group}개씩 함께 씁니다. 제목의 KV 번호가 "
        "같은 헤드는 같은 키를 읽으므로, 맵은 쿼리를 통해서만 달라집니다.",
    },
    "att.kv.heading": {"en": "The key/value cache", "ko": "키/밸류 캐시"},
    "att.kv.col.model": {"en": "model", "ko": "모델"},
    "att.kv.col.shape": {"en": "layers · heads · KV heads · d_head", "ko": "층 · 헤드 · KV 헤드 · d_head"},
    "att.kv.col.per_token": {"en": "per token", "ko": "토큰당"},
    "att.kv.col.total": {"en": "{n} tokens", "ko": "{n} 토큰"},
    "att.kv.tokens": {"en": "Tokens in the cache", "ko": "캐시 속 토큰 수"},
    "att.kv.shape": {"en": "{layers} · {heads} · {kv} · {d}", "ko": "{layers} · {heads} · {kv} · {d}"},
    "att.kv.model.live": {
        "en": "this page's model, as a decoder (float32)",
        "ko": "이 페이지의 모델, 디코더라면 (float32)",
    },
    "att.kv.model.gpt2": {"en": "GPT-2 small (16-bit)", "ko": "GPT-2 small (16비트)"},
    "att.kv.model.llama2_7b": {"en": "Llama 2 7B (16-bit)", "ko": "Llama 2 7B (16비트)"},
    "att.kv.model.llama3_8b": {"en": "Llama 3 8B (16-bit)", "ko": "Llama 3 8B (16비트)"},
    "att.kv.model.mistral_7b": {"en": "Mistral 7B (16-bit)", "ko": "Mistral 7B (16비트)"},
    "att.kv.model.smollm2": {"en": "SmolLM2-135M (16-bit)", "ko": "SmolLM2-135M (16비트)"},
    "att.kv.model.falcon_7b": {"en": "Falcon 7B (16-bit)", "ko": "Falcon 7B (16비트)"},
    "att.kv.explain": {
        "en": "**What to notice.** A decoder keeps every past token's keys and values, in every layer, so "
        "that a new token need not recompute them: 2 × layers × KV heads × d_head numbers per token. "
        "Llama 2 7B gives each of its 32 query heads its own keys and values (512 KiB a token); Llama 3 8B "
        "shares 8 among them (128 KiB), a quarter of the memory for the same query heads, and Falcon 7B "
        "shares one (multi-query). Change the key/value heads above to see this model's share.",
        "ko": "**눈여겨볼 점.** 디코더는 새 토큰이 다시 계산하지 않도록 지난 토큰의 키와 밸류를 모든 층에 간직합니다. "
        "토큰마다 2 × 층 수 × KV 헤드 × d_head개의 숫자입니다. Llama 2 7B는 쿼리 헤드 32개가 저마다 키와 밸류를 "
        "가집니다(토큰당 512 KiB). Llama 3 8B는 8개를 함께 써서(128 KiB) 같은 쿼리 헤드로 메모리가 4분의 1이고, "
        "Falcon 7B는 하나를 함께 씁니다(멀티쿼리). 위에서 키/밸류 헤드 수를 바꾸어 이 모델의 몫을 보세요.",
    },
}
