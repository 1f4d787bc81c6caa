"""Tests of the statistics helpers. Run from the project root: python3 -B -m unittest discover -s scripts -v"""
import unittest

from stats import Stats, summarize


class StatsTest(unittest.TestCase):
    def test_mean(self):
        self.assertEqual(Stats([1, 2, 3]).mean(), 2)

    def test_spread(self):
        self.assertEqual(Stats([4, 1, 9]).spread(), 8)

    def test_summarize(self):
        self.assertEqual(summarize([2, 4]), {"mean": 3, "spread": 2})


if __name__ == "__main__":
    unittest.main()
