"""What the worker holds between requests: the policy, its optimizer, the reference, the conversations."""
from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import math
import os
import platform
import random
import shutil
import time

import torch

import grpo
from chat import ChatCodec, Conversation

LORA_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def pick_device(requested: str | None) -> torch.device:
    if requested and requested != "auto":
        return torch.device(requested)
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def seed_of(values) -> int:
    digest = hashlib.sha256(json.dumps(values).encode()).digest()
    return int.from_bytes(digest[:8], "little") & 0x7FFFFFFFFFFFFFFF


def _growing_cache(data, room: int):
    """A DynamicCache over (keys, values) per layer whose decoding steps write in place into buffers with
    `room` free positions. (DynamicLayer re-concatenates the whole cache for every token: 60 % of a
    decoding step for 25 rows of 2,000 tokens, measured with py-spy.)"""
    from transformers import DynamicCache
    from transformers.cache_utils import DynamicLayer

    class GrowingLayer(DynamicLayer):
        def __init__(self, keys, values):
            super().__init__()
            b, h, n, d = keys.shape
            self.buffers = [keys.new_empty((b, h, n + room, d)), values.new_empty((b, h, n + room, values.shape[-1]))]
            self.buffers[0][:, :, :n] = keys
            self.buffers[1][:, :, :n] = values
            self.length = n
            self.device = keys.device
            self.is_initialized = True
            self.keys, self.values = self.buffers[0][:, :, :n], self.buffers[1][:, :, :n]

        def update(self, key_states, value_states, *args, **kwargs):
            m = key_states.shape[-2]
            if self.length + m > self.buffers[0].shape[-2]:
                self.buffers = [torch.cat([buf[:, :, : self.length], new], dim=-2) for buf, new in zip(self.buffers, (key_states, value_states))]
            else:
                self.buffers[0][:, :, self.length:self.length + m] = key_states
                self.buffers[1][:, :, self.length:self.length + m] = value_states
            self.length += m
            self.keys, self.values = self.buffers[0][:, :, : self.length], self.buffers[1][:, :, : self.length]
            return self.keys, self.values

    cache = DynamicCache()
    cache.layers = [GrowingLayer(k, v) for k, v in data]
    cache.layer_class_to_replicate = None
    return cache


