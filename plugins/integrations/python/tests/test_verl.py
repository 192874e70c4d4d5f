"""VERL 0.9.1 against a live `prove-rl serve --http` (run by test/integrations/verl.test.ts, `npm run test:verl`).

Environment: PROVE_SERVE_URL (the server), PROVE_VERL_EXPORT (prove-rl export --format verl output),
PROVE_EXAMPLES (the exported JSONL), PROVE_BIN (dist/core/cli/bin.js, for `prove-rl score`).
The policy in (b) and (c) is scripted (the teacher's messages, tokenized with SmolLM2's tokenizer):
what is under test is the loop's session lifecycle, not a model.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import unittest
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from omegaconf import OmegaConf  # noqa: E402
from verl.experimental.agent_loop.agent_loop import DictConfigWrap, ToolListWrap  # noqa: E402
from verl.tools.schemas import OpenAIFunctionToolSchema  # noqa: E402
from verl.tools.tool_registry import initialize_tools_from_config  # noqa: E402
from verl.utils.dataset.rl_dataset import RLHFDataset  # noqa: E402
from verl.workers.rollout.replica import TokenOutput  # noqa: E402

from prove_rl import smollm2  # noqa: E402
from prove_rl.client import ProveServer  # noqa: E402
from prove_rl.verl import ProveAgentLoop, ProveTool, compute_score  # noqa: E402

URL = os.environ["PROVE_SERVE_URL"]
EXPORT = os.environ["PROVE_VERL_EXPORT"]
EXAMPLES = [json.loads(line) for line in open(os.environ["PROVE_EXAMPLES"]) if line.strip()]
BY_ID = {e["id"]: e for e in EXAMPLES}
TOOL_CONFIG = os.path.join(EXPORT, "tool_config.yaml")
PARQUET = os.path.join(EXPORT, "test.parquet") if os.path.exists(os.path.join(EXPORT, "test.parquet")) else os.path.join(EXPORT, "train.parquet")


TOKENIZER = smollm2.tokenizer()


def open_sessions() -> int:
    with urllib.request.urlopen(URL + "/") as response:
        return json.loads(response.read())["sessions"]


def hermes_text(message: dict) -> str:
    """An assistant message as a Hermes-format completion, ending the turn."""
    parts = [message.get("content") or ""]
    for call in message.get("tool_calls") or []:
        arguments = call["function"]["arguments"]
        parts.append("<tool_call>\n" + json.dumps({"name": call["function"]["name"], "arguments": json.loads(arguments) if isinstance(arguments, str) else arguments}) + "\n</tool_call>")
    return "".join(parts) + "<|im_end|>"


class ScriptedLLM:
    """A server manager that answers each trajectory with its example's teacher messages, in order, and records what it was shown."""

    def __init__(self):
        self.scripts: dict[str, list[str]] = {}
        self.prompts: dict[str, list[str]] = {}
        self.sessions_seen: list[int] = []
        self.barrier: asyncio.Barrier | None = None

    def example_of(self, prompt: str) -> dict:
        for example in EXAMPLES:
            if example["turns"][0]["user"] in prompt:
                return example
        raise AssertionError("no example matches the prompt")

    async def generate(self, request_id, prompt_ids, sampling_params, **kwargs) -> TokenOutput:
        prompt = TOKENIZER.decode(prompt_ids)
        if request_id not in self.scripts:
            example = self.example_of(prompt)
            self.scripts[request_id] = [hermes_text(m) for m in example["messages"] if m["role"] == "assistant"]
            self.prompts[request_id] = []
        self.prompts[request_id].append(prompt)
        if len(self.prompts[request_id]) == 2 and self.barrier is not None:
            # Both trajectories have run their first calls: their sessions are open at the same time.
            await self.barrier.wait()
            self.sessions_seen.append(await asyncio.to_thread(open_sessions))
        script = self.scripts[request_id]
        text = script.pop(0) if script else "Done.<|im_end|>"
        return TokenOutput(token_ids=TOKENIZER.encode(text, add_special_tokens=False), log_probs=None)


