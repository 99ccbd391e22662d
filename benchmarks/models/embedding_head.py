# Embedding lookup, mean over the sequence, LayerNorm and a linear head over the
# vocabulary (a bag-of-words classifier): batch 64, sequence 32, vocabulary 8192, dim 256.
import torch
import torch.nn as nn

BATCH = 64
SEQ = 32
VOCAB = 8192
DIM = 256


class EmbeddingHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        self.norm = nn.LayerNorm(DIM)
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, tokens):
        return self.head(self.norm(self.embed(tokens).mean(dim=1)))


def make_model():
    return EmbeddingHead()


def make_inputs():
    return (torch.randint(0, VOCAB, (BATCH, SEQ)),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("embedding_head", make_model, make_inputs, batch=BATCH,
              flops=2 * BATCH * DIM * VOCAB)
