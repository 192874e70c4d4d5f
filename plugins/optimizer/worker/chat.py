"""Token-in, token-out conversations on the worker's own tokenizer and chat template.

A conversation is kept as token ids, never as text: the ids the model sampled are appended as they
came out of the sampler (trainable, with their sampling log-probs); everything else (the prompt,
tool results, user turns, the template's turn markers) is rendered by the chat template, tokenized
and appended with the loss mask off.

Only the messages that are new since the model's last turn are rendered, as the difference between
the template applied to a fixed base conversation with and without them (the base ends with an
assistant turn, so tool results and user turns render exactly as they would after one). This works
for every ChatML-style template (Qwen, Hermes) that renders a conversation as the concatenation of
its turns; a template for which the difference is not a suffix is refused with a clear error.
"""
from __future__ import annotations

from dataclasses import dataclass, field

BASE = [
    {"role": "system", "content": "S"},
    {"role": "user", "content": "U"},
    {"role": "assistant", "content": "A"},
]


@dataclass
class Conversation:
    """One rollout's token sequence: ids, which of them the policy sampled, and their log-probs."""

    ids: list[int] = field(default_factory=list)
    trainable: list[bool] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)  # 0.0 where not trainable
    messages_seen: int = 0  # messages of the chat conversation already in `ids`
    turns: int = 0  # assistant turns sampled
    # Keys and values of the first `kv_len` ids, kept by the sampler from the last turn (a list of
    # (keys, values) per layer, batch of one), so that the next turn prefills only the new ids.
    kv: list | None = field(default=None, repr=False, compare=False)
    kv_len: int = 0

    def append(self, ids: list[int], trainable: bool = False, logprobs: list[float] | None = None) -> None:
        self.ids.extend(ids)
        self.trainable.extend([trainable] * len(ids))
        self.logprobs.extend(logprobs if logprobs is not None else [0.0] * len(ids))