def rollout_config():
    return OmegaConf.create(
        {
            "actor_rollout_ref": {
                "rollout": {
                    "multi_turn": {
                        "max_user_turns": 10,
                        "max_assistant_turns": 10,
                        "max_parallel_calls": 4,
                        "max_tool_response_length": 8192,
                        "tool_response_truncate_side": "right",
                        "format": "hermes",
                    },
                    "prompt_length": 16384,
                    "response_length": 8192,
                    "full_determinism": False,
                }
            },
            "data": {},
        }
    )


def dataset_rows():
    import pyarrow.parquet as pq

    return pq.read_table(PARQUET).to_pylist()


async def run_rows(rows, llm):
    tools = initialize_tools_from_config(TOOL_CONFIG)
    config = rollout_config()

    async def one(row):
        loop = ProveAgentLoop(
            trainer_config=DictConfigWrap(config),
            server_manager=llm,
            tokenizer=TOKENIZER,
            processor=None,
            dataset_cls=RLHFDataset,
            data_config=DictConfigWrap(config.data),
            hf_model_type="llama",
            tools=ToolListWrap(tools),
        )
        return await loop.run({"temperature": 1.0}, raw_prompt=row["prompt"], extra_info=row["extra_info"], interaction_kwargs=row["extra_info"]["interaction_kwargs"], tools_kwargs={})

    return await asyncio.gather(*(one(row) for row in rows))