class Session:
    def __init__(self) -> None:
        import transformers

        transformers.utils.logging.set_verbosity_error()
        transformers.utils.logging.disable_progress_bar()
        self.model = None
        self.reference = None
        self.tokenizer = None
        self.codec: ChatCodec | None = None
        self.optimizer = None
        self.sft_optimizer = None
        self.device = torch.device("cpu")
        self.bf16 = False
        self.lora = None
        self.model_path = None
        self.conversations: dict[str, Conversation] = {}
        self.options: dict = {}
        self.updates = 0

    # --- set-up ---------------------------------------------------------------------------------

    def hello(self) -> dict:
        import transformers

        cuda = torch.cuda.is_available()
        return {
            "python": platform.python_version(),
            "torch": torch.__version__,
            "transformers": transformers.__version__,
            "cuda": cuda,
            "gpu": torch.cuda.get_device_name(0) if cuda else None,
            "bf16": bool(cuda and torch.cuda.is_bf16_supported()),
            "threads": torch.get_num_threads(),
            "pid": os.getpid(),
        }

    def op_build_tiny(self, args) -> dict:
        from tiny import build_tiny

        return build_tiny(args["dir"], args["conversations"], int(args.get("vocabSize", 2048)), int(args.get("seed", 0)), args.get("shape", "tiny"))

    def op_load(self, args) -> dict:
        import models

        self.options = dict(args)
        self.device = pick_device(args.get("device"))
        self.bf16 = self.device.type == "cuda" and torch.cuda.is_bf16_supported() and args.get("dtype", "auto") != "float32"
        seed = int(args.get("seed", 0))
        torch.manual_seed(seed)
        random.seed(seed)
        folder, gguf, description = models.resolve_source(args["model"])
        self.model_path = args["model"]
        self.tokenizer = models.load_tokenizer(folder, gguf)
        template, template_note = models.chat_template_of(self.tokenizer)
        self.tokenizer.chat_template = template  # saved with every checkpoint: it reloads with the same one
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.codec = ChatCodec(self.tokenizer)
        self.model = self._load_model(folder, gguf, args.get("lora"))
        self.model.to(self.device)
        self.model.train(False)
        self.reference = None
        self.optimizer = None
        self.sft_optimizer = None
        self.conversations.clear()
        self._kv_ok = None
        self._kv_order = {}
        params = sum(p.numel() for p in self.model.parameters())
        trainable = sum(p.numel() for p in self.model.parameters() if p.requires_grad)
        return {
            "device": str(self.device),
            "dtype": "bfloat16 autocast" if self.bf16 else "float32",
            "parameters": params,
            "trainable": trainable,
            "vocab": len(self.tokenizer),
            "lora": self.lora is not None,
            "stopIds": self.codec.stop_ids,
            "config": self._model_config(),
            "source": description,
            "chatTemplate": template_note,
        }

    def _model_config(self) -> dict:
        config = self._causal().config
        keys = ["hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads", "intermediate_size", "vocab_size", "head_dim"]
        return {k: getattr(config, k, None) for k in keys}

    def _load_model(self, folder: str, gguf: str | None, lora: dict | None):
        import models

        adapter = gguf is None and os.path.exists(os.path.join(folder, "adapter_config.json"))
        model = models.load_model(folder, gguf)
        if adapter:
            with open(os.path.join(folder, "adapter_config.json")) as f:
                self.lora = {"base": json.load(f)["base_model_name_or_path"]}
            return model
        if lora:
            from peft import LoraConfig, get_peft_model

            config = LoraConfig(
                r=int(lora.get("r", 16)),
                lora_alpha=int(lora.get("alpha", 32)),
                lora_dropout=0.0,
                target_modules=lora.get("targetModules") or LORA_TARGETS,
                task_type="CAUSAL_LM",
            )
            model = get_peft_model(model, config)
            # The adapter names the source it was trained on (a folder, a .gguf or `smollm2`), so that
            # loading the adapter folder later resolves its base the same way.
            model.peft_config["default"].base_model_name_or_path = self.model_path
            self.lora = {"base": self.model_path, **lora}
        else:
            self.lora = None
        return model

    def _causal(self, model=None):
        model = model if model is not None else self.model
        return model.get_base_model() if hasattr(model, "get_base_model") else model

    def _autocast(self):
        if self.bf16:
            return torch.autocast(device_type="cuda", dtype=torch.bfloat16)
        return contextlib.nullcontext()

    def _need_model(self) -> None:
        if self.model is None:
            raise RuntimeError("no model is loaded (op load first)")

    # --- rollouts -------------------------------------------------------------------------------

    def op_forget(self, args) -> dict:
        keys = args.get("keys")
        for conv in (self.conversations.values() if keys is None else [self.conversations.get(k) for k in keys]):
            if conv is not None:
                conv.kv, conv.kv_len = None, 0
        if keys is None:
            n = len(self.conversations)
            self.conversations.clear()
            return {"forgotten": n}
        for key in keys:
            self.conversations.pop(key, None)
        return {"forgotten": len(keys)}

    @torch.no_grad()
    def op_generate(self, args) -> dict:
        """Sample one assistant turn for each request, in one batch (rows in key order)."""
        self._need_model()
        requests = sorted(args["requests"], key=lambda r: r["key"])
        max_new = int(args.get("maxNewTokens", 128))
        max_context = int(args.get("maxContextTokens", 8192))
        temperature = float(args.get("temperature", 1.0))
        top_p = float(args.get("topP", 1.0))
        started = time.perf_counter()
        rows, budgets, convs = [], [], []
        for request in requests:
            key = request["key"]
            conv = self.conversations.get(key)
            if conv is None or request.get("new"):
                conv = Conversation()
                self.conversations[key] = conv
            self.codec.extend(conv, request["messages"], request.get("tools"))
            convs.append(conv)
            rows.append(list(conv.ids))
            budgets.append(max(0, min(max_new, max_context - len(conv.ids))))
        active = [i for i, b in enumerate(budgets) if b > 0]
        sampled = {i: ([], [], "length") for i in range(len(rows))}
        if active:
            out = self._sample([convs[i] for i in active], [budgets[i] for i in active], temperature, top_p, seed_of([r.get("seed", 0) for r in requests]))
            for j, i in enumerate(active):
                sampled[i] = out[j]
        results = []
        new_tokens = 0
        for i, request in enumerate(requests):
            ids, logprobs, finish = sampled[i]
            self.codec.sampled(convs[i], ids, logprobs, finish == "stop")
            new_tokens += len(ids)
            results.append({
                "key": request["key"],
                "text": self.codec.decode(ids),
                "ids": ids,
                "logprobs": logprobs,
                "finish": finish,
                "promptTokens": len(rows[i]),
            })
        seconds = time.perf_counter() - started
        return {"results": results, "seconds": seconds, "newTokens": new_tokens}

    def _kv_reusable(self) -> bool:
        """Whether keys and values can be kept per conversation and re-batched: every layer a plain
        dynamic (full-attention) layer, as in Llama/SmolLM2 and Qwen models."""
        if getattr(self, "_kv_ok", None) is None:
            config = self._causal().config
            types = getattr(config, "layer_types", None)
            if types:
                self._kv_ok = all(t == "full_attention" for t in types)
            else:
                self._kv_ok = not getattr(config, "use_sliding_window", False) and getattr(config, "sliding_window", None) is None
            self._kv_ok = self._kv_ok and self.options.get("kvReuse", True) is not False
        return self._kv_ok

    def _prefill(self, convs):
        """Per conversation: keys/values of all its ids and the logits after the last one. Each row is
        prefilled on its own (no padding), from the keys and values kept from its previous turn, and
        rows with the same ids (a GRPO group's shared prompt) are prefilled once."""
        from transformers import DynamicCache

        model = self.model
        device = self.device
        shared: dict[tuple, tuple] = {}
        results = []
        for conv in convs:
            ids = conv.ids
            start = conv.kv_len if conv.kv is not None and conv.kv_len < len(ids) else 0
            key = tuple(ids) if start == 0 else None
            if key is not None and key in shared:
                results.append(shared[key])
                continue
            cache = DynamicCache(ddp_cache_data=conv.kv) if start > 0 else DynamicCache()
            x = torch.tensor([ids[start:]], dtype=torch.long, device=device)
            positions = torch.arange(start, len(ids), device=device)[None, :]
            with self._autocast():
                out = model(input_ids=x, position_ids=positions, past_key_values=cache, use_cache=True, logits_to_keep=1)
            kv = [(layer.keys, layer.values) for layer in out.past_key_values.layers]
            result = (kv, out.logits[:, -1, :].float())
            if key is not None:
                shared[key] = result
            results.append(result)
        return results

    def _keep_kv(self, conv, kv, length: int) -> None:
        """Keep a conversation's keys/values for its next turn, within a budget of tokens (oldest dropped)."""
        budget = int(self.options.get("kvCacheTokens", 65536))
        order = self.__dict__.setdefault("_kv_order", {})
        order.pop(id(conv), None)
        conv.kv, conv.kv_len = kv, length
        order[id(conv)] = conv
        for key in [k for k, c in order.items() if c.kv is None]:
            del order[key]
        total = sum(c.kv_len for c in order.values() if c.kv is not None)
        for key in list(order):
            if total <= budget:
                break
            old = order.pop(key)
            if old.kv is not None:
                total -= old.kv_len
            old.kv, old.kv_len = None, 0

    def _sample(self, convs, budgets, temperature, top_p, seed):

        model = self.model
        device = self.device
        stop = torch.tensor(self.codec.stop_ids, device=device)
        rows = [conv.ids for conv in convs]
        B = len(rows)
        lens = [len(r) for r in rows]
        L = max(lens)
        reuse = self._kv_reusable()
        if reuse:
            prefilled = self._prefill(convs)
            layers = len(prefilled[0][0])
            data = []
            for layer in range(layers):
                ks, vs = [], []
                for (kv, _), n in zip(prefilled, lens):
                    k, v = kv[layer]
                    ks.append(torch.nn.functional.pad(k, (0, 0, L - n, 0)) if n < L else k)
                    vs.append(torch.nn.functional.pad(v, (0, 0, L - n, 0)) if n < L else v)
                data.append((torch.cat(ks, 0), torch.cat(vs, 0)))
            cache = _growing_cache(data, max(budgets))
            logits = self._mask_padding(torch.cat([lg for _, lg in prefilled], 0))
            attention = torch.zeros((B, L), dtype=torch.long, device=device)
            for i, n in enumerate(lens):
                attention[i, L - n:] = 1
            next_pos = torch.tensor(lens, dtype=torch.long, device=device)
            del prefilled, data
        else:
            pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else 0
            input_ids = torch.full((B, L), pad, dtype=torch.long)
            attention = torch.zeros((B, L), dtype=torch.long)
            for i, r in enumerate(rows):
                input_ids[i, L - len(r):] = torch.tensor(r, dtype=torch.long)
                attention[i, L - len(r):] = 1
            input_ids, attention = input_ids.to(device), attention.to(device)
            positions = (attention.cumsum(-1) - 1).clamp(min=0)
            with self._autocast():
                out = model(input_ids=input_ids, attention_mask=attention, position_ids=positions, use_cache=True, logits_to_keep=1)
            cache = out.past_key_values
            logits = self._mask_padding(out.logits[:, -1, :].float())
            next_pos = positions[:, -1] + 1
        generator = torch.Generator(device=device).manual_seed(seed)
        budget = torch.tensor(budgets, device=device)
        fed = 0
        done = torch.zeros(B, dtype=torch.bool, device=device)
        stopped = torch.zeros(B, dtype=torch.bool, device=device)
        tokens, logps = [], []
        for t in range(max(budgets)):
            logp = torch.log_softmax(logits / max(temperature, 1e-6), dim=-1) if temperature > 0 else torch.log_softmax(logits, dim=-1)
            if temperature <= 0:
                choice = logp.argmax(-1)
            else:
                probs = logp.exp()
                if top_p < 1.0:
                    sorted_p, order = probs.sort(-1, descending=True)
                    keep = sorted_p.cumsum(-1) - sorted_p < top_p
                    sorted_p = sorted_p * keep
                    choice = order.gather(-1, torch.multinomial(sorted_p, 1, generator=generator)).squeeze(-1)
                else:
                    choice = torch.multinomial(probs, 1, generator=generator).squeeze(-1)
            chosen = logp.gather(-1, choice[:, None]).squeeze(-1)
            live = ~done
            tokens.append(torch.where(live, choice, torch.full_like(choice, -1)))
            logps.append(chosen)
            is_stop = torch.isin(choice, stop) & live
            stopped |= is_stop
            done |= is_stop | (t + 1 >= budget)
            if bool(done.all()):
                break
            attention = torch.cat([attention, torch.ones((B, 1), dtype=attention.dtype, device=device)], dim=1)
            with self._autocast():
                out = model(input_ids=choice.clamp(min=0)[:, None], attention_mask=attention, position_ids=next_pos[:, None], past_key_values=cache, use_cache=True)
            cache = out.past_key_values
            fed += 1
            logits = self._mask_padding(out.logits[:, -1, :].float())
            next_pos = next_pos + 1
        ids_matrix = torch.stack(tokens, 1).tolist() if tokens else [[] for _ in range(B)]
        lp_matrix = torch.stack(logps, 1).tolist() if logps else [[] for _ in range(B)]
        stopped = stopped.tolist()
        results = []
        for i in range(B):
            ids, lps = [], []
            for tok, lp in zip(ids_matrix[i], lp_matrix[i]):
                if tok < 0:
                    break
                ids.append(tok)
                lps.append(lp)
            results.append((ids, lps, "stop" if stopped[i] else "length"))
            if reuse:
                # The keys/values of the prompt and of the sampled tokens fed back (all but a last one).
                keep = min(len(ids), fed)
                kv = [(layer.keys[i:i + 1, :, L - lens[i]:L + keep].clone(), layer.values[i:i + 1, :, L - lens[i]:L + keep].clone()) for layer in cache.layers]
                self._keep_kv(convs[i], kv, lens[i] + keep)
        return results

    def _mask_padding(self, logits: torch.Tensor) -> torch.Tensor:
        """Rows of the LM head past the tokenizer's vocabulary (Qwen pads 151,669 tokens to 151,936) are
        never sampled; training computes its log-probs over the same support."""
        limit = len(self.tokenizer)
        if logits.shape[-1] > limit:
            logits = logits.clone()
            logits[..., limit:] = float("-inf")
        return logits

    # --- log-probs ------------------------------------------------------------------------------

    def _token_logprobs(self, model, batch, temperature: float, with_entropy: bool):
        """Log-probs (under logits / temperature) of the trainable tokens of a micro-batch, flattened.

        Only the positions that predict a trainable token go through the LM head, so a long
        prompt or tool result costs a forward pass but no vocabulary-sized logits.
        """
        device = self.device
        B = len(batch)
        L = max(len(s["ids"]) for s in batch)
        pad = self.tokenizer.pad_token_id or 0
        input_ids = torch.full((B, L), pad, dtype=torch.long)
        attention = torch.zeros((B, L), dtype=torch.long)
        rows, cols, seq_index = [], [], []
        for i, s in enumerate(batch):
            input_ids[i, : len(s["ids"])] = torch.tensor(s["ids"], dtype=torch.long)
            attention[i, : len(s["ids"])] = 1
            rows.extend([i] * len(s["positions"]))
            cols.extend(s["positions"])
        input_ids, attention = input_ids.to(device), attention.to(device)
        rows_t = torch.tensor(rows, dtype=torch.long, device=device)
        cols_t = torch.tensor(cols, dtype=torch.long, device=device)
        causal = self._causal(model)
        with self._autocast():
            hidden = causal.model(input_ids=input_ids, attention_mask=attention).last_hidden_state
            selected = hidden[rows_t, cols_t - 1]
            logits = causal.lm_head(selected)
        logits = self._mask_padding(logits.float()) / max(temperature, 1e-6)
        logp_all = torch.log_softmax(logits, dim=-1)
        targets = input_ids[rows_t, cols_t]
        logp = logp_all.gather(-1, targets[:, None]).squeeze(-1)
        entropy = None
        if with_entropy:
            p = logp_all.exp()
            entropy = -torch.where(p > 0, p * logp_all, torch.zeros_like(p)).sum(-1).detach()
        return logp, entropy, rows_t

    # --- GRPO -----------------------------------------------------------------------------------

    def _ensure_optimizer(self, config) -> None:
        if self.optimizer is None:
            params = [p for p in self.model.parameters() if p.requires_grad]
            self.optimizer = torch.optim.AdamW(
                params,
                lr=float(config.get("lr", 1e-6)),
                betas=(float(config.get("beta1", 0.9)), float(config.get("beta2", 0.999))),
                eps=float(config.get("adamEps", 1e-8)),
                weight_decay=float(config.get("weightDecay", 0.01)),
            )
        for group in self.optimizer.param_groups:
            group["lr"] = float(config.get("lr", group["lr"]))

    def op_set_reference(self, args) -> dict:
        """Freeze the reference of the KL term: the folder `dir` when `load` is set (a resumed run's
        reference), else a copy of the policy as it is now (saved to `dir` when given)."""
        self._need_model()
        path = args.get("dir")
        if path and args.get("load"):
            lora = self.lora
            self.reference = self._load_model(path, None, None)
            self.lora = lora
        else:
            self.reference = copy.deepcopy(self.model)
            if path:
                self._save_model(self.reference, path)
        self.reference.to(self.device)
        self.reference.train(False)
        for p in self.reference.parameters():
            p.requires_grad_(False)
        return {"reference": path or "(in memory)"}

    def op_train(self, args) -> dict:
        """One GRPO step on scored groups: advantages, then mini-batches of micro-batches."""
        self._need_model()
        config = args.get("config") or {}
        self._ensure_optimizer(config)
        mode = config.get("advantage", "grpo")
        eps = float(config.get("eps", 1e-6))
        loss_mode = config.get("lossMode", "token-mean")
        if loss_mode not in grpo.LOSS_MODES:
            raise ValueError(f"loss mode {loss_mode!r} is not one of {grpo.LOSS_MODES}")
        clip_low = float(config.get("clipLow", 0.2))
        clip_high = float(config.get("clipHigh", 0.2))
        kl_coef = float(config.get("kl", 0.0))
        kl_estimator = config.get("klEstimator", "k3")
        if kl_estimator not in grpo.KL_ESTIMATORS:
            raise ValueError(f"KL estimator {kl_estimator!r} is not one of {grpo.KL_ESTIMATORS}")
        temperature = float(config.get("temperature", 1.0))
        micro = max(1, int(config.get("microBatch", 4)))
        mini_batches = max(1, int(config.get("miniBatches", 1)))
        epochs = max(1, int(config.get("epochs", 1)))
        max_grad_norm = float(config.get("maxGradNorm", 1.0))
        norm_length = int(config.get("normLength", 1024))
        if kl_coef != 0.0 and self.reference is None:
            self.op_set_reference({})
        started = time.perf_counter()

        sequences, missing = [], 0
        zero_variance = 0
        advantages_all = []
        for group in args["groups"]:
            rewards = [float(r) for r in group["rewards"]]
            advantages = grpo.group_advantages(rewards, mode, eps)
            if grpo.is_zero_variance(rewards):
                zero_variance += 1
            for key, adv in zip(group["keys"], advantages):
                conv = self.conversations.get(key)
                positions = [p for p, t in enumerate(conv.trainable) if t] if conv else []
                if not positions:
                    missing += 1
                    continue
                advantages_all.append(adv)
                sequences.append({
                    "key": key,
                    "ids": conv.ids,
                    "positions": positions,
                    "old": [conv.logprobs[p] for p in positions],
                    "adv": adv,
                })
        metrics = {
            "groups": len(args["groups"]),
            "zero_variance_groups": zero_variance,
            "rollouts_without_tokens": missing,
            "advantage_abs_mean": sum(abs(a) for a in advantages_all) / max(len(advantages_all), 1),
        }
        if not sequences:
            metrics.update({"update_skipped": 1, "update_seconds": time.perf_counter() - started})
            return metrics

        # Reference log-probs once per step, before any update.
        if kl_coef != 0.0:
            with torch.no_grad():
                for start in range(0, len(sequences), micro):
                    chunk = sequences[start:start + micro]
                    ref, _, rows = self._token_logprobs(self.reference, chunk, temperature, False)
                    counts = [len(s["positions"]) for s in chunk]
                    for s, part in zip(chunk, torch.split(ref, counts)):
                        s["ref"] = part.detach()

        sums = {"pg": 0.0, "kl": 0.0, "clipped": 0.0, "entropy": 0.0, "ratio": 0.0, "tokens": 0, "first_abs_diff": 0.0, "first_tokens": 0}
        ratio_max = 0.0
        grad_norms, losses = [], []
        order = list(range(len(sequences)))
        size = math.ceil(len(sequences) / mini_batches)
        self.model.train(True)
        for epoch in range(epochs):
            for m in range(mini_batches):
                members = [sequences[i] for i in order[m * size:(m + 1) * size]]
                if not members:
                    continue
                norm = grpo.Normalizer(loss_mode, sum(len(s["positions"]) for s in members), len(members), norm_length)
                self.optimizer.zero_grad(set_to_none=True)
                loss_total = 0.0
                for start in range(0, len(members), micro):
                    chunk = members[start:start + micro]
                    logp, entropy, rows = self._token_logprobs(self.model, chunk, temperature, True)
                    old = torch.tensor([v for s in chunk for v in s["old"]], dtype=torch.float32, device=self.device)
                    adv = torch.tensor([s["adv"] for s in chunk for _ in s["positions"]], dtype=torch.float32, device=self.device)
                    ref = torch.cat([s["ref"] for s in chunk]) if kl_coef != 0.0 else None
                    seq_tokens = torch.tensor([len(s["positions"]) for s in chunk], device=self.device)
                    loss, stats = grpo.grpo_loss(logp, old, ref, adv, rows, seq_tokens, norm, clip_low, clip_high, kl_coef, kl_estimator)
                    loss.backward()
                    loss_total += float(loss.detach())
                    sums["pg"] += stats["pg_loss_sum"]
                    sums["kl"] += float(grpo.kl_estimate(logp.detach(), ref, kl_estimator).sum()) if ref is not None else 0.0
                    sums["clipped"] += stats["clipped_sum"]
                    sums["ratio"] += stats["ratio_sum"]
                    sums["entropy"] += float(entropy.sum())
                    sums["tokens"] += stats["tokens"]
                    ratio_max = max(ratio_max, stats["ratio_max"])
                    if epoch == 0 and m == 0:
                        sums["first_abs_diff"] += float((logp.detach() - old).abs().sum())
                        sums["first_tokens"] += stats["tokens"]
                params = [p for p in self.model.parameters() if p.requires_grad]
                grad_norm = float(torch.nn.utils.clip_grad_norm_(params, max_grad_norm if max_grad_norm > 0 else float("inf")))
                if math.isfinite(grad_norm):
                    self.optimizer.step()
                grad_norms.append(grad_norm)
                losses.append(loss_total)
        self.model.train(False)
        self.updates += 1
        tokens = max(sums["tokens"], 1)
        seconds = time.perf_counter() - started
        trained_tokens = sum(len(s["ids"]) for s in sequences) * epochs
        metrics.update({
            "loss": sum(losses) / len(losses),
            "pg_loss": sums["pg"] / tokens,
            "kl": sums["kl"] / tokens if kl_coef != 0.0 else 0.0,
            "clip_fraction": sums["clipped"] / tokens,
            "ratio_mean": sums["ratio"] / tokens,
            "ratio_max": ratio_max,
            "entropy": sums["entropy"] / tokens,
            "grad_norm": sum(grad_norms) / len(grad_norms),
            "sampler_logprob_abs_diff": sums["first_abs_diff"] / max(sums["first_tokens"], 1),
            "response_tokens": sum(len(s["positions"]) for s in sequences),
            "sequence_tokens": sum(len(s["ids"]) for s in sequences),
            "update_seconds": seconds,
            "update_tokens_per_second": trained_tokens / seconds if seconds > 0 else 0.0,
            "optimizer_steps": len(grad_norms),
        })
        return metrics

    # --- SFT ------------------------------------------------------------------------------------

    def op_sft_step(self, args) -> dict:
        """One supervised step on teacher conversations: token-mean cross-entropy on the assistant turns."""
        self._need_model()
        started = time.perf_counter()
        lr = float(args.get("lr", 1e-4))
        if self.sft_optimizer is None:
            params = [p for p in self.model.parameters() if p.requires_grad]
            self.sft_optimizer = torch.optim.AdamW(params, lr=lr, weight_decay=float(args.get("weightDecay", 0.0)))
        for group in self.sft_optimizer.param_groups:
            group["lr"] = lr
        micro = max(1, int(args.get("microBatch", 4)))
        sequences = []
        for example in args["examples"]:
            conv = self.codec.supervised(example["messages"], example.get("tools"))
            positions = [p for p, t in enumerate(conv.trainable) if t and p > 0]
            if positions:
                sequences.append({"ids": conv.ids, "positions": positions})
        total = sum(len(s["positions"]) for s in sequences)
        self.model.train(True)
        self.sft_optimizer.zero_grad(set_to_none=True)
        loss_sum = 0.0
        for start in range(0, len(sequences), micro):
            chunk = sequences[start:start + micro]
            logp, _, _ = self._token_logprobs(self.model, chunk, 1.0, False)
            loss = -logp.sum() / max(total, 1)
            loss.backward()
            loss_sum += float(loss.detach())
        params = [p for p in self.model.parameters() if p.requires_grad]
        grad_norm = float(torch.nn.utils.clip_grad_norm_(params, float(args.get("maxGradNorm", 1.0))))
        self.sft_optimizer.step()
        self.model.train(False)
        seconds = time.perf_counter() - started
        return {"loss": loss_sum, "tokens": total, "grad_norm": grad_norm, "seconds": seconds, "sequences": len(sequences), "sequence_tokens": sum(len(s["ids"]) for s in sequences)}

    # --- checkpoints ----------------------------------------------------------------------------

    def _save_model(self, model, path: str) -> None:
        tmp = f"{path}.tmp-{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        model.save_pretrained(tmp, safe_serialization=True)
        self.tokenizer.save_pretrained(tmp)
        shutil.rmtree(path, ignore_errors=True)
        os.replace(tmp, path)

    def op_save(self, args) -> dict:
        """Weights, tokenizer, optimizer and RNG state into `dir`, written to a temporary folder and renamed."""
        self._need_model()
        path = args["dir"]
        tmp = f"{path}.tmp-{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.model.save_pretrained(tmp, safe_serialization=True)
        self.tokenizer.save_pretrained(tmp)
        state = {
            "optimizer": self.optimizer.state_dict() if self.optimizer is not None else None,
            "sft_optimizer": self.sft_optimizer.state_dict() if self.sft_optimizer is not None else None,
            "torch_rng": torch.get_rng_state(),
            "cuda_rng": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else None,
            "python_rng": random.getstate(),
            "updates": self.updates,
        }
        torch.save(state, os.path.join(tmp, "trainer_state.pt"))
        shutil.rmtree(path, ignore_errors=True)
        os.replace(tmp, path)
        return {"dir": path}

    def op_restore(self, args) -> dict:
        """Load a checkpoint written by op save: weights (load it with op load first), optimizer, RNG."""
        self._need_model()
        path = args["dir"]
        state = torch.load(os.path.join(path, "trainer_state.pt"), weights_only=False)
        config = args.get("config") or {}
        if state.get("optimizer") is not None:
            self.optimizer = None
            self._ensure_optimizer(config)
            self.optimizer.load_state_dict(state["optimizer"])
        if state.get("sft_optimizer") is not None:
            params = [p for p in self.model.parameters() if p.requires_grad]
            self.sft_optimizer = torch.optim.AdamW(params)
            self.sft_optimizer.load_state_dict(state["sft_optimizer"])
        torch.set_rng_state(state["torch_rng"])
        if state.get("cuda_rng") is not None and torch.cuda.is_available():
            torch.cuda.set_rng_state_all(state["cuda_rng"])
        random.setstate(state["python_rng"])
        self.updates = int(state.get("updates", 0))
        return {"dir": path, "updates": self.updates}

    def op_fingerprint(self, args) -> dict:
        """A hash of the trainable weights: two runs that should agree exactly can be compared."""
        self._need_model()
        h = hashlib.sha256()
        for name, p in sorted(self.model.named_parameters(), key=lambda x: x[0]):
            if p.requires_grad:
                h.update(name.encode())
                h.update(p.detach().float().cpu().numpy().tobytes())
        return {"sha256": h.hexdigest()}

    def op_conversation(self, args) -> dict:
        """A rollout's token sequence as the trainer will see it (for inspection and tests)."""
        conv = self.conversations.get(args["key"])
        if conv is None:
            raise KeyError(f"no conversation {args['key']!r}; known: {sorted(self.conversations)[:10]}")
        return {"ids": conv.ids, "trainable": conv.trainable, "logprobs": conv.logprobs, "turns": conv.turns, "text": self.tokenizer.decode(conv.ids)}

    def op_stats(self, args) -> dict:
        out = {"conversations": len(self.conversations), "updates": self.updates}
        if torch.cuda.is_available():
            out["peak_memory_bytes"] = torch.cuda.max_memory_allocated()
        return out
