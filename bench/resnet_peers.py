# PyTorch's training step of the network bench/resnet_bench.cpp trains (ResNet-18 written
# out in torch.nn: a 7x7 stem and a max pool, four stages of two basic blocks, the mean
# over the image, a linear layer to 1000 classes; cross entropy in float32; SGD with
# momentum 0.9) on one fixed random batch, eager and under torch.compile, for issue 14's
# comparison. Each figure is the median step time of `steps` steps after 3 warm-up steps
# (compilation included in the warm-up), each step waited for as ingot's reads its loss.
# On CUDA where it is available, else on the CPU. Writes peers.json to $OUT, or to the
# current folder.
# Run: python3 resnet_peers.py [batch size dtype width steps]   (default 64 224 float16 64 10)
import json
import os
import statistics
import sys
import time

import torch
import torch.nn.functional as F


def conv(cin, cout, kernel, stride):
    return torch.nn.Conv2d(cin, cout, kernel, stride, kernel // 2, bias=False)


class BasicBlock(torch.nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.main = torch.nn.Sequential(
            conv(cin, cout, 3, stride), torch.nn.BatchNorm2d(cout), torch.nn.ReLU(),
            conv(cout, cout, 3, 1), torch.nn.BatchNorm2d(cout))
        self.shortcut = torch.nn.Sequential()
        if stride != 1 or cin != cout:
            self.shortcut = torch.nn.Sequential(conv(cin, cout, 1, stride),
                                                torch.nn.BatchNorm2d(cout))

    def forward(self, x):
        return F.relu(self.main(x) + self.shortcut(x))


def resnet18(width):
    layers = [conv(3, width, 7, 2), torch.nn.BatchNorm2d(width), torch.nn.ReLU(),
              torch.nn.MaxPool2d(3, 2, 1)]
    cin = width
    for stage in range(4):
        cout = width << stage
        layers += [BasicBlock(cin, cout, 1 if stage == 0 else 2), BasicBlock(cout, cout, 1)]
        cin = cout
    return torch.nn.Sequential(*layers, torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                               torch.nn.Linear(cin, 1000))


def step_ms(model, x, y, steps):
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    times = []
    for step in range(3 + steps):
        begin = time.perf_counter()
        loss = F.cross_entropy(model(x).float(), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        loss.item()
        if step >= 3:
            times.append((time.perf_counter() - begin) * 1e3)
    return statistics.median(times)


def main():
    args = sys.argv[1:]
    batch, size = (int(a) for a in (args + ["64", "224"])[:2])
    dtype = getattr(torch, args[2] if len(args) > 2 else "float16")
    width = int(args[3]) if len(args) > 3 else 64
    steps = int(args[4]) if len(args) > 4 else 10
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    x = torch.randn(batch, 3, size, size, device=device, dtype=dtype)
    y = torch.randint(0, 1000, (batch,), device=device)
    figures = {}
    for name, make in (("eager", lambda m: m), ("compile", torch.compile)):
        model = resnet18(width).to(device=device, dtype=dtype)
        figures[f"{name} ms"] = step_ms(make(model), x, y, steps)
        print(f"torch {name} on {device}: {figures[f'{name} ms']:.2f} ms a step", file=sys.stderr)
    with open(os.path.join(os.environ.get("OUT", "."), "peers.json"), "w") as f:
        json.dump(figures, f)


if __name__ == "__main__":
    main()