class VerlTests(unittest.TestCase):
    def test_a_dataset_loads_with_smollm2_tokenizer(self):
        config = OmegaConf.create({"prompt_key": "prompt", "max_prompt_length": 4096, "filter_overlong_prompts": True, "truncation": "error", "cache_dir": tempfile.mkdtemp()})
        dataset = RLHFDataset(data_files=[PARQUET], tokenizer=TOKENIZER, config=config)
        self.assertEqual(len(dataset), len(EXAMPLES))
        row = dataset[0]
        example = json.loads(row["extra_info"]["prove_example"])
        self.assertEqual(example["id"], EXAMPLES[0]["id"])
        self.assertEqual(row["agent_name"], "prove_agent")
        self.assertEqual([m["role"] for m in row["raw_prompt"]], ["system", "user"])
        self.assertEqual(row["raw_prompt"][-1]["content"], example["turns"][0]["user"])
        self.assertEqual(json.loads(row["interaction_kwargs"]["turns"]), [t["user"] for t in example["turns"][1:]])
        self.assertEqual(json.loads(row["reward_model"]["ground_truth"]), example["groundTruth"])
        self.assertEqual(list(row["extra_info"]["tool_selection"]), [t["function"]["name"] for t in example["tools"]])

    def test_a_tool_schemas_round_trip_through_verl(self):
        exported = OmegaConf.to_container(OmegaConf.load(TOOL_CONFIG))["tools"]
        tools = initialize_tools_from_config(TOOL_CONFIG)
        self.assertEqual(len(tools), len(exported))
        self.assertTrue(all(isinstance(t, ProveTool) for t in tools))
        for tool, entry in zip(tools, exported):
            self.assertEqual(tool.tool_schema.model_dump(exclude_unset=True, exclude_none=True), entry["tool_schema"], entry["tool_schema"]["function"]["name"])
        # The raw schemas do not survive VERL's classes: nested items/properties and bounds are lost, which is why the export flattens.
        raw = {t["function"]["name"]: t for e in EXAMPLES for t in e["tools"]}
        mangled = [name for name, schema in raw.items() if OpenAIFunctionToolSchema.model_validate(schema).model_dump(exclude_unset=True, exclude_none=True) != schema]
        self.assertGreater(len(mangled), len(raw) // 2)
        # What VERL drops is kept in the description, for the model to read.
        flat = {e["tool_schema"]["function"]["name"]: e["tool_schema"] for e in exported}
        some = next(n for n in mangled if any("minLength" in json.dumps(p) for p in raw[n]["function"]["parameters"].get("properties", {}).values()))
        self.assertIn("minLength", json.dumps(flat[some]))

    def test_b_two_concurrent_trajectories_have_their_own_sessions_and_close_them(self):
        rows = [r for r in dataset_rows() if r["extra_info"]["example_id"] in ("banking-savings-to-checking", "cross_domain-balance-then-hotel")]
        self.assertEqual(len(rows), 2)
        before = open_sessions()
        llm = ScriptedLLM()

        async def main():
            llm.barrier = asyncio.Barrier(2)
            return await run_rows(rows, llm)

        outputs = asyncio.run(main())
        # banking: one session; cross_domain: banking + travel_booking; all open at once, none shared.
        self.assertEqual(llm.sessions_seen, [before + 3, before + 3])
        self.assertEqual(open_sessions(), before)
        server = ProveServer(URL)
        for row, output in zip(rows, outputs):
            example = json.loads(row["extra_info"]["prove_example"])
            calls = json.loads(output.extra_fields["prove_calls"])
            self.assertEqual([c["name"] for c in calls], [c["function"]["name"] for m in example["messages"] if m["role"] == "assistant" for c in m.get("tool_calls") or []])
            self.assertTrue(all(c["ok"] for c in calls), calls)
            hashes = json.loads(output.extra_fields["prove_state_hashes"])
            self.assertEqual(sorted(hashes), sorted(example["servers"]))
            # The reward VERL gets is prove's, on what ran: the same as scoring the teacher's conversation.
            expected = server.reward([{"example": example, "messages": example["messages"]}])[0]
            self.assertAlmostEqual(output.reward_score, expected["total"], places=9)
            self.assertGreater(output.reward_score, 0)
        # The writes of one trajectory are not seen by the other: the two banking states differ.
        self.assertNotEqual(json.loads(outputs[0].extra_fields["prove_state_hashes"])["banking"], json.loads(outputs[1].extra_fields["prove_state_hashes"])["banking"])

    def test_c_scripted_user_turns_arrive_in_order(self):
        row = next(r for r in dataset_rows() if r["extra_info"]["example_id"] == "cross_domain-balance-then-hotel")
        example = json.loads(row["extra_info"]["prove_example"])
        llm = ScriptedLLM()
        (output,) = asyncio.run(run_rows([row], llm))
        (prompts,) = llm.prompts.values()
        users = [t["user"] for t in example["turns"]]
        # The second turn is absent until the model has answered the first without a call, then present.
        first_answer = next(i for i, m in enumerate(m for m in example["messages"] if m["role"] == "assistant") if not m.get("tool_calls"))
        for i, prompt in enumerate(prompts):
            self.assertIn(users[0], prompt)
            self.assertEqual(users[1] in prompt, i > first_answer, f"generation {i}")
        self.assertLess(prompts[-1].index(users[0]), prompts[-1].index(users[1]))
        self.assertEqual(output.extra_fields["prove_user_turns"], 1)
        calls = json.loads(output.extra_fields["prove_calls"])
        self.assertEqual([c["turn"] for c in calls], [0, 1])

    def test_d_compute_score_equals_prove_score(self):
        items = []
        for example in EXAMPLES:
            assistant = [m for m in example["messages"] if m["role"] == "assistant"]
            for messages in (assistant, assistant[:1]):
                items.append((example, "".join("<|im_start|>assistant\n" + hermes_text(m) + "\n" for m in messages)))
        scores = [compute_score(f"prove/{'+'.join(e['servers'])}", text, json.dumps(e["groundTruth"]), {"prove_example": json.dumps(e)}, prove_url=URL) for e, text in items]
        with tempfile.TemporaryDirectory() as folder:
            dataset = os.path.join(folder, "examples.jsonl")
            trajectories = os.path.join(folder, "trajectories.jsonl")
            out = os.path.join(folder, "sheets.jsonl")
            with open(dataset, "w") as f:
                f.writelines(json.dumps(e) + "\n" for e in EXAMPLES)
            with open(trajectories, "w") as f:
                for example, text in items:
                    f.write(json.dumps({"exampleId": example["id"], "messages": [{"role": "assistant", "content": text}]}) + "\n")
            run = subprocess.run(["node", os.environ["PROVE_BIN"], "score", "--dataset", dataset, trajectories, "--execute", "--out", out], capture_output=True, text=True)
            self.assertEqual(run.returncode, 0, run.stderr)
            sheets = [json.loads(line) for line in open(out)]
        self.assertEqual(len(sheets), len(scores))
        for score, sheet in zip(scores, sheets):
            self.assertEqual(score["score"], sheet["total"])
            self.assertEqual({k[len("prove/"):]: v for k, v in score.items() if k.startswith("prove/")}, sheet["terms"])
        self.assertGreater(len({s["score"] for s in scores}), 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)
