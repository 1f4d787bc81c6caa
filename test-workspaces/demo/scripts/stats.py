"""Small statistics helpers used by the demo."""


class Stats:
    def __init__(self, values):
        self.values = list(values)

    def mean(self):
        if not self.values:
            raise ValueError("no values")
        return sum(self.values) / len(self.values)

    def spread(self):
        return max(self.values) - min(self.values)


def summarize(values):
    stats = Stats(values)
    return {"mean": stats.mean(), "spread": stats.spread()}
