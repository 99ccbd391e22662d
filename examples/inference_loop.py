# A training-free inference loop: greedy decoding from a tiny bigram language model whose
# weights are set by counting bigrams in a corpus, then batched scoring of sentences.
import torch
import torch.nn as nn

corpus = "the cat sat on the mat . the dog sat on the log . the cat saw the dog ."
words = corpus.split()
vocab = sorted(set(words))
index = {w: i for i, w in enumerate(vocab)}
print("vocabulary:", vocab)


class Bigram(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.logits = nn.Embedding(n, n)

    def forward(self, ids):
        return self.logits(ids).log_softmax(dim=-1)


model = Bigram(len(vocab))
with torch.no_grad():
    counts = torch.ones(len(vocab), len(vocab))  # add-one smoothing
    for a, b in zip(words, words[1:]):
        counts[index[a], index[b]] += 1
    model.logits.weight.copy_(counts.log())


def greedy(start, steps):
    out = [start]
    ids = torch.tensor([index[start]])
    for _ in range(steps):
        with torch.no_grad():
            ids = model(ids).argmax(dim=-1)
        out.append(vocab[ids.item()])
    return " ".join(out)


print(greedy("the", 6))
print(greedy("dog", 4))

sentences = [["the", "cat", "sat"], ["the", "log", "saw"], ["dog", "sat", "on"]]
ids = torch.tensor([[index[w] for w in s] for s in sentences])
with torch.no_grad():
    logp = model(ids[:, :-1]).gather(-1, ids[:, 1:].unsqueeze(-1)).squeeze(-1)
for s, score in zip(sentences, logp.sum(dim=-1).tolist()):
    print(f"{' '.join(s):<14} log-prob {score:8.4f}")
