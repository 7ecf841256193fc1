"""PyTorch CPU beside examples/train_digits: the same network (two 3x3 convolutions with
ReLU, a 2x2 max pool, a linear layer), batch and optimizer (Adam), timed a step at a time on
the digits CSV that train_digits.py writes. Prints the median step after the first 5.

    python3 bench/train_digits_peers.py digits.csv [steps]
"""
import statistics
import sys
import time

import torch


def main():
    path = sys.argv[1]
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    rows = [list(map(int, line.split(","))) for line in open(path) if line.strip()]
    labels = torch.tensor([r[0] for r in rows])
    pixels = torch.tensor([r[1:] for r in rows], dtype=torch.float32).reshape(-1, 1, 8, 8) / 16
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(1, 16, 3, padding=1), torch.nn.ReLU(),
        torch.nn.Conv2d(16, 32, 3, padding=1), torch.nn.ReLU(),
        torch.nn.MaxPool2d(2), torch.nn.Flatten(), torch.nn.Linear(32 * 4 * 4, 10))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    seconds = []
    for step in range(steps):
        at = torch.randint(0, len(rows), (64,))
        start = time.perf_counter()
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(pixels[at]), labels[at])
        loss.backward()
        opt.step()
        seconds.append(time.perf_counter() - start)
    print(f"torch cpu threads {torch.get_num_threads()}: median step {statistics.median(seconds[5:]) * 1e3:.2f} ms, "
          f"loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
