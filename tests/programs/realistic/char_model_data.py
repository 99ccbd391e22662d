# Character-level data preparation: vocabulary, encoding, batching, embedding lookup.
import torch
import torch.nn as nn

text = "hello wick, hello torch"
vocab = sorted(set(text))
stoi = {ch: i for i, ch in enumerate(vocab)}
itos = {i: ch for ch, i in stoi.items()}
print(len(vocab), "".join(vocab))
encoded = torch.tensor([stoi[c] for c in text])
print(encoded)
print("".join(itos[int(i)] for i in encoded[:5]))
block = 4
xs = torch.stack([encoded[i:i + block] for i in range(0, len(encoded) - block, 5)])
ys = torch.stack([encoded[i + 1:i + block + 1] for i in range(0, len(encoded) - block, 5)])
print(xs, ys, xs.shape)
torch.manual_seed(0)
emb = nn.Embedding(len(vocab), 3)
with torch.no_grad():
    e = emb(xs)
print(e.shape, e[0, 0])
counts = {}
for ch in text:
    counts[ch] = counts.get(ch, 0) + 1
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print(top)
