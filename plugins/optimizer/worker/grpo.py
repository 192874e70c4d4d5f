"""GRPO math: group-normalized advantages, the clipped surrogate, KL estimators, loss aggregation.

Pure tensor functions, no model. The worker calls them; test_grpo.py checks them against numbers
worked by hand.

Notation (per token t of rollout i, only on tokens the policy sampled: tool results, user turns and
the chat template's own tokens are masked out):

    r_i            reward of rollout i,            group = the G rollouts of one example
    A_i            advantage, shared by every token of rollout i
    ratio_t        exp(logp_t - logp_old_t)        logp_old = the sampling policy's log-prob
    pg_t           max(-A_i * ratio_t, -A_i * clip(ratio_t, 1 - eps_low, 1 + eps_high))
    kl_t           k1 = logp_t - logp_ref_t
                   k3 = exp(logp_ref_t - logp_t) - (logp_ref_t - logp_t) - 1     (Schulman's k3, >= 0)
    loss           agg(pg) + beta * agg(kl)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch

ADVANTAGE_MODES = ("grpo", "drgrpo")
LOSS_MODES = ("token-mean", "seq-mean-token-mean", "seq-mean-token-sum-norm")
KL_ESTIMATORS = ("k1", "k3")


def group_advantages(rewards: list[float], mode: str = "grpo", eps: float = 1e-6) -> list[float]:
    """Advantages of one group.

    grpo:   A_i = (r_i - mean(r)) / (std(r) + eps), std with Bessel's correction (divides by G - 1,
            as torch.std and VERL's compute_grpo_outcome_advantage do); a group of one has std 0.
    drgrpo: A_i = r_i - mean(r) (Dr. GRPO, Liu et al. 2025: no division by the std).
    A group whose rewards are all equal gets A_i = 0 for every rollout in both modes.
    """
    if mode not in ADVANTAGE_MODES:
        raise ValueError(f"advantage mode {mode!r} is not one of {ADVANTAGE_MODES}")
    if is_zero_variance(rewards):
        return [0.0] * len(rewards)  # exactly: a float mean of equal rewards can miss them by an ulp
    r = torch.tensor(rewards, dtype=torch.float64)
    mean = r.mean()
    if mode == "drgrpo":
        return (r - mean).tolist()
    std = r.std(unbiased=True) if len(rewards) > 1 else torch.tensor(0.0, dtype=torch.float64)
    return ((r - mean) / (std + eps)).tolist()


def is_zero_variance(rewards: list[float], tol: float = 1e-9) -> bool:
    """A group where every rollout got the same reward: it carries no policy-gradient signal."""
    return max(rewards) - min(rewards) <= tol


def clipped_surrogate(logp: torch.Tensor, old_logp: torch.Tensor, adv: torch.Tensor, clip_low: float, clip_high: float):
    """Per-token PPO/DAPO loss and whether the clip was active (the clipped branch was the larger loss)."""
    ratio = torch.exp(logp - old_logp)
    unclipped = -adv * ratio
    clipped = -adv * torch.clamp(ratio, 1.0 - clip_low, 1.0 + clip_high)
    loss = torch.maximum(unclipped, clipped)
    return loss, (clipped > unclipped), ratio


def kl_estimate(logp: torch.Tensor, ref_logp: torch.Tensor, estimator: str) -> torch.Tensor:
    """Per-token estimate of KL(pi || pi_ref) from samples of pi."""
    if estimator == "k1":
        return logp - ref_logp
    if estimator == "k3":
        d = ref_logp - logp
        return torch.exp(d) - d - 1.0
    raise ValueError(f"KL estimator {estimator!r} is not one of {KL_ESTIMATORS}")


@dataclass
class Normalizer:
    """What a loss is divided by, computed over the whole mini-batch so that gradient accumulation
    over micro-batches gives exactly the gradient of the mini-batch in one piece."""

    mode: str
    tokens: int  # response tokens in the mini-batch
    sequences: int  # rollouts in the mini-batch
    norm_length: int  # the constant of seq-mean-token-sum-norm (Dr. GRPO's generation budget)


def aggregate(values: torch.Tensor, seq_index: torch.Tensor, seq_tokens: torch.Tensor, norm: Normalizer) -> torch.Tensor:
    """Sum of this micro-batch's share of the mini-batch loss.

    values:     per-token values, flattened over the micro-batch's response tokens
    seq_index:  for each value, the index of its rollout inside the micro-batch
    seq_tokens: response tokens of each rollout of the micro-batch

    token-mean:              sum_t v_t / T                      (T = response tokens of the mini-batch; VERL default)
    seq-mean-token-mean:     (1/N) sum_i (1/T_i) sum_{t in i} v_t   (original GRPO)
    seq-mean-token-sum-norm: sum_t v_t / (N * L)                (Dr. GRPO; L a constant, here the response budget)
    """
    if norm.mode == "token-mean":
        return values.sum() / max(norm.tokens, 1)
    if norm.mode == "seq-mean-token-mean":
        per_seq = torch.zeros(seq_tokens.shape[0], dtype=values.dtype, device=values.device).index_add(0, seq_index, values)
        return (per_seq / seq_tokens.clamp(min=1).to(values.dtype)).sum() / max(norm.sequences, 1)
    if norm.mode == "seq-mean-token-sum-norm":
        return values.sum() / (max(norm.sequences, 1) * max(norm.norm_length, 1))
    raise ValueError(f"loss mode {norm.mode!r} is not one of {LOSS_MODES}")


def grpo_loss(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    ref_logp: torch.Tensor | None,
    adv: torch.Tensor,
    seq_index: torch.Tensor,
    seq_tokens: torch.Tensor,
    norm: Normalizer,
    clip_low: float,
    clip_high: float,
    kl_coef: float,
    kl_estimator: str,
):
    """The GRPO objective of a micro-batch (to minimize) and its token sums for the metrics."""
    pg, clipped, ratio = clipped_surrogate(logp, old_logp, adv, clip_low, clip_high)
    loss = aggregate(pg, seq_index, seq_tokens, norm)
    kl = None
    if ref_logp is not None and kl_coef != 0.0:
        kl = kl_estimate(logp, ref_logp, kl_estimator)
        loss = loss + kl_coef * aggregate(kl, seq_index, seq_tokens, norm)
    stats = {
        "pg_loss_sum": float(pg.detach().sum()),
        "clipped_sum": float(clipped.sum()),
        "ratio_sum": float(ratio.detach().sum()),
        "ratio_max": float(ratio.detach().max()) if ratio.numel() else 1.0,
        "kl_sum": float(kl.detach().sum()) if kl is not None else 0.0,
        "tokens": int(logp.numel()),
    }
    return loss, stats


def finite(value: float) -> float:
    return value if math.isfinite(value) else float("nan")
