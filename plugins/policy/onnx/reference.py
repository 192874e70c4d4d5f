"""PyTorch's greedy continuation of conversations, the reference the ONNX parity test compares with.

    python reference.py --model DIR|FILE.gguf|smollm2 --template FILE --prompts FILE.json --tokens N

`--prompts` holds a JSON list of {"messages": [...], "tools": [...]}. Each is rendered with the
given chat template (the export's chat_template.jinja, so both sides render the same text),
tokenized with the model's tokenizer, and continued greedily one prompt at a time (no padding) for
exactly N tokens with transformers' KV cache, stop tokens included, under `torch.inference_mode()`
with one intra-op thread per core (`--threads`). Prints one JSON object:
{"prompts": [{"promptIds": [...], "ids": [...]}], "seconds": s, "newTokens": n}.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "optimizer", "worker"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True)
    parser.add_argument("--template", required=True)
    parser.add_argument("--prompts", required=True)
    parser.add_argument("--tokens", type=int, default=64)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(max(1, args.threads))

    from export import load, resolve_source

    folder, gguf, _ = resolve_source(args.model)
    model, tokenizer = load(folder, gguf)
    with open(args.template) as f:
        template = f.read()
    with open(args.prompts) as f:
        prompts = json.load(f)
    print(json.dumps(greedy(model, tokenizer, template, prompts, args.tokens)))


def greedy(model, tokenizer, template: str, prompts: list, tokens: int) -> dict:
    import torch
    from chat import normalize

    torch.manual_seed(0)
    tokenizer.chat_template = template
    results = []
    started = time.perf_counter()
    with torch.inference_mode():
        for prompt in prompts:
            text = tokenizer.apply_chat_template([normalize(m) for m in prompt["messages"]], tools=prompt.get("tools") or None, tokenize=False, add_generation_prompt=True)
            ids = tokenizer(text, add_special_tokens=False)["input_ids"]
            out = model(input_ids=torch.tensor([ids]), use_cache=True)
            cache = out.past_key_values
            generated = []
            for step in range(tokens):
                token = int(out.logits[0, -1, : len(tokenizer)].argmax())
                generated.append(token)
                if step == tokens - 1:
                    break
                out = model(input_ids=torch.tensor([[token]]), past_key_values=cache, use_cache=True)
                cache = out.past_key_values
            results.append({"promptIds": ids, "ids": generated})
            print(f"reference: {len(results)}/{len(prompts)} prompts ({len(ids)} prompt tokens) after {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    return {"prompts": results, "seconds": seconds, "newTokens": tokens * len(prompts), "threads": torch.get_num_threads()}


if __name__ == "__main__":
    main()
