"""A tiny Llama-shaped model (SmolLM2's architecture, random seeded weights) for the ONNX parity test.

    python tiny_llama.py --out DIR [--seed 0] [--texts FILE.jsonl] [--onnx DIR --prompts FILE.json --tokens N]

With --onnx the model is also exported there (export.py) and, with --prompts, PyTorch's greedy
continuation of each prompt (reference.py) is printed: one Python start for the whole parity
fixture, which keeps the test fast.

The tokenizer is the worker's tiny byte-level BPE (plugins/optimizer/worker/tiny.py) trained on the
given texts (one JSON string per line) or on a fixed paragraph; the weights use a large initializer
range so that the greedy choice is rarely a near tie (the test compares token ids, not logits).
Written atomically (a temporary folder, then a rename). Nothing is downloaded.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "optimizer", "worker"))
sys.path.insert(0, HERE)

DEFAULT_TEXTS = [
    "The quick brown fox jumps over the lazy dog. Book a flight from Paris to Berlin on Monday.",
    "Transfer 250 euros from checking to savings, then show the balance of every account.",
    "Create a calendar event called standup at 9:30 tomorrow and invite alice@example.com.",
    '<tool_call>\n{"name": "get_balance", "arguments": {"account": "checking"}}\n</tool_call>',
    "What is the weather in Lisbon? List my files, read notes.txt and summarise it in one line.",
]


def build(out: str, seed: int, texts: list[str]) -> dict:
    import torch
    from tiny import TEMPLATE, build_tokenizer
    from transformers import LlamaConfig, LlamaForCausalLM

    tokenizer = build_tokenizer(texts * 20, 512)
    tokenizer.chat_template = TEMPLATE
    torch.manual_seed(seed)
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=2048,
        rope_theta=10000.0,
        tie_word_embeddings=True,
        initializer_range=0.4,
        bos_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
        eos_token_id=tokenizer.convert_tokens_to_ids("<|im_end|>"),
        pad_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
    )
    model = LlamaForCausalLM(config)
    tmp = f"{out}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp, safe_serialization=True)
    tokenizer.save_pretrained(tmp)
    shutil.rmtree(out, ignore_errors=True)
    os.replace(tmp, out)
    return {"dir": out, "vocab": len(tokenizer), "parameters": sum(p.numel() for p in model.parameters())}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--texts")
    parser.add_argument("--onnx")
    parser.add_argument("--prompts")
    parser.add_argument("--tokens", type=int, default=64)
    args = parser.parse_args()
    texts = DEFAULT_TEXTS
    if args.texts:
        with open(args.texts) as f:
            texts = [json.loads(line) for line in f if line.strip()]
    result = build(args.out, args.seed, texts)
    if args.onnx:
        sys.argv = ["export.py", "--model", args.out, "--out", args.onnx]
        import contextlib
        import io

        import export

        with contextlib.redirect_stdout(io.StringIO()):
            export.main()
        result["onnx"] = args.onnx
        if args.prompts:
            import reference

            model, tokenizer = export.load(os.path.abspath(args.out), None)
            with open(os.path.join(args.onnx, "chat_template.jinja")) as f:
                template = f.read()
            with open(args.prompts) as f:
                prompts = json.load(f)
            result["reference"] = reference.greedy(model, tokenizer, template, prompts, args.tokens)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
