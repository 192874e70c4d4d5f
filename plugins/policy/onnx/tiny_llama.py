"""A tiny Llama-shaped model (SmolLM2's architecture, random seeded weights) for the ONNX parity test.

    python tiny_llama.py --out DIR [--seed 0] [--texts FILE.jsonl] [--onnx DIR --prompts FILE.json --tokens N]

With --onnx the model is also exported there (export.py) and, with --prompts, PyTorch's greedy
continuation of each prompt (reference.py) is printed: one Python start for the whole parity
fixture, which keeps the test fast.

The model is built by the worker's tiny.py (write_random_model with TINY_LLAMA_CONFIG), with its tiny
byte-level BPE trained on the given texts (one JSON string per line) or on a fixed paragraph; the
weights use a large initializer range so that the greedy choice is rarely a near tie (the test
compares token ids, not logits). Written atomically (a temporary folder, then a rename). Nothing is
downloaded.
"""
from __future__ import annotations

import argparse
import json
import os
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
    from tiny import TINY_LLAMA_CONFIG, build_tokenizer, write_random_model

    result = write_random_model(out, build_tokenizer(texts * 20, 512), "llama", TINY_LLAMA_CONFIG, seed)
    return {"dir": out, "vocab": result["vocab_size"], "parameters": result["parameters"]}


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
