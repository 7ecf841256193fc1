# PyTorch's training step of the model examples/train_gpt trains (a character-level GPT:
# token and position embeddings, pre-norm blocks of causal self-attention and a tanh-GELU
# MLP, a linear head; cross entropy; AdamW), in float32 on CUDA, eager and under
# torch.compile, for issue 14's step-time comparison. Each figure is the median step time
# of `steps` steps after 5 warm-up steps (compilation included in the warm-up), waited for
# step by step as the example waits for each loss. Writes peers.json to $OUT, or to the
# current folder.
# Run: python3 train_gpt_peers.py TEXT [dim layers heads seq batch steps]
#      (default 384 6 6 256 32 20)
import json
import os
import statistics
import sys
import time

import torch
import torch.nn.functional as F


class Block(torch.nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = torch.nn.LayerNorm(dim), torch.nn.LayerNorm(dim)
        self.qkv, self.proj = torch.nn.Linear(dim, 3 * dim), torch.nn.Linear(dim, dim)
        self.up, self.down = torch.nn.Linear(dim, 4 * dim), torch.nn.Linear(4 * dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(b, t, 3, self.heads, d // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        att = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        h = x + self.proj(att.permute(0, 2, 1, 3).reshape(b, t, d))
        return h + self.down(F.gelu(self.up(self.norm2(h)), approximate="tanh"))


class Gpt(torch.nn.Module):
    def __init__(self, vocab, dim, layers, heads, seq):
        super().__init__()
        self.tokens = torch.nn.Embedding(vocab, dim)
        self.positions = torch.nn.Embedding(seq, dim)
        self.blocks = torch.nn.ModuleList(Block(dim, heads) for _ in range(layers))
        self.norm = torch.nn.LayerNorm(dim)
        self.head = torch.nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.tokens(idx) + self.positions(torch.arange(idx.shape[1], device=idx.device))
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


def median_step_ms(model, data, steps, compiled):
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    vocab = model.head.out_features

    def step(x, y):
        loss = F.cross_entropy(model(x).reshape(-1, vocab), y.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        return loss

    run = torch.compile(step) if compiled else step
    times = []
    for i in range(5 + steps):
        x, y = data()
        start = time.perf_counter()
        run(x, y).item()
        if i >= 5:
            times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main():
    text = open(sys.argv[1], "rb").read()
    dim, layers, heads, seq, batch, steps = (
        [int(a) for a in sys.argv[2:8]] if len(sys.argv) >= 8 else [384, 6, 6, 256, 32, 20])
    alphabet = sorted(set(text))
    ids = torch.tensor([alphabet.index(c) for c in text], dtype=torch.long)

    def data():
        starts = torch.randint(0, len(ids) - seq - 1, (batch,))
        x = torch.stack([ids[s:s + seq] for s in starts]).cuda()
        y = torch.stack([ids[s + 1:s + seq + 1] for s in starts]).cuda()
        return x, y

    figures = {}
    for name, compiled in (("torch eager", False), ("torch compile", True)):
        torch.manual_seed(0)
        model = Gpt(len(alphabet), dim, layers, heads, seq).cuda()
        figures[name + " ms/step"] = median_step_ms(model, data, steps, compiled)
        print(f"{name:<14} {figures[name + ' ms/step']:8.2f} ms a step", flush=True)
    with open(os.path.join(os.environ.get("OUT", "."), "peers.json"), "w") as out:
        json.dump(figures, out)


if __name__ == "__main__":
    main()
