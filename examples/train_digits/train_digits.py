"""Trains a small convolutional network on the 8x8 handwritten digits scikit-learn ships
(1,797 images, 10 classes) with ingot.nn and ingot.optim, printing the loss per step, then
the test accuracy. The C++ example beside it (main.cpp) trains the same network on the
CSV this script writes with --write-csv.

    python train_digits.py [--device CPU] [--epochs 10] [--write-csv digits.csv]
"""

import argparse
import math
import sys
import time

import numpy as np

import ingot
import ingot.nn as nn
import ingot.nn.functional as F
import ingot.optim as optim


def load_digits():
    """Images [N, 1, 8, 8] scaled to [0, 1] and labels [N], from scikit-learn's copy."""
    from sklearn.datasets import load_digits as sklearn_digits

    digits = sklearn_digits()
    images = (digits.images / 16.0).astype(np.float32)[:, None, :, :]
    return images, digits.target.astype(np.int32)


def write_csv(path, images, labels):
    """One image a line: its label, then its 64 pixels in [0, 16] as integers."""
    with open(path, "w") as out:
        for image, label in zip(images, labels):
            pixels = ",".join(str(int(round(p * 16))) for p in image.ravel())
            out.write(f"{label},{pixels}\n")


def split(images, labels, seed, test_fraction=0.2):
    order = np.random.default_rng(seed).permutation(len(labels))
    test = int(len(labels) * test_fraction)
    return (images[order[test:]], labels[order[test:]]), (images[order[:test]], labels[order[:test]])


def network(device):
    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1, device=device),
        nn.ReLU(),
        nn.Conv2d(16, 32, 3, padding=1, device=device),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(32 * 4 * 4, 10, device=device),
    )


def cosine(lr, step, steps):
    """The learning rate at `step`: from lr down to 0 along half a cosine, so that the last
    steps settle rather than jump around a minimum."""
    return 0.5 * lr * (1 + math.cos(math.pi * step / steps))


def progress(step, steps, loss, width=30):
    done = width * step // steps
    bar = "#" * done + "." * (width - done)
    end = "\n" if step == steps or not sys.stdout.isatty() else ""
    print(f"\rstep {step:4d}/{steps} [{bar}] loss {loss:.4f}", end=end, flush=True)


def accuracy(model, images, labels, device):
    with ingot.no_grad():
        model.eval()
        logits = model(ingot.tensor(images, device=device)).numpy()
        model.train()
    return float((logits.argmax(axis=1) == labels).mean())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="CPU")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=0, help="stop after this many steps")
    parser.add_argument("--min-accuracy", type=float, default=0.0,
                        help="exit 1 when the test accuracy is below this")
    parser.add_argument("--write-csv", metavar="PATH", help="write the data set and exit")
    args = parser.parse_args()

    images, labels = load_digits()
    if args.write_csv:
        write_csv(args.write_csv, images, labels)
        print(f"wrote {len(labels)} images to {args.write_csv}")
        return 0

    ingot.manual_seed(args.seed)
    (train_x, train_y), (test_x, test_y) = split(images, labels, args.seed)
    model = network(args.device)
    opt = optim.Adam(model.parameters(), lr=args.lr)
    batches = len(train_y) // args.batch
    steps = args.epochs * batches
    if args.max_steps:
        steps = min(steps, args.max_steps)
    order = np.random.default_rng(args.seed + 1)
    start = time.perf_counter()
    step = 0
    while step < steps:
        shuffled = order.permutation(len(train_y))
        for b in range(batches):
            if step == steps:
                break
            at = shuffled[b * args.batch:(b + 1) * args.batch]
            x = ingot.tensor(train_x[at], device=args.device)
            y = ingot.tensor(train_y[at], device=args.device)
            opt.lr = cosine(args.lr, step, steps)
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            progress(step, steps, loss.item())
    seconds = time.perf_counter() - start
    acc = accuracy(model, test_x, test_y, args.device)
    print(f"{steps} steps in {seconds:.1f} s ({1e3 * seconds / steps:.1f} ms a step) on "
          f"{args.device}; test accuracy {100 * acc:.1f}% of {len(test_y)} images")
    return 0 if acc >= args.min_accuracy else 1


if __name__ == "__main__":
    sys.exit(main())