class ChatCodec:
    """Renders messages to token ids with the tokenizer's chat template, and sampled ids back to text."""

    def __init__(self, tokenizer):
        if not getattr(tokenizer, "chat_template", None):
            raise ValueError("the tokenizer has no chat template; give a model folder whose tokenizer_config.json (or chat_template.jinja) defines one")
        self.tokenizer = tokenizer
        base = self.render(BASE, None, False)
        base_gen = self.render(BASE, None, True)
        if not base_gen.startswith(base):
            raise ValueError("the chat template does not render the generation prompt as a suffix of the conversation")
        self.generation_prompt = base_gen[len(base):]
        self.base_text = base
        end = self.end_of_turn_token()
        self.end_token = end
        self.end_id = tokenizer.convert_tokens_to_ids(end)
        # What the template writes after an assistant turn's end token (ChatML: a newline).
        self.after_end = base[base.rindex(end) + len(end):] if end in base else ""
        self.stop_ids = sorted({i for i in (self.end_id, tokenizer.eos_token_id, tokenizer.convert_tokens_to_ids("<|endoftext|>")) if isinstance(i, int) and i >= 0 and i != tokenizer.unk_token_id})

    def end_of_turn_token(self) -> str:
        vocab = self.tokenizer.get_vocab()
        for candidate in ("<|im_end|>", "<|eot_id|>", "<end_of_turn>"):
            if candidate in vocab:
                return candidate
        return self.tokenizer.eos_token

    def render(self, messages, tools, generation_prompt: bool) -> str:
        return self.tokenizer.apply_chat_template(
            [normalize(m) for m in messages], tools=tools or None, tokenize=False, add_generation_prompt=generation_prompt
        )

    def encode(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def prompt_ids(self, messages, tools) -> list[int]:
        """The whole first prompt, generation prompt included."""
        return self.encode(self.render(messages, tools, True))

    def delta_text(self, new_messages, tools, generation_prompt: bool) -> str:
        """Text of messages that follow an assistant turn (tool results, a user turn).

        The cut is made after the base conversation's assistant turn, found as the first end-of-turn
        token after the (unchanged) system and user turns: a template may render an earlier
        assistant turn differently once more messages follow (Qwen3 drops the empty <think> block of
        a turn that is no longer the last), and what the model sampled is kept as sampled anyway.
        Consecutive tool messages are rendered together, so a template that groups them into one
        turn (Qwen3, Hermes) gets them grouped.
        """
        head = self.render(BASE[:2], tools, False)
        full = self.render(BASE + list(new_messages), tools, generation_prompt)
        if not full.startswith(head):
            raise ValueError("the chat template renders earlier turns differently when more messages follow; token-in/token-out needs a template that appends turns")
        end = full.find(self.end_token, len(head))
        start = end + len(self.end_token)
        if end < 0 or full[start:start + len(self.after_end)] != self.after_end:
            raise ValueError("the chat template does not close the assistant turn with its end-of-turn token; token-in/token-out needs a template that appends turns")
        return full[start + len(self.after_end):]

    def decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode([i for i in ids if i not in self.stop_ids], skip_special_tokens=False)

    def extend(self, conversation: Conversation, messages, tools) -> None:
        """Bring a conversation up to `messages`, ending with the generation prompt."""
        if conversation.messages_seen == 0:
            conversation.append(self.prompt_ids(messages, tools))
        else:
            last = messages[conversation.messages_seen - 1] if conversation.messages_seen <= len(messages) else None
            if last is None or last.get("role") != "assistant":
                raise ValueError(
                    f"the conversation does not continue this rollout: message {conversation.messages_seen} should be the model's own turn"
                )
            new = messages[conversation.messages_seen:]
            conversation.append(self.encode(self.delta_text(new, tools, True)))
        conversation.messages_seen = len(messages)

    def sampled(self, conversation: Conversation, ids: list[int], logprobs: list[float], stopped: bool) -> None:
        """Append what the model sampled, and the template's text after a finished turn (masked)."""
        conversation.append(ids, True, logprobs)
        if stopped and self.after_end:
            conversation.append(self.encode(self.after_end))
        conversation.messages_seen += 1
        conversation.turns += 1

    def supervised(self, messages, tools) -> Conversation:
        """A teacher conversation for SFT: the assistant turns' text (through the end token) is trainable."""
        conv = Conversation()
        start = 0
        while start < len(messages) and messages[start].get("role") != "assistant":
            start += 1
        conv.append(self.prompt_ids(messages[:start], tools))
        i = start
        while i < len(messages):
            message = messages[i]
            if message.get("role") == "assistant":
                text = self.delta_text([message], tools, False)
                if not text.startswith(self.generation_prompt):
                    raise ValueError("the chat template renders an assistant turn without its generation prompt")
                body = text[len(self.generation_prompt):]
                cut = body.rfind(self.end_token)
                head, tail = (body[: cut + len(self.end_token)], body[cut + len(self.end_token):]) if cut >= 0 else (body, "")
                ids = self.encode(head)
                conv.append(ids, True, [0.0] * len(ids))
                conv.append(self.encode(tail))
                i += 1
                continue
            j = i
            while j < len(messages) and messages[j].get("role") != "assistant":
                j += 1
            conv.append(self.encode(self.delta_text(messages[i:j], tools, j < len(messages))))
            i = j
        return conv


def normalize(message: dict) -> dict:
    """OpenAI-format message as chat templates expect it: tool-call arguments as objects."""
    out = dict(message)
    if out.get("content") is None:
        out["content"] = ""
    calls = out.get("tool_calls")
    if calls:
        fixed = []
        for call in calls:
            fn = dict(call.get("function", {}))
            args = fn.get("arguments")
            if isinstance(args, str):
                import json

                try:
                    fn["arguments"] = json.loads(args) if args.strip() else {}
                except ValueError:
                    fn["arguments"] = {}
            fixed.append({**call, "function": fn})
        out["tool_calls"] = fixed
    return out
