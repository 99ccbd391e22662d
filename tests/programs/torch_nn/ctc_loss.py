# nn.CTCLoss / F.ctc_loss forward: ATen's alpha recursion, padded and concatenated targets,
# impossible alignments, zero_infinity, reductions, unbatched input and argument errors.
import torch, torch.nn.functional as F
torch.manual_seed(0)
T, N, C, S = 12, 3, 6, 4
lp = torch.randn(T, N, C).log_softmax(2)
tg = torch.randint(1, C, (N, S))
il = torch.tensor([12, 10, 7])
tl = torch.tensor([4, 2, 3])
for red in ("mean", "sum", "none"):
    print(red, F.ctc_loss(lp, tg, il, tl, reduction=red))
print(torch.nn.CTCLoss(blank=5)(lp, tg.clamp(max=4), il, tl))
flat = torch.cat([tg[0, :4], tg[1, :2], tg[2, :3]])
print(F.ctc_loss(lp, flat, [12, 10, 7], [4, 2, 3], reduction="none"))
print(F.ctc_loss(lp.double(), tg, il, tl))
# impossible alignment: target longer than the input
print(F.ctc_loss(lp, tg, torch.tensor([2, 10, 7]), tl, reduction="none"), F.ctc_loss(lp, tg, torch.tensor([2, 10, 7]), tl, zero_infinity=True))
print(F.ctc_loss(lp, tg, il, torch.tensor([0, 2, 3]), reduction="none"))
print(F.ctc_loss(lp[:, 0], tg[0], torch.tensor(12), torch.tensor(4)))
for bad in (lambda: F.ctc_loss(lp, tg, il, tl, blank=6), lambda: F.ctc_loss(lp, tg, torch.tensor([13, 1, 1]), tl), lambda: F.ctc_loss(lp, tg.float(), il, tl), lambda: F.ctc_loss(lp, tg[:, :2], il, tl)):
    try: bad()
    except RuntimeError as e: print("RuntimeError:", e)
print(torch.nn.CTCLoss(), torch.compile(lambda a: F.ctc_loss(a, tg, il, tl))(lp))
