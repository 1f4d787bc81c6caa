"""Small helpers."""


def mean(values):
    return sum(values) / len(values)


class Counter:
    def __init__(self):
        self.count = 0

    def increment(self):
        self.count += 1
        return self.count
