"""The sampler's kept keys/values (plugins/optimizer/worker/session.py): the same tokens as a full prefill.

Run by test/optimizer/chatFormat.test.ts: `python -m unittest -v test_sampler` in this folder.

The sampler prefills each conversation on its own (no padding), prefills identical prompts (a GRPO
group's) once, and keeps each conversation's keys and values from one turn to the next so that a
turn prefills only the new tool results. Checked on a tiny Qwen3-shaped model with seeded random
weights: two turns of a batch with a repeated prompt, greedy and sampled, give the same ids and
log-probs with kept keys/values as with the padded full prefill of every turn (kvReuse false), the
kept length covers the prompt and the tokens fed back, and a tight budget drops the oldest.
"""
from __future__ import annotations

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "plugins", "optimizer", "worker"))

from session import Session  # noqa: E402
from tiny import build_tiny  # noqa: E402

TOOLS = [{"type": "function", "function": {"name": "get_balance", "description": "Balance of an account", "parameters": {"type": "object", "properties": {"account_id": {"type": "string"}}, "required": ["account_id"]}}}]
PROMPTS = [
    [{"role": "system", "content": "You are a bank's assistant."}, {"role": "user", "content": "What is the balance of acc_1?"}],
    [{"role": "system", "content": "You are a bank's assistant."}, {"role": "user", "content": "Move 25 from acc_1 to acc_2, then tell me both balances please."}],
]


def play(folder: str, reuse: bool, temperature: float, budget: int = 65536):
    session = Session()
    session.op_load({"model": folder, "kvReuse": reuse, "kvCacheTokens": budget, "seed": 3})
    requests = [{"key": f"k{i}", "messages": PROMPTS[i % 2], "tools": TOOLS, "new": True, "seed": i} for i in range(4)]
    turns = []
    for turn in range(3):
        out = session.op_generate({"requests": requests, "maxNewTokens": 12, "temperature": temperature})
        turns.append([(r["ids"], r["logprobs"]) for r in out["results"]])
        requests = [
            {"key": q["key"], "messages": q["messages"] + [{"role": "assistant", "content": r["text"]}, {"role": "tool", "tool_call_id": "c1", "content": f'{{"balance": {turn}00}}'}], "tools": TOOLS, "seed": turn}
            for q, r in zip(requests, out["results"])
        ]
    return session, turns


class KeptKeysValues(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.folder = os.path.join(cls.tmp.name, "tiny")
        build_tiny(cls.folder, [{"messages": PROMPTS[1], "tools": TOOLS}], vocab_size=400, seed=5)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def assert_same(self, a, b):
        for turn_a, turn_b in zip(a, b):
            for (ids_a, lp_a), (ids_b, lp_b) in zip(turn_a, turn_b):
                self.assertEqual(ids_a, ids_b)
                for x, y in zip(lp_a, lp_b):
                    self.assertAlmostEqual(x, y, places=3)

    def test_greedy_and_sampled_turns_match_a_full_prefill(self):
        for temperature in (0.0, 1.0):
            kept, turns_kept = play(self.folder, True, temperature)
            full, turns_full = play(self.folder, False, temperature)
            self.assertTrue(kept._kv_reusable())
            self.assertFalse(full._kv_reusable())
            self.assert_same(turns_kept, turns_full)
            self.assertEqual(sum(len(t) for t in turns_kept), 12)
            for conv in kept.conversations.values():
                self.assertIsNotNone(conv.kv)
                self.assertGreater(conv.kv_len, 0)
                self.assertLessEqual(conv.kv_len, len(conv.ids))
                self.assertEqual(conv.kv[0][0].shape[-2], conv.kv_len)

    def test_a_tight_budget_drops_the_oldest_and_still_matches(self):
        small, turns_small = play(self.folder, True, 1.0, budget=1)
        _, turns_full = play(self.folder, False, 1.0)
        self.assert_same(turns_small, turns_full)
        self.assertLessEqual(sum(1 for c in small.conversations.values() if c.kv is not None), 1)

    def test_forget_drops_the_kept_keys_values(self):
        session, _ = play(self.folder, True, 0.0)
        convs = list(session.conversations.values())
        session.op_forget({})
        self.assertTrue(all(c.kv is None for c in convs))


if __name__ == "__main__":
    unittest.main()
