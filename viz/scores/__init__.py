"""Attention scores and what softmax makes of them, in NumPy: softmax with its temperature and the
1/sqrt(d_k) scale (softmax), softmax computed block by block with a running maximum and sum
(online_softmax), the sliding-window and sink masks and how far they reach through layers (windows), and
the worked example of one sentence from vectors to weights (worked). No torch, no Streamlit."""
