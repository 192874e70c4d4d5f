"""TRL (1.16) pieces: a `rollout_func` that plays prove trajectories, and the served reward as a reward function.

    rollout = ProveRollout(ProveServer(url), dataset)           # dataset: rows of prove-rl export --format trl
    trainer = GRPOTrainer(model, reward_funcs=[prove_reward(server)], train_dataset=dataset,
                          rollout_func=rollout, args=GRPOConfig(...))

Why `rollout_func` and not `environment_factory`: TRL's environments cannot script later user
turns, expose one fixed tool set per environment, and need a chat template with a response parser
(`tokenizer.parse_response`), which SmolLM2's has not. The rollout here opens one `Trajectory` per
completion (its own MCP sessions on the example's world), generates with the trainer's model,
executes the `<tool_call>` blocks, feeds the results back, plays the scripted user turns, closes the
sessions, and returns the token ids with `env_mask` = 0 on every token the model did not write.
Completions are built append-only (tool and user segments are tokenized on their own and
appended), so there is no re-tokenization drift between rollout and training.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import torch

from .client import ProveServer, Trajectory, tool_message_text

TOOL_CALL = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.S)


def hermes_system_prompt(system: str, tools: list[dict]) -> str:
    """The system message with the candidate tools in the Hermes format that Qwen-style and SmolLM2 chat models read."""
    lines = "\n".join(json.dumps(tool, ensure_ascii=False, separators=(",", ":")) for tool in tools)
    return (
        f"{system}\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
        f"You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n{lines}\n</tools>\n\n"
        "For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n"
        '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
    )


def compact_tools(tools: list[dict]) -> list[dict]:
    """The tools with the start of their description (80 characters) and argument types only: a prompt a few times shorter, for small CPU runs."""
    out = []
    for tool in tools:
        function = tool["function"]
        parameters = function.get("parameters") or {}
        properties = {
            name: {k: v for k, v in schema.items() if k in ("type", "enum")}
            for name, schema in (parameters.get("properties") or {}).items()
        }
        description = (function.get("description") or "").split(". ")[0].rstrip(".")
        description = (description[:77] + "...") if len(description) > 80 else description + "."
        out.append({"type": "function", "function": {"name": function["name"], "description": description, "parameters": {"type": "object", "properties": properties, "required": parameters.get("required", [])}}})
    return out


def capped_tools(example: dict, limit: int) -> list[dict]:
    """At most `limit` of the example's candidate tools: those its ground truth calls first, then the others in order.

    A CPU-size curriculum (a short prompt a 135M model can read); what is shown never changes how the
    reward judges the trajectory.
    """
    needed = {call["name"] for step in example.get("groundTruth") or [] for call in step.get("calls") or []}
    tools = example["tools"]
    ordered = [t for t in tools if t["function"]["name"] in needed] + [t for t in tools if t["function"]["name"] not in needed]
    return ordered[: max(limit, 0)]


def parse_tool_calls(text: str) -> list[dict]:
    """The calls of a completion: `{"name", "arguments"}` or `{"malformed": raw}` for a block that is not a JSON call."""
    calls = []
    for raw in TOOL_CALL.findall(text):
        try:
            value = json.loads(raw.strip())
            if isinstance(value, dict) and isinstance(value.get("name"), str):
                arguments = value.get("arguments", {})
                if isinstance(arguments, str):
                    arguments = json.loads(arguments) if arguments.strip() else {}
                calls.append({"name": value["name"], "arguments": arguments})
                continue
        except ValueError:
            pass
        calls.append({"malformed": raw.strip()})
    return calls


class ChatMLSegments:
    """The text between turns in ChatML templates (SmolLM2, Qwen): what the environment appends after the model's turn."""

    end_of_turn = "<|im_end|>"

    def tool_results(self, texts: list[str]) -> str:
        body = "\n".join(f"<tool_response>\n{t}\n</tool_response>" for t in texts)
        return f"\n<|im_start|>user\n{body}<|im_end|>\n<|im_start|>assistant\n"

    def user(self, text: str) -> str:
        return f"\n<|im_start|>user\n{text}<|im_end|>\n<|im_start|>assistant\n"


