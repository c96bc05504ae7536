"""Strings of the lecture notes' slips (what a note says, and what is right), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # ---- where the lecture notes differ (viz.ui.notes_differ) ------------------------------------------------
    "notes.lead": {"en": "Where the notes differ", "ko": "강의 노트와 다른 점"},
    "notes.says": {"en": "The note says", "ko": "노트의 내용"},
    "notes.right": {"en": "Correct", "ko": "바른 내용"},
    "notes.why": {"en": "What is right, and why", "ko": "바른 내용과 이유"},
    "notes.pe_base.where": {
        "en": "note 004, §1.2.3 (the formula); also a comment in note 002's code",
        "ko": "노트 004, §1.2.3(공식), 노트 002 코드의 주석",
    },
    "notes.pe_base.says": {
        "en": "the base is printed as 1000, in P(pos, 2i) = sin(pos / 1000^(2i/d_model)).",
        "ko": "P(pos, 2i) = sin(pos / 1000^(2i/d_model))처럼 base를 1000으로 적었습니다.",
    },
    "notes.pe_base.right": {
        "en": "the paper uses 10000, and so does the note itself a few lines on: its matrix P writes "
        "10000^(2/4), and its figure's 0.01 at position 1, column 2 is sin(1/100), which needs base 10000 "
        "(base 1000 would give 0.032). Note 002's code also uses 10000 and divides by it; only its comment says 1000, and writes the "
        "term as 1000^(2i/d_model) where the code uses its reciprocal. The "
        "sidebar's base starts at 10000.",
        "ko": "논문은 10000을 씁니다. 노트도 몇 줄 뒤의 행렬 P에서는 10000^(2/4)로 적고, 그림의 위치 1, 열 2 "
        "값 0.01은 sin(1/100)이어서 base가 10000이어야 나옵니다(1000이면 0.032). 노트 002의 코드도 "
        "10000으로 나누며, 주석만 1000이라고 적고 항도 그 역수가 아닌 1000^(2i/d_model)로 적었습니다. 사이드바의 base도 10000에서 시작합니다.",
    },
    "notes.pe_index.where": {
        "en": "note 001, “Positional Encoding”; note 004, §1.2.3",
        "ko": "노트 001, ‘Positional Encoding’; 노트 004, §1.2.3",
    },
    "notes.pe_index.says": {
        "en": "001 lets i run from 0 to m for an encoding of width m; 004 calls i the embedding at that "
        "position.",
        "ko": "001은 폭이 m인 인코딩에서 i가 0부터 m까지 간다고 하고, 004는 i를 그 위치의 임베딩이라고 "
        "부릅니다.",
    },
    "notes.pe_index.right": {
        "en": "i numbers the (sin, cos) pairs of columns. It runs from 0 to d_model/2 − 1, and pair i fills "
        "columns 2i and 2i + 1, which together cover columns 0 … d_model − 1. In 004's own example "
        "(d_model = 4) i is 0 or 1: that is why its exponents are 0 and 2/4.",
        "ko": "i는 (sin, cos) 열 쌍의 번호입니다. 0부터 d_model/2 − 1까지 가고, i번째 쌍이 2i열과 2i + 1열을 "
        "채워 둘이 합쳐 0 … d_model − 1열을 덮습니다. 004의 예(d_model = 4)에서도 i는 0 또는 1이라서 "
        "지수가 0과 2/4입니다.",
    },
    "notes.pe_sincos.where": {
        "en": "note 000, “Sinusoidal positional encoding” (under the heatmap, and the comments in its code)",
        "ko": "노트 000, ‘Sinusoidal positional encoding’(히트맵 아래 설명과 코드 주석)",
    },
    "notes.pe_sincos.says": {
        "en": "sin goes in the odd columns and cos in the even ones; its code marks pe[:, 0::2] as odd.",
        "ko": "sin은 홀수 열, cos은 짝수 열이라고 하고, 코드에서도 pe[:, 0::2]를 홀수라고 표시합니다.",
    },
    "notes.pe_sincos.right": {
        "en": "counting columns from 0, as the formula (2i, 2i + 1) and that same code do, sin sits in the "
        "even columns (0, 2, 4, …) and cos in the odd ones (1, 3, 5, …). The note is right only when counting "
        "from 1 (sin in the 1st, 3rd, … column). {table}",
        "ko": "공식(2i, 2i + 1)과 그 코드처럼 열을 0부터 세면 sin은 짝수 열(0, 2, 4, …)에, cos은 홀수 열(1, "
        "3, 5, …)에 있습니다. 1부터 셀 때만(1번째, 3번째, … 열이 sin) 노트의 말이 맞습니다. {table}",
    },
    "notes.pe_sincos.table.interleaved": {
        "en": "In the interleaved table here, column 0 is a sine (0 at position 0) and column 1 a cosine (1 at "
        "position 0).",
        "ko": "여기 교차 배치 표에서도 0열은 사인(위치 0에서 0), 1열은 코사인(위치 0에서 1)입니다.",
    },
    "notes.pe_sincos.table.split": {
        "en": "The split table here is reordered: its first half of columns holds the sines (0 at position 0) "
        "and its second half the cosines (1 at position 0), so it has no odd or even columns to speak of.",
        "ko": "여기 분할 배치 표는 순서를 바꾼 것이라, 앞쪽 절반 열이 사인(위치 0에서 0), 뒤쪽 절반 열이 "
        "코사인(위치 0에서 1)이고 홀수·짝수 열을 따질 수 없습니다.",
    },
    "notes.pe_freq.where": {"en": "note 003, §2.3", "ko": "노트 003, §2.3"},
    "notes.pe_freq.says": {
        "en": "the frequency N in sin(Nx) is 1/10000.",
        "ko": "sin(Nx)의 진동수 N이 1/10000이라고 합니다.",
    },
    "notes.pe_freq.right": {
        "en": "each pair i has a frequency of its own, 1/10000^(2i/d_model): 1 for the first pair (a full "
        "wave every 2π ≈ 6.3 positions), falling geometrically to just above 1/10000 for the last (a "
        "wavelength just under 2π · 10000 ≈ 62,832). 1/10000 is only the limit the slowest pairs approach; "
        "the spread of wavelengths is what this tab plots.",
        "ko": "쌍 i마다 진동수가 따로 있습니다: 1/10000^(2i/d_model). 첫 쌍은 1(2π ≈ 6.3 위치마다 한 "
        "주기)이고, 기하급수적으로 줄어 마지막 쌍은 1/10000보다 조금 큽니다(파장은 2π · 10000 ≈ "
        "62,832보다 조금 짧음). 1/10000은 가장 느린 쌍이 다가가는 한계일 뿐이며, 이 탭이 그리는 것이 "
        "바로 그 파장들의 분포입니다.",
    },
    "notes.shift.where": {"en": "note 003, §2.3", "ko": "노트 003, §2.3"},
    "notes.shift.says": {
        "en": "moving by Δx is written PE(x + Δx) = PE(x) + T(Δx), a term added to the vector.",
        "ko": "Δx만큼의 이동을 PE(x + Δx) = PE(x) + T(Δx), 즉 벡터에 더하는 항으로 적었습니다.",
    },
    "notes.shift.right": {
        "en": "it is a matrix that multiplies: PE(x + Δx) = T(Δx) · PE(x), where T(Δx) rotates each "
        "(sin, cos) pair by the angle ω_i · Δx. No fixed term could be added instead, because the "
        "difference PE(x + Δx) − PE(x) changes with x. The matrix below is T(k), and the error beside it "
        "measures T(k) · PE(pos) against PE(pos + k).",
        "ko": "더하는 것이 아니라 행렬을 곱합니다: PE(x + Δx) = T(Δx) · PE(x). T(Δx)는 (sin, cos) 쌍마다 "
        "각도 ω_i · Δx만큼 회전시킵니다. 차이 PE(x + Δx) − PE(x)가 x에 따라 달라지므로, 고정된 항을 "
        "더해서는 이렇게 될 수 없습니다. 아래 행렬이 T(k)이고, 옆의 오차는 T(k) · PE(pos)와 "
        "PE(pos + k)의 차이입니다.",
    },
    "notes.cross.where": {
        "en": "note 001, “Transformer” (the decoder, step 4)",
        "ko": "노트 001, ‘Transformer’(디코더 4단계)",
    },
    "notes.cross.says": {
        "en": "cross-attention takes its queries from the encoder's output and its keys and values from the "
        "decoder's masked self-attention.",
        "ko": "크로스 어텐션의 쿼리는 인코더 출력에서, 키와 밸류는 디코더의 마스크드 셀프 어텐션 출력에서 "
        "가져온다고 합니다.",
    },
    "notes.cross.right": {
        "en": "it is the other way round: the queries come from the decoder (one row per target token), the "
        "keys and values from the encoder's final output (one column per source token). That is why the "
        "cross-attention map here is target × source, and why every target word can look at the whole "
        "source sentence.",
        "ko": "반대입니다. 쿼리는 디코더에서(목표 토큰마다 한 행), 키와 밸류는 인코더의 최종 출력에서(원문 "
        "토큰마다 한 열) 옵니다. 그래서 여기 크로스 어텐션 맵은 목표 × 원문 모양이고, 목표 단어마다 원문 "
        "문장 전체를 볼 수 있습니다.",
    },
    "notes.llm.where": {
        "en": "note 001, “Transformer” (the paragraph on LLMs)",
        "ko": "노트 001, ‘Transformer’(LLM에 관한 문단)",
    },
    "notes.llm.says": {
        "en": "in an LLM the question usually goes into the encoder and the start of the answer into the "
        "decoder.",
        "ko": "LLM에서는 보통 질문이 인코더로, 답의 앞부분이 디코더로 들어간다고 합니다.",
    },
    "notes.llm.right": {
        "en": "most LLMs (the GPT family, Llama) are decoder-only: the prompt and the answer so far form one "
        "sequence that goes through one stack of masked self-attention, with no encoder and no "
        "cross-attention. The split into encoder input and decoder input fits encoder–decoder models such "
        "as the original Transformer for translation, or T5.",
        "ko": "대부분의 LLM(GPT 계열, Llama)은 디코더만 씁니다. 프롬프트와 지금까지의 답이 한 시퀀스가 되어 "
        "마스크드 셀프 어텐션 층들을 지나며, 인코더도 크로스 어텐션도 없습니다. 인코더 입력과 디코더 "
        "입력으로 나누는 설명은 번역용 원래 트랜스포머나 T5 같은 인코더–디코더 모델에 맞습니다.",
    },
    "notes.scale_dim.where": {
        "en": "note 001, “Self-Attention Mechanism”",
        "ko": "노트 001, ‘Self-Attention Mechanism’",
    },
    "notes.scale_dim.says": {
        "en": "Q·Kᵀ is divided by the square root of the first dimension.",
        "ko": "Q·Kᵀ를 첫 번째 차원의 제곱근으로 나눈다고 합니다.",
    },
    "notes.scale_dim.right": {
        "en": "the note does not say which matrix's first dimension, so it is ambiguous rather than wrong. The "
        "divisor is √d_k, the length of each query and key vector: the last axis of Q and K (the first of "
        "Kᵀ), 64 in the paper, so ÷ 8. It is not the number of tokens (the first axis of Q), which does not "
        "change how widely one q · k spreads.",
        "ko": "노트는 어느 행렬의 첫 번째 차원인지 밝히지 않아서, 틀렸다기보다 모호합니다. 나누는 수는 √d_k, "
        "즉 쿼리와 키 벡터 하나의 길이입니다. Q와 K의 마지막 축(Kᵀ의 첫 번째 축)이고, 논문에서는 64라서 "
        "÷ 8입니다. Q의 첫 번째 축인 토큰 수가 아니며, 토큰 수는 q · k 하나가 퍼지는 정도를 바꾸지 "
        "않습니다.",
    },
    "notes.normal_shape.where": {"en": "note 003, §1.3", "ko": "노트 003, §1.3"},
    "notes.normal_shape.says": {
        "en": "the sum of the d_k products q_i k_i follows N(0, d_k).",
        "ko": "d_k개의 곱 q_i k_i를 더한 값이 N(0, d_k)를 따른다고 합니다.",
    },
    "notes.normal_shape.right": {
        "en": "its mean 0 and variance d_k are exact, but its shape is normal only approximately, as a sum of "
        "many terms (the central limit theorem). One product of two N(0, 1) numbers is far from normal: "
        "sharply peaked, with heavy tails (kurtosis 9, against 3 for a normal). Set d_k to 1 and compare "
        "the histogram with the curve.",
        "ko": "평균 0과 분산 d_k는 정확하지만, 모양은 많은 항의 합이라서(중심극한정리) 근사적으로만 "
        "정규분포입니다. N(0, 1) 두 수의 곱 하나는 정규분포와 거리가 멉니다. 가운데가 뾰족하고 꼬리가 "
        "두껍습니다(첨도 9, 정규분포는 3). d_k를 1로 놓고 히스토그램과 곡선을 비교해 보세요.",
    },
    "notes.saturation.where": {"en": "note 003, §1.3", "ko": "노트 003, §1.3"},
    "notes.saturation.says": {
        "en": "softmax's gradient goes to 0 when the values put into it are very small or very large.",
        "ko": "소프트맥스에 들어가는 값이 아주 작거나 아주 크면 그래디언트가 0으로 간다고 합니다.",
    },
    "notes.saturation.right": {
        "en": "adding the same number to every score leaves softmax unchanged, so the size of the scores "
        "alone does nothing: it is the gaps between them that matter. When one score leads the others by "
        "a wide margin, its weight nears 1 and the Jacobian diag(p) − p pᵀ nears 0. Scores that are all "
        "huge but equal give equal weights and a gradient far from 0. Large q · k matters because it "
        "comes with wide gaps, which the scale shrinks.",
        "ko": "모든 점수에 같은 수를 더해도 소프트맥스는 그대로이므로, 점수의 크기 자체는 아무 일도 하지 "
        "않고 점수 사이의 차이가 중요합니다. 한 점수가 다른 점수들보다 크게 앞서면 그 가중치가 1에 "
        "가까워지고 야코비안 diag(p) − p pᵀ가 0에 가까워집니다. 점수가 모두 매우 크더라도 같으면 "
        "가중치는 고르고 그래디언트는 0과 거리가 멉니다. 큰 q · k가 문제인 것은 차이도 함께 커지기 "
        "때문이며, 스케일링이 그 차이를 줄입니다.",
    },
    "notes.ex_weights.where": {
        "en": "note 004, §1.2.1, steps 3 and 4 (figure 1-15)",
        "ko": "노트 004, §1.2.1, 3단계와 4단계(그림 1-15)",
    },
    "notes.ex_weights.says": {
        "en": "row “I” of the weights is 0.90, 0.07, 0.03 and row “good” is 0.21, 0.03, 0.76; the text "
        "under the figure reads row “I” as 90%, 10% and 3% (103% in all), and z_1 (z_0 here, where positions count from 0) "
        "is written with 0.9, 0.07 and 0.03.",
        "ko": "가중치의 “I” 행은 0.90, 0.07, 0.03이고 “good” 행은 0.21, 0.03, 0.76입니다. 그림 아래 글은 "
        "“I” 행을 90%, 10%, 3%(합 103%)로 읽고, z_1(위치를 0부터 세는 여기서는 z_0)은 0.9, 0.07, 0.03으로 적었습니다.",
    },
    "notes.ex_weights.right": {
        "en": "softmax of the note's own scores ÷ 8 gives row “I” = {row_i} and row “good” = {row_good}, "
        "each adding up to 1, so “I” gives “am” {i_am}, not 10%. The printed entries that do not round "
        "from these: {fixes}. Every number on this page is computed from the scores, so it shows these.",
        "ko": "노트의 점수 ÷ 8에 소프트맥스를 적용하면 “I” 행 = {row_i}, “good” 행 = {row_good}이고 각 "
        "행의 합은 1입니다. 따라서 “I”가 “am”에 주는 가중치는 10%가 아니라 {i_am}입니다. 이 값들을 "
        "반올림한 것과 다른 인쇄 값: {fixes}. 이 페이지의 숫자는 모두 점수에서 직접 계산하므로 이 값들이 "
        "나옵니다.",
    },
    "notes.ex_k3.where": {
        "en": "note 004, §1.2.1 (figures 1-7 and 1-9)",
        "ko": "노트 004, §1.2.1(그림 1-7과 1-9)",
    },
    "notes.ex_k3.says": {
        "en": "the last printed entry of k_3 (“good”) is 5.31 in figure 1-7 and 5.11 in figure 1-9.",
        "ko": "k_3(“good”)의 마지막 인쇄 값이 그림 1-7에서는 5.31, 그림 1-9에서는 5.11입니다.",
    },
    "notes.ex_k3.right": {
        "en": "one of the two is a misprint. It changes nothing below, because the note gives Q·Kᵀ itself; "
        "the table above follows figure 1-7.",
        "ko": "둘 중 하나는 오타입니다. 노트가 Q·Kᵀ 값을 직접 주므로 아래 단계에는 영향이 없습니다. 위 표는 "
        "그림 1-7을 따릅니다.",
    },
    "notes.xp.where": {
        "en": "note 004, §1.2.3 (figure 1-26, X + P)",
        "ko": "노트 004, §1.2.3(그림 1-26, X + P)",
    },
    "notes.xp.says": {
        "en": "X + P has 1.796 in row “I”, column 0 and 8.14 in row “am”, column 0.",
        "ko": "X + P의 “I” 행 0열이 1.796, “am” 행 0열이 8.14입니다.",
    },
    "notes.xp.right": {
        "en": "1.769 + 0 = 1.769 (two digits swapped) and 7.77 + 0.841 = 8.611. The other entries add up, "
        "except that P's cosines printed as 0.99 are 1.00 to two places (cos 0.01 = 0.99995), which makes "
        "the last column 8.10 and 11.10.",
        "ko": "1.769 + 0 = 1.769(두 자리가 뒤바뀜)이고 7.77 + 0.841 = 8.611입니다. 나머지 값은 맞지만, "
        "0.99로 인쇄된 P의 코사인은 소수 둘째 자리까지 1.00이라(cos 0.01 = 0.99995) 마지막 열은 8.10과 "
        "11.10입니다.",
    },
    "notes.mha_concat.where": {
        "en": "note 004, §1.2.2 (multi-head attention)",
        "ko": "노트 004, §1.2.2(멀티헤드 어텐션)",
    },
    "notes.mha_concat.says": {
        "en": "the heads' results are added together.",
        "ko": "여러 헤드의 결과를 더한다고 합니다.",
    },
    "notes.mha_concat.right": {
        "en": "the heads' outputs Z_1 … Z_h are placed side by side (concatenated) into one matrix as wide "
        "as d_model, and that matrix is multiplied by W^O. Splitting W^O into one block of rows per head, "
        "this equals the sum of Z_h · W^O_h over the heads: what is added is each head's output after its "
        "own projection, not the heads' raw outputs.",
        "ko": "헤드들의 출력 Z_1 … Z_h를 옆으로 이어 붙여(concat) 폭이 d_model인 행렬 하나를 만들고, 그 "
        "행렬에 W^O를 곱합니다. W^O를 헤드마다 행 묶음 W^O_h로 나누면 이는 헤드별 Z_h · W^O_h의 합과 "
        "같습니다. 즉 더해지는 것은 헤드의 출력 그대로가 아니라 헤드마다 자기 몫의 투영을 거친 값입니다.",
    },
}
