# Greedy decoding loop with a tiny bigram model held in a tensor.
import torch

vocab = ["<s>", "the", "cat", "sat", "on", "mat", "</s>"]
idx = {w: i for i, w in enumerate(vocab)}
corpus = [["the", "cat", "sat", "on", "the", "mat"], ["the", "mat", "sat"]]
counts = torch.zeros(len(vocab), len(vocab))
for sent in corpus:
    toks = ["<s>"] + sent + ["</s>"]
    for a, b in zip(toks, toks[1:]):
        counts[idx[a], idx[b]] += 1
probs = (counts + 0.1) / (counts + 0.1).sum(dim=1, keepdim=True)
print(probs[idx["the"]])
tok = idx["<s>"]
out = []
for _ in range(8):
    tok = int(probs[tok].argmax())
    if vocab[tok] == "</s>":
        break
    out.append(vocab[tok])
print(" ".join(out))
logp = torch.log(probs)
score = sum(logp[idx[a], idx[b]].item() for a, b in zip(["<s>", "the"], ["the", "cat"]))
print(round(score, 4))