class ProveRollout:
    """`rollout_func` for GRPOTrainer: one prove trajectory per prompt it is given (TRL repeats each prompt per generation)."""

    def __init__(self, server: ProveServer, rows, max_model_turns: int = 4, segments: ChatMLSegments | None = None, on_trajectory: Callable[[dict], None] | None = None, prompt_tools: Callable[[list[dict]], list[dict]] | None = None, max_tools: int | None = None):
        self.server = server
        self.examples: dict[str, dict] = {}
        for row in rows:
            self.examples.setdefault(self.key(row["prompt"]), json.loads(row["prove_example"]))
        self.max_model_turns = max_model_turns
        self.segments = segments or ChatMLSegments()
        self.on_trajectory = on_trajectory
        # How the candidate tools are shown (e.g. compact_tools); the reward always judges the example's own.
        self.prompt_tools = prompt_tools or (lambda tools: tools)
        # Show at most this many candidate tools (capped_tools), for small CPU runs.
        self.max_tools = max_tools
        self.sessions_opened = 0
        self.sessions_closed = 0

    @staticmethod
    def key(prompt: list[dict]) -> str:
        return json.dumps([{"role": m["role"], "content": m["content"]} for m in prompt], sort_keys=True, ensure_ascii=False)

    def __call__(self, prompts: list, trainer) -> dict[str, list]:
        out: dict[str, list] = {"prompt_ids": [], "completion_ids": [], "logprobs": [], "env_mask": [], "prove_calls": [], "prove_state_hashes": []}
        for prompt in prompts:
            example = self.examples.get(self.key(prompt))
            if example is None:
                raise KeyError("a prompt that is not in the exported dataset given to ProveRollout")
            episode = self.play(example, prompt, trainer)
            for key in out:
                out[key].append(episode[key])
        return out

    def prompt_ids(self, example: dict, prompt: list[dict], tokenizer) -> list[int]:
        messages = [dict(m) for m in prompt]
        tools = self.prompt_tools(capped_tools(example, self.max_tools) if self.max_tools is not None else example["tools"])
        if messages and messages[0]["role"] == "system":
            messages[0]["content"] = hermes_system_prompt(messages[0]["content"], tools)
        else:
            messages.insert(0, {"role": "system", "content": hermes_system_prompt("", tools)})
        return list(tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True, return_dict=False))

    @torch.no_grad()
    def generate(self, trainer, ids: list[int], budget: int) -> tuple[list[int], list[float]]:
        model = trainer.accelerator.unwrap_model(trainer.model) if hasattr(trainer, "accelerator") else trainer.model
        tokenizer = trainer.processing_class
        args = trainer.args
        was_training = model.training
        model.eval()
        try:
            output = model.generate(
                torch.tensor([ids], device=model.device),
                attention_mask=torch.ones(1, len(ids), dtype=torch.long, device=model.device),
                max_new_tokens=budget,
                do_sample=True,
                temperature=args.temperature,
                top_p=args.top_p,
                eos_token_id=tokenizer.eos_token_id,
                pad_token_id=tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id,
                output_scores=True,
                return_dict_in_generate=True,
            )
        finally:
            model.train(was_training)
        new = output.sequences[0, len(ids):].tolist()
        logprobs = [torch.log_softmax(score[0].float(), dim=-1)[token].item() for score, token in zip(output.scores, new)]
        return new, logprobs

    def play(self, example: dict, prompt: list[dict], trainer) -> dict[str, Any]:
        tokenizer = trainer.processing_class
        budget = trainer.args.max_completion_length
        prompt_ids = self.prompt_ids(example, prompt, tokenizer)
        turns = [t["user"] for t in example.get("turns", [])[1:]]
        # Every server's session opens now: the trajectory's initial state hashes exist even when the model calls nothing.
        trajectory = Trajectory(self.server, example).open()
        completion: list[int] = []
        logprobs: list[float] = []
        mask: list[int] = []
        try:
            for step in range(self.max_model_turns):
                left = budget - len(completion)
                if left <= 0:
                    break
                new, lps = self.generate(trainer, prompt_ids + completion, left)
                completion += new
                logprobs += lps
                mask += [1] * len(new)
                text = tokenizer.decode(new, skip_special_tokens=False)
                ended = bool(new) and new[-1] == tokenizer.eos_token_id
                calls = parse_tool_calls(text)
                trajectory.step = step
                if calls:
                    results = []
                    for call in calls:
                        if "malformed" in call:
                            record = {"name": "unparsed_tool_call", "arguments": {}, "malformed": call["malformed"], "server": "", "ok": False, "turn": trajectory.turn, "step": step, "error": {"kind": "malformed", "message": "the tool call is not JSON"}}
                            trajectory.calls.append(record)
                        else:
                            record = trajectory.call(call["name"], call["arguments"])
                        results.append(tool_message_text(record))
                    segment = self.segments.tool_results(results)
                elif turns and ended:
                    segment = self.segments.user(turns.pop(0))
                    trajectory.turn += 1
                else:
                    break
                if not ended:
                    segment = self.segments.end_of_turn + segment
                seg_ids = tokenizer.encode(segment, add_special_tokens=False)
                if len(completion) + len(seg_ids) >= budget:
                    break
                completion += seg_ids
                logprobs += [0.0] * len(seg_ids)
                mask += [0] * len(seg_ids)
            hashes = trajectory.state_hashes()
        finally:
            trajectory.close()
        self.sessions_opened += len(trajectory.sessions)
        episode = {
            "prompt_ids": prompt_ids,
            "completion_ids": completion[:budget],
            "logprobs": logprobs[:budget],
            "env_mask": mask[:budget],
            "prove_calls": json.dumps(trajectory.calls),
            "prove_state_hashes": json.dumps(hashes),
        }
        self.sessions_closed += sum(1 for s in trajectory.sessions.values() if s.session_id is None)
        if self.on_trajectory:
            self.on_trajectory({"example_id": example["id"], "calls": trajectory.calls, "hashes": hashes, "tokens": len(completion)})
        return episode


def prove_reward(server: ProveServer) -> Callable[..., list[float]]:
    """A GRPOTrainer reward function: prove's configured reward (`POST /reward`) on the calls each rollout ran.

    Needs the `prove_example` column (prove-rl export --format trl); scores `prove_calls` from
    `ProveRollout` when present, else the completion's text (`<tool_call>` blocks, replayed live).
    """

    def prove_reward(prompts, completions, prove_example, prove_calls=None, **kwargs) -> list[float]:
        items = []
        for i, example in enumerate(prove_example):
            item: dict[str, Any] = {"example": json.loads(example)}
            if prove_calls is not None:
                item["calls"] = json.loads(prove_calls[i])
            else:
                completion = completions[i]
                item["completion"] = completion if isinstance(completion, str) else "".join(str(m.get("content") or "") for m in completion)
            items.append(item)
        sheets = server.reward(items)
        bad = [s["error"] for s in sheets if "error" in s]
        if bad:
            raise RuntimeError(f"prove reward: {bad[0]}")
        return [float(s["total"]) for s in sheets]

    return prove_reward
