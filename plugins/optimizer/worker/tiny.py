"""A tiny Qwen3-shaped model and its own tokenizer, built on the spot (nothing is downloaded).

The tokenizer is a byte-level BPE trained with `tokenizers` on the texts the caller gives (the
project passes its fixture conversations rendered through the template below), with ChatML's
special tokens. The model is Qwen3ForCausalLM from a small config with seeded random weights.

The chat template is Hermes/Qwen-style (ChatML turns, `<tools>` in the system turn,
`<tool_call>{"name": …, "arguments": …}</tool_call>` in assistant turns, tool results as
`<tool_response>` blocks in a user turn), with two cuts that keep a tiny context workable:
each tool is listed as a signature `name(required, optional?)` instead of its full JSON schema,
and a tool result is cut at 400 characters.
"""
from __future__ import annotations

import json
import os

from models import chatml_turns

TOOL_RESULT_CHARS = 400

TEMPLATE = (
    "{%- if messages and messages[0].role == 'system' %}{%- set sys = messages[0].content %}{%- set rest = messages[1:] %}"
    "{%- else %}{%- set sys = '' %}{%- set rest = messages %}{%- endif %}"
    "{{- '<|im_start|>system\\n' + sys }}"
    "{%- if tools %}{{- '\\n<tools>\\n' }}"
    "{%- for t in tools %}{%- set f = t.function if t.function is defined else t %}"
    "{%- set props = (f.parameters.properties if f.parameters is defined and f.parameters.properties is defined else {}) %}"
    "{%- set req = (f.parameters.required if f.parameters is defined and f.parameters.required is defined else []) %}"
    "{{- f.name + '(' }}{%- for k in props %}{{- k }}{%- if k not in req %}{{- '?' }}{%- endif %}{%- if not loop.last %}{{- ', ' }}{%- endif %}{%- endfor %}{{- ')\\n' }}"
    "{%- endfor %}{{- '</tools>' }}{%- endif %}"
    "{{- '<|im_end|>\\n' }}"
) + chatml_turns("m.content[:" + str(TOOL_RESULT_CHARS) + "]")

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
ADDED = ["<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>", "</think>", "<tools>", "</tools>"]

TINY_CONFIG = dict(
    hidden_size=128,
    intermediate_size=384,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=32,
    max_position_embeddings=8192,
    rope_theta=10000.0,
    tie_word_embeddings=True,
)

# Qwen3-0.6B's shape (config.json of Qwen/Qwen3-0.6B), for the GPU check with random weights.
QWEN3_06B_CONFIG = dict(
    hidden_size=1024,
    intermediate_size=3072,
    num_hidden_layers=28,
    num_attention_heads=16,
    num_key_value_heads=8,
    head_dim=128,
    max_position_embeddings=40960,
    rope_theta=1000000.0,
    tie_word_embeddings=True,
    rms_norm_eps=1e-6,
)


# A tiny Llama (SmolLM2's architecture) for the ONNX parity test (plugins/policy/onnx/tiny_llama.py):
# a large initializer range, so that greedy choices are rarely near ties.
TINY_LLAMA_CONFIG = dict(
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=2048,
    rope_theta=10000.0,
    tie_word_embeddings=True,
    initializer_range=0.4,
)


def build_tokenizer(texts: list[str], vocab_size: int):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=2,
        special_tokens=SPECIAL + ADDED,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        additional_special_tokens=["<|im_start|>"],
    )
    fast.add_tokens(ADDED)
    fast.chat_template = TEMPLATE
    return fast


def build_tiny(out_dir: str, conversations: list[dict], vocab_size: int = 2048, seed: int = 0, shape: str = "tiny") -> dict:
    """Write a tokenizer and a randomly initialised Qwen3 model to `out_dir` (atomically: a temporary folder, then a rename)."""
    from chat import normalize

    texts = []
    for conv in conversations:
        messages = [normalize(m) for m in conv.get("messages", [])]
        tools = conv.get("tools") or None
        texts.append(_render(messages, tools))
    # A first tokenizer only renders; the real one is trained on the rendered conversations.
    tokenizer = build_tokenizer(texts, vocab_size)
    tiny = shape == "tiny"
    return write_random_model(
        out_dir,
        tokenizer,
        "qwen3",
        TINY_CONFIG if tiny else QWEN3_06B_CONFIG,
        seed,
        # The 0.6B shape keeps Qwen3's vocabulary size (151,936) so that its embedding and LM head cost what they cost there.
        vocab_size=None if tiny else 151936,
        manifest={"built_by": "prove tiny.py", "shape": shape, "vocab_size": len(tokenizer), "seed": seed},
    )


def write_random_model(out_dir: str, tokenizer, architecture: str, shape_config: dict, seed: int, vocab_size: int | None = None, manifest: dict | None = None) -> dict:
    """A `architecture` ("qwen3" or "llama") model of `shape_config` with weights seeded by `seed`, its vocabulary
    and special tokens those of `tokenizer` (a build_tokenizer one; `vocab_size` overrides the size), saved
    with the tokenizer (and `manifest` as prove_model.json) to `out_dir` atomically: a temporary folder, then a rename."""
    import shutil

    import torch
    from transformers import LlamaConfig, LlamaForCausalLM, Qwen3Config, Qwen3ForCausalLM

    config_class, model_class = {"qwen3": (Qwen3Config, Qwen3ForCausalLM), "llama": (LlamaConfig, LlamaForCausalLM)}[architecture]
    tmp = f"{out_dir}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    tokenizer.save_pretrained(tmp)
    torch.manual_seed(seed)
    config = config_class(
        vocab_size=vocab_size or len(tokenizer),
        bos_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
        eos_token_id=tokenizer.convert_tokens_to_ids("<|im_end|>"),
        pad_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
        **shape_config,
    )
    model = model_class(config)
    model.save_pretrained(tmp, safe_serialization=True)
    parameters = sum(p.numel() for p in model.parameters())
    if manifest is not None:
        with open(os.path.join(tmp, "prove_model.json"), "w") as f:
            json.dump({**manifest, "parameters": parameters}, f)
    shutil.rmtree(out_dir, ignore_errors=True)
    os.replace(tmp, out_dir)
    return {"dir": out_dir, "vocab_size": len(tokenizer), "parameters": parameters}


def _render(messages, tools) -> str:
    from jinja2 import Environment

    env = Environment()
    env.filters["tojson"] = lambda v: json.dumps(v, ensure_ascii=False)
    return env.from_string(TEMPLATE).render(messages=messages, tools=tools, add_generation_prompt=False)
