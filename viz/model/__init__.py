"""The small live PyTorch model and everything that runs it: scaled dot-product attention and RoPE
(attention), the encoder stack and its configuration (encoder), the decoder layer (decoder), seeded
weights (weights), a whole encoder-decoder block's path (block), reading weights out of a run (probe),
training on the toy tasks (train), the KV cache's sizes (kv_cache, no torch), and the models and results
every session shares (model_cache). Importing this package costs nothing: torch is imported by the
modules that use it, and model_cache imports them on first use."""
