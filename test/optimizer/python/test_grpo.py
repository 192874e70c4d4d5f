"""GRPO math against numbers worked by hand (run by test/optimizer/grpoMath.test.ts)."""
import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "plugins", "optimizer", "worker"))

import torch  # noqa: E402

import grpo  # noqa: E402


class GroupAdvantages(unittest.TestCase):
    def test_grpo_divides_by_the_sample_std_plus_eps(self):
        # rewards 1,0,0,1: mean 0.5, sample std sqrt(1/3) = 0.5773503 -> ±0.5 / (0.5773503 + 1e-6)
        a = grpo.group_advantages([1, 0, 0, 1], "grpo", 1e-6)
        expected = 0.5 / (math.sqrt(1 / 3) + 1e-6)
        for value, sign in zip(a, [1, -1, -1, 1]):
            self.assertAlmostEqual(value, sign * expected, places=9)

    def test_grpo_on_uneven_rewards(self):
        # 0.2, 0.4, 0.9: mean 0.5; deviations -0.3, -0.1, 0.4; sample variance 0.26/2 = 0.13
        a = grpo.group_advantages([0.2, 0.4, 0.9], "grpo", 0.0)
        std = math.sqrt(0.13)
        for value, expected in zip(a, [-0.3 / std, -0.1 / std, 0.4 / std]):
            self.assertAlmostEqual(value, expected, places=9)
        self.assertAlmostEqual(a[2], 1.1094003924, places=8)

    def test_drgrpo_only_subtracts_the_mean(self):
        a = grpo.group_advantages([0.2, 0.4, 0.9], "drgrpo")
        for value, expected in zip(a, [-0.3, -0.1, 0.4]):
            self.assertAlmostEqual(value, expected, places=12)

    def test_a_zero_variance_group_has_no_advantage(self):
        self.assertEqual(grpo.group_advantages([0.7, 0.7, 0.7], "grpo"), [0.0, 0.0, 0.0])
        self.assertTrue(grpo.is_zero_variance([0.7, 0.7, 0.7]))
        self.assertFalse(grpo.is_zero_variance([0.7, 0.7, 0.71]))
        self.assertEqual(grpo.group_advantages([0.5], "grpo"), [0.0])

    def test_unknown_mode_is_refused(self):
        with self.assertRaises(ValueError):
            grpo.group_advantages([1, 0], "ppo")


class ClippedSurrogate(unittest.TestCase):
    def case(self, ratio, adv, low=0.2, high=0.2):
        logp = torch.tensor([math.log(ratio)], dtype=torch.float64)
        old = torch.tensor([0.0], dtype=torch.float64)
        loss, clipped, r = grpo.clipped_surrogate(logp, old, torch.tensor([adv], dtype=torch.float64), low, high)
        return float(loss[0]), bool(clipped[0]), float(r[0])

    def test_positive_advantage_above_the_range_is_clipped(self):
        loss, clipped, ratio = self.case(1.5, 1.0)
        self.assertAlmostEqual(ratio, 1.5, places=12)
        self.assertAlmostEqual(loss, -1.2, places=12)  # max(-1.5, -1.2)
        self.assertTrue(clipped)

    def test_negative_advantage_above_the_range_is_not_clipped(self):
        loss, clipped, _ = self.case(1.5, -1.0)
        self.assertAlmostEqual(loss, 1.5, places=12)  # max(1.5, 1.2)
        self.assertFalse(clipped)

    def test_below_the_range(self):
        self.assertEqual(self.case(0.5, 1.0)[1], False)
        self.assertAlmostEqual(self.case(0.5, 1.0)[0], -0.5, places=12)  # max(-0.5, -0.8)
        loss, clipped, _ = self.case(0.5, -1.0)
        self.assertAlmostEqual(loss, 0.8, places=12)  # max(0.5, 0.8)
        self.assertTrue(clipped)

    def test_dapo_clip_higher(self):
        self.assertAlmostEqual(self.case(1.5, 1.0, 0.2, 0.28)[0], -1.28, places=12)
        self.assertAlmostEqual(self.case(0.5, -1.0, 0.3, 0.28)[0], 0.7, places=12)

    def test_the_clipped_branch_passes_no_gradient(self):
        logp = torch.tensor([math.log(1.5), math.log(1.1)], dtype=torch.float64, requires_grad=True)
        loss, _, _ = grpo.clipped_surrogate(logp, torch.zeros(2, dtype=torch.float64), torch.tensor([1.0, 1.0], dtype=torch.float64), 0.2, 0.2)
        loss.sum().backward()
        self.assertEqual(float(logp.grad[0]), 0.0)
        self.assertAlmostEqual(float(logp.grad[1]), -1.1, places=12)  # d(-A * ratio)/dlogp = -A * ratio


