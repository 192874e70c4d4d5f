#!/usr/bin/env bash
# GPU check (prepared, run it on a machine with an NVIDIA GPU): a few GRPO steps of a
# Qwen3-0.6B-shaped model with random weights and real rollouts against the live banking domain;
# prints generation tokens/s, update tokens/s, peak memory and MFU, writes $OUT/gpu-check.json.
#   plugins/optimizer/gpu/check.sh            (OUT=runs/gpu-check; GPU_STEPS, GPU_BATCH, GPU_GROUP)
set -euo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || { echo "no NVIDIA GPU visible" >&2; exit 2; }
[ -d node_modules ] || npm ci --no-audit --no-fund
PY="${PROVE_PYTHON:-.venv/bin/python}"
if ! "$PY" -c 'import torch, transformers, tokenizers, safetensors, jinja2' 2>/dev/null; then
  python3 -m venv .venv
  .venv/bin/pip install -q -r plugins/optimizer/worker/requirements.txt
  PY=.venv/bin/python
fi
"$PY" -c 'import torch; assert torch.cuda.is_available(), "torch sees no CUDA device"; print("torch", torch.__version__, torch.cuda.get_device_name(0))'
export PROVE_PYTHON="$PY"
export OUT="${OUT:-runs/gpu-check}"
node --import tsx plugins/optimizer/gpu/gpuCheck.ts