class KlEstimators(unittest.TestCase):
    def test_k1_and_k3_by_hand(self):
        logp = torch.tensor([math.log(0.5)], dtype=torch.float64)
        ref = torch.tensor([math.log(0.25)], dtype=torch.float64)
        self.assertAlmostEqual(float(grpo.kl_estimate(logp, ref, "k1")[0]), math.log(2), places=12)
        # k3 = exp(ref - logp) - (ref - logp) - 1 = 0.5 + ln 2 - 1
        self.assertAlmostEqual(float(grpo.kl_estimate(logp, ref, "k3")[0]), 0.5 + math.log(2) - 1, places=12)

    def test_k3_is_zero_at_the_reference_and_never_negative(self):
        x = torch.linspace(-3, 3, 61, dtype=torch.float64)
        self.assertTrue(bool((grpo.kl_estimate(x, x, "k3") == 0).all()))
        self.assertTrue(bool((grpo.kl_estimate(x, x.flip(0), "k3") >= 0).all()))

    def test_k3_is_unbiased_for_kl_of_two_categoricals(self):
        p = torch.tensor([0.7, 0.2, 0.1], dtype=torch.float64)
        q = torch.tensor([0.5, 0.3, 0.2], dtype=torch.float64)
        exact = float((p * (p / q).log()).sum())
        expected_k3 = float((p * grpo.kl_estimate(p.log(), q.log(), "k3")).sum())
        expected_k1 = float((p * grpo.kl_estimate(p.log(), q.log(), "k1")).sum())
        self.assertAlmostEqual(expected_k3, exact, places=12)
        self.assertAlmostEqual(expected_k1, exact, places=12)


class Aggregation(unittest.TestCase):
    values = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float64)  # rollout 0: 1,2,3; rollout 1: 4
    index = torch.tensor([0, 0, 0, 1])
    tokens = torch.tensor([3, 1])

    def agg(self, mode, norm_length=5):
        return float(grpo.aggregate(self.values, self.index, self.tokens, grpo.Normalizer(mode, 4, 2, norm_length)))

    def test_token_mean(self):
        self.assertAlmostEqual(self.agg("token-mean"), 10 / 4, places=12)

    def test_seq_mean_token_mean(self):
        self.assertAlmostEqual(self.agg("seq-mean-token-mean"), (2 + 4) / 2, places=12)

    def test_seq_mean_token_sum_norm(self):
        self.assertAlmostEqual(self.agg("seq-mean-token-sum-norm"), 10 / (2 * 5), places=12)

    def test_micro_batches_add_up_to_the_mini_batch(self):
        torch.manual_seed(0)
        logp = torch.randn(7, dtype=torch.float64) * 0.1 - 1
        old = logp.detach() + torch.randn(7, dtype=torch.float64) * 0.2
        ref = logp.detach() + torch.randn(7, dtype=torch.float64) * 0.2
        seq = [0, 0, 0, 1, 1, 2, 3]
        adv = torch.tensor([[0.5, -1.0, 2.0, 0.3][s] for s in seq], dtype=torch.float64)
        for mode in grpo.LOSS_MODES:
            norm = grpo.Normalizer(mode, 7, 4, 10)
            whole, _ = grpo.grpo_loss(logp, old, ref, adv, torch.tensor(seq), torch.tensor([3, 2, 1, 1]), norm, 0.2, 0.28, 0.01, "k3")
            first, _ = grpo.grpo_loss(logp[:5], old[:5], ref[:5], adv[:5], torch.tensor(seq[:5]), torch.tensor([3, 2]), norm, 0.2, 0.28, 0.01, "k3")
            second, _ = grpo.grpo_loss(logp[5:], old[5:], ref[5:], adv[5:], torch.tensor([0, 1]), torch.tensor([1, 1]), norm, 0.2, 0.28, 0.01, "k3")
            self.assertAlmostEqual(float(whole), float(first + second), places=12, msg=mode)

    def test_on_policy_token_mean_gradient_is_minus_advantage_over_tokens(self):
        logp = torch.tensor([-1.0, -2.0, -0.5], dtype=torch.float64, requires_grad=True)
        adv = torch.tensor([1.0, 1.0, -2.0], dtype=torch.float64)
        loss, stats = grpo.grpo_loss(logp, logp.detach(), None, adv, torch.tensor([0, 0, 1]), torch.tensor([2, 1]), grpo.Normalizer("token-mean", 3, 2, 1), 0.2, 0.2, 0.0, "k3")
        loss.backward()
        self.assertEqual([round(float(g), 12) for g in logp.grad], [round(-1 / 3, 12), round(-1 / 3, 12), round(2 / 3, 12)])
        self.assertEqual(stats["clipped_sum"], 0.0)


if __name__ == "__main__":
    unittest.main()
